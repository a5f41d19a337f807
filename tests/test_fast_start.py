"""`sanma hand "<hand>"` read before the typer app is built (calc/cli/fast.py) prints exactly what
the typer command prints, and leaves everything it does not read plainly to the typer app."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from calc.cli import fast
from calc.cli.app import app

runner = CliRunner()

SAME = [
    ["123p456p789s99p234s", "--tsumo", "--riichi", "--seat", "S", "--dora", "3z", "--nuki", "2"],
    ["123p456p789s99p234s", "--tsumo", "--seat=S", "--explain"],
    ["234p678s5z5z [999m] [1111z]", "--tsumo", "--json"],
    ["11p33p0p5p77s99s11z22z", "--seat", "W", "--dora", "4p", "--rules", "tenhou", "--json"],
    ["123p456p789s99p234s", "--tsumo", "--seat", "S", "--all-schemes"],
    ["123p456p789s99p234s", "--tsumo", "--seat", "S", "--all-schemes", "--json", "--honba", "2", "--sticks", "1"],
    ["123p456p789s99p234s", "--seat", "S", "--scheme", "north-split", "--round", "S", "--win", "4s"],
    ["234m567p678s55z [999m]"],
    ["123p456p789s99p234s", "--ippatsu"],
    ["123p456p789s99p234s", "--rules", "no-such-profile"],
    ["123p456p789s99p234s", "--honba", "-1"],
    # a value that starts with a dash is a value, as click reads it (calc/cli/argv.py)
    ["123p456p789s99p234s", "--dora", "--json"],
    ["123p456p789s99p234s", "--rules="],
]


@pytest.mark.parametrize("args", SAME)
def test_same_output_as_the_typer_command(args, capsys):
    expected = runner.invoke(app, ["hand", *args])
    code = 0
    try:
        assert fast.hand(args)
    except SystemExit as exit_:
        code = exit_.code
    captured = capsys.readouterr()
    assert code == expected.exit_code
    assert captured.out == expected.stdout
    assert captured.err == (expected.stderr if code else "")


@pytest.mark.parametrize("args", [
    [], ["--help"], ["123p", "456p"], ["--batch", "-"], ["123p456p789s99p234s", "--nuki", "x"],
    ["123p456p789s99p234s", "--nuki"], ["123p456p789s99p234s", "--tsumo=yes"], ["123p456p789s99p234s", "--bogus"],
    ["11223344556666m", "--rules", "sichuan", "--void", "s", "--tsumo"], ["11223344556666m", "--rules", "sichuan"],
    ["-", "--json"], ["123p456p789s99p234s", "--workers", "2"],
    # an option given twice (typer takes the last), a number typer does not read as one
    ["123p456p789s99p234s", "--dora", "3z", "--dora", "4p"], ["123p456p789s99p234s", "--tsumo", "--tsumo"],
    ["123p456p789s99p234s", "--honba", "²"], ["123p456p789s99p234s", "--honba", "+1"],
])
def test_everything_else_is_left_to_typer(args, capsys):
    assert fast.hand(args) is False
    assert capsys.readouterr() == ("", "")


# `sanma replay` of Tenhou's mjlog files starts without what it does not use: the JSON readers,
# the table code (tabulate, wcwidth: only for scheme tables and non-ASCII names), the HTTP client
# and its sockets (only for game ids and links), PyYAML (only for a record or a profile of one's own:
# a replay settles the game as a record but reads none) and dataclasses with the inspect it imports
# (docs/development.md, "Records"). Each costs start-up, which a replay of a folder pays before its
# workers start. In one process (`--workers 1`, or a few files) it needs no worker pool, and a plain
# replay no typer.
NOT_FOR_AN_MJLOG_REPLAY = ["calc.logs.mjai", "calc.logs.tenhou6", "calc.cli.report", "tabulate", "wcwidth",
                           "urllib.request", "socket", "concurrent.futures.process", "multiprocessing", "typer",
                           "calc.cli.app", "yaml", "dataclasses", "inspect", "difflib"]


@pytest.mark.parametrize("workers", [[], ["--workers", "1"]])
def test_replay_of_mjlog_files_starts_without_unused_modules(data_dir, workers):
    import subprocess
    import sys

    files = sorted((data_dir / "mjlog").glob("*.xml"))[:2]
    code = (
        "import sys\n"
        "from calc.cli import main\n"
        f"sys.argv = ['sanma', 'replay', *{workers!r}, {str(files[0])!r}, {str(files[1])!r}]\n"
        "try:\n    main()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
        f"print(sorted(m for m in {NOT_FOR_AN_MJLOG_REPLAY!r} if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "2 game(s): " in out
    assert out.splitlines()[-1] == "[]"


@pytest.fixture
def replay_cases(data_dir, tmp_path):
    """Argument lists for `sanma replay`: files, a folder with a file that is not a log, a broken
    log, an empty folder, a missing file; enough files for the worker processes."""
    games = sorted((data_dir / "mjlog").glob("*.xml"))
    folder = tmp_path / "logs"
    folder.mkdir()
    for game in games[:9]:
        (folder / game.name).write_bytes(game.read_bytes())
    (folder / "README").write_text("notes\n", encoding="utf-8")
    broken = tmp_path / "broken.xml"
    broken.write_text("<mjloggm><GO type='169'/>", encoding="utf-8")
    (tmp_path / "empty").mkdir()
    return [
        [str(games[0]), str(games[1])],
        [str(folder)],
        [str(broken), str(games[2])],
        [str(tmp_path / "empty")],
        [str(tmp_path / "missing.xml")],
        ["--workers", "1", str(folder)],
        [str(folder), "--workers=2"],
    ]


def test_plain_replay_prints_what_the_typer_command_prints(replay_cases, capsys):
    from calc.cli import replay_run

    for args in replay_cases:
        _same_as_typer("replay", replay_run.plain, args, capsys)


def _same_as_typer(command: str, plain, args: list[str], capsys) -> None:
    """`plain(args)` exits with the typer command's code, stdout and stderr (and says something)."""
    expected = runner.invoke(app, [command, *args])
    with pytest.raises(SystemExit) as exit_:
        plain(args)
    captured = capsys.readouterr()
    assert (exit_.value.code, captured.out, captured.err) == (expected.exit_code, expected.stdout, expected.stderr)
    assert captured.out or captured.err


@pytest.mark.parametrize("args", [[], ["--help"], ["logs", "--json"], ["-"], ["--workers", "1"], ["logs", "--workers"],
                                  ["--workers", "0", "logs"], ["--workers", "x", "logs"], ["--workers=-1", "logs"],
                                  ["--workers", "99", "logs"], ["--workers", "1", "--workers", "2", "logs"],
                                  ["--workers", "²", "logs"], ["logs", "--workers=", "more"]])
def test_replay_with_options_is_left_to_typer(args, capsys):
    from calc.cli import replay_run

    assert replay_run.plain(args) is False
    assert capsys.readouterr() == ("", "")


# `sanma serve`'s web stack is imported by that command alone: every other command starts without it.
WEB_STACK = ["starlette", "uvicorn", "anyio", "h11", "segno", "calc.cli.serve"]


def test_other_commands_start_without_the_web_stack():
    """One process runs several commands in turn (the typer app and the fast paths), then looks."""
    import subprocess
    import sys
    from pathlib import Path

    commands = [["settle", "examples/match.yaml", "--json"], ["hand", "123p456p789s99p234s"],
                ["hand", "123p456p789s99p234s", "--explain", "--rules", "tenhou"], ["--help"], ["serve", "--help"],
                ["keep", "--help"]]
    code = (
        "import sys\n"
        "from calc.cli import main\n"
        f"for args in {commands!r}:\n"
        "    sys.argv = ['sanma', *args]\n"
        "    try:\n        main()\n    except SystemExit as e:\n        assert not e.code, (args, e.code)\n"
        f"print(sorted(m for m in {WEB_STACK!r} if m in sys.modules))\n"
    )
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root).stdout
    assert out.splitlines()[-1] == "[]"


@pytest.mark.parametrize("args", [
    ["--matches", "2", "--seed", "3"],
    ["--matches=1", "--json", "--bots", "greedy"],
    ["--matches", "1", "--length", "east", "--rules", "mahjongsoul", "--workers", "1"],
    ["--matches", "0"],
    ["--matches", "1", "--bots", "nobody"],
    ["--matches", "1", "--length", "south"],
    # a value that starts with a dash is a value, as click reads it (calc/cli/argv.py)
    ["--matches", "1", "--rules", "--json"],
    ["--matches=1", "--bots", "-x"],
])
def test_plain_simulate_prints_what_the_typer_command_prints(args, capsys):
    from calc.cli import simulate_run

    _same_as_typer("simulate", simulate_run.plain, args, capsys)


@pytest.mark.parametrize("args", [[], ["--help"], ["--seed", "1"], ["--matches", "-1"], ["--matches", "x"],
                                  ["--matches", "2", "--save", "games"], ["--matches"], ["--matches", "2", "--bogus"],
                                  ["--matches", "1", "--matches", "2"], ["--matches", "²"], ["--matches", "1", "--seed", "-1"],
                                  ["--matches", "1", "--json=yes"], ["--matches", "1", "games"]])
def test_simulate_with_other_options_is_left_to_typer(args, capsys):
    from calc.cli import simulate_run

    assert simulate_run.plain(args) is False
    assert capsys.readouterr() == ("", "")


# A plain one-process simulate prints its tables itself (calc.core.layout.table), plays without a
# worker pool, reads the committed real-game figures, not the log readers, and its shipped profile
# from the generated copy (calc.core.shipped), not by PyYAML. Its records are NamedTuples and written
# classes: `dataclasses` (and the `inspect` it brings) costs more than scoring a hand.
NOT_FOR_A_PLAIN_SIMULATE = ["typer", "tabulate", "wcwidth", "multiprocessing", "calc.logs", "calc.cli.app", "yaml",
                            "difflib", "dataclasses", "inspect"]


@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_plain_simulate_starts_without_unused_modules(extra):
    import subprocess
    import sys

    code = (f"import sys\nfrom calc.cli import main\nsys.argv = ['sanma', 'simulate', '--matches', '1', *{extra!r}]\n"
            "try:\n    main()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            f"print(sorted(m for m in {NOT_FOR_A_PLAIN_SIMULATE!r} if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "[]"


# A plain `sanma hand` with a shipped profile reads the profile and its scheme from their generated
# copy (calc.core.shipped): no YAML parser, no typer, no difflib (only an error's "did you mean"), no
# dataclasses or inspect (as a plain simulate), and no tabulate: its tables, --all-schemes's too, are
# printed by calc.core.layout.
NOT_FOR_A_PLAIN_HAND = ["yaml", "calc.core.yamlread", "difflib", "typer", "calc.cli.app", "dataclasses", "inspect",
                        "tabulate", "wcwidth"]


@pytest.mark.parametrize("extra", [[], ["--explain", "--rules", "tenhou"], ["--json", "--rules", "mahjongsoul"],
                                   ["--all-schemes", "--rules", "parlour"]])
def test_plain_hand_with_a_shipped_profile_starts_without_yaml(extra):
    import subprocess
    import sys

    code = (f"import sys\nfrom calc.cli import main\n"
            f"sys.argv = ['sanma', 'hand', '123p456p789s99p234s', '--tsumo', *{extra!r}]\nmain()\n"
            f"print(sorted(m for m in {NOT_FOR_A_PLAIN_HAND!r} if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "Value: " in out or '"han"' in out
    assert out.splitlines()[-1] == "[]"


def test_plain_hand_with_a_profile_of_ones_own_reads_it_by_yaml(tmp_path):
    """The copy holds the shipped files only: a club's profile is read by the YAML parser, as always."""
    import subprocess
    import sys

    club = tmp_path / "club.yaml"
    club.write_text("extends: tenhou\nmatch:\n  uma: 10-30\n", encoding="utf-8")
    code = (f"import sys\nfrom calc.cli import main\n"
            f"sys.argv = ['sanma', 'hand', '123p456p789s99p234s', '--tsumo', '--rules', {str(club)!r}]\nmain()\n"
            "print('yaml' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "(rules club)" in out
    assert out.splitlines()[-1] == "True"


@pytest.mark.parametrize("args, expected", [
    (["a", "--x", "1", "--s", "b"], (["a", "b"], {"--x": "1", "--s": True})),
    (["--x=--s", "--y", "-1"], ([], {"--x": "--s", "--y": "-1"})),  # a value is a value, dash or not
    (["--x="], ([], {"--x": ""})),
    (["--x"], None), (["--s=1"], None), (["--s", "--s"], None), (["--x", "1", "--x=2"], None),
    (["-"], None), (["--"], None), (["--help"], None), (["-x", "1"], None),
])
def test_the_plain_command_lines_reader(args, expected):
    """One reading step for the three plain command lines (calc/cli/argv.py): switch `--s`, option `--x`/`--y`."""
    from calc.cli import argv

    assert argv.read(args, ("--s",), ("--x", "--y")) == expected


@pytest.mark.parametrize("text, signed, number", [
    ("12", False, 12), ("007", False, 7), ("-3", True, -3), ("-3", False, None), ("+3", True, None), ("", False, None),
    ("-", True, None), ("²", False, None), ("١", False, None), ("1 ", False, None), ("1_000", False, None),
])
def test_a_whole_number_as_typer_reads_it_or_none(text, signed, number):
    from calc.cli import argv

    assert argv.whole_number(text, signed=signed) == number
