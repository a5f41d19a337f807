"""The `sanma` command and what it prints: tables, JSON, the demo."""

from calc.cli.app import app, main

__all__ = ["app", "main"]
