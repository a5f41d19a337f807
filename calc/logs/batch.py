"""Replay many log files: a directory means every log anywhere under it, an archive every log in it
(calc/logs/archive.py); many files use every core; a game read twice (the same game in two formats,
in two archives, or named twice) is counted once (`Once`).
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, NamedTuple

from calc.core import collector
from calc.core import rules as R
from calc.core.errors import SanmaError
from calc.logs import Game, LogError, NotALog, parse_log, read_log
from calc.logs import archive
from calc.logs.formats import may_be_a_log
from calc.logs.replay import GameReplay, replay, resettle

if TYPE_CHECKING:
    from calc.core.schemes import Scheme

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
    game: str | None = None  # the game's identity (`identity`)


class Source(NamedTuple):
    """One log to read: a file, or a member of an archive (its bytes unpacked)."""

    name: str  # the file, or "ARCHIVE:MEMBER"
    data: bytes | None = None  # an archive member's bytes; None: read the file
    error: str | None = None  # an archive that could not be read through (corrupt, a bomb)


class Found(NamedTuple):
    logs: list[Path]  # the files to read, in order (an archive stands for the logs in it)
    skipped: list[Path]  # files in the folders that do not start like a log (a README, a note)
    walked: frozenset[str]  # the logs found in a folder or an archive, not named: one that is no log is skipped too
    archives: frozenset[str] = frozenset()  # the files of `logs` that are archives

    def skip(self, path: str) -> bool:
        """A file that turned out to be no game record (NotALog): skipped if found in a folder or an
        archive."""
        return path in self.walked or ":" in path and path.rsplit(":", 1)[0] in self.archives

    def sources(self, skipped: list) -> Iterator[Source]:
        """Every log to read, in order: the files, and the members of each archive as it unpacks
        (those that do not start like a log appended to `skipped`, as a folder's README is)."""
        for path in self.logs:
            if str(path) not in self.archives:
                yield Source(str(path))
                continue
            try:
                for member in archive.members(path):
                    if may_be_a_log(member.data[:256]):
                        yield Source(member.name, member.data)
                    else:
                        skipped.append(member.name)
            except LogError as e:
                yield Source(str(path), error=str(e))


def identity(game: Game) -> str:
    """A game's identity, the same in every format it is stored in: a digest of its play as the
    readers rebuild it, not of the file's bytes or name (an mjlog's id is its file name; an mjai log
    has none). Each hand's start (round, honba, sticks, dealer, scores), who won off whom with which
    tile, and how a draw ended: two games that differ in play differ there, and reading no more of
    them keeps the digest a small part of a replay."""
    play: list = [game.start_scores]
    for k in game.rounds:
        play += (k.round_wind, k.round_number, k.honba, k.sticks, k.dealer, k.scores,
                 [(w.winner, w.from_seat, w.win_tile) for w in k.wins], None if k.draw is None else k.draw.kind)
    return hashlib.sha256(repr(play).encode()).hexdigest()[:16]


class Once:
    """Each game counted once, at the first source it is read from; the later copies noted."""

    def __init__(self) -> None:
        self.first: dict[str, str] = {}  # identity -> the source that counted
        self.again: list[tuple[str, str]] = []  # (a source read again, the one that counted)

    def first_time(self, game: str, source: str) -> bool:
        if game in self.first:
            self.again.append((source, self.first[game]))
            return False
        self.first[game] = source
        return True

    def note(self) -> str | None:
        """What was left out, for a note on stderr; None: nothing."""
        if not self.again:
            return None
        again, first = self.again[0]
        shown = f"{again} is {first}"
        more = f"; and {len(self.again) - 1} more" if len(self.again) > 1 else ""
        n = len(self.again)
        return (f"counted once: {n} {'game' if n == 1 else 'games'} read again, in another file or format, "
                f"left out ({shown}{more})")


def expand(paths: list[Path]) -> Found:
    """Files as given; a directory gives the files anywhere under it, sorted, hidden ones skipped,
    and of those only the ones that start like a log of some format (calc.logs.formats) are logs;
    the others (a README, a note) are skipped, not errors. A JSON or XML file found there that
    turns out to be no game record when read (calc.logs.NotALog) is skipped with them; a file named
    on the command line that is no log is an error."""
    out: list[Path] = []
    skipped: list[Path] = []
    walked: set[str] = set()
    archives: set[str] = set()
    for path in paths:
        if not path.is_dir():
            out.append(path)
            if _kind(path) == "archive":
                archives.add(str(path))
            continue
        for found in sorted(path.rglob("*")):
            hidden = any(part.startswith(".") for part in found.relative_to(path).parts)
            if hidden or not found.is_file():
                continue
            kind = _kind(found)
            if kind is None:
                skipped.append(found)
                continue
            out.append(found)
            walked.add(str(found))
            if kind == "archive":
                archives.add(str(found))
    return Found(out, skipped, frozenset(walked), frozenset(archives))


def skipped_text(skipped: list) -> str:
    """What `expand` left out, for a note: how many, and the first names."""
    names = ", ".join(str(p) for p in skipped[:3]) + (", ..." if len(skipped) > 3 else "")
    what = "file that is not a log" if len(skipped) == 1 else "files that are not logs"
    return f"skipped {len(skipped)} {what}: {names}"


def no_logs_text(skipped: list) -> str:
    """The error when nothing given holds a log, naming what was skipped."""
    if not skipped:
        return "no log files given (the directories hold no logs)"
    return f"no log files given: {skipped_text(skipped)}"


def _kind(path: Path) -> str | None:
    """"log" for a file that starts like a log, "archive" for an archive, None for anything else."""
    try:
        with path.open("rb") as stream:
            start = stream.read(512)
    except OSError:
        return "log"  # unreadable: the reader says why, as an error
    if archive.is_archive(start):
        return "archive"
    return "log" if may_be_a_log(start[:256]) else None


def read(source: Source, rules: R.RuleSet | None = None, mjai_rules: R.RuleSet | None = None) -> Game:
    """The game of one source (a file, or an archive's member)."""
    if source.error is not None:
        raise LogError(source.error)
    if source.data is None:
        return read_log(source.name, rules, mjai_rules)
    return parse_log(source.data, source.name, rules, mjai_rules)


def replay_file(source: Source, schemes: tuple[str | Scheme, ...], as_json: bool, render: Render,
                rules: str | None = None, width: int | None = None) -> FileResult:
    """`rules`: the profile (name or file) for logs that name no platform (mjai)."""
    path = source.name
    try:
        game = read(source, mjai_rules=_profile(rules))
        r = replay(game, path)
        settled = resettle(r, list(schemes)) if schemes else None
    except NotALog as e:
        return FileResult(path, None, str(e), not_a_log=True)
    except SanmaError as e:
        return FileResult(path, None, str(e))
    output = render(r, settled, as_json, width)
    return FileResult(path, output, None, (r.wins_matching, r.wins), (r.draws_matching, r.draws), r.final_reproduced,
                      r.ok, r.final_checked, r.log.rules is not None, game=identity(game))


@lru_cache(maxsize=None)
def _profile(rules: str | None) -> R.RuleSet | None:
    return None if rules is None else R.load(rules)


def _replay_star(args: tuple[Source, tuple[str, ...], bool, Render, str | None, int | None]) -> FileResult:
    return replay_file(*args)


def run(files: list[Source], schemes: tuple[str | Scheme, ...], as_json: bool, render: Render,
        advance: Callable[[int], None] | None = None, *, workers: int | None = None,
        rules: str | None = None, width: int | None = None) -> Iterator[FileResult]:
    """Results in the order of `files`; `workers` processes (default: every core)."""
    with collector.eased():  # a replay allocates much and keeps nothing (calc/core/collector.py)
        yield from _run(files, schemes, as_json, render, advance, workers=workers, rules=rules, width=width)


def _run(files: list[Source], schemes: tuple[str | Scheme, ...], as_json: bool, render: Render,
         advance: Callable[[int], None] | None, *, workers: int | None, rules: str | None,
         width: int | None) -> Iterator[FileResult]:
    jobs = [(f, schemes, as_json, render, rules, width) for f in files]
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
