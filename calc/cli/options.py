"""What a command-line option takes, checked as the option is read (docs/bad-input.md).

Two rules every command shares:

- An option with a closed set of words (`--seat E`, `--length east`, `--bots stress`) takes one of
  them; any other word is a usage error (exit 2), however the command line is read (the typer app or
  a plain command answered before it, calc/cli/fast.py and simulate_run.py). The sets are the ones
  the program itself uses: the seats of the table, the schema's `match.length`, the bots, the log
  formats, the limits.
- An option given twice never keeps only its last value without a word: indicator tiles are added
  together (`--dora 3p --dora 1m` is `--dora 3p1m`, as a second indicator after a kan is naturally
  typed), any other option given twice is a usage error. A switch given twice says the same thing
  twice and is taken.
"""

from __future__ import annotations

from typing import Callable, Sequence

from calc.core.errors import UsageError

# Options whose values are tiles laid side by side: a repeat adds its tiles to the first.
COMBINED = ("--dora", "--ura")


def _seats() -> Sequence[str]:
    from calc.core import tiles as T
    from calc.core.rules import PLAYERS

    # the winds of the seats, East first (calc.scoring.request reads a seat letter the same way)
    return [letter for letter, wind in sorted(T.WIND_LETTERS.items(), key=lambda item: item[1])
            if T.EAST <= wind < T.EAST + PLAYERS]


def _lengths() -> Sequence[str]:
    from calc.core.rules import SCHEMA

    return SCHEMA["match"]["length"].choices


def _bots() -> Sequence[str]:
    from calc.sim.bots import BOTS

    return tuple(BOTS)


def _formats() -> Sequence[str]:
    from calc.logs.formats import BY_NAME

    return tuple(BY_NAME)


def _limits() -> Sequence[str]:
    from calc.scoring.value import LIMITS

    return LIMITS


def _suits() -> Sequence[str]:
    return ("m", "p", "s")


# option -> its words, looked up when a value is checked (the bots and formats live in the simulator,
# which a plain `sanma hand` never imports)
WORDS: dict[str, Callable[[], Sequence[str]]] = {
    "--seat": _seats, "--round": _seats, "--length": _lengths, "--bots": _bots, "--format": _formats,
    "--limit": _limits, "--void": _suits,
}


def check(option: str, value: str | None) -> str | None:
    """`value` when `option` takes it (None when not given); a UsageError naming the option otherwise.
    Seats and rounds are read in either case, as the scorer reads them."""
    if value is None:
        return None
    words = WORDS[option]()
    shown = value.upper() if option in ("--seat", "--round") else value
    if shown not in words:
        from calc.core.errors import close_matches

        hint = close_matches(value, list(words), n=1)
        suggestion = f" (did you mean {hint[0]}?)" if hint else ""
        raise UsageError(f"{option} {value!r}: give one of {', '.join(words)}{suggestion}")
    return value


def callback(option: str) -> Callable[[str | None], str | None]:
    """The typer callback that checks `option`'s value as it is read."""
    return lambda value: check(option, value)


# ---------------------------------------------------------------- the declared fields as options


def with_fields(command: Callable, fields: Sequence, *, after: str, waiting: bool = False) -> Callable:
    """`command`, which takes the fields of calc.scoring.fields as `**fields`, with a typer option for
    each in its signature, after its parameter `after`: the option's spelling, its default, its type
    and its help (`waiting`: the help of `sanma waits`, of a win still to come); a closed set of words
    is checked as it is read (`WORDS`). Typer reads a command's options from its signature, so no
    option of the table can be missing from a command that takes the table's fields, nor one be
    there that the table lacks."""
    import inspect
    from typing import Optional

    import typer

    types = {"bool": bool, "int": int, "str": str, "str | None": Optional[str]}
    declared = [inspect.Parameter(
        field.name, inspect.Parameter.KEYWORD_ONLY, annotation=types[field.annotation],
        default=typer.Option(field.default, field.option, help=field.waiting if waiting else field.help,
                             callback=callback(field.option) if field.option in WORDS else None))
        for field in fields]
    own = [p for p in inspect.signature(command).parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
    at = next(k for k, p in enumerate(own) if p.name == after) + 1
    later = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in own[at:]]
    command.__signature__ = inspect.Signature([*own[:at], *declared, *later])  # type: ignore[attr-defined]
    return command


# ---------------------------------------------------------------- options given twice


def once(params: Sequence, args: list[str]) -> list[str]:
    """`args` with each option given once: the values of a repeated COMBINED option joined into the
    first, any other repeated option refused (UsageError). `params` are the command's click
    parameters; the arguments are read as click reads them (an option's value is the next argument
    or follows `=`, whatever it looks like; `--` ends the options)."""
    takes = {}
    for param in params:
        if getattr(param, "param_type_name", "") == "option" and not param.is_flag and not param.count \
                and not param.multiple:
            for name in (*param.opts, *param.secondary_opts):
                takes[name] = param
    # each argument, or each option with its values: [option, values] lists, changed in place below
    read: list[str | list] = []
    given: dict[str, list] = {}  # param name -> its first [option, values]
    k = 0
    while k < len(args):
        arg = args[k]
        name, equals, value = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        param = takes.get(name) if arg != "--" else None
        if arg == "--" or param is None:
            read += args[k:] if arg == "--" else [arg]
            k = len(args) if arg == "--" else k + 1
            continue
        nargs = max(1, param.nargs)
        values = [value] if equals else args[k + 1:k + 1 + nargs]
        k += 1 if equals else 1 + nargs
        if param.name not in given:
            given[param.name] = [name, values]
            read.append(given[param.name])
            continue
        earlier = given[param.name]
        if name in COMBINED and len(values) == 1 and len(earlier[1]) == 1:
            earlier[1] = [earlier[1][0] + values[0]]
            continue
        raise UsageError(f"{name} given twice ({' '.join(earlier[1])}, then {' '.join(values)}): give it once, "
                         f"the value meant")
    out: list[str] = []
    for item in read:
        out += [item] if isinstance(item, str) else [item[0], *item[1]]
    return out
