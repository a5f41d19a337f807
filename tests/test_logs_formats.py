"""The table of log formats (calc/logs/formats.py): every door reads it, and a format is one module
and one line. The worked example of docs/development.md ("Log formats: one module and one line") is
registered here as it is written there and must carry simulated matches through `sanma replay`'s
reading path with no mismatch, as the shipped formats do in the differential harness."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import doors
from calc.cli.app import app
from calc.logs import formats, parse_log
from calc.logs.replay import replay

DOC = Path(__file__).resolve().parents[1] / "docs" / "development.md"


def _example() -> tuple[str, str]:
    """The example's module and its line of the table, as the page shows them."""
    section = DOC.read_text(encoding="utf-8").split("## Log formats: one module and one line", 1)[1]
    section = section.split("\n## ", 1)[0]
    module, line = re.findall(r"```py\n(.*?)```", section, re.S)  # `py`: run here, not as doctests
    return module, line


@pytest.fixture
def events_format(tmp_path, monkeypatch):
    module, line = _example()
    (tmp_path / "events_example.py").write_text(module, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    fmt = eval(line.strip().rstrip(",").replace("calc.logs.events", "events_example"), {"LogFormat": formats.LogFormat})
    mjai = [f.name for f in formats.FORMATS].index("mjai")
    monkeypatch.setattr(formats, "FORMATS", (*formats.FORMATS[:mjai], fmt, *formats.FORMATS[mjai:]))
    monkeypatch.setattr(formats, "BY_NAME", {f.name: f for f in formats.FORMATS})
    yield fmt
    sys.modules.pop("events_example", None)


@pytest.mark.parametrize("n", [0, 4, 9])  # stress tables and a calibrated match, several profiles
def test_the_documented_format_is_one_module_and_one_line(events_format, tmp_path, n):
    c = doors.case(n)
    run = doors.simulate(c)
    rules = doors.rules_of(c)
    played = formats.MatchLog(f"doc-{n}", doors.NAMES, c.length, run.rows, run.plays, run.standings)
    path = tmp_path / f"match{events_format.suffixes[0]}"
    path.write_text(formats.write(events_format, played), encoding="utf-8")
    replayed = replay(parse_log(path.read_bytes(), str(path), rules, rules), str(path), rules)
    assert [m.text() for m in replayed.mismatches] == []
    outcome = doors.settled_outcome(replayed.settled, False)
    assert doors.compare(doors.truth(run, rules), outcome) is None


def test_every_format_is_offered_by_simulate_and_read_back(tmp_path):
    """`--format` names every format of the table, and each is told from its content alone."""
    from typer.testing import CliRunner

    runner = CliRunner()
    help_text = runner.invoke(app, ["simulate", "--help"], terminal_width=200).output
    for fmt in formats.FORMATS:
        assert fmt.name in help_text
    c = doors.case(1)
    run = doors.simulate(c)
    played = formats.MatchLog("any", doors.NAMES, c.length, run.rows, run.plays, run.standings)
    for fmt in formats.FORMATS:
        text = formats.write(fmt, played).encode()
        told = [f.name for f in formats.FORMATS if f.code().detect(formats.Content(text))]
        assert told[0] == fmt.name
        assert formats.may_be_a_log(text[:256])
