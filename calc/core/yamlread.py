"""What every YAML record a table writes has in common, read one way for both games.

A record (calc.record for sanma, calc.sichuan.record for the bloody battle) is YAML loaded with the
line of every key and list item, then checked strictly by a reader: mappings with known keys only
(a near miss is suggested), players named by text or by numbers (`players: [1, 2, 3, 4]`: YAML reads
those as ints, so a name, a seat or a key may be `1` or `"1"`), true/false flags, a `rules:` profile
name or a file beside the record. Every error names the file, the line and, inside `hands`, the hand.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from calc.core import bounds
from calc.core.errors import SanmaError, close_matches
from calc.core.lined import YamlList, YamlMap  # noqa: F401  (read by the record readers from here)
from calc.core.nesting import flow_too_deep, number_too_long, too_deep

if TYPE_CHECKING:
    import yaml


class RecordError(SanmaError):
    """A match record that cannot be read or cannot have happened."""


class TooLarge(Exception):
    """YAML past one of calc.core.bounds (too many values, a number too long) or an alias inside
    itself: found before the values are made. Each reader words it as its own error."""

    def __init__(self, problem: str, line: int) -> None:
        super().__init__(problem)
        self.problem = problem
        self.line = line


# ---------------------------------------------------------------- YAML with line numbers


def _construct_map(loader: Any, node: yaml.MappingNode) -> YamlMap:
    loader.flatten_mapping(node)
    out = YamlMap()
    out.line = node.start_mark.line + 1
    out.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        if not isinstance(key, (str, int, bool, float)) or key is None:
            raise RecordError(f"a key must be a plain word, got {key!r}", file=loader.file, line=line)
        if key in out:
            raise RecordError(f"duplicate key {key!r} (first on line {out.key_lines[key]})", file=loader.file, line=line)
        out[key] = loader.construct_object(value_node, deep=True)
        out.key_lines[key] = line
    return out


def _construct_list(loader: Any, node: yaml.SequenceNode) -> YamlList:
    out = YamlList(loader.construct_object(child, deep=True) for child in node.value)
    out.line = node.start_mark.line + 1
    out.item_lines = [child.start_mark.line + 1 for child in node.value]
    return out


def _construct_int(loader: Any, node: yaml.ScalarNode) -> int:
    """A whole number, refused past bounds.NUMBER_DIGITS digits before Python is asked to read it."""
    import yaml

    digits = len(re.sub(r"^[-+]?(0[xob])?", "", node.value.lower()).replace("_", ""))
    if digits > bounds.NUMBER_DIGITS:
        raise TooLarge(number_too_long(digits), node.start_mark.line + 1)
    return yaml.constructor.SafeConstructor.construct_yaml_int(loader, node)


def check_size(node: yaml.Node) -> None:
    """Refuses a document of more than bounds.YAML_NODES values, counting an alias (and a merge
    key) each time it is used, as the values would be made and walked; and one whose aliases refer
    to themselves. Counted on the node graph, which holds each anchored node once, before any value
    is made."""
    import yaml

    sizes: dict[int, int] = {}
    started: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(node, False)]
    while stack:
        current, finished = stack.pop()
        key = id(current)
        children = _children(current)
        if finished:
            size = 1 + sum(sizes[id(child)] for child in children)
            if size > bounds.YAML_NODES:
                raise TooLarge(f"more than {bounds.YAML_NODES:,} values once its aliases are expanded "
                               f"(anchors and `*` references used over and over): refused unread",
                               current.start_mark.line + 1)
            sizes[key] = size
            started.discard(key)
            continue
        if key in sizes:
            continue
        if key in started:
            raise TooLarge("an alias (`*`) inside the very list or mapping it refers to", current.start_mark.line + 1)
        started.add(key)
        stack.append((current, True))
        stack.extend((child, False) for child in children if id(child) not in sizes)


def _children(node: yaml.Node) -> list:
    import yaml

    if isinstance(node, yaml.SequenceNode):
        return node.value
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _load(loader_class: type, text: str) -> Any:
    """yaml.load, with the document's size checked between reading its nodes and making its values."""
    loader = loader_class(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        check_size(node)
        return loader.construct_document(node)
    finally:
        loader.dispose()


@functools.cache
def loaders() -> tuple[type, type | None]:
    """The loaders whose mappings and lists keep their lines: PyYAML's Python parser, and libyaml's
    (PyYAML's C binding, where it is built) under the same constructors, which reads the same values
    and lines about four times faster. Text libyaml refuses is read again by the Python parser,
    whose complaint the error quotes (calc.core.profile reads profiles the same way). Made when a
    record is first read, not on import: PyYAML's import is most of the start-up of a command that
    reads no record (`sanma replay` imports the record's settling, not its reader)."""
    import yaml

    def lined(base: type) -> type:
        loader = type("_Loader", (base,), {"file": "<record>"})
        loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_map)
        loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_list)
        loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
        return loader

    fast = getattr(yaml, "CSafeLoader", None)
    return lined(yaml.SafeLoader), (lined(fast) if fast is not None else None)


@functools.cache
def plain_loader() -> type:
    """PyYAML's safe loader (libyaml's where built) with plain dicts and lists, and whole numbers
    bounded as in a record: for the profile reader, which keeps its own lines."""
    import yaml

    loader = type("_PlainLoader", (getattr(yaml, "CSafeLoader", yaml.SafeLoader),), {})
    loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
    return loader


def load_plain(text: str) -> Any:
    """YAML text -> plain values, its size and numbers bounded as a record's (TooLarge); a YAMLError
    for text that cannot be read."""
    return _load(plain_loader(), text)


def compose(text: str) -> yaml.Node | None:
    """YAML text -> its node tree (libyaml's reader, where built), its size bounded as a record's.
    Text libyaml refuses is read again by the Python parser, whose messages the errors quote."""
    import yaml

    try:
        node = yaml.compose(text, Loader=plain_loader())
    except yaml.YAMLError:
        node = yaml.compose(text)
    if node is not None:
        check_size(node)
    return node


def construct(node: yaml.Node) -> Any:
    """One node of a composed tree -> plain values, whole numbers bounded."""
    loader = plain_loader()("")
    try:
        return loader.construct_document(node)
    finally:
        loader.dispose()


def load_yaml(text: str, file: str) -> Any:
    """YAML text -> plain values, mappings as YamlMap and lists as YamlList; a syntax error names its
    line. Bounded (calc.core.bounds): its nesting, its size with aliases expanded, its numbers."""
    if flow_too_deep(text):
        raise too_deep(RecordError, text, file=file)
    import yaml

    python, fast = loaders()
    if fast is not None:
        try:
            return _load(type("_FileLoader", (fast,), {"file": file}), text)
        except TooLarge as exc:
            raise RecordError(exc.problem, file=file, line=exc.line) from None
        except (yaml.YAMLError, RecursionError):
            pass  # the Python parser below says what is wrong, as it always has
    loader_class = type("_FileLoader", (python,), {"file": file})
    try:
        return _load(loader_class, text)
    except RecursionError:
        raise too_deep(RecordError, text, yaml=True, file=file) from None
    except TooLarge as exc:
        raise RecordError(exc.problem, file=file, line=exc.line) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark else None
        if isinstance(exc, yaml.reader.ReaderError):  # a character YAML does not allow: no mark, a position
            line = text[: exc.position].count("\n") + 1
        raise RecordError(yaml_problem(exc, text), file=file, line=line,
                          column=mark.column + 1 if mark else None) from None


def yaml_problem(exc: yaml.YAMLError, text: str) -> str:
    """PyYAML's complaint in a person's words, with what to do where we know it."""
    import yaml

    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or "invalid YAML"
    lines = text.splitlines()
    at = lines[mark.line][mark.column:mark.column + 1] if mark and mark.line < len(lines) else ""
    if "'\\t'" in problem or at == "\t":
        return "a tab character: YAML indents and separates with spaces only; replace the tab with spaces"
    if isinstance(exc, yaml.reader.ReaderError):
        code = exc.character if isinstance(exc.character, int) else ord(exc.character)
        return f"a control character (0x{code:02x}) YAML does not allow; the file must be plain text, remove it"
    return f"YAML syntax error: {problem}"


STDIN = "-"


def file_label(path: str | Path) -> str:
    """How messages name a record: its path, or <stdin> for `-`."""
    return "<stdin>" if str(path) == STDIN else str(path)


def file_text(path: str | Path) -> str:
    """A record file's text (`-` = standard input); a missing or non-UTF-8 file is a RecordError.
    A pipe can be read only once: read the text once and pass it on."""
    try:
        data = sys.stdin.buffer.read() if str(path) == STDIN else Path(path).read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read the record: {exc.strerror}", file=file_label(path)) from None
    return _decode(data, str(path))


def _decode(data: bytes, key: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("the record is not UTF-8 text", file=file_label(key)) from None


def profile_path(name: str, record_file: str) -> str:
    """`rules: club.yaml` names a file beside the record (the record as named, or its real file
    where the name is a symlink elsewhere); anything else is a profile name or path."""
    if not name.endswith((".yaml", ".yml")):
        return name
    for folder in (Path(record_file).parent, Path(os.path.realpath(record_file)).parent):
        if (folder / name).is_file():
            return str(folder / name)
    return name


def show(value: Any) -> str:
    """A value as an error message quotes it."""
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


# ---------------------------------------------------------------- the checks every record uses


def key_path(path: str, key: str) -> str:
    """`hands[3].win` + `from` -> `hands[3].win.from`; a key that is not a plain word is quoted
    (`hands[3][':nagashi']`), so the path stays one unambiguous word."""
    if not re.fullmatch(r"\w+(\[\d+\])*", key):
        return f"{path}[{key!r}]"
    return f"{path}.{key}" if path else key


class RecordReader:
    """Checks one record; every error carries the file, the line and (inside `hands`) the hand number.
    A game's reader subclasses it and reads its own keys."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.players: tuple[str, ...] = ()
        self.hand = 0  # the hand being read, 1-based; 0 outside `hands`
        self.path = ""  # the key path being read (`hands[3].win`), for a reader that keeps it

    def error(self, message: str, line: int | None, key: str | None = None) -> RecordError:
        """`key` is a key below the path being read (`from` in `hands[3].win`); the error names both."""
        prefix = f"hand {self.hand}: " if self.hand else ""
        path = key_path(self.path, key) if key else self.path
        return RecordError(prefix + message, file=self.file, line=line, key=path or None)

    def mapping(self, value: Any, what: str, line: int | None, allowed: tuple[str, ...]) -> YamlMap:
        if not isinstance(value, dict):
            raise self.error(f"{what} must be a mapping of keys, got {show(value)}", line)
        for key in value:
            if key not in allowed:
                hint = close_matches(str(key), allowed, n=1)
                suggestion = f" (did you mean {hint[0]!r}?)" if hint else ""
                raise self.error(f"unknown key {key!r} in {what}{suggestion}; keys: {', '.join(allowed)}",
                                 value.key_lines.get(key, line), str(key) if self.path else None)
        return value

    def flag(self, data: YamlMap, key: str) -> bool:
        value = data.get(key, False)
        if not isinstance(value, bool):
            raise self.error(f"{key} must be true or false, got {show(value)}", data.key_lines[key],
                             key if self.path else None)
        return value

    def read_players(self, players: Any, count: int, order: str, line: int | None) -> tuple[str, ...]:
        """`players:` -> their names (numbers read as text), `count` different ones; sets self.players."""
        if not isinstance(players, list):
            raise self.error(f"players must list the {count} players, {order}, got {show(players)}", line)
        if len(players) != count:
            given = ", ".join(str(name) if str(name).isprintable() else show(name) for name in players) or "none"
            raise self.error(f"players must list the {count} players of this profile, {order}; got {len(players)} "
                             f"({given})", line)
        for name, item_line in zip(players, players.item_lines):
            if isinstance(name, bool) or not isinstance(name, (str, int)) or str(name).strip() == "":
                raise self.error(f"a player's name must be text, got {show(name)} (quote names like yes/no/on/off)",
                                 item_line)
            if not str(name).isprintable():  # a name is one cell of a table: no line break, tab or control character
                raise self.error(f"a player's name must be one line of printable text, got {show(name)}", item_line)
        names = tuple(str(name) for name in players)
        if len(set(names)) != len(names):
            raise self.error(f"players must have different names, got {', '.join(names)}", line)
        self.players = names
        return names

    def seat(self, name: Any, what: str, line: int | None, key: str | None = None) -> int:
        if isinstance(name, int) and not isinstance(name, bool):
            name = str(name)  # `players: [1, 2, 3]` names players by numbers: YAML reads them as ints
        if isinstance(name, bool) or not isinstance(name, str):
            raise self.error(f"{what} must be a player's name, got {show(name)} (quote names like yes/no/on/off)",
                             line, key)
        if name not in self.players:
            hint = close_matches(name, self.players, n=1)
            suggestion = f" (did you mean {hint[0]!r}?)" if hint else ""
            raise self.error(f"unknown player {name!r} as {what}{suggestion}; players: {', '.join(self.players)}",
                             line, key)
        return self.players.index(name)

    def seats(self, names: Any, what: str, line: int | None, key: str | None = None) -> tuple[int, ...]:
        """A name or a list of names -> seats, each named once; `key` names the list in error paths
        (its items as `key[1]`, `key[2]`, ... counted from 1, as hands are)."""
        if names is None:
            return ()
        single = isinstance(names, str)
        if single:
            names = [names]
        if not isinstance(names, list):
            raise self.error(f"{what} must be a list of names, got {show(names)}", line, key)
        lines = getattr(names, "item_lines", [line] * len(names))
        items = [key if single or not key else f"{key}[{k}]" for k in range(1, len(names) + 1)]
        seats = [self.seat(name, what, item_line, item) for name, item_line, item in zip(names, lines, items)]
        for k, seat in enumerate(seats):
            if seats.index(seat) != k:
                raise self.error(f"{self.players[seat]} is named twice in {what}", lines[k], items[k])
        return tuple(seats)

    def by_player(self, value: Any, what: str, line: int | None) -> dict[int, tuple[Any, int]]:
        """A mapping keyed by player names (`{Ana: s, 2: m}`) -> seat -> (value, its line), each player once."""
        if not isinstance(value, dict):
            raise self.error(f"{what} must be a mapping of player names, got {show(value)}", line)
        out: dict[int, tuple[Any, int]] = {}
        for key, item in value.items():
            key_line = value.key_lines.get(key, line)
            seat = self.seat(key, f"a key of {what}", key_line)
            if seat in out:
                raise self.error(f"{self.players[seat]} is named twice in {what}", key_line)
            out[seat] = (item, key_line)
        return out
