"""The shipped per-suit tables (calc/scoring/suits.bin) against the code that works them out
(calc.scoring.suits_make), on a sample: every pattern of up to five tiles and seeded random ones of
every size. `make suit-tables` writes the whole file again (not part of `make test`: ~25 s).

And what they are for: a first pass fills nothing, so scoring or asking the shanten of hands never
seen before leaves a process's memory where it was."""

from __future__ import annotations

import itertools
import random
import tracemalloc

import pytest

from calc.scoring import readings as R
from calc.scoring import shanten as S
from calc.scoring import suits as V
from calc.scoring import suits_file as F
from calc.scoring import suits_make as M


def _vector(vector_id: int) -> tuple[int, ...]:
    """A vector id's vector, as the file lists them."""
    at = V._AT["vectors"] + 10 * vector_id
    return tuple(b - 256 if b > 127 else b for b in V.DATA[at:at + 10])


def _sample(size: int, count: int, seed: int) -> list[tuple[int, ...]]:
    small = [p for p in itertools.product(range(5), repeat=size) if sum(p) <= 5]
    rng = random.Random(seed)
    drawn = set()
    while len(drawn) < count:
        counts = [0] * size
        for _ in range(rng.randint(6, F.MOST)):
            i = rng.randrange(size)
            if counts[i] < 4:
                counts[i] += 1
        drawn.add(tuple(counts))
    return small + sorted(drawn)


@pytest.mark.parametrize("size, honours", [(F.NUMBERS, False), (F.HONOURS, True)])
def test_a_sample_of_the_entries_is_what_the_code_works_out(size, honours):
    for counts in _sample(size, 1500, seed=size):
        e = V.entry(M.code_of(counts), honours)
        assert V.tiles(M.code_of(counts)) == sum(counts), counts
        assert _vector(V.vector(e)) == M.vector(counts, honours), counts
        assert V.waits(e) == M.waits(counts, honours), counts
        ways = M.readings(counts, honours)
        assert V.complete(e) == bool(ways), counts
        if ways:
            first, count = V.readings(e)
            records = [V.DATA[first + k * F.RECORD:first + (k + 1) * F.RECORD] for k in range(count)]
            assert records == [M.record(pair, sets, honours) for pair, sets in ways], counts


def test_merges_and_shanten_are_what_the_code_works_out():
    rng = random.Random(3)
    ids = range(V.VECTORS)
    for a, b in [(a, b) for a in ids[:20] for b in ids] + [(rng.choice(ids), rng.choice(ids)) for _ in range(3000)]:
        assert _vector(V.merged(a, b)) == M.merge(_vector(a), _vector(b)), (a, b)
    for v in ids:
        for melds in range(5):
            assert V.shanten(v, melds) == M.best(_vector(v), melds)


def test_the_table_holds_every_pattern_of_up_to_fourteen_tiles_in_order():
    """A pattern's place (START[high] + ORDER[low]) is its rank among the patterns the maker lists."""
    order = M.low_order()
    for size in (F.NUMBERS, F.HONOURS):
        start, limit = M.starts(size)
        listed = M.patterns(size)
        rng = random.Random(size)
        for place in [0, len(listed) - 1, *rng.sample(range(len(listed)), 500)]:
            code = M.code_of(listed[place])
            high, low = divmod(code, 5 ** F.LOW)
            assert start[high] + order[low] == place and order[low] < limit[high]
    with pytest.raises(ValueError, match="more than 14 tiles"):
        V.entry(M.code_of((4, 4, 4, 3, 0, 0, 0, 0, 0)), False)


def _random_hands(count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [t for t in range(34) if not 0 < t < 8 for _ in range(4)]
    hands = []
    for _ in range(count):
        counts = [0] * 34
        for t in rng.sample(wall, 13):
            counts[t] += 1
        hands.append(counts)
    return hands


def test_unseen_hands_leave_memory_where_it_was():
    """Nothing is filled at run time: thousands of hands never seen before, asked every question
    the simulator and the evaluator ask, keep no memory."""
    def ask(hands: list[list[int]]) -> None:
        for counts in hands:
            S.shanten(counts, 0)
            S.discard_shanten(counts, 0)
            S.waits(counts)
            S.improving(counts, 0, S.standard_shanten(counts, 0))
            S.tenpai_draws(counts, 0)
            R.readings_of(counts)

    ask(_random_hands(200, seed=1))  # the code's own first calls
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        ask(_random_hands(3000, seed=2))
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 20_000, kept
