"""Two-column tables (a name, a number) in tabulate's "simple" format, without importing tabulate.

`sanma hand` prints three such tables; tabulate's import alone (it reads its package metadata)
costs about 40 ms of the command's start-up. The layout is tabulate's, checked against it in
tests/test_columns.py: text columns left-aligned, number columns right-aligned, two spaces between
columns, each column at least two wider than its header, a dashed rule under the headers.
"""

from __future__ import annotations

from typing import Sequence

Cell = str | int


def simple(rows: Sequence[Sequence[Cell]], headers: Sequence[str]) -> str:
    """tabulate(rows, headers=headers, tablefmt="simple") for cells that are str or int (not bool)."""
    columns = len(headers)
    numeric = [bool(rows) and all(isinstance(row[c], int) and not isinstance(row[c], bool) for row in rows)
               for c in range(columns)]
    cells = [[str(row[c]) for c in range(columns)] for row in rows]
    widths = [max([len(headers[c]) + 2, *(len(line[c]) for line in cells)]) for c in range(columns)]

    def line(values: Sequence[str]) -> str:
        return "  ".join(v.rjust(w) if n else v.ljust(w) for v, w, n in zip(values, widths, numeric)).rstrip()

    out = [line(headers), "  ".join("-" * w for w in widths)]
    out += [line(values) for values in cells]
    return "\n".join(out)
