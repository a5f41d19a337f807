"""Rule profiles: YAML files in `rulesets/`, validated once, frozen afterwards.

A profile lists only what differs from the profile it `extends:`. `load(name_or_path)` merges the
chain, checks every key against `SCHEMA` and reports every problem at once with file, line and key
path. Each stage reads only its own section (`rules.hand`, `rules.payment`, ...).
"""

from __future__ import annotations

import difflib
import importlib.resources
from dataclasses import dataclass, field, fields
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from calc.core import tiles as T
from calc.core.errors import RulesError
from calc.core.yamlread import yaml_problem

SCHEMES = (
    "tsumo-loss",
    "add-1000",
    "maru-dori",
    "north-split",
    "equal-split",
    "triple-dealer",
    "double-take",
    "ron-adjust",
)
UMA_PRESETS = {"5-15": (15, 0, -15), "10-20": (20, 0, -20), "10-30": (30, 0, -30)}


@dataclass(frozen=True)
class Key:
    """One profile key: its type and, where the set is closed, the allowed values."""

    kind: type | str  # bool, int, str, "tiles", "uma", "oka"
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    doc: str = ""


SCHEMA: dict[str, dict[str, Key]] = {
    "game": {
        "players": Key(int, choices=(3,), doc="seats at the table"),
        "tile_set": Key(str, choices=("sanma",), doc="sanma = 108 tiles, no 2m-8m"),
        "red_fives": Key("tiles", doc="which fives have one red copy"),
        "chi": Key(bool, doc="may a player call chi"),
        "kuikae": Key(bool, doc="may a player discard the value just called (swap-calling); Tenhou: no"),
        "kokushi_robs_closed_kan": Key(bool, doc="thirteen orphans may ron the tile of a closed kan"),
    },
    "north": {
        "nukidora": Key(bool, doc="norths may be extracted for dora and a replacement draw"),
        "value_tile": Key(bool, doc="north counts as a value tile (yakuhai, pair fu) for everyone"),
        "ron_on_nuki": Key(bool, doc="others may ron an extracted north"),
        "nuki_cancels_ippatsu": Key(bool, doc="extracting a north ends ippatsu chances"),
        "nuki_breaks_first_turn": Key(
            bool, doc="extracting a north ends the uninterrupted first go-around (double riichi, tenhou, chiihou)"
        ),
        "riichi_nuki_only_drawn": Key(bool, doc="after riichi only a just-drawn north may be extracted"),
    },
    "hand": {
        "open_tanyao": Key(bool, doc="tanyao counts on an open hand"),
        "kiriage_mangan": Key(bool, doc="30fu4han and 60fu3han count as mangan"),
        # rules.md §3: kazoe on (yakuman), capped at sanbaiman, or off. "off" pays 13+ counted han as
        # a sanbaiman too (there is no higher counted limit), so it behaves as the cap.
        "kazoe": Key(str, choices=("yakuman", "sanbaiman", "off"), doc="what 13+ counted han is worth"),
        "double_yakuman": Key(bool, doc="the double forms (suuankou tanki, kokushi 13-wait, ...) count twice"),
        "stacked_yakuman": Key(bool, doc="several yakuman in one hand add up (daisangen + tsuuiisou = 2)"),
        "renhou": Key(str, choices=("none", "mangan", "yakuman"), doc="value of a win before one's first draw"),
        "double_wind_pair_fu": Key(int, choices=(2, 4), doc="fu of a pair of the wind that is seat and round wind"),
    },
    "payment": {
        "scheme": Key(str, choices=SCHEMES, doc="tsumo payment scheme (rules.md §4)"),
        "maru_dori_rounding": Key(str, choices=("nearest", "ceil-from-base", "child-ceil")),
        "north_split_rounding": Key(str, choices=("half-of-rounded", "exact-shares")),
        "honba_ron": Key(int, minimum=0, doc="a ron pays this per honba"),
        "honba_tsumo": Key(int, minimum=0, doc="each tsumo payer pays this per honba"),
        "riichi_stick": Key(int, minimum=0, doc="the riichi deposit"),
        "noten_pool": Key(int, minimum=0, doc="points noten players pay tenpai players at a draw"),
        "nagashi_mangan": Key(bool, doc="nagashi mangan is paid at an exhaustive draw"),
        "double_ron_honba": Key(str, choices=("first", "both"), doc="who of two ron winners takes honba"),
        "pao": Key(bool, doc="responsibility payment for daisangen and daisuushii"),
        "pao_ron_honba": Key(str, choices=("liable", "discarder"), doc="who pays the honba on a pao ron"),
    },
    "match": {
        "length": Key(str, choices=("hanchan", "east")),
        "start": Key(int, minimum=0),
        "return": Key(int, minimum=0),
        "oka": Key("oka", doc="'auto' = (return - start) x players, or a number of points"),
        "uma": Key("uma", doc="5-15, 10-20, 10-30 or [first, second, third]"),
        "extension_round": Key(bool, doc="play on (sudden death) while nobody reached the return points"),
        "bust": Key(bool, doc="a score below 0 ends the match"),
        "agari_yame": Key(bool, doc="a leading dealer may stop in the last hand"),
        "tenpai_yame": Key(bool, doc="agari-yame also when the dealer repeats by tenpai at an exhaustive draw"),
        "extension_renchan": Key(bool, doc="in the extension round a dealer repeat goes on though someone reached the return points"),
        "tenpai_renchan": Key(bool, doc="the dealer repeats when tenpai at an exhaustive draw"),
        "leftover_sticks": Key(str, choices=("first", "none")),
        "final_rounding": Key(str, choices=("one-decimal", "integer")),
        "riichi_min_points": Key(int, minimum=0),
        "abort_nine_terminals": Key(bool),
        "abort_four_kans": Key(bool),
    },
}
TOP_LEVEL = ("extends", "summary", "variant", *SCHEMA)
# A profile's game: `variant:` at the top (absent = sanma). Other variants (calc.sichuan) bring their
# own schema and read their files through the same helpers below.
SANMA = "sanma"


@dataclass(frozen=True)
class GameRules:
    players: int
    tile_set: str
    red_fives: tuple[int, ...]
    chi: bool
    kuikae: bool
    kokushi_robs_closed_kan: bool


@dataclass(frozen=True)
class NorthRules:
    nukidora: bool
    value_tile: bool
    ron_on_nuki: bool
    nuki_cancels_ippatsu: bool
    nuki_breaks_first_turn: bool
    riichi_nuki_only_drawn: bool


@dataclass(frozen=True)
class HandRules:
    open_tanyao: bool
    kiriage_mangan: bool
    kazoe: str
    double_yakuman: bool
    stacked_yakuman: bool
    renhou: str
    double_wind_pair_fu: int


@dataclass(frozen=True)
class PaymentRules:
    scheme: str
    maru_dori_rounding: str
    north_split_rounding: str
    honba_ron: int
    honba_tsumo: int
    riichi_stick: int
    noten_pool: int
    nagashi_mangan: bool
    double_ron_honba: str
    pao: bool
    pao_ron_honba: str


@dataclass(frozen=True)
class MatchRules:
    length: str
    start: int
    # `return` is a Python keyword; the profile key is `return`.
    return_points: int
    oka: int
    uma: tuple[int, ...]
    extension_round: bool
    bust: bool
    agari_yame: bool
    tenpai_yame: bool
    extension_renchan: bool
    tenpai_renchan: bool
    leftover_sticks: str
    final_rounding: str
    riichi_min_points: int
    abort_nine_terminals: bool
    abort_four_kans: bool


@dataclass(frozen=True)
class RuleSet:
    name: str
    summary: str
    game: GameRules
    north: NorthRules
    hand: HandRules
    payment: PaymentRules
    match: MatchRules
    # key path -> the file that set it, for `sanma rules show`
    origin: dict[str, str] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def with_scheme(self, scheme: str) -> RuleSet:
        """The same profile with another tsumo scheme (`--scheme`)."""
        if scheme not in SCHEMES:
            raise RulesError(f"unknown scheme {scheme!r}; valid: {', '.join(SCHEMES)}")
        payment = PaymentRules(**{**_asdict(self.payment), "scheme": scheme})
        return RuleSet(self.name, self.summary, self.game, self.north, self.hand, payment, self.match, self.origin)

    def flat(self) -> dict[str, Any]:
        """key path -> value as written in a profile."""
        out = {}
        for section in SCHEMA:
            for key, value in _asdict(getattr(self, section)).items():
                key = "return" if key == "return_points" else key
                if key == "red_fives":
                    value = [T.name(t) for t in value]
                elif isinstance(value, tuple):
                    value = list(value)
                out[f"{section}.{key}"] = value
        return out


def _asdict(obj) -> dict[str, Any]:
    return {f.name: getattr(obj, f.name) for f in fields(obj)}


# ---------------------------------------------------------------- loading


def builtin_dir() -> Path:
    """The shipped profiles: package data once installed, `rulesets/` beside `calc/` in a checkout."""
    installed = Path(str(importlib.resources.files("calc"))) / "rulesets_data"
    if (installed / "standard.yaml").is_file():
        return installed
    return Path(__file__).resolve().parents[2] / "rulesets"


def builtin_names(variant: str | None = SANMA) -> list[str]:
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
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                break
            if data.get("variant") is not None:
                return str(data["variant"])
            if data.get("extends") is None:
                break
            path = _resolve(str(data["extends"]), relative_to=path.parent)
    except (RulesError, OSError, UnicodeDecodeError, yaml.YAMLError):
        pass
    return SANMA


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
        hint = difflib.get_close_matches(name_or_path, names, n=1)
        suggestion = f" (did you mean {hint[0]!r}?)" if hint else ""
        raise RulesError(f"unknown profile {name_or_path!r}{suggestion}; valid: {', '.join(names)}")
    return path


@dataclass
class _Layer:
    """One profile file read into (key path -> (value, line))."""

    path: Path
    values: dict[str, tuple[Any, int]]
    extends: str | None
    extends_line: int
    summary: str | None
    variant: str | None = None


def _read_layer(path: Path, problems: list[RulesError], schema: dict[str, dict[str, Key]] = SCHEMA,
                variant: str = SANMA) -> _Layer:
    label = str(path)
    top_level = ("extends", "summary", "variant", *schema)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesError(f"cannot read profile: {exc.strerror}", file=label) from None
    except UnicodeDecodeError as exc:
        raise RulesError(f"not UTF-8 text (byte {exc.start})", file=label) from None
    try:
        root = yaml.compose(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else None
        raise RulesError(yaml_problem(exc, text), file=label, line=line) from None
    layer = _Layer(path, {}, None, 0, None)
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
                    hint = difflib.get_close_matches(sub_key, list(schema[key]), n=1)
                    suggestion = f" (did you mean {key}.{hint[0]}?)" if hint else ""
                    problems.append(RulesError(f"unknown key{suggestion}", file=label, line=sub_line, key=path_key))
                    continue
                try:
                    value = yaml.safe_load(yaml.serialize(sub_value_node))
                except yaml.YAMLError as exc:  # e.g. a !!python tag that safe loading refuses
                    problem = getattr(exc, "problem", None) or "cannot be read"
                    problems.append(RulesError(problem, file=label, line=sub_line, key=path_key))
                    continue
                layer.values[path_key] = (value, sub_line)
        else:
            hint = difflib.get_close_matches(key, top_level, n=1)
            suggestion = f" (did you mean {hint[0]}?)" if hint else ""
            problems.append(RulesError(f"unknown key{suggestion}", file=label, line=line, key=key))
    return layer


def _check_value(spec: Key, value: Any) -> tuple[Any, str | None]:
    """(converted value, problem or None)."""
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
        if spec.choices and value not in spec.choices:
            return None, f"must be one of {', '.join(map(str, spec.choices))}, got {value}"
        return value, None
    if spec.kind is str:
        if value is False and "off" in spec.choices:
            value = "off"  # YAML 1.1 reads a bare `off` as false
        if not isinstance(value, str):
            return None, f"expected one of {', '.join(spec.choices)}, got {value!r}"
        if spec.choices and value not in spec.choices:
            hint = difflib.get_close_matches(value, spec.choices, n=1)
            suggestion = f" (did you mean {hint[0]!r}?)" if hint else ""
            return None, f"{value!r} is not one of {', '.join(spec.choices)}{suggestion}"
        return value, None
    if spec.kind == "tiles":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return None, f"expected a list of tiles like [5p, 5s], got {value!r}"
        try:
            parsed = tuple(sorted(T.parse_name(v)[0] for v in value))
        except ValueError as exc:
            return None, str(exc)
        if any(tile not in (T.FIVE_MAN, T.FIVE_PIN, T.FIVE_SOU) for tile in parsed) or len(set(parsed)) != len(parsed):
            return None, f"red fives are fives, each named once (5m, 5p, 5s), got {value!r}"
        return parsed, None
    if spec.kind == "uma":
        if isinstance(value, str):
            if value not in UMA_PRESETS:
                return None, f"unknown uma preset {value!r}; presets: {', '.join(UMA_PRESETS)}"
            return UMA_PRESETS[value], None
        if isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            if sum(value) != 0:
                return None, f"uma must sum to 0, got {value}"
            return tuple(value), None
        return None, f"expected a preset ({', '.join(UMA_PRESETS)}) or a list of whole numbers, got {value!r}"
    if spec.kind == "oka":
        if value == "auto" or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
            return value, None
        return None, f"expected 'auto' or a whole number of points, got {value!r}"
    raise AssertionError(spec.kind)


def load(name_or_path: str) -> RuleSet:
    """A built-in profile name or a YAML file path -> a validated, frozen RuleSet."""
    return _load_cached(name_or_path)


@dataclass
class Merged:
    """A profile chain read and checked against a schema: values, where each was set, problems."""

    chain: list[_Layer]
    values: dict[str, Any]
    origin: dict[str, str]
    located: dict[str, tuple[str, int]]
    problems: list[RulesError]

    def section(self, name: str) -> dict[str, Any]:
        return {k.split(".")[1]: v for k, v in self.values.items() if k.startswith(name + ".")}

    @property
    def summary(self) -> str:
        return next((layer.summary for layer in self.chain if layer.summary), "")


def merge_chain(name_or_path: str, schema: dict[str, dict[str, Key]] = SCHEMA, variant: str = SANMA) -> Merged:
    """Read a profile and the chain it `extends:`, check each value, report missing keys."""
    problems: list[RulesError] = []
    chain: list[_Layer] = []
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
            converted, problem = _check_value(schema[section][key], value)
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


@lru_cache(maxsize=64)
def _load_cached(name_or_path: str) -> RuleSet:
    variant = variant_of(name_or_path)
    if variant != SANMA:
        raise RulesError(f"{name_or_path!r} is a {variant} profile; this needs a sanma profile")
    read = merge_chain(name_or_path)
    chain, merged, origin, located, problems = read.chain, read.values, read.origin, read.located, read.problems
    players = merged.get("game.players")
    if isinstance(merged.get("match.uma"), tuple) and players and len(merged["match.uma"]) != players:
        file, line = located["match.uma"]
        problems.append(RulesError(f"uma needs {players} values, got {len(merged['match.uma'])}",
                                   file=file, line=line, key="match.uma"))
    problems += _cross_key_problems(merged, located)
    if problems:
        raise ProfileProblems(problems)

    match_values = read.section("match")
    match_values["return_points"] = match_values.pop("return")
    if match_values["oka"] == "auto":
        match_values["oka"] = (match_values["return_points"] - match_values["start"]) * merged["game.players"]
    return RuleSet(
        name=chain[0].path.stem,
        summary=read.summary,
        game=GameRules(**read.section("game")),
        north=NorthRules(**read.section("north")),
        hand=HandRules(**read.section("hand")),
        payment=PaymentRules(**read.section("payment")),
        match=MatchRules(**match_values),
        origin=origin,
    )


def _cross_key_problems(merged: dict[str, Any], located: dict[str, tuple[str, int]]) -> list[RulesError]:
    """Values that are fine one by one but cannot go together."""
    problems = []

    def problem(key: str, message: str) -> None:
        file, line = located[key]
        problems.append(RulesError(message, file=file, line=line, key=key))

    if merged.get("game.tile_set") == "sanma" and T.FIVE_MAN in merged.get("game.red_fives", ()):
        problem("game.red_fives", "the sanma tile set has no 5m to make red")
    if "match.return" in merged and "match.start" in merged and merged["match.return"] < merged["match.start"]:
        problem("match.return", f"the return points ({merged['match.return']}) are below the start "
                                f"({merged['match.start']}): oka would be negative")
    players = merged.get("game.players")
    pool = merged.get("payment.noten_pool")
    if pool is not None and players and (pool % 100 or pool % (players - 1)):
        # one tenpai player takes pool / (players - 1) from each noten player; one noten player
        # pays pool / (players - 1) to each tenpai player (rules.md §5)
        problem("payment.noten_pool", f"must be a multiple of 100 that splits evenly among {players - 1} "
                                      f"players, got {pool}")
    return problems


class ProfileProblems(RulesError):
    """Every problem found in a profile chain; the message lists each on its own line."""

    def __init__(self, problems: list[RulesError]) -> None:
        super().__init__(f"{len(problems)} problem(s) in profile")
        # file by file, top to bottom, so the list reads like the files
        self.problems = sorted(problems, key=lambda p: (p.file or "", p.line or 0))

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems)
