"""Conditions in the scheme language: an amount counted only from a limit up (`from: mangan`) or
below one (`below: haneman`), checked by `rules check`, shown by `pay --explain`, and taken by
settle, replay and compare as any scheme is. The numbers are worked out by hand in docs/schemes.md
(Example 3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import calc
from calc.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
SCHEME = ROOT / "examples" / "add-1000-from-mangan.yaml"
LOG = ROOT / "examples" / "logs" / "2026011603gm-00b9-0000-36cf9559.json"
runner = CliRunner()


def _amounts(result) -> tuple[int, ...]:
    return tuple(p.amount for p in result.payments)


@pytest.mark.parametrize("kwargs, expected", [
    (dict(limit="mangan", tsumo=True), (3000, 5000)),  # 2000 + 1000, 4000 + 1000
    (dict(limit="mangan", tsumo=True, dealer=True), (5000, 5000)),
    (dict(limit="haneman", tsumo=True), (4000, 7000)),
    (dict(han=1, fu=30, tsumo=True), (300, 500)),  # below mangan: tsumo-loss's own
    (dict(han=4, fu=30, tsumo=True), (2000, 3900)),  # b = 1920, not a mangan under standard rules
    (dict(limit="mangan"), (8000,)),  # a ron is tsumo-loss's
])
def test_the_amount_counts_from_mangan_up(kwargs, expected):
    assert _amounts(calc.pay(scheme=str(SCHEME), **kwargs)) == expected


def test_below_counts_only_under_the_limit(tmp_path):
    scheme = tmp_path / "small-rons.yaml"
    scheme.write_text("extends: tsumo-loss\ntitle: small rons pay 100 more\nnon_dealer_wins:\n"
                      "  ron: [{b: 4, round: C}, {points: 100, below: mangan}]\n", encoding="utf-8")
    assert _amounts(calc.pay(han=1, fu=30, scheme=str(scheme))) == (1100,)
    assert _amounts(calc.pay(han=3, fu=60, scheme=str(scheme))) == (7800,)  # b = 1920: 7700 + 100
    assert _amounts(calc.pay(limit="mangan", scheme=str(scheme))) == (8000,)
    # the same on a tsumo's payer makes 3 han 60 fu (4100) pay more than a mangan (4000): refused
    unfair = tmp_path / "unfair.yaml"
    unfair.write_text("extends: tsumo-loss\ntitle: small hands pay 200 more\nnon_dealer_wins:\n"
                      "  dealer: [{b: 2, round: C}, {points: 200, below: mangan}]\n", encoding="utf-8")
    result = runner.invoke(app, ["rules", "check", str(unfair)])
    assert result.exit_code == 1
    assert result.output.strip() == (f"Error: {unfair}:4, at non_dealer_wins.dealer: comes to 4000 for b = 2000 but "
                                     f"4100 for the smaller b = 1920: a bigger hand would pay less")


def test_rules_check_passes_and_shows_the_samples():
    result = runner.invoke(app, ["rules", "check", str(SCHEME)])
    assert result.exit_code == 0, result.output
    lines = [" ".join(line.split()) for line in result.output.splitlines()]
    assert "mangan 2000 8000 3000/5000 = 8000 12000 5000 all = 10000" in lines
    assert "1 han 30 fu 240 1000 300/500 = 800 1500 500 all = 1000" in lines


def test_every_bad_condition_is_one_line_at_its_key_path(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: tsumo-loss\ntitle: bad conditions\ndealer_wins:\n"
                   "  non_dealer: [{b: 2, round: C}, {points: 1000, from: manganx}]\n"
                   "non_dealer_wins:\n"
                   "  non_dealer: [{b: 1, round: C}, {points: 1000, form: mangan}]\n"
                   "  dealer: [{b: 2, round: C}, {points: 1000, from: haneman, below: mangan}]\n", encoding="utf-8")
    result = runner.invoke(app, ["rules", "check", str(bad)])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert lines == [
        f"Error: {bad}:4, at dealer_wins.non_dealer[1].from: from takes a limit (mangan, haneman, baiman, sanbaiman, "
        f"yakuman) or {{han: N}}, {{fu: N}}; got 'manganx' (did you mean mangan?)",
        f"{bad}:6, at non_dealer_wins.non_dealer[1].form: unknown key (did you mean from?); an amount is one of b, "
        f"points, sum, ron, north, non_dealer, dealer, with round, from and below",
        f"{bad}:7, at non_dealer_wins.dealer[1].below: from haneman and below mangan: no hand is both",
    ]


def test_pay_explain_shows_the_condition():
    result = runner.invoke(app, ["pay", "--han", "1", "--fu", "30", "--tsumo", "--scheme", str(SCHEME), "--explain"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "the non-dealer pays C(b) + 1000 from mangan = C(240) + 0 = 300 + 0 = 300" in said
    assert "the dealer pays C(2b) + 1000 from mangan = C(480) + 0 = 500 + 0 = 500" in said
    mangan = runner.invoke(app, ["pay", "--limit", "mangan", "--tsumo", "--scheme", str(SCHEME), "--explain"])
    assert "the non-dealer pays C(b) + 1000 from mangan = C(2000) + 1000 = 2000 + 1000 = 3000" in \
        " ".join(mangan.output.split())


def test_settle_replay_and_compare_take_the_scheme(tmp_path):
    settled = runner.invoke(app, ["settle", str(ROOT / "examples" / "match.yaml"), "--scheme", str(SCHEME), "--json"])
    assert settled.exit_code == 0, settled.output
    assert json.loads(settled.output)["scheme"] == "add 1000 from mangan"
    replayed = runner.invoke(app, ["replay", str(LOG), "--scheme", str(SCHEME), "--json"])
    assert replayed.exit_code in (0, 1), replayed.output
    assert "add 1000 from mangan" in json.loads(replayed.stdout.splitlines()[0])["schemes"]
    compared = runner.invoke(app, ["compare", "--logs", str(LOG), "--schemes", str(SCHEME), "--json"])
    assert compared.exit_code == 0, compared.output
    assert set(json.loads(compared.output)["schemes"]) == {"tsumo-loss", "add 1000 from mangan"}
    simulated = runner.invoke(app, ["compare", "--matches", "2", "--seed", "1", "--workers", "1", "--schemes",
                                    str(SCHEME), "--json"])
    assert simulated.exit_code == 0, simulated.output
    assert "add 1000 from mangan" in json.loads(simulated.output)["schemes"]
