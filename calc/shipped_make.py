"""`make shipped-copy` (`python -m calc.shipped_make`): writes calc/core/shipped_copy.json, the copy of
the shipped profiles and schemes that start-up reads instead of parsing YAML (calc/core/shipped.py).

Each file of `rulesets/` and `rulesets/schemes/` is read here by the YAML readers, exactly as any
file is read, under its variant's schema, and the copy holds its exact text beside what they made
of it. This script sits above every variant (it takes the schemas of calc.core.rules and
calc.sichuan.rules), so that core, which reads the copy, needs no variant's schema.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from calc.core import profile, rules, schemes, shipped
from calc.core.lined import YamlList, YamlMap
from calc.sichuan import rules as sichuan_rules

# variant -> its schema of profile keys
SCHEMAS: dict[str, dict] = {rules.SANMA: rules.SCHEMA, sichuan_rules.VARIANT: sichuan_rules.SCHEMA}


def encode(value: Any) -> Any:
    """The inverse of calc.core.shipped's decoding, refusing anything JSON would not give back exactly."""
    if isinstance(value, YamlMap):
        return ["M", value.line, [[_scalar(key), value.key_lines[key], encode(item)] for key, item in value.items()]]
    if isinstance(value, YamlList):
        return ["L", value.line, [[line, encode(item)] for line, item in zip(value.item_lines, value)]]
    if isinstance(value, dict):
        return ["d", [[_scalar(key), encode(item)] for key, item in value.items()]]
    if isinstance(value, list):
        return ["l", [encode(item) for item in value]]
    return _scalar(value)


def _scalar(value: Any) -> Any:
    if value is None or isinstance(value, (str, int)) or (isinstance(value, float) and value == value
                                                          and abs(value) != float("inf")):
        return value
    raise ValueError(f"the shipped copy cannot hold {value!r} ({type(value).__name__})")


def read_by_yaml(path: Path) -> tuple[str, list | None, Any]:
    """(text, profile entry or None, scheme entry or None) of one shipped file, read by the YAML
    readers as they read any file: what the copy holds."""
    return shipped.without_copy(lambda: _read(path))


def _read(path: Path) -> tuple[str, list | None, Any]:
    import yaml

    text = path.read_text(encoding="utf-8")
    if path.parent.name == "schemes":
        layer = schemes.file_layer(path)
        schemes.build(layer, path.stem)  # every check, its amounts too: the copy holds checked schemes only
        return text, None, encode(layer.data)
    variant = profile.variant_of(str(path))
    problems: list = []
    read = profile.read_nodes(path, text, problems, SCHEMAS[variant], variant)
    if problems:
        raise ValueError(f"{path}: the shipped profile has problems: {'; '.join(map(str, problems))}")
    data = yaml.safe_load(text)
    values = {key: [encode(value), line] for key, (value, line) in read.values.items()}
    entry = [variant, [values, read.extends, read.extends_line, read.summary, read.variant],
             [encode(data.get("variant")), encode(data.get("extends"))]]
    return text, entry, None


def shipped_files() -> list[Path]:
    folder = profile.builtin_dir()
    return sorted(folder.glob("*.yaml")) + sorted((folder / "schemes").glob("*.yaml"))


def source() -> str:
    """The text of calc/core/shipped_copy.json for today's shipped files: generated, not edited. One
    file a line: [its path in rulesets/, its exact text, what calc.core.profile reads from it, what
    calc.core.schemes reads from it]."""
    root = profile.builtin_dir()
    lines = []
    for path in shipped_files():
        text, profile_entry, scheme_entry = read_by_yaml(path)
        entry = [path.relative_to(root).as_posix(), text, profile_entry, scheme_entry]
        lines.append(json.dumps(entry, ensure_ascii=False, allow_nan=False))
    return "[\n" + ",\n".join(lines) + "\n]\n"


def main(argv: list[str]) -> int:
    """Write the copy; `--check`: exit 1 if it is not up to date."""
    text = source()
    if argv[:1] == ["--check"]:
        same = shipped.COPY.is_file() and shipped.COPY.read_text(encoding="utf-8") == text
        print(f"{shipped.COPY}: {'up to date' if same else 'out of date: run make shipped-copy'}")
        return 0 if same else 1
    shipped.COPY.write_text(text, encoding="utf-8")
    print(f"wrote {shipped.COPY} ({len(shipped_files())} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
