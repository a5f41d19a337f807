"""--csv and --html of settle, replay and compare: the CSV read back with `csv` equals the --json
figures; the page is one self-contained file. (tests/test_browser.py opens the pages in Chromium.)"""

from __future__ import annotations

import csv
import functools
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
        assert row["ended"] == str(schemes[row["scheme"]]["ended"])
    chen = next(r for r in table if r["scheme"] == "tsumo-loss" and r["player"] == "Chen")
    assert (chen["seat"], chen["rank"], chen["score"], chen["points"]) == ("2", "1", "40400", "30.4")  # seat 0 deals first


def _games(data_dir: Path, count: int) -> list[str]:
    return [str(p) for p in sorted((data_dir / "mjlog").glob("*.xml"))[:count]]


REPLAY_COLUMNS = ["game", "hand", "round", "honba", "sticks", "dealer", "draw", "winner", "from", "tsumo", "han", "fu",
                  "points", "yaku", *[f"{what} {seat}" for seat in range(3) for what in ("player", "riichi", "delta",
                                                                                         "score")], "sticks after"]


def _cell(value) -> str:
    """A JSON value as the CSV writes it."""
    return "" if value is None else str(value)


def check_replay_csv(games: list[dict], table: list[dict]) -> None:
    """The typed columns of `replay --csv` are the --json values: a row per win, one per hand without."""
    assert list(table[0]) == REPLAY_COLUMNS
    for game in games:
        mine = [r for r in table if r["game"] == game["game"]]
        results = [(hand, win) for hand in game["hands"] for win in (hand["wins"] or [None])]
        assert len(mine) == len(results)
        for row, (hand, win) in zip(mine, results):
            assert (row["round"], row["honba"], row["sticks"], row["dealer"], row["draw"]) == \
                (hand["round"], str(hand["honba"]), str(hand["sticks"]), str(hand["dealer"]), _cell(hand["draw"]))
            assert [row[f"riichi {seat}"] for seat in range(3)] == [str(seat in hand["riichi"]) for seat in range(3)]
            assert [row[f"player {seat}"] for seat in range(3)] == game["players"]
            assert [int(row[f"score {seat}"]) for seat in range(3)] == hand["scores"]
            win = win or dict.fromkeys(("winner", "from", "tsumo", "han", "fu", "points", "yaku"))
            assert [row[key] for key in ("winner", "from", "tsumo", "han", "fu", "points")] == \
                [_cell(win[key]) for key in ("winner", "from", "tsumo", "han", "fu", "points")]
            assert row["yaku"] == ("" if win["yaku"] is None else ", ".join(f"{n} {h}" for n, h in win["yaku"]))
        # each hand's rows add up to its deltas (a double ron is two rows), the game's to its scores
        for hand in game["hands"]:
            rows_of = [r for r, (h, _) in zip(mine, results) if h is hand]
            assert [sum(int(r[f"delta {seat}"]) for r in rows_of) for seat in range(3)] == hand["deltas"]
        assert [int(mine[-1][f"score {seat}"]) for seat in range(3)] == game["hands"][-1]["scores"]


def test_replay_csv_equals_the_json(data_dir):
    files = _games(data_dir, 3)
    games = [json.loads(line) for line in run("replay", *files, "--json").stdout.splitlines()]
    table = rows(run("replay", *files, "--csv").stdout)
    assert len(table) == sum(max(1, len(h["wins"])) for g in games for h in g["hands"])
    check_replay_csv(games, table)


def test_replay_csv_of_a_double_ron(data_dir):
    """A double ron is two rows of one hand, each winner's payments on its own row."""
    for path in sorted((data_dir / "mjlog").glob("*.xml")):
        game = json.loads(run("replay", str(path), "--json").stdout.splitlines()[0])
        if any(len(hand["wins"]) == 2 for hand in game["hands"]):
            break
    else:
        pytest.fail("no double ron among the real games")
    table = rows(run("replay", str(path), "--csv").stdout)
    check_replay_csv([game], table)
    hand = next(h for h in game["hands"] if len(h["wins"]) == 2)
    two = [r for r in table if r["round"] == hand["round"] and r["honba"] == str(hand["honba"])]
    assert [r["winner"] for r in two] == [str(w["winner"]) for w in hand["wins"]]
    assert [int(two[1][f"delta {seat}"]) for seat in range(3)] == hand["wins"][1]["deltas"]


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
    same = functools.partial(pytest.approx, rel=1e-11)  # the CSV writes 12 significant digits
    for row in table:
        figures = data["schemes"][row["scheme"]]
        seat = int(row["seat"])
        assert float(row["mean_points"]) == same(figures["mean_points"][seat])
        assert [float(row[f"rank_{k}"]) for k in (1, 2, 3)] == same(figures["rank_rates"][seat])
        for key in ("dealer_income_per_dealership", "tsumo_share_of_ron", "bust_rate", "extension_round_rate",
                    "hands_per_match", "points_sd"):
            assert float(row[key]) == same(figures[key])
        versus = figures["versus_baseline"]
        if versus is None:
            assert row["scheme"] == data["baseline"] and row["mean_points_vs_baseline"] == ""
        else:
            diff = versus["mean_points"][seat]
            assert (float(row["mean_points_vs_baseline"]), float(row["low"]), float(row["high"])) == \
                same((diff["mean"], diff["low"], diff["high"]))


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
