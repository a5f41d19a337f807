"""A played match written as an mjai event log (JSON lines), the mirror of calc/logs/mjai.py's reader.

Each hand's event list (calc.logs.formats.MatchLog) becomes mjai's events one for one: `tsumo`,
`dahai` (with `tsumogiri`; `reach` just before a riichi discard, `reach_accepted` once it stands),
`pon` / `daiminkan`, `ankan`, `kakan`, `kita`, `dora`, then `hora` or `ryukyoku` with the match
engine's settlement. Beyond the common events, `start_game` carries `length` (hanchan or east),
`hora` the result (`han`, `fu`, `yaku` as [name, han] with our yaku names, `points`) and `end_game`
the final `scores`, so a replay checks every number.
"""

from __future__ import annotations

import json
from typing import Any

from calc.core.notation import Tile
from calc.logs.formats import MatchLog, PlayedHand, steps
from calc.logs.mjai import NAMES
from calc.table.match import LedgerRow
from calc.table import play as P

REASONS = {P.EXHAUSTIVE: "exhaustive_draw", P.NAGASHI: "nagashi_mangan", P.NINE_TERMINALS: "kyushukyuhai",
           P.FOUR_KANS: "suukaikan"}


def pai(tile: Tile) -> str:
    return NAMES[tile]


def _yaku(ev) -> list[list[Any]]:
    if ev.yakuman:
        return [[name, 13 * multiple] for name, multiple in ev.yakuman]
    out = [[name, han] for name, han in ev.yaku]
    for name, han in ev.logged_bonus:  # as Tenhou lists them, which the mjai reader compares with
        if han:
            out.append([name, han])
    return out


def hand_events(row: LedgerRow, hand: PlayedHand) -> list[dict]:
    deal = hand.events[0]
    start = [s - d for s, d in zip(row.scores, row.deltas)]
    out: list[dict] = [{"type": "start_kyoku", "bakaze": "ESW"[deal.round_raw // 4], "kyoku": deal.dealer + 1,
                        "honba": row.honba, "kyotaku": row.sticks_before, "oya": deal.dealer, "scores": start,
                        "dora_marker": pai(deal.dora),
                        "tehais": [[pai(t) for t in sorted(tiles)] for tiles in deal.hands]}]
    for event, tsumogiri, accepted in steps(hand):
        if accepted is not None:
            out.append({"type": "reach_accepted", "actor": accepted})
        kind = type(event)
        if kind is P.Draw:
            out.append({"type": "tsumo", "actor": event.seat, "pai": pai(event.tile)})
        elif kind is P.Discard:
            if event.riichi:
                out.append({"type": "reach", "actor": event.seat})
            out.append({"type": "dahai", "actor": event.seat, "pai": pai(event.tile), "tsumogiri": tsumogiri})
        elif kind is P.Call:
            out.append({"type": "pon" if event.kind == P.PON else "daiminkan", "actor": event.seat,
                        "target": event.from_seat, "pai": pai(event.called),
                        "consumed": [pai(t) for t in sorted(event.own)]})
        elif kind is P.Ankan:
            out.append({"type": "ankan", "actor": event.seat, "consumed": [pai(t) for t in sorted(event.tiles)]})
        elif kind is P.Kakan:
            pon = next(e for e in hand.events if type(e) is P.Call and e.seat == event.seat
                       and e.called[0] == event.tile[0])
            out.append({"type": "kakan", "actor": event.seat, "pai": pai(event.tile),
                        "consumed": [pai(t) for t in sorted([*pon.own, pon.called])]})
        elif kind is P.Nuki:
            out.append({"type": "kita", "actor": event.seat, "pai": pai(event.tile)})
        elif kind is P.Dora:
            out.append({"type": "dora", "dora_marker": pai(event.indicator)})
    if row.kyoku.wins:
        ura = next((w.ura_indicators for w in hand.result.wins if w.riichi), ())
        for w in row.kyoku.wins:
            deltas, points = row.settlement.winner_share(w.winner)
            ev = w.evaluation
            out.append({"type": "hora", "actor": w.winner, "target": w.winner if w.tsumo else w.discarder,
                        "deltas": list(deltas), "ura_markers": [pai(t) for t in ura], "han": ev.han,
                        "fu": ev.fu, "yaku": _yaku(ev), "points": points})
    else:
        draw = hand.result.draw
        assert draw is not None
        out.append({"type": "ryukyoku", "reason": REASONS[draw.kind], "deltas": list(row.settlement.deltas)})
    out.append({"type": "end_kyoku"})
    return out


def game_events(match: MatchLog) -> list[dict]:
    events: list[dict] = [{"type": "start_game", "names": list(match.players), "length": match.length}]
    for row, hand in zip(match.rows, match.hands):
        events += hand_events(row, hand)
    by_seat = sorted(match.standings, key=lambda st: st.seat)
    events.append({"type": "end_game", "scores": [st.score for st in by_seat]})
    return events


def write(match: MatchLog) -> str:
    return "\n".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in game_events(match)) + "\n"
