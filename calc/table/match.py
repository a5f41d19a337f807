"""Match flow: MatchState, `apply(state, kyoku, rules) -> (state, ledger row)`, end conditions and
the final tally (rules.md §5-6).

Everything is pure. Payments come from calc.payment; this module decides only who deals next, the
honba count, the sticks on the table, whether the match is over, and the final points. Every rule
that differs between tables is read from `rules.match` / `rules.payment`.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from calc.table import payment
from calc.core import tiles as T
from calc.core.errors import SanmaError
from calc.table.events import FOUR_KANS, NINE_TERMINALS, Abort, DoubleRon, ExhaustiveDraw, Kyoku, Nagashi, ScoredWin
from calc.core.rules import RuleSet

ROUND_LETTERS = "ESW"

# Why a match ended.
BUST = "bust"
AGARI_YAME = "agari-yame"  # the last hand's dealer won while first (match.agari_yame)
TENPAI_YAME = "tenpai-yame"  # ... was tenpai at an exhaustive draw while first (match.tenpai_yame)
LAST_HAND = "last hand"
SUDDEN_DEATH = "sudden death"
EXTENSION_OVER = "extension round over"


class MatchError(SanmaError):
    """An event that cannot happen in the match as it stands."""


class MatchState(NamedTuple):
    """The match between hands: scores, round, dealer, honba and sticks, and whether it has ended. A
    NamedTuple, as `LedgerRow` below (a changed copy is `._replace(...)`)."""

    scores: tuple[int, ...]
    round_wind: int = 0  # 0 East, 1 South, 2 West
    round_number: int = 1  # 1..players; the dealer is seat round_number - 1
    honba: int = 0
    sticks: int = 0  # riichi sticks on the table
    hands: int = 0  # hands played
    ended: bool = False
    end_reason: str | None = None

    @property
    def dealer(self) -> int:
        return self.round_number - 1

    @property
    def label(self) -> str:
        return f"{ROUND_LETTERS[self.round_wind]}{self.round_number}"

    def seat_wind(self, seat: int, players: int) -> int:
        """The seat's wind tile this hand: the dealer is East (rules.md §1)."""
        return T.WINDS[(seat - self.dealer) % players]

    @property
    def round_wind_tile(self) -> int:
        return T.WINDS[self.round_wind]


def start(rules: RuleSet) -> MatchState:
    return MatchState(scores=(rules.match.start,) * rules.game.players)


def total(state: MatchState, rules: RuleSet) -> int:
    """Scores plus the sticks on the table: constant through a match (rules.md §5)."""
    return sum(state.scores) + state.sticks * rules.payment.riichi_stick


class LedgerRow(NamedTuple):
    """One hand of the match as settled: its label, the payments and the scores after it. A
    NamedTuple (frozen, compared by value): one is built for every hand settled, which compiled
    code does at a tenth of a frozen dataclass's cost (calc/scoring/hand.py)."""

    number: int  # 1-based hand number
    label: str  # E1, S3, W1, ...
    honba: int
    dealer: int
    sticks_before: int  # on the table when the hand began
    kyoku: Kyoku
    deposits: tuple[int, ...]  # per seat: riichi sticks put down this hand (negative)
    settlement: payment.Settlement  # the result's payments
    deltas: tuple[int, ...]  # per seat, deposits included: scores before + deltas = scores after
    scores: tuple[int, ...]  # after the hand
    sticks: int  # on the table after the hand
    repeat: bool  # the dealer deals again
    state: MatchState  # the state after the hand
    played_on: bool = False  # the dealer played on where agari-yame / tenpai-yame would have ended it

    @property
    def ended(self) -> bool:
        return self.state.ended


def dealerships(rows: Iterable[LedgerRow]) -> int:
    """The dealerships a ledger covers: each round and seat once (E1, S2, ...), repeats included."""
    return len({row.label for row in rows})


def regular_rounds(rules: RuleSet) -> int:
    """The rounds of the match's length: East alone, or East and South (rules.md §6)."""
    return 1 if rules.match.length == "east" else 2


def is_last_hand(state: MatchState, rules: RuleSet) -> bool:
    """The regular last hand (E3 of an east game, S3 of a half game) or any extension-round hand."""
    regular = regular_rounds(rules)
    if state.round_wind >= regular:
        return True
    return state.round_wind == regular - 1 and state.round_number == rules.game.players


def order(scores: tuple[int, ...]) -> list[int]:
    """Seats from first to last; equal scores rank by seat order from the first dealer (rules.md §6)."""
    return sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))


def _check_seat(seat: int | None, players: int, what: str) -> None:
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < players):
        raise MatchError(f"{what} seat {seat!r} is not a seat at this table (0..{players - 1})")


def _result_settlement(state: MatchState, kyoku: Kyoku, sticks: int, rules: RuleSet) -> payment.Settlement:
    players = rules.game.players
    result = kyoku.result
    dealer = state.dealer
    if isinstance(result, ScoredWin):
        _check_seat(result.winner, players, "winner")
        _check_seat(result.discarder, players, "discarder")
        _check_seat(result.liable, players, "liable")
        if result.discarder == result.winner:
            raise MatchError("a winner cannot pay themselves (a tsumo has no discarder)")
        return payment.win(result.value, winner=result.winner, dealer=dealer, discarder=result.discarder,
                           honba=state.honba, sticks=sticks, rules=rules, liable=result.liable,
                           liable_yakuman=_liable_part(result, rules))
    if isinstance(result, DoubleRon):
        for w in result.wins:
            _check_seat(w.winner, players, "winner")
            _check_seat(w.liable, players, "liable")
        _check_seat(result.discarder, players, "discarder")
        if result.discarder in {w.winner for w in result.wins}:
            raise MatchError("a winner cannot pay themselves")
        liable = {w.winner: w.liable for w in result.wins if w.liable is not None}
        parts = {w.winner: part for w in result.wins if (part := _liable_part(w, rules)) is not None}
        return payment.double_ron([(w.winner, w.value) for w in result.wins], discarder=result.discarder,
                                  dealer=dealer, honba=state.honba, sticks=sticks, rules=rules, liable=liable or None,
                                  liable_yakuman=parts or None)
    if isinstance(result, ExhaustiveDraw):
        for seat in result.tenpai:
            _check_seat(seat, players, "tenpai")
        return payment.exhaustive_draw(frozenset(result.tenpai), rules=rules)
    if isinstance(result, Nagashi):
        for seat in (*result.players, *result.tenpai):
            _check_seat(seat, players, "nagashi")
        if not rules.payment.nagashi_mangan:
            raise MatchError(f"profile {rules.name!r} has no nagashi mangan (payment.nagashi_mangan is false)")
        return payment.nagashi_mangan(list(result.players), dealer=dealer, rules=rules)
    if isinstance(result, Abort):
        allowed = {NINE_TERMINALS: rules.match.abort_nine_terminals, FOUR_KANS: rules.match.abort_four_kans}
        if not allowed[result.kind]:
            key = "abort_nine_terminals" if result.kind == NINE_TERMINALS else "abort_four_kans"
            raise MatchError(f"profile {rules.name!r} has no {result.kind} abortive draw (match.{key} is false)")
        return payment.no_change(players)
    raise TypeError(f"not a kyoku result: {result!r}")


def _liable_part(win: ScoredWin, rules: RuleSet) -> int | None:
    """The yakuman multiples a liable player answers for (rules.md, Pao): the whole hand
    (`payment.pao_covers: hand`, Tenhou) or the pao yakuman's own (`yakuman`, Mahjong Soul)."""
    return win.pao_yakuman if rules.payment.pao_covers == "yakuman" else None


def _repeats(state: MatchState, kyoku: Kyoku, rules: RuleSet) -> bool:
    """The dealer deals again (renchan, rules.md §6): a dealer win, dealer tenpai at an exhaustive
    draw (per profile), or an abortive draw, which replays the hand."""
    result = kyoku.result
    if isinstance(result, (ScoredWin, DoubleRon)):
        return state.dealer in {w.winner for w in kyoku.wins}
    if isinstance(result, (ExhaustiveDraw, Nagashi)):
        return rules.match.tenpai_renchan and state.dealer in result.tenpai
    return True  # Abort


def end_reason(state: MatchState, kyoku: Kyoku, scores: tuple[int, ...], repeat: bool, rules: RuleSet,
               play_on: bool = False) -> str | None:
    """Why the match ends after this hand, or None (rules.md §6). `play_on`: the dealer chose to play
    on instead of agari-yame / tenpai-yame (only where `match.yame_choice` lets them)."""
    m = rules.match
    if m.bust and min(scores) < 0:
        return BUST
    if not is_last_hand(state, rules) or isinstance(kyoku.result, Abort):
        return None  # an abortive draw replays the hand; it never decides the match
    extension = state.round_wind >= regular_rounds(rules)
    reached = max(scores) >= m.return_points
    first = order(scores)[0]
    if repeat:
        # Agari-yame: the last hand's dealer who wins (or is tenpai, per profile) while first may end
        # the match; with an extension round only once someone has reached the return points.
        won = bool(kyoku.wins)
        yame = m.agari_yame if won else m.tenpai_yame
        if yame and first == state.dealer and (reached or not m.extension_round) and not (play_on and m.yame_choice):
            return AGARI_YAME if won else TENPAI_YAME
        if extension and reached and not m.extension_renchan:
            return SUDDEN_DEATH
        return None
    if not m.extension_round:
        return LAST_HAND
    if reached:
        return SUDDEN_DEATH if extension else LAST_HAND
    if extension and state.round_number == rules.game.players:
        return EXTENSION_OVER  # the extension round is one round at most
    return None


def apply(state: MatchState, kyoku: Kyoku, rules: RuleSet, *, check_riichi: bool = True,
          play_on: bool = False) -> tuple[MatchState, LedgerRow]:
    """Play one hand: deposits, payments, the next dealer and honba, and whether the match ends.

    `check_riichi=False` accepts a riichi below `match.riichi_min_points` (re-settling a recorded
    match under another scheme, where the recorded riichi stands as played). `play_on`: the dealer
    plays on where agari-yame or tenpai-yame would end the match (`match.yame_choice`); the row
    says whether it did (`played_on`).
    """
    if state.ended:
        raise MatchError(f"the match has already ended ({state.end_reason}) after hand {state.hands}")
    players = rules.game.players
    scores = list(state.scores)
    deposits = [0] * players
    sticks = state.sticks
    declared: set[int] = set()
    for riichi in kyoku.riichi:
        seat = riichi.seat
        _check_seat(seat, players, "riichi")
        if seat in declared:
            raise MatchError(f"seat {seat} declares riichi twice in one hand")
        declared.add(seat)
        # rules.md §5: riichi costs one stick, refused below the profile's minimum.
        if check_riichi and scores[seat] < rules.match.riichi_min_points:
            raise MatchError(f"seat {seat} cannot declare riichi with {scores[seat]} points "
                             f"(at least {rules.match.riichi_min_points} needed)")
        deposit = payment.riichi_deposit(seat, rules=rules)
        for s in range(players):
            scores[s] += deposit.deltas[s]
            deposits[s] += deposit.deltas[s]
        sticks += 1

    settlement = _result_settlement(state, kyoku, sticks, rules)
    for s in range(players):
        scores[s] += settlement.deltas[s]
    if kyoku.wins:
        sticks = 0  # the (first) winner takes every stick on the table (rules.md §5)
    if settlement.pot_change != -(state.sticks + len(declared) - sticks) * rules.payment.riichi_stick:
        raise AssertionError(f"pot change {settlement.pot_change} disagrees with the sticks taken")
    new_scores = tuple(scores)

    repeat = _repeats(state, kyoku, rules)
    reason = end_reason(state, kyoku, new_scores, repeat, rules, play_on)
    played_on = play_on and reason != end_reason(state, kyoku, new_scores, repeat, rules)
    # rules.md §6: honba up on a repeat or any draw, back to 0 after a non-dealer win.
    honba = state.honba + 1 if (repeat or not kyoku.wins) else 0
    # built field by field, not copied by name (`_replace`; dataclasses.replace, when MatchState was a
    # dataclass, took a tenth of settling a hand)
    if reason is not None:
        after = MatchState(new_scores, state.round_wind, state.round_number, honba, sticks, state.hands + 1,
                           True, reason)
    elif repeat:
        after = MatchState(new_scores, state.round_wind, state.round_number, honba, sticks, state.hands + 1)
    else:
        wind, number = state.round_wind, state.round_number + 1
        if number > players:
            wind, number = wind + 1, 1
        after = MatchState(new_scores, wind, number, honba, sticks, state.hands + 1)

    row = LedgerRow(
        number=state.hands + 1,
        label=state.label,
        honba=state.honba,
        dealer=state.dealer,
        sticks_before=state.sticks,
        kyoku=kyoku,
        deposits=tuple(deposits),
        settlement=settlement,
        deltas=tuple(new_scores[s] - state.scores[s] for s in range(players)),
        scores=new_scores,
        sticks=sticks,
        repeat=repeat,
        state=after,
        played_on=played_on,
    )
    return after, row


# ---------------------------------------------------------------- final tally


class Standing(NamedTuple):
    """A player's place at the end: rank, score and the final points with their parts (uma, oka)."""

    rank: int  # 1-based
    player: str  # the name ("" for a match played without names: a simulated one)
    seat: int
    score: int  # leftover sticks included
    leftover: int  # the sticks' points added to this score
    versus_return: float  # (score - return) / 1000
    uma: int
    oka: float  # the profile's oka / 1000 for first place, 0 for the others
    points: float  # the final points after final_rounding


def _round_points(exact: int, mode: str) -> int:
    """In thousandths of a point. `one-decimal`: nearest tenth, halves up. `integer`: whole points,
    0.5 down and 0.6 up (五捨六入, as parlours round the score in thousands)."""
    if mode == "integer":
        return (exact // 100 + 4) // 10 * 1000
    return (exact + 50) // 100 * 100


def tally(state: MatchState, rules: RuleSet, players: tuple[str, ...] = ()) -> tuple[Standing, ...]:
    """Rank, leftover sticks, ± return, uma, oka and final points (rules.md §6), as if the match
    ended with this state; `players`: the names, by seat. Every place but first is rounded per `match.final_rounding`; first place
    takes the rest, so the points add up exactly as the scores do. Worked out exactly in whole
    thousandths of a point (scores, return and oka are whole points, uma whole thousands)."""
    m = rules.match
    scores = list(state.scores)
    ranking = order(state.scores)
    leftover = [0] * len(scores)
    if m.leftover_sticks == "first" and state.sticks:
        leftover[ranking[0]] = state.sticks * rules.payment.riichi_stick
        scores[ranking[0]] += leftover[ranking[0]]
    exact: dict[int, int] = {}  # seat: versus return + uma + oka, in thousandths
    for rank, seat in enumerate(ranking):
        exact[seat] = scores[seat] - m.return_points + m.uma[rank] * 1000 + (m.oka if rank == 0 else 0)
    points: dict[int, int] = {}
    for seat in ranking[1:]:
        points[seat] = _round_points(exact[seat], m.final_rounding)
    points[ranking[0]] = sum(exact.values()) - sum(points.values())
    return tuple(
        Standing(rank + 1, players[seat] if players else "", seat, scores[seat], leftover[seat],
                 (scores[seat] - m.return_points) / 1000, m.uma[rank], (m.oka if rank == 0 else 0) / 1000,
                 points[seat] / 1000)
        for rank, seat in enumerate(ranking)
    )
