"""`sanma replay` output: a check line per game (mismatches listed), scheme tables, the summary; a
game's JSON line is its own `to_dict()`."""

from __future__ import annotations

import json

from calc.core import layout
from calc.logs.replay import GameReplay
from calc.table.record import Settled


def render(r: GameReplay, schemes: dict[str, Settled] | None, as_json: bool, width: int | None = None) -> str:
    """One game's output: its JSON line, or its text fitted to `width` columns."""
    return json.dumps(r.to_dict(schemes), ensure_ascii=False) if as_json else game_text(r, schemes, width)


def _points(points: float) -> str:
    return f"{points:+.1f}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def game_text(r: GameReplay, schemes: dict[str, Settled] | None = None, width: int | None = None) -> str:
    g = r.log
    finals = ", ".join(f"{name} {score} ({_points(p)})" for name, score, p in zip(g.players, r.final_scores, r.final_points))
    hands = f"{_count(len(g.rounds), 'hand')} ({_count(r.wins, 'win')}, {_count(r.draws, 'draw')})"
    final = "final" if g.complete else "an excerpt; after its last hand"
    ended = f"; ended: {r.settled.state.end_reason}" if r.settled.state.ended else ""  # the rule, rules.md
    if r.ok:
        lines = layout.lines(f"{g.game_id}: {hands} reproduced; {final} {finals}{ended}", width, "  ")
    else:
        lines = layout.lines(f"{g.game_id}: {hands}, {len(r.mismatches)} mismatch(es); {final} {finals}{ended}",
                             width, "  ")
        lines += [f"  {m.text()}" for m in r.mismatches]
    if schemes:
        from calc.cli import report  # loaded here: a plain replay starts without the table code

        lines += ["", report.settle_schemes_text(r.settled, schemes, width), ""]
    return "\n".join(lines)


def summary_text(games: int, wins: tuple[int, int], draws: tuple[int, int], finals: tuple[int, int],
                 matching: int, failed: int) -> str:
    parts = [
        f"{games} game(s): {wins[0]}/{wins[1]} wins, {draws[0]}/{draws[1]} draws, "
        f"{finals[0]}/{finals[1]} final results reproduced; {matching}/{games} games match the log"
    ]
    if failed:
        parts.append(f"{failed} file(s) could not be read")
    return "; ".join(parts)  # wrapped to the width by the caller; one line with --wide or --json
