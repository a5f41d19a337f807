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

_SWITCHES = {
    "--tsumo": "tsumo", "--riichi": "riichi", "--double-riichi": "double_riichi", "--ippatsu": "ippatsu",
    "--rinshan": "rinshan", "--chankan": "chankan", "--haitei": "haitei", "--houtei": "houtei",
    "--tenhou": "tenhou", "--chiihou": "chiihou", "--renhou": "renhou",
}
_OUTPUT = {"--all-schemes": "all_schemes", "--explain": "explain", "--json": "as_json"}
_TEXT = {"--win": "win", "--seat": "seat", "--round": "round", "--dora": "dora", "--ura": "ura", "--rules": "rules",
         "--scheme": "scheme"}
_NUMBER = {"--nuki": "nuki", "--honba": "honba", "--sticks": "sticks"}


def parse(args: list[str]) -> tuple[str, dict, dict] | None:
    """(hand, request flags, output flags) for `sanma hand` arguments, or None: let typer read them."""
    read = argv.read(args, (*_SWITCHES, *_OUTPUT), (*_TEXT, *_NUMBER))
    if read is None:
        return None  # --help, --batch, --void, an unknown option, `-`, `--`: typer's
    hands, given = read
    if len(hands) != 1:
        return None  # no hand, or a second argument: typer says what is wrong
    flags: dict = {}
    output = {"all_schemes": False, "explain": False, "as_json": False}
    for name, value in given.items():
        if name in _SWITCHES:
            flags[_SWITCHES[name]] = True
        elif name in _OUTPUT:
            output[_OUTPUT[name]] = True
        elif name in _TEXT:
            flags[_TEXT[name]] = value
        else:
            number = argv.whole_number(value, signed=True)
            if number is None:
                return None
            flags[_NUMBER[name]] = number
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

    if variant_of(flags.get("rules", "standard")) != SANMA:
        return False  # a Sichuan profile: its own options and checks live in the typer command
    import json

    from calc.cli import report
    from calc.core.errors import SanmaError
    from calc.scoring.request import HandRequest
    from calc.table.scored import pay_all_schemes, score

    from calc.cli.options import check

    try:
        for option in ("--seat", "--round"):  # a word the option does not take: a usage error (exit 2)
            check(option, flags.get(option[2:]))
        result = score(HandRequest(hand=text, **flags))
        if output["all_schemes"]:
            results = pay_all_schemes(result)
            shown = (json.dumps(report.hand_all_schemes_dict(result, results)) if output["as_json"]
                     else report.hand_all_schemes_text(result, results, explain=output["explain"]))
        else:
            shown = (json.dumps(report.hand_dict(result)) if output["as_json"]
                     else report.hand_text(result, explain=output["explain"]))
    except SanmaError as error:
        sys.stderr.write(f"Error: {error}\n")
        sys.exit(error.exit_code)
    sys.stdout.write(shown + "\n")
    return True
