"""The shipped profiles and schemes read without PyYAML: a generated copy of what the YAML parse gives.

Every start of `sanma hand` reads a profile and its scheme; importing PyYAML and parsing them cost
more than scoring the hand (docs/benchmarks.md, start-up). `calc/core/shipped_copy.json` holds, for
each file of `rulesets/` and `rulesets/schemes/`, its exact text and what the readers make of it
(calc.core.profile's layer of key paths, values and lines; calc.core.schemes's line-numbered data).
JSON, not a Python module: where Python writes no bytecode, a module of literals is compiled again
at every start (~34 M instructions), while C's JSON reader takes ~1 M.

The YAML files stay the one source: the copy is consulted by the file's *text*, so a file that is
not byte for byte the one the copy was made from (a club's edit, a newer file) is read by the YAML
parser as before, with the same errors. The checks after the parse (every key of a profile, its
scheme) run on the copy's values as on the parser's, except one: a scheme made of shipped files
alone is not worked out again for every hand value (its amounts were checked when the copy was
written). `make shipped-copy` writes the copy again (`python -m calc.shipped_make`, above every
variant's schema); tests/test_shipped_copy.py fails while it is not what the parse of today's files
gives.

This module only reads the copy, and imports nothing that reads YAML.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, TypeVar

from calc.core.lined import YamlList, YamlMap

Read = TypeVar("Read")

COPY = Path(__file__).with_name("shipped_copy.json")

# ---------------------------------------------------------------- reading the copy

_by_text: dict[str, list] | None = None


def _entry(text: str) -> list | None:
    """[file name, text, profile entry or None, scheme entry or None] of a shipped file with this text."""
    global _by_text
    if _by_text is None:
        try:
            files = json.loads(COPY.read_text(encoding="utf-8"))
        except OSError:  # no copy (being written again): everything is parsed
            files = []
        _by_text = {entry[1]: entry for entry in files}
    return _by_text.get(text)


def profile_layer(text: str, variant: str) -> tuple[dict[str, tuple[Any, int]], str | None, int, str | None,
                                                  str | None] | None:
    """A shipped profile's (values, extends, extends line, summary, variant) as calc.core.profile
    reads it under `variant`'s schema; None for any other text or variant."""
    entry = _entry(text)
    if entry is None or entry[2] is None or entry[2][0] != variant:
        return None
    _, (values, extends, extends_line, summary, declared), _ = entry[2]
    return ({key: (_decode(value), line) for key, (value, line) in values.items()}, extends, extends_line, summary,
            declared)


def top_level(text: str) -> tuple[Any, Any] | None:
    """(`variant:`, `extends:`) of a shipped profile as a YAML load of it gives them; None for any other text."""
    entry = _entry(text)
    if entry is None or entry[2] is None:
        return None
    variant, extends = entry[2][2]
    return _decode(variant), _decode(extends)


def scheme_data(text: str) -> YamlMap | None:
    """A shipped scheme file's line-numbered mapping; None for any other text."""
    entry = _entry(text)
    return None if entry is None or entry[3] is None else _decode(entry[3])


def _decode(value: Any) -> Any:
    """The copy's form of a value -> the value. A scalar is itself; anything else a JSON list that
    starts with its kind: ["M", line, [[key, line, value], ...]] a YamlMap, ["L", line, [[line,
    value], ...]] a YamlList, ["d", [[key, value], ...]] a dict, ["l", [value, ...]] a list (so keys
    keep their types, which JSON's objects would not)."""
    if not isinstance(value, list):
        return value
    kind = value[0]
    if kind == "M":
        out: Any = YamlMap((key, _decode(item)) for key, _, item in value[2])
        out.key_lines = {key: key_line for key, key_line, _ in value[2]}
        out.line = value[1]
    elif kind == "L":
        out = YamlList(_decode(item) for _, item in value[2])
        out.item_lines = [item_line for item_line, _ in value[2]]
        out.line = value[1]
    elif kind == "d":
        out = {key: _decode(item) for key, item in value[1]}
    else:
        out = [_decode(item) for item in value[1]]
    return out


def without_copy(read: Callable[[], Read]) -> Read:
    """`read()` with the copy set aside: every file read by the YAML parser, as any other file is
    (how calc/shipped_make.py learns what the copy must hold)."""
    global _by_text
    kept, _by_text = _by_text, {}
    try:
        return read()
    finally:
        _by_text = kept
