"""The record keeper (calc/table/keeper.py) and its files (calc/core/files.py) under attack and
faults: a request that tries to write a line of its own into the record, a correction typed into
the file while it is kept, a second keeper through a symlink, `..` or a hard link, names planted
beside the record, a full disk, an alias bomb, and a profile file named from another folder.
Each is what `sanma keep` and `sanma serve` do with it (both keep through this one keeper)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from calc.cli.app import app
from calc.core import files
from calc.core.errors import SanmaError
from calc.table import keeper as K
from calc.table import record

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()
PLAYERS = ("Ana", "Bo", "Chen")


@pytest.fixture
def kept(table):
    keeper = K.Keeper(table, None, None)
    yield keeper
    keeper.close()


def settled_scores(path: Path) -> tuple[int, ...]:
    return record.settle(record.read(path)).state.scores


# ---------------------------------------------------------------- the record is data, never text put together


def test_a_key_that_carries_lines_of_its_own_is_refused_and_writes_nothing(kept, table):
    """f01: the key was written unquoted, and its lines rewrote the match's scheme and uma."""
    before = table.read_bytes()
    scores = settled_scores(table)
    injected = {"draw": {"tenpai": []}, "riichi: []\nscheme: north-split\numa: 10-30\n#": 1}
    with pytest.raises(K.Refused) as refused:
        kept.enter(injected)
    assert refused.value.message.startswith("hand 4: unknown key 'riichi: []\\nscheme: north-split")
    assert "\n" not in refused.value.message
    assert table.read_bytes() == before and settled_scores(table) == scores
    # the same words in a value: a player's name that is not one
    with pytest.raises(K.Refused, match="unknown player 'Ana\\\\nscheme: north-split'"):
        kept.enter({"draw": {"tenpai": ["Ana\nscheme: north-split"]}})
    assert table.read_bytes() == before
    # and the next ordinary hand is taken
    kept.enter({"draw": {"tenpai": ["Ana"]}})
    assert len(record.read(table).hands) == 4


def test_the_emitter_writes_any_text_as_one_value_on_its_line(tmp_path):
    """Names YAML would read as something else (a comment, a key, a list item, a number, a flag)
    are quoted by the emitter, and read back as written."""
    players = ("Ana: x", "#Bo <!--", "- 1")
    keeper = K.Keeper(tmp_path / "m.yaml", None, players)
    try:
        keeper.enter({"riichi": ["#Bo <!--"], "win": {"winner": "#Bo <!--", "from": "- 1", "han": 2, "fu": 30}})
    finally:
        keeper.close()
    text = (tmp_path / "m.yaml").read_text()
    assert text.splitlines()[1:] == [
        "rules: standard",
        "players: ['Ana: x', '#Bo <!--', '- 1']",
        "hands:",
        "  - riichi: ['#Bo <!--']",
        "    win: {winner: '#Bo <!--', from: '- 1', han: 2, fu: 30}",
    ]
    assert record.read(tmp_path / "m.yaml").players == players


def test_record_text_keeps_the_layout_people_write():
    data = {"players": ["Ana", "Bo", "Chen"], "rules": "parlour",
            "start": {"round": "S3", "scores": {"Ana": 30000, "Bo": 40000, "Chen": 35000}},
            "hands": [{"riichi": ["Bo"], "win": {"winner": "Bo", "from": "Ana", "han": 3, "fu": 40}},
                      {"win": [{"winner": "Ana", "from": "Chen", "han": 2, "fu": 30},
                               {"winner": "Bo", "from": "Chen", "limit": "mangan"}]},
                      {"draw": {"tenpai": []}}, {"abort": "nine-terminals"}, {}]}
    assert K.record_text(data) == (
        "# kept with `sanma keep`; `sanma settle` reads it, `sanma keep` on it goes on\n"
        "rules: parlour\n"
        "players: [Ana, Bo, Chen]\n"
        "start: {round: S3, scores: {Ana: 30000, Bo: 40000, Chen: 35000}}\n"
        "hands:\n"
        "  - riichi: [Bo]\n"
        "    win: {winner: Bo, from: Ana, han: 3, fu: 40}\n"
        "  - win: [{winner: Ana, from: Chen, han: 2, fu: 30}, {winner: Bo, from: Chen, limit: mangan}]\n"
        "  - draw: {tenpai: []}\n"
        "  - abort: nine-terminals\n"
        "  - {}\n")
    assert K.record_text({"players": ["A", "B", "C"], "hands": []}).endswith("players: [A, B, C]\nhands: []\n")
    # text that is not one printable line is double-quoted with escapes: it stays on its line
    assert "players: [\"A\\nscheme: x\", \"B\\t\", \"C\\e[31m\"]\n" in K.record_text(
        {"players": ["A\nscheme: x", "B\t", "C\x1b[31m"], "hands": []})


@pytest.mark.parametrize("value,message", [
    ({"draw": {"tenpai": [[[[]]]] * 2}}, None),
    ({"draw": {"tenpai": [10 ** 150]}}, "a number of 151 digits"),
    ({"draw": {"tenpai": ["Ana"]}, "x": float("nan")}, "nan is not a number a record holds"),
    ({"draw": {"tenpai": ["Ana"]}, "x": {1, 2}}, "not set"),
])
def test_values_that_are_not_plain_data_are_refused_before_the_emitter(kept, table, value, message):
    before = table.read_bytes()
    with pytest.raises(K.Refused) as refused:
        kept.enter(value)
    assert message is None or message in refused.value.message
    assert table.read_bytes() == before


def test_nesting_past_the_bound_is_refused_before_the_emitter(kept, table):
    deep: list = []
    for _ in range(400):  # the emitter would recurse past Python's limit from a few hundred
        deep = [deep]
    with pytest.raises(K.Refused, match="nested too deep to read"):
        kept.enter({"draw": {"tenpai": deep}})
    assert len(record.read(table).hands) == 3


# ---------------------------------------------------------------- a change from outside is taken in


def test_a_correction_typed_into_the_file_is_taken_in_not_written_over(kept, table):
    """f03: the keeper rewrote the file from memory after the next entry, and the correction was gone."""
    text = table.read_text().replace("han: 3, fu: 40}", "han: 4, fu: 40}   # corrected by hand")
    table.write_text(text)
    with pytest.raises(K.Conflict) as conflict:
        kept.enter({"win": {"winner": "Chen", "tsumo": True, "han": 1, "fu": 30}})
    assert "changed from outside sanma keep" in conflict.value.message and "taken in" in conflict.value.message
    assert table.read_text() == text  # nothing written over it
    assert kept.settled.rows[1].kyoku.result.value.han == 4  # the keeper reads the file as it is now
    kept.enter({"win": {"winner": "Chen", "tsumo": True, "han": 1, "fu": 30}})  # entered again: taken
    hands = record.read(table).hands
    assert len(hands) == 4 and hands[1].wins[0].value.han == 4


def test_a_file_that_no_longer_reads_is_left_as_it_is(kept, table):
    table.write_text(table.read_text() + "  - win: {winner: Zed\n")
    broken = table.read_bytes()
    for _ in range(2):  # refused each time, until it is put right
        with pytest.raises(K.Conflict, match="no longer reads .*nothing is written: put the file right"):
            kept.enter({"draw": {"tenpai": ["Ana"]}})
        assert table.read_bytes() == broken
    table.write_text(broken.decode().rsplit("  - win", 1)[0])  # put back as it was: nothing to take in
    kept.enter({"draw": {"tenpai": ["Ana"]}})
    table.unlink()
    with pytest.raises(K.Conflict, match="the record file is gone"):
        kept.take_back()
    assert not table.exists()


def test_keep_says_a_change_from_outside_in_one_line(table):
    import io

    from calc.cli.keep import Shell

    keeper = K.Keeper(table, None, None)
    shell = Shell(keeper)
    shell.stdout = io.StringIO()
    try:
        shell.onecmd("riichi Bo")
        table.write_text(table.read_text().replace("han: 3, fu: 40}", "han: 4, fu: 40}"))
        shell.onecmd("Bo ron Ana 3 40")
        said = shell.stdout.getvalue().splitlines()
        assert said[-1].startswith("refused: the record file was changed from outside sanma keep")
        assert keeper.pending == ["Bo"]  # the riichi held stays
        shell.onecmd("show")
        assert "(the record file was changed from outside keep" not in shell.stdout.getvalue()  # taken in already
        shell.onecmd("Bo ron Ana 3 40")
        assert "hand 4 (E3, honba 1): Bo ron Ana: 3 han 40 fu" in shell.stdout.getvalue()
    finally:
        keeper.close()


# ---------------------------------------------------------------- one keeper per record, whatever its path


def test_a_second_keeper_through_a_symlink_or_dotdot_is_refused(table, tmp_path):
    """f04: the lock was taken beside the path as given; a keeper through a symlink replaced the
    symlink by a file of its own and the match forked."""
    (tmp_path / "sub").mkdir()
    link = tmp_path / "current.yaml"
    link.symlink_to("table.yaml")
    first = K.Keeper(table, None, None, holder="sanma serve")
    try:
        for other in (link, tmp_path / "sub" / ".." / "table.yaml"):
            with pytest.raises(SanmaError, match=r"being kept by sanma serve \(pid \d+\); one keeper at a time"):
                K.Keeper(other, None, None)
    finally:
        first.close()
    # alone, a keeper through the symlink keeps the real file, and the symlink stays one
    keeper = K.Keeper(link, None, None)
    try:
        keeper.enter({"draw": {"tenpai": ["Ana"]}})
    finally:
        keeper.close()
    assert link.is_symlink() and os.readlink(link) == "table.yaml"
    assert len(record.read(table).hands) == 4
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current.yaml", "sub", "table.yaml"]


def test_a_record_with_a_hard_link_is_refused(table, tmp_path):
    os.link(table, tmp_path / "other.yaml")
    for path in (table, tmp_path / "other.yaml"):
        with pytest.raises(SanmaError, match="the record has 1 other name.*a hard link"):
            K.Keeper(path, None, None)
    (tmp_path / "other.yaml").unlink()
    keeper = K.Keeper(table, None, None)
    try:
        os.link(table, tmp_path / "later.yaml")  # a second name made while it is kept: no entry splits them
        with pytest.raises(SanmaError, match="a hard link"):
            keeper.enter({"draw": {"tenpai": ["Ana"]}})
        assert (tmp_path / "later.yaml").read_bytes() == table.read_bytes()
    finally:
        keeper.close()


def test_names_planted_beside_the_record_are_never_written_through(table, tmp_path):
    """f05: the lock and the temporary file followed symlinks: planted names made the keeper
    overwrite any file its user could write."""
    notes = tmp_path / "notes.txt"
    notes.write_text("the user's own notes\n")
    lock = tmp_path / ".table.yaml.lock"
    lock.symlink_to("notes.txt")
    with pytest.raises(SanmaError, match=r"\.table\.yaml\.lock beside the record is a symbolic link"):
        K.Keeper(table, None, None)
    lock.unlink()
    os.link(notes, lock)  # a second name of another file
    with pytest.raises(SanmaError, match="not a lock file sanma made"):
        K.Keeper(table, None, None)
    lock.unlink()
    os.mkfifo(lock)  # a special file: refused without waiting for a writer
    with pytest.raises(SanmaError, match="not a lock file sanma made"):
        K.Keeper(table, None, None)
    lock.unlink()
    # the temporary file's old, fixed name planted as a symlink: a new name is made each time instead
    (tmp_path / ".table.yaml.keep-tmp").symlink_to("notes.txt")
    keeper = K.Keeper(table, None, None)
    try:
        keeper.enter({"draw": {"tenpai": ["Ana"]}})
    finally:
        keeper.close()
    assert notes.read_text() == "the user's own notes\n"
    assert not table.is_symlink() and len(record.read(table).hands) == 4
    assert not lock.exists()


def test_a_stale_lock_file_of_a_keeper_that_died_is_taken_again(table, tmp_path):
    (tmp_path / ".table.yaml.lock").write_text("sanma keep (pid 1)")
    keeper = K.Keeper(table, None, None)
    keeper.close()
    assert not (tmp_path / ".table.yaml.lock").exists()


# ---------------------------------------------------------------- a full disk


def _full_disk(monkeypatch, *, after: int = 0):
    """os.write fails with ENOSPC after `after` successful calls (the disk fills up)."""
    calls = {"n": 0}
    real = os.write

    def write(handle, data):
        calls["n"] += 1
        if calls["n"] > after:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(handle, data)

    monkeypatch.setattr(files.os, "write", write)


def test_a_full_disk_is_one_line_and_leaves_no_file_behind(table, tmp_path, monkeypatch):
    """f15: a traceback while taking the lock, and a failed write left its temporary file."""
    before = table.read_bytes()
    _full_disk(monkeypatch)
    result = runner.invoke(app, ["keep", str(table)])
    monkeypatch.undo()
    assert result.exit_code == 1
    assert result.output == f"Error: {table}: cannot lock the record: No space left on device\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["table.yaml"]

    keeper = K.Keeper(table, None, None)
    try:
        _full_disk(monkeypatch)  # room for the lock, then none for the record
        with pytest.raises(SanmaError) as full:
            keeper.enter({"draw": {"tenpai": ["Ana"]}})
        monkeypatch.undo()
        assert str(full.value) == f"{table}: cannot write the record: No space left on device"
        assert table.read_bytes() == before and keeper.hands == 3
        assert sorted(p.name for p in tmp_path.iterdir()) == [".table.yaml.lock", "table.yaml"]
        # the rename itself failing (another file system's full disk): the temporary goes too
        monkeypatch.setattr(files.os, "replace", lambda *a: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space")))
        with pytest.raises(SanmaError, match="cannot write the record: No space"):
            keeper.enter({"draw": {"tenpai": ["Ana"]}})
        monkeypatch.undo()
        assert sorted(p.name for p in tmp_path.iterdir()) == [".table.yaml.lock", "table.yaml"]
        keeper.enter({"draw": {"tenpai": ["Ana"]}})  # room again: the same keeper goes on
    finally:
        keeper.close()
    assert len(record.read(table).hands) == 4


def test_keep_on_a_full_disk_refuses_the_line_and_goes_on(table, monkeypatch):
    import io

    from calc.cli.keep import Shell

    keeper = K.Keeper(table, None, None)
    shell = Shell(keeper)
    shell.stdout = io.StringIO()
    try:
        _full_disk(monkeypatch)
        shell.onecmd("draw Ana")
        monkeypatch.undo()
        assert shell.stdout.getvalue() == f"refused: cannot write the record: No space left on device\n"
    finally:
        keeper.close()


def test_the_record_keeps_its_permissions(table):
    table.chmod(0o640)
    keeper = K.Keeper(table, None, None)
    try:
        keeper.enter({"draw": {"tenpai": ["Ana"]}})
    finally:
        keeper.close()
    assert table.stat().st_mode & 0o777 == 0o640


# ---------------------------------------------------------------- bounded reading


def alias_bomb(levels: int = 9) -> str:
    """Each anchor a list of nine of the one before ("billion laughs"): 1.3 KB for 9 ** 9 values."""
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    lines += [f"a{k}: &a{k} [{', '.join([f'*a{k - 1}'] * 9)}]" for k in range(1, levels + 1)]
    return "\n".join(lines) + "\nplayers: [A, B, C]\nhands: []\n"


@pytest.mark.parametrize("command", ["keep", "settle"])
def test_an_alias_bomb_is_refused_before_it_is_expanded(tmp_path, command):
    """f08: keep and serve copied the whole YAML before checking it, expanding every alias."""
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(alias_bomb())
    result = runner.invoke(app, [command, str(bomb)])
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: {bomb}:")
    assert "values once its aliases are expanded" in result.output and result.output.count("\n") == 1


def test_a_hand_used_as_an_alias_is_kept_as_the_hands_it_stands_for(tmp_path):
    """Aliases within the bound are values like any other: the keeper writes them out."""
    path = tmp_path / "m.yaml"
    path.write_text("players: [Ana, Bo, Chen]\nhands:\n  - &d {draw: {tenpai: [Ana]}}\n  - *d\n")
    keeper = K.Keeper(path, None, None)
    try:
        keeper.enter({"draw": {"tenpai": ["Ana"]}})
    finally:
        keeper.close()
    assert path.read_text().count("  - draw: {tenpai: [Ana]}") == 3


# ---------------------------------------------------------------- `rules:` of a new record


def test_a_profile_file_is_named_from_the_record_s_folder(tmp_path, monkeypatch):
    """F01: `keep out/rec.yaml --rules prof/club.yaml` wrote `rules: prof/club.yaml`, which readers
    look for beside the record: the record settled only from the folder keep ran in."""
    (tmp_path / "prof").mkdir()
    (tmp_path / "prof" / "club.yaml").write_text("extends: standard\nhand:\n  kiriage_mangan: true\n")
    (tmp_path / "out").mkdir()
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["keep", "out/rec.yaml", "--players", "Ana", "Bo", "Chen", "--rules",
                                 "prof/club.yaml"], input="Bo ron Ana 3 40\nquit\n")
    assert result.exit_code == 0, result.output
    assert "rules: ../prof/club.yaml\n" in (tmp_path / "out" / "rec.yaml").read_text()
    for folder, path in ((tmp_path, "out/rec.yaml"), (tmp_path / "out", "rec.yaml"),
                         (Path("/"), tmp_path / "out" / "rec.yaml")):
        monkeypatch.chdir(folder)
        settled = runner.invoke(app, ["settle", str(path)])
        assert settled.exit_code == 0, settled.output
        assert " ".join(settled.output.split()).startswith(f"{path}: profile club, scheme tsumo-loss")
    monkeypatch.chdir(tmp_path / "out")
    again = runner.invoke(app, ["keep", "rec.yaml", "--rules", "../prof/club.yaml"], input="quit\n")
    assert again.exit_code == 0 and "(profile club," in again.output
    again = runner.invoke(app, ["keep", "rec.yaml", "--rules", "standard"], input="quit\n")
    assert again.exit_code == 1 and "the record's rules are '../prof/club.yaml'" in again.output


def test_a_profile_name_and_a_file_elsewhere_are_written_so_that_they_read(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    keeper = K.Keeper(tmp_path / "a.yaml", "parlour", PLAYERS)
    keeper.close()
    assert "rules: parlour\n" in (tmp_path / "a.yaml").read_text()
    (tmp_path / "club").write_text("extends: standard\n")  # a profile file without .yaml: by its full path
    keeper = K.Keeper(tmp_path / "b.yaml", "./club", PLAYERS)
    keeper.close()
    assert f"rules: {tmp_path / 'club'}\n" in (tmp_path / "b.yaml").read_text()
    record.read(tmp_path / "b.yaml")
