"""Conditions in the scheme language: an amount counted only from a limit up (`from: mangan`) or
below one (`below: haneman`), or by the hand's han and fu (`from: {han: 3}`, `below: {fu: 40}`),
checked by `rules check`, shown by `pay --explain` and `hand --explain`, and taken by hand, settle,
replay and compare as any scheme is. The numbers are worked out by hand here and in docs/schemes.md
(Examples 3 and 4)."""

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


@pytest.mark.parametrize("dealer, said", [
    # 200 more below mangan on a tsumo's payer makes 3 han 60 fu (4100) pay more than a mangan (4000)
    ("[{b: 2, round: C}, {points: 200, below: mangan}]",
     "comes to 4000 for b = 2000 but 4100 for the smaller b = 1920"),
    # under a scheme that reads the han, a hand is bigger with more b and as many han or more: 1000
    # more below 3 han makes 2 han 20 fu (b = 320) pay more than 3 han 20 fu (b = 640)
    ("[{b: 2, round: C}, {points: 1000, below: {han: 3}}]",
     "comes to 1300 for 3 han 20 fu (b = 640) but 1700 for the smaller 2 han 20 fu (b = 320)"),
])
def test_a_bigger_hand_may_not_pay_less(tmp_path, dealer, said):
    unfair = tmp_path / "unfair.yaml"
    unfair.write_text(f"extends: tsumo-loss\ntitle: small hands pay more\nnon_dealer_wins:\n  dealer: {dealer}\n",
                      encoding="utf-8")
    result = runner.invoke(app, ["rules", "check", str(unfair)])
    assert result.exit_code == 1
    assert result.output.strip() == f"Error: {unfair}:4, at non_dealer_wins.dealer: {said}: a bigger hand would pay less"


@pytest.mark.parametrize("scheme, rows", [
    ("add-1000-from-mangan.yaml", ["mangan 2000 8000 3000/5000 = 8000 12000 5000 all = 10000",
                                   "1 han 30 fu 240 1000 300/500 = 800 1500 500 all = 1000"]),
    # a scheme that reads the han shows both hands of b = 1920
    ("add-1000-from-3-han.yaml", ["3 han 60 fu 1920 7700 3000/4900 = 7900 11600 4900 all = 9800",
                                  "4 han 30 fu 1920 7700 3000/4900 = 7900 11600 4900 all = 9800"]),
])
def test_rules_check_passes_and_shows_the_samples(scheme, rows):
    result = runner.invoke(app, ["rules", "check", str(ROOT / "examples" / scheme)])
    assert result.exit_code == 0, result.output
    lines = [" ".join(line.split()) for line in result.output.splitlines()]
    assert all(row in lines for row in rows), lines


def test_every_bad_condition_is_one_line_at_its_key_path(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: tsumo-loss\ntitle: bad conditions\ndealer_wins:\n"
                   "  non_dealer: [{b: 2, round: C}, {points: 1000, from: manganx}]\n"
                   "  ron: [{b: 6, round: C}, {points: 1000, from: {han: three}}]\n"
                   "non_dealer_wins:\n"
                   "  non_dealer: [{b: 1, round: C}, {points: 1000, form: mangan}]\n"
                   "  dealer: [{b: 2, round: C}, {points: 1000, from: haneman, below: mangan}]\n"
                   "  ron: [{b: 4, round: C}, {points: 1, from: {hna: 3}}, {points: 1, from: {}}, {points: 1, from: [1]}, "
                   "{points: 1, below: {fu: 15}}, {points: 1, below: {fu: 20}}, "
                   "{points: 1, from: {han: 5}, below: {han: 3}}]\n", encoding="utf-8")
    result = runner.invoke(app, ["rules", "check", str(bad)])
    assert result.exit_code == 1
    takes = "from takes a limit (mangan, haneman, baiman, sanbaiman, yakuman) or {han: N}, {fu: N}"
    assert result.output.strip().splitlines() == [
        f"Error: {bad}:4, at dealer_wins.non_dealer[1].from: {takes}; got 'manganx' (did you mean mangan?)",
        f"{bad}:5, at dealer_wins.ron[1].from.han: han is a whole number 1 or more, got 'three'",
        f"{bad}:7, at non_dealer_wins.non_dealer[1].form: unknown key (did you mean from?); an amount is one of b, "
        f"points, sum, ron, north, non_dealer, dealer, with round, from and below",
        f"{bad}:8, at non_dealer_wins.dealer[1].below: from haneman and below mangan: no hand is both",
        f"{bad}:9, at non_dealer_wins.ron[1].from.hna: unknown key (did you mean han?); a bound on the hand has han, "
        f"fu or both",
        f"{bad}:9, at non_dealer_wins.ron[2].from: {takes}; got an empty mapping",
        f"{bad}:9, at non_dealer_wins.ron[3].from: {takes}; got a list",
        f"{bad}:9, at non_dealer_wins.ron[4].below.fu: fu is a whole number from 20 to 140, got 15",
        f"{bad}:9, at non_dealer_wins.ron[5].below.fu: no hand has fewer than 20 fu",
        f"{bad}:9, at non_dealer_wins.ron[6].below: from 5 han and below 3 han: no hand is both",
    ]


@pytest.mark.parametrize("scheme, value, steps", [
    ("add-1000-from-mangan.yaml", ["--han", "1", "--fu", "30"],
     ["the non-dealer pays C(b) + 1000 from mangan = C(240) + 0 = 300 + 0 = 300",
      "the dealer pays C(2b) + 1000 from mangan = C(480) + 0 = 500 + 0 = 500"]),
    ("add-1000-from-mangan.yaml", ["--limit", "mangan"],
     ["the non-dealer pays C(b) + 1000 from mangan = C(2000) + 1000 = 2000 + 1000 = 3000"]),
    ("add-1000-from-3-han.yaml", ["--han", "2", "--fu", "60"],
     ["the non-dealer pays C(b) + 1000 from 3 han = C(960) + 0 = 1000 + 0 = 1000",
      "the dealer pays C(2b) + 1000 from 3 han = C(1920) + 0 = 2000 + 0 = 2000"]),
])
def test_pay_explain_shows_the_condition(scheme, value, steps):
    result = runner.invoke(app, ["pay", *value, "--tsumo", "--scheme", str(ROOT / "examples" / scheme), "--explain"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert all(step in said for step in steps), said


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


# ---------------------------------------------------------------- conditions on the han and fu

BY_HAN = ROOT / "examples" / "add-1000-from-3-han.yaml"


@pytest.mark.parametrize("kwargs, expected", [
    (dict(han=2, fu=60, tsumo=True), (1000, 2000)),  # b = 960, 2 han: tsumo-loss's C(b), C(2b)
    (dict(han=3, fu=30, tsumo=True), (2000, 3000)),  # the same b = 960, 3 han: 1000 + 1000, 2000 + 1000
    (dict(han=3, fu=60, tsumo=True), (3000, 4900)),  # b = 1920: C(1920) + 1000, C(3840) + 1000
    (dict(han=4, fu=30, tsumo=True), (3000, 4900)),  # b = 1920 too
    (dict(han=3, fu=30, tsumo=True, dealer=True), (3000, 3000)),  # C(2b) + 1000 each
    (dict(han=3, fu=30), (3900,)),  # a ron is tsumo-loss's: C(4b)
    (dict(yakuman=1, tsumo=True), (9000, 17000)),  # a yakuman counts 13 han: 8000 + 1000, 16000 + 1000
])
def test_the_amount_counts_from_3_han_up(kwargs, expected):
    assert _amounts(calc.pay(scheme=str(BY_HAN), **kwargs)) == expected


def test_the_same_basic_points_pay_by_the_han(tmp_path):
    """3 han 60 fu and 4 han 30 fu share b = 1920: a bound at 4 han pays them differently."""
    scheme = tmp_path / "from-4-han.yaml"
    scheme.write_text("extends: tsumo-loss\ntitle: add 1000 from 4 han\nnon_dealer_wins:\n"
                      "  non_dealer: [{b: 1, round: C}, {points: 1000, from: {han: 4}}]\n"
                      "  dealer: [{b: 2, round: C}, {points: 1000, from: {han: 4}}]\n", encoding="utf-8")
    assert _amounts(calc.pay(han=3, fu=60, tsumo=True, scheme=str(scheme))) == (2000, 3900)
    assert _amounts(calc.pay(han=4, fu=30, tsumo=True, scheme=str(scheme))) == (3000, 4900)


def test_a_bound_on_the_fu_holds_where_the_fu_count(tmp_path):
    """From 5 han the fu count for nothing (rules.md §3): a bound on the fu holds for such a hand."""
    scheme = tmp_path / "from-70-fu.yaml"
    scheme.write_text("extends: tsumo-loss\ntitle: add 500 from 70 fu\nnon_dealer_wins:\n"
                      "  non_dealer: [{b: 1, round: C}, {points: 500, from: {fu: 70}}]\n"
                      "  dealer: [{b: 2, round: C}, {points: 500, from: {fu: 70}}]\n", encoding="utf-8")
    check = runner.invoke(app, ["rules", "check", str(scheme)])
    assert check.exit_code == 0, check.output
    pays = {(han, fu): _amounts(calc.pay(han=han, fu=fu, tsumo=True, scheme=str(scheme)))
            for han, fu in ((1, 60), (1, 70), (4, 40))}
    assert pays == {(1, 60): (500, 1000),  # b = 480
                    (1, 70): (1100, 1700),  # b = 560: C(560) + 500, C(1120) + 500
                    (4, 40): (2000, 4000)}  # a mangan by its 40 fu: the bound does not hold
    assert _amounts(calc.pay(limit="mangan", tsumo=True, scheme=str(scheme))) == (2500, 4500)  # 5 han


def test_a_yakuman_counts_13_han_a_multiple(tmp_path):
    scheme = tmp_path / "double-yakuman-bonus.yaml"
    scheme.write_text("extends: tsumo-loss\ntitle: double yakuman bonus\nnon_dealer_wins:\n"
                      "  ron: [{b: 4, round: C}, {points: 1000, from: {han: 26}}]\n", encoding="utf-8")
    assert calc.pay(yakuman=1).han == 13
    assert calc.pay(yakuman=2).han == 26
    assert _amounts(calc.pay(yakuman=1, scheme=str(scheme))) == (32000,)
    assert _amounts(calc.pay(yakuman=2, scheme=str(scheme))) == (65000,)  # 64000 + 1000
    # a scored yakuman (daisangen) is 13 han as its --json says, and pays as one
    scored = calc.score("234p1s [555z] [666z] [777z] 1s", scheme=str(scheme))
    assert (scored.han, scored.yakuman, scored.total) == (13, 1, 32000)


def test_a_liable_players_part_counts_13_han_a_multiple(tmp_path):
    """Pao on a double yakuman (rules.md §5): each part is paid as a hand of its own multiples."""
    from calc.core.rules import load
    from calc.scoring.value import limit_value
    from calc.table.payment import win

    scheme = tmp_path / "double-yakuman-bonus.yaml"
    scheme.write_text("extends: tsumo-loss\ntitle: double yakuman bonus\nnon_dealer_wins:\n"
                      "  ron: [{b: 4, round: C}, {points: 1000, from: {han: 26}}]\n"
                      "  non_dealer: [{b: 1, round: C}, {points: 1000, from: {han: 26}}]\n"
                      "  dealer: [{b: 2, round: C}, {points: 1000, from: {han: 26}}]\n", encoding="utf-8")
    rules = load("standard").with_scheme(str(scheme))
    double = limit_value("yakuman", rules.hand, yakuman=2)

    def paid(**pao):
        s = win(double, winner=1, dealer=0, discarder=None, honba=0, sticks=0, rules=rules, **pao)
        return [(p.payer, p.role, p.amount) for p in s.payments]

    assert paid() == [(2, "non-dealer", 17000), (0, "dealer", 33000)]  # 16000 + 1000, 32000 + 1000
    # seat 2 answers for one yakuman (13 han: its ron, 32000), the other is paid as one: no bonus
    assert paid(liable=2, liable_yakuman=1) == [(2, "pao", 32000), (2, "non-dealer", 8000), (0, "dealer", 16000)]
    assert paid(liable=2) == [(2, "pao", 65000)]  # the whole double yakuman's ron: 64000 + 1000


def test_scored_hands_of_one_b_are_paid_by_their_han():
    """calc.score pays hands of one situation from a table; under a scheme that reads the han it is
    keyed by them too: 2 han 60 fu and 3 han 30 fu (b = 960) scored one after the other."""
    two = calc.score("234p567p345s1p1p (3333z)", tsumo=True, riichi=True, scheme=str(BY_HAN))
    three = calc.score("234p567p888s345s1p1p", tsumo=True, riichi=True, dora="1p", scheme=str(BY_HAN))
    again = calc.score("234p567p345s1p1p (3333z)", tsumo=True, riichi=True, scheme=str(BY_HAN))
    assert (two.han, two.fu, two.basic_points, _amounts(two)) == (2, 60, 960, (1000, 2000))
    assert (three.han, three.fu, three.basic_points, _amounts(three)) == (3, 30, 960, (2000, 3000))
    assert _amounts(again) == (1000, 2000)


def test_hand_batch_and_explain_pay_by_the_han():
    lines = "".join(json.dumps(line) + "\n" for line in (
        {"hand": "234p567p345s1p1p (3333z)", "tsumo": True, "riichi": True},
        {"hand": "234p567p888s345s1p1p", "tsumo": True, "riichi": True, "dora": "1p"}))
    batch = runner.invoke(app, ["hand", "--batch", "-", "--json", "--scheme", str(BY_HAN)], input=lines)
    assert batch.exit_code == 0, batch.output
    assert [json.loads(line)["total"] for line in batch.output.splitlines()] == [3000, 5000]
    explained = runner.invoke(app, ["hand", "234p567p888s345s1p1p", "--tsumo", "--riichi", "--dora", "1p",
                                    "--scheme", str(BY_HAN), "--explain"])
    assert explained.exit_code == 0, explained.output
    assert "the non-dealer pays C(b) + 1000 from 3 han = C(960) + 1000 = 1000 + 1000 = 2000" in \
        " ".join(explained.output.split())


RECORD = """\
rules: standard
length: east
players: [Ana, Bo, Chen]
hands:
  - win: {winner: Bo, tsumo: true, han: 2, fu: 60}
  - win: {winner: Chen, tsumo: true, han: 3, fu: 30}
"""


def test_settle_pays_by_the_han(tmp_path):
    record = tmp_path / "two-tsumos.yaml"
    record.write_text(RECORD, encoding="utf-8")
    settled = runner.invoke(app, ["settle", str(record), "--scheme", str(BY_HAN), "--json"])
    assert settled.exit_code == 0, settled.output
    data = json.loads(settled.output)
    # E1, Ana deals: Bo's 2 han 60 fu (b = 960) is tsumo-loss's, Chen 1000 and Ana 2000. E2, Bo deals:
    # Chen's 3 han 30 fu (b = 960 too) takes 1000 more from each, Ana 2000 and Bo 3000.
    assert [row["deltas"] for row in data["ledger"]] == [{"Ana": -2000, "Bo": 3000, "Chen": -1000},
                                                         {"Ana": -2000, "Bo": -3000, "Chen": 5000}]


def test_replay_and_compare_pay_by_the_han():
    """The example game's tsumo wins of 3 han or more: Player A's E2 (3 han 50 fu), Player B's E3
    (3 han 30 fu) and S1 (3 han 40 fu), Player C's S3 (a mangan, 5 han): each takes 1000 more from
    each payer, so against tsumo-loss A ends 1000 lower, B 2000 higher, C 1000 lower."""
    replayed = runner.invoke(app, ["replay", str(LOG), "--scheme", str(BY_HAN), "--json"])
    assert replayed.exit_code == 0, replayed.output
    schemes = json.loads(replayed.stdout.splitlines()[0])["schemes"]
    assert schemes["tsumo-loss"]["final_scores"] == [28700, 49700, 26600]
    assert schemes["add 1000 from 3 han"]["final_scores"] == [27700, 51700, 25600]
    compared = runner.invoke(app, ["compare", "--logs", str(LOG), "--schemes", str(BY_HAN), "--json"])
    assert compared.exit_code == 0, compared.output
    figures = json.loads(compared.output)["schemes"]["add 1000 from 3 han"]
    assert [d["mean"] for d in figures["versus_baseline"]["mean_points"]] == [-1.0, 2.0, -1.0]
