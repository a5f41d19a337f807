"""Replay many log files: a directory means every log anywhere under it; many files use every core."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, NamedTuple

from calc.core import collector
from calc.core import rules as R
from calc.core.errors import SanmaError
from calc.logs import NotALog, read_log
from calc.logs.formats import may_be_a_log

if TYPE_CHECKING:
    from calc.core.schemes import Scheme
from calc.logs.replay import GameReplay, replay, resettle

# How a game is shown (calc.cli.replay_report.render): given by the caller, so this module needs no
# output code; a module-level function, so it crosses to the worker processes.
Render = Callable[[GameReplay, "dict | None", bool, "int | None"], str]

PARALLEL_FROM = 8  # fewer files than this replay in-process: a worker pool costs more than it saves


class FileResult(NamedTuple):
    """What the parent needs from one file; small, so it crosses process boundaries cheaply."""

    source: str
    output: str | None  # the game's text, or its JSON line
    error: str | None
    wins: tuple[int, int] = (0, 0)  # reproduced, total
    draws: tuple[int, int] = (0, 0)
    final_ok: bool = False
    ok: bool = False
    final_checked: bool = True  # False: an mjai excerpt or a log stating no final result
    under_rules: bool = False  # read under the --rules profile (an mjai log); Tenhou logs carry their own
    not_a_log: bool = False  # readable, but no game record (calc.logs.NotALog): skipped if found in a folder


class Found(NamedTuple):
    logs: list[Path]  # the files to read, in order
    skipped: list[Path]  # files in the folders that do not start like a log (a README, a note)
    walked: frozenset[str]  # the logs found in a folder, not named: one that is no log is skipped too

    def skip(self, path: str) -> bool:
        """A file that turned out to be no game record (NotALog): skipped if found in a folder."""
        return path in self.walked


def expand(paths: list[Path]) -> Found:
    """Files as given; a directory gives the files anywhere under it, sorted, hidden ones skipped,
    and of those only the ones that start like a log of some format (calc.logs.formats) are logs;
    the others (a README, a note) are skipped, not errors. A JSON or XML file found there that
    turns out to be no game record when read (calc.logs.NotALog) is skipped with them; a file named
    on the command line that is no log is an error."""
    out: list[Path] = []
    skipped: list[Path] = []
    walked: set[str] = set()
    for path in paths:
        if not path.is_dir():
            out.append(path)
            continue
        for found in sorted(path.rglob("*")):
            hidden = any(part.startswith(".") for part in found.relative_to(path).parts)
            if hidden or not found.is_file():
                continue
            if _looks_like_a_log(found):
                out.append(found)
                walked.add(str(found))
            else:
                skipped.append(found)
    return Found(out, skipped, frozenset(walked))


def skipped_text(skipped: list) -> str:
    """What `expand` left out, for a note: how many, and the first names."""
    names = ", ".join(str(p) for p in skipped[:3]) + (", ..." if len(skipped) > 3 else "")
    return f"skipped {len(skipped)} file(s) that are not logs: {names}"


def _looks_like_a_log(path: Path) -> bool:
    try:
        with path.open("rb") as stream:
            start = stream.read(256)
    except OSError:
        return True  # unreadable: the reader says why, as an error
    return may_be_a_log(start)


def replay_file(path: str, schemes: tuple[str | Scheme, ...], as_json: bool, render: Render,
                rules: str | None = None, width: int | None = None) -> FileResult:
    """`rules`: the profile (name or file) for logs that name no platform (mjai)."""
    try:
        game = read_log(path, mjai_rules=_profile(rules))
        r = replay(game, path)
        settled = resettle(r, list(schemes)) if schemes else None
    except NotALog as e:
        return FileResult(path, None, str(e), not_a_log=True)
    except SanmaError as e:
        return FileResult(path, None, str(e))
    output = render(r, settled, as_json, width)
    return FileResult(path, output, None, (r.wins_matching, r.wins), (r.draws_matching, r.draws), r.final_reproduced, r.ok,
                      r.final_checked, r.log.rules is not None)


@lru_cache(maxsize=None)
def _profile(rules: str | None) -> R.RuleSet | None:
    return None if rules is None else R.load(rules)


def _replay_star(args: tuple[str, tuple[str, ...], bool, Render, str | None, int | None]) -> FileResult:
    return replay_file(*args)


def run(files: list[Path], schemes: tuple[str | Scheme, ...], as_json: bool, render: Render,
        advance: Callable[[int], None] | None = None, *, workers: int | None = None,
        rules: str | None = None, width: int | None = None) -> Iterator[FileResult]:
    """Results in the order of `files`; `workers` processes (default: every core)."""
    with collector.eased():  # a replay allocates much and keeps nothing (calc/core/collector.py)
        yield from _run(files, schemes, as_json, render, advance, workers=workers, rules=rules, width=width)


def _run(files: list[Path], schemes: tuple[str | Scheme, ...], as_json: bool, render: Render,
         advance: Callable[[int], None] | None, *, workers: int | None, rules: str | None,
         width: int | None) -> Iterator[FileResult]:
    jobs = [(str(f), schemes, as_json, render, rules, width) for f in files]
    workers = min(workers or os.cpu_count() or 1, len(jobs))
    if len(jobs) < PARALLEL_FROM or workers < 2:
        for job in jobs:
            result = _replay_star(job)
            if advance:
                advance(1)
            yield result
        return
    from concurrent.futures import ProcessPoolExecutor  # here: one process needs no pool (start-up)

    chunk = max(1, len(jobs) // (workers * 4))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for result in pool.map(_replay_star, jobs, chunksize=chunk):
            if advance:
                advance(1)
            yield result
