"""`sanma hand "<hand>" [flags]` answered without building the typer app.

Typer checks each option through pydantic and the app imports every command's code: about 200 ms
before a single hand is scored. The common case (a sanma hand with the flags of `sanma hand`) is
read here, strictly: anything else (help, --batch, a Sichuan profile, an unknown or malformed
option) returns False and the typer app handles it, with its own messages and exit codes. The
scoring and the output are the same functions the typer command calls.
"""

from __future__ import annotations

import sys

from calc.cli import argv
from calc.scoring.fields import BY_NAME, FIELDS

# The options read here: the fields of calc.scoring.fields (the typer command's own, from the same
# table), by kind, and the three that shape the output; tests/test_fields.py checks them against the
# typer command's options.
SWITCHES = {field.option: field.name for field in FIELDS if field.option and field.annotation == "bool"}
NUMBERS = {field.option: field.name for field in FIELDS if field.option and field.annotation == "int"}
TEXTS = {field.option: field.name for field in FIELDS if field.option and field.annotation.startswith("str")}
OUTPUT = {"--all-schemes": "all_schemes", "--explain": "explain", "--json": "as_json"}


def parse(args: list[str]) -> tuple[str, dict, dict] | None:
    """(hand, request flags, output flags) for `sanma hand` arguments, or None: let typer read them."""
    read = argv.read(args, (*SWITCHES, *OUTPUT), (*TEXTS, *NUMBERS))
    if read is None:
        return None  # --help, --batch, --void, an unknown option, `-`, `--`: typer's
    hands, given = read
    if len(hands) != 1:
        return None  # no hand, or a second argument: typer says what is wrong
    flags: dict = {}
    output = {"all_schemes": False, "explain": False, "as_json": False}
    for name, value in given.items():
        if name in SWITCHES:
            flags[SWITCHES[name]] = True
        elif name in OUTPUT:
            output[OUTPUT[name]] = True
        elif name in TEXTS:
            flags[TEXTS[name]] = value
        else:
            number = argv.whole_number(value, signed=True)
            if number is None:
                return None
            flags[NUMBERS[name]] = number
    if (output["as_json"] and output["explain"]) or (output["all_schemes"] and "scheme" in flags):
        return None  # options that do not go together: typer's usage error says why
    return hands[0], flags, output


def hand(args: list[str]) -> bool:
    """Answer `sanma hand ARGS` here when `parse` can; False when the typer app should."""
    parsed = parse(args)
    if parsed is None:
        return False
    text, flags, output = parsed
    from calc.core.rules import SANMA, variant_of

    if variant_of(flags.get("rules", BY_NAME["rules"].default)) != SANMA:
        return False  # a Sichuan profile: its own options and checks live in the typer command
    import json

    from calc.cli import report
    from calc.core.errors import SanmaError
    from calc.scoring.request import HandRequest
    from calc.table.scored import pay_all_schemes, score

    from calc.cli.options import WORDS, check

    try:
        for option, name in TEXTS.items():  # a word the option does not take: a usage error (exit 2)
            if option in WORDS:
                check(option, flags.get(name))
        result = score(HandRequest(hand=text, **flags))
        if output["all_schemes"]:
            results = pay_all_schemes(result)
            shown = (json.dumps(report.hand_all_schemes_dict(result, results)) if output["as_json"]
                     else report.hand_all_schemes_text(result, results, explain=output["explain"]))
        else:
            shown = (json.dumps(result.to_dict()) if output["as_json"]
                     else report.hand_text(result, explain=output["explain"]))
    except SanmaError as error:
        sys.stderr.write(f"Error: {error}\n")
        sys.exit(error.exit_code)
    sys.stdout.write(shown + "\n")
    return True
