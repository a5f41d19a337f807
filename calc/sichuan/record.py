"""A Sichuan record: the hands of a session, each with its void suits and its play, settled.

    rules: sichuan                  # a profile with `variant: sichuan` (a name or a file)
    players: [Ana, Bo, Chen, Dee]   # seat order; Ana deals the first hand
    hands:
      - void: {Ana: s, Bo: m, Chen: p, Dee: s}
        play:                       # in the order it happened
          - kong: {player: Bo, tile: 7p, kind: concealed}    # concealed | added | exposed (+ from: NAME)
          - win: {winner: Ana, from: Bo, hand: "123m456m789m11p 345p", kong_discard: true}
          - win: [{winner: Chen, from: Dee, hand: ...}, {winner: Ana, ...}]   # one discard, several winners
          - win: {winner: Chen, tsumo: true, hand: ..., kong_replacement: true}
          - draw: {Bo: "13 tiles", Dee: "13 tiles"}        # the wall is empty: each player still in

The dealer follows from the flow (rules.md §8); fan, payments and the end-of-wall settlements follow
from the hands and the profile. Every error names the hand and the line.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from calc import tiles as T
from calc.errors import SanmaError
from calc.record import RecordError, _load_yaml, _show
from calc.sichuan import hand as H
from calc.sichuan.battle import KONG_KINDS, HandResult, Kong, PlayError, WallEnd, Win, Winner, play
from calc.sichuan.fan import WinContext
from calc.sichuan.rules import SichuanRules, is_sichuan, load

TOP_KEYS = ("rules", "players", "hands")
HAND_KEYS = ("void", "play")
EVENT_KEYS = ("kong", "win", "draw")
KONG_KEYS = ("player", "tile", "kind", "from")
SITUATIONS = ("kong_replacement", "kong_discard", "rob_kong", "last_tile", "heavenly", "earthly")
WIN_KEYS = ("winner", "from", "tsumo", "hand", "win", *SITUATIONS)


def is_sichuan_record(path: str | Path) -> bool:
    """Does this record name a Sichuan profile? (`sanma settle` picks the game by it.)"""
    try:
        data = _load_yaml(Path(path).read_text(encoding="utf-8"), str(path))
    except (OSError, UnicodeDecodeError, SanmaError):
        return False  # the sanma reader reports what is wrong with the file
    name = data.get("rules") if isinstance(data, dict) else None
    if not isinstance(name, str):
        return False
    candidate = Path(path).parent / name
    return is_sichuan(str(candidate) if name.endswith((".yaml", ".yml")) and candidate.is_file() else name)


@dataclass(frozen=True)
class HandRecord:
    number: int
    line: int
    voids: tuple[int, ...]
    events: tuple[Any, ...]  # battle.Kong | Win | WallEnd
    end_line: int


@dataclass(frozen=True)
class Record:
    file: str
    rules: SichuanRules
    players: tuple[str, ...]
    hands: tuple[HandRecord, ...]


class _Reader:
    def __init__(self, file: str) -> None:
        self.file = file
        self.players: tuple[str, ...] = ()
        self.hand = 0
        self.voids: tuple[int, ...] = ()

    def error(self, message: str, line: int | None) -> RecordError:
        prefix = f"hand {self.hand}: " if self.hand else ""
        return RecordError(prefix + message, file=self.file, line=line)

    def mapping(self, value: Any, what: str, line: int | None, allowed: tuple[str, ...]):
        if not isinstance(value, dict):
            raise self.error(f"{what} must be a mapping of keys, got {_show(value)}", line)
        for key in value:
            if key not in allowed:
                hint = difflib.get_close_matches(str(key), allowed, n=1)
                suggestion = f" (did you mean {hint[0]!r}?)" if hint else ""
                raise self.error(f"unknown key {key!r} in {what}{suggestion}; keys: {', '.join(allowed)}",
                                 value.key_lines.get(key, line))
        return value

    def seat(self, name: Any, what: str, line: int | None) -> int:
        if isinstance(name, bool) or not isinstance(name, str):
            raise self.error(f"{what} must be a player's name, got {_show(name)}", line)
        if name not in self.players:
            hint = difflib.get_close_matches(name, self.players, n=1)
            suggestion = f" (did you mean {hint[0]!r}?)" if hint else ""
            raise self.error(f"unknown player {name!r} as {what}{suggestion}; players: {', '.join(self.players)}",
                             line)
        return self.players.index(name)

    def flag(self, data, key: str) -> bool:
        value = data.get(key, False)
        if not isinstance(value, bool):
            raise self.error(f"{key} must be true or false, got {_show(value)}", data.key_lines[key])
        return value

    def read(self, data: Any) -> Record:
        top = self.mapping(data, "the record", 1, TOP_KEYS)
        lines = top.key_lines
        name = top.get("rules")
        if not isinstance(name, str):
            raise self.error(f"rules must name a sichuan profile, got {_show(name)}", lines.get("rules", 1))
        candidate = Path(self.file).parent / name
        try:
            rules = load(str(candidate) if name.endswith((".yaml", ".yml")) and candidate.is_file() else name)
        except SanmaError as exc:
            raise self.error(str(exc), lines["rules"]) from None
        players = top.get("players")
        count = rules.game.players
        if not isinstance(players, list) or len(players) != count:
            raise self.error(f"players must list the {count} players in seat order, the first dealer first, "
                             f"got {_show(players)}", lines.get("players", 1))
        for player, line in zip(players, players.item_lines):
            if isinstance(player, bool) or not isinstance(player, (str, int)) or str(player).strip() == "":
                raise self.error(f"a player's name must be text, got {_show(player)}", line)
        self.players = tuple(str(p) for p in players)
        if len(set(self.players)) != count:
            raise self.error(f"players must have different names, got {', '.join(self.players)}", lines["players"])
        hands = top.get("hands")
        if not isinstance(hands, list) or not hands:
            raise self.error(f"hands must be a list of hands, got {_show(hands)}", lines.get("hands", 1))
        out = []
        for number, (entry, line) in enumerate(zip(hands, hands.item_lines), start=1):
            self.hand = number
            out.append(self.read_hand(entry, number, line))
        self.hand = 0
        return Record(self.file, rules, self.players, tuple(out))

    def read_hand(self, entry: Any, number: int, line: int) -> HandRecord:
        entry = self.mapping(entry, "a hand", line, HAND_KEYS)
        at = entry.key_lines
        if "void" not in entry:
            raise self.error("a hand needs `void:` with each player's void suit (m, p or s)", line)
        void = self.mapping(entry["void"], "void", at["void"], self.players)
        missing = [p for p in self.players if p not in void]
        if missing:
            raise self.error(f"void: every player declares a void suit; missing {', '.join(missing)}", at["void"])
        voids = []
        for player in self.players:
            try:
                voids.append(H.parse_void(void[player]))
            except SanmaError as exc:
                raise self.error(f"{player}'s void: {exc.message}", void.key_lines[player]) from None
        self.voids = tuple(voids)
        events = entry.get("play")
        if not isinstance(events, list) or not events:
            raise self.error(f"play must be a list of kongs, wins and the draw at the end, got {_show(events)}",
                             at.get("play", line))
        read = tuple(self.read_event(e, e_line) for e, e_line in zip(events, events.item_lines))
        last = events.item_lines[-1]
        return HandRecord(number, line, self.voids, read, last)

    def read_event(self, entry: Any, line: int):
        entry = self.mapping(entry, "a play entry", line, EVENT_KEYS)
        if len(entry) != 1:
            raise self.error(f"a play entry is one of {', '.join(EVENT_KEYS)}; found {len(entry)}", line)
        kind = next(iter(entry))
        value, value_line = entry[kind], entry.key_lines[kind]
        if kind == "kong":
            return self.read_kong(value, value_line)
        if kind == "win":
            wins = value if isinstance(value, list) else [value]
            win_lines = getattr(value, "item_lines", [value_line])
            if not wins:
                raise self.error("win needs a winner", value_line)
            return Win(tuple(self.read_win(w, w_line) for w, w_line in zip(wins, win_lines)), value_line)
        draw = self.mapping(value, "draw (the hands of the players still in)", value_line, self.players)
        hands = []
        for player, text in draw.items():
            seat = self.players.index(player)
            hands.append((seat, self.hand_text(text, seat, draw.key_lines[player], winning=False)))
        return WallEnd(tuple(hands), value_line)

    def read_kong(self, value: Any, line: int) -> Kong:
        kong = self.mapping(value, "kong", line, KONG_KEYS)
        at = kong.key_lines
        for key in ("player", "tile", "kind"):
            if key not in kong:
                raise self.error(f"kong needs `{key}:`", line)
        player = self.seat(kong["player"], "kong player", at["player"])
        tile_text = kong["tile"]
        try:
            tile, red = T.parse_name(str(tile_text))
            H.check_tile(tile, red)
        except ValueError:
            raise self.error(f"kong tile must be one tile like 5p, got {_show(tile_text)}", at["tile"]) from None
        except SanmaError as exc:
            raise self.error(exc.message, at["tile"]) from None
        kind = kong["kind"]
        if kind not in KONG_KINDS:
            raise self.error(f"kong kind must be one of {', '.join(KONG_KINDS)}, got {_show(kind)}", at["kind"])
        discarder = None
        if "from" in kong:
            discarder = self.seat(kong["from"], "from", at["from"])
        elif kind == "exposed":
            raise self.error("an exposed kong needs `from:` (who discarded the tile)", line)
        return Kong(player, tile, kind, discarder, line)

    def hand_text(self, text: Any, seat: int, line: int, *, winning: bool, win: str | None = None) -> H.Hand:
        if not isinstance(text, str):
            raise self.error(f"{self.players[seat]}'s hand must be mpsz text, got {_show(text)}", line)
        try:
            return H.read(text, void=self.voids[seat], winning=winning, win=win)
        except SanmaError as exc:
            column = f" (column {exc.column})" if exc.column else ""
            raise self.error(f"{self.players[seat]}'s hand: {exc.message}{column}", line) from None

    def read_win(self, data: Any, line: int) -> Winner:
        win = self.mapping(data, "win", line, WIN_KEYS)
        at = win.key_lines
        if "winner" not in win:
            raise self.error("win needs `winner: NAME`", line)
        winner = self.seat(win["winner"], "winner", at["winner"])
        tsumo = self.flag(win, "tsumo")
        discarder = None
        if "from" in win:
            if tsumo:
                raise self.error("a tsumo has no `from:` (nobody dealt in); drop one of them", at["from"])
            discarder = self.seat(win["from"], "from", at["from"])
        elif not tsumo:
            raise self.error("say how the hand was won: `from: NAME` for a ron or `tsumo: true`", line)
        if "hand" not in win:
            raise self.error("a win needs the winning hand (`hand:`)", line)
        win_tile = win.get("win")
        if win_tile is not None and not isinstance(win_tile, str):
            raise self.error(f"win (the winning tile) must be one tile like 5p, got {_show(win_tile)}", at["win"])
        hand = self.hand_text(win["hand"], winner, at["hand"], winning=True, win=win_tile)
        context = WinContext(tsumo=tsumo, **{key: self.flag(win, key) for key in SITUATIONS})
        return Winner(winner, discarder, hand, context, line, tuple(key for key in SITUATIONS if key not in win))


def read_text(text: str, file: str = "<record>") -> Record:
    return _Reader(file).read(_load_yaml(text, file))


def read(path: str | Path) -> Record:
    file = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read the record: {exc.strerror}", file=file) from None
    except UnicodeDecodeError:
        raise RecordError("the record is not UTF-8 text", file=file) from None
    return read_text(text, file)


# ---------------------------------------------------------------- settling


@dataclass(frozen=True)
class SettledHand:
    number: int
    line: int
    result: HandResult


@dataclass(frozen=True)
class Settled:
    record: Record
    hands: tuple[SettledHand, ...]
    totals: tuple[int, ...]

    @property
    def players(self) -> tuple[str, ...]:
        return self.record.players


def settle(record: Record) -> Settled:
    """Play every hand in order: the dealer passes by the flow, the totals add up to zero."""
    dealer = 0
    out = []
    for spec in record.hands:
        try:
            result = play(list(spec.events), names=record.players, voids=spec.voids, dealer=dealer,
                          rules=record.rules, end_line=spec.end_line)
        except PlayError as exc:
            raise RecordError(f"hand {spec.number}: {exc.message}", file=record.file,
                              line=exc.line or spec.line) from None
        out.append(SettledHand(spec.number, spec.line, result))
        dealer = result.next_dealer
    totals = tuple(sum(h.result.deltas[s] for h in out) for s in range(len(record.players)))
    assert sum(totals) == 0
    return Settled(record, tuple(out), totals)
