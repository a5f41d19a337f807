"""`sanma waits`: the waits of a hand as a table that fits 80 columns, or as JSON."""

from __future__ import annotations

import json
import textwrap
from typing import TYPE_CHECKING, Optional

import typer

from calc.cli import options
from calc.core import layout
from calc.core import tiles as T
from calc.core.notation import format_tiles
from calc.scoring.fields import FIELDS

if TYPE_CHECKING:  # the app imports this module at start-up: the scoring and tables load on use
    from calc.table.waits import Wait, Waits, WaitsReport


# The keys of a way to win in `sanma waits --json`: a hand's `--json` keys but the hand's own facts
# (its text, seat, round) and the fu's breakdown.
_WAY_KEYS = ("han", "fu", "limit", "yakuman", "yaku", "dora", "aka", "ura", "nuki", "payments", "points", "total",
             "sticks")


def _way_dict(result) -> dict | None:
    if result is None:
        return None
    full = result.to_dict()
    return {key: full[key] for key in _WAY_KEYS}


def _wait_dict(wait: Wait, furiten: bool) -> dict:
    red = None
    if wait.red_ron is not None or wait.red_tsumo is not None:
        red = {"tile": T.name(wait.tile, True), "ron": _way_dict(wait.red_ron), "tsumo": _way_dict(wait.red_tsumo)}
    return {"tile": T.name(wait.tile), "left": wait.left, "ron": _way_dict(wait.ron), "tsumo": _way_dict(wait.tsumo),
            "yaku": wait.yaku, "in_sight": wait.in_sight, "furiten": furiten, "red": red}


def _waits_dict(waits: Waits) -> dict:
    return {
        "hand": waits.hand,
        "tenpai": waits.tenpai,
        "can_win": waits.can_win,
        "left": waits.left,
        "furiten": bool(waits.furiten),
        "furiten_tiles": [T.name(t) for t in waits.furiten],
        "waits": [_wait_dict(w, bool(waits.furiten)) for w in waits.waits],
    }


def waits_dict(report: WaitsReport) -> dict:
    """`sanma waits --json`: {waits: [{tile, left, ron, tsumo, yaku}]}, or per discard for 14 tiles."""
    head = {"rules": report.rules, "seat": report.seat, "round": report.round}
    if report.waits is not None:
        return {**head, "tiles": 13, **_waits_dict(report.waits)}
    return {**head, "tiles": 14,
            "discards": [{"discard": format_tiles([d.tile]), **_waits_dict(d.waits)} for d in report.discards]}


def _cell(result) -> str:
    if result is None:
        return "-"
    e = result.evaluation
    value = e.limit if e.limit else f"{e.han}h {e.fu}fu"
    if e.value.yakuman > 1:
        value = f"yakuman x{e.value.yakuman}"
    return f"{result.total} ({value})"


def _note(wait: Wait, furiten: bool) -> str:
    if wait.in_sight:
        return "all four in sight: cannot come"
    notes = []
    if wait.ron is None:
        notes.append("no yaku on ron" + ("" if wait.tsumo is not None else " or tsumo"))
    if furiten:
        notes.append("furiten: no ron")
    return "; ".join(notes)


def _yaku_lines(wait: Wait) -> list[str]:
    """`  4s ron:   riichi, pinfu, dora 1`, then the tsumo's, wrapped to 80 columns."""
    out = []
    for way, result in (("ron", wait.ron), ("tsumo", wait.tsumo)):
        if result is not None:
            e = result.evaluation
            names = [n for n, _ in e.yaku] + [n for n, _ in e.yakuman]
            bonus = [f"{k} {v}" for k, v in (("dora", e.dora), ("aka", e.aka), ("ura", e.ura), ("nuki", e.nuki)) if v]
            lead = f"  {T.name(wait.tile) if not out else '':<3}{way + ':':<7}"
            out += textwrap.wrap(", ".join(names + bonus), 80, initial_indent=lead,
                                 subsequent_indent=" " * len(lead), break_on_hyphens=False)
    if wait.red_ron is not None or wait.red_tsumo is not None:
        out.append(f"     {T.name(wait.tile, True)}:    ron {_cell(wait.red_ron)}, tsumo {_cell(wait.red_tsumo)} "
                   "(the red copy, aka +1)")
    return out


def _waits_lines(waits: Waits) -> list[str]:
    if not waits.waits:
        return ["Not tenpai: no tile completes this hand."]
    furiten = bool(waits.furiten)
    rows = [(T.name(w.tile), w.left, _cell(w.ron), _cell(w.tsumo), _note(w, furiten)) for w in waits.waits]
    from tabulate import tabulate

    out = [tabulate(rows, headers=["wait", "left", "ron", "tsumo", "note"], tablefmt="simple",
                    colalign=("left", "right", "right", "right", "left"))]
    yaku = [line for w in waits.waits for line in _yaku_lines(w)]
    if yaku:
        out += ["", "Yaku and dora:"] + yaku
    kinds = len(waits.waits)
    summary = f"{kinds} wait{'s' * (kinds != 1)}, {waits.left} tile{'s' * (waits.left != 1)} left"
    own_four = f"match.tenpai_own_four: {waits.own_four}"
    if not waits.tenpai:
        summary += (f"; the player holds every copy of its waits: noten when the wall runs out ({own_four})")
    elif not waits.can_win:
        summary += (f"; every wait is in sight, so no win can come, but it counts as tenpai when the wall runs "
                    f"out ({own_four})")
    if furiten:
        summary += f"; furiten ({', '.join(T.name(t) for t in waits.furiten)} discarded): tsumo only"
    return out + ["", *layout.lines(summary, layout.NARROWEST, "  ")]


def waits_text(report: WaitsReport) -> str:
    from calc.table.words import WIND_NAMES

    player = (f"Player: {'dealer' if report.seat == 'E' else 'non-dealer'} ({WIND_NAMES[report.seat]}); "
              f"round {WIND_NAMES[report.round]}")
    if report.waits is not None:
        return "\n".join([f"Hand: {report.waits.hand}   (rules {report.rules})", player, ""]
                         + _waits_lines(report.waits))
    if not report.discards:
        return "No discard leaves this hand tenpai."
    out = [player, ""]
    for d in report.discards:
        tiles = " ".join(T.name(w.tile) for w in d.waits.waits)
        out += [f"Discard {format_tiles([d.tile])}: waits {tiles}   (hand {d.waits.hand}, rules {report.rules})", ""]
        out += _waits_lines(d.waits) + [""]
    return "\n".join(out).rstrip()


def waits_command(
    hand: str = typer.Argument(..., help='13 tiles (or 14 to choose a discard), then melds: "123p456p789s99p23s".'),
    *,  # then the options of calc.scoring.fields a win still to come has (WAITING, below), then these
    discards: Optional[str] = typer.Option(None, "--discards", help="The player's own discards (furiten, tiles left)."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object."),
    **request_flags: object,
) -> None:
    """Every tile that completes a hand, copies left, and what a ron and a tsumo on it would pay."""
    from calc.scoring.request import HandRequest
    from calc.table.waits import find_waits
    from calc.sichuan.rules import is_sichuan

    if is_sichuan(str(request_flags["rules"])):
        raise typer.BadParameter("sanma waits scores sanma hands; a Sichuan profile is not one", param_hint="--rules")
    request = HandRequest(hand=hand, **request_flags)
    report = find_waits(request, discards)
    typer.echo(json.dumps(waits_dict(report)) if as_json else waits_text(report))


# The fields a win still to come has (not the winning tile, nor the way it is won: every wait is
# shown both ways), as options
WAITING = tuple(field for field in FIELDS if field.waiting is not None)
options.with_fields(waits_command, WAITING, after="hand", waiting=True)
