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

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from calc.core import tiles as T
from calc.core.errors import SanmaError
from calc.core.yamlread import RecordError, RecordReader, file_label, file_text, load_yaml, profile_path, show
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


def names_sichuan(data: object, file: str) -> bool:
    """Does this parsed record name a Sichuan profile? (`sanma settle` picks the game by it.)"""
    name = data.get("rules") if isinstance(data, dict) else None
    if not isinstance(name, str):
        return False
    return is_sichuan(profile_path(name, file))


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


class _Reader(RecordReader):
    """Checks one Sichuan record (the shared checks: calc.recordyaml.RecordReader)."""

    def __init__(self, file: str) -> None:
        super().__init__(file)
        self.voids: tuple[int, ...] = ()

    def read(self, data: Any) -> Record:
        top = self.mapping(data, "the record", 1, TOP_KEYS)
        lines = top.key_lines
        name = top.get("rules")
        if not isinstance(name, str):
            raise self.error(f"rules must name a sichuan profile, got {show(name)}", lines.get("rules", 1))
        try:
            rules = load(profile_path(name, self.file))
        except SanmaError as exc:
            raise self.error(str(exc), lines["rules"]) from None
        self.read_players(top.get("players"), rules.game.players, "in seat order, the first dealer first",
                          lines.get("players", 1))
        hands = top.get("hands")
        if not isinstance(hands, list) or not hands:
            raise self.error(f"hands must be a list of hands, got {show(hands)}", lines.get("hands", 1))
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
        void = self.by_player(entry["void"], "void", at["void"])
        missing = [p for seat, p in enumerate(self.players) if seat not in void]
        if missing:
            raise self.error(f"void: every player declares a void suit; missing {', '.join(missing)}", at["void"])
        voids = []
        for seat, player in enumerate(self.players):
            suit, suit_line = void[seat]
            try:
                voids.append(H.parse_void(suit))
            except SanmaError as exc:
                raise self.error(f"{player}'s void: {exc.message}", suit_line) from None
        self.voids = tuple(voids)
        events = entry.get("play")
        if not isinstance(events, list) or not events:
            raise self.error(f"play must be a list of kongs, wins and the draw at the end, got {show(events)}",
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
        draw = self.by_player(value, "draw (the hands of the players still in)", value_line)
        hands = [(seat, self.hand_text(text, seat, text_line, winning=False)) for seat, (text, text_line) in draw.items()]
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
            raise self.error(f"kong tile must be one tile like 5p, got {show(tile_text)}", at["tile"]) from None
        except SanmaError as exc:
            raise self.error(exc.message, at["tile"]) from None
        kind = kong["kind"]
        if kind not in KONG_KINDS:
            raise self.error(f"kong kind must be one of {', '.join(KONG_KINDS)}, got {show(kind)}", at["kind"])
        discarder = None
        if "from" in kong:
            discarder = self.seat(kong["from"], "from", at["from"])
        elif kind == "exposed":
            raise self.error("an exposed kong needs `from:` (who discarded the tile)", line)
        return Kong(player, tile, kind, discarder, line)

    def hand_text(self, text: Any, seat: int, line: int, *, winning: bool, win: str | None = None) -> H.Hand:
        if not isinstance(text, str):
            raise self.error(f"{self.players[seat]}'s hand must be mpsz text, got {show(text)}", line)
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
            raise self.error(f"win (the winning tile) must be one tile like 5p, got {show(win_tile)}", at["win"])
        hand = self.hand_text(win["hand"], winner, at["hand"], winning=True, win=win_tile)
        context = WinContext(tsumo=tsumo, **{key: self.flag(win, key) for key in SITUATIONS})
        return Winner(winner, discarder, hand, context, line, tuple(key for key in SITUATIONS if key not in win))


def read_text(text: str, file: str = "<record>") -> Record:
    return read_parsed(load_yaml(text, file), file)


def read_parsed(data: object, file: str = "<record>") -> Record:
    """A record from its parsed YAML (load_yaml's, which keeps each value's line)."""
    return _Reader(file).read(data)


def read(path: str | Path) -> Record:
    return read_text(file_text(path), file_label(path))


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
