"""Who pays what: the tsumo schemes, honba, riichi sticks, draws and pao (rules.md §4-5).

Every function is pure and returns a frozen `Settlement`: a per-seat delta vector, the change of the
riichi-stick pot, the transfers that make it up, and the facts they were worked out from (each
win's value, its scheme shares with every term and rounding worked out, the honba and sticks it
took; a draw's tenpai and noten seats). The arithmetic says nothing in words: calc/table/explain.py
writes the explanation from the facts. Seats are absolute (0..players-1). Whatever a function
returns, `sum(deltas) + pot_change == 0`.

`C(x)` rounds up to a multiple of 100 and `N(x)` rounds to the nearest 100, halves up (rules.md §3-4).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import floor
from typing import TYPE_CHECKING, NamedTuple

from calc.core.errors import SanmaError
from calc.core.rules import PaymentRules, RuleSet
from calc.core.schemes import YAKUMAN_HAN, Amount, Scheme, Term, amount_text, term_value
from calc.scoring.value import LIMITS, MAX_HAN, YAKUMAN, HandValue, hand_value, limit_value, max_yakuman, round_up_100

if TYPE_CHECKING:
    from calc.scoring.result_items import Payment

# Payment roles: a tsumo's payers pay as DEALER or NON_DEALER, a ron's as DISCARDER, a liable player
# (rules.md §5 pao) as PAO; NOTEN for draw payments, RIICHI for a deposit into the pot, STICKS for the
# pot paying its sticks out to a winner.
DISCARDER, DEALER, NON_DEALER, PAO = "discarder", "dealer", "non-dealer", "pao"
NOTEN, RIICHI, STICKS = "noten", "riichi", "sticks"

class PaymentError(SanmaError):
    """A payment question that cannot be asked: bad seats, negative honba, a rule the profile lacks."""


# NamedTuples and written classes, not dataclasses: a dataclass has its methods generated at every
# start of the command, and compiled its __init__ runs as Python (docs/benchmarks.md, start-up).
class Transfer:
    """Points moved from one seat to another. `payer`/`payee` None = the riichi-stick pot. `amount`
    includes `honba`; `role` says why the payer pays (DISCARDER, DEALER, ... above).

    A written class, frozen by convention: every payment worked out makes some, and compiled code
    builds one and reads its fields in place (a NamedTuple's generated `__new__` runs as Python, and
    its fields are read through Python's attribute protocol)."""

    payer: int | None
    role: str
    amount: int
    payee: int | None
    honba: int  # the part of `amount` that is honba (never split or rounded with the scheme)

    def __init__(self, payer: int | None, role: str, amount: int, payee: int | None = None, honba: int = 0) -> None:
        self.payer = payer
        self.role = role
        self.amount = amount
        self.payee = payee
        self.honba = honba

    def _key(self) -> tuple[int | None, str, int, int | None, int]:
        return (self.payer, self.role, self.amount, self.payee, self.honba)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Transfer) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Transfer(payer={self.payer!r}, role={self.role!r}, amount={self.amount!r}, payee={self.payee!r}, "
                f"honba={self.honba!r})")


class Shares(NamedTuple):
    """What a win costs each payer under a scheme, before honba (rules.md §4).

    Non-dealer winner: `ron`, and on a tsumo `tsumo_dealer` from the dealer and `tsumo_child` from the
    other non-dealer(s). Dealer winner: `ron`, and `tsumo_child` from each non-dealer (`tsumo_dealer` 0).
    `amounts`: every term and part of the scheme's side as worked out for b (before the term's own
    rounding, after it), by the term's id (the terms are `scheme`'s own, which this value keeps).
    """

    scheme: Scheme
    dealer_wins: bool
    basic: int
    ron: int
    tsumo_child: int
    tsumo_dealer: int
    amounts: dict[int, tuple[Amount, Amount]]


# How a double ron's or a nagashi mangan's wins are told apart in the facts (PaidWin.heading).
FIRST, NEXT, NAGASHI = "first", "next", "nagashi"


class PaidWin:
    """The facts of one win's payment: its value, the winner and who dealt in (None: a tsumo); where
    pao applied, the liable seat and the shares of the part they answer for (`pao`, of b =
    `pao.basic`); the shares of the rest (`rest`, None when the liable player answers for all); the
    honba taken (`honba` of `per_honba` points, each payer on a tsumo) and the riichi sticks taken
    (`sticks` of `per_stick` points). `heading`: FIRST or NEXT winner of a double ron, NAGASHI, or "".

    A written class (compiled, one is made for every win paid); frozen by convention."""

    value: HandValue
    winner: int
    discarder: int | None
    liable: int | None
    pao: Shares | None
    rest: Shares | None
    honba: int
    per_honba: int
    sticks: int
    per_stick: int
    heading: str

    def __init__(self, value: HandValue, winner: int, discarder: int | None, liable: int | None, pao: Shares | None,
                 rest: Shares | None, honba: int, per_honba: int, sticks: int, per_stick: int,
                 heading: str = "") -> None:
        self.value = value
        self.winner = winner
        self.discarder = discarder
        self.liable = liable
        self.pao = pao
        self.rest = rest
        self.honba = honba
        self.per_honba = per_honba
        self.sticks = sticks
        self.per_stick = per_stick
        self.heading = heading

    def _key(self) -> tuple:
        return (self.value, self.winner, self.discarder, self.liable, self.pao, self.rest, self.honba, self.per_honba,
                self.sticks, self.per_stick, self.heading)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PaidWin) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.value, self.winner, self.discarder, self.honba, self.sticks, self.heading))

    def __repr__(self) -> str:
        return (f"PaidWin(value={self.value!r}, winner={self.winner}, discarder={self.discarder}, "
                f"liable={self.liable}, honba={self.honba}, sticks={self.sticks}, heading={self.heading!r})")

    def with_value(self, value: HandValue) -> PaidWin:
        return PaidWin(value, self.winner, self.discarder, self.liable, self.pao, self.rest, self.honba,
                       self.per_honba, self.sticks, self.per_stick, self.heading)

    def headed(self, heading: str) -> PaidWin:
        return PaidWin(self.value, self.winner, self.discarder, self.liable, self.pao, self.rest, self.honba,
                       self.per_honba, self.sticks, self.per_stick, heading)


class NotenPaid:
    """The facts of an exhaustive draw's noten payments: the tenpai and noten seats, the pool. A
    written class, as PaidWin (a NamedTuple's class costs `sanma hand` start-up); frozen by convention."""

    tenpai: tuple[int, ...]
    noten: tuple[int, ...]
    pool: int

    def __init__(self, tenpai: tuple[int, ...], noten: tuple[int, ...], pool: int) -> None:
        self.tenpai = tenpai
        self.noten = noten
        self.pool = pool

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NotenPaid) and (self.tenpai, self.noten, self.pool) == (other.tenpai, other.noten,
                                                                                         other.pool)

    def __hash__(self) -> int:
        return hash((self.tenpai, self.noten, self.pool))

    def __repr__(self) -> str:
        return f"NotenPaid(tenpai={self.tenpai!r}, noten={self.noten!r}, pool={self.pool!r})"


class ChomboPaid:
    """The facts of a chombo's cost (calc/table/penalty.py): the offender's seat, and the scheme the
    mangan tsumo was paid in reverse under, or None when it costs `final_points` at the tally."""

    seat: int
    scheme: str | None
    final_points: int

    def __init__(self, seat: int, scheme: str | None, final_points: int) -> None:
        self.seat = seat
        self.scheme = scheme
        self.final_points = final_points

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ChomboPaid) and (self.seat, self.scheme, self.final_points) == (
            other.seat, other.scheme, other.final_points)

    def __hash__(self) -> int:
        return hash((self.seat, self.scheme, self.final_points))

    def __repr__(self) -> str:
        return f"ChomboPaid(seat={self.seat!r}, scheme={self.scheme!r}, final_points={self.final_points!r})"


class Settlement:
    """A hand's payments, checked as it is made; frozen by convention (nothing writes to one), equal
    and hashed by its four fields."""

    deltas: tuple[int, ...]  # per absolute seat, len == rules.game.players
    pot_change: int  # change of the riichi-stick pot in points (-2000 when a winner takes 2 sticks)
    facts: tuple  # what it was worked out from (PaidWin, NotenPaid, ChomboPaid), for calc/table/explain.py
    payments: tuple[Transfer, ...]  # who pays what, honba included, stick transfers as pot payments

    def __init__(self, deltas: tuple[int, ...], pot_change: int, facts: tuple, payments: tuple[Transfer, ...]) -> None:
        # rules.md §5: payments only move points between seats and the stick pot.
        if sum(deltas) + pot_change != 0:
            raise AssertionError(f"settlement does not sum to zero: {deltas} pot {pot_change:+}")
        if payments and _net(len(deltas), payments) != (deltas, pot_change):
            raise AssertionError(f"payments {payments} do not make deltas {deltas}")
        self.deltas = deltas
        self.pot_change = pot_change
        self.facts = facts
        self.payments = payments

    def _key(self) -> tuple:
        return (self.deltas, self.pot_change, self.facts, self.payments)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Settlement) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Settlement(deltas={self.deltas!r}, pot_change={self.pot_change!r}, facts={self.facts!r}, "
                f"payments={self.payments!r})")

    def winner_share(self, winner: int) -> tuple[tuple[int, ...], int]:
        """One winner's part of a settlement (a double ron has two): the deltas of the payments
        made to them, and the hand's value without honba and sticks."""
        deltas = [0] * len(self.deltas)
        points = 0
        for p in self.payments:
            if p.payee != winner:
                continue
            deltas[winner] += p.amount
            if p.payer is not None:
                deltas[p.payer] -= p.amount
            if p.role != STICKS:
                points += p.amount - p.honba
        return tuple(deltas), points

    def received(self, seat: int) -> int:
        """What `seat` collects (its positive delta), for a winner's total."""
        return sum(p.amount for p in self.payments if p.payee == seat)

    def collected(self, winner: int) -> Collected:
        """What `winner` is paid, as a hand's result says it: each payment, points, total, sticks."""
        paid: list[tuple[str, int]] = []
        total = honba = sticks = 0
        for p in self.payments:
            if p.payee == winner:
                if p.role == STICKS:
                    sticks += p.amount
                else:
                    paid.append((p.role, p.amount))
                    total += p.amount
                    honba += p.honba
        return Collected(tuple(paid), total - honba, total, sticks)


class Collected:
    """What a winner is paid (`sanma hand` and `sanma pay`): each payer's role and payment, honba
    included (`paid`); the hand's value without honba (`points`); what the payers pay (`total`, honba
    included); the riichi sticks taken from the table (`sticks`, in points). A written class, as PaidWin."""

    paid: tuple[tuple[str, int], ...]
    points: int
    total: int
    sticks: int

    def __init__(self, paid: tuple[tuple[str, int], ...], points: int, total: int, sticks: int) -> None:
        self.paid = paid
        self.points = points
        self.total = total
        self.sticks = sticks

    @property
    def payments(self) -> tuple[Payment, ...]:
        """Each payment as the results list it."""
        from calc.scoring.result_items import Payment

        return tuple([Payment(role, amount) for role, amount in self.paid])

    def to_dict(self) -> dict:
        """The `payments`, `points`, `total` and `sticks` keys of `sanma hand` and `sanma pay --json`."""
        return {"payments": [{"payer": role, "amount": amount} for role, amount in self.paid], "points": self.points,
                "total": self.total, "sticks": self.sticks}


def no_change(players: int) -> Settlement:
    return Settlement((0,) * players, 0, (), ())


def combine(*parts: Settlement) -> Settlement:
    """Several settlements of one hand as one (double ron, two nagashi)."""
    players = len(parts[0].deltas)
    return Settlement(
        tuple(sum(p.deltas[seat] for p in parts) for seat in range(players)),
        sum(p.pot_change for p in parts),
        tuple(fact for p in parts for fact in p.facts),
        tuple(pay for p in parts for pay in p.payments),
    )


def _net(players: int, payments: list[Transfer] | tuple[Transfer, ...]) -> tuple[tuple[int, ...], int]:
    """(per-seat deltas, pot change) that a list of transfers adds up to; None is the stick pot."""
    deltas = [0] * players
    pot = 0
    for p in payments:
        if p.payer is None:
            pot -= p.amount
        else:
            deltas[p.payer] -= p.amount
        if p.payee is None:
            pot += p.amount
        else:
            deltas[p.payee] += p.amount
    return tuple(deltas), pot


def _settle(players: int, payments: list[Transfer], facts: tuple) -> Settlement:
    deltas, pot = _net(players, payments)
    return Settlement(deltas, pot, facts, tuple(payments))


# ---------------------------------------------------------------- rounding


def nearest_100(x: Fraction | int) -> int:
    """N(x): round to the nearest multiple of 100, halves up (rules.md §4)."""
    return floor(Fraction(x) / 100 + Fraction(1, 2)) * 100


def _c(x: Fraction | int) -> int:
    return round_up_100(float(x))  # exact: a half of a whole number of points


# ---------------------------------------------------------------- value and scheme


# rules.md §3, fu: the fu a hand can score. Past 110 fu only three kans take a hand (3 × 32 fu for
# closed kans of terminals or honours): with a closed ron (10), a double wind pair (4) and a kanchan or
# tanki wait (2), 20 + 10 + 96 + 4 + 2 = 132, 140 fu; by tsumo (2, and no closed ron) at most 130.
# Three kans are sankantsu, and with sanankou or toitoi beside it such a hand has 4 han at least.
FU_VALUES = (20, 25, *range(30, 150, 10))
MOST_FU_TSUMO = 130
FEWEST_HAN_PAST_110_FU = 4


def check_han_fu(han: int, fu: int, *, tsumo: bool) -> None:
    """Reject a han/fu pair no hand can have (rules.md §3): 20 fu is pinfu tsumo only (menzen tsumo
    + pinfu, 2 han or more), 25 fu is seven pairs (2 han, 3 on a tsumo), past 110 fu three kans."""
    if han < 1:
        raise PaymentError(f"a winning hand has at least 1 han, got {han}", key="han")
    if fu not in FU_VALUES:
        raise PaymentError(f"fu must be 20, 25 or a multiple of 10 from 30 to {FU_VALUES[-1]}, got {fu}", key="fu")
    if fu == 20 and not tsumo:
        raise PaymentError("20 fu is pinfu tsumo only; a ron hand has at least 30 fu (seven pairs 25)", key="fu")
    if fu == 20 and han < 2:
        raise PaymentError("20 fu needs at least 2 han (pinfu + menzen tsumo)", key="fu")
    if fu == 25 and han < 2:
        raise PaymentError("25 fu is seven pairs, at least 2 han", key="fu")
    if fu == 25 and tsumo and han < 3:
        raise PaymentError("25 fu on a tsumo is seven pairs + menzen tsumo, at least 3 han", key="fu")
    if fu > MOST_FU_TSUMO and tsumo:
        raise PaymentError(f"{fu} fu by tsumo: a tsumo scores at most {MOST_FU_TSUMO} fu (three closed kans of "
                           f"terminals or honours, no closed-ron fu)", key="fu")
    if fu > 110 and han < FEWEST_HAN_PAST_110_FU:
        raise PaymentError(f"{fu} fu with {han} han: past 110 fu a hand has three kans, so sankantsu and sanankou "
                           f"or toitoi, {FEWEST_HAN_PAST_110_FU} han at least", key="han")


def asked_value(
    rules: RuleSet,
    *,
    tsumo: bool,
    han: int | None = None,
    fu: int | None = None,
    limit: str | None = None,
    yakuman: int | None = None,
) -> HandValue:
    """What a hand is worth as a person states it: han and fu, a limit, or a yakuman multiple (alone
    or with the limit yakuman). The one check of `sanma pay`, `calc.pay` and a record's win by value
    (`keep` and `serve` write records); each error names the key it is about (`in_keys` words it for
    a record)."""
    if limit is not None and (han is not None or fu is not None):
        raise PaymentError("give --han/--fu or --limit, not both", key="limit")
    if yakuman is not None and (han is not None or fu is not None):
        raise PaymentError("give --han/--fu or --yakuman, not both", key="yakuman")
    if limit is not None:
        if limit not in LIMITS:
            raise PaymentError(f"unknown limit {limit!r}; valid: {', '.join(LIMITS)}", key="limit")
        if limit != YAKUMAN:
            if yakuman is not None:
                raise PaymentError("--yakuman (the multiple) goes with --limit yakuman", key="yakuman")
            return limit_value(limit, rules.hand)
        return yakuman_value(1 if yakuman is None else yakuman, rules)
    if yakuman is not None:
        return yakuman_value(yakuman, rules)
    if han is None:
        if fu is None:
            raise PaymentError("say what the hand is worth: --han H --fu F, --limit NAME or --yakuman N")
        raise PaymentError("--fu needs --han", key="fu")
    return han_fu_value(han, fu, tsumo=tsumo, rules=rules)


def yakuman_value(multiple: int, rules: RuleSet) -> HandValue:
    """A yakuman given by its multiple, as the profile allows multiples (double or stacked)."""
    if multiple < 1:
        raise PaymentError(f"a yakuman multiple is 1 or more, got {multiple}", key="yakuman")
    if multiple > max_yakuman(rules.hand):
        raise PaymentError(f"yakuman ×{multiple}: under profile {rules.name!r} one hand is paid at most "
                           f"×{max_yakuman(rules.hand)} (hand.double_yakuman, hand.stacked_yakuman)", key="yakuman")
    return limit_value(YAKUMAN, rules.hand, yakuman=multiple)


def han_fu_value(han: int, fu: int | None, *, tsumo: bool, rules: RuleSet) -> HandValue:
    """A hand given by han and fu; from 5 han the fu may be left out (rules.md §3)."""
    if han > MAX_HAN:
        raise PaymentError(f"{han} han: no hand counts more than {MAX_HAN} (yaku, dora, ura, red fives and "
                           f"norths together)", key="han")
    if han >= 5:
        # rules.md, basic points and limits: from 5 han the han alone make the limit; a fu given
        # would be ignored, and an option that changes nothing is refused
        if fu is not None:
            raise PaymentError(f"{han} han is {hand_value(han, 0, rules.hand).limit} whatever the fu: --fu changes "
                               f"nothing at 5 han or more; leave it out", key="fu")
        return hand_value(han, 0, rules.hand)
    if fu is None:
        raise PaymentError(f"{han} han needs a fu value (below 5 han the fu decide the value)", key="han")
    check_han_fu(han, fu, tsumo=tsumo)
    return hand_value(han, fu, rules.hand)


def shares(basic: int, han: int, fu: int, *, dealer_wins: bool, rules: PaymentRules) -> Shares:
    """The scheme's amounts for a hand of basic points `b`, han and fu (rules.md §4), read from its
    definition (calc.core.schemes), every term and part of each share kept as worked out. Most
    schemes read b alone: for them the han and fu are left out of the cache's key, which a few
    hundred (b, dealer, scheme) cases fill."""
    if not rules.scheme_def.reads_han_fu:
        han = fu = 0
    return _shares(basic, han, fu, dealer_wins, rules)


@lru_cache(maxsize=4096)
def _shares(basic: int, han: int, fu: int, dealer_wins: bool, rules: PaymentRules) -> Shares:
    scheme = rules.scheme_def
    side = scheme.side(dealer_wins)
    values: dict[str, Amount] = {}
    amounts: dict[int, tuple[Amount, Amount]] = {}  # every term's and part's, as worked out (term_value)
    for name, term in side.shares:
        values[name] = term_value(term, values, basic, han, fu, scheme, amounts)[1]
    for name, v in values.items():
        if name != "north" and (v.denominator != 1 or v < 0):
            raise PaymentError(f"scheme {scheme.name!r}: {name} comes to {amount_text(v)} for b = {basic}, "
                               "not a whole number of points, 0 or more")
    return Shares(scheme, dealer_wins, basic, int(values["ron"]), int(values["non_dealer"]),
                  int(values.get("dealer", 0)), amounts)


# ---------------------------------------------------------------- wins


def _check_seats(players: int, **seats: int | None) -> None:
    for name, seat in seats.items():
        if seat is not None and not 0 <= seat < players:
            raise PaymentError(f"{name} seat {seat} is not a seat of a {players}-player table (0..{players - 1})")


# A honba counter past this is a typo: each honba is one more hand without a non-dealer win, and no
# match comes near a hundred hands.
MAX_HONBA = 100


def _check_counts(honba: int, sticks: int, rules: RuleSet) -> None:
    if honba < 0:
        raise PaymentError(f"honba must be 0 or more, got {honba}")
    if honba > MAX_HONBA:
        raise PaymentError(f"honba {honba}: a table never gets past {MAX_HONBA} honba (one per hand played "
                           f"without a non-dealer win)")
    if sticks < 0:
        raise PaymentError(f"riichi sticks must be 0 or more, got {sticks}")
    most = rules.match.start * rules.game.players // rules.payment.riichi_stick
    if sticks > most:
        raise PaymentError(f"{sticks} riichi sticks: the table's {rules.match.start * rules.game.players} points "
                           f"make at most {most} sticks of {rules.payment.riichi_stick}")


def win(
    value: HandValue,
    *,
    winner: int,
    dealer: int,
    discarder: int | None,
    honba: int,
    sticks: int,
    rules: RuleSet,
    liable: int | None = None,
    takes_honba: bool = True,
    takes_sticks: bool = True,
    liable_yakuman: int | None = None,
) -> Settlement:
    """One win: ron when `discarder` is a seat, tsumo when it is None (rules.md §4-5).

    `liable` is the pao player (daisangen / daisuushii). For the yakuman they answer for (all of the
    hand, or `liable_yakuman` of its multiples when double yakuman count): on a ron they and the
    discarder split it, on a tsumo they pay it all as if they had dealt in; honba are paid once, by
    the liable player on a tsumo and per `payment.pao_ron_honba` on a ron. The rest of a multiple
    yakuman is paid as usual.
    """
    players = rules.game.players
    pay = rules.payment
    _check_seats(players, winner=winner, dealer=dealer, discarder=discarder, liable=liable)
    _check_counts(honba, sticks, rules)
    if discarder == winner:
        raise PaymentError("the discarder cannot be the winner (a tsumo has no discarder)")
    if liable == winner:
        raise PaymentError("the winner cannot be liable for their own hand")
    if liable_yakuman is not None and liable_yakuman < 1:
        raise PaymentError(f"liable_yakuman must be 1 or more, got {liable_yakuman}")
    if liable is not None and (not pay.pao or value.limit != YAKUMAN):
        liable = None  # pao only touches yakuman, and only where the profile plays it
    if liable is not None and liable == discarder:
        liable = None  # the liable player dealt in: an ordinary ron
    dealer_wins = winner == dealer
    payments: list[Transfer] = []
    paid_honba = honba if takes_honba else 0
    # honba are paid once: with the liable player's part where there is one, else with the rest
    per_honba = pay.honba_ron if discarder is not None or liable is not None else pay.honba_tsumo

    pao_basic = pao_han = multiple = 0
    if liable is not None:
        multiple = value.yakuman if liable_yakuman is None else min(liable_yakuman, value.yakuman)
        pao_basic = value.basic * multiple // value.yakuman
        pao_han = value.han if multiple == value.yakuman else YAKUMAN_HAN * multiple
    rest_basic = value.basic - pao_basic
    # each part is paid as a hand of its own: a part of a multiple yakuman counts 13 han a multiple
    pao = shares(pao_basic, pao_han, value.fu, dealer_wins=dealer_wins, rules=pay) if pao_basic else None
    if pao is not None:
        honba_part = paid_honba * per_honba
        if discarder is None:  # a tsumo: the liable player pays it all, as if they had dealt in
            payments.append(Transfer(liable, PAO, pao.ron + honba_part, winner, honba_part))
        else:  # a ron: the liable player and the discarder split it
            half = _c(Fraction(pao.ron, 2))
            liable_honba = honba_part if pay.pao_ron_honba == "liable" else 0
            payments.append(Transfer(liable, PAO, half + liable_honba, winner, liable_honba))
            payments.append(Transfer(discarder, DISCARDER, pao.ron - half + honba_part - liable_honba, winner,
                                     honba_part - liable_honba))

    rest_han = value.han if not pao_basic else YAKUMAN_HAN * (value.yakuman - multiple)
    rest = shares(rest_basic, rest_han, value.fu, dealer_wins=dealer_wins, rules=pay) if rest_basic else None
    if rest is not None:
        honba_part = 0 if pao is not None else paid_honba * per_honba
        if discarder is not None:
            payments.append(Transfer(discarder, DISCARDER, rest.ron + honba_part, winner, honba_part))
        else:
            for seat in _turn_order(winner, players):
                role, amount = (DEALER, rest.tsumo_dealer) if seat == dealer else (NON_DEALER, rest.tsumo_child)
                payments.append(Transfer(seat, role, amount + honba_part, winner, honba_part))

    taken = sticks if takes_sticks else 0
    if taken:
        payments.append(Transfer(None, STICKS, taken * pay.riichi_stick, winner))
    facts = (PaidWin(value, winner, discarder, liable, pao, rest, paid_honba, per_honba, taken, pay.riichi_stick),)
    return _settle(players, payments, facts)


def table_win(value: HandValue, *, winner: int, tsumo: bool, honba: int, sticks: int, rules: RuleSet) -> Settlement:
    """A win asked about away from a match (`sanma hand`, `sanma pay`): the dealer sits at seat 0
    and a ron's discarder is the seat after the winner."""
    discarder = None if tsumo else (winner + 1) % rules.game.players
    return win(value, winner=winner, dealer=0, discarder=discarder, honba=honba, sticks=sticks, rules=rules)


def revalued(settlement: Settlement, value: HandValue) -> Settlement:
    """A table win's settlement (`table_win`, `win` without pao) for another value of the same basic
    points (and han and fu, where the scheme reads them): its payments depend on nothing else."""
    paid = settlement.facts[0]
    assert isinstance(paid, PaidWin)
    return Settlement(settlement.deltas, settlement.pot_change, (paid.with_value(value),), settlement.payments)


def _headed(part: Settlement, heading: str) -> Settlement:
    """One win of several in a hand (a double ron, two nagashi mangan), its facts saying which."""
    paid = part.facts[0]
    assert isinstance(paid, PaidWin)
    return Settlement(part.deltas, part.pot_change, (paid.headed(heading),), part.payments)


def _turn_order(after: int, players: int) -> list[int]:
    """The other seats in turn order after `after`."""
    return [(after + k) % players for k in range(1, players)]


def double_ron(
    wins: list[tuple[int, HandValue]],
    *,
    discarder: int,
    dealer: int,
    honba: int,
    sticks: int,
    rules: RuleSet,
    liable: dict[int, int] | None = None,
    liable_yakuman: dict[int, int] | None = None,
) -> Settlement:
    """Several rons on one discard (rules.md §5): the winner first in turn after the discarder takes
    the sticks; honba go to that winner only, or to each (`payment.double_ron_honba: both`).

    `liable` maps a winner's seat to the seat liable for their hand (pao), `liable_yakuman` to the
    multiples that player answers for (as `win`'s; default the whole hand).
    """
    players = rules.game.players
    if not wins:
        raise PaymentError("a ron needs at least one winner")
    seats = [seat for seat, _ in wins]
    if len(set(seats)) != len(seats):
        raise PaymentError(f"a seat can win only once on a discard: {seats}")
    if discarder in seats:
        raise PaymentError("the discarder cannot be one of the winners")
    _check_seats(players, discarder=discarder)
    order = {seat: k for k, seat in enumerate(_turn_order(discarder, players))}
    ordered = sorted(wins, key=lambda w: order.get(w[0], players))
    parts = []
    for k, (seat, value) in enumerate(ordered):
        first = k == 0
        part = win(
            value, winner=seat, dealer=dealer, discarder=discarder, honba=honba, sticks=sticks, rules=rules,
            liable=(liable or {}).get(seat), liable_yakuman=(liable_yakuman or {}).get(seat),
            takes_honba=first or rules.payment.double_ron_honba == "both",
            takes_sticks=first,
        )
        parts.append(_headed(part, FIRST if first else NEXT))
    return combine(*parts)


# ---------------------------------------------------------------- draws and deposits


def exhaustive_draw(tenpai: set[int] | frozenset[int], *, rules: RuleSet) -> Settlement:
    """Noten payments from a fixed pool (rules.md §5): the noten players pay it, the tenpai players
    share it; nothing when nobody or everybody is tenpai."""
    players = rules.game.players
    pool = rules.payment.noten_pool
    seats = sorted(tenpai)
    _check_seats(players, **{f"tenpai[{k}]": s for k, s in enumerate(seats)})
    noten = [s for s in range(players) if s not in tenpai]
    if not seats or not noten:
        return Settlement((0,) * players, 0, (NotenPaid(tuple(seats), tuple(noten), pool),), ())
    per_pair = Fraction(pool, len(seats) * len(noten))
    if per_pair.denominator != 1:
        raise PaymentError(f"a noten pool of {pool} cannot be split among {len(seats)} tenpai and {len(noten)} noten players")
    amount = int(per_pair)
    payments = [Transfer(n, NOTEN, amount, t) for n in noten for t in seats]
    return _settle(players, payments, (NotenPaid(tuple(seats), tuple(noten), pool),))


def nagashi_mangan(players: list[int], *, dealer: int, rules: RuleSet) -> Settlement:
    """Each seat in `players` is paid a mangan tsumo under the profile's scheme; no honba, and the
    sticks stay on the table (rules.md §5)."""
    if not rules.payment.nagashi_mangan:
        raise PaymentError(f"profile {rules.name!r} does not play nagashi mangan")
    if not players:
        raise PaymentError("nagashi mangan needs at least one player")
    mangan = limit_value("mangan", rules.hand)
    parts = []
    for seat in players:
        part = win(mangan, winner=seat, dealer=dealer, discarder=None, honba=0, sticks=0, rules=rules)
        parts.append(_headed(part, NAGASHI))
    return combine(*parts)


def riichi_deposit(seat: int, *, rules: RuleSet) -> Settlement:
    """A riichi declaration puts one stick on the table (rules.md §5)."""
    players = rules.game.players
    _check_seats(players, riichi=seat)
    stick = rules.payment.riichi_stick
    return _settle(players, [Transfer(seat, RIICHI, stick, None)], ())  # the transfer says it all
