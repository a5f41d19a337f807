"""Issue 11: nothing impossible is settled without a word. Every input a table or a script can give
either gives a result or one line naming what is wrong and where; never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from calc.cli.app import app
from calc.table import record

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def settle_text(text: str, **kwargs) -> record.Settled:
    return record.settle(record.read_text(text, "match.yaml"), **kwargs)


# ---------------------------------------------------------------- records that crashed


@pytest.mark.parametrize("text", ["players: [A, B, C]\n", "players: [A, B, C]\nhands:\n",
                                  "players: [A, B, C]\nhands: []\n"])
def test_a_record_without_hands_is_an_empty_provisional_match(text):
    settled = settle_text(text)
    assert settled.rows == () and not settled.state.ended
    assert settled.state.scores == (35000, 35000, 35000)


def test_a_bare_draw_is_a_draw_with_nobody_tenpai():
    settled = settle_text("players: [A, B, C]\nhands:\n  - draw:\n  - draw:\n")
    assert [row.deltas for row in settled.rows] == [(0, 0, 0), (0, 0, 0)]
    assert settled.state.honba == 2


def test_empty_records_on_the_command_line(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("players: [A, B, C]\nhands:\n")
    result = run("settle", str(path))
    assert result.exit_code == 0 and "(no hands recorded)" in result.stdout
