"""A simulated match written as an mjai event log (JSON lines), which `sanma replay` reads back.

It consumes what calc/logs/tenhou6_writer.py's tenhou.net/6 writer consumes: per hand the ledger row (the
match engine's settlement) and the hand's play (the dealt hands, each seat's draws and calls
(`takes`), each seat's discards, extractions and kans (`gives`), the dora and ura indicators, and
the round state's `result`), the wins' evaluations from the settled hand. The order of play, kan dora and riichi acceptance
included, is calc/logs/playorder.py's (the mjlog writer's too).

Beyond the common events, `start_game` carries `length` (hanchan or east), `hora` the result
(`han`, `fu`, `yaku` as [name, han] with our yaku names, `points`) and `end_game` the final
`scores`, so a replay checks every number.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from calc.logs import playorder as P
from calc.logs.mjai import NAMES
from calc.table.play import EXHAUSTIVE, FOUR_KANS, NAGASHI, NINE_TERMINALS, PON

REASONS = {EXHAUSTIVE: "exhaustive_draw", NAGASHI: "nagashi_mangan", NINE_TERMINALS: "kyushukyuhai",
           FOUR_KANS: "suukaikan"}


def pai(tile_id: int, red: frozenset[int]) -> str:
    return NAMES[(tile_id // 4, tile_id in red)]


def _yaku(ev) -> list[list[Any]]:
    if ev.yakuman:
        return [[name, 13 * multiple] for name, multiple in ev.yakuman]
    out = [[name, han] for name, han in ev.yaku]
    for name, han in ev.logged_bonus:  # as Tenhou lists them, which the mjai reader compares with
        if han:
            out.append([name, han])
    return out


def hand_events(row, play, red: frozenset[int]) -> list[dict]:
    start = [s - d for s, d in zip(row.scores, row.deltas)]
    out: list[dict] = [{"type": "start_kyoku", "bakaze": "ESW"[play.round_wind], "kyoku": play.dealer + 1,
                        "honba": row.honba, "kyotaku": row.sticks_before, "oya": play.dealer, "scores": start,
                        "dora_marker": pai(play.dora[0], red),
                        "tehais": [[pai(t, red) for t in sorted(hand)] for hand in play.haipai]}]
    for step in P.steps(play, won=bool(row.kyoku.wins)):
        kind, seat = step[0], step[1]
        if kind == P.DRAW:
            out.append({"type": "tsumo", "actor": seat, "pai": pai(step[2], red)})
        elif kind == P.DISCARD:
            out.append({"type": "dahai", "actor": seat, "pai": pai(step[2], red), "tsumogiri": step[3]})
        elif kind == P.REACH:
            out.append({"type": "reach", "actor": seat})
        elif kind == P.ACCEPT:
            out.append({"type": "reach_accepted", "actor": seat})
        elif kind == P.CALL:
            _, caller, call, target, called, own = step
            out.append({"type": "pon" if call == PON else "daiminkan", "actor": caller, "target": target,
                        "pai": pai(called, red), "consumed": [pai(t, red) for t in own]})
        elif kind == P.ANKAN:
            out.append({"type": "ankan", "actor": seat, "consumed": [pai(t, red) for t in step[2]]})
        elif kind == P.KAKAN:
            out.append({"type": "kakan", "actor": seat, "pai": pai(step[2], red),
                        "consumed": [pai(t, red) for t in step[3]]})
        elif kind == P.NUKI:
            out.append({"type": "kita", "actor": seat, "pai": pai(step[2], red)})
        else:  # P.DORA: (DORA, indicator)
            out.append({"type": "dora", "dora_marker": pai(step[1], red)})
    if row.kyoku.wins:
        for w in row.kyoku.wins:
            deltas, points = row.settlement.winner_share(w.winner)
            ev = w.evaluation
            out.append({"type": "hora", "actor": w.winner, "target": w.winner if w.tsumo else w.discarder,
                        "deltas": list(deltas), "ura_markers": [pai(t, red) for t in play.ura], "han": ev.han,
                        "fu": ev.fu, "yaku": _yaku(ev), "points": points})
    else:
        out.append({"type": "ryukyoku", "reason": REASONS[play.result.draw.kind],
                    "deltas": list(row.settlement.deltas)})
    out.append({"type": "end_kyoku"})
    return out


def game_events(run, red: frozenset[int], length: str) -> list[dict]:
    players = len(run.state.scores)
    events: list[dict] = [{"type": "start_game", "names": [f"bot {'ABC'[s]}" for s in range(players)],
                           "length": length}]
    for row, play in zip(run.rows, run.plays):
        events += hand_events(row, play, red)
    by_seat = sorted(run.standings, key=lambda st: st.seat)
    events.append({"type": "end_game", "scores": [st.score for st in by_seat]})
    return events


def write_game(run, red: frozenset[int], path: Path, length: str) -> None:
    lines = (json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in game_events(run, red, length))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def save_match(run, s, index: int, red: frozenset[int]) -> str:
    """Write match `index` of a simulation run (`calc.sim.run.Setup` s) into `s.save`; returns the path.
    `red`: the tile ids that are red fives."""
    from calc.core.errors import SanmaError

    path = Path(s.save) / f"sim-{s.seed}-{index:05d}.jsonl"
    try:
        write_game(run, red, path, s.rules.match.length)
    except OSError as e:
        raise SanmaError(f"cannot write {path}: {e.strerror}") from None
    return str(path)
