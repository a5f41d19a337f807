"""`sanma hand --batch`: JSON lines in, JSON lines out, in input order, on one or N processes.

The command line's flags are every line's defaults (a line's own keys win); a bad line prints
`{"line": N, "error": ...}` and the rest still run; the caller exits 1 when any line failed.

Compiled with mypyc (calc/compiled.py): the loop and each line's steps around the scorer (read the
JSON, check the keys, write the answer) ran interpreted, a third of a line's time. A line is read by
calc/cli/hand_line.py, its answer written by calc/cli/hand_json.py.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import BinaryIO, Final, Iterable, TextIO

from calc.cli import report
from calc.cli.hand_json import hand_json
from calc.cli.hand_line import BatchLineReader
from calc.core import collector
from calc.core.errors import SanmaError
from calc.core.workers import check, in_order
from calc.table.scored import pay_all_schemes, score

CHUNK_LINES: Final = 2000  # at most, per task of a worker process
BYTES_PER_LINE: Final = 80  # about, for a batch line (a hand and a few keys): chunk sizes from the file's size
WRITE_LINES: Final = 100  # output lines written at once from a file: a write call a line cost ~2,000 instructions


# json.dumps's text without its check for cycles (the objects are trees made here): ~15% less
_encode: Final = json.JSONEncoder(check_circular=False).encode

def score_line(number: int, raw: bytes, lines: BatchLineReader, all_schemes: bool) -> tuple[str, bool]:
    """(the output line, whether it failed) for one input line."""
    try:
        result = score(lines.request(raw))
        if all_schemes:
            return _encode(report.hand_all_schemes_dict(result, pay_all_schemes(result))), False
        return hand_json(result), False
    except UnicodeDecodeError as error:
        out: dict[str, object] = {"line": number, "error": f"not UTF-8 text (byte {error.start + 1} of the line)"}
    except json.JSONDecodeError as error:
        out = {"line": number, "error": f"invalid JSON: {error.msg} at column {error.colno}"}
    except SanmaError as error:
        out = {"line": number, "error": str(error)}
    return json.dumps(out), True


def _score_chunk(task: tuple[list[tuple[int, bytes]], dict, bool]) -> tuple[str, int]:
    """A worker's share: its lines' output, joined, and how many of them failed."""
    lines, defaults, all_schemes = task
    reader = BatchLineReader(defaults)
    out: list[str] = []
    failed = 0
    for number, raw in lines:
        text, bad = score_line(number, raw, reader, all_schemes)
        out.append(text)
        failed += bad
    return "\n".join(out) + "\n" if out else "", failed


def _numbered(stream: BinaryIO) -> Iterable[tuple[int, bytes]]:
    for number, raw in enumerate(stream, start=1):
        if raw.strip():
            yield number, raw


def _chunks(lines: Iterable[tuple[int, bytes]], size: int) -> Iterable[list[tuple[int, bytes]]]:
    chunk: list[tuple[int, bytes]] = []
    for item in lines:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def run_batch(path: Path, defaults: dict, *, all_schemes: bool = False, workers: int | None = None,
              out: TextIO | None = None) -> int:
    """Score every line of `path` (- = stdin) and write one JSON line each; returns the failed count."""
    with collector.eased():  # a batch allocates much and keeps nothing (calc/core/collector.py)
        return _run_batch(path, defaults, all_schemes, workers, out or sys.stdout)


def _run_batch(path: Path, defaults: dict, all_schemes: bool, workers: int | None, out: TextIO) -> int:
    check(workers)  # bounded as every command's --workers (the command line refuses several for stdin)
    processes = workers or 1
    try:
        stream: BinaryIO = sys.stdin.buffer if str(path) == "-" else path.open("rb")
    except OSError as error:
        raise SanmaError(f"cannot read batch file: {error.strerror}", file=str(path)) from None
    failed = 0
    with stream:
        if processes == 1:
            # line by line: a stream on stdin (a bot, a pipe) is answered as each line comes
            interactive = str(path) == "-"
            reader = BatchLineReader(defaults)
            written: list[str] = []  # from a file, lines are written WRITE_LINES at a time
            try:
                for number, raw in _numbered(stream):
                    text, bad = score_line(number, raw, reader, all_schemes)
                    failed += bad
                    if interactive:
                        out.write(text + "\n")
                        out.flush()
                        continue
                    written.append(text)
                    if len(written) == WRITE_LINES:
                        out.write("\n".join(written) + "\n")
                        written.clear()
            finally:  # interrupted too: every line answered is written, as when each was written at once
                if written:
                    out.write("\n".join(written) + "\n")
            return failed
        # A file is cut into a few chunks per process (from its size: a line is some 80 bytes), so
        # that every process has work; the chunks are read as the results come back, in input order,
        # so a file of any length is never held whole.
        lines = path.stat().st_size // BYTES_PER_LINE
        size = max(1, min(CHUNK_LINES, -(-lines // (processes * 4))))
        tasks = ((chunk, defaults, all_schemes) for chunk in _chunks(_numbered(stream), size))
        import multiprocessing

        with multiprocessing.get_context().Pool(processes) as pool:
            for chunk_text, chunk_failed in in_order(pool, _score_chunk, tasks, ahead=4 * processes):
                out.write(chunk_text)
                failed += chunk_failed
        out.flush()
    return failed
