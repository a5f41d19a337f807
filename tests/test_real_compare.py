"""`sanma compare --logs`: the repository's real games settled under every scheme."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from calc.cli.app import app
from calc.core import rules as R
from calc.logs import read_log
from calc.sim import real_compare
from calc.sim.compare import BASELINE

SCHEMES = ("tsumo-loss", *(s for s in R.SCHEMES if s != "tsumo-loss"))
runner = CliRunner()


@pytest.fixture(scope="module")
def games(data_dir):
    return real_compare.gather([data_dir / "mjlog"], SCHEMES)


def _hands(settled) -> list[tuple]:
    """What was played in each hand: the result's kind, winners, tsumo or not, and riichi."""
    return [(row.number, type(row.kyoku.result).__name__, tuple((w.winner, w.tsumo) for w in row.kyoku.wins),
             tuple(r.seat for r in row.kyoku.riichi)) for row in settled.rows]


def test_every_game_is_compared(games, games_truth):
    assert games.comparison.matches == len(games_truth) == 201
    assert len(games.results) == 201 and all(set(r) == set(SCHEMES) for r in games.results)


def test_the_hands_are_paired_across_schemes(games):
    """Every scheme plays the same hands, in the same order; one that ends a game earlier plays a
    prefix of them, and a game that goes on plays them all."""
    for settled in games.settled:
        played = _hands(settled[BASELINE])
        for scheme in SCHEMES:
            mine = _hands(settled[scheme])
            assert mine == played[: len(mine)]
            assert len(mine) == len(played) or settled[scheme].state.ended
            assert settled[scheme].unplayed == len(played) - len(mine)


def test_totals_are_conserved_under_every_scheme(games):
    for settled in games.settled:
        for scheme in SCHEMES:
            st = settled[scheme]
            start = st.ruleset.match.start * st.ruleset.game.players
            assert sum(s.score for s in st.standings) == start  # leftover sticks go to first place
            assert sum(s.points for s in st.standings) == pytest.approx(0, abs=1e-9)
            for row in st.rows:
                sticks = (row.sticks - row.sticks_before) * st.ruleset.payment.riichi_stick
                assert sum(row.deltas) + sticks == 0


def test_the_tsumo_loss_row_is_the_games_as_recorded(games, data_dir, games_truth):
    results = [r[BASELINE] for r in games.results]
    for path, result in zip(games.files, results):
        game = read_log(path)
        assert result.scores == game.final_scores
        assert result.points == game.final_points
        assert result.hands == len(game.rounds)
    figures = games.comparison.scheme_figures(BASELINE)
    busts = sum(1 for g in games_truth if min(g["final_scores"]) < 0)
    assert figures["bust_rate"] == busts / 201
    assert figures["hands_per_match"] == sum(len(read_log(p).rounds) for p in games.files) / 201
    assert games.ended_early[BASELINE] == games.went_on[BASELINE] == 0


def test_a_scheme_whose_scores_end_a_game_earlier_ends_it_there(games):
    early = games.ended_early["double-take"]
    assert early > 0
    ended = [s["double-take"] for s in games.settled if s["double-take"].unplayed]
    assert len(ended) == early
    assert all(st.state.ended and st.rows[-1].ended for st in ended)


def test_cli_text_json_and_plot(data_dir, tmp_path):
    plot = tmp_path / "real.svg"
    text = runner.invoke(app, ["compare", "--logs", str(data_dir / "mjlog"), "--schemes", "maru-dori",
                               "--plot", str(plot)])
    assert text.exit_code == 0, text.output
    assert text.output.startswith("compare: 201 real games (201 log files), hands as played, profile tenhou")
    assert "difference from tsumo-loss, same hands, paired 95% interval" in text.output
    assert "only the simulated comparison" in text.output
    assert plot.read_text(encoding="utf-8").startswith("<svg")
    out = runner.invoke(app, ["compare", "--logs", str(data_dir / "mjlog"), "--schemes", "maru-dori", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["setup"]["games"] == "real" and data["matches"] == 201
    assert list(data["schemes"]) == ["tsumo-loss", "maru-dori"]
    assert data["schemes"]["maru-dori"]["versus_baseline"]["bust_rate"]["low"] is not None
    # what it found, in words: on the 201 games, maru-dori's dealer earns 1398.9 a dealership against
    # tsumo-loss's 986.6 (+42%), and 58 of 201 games end in a bust against 35 (29% against 17%)
    maru, base = data["schemes"]["maru-dori"], data["schemes"]["tsumo-loss"]
    assert maru["dealer_income_per_dealership"] / base["dealer_income_per_dealership"] == pytest.approx(1.418, abs=1e-3)
    assert (maru["bust_rate"], base["bust_rate"]) == (58 / 201, 35 / 201)
    assert maru["summary"] == (
        "maru-dori: the dealer earns 42% more per dealership [16, 67]; tsumo wins bring 1.28x a ron's income "
        "instead of 0.90x [+0.34, +0.41]; 29% of games end in a bust instead of 17% [+6.6, +16.3 percentage "
        "points]; games are 0.46 hands shorter [0.28, 0.63]; final points spread wider: a standard deviation of "
        "44.2 instead of 41.7 [+1.8, +3.1]; the first dealer (seat 0) ends 3.3 final points higher [1.1, 5.5]; "
        "seat 2 ends 2.7 final points lower [0.2, 5.1]. The games cannot tell which way these move: the share of "
        "games that go into the West round (2.5% against 4.0%, -1.5 percentage points [-3.2, +0.2]); the final "
        "points of seat 1 (-0.7 [-2.6, +1.3]).")
    assert [f["figure"] for f in maru["findings"] if not f["tells"]] == ["extension_round_rate", "mean_points"]
    assert "What changes against tsumo-loss (the same 201 games" in text.output
    assert "maru-dori: the dealer earns 42% more per dealership [16, 67]" in text.output


def test_cli_takes_files_and_folders_together(data_dir):
    files = sorted((data_dir / "json").iterdir())[:2]
    result = runner.invoke(app, ["compare", "--logs", str(files[0]), str(files[1]), "--schemes", "add-1000",
                                 "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["matches"] == 2


@pytest.mark.parametrize("args, code, message", [
    (["compare", "--logs"], 2, "--logs needs the log files"),
    (["compare", "--logs", "x.xml", "--matches", "5"], 2, "--matches is for simulated matches"),
    (["compare", "x.xml"], 2, "compared with --logs"),
    (["compare", "--logs", "x.xml", "--bots", "calibrated"], 2, "--bots is for simulated matches"),
    (["compare", "--logs", "x.xml", "--seed", "0"], 2, "--seed is for simulated matches"),
    (["compare"], 2, "give --matches N"),
])
def test_cli_usage_errors(args, code, message):
    result = runner.invoke(app, args)
    assert result.exit_code == code
    assert message in result.output


def test_cli_bad_file_is_one_line(tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text("hello", encoding="utf-8")
    result = runner.invoke(app, ["compare", "--logs", str(bad)])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "bad.xml" in lines[0] and "not a Tenhou log" in lines[0]
