"""The `sanma` command: one short function per command; parse, call one function, render.

Results go to stdout, diagnostics to stderr. A SanmaError (bad input) prints one line and exits 1;
typer's usage errors exit 2; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from typer.core import TyperGroup

from calc.errors import SanmaError


class _Commands(TyperGroup):
    """Turns a SanmaError raised by any command into one `Error: ...` line on stderr, exit 1."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except SanmaError as error:
            fail(error)


app = typer.Typer(
    cls=_Commands,
    help="Three-player riichi mahjong (sanma): score hands, compare payment schemes, settle matches.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain click errors: `Error: ...` lines a script can read
)


@app.callback()
def _root() -> None:
    """Three-player riichi mahjong (sanma): score hands, compare payment schemes, settle matches."""


def fail(error: SanmaError) -> None:
    """Print a user error as one line on stderr and exit 1."""
    typer.echo(f"Error: {error}", err=True)
    raise typer.Exit(1)


def main() -> None:
    try:
        app()
    except SanmaError as error:  # raised outside a command's own handling
        typer.echo(f"Error: {error}", err=True)
        sys.exit(1)


# ---------------------------------------------------------------- sanma hand


@app.command("hand")
def hand_command(
    hand: Optional[str] = typer.Argument(None, help='Concealed tiles incl. the winning one, then melds: "234p678s5z5z [999m] (1111z)".'),
    win: Optional[str] = typer.Option(None, "--win", help="The winning tile, if not the last concealed tile written."),
    tsumo: bool = typer.Option(False, "--tsumo", help="Won by self-draw (default: ron)."),
    riichi: bool = typer.Option(False, "--riichi"),
    double_riichi: bool = typer.Option(False, "--double-riichi"),
    ippatsu: bool = typer.Option(False, "--ippatsu"),
    rinshan: bool = typer.Option(False, "--rinshan", help="Tsumo on a replacement tile (after a kan or a north)."),
    chankan: bool = typer.Option(False, "--chankan"),
    haitei: bool = typer.Option(False, "--haitei"),
    houtei: bool = typer.Option(False, "--houtei"),
    tenhou: bool = typer.Option(False, "--tenhou"),
    chiihou: bool = typer.Option(False, "--chiihou"),
    renhou: bool = typer.Option(False, "--renhou"),
    seat: str = typer.Option("E", "--seat", help="The winner's seat wind: E (dealer), S or W."),
    round_: str = typer.Option("E", "--round", help="Round wind: E, S or W."),
    dora: Optional[str] = typer.Option(None, "--dora", help="Dora indicators, e.g. 3p9m."),
    ura: Optional[str] = typer.Option(None, "--ura", help="Ura dora indicators (riichi only)."),
    nuki: int = typer.Option(0, "--nuki", min=0, help="Norths extracted (0-4)."),
    honba: int = typer.Option(0, "--honba", min=0),
    sticks: int = typer.Option(0, "--sticks", min=0, help="Riichi sticks on the table, the winner's own included."),
    rules: str = typer.Option("standard", "--rules", help="Profile name or YAML file."),
    scheme: Optional[str] = typer.Option(None, "--scheme", help="Tsumo payment scheme (overrides the profile's)."),
    explain: bool = typer.Option(False, "--explain", help="Show the arithmetic."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object."),
    batch: Optional[Path] = typer.Option(None, "--batch", help="JSON lines in (- = stdin), JSON lines out."),
) -> None:
    """Score one hand: yaku, fu, han, limit and who pays what."""
    from calc import report
    from calc.scoring import HandRequest, score

    if batch is not None:
        if hand is not None:
            raise typer.BadParameter("give either a hand or --batch, not both")
        _run_batch(batch)
        return
    if hand is None:
        raise typer.BadParameter("a hand is required (or --batch FILE)")
    request = HandRequest(
        hand=hand, win=win, tsumo=tsumo, riichi=riichi, double_riichi=double_riichi, ippatsu=ippatsu,
        rinshan=rinshan, chankan=chankan, haitei=haitei, houtei=houtei, tenhou=tenhou, chiihou=chiihou,
        renhou=renhou, seat=seat, round=round_, dora=dora, ura=ura, nuki=nuki, honba=honba, sticks=sticks,
        rules=rules, scheme=scheme,
    )
    result = score(request)
    typer.echo(json.dumps(report.hand_dict(result)) if as_json else report.hand_text(result, explain=explain))


def _run_batch(path: Path) -> None:
    """One JSON object per line in, one per line out; a bad line gives {"line": N, "error": ...}."""
    from calc import report
    from calc.scoring import HandRequest, score

    try:
        stream = sys.stdin if str(path) == "-" else path.open(encoding="utf-8")
    except OSError as error:
        raise SanmaError(f"cannot read batch file: {error.strerror}", file=str(path)) from None
    with stream:
        for number, line in enumerate(stream, start=1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
                if not isinstance(data, dict):
                    raise SanmaError("a batch line must be a JSON object")
                out = report.hand_dict(score(HandRequest.from_mapping(data)))
            except json.JSONDecodeError as error:
                out = {"line": number, "error": f"invalid JSON: {error.msg} at column {error.colno}"}
            except SanmaError as error:
                out = {"line": number, "error": str(error)}
            typer.echo(json.dumps(out))
