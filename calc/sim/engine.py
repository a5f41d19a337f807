"""One sanma hand played tile by tile: the wall deals and the bots choose; the rules are the round
state's (calc.table.round), which every choice passes through as an event (calc.table.play).

The engine offers each bot the legal choices the round allows (a kan, an extraction, a call, a
riichi, a ron the round does not hold furiten), applies what the bot picks as an event to the round
and appends it to the hand's event list (`HandPlay.events`, the Deal first): that list is the only
record of the hand, which the log writers serialise (calc.logs.formats). It turns the kan dora the
round says are due. Bots see the round through their seat's view and answer through the `Bot`
protocol (calc.sim.view). The wall's tile ids stay in the wall: every event carries tiles (index,
red). The players' scores are not part of a hand: `riichi_allowed` says who may still pay a riichi
stick (match.riichi_min_points), so a hand plays the same whatever the payment scheme.
"""

from __future__ import annotations

from typing import Final, Sequence

from calc.core import tiles as T
from calc.core.errors import IllegalHandError
from calc.core.notation import Tile
from calc.core.rules import RuleSet
from calc.scoring import shanten as S
from calc.scoring.evaluate import Evaluation, evaluate
from calc.table.events import Kyoku
from calc.table.play import (
    ANKAN,
    DAIMINKAN,
    EXHAUSTIVE,
    FOUR_KANS,
    KAKAN,
    NINE_TERMINALS,
    PON,
    Agari,
    Ankan,
    Call,
    Deal,
    Discard,
    Dora,
    Draw,
    Event,
    Kakan,
    Nuki,
    RoundResult,
    Ryuukyoku,
    WinFacts,
)
from calc.table.round import NORTH, Round, scoring_input, settled
from calc.sim.view import Bot, Seat, SeatView
from calc.sim.wall import Wall, red_ids

LIVE_DRAW: Final = "draw"
REPLACEMENT_DRAW: Final = "replacement"


class SimError(Exception):
    """A bot asked for something illegal, or an invariant broke: a bug, never bad input."""


# Plain classes with their __init__ written out, not dataclasses: a dataclass has its methods generated at
# every start of the command, and compiled its __init__ runs as Python (docs/benchmarks.md, start-up).
class HandPlay:
    """A hand as played: its events in order (the Deal first, the win or the draw last), the round's
    result (`result`: the wins' facts or the draw, derived from the events) and the same settled by
    the match engine (`kyoku`: each win's evaluation)."""

    def __init__(self, events: list, result: RoundResult, kyoku: Kyoku) -> None:
        self.events = events
        self.result = result
        self.kyoku = kyoku

    @property
    def deal(self) -> Deal:
        deal = self.events[0]
        assert isinstance(deal, Deal)
        return deal

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def round_wind(self) -> int:
        """0 East, 1 South, 2 West."""
        return self.deal.round_raw // 4

    def count(self, kind: type, seat: int | None = None) -> int:
        """Events of one kind (Call, Nuki, ...), of one seat or all."""
        n = 0
        for e in self.events:
            if type(e) is kind and (seat is None or getattr(e, "seat") == seat):
                n += 1
        return n


class HandEngine:
    """Plays one hand: deals it from the wall, asks `bots[seat]` what the round allows and applies each
    answer as an event; `check` verifies the invariants after every step."""

    def __init__(self, wall: Wall, rules: RuleSet, *, dealer: int, round_wind: int, bots: Sequence[Bot],
                 riichi_allowed: tuple[bool, ...] | None = None, standing: tuple[int, ...] | None = None,
                 check: bool = False) -> None:
        n = rules.game.players
        self.n = n
        self.rules = rules
        self.wall = wall
        self.dealer = dealer
        self.bots = bots
        self.riichi_allowed = riichi_allowed or (True,) * n
        self.check = check
        self._tiles = _tile_table(red_ids(rules.game.red_fives))  # id -> (index, red): the wall's tiles
        dealt = wall.deal(n)
        hands: list[tuple[Tile, ...]] = [()] * n
        for k in range(n):
            hands[(dealer + k) % n] = tuple(self._tiles[t] for t in dealt[k])
        # The hand's header carries no scores, honba or sticks: a hand plays the same under every
        # scheme and in every match state (the match engine settles it).
        deal = Deal(round_wind * 4 + dealer, 0, 0, dealer, (0,) * n, tuple(hands), self._tiles[wall.dora_slots[0]])
        self.round = Round(deal, rules, check=check, suits=True)
        self.events: list = [deal]
        seats = [Seat(self.round, seat) for seat in range(n)]
        # per seat, what the bots know of the scores: -1 far behind, 0, 1 far ahead (the bots'
        # `standing`; calc.sim.run keys the hand on it, as on riichi_allowed)
        standing = standing or (0,) * n
        self.views = [SeatView(self.round, seat, seats, standing[seat]) for seat in range(n)]
        self.evaluations: list[Evaluation] = []  # of the wins, in the round's order
        self._check()

    # --- the hand --------------------------------------------------------------------------------
    def run(self) -> HandPlay:
        seat = self.dealer
        draw: str | None = LIVE_DRAW
        while True:
            if draw is not None:
                if draw == LIVE_DRAW and self.wall.remaining == 0:
                    return self._ryuukyoku(EXHAUSTIVE)
                tile = self._draw(seat, draw)
                if self._tsumo(seat) or self._nine_terminals(seat):
                    return self._finish()
                if self._self_action(seat, tile):
                    if self.round.over:
                        return self._finish()
                    draw = REPLACEMENT_DRAW
                    continue
            tile, riichi = self._choose_discard(seat)
            self._discard(seat, tile, riichi)
            if self._ron(seat, tile):
                return self._finish()
            if self.round.four_kan_abort():
                return self._ryuukyoku(FOUR_KANS)
            if self.wall.remaining == 0:
                return self._ryuukyoku(EXHAUSTIVE)
            caller = self._calls(seat, tile)
            if caller is None:
                seat = (seat + 1) % self.n
                draw = LIVE_DRAW
            else:
                seat, draw = caller

    # --- steps -------------------------------------------------------------------------------------
    def _apply(self, event: Event) -> None:
        self.round.apply(event)
        self.events.append(event)

    def _draw(self, seat: int, source: str) -> Tile:
        tile = self._tiles[self.wall.draw() if source == LIVE_DRAW else self.wall.replacement()]
        self._apply(_draw_event(seat, tile))
        self._check()
        return tile

    def _tsumo(self, seat: int) -> bool:
        suits = self.round.suits
        assert suits is not None
        if not S.is_complete(self.round.counts[seat], suits[seat]):
            return False
        win = self._evaluate(seat, seat)
        if win is None:
            return False
        self._win([win])
        return True

    def _nine_terminals(self, seat: int) -> bool:
        """rules.md §5: on an uninterrupted first draw, nine kinds of terminals and honours."""
        if not self.round.nine_kinds(seat) or not self.bots[seat].nine_terminals(self.views[seat]):
            return False
        self._apply(Ryuukyoku(NINE_TERMINALS))
        return True

    def _self_action(self, seat: int, drawn: Tile) -> bool:
        """A north extraction or a kan, if the bot takes one; True when one was made."""
        if self.wall.remaining == 0:
            return False  # no replacement draw is left after the haitei (rules.md §2)
        bot = self.bots[seat]
        view = self.views[seat]
        if self.round.can_nuki(seat) and bot.nuki(view):
            self._nuki(seat)
            return True
        counts = self.round.counts[seat]
        options = [(ANKAN, value) for value in range(34) if counts[value] == 4 and self.round.can_ankan(seat, value)] \
            if _holds_four(counts) else []
        options += [(KAKAN, m.tiles[0][0]) for m in self.round.melds[seat]
                    if m.kind == PON and self.round.can_kakan(seat, m.tiles[0][0])]
        if not options:
            return False
        choice = bot.kan(view, options)
        if choice is None:
            return False
        if choice not in options:
            raise SimError(f"seat {seat} asks for {choice}, not among {options}")
        kind, value = choice
        if kind == ANKAN:
            self._ankan(seat, value)
        else:
            self._kakan(seat, value)
        return True

    def _nuki(self, seat: int) -> None:
        self._apply(Nuki(seat, NORTH))
        self._check()
        if self._ron(seat, NORTH):
            return
        self._reveal()

    def _ankan(self, seat: int, value: int) -> None:
        tiles = tuple(sorted(t for t in self.round.hands[seat] if t[0] == value))
        self._apply(Ankan(seat, tiles))
        self._reveal()  # a closed kan's indicator shows at once
        self._check()
        self._ron(seat, tiles[0])  # only thirteen orphans may rob a closed kan

    def _kakan(self, seat: int, value: int) -> None:
        tile = self.views[seat].copy_of(value)
        self._apply(Kakan(seat, tile))
        self._check()
        if self._ron(seat, tile):
            return
        self._reveal()

    def _choose_discard(self, seat: int) -> tuple[Tile, bool]:
        if self.round.riichi[seat]:
            return self.round.last_drawn(seat), False  # after riichi the drawn tile goes (tsumogiri)
        view = self.views[seat]
        may_riichi = self.riichi_allowed[seat] and self.round.may_riichi(seat)
        tile, riichi = self.bots[seat].discard(view, may_riichi)
        if tile not in view.hand or tile[0] in view.forbidden():
            raise SimError(f"seat {seat} may not discard {T.name(*tile)}")
        if riichi and not may_riichi:
            raise SimError(f"seat {seat} declares an illegal riichi")
        return tile, riichi

    def _discard(self, seat: int, tile: Tile, riichi: bool) -> None:
        self._reveal(seat)
        self._apply(_discard_event(seat, tile, riichi))
        self._check()

    def _calls(self, discarder: int, tile: Tile) -> tuple[int, str | None] | None:
        """Pon or open kan of the discard; in sanma at most one player can hold two more copies."""
        for k in range(1, self.n):
            seat = (discarder + k) % self.n
            if not self.round.can_call(seat, PON):
                continue
            options = [PON]
            if self.round.can_call(seat, DAIMINKAN):
                options.append(DAIMINKAN)
            choice = self.bots[seat].call(self.views[seat], tile, discarder, options)
            if choice is None:
                return None
            if choice not in options:
                raise SimError(f"seat {seat} calls {choice}, not among {options}")
            self._call(seat, choice, tile, discarder)
            return seat, (REPLACEMENT_DRAW if choice == DAIMINKAN else None)
        return None

    def _call(self, seat: int, kind: str, tile: Tile, discarder: int) -> None:
        value = tile[0]
        size = 2 if kind == PON else 3
        # a pon keeps the red five in the hand when it can (it is worth the same in the meld)
        own = sorted(t for t in self.round.hands[seat] if t[0] == value)[:size]
        self._apply(Call(seat, kind, tile, tuple(own), discarder))
        self._check()

    def _reveal(self, seat: int | None = None) -> None:
        """Turn the kan dora indicators the round says are due (Tenhou's timing)."""
        for _ in range(self.round.due_now(seat)):
            self._apply(Dora(self._tiles[self.wall.dora_slots[len(self.round.dora_indicators)]]))

    # --- wins ------------------------------------------------------------------------------------
    def _ron(self, giver: int, tile: Tile) -> bool:
        """Every player the round lets claim the tile just given up (not furiten; a closed kan only
        for thirteen orphans) wins, unless the hand has no yaku or the bot declines (its `ron`);
        whoever lets a winning tile pass is furiten from the round's next event."""
        winners = []
        for seat in self.round.ron_chances():
            win = self._evaluate(seat, giver)
            if win is not None and self.bots[seat].ron(self.views[seat], tile):
                winners.append(win)
        if not winners:
            return False
        self._win(winners)
        return True

    def _ura(self) -> tuple[Tile, ...]:
        return tuple(self._tiles[i] for i in self.wall.ura_slots[: len(self.round.dora_indicators)])

    def _evaluate(self, seat: int, giver: int) -> tuple[WinFacts, Evaluation] | None:
        facts = self.round.win_facts(seat, giver, self._ura())
        hand, context = scoring_input(facts)
        try:
            return facts, evaluate(hand, context, self.rules)
        except IllegalHandError:
            return None  # complete but no yaku: no win (rules.md §3)

    def _win(self, wins: list[tuple[WinFacts, Evaluation]]) -> None:
        for facts, evaluation in wins:
            # the ura indicators are turned over for a riichi winner only
            self._apply(Agari(facts.winner, facts.from_seat, facts.ura_indicators))
            self.evaluations.append(evaluation)

    # --- draws -------------------------------------------------------------------------------------
    def _ryuukyoku(self, kind: str) -> HandPlay:
        """The wall ran out (the round decides tenpai and nagashi mangan) or four kans abort."""
        self._apply(Ryuukyoku(kind))
        return self._finish()

    def _finish(self) -> HandPlay:
        result = self.round.finish()
        self._check()
        return HandPlay(self.events, result, settled(result, self.evaluations))

    def _check(self) -> None:
        """The round checks the tiles themselves after every event (check=True); here, that the wall
        agrees with it and each seat's suits' entries with its tile counts."""
        if not self.check:
            return
        suits = self.round.suits
        assert suits is not None
        for seat in range(self.n):
            if suits[seat].codes() != S.Suits.of(self.round.counts[seat]).codes():
                raise SimError(f"seat {seat}: the suits' entries out of step with the tile counts")
        if self.round.live != self.wall.remaining:
            raise SimError(f"live wall {self.wall.remaining}, the round counts {self.round.live}")


_TILE_TABLES: Final[dict[frozenset[int], tuple[tuple[int, bool], ...]]] = {}
# Nearly every event is a draw or a discard, and each is a frozen value: made once per seat, tile
# (and riichi) for the process, by an integer key (`_event_key`), and shared.
_DRAWS: Final[dict[int, Draw]] = {}
_DISCARDS: Final[dict[int, Discard]] = {}


def _event_key(seat: int, tile: tuple[int, bool]) -> int:
    index, red = tile
    return (seat * 34 + index) * 2 + red


def _draw_event(seat: int, tile: tuple[int, bool]) -> Draw:
    key = _event_key(seat, tile)
    event = _DRAWS.get(key)
    if event is None:
        event = _DRAWS[key] = Draw(seat, tile)
    return event


def _discard_event(seat: int, tile: tuple[int, bool], riichi: bool) -> Discard:
    key = _event_key(seat, tile) * 2 + riichi
    event = _DISCARDS.get(key)
    if event is None:
        event = _DISCARDS[key] = Discard(seat, tile, riichi)
    return event


def _tile_table(red: frozenset[int]) -> tuple[tuple[int, bool], ...]:
    table = _TILE_TABLES.get(red)
    if table is None:
        table = _TILE_TABLES[red] = tuple((i // 4, i in red) for i in range(136))
    return table


def _holds_four(counts: list[int]) -> bool:
    for c in counts:
        if c == 4:
            return True
    return False


def play_hand(wall: Wall, rules: RuleSet, *, dealer: int, round_wind: int, bots: Sequence[Bot],
              riichi_allowed: tuple[bool, ...] | None = None, standing: tuple[int, ...] | None = None,
              check: bool = False) -> HandPlay:
    return HandEngine(wall, rules, dealer=dealer, round_wind=round_wind, bots=bots,
                riichi_allowed=riichi_allowed, standing=standing, check=check).run()
