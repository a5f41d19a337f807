"""Fast shanten, completeness and waits (the round state and the simulator), from per-suit tables.

Each suit (manzu, pinzu, souzu, honours) is looked at on its own: its tile counts map to one entry
(`_Suit`), made the first time they are seen and kept for the process, that holds the suit's blocks
vector (the best taatsu count for each number of sets and whether the pair is there, interned as a
small integer), whether the suit is complete and what one tile more or less does to it. A hand's
answer is then four look-ups and a few merges of vector ids, each merge itself a look-up.

- `shanten(counts, melds)`: 0 = tenpai, -1 = complete; the best of the standard form, seven pairs
  and thirteen orphans (the last two only for a closed hand without kans).
- `discard_shanten(counts, melds)`: the standard shanten after each possible discard, and
  `improving(counts, melds, s)`: the draws that take the hand one step closer: the bots' questions
  at every discard, answered per suit and kept by what the other three suits merge to.
- `waits(counts)`: the tiles that complete a hand of 3k+1 concealed tiles, any form.
- `tenpai_at_draw(counts, meld_tiles, own_four)`: whether those waits count as tenpai when the wall
  runs out (the round state at a draw, and `sanma waits`).

`counts` is a 34-slot list of concealed tile counts (calc.tiles indices).

Why a second completeness check beside calc.scoring.readings: the engine asks for the waits after every
discard and the bots for every candidate discard, and only a yes / no is needed, never the
readings. With calc.decompose (standard_readings / is_seven_pairs / is_thirteen_orphans on each
candidate tile) the simulator ran 22 half games per second on one core against 64 with these
yes / no tables (60 greedy half games, best of 3, this 2-core machine). tests/test_sim_run.py
cross-checks `is_complete` and `waits` against calc.scoring.readings, and the shanten, each
discard's and the improving tiles against the `mahjong` package, on seeded random hands. The
round state (calc.table.round) uses `waits` too: furiten, tenpai at a draw, a kan after riichi.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from calc.core import tiles as T

_SUITS: Final = ((T.MAN, 9, False), (T.PIN, 9, False), (T.SOU, 9, False), (T.HONOR, 7, True))
_YAOCHUU: Final[tuple[int, ...]] = tuple(t for t in range(34) if T.is_yaochuu(t))  # terminals and honours
_NONE: Final = -1  # a (mentsu, pair) combination the suit cannot reach
_CAP: Final = 4  # more than four mentsu or taatsu never helps a 14-tile hand


_EMPTY: Final = (0,) + (_NONE,) * 9  # no tiles: zero mentsu, zero taatsu, no pair
# what a block adds: (mentsu, taatsu, pair)
MENTSU: Final = (1, 0, 0)
HEAD: Final = (0, 0, 1)
TAATSU: Final = (0, 1, 0)


def _blocks(key: tuple[int, ...], code: int, honors: bool) -> int:
    """The id of the suit's blocks vector (see `_shape_vector`), kept by the suit's counts (their
    `_code`).

    Tiles that no set or taatsu can join are independent, so the suit is the merge of its groups:
    every honour on its own, and the runs of number tiles that two empty numbers apart cannot join
    (1_3 is a closed wait, 1__4 two groups). A group's vector does not change when it moves along
    the suit, so it is kept by its counts alone: hands share far more groups than whole suits."""
    table = _BLOCKS[honors]
    found = table.get(code)
    if found is None:
        found = table[code] = _groups(list(key), honors)
    return found


def _groups(counts: list[int], honors: bool) -> int:
    """The merged vector of the groups of `counts` (see `_blocks`); each group's shape is looked up
    by the code of its counts (`_code`: the first count is never 0, so a code is one shape)."""
    vector = _EMPTY_ID
    table = _SHAPES[honors]
    if honors:
        for c in counts:
            if c:
                shape = table.get(c)
                if shape is None:
                    shape = _shape_vector((c,), c, True)
                vector = _merge_ids(vector, shape)
        return vector
    start = -1  # the first tile of the group being read
    gap = 0  # empty numbers since the group's last tile
    code = held = 0  # the code of the group's counts read so far, and up to its last tile
    for i in range(len(counts)):
        c = counts[i]
        if c:
            if start < 0:
                start = i
            elif gap >= 2:
                vector = _merge_ids(vector, _group(counts, start, i - gap, held))
                start = i
                code = 0
            code = held = code * 5 + c
            gap = 0
        else:
            code *= 5
            gap += 1
    if start >= 0:
        vector = _merge_ids(vector, _group(counts, start, len(counts) - gap, held))
    return vector


def _group(counts: list[int], start: int, end: int, code: int) -> int:
    """The vector of the number tiles `counts[start:end]` (one group, of code `code`)."""
    shape = _SHAPES[False].get(code)
    if shape is None:
        shape = _shape_vector(tuple(counts[start:end]), code, False)
    return shape


# a suit's counts (9 numbers, or 7 honours) by their `_code` -> vector id; numbers, honours
_BLOCKS: Final[tuple[dict[int, int], dict[int, int]]] = ({}, {})


_SHAPES: Final[tuple[dict[int, int], dict[int, int]]] = ({}, {})  # a shape's code -> vector id; numbers, honours


def _shape_vector(key: tuple[int, ...], code: int, honors: bool) -> int:
    """For one suit's shape (its first and last tile held): the id of the vector of the best taatsu
    count for each (pair 0/1, mentsu 0-4), at index pair * 5 + mentsu.

    Mentsu are triplets and runs; taatsu are pairs, two-sided / edge waits and closed waits; the
    pair is one pair set aside as the head. The first tile is used in every possible way and the
    rest of the suit is looked up the same way (kept), so shapes share their sub-shapes; the best of
    the ways is the slot-by-slot maximum of their vectors, each a look-up on vector ids."""
    table = _SHAPES[honors]
    found = table.get(code)
    if found is not None:
        return found
    c = key[0]
    size = len(key)
    best = _rest(key, (0,), honors)  # the first tile stays isolated
    if c >= 3:
        best = _maximum(best, _shifted(_rest(key, (0, 0, 0), honors), MENTSU))
    if not honors and size > 2 and key[1] and key[2]:
        best = _maximum(best, _shifted(_rest(key, (0, 1, 2), honors), MENTSU))
    if c >= 2:
        pair = _rest(key, (0, 0), honors)
        best = _maximum(best, _shifted(pair, HEAD))
        best = _maximum(best, _shifted(pair, TAATSU))
    if not honors:
        for step in (1, 2):
            if step < size and key[step]:
                best = _maximum(best, _shifted(_rest(key, (0, step), honors), TAATSU))
    table[code] = best
    return best


def _rest(key: tuple[int, ...], removed: tuple[int, ...], honors: bool) -> int:
    rest = list(key)
    for k in removed:
        rest[k] -= 1
    return _groups(rest, honors)


_SHIFTED: Final[dict[tuple[int, tuple[int, int, int]], int]] = {}
_MAXIMUM: Final[dict[int, int]] = {}


def _shifted(vector: int, move: tuple[int, int, int]) -> int:
    """The vector of a shape with one more block (`move`: a mentsu, the head or a taatsu) than the
    shape of `vector`."""
    found = _SHIFTED.get((vector, move))
    if found is None:
        dm, dt, dp = move
        sub = _VECTORS[vector]
        out = [_NONE] * 10
        for p in (0, 1):
            if dp and p:
                continue
            for m in range(5 - dm):
                t = sub[p * 5 + m]
                if t < 0:
                    continue
                out[(p + dp) * 5 + m + dm] = min(t + dt, _CAP)
        found = _SHIFTED[(vector, move)] = _intern(tuple(out))
    return found


def _maximum(a: int, b: int) -> int:
    if a == b:
        return a
    key = (a << 16) | b if a < b else (b << 16) | a
    found = _MAXIMUM.get(key)
    if found is None:
        found = _MAXIMUM[key] = _intern(tuple(max(x, y) for x, y in zip(_VECTORS[a], _VECTORS[b])))
    return found


def _merge(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    out = [_NONE] * 10
    for pa in (0, 1):
        for ma in range(5):
            ta = a[pa * 5 + ma]
            if ta < 0:
                continue
            for pb in (0, 1 - pa):
                for mb in range(5 - ma):
                    tb = b[pb * 5 + mb]
                    if tb < 0:
                        continue
                    slot = (pa + pb) * 5 + ma + mb
                    t = min(ta + tb, _CAP)
                    if t > out[slot]:
                        out[slot] = t
    return tuple(out)


# --- the per-suit tables ---------------------------------------------------------------------------
# A suit's blocks vector is interned as a small integer (a few hundred distinct vectors occur), so
# merging two suits is one dictionary look-up on a pair of integers and a merged vector's shanten one
# list index. Each suit's tile counts (the 9- or 7-tuple) map to a `_Suit` entry made the first time
# they are seen and kept for the process: the interned vector, the count mod 3, whether the suit is
# complete, and, worked out when first asked for, the vectors one tile less (a discard) and one tile
# more (a draw) and the answers the bots ask of them.

_VECTORS: Final[list[tuple[int, ...]]] = []  # id -> blocks vector
_VECTOR_ID: Final[dict[tuple[int, ...], int]] = {}
_BEST: Final[list[tuple[int, ...]]] = []  # id -> standard-form shanten of the vector, by the number of melds 0-4
_MERGED: Final[dict[int, int]] = {}  # (a << 16) | b with a <= b -> the id of the merged vector


def _intern(vector: tuple[int, ...]) -> int:
    found = _VECTOR_ID.get(vector)
    if found is None:
        found = _VECTOR_ID[vector] = len(_VECTORS)
        _VECTORS.append(vector)
        _BEST.append(tuple(_best(vector, melds) for melds in range(5)))
    return found


def _best(vector: tuple[int, ...], melds: int) -> int:
    """8 - max(2m + min(t, 4 - m) + p): the standard-form shanten of a merged vector."""
    top = -1
    for p in (0, 1):
        for m in range(5 - melds):
            t = vector[p * 5 + m]
            if t < 0:
                continue
            mm = m + melds
            value = 2 * mm + min(t, 4 - mm) + p
            if value > top:
                top = value
    return 8 - top


_EMPTY_ID: Final = _intern(_EMPTY)


def _merge_ids(a: int, b: int) -> int:
    key = (a << 16) | b if a <= b else (b << 16) | a
    found = _MERGED.get(key)
    if found is None:
        found = _MERGED[key] = _intern(_merge(_VECTORS[a], _VECTORS[b]))
    return found


class _Suit:
    """One suit's tile counts, as the tables know them (see above). `base` is the suit's first tile
    index; `removed` / `grown` hold (tile index, vector id) pairs; `vector` is -1 until `_vectors`
    works it out."""

    __slots__ = ("key", "code", "base", "honors", "vector", "total", "mod", "complete", "_removed", "_grown", "_waits",
                 "_weight", "_less", "_more", "held", "pairs", "singles", "discards", "improving")

    def __init__(self, key: tuple[int, ...], code: int, base: int, honors: bool) -> None:
        self.key = key
        self.code = code  # `_code` of key
        self.base = base
        self.honors = honors
        self.vector = -1  # worked out when first asked for (`_vectors`): the waits need none
        total = pairs = singles = 0
        held: list[int] = []  # offsets of the tiles held
        for i in range(len(key)):
            c = key[i]
            if c:
                held.append(i)
                total += c
                if c == 1:
                    singles += 1
                elif c == 2:
                    pairs += 1
        self.total = total  # tiles held
        self.mod = total % 3
        self.complete = _complete_code(key, code, honors)
        self._removed: tuple[tuple[int, int], ...] | None = None
        self._grown: tuple[tuple[int, int], ...] | None = None
        self._waits: tuple[int, ...] | None = None
        self._weight = -1  # `weight`, worked out when first asked for
        self._less: list[_Suit | None] | None = None  # by offset: the entry with one tile less
        self._more: list[_Suit | None] | None = None  # ... and one tile more
        self.held = tuple(held)
        self.pairs = pairs  # for seven pairs (see `_width`)
        self.singles = singles
        self.discards: dict[int, tuple[tuple[int, int], ...]] = {}  # (others << 3) | melds -> discard_shanten part
        self.improving: dict[int, tuple[int, ...]] = {}  # (others << 8) | (melds << 4) | s -> improving part

    def removed(self) -> tuple[tuple[int, int], ...]:
        """(tile, the suit's vector without one of it) for each tile held in the suit."""
        if self._removed is None:
            out = []
            key, code, honors, base = self.key, self.code, self.honors, self.base
            table = _BLOCKS[honors]
            last = len(key) - 1
            for i in range(len(key)):
                if key[i]:
                    rest_code = code - _PLACES[last - i]
                    vector = table.get(rest_code)
                    if vector is None:
                        rest = list(key)
                        rest[i] -= 1
                        vector = table[rest_code] = _groups(rest, honors)
                    out.append((base + i, vector))
            self._removed = tuple(out)
        return self._removed

    def grown(self) -> tuple[tuple[int, int], ...]:
        """(tile, the suit's vector with that tile added) for each tile a draw of which could help:
        one held or within two of a held tile (a tile further from every tile held cannot)."""
        if self._grown is None:
            out = []
            key, code, honors, base = self.key, self.code, self.honors, self.base
            table = _BLOCKS[honors]
            last = len(key) - 1
            for i in range(len(key)):
                if key[i] >= 4 or not T.is_sanma_tile(base + i) or not _joins(key, i, honors):
                    continue
                grown_code = code + _PLACES[last - i]
                vector = table.get(grown_code)
                if vector is None:
                    grown = list(key)
                    grown[i] += 1
                    vector = table[grown_code] = _groups(grown, honors)
                out.append((base + i, vector))
            self._grown = tuple(out)
        return self._grown

    def waits(self) -> tuple[int, ...]:
        """Tiles whose addition makes the suit complete."""
        if self._waits is None:
            out: list[int] = []
            if self.mod:  # a suit of 0 mod 3 one tile more is 1 mod 3: never complete
                key, code, honors, base = self.key, self.code, self.honors, self.base
                last = len(key) - 1
                for i in range(len(key)):
                    # a tile no held tile can join stays single: the suit is not complete
                    if key[i] < 4 and _joins(key, i, honors) and _complete_code(key, code + _PLACES[last - i], honors, i):
                        out.append(base + i)
            self._waits = tuple(out)
        return self._waits

    def weight(self) -> int:
        """The copies of the suit's waits (`waits`, in the 108-tile set) that the suit does not hold:
        what a tenpai waiting in this suit alone could draw, counting only its own tiles."""
        if self._weight < 0:
            key, base = self.key, self.base
            self._weight = sum(4 - key[t - base] for t in self.waits() if T.is_sanma_tile(t))
        return self._weight

    def less(self, i: int) -> _Suit:
        """The entry of this suit with one tile of offset `i` (held) less."""
        if self._less is None:
            self._less = [None] * len(self.key)
        found = self._less[i]
        if found is None:
            rest = list(self.key)
            rest[i] -= 1
            found = self._less[i] = _entry(self.base, tuple(rest), self.code - _PLACES[len(rest) - 1 - i])
        return found

    def more(self, i: int) -> _Suit:
        """The entry of this suit with one more tile of offset `i`."""
        if self._more is None:
            self._more = [None] * len(self.key)
        found = self._more[i]
        if found is None:
            grown = list(self.key)
            grown[i] += 1
            found = self._more[i] = _entry(self.base, tuple(grown), self.code + _PLACES[len(grown) - 1 - i])
        return found


# per suit: the code of its counts (`_code`) -> entry
_TABLES: Final[tuple[dict[int, _Suit], dict[int, _Suit], dict[int, _Suit], dict[int, _Suit]]] = ({}, {}, {}, {})


_PLACES: Final = tuple(5 ** i for i in range(9))  # a count's weight in a code, by its place from the end


def _code(counts: list[int], start: int, end: int) -> int:
    """A suit's counts as one integer (base 5, each count 0-4): looked up far faster than a tuple."""
    code = 0
    for i in range(start, end):
        code = code * 5 + counts[i]
    return code


def _suits(counts: list[int]) -> tuple[_Suit, _Suit, _Suit, _Suit]:
    """The four suits' entries of a 34-slot count list."""
    man, pin, sou, hon = _TABLES
    code = _code(counts, 0, 9)
    a = man.get(code) or _new(0, tuple(counts[0:9]), code)
    code = _code(counts, 9, 18)
    b = pin.get(code) or _new(1, tuple(counts[9:18]), code)
    code = _code(counts, 18, 27)
    c = sou.get(code) or _new(2, tuple(counts[18:27]), code)
    code = _code(counts, 27, 34)
    d = hon.get(code) or _new(3, tuple(counts[27:34]), code)
    return a, b, c, d


def _vectors(suits: tuple[_Suit, _Suit, _Suit, _Suit]) -> tuple[int, int, int, int]:
    a, b, c, d = suits
    if a.vector < 0:
        a.vector = _blocks(a.key, a.code, a.honors)
    if b.vector < 0:
        b.vector = _blocks(b.key, b.code, b.honors)
    if c.vector < 0:
        c.vector = _blocks(c.key, c.code, c.honors)
    if d.vector < 0:
        d.vector = _blocks(d.key, d.code, d.honors)
    return a.vector, b.vector, c.vector, d.vector


def _entry(base: int, key: tuple[int, ...], code: int) -> _Suit:
    suit = base // 9
    return _TABLES[suit].get(code) or _new(suit, key, code)


def _new(suit: int, key: tuple[int, ...], code: int) -> _Suit:
    base, _, honors = _SUITS[suit]
    entry = _TABLES[suit][code] = _Suit(key, code, base, honors)
    return entry


def _others(a: int, b: int, c: int, d: int) -> tuple[int, int, int, int]:
    """For each suit, the merged vector of the other three (six merges, not eight)."""
    low, high = _merge_ids(a, b), _merge_ids(c, d)
    return _merge_ids(b, high), _merge_ids(a, high), _merge_ids(low, d), _merge_ids(low, c)


Entries = tuple[_Suit, _Suit, _Suit, _Suit]  # the four suits' entries of a hand (man, pin, sou, honours)


class Suits:
    """The four suits' entries of a hand's concealed tiles, kept as its tiles come and go (the
    simulator's players keep one; the round state does not: a replay's hands would fill the tables
    with every drawn hand's suits, which no question asks about): a question about the hand
    starts from them, not from looking its suits up again in the counts (`_suits`). Passed
    beside the counts (`suits=`), it must hold the very tiles the counts do."""

    __slots__ = ("entries",)

    def __init__(self, entries: Entries) -> None:
        self.entries = entries

    @staticmethod
    def of(counts: list[int]) -> Suits:
        return Suits(_suits(counts))

    def add(self, t: int) -> None:
        """One more tile of index `t`."""
        self.entries = _changed(self.entries, t, 1)

    def remove(self, t: int) -> None:
        """One tile of index `t` less (one held)."""
        self.entries = _changed(self.entries, t, -1)

    def without(self, t: int) -> Suits:
        """The suits with one tile of index `t` (held) less; these stay as they are."""
        return Suits(_changed(self.entries, t, -1))

    def codes(self) -> tuple[int, int, int, int]:
        a, b, c, d = self.entries
        return a.code, b.code, c.code, d.code


def _changed(entries: Entries, t: int, delta: int) -> Entries:
    a, b, c, d = entries
    y = t // 9
    if y == 0:
        return _step(a, t, delta), b, c, d
    if y == 1:
        return a, _step(b, t, delta), c, d
    if y == 2:
        return a, b, _step(c, t, delta), d
    return a, b, c, _step(d, t, delta)


def _step(e: _Suit, t: int, delta: int) -> _Suit:
    return e.more(t - e.base) if delta > 0 else e.less(t - e.base)


def _entries(counts: list[int], suits: Suits | None) -> Entries:
    return _suits(counts) if suits is None else suits.entries


def standard_shanten(counts: list[int], melds: int) -> int:
    a, b, c, d = _vectors(_suits(counts))
    return _BEST[_merge_ids(_merge_ids(a, b), _merge_ids(c, d))][melds]


def chiitoitsu_shanten(counts: list[int]) -> int:
    pairs = kinds = 0
    for c in counts:
        if c:
            kinds += 1
            if c >= 2:
                pairs += 1
    return 6 - pairs + max(0, 7 - kinds)


def kokushi_shanten(counts: list[int]) -> int:
    kinds = 0
    pair = 0
    for t in _YAOCHUU:
        c = counts[t]
        if c:
            kinds += 1
            if c >= 2:
                pair = 1
    return 13 - kinds - pair


def shanten(counts: list[int], melds: int) -> int:
    """The best of the three forms; seven pairs and thirteen orphans need 13-14 concealed tiles."""
    s = standard_shanten(counts, melds)
    if melds == 0 and s > 0:
        s = min(s, chiitoitsu_shanten(counts), kokushi_shanten(counts))
    return s


# --- completeness and waits ----------------------------------------------------------------------


_COMPLETE: Final[dict[int, bool]] = {}  # a number suit's `_code` -> `_complete` (honours are read directly)


def _complete_code(key: tuple[int, ...], code: int, honors: bool, grow: int = -1) -> bool:
    """`_complete` of one suit's counts `key`, with one more tile of offset `grow` when it is given;
    kept by the code of those counts."""
    if not honors:
        found = _COMPLETE.get(code)
        if found is not None:
            return found
    counts = list(key)
    if grow >= 0:
        counts[grow] += 1
    complete = _complete(counts, honors)
    if not honors:
        _COMPLETE[code] = complete
    return complete


def _complete(counts: list[int], honors: bool) -> bool:
    """The suit splits wholly into sets, plus one pair when its count is 2 mod 3.

    Only a pair at an offset p with 2p = sum(i * counts[i]) mod 3 is tried: a triplet of offset
    i adds 3i to that sum and a run from i adds 3i + 3, so sets never change it mod 3."""
    total = weighted = 0
    for i in range(len(counts)):
        c = counts[i]
        total += c
        weighted += i * c
    if total % 3 == 1:
        return False
    if total % 3 == 0:
        return _sets(counts[:], honors)
    for i in range(weighted * 2 % 3, len(counts), 3):  # 2p = w (mod 3): p = 2w (mod 3)
        if counts[i] >= 2:
            rest = counts[:]
            rest[i] -= 2
            if _sets(rest, honors):
                return True
    return False


def _sets(counts: list[int], honors: bool) -> bool:
    """`counts` (one suit; used up) splits wholly into sets. Read from the lowest tile: the runs
    that start there are its count mod 3, since three equal runs are three triplets."""
    size = len(counts)
    for i in range(size):
        runs = counts[i] % 3
        if runs:
            if honors or i + 2 >= size or counts[i + 1] < runs or counts[i + 2] < runs:
                return False
            counts[i + 1] -= runs
            counts[i + 2] -= runs
    return True


def _joins(key: tuple[int, ...], i: int, honors: bool) -> bool:
    """Whether a tile of offset `i` added to the suit can join a tile held in a set or a taatsu:
    an honour only its own copies, a number those within two of it."""
    if key[i]:
        return True
    if honors:
        return False
    size = len(key)
    return bool(i >= 1 and key[i - 1] or i >= 2 and key[i - 2] or i + 1 < size and key[i + 1]
                or i + 2 < size and key[i + 2])


def _standard_waits(suits: Entries) -> list[int]:
    ones = twos = 0
    for e in suits:
        if e.mod == 1:
            ones += 1
        elif e.mod == 2:
            twos += 1
    # A 3k+1 hand is one tile short in exactly one suit (2 mod 3 +1 pair elsewhere, or 1 mod 3).
    if not (ones == 1 and twos == 0 or ones == 0 and twos == 2):
        return []
    out: list[int] = []
    for e in suits:
        if e.mod == 0:
            continue
        if all(o.complete for o in suits if o is not e):
            out += e.waits()
    return out


def waits(counts: list[int], suits: Suits | None = None) -> tuple[int, ...]:
    """Every tile that completes the concealed tiles (3k+1 of them) in any form, sorted.

    A tile of which the hand holds four is never a wait (there is no fifth)."""
    entries = _entries(counts, suits)
    found = _standard_waits(entries)  # sorted: each suit's in order, the suits in order
    total = pairs = singles = 0
    for e in entries:
        total += e.total
        pairs += e.pairs
        singles += e.singles
    if total == 13:
        more: list[int] = []
        if pairs == 6 and singles == 1:  # seven pairs: the single's mate
            more.append(next(t for t in range(34) if counts[t] == 1))
        if pairs <= 1 and kokushi_shanten(counts) == 0:  # thirteen orphans: at most one pair
            missing = [t for t in _YAOCHUU if not counts[t]]
            more += missing or _YAOCHUU
        if more:
            found = sorted({*found, *more})
    return tuple([t for t in found if counts[t] < 4 and T.is_sanma_tile(t)])


def tenpai_at_draw(concealed: list[int], meld_tiles: Iterable[int], own_four: str) -> bool:
    """Tenpai at an exhaustive draw (profile key `match.tenpai_own_four`; docs/rules.md, "Tenpai
    with one's own four tiles").

    A wait on a tile of which the concealed hand holds all four is never a wait (there is no fifth
    copy): noten everywhere. Copies in sight elsewhere (discards, indicators, other players' melds)
    never make a hand noten. `concealed` (Tenhou): that is the only exclusion, so a wait whose four
    copies include the player's own kan still counts as tenpai (Tenhou has scored a hand waiting on
    3s beside its own 3s kan as tenpai). `anywhere`: the player's melds count too, so such a hand is
    noten, as most written rules have it.
    """
    found = waits(concealed)
    if own_four == "concealed" or not found:
        return bool(found)
    own = list(concealed)
    for index in meld_tiles:
        own[index] += 1
    return any(own[w] < 4 for w in found)


def is_complete(counts: list[int], suits: Suits | None = None) -> bool:
    """3k+2 concealed tiles that form a winning shape (any form)."""
    entries = _entries(counts, suits)
    heads = 0  # complete suits of 2 mod 3: the one that holds the pair
    for e in entries:
        if not e.complete:
            break
        heads += e.mod == 2
    else:
        if heads == 1:
            return True
    total = pairs = 0
    for e in entries:
        total += e.total
        pairs += e.pairs
    if total == 14:
        if pairs == 7:
            return True
        if kokushi_shanten(counts) == -1:
            return True
    return False


def improving(counts: list[int], melds: int, s: int) -> list[int]:
    """The tiles whose draw takes the standard form of `counts` (3k+1 concealed tiles, standard
    shanten `s`) one step closer: for the bots' choice between discards of equal shanten (more
    such tiles, a faster hand). Only one suit changes with a draw, so the other three suits'
    vectors are merged once; each suit's answer is kept by what the other three merge to."""
    return _improving(_suits(counts), melds, s)


def _improving(suits: tuple[_Suit, _Suit, _Suit, _Suit], melds: int, s: int) -> list[int]:
    out: list[int] = []
    for e, others in zip(suits, _others(*_vectors(suits))):
        key = (others << 8) | (melds << 4) | s
        part = e.improving.get(key)
        if part is None:
            part = e.improving[key] = tuple(t for t, grown in e.grown()
                                            if _BEST[_merge_ids(grown, others)][melds] < s)
        out += part
    return out


def discard_shanten(counts: list[int], melds: int, suits: Suits | None = None) -> list[tuple[int, int]]:
    """(value, standard shanten without one of it) for each value held: the bots' first look at
    every discard. Only the discard's suit changes, so the other three suits are merged once;
    each suit's answer is kept by what the other three merge to."""
    entries = _entries(counts, suits)
    out: list[tuple[int, int]] = []
    for e, others in zip(entries, _others(*_vectors(entries))):
        key = (others << 3) | melds
        part = e.discards.get(key)
        if part is None:
            part = e.discards[key] = tuple((t, _BEST[_merge_ids(rest, others)][melds]) for t, rest in e.removed())
        out += part
    return out


# --- the width of the tenpai a draw brings ----------------------------------------------------------


# `tenpai_draws`, by the suits' entries (one per code) and the melds
_DRAWS: Final[dict[tuple[_Suit, _Suit, _Suit, _Suit, int], tuple[tuple[int, int], ...]]] = {}
_DRAWS_KEPT: Final = 1 << 15  # the most kept: emptied when full (a hand's race recurs within the hand)


def tenpai_draws(counts: list[int], melds: int, suits: Suits | None = None) -> tuple[tuple[int, int], ...]:
    """For a hand of 3k+1 concealed tiles one from tenpai in the standard form: (tile, width) for
    each draw that makes it tenpai, the width being that of the widest tenpai one discard then
    keeps: the copies of its waits (`waits`) the hand does not hold (tiles visible on the table are
    not counted: a measure of shape). Empty when the standard form is not one from tenpai.

    The calibrated bot's question when discards of equal shanten race one step from tenpai (issue
    23). Asked of the four suits' entries: a draw changes one suit (`_Suit.more`) and a discard one
    suit (`_Suit.less`), and a tenpai's waits lie in the suits that are not complete, so each
    discard's width is a few attributes of four entries, not a new hand to look up."""
    entries = _entries(counts, suits)
    m, p, s, h = entries
    key = (m, p, s, h, melds)
    found = _DRAWS.get(key)
    if found is not None:
        return found
    out: list[tuple[int, int]] = []
    a, b, c, d = _vectors(entries)
    if _BEST[_merge_ids(_merge_ids(a, b), _merge_ids(c, d))][melds] == 1:
        for t in _improving(entries, melds, 1):
            counts[t] += 1
            out.append((t, _width(list(_changed(entries, t, 1)), counts, melds)))
            counts[t] -= 1
    if len(_DRAWS) >= _DRAWS_KEPT:
        _DRAWS.clear()
    found = _DRAWS[key] = tuple(out)
    return found


def _width(suits: list[_Suit], counts: list[int], melds: int) -> int:
    """The widest tenpai (as in `tenpai_draws`) a hand of 3k+2 concealed tiles (`counts`, its
    entries `suits`) keeps by one discard that leaves the standard form tenpai; 0 when none does.

    A standard tenpai (as `_standard_waits` reads it) is one suit a tile short and the rest
    complete, or two suits of 2 mod 3, each waiting when the other is complete (it holds the
    pair). Every discard of one suit leaves that suit the same count mod 3, so which suits must be
    complete and which wait is settled once per suit; each discard then only asks its entry
    (`_Suit.less`) whether it is complete and how wide its own waits are (`_Suit.weight`).

    A closed hand's seven pairs or thirteen orphans add their own waits to a standard tenpai's
    (`waits`): a discard that leaves a seven pairs tenpai (six pairs and a single), and every
    discard of a hand at most one from thirteen orphans, is worked out tile by tile instead."""
    closed = melds == 0
    if closed and kokushi_shanten(counts) <= 0:
        return _width_by_tiles(counts, melds, range(34))
    pairs = singles = 0
    if closed:
        for e in suits:
            pairs += e.pairs
            singles += e.singles
    best = 0
    for x in range(4):
        e = suits[x]
        if not e.held:
            continue
        # the other three suits: those not complete must be the ones that wait
        short: _Suit | None = None  # a suit of 1 mod 3
        first: _Suit | None = None  # suits of 2 mod 3
        second: _Suit | None = None
        possible = True
        for y in range(4):
            if y == x:
                continue
            o = suits[y]
            if o.mod == 0:
                possible = possible and o.complete
            elif o.mod == 1:
                possible = possible and short is None
                short = o
            elif first is None:
                first = o
            else:
                possible = possible and second is None
                second = o
        mod = (e.mod + 2) % 3  # the suit's count mod 3 once a tile of it is gone
        if mod == 0:
            possible = possible and (short is not None) != (second is not None)
        elif mod == 1:
            possible = possible and short is None and first is None
        else:
            possible = possible and short is None and second is None and first is not None
        base = e.base
        for i in e.held:
            c = e.key[i]
            if closed and pairs - (c == 2) + (c == 3) == 6 and singles - (c == 1) + (c == 2) == 1:
                width = _width_by_tiles(counts, melds, (base + i,))
            elif not possible:
                continue
            else:
                r = e.less(i)
                if mod == 1:
                    width = r.weight()
                elif mod == 2:
                    assert first is not None
                    width = (r.weight() if first.complete else 0) + (first.weight() if r.complete else 0)
                elif not r.complete:
                    continue
                elif short is not None:
                    width = short.weight()
                else:
                    assert first is not None and second is not None
                    width = (first.weight() if second.complete else 0) + (second.weight() if first.complete else 0)
            if width > best:
                best = width
    return best


def _width_by_tiles(counts: list[int], melds: int, discards: Iterable[int]) -> int:
    best = 0
    for v in discards:
        if not counts[v]:
            continue
        counts[v] -= 1
        if standard_shanten(counts, melds) == 0:
            best = max(best, sum(4 - counts[w] for w in waits(counts)))
        counts[v] += 1
    return best
