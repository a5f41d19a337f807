"""The default (calibrated) bots play like the real games: every banded figure inside its band of
the 3,001 real games' figures, on enough matches for its 95% interval to be narrower than the band;
the realism check's output; the reference it compares with."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from calc.cli.app import app
from calc.core import rules as R
from calc.sim import realism
from calc.sim import run as SR
from calc.sim import truth
from calc.sim.stats import LIMIT_SHARES, RATIOS, Tally, figure

TENHOU = R.load("tenhou")
MATCHES = 600  # a band for a run this size is the real interval widened by this run's own
SEED = "1"  # the first 600 matches of docs/simulate.md's seed-1 run of 2,000

# The figures the bots are held to (bust rate, points per win, the share of wins at each limit, tsumo
# share, deal-in, win and draw rates, riichi per hand, hands per match, calls per hand).
HELD_FIGURES = {"bust_rate", "average_points", "tsumo_share", "deal_in_rate", "win_rate", "draw_rate",
                 "riichi_per_hand", "hands_per_match", "calls_per_hand",
                 *(f"limit_shares.{name}" for name in LIMIT_SHARES)}


@pytest.fixture(scope="module")
def default_run():
    s = SR.setup(TENHOU, schemes=("tsumo-loss",), bots=SR.B.BOTS[0], seed=SEED)
    results, interrupted = SR.collect(s, MATCHES, want_tally=True, workers=2)
    assert not interrupted and len(results) == MATCHES
    return [r.tally for r in results]


def test_the_bands_cover_the_figures_the_issue_lists():
    assert set(RATIOS) == HELD_FIGURES
    assert SR.B.BOTS[0] == "calibrated"  # the default of simulate and compare


def test_the_reference_is_the_3001_games_with_calls_from_the_201():
    ref = truth.reference()
    large, small = truth.large_sample()["figures"], truth.truth_figures()["figures"]
    assert large["matches"] == 3001 and small["matches"] == 201
    for key in RATIOS:
        source = small if key in truth.FROM_SMALL_SAMPLE else large
        assert figure(ref["figures"], key) == figure(source, key), key
        assert ref["games"][key] == source["matches"]
        assert ref["spread"][key] > 0
    assert sum(large["limit_shares"].values()) == pytest.approx(1.0)
    assert "3001 games" in ref["source"] and "201" in ref["source"]


def test_a_band_is_the_real_interval_widened_by_the_simulated_one():
    ref = truth.reference()
    s = ref["spread"]["bust_rate"]
    assert realism.band("bust_rate", ref) == pytest.approx(1.96 * s * (1 / math.sqrt(3001) + 1 / math.sqrt(2000)))
    s = ref["spread"]["calls_per_hand"]
    assert realism.band("calls_per_hand", ref, 600) == pytest.approx(1.96 * s * (1 / math.sqrt(201) + 1 / math.sqrt(600)))


def test_default_bots_are_inside_every_band(default_run):
    ref = truth.reference()
    rows = {r.key: r for r in realism.check(_figures(default_run), ref, spreads=realism.Spreads.of(default_run))}
    for key in RATIOS:
        row = rows[key]
        num, den = zip(*(RATIOS[key](t) for t in default_run))
        value = sum(num) / sum(den)  # pooled; each match's influence on it by the delta method
        influence = [(a - value * b) / (sum(den) / len(den)) for a, b in zip(num, den)]
        mean = sum(influence) / len(influence)
        sd = math.sqrt(sum((x - mean) ** 2 for x in influence) / (len(influence) - 1))
        half = 1.96 * sd / math.sqrt(len(influence))
        real = figure(ref["figures"], key)
        width = realism.band(key, ref, MATCHES)  # the band for a run of this size
        assert row.simulated == pytest.approx(value) and row.real == real
        assert row.interval == pytest.approx(half)
        assert half < width, f"{key}: the 95% interval ±{half:.4f} is not narrower than the band ±{width:.4f}"
        assert abs(value - real) <= width, f"{key}: simulated {value:.4f}, real {real:.4f}, band ±{width:.4f}"


def _figures(tallies) -> dict:
    total = Tally(players=3)
    for t in tallies:
        total.add(t)
    return total.figures()


def test_check_flags_a_figure_outside_its_band():
    ref = truth.reference()
    real = ref["figures"]
    simulated = dict(real, tsumo_share=real["tsumo_share"] - 0.05, average_points=real["average_points"] + 100)
    rows = {r.key: r for r in realism.check(simulated, ref)}
    assert rows["tsumo_share"].inside is False and rows["tsumo_share"].distance == pytest.approx(-0.05)
    assert rows["average_points"].inside is True and rows["average_points"].distance == pytest.approx(100)
    (warning,) = realism.warnings(list(rows.values()))
    assert warning.startswith("warning: tsumo share of wins") and "outside its band (±1.3 pts)" in warning
    east = {r.key: r for r in realism.check(simulated, ref, length="east")}
    assert east["bust_rate"].inside is None and east["hands_per_match"].inside is None  # not like for like


runner = CliRunner()


def test_compare_prints_the_realism_check_and_warns_for_the_greedy_bots():
    result = runner.invoke(app, ["compare", "--matches", "40", "--seed", "7", "--bots", "greedy", "--workers", "1",
                                 "--schemes", "maru-dori"])
    assert result.exit_code == 0, result.output
    assert "realism check (greedy bots" in result.output
    assert "warning: deal-in rate (per player-hand)" in result.output  # greedy bots deal in far too often


def test_a_short_run_is_held_to_the_bands_of_its_own_size():
    """The README's own example (100 matches) is judged against bands widened for 100 matches, not
    for 2,000 (which printed five NO rows and five warnings): a row says NO only where the run's own
    size cannot explain the distance."""
    result = runner.invoke(app, ["compare", "--matches", "100", "--seed", "1", "--schemes", "north-split"])
    assert result.exit_code == 0, result.output
    assert "this run's 100 matches" in result.output
    data = json.loads(runner.invoke(app, ["compare", "--matches", "100", "--seed", "1", "--schemes", "north-split",
                                          "--json"]).output)
    ref = truth.reference()
    assert data["realism"]["matches"] == 100
    outside = outside_at_2000 = 0
    for key, f in data["realism"]["figures"].items():
        assert f["band"] == pytest.approx(realism.band(key, ref, 100)), key
        if f["distance"] is not None:
            outside += not f["inside"]
            outside_at_2000 += abs(f["distance"]) > realism.band(key, ref, 2000)
    assert outside_at_2000 >= 5 and outside <= 2
    assert result.output.count(" NO\n") == outside


def test_the_stress_bots_are_not_held_to_the_real_games():
    result = runner.invoke(app, ["simulate", "--matches", "6", "--seed", "2", "--workers", "1", "--bots", "stress"])
    assert result.exit_code == 0, result.output
    assert "realism check: not made; the stress bots play stacked deals" in result.output
    assert "warning:" not in result.output and "inside" not in result.output
    data = json.loads(runner.invoke(app, ["simulate", "--matches", "6", "--seed", "2", "--workers", "1", "--bots",
                                          "stress", "--json"]).output)
    assert data["realism"] is None


def test_simulate_json_carries_the_realism_check():
    result = runner.invoke(app, ["simulate", "--matches", "6", "--seed", "2", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["setup"]["bots"] == "calibrated"
    figures = out["realism"]["figures"]
    assert set(figures) == set(RATIOS)
    for key, f in figures.items():
        assert f["simulated"] == figure(out["simulated"], key) and f["real"] == figure(out["real"], key)
        assert f["inside"] == (abs(f["distance"]) <= f["band"])
    assert len(out["realism"]["warnings"]) == sum(not f["inside"] for f in figures.values())
