"""Each game counted once (the same game in two formats, in two archives, or named twice), and logs
read from archives as they are stored (.tar.xz, .tar.gz, .zip), within their bounds."""

from __future__ import annotations

import io
import json
import shutil
import tarfile
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from calc.cli.app import app
from calc.core import bounds
from calc.logs import read_log
from calc.logs.batch import identity

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_LOGS = ROOT / "examples" / "logs"
GAME = "2026011603gm-00b9-0000-36cf9559"
ARCHIVES = ROOT / "tests" / "data" / "tenhou-sanma"

runner = CliRunner()


def test_one_game_has_one_identity_in_every_format(tmp_path):
    xml, js = EXAMPLE_LOGS / f"{GAME}.xml", EXAMPLE_LOGS / f"{GAME}.json"
    renamed = tmp_path / "another-name.xml"
    shutil.copy(xml, renamed)
    ids = {identity(read_log(p)) for p in (xml, js, renamed)}
    assert len(ids) == 1


def test_replay_counts_a_game_in_two_formats_once():
    result = runner.invoke(app, ["replay", str(EXAMPLE_LOGS)])
    assert result.exit_code == 0, result.output
    assert "1 game(s): 8/8 wins" in result.stdout
    assert f"counted once: 1 game read again, in another file or format, left out ({EXAMPLE_LOGS}/{GAME}.xml is " \
           f"{EXAMPLE_LOGS}/{GAME}.json)" in result.stderr
    twice = runner.invoke(app, ["replay", str(EXAMPLE_LOGS / f"{GAME}.json"), str(EXAMPLE_LOGS / f"{GAME}.json")])
    assert twice.exit_code == 0 and "1 game(s)" in twice.stdout and "counted once: 1 game" in twice.stderr


def test_replay_csv_counts_a_game_once(tmp_path):
    result = runner.invoke(app, ["replay", str(EXAMPLE_LOGS), "--csv"])
    assert result.exit_code == 0, result.output
    assert "counted once: 1 game" in result.stderr and "1 game(s)" in result.stderr
    assert len({line.split(",")[0] for line in result.stdout.splitlines()[1:]}) == 1


def test_compare_logs_counts_a_game_in_two_formats_once():
    """Two copies of one game gave '2 real games' and findings with zero-width intervals."""
    result = runner.invoke(app, ["compare", "--logs", str(EXAMPLE_LOGS), "--schemes", "north-split", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["setup"]["files"] == 1 and data["matches"] == 1
    assert data["read_again"] == [{"file": f"{EXAMPLE_LOGS}/{GAME}.xml", "same_as": f"{EXAMPLE_LOGS}/{GAME}.json"}]
    assert "counted once: 1 game" in result.stderr
    text = runner.invoke(app, ["compare", "--logs", str(EXAMPLE_LOGS), "--schemes", "north-split"]).stdout
    assert "counted once: 1 game read again" in text


def test_the_repository_archives_replay_as_stored_and_count_each_game_once():
    """The 201 games are stored twice (mjlog.tar.xz and json.tar.xz): replayed as stored, 201 games;
    the folder's README and the truth tables in truth.tar.xz are skipped, named."""
    result = runner.invoke(app, ["replay", str(ARCHIVES)])
    assert result.exit_code == 0, result.stderr
    assert "201 game(s): 1552/1552 wins, 300/300 draws, 201/201 final results reproduced" in result.stdout
    assert "counted once: 201 games read again" in result.stderr
    assert f"skipped 4 files that are not logs: {ARCHIVES}/README.md, {ARCHIVES}/truth.tar.xz:truth/" in result.stderr
    compared = runner.invoke(app, ["compare", "--logs", str(ARCHIVES / "mjlog.tar.xz"), str(ARCHIVES / "json.tar.xz"),
                                   "--schemes", "north-split", "--json"])
    assert compared.exit_code == 0, compared.stderr
    assert json.loads(compared.stdout)["matches"] == 201


def _zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return path


def _tar(path: Path, members: dict[str, bytes], mode: str = "w:gz") -> Path:
    with tarfile.open(path, mode) as t:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    return path


def test_zip_and_tar_gz_archives_are_read_in_a_folder_and_named(tmp_path):
    game = (EXAMPLE_LOGS / f"{GAME}.xml").read_bytes()
    folder = tmp_path / "club"
    folder.mkdir()
    _zip(folder / "january.zip", {"logs/one.xml": game, "logs/notes.txt": b"who won\n", "__MACOSX/._one.xml": b"x"})
    _tar(folder / "february.tar.gz", {"one.json": (EXAMPLE_LOGS / f"{GAME}.json").read_bytes()})
    result = runner.invoke(app, ["replay", str(folder)])
    assert result.exit_code == 0, result.stderr
    assert "1 game(s)" in result.stdout
    assert f"skipped 1 file that is not a log: {folder}/january.zip:logs/notes.txt" in result.stderr
    assert f"{folder}/january.zip:logs/one.xml is {folder}/february.tar.gz:one.json" in result.stderr or \
           f"{folder}/february.tar.gz:one.json is {folder}/january.zip:logs/one.xml" in result.stderr


def test_no_logs_names_what_it_skipped(tmp_path):
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "README.md").write_text("our games\n")
    _zip(folder / "scans.zip", {"scan.txt": b"not a log\n"})
    result = runner.invoke(app, ["replay", str(folder)])
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        f"Error: no log files given: skipped 2 files that are not logs: {folder}/README.md, {folder}/scans.zip:scan.txt"]
    compared = runner.invoke(app, ["compare", "--logs", str(folder)])
    assert compared.exit_code == 1 and f"skipped 2 files that are not logs: {folder}/README.md" in compared.output


@pytest.mark.parametrize("bound, value, words", [
    ("ARCHIVE_MEMBER_BYTES", 1000, "unpacks to more than 0 MB (a log is at most a few MB): refused as an archive bomb"),
    ("ARCHIVE_BYTES", 1000, "the archive unpacks to more than 0 MB: refused as an archive bomb"),
    ("ARCHIVE_MEMBERS", 2, "the archive holds more than 2 files"),
])
def test_an_archive_past_a_bound_is_one_line(tmp_path, monkeypatch, bound, value, words):
    monkeypatch.setattr(bounds, bound, value)
    bomb = _tar(tmp_path / "bomb.tar.xz", {f"zeros{k}.json": b"{" + b" " * 5000 + b"}" for k in range(3)}, "w:xz")
    result = runner.invoke(app, ["replay", str(bomb)])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert lines[0].startswith(f"Error: {bomb}: ") and words in lines[0], lines
    assert "Traceback" not in result.output
    compared = runner.invoke(app, ["compare", "--logs", str(bomb)])
    assert compared.exit_code == 1 and words in compared.output


def test_a_truncated_archive_is_one_line(tmp_path):
    whole = (ARCHIVES / "mjlog.tar.xz").read_bytes()
    cut = tmp_path / "cut.tar.xz"
    cut.write_bytes(whole[: len(whole) // 2])
    result = runner.invoke(app, ["replay", str(cut)])
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert errors == [f"Error: {cut}: corrupt or truncated archive: " + errors[0].split("archive: ", 1)[1]]
    assert "game(s)" in result.stdout  # the games before the cut were replayed
