"""calc.cli.columns.simple prints exactly what tabulate's "simple" format prints for its tables."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from tabulate import tabulate

from calc.cli.columns import simple

NAME = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_ ()/-", min_size=1, max_size=30).filter(
    lambda s: s.strip() == s and not s.replace("_", "").isdigit())
ROWS = st.lists(st.tuples(NAME, st.integers(min_value=-20000, max_value=200000)), max_size=12)
HEADERS = st.tuples(st.sampled_from(["yaku", "fu", "pays", "a longer header"]),
                    st.sampled_from(["han", "", "points", "x"]))


@given(ROWS, HEADERS)
def test_same_as_tabulate(rows, headers):
    assert simple(rows, list(headers)) == tabulate(rows, headers=list(headers), tablefmt="simple")


def test_the_hand_tables():
    rows = [("menzen_tsumo", 1), ("riichi", 1), ("pinfu", 1), ("nuki (norths)", 4)]
    assert simple(rows, ["yaku", "han"]) == tabulate(rows, headers=["yaku", "han"], tablefmt="simple")
    assert simple([], ["pays", "points"]) == tabulate([], headers=["pays", "points"], tablefmt="simple")


def test_a_long_name_beside_a_cjk_name_still_fits_80_columns(tmp_path):
    # tabulate wraps by characters, a CJK character takes two cells: the fit narrows again until it fits
    from pathlib import Path

    from typer.testing import CliRunner

    from calc.cli.app import app
    from calc.core.layout import cells

    example = (Path(__file__).resolve().parents[1] / "examples" / "match.yaml").read_text(encoding="utf-8")
    record = tmp_path / "m.yaml"
    record.write_text(example.replace("Ana", "Anastasia-Konstantinopoulou").replace("Chen", "王小明"), encoding="utf-8")
    out = CliRunner().invoke(app, ["settle", str(record)]).stdout
    assert "王小明" in out and max(cells(line) for line in out.splitlines()[2:]) <= 80
