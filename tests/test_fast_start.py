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
])
def test_everything_else_is_left_to_typer(args, capsys):
    assert fast.hand(args) is False
    assert capsys.readouterr() == ("", "")
