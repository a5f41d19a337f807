"""tenhou.net/6 JSON: an object whose `log` holds one array per hand:

    [[round, honba, sticks], scores[4], dora indicators, ura indicators,
     hand0, draws0, discards0, hand1, ..., discards3, result]

Tiles are 11-47 with 51-53 the red fives, 60 in a discard column the tile just drawn. A call sits in
the caller's draw column (`"4545p45"`: pon, the letter's place says from whom), a riichi discard is
`"r38"`, an extracted north `"f44"`, an added kan `"k..."` and a closed kan `"a..."` take a discard
slot, a called open kan is followed by a 0 there. The order of play is not written: it is rebuilt
from turn order, and a call is taken when the caller's next draw entry names the tile just discarded.

Compared with mjlog, the format has no tile ids (only values and red), no kan dora timing (the
indicators are a list, revealed by Tenhou's rule: a closed kan at once, an open one at the kanner's
next action), no explicit riichi acceptance (a riichi discard nobody rons is accepted), no
lobby number (rebuilt from `rule.disp`), no fu on mangan and above, no 0-han yaku, and
no tenpai hands at a draw.
"""

from __future__ import annotations

import json
import re
from typing import Any

from calc.core.notation import Tile
from calc.core.rules import RuleSet
from calc.logs import tenhou as TH
from calc.logs.formats import Content, MatchLog, PlayedHand, steps
from calc.logs.mjlog import check_lobby, lobby_of
from calc.logs.model import Game, LogError, LogWin, NotALog
from calc.scoring.value import BAIMAN, HANEMAN, MANGAN, SANBAIMAN, YAKUMAN
from calc.table import payment
from calc.table import play as P
from calc.table.match import LedgerRow
from calc.table.play import (DAIMINKAN, PON, Agari, Ankan, Call, Deal, Discard, Dora, Draw, Kakan, Nuki, RoundResult,
                             Ryuukyoku)
from calc.table.round import NORTH, Round

TILE = TH.TENHOU6_TILES
_TEN = re.compile(r"(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|数え役満|役満))(\d+)(?:-(\d+))?点(∀?)")
_YAKU = re.compile(r"(.+)\((\d+)飜\)|(.+)\(役満\)")


def _tile(code: Any) -> Tile:
    try:
        return TILE[code]
    except (KeyError, TypeError):
        raise LogError(f"not a tile code: {code!r}") from None


def _parse_call(text: str) -> tuple[str, int, list[Tile]]:
    """'4545p45' -> ('p', 2, tiles): the letter, the place of the called tile, all the tiles."""
    letters = [c for c in text if c.isalpha()]
    if len(letters) != 1:
        raise LogError(f"not a call: {text!r}")
    letter = letters[0]
    place = text.index(letter)
    digits = text.replace(letter, "")
    if place % 2 or len(digits) % 2 or not digits.isdigit():
        raise LogError(f"not a call: {text!r}")
    return letter, place // 2, [_tile(int(digits[i : i + 2])) for i in range(0, len(digits), 2)]


def _relative(slot: int) -> int:
    # the called tile is written on the side it came from: left = kamicha (3), middle = toimen (2),
    # right = shimocha (1)
    return 3 - slot if slot < 3 else 1


def detect(content: Content) -> bool:
    """Any JSON the formats before it leave (the reader says when it is no log)."""
    return content.head.startswith((b"{", b"["))


def read(content: Content, game_id: str, rules: RuleSet) -> Game:
    return read_tenhou6(content.json(), game_id, rules)


def read_tenhou6(obj: Any, game_id_fallback: str, rules: RuleSet) -> Game:
    if not isinstance(obj, dict) or not isinstance(obj.get("log"), list):
        raise NotALog("not a Tenhou log: the JSON has no `log` array")
    rule = obj.get("rule")
    disp = rule.get("disp") if isinstance(rule, dict) else None
    if not isinstance(disp, str):
        raise LogError("not a Tenhou log: the JSON has no `rule.disp` lobby name")
    bits = TH.lobby_from_disp(disp)
    if bits is None:
        raise LogError(f"unsupported variant: {disp!r} is not a Tenhou lobby this reader knows")
    logs = obj["log"]
    if not logs:
        raise LogError("not a Tenhou game record: the `log` array is empty")
    players = 3 if bits & TH.SANMA_TABLE else 4
    lobby = lobby_of(bits, players)
    check_lobby(lobby)
    try:
        rounds = [_round(k, players, rules) for k in logs]
        sc = obj["sc"]
        final_scores = tuple(int(sc[2 * s]) for s in range(players))
        final_points = tuple(float(sc[2 * s + 1]) for s in range(players))
        start = tuple(int(x) for x in logs[0][1][:players])
    except LogError:
        raise
    except (KeyError, ValueError, IndexError, TypeError, AttributeError) as e:
        raise LogError(f"corrupt tenhou.net/6 record: {type(e).__name__} {e}") from None
    game_id = obj.get("ref") or game_id_fallback
    names = obj.get("name")
    players_names = tuple(
        names[s] if isinstance(names, list) and s < len(names) and isinstance(names[s], str) and names[s]
        else f"seat {s}"
        for s in range(players)
    )
    return Game(game_id, lobby, players_names, start, tuple(rounds), final_scores, final_points)


def _round(k: list, players: int, rules: RuleSet) -> RoundResult:
    if not isinstance(k, list) or len(k) != 5 + 3 * TH.SEATS:
        raise LogError("corrupt tenhou.net/6 record: a hand entry is not 17 items long")
    (round_raw, honba, sticks), scores, dora, ura, result = k[0], k[1], k[2], k[3], k[-1]
    if k[4 + 3 * 3]:
        raise LogError("four-player log: the fourth seat is dealt a hand")
    hands = tuple(tuple(_tile(t) for t in k[4 + 3 * s]) for s in range(players))
    takes = [k[5 + 3 * s] for s in range(players)]
    gives = [k[6 + 3 * s] for s in range(players)]
    dealer = round_raw % 4
    deal = Deal(round_raw, honba, sticks, dealer, tuple(int(x) for x in scores[:players]), hands, _tile(dora[0]))
    play = Round(deal, rules)
    revealed = _replay(play, takes, gives, [_tile(t) for t in dora[1:]], dealer, players)
    if revealed != len(dora) - 1:
        raise play.fail(f"{len(dora) - 1} kan dora listed, {revealed} revealed by the play")
    word = result[0]
    if word == TH.WIN_WORD:
        ura_tiles = tuple(_tile(t) for t in ura)
        for i in range(1, len(result), 2):
            deltas = tuple(int(d) for d in result[i][:players])
            info = result[i + 1]
            who, from_seat, pao = info[0], info[1], info[2]
            log = _log_win(info, deltas, pao if pao != who else None, players)
            play.apply(Agari(who, from_seat, ura_tiles, log))
    elif word in TH.TENHOU6_DRAWS:
        deltas = tuple(int(d) for d in result[1][:players]) if len(result) > 1 else (0,) * players
        play.apply(Ryuukyoku(TH.TENHOU6_DRAWS[word], deltas))
    else:
        raise LogError(f"unknown hand result {word!r}")
    return play.finish()


def _log_win(info: list, deltas: tuple[int, ...], pao: int | None, players: int) -> LogWin:
    m = _TEN.fullmatch(info[3])
    if m is None:
        raise LogError(f"unreadable value text {info[3]!r}")
    fu, han_text, word, first, second, each = m.groups()
    if each:  # a dealer tsumo: each payer pays `first`
        points = int(first) * (players - 1)
    elif second:  # a non-dealer tsumo: the other non-dealers pay `first`, the dealer `second`
        points = int(first) * (players - 2) + int(second)
    else:
        points = int(first)
    yaku: list[tuple[int, int]] = []
    yakuman: list[int] = []
    for text in info[4:]:
        y = _YAKU.fullmatch(text)
        name = y and (y.group(1) or y.group(3))
        if name not in TH.YAKU_IDS:
            raise LogError(f"unknown yaku {text!r}")
        if y.group(3):
            yakuman.append(TH.YAKU_IDS[name])
        elif int(y.group(2)):
            yaku.append((TH.YAKU_IDS[name], int(y.group(2))))
    han = TH.YAKUMAN_HAN * len(yakuman) if yakuman else sum(h for _, h in yaku)
    return LogWin(
        han=han,
        fu=int(fu) if fu else None,
        yaku=tuple(sorted(yaku)),
        yakuman=tuple(sorted(yakuman)),
        points=points,
        limit=TH.TENHOU6_LIMITS[word] if word else 0,
        deltas=deltas,
        pao=pao,
    )


def _replay(play: Round, takes: list, gives: list, kan_dora: list[Tile], dealer: int, n: int) -> int:
    """Walk the columns in turn order; returns how many kan dora were revealed. The indicators are
    turned over when the round says they are due (Tenhou's timing, calc.table.round)."""
    ti = [0] * n
    gi = [0] * n
    shown = [0]

    def reveal(seat: int | None = None) -> None:
        for _ in range(play.due_now(seat)):
            if shown[0] >= len(kan_dora):
                raise play.fail("a kan with no kan dora indicator listed")
            play.apply(Dora(kan_dora[shown[0]]))
            shown[0] += 1

    seat = dealer
    must_draw = True
    while True:
        if must_draw:
            if ti[seat] >= len(takes[seat]):
                break  # a ron on the last discard, or the wall ran out
            code = takes[seat][ti[seat]]
            if not isinstance(code, int):
                raise play.fail(f"seat {seat} calls {code!r} when it is their turn to draw")
            ti[seat] += 1
            play.apply(Draw(seat, _tile(code)))
        must_draw = True
        if gi[seat] >= len(gives[seat]):
            break  # a tsumo, or nine terminals
        code = gives[seat][gi[seat]]
        gi[seat] += 1
        riichi = False
        if isinstance(code, str):
            letter = code[0] if code[0].isalpha() else ""
            if letter == "r":
                riichi = True
                code = int(code[1:])
            elif letter == "f":
                tile = _tile(int(code[1:]))
                if tile != NORTH:
                    raise play.fail(f"seat {seat} extracts {code!r}, not a north")
                play.apply(Nuki(seat, tile))
                if ti[seat] >= len(takes[seat]):
                    break  # ron on the north
                reveal()
                continue
            else:
                letter, _, tiles = _parse_call(code)
                if letter == "a":
                    play.apply(Ankan(seat, tuple(tiles)))
                    reveal()  # a closed kan's indicator: at once
                elif letter == "k":
                    pon = next((m for m in play.melds[seat] if m.kind == PON and m.tiles[0][0] == tiles[0][0]), None)
                    if pon is None:
                        raise play.fail(f"seat {seat} adds to a pon it does not have: {code!r}")
                    added = list(tiles)
                    for t in pon.tiles:
                        added.remove(t)
                    play.apply(Kakan(seat, added[0]))
                    if ti[seat] >= len(takes[seat]):
                        break  # ron on the added kan (chankan)
                    reveal()
                else:
                    raise play.fail(f"seat {seat} gives {code!r}")
                if ti[seat] >= len(takes[seat]):
                    break  # ron on a closed kan (kokushi)
                continue
        tile = play.last_drawn(seat) if code == TH.TSUMOGIRI else _tile(code)
        reveal(seat)
        play.apply(Discard(seat, tile, riichi))
        caller = None
        for other in range(n):
            if other == seat or ti[other] >= len(takes[other]):
                continue
            nxt = takes[other][ti[other]]
            if isinstance(nxt, str):
                letter, slot, tiles = _parse_call(nxt)
                if tiles[slot] == tile and TH.seat_from_relative(other, _relative(slot)) == seat:
                    caller = (other, letter, slot, tiles)
                    break
        if caller is None:
            seat = (seat + 1) % n
            continue
        other, letter, slot, tiles = caller
        ti[other] += 1
        called = tiles.pop(slot)
        if letter == "p":
            play.apply(Call(other, PON, called, tuple(tiles), seat))
            must_draw = False
        elif letter == "m":
            play.apply(Call(other, DAIMINKAN, called, tuple(tiles), seat))
            if gi[other] >= len(gives[other]) or gives[other][gi[other]] != 0:
                raise play.fail(f"seat {other} calls an open kan without the 0 that follows it")
            gi[other] += 1
        else:
            raise play.fail(f"seat {other} calls {letter!r}, which sanma does not have")
        seat = other
    for s in range(n):
        if ti[s] != len(takes[s]) or gi[s] != len(gives[s]):
            raise play.fail(f"seat {s} still has moves after the hand ended")
    return shown[0]


# --- writing ------------------------------------------------------------------------------------
# A played match written as a tenhou.net/6 JSON record.
#
# The format: per hand `[[round, honba, sticks], scores, dora indicators, ura indicators, hand,
# draws, discards (× 4 seats, the fourth empty), result]`. Tile codes, yaku and draw names are
# Tenhou's (calc/logs/tenhou.py). Each hand's columns are its event list (calc.logs.formats.MatchLog)
# sorted by seat: draws and calls into the draw column, discards (60 for the tile just drawn),
# extractions and kans into the discard column. The amounts are the match engine's settlement under
# the run's profile; with the `tenhou` profile (the default) a replay finds no mismatch.


CODE = {tile: code for code, tile in TH.TENHOU6_TILES.items()}
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
        return [f"{TH.YAKU_NAMES[TH.YAKU_ID[name]]}(役満)" for name, multiple in ev.yakuman for _ in range(multiple)]
    out = [f"{TH.YAKU_NAMES[TH.YAKU_ID[name]]}({han}飜)" for name, han in ev.yaku]
    for name, han in ev.logged_bonus:
        if han:
            out.append(f"{TH.YAKU_NAMES[TH.YAKU_ID[name]]}({han}飜)")
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
