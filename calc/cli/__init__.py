"""The `sanma` command and what it prints: tables, JSON, the demo."""

from __future__ import annotations

import sys


def main() -> None:
    """`sanma`: a plain `sanma hand "<hand>" [flags]`, a plain `sanma replay PATH...` and a plain
    `sanma simulate --matches N ...` are answered before the typer app is built (start-up, see
    calc/cli/fast.py, calc/cli/replay_run.py and calc/cli/simulate_run.py); everything else goes
    through the app."""
    args = sys.argv[1:]
    if args[:1] == ["hand"]:
        from calc.cli import fast

        if fast.hand(args[1:]):
            return
    if args[:1] == ["replay"]:
        from calc.cli import replay_run

        if replay_run.plain(args[1:]):
            return
    if args[:1] == ["simulate"]:
        from calc.cli import simulate_run

        if simulate_run.plain(args[1:]):
            return
    from calc.cli.app import main as app_main

    app_main()


__all__ = ["main"]  # the typer app itself is calc.cli.app.app
