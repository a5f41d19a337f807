"""Every reading of a complete hand: standard (four sets and a pair), seven pairs, thirteen orphans.

A standard reading splits the concealed tiles into sets; the melds are added as they are. Each
suit is split on its own, into a per-suit table keyed by the suit's counts (filled on first sight
of a suit's counts: a few thousand entries cover every hand, and it is no whole-hand cache), so a
hand costs four dictionary look-ups and a combination of the suits' entries.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import NamedTuple

from calc.core import tiles as T

TRIPLET, RUN = 0, 1
Group = tuple[int, int]  # (TRIPLET | RUN, tile index; a run is named by its lowest tile)


class StandardReading(NamedTuple):
    pair: int
    runs: tuple[int, ...]  # lowest tile of each concealed run
    triplets: tuple[int, ...]  # tile of each concealed triplet


Part = tuple[int | None, tuple[int, ...], tuple[int, ...]]  # (pair tile, run starts, triplet tiles)


@lru_cache(maxsize=None)
def _sets(counts: tuple[int, ...], honors: bool) -> tuple[tuple[Group, ...], ...]:
    """All ways to split one suit's counts wholly into triplets and runs (indices within the suit)."""
    first = next((i for i, c in enumerate(counts) if c), None)
    if first is None:
        return ((),)
    out: list[tuple[Group, ...]] = []
    if counts[first] >= 3:
        rest = list(counts)
        rest[first] -= 3
        out += [((TRIPLET, first), *tail) for tail in _sets(tuple(rest), honors)]
    if not honors and first <= 6 and counts[first + 1] and counts[first + 2]:
        rest = list(counts)
        rest[first] -= 1
        rest[first + 1] -= 1
        rest[first + 2] -= 1
        out += [((RUN, first), *tail) for tail in _sets(tuple(rest), honors)]
    return tuple(out)


@lru_cache(maxsize=None)
def _suit_readings(counts: tuple[int, ...], honors: bool) -> tuple[tuple[int | None, tuple[Group, ...]], ...]:
    """(pair index or None, sets) for one suit: a pair is taken only when the count is 2 mod 3."""
    total = sum(counts)
    if total % 3 == 0:
        return tuple((None, sets) for sets in _sets(counts, honors))
    if total % 3 == 1:
        return ()
    out = []
    for i, c in enumerate(counts):
        if c >= 2:
            rest = list(counts)
            rest[i] -= 2
            out += [(i, sets) for sets in _sets(tuple(rest), honors)]
    return tuple(out)


def _suit_parts(base: int, key: tuple[int, ...], honors: bool) -> tuple[Part, ...]:
    """One suit's readings with absolute tile indices: an entry of the per-suit table."""
    return tuple(
        (
            None if pair is None else base + pair,
            tuple([base + i for kind, i in sets if kind == RUN]),
            tuple([base + i for kind, i in sets if kind == TRIPLET]),
        )
        for pair, sets in _suit_readings(key, honors)
    )


# (first tile, end, honours, the suit's table: counts -> parts)
_SUITS: tuple[tuple[int, int, bool, dict[tuple[int, ...], tuple[Part, ...]]], ...] = tuple(
    (base, end, base == T.HONOR, {}) for base, end in ((T.MAN, T.PIN), (T.PIN, T.SOU), (T.SOU, T.HONOR), (T.HONOR, 34))
)


def standard_readings(counts: tuple[int, ...]) -> tuple[StandardReading, ...]:
    """Every (pair, sets) reading of 34 concealed counts whose total is 2 mod 3."""
    per_suit = []
    single = True  # most hands read one way in every suit
    for base, end, honors, table in _SUITS:
        key = tuple(counts[base:end])
        parts = table.get(key)
        if parts is None:
            parts = table[key] = _suit_parts(base, key, honors)
        if not parts:
            return ()
        if len(parts) > 1:
            single = False
        per_suit.append(parts)
    if single:
        m, p, s, z = [parts[0] for parts in per_suit]
        pairs = [pair for pair in (m[0], p[0], s[0], z[0]) if pair is not None]
        if len(pairs) != 1:
            return ()
        return (StandardReading(pairs[0], m[1] + p[1] + s[1] + z[1], m[2] + p[2] + s[2] + z[2]),)
    out = []
    for m, p, s, z in product(*per_suit):
        pairs = [pair for pair in (m[0], p[0], s[0], z[0]) if pair is not None]
        if len(pairs) == 1:
            out.append(StandardReading(pairs[0], m[1] + p[1] + s[1] + z[1], m[2] + p[2] + s[2] + z[2]))
    return tuple(out)


def is_seven_pairs(counts: tuple[int, ...]) -> bool:
    """Seven different pairs; four of a kind is not two pairs."""
    return counts.count(2) == 7


def is_thirteen_orphans(counts: tuple[int, ...]) -> bool:
    """One of each terminal and honour and a second of one of them: 14 tiles, all yaochuu."""
    return sum(counts) == 14 and all(counts[t] for t in T.TERMINALS_AND_HONORS) and sum(
        counts[t] for t in T.TERMINALS_AND_HONORS
    ) == 14


def counts_of(tile_list) -> tuple[int, ...]:
    counts = [0] * 34
    for t in tile_list:
        counts[t] += 1
    return tuple(counts)
