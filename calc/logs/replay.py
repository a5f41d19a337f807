"""Replay a Tenhou game: score every rebuilt hand with our evaluator, settle the whole game with the
match engine under the `tenhou` profile, and compare every number with what the log says.

The game becomes a match record (calc.record: the same events `sanma settle` plays), so the same
engine re-settles it under any other scheme.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from calc.core import rules as R
from calc.core import tiles as T
from calc.core.errors import SanmaError, in_keys
from calc.core.layout import printable
from calc.core.output import stamp
from calc.scoring.evaluate import Evaluation, evaluate
from calc.logs import tenhou as TH
from calc.logs.convert import build, hand_text
from calc.core.schemes import Scheme
from calc.logs.model import Game, LogError
from calc.table.play import RoundResult, WinFacts
from calc.table.match import MatchState
from calc.table.events import PAO_YAKUMAN, Abort, ExhaustiveDraw, Nagashi
from calc.table.events import Kyoku as EventKyoku
from calc.table.record import HandSpec, Record, Settled, WinSpec, end_dict, settle
from calc.table.play import ABORTS, EXHAUSTIVE, NAGASHI
from calc.scoring.value import YAKUMAN, HandValue, hand_value, limit_value

LIMIT_NAMES = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")


# A replay builds a WinCheck per win, a HandCheck per hand and a Mismatch per difference:
# NamedTuples (frozen, compared by value), which compiled code builds at a tenth of a frozen
# dataclass's cost (calc/scoring/hand.py).
class WinCheck(NamedTuple):
    """One win as replayed: seats are absolute (0 = the first dealer)."""

    winner: int
    discarder: int | None  # who dealt in; None: a tsumo
    han: int
    fu: int
    limit: str | None
    yaku: tuple[tuple[str, int], ...] | None  # our names and han, dora / ura / aka (norths in dora)
    # included; None: our evaluator could not score the hand and the log names no yaku (mjai)
    points: int  # the hand's value without honba and sticks, as the winner collects it
    deltas: tuple[int, ...]  # this winner's payments, honba and sticks included
    hand: str

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "from": self.discarder, "tsumo": self.discarder is None, "han": self.han,
                "fu": self.fu, "limit": self.limit, "points": self.points,
                "yaku": None if self.yaku is None else [[name, han] for name, han in self.yaku],
                "deltas": list(self.deltas), "hand": self.hand}


class HandCheck(NamedTuple):
    """One hand as replayed: its round, the flow before it, who declared riichi, how it ended."""

    number: int
    label: str  # E1, S3, ...
    honba: int
    sticks: int  # on the table when the hand began
    dealer: int
    riichi: tuple[int, ...]  # the seats whose riichi stood, in order
    draw: str | None  # exhaustive, nagashi, nine-terminals or four-kans; None: won
    wins: tuple[WinCheck, ...]
    deltas: tuple[int, ...]  # the whole hand, riichi deposits included
    scores: tuple[int, ...]  # after the hand
    sticks_after: int

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.label, "honba": self.honba, "sticks": self.sticks, "dealer": self.dealer,
                "riichi": list(self.riichi), "draw": self.draw, "wins": [w.to_dict() for w in self.wins],
                "deltas": list(self.deltas), "scores": list(self.scores)}


def draw_kind(kyoku: EventKyoku) -> str | None:
    """How a hand ended without a win, in the record's words: exhaustive (the wall ran out),
    nagashi (mangan), or the abortive draw's kind; None for a win (or a chombo)."""
    result = kyoku.result
    if isinstance(result, ExhaustiveDraw):
        return EXHAUSTIVE
    if isinstance(result, Nagashi):
        return NAGASHI
    if isinstance(result, Abort):
        return result.kind
    return None


class Mismatch(NamedTuple):
    where: str  # "E2-1", "final"
    what: str
    ours: Any
    log: Any
    detail: str = ""  # the hand, for a win

    def text(self) -> str:
        detail = f" [{self.detail}]" if self.detail else ""
        return f"{self.where} {self.what}: ours {self.ours}, log {self.log}{detail}"


class GameReplay(NamedTuple):
    """A log replayed, every hand checked against our scoring: what `sanma replay` shows and
    `calc.replay` returns. `file` is where the log was read, `log` the game as read from it, `record`
    and `settled` the same hands as a match record settled by our rules, `hands` each hand's checks;
    `game` is the game's id. `to_dict()` is the `--json` object."""

    file: str
    log: Game
    record: Record
    settled: Settled
    hands: tuple[HandCheck, ...]
    final_scores: tuple[int, ...]
    final_points: tuple[float, ...]
    mismatches: tuple[Mismatch, ...]
    wins_matching: int
    draws_matching: int

    @property
    def game(self) -> str:
        """The game's id (Tenhou's, or the file's stem)."""
        return self.log.game_id

    @property
    def wins(self) -> int:
        return sum(len(k.wins) for k in self.log.rounds)

    @property
    def draws(self) -> int:
        return sum(k.draw is not None for k in self.log.rounds)

    @property
    def final_matching(self) -> bool:
        return not any(m.where == "final" for m in self.mismatches)

    @property
    def final_checked(self) -> bool:
        """The log states a final result to check (not an mjai excerpt, nor a log that gives none)."""
        return self.log.final_scores is not None or self.log.final_points is not None

    @property
    def final_reproduced(self) -> bool:
        """A final result stated by the log and reproduced: what the summary counts, in every output."""
        return self.final_checked and self.final_matching

    @property
    def ok(self) -> bool:
        return not self.mismatches

    def to_dict(self, schemes: dict[str, Settled] | None = None) -> dict[str, Any]:
        """The `sanma replay --json` object of the game (docs/json.md): seats are absolute (0 = the
        first dealer, East at the start); `schemes`: the same hands settled under other schemes."""
        out: dict[str, Any] = {
            **stamp(),
            "game": self.game,
            "file": self.file,
            "players": list(self.log.players),
            "rules": self.settled.rules,
            "scheme": self.settled.scheme,
            "hands": [hand.to_dict() for hand in self.hands],
            "final_scores": list(self.final_scores),
            "final_points": list(self.final_points),
            **end_dict(self.settled),
            "excerpt": not self.log.complete,  # an mjai excerpt: standings after its last hand, not checked
            "mismatches": [{"where": m.where, "what": m.what, "ours": m.ours, "log": m.log, "hand": m.detail or None}
                           for m in self.mismatches],
        }
        if schemes:
            out["schemes"] = {name: _scheme_dict(settled) for name, settled in schemes.items()}
        return out


def _scheme_dict(settled: Settled) -> dict[str, Any]:
    """The game's end under one scheme: the final scores and points by seat, how it ended."""
    scores, points = finals(settled)
    return {"final_scores": list(scores), "final_points": list(points), **end_dict(settled)}


def rules_for(game: Game, base: R.RuleSet | None = None) -> R.RuleSet:
    """The `tenhou` profile (an mjai log: the profile it was read under), with the game's length
    (an east game is a lobby option) and, for an older Tenhou log, the rounding of its day."""
    rules = game.rules or base or R.load(TH.PROFILE)
    if rules.match.length != game.lobby.length:
        rules = rules._replace(match=rules.match._replace(length=game.lobby.length))
    rounding = TH.final_rounding(game.final_points) if game.rules is None else None
    if rounding is not None and rounding != rules.match.final_rounding:
        rules = rules._replace(match=rules.match._replace(final_rounding=rounding))
    return rules


def label(kyoku: RoundResult) -> str:
    return f"{'ESWN'[kyoku.round_wind - T.EAST]}{kyoku.round_number}"


def our_yaku(ev: Evaluation) -> tuple[tuple[str, int], ...]:
    if ev.yakuman:
        return tuple(sorted((name, TH.YAKUMAN_HAN * multiple) for name, multiple in ev.yakuman))
    return tuple(sorted([*ev.yaku, *((n, h) for n, h in ev.logged_bonus if h)]))


def log_yaku(win: WinFacts) -> tuple[tuple[str, int], ...] | None:
    if win.log.yaku is None:
        return None
    if win.log.yakuman:  # a double yakuman (an mjai log under a profile with them) is its id twice
        counts = Counter(TH.OUR_YAKU[i] for i in win.log.yakuman)
        return tuple(sorted((name, TH.YAKUMAN_HAN * count) for name, count in counts.items()))
    return tuple(sorted((TH.OUR_YAKU[i], h) for i, h in win.log.yaku))


def _log_value(win: WinFacts, rules: R.RuleSet, why: str) -> HandValue:
    """The log's own value, used only when our evaluator cannot score the rebuilt hand (`why`)."""
    if win.log.han is None:
        raise LogError(f"a win our evaluator cannot score ({why}), and the log gives no han to settle it with")
    if win.log.yakuman:
        return limit_value(YAKUMAN, rules.hand, yakuman=len(win.log.yakuman))
    if win.log.fu is None:
        limit = LIMIT_NAMES[win.log.limit]
        if limit is None:
            raise LogError(f"a win our evaluator cannot score ({why}), and the log gives neither its fu nor a limit")
        return limit_value(limit, rules.hand)
    return hand_value(win.log.han, win.log.fu, rules.hand)


def _spec(number: int, kyoku: RoundResult, rules: R.RuleSet, where: str, out: list[Mismatch]) -> tuple[HandSpec, list]:
    evaluations = []
    if kyoku.wins:
        specs = []
        for w in kyoku.wins:
            text = hand_text(w)
            try:
                hand, context = build(w, rules, text)
                ev = evaluate(hand, context, rules)
                value = ev.value
            except SanmaError as e:
                why = in_keys(e.message)  # the evaluator speaks of `sanma hand`'s flags; a log has none
                out.append(Mismatch(where, "hand", why, "a winning hand", text))
                try:
                    ev, value = None, _log_value(w, rules, why)
                except LogError as refused:  # which hand, and whose
                    raise LogError(f"{where}: seat {w.winner}'s win [{text}]: {refused.message}") from None
            evaluations.append((ev, text))
            discarder = None if w.tsumo else w.from_seat
            # the pao yakuman's multiples, for a profile whose liable player answers for them only
            pao_part = (sum(m for name, m in ev.yakuman if name in PAO_YAKUMAN) or None) if ev and w.pao is not None else None
            specs.append(WinSpec(w.winner, discarder, w.pao, value, (("hand", text),), number, liable_yakuman=pao_part))
        return HandSpec(number, number, kyoku.riichi, "win", wins=tuple(specs)), evaluations
    draw = kyoku.draw
    if draw is None:
        raise LogError(f"{where}: a hand that ended in neither a win nor a draw")
    if draw.kind == EXHAUSTIVE:
        return HandSpec(number, number, kyoku.riichi, "draw", tenpai=frozenset(draw.tenpai or ())), evaluations
    if draw.kind == NAGASHI:
        return HandSpec(number, number, kyoku.riichi, "nagashi", tenpai=frozenset(draw.tenpai or ()),
                        nagashi=draw.nagashi), evaluations
    if draw.kind in ABORTS:
        return HandSpec(number, number, kyoku.riichi, "abort", abort=draw.kind), evaluations
    raise LogError(f"{where}: a {draw.kind} draw, which sanma cannot have")


def replay(game: Game, source: str, base: R.RuleSet | None = None) -> GameReplay:
    # a log's names are anyone's text: every report shows them printable (no line break, no escape)
    game = game._replace(players=tuple(printable(name) for name in game.players))
    rules = rules_for(game, base)
    mismatches: list[Mismatch] = []
    specs = []
    evaluations = []
    for number, kyoku in enumerate(game.rounds, 1):
        where = f"{label(kyoku)}-{kyoku.honba}"
        try:
            spec, evs = _spec(number, kyoku, rules, where, mismatches)
        except LogError as e:  # a log that cannot be replayed: the file says which
            raise LogError(e.message, file=e.file or source, line=e.line) from None
        specs.append(spec)
        evaluations.append(evs)
    record = Record(source, rules, game.players, tuple(specs))
    settled = settle(record, rules, strict=False, start=None if game.complete else excerpt_start(game))
    for note in settled.notes:
        mismatches.append(Mismatch("flow", "match engine", note, "the game as played"))
    hands = []
    wins_ok = draws_ok = 0
    for row, kyoku, evs in zip(settled.rows, game.rounds, evaluations):
        where = f"{label(kyoku)}-{kyoku.honba}"
        before = len(mismatches)
        ours_flow = (row.label, row.honba, row.dealer, row.sticks_before)
        log_flow = (label(kyoku), kyoku.honba, kyoku.dealer, kyoku.sticks)
        if ours_flow != log_flow:
            mismatches.append(Mismatch(where, "round, honba, dealer, sticks", ours_flow, log_flow))
        # the scores the log states at the hand's start and before each result, against our running scores
        start = tuple(after - delta for after, delta in zip(row.scores, row.deltas))
        if start != kyoku.scores:
            mismatches.append(Mismatch(where, "start scores", start, kyoku.scores))
        scores = tuple(s + d for s, d in zip(start, row.deposits))  # before the result: deposits taken
        if kyoku.draw is not None and kyoku.draw.log_scores_before not in (None, scores):
            mismatches.append(Mismatch(where, "scores before the result", scores, kyoku.draw.log_scores_before))
        checks = []
        for w, won, (ev, text) in zip(kyoku.wins, row.kyoku.wins, evs):
            deltas, points = row.settlement.winner_share(w.winner)
            han = ev.han if ev else w.log.han
            fu = ev.fu if ev else w.log.fu
            yaku = our_yaku(ev) if ev else log_yaku(w)
            checks.append(WinCheck(w.winner, None if w.tsumo else w.from_seat, han, fu, won.value.limit, yaku, points,
                                   deltas, text))
            win_before = len(mismatches)
            detail = f"{game.players[w.winner]}: {text}"
            compare = [("han", han, w.log.han), ("yaku", yaku, log_yaku(w)), ("points", points, w.log.points),
                       ("deltas", deltas, w.log.deltas), ("scores before the result", scores, w.log.scores_before)]
            scores = tuple(s + d for s, d in zip(scores, deltas))  # a double ron's next winner: after this one
            if w.log.fu is not None and not w.log.yakuman:  # Tenhou's fu on a yakuman means nothing
                compare.append(("fu", fu, w.log.fu))
            for what, ours, theirs in compare:
                if theirs is not None and ours != theirs:  # what an mjai log leaves out is not compared
                    mismatches.append(Mismatch(where, what, ours, theirs, detail))
            wins_ok += len(mismatches) == win_before and ev is not None
        log_deltas = tuple(a - b for a, b in zip(kyoku.scores_after or (), kyoku.scores))
        if kyoku.scores_after is not None and row.deltas != log_deltas:
            mismatches.append(Mismatch(where, "hand deltas", row.deltas, log_deltas))
        elif kyoku.draw is not None and len(mismatches) == before:
            draws_ok += 1
        hands.append(HandCheck(row.number, row.label, row.honba, row.sticks_before, row.dealer,
                               tuple([r.seat for r in row.kyoku.riichi]), draw_kind(row.kyoku), tuple(checks),
                               row.deltas, row.scores, row.sticks))
    final_scores, final_points = finals(settled)
    if game.complete and len(settled.rows) == len(game.rounds) and not settled.state.ended:
        mismatches.append(Mismatch("final", "end", "the game goes on", "the game ends after the last hand"))
    if game.final_scores is not None and final_scores != game.final_scores:
        mismatches.append(Mismatch("final", "scores", final_scores, game.final_scores))
    if game.final_points is not None and final_points != game.final_points:
        mismatches.append(Mismatch("final", "points", final_points, game.final_points))
    return GameReplay(source, game, record, settled, tuple(hands), final_scores, final_points,
                      tuple(mismatches), wins_ok, draws_ok)


def finals(settled: Settled) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The final scores and points, by seat."""
    by_seat = sorted(settled.standings, key=lambda s: s.seat)
    return tuple([s.score for s in by_seat]), tuple([s.points for s in by_seat])


def excerpt_start(game: Game) -> MatchState:
    """An excerpt is settled from the state its first hand states: round, dealer, honba, sticks, scores."""
    first = game.rounds[0]
    return MatchState(first.scores, first.round_wind - T.EAST, first.round_number, first.honba, first.sticks)


def resettle(replayed: GameReplay, schemes: list[str] | list[Scheme]) -> dict[str, Settled]:
    """The same hands under other schemes (names, or schemes as calc.core.schemes.resolve read them),
    by their names: each game ends where its own scores end it (rules.md §6), or after the log's last
    hand."""
    out = {}
    own = replayed.record.rules
    for scheme in schemes:
        rules = own.with_scheme(scheme)
        if rules is own:
            out[rules.payment.scheme] = replayed.settled
        else:
            start = None if replayed.log.complete else excerpt_start(replayed.log)
            out[rules.payment.scheme] = settle(replayed.record, rules, strict=False, start=start)
    if own.payment.scheme not in out:
        out = {own.payment.scheme: replayed.settled, **out}
    return out
