"""Every reading of a complete hand: standard (four sets and a pair), seven pairs, thirteen orphans.

A standard reading splits the concealed tiles into sets; the melds are added by the evaluator. Each
suit is split on its own, through the shipped per-suit tables (calc.scoring.suits): a suit's counts
are one entry, which lists every way of splitting it into triplets, runs and at most one pair, each
way with the facts the yaku and fu read, worked out once for every pattern when the tables were
made (its runs and triplets, identical runs, whether every group holds a terminal or honour, the
triplets' fu). A hand's reading adds the suits' facts up.
"""

from __future__ import annotations

from typing import Final, Iterable, Sequence

from calc.core import tiles as T
from calc.scoring import suits

NO_TILE: Final = -1  # a reading's pair where there is none (the suit's part of a hand without its pair)


class StandardReading:
    """Four sets and a pair of concealed tiles, with their facts. A written class: a hand makes one
    or two, and compiled code builds a NamedTuple through its generated `__new__`, in Python.
    Nothing writes to one."""

    pair: int  # the pair's tile
    runs: tuple[int, ...]  # lowest tile of each concealed run
    triplets: tuple[int, ...]  # tile of each concealed triplet
    run_bits: int  # bit t set for a run starting at tile t (two identical runs: one bit)
    triplet_bits: int  # bit t set for a triplet of tile t
    peikou: int  # pairs of identical runs (iipeikou 1, ryanpeikou 2)
    outside: bool  # every set and the pair hold a terminal or an honour (chanta, junchan)
    triplet_fu: int  # the triplets' fu, each counted as concealed (rules.md §3 fu)

    def __init__(self, pair: int, runs: tuple[int, ...], triplets: tuple[int, ...], run_bits: int, triplet_bits: int,
                 peikou: int, outside: bool, triplet_fu: int) -> None:
        self.pair = pair
        self.runs = runs
        self.triplets = triplets
        self.run_bits = run_bits
        self.triplet_bits = triplet_bits
        self.peikou = peikou
        self.outside = outside
        self.triplet_fu = triplet_fu


def triplet_fu(tile: int, concealed: bool, kan: bool) -> int:
    """2, doubled for a terminal or honour, doubled when concealed, ×4 for a kan (rules.md §3)."""
    fu = 4 if tile in T.TERMINALS_AND_HONORS_SET else 2
    if concealed:
        fu *= 2
    return fu * 4 if kan else fu


# each suit's first tile and its number of tiles, in the readings' order (compiled, a loop over
# indices reads them in place, where unpacking pairs made tuples); and the pairs
_BASES: Final = (T.MAN, T.PIN, T.SOU, T.HONOR)
_SIZES: Final = (9, 9, 9, 7)
SUITS: Final = tuple(zip(_BASES, _SIZES))


def standard_readings(counts: Sequence[int]) -> tuple[StandardReading, ...]:
    """Every (pair, sets) reading of 34 concealed counts, in a fixed order (manzu's ways first)."""
    return readings_of(counts if isinstance(counts, list) else list(counts))


def readings_of(counts: list[int]) -> tuple[StandardReading, ...]:
    """`standard_readings` of a list (the evaluator's own counts: compiled, a list is read directly).

    Each suit's ways are its records in the shipped tables (calc.scoring.suits); a hand's reading is
    one way of each suit that holds tiles, added up, every combination, the last suit varying
    fastest. A suit holds at most four copies of a tile and 14 tiles."""
    bases: list[int] = []
    firsts: list[int] = []  # per suit with tiles: the place of its first record in suits.DATA
    ways: list[int] = []  # ... and its number of records
    pairs = 0
    combinations = 1
    for suit in range(4):
        base = _BASES[suit]
        code = 0
        for i in range(base, base + _SIZES[suit]):
            code = code * 5 + counts[i]
        if code == 0:
            continue
        entry = suits.entry(code, suit == 3)
        if not suits.complete(entry):
            return ()
        first, count = suits.readings(entry)
        if suits.DATA[first] != suits.NO_OFFSET:  # every way of a suit has the pair or none has (its count mod 3)
            pairs += 1
        bases.append(base)
        firsts.append(first)
        ways.append(count)
        combinations *= count
    if pairs != 1:
        return ()
    if combinations == 1:  # most hands: one way in every suit
        return (_reading(bases, firsts),)
    out = []
    last = len(bases) - 1
    places = list(firsts)
    for number in range(combinations):
        for index in range(last, -1, -1):
            count = ways[index]
            places[index] = firsts[index] + number % count * suits.RECORD
            number //= count
        out.append(_reading(bases, places))
    return tuple(out)


def _reading(bases: list[int], places: list[int]) -> StandardReading:
    """The reading made of one record of each suit that holds tiles (`places` in suits.DATA, in
    suit order): see calc.scoring.suits_make.record for a record's bytes."""
    data = suits.DATA
    pair = NO_TILE
    runs: list[int] = []
    triplets: list[int] = []
    run_bits = triplet_bits = peikou = fu = 0
    outside = True
    for k in range(len(bases)):
        base = bases[k]
        at = places[k]
        if data[at] != suits.NO_OFFSET:
            pair = base + data[at]
        sets = data[at + 1]
        held = (sets & 15) + (sets >> 4)
        for j in range(at + 2, at + 2 + held):
            tile = base + data[j]
            if j - at - 2 < sets & 15:
                runs.append(tile)
                run_bits |= 1 << tile
            else:
                triplets.append(tile)
                triplet_bits |= 1 << tile
        facts = data[at + 6]
        peikou += facts & 3
        outside = outside and facts & 4 != 0
        fu += data[at + 7]
    return StandardReading(pair, tuple(runs), tuple(triplets), run_bits, triplet_bits, peikou, outside, fu)


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Seven different pairs; four of a kind is not two pairs."""
    pairs = 0
    for count in counts:  # compiled, a loop compares machine integers (list.count compares objects)
        if count == 2:
            pairs += 1
    return pairs == 7


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    """One of each terminal and honour and a second of one of them: 14 tiles, all yaochuu."""
    return sum(counts) == 14 and all(counts[t] for t in T.TERMINALS_AND_HONORS) and sum(
        [counts[t] for t in T.TERMINALS_AND_HONORS]
    ) == 14


def counts_of(tile_list: Iterable[int]) -> list[int]:
    counts = [0] * 34
    for t in tile_list:
        counts[t] += 1
    return counts
