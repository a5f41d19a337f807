"""Fast shanten, completeness and waits (the round state and the simulator), from per-suit tables.

Each suit (manzu, pinzu, souzu, honours) is looked at on its own and the answer is cached by the
suit's counts: a few dictionary look-ups per hand once the common shapes have been seen.

- `shanten(counts, melds)`: 0 = tenpai, -1 = complete; the best of the standard form, seven pairs
  and thirteen orphans (the last two only for a closed hand without kans).
- `waits(counts)`: the tiles that complete a hand of 3k+1 concealed tiles, any form.
- `tenpai_at_draw(counts, meld_tiles, own_four)`: whether those waits count as tenpai when the wall
  runs out (the round state at a draw, and `sanma waits`).

`counts` is a 34-slot list of concealed tile counts (calc.tiles indices).

Why a second completeness check beside calc.scoring.readings: the engine asks for the waits after every
discard and the bots for every candidate discard, and only a yes / no is needed, never the
readings. With calc.decompose (standard_readings / is_seven_pairs / is_thirteen_orphans on each
candidate tile) the simulator ran 22 half games per second on one core against 64 with these
yes / no tables (60 greedy half games, best of 3, this 2-core machine). tests/test_sim_run.py
cross-checks `is_complete` and `waits` against calc.scoring.readings on seeded random hands. The
round state (calc.table.round) uses `waits` too: furiten, tenpai at a draw, a kan after riichi.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from calc.core import tiles as T

_SUITS = ((T.MAN, 9, False), (T.PIN, 9, False), (T.SOU, 9, False), (T.HONOR, 7, True))
_YAOCHUU = T.TERMINALS_AND_HONORS
_NONE = -1  # a (mentsu, pair) combination the suit cannot reach
_CAP = 4  # more than four mentsu or taatsu never helps a 14-tile hand


_EMPTY = (0,) + (_NONE,) * 9  # no tiles: zero mentsu, zero taatsu, no pair


@lru_cache(maxsize=None)
def _blocks(key: tuple[int, ...], honors: bool) -> tuple[int, ...]:
    """`_shape_blocks` of the suit's shape: honours have no runs, so only their counts matter (sorted);
    a number suit's blocks do not change when its tiles move along the suit together, so the empty
    numbers before the first tile held and after the last are dropped. Many suits share one shape."""
    if honors:
        return _shape_blocks(tuple(sorted((c for c in key if c), reverse=True)), True)
    held = [k for k, c in enumerate(key) if c]
    if not held:
        return _EMPTY
    return _shape_blocks(key[held[0] : held[-1] + 1], False)


@lru_cache(maxsize=None)
def _shape_blocks(key: tuple[int, ...], honors: bool) -> tuple[int, ...]:
    """For one suit: best taatsu count for each (pair 0/1, mentsu 0-4), at index pair * 5 + mentsu.

    Mentsu are triplets and runs; taatsu are pairs, two-sided / edge waits and closed waits; the
    pair is one pair set aside as the head. The first tile held is used in every possible way and
    the rest of the suit is looked up the same way (cached), so shapes share their sub-shapes."""
    i = next((k for k, c in enumerate(key) if c), None)
    if i is None:
        return _EMPTY
    best = [_NONE] * 10
    size = len(key)

    def use(removed: tuple[int, ...], dm: int, dt: int, dp: int) -> None:
        rest = list(key)
        for k in removed:
            rest[k] -= 1
        sub = _blocks(tuple(rest), honors)
        for p in (0, 1):
            if dp and p:
                continue
            for m in range(5 - dm):
                t = sub[p * 5 + m]
                if t < 0:
                    continue
                slot = (p + dp) * 5 + m + dm
                t += dt
                if t > _CAP:
                    t = _CAP
                if t > best[slot]:
                    best[slot] = t

    c = key[i]
    if c >= 3:
        use((i, i, i), 1, 0, 0)
    if not honors and i + 2 < size and key[i + 1] and key[i + 2]:
        use((i, i + 1, i + 2), 1, 0, 0)
    if c >= 2:
        use((i, i), 0, 0, 1)
        use((i, i), 0, 1, 0)
    if not honors:
        for step in (1, 2):
            if i + step < size and key[i + step]:
                use((i, i + step), 0, 1, 0)
    use((i,), 0, 0, 0)  # the tile stays isolated
    return tuple(best)


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


_merge_cached = lru_cache(maxsize=1 << 16)(_merge)


@lru_cache(maxsize=1 << 16)
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


def standard_shanten(counts: list[int], melds: int) -> int:
    man = _blocks(tuple(counts[0:9]), False)
    pin = _blocks(tuple(counts[9:18]), False)
    sou = _blocks(tuple(counts[18:27]), False)
    hon = _blocks(tuple(counts[27:34]), True)
    return _best(_merge_cached(_merge_cached(man, pin), _merge_cached(sou, hon)), melds)


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


@lru_cache(maxsize=None)
def _complete(key: tuple[int, ...], honors: bool) -> bool:
    """The suit splits wholly into sets, plus one pair when its count is 2 mod 3."""
    total = sum(key)
    if total % 3 == 1:
        return False
    if total % 3 == 2:
        for i, c in enumerate(key):
            if c >= 2:
                rest = list(key)
                rest[i] -= 2
                if _sets(tuple(rest), honors):
                    return True
        return False
    return _sets(key, honors)


@lru_cache(maxsize=None)
def _sets(key: tuple[int, ...], honors: bool) -> bool:
    first = next((i for i, c in enumerate(key) if c), None)
    if first is None:
        return True
    if key[first] >= 3:
        rest = list(key)
        rest[first] -= 3
        if _sets(tuple(rest), honors):
            return True
    if not honors and first + 2 < len(key) and key[first + 1] and key[first + 2]:
        rest = list(key)
        rest[first] -= 1
        rest[first + 1] -= 1
        rest[first + 2] -= 1
        return _sets(tuple(rest), honors)
    return False


@lru_cache(maxsize=None)
def _suit_waits(key: tuple[int, ...], honors: bool) -> tuple[int, ...]:
    """Offsets in the suit whose addition makes the suit complete."""
    out = []
    for i in range(len(key)):
        if key[i] >= 4:
            continue
        rest = list(key)
        rest[i] += 1
        if _complete(tuple(rest), honors):
            out.append(i)
    return tuple(out)


def _standard_waits(counts: list[int]) -> list[int]:
    keys = [tuple(counts[base : base + size]) for base, size, _ in _SUITS]
    mods = [sum(k) % 3 for k in keys]
    out: list[int] = []
    # A 3k+1 hand is one tile short in exactly one suit (2 mod 3 +1 pair elsewhere, or 1 mod 3).
    for s, (base, size, honors) in enumerate(_SUITS):
        if mods[s] == 0:
            continue
        others_ok = all(_complete(keys[o], _SUITS[o][2]) for o in range(4) if o != s)
        if not others_ok:
            continue
        if mods[s] == 2 and sum(1 for m in mods if m == 2) != 2:
            continue
        if mods[s] == 1 and any(m for o, m in enumerate(mods) if o != s):
            continue
        out += [base + i for i in _suit_waits(keys[s], honors)]
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
    mods = 0
    for base, size, honors in _SUITS:
        key = tuple(counts[base : base + size])
        r = sum(key) % 3
        if r == 1 or not _complete(key, honors):
            break
        mods += r == 2
    else:
        if mods == 1:
            return True
    if sum(counts) == 14:
        if sum(1 for c in counts if c == 2) == 7:
            return True
        if kokushi_shanten(counts) == -1:
            return True
    return False


@lru_cache(maxsize=1 << 16)
def _grown(key: tuple[int, ...], honors: bool, base: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(tile, the suit's blocks with that tile added) for each tile a draw of which could help:
    one held or within two of a held tile (a tile further from every tile held cannot)."""
    out = []
    size = len(key)
    for i in range(size):
        if key[i] >= 4 or not T.is_sanma_tile(base + i):
            continue
        if honors:
            if not key[i]:
                continue
        elif not any(key[j] for j in range(max(0, i - 2), min(size, i + 3))):
            continue
        grown = list(key)
        grown[i] += 1
        out.append((base + i, _blocks(tuple(grown), honors)))
    return tuple(out)


def improving(counts: list[int], melds: int, s: int) -> list[int]:
    """The tiles whose draw takes the standard form of `counts` (3k+1 concealed tiles, standard
    shanten `s`) one step closer: for the bots' choice between discards of equal shanten (more
    such tiles, a faster hand). Only one suit changes with a draw, so the other three suits' blocks
    are merged once."""
    keys = [tuple(counts[base : base + size]) for base, size, _ in _SUITS]
    blocks = [_blocks(k, h) for k, (_, _, h) in zip(keys, _SUITS)]
    out: list[int] = []
    others_of = _others(blocks)
    for x, (base, _, honors) in enumerate(_SUITS):
        if _grown(keys[x], honors, base):  # else nothing held near any tile of this suit
            out += _suit_improving(keys[x], honors, base, others_of[x], melds, s)
    return out


@lru_cache(maxsize=1 << 17)
def _suit_improving(key: tuple[int, ...], honors: bool, base: int, others: tuple[int, ...], melds: int,
                    s: int) -> tuple[int, ...]:
    return tuple(t for t, grown in _grown(key, honors, base) if _best(_merge_cached(grown, others), melds) < s)


def _others(blocks: list[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """For each suit, the merged blocks of the other three (six merges, not eight)."""
    b0, b1, b2, b3 = blocks
    low, high = _merge_cached(b0, b1), _merge_cached(b2, b3)
    return (_merge_cached(b1, high), _merge_cached(b0, high), _merge_cached(low, b3), _merge_cached(low, b2))


@lru_cache(maxsize=1 << 16)
def _removed(key: tuple[int, ...], honors: bool, base: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(tile, the suit's blocks without one of it) for each tile held in the suit."""
    out = []
    for i, c in enumerate(key):
        if c:
            rest = list(key)
            rest[i] -= 1
            out.append((base + i, _blocks(tuple(rest), honors)))
    return tuple(out)


def discard_shanten(counts: list[int], melds: int) -> list[tuple[int, int]]:
    """(value, standard shanten without one of it) for each value held: the bots' first look at
    every discard. Only the discard's suit changes, so the other three suits are merged once."""
    keys = [tuple(counts[base : base + size]) for base, size, _ in _SUITS]
    blocks = [_blocks(k, h) for k, (_, _, h) in zip(keys, _SUITS)]
    out = []
    others_of = _others(blocks)
    for x, (base, _, honors) in enumerate(_SUITS):
        removed = _removed(keys[x], honors, base)
        if not removed:
            continue
        others = others_of[x]
        for t, rest in removed:
            out.append((t, _best_of(rest, others, melds)))
    return out


@lru_cache(maxsize=1 << 17)
def _best_of(a: tuple[int, ...], b: tuple[int, ...], melds: int) -> int:
    return _best(_merge_cached(a, b), melds)
