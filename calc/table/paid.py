"""A hand of a given value paid at a table, away from a match (`sanma pay`, `calc.pay`): the result,
its `--json` object (docs/json.md) and its explanation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from calc.core.output import stamp
from calc.core.rules import RuleSet
from calc.scoring.value import HandValue
from calc.table.explain import lines

if TYPE_CHECKING:
    from calc.scoring.result_items import Payment
from calc.table.payment import Settlement, asked_value, table_win


class PayResult(NamedTuple):
    """Who pays what for a hand of a given value (`sanma pay --json`). Each `--json` key is a
    read-only attribute and `to_dict()` is the object; `points` is the value without honba and
    sticks, `total` what the payers pay (honba included), `sticks` what the winner takes from the
    table. Beside them what it was worked out from: the profile (`ruleset`), the value, the
    settlement, the winner's seat (the dealer sits at 0) and the riichi sticks on the table."""

    ruleset: RuleSet
    value: HandValue
    settlement: Settlement
    winner: int
    dealer: bool
    tsumo: bool
    honba: int
    table_sticks: int

    @property
    def rules(self) -> str:
        """The profile's name."""
        return self.ruleset.name

    @property
    def scheme(self) -> str:
        return self.ruleset.payment.scheme

    @property
    def han(self) -> int:
        return self.value.han

    @property
    def fu(self) -> int:
        return self.value.fu

    @property
    def limit(self) -> str | None:
        """None, mangan, haneman, baiman, sanbaiman or yakuman."""
        return self.value.limit

    @property
    def yakuman(self) -> int:
        """0, or the yakuman multiple paid."""
        return self.value.yakuman

    @property
    def basic_points(self) -> int:
        return self.value.basic

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
        """The `sanma pay --json` object (docs/json.md)."""
        return {**stamp(), "rules": self.rules, "scheme": self.scheme, "han": self.han, "fu": self.fu,
                "limit": self.limit, "yakuman": self.yakuman, "basic_points": self.basic_points, "dealer": self.dealer,
                "tsumo": self.tsumo, "honba": self.honba, **self.settlement.collected(self.winner).to_dict()}

    def explain(self) -> tuple[str, ...]:
        """How the payment adds up, step by step (`sanma pay --explain`'s "How it adds up")."""
        return lines(self.settlement)

    def __repr__(self) -> str:
        return (f"PayResult(rules={self.rules!r}, scheme={self.scheme!r}, han={self.han}, fu={self.fu}, "
                f"limit={self.limit!r}, yakuman={self.yakuman}, dealer={self.dealer}, tsumo={self.tsumo}, "
                f"honba={self.honba}, points={self.points}, total={self.total}, sticks={self.sticks})")

    def under(self, scheme: str) -> PayResult:
        """The same hand paid under another scheme."""
        rules = self.ruleset.with_scheme(scheme)
        settlement = table_win(self.value, winner=self.winner, tsumo=self.tsumo, honba=self.honba,
                               sticks=self.table_sticks, rules=rules)
        return self._replace(ruleset=rules, settlement=settlement)


def pay(rules: RuleSet, *, han: int | None = None, fu: int | None = None, limit: str | None = None,
        yakuman: int | None = None, dealer: bool = False, tsumo: bool = False, honba: int = 0,
        sticks: int = 0) -> PayResult:
    """What a hand worth han and fu, a limit or a yakuman multiple pays (payment.asked_value checks
    it): the winner is the dealer, at seat 0, or South, at seat 1."""
    value = asked_value(rules, tsumo=tsumo, han=han, fu=fu, limit=limit, yakuman=yakuman)
    winner = 0 if dealer else 1
    settlement = table_win(value, winner=winner, tsumo=tsumo, honba=honba, sticks=sticks, rules=rules)
    return PayResult(rules, value, settlement, winner, dealer, tsumo, honba, sticks)


def all_schemes(paid: PayResult) -> dict[str, PayResult]:
    """The same hand under every scheme of its profile (`--all-schemes`), the profile's own among them."""
    return {name: paid if name == paid.scheme else paid.under(name) for name in paid.ruleset.scheme_names()}
