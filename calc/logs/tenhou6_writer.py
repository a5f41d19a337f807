"""A played match written as a tenhou.net/6 JSON record, the mirror of calc/logs/tenhou6.py's reader.

The format: per hand `[[round, honba, sticks], scores, dora indicators, ura indicators, hand,
draws, discards (× 4 seats, the fourth empty), result]`. Tile codes, yaku and draw names are
Tenhou's (calc/logs/tenhou.py). Each hand's columns are its event list (calc.logs.formats.MatchLog)
sorted by seat: draws and calls into the draw column, discards (60 for the tile just drawn),
extractions and kans into the discard column. The amounts are the match engine's settlement under
the run's profile; with the `tenhou` profile (the default) a replay finds no mismatch.
"""

from __future__ import annotations

import json

from calc.core.notation import Tile
from calc.logs import tenhou as TH
from calc.logs.formats import MatchLog, PlayedHand, steps
from calc.scoring.value import BAIMAN, HANEMAN, MANGAN, SANBAIMAN, YAKUMAN
from calc.table import payment
from calc.table.match import LedgerRow
from calc.table import play as P

CODE = {tile: code for code, tile in TH.TENHOU6_TILES.items()}
YAKU_ID: dict[str, int] = {}
for _id, _name in sorted(TH.OUR_YAKU.items()):
    YAKU_ID.setdefault(_name, _id)
LIMIT_WORDS = {MANGAN: "満貫", HANEMAN: "跳満", BAIMAN: "倍満", SANBAIMAN: "三倍満", YAKUMAN: "役満"}
DRAW_WORDS = {P.EXHAUSTIVE: "流局", P.NAGASHI: "流し満貫", P.NINE_TERMINALS: "九種九牌",
              P.FOUR_KANS: "四槓散了"}


def code(tile: Tile) -> int:
    return CODE[tile]


def _call_text(kind: str, caller: int, discarder: int, called: Tile, own: tuple[Tile, ...]) -> str:
    # Tenhou keeps four-seat arithmetic in sanma: 1 = next seat, 2 = across, 3 = previous
    rel = (discarder - caller) % TH.SEATS
    own_codes = [str(code(t)) for t in sorted(own)]
    if kind == P.PON:
        slot, letter = 3 - rel, "p"
    else:
        slot, letter = (3 - rel if rel > 1 else 3), "m"
    parts = own_codes[:slot] + [f"{letter}{code(called)}"] + own_codes[slot:]
    return "".join(parts)


def _hand_columns(hand: PlayedHand, players: int) -> list:
    """Each seat's dealt tiles, draws and calls (`takes`), and discards, extractions and kans (`gives`)."""
    deal = hand.events[0]
    takes: list[list] = [[] for _ in range(players)]
    gives: list[list] = [[] for _ in range(players)]
    for event, tsumogiri, _ in steps(hand):
        kind = type(event)
        if kind is P.Draw:
            takes[event.seat].append(code(event.tile))
        elif kind is P.Discard:
            c = TH.TSUMOGIRI if tsumogiri else code(event.tile)
            gives[event.seat].append(f"r{c}" if event.riichi else c)
        elif kind is P.Call:
            takes[event.seat].append(_call_text(event.kind, event.seat, event.from_seat, event.called, event.own))
            if event.kind == P.DAIMINKAN:
                gives[event.seat].append(0)  # the slot after an open kan
        elif kind is P.Nuki:
            gives[event.seat].append(f"f{code(event.tile)}")
        elif kind is P.Ankan:
            codes = [str(code(t)) for t in sorted(event.tiles)]
            gives[event.seat].append("".join(codes[:3]) + "a" + codes[3])
        elif kind is P.Kakan:
            pon = _pon(hand, event.seat, event.tile[0])
            gives[event.seat].append(f"k{code(event.tile)}" + "".join(str(code(t)) for t in pon))
    out = []
    for seat in range(TH.SEATS):
        if seat >= players:
            out += [[], [], []]
        else:
            out += [[code(t) for t in sorted(deal.hands[seat])], takes[seat], gives[seat]]
    return out


def _pon(hand: PlayedHand, seat: int, value: int) -> tuple[Tile, ...]:
    """The three tiles of the seat's pon of `value` (an added kan is written with them)."""
    for e in hand.events:
        if type(e) is P.Call and e.seat == seat and e.called[0] == value:
            return tuple(sorted([*e.own, e.called]))
    raise ValueError(f"seat {seat} adds to a pon of {value} it never called")


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


def indicators(hand: PlayedHand) -> tuple[list[Tile], list[Tile]]:
    """The dora indicators shown by the end of the hand, and the ura indicators (a riichi winner's)."""
    deal = hand.events[0]
    dora = [deal.dora, *(e.indicator for e in hand.events if type(e) is P.Dora)]
    ura = next((list(w.ura_indicators) for w in hand.result.wins if w.riichi), [])
    return dora, ura


def hand_json(row: LedgerRow, hand: PlayedHand, players: int) -> list:
    start = [s - d for s, d in zip(row.scores, row.deltas)]
    dora, ura = indicators(hand)
    head = [[_round_raw(row), row.honba, row.sticks_before], start + [0] * (TH.SEATS - players),
            [code(t) for t in dora], [code(t) for t in ura]]
    columns = _hand_columns(hand, players)
    if row.kyoku.wins:
        result: list = ["和了"]
        for w in row.kyoku.wins:
            result.append(list(row.settlement.winner_share(w.winner)[0]) + [0] * (TH.SEATS - players))
            pao = w.liable if w.liable is not None else w.winner
            from_seat = w.winner if w.tsumo else w.discarder
            result.append([w.winner, from_seat, pao,
                           _value_text(w.evaluation, row.settlement, w.winner, row.dealer, w.tsumo, players),
                           *_yaku_texts(w.evaluation)])
    else:
        draw = hand.result.draw
        assert draw is not None
        deltas = list(row.settlement.deltas) + [0] * (TH.SEATS - players)
        result = [DRAW_WORDS[draw.kind], deltas] if draw.kind in (P.EXHAUSTIVE, P.NAGASHI) else [DRAW_WORDS[draw.kind]]
    return [*head, *columns, result]


def _round_raw(row: LedgerRow) -> int:
    wind = "ESW".index(row.label[0])
    return wind * 4 + row.dealer


def game_json(match: MatchLog) -> dict:
    players = len(match.players)
    log = [hand_json(row, hand, players) for row, hand in zip(match.rows, match.hands)]
    sc: list = []
    by_seat = sorted(match.standings, key=lambda st: st.seat)
    for st in by_seat:
        sc += [st.score, st.points]
    sc += [0, 0] * (TH.SEATS - players)
    return {
        "ver": 2.3,
        "ref": match.name,
        "log": log,
        "rule": {"disp": "三鳳南喰赤" if match.length == "hanchan" else "三鳳東喰赤", "aka53": 1, "aka52": 1, "aka51": 1},
        "name": list(match.players) + [""] * (TH.SEATS - players),
        "sc": sc,
    }


def write(match: MatchLog) -> str:
    return json.dumps(game_json(match), ensure_ascii=False, separators=(",", ":"))
