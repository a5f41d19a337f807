"""The match record: a YAML file a table writes down as it plays, read strictly and settled.

    rules: standard          # a profile name or file; optional `scheme:`, `uma:`, `length:`
    players: [Ana, Bo, Chen] # East, South, West at the start
    hands:
      - riichi: [Bo]
        win: {winner: Bo, from: Ana, hand: "234p678s5z5z [999m] [1111z]", dora: 3p}
      - win: {winner: Chen, tsumo: true, han: 3, fu: 40}
      - draw: {tenpai: [Ana, Chen]}
      - win: [{winner: Ana, from: Chen, han: 2, fu: 30}, {winner: Bo, from: Chen, limit: mangan}]
      - abort: nine-terminals
      - nagashi: {player: Bo, tenpai: [Ana]}

Round, dealer, honba and sticks follow from the flow and are never written. `read` checks everything
that does not depend on the flow and turns names into seats; `settle` plays the hands through the
match engine, scoring full hands with the evaluator (seat and round wind from the flow). Every error
names the hand and the line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from calc.core.output import stamp
from calc.table import chips, match, payment, penalty, record_extras
from calc.table.words import row_text
from calc.core import tiles as T
from calc.core.errors import SanmaError, in_keys
from calc.core.notation import parse_hand, parse_tiles
from calc.scoring.evaluate import Evaluation, evaluate
from calc.table.events import ABORTS, PAO_YAKUMAN, Abort, DoubleRon, ExhaustiveDraw, Kyoku, Nagashi, Riichi, ScoredWin
from calc.core.yamlread import RecordError, RecordReader, file_label, file_text, load_yaml, profile_path
from calc.core.yamlread import YamlList as _List
from calc.core.yamlread import YamlMap as _Map
from calc.core.yamlread import show as _show
from calc.core.profile import check_value
from calc.core.rules import SCHEMA, RuleSet, load
from calc.scoring.fields import FIELDS, FLOW, ON_THE_WIN, PROFILE
from calc.scoring.request import HandRequest, build
from calc.scoring.value import LIMITS, YAKUMAN, HandValue

TOP_KEYS = ("rules", "scheme", "uma", "length", "players", "start", "hands")
RESULT_KEYS = ("win", "draw", "abort", "nagashi", "chombo")
HAND_KEYS = ("riichi", *RESULT_KEYS, "play_on")
# A full hand takes the flags of `sanma hand` (the batch keys, calc.scoring.fields) that are written on
# the win; the others follow from the record: the flow of the match, its profile, the win's kind.
HAND_FLAGS = tuple(field.name for field in FIELDS if field.record == ON_THE_WIN)
FLOW_KEYS = tuple(field.name for field in FIELDS if field.record == FLOW)
PROFILE_KEYS = tuple(field.name for field in FIELDS if field.record == PROFILE)
VALUE_KEYS = ("han", "fu", "limit", "yakuman")
WIN_KEYS = ("winner", "from", "tsumo", "liable", "liable_yakuman", "chips", *VALUE_KEYS, *HAND_FLAGS)


# ---------------------------------------------------------------- the record


class WinSpec(NamedTuple):
    winner: int
    discarder: int | None  # None = tsumo
    liable: int | None
    value: HandValue | None  # given as han/fu, a limit or a yakuman multiple
    flags: tuple[tuple[str, Any], ...]  # a full hand: the `sanma hand` flags as written
    line: int
    chips: int | None = None  # stated on a win given by value (a full hand counts its own)
    key: str | None = None  # its key path in the record (`hands[3].win[2]`), for errors
    liable_yakuman: int | None = None  # the multiples the liable player answers for, where not all (pao_covers)

    @property
    def hand(self) -> str | None:
        return dict(self.flags).get("hand")


class HandSpec(NamedTuple):
    number: int  # 1-based, as people count the hands of the record
    line: int
    riichi: tuple[int, ...]
    kind: str  # win, draw, abort, nagashi, chombo
    wins: tuple[WinSpec, ...] = ()
    tenpai: frozenset[int] = frozenset()
    nagashi: tuple[int, ...] = ()
    abort: str | None = None
    chombo: int | None = None  # the offender's seat
    play_on: bool = False  # the dealer plays on instead of agari-yame / tenpai-yame (match.yame_choice)

    @property
    def key(self) -> str:
        return f"hands[{self.number}]"


class Record(NamedTuple):
    file: str
    rules: RuleSet
    players: tuple[str, ...]
    hands: tuple[HandSpec, ...]
    start: match.MatchState | None = None  # `start:` resumes a match from given scores


class _SanmaRecordReader(RecordReader):
    """Checks one sanma record (the shared checks: calc.core.yamlread.RecordReader). Every error
    names the file, the line and the key path (`hands[3].win[2].from`: hands and list items are
    counted from 1, as people count them)."""

    def __init__(self, file: str) -> None:
        super().__init__(file)
        self.rules: RuleSet | None = None  # known once the top of the record is read

    def read(self, data: Any) -> Record:
        if data is None:
            raise self.error("the record is empty: it needs at least `players:` (see docs/settle.md)", 1)
        top = self.mapping(data, "the record", 1, TOP_KEYS)
        lines = top.key_lines
        rules = self.rules = self.profile(top, lines)
        self.path = "players"
        names = self.read_players(top.get("players"), rules.game.players, "East first", lines.get("players", 1))
        start = None
        if "start" in top:
            self.path = "start"
            start = record_extras.read_start(self, top["start"], lines["start"], rules)
        self.path = ""
        hands = top.get("hands")
        if hands is None:
            hands = _List()
        if not isinstance(hands, list):
            raise self.error(f"hands must be a list, got {_show(hands)}", lines.get("hands"), "hands")
        specs = []
        for number, (entry, line) in enumerate(zip(hands, hands.item_lines), start=1):
            self.hand = number
            self.path = f"hands[{number}]"
            specs.append(self.read_hand(entry, number, line))
        self.hand = 0
        self.path = ""
        return Record(self.file, rules, names, tuple(specs), start)

    def profile(self, top: _Map, lines: dict) -> RuleSet:
        name = top.get("rules", "standard")
        if not isinstance(name, str):
            raise self.error(f"rules must be a profile name or file, got {_show(name)}", lines.get("rules"), "rules")
        try:
            rules = load(profile_path(name, self.file))
        except SanmaError as exc:
            raise self.error(str(exc), lines.get("rules"), "rules") from None
        if "scheme" in top:
            try:
                scheme = top["scheme"]  # a scheme file is found beside the record, as `rules:` is
                rules = rules.with_scheme(profile_path(scheme, self.file) if isinstance(scheme, str) else scheme)
            except SanmaError as exc:  # a scheme file's problems name their own file, line and key path
                raise self.error(str(exc), lines["scheme"], "scheme") from None
        overrides = {}
        for key in ("uma", "length"):
            if key in top:
                converted, problem = check_value(SCHEMA["match"][key], top[key])
                if problem:
                    raise self.error(problem, lines[key], key)
                overrides[key] = converted
        if overrides:
            rules = rules._replace(match=rules.match._replace(**overrides))
        return rules

    def read_hand(self, entry: Any, number: int, line: int) -> HandSpec:
        entry = self.mapping(entry, "a hand", line, HAND_KEYS)
        spec = self.read_result(entry, number, line)
        if "play_on" not in entry:
            return spec
        at = entry.key_lines["play_on"]
        self.path = f"hands[{number}]"  # read_result leaves the path at the result it read
        if entry["play_on"] is not True:
            raise self.error(f"play_on: true says the dealer played on instead of agari-yame; got "
                             f"{_show(entry['play_on'])} (leave it out when the match ended)", at, "play_on")
        if not self.rules.match.yame_choice:
            raise self.error(f"play_on: under profile {self.rules.name!r} agari-yame and tenpai-yame end the match "
                             f"(match.yame_choice is false); the dealer has no choice to play on", at, "play_on")
        return spec._replace(play_on=True)

    def read_result(self, entry: _Map, number: int, line: int) -> HandSpec:
        results = [key for key in RESULT_KEYS if key in entry]
        if len(results) != 1:
            found = " and ".join(results) if results else "none"
            raise self.error(f"a hand has exactly one result ({', '.join(RESULT_KEYS)}); found {found}", line)
        kind = results[0]
        value, value_line = entry[kind], entry.key_lines[kind]
        riichi_line = entry.key_lines.get("riichi", line)
        riichi = self.seats(entry.get("riichi"), "riichi", riichi_line, "riichi")
        hand_path = self.path
        self.path = f"{hand_path}.{kind}"
        if kind == "chombo":
            seat = record_extras.read_chombo(self, value, value_line, riichi, riichi_line)
            return HandSpec(number, line, riichi, kind, chombo=seat)
        if kind == "win":
            wins = value if isinstance(value, list) else [value]
            win_lines = getattr(value, "item_lines", [value_line])
            if len(wins) > 2:
                raise self.error(f"{len(wins)} winners: a triple ron cannot happen in sanma (rules.md §5)", value_line)
            specs = []
            for k, (w, w_line) in enumerate(zip(wins, win_lines), start=1):
                self.path = f"{hand_path}.win[{k}]" if isinstance(value, list) else f"{hand_path}.win"
                specs.append(self.read_win(w, riichi, w_line))
            self.path = f"{hand_path}.win"
            specs = tuple(specs)
            if not specs:
                raise self.error("win needs a winner", value_line)
            if len(specs) == 2:
                a, b = specs
                if a.discarder is None or b.discarder is None:
                    raise self.error("two winners in one hand is a double ron: both need `from:`, no tsumo", value_line)
                if a.discarder != b.discarder:
                    raise self.error("a double ron is two rons on one discard: both winners need the same `from:`",
                                     value_line)
                if a.winner == b.winner:
                    raise self.error(f"{self.players[a.winner]} wins twice in one hand", value_line)
                self.check_double_ron(a, b, value_line)
            return HandSpec(number, line, riichi, kind, wins=specs)
        if kind == "draw":
            draw = self.mapping(value if value is not None else _Map(), "draw", value_line, ("tenpai",))
            tenpai_line = draw.key_lines.get("tenpai", value_line)
            tenpai = self.seats(draw.get("tenpai"), "tenpai", tenpai_line, "tenpai")
            self.check_riichi_tenpai(riichi, tenpai, "the exhaustive draw", tenpai_line)
            return HandSpec(number, line, riichi, kind, tenpai=frozenset(tenpai))
        if kind == "abort":
            if value not in ABORTS:
                self.path = hand_path
                raise self.error(f"abort must be one of {', '.join(ABORTS)}, got {_show(value)}", value_line, "abort")
            return HandSpec(number, line, riichi, kind, abort=value)
        nagashi = self.mapping(value, "nagashi", value_line, ("player", "players", "tenpai"))
        if ("player" in nagashi) == ("players" in nagashi):
            raise self.error("nagashi needs `player: NAME` (or `players: [..]` for two)", value_line)
        key = "player" if "player" in nagashi else "players"
        who = self.seats(nagashi[key], "nagashi player", nagashi.key_lines[key], key)
        if not who:
            raise self.error("nagashi needs a player", value_line, key)
        tenpai_line = nagashi.key_lines.get("tenpai", value_line)
        tenpai = self.seats(nagashi.get("tenpai"), "tenpai", tenpai_line, "tenpai")
        self.check_riichi_tenpai(riichi, tenpai, "the exhaustive draw (nagashi mangan)", tenpai_line)
        return HandSpec(number, line, riichi, kind, tenpai=frozenset(tenpai), nagashi=who)

    def check_riichi_tenpai(self, riichi: tuple[int, ...], tenpai: tuple[int, ...], what: str, line: int) -> None:
        """A riichi needs a tenpai hand and keeps it to the end of the hand, so a riichi player is
        tenpai at an exhaustive draw (rules.md, Draws); one found noten made a chombo."""
        noten = [self.players[seat] for seat in riichi if seat not in tenpai]
        if noten:
            who = " and ".join(noten)
            raise self.error(f"{who} declared riichi this hand but {'is' if len(noten) == 1 else 'are'} not tenpai at "
                             f"{what}: a riichi hand is tenpai to the end (add {who} to `tenpai:`); a riichi "
                             f"found noten is a chombo (`chombo: {{player: {noten[0]}}}`)", line, "tenpai")

    def read_win(self, data: Any, riichi: tuple[int, ...], line: int) -> WinSpec:
        for key in FLOW_KEYS:
            if isinstance(data, dict) and key in data:
                raise self.error(f"{key!r} follows from the flow of the match (the {', '.join(FLOW_KEYS)} of each hand "
                                 f"are never written); leave it out",
                                 data.key_lines[key], key)
        for key in PROFILE_KEYS:
            if isinstance(data, dict) and key in data:
                raise self.error(f"{key!r} is set once for the record, at the top", data.key_lines[key], key)
        win = self.mapping(data, "win", line, WIN_KEYS)
        at = win.key_lines
        if "winner" not in win:
            raise self.error("win needs `winner: NAME`", line)
        winner = self.seat(win["winner"], "winner", at["winner"], "winner")
        tsumo = win.get("tsumo", False)
        if not isinstance(tsumo, bool):
            raise self.error(f"tsumo must be true or false, got {_show(tsumo)}", at["tsumo"], "tsumo")
        discarder = None
        if "from" in win:
            if tsumo:
                raise self.error("a tsumo has no `from:` (nobody dealt in); drop one of them", at["from"], "from")
            discarder = self.seat(win["from"], "from", at["from"], "from")
            if discarder == winner:
                raise self.error(f"{self.players[winner]} cannot pay themselves: `from:` is the winner", at["from"],
                                 "from")
        elif not tsumo:
            raise self.error("say how the hand was won: `from: NAME` for a ron or `tsumo: true`", line)
        liable = None
        if "liable" in win:
            liable = self.seat(win["liable"], "liable", at["liable"], "liable")
            if liable == winner:
                raise self.error("a winner cannot be liable (pao) for their own hand", at["liable"], "liable")
            if not self.rules.payment.pao:
                raise self.error(f"profile {self.rules.name!r} plays no pao (payment.pao: false); leave `liable:` "
                                 f"out", at["liable"], "liable")
            if liable == discarder:
                raise self.error(f"{self.players[liable]} is liable and dealt in: the ron is theirs to pay anyway, "
                                 f"so pao changes nothing; leave `liable:` out", at["liable"], "liable")
            if winner in riichi:
                raise self.error(f"{self.players[winner]} declared riichi this hand, so the hand is closed, and pao "
                                 f"needs the last dragon (wind) set called from the liable player; leave `liable:` "
                                 f"out", at["liable"], "liable")

        given_value = [k for k in VALUE_KEYS if k in win]
        given_flags = [k for k in HAND_FLAGS if k in win]
        chips = record_extras.read_chips(self, win, "hand" in win and not given_value, self.rules)
        if given_value and "hand" in win:
            raise self.error(f"give a full hand or its value ({', '.join(given_value)}), not both", line)
        if not given_value and "hand" not in win:
            raise self.error("a win needs a full hand (`hand:`), or `han:` and `fu:`, or `limit:`", line)
        liable_part = self.liable_part(win, liable, full_hand=not given_value)
        if given_value:
            if given_flags:
                raise self.error(f"{given_flags[0]!r} describes a full hand; with han/fu or a limit leave it out",
                                 at[given_flags[0]], given_flags[0])
            value = self.value(win, tsumo=tsumo, line=line)
            if liable is not None and value.limit != YAKUMAN:
                raise self.error(f"pao (`liable:`) answers for a yakuman ({' or '.join(PAO_YAKUMAN)}); this win "
                                 f"is {value.limit or f'{value.han} han'}", at["liable"], "liable")
            if liable_part is not None and liable_part > value.yakuman:
                raise self.error(f"liable_yakuman {liable_part} is more than the win's yakuman ×{value.yakuman}",
                                 at["liable_yakuman"], "liable_yakuman")
            if (liable is not None and liable_part is None and value.yakuman > 1
                    and self.rules.payment.pao_covers == "yakuman"):
                # rules.md, pao: a full hand shows which of its yakuman the liable player fed; a value does not
                raise self.error(f"under profile {self.rules.name!r} {self.players[liable]} answers for the pao "
                                 f"yakuman only (payment.pao_covers: yakuman): say how many of this yakuman "
                                 f"×{value.yakuman} that is with `liable_yakuman: N` (keep: `pao "
                                 f"{self.players[liable]} N`)", at["liable"], "liable")
            return WinSpec(winner, discarder, liable, value, (), line, chips, self.path, liable_part)

        flags = dict(win)
        for key in ("winner", "from", "tsumo", "liable"):
            flags.pop(key, None)
        in_riichi = winner in riichi
        for key in ("riichi", "double_riichi"):
            if flags.get(key) and not in_riichi:
                raise self.error(f"{self.players[winner]} wins with {key.replace('_', ' ')} but is not in this hand's "
                                 f"riichi list", at[key], key)
        if in_riichi and flags.get("riichi") is False and not flags.get("double_riichi"):
            raise self.error(f"{self.players[winner]} is in this hand's riichi list but the win says riichi: false",
                             at["riichi"], "riichi")
        if in_riichi and not flags.get("double_riichi"):
            flags["riichi"] = True
        flags["tsumo"] = tsumo
        for key, value in flags.items():  # the flag types of `sanma hand --batch`, each named where it is
            try:
                HandRequest.from_mapping({"hand": "", key: value})
            except SanmaError as exc:
                raise self.error(exc.message, at.get(key, line), key if key in at else None) from None
        return WinSpec(winner, discarder, liable, None, tuple(sorted(flags.items())), line, key=self.path)

    def liable_part(self, win: _Map, liable: int | None, *, full_hand: bool) -> int | None:
        """`liable_yakuman: N`: of a compound yakuman given by value, the multiples the liable player
        answers for, where the profile has them answer for the pao yakuman only (payment.pao_covers:
        yakuman; rules.md, Pao). A full hand shows its own; elsewhere the key would change nothing."""
        if "liable_yakuman" not in win:
            return None
        line = win.key_lines["liable_yakuman"]
        part = win["liable_yakuman"]
        if liable is None:
            raise self.error("`liable_yakuman:` goes with `liable:`", line, "liable_yakuman")
        if full_hand:
            raise self.error("a full hand shows its own pao yakuman; `liable_yakuman:` goes with a win given by value",
                             line, "liable_yakuman")
        if self.rules.payment.pao_covers != "yakuman":
            raise self.error(f"profile {self.rules.name!r} has the liable player answer for the whole hand "
                             f"(payment.pao_covers: {self.rules.payment.pao_covers}), so `liable_yakuman:` would "
                             f"change nothing; leave it out", line, "liable_yakuman")
        if isinstance(part, bool) or not isinstance(part, int) or part < 1:
            raise self.error(f"liable_yakuman must be 1 or more, got {_show(part)}", line, "liable_yakuman")
        return part

    def check_double_ron(self, a: WinSpec, b: WinSpec, line: int) -> None:
        """Two full hands won on one discard share the table: the same indicators, the same winning
        tile (one physical tile, in both hands), and no more copies of a tile than the set has.
        A hand that cannot be read is left for settling to report, with its own column."""
        if a.hand is None or b.hand is None:
            return
        fa, fb = dict(a.flags), dict(b.flags)
        names = f"{self.players[a.winner]} and {self.players[b.winner]}"
        try:
            dora = [sorted(parse_tiles(f.get("dora") or "")) for f in (fa, fb)]
            ura = [sorted(parse_tiles(f.get("ura") or "")) for f in (fa, fb)]
            hands = [parse_hand(f["hand"]) for f in (fa, fb)]
            wins = [parse_tiles(f["win"])[0] if f.get("win") else h[0][-1] if h[0] else None
                    for f, h in zip((fa, fb), hands)]
        except (SanmaError, IndexError):
            return
        if dora[0] != dora[1]:
            raise self.error(f"double ron: {names} see different dora indicators ({_tiles(dora[0])} and "
                             f"{_tiles(dora[1])}); the table has one set", line)
        if ura[0] and ura[1] and ura[0] != ura[1]:
            raise self.error(f"double ron: {names} turn over different ura indicators ({_tiles(ura[0])} and "
                             f"{_tiles(ura[1])}); the table has one set", line)
        if None in wins:
            return
        if wins[0] != wins[1]:
            raise self.error(f"double ron: {names} win on different tiles ({T.name(*wins[0])} and "
                             f"{T.name(*wins[1])}); both won on the same discard", line)
        counts = [0] * 34
        red = [0] * 34
        # the indicators are tiles of the set too: a red five turned over is the red one
        tiles = [t for concealed, melds in hands for t in (*concealed, *(x for m in melds for x in m.tiles))]
        tiles += [*dora[0], *max(ura, key=len)]
        for tile, is_red in tiles:
            counts[tile] += 1
            red[tile] += is_red
        counts[wins[0][0]] -= 1  # the discard is in both hands
        red[wins[0][0]] -= wins[0][1]
        counts[T.NORTH] += sum(f.get("nuki", 0) for f in (fa, fb) if isinstance(f.get("nuki", 0), int))
        for tile in range(34):
            has_red = tile in self.rules.game.red_fives
            if counts[tile] > 4 or (has_red and (counts[tile] - red[tile] > 3 or red[tile] > 1)):
                held = f"{counts[tile]} {T.name(tile)}" + (f" ({red[tile]} red)" if has_red else "")
                kept = (f"three plain {T.name(tile)} and one {T.name(tile, True)}" if has_red
                        else f"four {T.name(tile)}")
                raise self.error(f"double ron: {names}'s hands, melds and indicators hold {held} between them "
                                 f"(the discard counted once); the set has {kept}", line)

    def value(self, win: _Map, *, tsumo: bool, line: int) -> HandValue:
        """The win's value keys, checked by the one check every door shares (payment.asked_value)."""
        at = win.key_lines
        for key in ("han", "fu", "yakuman"):
            if key in win and (isinstance(win[key], bool) or not isinstance(win[key], int)):
                raise self.error(f"{key} must be a whole number, got {_show(win[key])}", at[key], key)
        if "limit" in win and not isinstance(win["limit"], str):
            raise self.error(f"unknown limit {_show(win['limit'])}; valid: {', '.join(LIMITS)}", at["limit"], "limit")
        try:
            return payment.asked_value(self.rules, tsumo=tsumo, **{key: win.get(key) for key in VALUE_KEYS})
        except SanmaError as exc:
            key = exc.key if exc.key in win else next(k for k in VALUE_KEYS if k in win)
            raise self.error(in_keys(exc.message), at[key], key) from None


def _tiles(tiles: list) -> str:
    return "".join(T.name(t, red) for t, red in tiles) or "none"


def read_text(text: str, file: str = "<record>") -> Record:
    return read_parsed(load_yaml(text, file), file)


def read_parsed(data: object, file: str = "<record>") -> Record:
    """A record from its parsed YAML (load_yaml's, which keeps each value's line)."""
    return _SanmaRecordReader(file).read(data)


def read(path: str | Path) -> Record:
    return read_text(file_text(path), file_label(path))


# ---------------------------------------------------------------- settling


class Settled(NamedTuple):
    """A record played through the match engine under one profile (and scheme): what `sanma
    settle` shows and `calc.settle` returns. Beside the engine's rows, state and standings, the
    `--json` object's keys that say how the match went (`rules` and `scheme` by name,
    `hands_played`, `ended`, `end`); `to_dict()` is the whole object. Two settled matches are equal
    when their `--json` objects are."""

    record: Record
    ruleset: RuleSet
    rows: tuple[match.LedgerRow, ...]
    state: match.MatchState
    standings: tuple[match.Standing, ...]
    unplayed: int  # recorded hands after the match ended under this scheme (only when not strict)
    notes: tuple[str, ...]

    @property
    def players(self) -> tuple[str, ...]:
        return self.record.players

    @property
    def rules(self) -> str:
        """The profile's name."""
        return self.ruleset.name

    @property
    def scheme(self) -> str:
        return self.ruleset.payment.scheme

    @property
    def hands_played(self) -> int:
        return self.state.hands

    @property
    def ended(self) -> bool:
        """The match is over by its rules (rules.md §6), not only where the record stops."""
        return self.state.ended

    @property
    def end(self) -> str | None:
        """Why the match ended (the `--json` object's `end`), or None."""
        return self.state.end_reason

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Settled) and self.to_dict() == other.to_dict()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self.rules, self.scheme, self.hands_played, self.state.scores))

    def to_dict(self, schemes: dict[str, Settled] | None = None) -> dict[str, Any]:
        """The `sanma settle --json` object (docs/json.md): the ledger, a row per hand; how the match
        ended (or where the record stops); the next hand; the standings; with `schemes`
        (--all-schemes), the standings and the end under each scheme."""
        players = self.players
        moved = chips.ledger(self) if chips.shown(self) else None
        out = {
            **stamp(),
            "players": list(players),
            "rules": self.rules,
            "scheme": self.scheme,
            "ledger": [_ledger_entry(row, players, None if moved is None else moved[k])
                       for k, row in enumerate(self.rows)],
            **end_dict(self),
            "next": _next_dict(self),
            "standings": _standings_list(self),
        }
        if schemes is not None:
            out["schemes"] = {name: {"standings": _standings_list(s), **end_dict(s)} for name, s in schemes.items()}
        return out


def _ledger_entry(row: match.LedgerRow, players: tuple[str, ...], chips_moved: tuple[int, ...] | None) -> dict:
    entry: dict[str, Any] = {
        "hand": row.number,
        "round": row.label,
        "honba": row.honba,
        "sticks": row.sticks_before,
        "dealer": players[row.dealer],
        "riichi": [players[r.seat] for r in row.kyoku.riichi],
        "result": type(row.kyoku.result).__name__,
        "what": row_text(row, players),
        "deltas": {name: d for name, d in zip(players, row.deltas)},
        "scores": {name: s for name, s in zip(players, row.scores)},
        "sticks_after": row.sticks,
    }
    if chips_moved is not None:
        entry["chips"] = {name: n for name, n in zip(players, chips_moved)}
    if row.played_on:
        entry["play_on"] = True  # the dealer played on instead of agari-yame / tenpai-yame (the record's key)
    if row.kyoku.wins:
        entry["wins"] = [{"winner": players[w.winner], "from": None if w.tsumo else players[w.discarder],
                          "tsumo": w.tsumo, "han": w.value.han, "fu": w.value.fu, "limit": w.value.limit, "yakuman": w.value.yakuman}
                         for w in row.kyoku.wins]
    return entry


def _standings_list(settled: Settled) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"rank": s.rank, "player": s.player, "score": s.score, "points": s.points}
                                 for s in settled.standings]
    if chips.shown(settled):
        finals = chips.finals(settled)
        for entry, s in zip(out, settled.standings):
            f = finals[s.seat]
            entry.update(chips=f.chips, chip_points=float(f.chip_points), chombo=f.penalty, total=f.total)
    return out


def end_dict(settled: Settled) -> dict[str, Any]:
    """How a settled match ended, the same keys in `settle --json` and `replay --json`, at the top and
    under each scheme: `end` a code (calc.table.match: bust, agari-yame, ...; None while the match
    would go on), `end_text` its words."""
    state = settled.state
    return {
        "ended": state.ended,
        "end": state.end_reason,
        "end_text": describe_end(state, settled.players, settled.ruleset) if state.ended else None,
        "hands_played": state.hands,
        "hands_not_counted": settled.unplayed,
        "sticks_on_table": state.sticks,
        "notes": list(settled.notes),
    }


def _next_dict(settled: Settled) -> dict[str, Any] | None:
    """The hand to be played next, as `sanma keep` announces it (None once the match is over)."""
    state, players = settled.state, settled.players
    if state.ended:
        return None
    return {"round": state.label, "honba": state.honba, "dealer": players[state.dealer], "sticks": state.sticks,
            "seats": {name: "ESW"[state.seat_wind(seat, len(players)) - T.EAST] for seat, name in enumerate(players)},
            "scores": {name: score for name, score in zip(players, state.scores)}}


class _Evaluations:
    """Full hands evaluated once per record: the evaluation depends on the flow (winds, honba,
    sticks), which no payment scheme changes, so every scheme shares it."""

    def __init__(self) -> None:
        self.cache: dict[tuple[int, int], Evaluation] = {}

    def value(self, record: Record, spec: HandSpec, win: WinSpec, k: int, state: match.MatchState,
              rules: RuleSet) -> tuple[HandValue, Evaluation | None]:
        if win.value is not None:
            return win.value, None
        key = (spec.number, k)
        if key not in self.cache:
            players = rules.game.players
            flags = dict(win.flags)
            seat_wind = state.seat_wind(win.winner, players)
            request = HandRequest(**flags, seat="ESW"[seat_wind - T.EAST], round="ESW"[state.round_wind],
                                  honba=state.honba, sticks=state.sticks + len(spec.riichi))
            try:
                hand, context, _ = build(request, rules)
                self.cache[key] = evaluate(hand, context, rules)
            except SanmaError as exc:
                message = in_keys(exc.message)  # the evaluator speaks of `sanma hand` flags; a record has keys
                column = f" (column {exc.column})" if exc.column else ""
                raise RecordError(f"hand {spec.number}: {record.players[win.winner]}'s hand: {message}{column}",
                                  file=record.file, line=win.line, key=win.key) from None
            if win.liable is not None:
                _check_pao(record, spec, win, hand, self.cache[key])
        evaluation = self.cache[key]
        return evaluation.value, evaluation


def _check_pao(record: Record, spec: HandSpec, win: WinSpec, hand, evaluation: Evaluation) -> None:
    """A liable player fed the call that completed daisangen or daisuushii (rules.md, Pao): the hand
    has that yakuman, every dragon (wind) set of it is a meld, and one of them was called. A set in
    the concealed tiles, or completed by the winning tile, was nobody's to feed; a hand whose sets
    are all closed kans was fed by nobody. (Who fed which call a record does not say.)"""
    kinds = {"daisangen": (T.DRAGONS, 3, "dragon"), "daisuushii": (T.WINDS, 4, "wind")}
    held = [name for name, _ in evaluation.yakuman if name in PAO_YAKUMAN]
    where = f"hand {spec.number}: {record.players[win.winner]}'s hand"

    def refuse(message: str) -> RecordError:
        return RecordError(f"{where} {message}; leave `liable:` out", file=record.file, line=win.line,
                           key=f"{win.key}.liable" if win.key else None)

    if not held:
        raise refuse(f"has no {' or '.join(PAO_YAKUMAN)}, the only yakuman pao answers for")
    for name in held:
        tiles, sets, kind = kinds[name]
        melds = [m for m in hand.melds if m.tiles[0][0] in tiles]  # a Tile is (index, red)
        if len(melds) < sets:
            raise refuse(f"holds {sets - len(melds)} {kind} set(s) of its {name} concealed (or completed by the "
                         f"winning tile): pao needs all {sets} {kind} sets called or kanned, the last one called "
                         f"from the liable player")
        if not any(m.opened for m in melds):
            raise refuse(f"has its {name} in closed kans only, so nobody fed it and nobody is liable")


def _kyoku(record: Record, spec: HandSpec, state: match.MatchState, rules: RuleSet,
           evaluations: _Evaluations) -> Kyoku:
    riichi = tuple(Riichi(seat) for seat in spec.riichi)
    if spec.kind == "win":
        wins = []
        for k, w in enumerate(spec.wins):
            value, evaluation = evaluations.value(record, spec, w, k, state, rules)
            wins.append(ScoredWin(w.winner, w.discarder, value, w.liable, evaluation, w.hand, w.liable_yakuman))
        result = wins[0] if len(wins) == 1 else DoubleRon((wins[0], wins[1]))
    elif spec.kind == "draw":
        result = ExhaustiveDraw(spec.tenpai)
    elif spec.kind == "abort":
        result = Abort(spec.abort)
    else:
        result = Nagashi(spec.nagashi, spec.tenpai)
    return Kyoku(result, riichi)


def settle(record: Record, rules: RuleSet | None = None, *, strict: bool = True,
           evaluations: _Evaluations | None = None, start: match.MatchState | None = None) -> Settled:
    """Play the record's hands. Strict (the record's own profile): a riichi below the minimum or a
    hand after the end is an error. Not strict (another scheme): the recorded hands stand as played,
    the match stops where this scheme's scores end it, and notes say so. `start`: the state before
    the first hand, for an excerpt of a match (default: the match's start)."""
    rules = rules or record.rules
    evaluations = evaluations or _Evaluations()
    state = start if start is not None else (record.start or match.start(rules))
    rows = []
    notes = []
    unplayed = 0
    for spec in record.hands:
        if state.ended:
            if strict:
                raise RecordError(f"hand {spec.number}: the match already ended after hand {state.hands} "
                                  f"({describe_end(state, record.players, rules)})", file=record.file, line=spec.line,
                                  key=spec.key)
            unplayed = len(record.hands) - state.hands
            notes.append(f"the match ends after hand {state.hands} ({describe_end(state, record.players, rules)}); "
                         f"{unplayed} recorded hand(s) after it do not count")
            break
        if not strict:
            for seat in spec.riichi:
                if state.scores[seat] < rules.match.riichi_min_points:
                    notes.append(f"hand {spec.number}: {record.players[seat]} declared riichi with {state.scores[seat]} "
                                 f"points, below {rules.match.riichi_min_points}; kept as recorded")
        kyoku = None if spec.kind == "chombo" else _kyoku(record, spec, state, rules, evaluations)
        try:
            if kyoku is None:
                state, row = penalty.apply(state, spec.chombo, rules)
            else:
                state, row = match.apply(state, kyoku, rules, check_riichi=strict, play_on=spec.play_on)
        except SanmaError as exc:
            raise RecordError(f"hand {spec.number}: {_named(exc.message, record.players)}",
                              file=record.file, line=spec.line, key=spec.key) from None
        if spec.play_on and not row.played_on:
            if strict:
                raise RecordError(f"hand {spec.number}: play_on: the dealer played on, but agari-yame or tenpai-yame "
                                  f"would not have ended the match after this hand (rules.md, game end)",
                                  file=record.file, line=spec.line, key=f"{spec.key}.play_on")
            notes.append(f"hand {spec.number}: under this scheme no agari-yame falls on this hand; its play_on "
                         f"changes nothing")
        rows.append(row)
    standings = match.tally(state, rules, record.players)
    return Settled(record, rules, tuple(rows), state, standings, unplayed, tuple(notes))


def _named(message: str, players: tuple[str, ...]) -> str:
    """Engine messages speak of seats; a record's reader knows the names."""
    for seat, name in enumerate(players):
        message = message.replace(f"seat {seat} ", f"{name} ")
    return message


def describe_end(state: match.MatchState, players: tuple[str, ...], rules: RuleSet) -> str:
    """Why the match ended, in words, e.g. `bust: Chen -1200`."""
    m = rules.match
    reason = state.end_reason
    if reason == match.BUST:
        busted = ", ".join(f"{players[s]} {state.scores[s]}" for s in range(len(players)) if state.scores[s] < 0)
        return f"bust: {busted}"
    first = match.order(state.scores)[0]
    if reason == match.AGARI_YAME:
        return f"agari-yame: the dealer {players[first]} wins the last hand while first"
    if reason == match.TENPAI_YAME:
        return f"tenpai-yame: the dealer {players[first]} is tenpai at the draw in the last hand while first"
    if reason == match.LAST_HAND:
        if m.extension_round:
            return f"last hand played, {players[first]} has {state.scores[first]} ≥ {m.return_points}"
        return "last hand played"
    if reason == match.SUDDEN_DEATH:
        return f"extension round, sudden death: {players[first]} reached {state.scores[first]} ≥ {m.return_points}"
    if reason == match.EXTENSION_OVER:
        return "the extension round is over"
    return str(reason)


def settle_all_schemes(record: Record) -> dict[str, Settled]:
    """The same hands under every payment scheme (rules.md §4); the record's own scheme strictly."""
    evaluations = _Evaluations()
    own = record.rules.payment.scheme
    out = {own: settle(record, strict=True, evaluations=evaluations)}
    names = record.rules.scheme_names()
    for scheme in names:
        if scheme != own:
            out[scheme] = settle(record, record.rules.with_scheme(scheme), strict=False, evaluations=evaluations)
    return {scheme: out[scheme] for scheme in names}
