"""A hand scored and paid at a table: `sanma hand`, its --batch lines, `sanma waits` and `calc.score`.

A request (calc.scoring.request: the command's flags) is read into a hand and its context, the
evaluator values it, and the payment of a win at a table (calc.table.payment) pays it:
request -> build -> evaluate -> pay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from calc.core import tiles as T
from calc.core.rules import RuleSet
from calc.scoring.evaluate import Evaluation, evaluate
from calc.scoring.fu import describe
from calc.scoring.hand import Hand, WinContext
from calc.scoring.value import HandValue
from calc.scoring.request import PROFILES_KEPT, HandRequest, build, keywords, winner_seat, with_scheme
from calc.table import payment

if TYPE_CHECKING:
    from calc.scoring.result_items import FuLine, Payment, Yaku

_WINDS: Final = "ESW"  # seat and round winds, East first


class HandResult:
    """A hand scored and paid (`sanma hand`, `calc.score`). Each `--json` key is a read-only
    attribute, worked out from the scored hand when read (scoring many hands builds nothing nobody
    reads), and `to_dict()` is the `--json` object (calc/cli/hand_json.py writes the same object's
    text in one pass, for --batch). `points` is the value without honba and sticks, `total` what the
    payers pay (honba included), `sticks` what the winner takes from the table. Two results are equal
    when their `--json` objects are.

    Beside them, what the hand was scored from and to: the request, the profile (`ruleset`), the hand
    as read (`tiles`), the situation (`context`), the evaluation, and the payments of its situation
    (`paid`: the settlement `pay` shares among every hand of the same basic points (and han and fu,
    where the scheme reads them), winner, tsumo, honba and sticks; its facts may name another value
    of those basic points). `settlement` is this
    hand's own, its facts naming its value. A written class, as the scorer's values (one a hand;
    compiled, its `__init__` is not Python's); nothing writes to one."""

    request: HandRequest
    ruleset: RuleSet
    tiles: Hand
    context: WinContext
    evaluation: Evaluation
    paid: payment.Settlement

    def __init__(self, request: HandRequest, ruleset: RuleSet, tiles: Hand, context: WinContext,
                 evaluation: Evaluation, paid: payment.Settlement) -> None:
        self.request = request
        self.ruleset = ruleset
        self.tiles = tiles
        self.context = context
        self.evaluation = evaluation
        self.paid = paid

    @property
    def settlement(self) -> payment.Settlement:
        """The hand's settlement, its facts naming its own value (what --explain words)."""
        return valued(self.paid, self.evaluation.value)

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
        return self.paid.collected(self.winner).payments

    @property
    def points(self) -> int:
        return self.paid.collected(self.winner).points

    @property
    def total(self) -> int:
        return self.paid.collected(self.winner).total

    @property
    def sticks(self) -> int:
        return self.paid.collected(self.winner).sticks

    def to_dict(self) -> dict[str, Any]:
        """The `sanma hand --json` object of this hand (docs/json.md)."""
        return {
            "hand": self.hand, "rules": self.rules, "scheme": self.scheme, "seat": self.seat, "round": self.round,
            "dealer": self.dealer, "tsumo": self.tsumo, "han": self.han, "fu": self.fu, "limit": self.limit,
            "yakuman": self.yakuman, "yaku": [{"name": name, "han": han} for name, han in self._yaku_han()],
            "dora": self.dora, "aka": self.aka, "ura": self.ura, "nuki": self.nuki,
            "fu_breakdown": [{"reason": reason, "fu": fu} for reason, fu in describe(self.evaluation.fu_parts)],
            "basic_points": self.basic_points, **self.paid.collected(self.winner).to_dict(),
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


def score(request: HandRequest, rules: RuleSet | None = None) -> HandResult:
    hand, context, rules = build(request, rules)
    evaluation = evaluate(hand, context, rules)
    return HandResult(request, rules, hand, context, evaluation, situation_paid(evaluation.value, context, rules))


# payment.table_win's answers, per profile, by (basic points, winner's seat, tsumo, honba, sticks):
# a table win's payments depend on nothing else. Hands differ, their values repeat, and their basic
# points more so (the 1,552 real wins hold 246 distinct values but 83 distinct basic points); a
# settlement is frozen, so every hand of one situation shares one, and a hand's own settlement (its
# facts naming its value) is made only when asked for (`valued`). A key of five small ints: a value
# in the key (hashed by its fields for every hand) cost more than the look-up saved. The profile is
# told by the very RuleSet object (kept in the entry, so its id is never another's): load() hands
# out one per profile and request.with_scheme one per (profile, scheme), and hashing a profile's
# sections for every hand cost more than the payment. Bounded: cleared when full. A scheme whose
# conditions read the han or fu (calc.core.schemes.Condition: 3 han 60 fu and 4 han 30 fu have one
# b) is paid by those too, in a table of its own (`by_hand`), so that the others keep their key.
class _Paid(NamedTuple):
    rules: RuleSet
    by_situation: dict[tuple[int, int, bool, int, int], payment.Settlement]
    by_hand: dict[tuple[int, int, int, int, bool, int, int], payment.Settlement] | None


_PAID: Final[dict[int, _Paid]] = {}
_PAID_MAX: Final = 4096


def situation_paid(value: HandValue, context: WinContext, rules: RuleSet) -> payment.Settlement:
    """The payments of a win of `value` in its situation (the winner at their wind's seat:
    payment.table_win puts the dealer at 0), shared by every value of the same basic points (and
    han and fu, where the scheme reads them): its facts may name another such value (`valued` gives
    the hand's own)."""
    paid = _PAID.get(id(rules))
    if paid is None or paid.rules is not rules:
        if len(_PAID) >= PROFILES_KEPT:
            _PAID.clear()
        paid = _PAID[id(rules)] = _Paid(rules, {}, {} if rules.payment.scheme_def.reads_han_fu else None)
    winner = winner_seat(context)
    if paid.by_hand is not None:
        return _hand_paid(paid.by_hand, value, winner, context, rules)
    key = (value.basic, winner, context.tsumo, context.honba, context.sticks)
    settlement = paid.by_situation.get(key)
    if settlement is None:
        if len(paid.by_situation) >= _PAID_MAX:
            paid.by_situation.clear()
        settlement = paid.by_situation[key] = payment.table_win(
            value, winner=winner, tsumo=context.tsumo, honba=context.honba, sticks=context.sticks, rules=rules)
    return settlement


def _hand_paid(by_hand: dict[tuple[int, int, int, int, bool, int, int], payment.Settlement], value: HandValue,
               winner: int, context: WinContext, rules: RuleSet) -> payment.Settlement:
    """situation_paid under a scheme that reads the han and fu: by them too."""
    key = (value.basic, value.han, value.fu, winner, context.tsumo, context.honba, context.sticks)
    settlement = by_hand.get(key)
    if settlement is None:
        if len(by_hand) >= _PAID_MAX:
            by_hand.clear()
        settlement = by_hand[key] = payment.table_win(
            value, winner=winner, tsumo=context.tsumo, honba=context.honba, sticks=context.sticks, rules=rules)
    return settlement


def valued(paid: payment.Settlement, value: HandValue) -> payment.Settlement:
    """A situation's settlement (`situation_paid`) with its facts naming `value`."""
    fact = paid.facts[0]
    assert isinstance(fact, payment.PaidWin)
    return paid if fact.value is value or fact.value == value else payment.revalued(paid, value)


def pay(evaluation: Evaluation, context: WinContext, rules: RuleSet) -> payment.Settlement:
    """The hand's settlement at a table, its facts naming its value."""
    return valued(situation_paid(evaluation.value, context, rules), evaluation.value)


def pay_all_schemes(result: HandResult) -> dict[str, payment.Settlement]:
    """The same hand paid under every scheme of rules.md §4 (`--all-schemes`)."""
    return {scheme: pay(result.evaluation, result.context, with_scheme(result.ruleset, scheme))
            for scheme in result.ruleset.scheme_names()}


def score_call(hand: object, **situation: object) -> HandResult:
    """`calc.score`: the hand and its keywords as they came (request.keywords reads and checks them).
    Compiled, a call's keywords become this mapping in C; an interpreted function between the API
    and here cost a tenth of a hand's scoring."""
    request, ruleset = keywords(hand, situation)
    return score(request, ruleset)
