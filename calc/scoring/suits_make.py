"""Every suit pattern's facts worked out from first principles, and the file that ships them.

`python -m calc.scoring.suits_make` (`make suit-tables`) writes calc/scoring/suits.bin, which
calc.scoring.suits reads; tests/test_suit_tables.py checks a sample of that file against the
functions here. It is the slow, plain statement of what each entry means: at run time only `sanma
waits` asks it, of a hand completed by a fifth copy of a tile (no pattern of the file).

A suit's pattern is its tile counts (9 numbers, or 7 honours, each 0-4, at most 14 tiles). For each:

- its *blocks vector*: for each (pair 0/1, mentsu 0-4), the most taatsu (capped at 4) the suit holds
  beside them, -1 where the suit cannot reach that combination; mentsu are triplets and runs,
  taatsu pairs, two-sided / edge and closed waits, the pair one pair set aside as the head. A
  hand's standard shanten is read from the merge of its four suits' vectors (`best`);
- whether it is *complete*: it splits wholly into sets, plus one pair when its count is 2 mod 3;
- its *waits*: the tiles one more of which makes it complete;
- its *readings* when complete: every way of splitting it into sets and that pair, in the order the
  evaluator's tie-break relies on (the pair's place ascending, then a triplet tried before a run at
  the lowest tile), each with the facts the yaku and fu read.
"""

from __future__ import annotations

import itertools
import struct
import sys
from functools import lru_cache
from pathlib import Path

from calc.scoring.suits_file import HEADER, HONOURS, LOW, MAGIC, MOST, NO_OFFSET, NUMBERS, PATH, RECORD, FILE_VERSION, sections

NONE = -1  # a (mentsu, pair) combination the suit cannot reach
CAP = 4  # more than four mentsu or taatsu never helps a 14-tile hand
EMPTY = (0,) + (NONE,) * 9  # no tiles: zero mentsu, zero taatsu, no pair
# what a block adds: (mentsu, taatsu, pair)
MENTSU = (1, 0, 0)
HEAD = (0, 0, 1)
TAATSU = (0, 1, 0)


def code_of(counts: tuple[int, ...]) -> int:
    """A suit's counts as one integer, base 5, the first count most significant."""
    code = 0
    for c in counts:
        code = code * 5 + c
    return code


# --- blocks vectors ---------------------------------------------------------------------------------

def shifted(vector: tuple[int, ...], move: tuple[int, int, int]) -> tuple[int, ...]:
    """The vector of a suit with one more block (`move`) than the suit of `vector`."""
    dm, dt, dp = move
    out = [NONE] * 10
    for p in (0, 1):
        if dp and p:
            continue
        for m in range(5 - dm):
            t = vector[p * 5 + m]
            if t >= 0:
                out[(p + dp) * 5 + m + dm] = min(t + dt, CAP)
    return tuple(out)


def maximum(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(max(x, y) for x, y in zip(a, b))


def merge(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """The vector of two suits together: each (pair, mentsu) split between them, the best."""
    out = [NONE] * 10
    for pa in (0, 1):
        for ma in range(5):
            ta = a[pa * 5 + ma]
            if ta < 0:
                continue
            for pb in (0, 1 - pa):
                for mb in range(5 - ma):
                    tb = b[pb * 5 + mb]
                    if tb >= 0:
                        slot = (pa + pb) * 5 + ma + mb
                        out[slot] = max(out[slot], min(ta + tb, CAP))
    return tuple(out)


def best(vector: tuple[int, ...], melds: int) -> int:
    """The standard-form shanten of a hand whose concealed suits merge to `vector`, with `melds`
    melds: 8 - max(2m + min(t, 4 - m) + p)."""
    top = -1
    for p in (0, 1):
        for m in range(5 - melds):
            t = vector[p * 5 + m]
            if t >= 0:
                mm = m + melds
                top = max(top, 2 * mm + min(t, 4 - mm) + p)
    return 8 - top


@lru_cache(maxsize=None)
def vector(counts: tuple[int, ...], honours: bool) -> tuple[int, ...]:
    """The blocks vector of one suit: its lowest tile used every way it can be (alone, in a
    triplet, a run, the pair, a pair or a wait as a taatsu), the rest of the suit the same way."""
    first = 0
    while first < len(counts) and not counts[first]:
        first += 1
    if first == len(counts):
        return EMPTY

    def rest(*offsets: int) -> tuple[int, ...]:
        left = list(counts)
        for k in offsets:
            left[first + k] -= 1
        return vector(tuple(left), honours)

    size = len(counts) - first
    c = counts[first]
    found = rest(0)  # the tile stays alone
    if c >= 3:
        found = maximum(found, shifted(rest(0, 0, 0), MENTSU))
    if not honours and size > 2 and counts[first + 1] and counts[first + 2]:
        found = maximum(found, shifted(rest(0, 1, 2), MENTSU))
    if c >= 2:
        pair = rest(0, 0)
        found = maximum(found, shifted(pair, HEAD))
        found = maximum(found, shifted(pair, TAATSU))
    if not honours:
        for step in (1, 2):
            if step < size and counts[first + step]:
                found = maximum(found, shifted(rest(0, step), TAATSU))
    return found


# --- completeness, waits and readings ---------------------------------------------------------------

def splits(counts: list[int], honours: bool) -> list[list[tuple[bool, int]]]:
    """Every way to split one suit's counts wholly into sets: (is a run, offset), the lowest tile
    first, a triplet tried before a run."""
    first = 0
    while first < len(counts) and counts[first] == 0:
        first += 1
    if first == len(counts):
        return [[]]
    out: list[list[tuple[bool, int]]] = []
    if counts[first] >= 3:
        counts[first] -= 3
        out += [[(False, first), *tail] for tail in splits(counts, honours)]
        counts[first] += 3
    if not honours and first + 2 < len(counts) and counts[first + 1] and counts[first + 2]:
        for i in (first, first + 1, first + 2):
            counts[i] -= 1
        out += [[(True, first), *tail] for tail in splits(counts, honours)]
        for i in (first, first + 1, first + 2):
            counts[i] += 1
    return out


def readings(counts: tuple[int, ...], honours: bool) -> list[tuple[int, list[tuple[bool, int]]]]:
    """(pair offset or -1, sets) for every way the suit is complete; empty when it is not."""
    total = sum(counts)
    if total % 3 == 1:
        return []
    work = list(counts)
    if total % 3 == 0:
        return [(-1, sets) for sets in splits(work, honours)]
    out = []
    for i in range(len(work)):
        if work[i] >= 2:
            work[i] -= 2
            out += [(i, sets) for sets in splits(work, honours)]
            work[i] += 2
    return out


def complete(counts: tuple[int, ...], honours: bool) -> bool:
    return bool(readings(counts, honours))


def waits(counts: tuple[int, ...], honours: bool) -> int:
    """The waits as a mask: bit i for each offset one more tile of which completes the suit."""
    mask = 0
    for i in range(len(counts)):
        if counts[i] < 4:
            grown = list(counts)
            grown[i] += 1
            if complete(tuple(grown), honours):
                mask |= 1 << i
    return mask


def terminal_or_honour(offset: int, honours: bool) -> bool:
    return honours or offset in (0, NUMBERS - 1)


def record(pair: int, sets: list[tuple[bool, int]], honours: bool) -> bytes:
    """A reading as RECORD bytes: the pair's offset; the counts of runs and triplets; the sets'
    offsets (the runs' lowest tiles, then the triplets'); identical runs (iipeikou 1, ryanpeikou 2)
    and whether every set and the pair hold a terminal or honour (chanta, junchan); the triplets'
    fu, each counted as concealed (rules.md §3 fu)."""
    runs = [i for is_run, i in sets if is_run]
    triplets = [i for is_run, i in sets if not is_run]
    ordered = sorted(runs)
    peikou = i = 0
    while i + 1 < len(ordered):
        if ordered[i] == ordered[i + 1]:
            peikou += 1
            i += 2
        else:
            i += 1
    outside = ((pair < 0 or terminal_or_honour(pair, honours)) and all(terminal_or_honour(t, honours) for t in triplets)
               and all(run in (0, NUMBERS - 3) for run in runs))
    fu = sum(8 if terminal_or_honour(t, honours) else 4 for t in triplets)
    offsets = runs + triplets
    offsets += [NO_OFFSET] * (4 - len(offsets))
    return bytes([NO_OFFSET if pair < 0 else pair, len(runs) | len(triplets) << 4, *offsets,
                  peikou | outside << 2, fu])


# --- the index of a pattern -------------------------------------------------------------------------
# A pattern's place in its kind's table: START[high] + ORDER[low], where low is the code of its last
# four counts and high that of the counts before them. The low parts are ranked by their tile count
# (then code), so those that fit beside a high part (at most MOST tiles together) are the first
# LIMIT[high] ranks: the table holds exactly the patterns of at most MOST tiles.

def low_order() -> list[int]:
    lows = sorted(itertools.product(range(5), repeat=LOW), key=lambda t: (sum(t), code_of(t)))
    order = [0] * 5 ** LOW
    for rank, low in enumerate(lows):
        order[code_of(low)] = rank
    return order


def fitting(tiles: int) -> int:
    """How many low parts hold at most `tiles` tiles."""
    return sum(1 for low in itertools.product(range(5), repeat=LOW) if sum(low) <= tiles)


def starts(size: int) -> tuple[list[int], list[int]]:
    """(START, LIMIT) over the high parts of a suit of `size` tiles."""
    start, limit = [], []
    place = 0
    for high in itertools.product(range(5), repeat=size - LOW):
        fit = fitting(MOST - sum(high)) if sum(high) <= MOST else 0
        start.append(place)
        limit.append(fit)
        place += fit
    return start, limit


def patterns(size: int) -> list[tuple[int, ...]]:
    """Every pattern of at most MOST tiles, in table order."""
    order = low_order()
    lows = sorted(itertools.product(range(5), repeat=LOW), key=lambda t: order[code_of(t)])
    out = []
    for high in itertools.product(range(5), repeat=size - LOW):
        for low in lows:
            if sum(high) + sum(low) > MOST:
                break
            out.append(high + low)
    return out


# --- the file ---------------------------------------------------------------------------------------

def build() -> bytes:
    """The whole file (see calc.scoring.suits for how each entry is read)."""
    kinds = [(False, patterns(NUMBERS)), (True, patterns(HONOURS))]
    # the vectors of the suits themselves first (an entry holds its id in a byte), in a fixed order
    own = sorted({vector(p, honours) for honours, found in kinds for p in found})
    closure, frontier = set(own), set(own)
    while frontier:
        new = {merge(a, b) for a in frontier for b in closure} - closure
        closure |= new
        frontier = new
    ordered = own + sorted(closure - set(own))
    assert len(own) < 256, len(own)
    ids = {v: i for i, v in enumerate(ordered)}
    entries: dict[bool, list[int]] = {}
    reading_at = [0]  # slot s (from 1; 0 is a pattern that is not complete): records reading_at[s - 1:s]
    records = bytearray()
    for honours, found in kinds:
        out = []
        for p in found:
            slot = 0
            ways = readings(p, honours)
            if ways:
                slot = len(reading_at)
                for pair, sets in ways:
                    records += record(pair, sets, honours)
                reading_at.append(len(records) // RECORD)
            out.append(ids[vector(p, honours)] | waits(p, honours) << 8 | slot << 17)
        entries[honours] = out
    assert len(reading_at) <= 1 << 15
    number_start, number_limit = starts(NUMBERS)
    honour_start, honour_limit = starts(HONOURS)
    size = len(ordered)
    data = {
        "order": low_order(), "number_start": number_start, "number_limit": number_limit,
        "honour_start": honour_start, "honour_limit": honour_limit,
        "number_entry": entries[False], "honour_entry": entries[True],
        "merge": [ids[merge(a, b)] for a in ordered for b in ordered],
        "best": [best(v, melds) + 1 for v in ordered for melds in range(5)],  # shanten -1..8 as 0..9
        "reading_at": reading_at, "records": list(records),
        "tiles": [sum(part) for part in itertools.product(range(5), repeat=NUMBERS - LOW)],
        "vectors": [x for v in ordered for x in v],
    }
    counts = (size, len(entries[False]), len(entries[True]), len(reading_at) - 1, len(records) // RECORD)
    out = bytearray(HEADER.pack(MAGIC, FILE_VERSION, *counts, 0, 0, 0))
    for name, kind, items in sections(*counts):
        out += bytes(-len(out) % 8)
        values = data[name]
        assert len(values) == items, (name, len(values), items)
        out += struct.pack(f"<{items}{kind}", *values)
    return bytes(out)


def main(argv: list[str]) -> None:
    target = Path(argv[0]) if argv else PATH
    data = build()
    target.write_bytes(data)
    print(f"wrote {target} ({len(data):,} bytes)")


if __name__ == "__main__":
    main(sys.argv[1:])
