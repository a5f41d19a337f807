"""Tile values.

A tile is an index 0-33: 0-8 manzu 1-9, 9-17 pinzu, 18-26 souzu, 27-33 honours
(East South West North White Green Red). Red fives are tracked beside the index, never as
separate tile values, so every count array has 34 slots.
"""

from __future__ import annotations

from typing import Final

SUITS: Final = "mpsz"
# one name a line: mypy (which mypyc compiles from) infers each constant's type at once
MAN: Final = 0
PIN: Final = 9
SOU: Final = 18
HONOR: Final = 27
EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
WHITE: Final = 31
GREEN: Final = 32
RED: Final = 33
KINDS: Final = 34  # tile indices 0-33
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (WHITE, GREEN, RED)
WIND_LETTERS: Final = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
FIVE_PIN: Final = PIN + 4
FIVE_SOU: Final = SOU + 4
FIVE_MAN: Final = MAN + 4

TERMINALS_AND_HONORS: Final = (0, 8, 9, 17, 18, 26, *range(27, 34))
TERMINALS_AND_HONORS_SET: Final = frozenset(TERMINALS_AND_HONORS)
GREEN_TILES: Final = frozenset({SOU + 1, SOU + 2, SOU + 3, SOU + 5, SOU + 7, GREEN})


def suit_of(tile: int) -> int:
    return tile // 9


def number_of(tile: int) -> int:
    """1-9 for suited tiles, 1-7 for honours."""
    return tile % 9 + 1


def is_honor(tile: int) -> bool:
    return tile >= HONOR




def is_yaochuu(tile: int) -> bool:
    return tile in TERMINALS_AND_HONORS_SET


def name(tile: int, red: bool = False) -> str:
    """mpsz name: '5p', '0p' for a red five, '7z'."""
    if 0 <= tile < KINDS:  # a hand's tiles: named from the tables below (every answer writes some)
        return _RED_NAMES[tile] if red else _NAMES[tile]
    return _spelled(tile, red)


def _spelled(tile: int, red: bool) -> str:
    return f"{0 if red else number_of(tile)}{SUITS[suit_of(tile)]}"


def _names(red: bool) -> tuple[str, ...]:
    return tuple([_spelled(tile, red) for tile in range(KINDS)])


_NAMES: Final = _names(False)
_RED_NAMES: Final = _names(True)


def parse_name(text: str) -> tuple[int, bool]:
    """'3p' -> (11, False), '0s' -> (22, True). Raises ValueError on anything else."""
    if len(text) != 2 or text[1] not in SUITS or not text[0].isdigit():
        raise ValueError(f"not a tile: {text!r}")
    digit, suit = int(text[0]), SUITS.index(text[1])
    if suit == 3:
        if not 1 <= digit <= 7:
            raise ValueError(f"not a tile: {text!r} (honours are 1z-7z)")
        return HONOR + digit - 1, False
    if digit == 0:
        return suit * 9 + 4, True
    return suit * 9 + digit - 1, False


def dora_from_indicator(indicator: int) -> int:
    """The tile after the indicator, wrapping in its suit (rules.md §1).

    In sanma manzu holds only 1m and 9m, so 1m indicates 9m and 9m indicates 1m (logs);
    that follows from the sanma tile set, see `sanma_dora`.
    """
    if indicator < HONOR:
        base = indicator - indicator % 9
        return base + (indicator % 9 + 1) % 9
    if indicator <= NORTH:
        return EAST + (indicator - EAST + 1) % 4
    return WHITE + (indicator - WHITE + 1) % 3


def sanma_dora(indicator: int) -> int:
    """Dora in the 108-tile set: manzu wraps 1m <-> 9m, other suits as usual."""
    if indicator == MAN:
        return MAN + 8
    if indicator == MAN + 8:
        return MAN
    return dora_from_indicator(indicator)


SANMA_DORA: Final = tuple(sanma_dora(t) for t in range(34))  # indicator -> dora, looked up per hand


def is_sanma_tile(tile: int) -> bool:
    """False for 2m-8m, which the 108-tile set does not hold."""
    return not (MAN < tile < MAN + 8)


def red_ids(red_fives: tuple[int, ...]) -> frozenset[int]:
    """Tile ids 0-135 as Tenhou's records number them (the value is id // 4): the first copy of each
    five a profile makes red is the red one (ids 52 = 0p, 88 = 0s)."""
    return frozenset(t * 4 for t in red_fives)
