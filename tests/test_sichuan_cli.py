"""Sichuan from the outside (rules.md §8): `sanma hand --rules sichuan --void`, `sanma settle` on a Sichuan
record, `sanma rules` with Sichuan profiles, and one-line errors with exit 1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from calc.core import rules as R
from calc.cli.app import app
from calc.sichuan import rules as S

runner = CliRunner()
EXAMPLE = str(Path(__file__).resolve().parents[1] / "examples" / "sichuan.yaml")


def run(*args: str):
    return runner.invoke(app, list(args))


def test_hand_text_shows_the_breakdown_and_the_payment():
    result = run("hand", "--rules", "sichuan", "11223344556666m", "--void", "s", "--tsumo")
    assert result.exit_code == 0, result.output
    assert "   6  one-suit dragon seven pairs 清龙七对" in result.stdout
    assert "Fan 6 (cap 6)" in result.stdout
    # 6 fan = 1 × 2^5 = 32, + 1 tsumo base, from each of three
    assert "each of the 3 other players still in pays 1 × 2^(6 − 1) = 32 + 1 tsumo base = 33" in result.stdout
    assert "the winner receives 99" in result.stdout


def test_hand_json_reports_the_capped_fan_beside_the_breakdown():
    result = run("hand", "--rules", "sichuan-cap4", "1m [222m] [333m] [444m] (5555m) 1m", "--tsumo", "--rinshan",
                 "--void", "p", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["fan"] == 4 and data["fan_before_cap"] == 7 and data["cap"] == 4
    assert [(line["key"], line["fan"]) for line in data["breakdown"]] == [
        ("one_suit_all_pungs", 4), ("gen", 1), ("kong_replacement", 1), ("single_wait", 1)]
    assert data["payment"] == {"each": 9, "payers": 3, "total": 27, "from": "each other player still in"}
    assert data["void"] == "p" and data["variant"] == "sichuan"


def test_hand_flags_map_to_sichuan_situations():
    data = json.loads(run("hand", "--rules", "sichuan", "123m456m789m234p55p", "--kong-discard", "--json").stdout)
    assert [line["key"] for line in data["breakdown"]] == ["plain", "kong_discard"]
    assert data["payment"] == {"each": 2, "payers": 1, "total": 2, "from": "the discarder"}
    data = json.loads(run("hand", "--rules", "sichuan", "123m456m789m234p55p", "--win", "2p", "--chankan",
                          "--json").stdout)
    assert [line["key"] for line in data["breakdown"]] == ["plain", "rob_kong"]
    data = json.loads(run("hand", "--rules", "sichuan", "123m456m789m234p55p", "--houtei", "--json").stdout)
    assert [line["key"] for line in data["breakdown"]] == ["plain", "last_tile"]
    data = json.loads(run("hand", "--rules", "sichuan", "123m456m789m234p55p", "--chiihou", "--json").stdout)
    assert data["pattern"] == "earthly" and data["fan"] == 6


@pytest.mark.parametrize("args, message", [
    (["123m456m789m11z234p"], "honour tile 1z"),
    (["123m [456m] 789m234p55p"], "chow [456m]: Sichuan has no chow"),
    (["123m456m789m234s55s", "--void", "s"], "holds 2s of its void suit s"),
    (["123m456m789m234p55p", "--riichi"], "--riichi has no meaning in Sichuan"),
    (["123m456m789m234p55p", "--dora", "1m"], "--dora has no meaning in Sichuan"),
    # given explicitly, even at the sanma default value
    (["123m456m789m234p55p", "--seat", "E"], "--seat has no meaning in Sichuan"),
    (["123m456m789m234p55p", "--round", "E"], "--round has no meaning in Sichuan"),
    (["123m456m789m234p55p", "--nuki", "0"], "--nuki has no meaning in Sichuan"),
    (["123m456m789m234p55p", "--honba", "0"], "--honba has no meaning in Sichuan"),
    (["123m456m789m234p55p", "--tsumo", "--kong-discard"], "not a tsumo"),
])
def test_hand_errors_are_one_line_exit_1(args, message):
    result = run("hand", "--rules", "sichuan", *args)
    assert result.exit_code == 1
    assert result.stderr.strip().count("\n") == 0
    assert message in result.stderr and result.stderr.startswith("Error: ")


def test_a_void_suit_the_option_does_not_take_is_a_usage_error():
    result = run("hand", "--rules", "sichuan", "123m456m789m234p55p", "--void", "x")
    assert result.exit_code == 2 and result.stderr == "Error: --void 'x': give one of m, p, s\n"


def test_void_on_a_sanma_profile_is_a_usage_error():
    result = run("hand", "234p678s5z5z [999m] [1111z]", "--void", "s")
    assert result.exit_code == 2 and "--void and --kong-discard are for Sichuan profiles" in result.stderr


def test_sanma_hand_is_untouched():
    result = run("hand", "234p678s5z5z [999m] [1111z]", "--tsumo", "--seat", "E", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["han"] == 2


def test_settle_prints_the_ledger_each_payment_explained_and_the_totals():
    result = run("settle", EXAMPLE, "--wide")  # one line per payment (the default fits 80 columns)
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in run("settle", EXAMPLE).stdout.splitlines()) <= 80
    out = result.stdout
    assert "Hand 1: dealer Ana; void suits Ana s, Bo m, Chen p, Dee m" in out
    assert "Bo pays Ana 6: the income of the kong of 7p passes to the winner its discard paid (呼叫转移)" in out
    assert "Ana pays Dee 32: still holds the void suit p at the end of the wall (查花猪), the cap 6 fan" in out
    assert "Bo returns 1 to Chen: not ready, gives back the income of the kong of 2p (退税)" in out
    assert "next dealer: Chen" in out
    totals = out[out.index("Final totals"):]
    assert [line.split()[1:] for line in totals.splitlines()[3:7]] == [
        ["Dee", "+31"], ["Bo", "+17"], ["Chen", "+17"], ["Ana", "-65"]]


def test_settle_text_labels_the_ready_hands_at_the_wall_end():
    out = run("settle", EXAMPLE).stdout
    assert "  4. Dee's best hand: one suit 清一色 3 + gen 根 1 = 4 fan" in out
    assert "Chen's best hand" not in out  # Chen won by tsumo earlier: a win, not a best hand


def test_settle_explain_adds_the_hands():
    out = run("settle", EXAMPLE, "--explain").stdout
    assert "Ana's hand: 456789m 22334455p" in out and "Dee's hand: 1234555678s (9999s)" in out


def test_settle_json():
    result = run("settle", EXAMPLE, "--json")
    data = json.loads(result.stdout)
    assert data["variant"] == "sichuan" and data["totals"] == {"Ana": -65, "Bo": 17, "Chen": 17, "Dee": 31}
    first = data["hands"][0]
    assert first["winners"] == ["Ana", "Bo", "Chen"] and first["next_dealer"] == "Ana"
    assert [step["kind"] for step in first["steps"]] == ["kong", "kong", "win", "win"]
    ron = first["steps"][2]
    assert ron["deltas"] == {"Ana": 8, "Bo": -8, "Chen": 0, "Dee": 0}
    assert ron["fans"][0]["fan"] == 2 and ron["fans"][0]["breakdown"][1]["key"] == "kong_discard"
    assert [(p["from"], p["to"], p["amount"]) for p in ron["payments"]] == [("Bo", "Ana", 2), ("Bo", "Ana", 6)]
    assert sum(data["totals"].values()) == 0


def test_settle_errors_are_one_line_exit_1(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("rules: sichuan\nplayers: [A, B, C, D]\nhands:\n  - void: {A: s, B: m, C: p, D: m}\n    play:\n"
                    '      - win: {winner: B, from: A, hand: "123s 456s 789s 234p 5p 5p"}\n'
                    '      - win: {winner: C, from: B, hand: "123m 456m 789m 234s 5s 5s"}\n', encoding="utf-8")
    result = run("settle", str(path))
    assert result.exit_code == 1
    assert result.stderr.strip() == (f"Error: {path}:7: hand 1: B already won and left the hand, so pays no more: "
                                     f"cannot deal in to C")
    assert run("settle", EXAMPLE, "--scheme", "add-1000").exit_code == 2


def test_sanma_settle_is_untouched():
    result = run("settle", str(Path(EXAMPLE).with_name("match.yaml")))
    assert result.exit_code == 0 and "Sichuan" not in result.stdout


def test_rules_list_shows_both_games():
    result = run("rules", "list")
    assert result.exit_code == 0, result.output
    assert "tenhou" in result.stdout
    for name in ("sichuan", "sichuan-cap4", "sichuan-tsumo-fan"):
        assert name in result.stdout
    assert "cap 4 fan, base 1, tsumo +1 base" in result.stdout


def test_rules_show_and_check_a_sichuan_profile(tmp_path):
    result = run("rules", "show", "sichuan-cap4")
    assert result.exit_code == 0 and "payment.cap" in result.stdout and "sichuan-cap4.yaml:" in result.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: sichuan\npayment:\n  cap: 9\nkong:\n  exposd: 2\n", encoding="utf-8")
    result = run("rules", "check", str(bad))
    assert result.exit_code == 1
    assert "at payment.cap: must be at most 6, got 9" in result.stderr
    assert "at kong.exposd: unknown key (did you mean kong.exposed?)" in result.stderr


# ---------------------------------------------------------------- the profiles


def test_sichuan_profiles_and_the_sanma_loader_keep_apart():
    assert R.builtin_names("sichuan") == ["sichuan", "sichuan-cap4", "sichuan-tsumo-fan"]
    assert "sichuan" not in R.builtin_names() and "standard" in R.builtin_names()
    with pytest.raises(Exception, match="is a sichuan profile; this needs a sanma profile"):
        R.load("sichuan")
    with pytest.raises(Exception, match="not a sichuan profile"):
        S.load("tenhou")
    base, cap4, tsumo_fan = (S.load(n) for n in R.builtin_names("sichuan"))
    assert (base.payment.cap, cap4.payment.cap, tsumo_fan.payment.tsumo_bonus) == (6, 4, "fan")
    assert cap4.fan == base.fan and cap4.kong == base.kong and cap4.end == base.end
    assert cap4.origin["payment.cap"].startswith("sichuan-cap4.yaml:")
    assert base.kong.concealed == 2 and base.kong.added == 1 and base.kong.exposed == 2


def test_a_sichuan_profile_names_every_problem(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text("variant: sichuan\nfan:\n  plain: -1\n", encoding="utf-8")
    with pytest.raises(Exception) as caught:
        S.load(str(path))
    problems = [str(p) for p in caught.value.problems]
    assert any("at fan.plain: must be at least 0" in p for p in problems)
    assert any("at payment.cap: missing" in p for p in problems)
