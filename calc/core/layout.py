"""Text tables and lines that fit a terminal: 80 columns by default, the terminal's width when it
is wider, any width with `--wide` (width None).

Widths are counted in terminal cells (wcwidth): a Chinese or Japanese character takes two, so a
player named 王小明 keeps the columns aligned; tabulate counts the same way when wcwidth is
installed (a runtime dependency for that reason).
"""

from __future__ import annotations

import os
import sys

NARROWEST = 80
MIN_WRAP = 8  # a wrapped text column keeps at least this many cells


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


def _line_cells(line: str) -> int:
    if line.isascii() and line.isprintable():
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


def fit(rows: list, headers: list, *, width: int | None, wrap: tuple[int, ...] = (), keep: int = 1,
        **options) -> str:
    """tabulate(rows, headers, **options), within `width` cells (None: as wide as it comes).

    First the text columns named in `wrap` are wrapped, the widest first, down to MIN_WRAP cells;
    if the table is still too wide, its columns are split into several tables, one under the other,
    each repeating the first `keep` columns (the row names)."""
    from tabulate import tabulate  # loaded here: a replay's check lines start without it

    table = tabulate(rows, headers=headers, **options)
    if width is None or cells(table) <= width:
        return table
    if wrap:
        limits = {i: max(cells(str(r[i])) for r in [headers, *rows]) for i in wrap}
        wrapped = table
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
            wrapped = tabulate(rows, headers=headers, maxcolwidths=[limits.get(i) for i in range(len(headers))],
                               **options)
        if cells(wrapped) <= width:
            return wrapped
        # still too wide: split the columns, the text columns kept as narrow as they were wrapped
        options["maxcolwidths"] = [limits.get(i) for i in range(len(headers))]
    return _split(rows, headers, width=width, keep=keep, **options)


def _split(rows: list, headers: list, *, width: int, keep: int, **options) -> str:
    """The columns after the first `keep` in groups, each group a table of its own that fits."""
    from tabulate import tabulate

    colalign = options.pop("colalign", None)
    limits = options.pop("maxcolwidths", None)

    def render(columns: list[int]) -> str:
        extra = {"colalign": [colalign[i] for i in columns]} if colalign else {}
        if limits:
            extra["maxcolwidths"] = [limits[i] for i in columns]
        return tabulate([[r[i] for i in columns] for r in rows], headers=[headers[i] for i in columns],
                        **options, **extra)

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
