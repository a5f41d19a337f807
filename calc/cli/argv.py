"""The reading step of the plain command lines answered before the typer app is built (`sanma hand`
in calc/cli/fast.py, `sanma simulate` in simulate_run.py, `sanma replay` in replay_run.py).

Read as typer (click) reads them: an option's value is `--name=value` or the next argument,
whatever it starts with (`--honba -1`, `--rules --json`: click takes the next word as the value). Anything
this does not read the way typer would is left to the typer app, which prints its own message.
"""

from __future__ import annotations

from typing import Collection


def read(args: list[str], switches: Collection[str], options: Collection[str]) -> tuple[list[str], dict] | None:
    """(the arguments that are not options, in order; {option name: its text, or True for a switch}),
    or None when the typer app should read `args`: an option not listed (`--help`, a misspelling, `-`,
    `--`), a switch given a value (`--json=yes`), an option with no value after it, or one given twice."""
    positional: list[str] = []
    given: dict = {}
    index = 0
    while index < len(args):
        arg = args[index]
        index += 1
        if not arg.startswith("-"):
            positional.append(arg)
            continue
        name, equals, value = arg.partition("=")
        if name in given:
            return None
        if name in switches and not equals:
            given[name] = True
        elif name in options:
            if not equals:
                if index == len(args):
                    return None
                value = args[index]
                index += 1
            given[name] = value
        else:
            return None
    return positional, given


def whole_number(text: str, *, signed: bool = False) -> int | None:
    """A whole number written in ASCII digits (after a `-` where `signed`), as typer's int option
    reads it; None for anything else (a `+`, a space, `²`, a word), which typer then refuses in
    its own words."""
    body = text[1:] if signed and text[:1] == "-" else text
    return int(text) if body.isascii() and body.isdigit() else None
