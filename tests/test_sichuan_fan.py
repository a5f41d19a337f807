"""Sichuan hands (rules.md §8): every fan entry, gens, the cap, the tsumo bonus, the hand value, waits,
and hands that cannot exist or cannot win."""

from __future__ import annotations

from pathlib import Path

import pytest

from calc.core.errors import SanmaError
from calc.sichuan import fan as F
from calc.sichuan import hand as H
from calc.sichuan import rules as R

SICHUAN = R.load("sichuan")


def fan_of(text: str, void: str | None = None, rules=SICHUAN, win: str | None = None, **context) -> F.FanResult:
    hand = H.read(text, void=H.parse_void(void) if void else None, win=win)
    return F.score(hand, F.WinContext(**context), rules)


def lines(result: F.FanResult) -> list[tuple[str, int]]:
    return [(line.key, line.fan) for line in result.lines]


def profile(tmp_path: Path, body: str, name: str = "variant.yaml") -> R.SichuanRules:
    path = tmp_path / name
    path.write_text("extends: sichuan\n" + body, encoding="utf-8")
    return R.load(str(path))


# Each pattern of the fan table with a hand whose best pattern it is (the shipped profile's defaults).
PATTERN_CASES = [
    ("plain", "123m456m789m234p55p", {}, 1),
    ("all_pungs", "111m222m333m444p55p", {}, 2),
    ("one_suit", "123m123m456m789m55m", {}, 3),
    ("seven_pairs", "11m22m33m44p55p66p77p", {}, 3),
    ("terminal_sets", "123m789m111p999p11m", {}, 3),
    ("one_suit_all_pungs", "111m333m555m777m99m", {}, 4),
    ("pungs_258", "222m555m888p22p [555p]", {}, 4),
    ("dragon_seven_pairs", "11m22m33m44p55p66p66p", {}, 5),
    ("one_suit_seven_pairs", "11223344556677m", {}, 5),
    ("one_suit_dragon_seven_pairs", "11223344556666m", {}, 6),
    ("heavenly", "123m456m789m234p55p", {"tsumo": True, "heavenly": True}, 6),
    ("earthly", "123m456m789m234p55p", {"earthly": True}, 6),
]


@pytest.mark.parametrize("pattern, text, context, fan", PATTERN_CASES, ids=[c[0] for c in PATTERN_CASES])
def test_every_pattern_of_the_fan_table(pattern, text, context, fan):
    result = fan_of(text, **context)
    assert result.pattern == pattern
    assert lines(result) == [(pattern, fan)]
    assert result.total == result.fan == fan == getattr(SICHUAN.fan, pattern)


def test_patterns_are_profile_keys_not_literals(tmp_path):
    rules = profile(tmp_path, "fan:\n  all_pungs: 3\n  plain: 0\npayment:\n  unit_fan: 0\n")
    assert lines(fan_of("111m222m333m444p55p", rules=rules)) == [("all_pungs", 3)]
    plain = fan_of("123m456m789m234p55p", rules=rules)
    assert plain.fan == 0 and rules.payment.value(plain.fan) == 1  # rules.md §8's base × 2^fan


# Each bonus added to a plain hand (or the hand the bonus needs).
BONUS_CASES = [
    ("gen", "111m123m456p789p99p", {}, [("plain", 1), ("gen", 1)]),
    ("kong_replacement", "123m456m789m5p5p [2222p]", {"tsumo": True, "kong_replacement": True},
     [("plain", 1), ("gen", 1), ("kong_replacement", 1)]),
    ("kong_discard", "123m456m789m234p55p", {"kong_discard": True}, [("plain", 1), ("kong_discard", 1)]),
    ("rob_kong", "123m456m789m234p55p", {"rob_kong": True, "win": "2p"}, [("plain", 1), ("rob_kong", 1)]),
    ("last_tile tsumo", "123m456m789m234p55p", {"tsumo": True, "last_tile": True}, [("plain", 1), ("last_tile", 1)]),
    ("last_tile ron", "123m456m789m234p55p", {"last_tile": True}, [("plain", 1), ("last_tile", 1)]),
    ("single_wait", "5p [111m] [222m] [333m] [444p] 5p", {}, [("all_pungs", 2), ("single_wait", 1)]),
]


@pytest.mark.parametrize("name, text, context, expected", BONUS_CASES, ids=[c[0] for c in BONUS_CASES])
def test_every_bonus(name, text, context, expected):
    win = context.pop("win", None)
    result = fan_of(text, win=win, **context)
    assert lines(result) == expected
    assert result.fan == sum(fan for _, fan in expected)


def test_each_gen_counts_one_fan():
    # four 1m (a pung and one in a run) and the concealed kong of 5p: two gens
    result = fan_of("111m 123m 789m 9m (5555p) 9m")
    assert result.gens == 2 and lines(result) == [("plain", 1), ("gen", 2)]
    assert result.lines[1].name == "2 gens 根"


def test_dragon_seven_pairs_uses_its_four_of_a_kind_and_counts_a_second_as_gen():
    # four 1m make the dragon, four 4p are a gen: 5 + 1 beats seven pairs 3 + two gens
    assert lines(fan_of("11m11m22m33m44p44p55p")) == [("dragon_seven_pairs", 5), ("gen", 1)]


def test_dragon_gen_key_counts_the_dragon_itself(tmp_path):
    rules = profile(tmp_path, "fan:\n  dragon_gen: true\n")
    assert lines(fan_of("11m22m33m44p55p66p66p", rules=rules)) == [("dragon_seven_pairs", 5), ("gen", 1)]


def test_the_best_reading_wins():
    # 111222333m: three pungs or three runs; all pungs (2) beats plain (1)
    assert fan_of("111m222m333m444p55p").pattern == "all_pungs"
    # a one-suit all-pungs hand is 4, not one suit 3 nor all pungs 2
    assert fan_of("111m333m555m777m99m").pattern == "one_suit_all_pungs"


# ---------------------------------------------------------------- the cap and the value


def test_the_cap_bites():
    # one-suit all pungs 4 + gen 1 + replacement 1 + single wait 1 = 7, capped at 6
    result = fan_of("1m [222m] [333m] [444m] (5555m) 1m", tsumo=True, kong_replacement=True)
    assert result.total == 7 and result.fan == 6 and result.capped
    cap4 = R.load("sichuan-cap4")
    result = fan_of("11223344556666m", rules=cap4)
    assert (result.total, result.fan, result.cap) == (6, 4, 4)
    assert F.payment_each(result, cap4, tsumo=False) == 8


def test_cap_is_3_to_6(tmp_path):
    for cap in (3, 6):
        assert profile(tmp_path, f"payment:\n  cap: {cap}\n", f"c{cap}.yaml").payment.cap == cap
    for cap in (2, 7):
        with pytest.raises(SanmaError, match=r"payment.cap"):
            profile(tmp_path, f"payment:\n  cap: {cap}\n", f"bad{cap}.yaml")


def test_hand_value_is_base_times_two_to_the_fan_minus_one(tmp_path):
    assert [SICHUAN.payment.value(fan) for fan in range(1, 7)] == [1, 2, 4, 8, 16, 32]
    rules = profile(tmp_path, "payment:\n  base: 5\n")
    assert F.payment_each(fan_of("11223344556677m", rules=rules), rules, tsumo=False) == 5 * 16


def test_tsumo_adds_one_base_from_each_payer():
    result = fan_of("123m123m456m789m55m", tsumo=True)
    assert result.fan == 3 and F.payment_each(result, SICHUAN, tsumo=True) == 4 + 1


def test_tsumo_adds_one_fan_in_the_tsumo_fan_profile():
    rules = R.load("sichuan-tsumo-fan")
    result = fan_of("123m123m456m789m55m", rules=rules, tsumo=True)
    assert lines(result) == [("one_suit", 3), ("tsumo", 1)]
    assert F.payment_each(result, rules, tsumo=True) == 8


def test_the_tsumo_fan_is_a_profile_key(tmp_path):
    rules = profile(tmp_path, "payment:\n  tsumo_bonus: fan\nfan:\n  tsumo: 2\n")
    result = fan_of("123m123m456m789m55m", rules=rules, tsumo=True)
    assert lines(result) == [("one_suit", 3), ("tsumo", 2)]
    assert result.fan == 5 and F.payment_each(result, rules, tsumo=True) == 16
    assert rules.describe() == "cap 6 fan, base 1, tsumo +2 fan"
    assert lines(fan_of("123m123m456m789m55m", rules=rules)) == [("one_suit", 3)]  # a ron: no tsumo fan


def test_no_tsumo_bonus(tmp_path):
    rules = profile(tmp_path, "payment:\n  tsumo_bonus: none\n")
    assert F.payment_each(fan_of("123m123m456m789m55m", rules=rules, tsumo=True), rules, tsumo=True) == 4


# ---------------------------------------------------------------- waits at the end of the wall


def test_waits_and_the_best_one():
    hand = H.read("1112345678999m", void=1, winning=False)
    found = dict((tile, result.fan) for tile, result in F.waits(hand, SICHUAN, void=1))
    # the nine gates wait on every manzu; 1m and 9m make four of a kind (a gen)
    assert sorted(found) == list(range(9))
    assert found[0] == found[8] == 4 and found[4] == 3
    assert F.best_wait(hand, SICHUAN, void=1)[0] == 0


def test_no_wait_on_the_void_suit_or_a_fifth_copy():
    hand = H.read("123m456m789m11p23s", void=2, winning=False)  # would win on 1s or 4s, of the void suit
    assert F.waits(hand, SICHUAN, void=2) == []
    hand = H.read("1111m456p789p234p", void=2, winning=False)  # 111m + 1m waits on a fifth 1m: not ready
    assert F.waits(hand, SICHUAN, void=2) == []
    assert F.best_wait(H.read("123m456m78m1p9p [2222p]", void=2, winning=False), SICHUAN, 2) is None


# ---------------------------------------------------------------- bad hands


@pytest.mark.parametrize("text, void, message", [
    ("123m456m789m11z234p", None, "honour tile 1z"),
    ("123m [456m] 789m234p55p", None, "chow [456m]: Sichuan has no chow"),
    ("123m456m789m234s55s", "s", "holds 2s of its void suit s"),
    ("123m456m789m234s55p", None, "holds all three suits"),
    ("[333s] 123m456m789m11m", "s", "pung [333s] of the void suit s"),
    ("(3333s) 123m456m789m11m", "s", "concealed kong (3333s) of the void suit s"),
    ("123m456m789m234p50p", None, "red five 0p"),
    ("11111m456m789m23p", None, "wrong tile count"),
    ("11111m456m789m234p", None, "5 copies of 1m"),
])
def test_bad_hands(text, void, message):
    with pytest.raises(SanmaError, match=message.replace("[", r"\[").replace("(", r"\(").replace(")", r"\)")):
        fan_of(text, void)


def test_not_a_winning_hand():
    with pytest.raises(SanmaError, match="not a complete hand"):
        fan_of("123m456m789m235p55p")


@pytest.mark.parametrize("context, message", [
    ({"kong_replacement": True}, "is a tsumo"),
    ({"tsumo": True, "kong_replacement": True}, "needs a kong"),
    ({"tsumo": True, "kong_discard": True}, "not a tsumo"),
    ({"tsumo": True, "rob_kong": True}, "not a tsumo"),
    ({"rob_kong": True}, "only the robbed one"),  # the winning 5p is one of two held
    ({"heavenly": True}, "dealer's tsumo"),
    ({"tsumo": True, "heavenly": True, "earthly": True}, "not both"),
])
def test_situations_that_cannot_happen(context, message):
    with pytest.raises(SanmaError, match=message):
        fan_of("123m456m789m234p55p", **context)


def test_readings_come_from_the_shared_decomposition():
    hand = H.read("111222333m 456p 5p 5p", void=2)
    m1, m2, m3, p4, p5 = 0, 1, 2, 12, 13
    assert sorted((r.sets, r.pair) for r in H.readings(hand)) == sorted([
        ((("pung", m1), ("pung", m2), ("pung", m3), ("run", p4)), p5),
        ((("run", m1), ("run", m1), ("run", m1), ("run", p4)), p5),
    ])
    # a four of a kind is two pairs in Sichuan seven pairs (龙七对)
    dragon = H.read("1111m 22m 44p 55p 66p 77p", void=2)
    assert [r.seven_pairs for r in H.readings(dragon)] == [True]
    # calc.notation's format, a space between suits, the winning tile last
    assert H.read("456m 789m 55p 234p [1111m]", void=None).text() == "456789m 23554p [1111m]"
