"""One hand (kyoku) replayed tile by tile; both readers drive it, so every fact is derived once.

The readers only decode syntax and call `draw`, `discard`, `call`, `ankan`, `kakan`, `nuki`,
`declare_riichi` / `accept_riichi`, `dora`, then `win` or `end_in_draw`. The play checks that each
step is possible (the tile is in the hand, the call takes the last discard, the wall is not
exhausted) and rebuilds each winner's hand and situation from what happened, never from the
result line.
"""

from __future__ import annotations

from calc.core import tiles as T
from calc.scoring.readings import is_seven_pairs, is_thirteen_orphans, standard_readings
from calc.core.errors import SanmaError
from calc.logs.model import (
    ANKAN,
    DAIMINKAN,
    DISCARD,
    DRAW,
    EXHAUSTIVE_KINDS,
    KAKAN,
    NAGASHI,
    ON_ANKAN,
    ON_KAKAN,
    ON_NUKI,
    PON,
    REPLACEMENT,
    Draw,
    Kyoku,
    LogWin,
    Meld,
    Win,
)
from calc.core.notation import Tile
from calc.core.rules import RuleSet

NORTH: Tile = (T.NORTH, False)
DEAD_WALL = 14  # rinshan and indicator tiles; each replacement draw moves the haitei one tile forward
WALL = {3: 108, 4: 136}


class LogError(SanmaError):
    """A record that cannot be read: wrong format, truncated, or a play that cannot happen."""


class KyokuPlay:
    """The state of one hand while its record is read."""

    def __init__(
        self,
        *,
        rules: RuleSet,
        round_raw: int,
        honba: int,
        sticks: int,
        dealer: int,
        scores: list[int],
        hands: list[list[Tile]],
        dora: Tile,
    ) -> None:
        for name, value in (("round", round_raw), ("honba", honba), ("riichi sticks", sticks)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise LogError(f"corrupt hand header: {name} is {value!r}, not a count")
        # Tenhou numbers rounds 0-3 East, 4-7 South, 8-11 West (a sanma round skips the fourth).
        if round_raw > 11 or round_raw % 4 >= len(hands):
            raise LogError(f"corrupt hand header: round number {round_raw} does not exist with {len(hands)} players")
        n = len(hands)
        self.n = n
        self.rules = rules
        self.round_raw = round_raw
        self.honba = honba
        self.start_sticks = sticks
        self.sticks = sticks
        self.dealer = dealer
        self.start_scores = tuple(scores)
        self.scores = list(scores)
        self.hands = hands
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.nuki_count = [0] * n
        self.dora_indicators = [dora]
        self.live = WALL[n] - DEAD_WALL - 13 * n
        self.riichi = [0] * n  # 0 none, 1 declared (deposit not yet taken), 2 accepted
        self.double = [False] * n
        self.ippatsu = [False] * n
        self.ippatsu_before = self.ippatsu  # as it stood before a kakan / ankan / nuki, for a ron on it
        self.discarded = [False] * n  # has made a discard: their first go-around is over
        self.drawn = [False] * n
        self.interrupted = False  # a call broke the first go-around (double riichi, tenhou, chiihou)
        self.pending_riichi: int | None = None
        self.owed: list[str | None] = [None] * n  # a replacement draw owed after a kan or a nuki
        # last action: kind, seat, tile, and for a draw its source and whether it was a first draw
        self.last: tuple = ("start", dealer, None, None, False)
        self.triplets = [[0, 0] for _ in range(n)]  # dragon / wind melds per seat, for pao
        self.pao: list[int | None] = [None] * n
        self.deposits: list[int] = []
        self.nagashi = [True] * n  # only terminals and honours discarded, none of them called
        self.wins: list[Win] = []
        self.draw_result: Draw | None = None
        self.nuki_cancels_ippatsu = rules.north.nuki_cancels_ippatsu
        self.nuki_interrupts = rules.north.nuki_breaks_first_turn

    # --- errors -------------------------------------------------------------------------------
    def where(self) -> str:
        wind = "ESWN"[self.round_raw // 4]
        return f"{wind}{self.round_raw % 4 + 1}-{self.honba}"

    def fail(self, what: str) -> LogError:
        return LogError(f"impossible play in {self.where()}: {what}")

    def _take(self, seat: int, tile: Tile) -> None:
        try:
            self.hands[seat].remove(tile)
        except ValueError:
            raise self.fail(f"seat {seat} does not hold {T.name(*tile)}") from None

    # --- the play ---------------------------------------------------------------------------
    def draw(self, seat: int, tile: Tile) -> None:
        if self.pending_riichi is not None:
            self.accept_riichi(self.pending_riichi)
        self.live -= 1
        if self.live < 0:
            raise self.fail("a draw after the wall is exhausted")
        owed = self.owed[seat]
        source = DRAW if owed is None else REPLACEMENT[owed]
        first = owed is None and not self.discarded[seat] and not self.interrupted
        self.owed[seat] = None
        self.drawn[seat] = True
        self.hands[seat].append(tile)
        self.last = ("draw", seat, tile, source, first)

    def last_drawn(self, seat: int) -> Tile:
        kind, who, tile = self.last[:3]
        if kind != "draw" or who != seat:
            raise self.fail(f"seat {seat} discards the drawn tile without having drawn")
        return tile

    def discard(self, seat: int, tile: Tile) -> None:
        self._take(seat, tile)
        if tile[0] not in T.TERMINALS_AND_HONORS_SET:
            self.nagashi[seat] = False
        if self.riichi[seat] == 2:  # the first discard after the riichi discard ends ippatsu
            self.ippatsu[seat] = False
        self.discarded[seat] = True
        self.last = ("discard", seat, tile, None, False)

    def declare_riichi(self, seat: int) -> None:
        if self.riichi[seat] or self.melds_open(seat):
            raise self.fail(f"seat {seat} cannot declare riichi")
        self.riichi[seat] = 1
        # double riichi: declared in the first go-around with no call before it (rules.md §3)
        self.double[seat] = not self.discarded[seat] and not self.interrupted
        self.pending_riichi = seat

    def accept_riichi(self, seat: int) -> None:
        """The riichi discard was not ron'd: the deposit is taken now and ippatsu starts."""
        if self.pending_riichi != seat:
            if self.riichi[seat] == 2:
                return
            raise self.fail(f"seat {seat} has no riichi to accept")
        self.pending_riichi = None
        self.riichi[seat] = 2
        self.ippatsu[seat] = True
        stick = self.rules.payment.riichi_stick
        self.scores[seat] -= stick
        self.sticks += 1
        self.deposits.append(seat)

    def melds_open(self, seat: int) -> bool:
        return any(m.kind != ANKAN for m in self.melds[seat])

    def _break(self) -> None:
        self.interrupted = True
        self.ippatsu = [False] * self.n

    def _count_triplet(self, seat: int, tile: Tile, fed_by: int | None) -> None:
        index = tile[0]
        group = 0 if index in T.DRAGONS else 1 if index in T.WINDS else None
        if group is None:
            return
        self.triplets[seat][group] += 1
        # pao: who fed the third dragon or the fourth wind meld (rules.md §5, payment.pao)
        if self.triplets[seat][group] == (3, 4)[group] and fed_by is not None:
            self.pao[seat] = fed_by

    def call(self, seat: int, kind: str, from_hand: list[Tile], called: Tile, from_seat: int) -> None:
        """Pon or daiminkan of the last discard."""
        kind_, who, tile = self.last[:3]
        if kind_ != "discard" or who != from_seat or tile != called or seat == from_seat:
            raise self.fail(f"seat {seat} calls {T.name(*called)} that seat {from_seat} did not just discard")
        if len(from_hand) != (2 if kind == PON else 3):
            raise self.fail(f"seat {seat} calls a {kind} with {len(from_hand)} tiles from the hand")
        if self.pending_riichi is not None:
            self.accept_riichi(self.pending_riichi)
        for t in from_hand:
            self._take(seat, t)
        self.nagashi[from_seat] = False
        tiles = tuple(sorted([*from_hand, called]))
        if any(t[0] != called[0] for t in tiles):
            raise self.fail(f"seat {seat} calls a {kind} of different tiles")
        self.melds[seat].append(Meld(kind, tiles, called, from_seat))
        self._break()
        self._count_triplet(seat, called, from_seat)
        if kind == DAIMINKAN:
            self.owed[seat] = DAIMINKAN
        self.last = ("call", seat, called, None, False)

    def ankan(self, seat: int, tiles: list[Tile]) -> None:
        if len(tiles) != 4 or len({index for index, _ in tiles}) != 1:
            raise self.fail(f"seat {seat} makes a closed kan of {len(tiles)} tiles that are not all one tile")
        for t in tiles:
            self._take(seat, t)
        self.melds[seat].append(Meld(ANKAN, tuple(sorted(tiles)), None, None))
        self.ippatsu_before = self.ippatsu
        self._break()
        self._count_triplet(seat, tiles[0], None)
        self.owed[seat] = ANKAN
        self.last = ("ankan", seat, tiles[0], None, False)

    def kakan(self, seat: int, added: Tile) -> None:
        melds = self.melds[seat]
        for i, m in enumerate(melds):
            if m.kind == PON and m.tiles[0][0] == added[0]:
                break
        else:
            raise self.fail(f"seat {seat} adds {T.name(*added)} to a pon it does not have")
        self._take(seat, added)
        melds[i] = Meld(KAKAN, tuple(sorted([*m.tiles, added])), m.called, m.from_seat)
        self.ippatsu_before = self.ippatsu
        self._break()
        self.owed[seat] = KAKAN
        self.last = ("kakan", seat, added, None, False)

    def nuki(self, seat: int, tile: Tile = NORTH) -> None:
        if tile != NORTH:
            raise self.fail(f"seat {seat} extracts {T.name(*tile)}, not a north")
        self._take(seat, tile)
        self.nuki_count[seat] += 1
        self.ippatsu_before = self.ippatsu
        if self.nuki_cancels_ippatsu:
            self.ippatsu = [False] * self.n
        if self.nuki_interrupts:
            self.interrupted = True
        self.owed[seat] = "nuki"
        self.last = ("nuki", seat, tile, None, False)

    def dora(self, indicator: Tile) -> None:
        self.dora_indicators.append(indicator)

    # --- the end ------------------------------------------------------------------------------
    def win(self, winner: int, from_seat: int, log: LogWin, ura: tuple[Tile, ...]) -> None:
        kind, who, tile, source, first = self.last
        tsumo = winner == from_seat
        ippatsu = self.ippatsu
        if tsumo:
            if kind != "draw" or who != winner:
                raise self.fail(f"seat {winner} wins by tsumo without having just drawn")
            closed = list(self.hands[winner])
        else:
            sources = {"discard": DISCARD, "kakan": ON_KAKAN, "nuki": ON_NUKI, "ankan": ON_ANKAN}
            if kind not in sources or who != from_seat:
                raise self.fail(f"seat {winner} wins by ron on nothing seat {from_seat} just gave up")
            if kind == "nuki" and not self.rules.north.ron_on_nuki:
                raise self.fail("a ron on an extracted north, which this profile forbids")
            source = sources[kind]
            if source != DISCARD:  # a ron on a kan or a north comes before it cancels ippatsu
                ippatsu = self.ippatsu_before
            closed = [*self.hands[winner], tile]
        riichi = self.riichi[winner] == 2
        seat_wind = T.EAST + (winner - self.dealer) % self.n
        first_draw = tsumo and first
        self.wins.append(
            Win(
                winner=winner,
                from_seat=from_seat,
                tsumo=tsumo,
                closed=tuple(sorted(closed)),
                win_tile=tile,
                melds=tuple(self.melds[winner]),
                nuki=self.nuki_count[winner],
                win_source=source,
                riichi=riichi,
                double_riichi=riichi and self.double[winner],
                ippatsu=riichi and ippatsu[winner],
                rinshan=tsumo and source != DRAW,
                chankan=source in (ON_KAKAN, ON_ANKAN),
                haitei=tsumo and source == DRAW and self.live == 0,
                houtei=source == DISCARD and self.live == 0,
                tenhou=first_draw and winner == self.dealer,
                chiihou=first_draw and winner != self.dealer,
                renhou=(
                    not tsumo and winner != self.dealer and not self.drawn[winner] and not self.interrupted
                ),
                seat_wind=seat_wind,
                round_wind=T.EAST + self.round_raw // 4,
                dora_indicators=tuple(self.dora_indicators),
                ura_indicators=ura if riichi else (),
                pao=self.pao[winner],
                honba=self.honba,
                sticks=self.sticks,
                scores_before=tuple(self.scores),
                log=log,
            )
        )
        # the winner's payment as the log states it; the first winner of a double ron takes the sticks
        for seat, delta in enumerate(log.deltas):
            self.scores[seat] += delta
        self.sticks = 0

    def end_in_draw(self, kind: str, deltas: tuple[int, ...]) -> None:
        if self.pending_riichi is not None:  # a riichi on the last discard: the deposit is taken
            self.accept_riichi(self.pending_riichi)
        if kind in EXHAUSTIVE_KINDS and self.live != 0:
            raise self.fail(f"an exhaustive draw with {self.live} tiles left in the wall")
        tenpai = (
            tuple(s for s in range(self.n) if is_tenpai(self.hands[s], self.melds[s]))
            if kind in EXHAUSTIVE_KINDS
            else None
        )
        nagashi = tuple(s for s in range(self.n) if self.nagashi[s]) if kind == NAGASHI else ()
        if kind == NAGASHI and not nagashi:
            raise self.fail("a nagashi mangan nobody qualifies for")
        self.draw_result = Draw(kind, tenpai, nagashi, deltas, tuple(self.scores))
        for seat, delta in enumerate(deltas):
            self.scores[seat] += delta

    def finish(self) -> Kyoku:
        if not self.wins and self.draw_result is None:
            raise LogError(f"the record of {self.where()} stops before the hand ends")
        return Kyoku(
            round_wind=T.EAST + self.round_raw // 4,
            round_number=self.round_raw % 4 + 1,
            honba=self.honba,
            sticks=self.start_sticks,
            dealer=self.dealer,
            scores=self.start_scores,
            riichi=tuple(self.deposits),
            wins=tuple(self.wins),
            draw=self.draw_result,
            scores_after=tuple(self.scores),
        )


# --- tenpai at a draw -------------------------------------------------------------------------
def _wins_with(counts: list[int], sets: int) -> bool:
    """Is this a complete hand: sets and a pair, or (closed, no melds) seven pairs or orphans?"""
    shape = tuple(counts)
    if standard_readings(shape):
        return True
    return sets == 4 and (is_seven_pairs(shape) or is_thirteen_orphans(shape))


def is_tenpai(concealed: list[Tile], melds: list[Meld]) -> bool:
    """One tile from a winning shape, on a tile that is not all in the player's own hand.

    Tenhou counts a wait on a tile of which the player holds all four copies as noten.
    """
    counts = [0] * 34
    for index, _ in concealed:
        counts[index] += 1
    own = counts[:]
    for m in melds:
        for index, _ in m.tiles:
            own[index] += 1
    sets = (len(concealed) - 1) // 3
    for wait in _candidates(counts):
        if own[wait] >= 4:
            continue
        counts[wait] += 1
        ok = _wins_with(counts, sets)
        counts[wait] -= 1
        if ok:
            return True
    return False


def _candidates(counts: list[int]) -> list[int]:
    """Tiles that can complete something: next to a held tile, or any terminal/honour for kokushi."""
    held = [i for i in range(34) if counts[i]]
    if all(i in T.TERMINALS_AND_HONORS_SET for i in held):
        near = set(T.TERMINALS_AND_HONORS)
    else:
        near = set()
    for i in held:
        if i >= T.HONOR:
            near.add(i)
            continue
        base = i - i % 9
        near.update(j for j in range(max(base, i - 2), min(base + 8, i + 2) + 1))
    return sorted(j for j in near if T.is_sanma_tile(j))
