"""Text tables and lines that fit a terminal: 80 columns by default, the terminal's width when it
is wider, any width with `--wide` (width None).

Widths are counted in terminal cells (wcwidth): a Chinese or Japanese character takes two, so a
player named 王小明 keeps the columns aligned; tabulate counts the same way when wcwidth is
installed (a runtime dependency for that reason).
"""

from __future__ import annotations

import os
import sys
from typing import Sequence

NARROWEST = 80
MIN_WRAP = 8  # a wrapped text column keeps at least this many cells


def printable(text: str) -> str:
    """Text someone else wrote (a player's name in a log), shown as itself: each character that is
    not printable (a line break, a tab, the escape that starts a terminal's control sequence) as
    its escape, `\\x1b`, so that it can neither break a line of a table nor reach the terminal."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def terminal_width() -> int:
    """80, or the terminal's width when it is wider: `COLUMNS` if set, else the terminal standard
    output goes to; output to a pipe or a file gets 80."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit():
        return max(NARROWEST, int(columns))
    try:
        if sys.stdout.isatty():
            return max(NARROWEST, os.get_terminal_size(sys.stdout.fileno()).columns)
    except (AttributeError, ValueError, OSError):  # a replaced stdout (tests) or a closed one
        pass
    return NARROWEST


def cells(text: str) -> int:
    """The widest line of `text`, in terminal cells."""
    return max((_line_cells(line) for line in str(text).splitlines()), default=0)


# Characters beyond ASCII that the reports print, each one terminal cell wide (as wcwidth counts
# them; tests/test_columns.py checks): a line of these and printable ASCII is measured without wcwidth.
ONE_CELL = frozenset("±×…—–−≥≤·°→§")


def _narrow(text: str) -> bool:
    """Printable text of one cell a character: ASCII or ONE_CELL."""
    return text.isprintable() and (text.isascii() or all(c < "\x80" or c in ONE_CELL for c in text))


def _line_cells(line: str) -> int:
    if _narrow(line):
        return len(line)  # a cell a character; wcwidth (and its start-up) only for the rest
    from wcwidth import wcswidth

    width = wcswidth(line)
    return width if width >= 0 else len(line)  # a control character: count it as one


def lines(text: str, width: int | None, indent: str = "") -> list[str]:
    """One paragraph wrapped at spaces to `width` cells (None: one line); continuation lines
    indented by `indent`. A word wider than the line stands alone on its line."""
    if width is None or cells(text) <= width:
        return [text]
    body = text.lstrip(" ")
    out: list[str] = []
    line = text[: len(text) - len(body)]  # the paragraph's own indent stays
    start = True
    for word in body.split(" "):
        candidate = f"{line}{word}" if start else f"{line} {word}"
        if not start and _line_cells(candidate) > width:
            out.append(line)
            line = indent + word
        else:
            line = candidate
        start = False
    out.append(line)
    return out


def table(rows: Sequence[Sequence[object]], headers: Sequence[str], **options) -> str:
    """tabulate(rows, headers=headers, **options), the very same text, without importing tabulate
    where the table is one this module renders itself: tabulate's "simple" format with
    `disable_numparse=True`, text cells one terminal cell a character (printable ASCII and
    ONE_CELL; line breaks allowed), at most the options `colalign` and `maxcolwidths`. Anything
    else goes to tabulate. tabulate's import costs
    about a sixth of a one-match `sanma simulate` (it reads its package metadata and loads wcwidth);
    tests/test_columns.py checks the two agree on generated tables."""
    rows = list(rows)
    if _plain_table(rows, headers, options):
        return _simple_text(rows, headers, options.get("colalign"), options.get("maxcolwidths"))
    from tabulate import tabulate

    return tabulate(rows, headers=headers, **options)


def counts(rows: Sequence[Sequence[str | int]], headers: Sequence[str]) -> str:
    """tabulate(rows, headers=headers, tablefmt="simple") for cells that are str or int (not bool):
    a column of ints is right-aligned, as tabulate aligns numbers. `sanma hand` prints its yaku,
    fu and payments this way (a name and a number a row)."""
    columns = len(headers)
    numeric = [bool(rows) and all(isinstance(row[c], int) and not isinstance(row[c], bool) for row in rows)
               for c in range(columns)]
    return table([[str(cell) for cell in row] for row in rows], headers, tablefmt="simple",
                 disable_numparse=True, colalign=["right" if n else "left" for n in numeric])


_OWN_OPTIONS = {"tablefmt", "disable_numparse", "colalign", "maxcolwidths"}
_ALIGNS = ("left", "right", "center")


def _plain_text(value: object) -> bool:
    return isinstance(value, str) and _narrow(value.replace("\n", ""))


def _plain_table(rows: Sequence[Sequence[object]], headers: Sequence[str], options: dict) -> bool:
    if options.get("tablefmt") != "simple" or options.get("disable_numparse") is not True:
        return False
    if not options.keys() <= _OWN_OPTIONS or not headers or not all(_plain_text(h) for h in headers):
        return False
    columns = len(headers)
    colalign = options.get("colalign")
    if colalign is not None and (isinstance(colalign, str) or len(colalign) != columns
                                 or any(a not in _ALIGNS for a in colalign)):
        return False
    limits = options.get("maxcolwidths")
    if limits is not None and (isinstance(limits, int) or len(limits) != columns
                               or any(w is not None and (not isinstance(w, int) or w < 1) for w in limits)):
        return False
    if limits is not None and any(cell == "False" for row in rows for cell in row):
        return False  # tabulate's wrapping reads that cell as a bool and prints True: left to it
    return all(len(row) == columns and all(_plain_text(cell) for cell in row) for row in rows)


def _simple_text(rows: Sequence[Sequence[object]], headers: Sequence[str], colalign: Sequence[str] | None,
                 limits: Sequence[int | None] | None) -> str:
    """tabulate's "simple" format for text cells (each a str of one-cell characters and line breaks):
    a cell over its `limits` width wrapped (as tabulate's `maxcolwidths`), then stripped; each column
    as wide as its widest line and at least two wider than its header; cells and headers aligned
    left unless `colalign` says otherwise (a table without rows: its headers left); two spaces
    between columns, a dashed rule under the headers, trailing spaces cut; a cell of several lines
    takes as many table lines, the others filled with blanks under it (and, as in tabulate, a row
    of empty cells takes none in such a table, one blank line in a table of one-line cells)."""
    grid = [[str(cell) for cell in row] for row in rows]
    if limits is not None:
        grid = [[_wrapped(cell, limit) if limit is not None else cell for cell, limit in zip(row, limits)]
                for row in grid]
    heads = [str(h).split("\n") for h in headers]
    aligns = list(colalign) if colalign is not None and grid else ["left"] * len(heads)
    columns = [[row[c].strip() for row in grid] for c in range(len(heads))]
    widths = [max([max(map(len, head)) + 2, *(len(line) for cell in column for line in cell.split("\n"))])
              for head, column in zip(heads, columns)]
    marks = {"left": "<", "right": ">", "center": "^"}
    several = any(len(head) > 1 for head in heads) or any("\n" in cell for row in grid for cell in row)

    def table_lines(cells: list[list[str]]) -> list[str]:
        """One row of the table: each cell's lines, padded, side by side."""
        height = max(len(lines) for lines in cells)  # 0: a row of empty cells in a table of several lines
        filled = [lines + [" " * w] * (height - len(lines)) for lines, w in zip(cells, widths)]
        return ["  ".join(lines[i] for lines in filled).rstrip() for i in range(height)]

    def padded(lines: list[str], c: int) -> list[str]:
        return [format(line, f"{marks[aligns[c]]}{widths[c]}") for line in lines]

    out = table_lines([padded(head, c) for c, head in enumerate(heads)])
    out.append("  ".join("-" * w for w in widths))
    for r in range(len(grid)):
        cells = [columns[c][r] for c in range(len(heads))]
        out += table_lines([padded(cell.splitlines() if several else [cell], c) for c, cell in enumerate(cells)])
    return "\n".join(out)


def _wrapped(text: str, width: int) -> str:
    """A cell wrapped to `width` characters as tabulate's `maxcolwidths` does: each of its lines
    that is not blank wrapped on its own, the blank ones dropped."""
    wrapper = _wrapper(width)
    return "\n".join("\n".join(wrapper.wrap(line)) for line in text.splitlines() if line.strip() != "")


def _wrapper(width: int):  # -> textwrap.TextWrapper, imported on first use
    import textwrap

    class CutAnywhere(textwrap.TextWrapper):
        """textwrap's defaults, but a word too long for any line is cut at the width, never after
        a hyphen inside it (as tabulate's own wrapper does)."""

        def _handle_long_word(self, reversed_chunks, cur_line, cur_len, width):
            space_left = 1 if width < 1 else width - cur_len
            if self.break_long_words and space_left > 0:
                chunk = reversed_chunks[-1]
                cur_line.append(chunk[:space_left])
                reversed_chunks[-1] = chunk[space_left:]
            elif not cur_line:
                cur_line.append(reversed_chunks.pop())

    return CutAnywhere(width=width)


def fit(rows: list, headers: list, *, width: int | None, wrap: tuple[int, ...] = (), keep: int = 1,
        **options) -> str:
    """tabulate(rows, headers, **options), within `width` cells (None: as wide as it comes).

    First the text columns named in `wrap` are wrapped, the widest first, down to MIN_WRAP cells;
    if the table is still too wide, its columns are split into several tables, one under the other,
    each repeating the first `keep` columns (the row names)."""
    whole = table(rows, headers, **options)
    if width is None or cells(whole) <= width:
        return whole
    if wrap:
        limits = {i: max(cells(str(r[i])) for r in [headers, *rows]) for i in wrap}
        wrapped = whole
        # tabulate wraps by characters, not cells: a line with wide (CJK) characters may come out
        # wider than asked, so narrow again by what is still over, until it fits or cannot narrow
        while (excess := cells(wrapped) - width) > 0:
            narrowed = False
            while excess > 0:
                i = max(limits, key=lambda k: limits[k])
                if limits[i] <= MIN_WRAP:
                    break
                limits[i] -= 1
                excess -= 1
                narrowed = True
            if not narrowed:
                break
            wrapped = table(rows, headers, maxcolwidths=[limits.get(i) for i in range(len(headers))], **options)
        if cells(wrapped) <= width:
            return wrapped
        # still too wide: split the columns, the text columns kept as narrow as they were wrapped
        options["maxcolwidths"] = [limits.get(i) for i in range(len(headers))]
    return _split(rows, headers, width=width, keep=keep, **options)


def _split(rows: list, headers: list, *, width: int, keep: int, **options) -> str:
    """The columns after the first `keep` in groups, each group a table of its own that fits."""
    colalign = options.pop("colalign", None)
    limits = options.pop("maxcolwidths", None)

    def render(columns: list[int]) -> str:
        extra = {"colalign": [colalign[i] for i in columns]} if colalign else {}
        if limits:
            extra["maxcolwidths"] = [limits[i] for i in columns]
        return table([[r[i] for i in columns] for r in rows], [headers[i] for i in columns], **options, **extra)

    groups: list[list[int]] = []
    group: list[int] = []
    for column in range(keep, len(headers)):
        if group and cells(render([*range(keep), *group, column])) > width:
            groups.append(group)
            group = []
        group.append(column)
    if group:
        groups.append(group)
    return "\n\n".join(render([*range(keep), *g]) for g in groups)
