"""Strict mpsz notation: `234p678s5z5z [999m] (1111z)`.

Digits followed by a suit letter (m p s z); `0p`/`0s` are red fives. `[...]` is an open meld
(pon, or an open kan when it holds four tiles), `(...)` a closed kan. Spaces separate groups
and are otherwise ignored. Every unexpected character is reported with its 1-based column.
"""

from __future__ import annotations

from typing import Final

from calc.core import tiles as T
from calc.core.errors import NotationError

Tile = tuple[int, bool]  # (index 0-33, is red five)


class MeldText:
    """A meld as written: a written class, not a NamedTuple, as the scorer's values are (compiled
    code builds a NamedTuple through its generated `__new__`, in Python). Nothing writes to one."""

    closed: bool  # written in ( ), a closed kan
    tiles: tuple[Tile, ...]
    column: int

    def __init__(self, closed: bool, tiles: tuple[Tile, ...], column: int) -> None:
        self.closed = closed
        self.tiles = tiles
        self.column = column




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
_TILE_BY_NAME: Final[dict[str, Tile]] = {}
for _suit in T.SUITS:
    for _digit in "0123456789":
        try:
            _TILE_BY_NAME[_digit + _suit] = T.parse_name(_digit + _suit)
        except ValueError:
            pass
# What each character of the notation is, by its code: a digit 0-9, a suit letter (its index in
# "mpsz" + 10), or one of the marks below; every other character is _OTHER.
# (Final: compiled, a constant is read in place, not looked up among the module's names per character)
_SUIT_CODE: Final = 10
_BLANK: Final = 14
_BRACKET: Final = 15
_PAREN: Final = 16
_BRACKET_END: Final = 17
_PAREN_END: Final = 18
_OTHER: Final = 19
_CLASSES = [_OTHER] * 128
for _code in range(10):
    _CLASSES[ord("0") + _code] = _code
for _index, _suit in enumerate(T.SUITS):
    _CLASSES[ord(_suit)] = _SUIT_CODE + _index
for _mark, _kind in ((" ", _BLANK), ("\t", _BLANK), ("[", _BRACKET), ("(", _PAREN), ("]", _BRACKET_END),
                     (")", _PAREN_END)):
    _CLASSES[ord(_mark)] = _kind
# A `bytes` object: compiled code reads a byte of one in place, where an item of a list is an object
_CLASS: Final = bytes(_CLASSES)
# suit index * 10 + digit -> the tile, None where there is none (8z, 0z)
_TILE_BY_CODE: Final[list[Tile | None]] = [_TILE_BY_NAME.get(f"{digit}{suit}") for suit in T.SUITS for digit in range(10)]


def parse_hand(text: str, *, what: str = "hand", counts: list[int] | None = None) -> tuple[list[Tile], list[MeldText]]:
    """Concealed tiles in written order, then the melds. Raises NotationError with the column.
    `counts`, when given, gains one for each tile read (hand and melds): the scorer counts copies in
    the same pass."""
    concealed: list[Tile] = []
    melds: list[MeldText] = []
    target = concealed  # where tiles go: the concealed list or the open meld's list
    digits_from = -1  # index of the first pending digit, -1 when none
    meld_kind = 0  # _BRACKET ([ ], a pon or open kan) or _PAREN (( ), a closed kan) while a meld is open
    meld_column = 0
    # One byte a character (any beyond ASCII a "?", which is no character of the notation), so that
    # a place in it is the character's column; compiled, a byte is read in place, a character of a
    # str is made an object first.
    data = text.encode("ascii", "replace")
    for index in range(len(data)):
        kind = _CLASS[data[index]]
        if kind < _SUIT_CODE:
            if digits_from < 0:
                digits_from = index
        elif kind < _BLANK:
            if digits_from < 0:
                raise NotationError(f"suit letter {text[index]!r} in {what} has no digits before it",
                                    column=index + 1)
            suit = (kind - _SUIT_CODE) * 10 - 48  # less the code of "0"
            for offset in range(digits_from, index):
                tile = _TILE_BY_CODE[suit + data[offset]]
                if tile is None:
                    raise NotationError(f"no tile {text[offset]}{text[index]} in {what}", column=offset + 1)
                target.append(tile)
                if counts is not None:
                    counts[tile[0]] += 1
            digits_from = -1
        elif kind == _OTHER:
            raise NotationError(f"unexpected character {text[index]!r} in {what}", column=index + 1)
        elif digits_from >= 0:
            raise _no_suit(what, digits_from)
        elif kind == _BLANK:
            pass
        elif kind == _BRACKET or kind == _PAREN:
            if target is not concealed:
                raise NotationError(f"meld opened inside a meld in {what}", column=index + 1)
            target, meld_kind, meld_column = [], kind, index + 1
        else:  # a closer
            if target is concealed or kind - meld_kind != _BRACKET_END - _BRACKET:
                raise NotationError(f"unmatched {text[index]!r} in {what}", column=index + 1)
            if not target:
                raise NotationError(f"empty meld in {what}", column=meld_column)
            melds.append(MeldText(meld_kind == _PAREN, tuple(target), meld_column))
            target = concealed
    if digits_from >= 0:
        raise _no_suit(what, digits_from)
    if target is not concealed:
        raise NotationError(f"meld {'(' if meld_kind == _PAREN else '['!r} is never closed in {what}",
                            column=meld_column)
    return concealed, melds


def _no_suit(what: str, digits_from: int) -> NotationError:
    return NotationError(f"digits without a suit letter in {what}", column=digits_from + 1)


_SUIT_LETTER: Final = tuple(T.SUITS[T.suit_of(t)] for t in range(34))  # tile -> m, p, s or z
_DIGIT: Final = tuple(str(T.number_of(t)) for t in range(34))


def write_indices(out: list[str], indices: tuple[int, ...], left_out: int, reds: list[int]) -> None:
    """Append to `out` the `format_tiles` text of plain sorted tile indices but one copy of
    `left_out` (a hand's winning tile, written apart; -1: none), the first copy of each index listed
    in `reds` written red (a scored hand keeps its tiles as indices and its red fives apart: no
    (tile, red) pairs made). `reds` is used up."""
    run_suit = ""
    for index in indices:
        if index == left_out:
            left_out = -1
            continue
        suit = _SUIT_LETTER[index]
        if run_suit and suit != run_suit:
            out.append(run_suit)
        if reds and index in reds:
            reds.remove(index)
            out.append("0")
        else:
            out.append(_DIGIT[index])
        run_suit = suit
    if run_suit:
        out.append(run_suit)


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
