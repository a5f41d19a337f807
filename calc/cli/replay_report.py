"""`sanma replay` output: a check line per game (mismatches listed), scheme tables, JSON, the summary."""

from __future__ import annotations

import json
from typing import Any

from calc.core import layout
from calc.logs.replay import GameReplay, end_text
from calc.table.record import Settled


def render(r: GameReplay, schemes: dict[str, Settled] | None, as_json: bool, width: int | None = None) -> str:
    """One game's output: its JSON line, or its text fitted to `width` columns."""
    return json.dumps(game_dict(r, schemes), ensure_ascii=False) if as_json else game_text(r, schemes, width)


def _points(points: float) -> str:
    return f"{points:+.1f}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def game_text(r: GameReplay, schemes: dict[str, Settled] | None = None, width: int | None = None) -> str:
    g = r.game
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


def _finals(settled: Settled) -> tuple[list[int], list[float]]:
    by_seat = sorted(settled.standings, key=lambda s: s.seat)
    return [s.score for s in by_seat], [s.points for s in by_seat]


def game_dict(r: GameReplay, schemes: dict[str, Settled] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "game": r.game.game_id,
        "file": r.source,
        "hands": [
            {
                "round": h.label,
                "honba": h.honba,
                "wins": [
                    {"winner": w.winner, "han": w.han, "fu": w.fu, "points": w.points, "deltas": list(w.deltas),
                     # None: our evaluator could not score the hand and the log names no yaku
                     "yaku": None if w.yaku is None else [list(y) for y in w.yaku], "hand": w.hand}
                    for w in h.wins
                ],
                "deltas": list(h.deltas),
            }
            for h in r.hands
        ],
        "final_scores": list(r.final_scores),
        "final_points": list(r.final_points),
        # the rule that ended the game as we settle it (calc.table.match), None while it would go on
        "end": r.settled.state.end_reason,
        "excerpt": not r.game.complete,  # an mjai excerpt: standings after its last hand, not checked
        "mismatches": [
            {"where": m.where, "what": m.what, "ours": m.ours, "log": m.log, "hand": m.detail or None}
            for m in r.mismatches
        ],
    }
    if schemes:
        out["schemes"] = {}
        for name, settled in schemes.items():
            scores, points = _finals(settled)
            out["schemes"][name] = {"final_scores": scores, "final_points": points, "end": end_text(settled),
                                    "hands_played": settled.state.hands}
    return out


def summary_text(games: int, wins: tuple[int, int], draws: tuple[int, int], finals: tuple[int, int],
                 matching: int, failed: int) -> str:
    parts = [
        f"{games} game(s): {wins[0]}/{wins[1]} wins, {draws[0]}/{draws[1]} draws, "
        f"{finals[0]}/{finals[1]} final results reproduced; {matching}/{games} games match the log"
    ]
    if failed:
        parts.append(f"{failed} file(s) could not be read")
    return "; ".join(parts)  # wrapped to the width by the caller; one line with --wide or --json
