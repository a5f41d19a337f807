"""`sanma compare` says what it found: a few plain clauses per scheme against tsumo-loss, each with
its paired 95% interval, and "cannot tell" where an interval holds zero (calc/sim/findings.py); the
same words in the text, the HTML page and --json."""

from __future__ import annotations

import json
import math
import re

import pytest
from typer.testing import CliRunner

from calc.cli.app import app
from calc.sim import run as SR
from calc.sim.compare import Comparison
from calc.sim.findings import findings, summary

runner = CliRunner()


def _result(points=(0.0, 0.0, 0.0), dealer=(0, 1), tsumo=(0, 0), ron=(0, 0), hands=8, bust=False,
            extension=False) -> SR.SchemeResult:
    return SR.SchemeResult(points, (1, 2, 3), (35000,) * 3, dealer[0], dealer[1], tsumo[0], tsumo[1], ron[0], ron[1],
                           hands, bust, extension)


def _comparison(base: list, other: list, scheme: str = "north-split") -> Comparison:
    return Comparison.of({"tsumo-loss": base, scheme: other})


BASE = [_result(points=(10.0, 0.0, -10.0), dealer=(1000, 1), tsumo=(3000, 1), ron=(4000, 1), hands=8),
        _result(points=(-5.0, 5.0, 0.0), dealer=(0, 2), tsumo=(0, 0), ron=(6000, 2), hands=9),
        _result(points=(20.0, -10.0, -10.0), dealer=(2000, 1), tsumo=(5000, 2), ron=(3000, 1), hands=10,
                extension=True),
        _result(points=(0.0, 10.0, -10.0), dealer=(1000, 2), tsumo=(2000, 1), ron=(5000, 1), hands=9)]
OTHER = [_result(points=(12.0, 0.0, -12.0), dealer=(1500, 1), tsumo=(4500, 1), ron=(4000, 1), hands=7, bust=True),
         _result(points=(-5.0, 6.0, -1.0), dealer=(500, 2), tsumo=(0, 0), ron=(6000, 2), hands=9),
         _result(points=(22.0, -11.0, -11.0), dealer=(2600, 1), tsumo=(7000, 2), ron=(3000, 1), hands=9),
         _result(points=(1.0, 10.0, -11.0), dealer=(1400, 2), tsumo=(3000, 1), ron=(5000, 1), hands=8)]


def test_dealer_income_change_is_the_delta_method_on_the_ratio():
    """r = (sum a' / sum b') / (sum a / sum b) - 1, its influence by a numerical gradient of the four
    means (an independent route to the analytic one in compare.paired_relative)."""
    c = _comparison(BASE, OTHER)
    got = c.dealer_income_change("north-split")
    a2, b2 = [r.dealer_income for r in OTHER], [r.dealerships for r in OTHER]
    a1, b1 = [r.dealer_income for r in BASE], [r.dealerships for r in BASE]
    n = len(BASE)

    def g(m):  # the relative change as a function of the four means
        return (m[0] / m[1]) / (m[2] / m[3]) - 1

    columns = (a2, b2, a1, b1)
    means = [sum(col) / n for col in columns]
    grad = []
    for k in range(4):
        h = 1e-6 * means[k]
        up, down = list(means), list(means)
        up[k] += h
        down[k] -= h
        grad.append((g(up) - g(down)) / (2 * h))
    influence = [sum(grad[k] * (columns[k][i] - means[k]) for k in range(4)) for i in range(n)]
    mean_infl = sum(influence) / n
    sd = math.sqrt(sum((x - mean_infl) ** 2 for x in influence) / (n - 1))
    change = g(means)
    assert change == pytest.approx(6000 / 6 / (4000 / 6) - 1)  # 1000 against 666.7 a dealership: +50%
    assert got["mean"] == pytest.approx(change)
    assert got["low"] == pytest.approx(change - 1.96 * sd / math.sqrt(n), rel=1e-6)
    assert got["high"] == pytest.approx(change + 1.96 * sd / math.sqrt(n), rel=1e-6)
    # and the pooled figures it is made of
    assert c.scheme_figures("north-split")["dealer_income_per_dealership"] == 1000.0
    assert c.scheme_figures("tsumo-loss")["dealer_income_per_dealership"] == pytest.approx(4000 / 6)


def test_the_clauses_of_a_small_comparison():
    c = _comparison(BASE, OTHER)
    relative = c.dealer_income_change("north-split")
    found = findings(c, "north-split")
    text = summary("north-split", found)
    low, high = 100 * relative["low"], 100 * relative["high"]
    assert low > 0  # the dealer's gain is told
    assert text.startswith(f"north-split: the dealer earns 50% more per dealership [{math.floor(low)}, "
                           f"{math.ceil(high)}]; ")
    # tsumo income per tsumo win over ron income per ron win, pooled: (14500/4) / (18000/5) against (10000/4) / (18000/5)
    assert "tsumo wins bring 1.01x a ron's income instead of 0.69x" in text
    # one bust in four matches against none: the interval holds zero, so the matches cannot tell
    bust = next(f for f in found if f.figure == "bust_rate")
    assert not bust.tells
    d = c.differences("north-split")["bust_rate"]
    assert d["low"] < 0 < d["high"]
    low, high = math.floor(1000 * d["low"]) / 10, math.ceil(1000 * d["high"]) / 10  # rounded outward
    assert f"the bust rate (25% against 0.0%, +25.0 percentage points [{low:+.1f}, {high:+.1f}])" in text
    # hands: 33 against 36, one fewer in three matches of four
    hands = c.differences("north-split")["hands_per_match"]
    assert hands["mean"] == -0.75
    told = [f.figure for f in found if f.tells]
    assert told[0] == "dealer_income_per_dealership"
    assert "The matches cannot tell which way these move: " in text
    # what tells comes first, what cannot tell after it
    assert [f.tells for f in found] == sorted((f.tells for f in found), reverse=True)


def test_where_every_match_is_the_same_nothing_changed():
    c = _comparison(BASE, BASE, "add-1000")
    text = summary("add-1000", findings(c, "add-1000"))
    assert "the dealer earns what tsumo-loss pays per dealership" in text
    assert "as under tsumo-loss" in text and "cannot tell" not in text


def _unwrapped(text: str) -> str:
    """The text output's paragraphs joined back into lines (continuations are indented by two)."""
    return re.sub(r"\n  (?=\S)", " ", text)


def test_compare_says_what_it_found_in_text_json_and_html(tmp_path):
    args = ["compare", "--matches", "12", "--seed", "5", "--schemes", "north-split,ron-adjust", "--workers", "1"]
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    text = runner.invoke(app, args).stdout
    page = tmp_path / "compare.html"
    assert runner.invoke(app, [*args, "--html", str(page)]).exit_code == 0
    html = page.read_text(encoding="utf-8")
    base = data["schemes"]["tsumo-loss"]
    assert base["findings"] is None and base["summary"] is None
    for name in ("north-split", "ron-adjust"):
        figures = data["schemes"][name]
        assert figures["summary"].startswith(f"{name}: ")
        assert figures["summary"] in _unwrapped(text)
        assert figures["summary"].replace("'", "&#x27;") in html
        for finding in figures["findings"]:
            d = figures["versus_baseline"][finding["figure"]]
            intervals = d if isinstance(d, list) else [d]
            if finding["figure"] == "dealer_income_per_dealership":
                continue  # told from the relative change (checked above)
            # a clause tells when its interval (a seat's, for mean_points) keeps off zero, or when every
            # match came out the same; it cannot tell when the interval holds zero
            holds_zero = [x["low"] <= 0 <= x["high"] and x["low"] != x["high"] for x in intervals]
            assert (not all(holds_zero)) if finding["tells"] else any(holds_zero), finding
        bust = figures["bust_rate"]
        shown = f"{100 * bust:.0f}%" if 100 * bust >= 10 else f"{100 * bust:.1f}%"
        assert shown in figures["summary"]
