"""calc.core.layout.table (and layout.counts, the hand's tables) print exactly what tabulate's "simple" format
prints for their tables."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tabulate import tabulate

from calc.core import layout

NAME = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_ ()/-", min_size=1, max_size=30).filter(
    lambda s: s.strip() == s and not s.replace("_", "").isdigit())
ROWS = st.lists(st.tuples(NAME, st.integers(min_value=-20000, max_value=200000)), max_size=12)
HEADERS = st.tuples(st.sampled_from(["yaku", "fu", "pays", "a longer header"]),
                    st.sampled_from(["han", "", "points", "x"]))


@given(ROWS, HEADERS)
def test_same_as_tabulate(rows, headers):
    assert layout.counts(rows, list(headers)) == tabulate(rows, headers=list(headers), tablefmt="simple")


def test_the_hand_tables():
    rows = [("menzen_tsumo", 1), ("riichi", 1), ("pinfu", 1), ("nuki (norths)", 4)]
    assert layout.counts(rows, ["yaku", "han"]) == tabulate(rows, headers=["yaku", "han"], tablefmt="simple")
    assert layout.counts([], ["pays", "points"]) == tabulate([], headers=["pays", "points"], tablefmt="simple")


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


# Text as the reports write it: words, numbers, signs, the one-cell characters beyond ASCII, runs of
# spaces and line breaks; "True" and "False", which tabulate reads as bools.
WORD = st.sampled_from(["a", "bb", "riichi", "dddddddddddd", "x-y", "--", "-", "1.5", "12", "True", "False", "None",
                        "%", "(e)", "1,000", "nan", "1e5", "±3 pts", "1.2×", "a→b", "§6", "95%"])
TEXT = st.lists(st.tuples(WORD, st.sampled_from(["", " ", "  ", "\n"])), max_size=6).map(
    lambda parts: "".join(w + s for w, s in parts))


@st.composite
def text_tables(draw):
    columns = draw(st.integers(1, 4))
    headers = draw(st.lists(TEXT, min_size=columns, max_size=columns))
    rows = draw(st.lists(st.lists(TEXT, min_size=columns, max_size=columns), max_size=5))
    options = {"tablefmt": "simple", "disable_numparse": True}
    if draw(st.booleans()):
        options["colalign"] = draw(st.lists(st.sampled_from(["left", "right", "center"]), min_size=columns,
                                            max_size=columns))
    if draw(st.booleans()):
        options["maxcolwidths"] = draw(st.lists(st.sampled_from([None, 1, 2, 3, 5, 8, 13]), min_size=columns,
                                                max_size=columns))
    return rows, headers, options


@given(text_tables())
def test_layout_table_is_tabulate(table):
    rows, headers, options = table
    try:
        expected = tabulate(rows, headers=headers, **options)
    except ValueError:  # tabulate's own failure on a cell of line breaks only, wrapped
        return
    assert layout.table(rows, headers, **options) == expected


def test_layout_table_renders_the_report_tables_itself():
    # what it renders without tabulate: the tables of `sanma simulate`; a wide character goes to tabulate
    assert layout._plain_table([["±3 pts", "95%\ninterval"]], ["band", "b"], {"tablefmt": "simple",
                                                                         "disable_numparse": True})
    assert not layout._plain_table([["王小明"]], ["player"], {"tablefmt": "simple", "disable_numparse": True})
    assert not layout._plain_table([["1"]], ["n"], {"tablefmt": "simple"})  # numbers parsed: tabulate's


def test_one_cell_characters_are_one_cell_in_wcwidth():
    from wcwidth import wcswidth

    assert all(wcswidth(c) == 1 for c in layout.ONE_CELL)


@pytest.mark.parametrize("rules, honba, sticks", [("tenhou", 0, 0), ("standard", 3, 2), ("parlour", 1, 0)])
def test_the_all_schemes_table_is_tabulates_with_numbers(rules, honba, sticks, monkeypatch):
    """`sanma hand --all-schemes` writes its numbers as text for layout.table (no tabulate import):
    the very table tabulate prints of the numbers themselves, on every real win (ron and tsumo,
    dealer or not, with and without sticks and the R column)."""
    import sys
    from pathlib import Path

    from calc.cli import report
    from calc.core.errors import SanmaError
    from calc.scoring.request import HandRequest
    from calc.table.scored import pay_all_schemes, score

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from hands import real_win_lines

    tables = []
    own = layout.table

    def checked(rows, headers, **options):
        numbers = [[int(cell) if cell.isdigit() else cell for cell in row] for row in rows]
        expected = tabulate(numbers, headers=headers, tablefmt="simple", colalign=options["colalign"])
        assert own(rows, headers, **options) == expected
        tables.append(expected)
        return expected

    monkeypatch.setattr(report.layout, "table", checked)
    for line in real_win_lines():
        try:
            result = score(HandRequest.from_mapping({**line, "rules": rules, "honba": honba, "sticks": sticks}))
        except SanmaError:
            continue  # a real win a profile does not allow (a double yakuman where none is, ...)
        report.hand_all_schemes_text(result, pay_all_schemes(result))
    assert len(tables) > 200
