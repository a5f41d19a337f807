"""The `sanma` command and what it prints: tables, JSON, the demo."""

from __future__ import annotations

import sys


def main() -> None:
    """`sanma`: a plain `sanma hand "<hand>" [flags]` is answered before the typer app is built
    (start-up, see calc/cli/fast.py); everything else goes through the app."""
    args = sys.argv[1:]
    if args[:1] == ["hand"]:
        from calc.cli import fast

        if fast.hand(args[1:]):
            return
    from calc.cli.app import main as app_main

    app_main()


def __getattr__(name: str):
    if name == "app":  # the typer app, built on first use
        from calc.cli.app import app

        return app
    raise AttributeError(f"module 'calc.cli' has no attribute {name!r}")


__all__ = ["app", "main"]
