"""Tsumo payment schemes as data: YAML files in `rulesets/schemes/`, or inline in a profile.

A scheme says, for a dealer win and a non-dealer win, what the ron value `R` is and what each payer
of a tsumo pays (`non_dealer`, and `dealer` when a non-dealer wins), optionally the share the absent
North would pay at a four-player table (`north`). Each is an amount:

    a number              fixed points                      1000
    {points: K}           the same, as a mapping            {points: 1000, from: mangan}
    {b: K}                K times the basic points b        {b: 2}
    {ron: K}              K times the ron value R           {ron: 1/3}
    {SHARE: K}            K times another share             {north: 1/2}, {non_dealer: -1}
    {sum: [...]}          the amounts added up              {sum: [{b: 1}, {north: 1/2}], round: C}
    [a, b, ...]           the same as {sum: [...]}, unrounded

and any mapping may say `round: NAME`, a rounding the scheme defines under `rounding:` (a step and
`up`, `nearest` with halves up, or `down`), applied to that amount, and for which hands it counts
(0 for the others): `from: BOUND` (hands of that bound or more) and `below: BOUND` (hands under
it). A bound is a limit (`mangan`: a range of the basic points, mangan b = 2000, haneman 3000,
baiman 4000, sanbaiman 6000, yakuman 8000 and more) or the han and fu themselves (`{han: 3}`,
`{fu: 40}`, `{han: 3, fu: 40}`: each must hold). Where the `round:` sits is where the rounding
happens: per part, or on a total. Each construct is used by a scheme tables play: see
docs/schemes.md. `extends:` names another scheme (built-in or file) and replaces whole entries.

This module reads and checks schemes (every problem with file, line and key path); the payment
module (calc.table.payment) evaluates them.
"""

from __future__ import annotations

import math
import os
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Literal, NamedTuple

from calc.core import shipped
from calc.core.errors import RulesError, SanmaError, close_matches
from calc.core.nesting import flow_too_deep
from calc.core.profile import builtin_dir

if TYPE_CHECKING:
    import yaml

TOP_KEYS = ("extends", "name", "title", "summary", "rounding", "dealer_wins", "non_dealer_wins")
SECTIONS = ("dealer_wins", "non_dealer_wins")
# The shares each section defines: the ron value, the tsumo payers, the absent North.
SHARES = {
    "dealer_wins": ("ron", "north", "non_dealer"),
    "non_dealer_wins": ("ron", "north", "non_dealer", "dealer"),
}
REQUIRED = {"dealer_wins": ("ron", "non_dealer"), "non_dealer_wins": ("ron", "non_dealer", "dealer")}
MODES = ("up", "nearest", "down")
ROUNDING_KEYS = ("step", "mode")
ONE_YAKUMAN = 8000  # b of one yakuman (rules.md, basic points and limits; calc.scoring.value.LIMIT_BASIC)
# A condition's limit -> the least basic points of a hand of that limit (rules.md, basic points and
# limits): below mangan b is under 2000 (kiriage makes 1920 a mangan of 2000 before a scheme sees it).
CONDITION_LIMITS = {"mangan": 2000, "haneman": 3000, "baiman": 4000, "sanbaiman": 6000, "yakuman": ONE_YAKUMAN}
LIMIT_OF_BASIC = {b: name for name, b in CONDITION_LIMITS.items()}
CONDITIONS = ("from", "below")
# What else a bound may measure: the hand's han (dora included; a yakuman counts 13 han a multiple,
# as a hand's --json says) and its fu (rules.md §3).
MEASURES = ("han", "fu")
YAKUMAN_HAN = 13  # han a yakuman counts, a multiple (calc.scoring.value.KAZOE_HAN)
# rules.md §3: from 5 han the han alone make the value and the fu count for nothing, so a bound on
# the fu holds for such a hand whatever fu it was read with (`sanma pay --limit` gives none).
FU_COUNTS_BELOW_HAN = 5
# The fu a hand can have (rules.md §3, fu: 20 and 25 need 2 han; past 110 fu only three kans, 4 han
# at least; calc.table.payment.FU_VALUES)
FU_RANGE = (20, 140)
# The hands every payment is checked on, as (b, han, fu): every han 1-4 with every fu (b over 2000
# is a mangan, and a b of 1920 is one too where kiriage is played), every han that makes a limit,
# a capped and a counted kazoe yakuman, and yakuman of 1 to 6 multiples (rules.md §3).
_SAMPLES = tuple(sorted(
    {(min(fu * 2 ** (han + 2), 2000), han, fu) for han in range(1, 5) for fu in (20, 25, *range(30, 150, 10))
     if (han > 1 or fu >= 30) and (fu <= 110 or han == 4)}
    | {(2000, 3, 60), (2000, 4, 30)}
    | {(b, han, 0) for b, hans in ((2000, (5,)), (3000, (6, 7)), (4000, (8, 9, 10)), (6000, (11, 12, 13)))
       for han in hans}
    | {(ONE_YAKUMAN * k, YAKUMAN_HAN * k, 0) for k in range(1, 7)}
))
# The same with one hand for each basic points, for a scheme that reads no han or fu
_SAMPLE_BASICS = tuple({b: (b, han, fu) for b, han, fu in _SAMPLES}.values())
# Who pays each share at a three-player table: the two non-dealers on a dealer's tsumo, the other
# non-dealer and the dealer on a non-dealer's (north is the absent fourth player's, paid by nobody).
PAYERS = {"dealer_wins": {"non_dealer": 2}, "non_dealer_wins": {"non_dealer": 1, "dealer": 1}}


# NamedTuples and plain classes, not dataclasses: a dataclass has its methods generated at every
# start of the command, ~1 ms each (docs/benchmarks.md, start-up).
class Rounding(NamedTuple):
    name: str
    step: int
    mode: str  # up | nearest (halves up) | down

    def apply(self, x: Fraction | int) -> int:
        if isinstance(x, int):  # the common case, in whole numbers (a Fraction takes ~50 times as long)
            if self.mode == "up":
                return -(-x // self.step) * self.step
            if self.mode == "nearest":
                return (2 * x + self.step) // (2 * self.step) * self.step
            return x // self.step * self.step
        q = Fraction(x) / self.step
        if self.mode == "up":
            return math.ceil(q) * self.step
        if self.mode == "nearest":
            return math.floor(q + Fraction(1, 2)) * self.step
        return math.floor(q) * self.step

    def describe(self) -> str:
        how = {"up": "up to a", "nearest": "to the nearest", "down": "down to a"}[self.mode]
        tail = ", halves up" if self.mode == "nearest" else ""
        return f"{self.name} = round {how} multiple of {self.step}{tail}"


class Condition(NamedTuple):
    """For which hands an amount counts: each bound of `least` (`from:`) is a least value the hand
    has, each of `below` (`below:`) a value it stays under. A bound is (measure, number): the
    measure `b` (a limit, as the least basic points of its hands), `han` or `fu`."""

    least: tuple[tuple[str, int], ...] = ()
    below: tuple[tuple[str, int], ...] = ()

    def holds(self, b: int, han: int, fu: int) -> bool:
        for measure, n in self.least:
            if measure == "b" and b < n or measure == "han" and han < n or \
                    measure == "fu" and han < FU_COUNTS_BELOW_HAN and fu < n:
                return False
        for measure, n in self.below:
            if measure == "b" and b >= n or measure == "han" and han >= n or \
                    measure == "fu" and han < FU_COUNTS_BELOW_HAN and fu >= n:
                return False
        return True

    def reads_han_fu(self) -> bool:
        return any(measure != "b" for measure, _ in (*self.least, *self.below))

    def words(self) -> str:
        """`from mangan`, `from 3 han and below 5 han`, `from 40 fu`."""
        def bound(word: str, measure: str, n: int) -> str:
            return f"{word} {LIMIT_OF_BASIC[n]}" if measure == "b" else f"{word} {n} {measure}"

        return " and ".join([*(bound("from", m, n) for m, n in self.least),
                             *(bound("below", m, n) for m, n in self.below)])


class Term(NamedTuple):
    """An amount: `times` × `base` ("b", "ron", a share name), fixed `points` ("points"), or the sum
    of `parts` ("sum"); then rounded by the rounding named `rounding`, if any; counted only for the
    hands its `condition` holds for (None: every hand), else 0."""

    base: str
    times: Fraction = Fraction(1)
    parts: tuple[Term, ...] = ()
    rounding: str | None = None
    condition: Condition | None = None

    def counts(self, b: int, han: int, fu: int) -> bool:
        """Whether the amount counts for a hand of basic points b, han and fu (its condition holds)."""
        return self.condition is None or self.condition.holds(b, han, fu)

    def reads_han_fu(self) -> bool:
        """Whether the amount, or a part of it, depends on the hand's han or fu, not only its b."""
        own = self.condition is not None and self.condition.reads_han_fu()
        return own or any(p.reads_han_fu() for p in self.parts)

    def refs(self) -> set[str]:
        if self.base == "sum":
            return set().union(*(p.refs() for p in self.parts))
        return set() if self.base in ("b", "points") else {self.base}

    def roundings(self) -> set[str]:
        own = {self.rounding} if self.rounding else set()
        return own.union(*(p.roundings() for p in self.parts))


class Side(NamedTuple):
    """One side (the dealer wins, or a non-dealer wins): share name -> amount, in an order where
    every share comes after the shares it refers to."""

    shares: tuple[tuple[str, Term], ...]

    def get(self, name: str) -> Term | None:
        return dict(self.shares).get(name)


class Scheme:
    """A checked scheme: its name and words, its roundings, what each side pays; never changed once made."""

    __slots__ = ("name", "title", "summary", "roundings", "dealer_wins", "non_dealer_wins", "origin", "places",
                 "reads_han_fu", "_hash")

    def __init__(self, name: str, title: str, summary: str, roundings: tuple[Rounding, ...], dealer_wins: Side,
                 non_dealer_wins: Side, origin: tuple[tuple[str, str], ...] = (),
                 places: tuple[tuple[str, tuple[str, int | None, str]], ...] = ()) -> None:
        self.name = name
        self.title = title
        self.summary = summary
        self.roundings = roundings
        self.dealer_wins = dealer_wins
        self.non_dealer_wins = non_dealer_wins
        # key path -> "file:line" of every entry, for `sanma rules show`
        self.origin = origin
        # entry -> (file, line, full key path) where it is written, for errors found with a profile
        self.places = places
        # whether a payment depends on the hand's han or fu, not only on its basic points b
        self.reads_han_fu = any(term.reads_han_fu() for side in (dealer_wins, non_dealer_wins)
                                for _, term in side.shares)

    def __repr__(self) -> str:
        return f"Scheme({self.name!r}, {self.title!r}, {self.summary!r}, {self.roundings!r}, {self.dealer_wins!r}, " \
               f"{self.non_dealer_wins!r})"

    def __reduce__(self) -> tuple:  # for worker processes: without the hash, which is per process
        return Scheme, (self.name, self.title, self.summary, self.roundings, self.dealer_wins, self.non_dealer_wins,
                        self.origin, self.places)

    def side(self, dealer_wins: bool) -> Side:
        return self.dealer_wins if dealer_wins else self.non_dealer_wins

    def rounding(self, name: str) -> Rounding:
        return next(r for r in self.roundings if r.name == name)

    def _key(self) -> tuple:
        return (self.name, self.title, self.summary, self.roundings, self.dealer_wins, self.non_dealer_wins)

    # Equal by content; the hash is kept because payments are cached per scheme.
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Scheme) and (self is other or self._key() == other._key())

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            self._hash: int = hash(self._key())
            return self._hash

    @property
    def label(self) -> str:
        return f"{self.name} ({self.title})" if self.title and self.title != self.name else self.name


# ---------------------------------------------------------------- where schemes live


def library_dir() -> Path:
    """The shipped schemes: `schemes/` beside the shipped profiles."""
    return builtin_dir() / "schemes"


def builtin_scheme_names() -> tuple[str, ...]:
    """The shipped schemes, in alphabetical order."""
    return tuple(sorted(p.stem for p in library_dir().glob("*.yaml")))


def is_file_name(name: str) -> bool:
    return name.endswith((".yaml", ".yml")) or "/" in name


def _resolve(name: str, relative_to: Path | None) -> Path:
    try:
        return _resolve_path(name, relative_to)
    except OSError as exc:  # a name too long for a path, a name the file system refuses
        raise RulesError(f"not a scheme name or file: {exc.strerror}") from None


def _resolve_path(name: str, relative_to: Path | None) -> Path:
    if is_file_name(name):
        candidate = Path(name)
        if not candidate.is_absolute() and relative_to is not None and not candidate.exists():
            candidate = relative_to / candidate
        if candidate.exists() and not candidate.is_file():
            raise RulesError(f"{name} is not a regular file (a directory, a pipe or a device); "
                             f"save the scheme to a file and give its name")
        if not candidate.is_file():
            raise RulesError(f"scheme file not found: {name}")
        return candidate
    path = library_dir() / f"{name}.yaml"
    if not path.is_file():
        names = builtin_scheme_names()
        hint = close_matches(name, names, n=1)
        suggestion = f" (did you mean {hint[0]!r}?)" if hint else ""
        raise RulesError(f"unknown scheme {name!r}{suggestion}; valid: {', '.join(names)}, or a scheme file")
    return path


def looks_like_scheme_file(name: str) -> bool:
    """A YAML file whose top level is a scheme's (`dealer_wins:`, `non_dealer_wins:`, `rounding:`),
    not a profile's."""
    path = Path(name)
    try:
        if not path.is_file():  # never open a pipe here: the read would wait for a writer
            return False
        text = path.read_text(encoding="utf-8")
        if flow_too_deep(text):  # the profile reader reports it, at once
            return False
        import yaml

        from calc.core.yamlread import TooLarge, load_plain

        try:
            data = load_plain(text)
        except (yaml.YAMLError, TooLarge):
            return False
    except (OSError, ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        return False  # the profile reader reports what is wrong
    return isinstance(data, dict) and any(key in data for key in ("rounding", *SECTIONS))


def resolve(given: str | os.PathLike[str] | Scheme, relative_to: Path | None = None) -> Scheme:
    """The one reader of a scheme however it is given, for every command and the API: a built-in
    name, a scheme file (a path; relative to `relative_to`, the folder of the profile or record that
    names it, else to the working folder), or a Scheme as it is. A file's scheme is known by its
    `name:`, else its `title:` (the name at the table), else the file's name; never by its path."""
    if isinstance(given, Scheme):
        return given
    text = os.fspath(given) if isinstance(given, os.PathLike) else given
    if not isinstance(text, str):
        raise RulesError(f"a scheme is a name or a scheme file, got {given!r}")
    if relative_to is not None and is_file_name(text):
        text = str(_resolve(text, relative_to))
    return load_scheme(text)


@lru_cache(maxsize=64)
def load_scheme(name: str) -> Scheme:
    """A built-in scheme name or a scheme file -> the checked Scheme (every problem raised at once)."""
    path = _resolve(name, None)
    layer = file_layer(path)
    return build(layer, _file_scheme_name(layer, path))


def _file_scheme_name(layer: SchemeLayer, path: Path) -> str:
    """A built-in scheme's name is its file's; another file's scheme is named by its `name:`, else
    its `title:`, else after the file."""
    if path.resolve().parent == library_dir().resolve():
        return path.stem
    data = layer.data if isinstance(layer.data, dict) else {}
    for key in ("name", "title"):
        if isinstance(data.get(key), str) and data[key].strip():
            return data[key].strip()
    return path.stem


def distinct(schemes: Iterable[Scheme]) -> tuple[Scheme, ...]:
    """The schemes in order, each once (a scheme given twice, by two paths or by a name and a file,
    is the same scheme when its content is); two different schemes under one name are refused, as
    a report could not tell them apart."""
    out: dict[str, Scheme] = {}
    for scheme in schemes:
        known = out.get(scheme.name)
        if known is None:
            out[scheme.name] = scheme
        elif known != scheme:
            raise RulesError(f"two different schemes are named {scheme.name!r}; give one a `name:` of its own")
    return tuple(out.values())


def scheme_in_profile(value: Any, *, file: str, line: int | None, key: str = "payment.scheme") -> Scheme:
    """`payment.scheme:` as a profile writes it: a name, a scheme file (relative to the profile) or
    an inline mapping (named by its `name:`, else after the profile)."""
    if isinstance(value, str):
        try:
            return resolve(value, Path(file).parent)
        except ProblemList:
            raise
        except RulesError as exc:
            if exc.file is not None:  # a problem of the scheme file itself: its own file and line
                raise
            raise RulesError(exc.message, file=file, line=line, key=key) from None
    if not isinstance(value, dict):
        raise RulesError(f"expected a scheme name or a scheme mapping, got {value!r}", file=file, line=line, key=key)
    layer = SchemeLayer(Path(file), key + ".", value, line)
    name = value.get("name") if isinstance(value.get("name"), str) else Path(file).stem
    return build(layer, name)


class ProblemList(RulesError):
    """Every problem found in a scheme; the message lists each on its own line."""

    def __init__(self, problems: list[RulesError]) -> None:
        super().__init__(f"{len(problems)} problem(s) in scheme")
        self.problems = sorted(problems, key=lambda p: (p.file or "", p.line or 0))

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems)


# ---------------------------------------------------------------- reading


class SchemeLayer:
    """One scheme mapping as written: its file, the key-path prefix errors use, the line-numbered data;
    `shipped`: a shipped file as shipped, read from calc.core.shipped's copy."""

    def __init__(self, path: Path, prefix: str, data: dict, line: int | None, shipped: bool = False) -> None:
        self.path = path
        self.prefix = prefix
        self.data = data
        self.line = line
        self.shipped = shipped


def file_layer(path: Path) -> SchemeLayer:
    """A scheme file as written: from the shipped copy when it is a shipped file as shipped, else by YAML."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesError(f"cannot read scheme: {exc.strerror}", file=str(path)) from None
    except UnicodeDecodeError as exc:
        raise RulesError(f"not UTF-8 text (byte {exc.start})", file=str(path)) from None
    data = shipped.scheme_data(text)  # a shipped scheme as shipped: its data without a YAML parser
    if data is not None:
        return SchemeLayer(path, "", data, 1, shipped=True)
    from calc.core.yamlread import load_yaml

    try:
        data = load_yaml(text, str(path))
    except SanmaError as exc:
        raise RulesError(exc.message, file=str(path), line=exc.line) from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise RulesError("a scheme must be a mapping of keys", file=str(path), line=1)
    return SchemeLayer(path, "", data, 1)


def node_value(node: yaml.Node, file: str) -> Any:
    """A YAML node (a profile's inline scheme) -> values that keep their lines, as calc.core.yamlread reads them."""
    from calc.core import yamlread

    loader = type("_NodeLoader", (yamlread.loaders()[0],), {"file": file})("")
    try:
        return loader.construct_document(node)
    except SanmaError as exc:  # a duplicate key
        raise RulesError(exc.message, file=file, line=exc.line) from None
    finally:
        loader.dispose()


def _line(data: Any, key: Any, default: int | None) -> int | None:
    lines = getattr(data, "key_lines", None)
    return lines.get(key, default) if lines else default


def build(first: SchemeLayer, name: str) -> Scheme:
    """Follow `extends:`, merge entry by entry (the later file wins), then check everything."""
    _not_a_profile(first)
    problems: list[RulesError] = []
    chain = [first]
    seen = [first.path.resolve()] if not first.prefix else []
    layer = first
    broken = False  # an extends: that could not be followed: what the lost parents set is not "missing"
    while True:
        extends = layer.data.get("extends")
        if extends is None:
            break
        where = dict(file=str(layer.path), line=_line(layer.data, "extends", layer.line), key=layer.prefix + "extends")
        broken = True
        if not isinstance(extends, str):
            problems.append(RulesError(f"extends must be a scheme name or file, got {extends!r}", **where))
            break
        try:
            path = _resolve(extends, layer.path.parent)
        except RulesError as exc:
            problems.append(RulesError(exc.message, **where))
            break
        if path.resolve() in seen:
            cycle = " -> ".join(p.name for p in [*seen, path.resolve()])
            problems.append(RulesError(f"extends cycle: {cycle}", **where))
            break
        seen.append(path.resolve())
        try:
            layer = file_layer(path)
        except RulesError as exc:
            problems.append(exc)
            break
        broken = False
        chain.append(layer)

    # entry key path (e.g. "non_dealer_wins.dealer") -> (value, file, line, full key path)
    entries: dict[str, tuple[Any, str, int | None, str]] = {}
    for layer in reversed(chain):
        _read_entries(layer, entries, problems)
        if layer is not first:  # a title and summary describe one scheme: they are not inherited
            entries.pop("title", None)
            entries.pop("summary", None)
    # A scheme made of shipped files alone passed every check when its copy was written
    # (tests/test_shipped_copy.py builds each one from the parse too): its amounts are not worked out
    # again for every hand value at every start.
    scheme = _check(name, entries, problems, first, broken, amounts=not all(layer.shipped for layer in chain))
    if name in builtin_scheme_names() and (first.prefix or first.path.resolve().parent != library_dir().resolve()):
        named_by_file = not first.prefix and name == first.path.stem
        where = "rename the file" if named_by_file else "give it a `name:` of its own"
        line = _line(first.data, "name", _line(first.data, "title", first.line))
        problems.append(RulesError(f"{name!r} is the name of a built-in scheme; {where}", file=str(first.path),
                                   line=line, key=first.prefix.rstrip(".") or None))
    if problems:
        raise ProblemList(problems)
    return scheme


def _not_a_profile(layer: SchemeLayer) -> None:
    """A file with none of a scheme's own keys but keys no scheme has is most likely a rule profile
    given where a scheme goes (`--scheme club.yaml`): one line says so, not a line per key."""
    if layer.prefix or not isinstance(layer.data, dict):
        return
    foreign = [str(key) for key in layer.data if key not in TOP_KEYS]
    if foreign and not any(key in layer.data for key in ("rounding", *SECTIONS)):
        raise RulesError(f"not a tsumo scheme: no {', '.join(SECTIONS)} or rounding, and keys no scheme has "
                         f"({', '.join(foreign)}); a rule profile goes to --rules (a record's rules:), a scheme "
                         f"to --scheme (docs/schemes.md)", file=str(layer.path))


def _read_entries(layer: SchemeLayer, entries: dict, problems: list[RulesError]) -> None:
    file, data = str(layer.path), layer.data
    for key, value in data.items():
        line = _line(data, key, layer.line)
        where = dict(file=file, line=line, key=f"{layer.prefix}{key}")
        if key not in TOP_KEYS or (key == "name" and not layer.prefix):
            allowed = [k for k in TOP_KEYS if k != "name" or layer.prefix]
            hint = close_matches(str(key), allowed, n=1)
            suggestion = f" (did you mean {hint[0]}?)" if hint else ""
            problems.append(RulesError(f"unknown key{suggestion}; keys: {', '.join(allowed)}", **where))
        elif key in ("extends",):
            continue
        elif key in ("name", "title", "summary"):
            if not isinstance(value, str):
                problems.append(RulesError(f"expected text, got {value!r}", **where))
            else:
                entries[key] = (value, file, line, where["key"])
        elif not isinstance(value, dict):
            problems.append(RulesError(f"must be a mapping, got {_show(value)}", **where))
        else:
            known = SHARES.get(key)
            for sub, sub_value in value.items():
                sub_line = _line(value, sub, line)
                path = f"{layer.prefix}{key}.{sub}"
                if known is not None and sub not in known:
                    hint = close_matches(str(sub), known, n=1)
                    suggestion = f" (did you mean {key}.{hint[0]}?)" if hint else ""
                    problems.append(RulesError(f"unknown share{suggestion}; {key} defines {', '.join(known)}",
                                               file=file, line=sub_line, key=path))
                    continue
                entries[f"{key}.{sub}"] = (sub_value, file, sub_line, path)


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def _multiple(value: Any) -> Fraction | None:
    """2, 1.5, "1/3", "-1" -> an exact Fraction; anything else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Fraction(value)
    try:
        if isinstance(value, float):
            return Fraction(str(value))
        if isinstance(value, str):
            return Fraction(value.strip())
    except (ValueError, ZeroDivisionError, OverflowError):  # .inf, .nan, 1/0
        return None
    return None


def _term(value: Any, file: str, line: int | None, key: str, shares: tuple[str, ...],
          problems: list[RulesError], rounds: list[tuple[str, RulesError]]) -> Term | None:
    """One amount; `rounds` collects each `round:` named, with where it is, to check once the
    roundings are known."""
    def bad(message: str, at_line: int | None = line, at_key: str = key) -> None:
        problems.append(RulesError(message, file=file, line=at_line, key=at_key))

    if isinstance(value, bool):
        bad(f"expected an amount (points, {{b: K}}, {{ron: K}}, {{SHARE: K}}, a list), got {value!r}")
        return None
    if isinstance(value, int):
        return Term("points", Fraction(value))
    if isinstance(value, list):
        lines = getattr(value, "item_lines", [line] * len(value))
        if not value:
            bad("an empty list: give the amounts to add up")
            return None
        parts = [_term(v, file, item_line, f"{key}[{k}]", shares, problems, rounds)
                 for k, (v, item_line) in enumerate(zip(value, lines))]
        return None if None in parts else Term("sum", parts=tuple(parts))
    if not isinstance(value, dict):
        bad(f"expected an amount (points, {{b: K}}, {{ron: K}}, {{SHARE: K}}, a list), got {value!r}")
        return None
    bases = [k for k in value if k != "round" and k not in CONDITIONS]
    allowed = ("b", "points", "sum", *shares)
    unknown = [k for k in bases if k not in allowed]
    for k in unknown:
        hint = close_matches(str(k), (*allowed, *CONDITIONS), n=1)
        suggestion = f" (did you mean {hint[0]}?)" if hint else ""
        bad(f"unknown key{suggestion}; an amount is one of {', '.join(allowed)}, with round, from and below",
            _line(value, k, line), f"{key}.{k}")
    if unknown:
        return None
    if len(bases) != 1:
        bad(f"an amount names one base (b, points, ron, a share or sum), got {', '.join(map(str, bases)) or 'none'}")
        return None
    condition = _condition(value, line, key, bad)
    if condition is False:
        return None
    base = bases[0]
    rounding = value.get("round")
    if "round" in value and not isinstance(rounding, str):
        bad(f"round names a rounding defined under rounding:, got {rounding!r}", _line(value, "round", line), f"{key}.round")
        return None
    if rounding is not None:
        rounds.append((rounding, RulesError("", file=file, line=_line(value, "round", line), key=f"{key}.round")))
    if base == "sum":
        inner = value["sum"]
        if not isinstance(inner, list):
            bad(f"sum takes a list of amounts, got {_show(inner)}", _line(value, "sum", line), f"{key}.sum")
            return None
        summed = _term(inner, file, _line(value, "sum", line), f"{key}.sum", shares, problems, rounds)
        return None if summed is None else Term("sum", parts=summed.parts, rounding=rounding, condition=condition)
    times = _multiple(value[base])
    if times is None:
        bad(f"expected a number or a fraction like 1/3, got {value[base]!r}", _line(value, base, line), f"{key}.{base}")
        return None
    return Term(base, times, rounding=rounding, condition=condition)


def _condition(value: dict, line: int | None, key: str, bad: Callable[[str, int | None, str], None]
               ) -> Condition | None | Literal[False]:
    """An amount's `from:` and `below:` (None: it has neither; False: a problem, reported by `bad`)."""
    bounds: dict[str, tuple[tuple[str, int], ...]] = {}
    for word in CONDITIONS:
        if word in value:
            bound = _bound(word, value[word], _line(value, word, line), f"{key}.{word}", bad)
            if bound is None:
                return False
            bounds[word] = bound
    if not bounds:
        return None
    least, below = dict(bounds.get("from", ())), dict(bounds.get("below", ()))
    for measure in set(least) & set(below):
        if below[measure] <= least[measure]:
            bad(f"from {_bound_text(value['from'])} and below {_bound_text(value['below'])}: no hand is both",
                _line(value, "below", line), f"{key}.below")
            return False
    return Condition(bounds.get("from", ()), bounds.get("below", ()))


def _bound(word: str, given: Any, line: int | None, key: str, bad: Callable[[str, int | None, str], None]
           ) -> tuple[tuple[str, int], ...] | None:
    """One `from:` or `below:` as (measure, number) pairs: a limit (its least basic points) or
    `{han: N}`, `{fu: N}` or both; None when it is written wrongly (reported by `bad`)."""
    takes = f"{word} takes a limit ({', '.join(CONDITION_LIMITS)}) or {{han: N}}, {{fu: N}}"
    if isinstance(given, str) and given in CONDITION_LIMITS:
        return (("b", CONDITION_LIMITS[given]),)
    if not isinstance(given, dict):
        hint = close_matches(given, tuple(CONDITION_LIMITS), n=1) if isinstance(given, str) else []
        suggestion = f" (did you mean {hint[0]}?)" if hint else ""
        bad(f"{takes}; got {_show(given)}{suggestion}", line, key)
        return None
    if not given:
        bad(f"{takes}; got an empty mapping", line, key)
        return None
    out = []
    for measure, n in given.items():
        at_line, at_key = _line(given, measure, line), f"{key}.{measure}"
        if measure not in MEASURES:
            hint = close_matches(str(measure), MEASURES, n=1)
            suggestion = f" (did you mean {hint[0]}?)" if hint else ""
            bad(f"unknown key{suggestion}; a bound on the hand has han, fu or both", at_line, at_key)
            return None
        least, most = (1, None) if measure == "han" else FU_RANGE
        if isinstance(n, bool) or not isinstance(n, int) or n < least or (most is not None and n > most):
            span = f"{least} or more" if most is None else f"from {least} to {most}"
            bad(f"{measure} is a whole number {span}, got {_show(n)}", at_line, at_key)
            return None
        if word == "below" and n == least:
            bad(f"no hand has fewer than {least} {measure}", at_line, at_key)
            return None
        out.append((measure, n))
    return tuple(out)


def _bound_text(given: Any) -> str:
    """A bound as written, in words: `mangan`, `3 han`, `3 han 40 fu`."""
    if isinstance(given, dict):
        return " ".join(f"{n} {measure}" for measure, n in given.items())
    return str(given)


def _check(name: str, entries: dict, problems: list[RulesError], first: SchemeLayer, broken: bool = False,
           amounts: bool = True) -> Scheme:
    roundings = []
    for entry, (value, file, line, key) in entries.items():
        if not entry.startswith("rounding."):
            continue
        rname = entry.split(".", 1)[1]
        if not isinstance(value, dict):
            problems.append(RulesError(f"a rounding is {{step: 100, mode: up|nearest|down}}, got {_show(value)}",
                                       file=file, line=line, key=key))
            continue
        for k in value:
            if k not in ROUNDING_KEYS:
                problems.append(RulesError(f"unknown key; a rounding has {', '.join(ROUNDING_KEYS)}",
                                           file=file, line=_line(value, k, line), key=f"{key}.{k}"))
        step, mode = value.get("step"), value.get("mode")
        if isinstance(step, bool) or not isinstance(step, int) or step < 1:
            problems.append(RulesError(f"step must be a whole number of points, 1 or more, got {step!r}",
                                       file=file, line=_line(value, "step", line), key=f"{key}.step"))
            continue
        if mode not in MODES:
            hint = close_matches(str(mode), MODES, n=1)
            suggestion = f" (did you mean {hint[0]!r}?)" if hint else ""
            problems.append(RulesError(f"mode must be one of {', '.join(MODES)}, got {mode!r}{suggestion}",
                                       file=file, line=_line(value, "mode", line), key=f"{key}.mode"))
            continue
        roundings.append(Rounding(rname, step, mode))
    # a rounding written wrongly is reported once, where it is written, not again where it is used
    defined = {entry.split(".", 1)[1] for entry in entries if entry.startswith("rounding.")}

    sides = {}
    for section in SECTIONS:
        terms: dict[str, tuple[Term, str, int | None, str]] = {}
        for share in SHARES[section]:
            if f"{section}.{share}" not in entries:
                continue
            value, file, line, key = entries[f"{section}.{share}"]
            rounds: list[tuple[str, RulesError]] = []
            term = _term(value, file, line, key, SHARES[section], problems, rounds)
            for r, at in rounds:
                if r not in defined:
                    shown = ", ".join(sorted(defined)) or "none"
                    hint = close_matches(r, sorted(defined), n=1)
                    suggestion = f" (did you mean {hint[0]!r}?)" if hint else ""
                    problems.append(RulesError(f"rounding {r!r} is not defined{suggestion}; defined under rounding: {shown}",
                                               file=at.file, line=at.line, key=at.key))
            if term is not None:
                terms[share] = (term, file, line, key)
        for share in REQUIRED[section]:
            written_wrong = any(p.key in (section, f"{first.prefix}{section}") for p in problems)
            if share not in terms and f"{section}.{share}" not in entries and not broken and not written_wrong:
                problems.append(RulesError(f"missing: what {_words(section, share)} (set it here or in the scheme this extends)",
                                           file=str(first.path), key=f"{first.prefix}{section}.{share}"))
        sides[section] = _order(section, terms, problems)

    origin = tuple((entry, f"{Path(file).name}:{line}") for entry, (_, file, line, _) in entries.items())
    places = tuple((entry, (file, line, key)) for entry, (_, file, line, key) in entries.items())
    title = entries.get("title", (name,))[0]
    summary = entries.get("summary", ("",))[0]
    scheme = Scheme(name, title, summary, tuple(roundings), sides["dealer_wins"], sides["non_dealer_wins"], origin,
                    places)
    if amounts and not problems:
        _check_amounts(scheme, entries, problems)
    return scheme


def _words(section: str, share: str) -> str:
    if share == "ron":
        return f"a ron pays when the {'dealer' if section == 'dealer_wins' else 'non-dealer'} wins"
    who = "the dealer" if share == "dealer" else "each non-dealer" if section == "dealer_wins" else "the non-dealer"
    return f"{who} pays on a tsumo"


def _order(section: str, terms: dict, problems: list[RulesError]) -> Side:
    """The shares in an order where each follows those it refers to (otherwise as SHARES lists
    them); a share that refers to itself, directly or through others, or to a share the side does
    not define, is an error."""
    for share, (term, file, line, key) in terms.items():
        for ref in sorted(term.refs() - set(terms)):
            problems.append(RulesError(f"refers to {ref}, which {section} does not define",
                                       file=file, line=line, key=key))
    refs = {share: terms[share][0].refs() & set(terms) for share in terms}
    done: list[str] = []
    while len(done) < len(terms):
        ready = [s for s in SHARES[section] if s in terms and s not in done and refs[s] <= set(done)]
        if not ready:
            break
        done.append(ready[0])
    reported: list[set[str]] = []
    for share in [s for s in SHARES[section] if s in terms and s not in done]:
        term, file, line, key = terms[share]
        loop = _loop(share, refs)
        if loop and set(loop) not in reported:  # one message per loop, at its first share
            reported.append(set(loop))
            problems.append(RulesError(f"a share that refers to itself: {' -> '.join(loop)}",
                                       file=file, line=line, key=key))
    return Side(tuple((share, terms[share][0]) for share in done))


def _loop(start: str, refs: dict[str, set[str]]) -> list[str] | None:
    """The shortest path start -> ... -> start through the references, if there is one."""
    paths = [[start]]
    seen: set[str] = set()
    while paths:
        path = paths.pop(0)
        for ref in sorted(refs[path[-1]]):
            if ref == start:
                return [*path, start]
            if ref not in seen:
                seen.add(ref)
                paths.append([*path, ref])
    return None


def _check_amounts(scheme: Scheme, entries: dict, problems: list[RulesError]) -> None:
    """What a game needs of a scheme (rules.md, payment schemes), for every hand value: each payment
    and ron value is a whole number of points, 0 or more; a win moves points (a ron pays something,
    and so do a tsumo's payers together); a bigger hand never pays less (`_bigger`)."""
    han_fu = scheme.reads_han_fu
    for section in SECTIONS:
        dealer = section == "dealer_wins"

        def problem(share: str, message: str) -> None:
            _, file, line, key = entries[f"{section}.{share}"]
            problems.append(RulesError(message, file=file, line=line, key=key))

        checked: list[tuple[tuple[int, int, int], dict[str, Amount]]] = []  # the hands before, by b
        for sample in _SAMPLES if han_fu else _SAMPLE_BASICS:
            b, han, fu = sample
            hand = _sample_words(sample, han_fu)
            values = evaluate(scheme, b, han, fu, dealer)
            bad = [(s, v) for s, v in values.items() if s != "north" and (v.denominator != 1 or v < 0)]
            if bad:
                share, v = bad[0]
                why = "is negative" if v < 0 else "is not a whole number of points (round it)"
                problem(share, f"comes to {amount_text(v)} for {hand}, which {why}")
                break
            winner = "the dealer" if dealer else "a non-dealer"
            if values["ron"] == 0:
                problem("ron", f"comes to 0 for {hand}: a ron by {winner} would move no points")
                break
            if sum(values[s] * n for s, n in PAYERS[section].items()) == 0:
                problem(next(iter(PAYERS[section])), f"a tsumo by {winner} would move no points for {hand}: "
                                                     f"every payer pays 0")
                break
            smaller = [earlier for earlier in checked if _bigger(sample, earlier[0], han_fu)]
            less = [(s, v, max(smaller, key=lambda e: e[1][s])) for s, v in values.items()
                    if s != "north" and smaller and v < max(e[1][s] for e in smaller)]
            if less:
                share, v, (at, paid) = less[0]
                problem(share, f"comes to {amount_text(v)} for {hand} but {amount_text(paid[share])} for the smaller "
                               f"{_sample_words(at, han_fu)}: a bigger hand would pay less")
                break
            checked.append((sample, values))


def _bigger(hand: tuple[int, int, int], other: tuple[int, int, int], han_fu: bool) -> bool:
    """Whether a hand of (b, han, fu) is bigger than another, so may not pay less: more basic points
    b; under a scheme that reads the han and fu, also as many han and fu or more, the fu where they
    count (2 han 70 fu, b = 1120, is not bigger than 3 han 30 fu, b = 960: where 3 han earn more, it
    may pay less)."""
    if hand[0] <= other[0]:
        return False
    if not han_fu:
        return True
    fu_count = hand[1] < FU_COUNTS_BELOW_HAN and other[1] < FU_COUNTS_BELOW_HAN
    return hand[1] >= other[1] and (not fu_count or hand[2] >= other[2])


def _sample_words(sample: tuple[int, int, int], han_fu: bool) -> str:
    """A sample hand as an error names it: `b = 1920`, or with its han and fu where they matter
    (`3 han 60 fu (b = 1920)`, `6 han (b = 3000)`)."""
    b, han, fu = sample
    if not han_fu:
        return f"b = {b}"
    return f"{han} han {fu} fu (b = {b})" if han < FU_COUNTS_BELOW_HAN else f"{han} han (b = {b})"


def amount_text(v: Amount) -> str:
    """An amount as people read it: a whole number as it is, a fraction of a point to two decimals."""
    if isinstance(v, int):
        return str(v)
    return f"{float(v):.2f}".rstrip("0").rstrip(".") if v.denominator != 1 else str(v.numerator)


def table_bound_problems(scheme: Scheme, table_points: int, where: str) -> list[RulesError]:
    """rules.md, payment schemes: one yakuman (b = 8000) never makes a payment larger than every
    point at the table (`table_points`, the players' starting points together; `where` says so).
    Several yakuman in one hand pay that many times one, as the profile allows them."""
    places = dict(scheme.places)
    out = []
    for section in SECTIONS:
        values = evaluate(scheme, ONE_YAKUMAN, YAKUMAN_HAN, 0, section == "dealer_wins")
        over = [(s, v) for s, v in values.items() if s != "north" and v > table_points]
        if over:
            share, v = over[0]
            file, line, key = places.get(f"{section}.{share}", (None, None, f"{section}.{share}"))
            out.append(RulesError(f"comes to {amount_text(v)} for one yakuman (b = {ONE_YAKUMAN}): more than the "
                                  f"{table_points} points on the table ({where}); no table can pay it",
                                  file=file, line=line, key=key))
    return out


# ---------------------------------------------------------------- evaluating


# An amount of points, exact: a whole number as an int, any other as a Fraction. Most amounts are
# whole (b times a whole number, rounded): worked out in ints, a payment's shares take a fiftieth of
# the time they took in Fractions.
Amount = int | Fraction


def term_value(term: Term, values: dict[str, Amount], b: int, han: int, fu: int, scheme: Scheme,
               amounts: dict[int, tuple[Amount, Amount]] | None = None) -> tuple[Amount, Amount]:
    """(the amount before its own rounding, after it) for a hand of basic points b, han and fu, given
    the shares computed so far; `amounts`, if given, is told the pair of every term and part worked
    out (by the term's id), so that an explanation need not work them out again."""
    if not term.counts(b, han, fu):  # its condition does not hold for this hand: it adds nothing
        _zero(term, amounts)
        return 0, 0
    if term.base == "points":
        raw = _whole(term.times)
    elif term.base == "b":
        raw = _times(term.times, b)
    elif term.base == "sum":
        total: Amount = 0
        for part in term.parts:
            total += term_value(part, values, b, han, fu, scheme, amounts)[1]
        raw = _whole(total)
    else:
        raw = _times(term.times, values[term.base])
    pair = (raw, scheme.rounding(term.rounding).apply(raw) if term.rounding else raw)
    if amounts is not None:
        amounts[id(term)] = pair
    return pair


def _zero(term: Term, amounts: dict[int, tuple[Amount, Amount]] | None) -> None:
    """A term that does not count, and every part of it, worked out as 0 (for the explanation)."""
    if amounts is not None:
        amounts[id(term)] = (0, 0)
        for part in term.parts:
            _zero(part, amounts)


def _times(times: Fraction, x: Amount) -> Amount:
    if times.denominator == 1 and isinstance(x, int):
        return times.numerator * x
    return _whole(times * x)


def _whole(x: Amount) -> Amount:
    return x.numerator if isinstance(x, Fraction) and x.denominator == 1 else x


def evaluate(scheme: Scheme, b: int, han: int, fu: int, dealer_wins: bool) -> dict[str, Amount]:
    """Every share of one side for a hand of basic points b, han and fu: ron, north (if defined), the payers."""
    values: dict[str, Amount] = {}
    for share, term in scheme.side(dealer_wins).shares:
        values[share] = term_value(term, values, b, han, fu, scheme)[1]
    return values
