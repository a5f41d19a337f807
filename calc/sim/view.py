"""What a bot sees and what it may answer: a per-seat view of the round state, and the `Bot` protocol.

A bot never holds the engine: the engine (calc.sim.engine) asks each question with the seat's
`SeatView`, made once per hand and reading the round state (calc.table.round.Round) as it stands,
so nothing is copied per question. A view shows the seat's own concealed tiles and what everyone
at the table sees (each seat's `Seat`: melds, discards, riichi, extracted norths; the dora, the
visible tiles, the live wall). Tiles are `calc.core.notation.Tile` pairs (index, red).
"""

from __future__ import annotations

from typing import Protocol

from calc.core import tiles as T
from calc.core.notation import Tile
from calc.core.rules import RuleSet
from calc.scoring import shanten as S
from calc.scoring.hand import ANKAN, Meld
from calc.table.round import Round


class Seat:
    """What everyone at the table sees of one seat."""

    def __init__(self, round_: Round, seat: int) -> None:
        self.round = round_
        self.seat = seat
        self.melds: list[Meld] = round_.melds[seat]  # in the order called; an added kan keeps its pon's place
        self.river_values: set[int] = round_.river_values[seat]  # every value it discarded, called ones too

    @property
    def riichi(self) -> int:
        """0 none, 1 declared (its discard not yet passed), 2 accepted."""
        return self.round.riichi[self.seat]

    @property
    def safe_since_riichi(self) -> set[int]:
        """The values anyone discarded since this seat's riichi was accepted."""
        return self.round.safe_since_riichi[self.seat]

    @property
    def nuki(self) -> int:
        """Norths extracted."""
        return self.round.nuki_count[self.seat]

    @property
    def closed(self) -> bool:
        for m in self.melds:
            if m.kind != ANKAN:
                return False
        return True

    @property
    def discarded(self) -> bool:
        """Has made a discard this hand."""
        return self.round.discarded[self.seat]

    @property
    def nagashi(self) -> bool:
        """Nagashi mangan is alive: every discard a terminal or honour, none of them called."""
        return self.round.nagashi[self.seat]


class SeatView(Seat):
    """What the bot at `seat` sees: its own concealed tiles, and the table (`seats`: every seat's
    `Seat`, this one included, by seat number).

    `counts` and `suits` are the round's own (read, never kept): a bot that takes a tile out of
    `counts` for a question puts it back before it answers, and passes no `suits` meanwhile."""

    def __init__(self, round_: Round, seat: int, seats: list[Seat], standing: int) -> None:
        super().__init__(round_, seat)
        suits = round_.suits
        if suits is None:
            raise ValueError("a bot's view needs a round that keeps the suits' entries (Round(suits=True))")
        self.rules: RuleSet = round_.rules
        self.seats = seats
        self.standing = standing  # -1 far behind, 0, 1 far ahead (the bot's own `standing` of the scores)
        self.dealer: int = round_.dealer
        self.seat_wind: int = round_.seat_wind(seat)
        self.round_wind: int = round_.round_wind
        self.counts: list[int] = round_.counts[seat]
        self.suits: S.Suits = suits[seat]
        self.hand: list[Tile] = round_.hands[seat]
        self.seen: list[int] = round_.seen  # copies of each tile anyone can see (discards, melds, norths, indicators)
        self.dora_indicators: list[Tile] = round_.dora_indicators
        values = {*T.DRAGONS, self.seat_wind, self.round_wind}
        if self.rules.north.value_tile:
            values.add(T.NORTH)
        self.value_tiles: frozenset[int] = frozenset(values)  # the seat's yakuhai
        self._dora: list[int] = []
        self._dora_count = 0

    @property
    def live(self) -> int:
        """Tiles left in the live wall."""
        return self.round.live

    def dora_values(self) -> list[int]:
        """The dora shown so far (worked out again only when an indicator is turned)."""
        if self._dora_count != len(self.dora_indicators):
            self._dora = [T.sanma_dora(i) for i, _ in self.dora_indicators]
            self._dora_count = len(self.dora_indicators)
        return self._dora

    def forbidden(self) -> frozenset[int]:
        """Values the seat may not discard now: right after a pon, the called value where the
        profile forbids kuikae (game.kuikae)."""
        kind, who, tile = self.round.last[:3]
        if kind == "call" and who == self.seat and not self.rules.game.kuikae:
            return frozenset((tile[0],))
        return frozenset()

    def own_counts(self) -> list[int]:
        """The concealed tiles and the melds' tiles, by value."""
        own = self.counts[:]
        for m in self.melds:
            own[m.tiles[0][0]] += len(m.tiles)
        return own

    def riichi_seats(self) -> list[int]:
        """The other seats that have declared riichi."""
        return [s.seat for s in self.seats if s.seat != self.seat and s.riichi]

    def tenpai(self, counts: list[int]) -> bool:
        """Whether these concealed tiles (the seat's, changed) are tenpai as the profile counts it."""
        return self.round.tenpai(self.seat, counts)

    def drawn(self) -> Tile | None:
        """The tile the seat has just drawn (None after a call)."""
        kind, who, tile = self.round.last[:3]
        return tile if kind == "draw" and who == self.seat else None

    def copy_of(self, value: int) -> Tile:
        """The copy of `value` the seat gives away: a plain one before the red five."""
        red = False
        for index, is_red in self.hand:
            if index == value:
                if not is_red:
                    return (value, False)
                red = True
        if not red:
            raise ValueError(f"seat {self.seat} holds no {T.name(value)}")
        return (value, True)


class Bot(Protocol):
    """What the engine asks a bot, and only when the round allows the move: the discard (a tile
    held, and whether it declares riichi: asked only with `may_riichi`), a call of the discard
    `tile` (one of `options`, pon or daiminkan, or None), a kan (one of `options`, (ankan | kakan,
    value), or None), a north extraction, a ron (asked only when the win is allowed and has a yaku;
    declining makes the seat furiten like any passed winning tile) and nine terminals (the abortive
    draw). `standing` reads the match's scores once per hand, before the play (None: not read)."""

    name: str

    def discard(self, view: SeatView, may_riichi: bool) -> tuple[Tile, bool]: ...

    def call(self, view: SeatView, tile: Tile, discarder: int, options: list[str]) -> str | None: ...

    def kan(self, view: SeatView, options: list[tuple[str, int]]) -> tuple[str, int] | None: ...

    def nuki(self, view: SeatView) -> bool: ...

    def ron(self, view: SeatView, tile: Tile) -> bool: ...

    def nine_terminals(self, view: SeatView) -> bool: ...

    def standing(self, scores: tuple[int, ...]) -> tuple[int, ...] | None: ...
