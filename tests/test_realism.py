"""The default (calibrated) bots play like the real games: every banded figure inside its band, on
enough matches for its 95% interval to be narrower than the band; the realism check's output."""

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
from calc.sim.compare import ratio_estimate
from calc.sim.stats import Tally

TENHOU = R.load("tenhou")
MATCHES = 600  # the widest interval (bust rate) is then about 3 points against a 5-point band

PARTS = realism.PARTS


@pytest.fixture(scope="module")
def default_run():
    s = SR.setup(TENHOU, schemes=("tsumo-loss",), bots=SR.B.BOTS[0], seed="realism")
    results, interrupted = SR.collect(s, MATCHES, want_tally=True, workers=2)
    assert not interrupted and len(results) == MATCHES
    return [r.tally for r in results]


def test_the_bands_cover_the_figures_the_issue_lists():
    assert {b.key for b in realism.BANDS} == set(PARTS)
    assert SR.B.BOTS[0] == "calibrated"  # the default of simulate and compare


def test_default_bots_are_inside_every_band(default_run, data_dir):
    real = truth.build(data_dir)["figures"]  # the real figures, computed from the repository's games
    rows = {r.key: r for r in realism.check(_figures(default_run), real, tallies=default_run)}
    for band in realism.BANDS:
        row = rows[band.key]
        num, den = zip(*(PARTS[band.key](t) for t in default_run))
        value, influence = ratio_estimate(list(num), list(den))
        mean = sum(influence) / len(influence)
        sd = math.sqrt(sum((x - mean) ** 2 for x in influence) / (len(influence) - 1))
        half = 1.96 * sd / math.sqrt(len(influence))
        width = band.half_width * real[band.key] if band.relative else band.half_width
        assert row.simulated == pytest.approx(value) and row.real == real[band.key]
        assert row.interval == pytest.approx(half / real[band.key] if band.relative else half)
        assert half < width, f"{band.key}: the 95% interval ±{half:.4f} is not narrower than the band ±{width:.4f}"
        assert abs(value - real[band.key]) <= width, (
            f"{band.key}: simulated {value:.4f}, real {real[band.key]:.4f}, band ±{width:.4f}")
        assert row.inside


def _figures(tallies) -> dict:
    total = Tally(players=3)
    for t in tallies:
        total.add(t)
    return total.figures()


def test_check_flags_a_figure_outside_its_band():
    real = truth.reference()["figures"]
    simulated = dict(real, tsumo_share=real["tsumo_share"] - 0.05, average_points=real["average_points"] * 1.04)
    rows = {r.key: r for r in realism.check(simulated, real)}
    assert rows["tsumo_share"].inside is False and rows["tsumo_share"].distance == pytest.approx(-0.05)
    assert rows["average_points"].inside is True and rows["average_points"].distance == pytest.approx(0.04)
    (warning,) = realism.warnings(list(rows.values()))
    assert warning.startswith("warning: tsumo share of wins") and "outside its band (±3 pts)" in warning
    east = {r.key: r for r in realism.check(simulated, real, length="east")}
    assert east["bust_rate"].inside is None and east["hands_per_match"].inside is None  # not like for like


runner = CliRunner()


def test_compare_prints_the_realism_check_and_warns_for_the_greedy_bots():
    result = runner.invoke(app, ["compare", "--matches", "40", "--seed", "7", "--bots", "greedy", "--workers", "1",
                                 "--schemes", "maru-dori"])
    assert result.exit_code == 0, result.output
    assert "realism check (greedy bots" in result.output
    assert "warning: deal-in rate (per player-hand)" in result.output  # greedy bots deal in far too often
    short = runner.invoke(app, ["compare", "--matches", "4", "--seed", "7", "--workers", "1", "--schemes", "maru-dori"])
    assert short.exit_code == 0, short.output
    assert "95% interval" in short.output and "wider than the band" in short.output  # 4 matches decide nothing


def test_simulate_json_carries_the_realism_check():
    result = runner.invoke(app, ["simulate", "--matches", "6", "--seed", "2", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["setup"]["bots"] == "calibrated"
    figures = out["realism"]["figures"]
    assert set(figures) == set(PARTS)
    for key, f in figures.items():
        assert f["simulated"] == out["simulated"][key] and f["real"] == out["real"][key]
        assert f["inside"] == (abs(f["distance"]) <= f["band"])
    assert len(out["realism"]["warnings"]) == sum(not f["inside"] for f in figures.values())
