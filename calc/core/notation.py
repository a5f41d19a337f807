"""Strict mpsz notation: `234p678s5z5z [999m] (1111z)`.

Digits followed by a suit letter (m p s z); `0p`/`0s` are red fives. `[...]` is an open meld
(pon, or an open kan when it holds four tiles), `(...)` a closed kan. Spaces separate groups
and are otherwise ignored. Every unexpected character is reported with its 1-based column.
"""

from __future__ import annotations

from typing import NamedTuple

from calc.core import tiles as T
from calc.core.errors import NotationError

Tile = tuple[int, bool]  # (index 0-33, is red five)


class MeldText(NamedTuple):
    closed: bool  # written in ( ), a closed kan
    tiles: tuple[Tile, ...]
    column: int


_CLOSERS = {"[": "]", "(": ")"}  # opener -> its closer
_OPENERS = {"]": "[", ")": "("}


def parse_tiles(text: str, *, what: str = "tiles") -> list[Tile]:
    """A run of tiles with no melds, e.g. dora indicators `3p9m`."""
    tile = _TILE_BY_NAME.get(text)
    if tile is not None:  # one tile, as most indicators are
        return [tile]
    concealed, melds = parse_hand(text, what=what)
    if melds:
        raise NotationError(f"{what} cannot contain melds", column=melds[0].column)
    return concealed


# "3p" -> (11, False), "0s" -> (22, True): every tile name, built once from tiles.parse_name.
_TILE_BY_NAME: dict[str, Tile] = {}
for _suit in T.SUITS:
    for _digit in "0123456789":
        try:
            _TILE_BY_NAME[_digit + _suit] = T.parse_name(_digit + _suit)
        except ValueError:
            pass
# suit letter -> digit -> tile: "p" -> "3" -> (11, False)
_TILE_BY_SUIT_DIGIT = {suit: {name[0]: tile for name, tile in _TILE_BY_NAME.items() if name[1] == suit} for suit in T.SUITS}
_DIGITS = frozenset("0123456789")
_SEPARATORS = frozenset(" \t[]()")


def parse_hand(text: str, *, what: str = "hand", counts: list[int] | None = None) -> tuple[list[Tile], list[MeldText]]:
    """Concealed tiles in written order, then the melds. Raises NotationError with the column.
    `counts`, when given, gains one for each tile read (hand and melds): the scorer counts copies in
    the same pass."""
    concealed: list[Tile] = []
    melds: list[MeldText] = []
    target = concealed  # where tiles go: the concealed list or the open meld's list
    digits_from = -1  # index of the first pending digit, -1 when none
    meld_open = ""
    meld_column = 0

    digits, by_suit = _DIGITS, _TILE_BY_SUIT_DIGIT  # locals: read once per character
    for index, char in enumerate(text):
        if char in digits:
            if digits_from < 0:
                digits_from = index
        elif char in by_suit:
            if digits_from < 0:
                raise NotationError(f"suit letter {char!r} in {what} has no digits before it", column=index + 1)
            tiles = by_suit[char]
            for offset in range(digits_from, index):
                tile = tiles.get(text[offset])
                if tile is None:
                    raise NotationError(f"no tile {text[offset]}{char} in {what}", column=offset + 1)
                target.append(tile)
                if counts is not None:
                    counts[tile[0]] += 1
            digits_from = -1
        elif char not in _SEPARATORS:
            raise NotationError(f"unexpected character {char!r} in {what}", column=index + 1)
        elif digits_from >= 0:
            raise _no_suit(what, digits_from)
        elif char == " " or char == "\t":
            pass
        elif char in _CLOSERS:
            if target is not concealed:
                raise NotationError(f"meld opened inside a meld in {what}", column=index + 1)
            target, meld_open, meld_column = [], char, index + 1
        elif char in _OPENERS:
            if target is concealed or _CLOSERS[meld_open] != char:
                raise NotationError(f"unmatched {char!r} in {what}", column=index + 1)
            if not target:
                raise NotationError(f"empty meld in {what}", column=meld_column)
            melds.append(MeldText(meld_open == "(", tuple(target), meld_column))
            target = concealed
    if digits_from >= 0:
        raise _no_suit(what, digits_from)
    if target is not concealed:
        raise NotationError(f"meld {meld_open!r} is never closed in {what}", column=meld_column)
    return concealed, melds


def _no_suit(what: str, digits_from: int) -> NotationError:
    return NotationError(f"digits without a suit letter in {what}", column=digits_from + 1)


_SUIT_LETTER = tuple(T.SUITS[T.suit_of(t)] for t in range(34))  # tile -> m, p, s or z
_DIGIT = tuple(str(T.number_of(t)) for t in range(34))


def format_tiles(tile_list: list[Tile] | tuple[Tile, ...]) -> str:
    """Group consecutive tiles of one suit: [(0,F),(1,F),(11,F)] -> '12m3p'."""
    out: list[str] = []
    run_suit = None
    for index, red in tile_list:
        suit = _SUIT_LETTER[index]
        if run_suit is not None and suit != run_suit:
            out.append(run_suit)
        out.append("0" if red else _DIGIT[index])
        run_suit = suit
    if run_suit is not None:
        out.append(run_suit)
    return "".join(out)
