"""--csv and --html of settle, replay and compare: the CSV read back with `csv` equals the --json
figures; the page is one self-contained file. (tests/test_browser.py opens the pages in Chromium.)"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from calc.cli.app import app

runner = CliRunner()
MATCH = str(Path(__file__).resolve().parent.parent / "examples" / "match.yaml")
SICHUAN = str(Path(__file__).resolve().parent.parent / "examples" / "sichuan.yaml")


def run(*args: str):
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result


def rows(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text)))


def test_settle_csv_ledger_equals_the_json_ledger():
    ledger = json.loads(run("settle", MATCH, "--json").stdout)["ledger"]
    table = rows(run("settle", MATCH, "--csv").stdout)
    assert len(table) == len(ledger) == 13
    players = ("Ana", "Bo", "Chen")
    for row, hand in zip(table, ledger):
        assert int(row["hand"]) == hand["hand"] and row["round"] == hand["round"]
        assert int(row["honba"]) == hand["honba"] and int(row["sticks"]) == hand["sticks"]
        assert row["dealer"] == hand["dealer"] and row["result"] == hand["what"]
        assert (row["riichi"].split(", ") if row["riichi"] else []) == hand["riichi"]
        assert int(row["sticks after"]) == hand["sticks_after"]
        for name in players:
            assert int(row[f"{name} delta"]) == hand["deltas"][name]
            assert int(row[f"{name} score"]) == hand["scores"][name]
    # a result with a comma is quoted, and reads back whole
    assert table[2]["result"] == "draw, tenpai Ana, Chen"
    assert table[0]["Bo delta"] == "6400" and table[-1]["Chen score"] == "40400"


def test_settle_csv_all_schemes_equals_the_json_standings():
    schemes = json.loads(run("settle", MATCH, "--json", "--all-schemes").stdout)["schemes"]
    table = rows(run("settle", MATCH, "--csv", "--all-schemes").stdout)
    assert list(table[0]) == ["scheme", "player", "seat", "rank", "score", "points", "ended"]
    assert len(table) == 3 * len(schemes)
    for row in table:
        standing = next(s for s in schemes[row["scheme"]]["standings"] if s["player"] == row["player"])
        assert int(row["rank"]) == standing["rank"] and int(row["score"]) == standing["score"]
        assert float(row["points"]) == standing["points"]
        assert row["ended"] == ("yes" if schemes[row["scheme"]]["ended"] else "no")
    chen = next(r for r in table if r["scheme"] == "tsumo-loss" and r["player"] == "Chen")
    assert (chen["rank"], chen["score"], chen["points"]) == ("1", "40400", "30.4")


def _games(data_dir: Path, count: int) -> list[str]:
    return [str(p) for p in sorted((data_dir / "mjlog").glob("*.xml"))[:count]]


def test_replay_csv_equals_the_json(data_dir):
    files = _games(data_dir, 3)
    games = [json.loads(line) for line in run("replay", *files, "--json").stdout.splitlines()]
    table = rows(run("replay", *files, "--csv").stdout)
    assert len(table) == sum(len(g["hands"]) for g in games)
    for game in games:
        mine = [r for r in table if r["game"] == game["game"]]
        assert len(mine) == len(game["hands"])
        for row, hand in zip(mine, game["hands"]):
            assert row["round"] == hand["round"] and int(row["honba"]) == hand["honba"]
            assert [int(row[f"delta {seat}"]) for seat in (1, 2, 3)] == hand["deltas"]
        assert [int(mine[-1][f"score {seat}"]) for seat in (1, 2, 3)] == game["final_scores"]


def test_replay_csv_all_schemes_equals_the_json(data_dir):
    files = _games(data_dir, 2)
    games = [json.loads(line) for line in run("replay", *files, "--json", "--all-schemes").stdout.splitlines()]
    table = rows(run("replay", *files, "--csv", "--all-schemes").stdout)
    assert len(table) == sum(3 * len(g["schemes"]) for g in games)
    for game in games:
        for name, figures in game["schemes"].items():
            mine = sorted((r for r in table if r["game"] == game["game"] and r["scheme"] == name),
                          key=lambda r: int(r["seat"]))
            assert [float(r["points"]) for r in mine] == figures["final_points"]
            assert [int(r["score"]) for r in mine] == figures["final_scores"]


def test_compare_csv_equals_the_json():
    common = ("compare", "--matches", "6", "--seed", "4", "--schemes", "maru-dori,north-split", "--workers", "1")
    data = json.loads(run(*common, "--json").stdout)
    table = rows(run(*common, "--csv").stdout)
    assert len(table) == 3 * len(data["schemes"])
    for row in table:
        figures = data["schemes"][row["scheme"]]
        seat = int(row["seat"])
        assert float(row["mean_points"]) == figures["mean_points"][seat]
        assert [float(row[f"rank_{k}"]) for k in (1, 2, 3)] == figures["rank_rates"][seat]
        for key in ("dealer_income_per_dealership", "tsumo_share_of_ron", "bust_rate", "extension_round_rate",
                    "hands_per_match", "points_sd"):
            assert float(row[key]) == figures[key]
        versus = figures["versus_baseline"]
        if versus is None:
            assert row["scheme"] == data["baseline"] and row["mean_points_vs_baseline"] == ""
        else:
            diff = versus["mean_points"][seat]
            assert (float(row["mean_points_vs_baseline"]), float(row["low"]), float(row["high"])) == \
                (diff["mean"], diff["low"], diff["high"])


def test_settle_html_is_one_self_contained_page(tmp_path):
    out = tmp_path / "match.html"
    result = run("settle", MATCH, "--all-schemes", "--html", str(out))
    assert "tsumo-loss" in result.stdout  # the usual output still goes to stdout
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and '<meta name="viewport"' in page
    for forbidden in ("<script", "src=", "href=", "@import", "url("):
        assert forbidden not in page
    assert page.count('class="score-line"') == 3 and page.count("<details>") == 13
    assert "Final points under every scheme" in page and "north-split" in page


def test_replay_html_has_a_section_per_game(tmp_path, data_dir):
    out = tmp_path / "games.html"
    result = runner.invoke(app, ["replay", *_games(data_dir, 2), "--html", str(out)])
    assert result.exit_code == 0, result.output
    assert "2 game(s)" in result.stdout
    page = out.read_text(encoding="utf-8")
    assert page.count('<section class="game">') == 2 and page.count('class="score-line"') == 6


@pytest.mark.parametrize("args, code, message", [
    (["settle", MATCH, "--html", "out.txt"], 1, "give a .html file name"),
    (["settle", MATCH, "--html", ""], 1, "--html needs a file name"),
    (["settle", MATCH, "--html", "/no/such/folder/out.html"], 1, "no such folder"),
    (["settle", MATCH, "--csv", "--json"], 2, "--csv and --json"),
    (["settle", SICHUAN, "--csv"], 2, "sanma records"),
    (["compare", "--matches", "2", "--html", "x.svg"], 1, "give a .html file name"),
])
def test_bad_share_options(args, code, message):
    result = runner.invoke(app, args)
    assert result.exit_code == code, result.output
    assert message in result.stderr
