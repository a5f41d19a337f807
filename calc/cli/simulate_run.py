"""A plain `sanma simulate` answered before the typer app is built: typer and the app cost about a
seventh of a one-match run (`sanma simulate --matches 1`), all of it start-up.

Read here: `--matches N`, `--seed N`, `--workers N`, `--bots NAME`, `--rules NAME`, `--length NAME`
and `--json` (as `--option value` or `--option=value`). Anything else (`--save`, `--help`, a value
that is not a number, a run long enough for a progress bar on a terminal) goes to the typer
command, which prints exactly what this prints for the same options (tests/test_fast_start.py).
"""

from __future__ import annotations

import json
import sys

from calc.cli import argv
from calc.core.errors import SanmaError

# The options read here, by kind, and the defaults of those a run may leave out: the typer command's
# (tests/test_fields.py checks every one against its declaration)
SWITCHES = ("--json",)
NUMBERS = ("--matches", "--seed", "--workers")
NAMES = ("--bots", "--rules", "--length")
DEFAULTS = {"--seed": 0, "--workers": None, "--bots": "calibrated", "--rules": "tenhou", "--length": None,
            "--json": False}
BAR_FROM = 20  # matches: from here a terminal shows typer's progress bar (calc.cli.app._sim_bar)


def _options(args: list[str]) -> dict | None:
    """The options, or None when typer should read the arguments."""
    read = argv.read(args, SWITCHES, (*NUMBERS, *NAMES))
    if read is None or read[0]:
        return None  # an option not read here, or an argument: typer's own message
    found = dict(DEFAULTS)
    for name, value in read[1].items():
        if name in NUMBERS:
            value = argv.whole_number(value)
            if value is None:
                return None  # a sign, a space, a word: typer's own message
        found[name] = value
    if "--matches" not in found or (found["--matches"] >= BAR_FROM and sys.stderr.isatty()):
        return None
    return found


def plain(args: list[str]) -> bool:
    """Answer `sanma simulate ARGS` here (exits), or False to leave them to the typer app."""
    options = _options(args)
    if options is None:
        return False
    from calc.cli.options import check
    from calc.sim import commands

    matches, workers = options["--matches"], options["--workers"]
    try:
        for option in ("--bots", "--length"):  # a word the option does not take: a usage error (exit 2)
            check(option, options[option])
        setup = commands.prepare_simulate(matches=matches, seed=options["--seed"], length=options["--length"],
                                          rules=options["--rules"], bots=options["--bots"], save=None,
                                          workers=workers)
        result, interrupted = commands.simulate(setup, matches, as_json=options["--json"], workers=workers)
    except SanmaError as error:
        print(f"Error: {error}", file=sys.stderr, flush=True)
        sys.exit(error.exit_code)
    except KeyboardInterrupt:  # as the typer app ends on Ctrl-C
        print("\nAborted!", file=sys.stderr, flush=True)
        sys.exit(1)
    print(json.dumps(result, ensure_ascii=False) if options["--json"] else result, flush=True)
    sys.exit(130 if interrupted else 0)  # Ctrl-C: the matches finished so far were reported
