"""Fu (rules.md §3): a total for every interpretation, the (reason, fu) lines for the one paid.

Seven pairs is a fixed 25. A closed pinfu tsumo is 20 (no tsumo fu); an open hand that earns no fu
beyond the base is rounded to 30, as every rule set plays it.
"""

from __future__ import annotations

from calc.core import tiles as T
from calc.scoring.readings import triplet_fu
from calc.scoring.shape import KANCHAN, PENCHAN, RYANMEN, SHANPON, TANKI

FuLines = tuple[tuple[str, int], ...]

WAIT_FU = {RYANMEN: 0, SHANPON: 0, KANCHAN: 2, PENCHAN: 2, TANKI: 2}  # ryanmen and shanpon add nothing
SEVEN_PAIRS_FU = 25


def pair_fu_table(value_tiles: dict[int, int], double_wind_pair_fu: int) -> tuple[int, ...]:
    """tile -> fu of a pair of it: 2 for a value tile; a double wind (seat = round wind) gets the
    profile's `hand.double_wind_pair_fu` (Tenhou 4, some rule sets 2)."""
    return tuple(
        0 if tile not in value_tiles else 2 if value_tiles[tile] == 1 else double_wind_pair_fu for tile in range(34)
    )


def standard_fu(*, closed: bool, tsumo: bool, pinfu: bool, triplets: int, pair: int, wait: str) -> int:
    """A standard reading's fu, rounded up to 10: `triplets` is the triplets' fu, `pair` the pair's."""
    if pinfu:
        return 20 if tsumo else 30
    raw = 20 + triplets + pair + WAIT_FU[wait]
    if closed and not tsumo:
        raw += 10
    if tsumo:
        raw += 2
    if raw == 20 and not closed:
        return 30  # an open pinfu shape is valued at 30
    return -(-raw // 10) * 10


# A part is (reason, tile or -1, fu); `describe` turns parts into words. Every interpretation of a
# hand is counted by `standard_fu`, only the one paid is itemised, and only read lines are worded.
Part = tuple[str, int, int]
_TRIPLET_KIND = {
    (True, False): "closed triplet",
    (False, False): "open triplet",
    (True, True): "closed kan",
    (False, True): "open kan",
}
_SEVEN_PAIRS: tuple[Part, ...] = (("seven pairs", -1, SEVEN_PAIRS_FU),)
_BASE: Part = ("base", -1, 20)
_CLOSED_RON: Part = ("closed ron", -1, 10)
_TSUMO: Part = ("tsumo", -1, 2)
_PINFU_TSUMO: tuple[Part, ...] = (_BASE, ("pinfu tsumo: no tsumo fu", -1, 0))
_PINFU_RON: tuple[Part, ...] = (_BASE, _CLOSED_RON)


def seven_pairs_parts() -> tuple[Part, ...]:
    return _SEVEN_PAIRS


def standard_parts(
    *, closed: bool, tsumo: bool, pinfu: bool, triplets: list[tuple[int, bool, bool]], pair: int, pair_fu: int,
    wait: str,
) -> tuple[Part, ...]:
    """The parts `standard_fu` adds up, in order: `triplets` as (tile, concealed, kan)."""
    if pinfu:
        return _PINFU_TSUMO if tsumo else _PINFU_RON
    parts: list[Part] = [_BASE, _CLOSED_RON] if closed and not tsumo else [_BASE]
    for tile, concealed, kan in triplets:
        parts.append((_TRIPLET_KIND[concealed, kan], tile, triplet_fu(tile, concealed, kan)))
    if pair_fu:
        parts.append(("value pair", pair, pair_fu))
    if WAIT_FU[wait]:
        parts.append((f"{wait} wait", -1, WAIT_FU[wait]))
    if tsumo:
        parts.append(_TSUMO)
    if sum([part[2] for part in parts]) == 20 and not closed:
        parts.append(("open hand minimum", -1, 10))
    return tuple(parts)


def describe(parts: tuple[Part, ...]) -> FuLines:
    """(reason, fu) lines for people: 'closed triplet of 9m (terminal/honour)', 'value pair 5z'."""
    return tuple([_line(part) for part in parts])


def _line(part: Part) -> tuple[str, int]:
    reason, tile, fu = part
    if tile < 0:
        return reason, fu
    if reason == "value pair":
        return f"value pair {T.name(tile)}", fu
    grade = "terminal/honour" if T.is_yaochuu(tile) else "simple"
    return f"{reason} of {T.name(tile)} ({grade})", fu
