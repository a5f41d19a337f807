"""Every reading of a complete hand: standard (four sets and a pair), seven pairs, thirteen orphans.

A standard reading splits the concealed tiles into sets; the melds are added by the evaluator. Each
suit is split on its own, through a per-suit table: a suit's counts, packed into one integer (three
bits a tile), map to every way of splitting it into triplets, runs and at most one pair. An entry is
made the first time its pattern is seen and kept for the process (a few thousand patterns cover every
hand; it is no whole-hand cache). Each way carries the facts the yaku and fu read, worked out once
per pattern: bit masks of its runs and triplets, identical runs, whether every group holds a
terminal or honour, the triplets' fu. A hand's reading adds the four suits' facts up.
"""

from __future__ import annotations

from typing import Final, Iterable, Sequence

from calc.core import tiles as T

NO_TILE: Final = -1  # a reading's pair where there is none (the suit's part of a hand without its pair)


class StandardReading:
    """Four sets and a pair of concealed tiles (or one suit's part of them), with their facts. A
    written class: a first pass makes one or two a hand (the suits' new entries, the joined
    readings), and compiled code builds a NamedTuple through its generated `__new__`, in Python.
    Nothing writes to one."""

    pair: int  # the pair's tile, NO_TILE in a suit's part without it
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


def _splits(counts: list[int], honors: bool) -> list[list[tuple[bool, int]]]:
    """Every way to split one suit's counts wholly into sets: (is a run, index within the suit),
    the lowest tile first, a triplet tried before a run."""
    first = 0
    while first < len(counts) and counts[first] == 0:
        first += 1
    if first == len(counts):
        return [[]]
    out: list[list[tuple[bool, int]]] = []
    if counts[first] >= 3:
        counts[first] -= 3
        out += [[(False, first), *tail] for tail in _splits(counts, honors)]
        counts[first] += 3
    if not honors and first <= 6 and counts[first + 1] and counts[first + 2]:
        for i in (first, first + 1, first + 2):
            counts[i] -= 1
        out += [[(True, first), *tail] for tail in _splits(counts, honors)]
        for i in (first, first + 1, first + 2):
            counts[i] += 1
    return out


def _reading(base: int, pair: int, sets: list[tuple[bool, int]]) -> StandardReading:
    runs = tuple([base + i for is_run, i in sets if is_run])
    triplets = tuple([base + i for is_run, i in sets if not is_run])
    run_bits = triplet_bits = 0
    for run in runs:
        run_bits |= 1 << run
    for tile in triplets:
        triplet_bits |= 1 << tile
    ordered = sorted(runs)
    peikou = i = 0
    while i + 1 < len(ordered):
        if ordered[i] == ordered[i + 1]:
            peikou += 1
            i += 2
        else:
            i += 1
    outside = (pair == NO_TILE or pair in T.TERMINALS_AND_HONORS_SET) and all(
        t in T.TERMINALS_AND_HONORS_SET for t in triplets) and all(run % 9 in (0, 6) for run in runs)
    fu = sum([triplet_fu(t, True, False) for t in triplets])
    return StandardReading(pair, runs, triplets, run_bits, triplet_bits, peikou, outside, fu)


def _suit_entry(base: int, size: int, key: int) -> tuple[StandardReading, ...]:
    """One suit's readings, tiles numbered from `base`: a pair is taken only when its count is 2 mod 3."""
    counts = [key >> 3 * i & 7 for i in range(size)]
    total = sum(counts)
    honors = base == T.HONOR
    if total % 3 == 0:
        return tuple([_reading(base, NO_TILE, sets) for sets in _splits(counts, honors)])
    if total % 3 == 1:
        return ()
    out = []
    for i in range(size):
        if counts[i] >= 2:
            counts[i] -= 2
            out += [_reading(base, base + i, sets) for sets in _splits(counts, honors)]
            counts[i] += 2
    return tuple(out)


# (first tile, tiles in the suit, the suit's table: packed counts -> its readings)
_SUITS: Final[tuple[tuple[int, int, dict[int, tuple[StandardReading, ...]]], ...]] = (
    (T.MAN, 9, {}), (T.PIN, 9, {}), (T.SOU, 9, {}), (T.HONOR, 7, {}),
)


def standard_readings(counts: Sequence[int]) -> tuple[StandardReading, ...]:
    """Every (pair, sets) reading of 34 concealed counts, in a fixed order (manzu's ways first)."""
    return readings_of(counts if isinstance(counts, list) else list(counts))


def readings_of(counts: list[int]) -> tuple[StandardReading, ...]:
    """`standard_readings` of a list (the evaluator's own counts: compiled, a list is read directly)."""
    per_suit: list[tuple[StandardReading, ...]] = []
    pairs = 0
    combinations = 1
    for base, size, table in _SUITS:
        key = 0
        for i in range(base + size - 1, base - 1, -1):
            key = key << 3 | counts[i]
        if key == 0:
            continue
        entry = table.get(key)
        if entry is None:
            entry = table[key] = _suit_entry(base, size, key)
        if not entry:
            return ()
        if entry[0].pair != NO_TILE:  # every reading of a suit has the pair or none has (its count mod 3)
            pairs += 1
        per_suit.append(entry)
        combinations *= len(entry)
    if pairs != 1:
        return ()
    if len(per_suit) == 1:
        return per_suit[0]
    if combinations == 1:  # most hands: one way in every suit
        return (_join([entry[0] for entry in per_suit]),)
    out = []
    # every combination of one reading per suit, the last suit varying fastest
    last = len(per_suit) - 1
    for number in range(combinations):
        parts: list[StandardReading] = [per_suit[0][0]] * len(per_suit)
        for index in range(last, -1, -1):
            entry = per_suit[index]
            parts[index] = entry[number % len(entry)]
            number //= len(entry)
        out.append(_join(parts))
    return tuple(out)


def _join(parts: list[StandardReading]) -> StandardReading:
    """One reading from its suits' parts, in suit order."""
    pair = NO_TILE
    runs: tuple[int, ...] = ()
    triplets: tuple[int, ...] = ()
    run_bits = triplet_bits = peikou = fu = 0
    outside = True
    for part in parts:
        if part.pair != NO_TILE:
            pair = part.pair
        runs += part.runs
        triplets += part.triplets
        run_bits |= part.run_bits
        triplet_bits |= part.triplet_bits
        peikou += part.peikou
        outside = outside and part.outside
        fu += part.triplet_fu
    return StandardReading(pair, runs, triplets, run_bits, triplet_bits, peikou, outside, fu)


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
