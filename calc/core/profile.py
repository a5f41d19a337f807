"""The profile loader every variant shares: YAML files that `extends:` one another, each key checked
against the variant's schema, every problem reported at once with file, line and key path.

A variant (sanma: calc.core.rules; Sichuan: calc.sichuan.rules) brings its schema of `Key`s and
builds its frozen rules from `merge_chain(...)`; a value kind other than bool, int and str carries
its own `check`. A profile's variant is its `variant:` at the top or up its `extends:` chain
(absent: `DEFAULT_VARIANT`).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from calc.core import shipped
from calc.core.errors import RulesError, close_matches
from calc.core.nesting import flow_too_deep, too_deep

if TYPE_CHECKING:  # PyYAML is imported only to read a file that is not shipped as it is (calc.core.shipped)
    import yaml

DEFAULT_VARIANT = "sanma"


# The records here are NamedTuples and plain classes, not dataclasses: a dataclass has its methods
# generated at every start of the command, ~1 ms each (docs/benchmarks.md, start-up).
class Key(NamedTuple):
    """One profile key: its type and, where the set is closed, the allowed values."""

    kind: type | str  # bool, int, str, "tiles", "uma", "oka"
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    doc: str = ""
    check: Callable[[Any], tuple[Any, str | None]] | None = None  # converts a kind of the schema's own
    # reads a mapping value from its YAML node, keeping the lines for its own messages (an inline scheme)
    from_node: Callable[[yaml.MappingNode, str], Any] | None = None
    multiple: int | None = None  # an int must be a multiple of this (points: whole hundreds)


@functools.cache  # where the package is does not change while it runs; reading a profile asks it often
def builtin_dir() -> Path:
    """The shipped profiles: package data once installed, `rulesets/` beside `calc/` in a checkout."""
    package = Path(__file__).resolve().parents[1]
    installed = package / "rulesets_data"  # calc/rulesets_data, as packaged
    if (installed / "standard.yaml").is_file():
        return installed
    return package.parent / "rulesets"


def builtin_names(variant: str | None = DEFAULT_VARIANT) -> list[str]:
    """The shipped profiles of one variant (None: every variant)."""
    names = sorted(p.stem for p in builtin_dir().glob("*.yaml"))
    return names if variant is None else [n for n in names if variant_of(n) == variant]


def variant_of(name_or_path: str) -> str:
    """The `variant:` a profile (or the first profile up its `extends:` chain) declares; sanma if none.

    A file that cannot be read says sanma here, and `load` then reports what is wrong with it.
    """
    seen: set[Path] = set()
    try:
        path = _resolve(name_or_path)
        while path.resolve() not in seen:
            seen.add(path.resolve())
            text = path.read_text(encoding="utf-8")
            facts = shipped.top_level(text)
            if facts is None:
                if flow_too_deep(text):
                    break  # `load` reports it
                facts = _top_level(text)
                if facts is None:
                    break
            variant, extends = facts
            if variant is not None:
                return str(variant)
            if extends is None:
                break
            path = _resolve(str(extends), relative_to=path.parent)
    except (RulesError, OSError, UnicodeDecodeError, RecursionError):
        pass  # `load` reports it
    return DEFAULT_VARIANT


def _top_level(text: str) -> tuple[Any, Any] | None:
    """(`variant:`, `extends:`) of a profile's text; None if it is not a YAML mapping (`load` says why)."""
    import yaml

    from calc.core.yamlread import TooLarge, load_plain

    try:
        data = load_plain(text)
    except (yaml.YAMLError, TooLarge):
        return None
    return (data.get("variant"), data.get("extends")) if isinstance(data, dict) else None


def _resolve(name_or_path: str, relative_to: Path | None = None) -> Path:
    try:
        return _resolve_path(name_or_path, relative_to)
    except OSError as exc:  # a name too long for a path, a name the file system refuses
        raise RulesError(f"not a profile name or file: {exc.strerror}") from None


def _resolve_path(name_or_path: str, relative_to: Path | None) -> Path:
    candidate = Path(name_or_path)
    if candidate.suffix in (".yaml", ".yml") or "/" in name_or_path or candidate.exists():
        if not candidate.is_absolute() and relative_to is not None and not candidate.exists():
            candidate = relative_to / candidate
        if candidate.is_dir():
            raise RulesError(f"{name_or_path} is a directory; give a profile file (YAML) or a profile name")
        if candidate.exists() and not candidate.is_file():
            # A profile is read more than once (its variant first, then its keys): a pipe cannot be.
            raise RulesError(f"{name_or_path} is not a regular file (a pipe or a device, such as /dev/stdin); "
                             f"save the profile to a file and give its name")
        if not candidate.is_file():
            raise RulesError(f"profile file not found: {name_or_path}")
        return candidate
    path = builtin_dir() / f"{name_or_path}.yaml"
    if not path.is_file():
        names = builtin_names(None)
        hint = close_matches(name_or_path, names, n=1)
        suggestion = f" (did you mean {hint[0]!r}?)" if hint else ""
        raise RulesError(f"unknown profile {name_or_path!r}{suggestion}; valid: {', '.join(names)}")
    return path


def _compose(text: str) -> yaml.Node | None:
    """The profile's node tree, with lines (libyaml's reader where PyYAML has it: a profile is read
    on every start of the command); a syntax error is reported by the pure-Python reader, whose
    messages the errors quote. Its size is bounded before any value is made (calc.core.bounds)."""
    from calc.core.yamlread import compose

    return compose(text)


class ProfileLayer:
    """One profile file read into (key path -> (value, line))."""

    def __init__(self, path: Path, values: dict[str, tuple[Any, int]], extends: str | None, extends_line: int,
                 summary: str | None, variant: str | None = None) -> None:
        self.path = path
        self.values = values
        self.extends = extends
        self.extends_line = extends_line
        self.summary = summary
        self.variant = variant


def _read_layer(path: Path, problems: list[RulesError], schema: dict[str, dict[str, Key]],
                variant: str) -> ProfileLayer:
    label = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesError(f"cannot read profile: {exc.strerror}", file=label) from None
    except UnicodeDecodeError as exc:
        raise RulesError(f"not UTF-8 text (byte {exc.start})", file=label) from None
    copied = shipped.profile_layer(text, variant)
    if copied is not None:  # a shipped file as shipped: no problems, the same values and lines
        return ProfileLayer(path, *copied)
    if flow_too_deep(text):
        raise too_deep(RulesError, text, file=label)
    from calc.core.yamlread import TooLarge

    try:
        return read_nodes(path, text, problems, schema, variant)
    except RecursionError:
        raise too_deep(RulesError, text, yaml=True, file=label) from None
    except TooLarge as exc:  # the whole file, before any value is read
        raise RulesError(exc.problem, file=label, line=exc.line) from None


def read_nodes(path: Path, text: str, problems: list[RulesError], schema: dict[str, dict[str, Key]],
                variant: str) -> ProfileLayer:
    """A profile's text read by YAML into its key paths under `variant`'s schema; what is wrong with a
    key is added to `problems`, what stops the reading raised."""
    import yaml

    from calc.core.yamlread import TooLarge, construct, yaml_problem

    label = str(path)
    top_level = ("extends", "summary", "variant", *schema)
    try:
        root = _compose(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else None
        raise RulesError(yaml_problem(exc, text), file=label, line=line) from None
    layer = ProfileLayer(path, {}, None, 0, None)
    if root is None:
        return layer
    if not isinstance(root, yaml.MappingNode):
        raise RulesError("a profile must be a mapping of keys", file=label, line=root.start_mark.line + 1)
    for key_node, value_node in root.value:
        line = key_node.start_mark.line + 1
        if not isinstance(key_node, yaml.ScalarNode):
            problems.append(RulesError("a key must be a plain name", file=label, line=line))
            continue
        key = key_node.value
        if key in ("extends", "summary", "variant") and not isinstance(value_node, yaml.ScalarNode):
            problems.append(RulesError("must be a single name or text", file=label, line=line, key=key))
            continue
        if key == "extends":
            layer.extends, layer.extends_line = str(value_node.value), line
        elif key == "summary":
            layer.summary = str(value_node.value)
        elif key == "variant":
            layer.variant = str(value_node.value)
            if layer.variant != variant:
                problems.append(RulesError(f"a {layer.variant} profile where a {variant} profile is needed",
                                           file=label, line=line, key=key))
        elif key in schema:
            if not isinstance(value_node, yaml.MappingNode):
                problems.append(RulesError("must be a mapping", file=label, line=line, key=key))
                continue
            for sub_key_node, sub_value_node in value_node.value:
                sub_line = sub_key_node.start_mark.line + 1
                if not isinstance(sub_key_node, yaml.ScalarNode):
                    problems.append(RulesError("a key must be a plain name", file=label, line=sub_line, key=key))
                    continue
                sub_key = sub_key_node.value
                path_key = f"{key}.{sub_key}"
                if path_key in layer.values:
                    first = layer.values[path_key][1]
                    problems.append(RulesError(f"duplicate key (first set on line {first})", file=label, line=sub_line, key=path_key))
                    continue
                if sub_key not in schema[key]:
                    hint = close_matches(sub_key, list(schema[key]), n=1)
                    suggestion = f" (did you mean {key}.{hint[0]}?)" if hint else ""
                    problems.append(RulesError(f"unknown key{suggestion}", file=label, line=sub_line, key=path_key))
                    continue
                spec = schema[key][sub_key]
                try:
                    if spec.from_node is not None and isinstance(sub_value_node, yaml.MappingNode):
                        value = spec.from_node(sub_value_node, label)
                    else:
                        value = construct(sub_value_node)
                except RulesError as exc:
                    problems.append(RulesError(exc.message, file=label, line=exc.line or sub_line, key=path_key))
                    continue
                except TooLarge as exc:
                    problems.append(RulesError(exc.problem, file=label, line=exc.line, key=path_key))
                    continue
                except yaml.YAMLError as exc:  # e.g. a !!python tag that safe loading refuses
                    problem = getattr(exc, "problem", None) or "cannot be read"
                    problems.append(RulesError(problem, file=label, line=sub_line, key=path_key))
                    continue
                layer.values[path_key] = (value, sub_line)
        else:
            hint = close_matches(key, top_level, n=1)
            suggestion = f" (did you mean {hint[0]}?)" if hint else ""
            problems.append(RulesError(f"unknown key{suggestion}", file=label, line=line, key=key))
    return layer


def check_value(spec: Key, value: Any) -> tuple[Any, str | None]:
    """(converted value, problem or None). A kind other than bool, int and str is the schema's own:
    its `check` converts it."""
    if spec.check is not None:
        return spec.check(value)
    if spec.kind is bool:
        if not isinstance(value, bool):
            return None, f"expected true or false, got {value!r}"
        return value, None
    if spec.kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            return None, f"expected a whole number, got {value!r}"
        if spec.minimum is not None and value < spec.minimum:
            return None, f"must be at least {spec.minimum}, got {value}"
        if spec.maximum is not None and value > spec.maximum:
            return None, f"must be at most {spec.maximum}, got {value}"
        if spec.multiple is not None and value % spec.multiple:
            return None, f"must be a multiple of {spec.multiple}, got {value}"
        if spec.choices and value not in spec.choices:
            return None, f"must be one of {', '.join(map(str, spec.choices))}, got {value}"
        return value, None
    if spec.kind is str:
        if value is False and "off" in spec.choices:
            value = "off"  # YAML 1.1 reads a bare `off` as false
        if not isinstance(value, str):
            return None, f"expected one of {', '.join(spec.choices)}, got {value!r}"
        if spec.choices and value not in spec.choices:
            hint = close_matches(value, spec.choices, n=1)
            suggestion = f" (did you mean {hint[0]!r}?)" if hint else ""
            return None, f"{value!r} is not one of {', '.join(spec.choices)}{suggestion}"
        return value, None
    raise AssertionError(spec.kind)


class Merged:
    """A profile chain read and checked against a schema: values, where each was set, problems."""

    def __init__(self, chain: list[ProfileLayer], values: dict[str, Any], origin: dict[str, str],
                 located: dict[str, tuple[str, int]], problems: list[RulesError]) -> None:
        self.chain = chain
        self.values = values
        self.origin = origin
        self.located = located
        self.problems = problems

    def section(self, name: str) -> dict[str, Any]:
        return {k.split(".")[1]: v for k, v in self.values.items() if k.startswith(name + ".")}

    @property
    def summary(self) -> str:
        return next((layer.summary for layer in self.chain if layer.summary), "")


def merge_chain(name_or_path: str, schema: dict[str, dict[str, Key]], variant: str) -> Merged:
    """Read a profile and the chain it `extends:`, check each value, report missing keys."""
    problems: list[RulesError] = []
    chain: list[ProfileLayer] = []
    seen: list[Path] = []
    path = _resolve(name_or_path)
    chain_broken = False  # a cycle or a missing parent: keys the lost parents set are not "missing"
    while True:
        resolved = path.resolve()
        if resolved in seen:
            cycle = " -> ".join(p.name for p in [*seen, resolved])
            problems.append(RulesError(f"extends cycle: {cycle}", file=str(chain[-1].path), line=chain[-1].extends_line, key="extends"))
            chain_broken = True
            break
        seen.append(resolved)
        layer = _read_layer(path, problems, schema, variant)
        chain.append(layer)
        if layer.extends is None:
            break
        try:
            path = _resolve(layer.extends, relative_to=path.parent)
        except RulesError as exc:
            problems.append(RulesError(f"missing parent: {exc.message}", file=str(path), line=layer.extends_line, key="extends"))
            chain_broken = True
            break
        parent_variant = variant_of(str(path))
        if parent_variant != variant:
            # Reading the parent under this variant's schema would only list its keys as unknown.
            same = ", ".join(builtin_names(variant)) or "none shipped"
            raise RulesError(f"a {variant} profile cannot extend {layer.extends!r}, a {parent_variant} profile; "
                             f"extend a {variant} one ({same})", file=str(chain[-1].path), line=layer.extends_line,
                             key="extends")

    merged: dict[str, Any] = {}
    origin: dict[str, str] = {}
    located: dict[str, tuple[str, int]] = {}
    for layer in reversed(chain):  # base first, the named profile last
        for key_path, (value, line) in layer.values.items():
            section, key = key_path.split(".")
            converted, problem = check_value(schema[section][key], value)
            if problem:
                problems.append(RulesError(problem, file=str(layer.path), line=line, key=key_path))
                continue
            merged[key_path] = converted
            origin[key_path] = f"{layer.path.name}:{line}"
            located[key_path] = (str(layer.path), line)
    for section, keys in schema.items():
        for key in keys:
            path_key = f"{section}.{key}"
            # a key whose value was wrong is reported once, as wrong, not again as missing
            if path_key not in merged and not chain_broken and all(p.key != path_key for p in problems):
                problems.append(RulesError("missing (set it here or in a profile this one extends)",
                                           file=str(chain[0].path), key=f"{section}.{key}"))
    return Merged(chain, merged, origin, located, problems)


class ProfileProblems(RulesError):
    """Every problem found in a profile chain; the message lists each on its own line."""

    def __init__(self, problems: list[RulesError]) -> None:
        super().__init__(f"{len(problems)} problem(s) in profile")
        # file by file, top to bottom, so the list reads like the files
        self.problems = sorted(problems, key=lambda p: (p.file or "", p.line or 0))

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems)
