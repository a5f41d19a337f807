"""`sanma demo`, the first half of `make run`: every example scores, and the numbers are right."""

from typer.testing import CliRunner

from calc.cli.app import app


def test_demo_scores_every_example():
    result = CliRunner().invoke(app, ["demo"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    # two extracted norths with West indicating: 4 han of nuki; riichi tsumo pinfu: haneman 3000/6000
    assert "Value: 7 han 20 fu (haneman), 9000 points" in out
    assert "Value: 2 han 50 fu, 3200 points" in out
    assert "Value: 5 han 25 fu (mangan), 8000 points" in out
    # mangan tsumo under north-split: 3000 / 5000 (rules.md §4 worked example)
    assert "north-split            3000      5000               8000" in out
