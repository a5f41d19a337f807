"""`make context-fields` (`python -m calc.scoring.fields_make`): writes the lines the compiled build
needs written out from the one table of a hand's fields (calc.scoring.fields): `WinContext`'s fields
(calc/scoring/hand.py), `HandRequest`'s and the request's context (calc/scoring/request.py), and the
situation flags of `WinFacts` (calc/table/play.py). Compiled code builds one of each for every hand
scored, so they are classes with their fields and `__init__` written out (docs/development.md,
"Records"), not made from the table when the module is imported.

Each block stands between a `# generated from calc.scoring.fields` line and a `# end of the
generated lines` line; `--check` exits 1 if a block is not what the table gives
(tests/test_fields.py does the same).
"""

from __future__ import annotations

import sys
from pathlib import Path

from calc.scoring.fields import CONTEXT, FIELDS, KINDS, SITUATION

ROOT = Path(__file__).resolve().parents[1]
BEGIN = "# generated from calc.scoring.fields by `make context-fields`: change the table there, not these lines"
END = "# end of the generated lines"
WIDTH = 120


def _wrapped(head: str, items: list[str], tail: str) -> list[str]:
    """`head` (its indent included), the items joined by ", ", then `tail`, in lines of at most WIDTH
    characters, each continuation lined up after the head's opening parenthesis."""
    pad = " " * (head.index("(") + 1)
    lines, line = [], head
    for k, item in enumerate(items):
        piece = item + (", " if k < len(items) - 1 else tail)
        if line not in (head, pad) and len(line + piece.rstrip()) > WIDTH:
            lines.append(line.rstrip())
            line = pad
        line += piece
    lines.append(line)
    return lines


def _default(value: object) -> str:
    return repr(value).replace("'", '"')


def win_context() -> list[str]:
    """WinContext's fields, its `__init__` and `_key`: the win's context, in CONTEXT's order."""
    i = "    "
    out = [f"{i}{f.context}: {KINDS[f.kind][1]}" for f in CONTEXT]
    params = [f"{f.context}: {KINDS[f.kind][1]} = {KINDS[f.kind][2]}" for f in CONTEXT]
    out += ["", *_wrapped(f"{i}def __init__(self, ", params, ") -> None:")]
    out += [f"{i}{i}self.{f.context} = {f.context}" for f in CONTEXT]
    out += ["", f"{i}def _key(self) -> tuple:"]
    out += _wrapped(f"{i}{i}return (", [f"self.{f.context}" for f in CONTEXT], ")")
    return out


def hand_request() -> list[str]:
    """HandRequest's fields, its `__init__` and `of`: every field of FIELDS, in order."""
    i = "    "
    out = [f"{i}{f.name}: {f.annotation}" for f in FIELDS]
    params = [f"{f.name}: {f.annotation}" if k == 0 else f"{f.name}: {f.annotation} = {_default(f.default)}"
              for k, f in enumerate(FIELDS)]
    out += ["", *_wrapped(f"{i}def __init__(self, ", params, ") -> None:")]
    out += [f"{i}{i}self.{f.name} = {f.name}" for f in FIELDS]
    casts = [f'cast({_default(f.annotation) if "|" in f.annotation else f.annotation}, v[{k}])'
             for k, f in enumerate(FIELDS[1:])]
    out += ["", f"{i}@staticmethod", f"{i}def of(hand: str, values: list[Any]) -> HandRequest:",
            f'{i}{i}"""A request from its hand and every other field\'s value, in order (`FIELD_DEFAULTS`\'), '
            f'checked',
            f"{i}{i}by the caller: calc.score's keywords and a batch line are read into such a list.\"\"\"",
            f"{i}{i}v = values"]
    out += _wrapped(f"{i}{i}return HandRequest(", ["hand", *casts], ")")
    return out


def request_context() -> list[str]:
    """`context_of`: a request's WinContext. The fields a request holds as the context does are passed
    as they are; the others (a wind's letter, indicator tiles as written) as the caller read them."""
    read = [f for f in CONTEXT if f.context != f.name]
    out = _wrapped("def context_of(", ["r: HandRequest", *[f"{f.context}: {KINDS[f.kind][1]}" for f in read]],
                   ") -> WinContext:")
    out.append('    """The request\'s WinContext: its fields as the request holds them, the winds and the indicators as'
               '\n    read."""')
    out += _wrapped("    return WinContext(", [f"r.{f.name}" if f.context == f.name else str(f.context) for f in CONTEXT],
                    ")")
    return out


def win_facts() -> list[str]:
    """The situation flags of WinFacts."""
    return [f"    {f.name}: bool" for f in SITUATION]


# file -> the blocks in it, in order
BLOCKS = {
    "scoring/hand.py": (win_context,),
    "scoring/request.py": (hand_request, request_context),
    "table/play.py": (win_facts,),
}


def rewritten(text: str, blocks: tuple) -> str:
    """`text` with each generated block, in order, replaced by what its function writes now."""
    lines = text.split("\n")
    out: list[str] = []
    pending = list(blocks)
    k = 0
    while k < len(lines):
        line = lines[k]
        out.append(line)
        k += 1
        if line.strip() != BEGIN:
            continue
        if not pending:
            raise ValueError("more generated blocks than calc/scoring/fields_make.py writes")
        indent = line[:len(line) - len(line.lstrip())]
        while k < len(lines) and lines[k].strip() != END:
            k += 1
        if k == len(lines):
            raise ValueError(f"a generated block without its end line ({END!r})")
        out += pending.pop(0)()
        out.append(indent + END)
        k += 1
    if pending:
        raise ValueError(f"{len(pending)} generated block(s) missing: add the {BEGIN!r} and {END!r} lines")
    return "\n".join(out)


def main(argv: list[str]) -> int:
    stale = []
    for name, blocks in BLOCKS.items():
        path = ROOT / name
        text = path.read_text(encoding="utf-8")
        new = rewritten(text, blocks)
        if new != text:
            stale.append(name)
            if argv[:1] != ["--check"]:
                path.write_text(new, encoding="utf-8")
    if argv[:1] == ["--check"]:
        print("out of date: " + ", ".join(stale) + " (make context-fields)" if stale else "up to date")
        return 1 if stale else 0
    print("wrote " + ", ".join(f"calc/{name}" for name in stale) if stale else "up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
