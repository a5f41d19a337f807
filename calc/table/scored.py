"""A hand scored and paid at a table: `sanma hand`, its --batch lines, `sanma waits` and `calc.score`.

A request (calc.scoring.request: the command's flags) is read into a hand and its context, the
evaluator values it, and the payment of a win at a table (calc.table.payment) pays it:
request -> build -> evaluate -> pay.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from calc.core.rules import RuleSet
from calc.scoring.evaluate import Evaluation, evaluate
from calc.scoring.hand import Hand, WinContext
from calc.scoring.request import PROFILES_KEPT, HandRequest, build, winner_seat, with_scheme
from calc.table import payment


class HandResult:
    """A request scored and paid: what the CLI's text and JSON and `calc.score`'s result read. A
    written class, as the scorer's values (one a hand; compiled, its `__init__` is not Python's)."""

    request: HandRequest
    rules: RuleSet
    hand: Hand
    context: WinContext
    evaluation: Evaluation
    settlement: payment.Settlement

    def __init__(self, request: HandRequest, rules: RuleSet, hand: Hand, context: WinContext, evaluation: Evaluation,
                 settlement: payment.Settlement) -> None:
        self.request = request
        self.rules = rules
        self.hand = hand
        self.context = context
        self.evaluation = evaluation
        self.settlement = settlement

    @property
    def winner(self) -> int:
        return winner_seat(self.context)


def score(request: HandRequest, rules: RuleSet | None = None) -> HandResult:
    hand, context, rules = build(request, rules)
    evaluation = evaluate(hand, context, rules)
    settlement = pay(evaluation, context, rules)
    return HandResult(request, rules, hand, context, evaluation, settlement)


# payment.table_win's answers, per profile: by (value, seat, tsumo, honba, sticks), and by the same
# with the value's basic points in place of the value. Hands differ, their values repeat (a few
# hundred occur), and a settlement is frozen. The payments depend on the value's basic points alone
# (a few dozen occur): a value not seen yet whose basic points were paid before takes those payments
# and only words its own first line (payment.revalued). The profile is told by the very RuleSet
# object (kept in the entry, so its id is never another's): load() hands out one per profile and
# request.with_scheme one per (profile, scheme), and hashing a profile's sections for every hand cost
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
        if len(_PAID) >= PROFILES_KEPT:
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


def pay_all_schemes(result: HandResult) -> dict[str, payment.Settlement]:
    """The same hand paid under every scheme of rules.md §4 (`--all-schemes`)."""
    return {scheme: pay(result.evaluation, result.context, with_scheme(result.rules, scheme))
            for scheme in result.rules.scheme_names()}
