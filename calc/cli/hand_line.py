"""A `sanma hand --batch` line read into a `HandRequest`, the command line's flags as its defaults.

A line is read in one pass over its bytes when it is what a program writes: ASCII text, one JSON
object of the request's keys, each value a string without escapes, true, false, null or a whole
number, of the key's kind (`request.FIELD_KINDS`). Any other line (an escape, a float, a nested
value, an unknown key, a wrong kind, a character beyond ASCII, broken JSON, ...) is read as before,
by the json module and `HandRequest.from_mapping`, so that its request or its error is the one it
always was. The one pass exists because that way took ~45,000 instructions a line (the json
module's three Python frames around its C scanner, then every key looked up, checked and merged
with the defaults), a fifth of a line's work; this one takes a few thousand. tests/test_bench_hands.py
pins the output of bench lines spelled every way JSON allows, broken ones too.

Compiled with mypyc (calc/compiled.py): `raw[i]` reads a byte in place (about 2 ns; a character of a
str, `ord(text[i])`, took five times as long); an ASCII line's bytes and characters share their
places, so keys and values are cut from the decoded text.
"""

from __future__ import annotations

import json
from typing import Final, cast

from calc.core.errors import SanmaError
from calc.core.nesting import too_deep, whole_number
from calc.scoring.request import FIELD_DEFAULTS, FIELD_KINDS, HandRequest

# What a key's value may be, as bits: its field's kind (FIELD_KINDS) in JSON's terms
_STRING: Final = 1
_BOOL: Final = 2
_INT: Final = 4
_NULL: Final = 8
_KIND_BITS: Final = {"str": _STRING, "bool": _BOOL, "int": _INT, "str | None": _STRING | _NULL}
# key -> (its place: 0 the hand, then FIELD_DEFAULTS' order; the kinds of value it takes)
_KEYS: Final[dict[str, tuple[int, int]]] = {
    key: (place, _KIND_BITS[kind]) for place, (key, kind) in enumerate(FIELD_KINDS.items())}

# character codes
_SPACE: Final = 32
_TAB: Final = 9
_NEWLINE: Final = 10
_RETURN: Final = 13
_QUOTE: Final = 34
_BACKSLASH: Final = 92
_COMMA: Final = 44
_COLON: Final = 58
_MINUS: Final = 45
_ZERO: Final = 48
_NINE: Final = 57
_OPEN: Final = 123  # {
_CLOSE: Final = 125  # }
_FRACTION_OR_EXPONENT: Final = (ord("."), ord("e"), ord("E"))
_TRUE: Final = b"true"
_FALSE: Final = b"false"
_NULL_WORD: Final = b"null"
_DIGITS_AT_MOST: Final = 18  # a longer number is read by the json module (no key takes one that big)


class BatchLineReader:
    """Reads the lines of one batch: `defaults` are the command line's flags (the request's field
    names; a key a line gives wins)."""

    def __init__(self, defaults: dict) -> None:
        self.defaults = defaults
        # every field but the hand, in FIELD_DEFAULTS' order: what a line leaves out
        self.base: list[object] = [defaults.get(name, default) if defaults else default
                                   for name, default in FIELD_DEFAULTS.items()]

    def request(self, raw: bytes) -> HandRequest:
        """The line's request; a SanmaError, json.JSONDecodeError or UnicodeDecodeError says why
        there is none."""
        text = raw.decode("utf-8")
        if raw.isascii():
            request = self._plain(raw, text)
            if request is not None:
                return request
        data = _json_line(text)
        if not isinstance(data, dict):
            raise SanmaError("a batch line must be a JSON object")
        return HandRequest.from_mapping(data, self.defaults)

    def _plain(self, raw: bytes, text: str) -> HandRequest | None:
        """The request of a plain line (see the module's docstring), None for any other. `raw` is
        ASCII, `text` its characters."""
        n = len(raw)
        i = _skip(raw, 0, n)
        if i >= n or raw[i] != _OPEN:
            return None
        values = self.base.copy()
        hand: str | None = None
        i = _skip(raw, i + 1, n)
        while True:  # one "key": value a turn
            if i >= n or raw[i] != _QUOTE:
                return None  # {} too: its error (no hand) is from_mapping's
            # a key with an escape or a control character is no key of the table
            end = _string_end(raw, i + 1, n)
            key = _KEYS.get(text[i + 1:end]) if end >= 0 else None
            if key is None:
                return None
            place, kinds = key
            i = end + 1
            if i < n and raw[i] != _COLON:
                i = _skip(raw, i, n)
            if i >= n or raw[i] != _COLON:
                return None
            i = _after_separator(raw, i + 1, n)
            if i >= n:
                return None
            c = raw[i]
            value: object
            if c == _QUOTE:
                end = _string_end(raw, i + 1, n)
                if end < 0 or not kinds & _STRING:
                    return None
                value = text[i + 1:end]
                i = end + 1
            elif kinds & _BOOL and _word_at(raw, i, n, _TRUE):
                value = True
                i += 4
            elif kinds & _BOOL and _word_at(raw, i, n, _FALSE):
                value = False
                i += 5
            elif kinds & _NULL and _word_at(raw, i, n, _NULL_WORD):
                value = None
                i += 4
            elif (c == _MINUS or _ZERO <= c <= _NINE) and kinds & _INT:
                end = _number_end(raw, i, n)
                if end < 0:
                    return None
                value = int(text[i:end])
                i = end
            else:
                return None
            if place == 0:
                hand = cast(str, value)
            else:
                values[place - 1] = value
            if i >= n:
                return None
            c = raw[i]
            if c != _COMMA and c != _CLOSE:
                i = _skip(raw, i, n)
                if i >= n:
                    return None
                c = raw[i]
            if c == _CLOSE:
                break
            if c != _COMMA:
                return None
            i = _after_separator(raw, i + 1, n)
        if hand is None or _skip(raw, i + 1, n) != n:
            return None
        return HandRequest.of(hand, values)


def _word_at(raw: bytes, i: int, n: int, word: bytes) -> bool:
    """`raw` holds `word` from `i` (compared byte by byte: a method call such as `startswith`
    costs a thousand instructions from compiled code)."""
    if i + len(word) > n:
        return False
    for k in range(len(word)):
        if raw[i + k] != word[k]:
            return False
    return True


def _skip(raw: bytes, i: int, n: int) -> int:
    """The first place from `i` that is not JSON whitespace."""
    while i < n:
        c = raw[i]
        if c != _SPACE and c != _TAB and c != _NEWLINE and c != _RETURN:
            break
        i += 1
    return i


def _after_separator(raw: bytes, i: int, n: int) -> int:
    """`_skip` after a colon or a comma, which json.dumps follows with one space: that space is
    stepped over without a call."""
    if i < n and raw[i] == _SPACE:
        i += 1
    if i < n and raw[i] <= _SPACE:  # more whitespace (a control character fails after)
        i = _skip(raw, i, n)
    return i


def _string_end(raw: bytes, i: int, n: int) -> int:
    """The place of the quote that closes a string whose text starts at `i`; -1 where the string
    holds an escape or a control character (the json module reads or refuses those) or never ends."""
    while i < n:
        c = raw[i]
        if c == _QUOTE:
            return i
        if c == _BACKSLASH or c < _SPACE:
            return -1
        i += 1
    return -1


def _number_end(raw: bytes, i: int, n: int) -> int:
    """The end of a whole number as JSON writes it (-?(0|[1-9][0-9]*)) from `i`; -1 where it is no
    such number or goes on with a fraction or an exponent (the json module reads those)."""
    start = i + 1 if raw[i] == _MINUS else i
    end = start
    while end < n and _ZERO <= raw[end] <= _NINE:
        end += 1
    digits = end - start
    if digits == 0 or digits > _DIGITS_AT_MOST or (digits > 1 and raw[start] == _ZERO):
        return -1
    if end < n and raw[end] in _FRACTION_OR_EXPONENT:
        return -1
    return end


def _json_line(text: str) -> object:
    try:
        return json.loads(text, parse_int=whole_number)  # a number too long: a SanmaError
    except RecursionError:  # nested hundreds of levels deep: bad input, not a bug (calc.core.nesting)
        deep = too_deep(SanmaError, text)
        raise SanmaError(f"{deep.message} (column {deep.column})") from None
