"""Research-ready output: calc.simulate and calc.compare return the commands' domain values,
`compare --per-match` writes every match under every scheme, and runs of several seeds pool into
the figures and intervals one run of all their matches gives."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import calc
from calc.cli.app import app
from calc.core.output import SCHEMA
from calc.sim.compare import Comparison
from calc.sim.run import SchemeResult

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _rounded(value):
    """Numbers to 9 places: sums taken in another order differ in the last bits."""
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    return round(value, 9) if isinstance(value, float) else value


def _scheme_result(row: dict) -> SchemeResult:
    return SchemeResult(*(tuple(row[f]) if isinstance(row[f], list) else row[f] for f in SchemeResult._fields))


def test_compare_is_the_command_json_as_a_domain_value(tmp_path):
    result = calc.compare(4, seed=3, schemes=["north-split"], workers=1)
    assert isinstance(result, calc.ComparisonResult) and result.matches == 4
    cli = runner.invoke(app, ["compare", "--matches", "4", "--seed", "3", "--schemes", "north-split", "--workers", "1",
                              "--json"])
    assert cli.exit_code == 0, cli.output
    assert result.to_dict() == json.loads(cli.output)
    data = result.to_dict()
    assert list(data)[:2] == ["version", "schema"] and data["schema"] == SCHEMA
    assert data["setup"]["seed"] == 3  # an integer, as given


def test_simulate_is_the_command_json_as_a_domain_value():
    result = calc.simulate(3, seed=5, workers=1)
    assert isinstance(result, calc.SimulationResult) and result.matches == 3
    cli = runner.invoke(app, ["simulate", "--matches", "3", "--seed", "5", "--workers", "1", "--json"])
    assert cli.exit_code == 0, cli.output
    assert result.to_dict() == json.loads(cli.output)
    assert result.to_dict()["setup"]["seed"] == 5


def test_the_api_speaks_of_keywords():
    with pytest.raises(calc.SanmaError, match=r"^matches 0: give 1 to 100,000 matches"):
        calc.compare(0)
    with pytest.raises(calc.SanmaError, match="give matches to simulate, or logs"):
        calc.compare()


def test_per_match_rows_pool_two_seeds_into_one_comparison(tmp_path):
    """The rows of two seeds, put together match by match, give the comparison `a + b` gives."""
    a = calc.compare(5, seed=1, schemes="north-split,maru-dori", workers=1, per_match=tmp_path / "a.jsonl")
    b = calc.compare(4, seed=2, schemes="north-split,maru-dori", workers=1, per_match=tmp_path / "b.jsonl")
    rows = _rows(tmp_path / "a.jsonl") + _rows(tmp_path / "b.jsonl")
    assert len(rows) == 9 * 3 and {r["seed"] for r in rows} == {1, 2}
    matches: dict[tuple, dict] = {}
    for row in rows:
        matches.setdefault((row["seed"], row["match"]), {})[row["scheme"]] = _scheme_result(row)
    one = Comparison(("tsumo-loss", "north-split", "maru-dori"))
    for results in matches.values():
        one.add_results(results)
    both = a + b
    assert both.matches == 9 and both.to_dict()["setup"]["seeds"] == [1, 2]
    for scheme in ("north-split", "maru-dori"):
        assert _rounded(both.scheme_figures(scheme)) == _rounded(one.scheme_figures(scheme))
        mine, theirs = both.differences(scheme), one.differences(scheme)
        for key in ("dealer_income_per_dealership", "hands_per_match", "bust_rate", "points_sd"):
            assert mine[key] == pytest.approx(theirs[key], rel=1e-9, abs=1e-9), key


def test_only_runs_of_one_setup_pool():
    result = calc.compare(6, seed=4, schemes=["north-split"], workers=1)
    assert (result + calc.compare(6, seed=4, schemes=["north-split"], workers=1)).matches == 12
    with pytest.raises(ValueError, match="runs of another bots do not pool"):
        result + calc.compare(6, seed=4, schemes=["north-split"], bots="greedy", workers=1)
    simulated = calc.simulate(2, seed=1, workers=1) + calc.simulate(3, seed=2, workers=1)
    assert simulated.matches == 5 and simulated.to_dict()["setup"]["seeds"] == [1, 2]
    assert simulated.to_dict()["realism"]["matches"] == 5


def test_compare_per_match_csv_of_real_games(tmp_path):
    out = tmp_path / "games.csv"
    result = runner.invoke(app, ["compare", "--logs", str(ROOT / "examples" / "logs"), "--schemes", "north-split",
                                 "--per-match", str(out)])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [r["scheme"] for r in rows] == ["tsumo-loss", "north-split"]  # the game counted once
    assert [rows[0]["score_0"], rows[0]["score_1"], rows[0]["score_2"]] == ["28700", "49700", "26600"]
    bad = runner.invoke(app, ["compare", "--matches", "2", "--per-match", str(tmp_path / "x.txt")])
    assert bad.exit_code != 0 and "--per-match" in bad.output and ".jsonl" in bad.output


def test_a_run_keeps_the_same_whatever_its_matches():
    """What a comparison keeps (the moments of every scheme's figures beside tsumo-loss's, the
    hands' counts, the realism spreads) is the same size after 4 matches and after 16: a run's memory
    does not grow with its matches (it kept every match's results under every scheme, about 10 KB
    a match). Final points are kept as counts of each value, at most one entry per value seen."""
    import pickle

    from calc.sim import commands

    setup = commands.prepare_compare(matches=16, seed=2, length=None, rules="tenhou", bots="calibrated",
                                     schemes="all", plot=None, workers=1)
    short, long = (commands.run_comparison(setup, n, workers=1) for n in (4, 16))
    assert long.matches == 16

    def kept(result) -> int:
        return len(pickle.dumps((result.comparison.moments, result.spreads.moments)))

    assert kept(short) == kept(long)
    for scheme in long.schemes:
        for seat in range(3):
            counts = long.comparison.seat_points(scheme, seat)
            assert sum(counts.values()) == 16 and len(counts) <= 16


def test_the_simulator_code_states_no_speed_or_memory_figure():
    """Figures are measured by `make bench` and given in docs/benchmarks.md; a figure in a comment
    goes stale (the code said "some 50 matches a second" and "7 KB a match, 0.7 GB" long after both
    had changed)."""
    import re

    pattern = re.compile(r"\d[\d,.]*\s*(KB|MB|GB|kB)\b|(matches|hands|games) a second")
    for path in sorted((ROOT / "calc" / "sim").glob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not pattern.search(line), f"{path.name}:{number}: {line.strip()}"
