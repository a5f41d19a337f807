"""Strict mpsz notation: `234p678s5z5z [999m] (1111z)`.

Digits followed by a suit letter (m p s z); `0p`/`0s` are red fives. `[...]` is an open meld
(pon, or an open kan when it holds four tiles), `(...)` a closed kan. Spaces separate groups
and are otherwise ignored. Every unexpected character is reported with its 1-based column.
"""

from __future__ import annotations

from dataclasses import dataclass

from calc import tiles as T
from calc.errors import NotationError

Tile = tuple[int, bool]  # (index 0-33, is red five)


@dataclass(frozen=True)
class MeldText:
    closed: bool  # written in ( ), a closed kan
    tiles: tuple[Tile, ...]
    column: int


_CLOSERS = {"[": "]", "(": ")"}


def parse_tiles(text: str, *, what: str = "tiles") -> list[Tile]:
    """A run of tiles with no melds, e.g. dora indicators `3p9m`."""
    concealed, melds = parse_hand(text, what=what)
    if melds:
        raise NotationError(f"{what} cannot contain melds", column=melds[0].column)
    return concealed


def parse_hand(text: str, *, what: str = "hand") -> tuple[list[Tile], list[MeldText]]:
    """Concealed tiles in written order, then the melds. Raises NotationError with the column."""
    concealed: list[Tile] = []
    melds: list[MeldText] = []
    digits: list[tuple[str, int]] = []  # pending digits with their columns
    meld_tiles: list[Tile] | None = None
    meld_open = ""
    meld_column = 0

    def flush(suit: str, column: int) -> list[Tile]:
        if not digits:
            raise NotationError(f"suit letter {suit!r} in {what} has no digits before it", column=column)
        out = []
        for digit, digit_column in digits:
            try:
                out.append(T.parse_name(digit + suit))
            except ValueError:
                raise NotationError(f"no tile {digit}{suit} in {what}", column=digit_column) from None
        digits.clear()
        return out

    for index, char in enumerate(text):
        column = index + 1
        if char.isdigit() and char.isascii():
            digits.append((char, column))
        elif char in T.SUITS:
            target = concealed if meld_tiles is None else meld_tiles
            target.extend(flush(char, column))
        elif char in " \t":
            if digits:
                raise NotationError(f"digits without a suit letter in {what}", column=digits[0][1])
        elif char in _CLOSERS:
            if digits:
                raise NotationError(f"digits without a suit letter in {what}", column=digits[0][1])
            if meld_tiles is not None:
                raise NotationError(f"meld opened inside a meld in {what}", column=column)
            meld_tiles, meld_open, meld_column = [], char, column
        elif char in _CLOSERS.values():
            if meld_tiles is None or _CLOSERS[meld_open] != char:
                raise NotationError(f"unmatched {char!r} in {what}", column=column)
            if digits:
                raise NotationError(f"digits without a suit letter in {what}", column=digits[0][1])
            if not meld_tiles:
                raise NotationError(f"empty meld in {what}", column=meld_column)
            melds.append(MeldText(meld_open == "(", tuple(meld_tiles), meld_column))
            meld_tiles = None
        else:
            raise NotationError(f"unexpected character {char!r} in {what}", column=column)
    if meld_tiles is not None:
        raise NotationError(f"meld {meld_open!r} is never closed in {what}", column=meld_column)
    if digits:
        raise NotationError(f"digits without a suit letter in {what}", column=digits[0][1])
    return concealed, melds


def format_tiles(tile_list: list[Tile] | tuple[Tile, ...]) -> str:
    """Group consecutive tiles of one suit: [(0,F),(1,F),(11,F)] -> '12m3p'."""
    out: list[str] = []
    run_suit = None
    for index, red in tile_list:
        suit = T.SUITS[T.suit_of(index)]
        if run_suit is not None and suit != run_suit:
            out.append(run_suit)
        out.append("0" if red else str(T.number_of(index)))
        run_suit = suit
    if run_suit is not None:
        out.append(run_suit)
    return "".join(out)
