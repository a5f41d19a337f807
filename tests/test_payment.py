"""Payments under every scheme (rules.md §4-5): the yakuman table and worked examples cell by cell,
rounding variants, honba, sticks, draws, double ron, pao, and every real Tenhou win."""

from __future__ import annotations

import collections
import itertools
from fractions import Fraction
from math import ceil, floor

import pytest

from calc.table import payment as P
from calc.core import rules as R
from calc.core.rules import SCHEMES
from calc.scoring.value import hand_value, limit_value

STANDARD = R.load("standard")
TENHOU = R.load("tenhou")
DEALER, ND, CHILD = 0, 1, 2  # seats: the dealer at 0, a non-dealer winner at 1, the other non-dealer at 2


def with_payment(rules: R.RuleSet, **changes) -> R.RuleSet:
    return rules._replace(payment=rules.payment._replace(**changes))


def tsumo(value, *, winner, rules, honba=0, sticks=0):
    return P.win(value, winner=winner, dealer=DEALER, discarder=None, honba=honba, sticks=sticks, rules=rules)


def ron(value, *, winner, discarder, rules, honba=0, sticks=0):
    return P.win(value, winner=winner, dealer=DEALER, discarder=discarder, honba=honba, sticks=sticks, rules=rules)


def assert_zero_sum(s: P.Settlement) -> None:
    assert sum(s.deltas) + s.pot_change == 0


# ---------------------------------------------------------------- rules.md §4 yakuman table

# scheme: (D tsumo each, ND tsumo child, ND tsumo dealer, ND ron, D ron)
YAKUMAN_TABLE = {
    "tsumo-loss": (16000, 8000, 16000, 32000, 48000),
    "add-1000": (17000, 9000, 17000, 32000, 48000),
    "maru-dori": (24000, 10700, 21300, 32000, 48000),
    "north-split": (24000, 12000, 20000, 32000, 48000),
    "equal-split": (24000, 16000, 16000, 32000, 48000),
    "triple-dealer": (24000, 8000, 24000, 32000, 48000),
    "double-take": (48000, 32000, 32000, 32000, 48000),
    "ron-adjust": (16000, 8000, 16000, 24000, 32000),
}


@pytest.mark.parametrize("scheme", SCHEMES)
def test_yakuman_table(scheme):
    rules = STANDARD.with_scheme(scheme)
    yakuman = limit_value("yakuman", rules.hand)
    each, child, dealer, nd_ron, d_ron = YAKUMAN_TABLE[scheme]

    d_tsumo = tsumo(yakuman, winner=DEALER, rules=rules)
    assert d_tsumo.deltas == (2 * each, -each, -each)
    nd_tsumo = tsumo(yakuman, winner=ND, rules=rules)
    assert nd_tsumo.deltas == (-dealer, child + dealer, -child)
    assert {p.role: p.amount for p in nd_tsumo.payments} == {"dealer": dealer, "non-dealer": child}
    assert ron(yakuman, winner=ND, discarder=CHILD, rules=rules).deltas == (0, nd_ron, -nd_ron)
    assert ron(yakuman, winner=ND, discarder=DEALER, rules=rules).deltas == (-nd_ron, nd_ron, 0)
    assert ron(yakuman, winner=DEALER, discarder=CHILD, rules=rules).deltas == (d_ron, 0, -d_ron)


def test_yakuman_table_totals():
    """The table's totals column: D tsumo total and ND tsumo total."""
    totals = {s: (2 * v[0], v[1] + v[2]) for s, v in YAKUMAN_TABLE.items()}
    assert totals == {
        "tsumo-loss": (32000, 24000), "add-1000": (34000, 26000), "maru-dori": (48000, 32000),
        "north-split": (48000, 32000), "equal-split": (48000, 32000), "triple-dealer": (48000, 32000),
        "double-take": (96000, 64000), "ron-adjust": (32000, 24000),
    }


# ---------------------------------------------------------------- rules.md §4 worked examples

ND_30FU_1HAN = {  # b = 240, R = 1000: child / dealer
    "tsumo-loss": (300, 500), "maru-dori": (300, 700), "north-split": (500, 700),
    "equal-split": (500, 500), "triple-dealer": (300, 800), "double-take": (1000, 1000),
}
ND_MANGAN = {"tsumo-loss": (2000, 4000), "add-1000": (3000, 5000), "maru-dori": (2700, 5300), "north-split": (3000, 5000)}


@pytest.mark.parametrize("scheme", list(ND_30FU_1HAN))
def test_worked_example_30fu_1han(scheme):
    rules = STANDARD.with_scheme(scheme)
    value = hand_value(1, 30, rules.hand)
    assert value.basic == 240
    child, dealer = ND_30FU_1HAN[scheme]
    assert tsumo(value, winner=ND, rules=rules).deltas == (-dealer, child + dealer, -child)
    assert ron(value, winner=ND, discarder=CHILD, rules=rules).deltas == (0, 1000, -1000)


@pytest.mark.parametrize("scheme", list(ND_MANGAN))
def test_worked_example_mangan(scheme):
    rules = STANDARD.with_scheme(scheme)
    child, dealer = ND_MANGAN[scheme]
    assert tsumo(limit_value("mangan", rules.hand), winner=ND, rules=rules).deltas == (-dealer, child + dealer, -child)


# ---------------------------------------------------------------- every scheme × seat × win × honba


def C(x) -> int:  # noqa: N802 - the name rules.md gives it
    return ceil(Fraction(x) / 100) * 100


def N(x) -> int:  # noqa: N802
    return floor(Fraction(x) / 100 + Fraction(1, 2)) * 100


def reference(scheme: str, b: int, dealer: bool) -> tuple[int, int, int]:
    """(ron, tsumo from a non-dealer, tsumo from the dealer) written straight from rules.md §4's table."""
    if dealer:
        ron_value = C(6 * b)
        each = {
            "tsumo-loss": C(2 * b), "add-1000": C(2 * b) + 1000, "maru-dori": N(Fraction(ron_value, 2)),
            "north-split": C(2 * b) + C(Fraction(C(2 * b), 2)), "equal-split": C(3 * b),
            "triple-dealer": C(3 * b), "double-take": C(6 * b), "ron-adjust": C(2 * b),
        }[scheme]
        if scheme == "ron-adjust":
            ron_value = 2 * C(2 * b)
        return ron_value, each, 0
    ron_value = C(4 * b)
    h = C(Fraction(C(b), 2))
    child, from_dealer = {
        "tsumo-loss": (C(b), C(2 * b)), "add-1000": (C(b) + 1000, C(2 * b) + 1000),
        "maru-dori": (N(Fraction(ron_value, 3)), ron_value - N(Fraction(ron_value, 3))),
        "north-split": (C(b) + h, C(2 * b) + h), "equal-split": (C(2 * b), C(2 * b)),
        "triple-dealer": (C(b), C(3 * b)), "double-take": (C(4 * b), C(4 * b)),
        "ron-adjust": (C(b), C(2 * b)),
    }[scheme]
    if scheme == "ron-adjust":
        ron_value = C(b) + C(2 * b)
    return ron_value, child, from_dealer


VALUES = [(1, 30), (2, 25), (2, 20), (3, 40), (4, 30), (1, 110), (5, 0), (6, 0), (13, 0)]


@pytest.mark.parametrize("profile", [STANDARD, TENHOU], ids=["standard", "tenhou"])
@pytest.mark.parametrize("scheme", SCHEMES)
def test_every_scheme_seat_win_and_honba(profile, scheme):
    rules = profile.with_scheme(scheme)
    per_ron, per_payer = (1000, 500) if profile is STANDARD else (200, 100)  # rules.md §7
    assert (rules.payment.honba_ron, rules.payment.honba_tsumo) == (per_ron, per_payer)
    for (han, fu), dealer, honba in itertools.product(VALUES, (True, False), (0, 2)):
        value = hand_value(han, fu, rules.hand)
        winner = DEALER if dealer else ND
        ron_value, child, from_dealer = reference(scheme, value.basic, dealer)
        t = tsumo(value, winner=winner, rules=rules, honba=honba)
        if dealer:
            expected = (2 * (each := child + honba * per_payer), -each, -each)
        else:
            expected = (-(from_dealer + honba * per_payer), child + from_dealer + 2 * honba * per_payer,
                        -(child + honba * per_payer))
        assert t.deltas == expected, (han, fu, dealer, honba)
        assert all(p.honba == honba * per_payer for p in t.payments)
        if fu != 20:  # 20 fu is a tsumo only
            discarder = CHILD
            r = ron(value, winner=winner, discarder=discarder, rules=rules, honba=honba)
            paid = ron_value + honba * per_ron
            assert r.deltas[winner] == paid and r.deltas[discarder] == -paid, (han, fu, dealer, honba)
            assert_zero_sum(r)
        assert_zero_sum(t)


def test_golden_honba_amounts():
    """Concrete numbers: a non-dealer 30fu1han tsumo and a 3han40fu dealer ron, 2 honba."""
    v = hand_value(1, 30, STANDARD.hand)
    assert tsumo(v, winner=ND, rules=STANDARD, honba=2).deltas == (-1500, 2800, -1300)
    assert tsumo(v, winner=ND, rules=TENHOU, honba=2).deltas == (-700, 1200, -500)
    v = hand_value(3, 40, STANDARD.hand)
    assert ron(v, winner=DEALER, discarder=ND, rules=STANDARD, honba=2).deltas == (9700, -9700, 0)
    assert ron(v, winner=DEALER, discarder=ND, rules=TENHOU, honba=2).deltas == (8100, -8100, 0)


# ---------------------------------------------------------------- rounding variants


# The rounding variants tables play, written as schemes that extend the built-in ones (docs/schemes.md).
VARIANTS = {
    "maru-dori-ceil-from-base": """
extends: maru-dori
dealer_wins:
  non_dealer: {b: 3, round: C}
non_dealer_wins:
  non_dealer: {b: 4/3, round: C}
  dealer: {b: 8/3, round: C}
""",
    "maru-dori-child-ceil": """
extends: maru-dori
dealer_wins:
  non_dealer: {ron: 1/2, round: C}
non_dealer_wins:
  non_dealer: {ron: 1/3, round: C}
""",
    "north-split-exact-shares": """
extends: north-split
dealer_wins:
  north: {b: 2}
  non_dealer: {sum: [{b: 2}, {north: 1/2}], round: C}
non_dealer_wins:
  north: {b: 1}
  non_dealer: {sum: [{b: 1}, {north: 1/2}], round: C}
  dealer: {sum: [{b: 2}, {north: 1/2}], round: C}
""",
}


@pytest.fixture(scope="module")
def variant_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("variants")
    for name, text in VARIANTS.items():
        (folder / f"{name}.yaml").write_text(text)
    return {name: str(folder / f"{name}.yaml") for name in VARIANTS}


def shares(scheme, b, dealer):
    # these schemes read b alone: the han and fu given change nothing
    s = P.shares(b, 1, 30, dealer_wins=dealer, rules=STANDARD.with_scheme(scheme).payment)
    return (s.tsumo_child,) if dealer else (s.tsumo_child, s.tsumo_dealer)


def test_maru_dori_rounding_variants(variant_files):
    ceil_from_base, child_ceil = variant_files["maru-dori-ceil-from-base"], variant_files["maru-dori-child-ceil"]
    # b = 240: R = 1000 (ND), 1500 (D)
    assert shares("maru-dori", 240, False) == (300, 700)  # N(333.3), 1000 - 300
    assert shares("maru-dori", 240, True) == (800,)  # N(750): halves up
    assert shares(ceil_from_base, 240, False) == (400, 700)  # C(320), C(640)
    assert shares(ceil_from_base, 240, True) == (800,)  # C(720)
    assert shares(child_ceil, 240, False) == (400, 600)  # C(333.3), 1000 - 400
    assert shares(child_ceil, 240, True) == (800,)  # C(750)
    # yakuman: ceil-from-base rounds both shares up, so the split no longer sums to R
    assert shares(ceil_from_base, 8000, False) == (10700, 21400)
    assert shares(child_ceil, 8000, False) == (10700, 21300)
    assert shares(ceil_from_base, 8000, True) == (24000,)
    # mangan: nearest 2700/5300, child-ceil 2700/5300, ceil-from-base C(2666.7)/C(5333.3)
    assert shares(ceil_from_base, 2000, False) == (2700, 5400)


def test_maru_dori_nearest_always_sums_to_ron():
    for han, fu in itertools.product(range(1, 5), (25, *range(30, 120, 10))):
        b = hand_value(han, fu, STANDARD.hand).basic
        child, dealer = shares("maru-dori", b, False)
        assert child + dealer == C(4 * b)


def test_north_split_rounding_variants(variant_files):
    exact = variant_files["north-split-exact-shares"]
    # b = 320 (20fu2han): C(b) = 400, H = C(200) = 200
    assert shares("north-split", 320, False) == (600, 900)
    assert shares(exact, 320, False) == (500, 800)  # C(480), C(800)
    # b = 240 dealer: C(480) + C(250) = 500 + 300; exact C(720)
    assert shares("north-split", 240, True) == (800,)
    assert shares(exact, 240, True) == (800,)
    assert shares("north-split", 480, True) == (1000 + 500,)  # 30fu2han: C(960) + C(500)
    assert shares(exact, 480, True) == (1500,)
    assert shares("north-split", 400, True) == (800 + 400,)  # 25fu2han: C(800) + C(400)
    assert shares("north-split", 1280, False) == (1300 + 700, 2600 + 700)  # 40fu3han: H = C(650)
    assert shares(exact, 1280, False) == (2000, 3200)


def test_north_split_variants_agree_from_mangan(variant_files):
    for limit in ("mangan", "haneman", "baiman", "sanbaiman", "yakuman"):
        b = limit_value(limit, STANDARD.hand).basic
        for dealer in (False, True):
            assert shares("north-split", b, dealer) == shares(variant_files["north-split-exact-shares"], b, dealer)


def test_nearest_100_halves_up():
    assert [P.nearest_100(x) for x in (749, 750, Fraction(2000, 3), Fraction(-50))] == [700, 800, 700, 0]


# ---------------------------------------------------------------- invariant, sticks, deposits


def test_zero_sum_for_every_scheme_and_situation():
    for scheme, profile in itertools.product(SCHEMES, (STANDARD, TENHOU)):
        rules = profile.with_scheme(scheme)
        for han, fu in VALUES:
            value = hand_value(han, fu, rules.hand)
            for winner, honba, sticks in itertools.product(range(3), (0, 2), (0, 3)):
                assert_zero_sum(tsumo(value, winner=winner, rules=rules, honba=honba, sticks=sticks))
                if fu != 20:
                    assert_zero_sum(ron(value, winner=winner, discarder=(winner + 1) % 3, rules=rules,
                                        honba=honba, sticks=sticks))
        assert_zero_sum(P.nagashi_mangan([1], dealer=0, rules=rules))
        assert_zero_sum(P.nagashi_mangan([0, 2], dealer=0, rules=rules))


def test_settlement_refuses_a_leak():
    with pytest.raises(AssertionError):
        P.Settlement((1000, -500, 0), 0, (), ())
    with pytest.raises(AssertionError):  # payments that do not make the deltas
        P.Settlement((1000, -1000, 0), 0, (), (P.Transfer(2, "discarder", 1000, 0),))


def test_sticks_go_to_the_winner_from_the_pot():
    s = ron(hand_value(1, 30, STANDARD.hand), winner=ND, discarder=CHILD, rules=STANDARD, sticks=3)
    assert s.deltas == (0, 4000, -1000) and s.pot_change == -3000
    assert s.received(ND) == 4000
    assert [p for p in s.payments if p.role == "sticks"] == [P.Transfer(None, "sticks", 3000, ND)]


def test_riichi_deposit():
    s = P.riichi_deposit(2, rules=STANDARD)
    assert s.deltas == (0, 0, -1000) and s.pot_change == 1000
    assert s.payments == (P.Transfer(2, "riichi", 1000, None),)


def test_roles():
    t = tsumo(limit_value("mangan", STANDARD.hand), winner=ND, rules=STANDARD)
    assert sorted((p.payer, p.role) for p in t.payments) == [(0, "dealer"), (2, "non-dealer")]
    r = ron(limit_value("mangan", STANDARD.hand), winner=ND, discarder=DEALER, rules=STANDARD)
    assert [(p.payer, p.role, p.amount) for p in r.payments] == [(0, "discarder", 8000)]


@pytest.mark.parametrize("kwargs, message", [
    ({"honba": -1}, "honba must be 0 or more"),
    ({"sticks": -1}, "riichi sticks must be 0 or more"),
    ({"winner": 3}, "winner seat 3"),
    ({"discarder": 1}, "cannot be the winner"),
    ({"liable": 1}, "cannot be liable"),
])
def test_bad_questions(kwargs, message):
    args = {"winner": 1, "dealer": 0, "discarder": 2, "honba": 0, "sticks": 0, "rules": STANDARD, **kwargs}
    with pytest.raises(P.PaymentError, match=message):
        P.win(limit_value("mangan", STANDARD.hand), **args)


# ---------------------------------------------------------------- draws


def test_noten_payments():
    assert P.exhaustive_draw(set(), rules=STANDARD).deltas == (0, 0, 0)
    assert P.exhaustive_draw({0, 1, 2}, rules=STANDARD).deltas == (0, 0, 0)
    assert P.exhaustive_draw({1}, rules=STANDARD).deltas == (-1000, 2000, -1000)
    assert P.exhaustive_draw(frozenset({0, 2}), rules=STANDARD).deltas == (1000, -2000, 1000)
    maru_jan = with_payment(STANDARD, noten_pool=3000)
    assert P.exhaustive_draw({1}, rules=maru_jan).deltas == (-1500, 3000, -1500)
    assert P.exhaustive_draw({0, 1}, rules=maru_jan).deltas == (1500, 1500, -3000)
    with pytest.raises(P.PaymentError):
        P.exhaustive_draw({3}, rules=STANDARD)


def test_nagashi_mangan():
    s = P.nagashi_mangan([1], dealer=0, rules=STANDARD)
    assert s.deltas == (-4000, 6000, -2000) and s.pot_change == 0
    assert P.nagashi_mangan([0], dealer=0, rules=STANDARD).deltas == (8000, -4000, -4000)
    assert P.nagashi_mangan([1], dealer=0, rules=STANDARD.with_scheme("north-split")).deltas == (-5000, 8000, -3000)
    assert P.nagashi_mangan([1, 2], dealer=0, rules=STANDARD).deltas == (-8000, 4000, 4000)
    with pytest.raises(P.PaymentError, match="does not play nagashi"):
        P.nagashi_mangan([1], dealer=0, rules=with_payment(STANDARD, nagashi_mangan=False))


# ---------------------------------------------------------------- double ron


def test_double_ron_first_after_discarder_takes_honba_and_sticks():
    mangan = limit_value("mangan", STANDARD.hand)
    cheap = hand_value(1, 30, STANDARD.hand)
    # discarder 1: seat 2 is first in turn, seat 0 (the dealer) second, whatever order they are given in
    for wins in ([(0, mangan), (2, cheap)], [(2, cheap), (0, mangan)]):
        s = P.double_ron(wins, discarder=1, dealer=0, honba=2, sticks=1, rules=STANDARD)
        assert s.deltas == (12000, -(12000 + 1000 + 2000), 1000 + 2000 + 1000)
        assert s.pot_change == -1000
    both = with_payment(STANDARD, double_ron_honba="both")
    s = P.double_ron([(0, mangan), (2, cheap)], discarder=1, dealer=0, honba=2, sticks=1, rules=both)
    assert s.deltas == (14000, -(14000 + 3000), 1000 + 2000 + 1000)
    with pytest.raises(P.PaymentError):
        P.double_ron([(1, mangan)], discarder=1, dealer=0, honba=0, sticks=0, rules=STANDARD)


# ---------------------------------------------------------------- pao (rules.md §5)


def test_pao_tsumo_liable_pays_all():
    yakuman = limit_value("yakuman", STANDARD.hand)
    s = P.win(yakuman, winner=1, dealer=0, discarder=None, honba=1, sticks=1, rules=STANDARD, liable=2)
    assert s.deltas == (0, 32000 + 1000 + 1000, -33000)
    assert [(p.payer, p.role) for p in s.payments if p.payer is not None] == [(2, "pao")]
    s = P.win(yakuman, winner=0, dealer=0, discarder=None, honba=0, sticks=0, rules=STANDARD, liable=1)
    assert s.deltas == (48000, -48000, 0)


def test_pao_ron_split():
    yakuman = limit_value("yakuman", STANDARD.hand)
    s = P.win(yakuman, winner=1, dealer=0, discarder=2, honba=1, sticks=0, rules=STANDARD, liable=0)
    assert s.deltas == (-17000, 33000, -16000)  # the liable player pays the honba (pao_ron_honba: liable)
    rules = with_payment(STANDARD, pao_ron_honba="discarder")
    s = P.win(yakuman, winner=1, dealer=0, discarder=2, honba=1, sticks=0, rules=rules, liable=0)
    assert s.deltas == (-16000, 33000, -17000)
    # the liable player dealt in: an ordinary ron
    s = P.win(yakuman, winner=1, dealer=0, discarder=0, honba=0, sticks=0, rules=STANDARD, liable=0)
    assert s.deltas == (-32000, 32000, 0)


def test_pao_only_for_its_yakuman_and_where_played():
    double = limit_value("yakuman", STANDARD.hand, yakuman=2)
    # daisangen (liable) + tsuuiisou by tsumo, 1 honba: the liable pays 32000 + honba, the rest as usual
    s = P.win(double, winner=1, dealer=0, discarder=None, honba=1, sticks=0, rules=STANDARD, liable=2, liable_yakuman=1)
    assert s.deltas == (-16000, 33000 + 8000 + 16000, -(33000 + 8000))
    no_pao = with_payment(STANDARD, pao=False)
    yakuman = limit_value("yakuman", STANDARD.hand)
    assert P.win(yakuman, winner=1, dealer=0, discarder=None, honba=0, sticks=0, rules=no_pao, liable=2).deltas == (-16000, 24000, -8000)


# ---------------------------------------------------------------- han / fu the CLI may be asked


@pytest.mark.parametrize("han, fu, is_tsumo", [
    (0, 30, False), (1, 35, False), (1, 120, False), (2, 20, False), (1, 20, True), (1, 25, False),
    (2, 25, True), (2, 10, True),
])
def test_impossible_han_fu(han, fu, is_tsumo):
    with pytest.raises(P.PaymentError):
        P.check_han_fu(han, fu, tsumo=is_tsumo)


def test_possible_han_fu():
    for han, fu, is_tsumo in [(2, 20, True), (2, 25, False), (3, 25, True), (1, 30, False), (1, 110, True)]:
        P.check_han_fu(han, fu, tsumo=is_tsumo)


def test_asked_value():
    assert P.asked_value(STANDARD, tsumo=False, han=3, fu=40).basic == 1280
    assert P.asked_value(STANDARD, tsumo=False, han=6).limit == "haneman"
    assert P.asked_value(STANDARD, tsumo=False, limit="baiman").basic == 4000
    assert P.asked_value(STANDARD, tsumo=False, yakuman=2).basic == 16000  # stacked yakuman add up
    assert P.asked_value(STANDARD, tsumo=False, han=13).limit == "yakuman"  # kazoe
    for kwargs in ({}, {"han": 3}, {"fu": 30}, {"han": 3, "fu": 30, "limit": "mangan"}, {"limit": "manga"},
                   {"yakuman": 0}, {"han": 13, "fu": 40}, {"han": 5, "fu": 30}):  # from 5 han the fu change nothing
        with pytest.raises(P.PaymentError):
            P.asked_value(STANDARD, tsumo=False, **kwargs)


# ---------------------------------------------------------------- the real Tenhou games


def truth_value(line: dict, rules: R.RuleSet):
    value = hand_value(line["han"], line["fu"], rules.hand, yakuman=len(line["yakuman"]))
    assert value.limit == line["limit"]
    return value


def test_every_real_win_pays_as_on_tenhou(agari_truth):
    """All 1,552 wins: each line's deltas exactly, honba, sticks and double ron included."""
    assert len(agari_truth) == 1552
    by_hand = collections.defaultdict(list)
    for line in agari_truth:
        by_hand[(line["game_id"], line["kyoku_index"])].append(line)
    checked = doubles = 0
    for lines in by_hand.values():
        first = lines[0]
        if len(lines) == 1:
            s = P.win(truth_value(first, TENHOU), winner=first["winner"], dealer=first["dealer"],
                      discarder=None if first["tsumo"] else first["from_who"], honba=first["honba"],
                      sticks=first["riichi_sticks"], rules=TENHOU)
            assert list(s.deltas) == first["deltas"], first
            assert sum(p.amount - p.honba for p in s.payments if p.role != "sticks") == first["points"]
            checked += 1
            continue
        doubles += 1
        assert len({line["from_who"] for line in lines}) == 1
        # given in reverse to show the order comes from the seats, not from the list
        s = P.double_ron([(line["winner"], truth_value(line, TENHOU)) for line in reversed(lines)],
                         discarder=first["from_who"], dealer=first["dealer"], honba=first["honba"],
                         sticks=first["riichi_sticks"], rules=TENHOU)
        for line in lines:  # each winner's own line: what was paid to that winner
            own = [0, 0, 0]
            for p in s.payments:
                if p.payee == line["winner"]:
                    own[line["winner"]] += p.amount
                    if p.payer is not None:
                        own[p.payer] -= p.amount
            assert own == line["deltas"], line
            checked += 1
    assert (checked, doubles) == (1552, 5)


def test_every_real_draw_pays_as_on_tenhou(data_dir):
    from realdata import truth_lines

    draws = truth_lines("ryuukyoku")
    seen = collections.Counter()
    for line in draws:
        if line["type"] == "exhaustive":
            s = P.exhaustive_draw(set(line["tenpai"]), rules=TENHOU)
        elif line["type"] == "nagashi_mangan":
            # the record names no nagashi player; the one seat that gains is it, the amounts are checked
            (seat,) = [k for k, d in enumerate(line["deltas"]) if d > 0]
            s = P.nagashi_mangan([seat], dealer=line["dealer"], rules=TENHOU)
        else:
            s = P.no_change(3)
        assert list(s.deltas) == line["deltas"], line
        assert s.pot_change == 0  # sticks stay on the table at a draw
        seen[line["type"]] += 1
    assert seen == {"exhaustive": 230, "kyuushu_kyuuhai": 68, "nagashi_mangan": 2}
