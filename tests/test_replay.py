"""`sanma replay`: every real game reproduced in both formats, re-settled under other schemes, bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from calc.cli.app import app
from calc.logs import read_log
from calc.logs.replay import replay, resettle
from calc.core.rules import SCHEMES

GAME = "2026011603gm-00b9-0000-36cf9559"
runner = CliRunner()


@pytest.fixture(scope="module")
def replays(data_dir: Path) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for folder, ext in (("mjlog", "xml"), ("json", "json")):
        out[folder] = {}
        for path in sorted((data_dir / folder).glob(f"*.{ext}")):
            r = replay(read_log(path), str(path))
            out[folder][r.game] = r
    return out


def test_every_real_game_is_reproduced_in_both_formats(replays, games_truth):
    for folder, games in replays.items():
        assert len(games) == 201
        assert sum(r.wins_matching for r in games.values()) == 1552, folder
        assert sum(r.draws_matching for r in games.values()) == 300, folder
        assert [m.text() for r in games.values() for m in r.mismatches] == [], folder
        for t in games_truth:
            r = games[t["game_id"]]
            assert list(r.final_scores) == t["final_scores"] and list(r.final_points) == t["final_points"]
            assert r.settled.state.ended and len(r.settled.rows) == t["rounds"]


def test_both_formats_give_identical_results(replays):
    for game_id, r in replays["mjlog"].items():
        xml, js = r.to_dict(), replays["json"][game_id].to_dict()
        xml.pop("file"), js.pop("file")
        assert xml == js, game_id


def test_other_schemes_keep_the_hands_and_change_the_payments(replays):
    r = replays["mjlog"][GAME]
    settled = resettle(r, list(SCHEMES))
    assert list(settled) == list(SCHEMES)
    assert settled["tsumo-loss"] is r.settled
    finals = {name: tuple(s.score for s in sorted(x.standings, key=lambda s: s.seat)) for name, x in settled.items()}
    assert finals["tsumo-loss"] == (28700, 49700, 26600)
    assert finals["north-split"] == (26900, 49700, 28400)
    assert finals["double-take"] == (22300, 51300, 31400)
    for x in settled.values():  # points are conserved under every scheme
        assert sum(s.score for s in x.standings) == 105000


def test_an_other_scheme_can_end_the_game_earlier(replays):
    """Some game busts or ends earlier under a scheme paying bigger tsumo; it stops there."""
    earlier = []
    for r in replays["mjlog"].values():
        for name, x in resettle(r, ["double-take"]).items():
            if x.unplayed:
                earlier.append((r.game, x.state.end_reason, x.state.hands, len(r.log.rounds)))
                assert x.state.hands + x.unplayed == len(r.log.rounds)
    assert earlier and all(hands < total for _, _, hands, total in earlier)


def test_cli_replays_a_directory(data_dir):
    result = runner.invoke(app, ["replay", str(data_dir / "mjlog"), "--wide"])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 202
    assert lines[-1] == (
        "201 game(s): 1552/1552 wins, 300/300 draws, 201/201 final results reproduced; 201/201 games match the log"
    )
    assert lines[0].startswith(f"{GAME}: 10 hands (8 wins, 2 draws) reproduced; final Player A 28700 (-11.3)")


def test_cli_json_and_schemes(data_dir):
    result = runner.invoke(app, ["replay", str(data_dir / "json" / f"{GAME}.json"), "--json", "--scheme", "maru-dori"])
    assert result.exit_code == 0, result.output
    game = json.loads(result.stdout.splitlines()[0])
    assert game["game"] == GAME and game["mismatches"] == []
    assert game["final_scores"] == [28700, 49700, 26600] and game["final_points"] == [-11.3, 44.7, -33.4]
    assert game["players"] == ["Player A", "Player B", "Player C"]
    assert game["hands"][1] == {
        "round": "E2", "honba": 1, "sticks": 0, "dealer": 1, "riichi": [2], "draw": None,
        "deltas": [6000, -3300, -2700], "scores": [41000, 31700, 32300],
        "wins": [{"winner": 0, "from": None, "tsumo": True, "han": 3, "fu": 50, "limit": None, "points": 4800,
                  "deltas": [6000, -3300, -1700], "yaku": [["seat_wind_west", 1], ["toitoi", 2]],
                  "hand": "11144p77s4p [333z] [111m]"}],
    }
    assert game["hands"][0]["draw"] == "exhaustive" and game["hands"][6]["draw"] == "nine-terminals"
    ron = game["hands"][4]["wins"][0]
    assert (ron["winner"], ron["from"], ron["tsumo"]) == (1, 0, False) and game["hands"][4]["riichi"] == [1, 0, 2]
    assert list(game["schemes"]) == ["tsumo-loss", "maru-dori"]
    assert game["schemes"]["maru-dori"]["final_scores"] == [27100, 49000, 28900]
    # the end is a code at the top and under each scheme alike, its words beside it
    for where in (game, *game["schemes"].values()):
        assert (where["ended"], where["end"], where["hands_played"]) == (True, "last hand", 10)
        assert where["end_text"].startswith("last hand played, Player B has")


def test_cli_all_schemes_table(data_dir):
    result = runner.invoke(app, ["replay", str(data_dir / "mjlog" / f"{GAME}.xml"), "--all-schemes", "--wide"])
    assert result.exit_code == 0, result.output
    assert "tsumo-loss *   -11.3 (2. 28700)  +44.7 (1. 49700)  -33.4 (3. 26600)" in result.output
    narrow = runner.invoke(app, ["replay", str(data_dir / "mjlog" / f"{GAME}.xml"), "--all-schemes"]).output
    # the summary line stays one line; a path longer than the line cannot be broken
    assert all(len(line) <= 80 or " " not in line.strip() for line in narrow.splitlines()[:-1]), narrow
    assert "tsumo-loss *   -11.3       +44.7       -33.4" in narrow and "(2. 28700)  (1. 49700)  (3. 26600)" in narrow
    for name in SCHEMES:
        assert name in result.output


def test_cli_lists_mismatches_and_fails(tmp_path, data_dir):
    text = (data_dir / "mjlog" / f"{GAME}.xml").read_text()
    claim = 'ten="50,4800,0"'
    assert text.count(claim) == 1
    bad = tmp_path / "claims-40-fu.xml"
    bad.write_text(text.replace(claim, 'ten="40,4800,0"'))
    result = runner.invoke(app, ["replay", str(bad), "--wide"])
    assert result.exit_code == 1
    assert "E2-1 fu: ours 50, log 40 [Player A: 11144p77s4p [333z] [111m]]" in result.output
    assert "0/1 games match the log" in " ".join(result.output.split())  # the summary wraps at 80 columns


def test_cli_bad_files_do_not_stop_the_others(tmp_path, data_dir):
    (tmp_path / "a.xml").write_bytes((data_dir / "mjlog" / f"{GAME}.xml").read_bytes())
    (tmp_path / "b.json").write_text('{"not": "a log"}')
    (tmp_path / "c.mjlog").write_bytes(b"\x1f\x8b\x08\x00\x00")
    result = runner.invoke(app, ["replay", str(tmp_path)])
    assert result.exit_code == 1
    # found in the folder, a JSON file that is no game record is skipped as a README is; a broken log is not
    assert f"note: skipped 1 file that is not a log: {tmp_path / 'b.json'}" in result.stderr
    assert "b.json: not a Tenhou log" not in result.stderr
    assert f"Error: {tmp_path / 'c.mjlog'}: truncated gzip" in result.stderr
    assert result.stdout.startswith("a: 10 hands")  # an mjlog holds no game id: the file name gives it
    assert "1 file(s) could not be read" in " ".join(result.stdout.split())
    # named on the command line it is an error
    named = runner.invoke(app, ["replay", str(tmp_path / "b.json")])
    assert named.exit_code == 1
    assert f"Error: {tmp_path / 'b.json'}: not a Tenhou log: the JSON has no `log` array" in named.stderr


NOT_LOGS = {
    "package.json": '{"name": "club", "version": "1.0"}\n',  # some program's data
    "results.jsonl": '{"line": 1, "error": "x"}\n{"line": 2, "error": "y"}\n',  # JSON lines, not mjai events
    "settings.xml": '<?xml version="1.0"?>\n<config><a/></config>\n',  # XML whose root is no <mjloggm>
    "empty.json": "",
}


@pytest.mark.parametrize("command", [["replay"], ["replay", "--csv"], ["replay", "--json"],
                                     ["compare", "--logs", "--schemes", "maru-dori"]])
def test_json_and_xml_files_in_a_folder_that_are_not_logs_are_skipped(tmp_path, data_dir, command):
    (tmp_path / "a.xml").write_bytes((data_dir / "mjlog" / f"{GAME}.xml").read_bytes())
    for name, text in NOT_LOGS.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    result = runner.invoke(app, [*command, str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "Error" not in result.output
    note = "skipped 4 files that are not logs:"
    assert note in " ".join(result.output.split())
    for name in NOT_LOGS:
        named = runner.invoke(app, [*command, str(tmp_path / name)])
        assert named.exit_code == 1 and f"{tmp_path / name}: not a" in named.output, (command, name)


def test_cli_usage_errors(data_dir):
    path = str(data_dir / "mjlog" / f"{GAME}.xml")
    # an unknown scheme is bad input (exit 1), as in every other command; a flag clash is usage (2)
    assert runner.invoke(app, ["replay", path, "--scheme", "nope"]).exit_code == 1
    assert runner.invoke(app, ["replay", path, "--scheme", "maru-dori", "--all-schemes"]).exit_code == 2
    assert runner.invoke(app, ["replay"]).exit_code == 2


def test_cli_finds_logs_in_subfolders_and_notes_other_files(tmp_path, data_dir):
    (tmp_path / "2026" / "01").mkdir(parents=True)
    (tmp_path / "2026" / "01" / "a.xml").write_bytes((data_dir / "mjlog" / f"{GAME}.xml").read_bytes())
    (tmp_path / "2026" / "b.json").write_bytes((data_dir / "json" / f"{GAME}.json").read_bytes())
    (tmp_path / "README.md").write_text("# our club's games\n")
    # a report written beside the logs (`replay --html`) is a page, not a log
    (tmp_path / "report.html").write_text("<!DOCTYPE html>\n<html><body>standings</body></html>\n")
    (tmp_path / "2026" / "c.xml").write_bytes(b'<?xml version="1.0" encoding="UTF-8"?>\n'
                                              + (data_dir / "mjlog" / f"{GAME}.xml").read_bytes())
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "c.xml").write_text("<broken")
    result = runner.invoke(app, ["replay", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert f"note: skipped 2 files that are not logs: {tmp_path / 'README.md'}, {tmp_path / 'report.html'}" \
        in result.stderr
    assert "Error" not in result.stderr
    # the one with an XML declaration too, and the same game in its JSON: one game, counted once
    assert "1/1 games match the log" in " ".join(result.stdout.split())
    assert "counted once: 2 games read again" in result.stderr
    only_notes = tmp_path / "notes"
    only_notes.mkdir()
    (only_notes / "todo.txt").write_text("replay these\n")
    result = runner.invoke(app, ["replay", str(only_notes)])
    assert result.exit_code == 1
    assert f"no log files given: skipped 1 file that is not a log: {only_notes / 'todo.txt'}" in result.stderr
    # a file named on the command line is read whatever it holds: not a log is an error there
    result = runner.invoke(app, ["replay", str(tmp_path / "README.md")])
    assert result.exit_code == 1 and "not a Tenhou log" in result.stderr


def test_default_output_fits_80_columns(data_dir, tmp_path, monkeypatch):
    from calc.core.layout import cells

    # a file name is never broken: the game is given by a short relative name, as a user in its folder would
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.json").write_bytes((data_dir / "json" / f"{GAME}.json").read_bytes())
    for args in (["replay", str(data_dir / "mjlog")], ["replay", "game.json", "--all-schemes"]):
        out = runner.invoke(app, args).output
        assert max(cells(line) for line in out.splitlines()) <= 80, args


# The scores a log states before each hand and each result are checked against the replay's own:
# a log whose stated scores drift (totals still right) does not match, whatever its deltas say.
@pytest.mark.parametrize("claim, edited, line", [
    # the first draw (E1-0): the before-scores of its sc
    ('<RYUUKYOKU ba="0,0" sc="350,0,350,0,350,0,0,0" />', '<RYUUKYOKU ba="0,0" sc="340,0,350,0,360,0,0,0" />',
     "E1-0 scores before the result: ours (35000, 35000, 35000), log (34000, 35000, 36000)"),
    # a win's sc (E3-0)
    ('sc="410,-10,317,30,323,-20,0,0"', 'sc="400,-10,317,30,333,-20,0,0"',
     "E3-0 scores before the result: ours (41000, 31700, 32300), log (40000, 31700, 33300) [Player B: "),
    # a hand's start (S1-0, after riichi deposits: the sc of that win stays as logged)
    ('ten="400,347,303,0"', 'ten="390,357,303,0"',
     "S1-0 start scores: ours (40000, 34700, 30300), log (39000, 35700, 30300)"),
])
def test_cli_checks_the_scores_an_mjlog_states(tmp_path, data_dir, claim, edited, line):
    text = (data_dir / "mjlog" / f"{GAME}.xml").read_text()
    assert text.count(claim) == 1
    bad = tmp_path / f"{GAME}.xml"
    bad.write_text(text.replace(claim, edited))
    result = runner.invoke(app, ["replay", str(bad), "--wide"])
    assert result.exit_code == 1, result.output
    assert line in result.output
    assert "0/1 games match the log" in result.output


def test_cli_checks_the_start_scores_a_tenhou6_log_states(tmp_path, data_dir):
    data = json.loads((data_dir / "json" / f"{GAME}.json").read_text())
    assert data["log"][2][1] == [41000, 31700, 32300, 0]
    data["log"][2][1] = [40000, 32700, 32300, 0]
    bad = tmp_path / f"{GAME}.json"
    bad.write_text(json.dumps(data, ensure_ascii=False))
    result = runner.invoke(app, ["replay", str(bad), "--wide"])
    assert result.exit_code == 1, result.output
    assert "E3-0 start scores: ours (41000, 31700, 32300), log (40000, 32700, 32300)" in result.output
    assert "0/1 games match the log" in result.output
