"""The built-in example `make run` shows: a few hands scored, one under every scheme."""

from __future__ import annotations


from calc.cli import report
from calc.scoring.request import HandRequest
from calc.table.scored import pay_all_schemes, score

EXAMPLES = (
    ("A closed riichi tsumo with two extracted norths and West as the dora indicator (norths are dora twice)",
     HandRequest(hand="123p456p789s99p234s", tsumo=True, riichi=True, seat="S", dora="3z", nuki=2)),
    ("An open hand: seat and round wind East, dealer tsumo",
     HandRequest(hand="234p678s5z5z [999m] [1111z]", tsumo=True, seat="E")),
    ("Seven pairs ron with a red five, Tenhou rules",
     HandRequest(hand="11p33p0p5p77s99s11z22z", seat="W", dora="4p", rules="tenhou")),
)
ALL_SCHEMES_EXAMPLE = (
    "A non-dealer mangan tsumo under every payment scheme",
    HandRequest(hand="123p456p789s99p234s", tsumo=True, riichi=True, ippatsu=True, seat="S", dora="9p"),
)


def demo_text() -> str:
    out = []
    for title, request in EXAMPLES:
        out += [f"=== {title}", f"$ sanma hand {_flags(request)}", report.hand_text(score(request)), ""]
    title, request = ALL_SCHEMES_EXAMPLE
    result = score(request)
    out += [f"=== {title}", f"$ sanma hand {_flags(request)} --all-schemes",
            report.hand_all_schemes_text(result, pay_all_schemes(result))]
    return "\n".join(out)


def _flags(request: HandRequest) -> str:
    """The command line that asks for `request`."""
    words = [f'"{request.hand}"']
    defaults = HandRequest(hand="")
    for name, value in request._asdict().items():
        if name == "hand" or value == getattr(defaults, name):
            continue
        flag = "--" + name.replace("_", "-")
        words.append(flag if value is True else f"{flag} {value}")
    return " ".join(words)
