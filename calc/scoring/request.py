"""One hand, as `sanma hand` and `--batch` describe it, read into a scorable hand and its context.

`HandRequest` holds exactly the command's flags (the batch keys are the same names), so the CLI and
the batch reader share one path: request -> build -> evaluate -> pay (the last two at table level,
calc.table.scored).
"""

from __future__ import annotations

import os
from typing import Any, Final, Mapping, cast

from calc.core import tiles as T
from calc.core.errors import IllegalHandError, SanmaError
from calc.scoring.fields import BY_NAME
from calc.scoring.fields import FIELDS as DECLARED
from calc.scoring.hand import Hand, WinContext, build_hand, parse_indicators
from calc.core.rules import RuleSet, load


# The winner's seat when none is given (a non-dealer, the common case, as `sanma pay` assumes):
# `sanma hand`, its --batch lines and calc.score all read it here.
DEFAULT_SEAT: Final[str] = BY_NAME["seat"].default


class HandRequest:
    """The flags of `sanma hand`; the situation flags are WinContext's own names.

    Nothing writes to one: it is the raw input of every hand scored, equal to another with the same
    flags; a changed copy is `._replace(...)`, its flags by name `._asdict()` (`FIELDS` in order), as a
    NamedTuple has them. A written class, not a dataclass: a dataclass has its methods generated at
    every start of the command, and compiled its generated `__init__` runs as Python, ten times slower
    than this one (measured: ~0.9 µs against 0.1 for four fields). Its fields, their kinds and
    defaults are calc.scoring.fields' table, written out below by `make context-fields`."""

    # generated from calc.scoring.fields by `make context-fields`: change the table there, not these lines
    hand: str
    win: str | None
    tsumo: bool
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    tenhou: bool
    chiihou: bool
    renhou: bool
    seat: str
    round: str
    dora: str | None
    ura: str | None
    nuki: int
    honba: int
    sticks: int
    rules: str
    scheme: str | None

    def __init__(self, hand: str, win: str | None = None, tsumo: bool = False, riichi: bool = False,
                 double_riichi: bool = False, ippatsu: bool = False, rinshan: bool = False, chankan: bool = False,
                 haitei: bool = False, houtei: bool = False, tenhou: bool = False, chiihou: bool = False,
                 renhou: bool = False, seat: str = "S", round: str = "E", dora: str | None = None,
                 ura: str | None = None, nuki: int = 0, honba: int = 0, sticks: int = 0, rules: str = "standard",
                 scheme: str | None = None) -> None:
        self.hand = hand
        self.win = win
        self.tsumo = tsumo
        self.riichi = riichi
        self.double_riichi = double_riichi
        self.ippatsu = ippatsu
        self.rinshan = rinshan
        self.chankan = chankan
        self.haitei = haitei
        self.houtei = houtei
        self.tenhou = tenhou
        self.chiihou = chiihou
        self.renhou = renhou
        self.seat = seat
        self.round = round
        self.dora = dora
        self.ura = ura
        self.nuki = nuki
        self.honba = honba
        self.sticks = sticks
        self.rules = rules
        self.scheme = scheme

    @staticmethod
    def of(hand: str, values: list[Any]) -> HandRequest:
        """A request from its hand and every other field's value, in order (`FIELD_DEFAULTS`'), checked
        by the caller: calc.score's keywords and a batch line are read into such a list."""
        v = values
        return HandRequest(hand, cast("str | None", v[0]), cast(bool, v[1]), cast(bool, v[2]), cast(bool, v[3]),
                           cast(bool, v[4]), cast(bool, v[5]), cast(bool, v[6]), cast(bool, v[7]), cast(bool, v[8]),
                           cast(bool, v[9]), cast(bool, v[10]), cast(bool, v[11]), cast(str, v[12]), cast(str, v[13]),
                           cast("str | None", v[14]), cast("str | None", v[15]), cast(int, v[16]), cast(int, v[17]),
                           cast(int, v[18]), cast(str, v[19]), cast("str | None", v[20]))
    # end of the generated lines

    def _asdict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in FIELDS}

    def _replace(self, **changes: Any) -> HandRequest:
        return HandRequest(**{**self._asdict(), **changes})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandRequest) and self._asdict() == other._asdict()

    def __repr__(self) -> str:
        return f"HandRequest({', '.join(f'{name}={value!r}' for name, value in self._asdict().items())})"

    @classmethod
    def from_mapping(cls, data: dict, defaults: dict | None = None) -> HandRequest:
        """A batch line: keys are the flag names with `_` for `-`; `defaults` (the command line's
        flags, already checked) fill the keys the line leaves out."""
        kinds = FIELD_KINDS
        if not data.keys() <= kinds.keys():
            unknown = next(key for key in data if key not in kinds)
            raise SanmaError(f"unknown key {unknown!r}; keys are {', '.join(kinds)}")
        if "hand" not in data:
            raise SanmaError("missing key 'hand'")
        check_types(data, kinds)
        values = [data.get(name, defaults.get(name, default) if defaults else default)
                  for name, default in FIELD_DEFAULTS.items()]
        return HandRequest.of(cast(str, data["hand"]), values)


# generated from calc.scoring.fields by `make context-fields`: change the table there, not these lines
def context_of(r: HandRequest, seat_wind: int, round_wind: int, dora_indicators: tuple[int, ...],
               ura_indicators: tuple[int, ...]) -> WinContext:
    """The request's WinContext: its fields as the request holds them, the winds and the indicators as
    read."""
    return WinContext(r.tsumo, r.riichi, r.double_riichi, r.ippatsu, r.rinshan, r.chankan, r.haitei, r.houtei, r.tenhou,
                      r.chiihou, r.renhou, seat_wind, round_wind, dora_indicators, ura_indicators, r.nuki, r.honba,
                      r.sticks)
# end of the generated lines


def keywords(hand: object, situation: dict[str, object]) -> tuple[HandRequest, RuleSet | None]:
    """`calc.score`'s arguments as a request: the hand, and its keywords as they came (a mapping of
    the other fields, any left out taking its default), each value checked for its kind as a batch
    line's keys are (`check_types`), in the fields' order. `seat` None is the default seat, `rules`
    a RuleSet its name (the RuleSet is handed back, to score with), a path its text.

    A mapping, not a parameter a field: a call's keywords come as the caller made their names, and
    names read from JSON are not Python's shared copies of them, so a function of 22 parameters
    matched each by comparing text (~16,000 instructions a call of a bench line, callgrind); here each
    is one lookup by its hash. A keyword that names no field raises TypeError, as Python refuses
    one: calc.score words the refusal."""
    values: list[Any] = list(_DEFAULTS)
    for key, value in situation.items():
        place = _PLACES.get(key)
        if place is None:
            raise TypeError(f"unexpected keyword argument {key!r}")
        values[place] = value
    if values[_SEAT] is None:
        values[_SEAT] = DEFAULT_SEAT
    rules = values[_RULES]
    ruleset = rules if isinstance(rules, RuleSet) else None
    values[_RULES] = path_text(rules) if ruleset is None else ruleset.name
    values[_SCHEME] = path_text(values[_SCHEME])
    _check_kind("hand", hand, FIELD_KINDS["hand"])
    for (key, kind), value, default in zip(_OTHER_KIND_ITEMS, values, _DEFAULTS):
        if value is not default:  # a field left at its default is of its kind
            _check_kind(key, value, kind)
    return HandRequest.of(cast(str, hand), values), ruleset


def path_text(name_or_path: object) -> object:
    """A profile or scheme file may be given to the API as a path (a pathlib.Path); a request holds
    its text."""
    if name_or_path is None or isinstance(name_or_path, str):
        return name_or_path  # most calls: os.PathLike, an abstract class, takes ~1,000 instructions to ask
    return os.fspath(name_or_path) if isinstance(name_or_path, os.PathLike) else name_or_path


def check_types(data: Mapping[str, object], kinds: Mapping[str, str]) -> None:
    """Each value is of its key's kind, an annotation as written: "bool" (True or False, not 0 or 1),
    "int" (a bool is not one), "str", or one of these with " | None". A batch line and the keywords
    of `calc.score` / `calc.pay` are checked here; the message names the key."""
    for key, value in data.items():
        _check_kind(key, value, kinds[key])


def _check_kind(key: str, value: object, expected: str) -> None:
    # one prefix test per key (this runs for every hand scored): the value's kind, then the key's
    if value is True or value is False:
        ok = expected.startswith("bool")
    elif isinstance(value, int):
        ok = expected.startswith("int")
    elif isinstance(value, str):
        ok = expected.startswith("str")
    else:
        ok = value is None and expected.endswith(" | None")
    if not ok:
        base = expected.removesuffix(" | None")
        raise SanmaError(f"{key!r} takes {_KIND.get(key, _KIND[base])}, got {value!r}")


# field name -> its annotation as written ("bool", "int", "str", "str | None"), from the one table of
# fields (a compiled HandRequest's own annotations no longer say "| None")
FIELD_KINDS: Final = {field.name: field.annotation for field in DECLARED}
_FIELD_KIND_ITEMS: Final = tuple(FIELD_KINDS.items())
_OTHER_KIND_ITEMS: Final = _FIELD_KIND_ITEMS[1:]  # every field's but the hand's
FIELDS: Final = tuple(FIELD_KINDS)  # HandRequest's fields, in order
# field name -> its default (every field but `hand`): what a batch line or calc.score leaves out
FIELD_DEFAULTS: Final = {field.name: field.default for field in DECLARED[1:]}
_DEFAULTS: Final = tuple(FIELD_DEFAULTS.values())
_PLACES: Final = {name: place for place, name in enumerate(FIELD_DEFAULTS)}  # a keyword's place among them
_SEAT: Final = _PLACES["seat"]
_RULES: Final = _PLACES["rules"]
_SCHEME: Final = _PLACES["scheme"]


# What each key takes, in words (a batch line or a record's win is written by a person); a key that
# is no field (calc.pay's) by its annotation.
_KIND: Final = {"bool": "true or false", "int": "a whole number", "str": "text",
                **{field.name: field.words for field in DECLARED}}


def _wind(letter: str, what: str) -> int:
    wind = T.WIND_LETTERS.get(letter.upper()) if isinstance(letter, str) else None
    if wind is None or wind == T.NORTH:
        raise SanmaError(f"{what} must be E, S or W, got {letter!r}")
    return wind


# Profiles by the name (or path) a request gives: resolved once per process, where `load` is a call
# into interpreted code and a look-up in its cache for every hand. Bounded: cleared when full.
_PROFILES: Final[dict[str, RuleSet]] = {}
PROFILES_KEPT: Final = 64  # profiles (and profile and scheme pairs, below) kept at most


def profile(name: str) -> RuleSet:
    """`load(name)`, asked once per process (a file's profile is read when first named, as `load` does)."""
    rules = _PROFILES.get(name)
    if rules is None:
        rules = load(name)
        if len(_PROFILES) >= PROFILES_KEPT:
            _PROFILES.clear()
        _PROFILES[name] = rules
    return rules


def build(request: HandRequest, rules: RuleSet | None = None) -> tuple[Hand, WinContext, RuleSet]:
    rules = rules or profile(request.rules)
    if request.scheme:
        rules = with_scheme(rules, request.scheme)
    if request.nuki < 0:
        raise SanmaError("--nuki cannot be negative")
    dora = parse_indicators(request.dora, "--dora")
    ura = parse_indicators(request.ura, "--ura")
    r = request
    context = context_of(r, _wind(r.seat, "--seat"), _wind(r.round, "--round"), tuple([t for t, _ in dora]),
                         tuple([t for t, _ in ura]))
    if r.double_riichi and r.ippatsu and (r.haitei or r.houtei):
        # A double riichi is declared on the first discard and ippatsu ends at the next one, while the
        # last tile comes after the 55 draws of the live wall (47 even after eight kans and norths).
        last = "--haitei" if r.haitei else "--houtei"
        raise IllegalHandError(f"--double-riichi with --ippatsu and {last}: ippatsu lasts one go-around from the "
                               f"riichi on the first discard, and the last tile comes dozens of draws later")
    if request.renhou and rules.hand.renhou == "none":
        # A log states the situation whatever the rules; a person asking for renhou expects it to count.
        raise IllegalHandError(f"--renhou: profile {rules.name!r} does not score renhou (hand.renhou: none), so it "
                               f"would change nothing; leave it out, or use a profile with hand.renhou: "
                               f"mangan or yakuman")
    hand = build_hand(request.hand, rules, context, win=request.win, indicators=dora + ura)
    return hand, context, rules


def winner_seat(context: WinContext) -> int:
    """Seats by wind: East (the dealer) 0, South 1, West 2."""
    return context.seat_wind - T.EAST


# rules.with_scheme's answers by (the profile, told by the very RuleSet object, as calc.table.scored
# keeps its payments, and the scheme): a batch line's `scheme` and --all-schemes ask for the same few
# copies of a profile on every hand.
_SCHEMED: Final[dict[tuple[int, str], tuple[RuleSet, RuleSet]]] = {}


def with_scheme(rules: RuleSet, scheme: str) -> RuleSet:
    key = (id(rules), scheme)
    entry = _SCHEMED.get(key)
    if entry is None or entry[0] is not rules:
        if len(_SCHEMED) >= PROFILES_KEPT:
            _SCHEMED.clear()
        entry = _SCHEMED[key] = (rules, rules.with_scheme(scheme))
    return entry[1]
