"""JSON and YAML past the bounds of their shape: lists and mappings inside each other hundreds of
levels deep (a log or a record nests a few), and whole numbers too long to read.

Python's JSON and YAML readers go one call deeper for each level and stop with a RecursionError
somewhere past a few hundred levels (where exactly depends on how deep the program already is).
That is bad input, not a bug: every reader of a file a user gives (records, profiles, schemes, the
log formats, `hand --batch` lines) turns it into its own one-line error, at the place the nesting
goes too deep, with `too_deep` below. Python also refuses to read a number of more than 4,300
digits (a ValueError): `whole_number` refuses one past calc.core.bounds.NUMBER_DIGITS first, and
`load_json` reads a JSON text within both bounds.
"""

from __future__ import annotations

import json
import re
from typing import Any

from calc.core import bounds
from calc.core.errors import SanmaError

SHOWN_AT = bounds.NESTING  # a JSON text is shown at the first bracket that opens this level
MESSAGE = (f"nested too deep to read: lists or mappings inside each other more than {SHOWN_AT} levels "
           f"deep (a log or a record nests a few)")


def number_too_long(digits: int) -> str:
    return f"a number of {digits} digits: too long to be a count or a score (at most {bounds.NUMBER_DIGITS} digits)"


def whole_number(text: str) -> int:
    """A JSON whole number (json.loads' parse_int), refused past bounds.NUMBER_DIGITS digits."""
    digits = len(text) - text.startswith("-")
    if digits > bounds.NUMBER_DIGITS:
        raise SanmaError(number_too_long(digits))
    return int(text)


def load_json(text: str, error: type = SanmaError, **where: Any) -> Any:
    """JSON text -> values, within the bounds: nested SHOWN_AT levels or a number too long is an
    `error` (a SanmaError class) placed in `where` (the file, or the line of a batch); broken JSON
    is json.JSONDecodeError, as json.loads raises it."""
    if flow_too_deep(text):
        raise too_deep(error, text, **where)
    try:
        return json.loads(text, parse_int=whole_number)
    except RecursionError:  # not reached below SHOWN_AT levels; kept for a reader's own limit
        raise too_deep(error, text, **where) from None
    except SanmaError as exc:
        if error is SanmaError and not where:
            raise
        raise error(exc.message, **{k: v for k, v in where.items() if v is not None}) from None

_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _deepest(text: str) -> tuple[int, int | None]:
    """(the deepest bracket level reached, up to SHOWN_AT; the offset of the bracket that opens it),
    double-quoted strings skipped."""
    depth, deepest, at = 0, 0, None
    for token in _JSON_TOKENS.finditer(text):
        mark = token.group()
        if mark in "[{":
            depth += 1
            if depth > deepest:
                deepest, at = depth, token.start()
                if depth == SHOWN_AT:
                    break
        elif mark in "]}":
            depth -= 1
    return deepest, at


def json_place(text: str) -> tuple[int, int] | tuple[None, None]:
    """(line, column) of the bracket that opens level SHOWN_AT (or the deepest level)."""
    _, at = _deepest(text)
    if at is None:
        return None, None
    line = text.count("\n", 0, at) + 1
    return line, at - text.rfind("\n", 0, at)


def flow_too_deep(text: str) -> bool:
    """YAML (or JSON) text whose brackets nest SHOWN_AT levels: refused before PyYAML reads it, whose
    reader takes time that grows with the square of the depth (seconds at a thousand levels)."""
    return _deepest(text)[0] >= SHOWN_AT


def yaml_place(text: str) -> tuple[int, int] | tuple[None, None]:
    """(line, column) where PyYAML's own reader gives up on `text` (it keeps its place when it stops)."""
    import yaml

    loader = yaml.SafeLoader(text)
    try:
        loader.get_single_node()
    except RecursionError:
        mark = loader.get_mark()
        return mark.line + 1, mark.column + 1
    except yaml.YAMLError:
        pass
    finally:
        loader.dispose()
    return None, None


def too_deep(error: type, text: str, *, yaml: bool = False, **where: Any):
    """The `error` (a SanmaError class) to raise for `text` nested too deep, placed where it goes deep;
    `where` names the file (or the line of a batch)."""
    line, column = yaml_place(text) if yaml else (None, None)
    if line is None:  # JSON, or YAML whose flow brackets go deep (the reader stopped past PyYAML's own)
        line, column = json_place(text)
    place = {"line": line, "column": column}
    place.update({k: v for k, v in where.items() if v is not None})
    return error(MESSAGE, **place)
