"""`sanma pay`, `sanma table`, `sanma rules`: output, JSON, and bad input as one line with exit 1."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from calc.cli.app import app
from calc.core.rules import SCHEMES

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def ok(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result.stdout


# ---------------------------------------------------------------- sanma pay


def test_pay_non_dealer_tsumo():
    out = ok("pay", "--han", "1", "--fu", "30", "--tsumo")
    assert "non-dealer (W)       300" in out and "dealer (E)           500" in out
    assert "Winner receives 800" in out


def test_pay_json_keys_match_sanma_hand():
    data = json.loads(ok("pay", "--han", "3", "--fu", "40", "--dealer", "--honba", "2", "--sticks", "1", "--json"))
    assert data["payments"] == [{"payer": "discarder", "amount": 7700 + 2000}]
    assert (data["points"], data["total"], data["sticks"]) == (7700, 9700, 1000)
    assert (data["rules"], data["scheme"], data["basic_points"]) == ("standard", "tsumo-loss", 1280)


def test_pay_rules_and_scheme_combine():
    data = json.loads(ok("pay", "--limit", "mangan", "--tsumo", "--rules", "tenhou", "--scheme", "north-split",
                         "--honba", "1", "--json"))
    assert sorted((p["payer"], p["amount"]) for p in data["payments"]) == [("dealer", 5100), ("non-dealer", 3100)]
    assert (data["points"], data["total"]) == (8000, 8200)


def test_pay_all_schemes_json():
    data = json.loads(ok("pay", "--yakuman", "1", "--tsumo", "--all-schemes", "--json"))
    assert list(data["schemes"]) == list(SCHEMES)
    totals = {name: s["total"] for name, s in data["schemes"].items()}
    assert totals == {"tsumo-loss": 24000, "add-1000": 26000, "maru-dori": 32000, "north-split": 32000,
                      "equal-split": 32000, "triple-dealer": 32000, "double-take": 64000, "ron-adjust": 24000}
    assert data["schemes"]["maru-dori"]["payments"] == [{"payer": "non-dealer", "amount": 10700},
                                                        {"payer": "dealer", "amount": 21300}]


def test_pay_all_schemes_explain_reads_like_a_referee():
    out = ok("pay", "--limit", "mangan", "--tsumo", "--all-schemes", "--explain")
    lines = out.splitlines()
    assert lines[0] == "Non-dealer mangan (5 han) tsumo, b = 2000; rules standard, honba 0, sticks 0"
    table = lines[: lines.index("* the scheme of profile standard")]
    rows = {line.split()[0]: line.split()[1:] for line in table if line.split() and line.split()[0] in SCHEMES}
    assert list(rows) == list(SCHEMES)
    assert rows["tsumo-loss"] == ["*", "2000", "4000", "6000", "8000"]
    assert rows["maru-dori"] == ["2700", "5300", "8000", "8000"]
    assert rows["north-split"] == ["3000", "5000", "8000", "8000"]
    assert rows["ron-adjust"] == ["2000", "4000", "6000", "6000"]
    # the same words for every scheme, derived from its definition; each step names its rounding
    for step in ("5 han: mangan, b = 2000", "ron value R = C(4b) = C(8000) = 8000",
                 "the absent north's share = C(b) = C(2000) = 2000, paid by nobody (lost)",
                 "the non-dealer pays N(R/3) = N(2666.67) = 2700", "the dealer pays R − non-dealer = 8000 − 2700 = 5300",
                 "rounding: C = round up to a multiple of 100; N = round to the nearest multiple of 100, halves up",
                 "the non-dealer pays C(b) + C(north/2) = C(2000) + C(1000) = 2000 + 1000 = 3000",
                 "tsumo-loss (ツモ損):", "maru-dori (丸取り):"):
        assert step in " ".join(out.split()), step  # a long step wraps at 80 columns
    assert max(len(line) for line in lines) <= 80


def test_pay_explain_shows_honba_and_sticks():
    out = ok("pay", "--han", "2", "--fu", "30", "--tsumo", "--honba", "2", "--sticks", "1", "--rules", "tenhou",
             "--explain")
    assert "honba: 2 × 100 = 200 added to each payment" in out
    assert "riichi sticks: 1 × 1000 = 1000 from the table to the winner" in out
    assert "Winner receives 2900" in out  # 500+200 + 1000+200 + 1000


@pytest.mark.parametrize("args, message", [
    (["--han", "0", "--fu", "30"], "at least 1 han"),
    (["--han", "2", "--fu", "35"], "fu must be 20, 25 or a multiple of 10 from 30 to 140"),
    (["--han", "2", "--fu", "20"], "20 fu is pinfu tsumo only"),
    (["--han", "1", "--fu", "20", "--tsumo"], "20 fu needs at least 2 han"),
    (["--han", "1", "--fu", "25"], "25 fu is seven pairs"),
    (["--han", "1", "--fu", "30", "--honba", "-1"], "honba must be 0 or more"),
    (["--han", "1", "--fu", "30", "--sticks", "-1"], "riichi sticks must be 0 or more"),
    (["--han", "1", "--fu", "30", "--scheme", "tsumo-los"], "unknown scheme 'tsumo-los' (did you mean 'tsumo-loss'?); valid: add-1000, double-take"),
    (["--han", "1", "--fu", "30", "--rules", "tenhoo"], "valid: add-1000, double-take"),
    (["--han", "3"], "3 han needs a fu value"),
    # from 5 han the fu change nothing: refused as every option that would be ignored
    (["--han", "5", "--fu", "30"], "5 han is mangan whatever the fu: --fu changes nothing at 5 han or more"),
    (["--han", "13", "--fu", "40", "--tsumo", "--dealer"], "13 han is yakuman whatever the fu"),
    (["--yakuman", "1", "--fu", "30"], "give --han/--fu or --yakuman, not both"),
    (["--limit", "mangan", "--yakuman", "2"], "--yakuman (the multiple) goes with --limit yakuman"),
    (["--han", "3", "--fu", "130"], "--han: 130 fu with 3 han: past 110 fu a hand has three kans"),
    (["--han", "4", "--fu", "140", "--tsumo"], "--fu: 140 fu by tsumo: a tsumo scores at most 130 fu"),
])
def test_pay_bad_input_is_one_line_exit_1(args, message):
    result = run("pay", *args)
    assert result.exit_code == 1
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0], result.stderr
    assert "Traceback" not in result.stderr


def test_pay_usage_error_exits_2():
    assert run("pay", "--han", "three").exit_code == 2
    assert run("pay", "--no-such-flag").exit_code == 2


# ---------------------------------------------------------------- sanma table


def test_table_cells():
    out = ok("table", "--rules", "tenhou")
    sections = out.split("\n\n")
    def rows(title):
        (section,) = [s for s in sections if s.startswith(title + "\n")]
        return {line.split()[0] + " fu": line.split()[2:] for line in section.splitlines()[3:]}
    assert rows("Non-dealer ron")["30 fu"] == ["1000", "2000", "3900", "7700"]
    assert rows("Non-dealer ron")["20 fu"] == ["-", "-", "-", "-"]
    assert rows("Non-dealer tsumo")["20 fu"] == ["-", "400/700", "700/1300", "1300/2600"]
    assert rows("Non-dealer tsumo")["25 fu"] == ["-", "-", "800/1600", "1600/3200"]
    assert rows("Dealer ron")["30 fu"] == ["1500", "2900", "5800", "11600"]
    assert rows("Dealer tsumo")["30 fu"][0:2] == ["500", "all"]
    (yakuman,) = [line.split() for line in out.splitlines() if line.startswith("yakuman ")]
    assert yakuman == ["yakuman", "13+", "/", "yakuman", "32000", "8000/16000", "48000", "16000", "all"]
    (mangan,) = [line.split() for line in out.splitlines() if line.startswith("mangan ")]
    assert mangan == ["mangan", "5", "8000", "2000/4000", "12000", "4000", "all"]


def test_table_scheme():
    out = ok("table", "--scheme", "maru-dori")
    assert "scheme maru-dori" in out
    assert "10700/21300" in out  # yakuman, non-dealer tsumo


def test_table_unknown_scheme():
    result = run("table", "--scheme", "nope")
    assert result.exit_code == 1 and result.stderr.startswith("Error: unknown scheme 'nope'")


# ---------------------------------------------------------------- sanma rules


def test_rules_list():
    out = ok("rules", "list")
    assert "tenhou         tsumo-loss     Tenhou ranked sanma" in out
    for name in ("standard", "mahjongsoul", *SCHEMES):
        assert f"\n{name} " in out


def test_rules_show():
    out = ok("rules", "show", "tenhou")
    assert "payment.honba_ron" in out
    line = next(line for line in out.splitlines() if line.startswith("payment.honba_ron"))
    assert line.split()[1:] == ["200", line.split()[2]] and line.split()[2].startswith("tenhou.yaml:")


SAMPLE_HANDS = ("mangan", "1 han 30 fu", "4 han 30 fu", "yakuman")


def test_rules_check(tmp_path):
    good = tmp_path / "club.yaml"
    good.write_text("extends: tenhou\npayment:\n  scheme: north-split\n")
    out = ok("rules", "check", str(good)).splitlines()
    assert out[0] == f"{good}: ok (club, scheme north-split)"
    # then what the scheme pays for a sample of hands, dealer and not (north-split, by hand: 1 han 30 fu,
    # b = 240: C(b) + C(C(b)/2) = 300 + 200, C(2b) + 200 = 700; dealer C(2b) + C(C(2b)/2) = 500 + 300;
    # 4 han 30 fu, b = 1920: 2000 + C(1000), 3900 + 1000; dealer 3900 + C(1950) = 5900)
    rows = {line[:11].strip(): line[11:].split() for line in out if line[:11].strip() in SAMPLE_HANDS}
    assert max(len(line) for line in out[1:]) <= 80
    assert rows == {
        "mangan": ["2000", "8000", "3000/5000", "=", "8000", "12000", "6000", "all", "=", "12000"],
        "1 han 30 fu": ["240", "1000", "500/700", "=", "1200", "1500", "800", "all", "=", "1600"],
        "4 han 30 fu": ["1920", "7700", "3000/4900", "=", "7900", "11600", "5900", "all", "=", "11800"],
        "yakuman": ["8000", "32000", "12000/20000", "=", "32000", "48000", "24000", "all", "=", "48000"],
    }
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: tenhou\npayment:\n  sheme: north-split\n  honba_ron: -1\n")
    result = run("rules", "check", str(bad))
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        f"Error: {bad}:3, at payment.sheme: unknown key (did you mean payment.scheme?)",
        f"{bad}:4, at payment.honba_ron: must be at least 0, got -1",
    ]
    # a user's profile file works anywhere a profile name does
    data = json.loads(ok("pay", "--limit", "mangan", "--tsumo", "--rules", str(good), "--json"))
    assert data["scheme"] == "north-split" and data["rules"] == "club"


def test_rules_show_unknown():
    result = run("rules", "show", "nope")
    assert result.exit_code == 1
    assert len(result.stderr.strip().splitlines()) == 1 and "valid: add-1000" in result.stderr


def test_all_schemes_names_the_ron_value_it_shows_and_says_what_it_is():
    # a pinfu tsumo, 2 han 20 fu: no ron has that value, so the column is the schemes' R for b = 320
    # (C(4 × 320) = 1300), named as such, never "what a ron would pay"
    out = runner.invoke(app, ["hand", "123p456p789s99p234s", "--tsumo", "--all-schemes"]).stdout
    assert "R (ron value)" in out and "a ron would pay" not in out
    assert "R: what a discarder would pay for the same basic points" in out
    row = next(line for line in out.splitlines() if line.startswith("tsumo-loss"))
    assert row.split()[-1] == "1300"
