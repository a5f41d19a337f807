"""One hand, as `sanma hand` and `--batch` describe it, scored and paid.

`HandRequest` holds exactly the command's flags (the batch keys are the same names), so the CLI and
the batch reader share one path: request -> build_hand -> evaluate -> payment.win.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Final, Mapping, NamedTuple, cast

from calc.table import payment
from calc.core import tiles as T
from calc.core.errors import IllegalHandError, SanmaError
from calc.scoring.evaluate import Evaluation, evaluate
from calc.scoring.fu import describe
from calc.scoring.hand import SITUATION_FLAGS, Hand, WinContext, build_hand, parse_indicators
from calc.core.rules import RuleSet, load

if TYPE_CHECKING:
    from calc.scoring.result_items import FuLine, Payment, Yaku


# The winner's seat when none is given (a non-dealer, the common case, as `sanma pay` assumes):
# `sanma hand`, its --batch lines and calc.score all read it here.
DEFAULT_SEAT: Final = "S"


class HandRequest:
    """The flags of `sanma hand`; the situation flags are WinContext's own names.

    Nothing writes to one: it is the raw input of every hand scored, equal to another with the same
    flags; a changed copy is `._replace(...)`, its flags by name `._asdict()` (`FIELDS` in order), as a
    NamedTuple has them. A written class, not a dataclass: a dataclass has its methods generated at
    every start of the command, and compiled its generated `__init__` runs as Python, ten times slower
    than this one (measured: ~0.9 µs against 0.1 for four fields); the defaults are in `__init__`
    alone (`FIELD_DEFAULTS` reads them)."""

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
                 renhou: bool = False, seat: str = DEFAULT_SEAT, round: str = "E", dora: str | None = None,
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

    @staticmethod
    def of(hand: str, values: list[Any]) -> HandRequest:
        """A request from its hand and every other field's value, in order (`FIELD_DEFAULTS`'), checked
        by the caller: calc.score's keywords and a batch line are read into such a list."""
        v = values
        return HandRequest(
            hand, cast("str | None", v[0]), cast(bool, v[1]), cast(bool, v[2]), cast(bool, v[3]), cast(bool, v[4]),
            cast(bool, v[5]), cast(bool, v[6]), cast(bool, v[7]), cast(bool, v[8]), cast(bool, v[9]),
            cast(bool, v[10]), cast(bool, v[11]), cast(str, v[12]), cast(str, v[13]), cast("str | None", v[14]),
            cast("str | None", v[15]), cast(int, v[16]), cast(int, v[17]), cast(int, v[18]), cast(str, v[19]),
            cast("str | None", v[20]),
        )


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


# field name -> its annotation as written ("bool", "int", "str", "str | None"). Written out, not read
# from the class: once mypyc has compiled HandRequest its annotations no longer say "| None";
# tests/test_batch.py checks this table against the source's annotations.
FIELD_KINDS: Final = {
    "hand": "str", "win": "str | None",
    **{flag: "bool" for flag in SITUATION_FLAGS},
    "seat": "str", "round": "str", "dora": "str | None", "ura": "str | None",
    "nuki": "int", "honba": "int", "sticks": "int", "rules": "str", "scheme": "str | None",
}
_FIELD_KIND_ITEMS: Final = tuple(FIELD_KINDS.items())
_OTHER_KIND_ITEMS: Final = _FIELD_KIND_ITEMS[1:]  # every field's but the hand's
FIELDS: Final = tuple(FIELD_KINDS)  # HandRequest's fields, in order
# field name -> its default (every field but `hand`): what a batch line or calc.score leaves out
FIELD_DEFAULTS: Final = {name: getattr(HandRequest(""), name) for name in FIELDS if name != "hand"}
_DEFAULTS: Final = tuple(FIELD_DEFAULTS.values())
_PLACES: Final = {name: place for place, name in enumerate(FIELD_DEFAULTS)}  # a keyword's place among them
_SEAT: Final = _PLACES["seat"]
_RULES: Final = _PLACES["rules"]
_SCHEME: Final = _PLACES["scheme"]


# What each key takes, in words (a batch line or a record's win is written by a person).
_KIND: Final = {
    "bool": "true or false", "int": "a whole number", "str": "text",
    "hand": "the hand in mpsz text, e.g. \"234p678s5z5z [999m]\"",
    "win": "one tile such as 5p (a tile needs its suit letter: m, p, s or z)",
    "dora": "indicator tiles such as 3p or 3p9m (a tile needs its suit letter: m, p, s or z)",
    "ura": "indicator tiles such as 3p or 3p9m (a tile needs its suit letter: m, p, s or z)",
    "seat": "a wind: E, S or W", "round": "a wind: E, S or W",
    "rules": "a profile name or file", "scheme": "a scheme name",
}


_WINDS: Final = "ESW"  # seat and round winds, East first


class HandResult:
    """A hand scored and paid (`sanma hand`, `calc.score`). Each `--json` key is a read-only
    attribute, worked out from the scored hand when read (scoring many hands builds nothing nobody
    reads), and `to_dict()` is the `--json` object (calc/cli/hand_json.py writes the same object's
    text in one pass, for --batch). `points` is the value without honba and sticks, `total` what the
    payers pay (honba included), `sticks` what the winner takes from the table. Two results are equal
    when their `--json` objects are.

    Beside them, what the hand was scored from and to: the request, the profile (`ruleset`), the hand
    as read (`tiles`), the situation (`context`), the evaluation and the settlement. A written class,
    as the scorer's values (one a hand; compiled, its `__init__` is not Python's); nothing writes to
    one."""

    request: HandRequest
    ruleset: RuleSet
    tiles: Hand
    context: WinContext
    evaluation: Evaluation
    settlement: payment.Settlement

    def __init__(self, request: HandRequest, ruleset: RuleSet, tiles: Hand, context: WinContext,
                 evaluation: Evaluation, settlement: payment.Settlement) -> None:
        self.request = request
        self.ruleset = ruleset
        self.tiles = tiles
        self.context = context
        self.evaluation = evaluation
        self.settlement = settlement

    @property
    def winner(self) -> int:
        return winner_seat(self.context)

    @property
    def hand(self) -> str:
        """The hand in mpsz, the winning tile written last."""
        return self.tiles.text()

    @property
    def rules(self) -> str:
        """The profile's name."""
        return self.ruleset.name

    @property
    def scheme(self) -> str:
        return self.ruleset.payment.scheme

    @property
    def seat(self) -> str:
        """The winner's seat wind: E (the dealer), S or W."""
        return _WINDS[self.context.seat_wind - T.EAST]

    @property
    def round(self) -> str:
        """The round wind: E, S or W."""
        return _WINDS[self.context.round_wind - T.EAST]

    @property
    def dealer(self) -> bool:
        """The winner is the dealer (seat E)."""
        return self.context.dealer

    @property
    def tsumo(self) -> bool:
        return self.context.tsumo

    @property
    def han(self) -> int:
        """All han, dora included (13 per yakuman multiple)."""
        return self.evaluation.han

    @property
    def fu(self) -> int:
        return self.evaluation.fu

    @property
    def limit(self) -> str | None:
        """None, mangan, haneman, baiman, sanbaiman or yakuman."""
        return self.evaluation.value.limit

    @property
    def yakuman(self) -> int:
        """0, or the yakuman multiple paid."""
        return self.evaluation.value.yakuman

    def _yaku_han(self) -> list[tuple[str, int]]:
        """Each yaku and its han, a yakuman's 13 per multiple."""
        e = self.evaluation
        return [*e.yaku, *[(name, 13 * multiple) for name, multiple in e.yakuman]]

    @property
    def yaku(self) -> tuple[Yaku, ...]:
        from calc.scoring.result_items import Yaku

        return tuple([Yaku(name, han) for name, han in self._yaku_han()])

    @property
    def dora(self) -> int:
        return self.evaluation.dora

    @property
    def aka(self) -> int:
        return self.evaluation.aka

    @property
    def ura(self) -> int:
        return self.evaluation.ura

    @property
    def nuki(self) -> int:
        """Han from extracted norths, the north-as-dora bonus included."""
        return self.evaluation.nuki

    @property
    def fu_breakdown(self) -> tuple[FuLine, ...]:
        from calc.scoring.result_items import FuLine

        return tuple([FuLine(reason, fu) for reason, fu in describe(self.evaluation.fu_parts)])

    @property
    def basic_points(self) -> int:
        return self.evaluation.value.basic

    @property
    def payments(self) -> tuple[Payment, ...]:
        return self.settlement.collected(self.winner).payments

    @property
    def points(self) -> int:
        return self.settlement.collected(self.winner).points

    @property
    def total(self) -> int:
        return self.settlement.collected(self.winner).total

    @property
    def sticks(self) -> int:
        return self.settlement.collected(self.winner).sticks

    def to_dict(self) -> dict[str, Any]:
        """The `sanma hand --json` object of this hand (docs/json.md)."""
        return {
            "hand": self.hand, "rules": self.rules, "scheme": self.scheme, "seat": self.seat, "round": self.round,
            "dealer": self.dealer, "tsumo": self.tsumo, "han": self.han, "fu": self.fu, "limit": self.limit,
            "yakuman": self.yakuman, "yaku": [{"name": name, "han": han} for name, han in self._yaku_han()],
            "dora": self.dora, "aka": self.aka, "ura": self.ura, "nuki": self.nuki,
            "fu_breakdown": [{"reason": reason, "fu": fu} for reason, fu in describe(self.evaluation.fu_parts)],
            "basic_points": self.basic_points, **self.settlement.collected(self.winner).to_dict(),
        }

    def explain(self) -> tuple[str, ...]:
        """How the payment adds up, step by step (`sanma hand --explain`'s "How it adds up")."""
        from calc.table.explain import lines  # the words, on first use: scoring a hand needs none

        return lines(self.settlement)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandResult) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.hand, self.rules, self.scheme, self.han, self.fu, self.total, self.sticks))

    def __repr__(self) -> str:
        return (f"HandResult(hand={self.hand!r}, rules={self.rules!r}, scheme={self.scheme!r}, han={self.han}, "
                f"fu={self.fu}, limit={self.limit!r}, yakuman={self.yakuman}, points={self.points}, "
                f"total={self.total}, sticks={self.sticks})")


def _wind(letter: str, what: str) -> int:
    wind = T.WIND_LETTERS.get(letter.upper()) if isinstance(letter, str) else None
    if wind is None or wind == T.NORTH:
        raise SanmaError(f"{what} must be E, S or W, got {letter!r}")
    return wind


# Profiles by the name (or path) a request gives: resolved once per process, where `load` is a call
# into interpreted code and a look-up in its cache for every hand. Bounded: cleared when full.
_PROFILES: Final[dict[str, RuleSet]] = {}
_PROFILES_KEPT: Final = 64  # profiles (and profile and scheme pairs, below) kept at most


def profile(name: str) -> RuleSet:
    """`load(name)`, asked once per process (a file's profile is read when first named, as `load` does)."""
    rules = _PROFILES.get(name)
    if rules is None:
        rules = load(name)
        if len(_PROFILES) >= _PROFILES_KEPT:
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
    context = WinContext(  # positionally, in WinContext's order: SITUATION_FLAGS, then the rest
        r.tsumo, r.riichi, r.double_riichi, r.ippatsu, r.rinshan, r.chankan, r.haitei, r.houtei, r.tenhou, r.chiihou,
        r.renhou, _wind(r.seat, "--seat"), _wind(r.round, "--round"), tuple([t for t, _ in dora]),
        tuple([t for t, _ in ura]), r.nuki, r.honba, r.sticks,
    )
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


def score(request: HandRequest, rules: RuleSet | None = None) -> HandResult:
    hand, context, rules = build(request, rules)
    evaluation = evaluate(hand, context, rules)
    settlement = pay(evaluation, context, rules)
    return HandResult(request, rules, hand, context, evaluation, settlement)


def winner_seat(context: WinContext) -> int:
    """Seats by wind: East (the dealer) 0, South 1, West 2."""
    return context.seat_wind - T.EAST


# payment.table_win's answers, per profile: by (value, seat, tsumo, honba, sticks), and by the same
# with the value's basic points in place of the value. Hands differ, their values repeat (a few
# hundred occur), and a settlement is frozen. The payments depend on the value's basic points alone
# (a few dozen occur): a value not seen yet whose basic points were paid before takes those payments
# and only words its own first line (payment.revalued). The profile is told by the very RuleSet
# object (kept in the entry, so its id is never another's): load() hands out one per profile and
# `with_scheme` below one per (profile, scheme), and hashing a profile's sections for every hand cost
# more than the payment. Bounded: cleared when full.
class _Paid(NamedTuple):
    rules: RuleSet
    by_value: dict[tuple, payment.Settlement]
    by_basic: dict[tuple, payment.Settlement]  # never larger than by_value: each value adds one at most


_PAID: Final[dict[int, _Paid]] = {}
_PAID_MAX: Final = 4096


def pay(evaluation: Evaluation, context: WinContext, rules: RuleSet) -> payment.Settlement:
    """The winner sits at their wind's seat (payment.table_win puts the dealer at 0)."""
    paid = _PAID.get(id(rules))
    if paid is None or paid.rules is not rules:
        if len(_PAID) >= _PROFILES_KEPT:
            _PAID.clear()
        paid = _PAID[id(rules)] = _Paid(rules, {}, {})
    winner = winner_seat(context)
    value = evaluation.value
    key = (value, winner, context.tsumo, context.honba, context.sticks)
    settlement = paid.by_value.get(key)
    if settlement is None:
        if len(paid.by_value) >= _PAID_MAX:
            paid.by_value.clear()
            paid.by_basic.clear()
        same_basic = (value.basic, winner, context.tsumo, context.honba, context.sticks)
        known = paid.by_basic.get(same_basic)
        if known is None:
            settlement = paid.by_basic[same_basic] = payment.table_win(
                value, winner=winner, tsumo=context.tsumo, honba=context.honba, sticks=context.sticks, rules=rules)
        else:
            settlement = payment.revalued(known, value)
        paid.by_value[key] = settlement
    return settlement


# rules.with_scheme's answers by (the profile, as above, and the scheme): a batch line's `scheme`
# and --all-schemes ask for the same few copies of a profile on every hand.
_SCHEMED: Final[dict[tuple[int, str], tuple[RuleSet, RuleSet]]] = {}


def with_scheme(rules: RuleSet, scheme: str) -> RuleSet:
    key = (id(rules), scheme)
    entry = _SCHEMED.get(key)
    if entry is None or entry[0] is not rules:
        if len(_SCHEMED) >= _PROFILES_KEPT:
            _SCHEMED.clear()
        entry = _SCHEMED[key] = (rules, rules.with_scheme(scheme))
    return entry[1]


def pay_all_schemes(result: HandResult) -> dict[str, payment.Settlement]:
    """The same hand paid under every scheme of rules.md §4 (`--all-schemes`)."""
    return {scheme: pay(result.evaluation, result.context, with_scheme(result.ruleset, scheme))
            for scheme in result.ruleset.scheme_names()}
