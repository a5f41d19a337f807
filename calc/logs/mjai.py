"""mjai event logs (Mortal, RiichiEnv, Akagi, mjai-reviewer): one JSON event per line, read into `Game`.

    {"type":"start_game","names":[...]}
    {"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,
     "scores":[35000,35000,35000],"dora_marker":"3p","tehais":[[13 tiles] x 3]}
    tsumo / dahai / pon / daiminkan / ankan / kakan / kita (nukidora) / reach / reach_accepted / dora
    {"type":"hora","actor":1,"target":0,"deltas":[...],"ura_markers":[...], "han":3,"fu":40,"yaku":[...]}
    {"type":"ryukyoku","deltas":[...]}  end_kyoku  end_game

Tiles are `1m`..`9m`, `1p`.., `1s`.., `E S W N P F C` (P white, F green, C red dragon) and `5pr` /
`5sr` for the red fives. The file is JSON lines, or one JSON array of events; gzip or not.

This module is only a translation layer: each event becomes the round state's event
(calc.table.play) that the Tenhou readers make; every fact of the play is the round's
(calc.table.round). `reach` marks the actor's next `dahai` as the riichi discard; the round takes
the deposit once nobody wins on it, so `reach_accepted` is only checked. A log names no platform,
so the caller gives the profile (`--rules`).

What a log may leave out: the start of the game (an excerpt from the middle), its end, and in a
`hora` the result's `han` (or `fan`), `fu`, `yaku` (or `yakus`), `points` (or `hora_points`) and
`deltas`. What is absent is not compared. The final tally is checked only for a whole game
(start_game ... end_game); mjai gives no final points, only (optionally) `end_game.scores`.
"""

from __future__ import annotations

import json
import re
from typing import Any

from calc.core import tiles as T
from calc.core.nesting import too_deep
from calc.core.notation import Tile
from calc.core.rules import PLAYERS, RuleSet
from calc.logs import tenhou as TH
from calc.logs.formats import JSON_LINES, Content, MatchLog, PlayedHand, steps
from calc.logs.model import Game, Lobby, LogError, LogWin, NotALog
from calc.table import play as P
from calc.table.match import LedgerRow, MatchState
from calc.table.play import (
    DAIMINKAN,
    EXHAUSTIVE,
    FOUR_KANS,
    NAGASHI,
    NINE_TERMINALS,
    PON,
    Agari,
    Ankan,
    Call,
    Deal,
    Discard,
    Dora,
    Draw,
    Kakan,
    Nuki,
    RoundResult,
    Ryuukyoku,
)
from calc.table.record_extras import start_problem
from calc.table.round import NORTH, PlayError, Round

BAKAZE = {"E": 0, "S": 1, "W": 2}
HONOR_NAMES = ("E", "S", "W", "N", "P", "F", "C")

TILES: dict[str, Tile] = {}
for _s, _suit in enumerate("mps"):
    for _n in range(1, 10):
        TILES[f"{_n}{_suit}"] = (_s * 9 + _n - 1, False)
    TILES[f"5{_suit}r"] = (_s * 9 + 4, True)
for _i, _name in enumerate(HONOR_NAMES):
    TILES[_name] = (T.HONOR + _i, False)
NAMES: dict[Tile, str] = {tile: name for name, tile in TILES.items()}
SANMA_TILES = {name: t for name, t in TILES.items() if T.is_sanma_tile(t[0])}
_SEATS = {s: s for s in range(PLAYERS)}

# Yaku names a log may use: ours (Tenhou's romanised, calc/scoring/yaku.py), Tenhou's Japanese
# ones, and the original mjai server's (gimite/mjai, which converters copied). Each maps to a
# Tenhou yaku id, so a log's yaku compare as a Tenhou log's do. Extracted norths count as dora.
_OUR_IDS: dict[str, int] = {}
for _id, _ours in sorted(TH.OUR_YAKU.items()):
    _OUR_IDS.setdefault(_ours, _id)
YAKU_IDS: dict[str, int] = {**TH.YAKU_IDS, **_OUR_IDS}
YAKU_IDS.update({
    "menzenchin_tsumoho": 0, "reach": 1, "rinshankaiho": 4, "haiteiraoyue": 5, "hoteiraoyui": 6,
    "tanyaochu": 8, "ipeko": 9, "double_reach": 21, "chitoitsu": 22, "honchantaiyao": 23,
    "ikkitsukan": 24, "sanshokudojun": 25, "sanshokudoko": 26, "toitoiho": 28, "sananko": 29,
    "shosangen": 30, "honroto": 31, "ryanpeko": 32, "junchantaiyao": 33, "honiso": 34, "chiniso": 35,
    "renho": 36, "tenho": 37, "chiho": 38, "suanko": 40, "tsuiso": 42, "ryuiso": 43, "chinroto": 44,
    "churenpoton": 45, "kokushimuso": 47, "daisushi": 49, "shosushi": 50, "sukantsu": 51,
    "uradora": TH.URA_ID, "akadora": TH.AKA_ID, "kita": TH.DORA_ID, "nukidora": TH.DORA_ID,
    "peidora": TH.DORA_ID,
})
YAKUMAN_IDS = frozenset(range(37, 52))
# Names that depend on the seat or round (mjai's `jikaze` / `bakaze` / `sangenpai`) say which
# wind or dragon only through the hand; they are resolved against the winner's own yaku below.
_SLOTS = {"jikaze": (10, 11, 12), "bakaze": (14, 15, 16), "sangenpai": (18, 19, 20)}

# `ryukyoku.reason` as the converters write it; without one the round decides (see _draw_kind).
# RiichiEnv (0.4.11) writes `kyushu_kyuhai` and `suukansansen` (四槓散了, four kans).
DRAW_REASONS = {
    "exhaustive_draw": EXHAUSTIVE, "exhaustive": EXHAUSTIVE, "howanpai": EXHAUSTIVE, "fanpai": EXHAUSTIVE,
    "nagashi_mangan": NAGASHI, "nagashimangan": NAGASHI,
    "kyushukyuhai": NINE_TERMINALS, "kyuushu_kyuuhai": NINE_TERMINALS, "kyushu_kyuhai": NINE_TERMINALS,
    "nine_terminals": NINE_TERMINALS,
    "suukaikan": FOUR_KANS, "sukaikan": FOUR_KANS, "suukansansen": FOUR_KANS, "four_kans": FOUR_KANS,
}
# RiichiEnv ends a hand whose agent sent a move the rules forbid with this "reason" and a penalty
ILLEGAL_ACTION = re.compile(r"Error: Illegal Action by Player (\d+)")


def tile(name: Any) -> Tile:
    t = SANMA_TILES.get(name) if isinstance(name, str) else None
    if t is not None:
        return t
    if name == "?":
        raise LogError("a hidden tile `?`: the log is one player's view, not the whole table")
    try:
        t = TILES[name]
    except (KeyError, TypeError):
        raise LogError(f"not an mjai tile: {name!r}") from None
    if not T.is_sanma_tile(t[0]):
        raise LogError(f"{name} is not a sanma tile (2m-8m are left out; a four-player log?)")
    return t


def events_of(data: bytes) -> list[tuple[int, dict]]:
    """(line number, event) pairs from JSON lines or one JSON array."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise LogError(f"broken JSON: not UTF-8 text ({e.reason})") from None
    stripped = text.lstrip()
    if stripped.startswith("["):
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as e:
            raise LogError(f"broken JSON: {e.msg}", line=e.lineno, column=e.colno) from None
        except RecursionError:
            raise too_deep(LogError, text) from None
        out = [(0, e) for e in obj]
    else:
        lines = text.splitlines()
        numbers = [n for n, line in enumerate(lines, 1) if line.strip()]
        try:  # one decode for the whole file; a broken line is found line by line below
            decoded = json.loads("[" + ",".join(lines[n - 1] for n in numbers) + "]")
            out = list(zip(numbers, decoded)) if len(decoded) == len(numbers) else None
        except (json.JSONDecodeError, RecursionError):
            out = None
    if out is None:
        out = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                out.append((number, json.loads(line)))
            except json.JSONDecodeError as e:
                raise LogError(f"broken JSON: {e.msg}", line=number, column=e.colno) from None
            except RecursionError:
                raise too_deep(LogError, line, line=number) from None
    events = [isinstance(event, dict) and isinstance(event.get("type"), str) for _, event in out]
    if out and not any(events):  # JSON lines of some other program: no line is an mjai event
        raise NotALog("not an mjai log: no line is an mjai event (an object with a `type`)")
    for (number, _), event in zip(out, events):
        if not event:
            raise LogError("not an mjai event: an object with a `type` is expected", line=number or None)
    if out and not any(event["type"] in ("start_game", "start_kyoku") for _, event in out):
        # records of some other program that have a `type` too (a table of results, say): no game starts
        raise NotALog("not an mjai log: no start_game nor start_kyoku event")
    if not out:
        raise LogError("not an mjai log: no events")
    return out


def looks_like_mjai(obj: Any) -> bool:
    """A whole-file JSON value that is an mjai log: one event object, or an array of them."""
    if isinstance(obj, dict):
        return isinstance(obj.get("type"), str) and "log" not in obj
    return isinstance(obj, list) and bool(obj) and all(isinstance(e, dict) and "type" in e for e in obj)


def detect(content: Content) -> bool:
    """JSON lines, or one JSON event or array of events."""
    if not content.head.startswith((b"{", b"[")):
        return False
    value = content.json()
    return value is JSON_LINES or looks_like_mjai(value)


def read(content: Content, game_id: str, rules: RuleSet) -> Game:
    return read_mjai(content.data, game_id, rules)


def _seat(value: Any, what: str) -> int:
    seat = _SEATS.get(value)
    if seat is not None and value is not True:
        return seat
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < PLAYERS:
        raise LogError(f"{what} is {value!r}, not a seat 0-{PLAYERS - 1} (a four-player log?)")
    return value


def _per_seat(values: Any, what: str) -> tuple[int, ...]:
    if not isinstance(values, list) or len(values) not in (PLAYERS, 4) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise LogError(f"`{what}` is {values!r}, not a number per seat")
    if len(values) == 4 and values[3] != 0:
        raise LogError(f"four-player log: `{what}` has a fourth seat")
    return tuple(values[:PLAYERS])


def _tiles(values: Any, what: str) -> list[Tile]:
    if not isinstance(values, list):
        raise LogError(f"`{what}` is {values!r}, not a list of tiles")
    return [tile(v) for v in values]


def _read_yaku(entries: Any, han_total: int | None) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...], int | None]:
    """(yaku ids with han, yakuman ids, han) from a `yaku` list of [name, han] or {name, han}."""
    if not isinstance(entries, list):
        raise LogError(f"`yaku` is {entries!r}, not a list")
    yaku: dict[int, int] = {}
    yakuman: list[int] = []
    for entry in entries:
        if isinstance(entry, dict):
            name, han = entry.get("name"), entry.get("han", entry.get("fan"))
        elif isinstance(entry, list) and len(entry) == 2:
            name, han = entry
        else:
            raise LogError(f"a yaku entry {entry!r} is not [name, han]")
        if not isinstance(han, int) or isinstance(han, bool):
            raise LogError(f"yaku {name!r} has han {han!r}, not a number")
        if name not in YAKU_IDS:
            raise LogError(f"unknown yaku {name!r}")
        i = YAKU_IDS[name]
        if i in YAKUMAN_IDS:
            yakuman += [i] * max(1, han // TH.YAKUMAN_HAN)
        elif han:
            yaku[i] = yaku.get(i, 0) + han
    if yakuman:
        han = TH.YAKUMAN_HAN * len(yakuman)
    else:
        han = sum(yaku.values())
    if han_total is not None and han != han_total:
        raise LogError(f"the yaku add up to {han} han, the `han` says {han_total}")
    return tuple(sorted(yaku.items())), tuple(sorted(yakuman)), han


def _count(e: dict, *keys: str) -> int | None:
    """The first of `keys` the event has, a whole number (None when it has none of them)."""
    for key in keys:
        value = e.get(key)
        if value is not None:
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise LogError(f"hora `{key}` is {value!r}, not a count")
            return value
    return None


def _log_win(e: dict) -> LogWin:
    han = _count(e, "han", "fan")
    yaku = yakuman = None
    if e.get("yaku", e.get("yakus")) is not None:
        yaku, yakuman, han = _read_yaku(e.get("yaku", e.get("yakus")), han)
    fu = _count(e, "fu")
    points = _count(e, "points", "hora_points")
    deltas = _per_seat(e["deltas"], "deltas") if e.get("deltas") is not None else None
    return LogWin(han=han, fu=fu if fu else None, yaku=yaku, yakuman=yakuman, points=points, limit=0,
                  deltas=deltas, pao=None)


class _MjaiReader:
    """Reads an mjai log event by event into the round state, a hand at a time."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.play: Round | None = None
        self.reach: int | None = None  # declared by `reach`: the seat whose next dahai is the riichi discard
        self.rounds: list[RoundResult] = []
        self.names: tuple[str, ...] | None = None
        self.started = False  # start_game seen before the first hand
        self.ended = False
        self.end_scores: tuple[int, ...] | None = None
        self.length: str | None = None
        self.missing_deltas: set[int] = set()  # hands whose result gave no deltas
        self.next_starts: list[tuple[int, ...]] = []  # each hand's start scores, to fill missing deltas
        self.ura: tuple[Tile, ...] | None = None  # the ura indicators a hora of this hand turned over

    def need_play(self, kind: str) -> Round:
        if self.play is None:
            raise LogError(f"`{kind}` outside a hand (no start_kyoku before it)")
        return self.play

    def discard(self, play: Round, e: dict) -> None:
        seat = _seat(e["actor"], "actor")
        riichi = self.reach is not None
        if riichi and self.reach != seat:
            raise play.fail(f"seat {self.reach} declares riichi, then seat {seat} discards")
        self.reach = None
        play.apply(Discard(seat, tile(e["pai"]), riichi))

    def event(self, e: dict) -> None:
        kind = e["type"]
        play = self.play
        if play is not None:  # the common steps first
            if kind == "tsumo" and self.reach is None:
                play.apply(Draw(_seat(e["actor"], "actor"), tile(e["pai"])))
                return
            if kind == "dahai":
                self.discard(play, e)
                return
        if kind == "start_game":
            if self.rounds or self.play is not None:
                raise LogError("start_game after the game began")
            names = e.get("names")
            if isinstance(names, list) and len(names) == 4 and not names[3]:
                names = names[:PLAYERS]
            if isinstance(names, list):
                if len(names) != PLAYERS:
                    raise LogError(f"four-player log: start_game names {len(names)} players")
                self.names = tuple(str(n) if n else f"seat {s}" for s, n in enumerate(names))
            length = e.get("length")
            if length is not None and length not in ("hanchan", "east"):
                raise LogError(f"start_game length {length!r}: hanchan or east")
            self.length = length
            self.started = True
            return
        if kind == "start_kyoku":
            self.start_kyoku(e)
            return
        if kind == "end_kyoku":
            self.close_hand()
            return
        if kind == "end_game":
            self.close_hand()
            if e.get("scores") is not None:
                self.end_scores = _per_seat(e["scores"], "scores")
            self.ended = True
            return
        if kind == "none":
            return
        play = self.need_play(kind)
        if self.reach is not None and kind not in ("dahai", "dora"):
            raise play.fail(f"seat {self.reach} declares riichi without discarding (then a {kind})")
        if kind == "tsumo":
            play.apply(Draw(_seat(e["actor"], "actor"), tile(e["pai"])))
        elif kind == "dahai":
            self.discard(play, e)
        elif kind in ("pon", "daiminkan"):
            actor, target = _seat(e["actor"], "actor"), _seat(e["target"], "target")
            play.apply(Call(actor, PON if kind == "pon" else DAIMINKAN, tile(e["pai"]),
                            tuple(_tiles(e["consumed"], "consumed")), target))
        elif kind == "chi":
            raise play.fail("a chi, which sanma does not have (a four-player log?)")
        elif kind == "ankan":
            play.apply(Ankan(_seat(e["actor"], "actor"), tuple(_tiles(e["consumed"], "consumed"))))
        elif kind == "kakan":
            play.apply(Kakan(_seat(e["actor"], "actor"), tile(e["pai"])))
        elif kind in ("kita", "nukidora"):
            play.apply(Nuki(_seat(e["actor"], "actor"), tile(e["pai"]) if e.get("pai") else NORTH))
        elif kind == "reach":
            actor = _seat(e["actor"], "actor")
            if play.riichi[actor]:
                raise play.fail(f"seat {actor} declares riichi twice")
            self.reach = actor
        elif kind == "reach_accepted":
            actor = _seat(e["actor"], "actor")
            if not play.riichi[actor]:  # the deposit itself the round takes once nobody wins on the discard
                raise play.fail(f"seat {actor} has no riichi to accept")
        elif kind == "dora":
            play.apply(Dora(tile(e["dora_marker"])))
        elif kind == "hora":
            self.hora(play, e)
        elif kind == "ryukyoku":
            deltas = e.get("deltas")
            if deltas is None:  # not compared: the next hand's start scores say them
                self.missing_deltas.add(len(self.rounds))
            else:
                deltas = _per_seat(deltas, "deltas")
            play.apply(Ryuukyoku(_draw_kind(play, e.get("reason")), deltas))
        else:
            raise LogError(f"unknown mjai event type {kind!r}")

    def start_kyoku(self, e: dict) -> None:
        self.close_hand()
        wind = e.get("bakaze")
        if wind not in BAKAZE:
            raise LogError(f"start_kyoku bakaze {wind!r}: E, S or W")
        number, dealer = e.get("kyoku"), _seat(e.get("oya"), "oya")
        if number != dealer + 1:
            raise LogError(f"start_kyoku kyoku {number!r} with oya {dealer}: the dealer of hand n is seat n-1")
        hands = e.get("tehais")
        if isinstance(hands, list) and len(hands) == 4:
            if hands[3] and any(t != "?" for t in hands[3]):
                raise LogError("four-player log: the fourth seat is dealt a hand")
            hands = hands[:PLAYERS]
        if not isinstance(hands, list) or len(hands) != PLAYERS:
            raise LogError("start_kyoku tehais: three hands of 13 tiles expected")
        dealt = [_tiles(h, "tehais") for h in hands]
        if any(len(h) != 13 for h in dealt):
            raise LogError("start_kyoku tehais: a hand is not 13 tiles")
        scores = _per_seat(e.get("scores"), "scores")
        self.next_starts.append(scores)
        first = not self.rounds
        self.play = Round(Deal(BAKAZE[wind] * 4 + number - 1, e.get("honba", 0), e.get("kyotaku", 0), dealer,
                               scores, tuple(tuple(h) for h in dealt), tile(e.get("dora_marker"))), self.rules)
        self.reach = None
        self.ura = None
        if first:  # the start of the log (an excerpt's): a state a match can reach, as a record's `start:`
            start = MatchState(scores, BAKAZE[wind], number, self.play.honba, self.play.sticks)
            names = self.names or tuple(f"seat {s}" for s in range(PLAYERS))
            problem = start_problem(start, self.rules, names)
            if problem is not None:
                raise LogError(f"start_kyoku: {problem.message}")

    def hora(self, play: Round, e: dict) -> None:
        actor = _seat(e["actor"], "actor")
        target = _seat(e.get("target", actor), "target")
        if isinstance(e.get("yaku", e.get("yakus")), list):
            e = {**e, "yaku": _resolve_slots(play, actor, target, e.get("yaku", e.get("yakus")))}
        log = _log_win(e)
        # Deltas that are no payment (they do not keep the total) are only compared; either way,
        # without the log's payment the next hand's start scores say the scores after this one.
        paid = log.deltas is not None and play.pays(log.deltas)
        if not paid:
            self.missing_deltas.add(len(self.rounds))
        ura = tuple(_tiles(e.get("ura_markers") or [], "ura_markers"))
        if ura and self.ura and sorted(ura) != sorted(self.ura):
            # a double ron: the table turns over one set of ura indicators, whichever winner it counts for
            shown = ["".join(NAMES[t] for t in u) for u in (self.ura, ura)]
            raise play.fail(f"a double ron whose two hora give different ura_markers ({shown[0]} and {shown[1]}); "
                            f"the table has one set")
        self.ura = self.ura or ura
        play.apply(Agari(actor, target, ura, log, paid))

    def close_hand(self) -> None:
        if self.play is not None:
            self.rounds.append(self.play.finish())
            self.play = None
            self.reach = None

    def game(self, game_id: str) -> Game:
        self.close_hand()
        if not self.rounds:
            raise LogError("not an mjai game record: no hand was played")
        rounds = self.rounds
        if self.missing_deltas:  # a result without deltas: the next hand's start scores say them
            rounds = list(rounds)
            for i in self.missing_deltas:
                after = self.next_starts[i + 1] if i + 1 < len(self.next_starts) else None
                rounds[i] = rounds[i]._replace(scores_after=after)
        first = rounds[0]
        complete = self.started and self.ended
        whole_start = first.round_wind == T.EAST and first.round_number == 1 and first.honba == 0
        if self.started and not whole_start:
            raise LogError(f"start_game, then a first hand {'ESW'[first.round_wind - T.EAST]}{first.round_number}"
                           f"-{first.honba} that is not East 1")
        lobby = Lobby(type=0, players=PLAYERS, red_fives=bool(self.rules.game.red_fives),
                      open_tanyao=self.rules.hand.open_tanyao, length=self.length or self.rules.match.length,
                      fast=False, level="mjai")
        names = self.names or tuple(f"seat {s}" for s in range(PLAYERS))
        return Game(game_id, lobby, names, first.scores, tuple(rounds),
                    self.end_scores if complete else None, None, rules=self.rules, complete=complete)


def _resolve_slots(play: Round, winner: int, from_seat: int, entries: list) -> list:
    """The original mjai names `jikaze`, `bakaze` and `sangenpai` say only that some wind or dragon
    counted: the seat, the round and the winner's dragon triplets (the win as the round sees it) say which."""
    out = []
    win = None
    for entry in entries:
        name = entry[0] if isinstance(entry, list) and entry else entry.get("name") if isinstance(entry, dict) else None
        if name not in _SLOTS:
            out.append(entry)
            continue
        han = entry[1] if isinstance(entry, list) and len(entry) == 2 else entry.get("han", entry.get("fan"))
        win = win or play.win_facts(winner, from_seat)
        if name == "jikaze":
            out.append([TH.YAKU_NAMES[_SLOTS[name][win.seat_wind - T.EAST]], han])
        elif name == "bakaze":
            out.append([TH.YAKU_NAMES[_SLOTS[name][win.round_wind - T.EAST]], han])
        else:
            tiles = [t for t, _ in win.closed] + [t for m in win.melds for t, _ in m.tiles]
            dragons = [d for d in T.DRAGONS if tiles.count(d) >= 3]
            if len(dragons) != han:
                raise LogError(f"yaku sangenpai {han} han, but the winner holds {len(dragons)} dragon triplet(s)")
            out += [[TH.YAKU_NAMES[18 + d - T.DRAGONS[0]], 1] for d in dragons]
    return out


def _draw_kind(play: Round, reason: Any) -> str:
    """The draw a `ryukyoku` names; without a reason, the one the round's state says it can be
    (the round checks it could happen)."""
    if reason is not None:
        illegal = ILLEGAL_ACTION.fullmatch(reason) if isinstance(reason, str) else None
        if illegal:
            raise LogError(f"not a game that was played: the program at seat {illegal.group(1)} sent a move the "
                           f"rules do not allow, and the environment (RiichiEnv) stopped hand "
                           f"{'ESW'[play.round_raw // 4]}{play.round_raw % 4 + 1}-{play.honba} with a penalty (ryukyoku reason {reason!r}); there is no draw or win "
                           f"to replay")
        if reason not in DRAW_REASONS:
            raise LogError(f"unknown ryukyoku reason {reason!r}; known: {', '.join(sorted(DRAW_REASONS))}")
        return DRAW_REASONS[reason]
    if play.live == 0:  # the wall ran out: a nagashi mangan where the profile pays one
        return play.exhaustive_kind()
    return FOUR_KANS if play.four_kan_abort() else NINE_TERMINALS


def read_mjai(data: bytes, game_id: str, rules: RuleSet) -> Game:
    events = events_of(data)
    reader = _MjaiReader(rules)
    for number, event in events:
        try:
            reader.event(event)
        except LogError as e:
            if e.line is None and number:
                e.line = number
            raise
        except PlayError as e:
            raise LogError(e.message, line=number or None) from None
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
            raise LogError(f"corrupt {event['type']} event: {type(e).__name__}: {e}", line=number or None) from None
    return reader.game(game_id)


# --- writing ------------------------------------------------------------------------------------
# A played match written as an mjai event log (JSON lines).
#
# Each hand's event list (calc.logs.formats.MatchLog) becomes mjai's events one for one: `tsumo`,
# `dahai` (with `tsumogiri`; `reach` just before a riichi discard, `reach_accepted` once it stands),
# `pon` / `daiminkan`, `ankan`, `kakan`, `kita`, `dora`, then `hora` or `ryukyoku` with the match
# engine's settlement. Beyond the common events, `start_game` carries `length` (hanchan or east),
# `hora` the result (`han`, `fu`, `yaku` as [name, han] with our yaku names, `points`) and `end_game`
# the final `scores`, so a replay checks every number.


REASONS = {P.EXHAUSTIVE: "exhaustive_draw", P.NAGASHI: "nagashi_mangan", P.NINE_TERMINALS: "kyushukyuhai",
           P.FOUR_KANS: "suukaikan"}


def pai(tile: Tile) -> str:
    return NAMES[tile]


def _written_yaku(ev) -> list[list[Any]]:
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
                        "fu": ev.fu, "yaku": _written_yaku(ev), "points": points})
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
