"""A simulated match written as an mjai event log (JSON lines), which `sanma replay` reads back.

It consumes what calc/logs/tenhou6_writer.py's tenhou.net/6 writer consumes: per hand the ledger row (the
match engine's settlement) and the hand's play (the dealt hands, each seat's draws and calls
(`takes`), each seat's discards, extractions and kans (`gives`), the dora and ura indicators, and
the round state's `result`), the wins' evaluations from the settled hand. The order of play is
rebuilt from turn order and the calls, and kan dora are shown when Tenhou shows them (a closed
kan's at once, an open or added kan's at the kanner's next discard, extraction or kan), as
calc/logs/tenhou6.py reads them back.

Beyond the common events, `start_game` carries `length` (hanchan or east), `hora` the result
(`han`, `fu`, `yaku` as [name, han] with our yaku names, `points`) and `end_game` the final
`scores`, so a replay checks every number.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from calc.logs.mjai import NAMES
from calc.table.play import DAIMINKAN, EXHAUSTIVE, FOUR_KANS, NAGASHI, NINE_TERMINALS, PON

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


class _Hand:
    """The events of one hand, with a riichi acceptance held back until the discard is not won on."""

    def __init__(self) -> None:
        self.events: list[dict] = []
        self.reach: int | None = None

    def emit(self, event: dict) -> None:
        if event["type"] == "hora":
            self.reach = None  # a ron on the riichi discard: the stick is never put down
        elif self.reach is not None:
            self.events.append({"type": "reach_accepted", "actor": self.reach})
            self.reach = None
        self.events.append(event)


def hand_events(row, play, red: frozenset[int]) -> list[dict]:
    n = len(play.haipai)
    start = [s - d for s, d in zip(row.scores, row.deltas)]
    out = _Hand()
    out.emit({"type": "start_kyoku", "bakaze": "ESW"[play.round_wind], "kyoku": play.dealer + 1,
              "honba": row.honba, "kyotaku": row.sticks_before, "oya": play.dealer, "scores": start,
              "dora_marker": pai(play.dora[0], red),
              "tehais": [[pai(t, red) for t in sorted(hand)] for hand in play.haipai]})
    shown, pending = 1, 0

    def reveal() -> None:
        nonlocal shown, pending
        for _ in range(pending):
            out.emit({"type": "dora", "dora_marker": pai(play.dora[shown], red)})
            shown += 1
        pending = 0

    takes, gives = play.takes, play.gives
    ti, gi = [0] * n, [0] * n
    seat, must_draw = play.dealer, True
    while True:
        if must_draw:
            if ti[seat] >= len(takes[seat]):
                break  # a ron on the last discard, or the wall ran out
            out.emit({"type": "tsumo", "actor": seat, "pai": pai(takes[seat][ti[seat]], red)})
            ti[seat] += 1
        must_draw = True
        if gi[seat] >= len(gives[seat]):
            break  # a tsumo, or nine terminals
        give = gives[seat][gi[seat]]
        gi[seat] += 1
        kind = give[0]
        if kind == "nuki":
            out.emit({"type": "kita", "actor": seat, "pai": pai(give[1], red)})
            if ti[seat] >= len(takes[seat]):
                break  # a ron on the north
            reveal()
            continue
        if kind == "ankan":
            out.emit({"type": "ankan", "actor": seat, "consumed": [pai(t, red) for t in give[1]]})
            pending += 1
            reveal()  # a closed kan's indicator shows at once
            if ti[seat] >= len(takes[seat]):
                break  # thirteen orphans robbing the closed kan
            continue
        if kind == "kakan":
            value = give[1] // 4
            pon = next(t for t in takes[seat][: ti[seat]] if not isinstance(t, int) and t[2] // 4 == value)
            out.emit({"type": "kakan", "actor": seat, "pai": pai(give[1], red),
                      "consumed": [pai(t, red) for t in sorted([*pon[3], pon[2]])]})
            if ti[seat] >= len(takes[seat]):
                break  # chankan
            reveal()
            pending += 1
            continue
        _, tile_id, tsumogiri, riichi = give
        if riichi:
            out.emit({"type": "reach", "actor": seat})
        reveal()
        out.emit({"type": "dahai", "actor": seat, "pai": pai(tile_id, red), "tsumogiri": bool(tsumogiri)})
        if riichi:
            out.reach = seat
        caller = next((s for s in range(n) if s != seat and ti[s] < len(takes[s])
                       and not isinstance(takes[s][ti[s]], int)
                       and takes[s][ti[s]][1] == seat and takes[s][ti[s]][2] == tile_id), None)
        if caller is None:
            seat = (seat + 1) % n
            continue
        call_kind, _, called, own = takes[caller][ti[caller]]
        ti[caller] += 1
        out.emit({"type": "pon" if call_kind == PON else "daiminkan", "actor": caller, "target": seat,
                  "pai": pai(called, red), "consumed": [pai(t, red) for t in sorted(own)]})
        if call_kind == DAIMINKAN:
            gi[caller] += 1  # the slot after an open kan
            pending += 1
        else:
            must_draw = False
        seat = caller
    if row.kyoku.wins:
        for w in row.kyoku.wins:
            deltas, points = row.settlement.winner_share(w.winner)
            ev = w.evaluation
            out.emit({"type": "hora", "actor": w.winner, "target": w.winner if w.tsumo else w.discarder,
                      "deltas": list(deltas), "ura_markers": [pai(t, red) for t in play.ura], "han": ev.han,
                      "fu": ev.fu, "yaku": _yaku(ev), "points": points})
    else:
        out.emit({"type": "ryukyoku", "reason": REASONS[play.result.draw.kind],
                  "deltas": list(row.settlement.deltas)})
    out.emit({"type": "end_kyoku"})
    return out.events


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
