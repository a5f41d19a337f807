"""One interpretation of a winning hand: a reading plus where the winning tile sits.

Yaku and fu are both read off a `Shape`. Building it once per interpretation keeps every check a
cheap look-up (the set lists, which groups are concealed, the wait). These are NamedTuples rather
than frozen dataclasses: they are built for every reading of every hand, and a tuple is several
times cheaper to construct (measured with `make bench`).
"""

from __future__ import annotations

from typing import NamedTuple

from calc.core import tiles as T
from calc.scoring.hand import Hand, WinContext

# Waits (rules.md §3 fu): ryanmen and shanpon add nothing, the others 2 fu.
RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI = "ryanmen", "kanchan", "penchan", "shanpon", "tanki"
SEVEN_PAIRS, THIRTEEN_ORPHANS, STANDARD = "seven pairs", "thirteen orphans", "standard"


class Triplet(NamedTuple):
    tile: int
    concealed: bool  # counts for sanankou / suuankou and the closed triplet fu
    kan: bool
    called: bool  # part of an open meld (pon or open kan)


# Per-tile property bits: OR-ing the bits of every distinct tile describes the whole hand.
_MAN_BIT, _PIN_BIT, _SOU_BIT, _HONOR_BIT, _YAOCHUU_BIT, _SIMPLE_BIT, _NOT_GREEN_BIT = (1 << i for i in range(7))
_SUIT_BITS = _MAN_BIT | _PIN_BIT | _SOU_BIT


def _tile_bits(tile: int) -> int:
    bits = _HONOR_BIT if tile >= T.HONOR else 1 << T.suit_of(tile)
    bits |= _YAOCHUU_BIT if tile in T.TERMINALS_AND_HONORS_SET else _SIMPLE_BIT
    if tile not in T.GREEN_TILES:
        bits |= _NOT_GREEN_BIT
    return bits


_BITS = tuple(_tile_bits(t) for t in range(34))
# suit bits -> the suits they name
_SUITS_OF_BITS = tuple(frozenset(s for s in range(3) if bits >> s & 1) for bits in range(8))


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
        bits = 0
        for tile in present:
            bits |= _BITS[tile]
        return _FACTS_OF_BITS[bits]

    @classmethod
    def _of_bits(cls, bits: int) -> TileFacts:
        honors = bool(bits & _HONOR_BIT)
        yaochuu_only = not bits & _SIMPLE_BIT
        return cls(
            suits=_SUITS_OF_BITS[bits & _SUIT_BITS],
            honors=honors,
            simples_only=not bits & _YAOCHUU_BIT,
            yaochuu_only=yaochuu_only,
            terminals_only=yaochuu_only and not honors,
            honors_only=not bits & _SUIT_BITS,
            green_only=not bits & _NOT_GREEN_BIT,
        )


# every OR of tile bits -> its facts: 128 values, made once
_FACTS_OF_BITS = tuple(TileFacts._of_bits(bits) for bits in range(1 << 7))


class Shape(NamedTuple):
    form: str  # STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS
    pair: int | None  # the pair tile (standard form)
    runs: tuple[int, ...]  # lowest tile of each run
    triplets: tuple[Triplet, ...]
    wait: str | None
    closed: bool  # no open melds
    tsumo: bool
    counts: tuple[int, ...]  # 34 counts of every tile of the hand, melds included (a kan gives four)
    facts: TileFacts
    triplet_tiles: tuple[int, ...] = ()


def wait_of_run(run: int, win: int) -> str:
    position = win - run
    number = T.number_of(run)
    if position == 1:
        return KANCHAN
    if (position == 2 and number == 1) or (position == 0 and number == 7):
        return PENCHAN  # 12 waiting on 3, or 89 waiting on 7
    return RYANMEN


# A concealed triplet of each tile, and the same triplet completed by ron (treated as open for fu
# and sanankou): made once, shared by every shape.
_CONCEALED_TRIPLET = tuple(Triplet(t, True, False, False) for t in range(34))
_RON_TRIPLET = tuple(Triplet(t, False, False, False) for t in range(34))


def shapes(hand: Hand, context: WinContext, readings, concealed_counts, *, seven_pairs: bool, thirteen_orphans: bool):
    """Every Shape of the hand: each standard reading with each place the winning tile can sit."""
    present = set(hand.concealed)
    meld_runs: tuple[int, ...] = ()
    meld_triplets: tuple[Triplet, ...] = ()
    meld_triplet_tiles: tuple[int, ...] = ()
    if hand.melds:
        counts = list(concealed_counts)
        for meld in hand.melds:
            counts[meld.tiles[0]] += len(meld.tiles)
            present.update(meld.tiles)
        concealed_counts = tuple(counts)
        meld_runs = tuple(m.tiles[0] for m in hand.melds if not m.is_triplet)
        meld_triplets = tuple(Triplet(m.tiles[0], not m.opened, m.is_kan, m.opened) for m in hand.melds if m.is_triplet)
        meld_triplet_tiles = tuple(t.tile for t in meld_triplets)
    counts_t = concealed_counts
    facts = TileFacts.of(present)
    closed = hand.closed if hand.melds else True
    win = hand.win_tile
    tsumo = context.tsumo
    out = []
    if thirteen_orphans:
        out.append(Shape(THIRTEEN_ORPHANS, None, (), (), None, True, tsumo, counts_t, facts))
    if seven_pairs:
        out.append(Shape(SEVEN_PAIRS, None, (), (), TANKI, True, tsumo, counts_t, facts))
    concealed_triplet = _CONCEALED_TRIPLET
    for pair, runs, concealed in readings:
        # The winning tile can complete the pair, a triplet of its tile, or a run holding it; two
        # runs giving the same wait give the same shape.
        waits = []
        if pair == win:
            waits.append(TANKI)
        if win in concealed:
            waits.append(SHANPON)
        for run in runs:
            if run <= win <= run + 2:
                wait = wait_of_run(run, win)
                if wait not in waits:
                    waits.append(wait)
        triplets = tuple([concealed_triplet[t] for t in concealed]) + meld_triplets
        runs += meld_runs
        triplet_tiles = concealed + meld_triplet_tiles
        for wait in waits:
            # A triplet completed by ron is treated as open (minkou), rules: fu and sanankou.
            if wait == SHANPON and not tsumo:
                won = tuple([_RON_TRIPLET[t] if t == win else concealed_triplet[t] for t in concealed]) + meld_triplets
                out.append(Shape(STANDARD, pair, runs, won, wait, closed, tsumo, counts_t, facts, triplet_tiles))
            else:
                out.append(Shape(STANDARD, pair, runs, triplets, wait, closed, tsumo, counts_t, facts, triplet_tiles))
    return out
