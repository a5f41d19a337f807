"""`--csv` and `--html` of settle, replay and compare: the glue between a command and csvout / html."""

from __future__ import annotations

from pathlib import Path

import typer

from calc.cli import csvout, html
from calc.core.errors import SanmaError


def check_html_path(path: Path | None) -> None:
    """Refuse a bad --html before any work: it must name a .html file in a folder that exists."""
    if path is None:
        return
    if path == Path("."):  # an empty argument (`--html ""`) arrives as the current folder
        raise SanmaError("--html needs a file name: the report is a web page, e.g. --html report.html")
    if path.suffix.lower() not in (".html", ".htm"):
        raise SanmaError(f"--html {path}: the report is a web page; give a .html file name")
    if not path.parent.is_dir():
        raise SanmaError(f"--html {path}: no such folder {str(path.parent)!r}")


def write_page(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        raise SanmaError(f"--html {path}: cannot write there ({e.strerror})") from None
    typer.echo(f"wrote {path}", err=True)


def settle(settled, schemes, *, as_csv: bool, html_path: Path | None) -> bool:
    """Write the page, print the CSV; True when the CSV replaced the usual output."""
    if html_path is not None:
        write_page(html_path, html.settle_page(settled, schemes))
    if as_csv:
        typer.echo(csvout.settle_standings_csv(schemes) if schemes else csvout.settle_ledger_csv(settled), nl=False)
    return as_csv


def replay(found, schemes: tuple[str, ...], *, as_csv: bool, as_json: bool, html_path: Path | None) -> int:
    """`sanma replay --csv / --html`: the games in order in this process; the exit code.

    Each game's usual line (or JSON) still goes to stdout unless --csv asks for the CSV there; the
    summary goes to stderr with --csv or --json."""
    from calc.cli.replay_run import skipped_note
    from calc.logs import NotALog, batch
    from calc.logs.replay import replay as replay_game, resettle
    from calc.cli.replay_report import render, summary_text

    games, failed = [], 0
    skipped = list(found.skipped)
    once = batch.Once()
    for source in found.sources(skipped):
        try:
            game = batch.read(source)
            if not once.first_time(batch.identity(game), source.name):
                continue
            r = replay_game(game, source.name)
            settled = resettle(r, list(schemes)) if schemes else None
        except NotALog as e:
            if found.skip(source.name):
                skipped.append(source.name)
                continue
            failed += 1
            typer.echo(f"Error: {e}", err=True)
            continue
        except SanmaError as e:
            failed += 1
            typer.echo(f"Error: {e}", err=True)
            continue
        games.append((r, settled))
        if not as_csv:
            typer.echo(render(r, settled, as_json))
    if html_path is not None and games:
        write_page(html_path, html.replay_page(games))
    if as_csv:
        out = csvout.replay_standings_csv(games) if schemes else csvout.replay_ledger_csv([r for r, _ in games])
        typer.echo(out, nl=False)
    skipped_note(skipped, once)
    wins = (sum(r.wins_matching for r, _ in games), sum(r.wins for r, _ in games))
    draws = (sum(r.draws_matching for r, _ in games), sum(r.draws for r, _ in games))
    finals = (sum(r.final_reproduced for r, _ in games), sum(r.final_checked for r, _ in games))
    matching = sum(r.ok for r, _ in games)
    typer.echo(summary_text(len(games), wins, draws, finals, matching, failed), err=as_csv or as_json)
    return 1 if failed or matching != len(games) else 0


def compare(setup, matches: int, *, as_json: bool, as_csv: bool, html_path: Path | None, plot: Path | None,
            workers: int | None, advance, per_match: Path | None = None,
            width: int | None = None) -> tuple[str | dict, bool]:
    """`sanma compare --csv / --html`: the run of `calc.sim.commands.run_comparison`, each output from
    the same comparison; the CSV and the page take their figures from the --json object (one source
    for all)."""
    from calc.sim.commands import comparison_text, run_comparison, setup_line
    from calc.sim.report import compare_svg

    result = run_comparison(setup, matches, workers=workers, advance=advance, per_match=per_match)
    line = setup_line("compare", setup, matches, result.matches)
    data = result.to_dict()
    if result.matches:
        picture = compare_svg(result.comparison, line)
        if plot is not None:
            plot.write_text(picture, encoding="utf-8")
        if html_path is not None:
            from calc.cli.scheme_report import schemes_payments

            payments = schemes_payments(setup.rules, setup.schemes)
            write_page(html_path, html.compare_page(data, line, picture, payments))
    if as_csv:
        return compare_csv(data), result.interrupted
    if as_json:
        return data, result.interrupted
    return comparison_text(result, line, setup, width=width), result.interrupted


def compare_csv(data: dict) -> str:
    """The CSV of `sanma compare --csv`, without its final line end (the command adds one)."""
    return csvout.compare_csv(data).rstrip("\n")

