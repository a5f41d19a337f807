"""Fu as (reason, fu) lines and a total (rules.md §3).

Seven pairs is a fixed 25. A closed pinfu tsumo is 20 (no tsumo fu); an open hand that earns no fu
beyond the base is rounded to 30, as every rule set plays it.
"""

from __future__ import annotations

from calc.core import tiles as T
from calc.scoring.shape import KANCHAN, PENCHAN, SEVEN_PAIRS, STANDARD, TANKI, Shape

FuLines = tuple[tuple[str, int], ...]


def _triplet_fu(tile: int, concealed: bool, kan: bool) -> int:
    """2, doubled for a terminal or honour, doubled when concealed, ×4 for a kan."""
    fu = 4 if tile in T.TERMINALS_AND_HONORS_SET else 2
    if concealed:
        fu *= 2
    return fu * 4 if kan else fu


def pair_fu_table(value_tiles: dict[int, int], double_wind_pair_fu: int) -> dict[int, int]:
    """tile -> fu of a pair of it: 2 for a value tile; a double wind (seat = round wind) gets the
    profile's `hand.double_wind_pair_fu` (Tenhou 4, some rule sets 2)."""
    return {tile: 2 if count == 1 else double_wind_pair_fu for tile, count in value_tiles.items()}


# A part is (reason, tile or None, fu); `describe` turns parts into words. Every reading of a hand
# is counted, only the best one is described.
Part = tuple[str, int | None, int]
_TRIPLET_KIND = {
    (True, False): "closed triplet",
    (False, False): "open triplet",
    (True, True): "closed kan",
    (False, True): "open kan",
}
# (tile, concealed, kan) -> its part, e.g. ("closed triplet", 26, 8): every case made once
_TRIPLET_PART = {
    (tile, concealed, kan): (_TRIPLET_KIND[concealed, kan], tile, _triplet_fu(tile, concealed, kan))
    for tile in range(34)
    for concealed in (True, False)
    for kan in (True, False)
}
_SEVEN_PAIRS: tuple[Part, ...] = (("seven pairs", None, 25),)
_BASE: Part = ("base", None, 20)
_CLOSED_RON: Part = ("closed ron", None, 10)
_TSUMO: Part = ("tsumo", None, 2)
_WAIT_PART = {wait: (f"{wait} wait", None, 2) for wait in (KANCHAN, PENCHAN, TANKI)}
_PINFU_TSUMO: tuple[Part, ...] = (_BASE, ("pinfu tsumo: no tsumo fu", None, 0))
_PINFU_RON: tuple[Part, ...] = (_BASE, _CLOSED_RON)


def fu_parts(shape: Shape, *, pinfu: bool, pair_fu: dict[int, int]) -> tuple[tuple[Part, ...], int]:
    """(parts, total rounded up to 10; seven pairs 25)."""
    if shape.form == SEVEN_PAIRS:
        return _SEVEN_PAIRS, 25
    if shape.form != STANDARD:  # thirteen orphans has no sets to count: Tenhou reports 0 fu (logs)
        return (), 0
    if pinfu:
        return (_PINFU_TSUMO, 20) if shape.tsumo else (_PINFU_RON, 30)
    parts: list[Part] = [_BASE, _CLOSED_RON] if shape.closed and not shape.tsumo else [_BASE]
    triplet_part = _TRIPLET_PART
    for tile, concealed, kan, _ in shape.triplets:
        parts.append(triplet_part[tile, concealed, kan])
    fu = pair_fu.get(shape.pair, 0) if shape.pair is not None else 0
    if fu:
        parts.append(("value pair", shape.pair, fu))
    wait_part = _WAIT_PART.get(shape.wait) if shape.wait is not None else None
    if wait_part:
        parts.append(wait_part)
    if shape.tsumo:
        parts.append(_TSUMO)
    raw = sum([part[2] for part in parts])
    if raw == 20 and not shape.closed:
        parts.append(("open hand minimum", None, 10))  # an open pinfu shape is valued at 30
        raw = 30
    return tuple(parts), -(-raw // 10) * 10


def describe(parts: tuple[Part, ...]) -> FuLines:
    """(reason, fu) lines for people: 'closed triplet of 9m (terminal/honour)', 'value pair 5z'."""
    lines = _LINES
    return tuple([lines.get(part) or _line(part) for part in parts])


# part -> its line: there are a few hundred parts in all (tiles × kinds), each put into words once
_LINES: dict[Part, tuple[str, int]] = {}


def _line(part: Part) -> tuple[str, int]:
    reason, tile, fu = part
    if tile is None:
        line = (reason, fu)
    elif reason == "value pair":
        line = (f"value pair {T.name(tile)}", fu)
    else:
        grade = "terminal/honour" if T.is_yaochuu(tile) else "simple"
        line = (f"{reason} of {T.name(tile)} ({grade})", fu)
    _LINES[part] = line
    return line
