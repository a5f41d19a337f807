"""A `sanma hand --batch` line read into a `HandRequest`, the command line's flags as its defaults.

A line is read in one pass over its bytes when it is what a program writes: ASCII text, one JSON
object of the request's keys, each value a string without escapes, true, false, null or a whole
number, of the key's kind (`request.FIELD_KINDS`). Any other line (an escape, a float, a nested
value, an unknown key, a wrong kind, a character beyond ASCII, broken JSON, ...) is read as before,
by the json module and `HandRequest.from_mapping`, so that its request or its error is the one it
always was. The one pass exists because that way took ~45,000 instructions a line (the json
module's three Python frames around its C scanner, then every key looked up, checked and merged
with the defaults), a fifth of a line's work; this one takes about 11,000. tests/test_bench_hands.py
pins the output of bench lines spelled every way JSON allows, broken ones too.

Compiled with mypyc (calc/compiled.py): `raw[i]` reads a byte in place (about 2 ns; a character of a
str, `ord(text[i])`, took five times as long); an ASCII line's bytes and characters share their
places, so a string value is cut from the decoded text (a key is matched byte by byte, below).
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


def _prefix(first: int, second: int, third: int) -> int:
    """A place in `_KEY_AT` for a key that begins with these three characters (five bits of each:
    a letter's or `_`'s own, so that no two keys of the table share a place)."""
    return (first & 31) << 10 | (second & 31) << 5 | (third & 31)


# A key is found by its first three characters, then checked whole against its bytes: no string is
# cut and hashed for it (that took 600 instructions a key, seven keys a line). `_KEY_AT[prefix]` is
# the key's place + 1 (0: no key): the place is 0 for the hand, then FIELD_DEFAULTS' order. Every key
# is three characters at least, of lowercase letters and `_`; no two begin alike (checked as the
# module loads).
_KEY_SPELLED: Final = [key.encode("ascii") for key in FIELD_KINDS]
_KEY_KINDS: Final = [_KIND_BITS[kind] for kind in FIELD_KINDS.values()]


def _key_table() -> bytes:
    table = bytearray(1 << 15)
    for place, key in enumerate(_KEY_SPELLED):
        if len(key) < 3 or not key.replace(b"_", b"").isalpha() or not key.islower():
            raise AssertionError(f"batch key {key!r} is not three lowercase letters or more")
        at = _prefix(key[0], key[1], key[2])
        if table[at]:
            raise AssertionError(f"batch keys {key!r} and {_KEY_SPELLED[table[at] - 1]!r} begin alike")
        table[at] = place + 1
    return bytes(table)


_KEY_AT: Final = _key_table()

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
_ASCII_END: Final = 128
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
        request = self._plain(raw, text)
        if request is not None:
            return request
        data = _json_line(text)
        if not isinstance(data, dict):
            raise SanmaError("a batch line must be a JSON object")
        return HandRequest.from_mapping(data, self.defaults)

    def _plain(self, raw: bytes, text: str) -> HandRequest | None:
        """The request of a plain line (see the module's docstring), None for any other. `text` is
        `raw` decoded: read up to its first byte beyond ASCII (which ends a plain reading), the two
        share their places."""
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
            if i + 3 >= n:
                return None
            place = _KEY_AT[_prefix(raw[i + 1], raw[i + 2], raw[i + 3])] - 1
            if place < 0:
                return None
            kinds = _KEY_KINDS[place]
            i = _key_end(raw, i + 1, n, _KEY_SPELLED[place])
            if i < 0:
                return None  # another key, or one written with an escape
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
                number, i = _whole_number(raw, i, n)
                if i < 0:
                    return None
                value = number
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


def _key_end(raw: bytes, i: int, n: int, key: bytes) -> int:
    """The place after the quote that closes the key `key` written from `i`; -1 where another string
    is written there."""
    end = i + len(key)
    if end >= n or raw[end] != _QUOTE:
        return -1
    for k in range(len(key)):
        if raw[i + k] != key[k]:
            return -1
    return end + 1


def _string_end(raw: bytes, i: int, n: int) -> int:
    """The place of the quote that closes a string whose text starts at `i`; -1 where the string
    holds an escape, a control character (the json module reads or refuses those) or a character
    beyond ASCII, or never ends."""
    while i < n:
        c = raw[i]
        if c == _QUOTE:
            return i
        if c == _BACKSLASH or c < _SPACE or c >= _ASCII_END:
            return -1
        i += 1
    return -1


def _whole_number(raw: bytes, i: int, n: int) -> tuple[int, int]:
    """(the value, the place after it) of a whole number as JSON writes it (-?(0|[1-9][0-9]*)) from
    `i`, its digits read as they come (no string cut for int()); (0, -1) where it is no such number
    or goes on with a fraction or an exponent (the json module reads those)."""
    negative = raw[i] == _MINUS
    start = end = i + 1 if negative else i
    value = 0
    while end < n:
        c = raw[end]
        if c < _ZERO or c > _NINE:
            break
        value = value * 10 + (c - _ZERO)
        end += 1
        if end - start > _DIGITS_AT_MOST:
            return 0, -1
    digits = end - start
    if digits == 0 or (digits > 1 and raw[start] == _ZERO):
        return 0, -1
    if end < n and raw[end] in _FRACTION_OR_EXPONENT:
        return 0, -1
    return (-value if negative else value), end


def _json_line(text: str) -> object:
    try:
        return json.loads(text, parse_int=whole_number)  # a number too long: a SanmaError
    except RecursionError:  # nested hundreds of levels deep: bad input, not a bug (calc.core.nesting)
        deep = too_deep(SanmaError, text)
        raise SanmaError(f"{deep.message} (column {deep.column})") from None
