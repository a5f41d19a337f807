"""One interpretation of a winning hand: a reading plus where the winning tile sits.

Yaku and fu are both read off a `Shape`. Building it once per interpretation keeps every check a
cheap look-up (the set lists, which groups are concealed, the wait). These are NamedTuples rather
than frozen dataclasses: they are built for every reading of every hand, and a tuple is several
times cheaper to construct (measured with `make bench`).
"""

from __future__ import annotations

from typing import NamedTuple

from calc import tiles as T
from calc.decompose import RUN, TRIPLET
from calc.hand import Hand, WinContext

# Waits (rules.md §3 fu): ryanmen and shanpon add nothing, the others 2 fu.
RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI = "ryanmen", "kanchan", "penchan", "shanpon", "tanki"
SEVEN_PAIRS, THIRTEEN_ORPHANS, STANDARD = "seven pairs", "thirteen orphans", "standard"


class Triplet(NamedTuple):
    tile: int
    concealed: bool  # counts for sanankou / suuankou and the closed triplet fu
    kan: bool
    called: bool  # part of an open meld (pon or open kan)


class TileFacts(NamedTuple):
    """What the hand's tiles are made of, melds included: the same for every reading of one hand."""

    suits: frozenset[int]  # suits (0 m, 1 p, 2 s) holding at least one tile
    honors: bool
    simples_only: bool  # no terminal or honour (tanyao)
    yaochuu_only: bool  # only terminals and honours
    terminals_only: bool  # terminals, no honours
    honors_only: bool
    green_only: bool

    @classmethod
    def of(cls, present: set[int]) -> TileFacts:
        """From the set of distinct tiles in the hand."""
        honors = sum(1 for t in present if t >= T.HONOR)
        yaochuu = sum(1 for t in present if t in T.TERMINALS_AND_HONORS_SET)
        everything = len(present)
        return cls(
            suits=frozenset(t // 9 for t in present if t < T.HONOR),
            honors=honors > 0,
            simples_only=yaochuu == 0,
            yaochuu_only=yaochuu == everything,
            terminals_only=yaochuu == everything and honors == 0,
            honors_only=honors == everything,
            green_only=T.GREEN_TILES.issuperset(present),
        )


class Shape(NamedTuple):
    form: str  # STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS
    pair: int | None  # the pair tile (standard form)
    runs: tuple[int, ...]  # lowest tile of each run
    triplets: tuple[Triplet, ...]
    wait: str | None
    closed: bool  # no open melds
    tsumo: bool
    all_tiles: tuple[int, ...]  # every tile of the hand, melds included (a kan gives four)
    counts: tuple[int, ...]  # 34 counts of all_tiles
    facts: TileFacts
    triplet_tiles: tuple[int, ...] = ()

    @property
    def groups_tiles(self):
        """Each group's tiles as a tuple: the pair, the runs, the triplets."""
        out = []
        if self.pair is not None:
            out.append((self.pair, self.pair))
        out += [(r, r + 1, r + 2) for r in self.runs]
        out += [(t.tile,) * 3 for t in self.triplets]
        return out


def wait_of_run(run: int, win: int) -> str:
    position = win - run
    number = T.number_of(run)
    if position == 1:
        return KANCHAN
    if (position == 2 and number == 1) or (position == 0 and number == 7):
        return PENCHAN  # 12 waiting on 3, or 89 waiting on 7
    return RYANMEN


def shapes(hand: Hand, context: WinContext, readings, *, seven_pairs: bool, thirteen_orphans: bool):
    """Every Shape of the hand: each standard reading with each place the winning tile can sit."""
    all_tiles = list(hand.concealed)
    for meld in hand.melds:
        all_tiles += meld.tiles
    all_tiles_t = tuple(all_tiles)
    counts = [0] * 34
    for t in all_tiles_t:
        counts[t] += 1
    counts_t = tuple(counts)
    facts = TileFacts.of(set(all_tiles))
    closed = hand.closed
    win = hand.win_tile
    tsumo = context.tsumo
    meld_runs = tuple(m.tiles[0] for m in hand.melds if not m.is_triplet)
    meld_triplets = tuple(Triplet(m.tiles[0], not m.opened, m.is_kan, m.opened) for m in hand.melds if m.is_triplet)
    out = []
    if thirteen_orphans:
        out.append(Shape(THIRTEEN_ORPHANS, None, (), (), None, True, tsumo, all_tiles_t, counts_t, facts))
    if seven_pairs:
        out.append(Shape(SEVEN_PAIRS, None, (), (), TANKI, True, tsumo, all_tiles_t, counts_t, facts))
    for reading in readings:
        runs = [tile for kind, tile in reading.groups if kind == RUN]
        trips = [tile for kind, tile in reading.groups if kind == TRIPLET]
        # The winning tile can complete the pair, any triplet of its tile, or any run holding it.
        places: list[tuple[str, int]] = []
        if reading.pair == win:
            places.append((TANKI, -1))
        if win in trips:
            places.append((SHANPON, -1))
        seen_runs = set()
        for run in runs:
            if run <= win <= run + 2 and run not in seen_runs:
                seen_runs.add(run)
                places.append((wait_of_run(run, win), run))
        run_groups = tuple(runs) + meld_runs
        for wait, _ in places:
            triplets = [
                # A triplet completed by ron is treated as open (minkou), rules: fu and sanankou.
                Triplet(t, not (wait == SHANPON and t == win and not tsumo), False, False)
                for t in trips
            ]
            all_triplets = tuple(triplets) + meld_triplets
            out.append(
                Shape(STANDARD, reading.pair, run_groups, all_triplets, wait, closed, tsumo, all_tiles_t, counts_t,
                      facts, tuple(t.tile for t in all_triplets))
            )
    return out
