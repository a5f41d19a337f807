"""A played match written as a tenhou.net/6 JSON record, which `sanma replay` reads back.

The format (see calc/logs/tenhou6.py): per hand `[[round, honba, sticks], scores, dora indicators,
ura indicators, hand, draws, discards (× 4 seats, the fourth empty), result]`. Tile codes, yaku and
draw names are Tenhou's (calc/logs/tenhou.py). The writer takes a match as the simulator keeps it
(calc.sim.run.MatchRun: `rows` settled by the match engine, `plays` each hand by tile id 0-135:
`haipai`, `takes`, `gives`, `dora`, `ura` and the round state's `result`) without importing the
simulator. The amounts are the match engine's settlement under the run's profile; with the
`tenhou` profile (the default) a replay finds no mismatch.
"""

from __future__ import annotations

import json
from pathlib import Path

from calc.core.errors import SanmaError
from calc.core.tiles import red_ids
from calc.logs import tenhou as TH
from calc.scoring.value import BAIMAN, HANEMAN, MANGAN, SANBAIMAN, YAKUMAN
from calc.table import payment
from calc.table.play import EXHAUSTIVE, FOUR_KANS, NAGASHI, NINE_TERMINALS
from calc.table.play import PON as CALL_PON

SEATS = 4  # the format always has four seats
CODE = {tile: code for code, tile in TH.TENHOU6_TILES.items()}
YAKU_ID: dict[str, int] = {}
for _id, _name in sorted(TH.OUR_YAKU.items()):
    YAKU_ID.setdefault(_name, _id)
LIMIT_WORDS = {MANGAN: "満貫", HANEMAN: "跳満", BAIMAN: "倍満", SANBAIMAN: "三倍満", YAKUMAN: "役満"}
DRAW_WORDS = {EXHAUSTIVE: "流局", NAGASHI: "流し満貫", NINE_TERMINALS: "九種九牌", FOUR_KANS: "四槓散了"}


class SaveError(SanmaError):
    """A record cannot be written where --save points."""


def code(tile_id: int, red: frozenset[int]) -> int:
    return CODE[(tile_id // 4, tile_id in red)]


def _relative(caller: int, discarder: int) -> int:
    # Tenhou keeps four-seat arithmetic in sanma: 1 = next seat, 2 = across, 3 = previous
    return (discarder - caller) % SEATS


def _call_text(kind: str, caller: int, discarder: int, called: int, own: list[int], red) -> str:
    rel = _relative(caller, discarder)
    own_codes = [str(code(t, red)) for t in sorted(own)]
    if kind == CALL_PON:
        slot, letter = 3 - rel, "p"
    else:
        slot, letter = (3 - rel if rel > 1 else 3), "m"
    parts = own_codes[:slot] + [f"{letter}{code(called, red)}"] + own_codes[slot:]
    return "".join(parts)


def _gives_text(entry: tuple, red) -> int | str:
    kind = entry[0]
    if kind == "discard":
        _, tile, tsumogiri, riichi = entry
        c = TH.TSUMOGIRI if tsumogiri else code(tile, red)
        return f"r{c}" if riichi else c
    if kind == "nuki":
        return f"f{code(entry[1], red)}"
    if kind == "ankan":
        codes = [str(code(t, red)) for t in entry[1]]
        return "".join(codes[:3]) + "a" + codes[3]
    if kind == "kakan":
        return f"k{code(entry[1], red)}"  # completed below with the pon's tiles
    return 0  # the slot after an open kan


def _hand_columns(play, red) -> list:
    out = []
    melds_so_far: list[dict] = [dict() for _ in range(3)]  # value -> pon tile ids, for added kans
    for seat in range(SEATS):
        if seat >= len(play.haipai):
            out += [[], [], []]
            continue
        hand = [code(t, red) for t in sorted(play.haipai[seat])]
        takes = []
        for t in play.takes[seat]:
            if isinstance(t, int):
                takes.append(code(t, red))
            else:
                kind, discarder, called, own = t
                takes.append(_call_text(kind, seat, discarder, called, own, red))
                if kind == CALL_PON:
                    melds_so_far[seat][called // 4] = sorted([*own, called])
        gives = []
        for g in play.gives[seat]:
            text = _gives_text(g, red)
            if g[0] == "kakan":
                pon = melds_so_far[seat][g[1] // 4]
                text = text + "".join(str(code(t, red)) for t in pon)
            gives.append(text)
        out += [hand, takes, gives]
    return out


def _value_text(ev, settlement: payment.Settlement, winner: int, dealer: int, tsumo: bool, players: int) -> str:
    value = ev.value
    if value.limit is None:
        head = f"{ev.fu}符{ev.han}飜"
    elif value.limit == YAKUMAN and not ev.yakuman:
        head = "数え役満"
    else:
        head = LIMIT_WORDS[value.limit]
    paid = {p.payer: p.amount - p.honba for p in settlement.payments
            if p.payee == winner and p.role != payment.STICKS}
    total = sum(paid.values())
    if tsumo and len(paid) == players - 1 and None not in paid:
        if winner == dealer and len(set(paid.values())) == 1:
            return f"{head}{total // (players - 1)}点∀"
        if winner != dealer:
            child = next(v for seat, v in paid.items() if seat != dealer)
            if all(v == child for seat, v in paid.items() if seat != dealer):
                return f"{head}{child}-{paid[dealer]}点"
    return f"{head}{total}点"


def _yaku_texts(ev) -> list[str]:
    if ev.yakuman:
        return [f"{TH.YAKU_NAMES[YAKU_ID[name]]}(役満)" for name, multiple in ev.yakuman for _ in range(multiple)]
    out = [f"{TH.YAKU_NAMES[YAKU_ID[name]]}({han}飜)" for name, han in ev.yaku]
    for name, han in ev.logged_bonus:
        if han:
            out.append(f"{TH.YAKU_NAMES[YAKU_ID[name]]}({han}飜)")
    return out


def hand_json(row, play, red: frozenset[int], players: int) -> list:
    start = [s - d for s, d in zip(row.scores, row.deltas)]
    head = [[_round_raw(row), row.honba, row.sticks_before], start + [0] * (SEATS - players),
            [code(t, red) for t in play.dora], [code(t, red) for t in play.ura]]
    columns = _hand_columns(play, red)
    if row.kyoku.wins:
        result: list = ["和了"]
        for w in row.kyoku.wins:
            result.append(list(row.settlement.winner_share(w.winner)[0]) + [0] * (SEATS - players))
            pao = w.liable if w.liable is not None else w.winner
            from_seat = w.winner if w.tsumo else w.discarder
            result.append([w.winner, from_seat, pao,
                           _value_text(w.evaluation, row.settlement, w.winner, row.dealer, w.tsumo, players),
                           *_yaku_texts(w.evaluation)])
    else:
        kind = play.result.draw.kind
        deltas = list(row.settlement.deltas) + [0] * (SEATS - players)
        result = [DRAW_WORDS[kind], deltas] if kind in (EXHAUSTIVE, NAGASHI) else [DRAW_WORDS[kind]]
    return [*head, *columns, result]


def _round_raw(row) -> int:
    wind = "ESW".index(row.label[0])
    return wind * 4 + row.dealer


def game_json(run, red: frozenset[int], name: str, length: str) -> dict:
    players = len(run.state.scores)
    log = [hand_json(row, play, red, players) for row, play in zip(run.rows, run.plays)]
    sc: list = []
    by_seat = sorted(run.standings, key=lambda st: st.seat)
    for st in by_seat:
        sc += [st.score, st.points]
    sc += [0, 0] * (SEATS - players)
    return {
        "ver": 2.3,
        "ref": name,
        "log": log,
        "rule": {"disp": "三鳳南喰赤" if length == "hanchan" else "三鳳東喰赤", "aka53": 1, "aka52": 1, "aka51": 1},
        "name": [f"bot {'ABC'[s]}" for s in range(players)] + [""] * (SEATS - players),
        "sc": sc,
    }


def save_match(run, s, index: int) -> str:
    """Write match `index` of a run (`calc.sim.run.Setup` s) into `s.save`; returns the path."""
    name = f"sim-{s.seed}-{index:05d}"
    path = Path(s.save) / f"{name}.json"
    obj = game_json(run, red_ids(s.rules.game.red_fives), name, s.rules.match.length)
    try:
        path.write_text(json.dumps(obj, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    except OSError as e:
        raise SaveError(f"cannot write {path}: {e.strerror}") from None
    return str(path)
