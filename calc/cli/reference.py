"""The command reference (docs/reference.md), written from the typer app itself: every command,
argument and option with its help, so the page has one source and cannot go stale.

`python -m calc.cli.reference > docs/reference.md` (`make docs-reference`) rewrites the page;
tests/test_docs.py fails when the committed page differs from what this prints.
"""

from __future__ import annotations

import re

import typer

PAGE_HEADER = """\
# Command reference

Every command, argument and option of `sanma`, with its help, as `sanma COMMAND --help` prints it.
This page is written from the command itself (`calc/cli/reference.py`; `make docs-reference`
rewrites it, and a test fails when it is out of date). What the commands are for, with examples,
is in the pages of each job.
"""


def _words(text: str | None) -> str:
    """Help text as one Markdown paragraph, safe in a table cell."""
    text = re.sub(r"\s+", " ", (text or "").strip())
    text = re.sub(r"([\\*_\[\]|<>])", r"\\\1", text)
    return text


def _paragraphs(text: str | None) -> str:
    return "\n\n".join(_words(p) for p in re.split(r"\n\s*\n", (text or "").strip()) if p.strip())


def _default(param) -> str:
    if getattr(param, "required", False):
        return "required"
    if getattr(param, "is_flag", False) or param.default is None or getattr(param, "show_default", True) is False:
        return ""
    default = param.default
    if isinstance(default, (list, tuple)):
        return " ".join(str(d) for d in default)
    return str(default)


def _command_section(command, ctx, path: list[str]) -> list[str]:
    name = " ".join(path)
    usage = command.get_usage(ctx).removeprefix("Usage: ")
    out = [f"## `{name}`", "", _paragraphs(command.help), "", "```", usage, "```", ""]
    arguments = [p for p in command.params if p.param_type_name == "argument"]
    options = [p for p in command.params if p.param_type_name == "option"]
    if arguments:
        out += ["| argument | |", "|---|---|"]
        for p in arguments:
            required = " (required)" if p.required else ""
            out.append(f"| `{p.human_readable_name}` | {_words(p.help)}{required} |")
        out.append("")
    if options:
        out += ["| option | default | |", "|---|---|---|"]
        for p in options:
            signature = p.get_help_record(ctx)[0] if p.get_help_record(ctx) else ", ".join(p.opts)
            default = _default(p)
            out.append(f"| `{signature}` | {f'`{default}`' if default else ''} | {_words(p.help)} |")
        out.append("")
    return out


def _walk(command, ctx, path: list[str]) -> list[str]:
    out = []
    subcommands = getattr(command, "list_commands", None)
    if subcommands is None:
        return _command_section(command, ctx, path)
    if len(path) > 1:  # a group of commands (sanma rules): its line, then each command
        out += [f"## `{' '.join(path)}`", "", _paragraphs(command.help), ""]
    for name in subcommands(ctx):
        sub = command.get_command(ctx, name)
        out += _walk(sub, typer.Context(sub, info_name=name, parent=ctx), [*path, name])
    return out


def reference() -> str:
    """The whole page, Markdown."""
    from calc.cli.app import app

    root = typer.main.get_command(app)
    ctx = typer.Context(root, info_name="sanma")
    options = [p for p in root.params if p.param_type_name == "option"]
    out = [PAGE_HEADER, "```", root.get_usage(ctx).removeprefix("Usage: "), "```", "", _paragraphs(root.help), "",
           "| option | |", "|---|---|"]
    out += [f"| `{', '.join(p.opts)}` | {_words(p.help)} |" for p in options]
    out += ["| `--help` | Show a command's help and exit (`sanma COMMAND --help`). |", "",
            "Commands: " + ", ".join(f"[`{n}`](#sanma-{n})" for n in root.list_commands(ctx)) + ".", ""]
    out += _walk(root, ctx, ["sanma"])
    return "\n".join(out).rstrip("\n") + "\n"


def undocumented() -> list[str]:
    """Every argument or option that has no help text (a test keeps the list empty)."""
    from calc.cli.app import app

    missing = []

    def visit(command, ctx, path):
        for p in command.params:
            if not (p.help or "").strip() and p.name != "help":
                missing.append(f"{' '.join(path)} {p.opts[0]}")
        if not (command.help or "").strip():
            missing.append(" ".join(path))
        if hasattr(command, "list_commands"):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                visit(sub, typer.Context(sub, info_name=name, parent=ctx), [*path, name])

    root = typer.main.get_command(app)
    visit(root, typer.Context(root, info_name="sanma"), ["sanma"])
    return missing


if __name__ == "__main__":
    print(reference(), end="")
