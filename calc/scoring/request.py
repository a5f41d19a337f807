"""One hand, as `sanma hand` and `--batch` describe it, scored and paid.

`HandRequest` holds exactly the command's flags (the batch keys are the same names), so the CLI and
the batch reader share one path: request -> build_hand -> evaluate -> payment.win.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, NamedTuple

from calc.table import payment
from calc.core import tiles as T
from calc.core.errors import IllegalHandError, SanmaError
from calc.scoring.evaluate import Evaluation, evaluate
from calc.scoring.hand import SITUATION_FLAGS, Hand, WinContext, build_hand, parse_indicators
from calc.core.rules import RuleSet, load


# The winner's seat when none is given (a non-dealer, the common case, as `sanma pay` assumes):
# `sanma hand`, its --batch lines and calc.score all read it here.
DEFAULT_SEAT = "S"


@dataclass
class HandRequest:
    """The flags of `sanma hand`; the situation flags are WinContext's own names.

    Not frozen, though nothing writes to it: it is the raw input of every hand scored, and a
    compiled frozen dataclass takes about 10 µs to build (22 fields), a plain one 1 µs."""

    hand: str
    win: str | None = None
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    seat: str = DEFAULT_SEAT
    round: str = "E"
    dora: str | None = None
    ura: str | None = None
    nuki: int = 0
    honba: int = 0
    sticks: int = 0
    rules: str = "standard"
    scheme: str | None = None

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
        return cls(**{**defaults, **data}) if defaults else cls(**data)


def check_types(data: Mapping[str, object], kinds: Mapping[str, str]) -> None:
    """Each value is of its key's kind, an annotation as written: "bool" (True or False, not 0 or 1),
    "int" (a bool is not one), "str", or one of these with " | None". A batch line and the keywords
    of `calc.score` / `calc.pay` are checked here; the message names the key."""
    for key, value in data.items():
        expected = kinds[key]
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
FIELD_KINDS = {
    "hand": "str", "win": "str | None",
    **{flag: "bool" for flag in SITUATION_FLAGS},
    "seat": "str", "round": "str", "dora": "str | None", "ura": "str | None",
    "nuki": "int", "honba": "int", "sticks": "int", "rules": "str", "scheme": "str | None",
}


# What each key takes, in words (a batch line or a record's win is written by a person).
_KIND = {
    "bool": "true or false", "int": "a whole number", "str": "text",
    "hand": "the hand in mpsz text, e.g. \"234p678s5z5z [999m]\"",
    "win": "one tile such as 5p (a tile needs its suit letter: m, p, s or z)",
    "dora": "indicator tiles such as 3p or 3p9m (a tile needs its suit letter: m, p, s or z)",
    "ura": "indicator tiles such as 3p or 3p9m (a tile needs its suit letter: m, p, s or z)",
    "seat": "a wind: E, S or W", "round": "a wind: E, S or W",
    "rules": "a profile name or file", "scheme": "a scheme name",
}


class HandResult(NamedTuple):
    request: HandRequest
    rules: RuleSet
    hand: Hand
    context: WinContext
    evaluation: Evaluation
    settlement: payment.Settlement

    @property
    def winner(self) -> int:
        return winner_seat(self.context)


def _wind(letter: str, what: str) -> int:
    wind = T.WIND_LETTERS.get(letter.upper()) if isinstance(letter, str) else None
    if wind is None or wind == T.NORTH:
        raise SanmaError(f"{what} must be E, S or W, got {letter!r}")
    return wind


def build(request: HandRequest, rules: RuleSet | None = None) -> tuple[Hand, WinContext, RuleSet]:
    rules = rules or load(request.rules)
    if request.scheme:
        rules = rules.with_scheme(request.scheme)
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


# payment.table_win's answers by (value, seat, tsumo, honba, sticks, the profile's payment and game
# sections: all a table win reads of the profile). Hands differ, their values repeat (a few hundred
# occur), and a settlement with its written lines is frozen; a profile's `with_scheme` copies share
# entries exactly when they pay alike. Bounded: cleared when full.
_PAID: dict[tuple, payment.Settlement] = {}
_PAID_MAX = 4096


def pay(evaluation: Evaluation, context: WinContext, rules: RuleSet) -> payment.Settlement:
    """The winner sits at their wind's seat (payment.table_win puts the dealer at 0)."""
    winner = winner_seat(context)
    key = (evaluation.value, winner, context.tsumo, context.honba, context.sticks, rules.payment, rules.game)
    settlement = _PAID.get(key)
    if settlement is None:
        if len(_PAID) >= _PAID_MAX:
            _PAID.clear()
        settlement = _PAID[key] = payment.table_win(evaluation.value, winner=winner, tsumo=context.tsumo,
                                                    honba=context.honba, sticks=context.sticks, rules=rules)
    return settlement


def pay_all_schemes(result: HandResult) -> dict[str, payment.Settlement]:
    """The same hand paid under every scheme of rules.md §4 (`--all-schemes`)."""
    return {scheme: pay(result.evaluation, result.context, result.rules.with_scheme(scheme))
            for scheme in result.rules.scheme_names()}
