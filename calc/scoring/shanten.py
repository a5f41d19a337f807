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

from calc.core import tiles as T

_SUITS = ((T.MAN, 9, False), (T.PIN, 9, False), (T.SOU, 9, False), (T.HONOR, 7, True))
_YAOCHUU: tuple[int, ...] = tuple(t for t in range(34) if T.is_yaochuu(t))  # terminals and honours
_NONE = -1  # a (mentsu, pair) combination the suit cannot reach
_CAP = 4  # more than four mentsu or taatsu never helps a 14-tile hand


_EMPTY = (0,) + (_NONE,) * 9  # no tiles: zero mentsu, zero taatsu, no pair
MENTSU, HEAD, TAATSU = (1, 0, 0), (0, 0, 1), (0, 1, 0)  # what a block adds: (mentsu, taatsu, pair)


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
        found = table[code] = _groups(key, honors)
    return found


def _groups(counts, honors: bool) -> int:
    """The merged vector of the groups of `counts` (see `_blocks`)."""
    vector = _EMPTY_ID
    if honors:
        for c in counts:
            if c:
                vector = _merge_ids(vector, _shape_vector((c,), True))
        return vector
    start = None  # the first tile of the group being read
    gap = 0  # empty numbers since the group's last tile
    for i, c in enumerate(counts):
        if c:
            if start is None:
                start = i
            elif gap >= 2:
                vector = _merge_ids(vector, _shape_vector(tuple(counts[start : i - gap]), False))
                start = i
            gap = 0
        else:
            gap += 1
    if start is not None:
        vector = _merge_ids(vector, _shape_vector(tuple(counts[start : len(counts) - gap]), False))
    return vector


# a suit's counts (9 numbers, or 7 honours) by their `_code` -> vector id; numbers, honours
_BLOCKS: tuple[dict[int, int], dict[int, int]] = ({}, {})


_SHAPES: tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], int]] = ({}, {})  # numbers, honours


def _shape_vector(key: tuple[int, ...], honors: bool) -> int:
    """For one suit's shape (its first and last tile held): the id of the vector of the best taatsu
    count for each (pair 0/1, mentsu 0-4), at index pair * 5 + mentsu.

    Mentsu are triplets and runs; taatsu are pairs, two-sided / edge waits and closed waits; the
    pair is one pair set aside as the head. The first tile is used in every possible way and the
    rest of the suit is looked up the same way (kept), so shapes share their sub-shapes; the best of
    the ways is the slot-by-slot maximum of their vectors, each a look-up on vector ids."""
    table = _SHAPES[honors]
    found = table.get(key)
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
    table[key] = best
    return best


def _rest(key: tuple[int, ...], removed: tuple[int, ...], honors: bool) -> int:
    rest = list(key)
    for k in removed:
        rest[k] -= 1
    return _groups(rest, honors)


_SHIFTED: dict[tuple[int, tuple[int, int, int]], int] = {}
_MAXIMUM: dict[int, int] = {}


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

_VECTORS: list[tuple[int, ...]] = []  # id -> blocks vector
_VECTOR_ID: dict[tuple[int, ...], int] = {}
_BEST: list[tuple[int, ...]] = []  # id -> standard-form shanten of the vector, by the number of melds 0-4
_MERGED: dict[int, int] = {}  # (a << 16) | b with a <= b -> the id of the merged vector


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


_EMPTY_ID = _intern(_EMPTY)


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

    __slots__ = ("key", "code", "base", "honors", "vector", "mod", "complete", "_removed", "_grown", "_waits",
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
        self.mod = total % 3
        self.complete = _complete_code(list(key), code, honors)
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
                    if key[i] < 4 and _joins(key, i, honors):
                        grown = list(key)
                        grown[i] += 1
                        if _complete_code(grown, code + _PLACES[last - i], honors):
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
_TABLES: tuple[dict[int, _Suit], dict[int, _Suit], dict[int, _Suit], dict[int, _Suit]] = ({}, {}, {}, {})


_PLACES = tuple(5 ** i for i in range(9))  # a count's weight in a code, by its place from the end


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


_COMPLETE: dict[int, bool] = {}  # a number suit's `_code` -> `_complete` (honours are read directly)


def _complete_code(counts: list[int], code: int, honors: bool) -> bool:
    """`_complete` of one suit's counts, kept by their code."""
    if honors:
        return _complete(counts, True)
    found = _COMPLETE.get(code)
    if found is None:
        found = _COMPLETE[code] = _complete(counts, False)
    return found


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


def _standard_waits(counts: list[int]) -> list[int]:
    suits = _suits(counts)
    mods = [e.mod for e in suits]
    twos = mods.count(2)
    ones = mods.count(1)
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


def waits(counts: list[int]) -> tuple[int, ...]:
    """Every tile that completes the concealed tiles (3k+1 of them) in any form, sorted.

    A tile of which the hand holds four is never a wait (there is no fifth)."""
    found = set(_standard_waits(counts))
    if sum(counts) == 13:
        pairs = sum(1 for c in counts if c == 2)
        singles = [t for t in range(34) if counts[t] == 1]
        if pairs == 6 and len(singles) == 1:  # seven pairs: the single's mate
            found.add(singles[0])
        if kokushi_shanten(counts) == 0:
            missing = [t for t in _YAOCHUU if not counts[t]]
            found.update(missing or _YAOCHUU)
    return tuple(sorted(t for t in found if counts[t] < 4 and T.is_sanma_tile(t)))


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


def is_complete(counts: list[int]) -> bool:
    """3k+2 concealed tiles that form a winning shape (any form)."""
    pairs = 0
    for e in _suits(counts):
        if not e.complete:
            break
        pairs += e.mod == 2
    else:
        if pairs == 1:
            return True
    if sum(counts) == 14:
        if sum(1 for c in counts if c == 2) == 7:
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


def discard_shanten(counts: list[int], melds: int) -> list[tuple[int, int]]:
    """(value, standard shanten without one of it) for each value held: the bots' first look at
    every discard. Only the discard's suit changes, so the other three suits are merged once;
    each suit's answer is kept by what the other three merge to."""
    suits = _suits(counts)
    out: list[tuple[int, int]] = []
    for e, others in zip(suits, _others(*_vectors(suits))):
        key = (others << 3) | melds
        part = e.discards.get(key)
        if part is None:
            part = e.discards[key] = tuple((t, _BEST[_merge_ids(rest, others)][melds]) for t, rest in e.removed())
        out += part
    return out


# --- the width of the tenpai a draw brings ----------------------------------------------------------


_DRAWS: dict[int, tuple[tuple[int, int], ...]] = {}  # `tenpai_draws`, by the suits' codes and the melds
_DRAWS_KEPT = 1 << 15  # the most kept: emptied when full (a hand's race recurs within the hand)


def tenpai_draws(counts: list[int], melds: int) -> tuple[tuple[int, int], ...]:
    """For a hand of 3k+1 concealed tiles one from tenpai in the standard form: (tile, width) for
    each draw that makes it tenpai, the width being that of the widest tenpai one discard then
    keeps: the copies of its waits (`waits`) the hand does not hold (tiles visible on the table are
    not counted: a measure of shape). Empty when the standard form is not one from tenpai.

    The calibrated bot's question when discards of equal shanten race one step from tenpai (issue
    23). Asked of the four suits' entries: a draw changes one suit (`_Suit.more`) and a discard one
    suit (`_Suit.less`), and a tenpai's waits lie in the suits that are not complete, so each
    discard's width is a few attributes of four entries, not a new hand to look up."""
    suits = _suits(counts)
    key = ((((suits[0].code << 21) | suits[1].code) << 21 | suits[2].code) << 21 | suits[3].code) << 3 | melds
    found = _DRAWS.get(key)
    if found is not None:
        return found
    out: list[tuple[int, int]] = []
    a, b, c, d = _vectors(suits)
    if _BEST[_merge_ids(_merge_ids(a, b), _merge_ids(c, d))][melds] == 1:
        for t in _improving(suits, melds, 1):
            y = t // 9
            grown = list(suits)
            e = suits[y]
            grown[y] = e.more(t - e.base)
            counts[t] += 1
            out.append((t, _width(grown, counts, melds)))
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
