"""Fu as (reason, fu) lines and a total (rules.md §3).

Seven pairs is a fixed 25. A closed pinfu tsumo is 20 (no tsumo fu); an open hand that earns no fu
beyond the base is rounded to 30, as every rule set plays it.
"""

from __future__ import annotations

from calc import tiles as T
from calc.shape import KANCHAN, PENCHAN, SEVEN_PAIRS, STANDARD, TANKI, Shape

FuLines = tuple[tuple[str, int], ...]


def _triplet_fu(tile: int, concealed: bool, kan: bool) -> int:
    fu = 2
    if T.is_yaochuu(tile):
        fu *= 2
    if concealed:
        fu *= 2
    if kan:
        fu *= 4
    return fu


def _triplet_reason(tile: int, concealed: bool, kan: bool) -> str:
    kind = ("closed " if concealed else "open ") + ("kan" if kan else "triplet")
    grade = "terminal/honour" if T.is_yaochuu(tile) else "simple"
    return f"{kind} of {T.name(tile)} ({grade})"


def pair_fu(pair: int, value_tiles: dict[int, int]) -> int:
    """2 fu per value the pair has: a double-wind pair (seat = round) is 4, as Tenhou counts it."""
    return 2 * value_tiles.get(pair, 0)


def fu_lines(shape: Shape, *, pinfu: bool, value_tiles: dict[int, int]) -> tuple[FuLines, int]:
    """(breakdown, total rounded up to 10; seven pairs 25)."""
    if shape.form == SEVEN_PAIRS:
        return (("seven pairs", 25),), 25
    if shape.form != STANDARD:  # thirteen orphans has no sets to count: Tenhou reports 0 fu (logs)
        return (), 0
    lines: list[tuple[str, int]] = [("base", 20)]
    if pinfu:
        if shape.tsumo:
            return (("base", 20), ("pinfu tsumo: no tsumo fu", 0)), 20
        return (("base", 20), ("closed ron", 10)), 30
    if shape.closed and not shape.tsumo:
        lines.append(("closed ron", 10))
    for trip in shape.triplets:
        lines.append((_triplet_reason(trip.tile, trip.concealed, trip.kan), _triplet_fu(trip.tile, trip.concealed, trip.kan)))
    fu = pair_fu(shape.pair, value_tiles)
    if fu:
        lines.append((f"value pair {T.name(shape.pair)}", fu))
    if shape.wait in (KANCHAN, PENCHAN, TANKI):
        lines.append((f"{shape.wait} wait", 2))
    if shape.tsumo:
        lines.append(("tsumo", 2))
    raw = sum(f for _, f in lines)
    if raw == 20 and not shape.closed:
        lines.append(("open hand minimum", 10))  # an open pinfu shape is valued at 30
        raw = 30
    total = -(-raw // 10) * 10
    return tuple(lines), total
