"""The `sanma` command: one short function per command; parse, call one function, render.

Results go to stdout, diagnostics to stderr. A SanmaError (bad input) prints one line and exits 1;
typer's usage errors exit 2; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import sys

import typer

from calc.errors import SanmaError

app = typer.Typer(
    help="Three-player riichi mahjong (sanma): score hands, compare payment schemes, settle matches.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
)


def fail(error: SanmaError) -> None:
    """Print a user error as one line on stderr and exit 1."""
    typer.echo(f"Error: {error}", err=True)
    raise typer.Exit(1)


def main() -> None:
    try:
        app()
    except SanmaError as error:  # raised outside a command's own handling
        typer.echo(f"Error: {error}", err=True)
        sys.exit(1)
