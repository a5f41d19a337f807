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
written). `make shipped-copy` writes the copy again (`python -m calc.core.shipped`);
tests/test_shipped_copy.py fails while it is not what the parse of today's files gives.

This module imports nothing that reads YAML; writing the copy does.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from calc.core.lined import YamlList, YamlMap

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


# ---------------------------------------------------------------- writing the copy


def _encode(value: Any) -> Any:
    """The inverse of `_decode`, refusing anything JSON would not give back exactly."""
    if isinstance(value, YamlMap):
        return ["M", value.line, [[_scalar(key), value.key_lines[key], _encode(item)] for key, item in value.items()]]
    if isinstance(value, YamlList):
        return ["L", value.line, [[line, _encode(item)] for line, item in zip(value.item_lines, value)]]
    if isinstance(value, dict):
        return ["d", [[_scalar(key), _encode(item)] for key, item in value.items()]]
    if isinstance(value, list):
        return ["l", [_encode(item) for item in value]]
    return _scalar(value)


def _scalar(value: Any) -> Any:
    if value is None or isinstance(value, (str, int)) or (isinstance(value, float) and value == value
                                                          and abs(value) != float("inf")):
        return value
    raise ValueError(f"the shipped copy cannot hold {value!r} ({type(value).__name__})")


def _schemas() -> dict[str, dict]:
    from calc.core import rules
    from calc.sichuan import rules as sichuan_rules

    return {rules.SANMA: rules.SCHEMA, sichuan_rules.VARIANT: sichuan_rules.SCHEMA}


def read_by_yaml(path: Path) -> tuple[str, tuple | None, Any]:
    """(text, profile entry or None, scheme entry or None) of one shipped file, read by the YAML
    readers as they read any file: what the copy holds."""
    import yaml

    from calc.core import profile, schemes

    global _by_text
    kept, _by_text = _by_text, {}  # the parser's reading, never the copy's
    try:
        text = path.read_text(encoding="utf-8")
        if path.parent.name == "schemes":
            layer = schemes._file_layer(path)
            schemes._build(layer, path.stem)  # every check, its amounts too: the copy holds checked schemes only
            return text, None, _encode(layer.data)
        variant = profile.variant_of(str(path))
        problems: list = []
        layer = profile._read_nodes(path, text, problems, _schemas()[variant], variant)
    finally:
        _by_text = kept
    if problems:
        raise ValueError(f"{path}: the shipped profile has problems: {'; '.join(map(str, problems))}")
    data = yaml.safe_load(text)
    values = {key: [_encode(value), line] for key, (value, line) in layer.values.items()}
    entry = [variant, [values, layer.extends, layer.extends_line, layer.summary, layer.variant],
             [_encode(data.get("variant")), _encode(data.get("extends"))]]
    return text, entry, None


def shipped_files() -> list[Path]:
    from calc.core.profile import builtin_dir

    folder = builtin_dir()
    return sorted(folder.glob("*.yaml")) + sorted((folder / "schemes").glob("*.yaml"))


def source() -> str:
    """The text of calc/core/shipped_copy.json for today's shipped files: generated by `make
    shipped-copy`, not edited. One file a line: [its path in rulesets/, its exact text, what
    calc.core.profile reads from it, what calc.core.schemes reads from it]."""
    from calc.core.profile import builtin_dir

    root = builtin_dir()
    lines = []
    for path in shipped_files():
        text, profile_entry, scheme_entry = read_by_yaml(path)
        entry = [path.relative_to(root).as_posix(), text, profile_entry, scheme_entry]
        lines.append(json.dumps(entry, ensure_ascii=False, allow_nan=False))
    return "[\n" + ",\n".join(lines) + "\n]\n"


def main(argv: list[str]) -> int:
    """`python -m calc.core.shipped`: write the copy; `--check`: exit 1 if it is not up to date."""
    text = source()
    if argv[:1] == ["--check"]:
        same = COPY.is_file() and COPY.read_text(encoding="utf-8") == text
        print(f"{COPY}: {'up to date' if same else 'out of date: run make shipped-copy'}")
        return 0 if same else 1
    COPY.write_text(text, encoding="utf-8")
    print(f"wrote {COPY} ({len(shipped_files())} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
