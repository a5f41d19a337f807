"""Fast shanten, completeness and waits (the round state and the simulator), from the shipped per-suit tables.

Each suit (manzu, pinzu, souzu, honours) is looked at on its own: its tile counts, as one integer
(`code`, base 5), are one entry of the tables of calc.scoring.suits, which give the suit's blocks
vector (the best taatsu count for each number of sets and whether the pair is there, as a small
integer id), whether the suit is complete and its waits. A hand's answer is then four look-ups and a
few merges of vector ids, each merge itself a look-up; a suit with one tile more or less is the entry
of the code one place value up or down. Nothing is worked out or kept at run time: the first hand
is answered as fast as the millionth, and a long simulation's memory does not grow.

- `shanten(counts, melds)`: 0 = tenpai, -1 = complete; the best of the standard form, seven pairs
  and thirteen orphans (the last two only for a closed hand without kans).
- `discard_shanten(counts, melds)`: the standard shanten after each possible discard, and
  `improving(counts, melds, s)`: the draws that take the hand one step closer: the bots' questions
  at every discard.
- `waits(counts)`: the tiles that complete a hand of 3k+1 concealed tiles, any form.
- `tenpai_at_draw(counts, meld_tiles, own_four)`: whether those waits count as tenpai when the wall
  runs out (the round state at a draw, and `sanma waits`).

`counts` is a 34-slot list of concealed tile counts (calc.tiles indices).

Why a second completeness check beside calc.scoring.readings: the engine asks for the waits after
every discard and the bots for every candidate discard, and only a yes / no is needed, never the
readings. tests/test_sim_run.py cross-checks `is_complete` and `waits` against calc.scoring.readings,
and the shanten, each discard's and the improving tiles against the `mahjong` package, on seeded
random hands. The round state (calc.table.round) uses `waits` too: furiten, tenpai at a draw, a kan
after riichi.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from calc.core import tiles as T
from calc.scoring import suits as V

_BASES: Final = (T.MAN, T.PIN, T.SOU, T.HONOR)
_SIZES: Final = (9, 9, 9, 7)
_YAOCHUU: Final[tuple[int, ...]] = tuple(t for t in range(34) if T.is_yaochuu(t))  # terminals and honours
# tile -> its count's place value in its suit's code (the suit's first tile is the most significant)
_PLACE: Final[tuple[int, ...]] = tuple(5 ** (_SIZES[t // 9] - 1 - (t - _BASES[t // 9])) for t in range(34))


def _code(counts: list[int], start: int, end: int) -> int:
    """A suit's counts as one integer (base 5, each count 0-4)."""
    code = 0
    for i in range(start, end):
        code = code * 5 + counts[i]
    return code


class Suits:
    """The codes of a hand's four suits, kept as its tiles come and go (the simulator's players keep
    one), so that a question about the hand does not read its 34 counts again. Passed beside the
    counts (`suits=`), it must hold the very tiles the counts do."""

    __slots__ = ("suit_codes",)

    def __init__(self, suit_codes: list[int]) -> None:
        self.suit_codes = suit_codes

    @staticmethod
    def of(counts: list[int]) -> Suits:
        return Suits([_code(counts, 0, 9), _code(counts, 9, 18), _code(counts, 18, 27), _code(counts, 27, 34)])

    def add(self, t: int) -> None:
        """One more tile of index `t`."""
        self.suit_codes[t // 9] += _PLACE[t]

    def remove(self, t: int) -> None:
        """One tile of index `t` less (one held)."""
        self.suit_codes[t // 9] -= _PLACE[t]

    def without(self, t: int) -> Suits:
        """The suits with one tile of index `t` (held) less; these stay as they are."""
        codes = list(self.suit_codes)
        codes[t // 9] -= _PLACE[t]
        return Suits(codes)

    def codes(self) -> tuple[int, int, int, int]:
        c = self.suit_codes
        return c[0], c[1], c[2], c[3]


def _codes(counts: list[int], suits: Suits | None) -> list[int]:
    if suits is not None:
        return suits.suit_codes
    return [_code(counts, 0, 9), _code(counts, 9, 18), _code(counts, 18, 27), _code(counts, 27, 34)]


def _entries(codes: list[int]) -> list[int]:
    return [V.entry(codes[0], False), V.entry(codes[1], False), V.entry(codes[2], False), V.entry(codes[3], True)]


def _totals(codes: list[int]) -> list[int]:
    """The tiles held in each suit."""
    return [V.tiles(codes[0]), V.tiles(codes[1]), V.tiles(codes[2]), V.tiles(codes[3])]


def standard_shanten(counts: list[int], melds: int) -> int:
    e = _entries(_codes(counts, None))
    return V.shanten(_all(e[0], e[1], e[2], e[3]), melds)


def _all(a: int, b: int, c: int, d: int) -> int:
    """The merged vector of four suits' entries."""
    return V.merged(V.merged(V.vector(a), V.vector(b)), V.merged(V.vector(c), V.vector(d)))


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


def _pairs_and_singles(counts: list[int]) -> tuple[int, int]:
    pairs = singles = 0
    for c in counts:
        if c == 2:
            pairs += 1
        elif c == 1:
            singles += 1
    return pairs, singles


def _standard_waits(entries: list[int], totals: list[int]) -> list[int]:
    ones = twos = 0
    for x in range(4):
        mod = totals[x] % 3
        if mod == 1:
            ones += 1
        elif mod == 2:
            twos += 1
    # A 3k+1 hand is one tile short in exactly one suit (2 mod 3 +1 pair elsewhere, or 1 mod 3).
    if not (ones == 1 and twos == 0 or ones == 0 and twos == 2):
        return []
    out: list[int] = []
    for x in range(4):
        if totals[x] % 3 == 0:
            continue
        if all(V.complete(entries[y]) for y in range(4) if y != x):
            mask = V.waits(entries[x])
            base = _BASES[x]
            for i in range(_SIZES[x]):
                if mask >> i & 1:
                    out.append(base + i)
    return out


def waits(counts: list[int], suits: Suits | None = None) -> tuple[int, ...]:
    """Every tile that completes the concealed tiles (3k+1 of them) in any form, sorted.

    A tile of which the hand holds four is never a wait (there is no fifth)."""
    codes = _codes(counts, suits)
    totals = _totals(codes)
    found = _standard_waits(_entries(codes), totals)  # sorted: each suit's in order, the suits in order
    if totals[0] + totals[1] + totals[2] + totals[3] == 13:
        pairs, singles = _pairs_and_singles(counts)
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
    codes = _codes(counts, suits)
    entries = _entries(codes)
    totals = _totals(codes)
    heads = 0  # complete suits of 2 mod 3: the one that holds the pair
    for x in range(4):
        if not V.complete(entries[x]):
            break
        heads += totals[x] % 3 == 2
    else:
        if heads == 1:
            return True
    if totals[0] + totals[1] + totals[2] + totals[3] == 14:
        if _pairs_and_singles(counts)[0] == 7:
            return True
        if kokushi_shanten(counts) == -1:
            return True
    return False


def _others(a: int, b: int, c: int, d: int) -> tuple[int, int, int, int]:
    """For each suit of vector ids a-d, the merged vector of the other three (six merges, not eight)."""
    low, high = V.merged(a, b), V.merged(c, d)
    return V.merged(b, high), V.merged(a, high), V.merged(low, d), V.merged(low, c)


def _joins(counts: list[int], base: int, size: int, i: int, honours: bool) -> bool:
    """Whether a tile of offset `i` added to the suit can join a tile held in a set or a taatsu:
    an honour only its own copies, a number those within two of it."""
    if counts[base + i]:
        return True
    if honours:
        return False
    t = base + i
    return bool(i >= 1 and counts[t - 1] or i >= 2 and counts[t - 2] or i + 1 < size and counts[t + 1]
                or i + 2 < size and counts[t + 2])


def improving(counts: list[int], melds: int, s: int) -> list[int]:
    """The tiles whose draw takes the standard form of `counts` (3k+1 concealed tiles, standard
    shanten `s`) one step closer: for the bots' choice between discards of equal shanten (more
    such tiles, a faster hand). Only one suit changes with a draw, so the other three suits'
    vectors are merged once."""
    return _improving(counts, _codes(counts, None), melds, s)


def _improving(counts: list[int], codes: list[int], melds: int, s: int) -> list[int]:
    entries = _entries(codes)
    others = _others(V.vector(entries[0]), V.vector(entries[1]), V.vector(entries[2]), V.vector(entries[3]))
    out: list[int] = []
    for x in range(4):
        base, size, code, rest = _BASES[x], _SIZES[x], codes[x], others[x]
        honours = x == 3
        for i in range(size):
            t = base + i
            if counts[t] >= 4 or not T.is_sanma_tile(t) or not _joins(counts, base, size, i, honours):
                continue
            grown = V.entry(code + _PLACE[t], honours)
            if V.shanten(V.merged(V.vector(grown), rest), melds) < s:
                out.append(t)
    return out


def discard_shanten(counts: list[int], melds: int, suits: Suits | None = None) -> list[tuple[int, int]]:
    """(value, standard shanten without one of it) for each value held: the bots' first look at
    every discard. Only the discard's suit changes, so the other three suits are merged once."""
    codes = _codes(counts, suits)
    entries = _entries(codes)
    others = _others(V.vector(entries[0]), V.vector(entries[1]), V.vector(entries[2]), V.vector(entries[3]))
    out: list[tuple[int, int]] = []
    for x in range(4):
        base, code, rest = _BASES[x], codes[x], others[x]
        honours = x == 3
        for t in range(base, base + _SIZES[x]):
            if counts[t]:
                less = V.entry(code - _PLACE[t], honours)
                out.append((t, V.shanten(V.merged(V.vector(less), rest), melds)))
    return out


# --- the width of the tenpai a draw brings ----------------------------------------------------------


def tenpai_draws(counts: list[int], melds: int, suits: Suits | None = None) -> tuple[tuple[int, int], ...]:
    """For a hand of 3k+1 concealed tiles one from tenpai in the standard form: (tile, width) for
    each draw that makes it tenpai, the width being that of the widest tenpai one discard then
    keeps: the copies of its waits (`waits`) the hand does not hold (tiles visible on the table are
    not counted: a measure of shape). Empty when the standard form is not one from tenpai.

    The calibrated bot's question when discards of equal shanten race one step from tenpai. A draw
    changes one suit and a discard one suit, and a tenpai's waits lie in the suits that are not
    complete, so each discard's width is read from a few entries, not a new hand to look up."""
    codes = _codes(counts, suits)
    e = _entries(codes)
    if V.shanten(_all(e[0], e[1], e[2], e[3]), melds) != 1:
        return ()
    out: list[tuple[int, int]] = []
    for t in _improving(counts, codes, melds, 1):
        counts[t] += 1
        drawn = list(codes)
        drawn[t // 9] += _PLACE[t]
        out.append((t, _width(drawn, counts, melds)))
        counts[t] -= 1
    return tuple(out)


def _weight(e: int, counts: list[int], x: int, removed: int) -> int:
    """The copies of the waits of suit `x`'s entry `e` (in the 108-tile set) that the suit does not
    hold, `counts` less one tile of index `removed` (-1: none): what a tenpai waiting in this suit
    alone could draw, counting only its own tiles."""
    mask = V.waits(e)
    base = _BASES[x]
    total = 0
    for i in range(_SIZES[x]):
        if mask >> i & 1:
            t = base + i
            if T.is_sanma_tile(t):
                total += 4 - counts[t] + (t == removed)
    return total


def _width(codes: list[int], counts: list[int], melds: int) -> int:
    """The widest tenpai (as in `tenpai_draws`) a hand of 3k+2 concealed tiles (`counts`, its
    suits' `codes`) keeps by one discard that leaves the standard form tenpai; 0 when none does.

    A standard tenpai (as `_standard_waits` reads it) is one suit a tile short and the rest
    complete, or two suits of 2 mod 3, each waiting when the other is complete (it holds the
    pair). Every discard of one suit leaves that suit the same count mod 3, so which suits must be
    complete and which wait is settled once per suit; each discard then only asks its entry
    whether it is complete and how wide its own waits are (`_weight`).

    A closed hand's seven pairs or thirteen orphans add their own waits to a standard tenpai's
    (`waits`): a discard that leaves a seven pairs tenpai (six pairs and a single), and every
    discard of a hand at most one from thirteen orphans, is worked out tile by tile instead."""
    closed = melds == 0
    if closed and kokushi_shanten(counts) <= 0:
        return _width_by_tiles(counts, melds, range(34))
    entries = _entries(codes)
    totals = _totals(codes)
    pairs = singles = 0
    if closed:
        pairs, singles = _pairs_and_singles(counts)
    best = 0
    for x in range(4):
        if not totals[x]:
            continue
        # the other three suits: those not complete must be the ones that wait
        short = first = second = -1  # a suit of 1 mod 3; suits of 2 mod 3
        possible = True
        for y in range(4):
            if y == x:
                continue
            held = totals[y] % 3
            if held == 0:
                possible = possible and V.complete(entries[y])
            elif held == 1:
                possible = possible and short < 0
                short = y
            elif first < 0:
                first = y
            else:
                possible = possible and second < 0
                second = y
        mod = (totals[x] + 2) % 3  # the suit's count mod 3 once a tile of it is gone
        if mod == 0:
            possible = possible and (short >= 0) != (second >= 0)
        elif mod == 1:
            possible = possible and short < 0 and first < 0
        else:
            possible = possible and short < 0 and second < 0 and first >= 0
        base, code, honours = _BASES[x], codes[x], x == 3
        for t in range(base, base + _SIZES[x]):
            c = counts[t]
            if not c:
                continue
            if closed and pairs - (c == 2) + (c == 3) == 6 and singles - (c == 1) + (c == 2) == 1:
                width = _width_by_tiles(counts, melds, (t,))
            elif not possible:
                continue
            else:
                r = V.entry(code - _PLACE[t], honours)  # the suit without this tile
                if mod == 1:
                    width = _weight(r, counts, x, t)
                elif mod == 2:
                    width = ((_weight(r, counts, x, t) if V.complete(entries[first]) else 0)
                             + (_weight(entries[first], counts, first, -1) if V.complete(r) else 0))
                elif not V.complete(r):
                    continue
                elif short >= 0:
                    width = _weight(entries[short], counts, short, -1)
                else:
                    width = ((_weight(entries[first], counts, first, -1) if V.complete(entries[second]) else 0)
                             + (_weight(entries[second], counts, second, -1) if V.complete(entries[first]) else 0))
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
