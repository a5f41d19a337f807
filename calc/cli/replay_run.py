"""`sanma replay` to text or JSON lines: the logs found, replayed in worker processes, each game's
output and the summary. The typer command calls it after reading its options; a plain
`sanma replay PATH...` (paths only, the common case, perhaps with `--workers N`) is answered here
before the typer app is built: typer and the app cost about 50 ms of start-up, all of it before the
first worker starts.
"""

from __future__ import annotations

import sys
from pathlib import Path

from calc.core import layout
from calc.core.errors import SanmaError


def _echo(text: str, err: bool = False) -> None:
    """A line on stdout (or stderr), flushed as typer.echo does: errors and results keep their order."""
    print(text, file=sys.stderr if err else sys.stdout, flush=True)


def gather(files: list[Path], *, use_cache: bool = True):
    """(the files found, a calc.logs.batch.Found; how many arguments failed): Tenhou ids and links
    downloaded or cached, directories searched; each failure is an `Error:` line on stderr."""
    from calc.logs import batch, fetch

    local, errors = fetch.resolve(files, use_cache=use_cache)
    for error in errors:
        _echo(f"Error: {error}", err=True)
    found = batch.expand(local)
    if not found.logs and not errors:
        raise SanmaError(batch.no_logs_text(found.skipped))
    return found, len(errors)


def skipped_note(skipped: list, once=None) -> None:
    """The files of the folders that are not logs, found before or while reading: one note; and the
    games read again (`once`, a calc.logs.batch.Once), another."""
    from calc.logs import batch

    if skipped:
        _echo(f"note: {batch.skipped_text(skipped)}", err=True)
    note = once.note() if once is not None else None
    if note is not None:
        _echo(f"note: {note}", err=True)


def show(found, failed: int, schemes: tuple, as_json: bool, *, rules: str | None = None,
         workers: int | None = None, width: int | None = None) -> int:
    """Replay the logs `found` and print each game (its text, or its JSON line) and the summary (on
    stderr with JSON); the exit status: 1 when a file failed or a game does not match its log."""
    from calc.cli.replay_report import render, summary_text
    from calc.logs import batch

    skipped = list(found.skipped)
    paths = list(found.sources(skipped))
    once = batch.Once()

    totals = {"games": 0, "failed": failed, "matching": 0, "wins": [0, 0], "draws": [0, 0], "finals": [0, 0],
              "under_rules": 0}
    bar = None
    if sys.stderr.isatty() and len(paths) >= batch.PARALLEL_FROM:
        import typer

        bar = typer.progressbar(length=len(paths), label="replaying", file=sys.stderr)
    try:
        for result in batch.run(paths, schemes, as_json, render, bar.update if bar else None, workers=workers,
                                rules=rules, width=width):
            if result.not_a_log and found.skip(result.source):
                skipped.append(result.source)  # a JSON or XML file of the folder that is no game record
                continue
            if result.error is not None:
                totals["failed"] += 1
                _echo(f"Error: {result.error}", err=True)
                continue
            if not once.first_time(result.game, result.source):
                continue
            totals["games"] += 1
            totals["matching"] += result.ok
            for key in ("wins", "draws"):
                totals[key][0] += getattr(result, key)[0]
                totals[key][1] += getattr(result, key)[1]
            totals["finals"][0] += result.final_ok
            totals["finals"][1] += result.final_checked
            totals["under_rules"] += result.under_rules
            _echo(result.output)
    finally:
        if bar is not None:
            bar.render_finish()
    if not totals["games"] and not totals["failed"]:
        raise SanmaError(batch.no_logs_text(skipped))
    skipped_note(skipped, once)
    summary = summary_text(totals["games"], tuple(totals["wins"]), tuple(totals["draws"]), tuple(totals["finals"]),
                           totals["matching"], totals["failed"])
    _echo("\n".join(layout.lines(summary, None if as_json else width, "  ")), err=as_json)
    if rules is not None and totals["games"] and not totals["under_rules"]:
        _echo(f"note: --rules {rules} changed nothing: it is the profile of mjai logs, which name no platform; "
              f"these Tenhou logs were replayed under Tenhou's rules", err=True)
    return 1 if totals["failed"] or totals["matching"] != totals["games"] else 0


# The one option read here, a number (tests/test_fields.py checks it against the typer command's)
NUMBERS = ("--workers",)


def _workers(args: list[str]) -> tuple[list[str], int | None] | None:
    """(the paths, the --workers number) when the arguments are paths and perhaps `--workers N`
    (`--workers=N`), a whole number within the bound every command's --workers has
    (calc.core.workers.check); None when the typer app should read them (another option, `--help`,
    a number out of bounds: the app's own message)."""
    from calc.cli import argv
    from calc.core.workers import max_workers

    read = argv.read(args, (), NUMBERS)
    if read is None or not read[0]:
        return None
    paths, given = read
    if "--workers" not in given:
        return paths, None
    workers = argv.whole_number(given["--workers"])
    if workers is None or not 1 <= workers <= max_workers():
        return None
    return paths, workers


def plain(args: list[str]) -> bool:
    """Answer `sanma replay ARGS` here when every argument is a path (or a game id or link), perhaps
    with `--workers N`; False when the typer app should read them (another option, `--help`, no
    argument)."""
    options = _workers(args)
    if options is None:
        return False
    paths, workers = options
    try:
        found, failed = gather([Path(arg) for arg in paths])
        code = show(found, failed, (), False, workers=workers, width=layout.terminal_width())
    except SanmaError as error:
        _echo(f"Error: {error}", err=True)
        code = error.exit_code
    except KeyboardInterrupt:  # as the typer app ends on Ctrl-C
        _echo("\nAborted!", err=True)
        code = 1
    sys.exit(code)
