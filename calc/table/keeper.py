"""The record keeper: one match record kept while it is played, by `sanma keep` (typed lines) and
`sanma serve` (the phones at the table) alike.

The record is the YAML file `sanma settle` reads, and it stays the one source of truth. Each change
(a hand added, the last one taken back, the dealer playing on) is made to the record's data, and
the new record is written by YAML's own emitter, read back by the one record reader and settled
exactly as `settle` would, before the file is touched: an impossible entry is refused with the
reader's own one-line reason and nothing is written. A key or a value from a request is only ever
data: the emitter quotes it as YAML needs, and the text read back must be the data written, so no
entry can add a line of its own to the record.

The file is replaced whole and atomically, under a lock on its real file (calc/core/files.py). What
the file held when it was last read or written is remembered: a change made to it from outside
(a correction typed in by hand) is taken in, and the entry that found it is refused once, so that
nothing is written over what someone else wrote.

A riichi is held until the hand's result comes (it belongs to that hand in the record); `undo`
drops the last riichi held, else takes back the last hand (its riichi held again).
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any, NamedTuple

from calc.core import bounds, files
from calc.core.errors import SanmaError
from calc.core.nesting import MESSAGE as TOO_DEEP
from calc.core.nesting import number_too_long
from calc.core.yamlread import RecordError, load_yaml, profile_path
from calc.table import match, record

KEPT_NOTE = "# kept with `sanma keep`; `sanma settle` reads it, `sanma keep` on it goes on\n"


class Refused(SanmaError):
    """An entry that cannot be recorded; the message says why, and nothing changed."""


class Conflict(Refused):
    """The record file was changed from outside the keeper since it last read or wrote it."""


class NothingToUndo(Refused):
    """An undo with no hand in the record (and no riichi held)."""


# ---------------------------------------------------------------- the record as data, and as text


def plain(value: Any, depth: int = 0) -> Any:
    """A record's value as plain data (mappings, lists, text, numbers, true/false, null), copied; the
    emitter's precondition. Refused: anything else, nesting past bounds.NESTING, a number past
    bounds.NUMBER_DIGITS digits, a float that is not a number. Aliases of a YAML record come out as
    copies: the loader has bounded their count (bounds.YAML_NODES)."""
    if depth > bounds.NESTING:
        raise Refused(TOO_DEEP)
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        if abs(value) >= 10 ** bounds.NUMBER_DIGITS:  # its digits counted without writing them out
            raise Refused(number_too_long(math.floor(value.bit_length() * math.log10(2)) + 1))
        return int(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise Refused(f"{value} is not a number a record holds")
        return float(value)
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key is None or not isinstance(key, (str, int, float)):
                raise Refused(f"a key must be a plain word, got {key!r}")
            out[plain(key, depth + 1)] = plain(item, depth + 1)
        return out
    if isinstance(value, (list, tuple)):
        return [plain(item, depth + 1) for item in value]
    raise Refused(f"a record holds text, numbers, true/false, lists and mappings, not {type(value).__name__}")


class _Flow(dict):
    """A mapping written on one line: `{winner: Bo, from: Ana, han: 3, fu: 40}`."""


class _FlowList(list):
    """A list written on one line: `[Ana, Bo, Chen]`."""


def _flowing(value: Any) -> Any:
    if isinstance(value, dict):
        return _Flow((key, _flowing(item)) for key, item in value.items())
    if isinstance(value, list):
        return _FlowList(_flowing(item) for item in value)
    return value


_DUMPER: type | None = None


def _dumper() -> type:
    """PyYAML's safe emitter, laid out as people write a record: a line per top-level key, a list
    item per hand (indented), a hand's riichi and result each on one line; and text that is not one
    line of printable characters (a line break, a tab, a control character) double-quoted with
    escapes, so that every value stays on its own line."""
    global _DUMPER
    if _DUMPER is None:
        import yaml

        class RecordDumper(yaml.SafeDumper):
            def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
                return super().increase_indent(flow, False)  # `  - riichi: ...` under `hands:`

        def text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
            return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=None if value.isprintable() else '"')

        RecordDumper.add_representer(str, text)
        RecordDumper.add_representer(_Flow, lambda dumper, value: dumper.represent_mapping(
            "tag:yaml.org,2002:map", value, flow_style=True))
        RecordDumper.add_representer(_FlowList, lambda dumper, value: dumper.represent_sequence(
            "tag:yaml.org,2002:seq", value, flow_style=True))
        _DUMPER = RecordDumper
    return _DUMPER


def record_text(data: dict) -> str:
    """The record's data (plain, as `plain` makes it) as YAML text, written by the emitter: its
    top-level keys in the record's order (record.TOP_KEYS), each on one line, and the hands under
    `hands:`, each a list item of its keys (riichi, the result) on one line each."""
    import yaml

    top = {key: _flowing(data[key]) for key in record.TOP_KEYS if key in data and key != "hands"}
    top["hands"] = [{key: _flowing(item) for key, item in hand.items()} if isinstance(hand, dict) else _flowing(hand)
                    for hand in data.get("hands") or []]
    unknown = [key for key in data if key not in record.TOP_KEYS]
    if unknown:
        raise Refused(f"unknown key {unknown[0]!r} in the record; keys: {', '.join(record.TOP_KEYS)}")
    return KEPT_NOTE + yaml.dump(top, Dumper=_dumper(), sort_keys=False, allow_unicode=True, width=1 << 30,
                              default_flow_style=False)


# ---------------------------------------------------------------- the keeper


class Undone(NamedTuple):
    """What `undo` took back: a riichi held for the hand being played, or the last hand."""

    riichi: str | None = None  # the player whose riichi was dropped
    row: match.LedgerRow | None = None  # the hand taken back, as it was settled
    pending: tuple[str, ...] = ()  # that hand's riichi, held again


class Keeper:
    """The record being kept: its data, the riichi held for the hand being played, and the record
    settled as it stands. `path` is the record as the user named it (messages say it so); the file
    written is its real file (symlinks and `..` resolved), under the lock of that file."""

    def __init__(self, path: Path, rules: str | None, players: tuple[str, ...] | None,
                 holder: str = "sanma keep") -> None:
        self.path = Path(path)
        self.shown = str(path)
        self.holder = holder
        self.real = files.real_file(self.path)
        if self.real.is_dir():
            raise SanmaError("a folder, not a record file", file=self.shown)
        files.one_name(self.real, self.shown)
        self.lock = files.Lock(self.real, holder, self.shown)  # before reading: the record read is the one kept
        try:
            self._open(rules, players)
        except BaseException:
            self.lock.release()
            raise
        self.pending: list[str] = []

    def close(self) -> None:
        """Let another keeper have the record (it is saved already)."""
        self.lock.release()

    def _open(self, rules: str | None, players: tuple[str, ...] | None) -> None:
        found = self._file()
        if found is not None:
            self.data, self.settled = self._read(found)
            self.seen = found
            if players and tuple(players) != self.players:
                raise SanmaError(f"the record's players are {', '.join(self.players)}; leave --players out "
                                 f"to go on with it", file=self.shown)
            own = self.data.get("rules", "standard")
            if rules and not self._same_rules(rules, own):
                raise SanmaError(f"the record's rules are {own!r}; leave --rules out to go on with it", file=self.shown)
            return
        if not players:
            raise SanmaError("a new record needs the players: --players EAST SOUTH WEST", file=self.shown)
        self.data = {"rules": self._rules_entry(rules or "standard"), "players": list(players), "hands": []}
        text, self.settled = self._checked(self.data)
        self._write(text)

    # ---- the file

    def _file(self) -> bytes | None:
        """The file's bytes as they are now; None if there is no file."""
        try:
            return self.real.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise RecordError(f"cannot read the record: {exc.strerror}", file=self.shown) from None

    def _read(self, raw: bytes) -> tuple[dict, record.Settled]:
        """The record's data and its settlement, from the file's bytes (the one loader and reader
        `settle` uses: its aliases, nesting and numbers bounded before any value is made)."""
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("the record is not UTF-8 text", file=self.shown) from None
        parsed = load_yaml(text, self.shown)
        settled = record.settle(record.read_parsed(parsed, self.shown))  # a record that cannot be kept is refused here
        data = plain(parsed)
        data["hands"] = data.get("hands") or []
        return data, settled

    def _checked(self, data: dict) -> tuple[bytes, record.Settled]:
        """The record `data` as the file will hold it, read back and settled; refused with the
        reader's reason, as `keep` words it."""
        data = plain(data)
        text = record_text(data)
        try:
            parsed = load_yaml(text, self.shown)
            settled = record.settle(record.read_parsed(parsed, self.shown))
        except SanmaError as exc:
            raise Refused(exc.message, key=exc.key) from None  # the key path: serve names the field
        written = plain(parsed)
        written["hands"] = written.get("hands") or []
        if written != data:  # the emitter's promise, checked: what is read back is what was meant
            raise Refused("this entry cannot be written so that the record reads it back as entered")
        return text.encode("utf-8"), settled

    def _write(self, text: bytes) -> None:
        files.write_atomically(self.real, text, self.shown)
        self.seen = text

    def sync(self) -> bool:
        """Takes in a change made to the file from outside since the keeper last read or wrote it;
        True if there was one. A file that no longer reads as a record is a Conflict, and nothing
        changes."""
        found = self._file()
        if found == self.seen:
            return False
        if found is None:
            raise Conflict(f"the record file is gone (moved or removed while {self.holder} kept it); nothing "
                           f"is written: put it back, or stop and start again")
        try:
            data, settled = self._read(found)
        except SanmaError as exc:
            raise Conflict(f"the record was changed from outside {self.holder} and no longer reads ({exc}); "
                           f"nothing is written: put the file right, then enter it again") from None
        if settled.players != self.players:
            self.pending = []
        self.data, self.settled, self.seen = data, settled, found
        return True

    def _guard(self) -> None:
        """Before an entry: the record as the file holds it now. A change from outside is taken in
        and the entry refused once (it was made against the record as it was)."""
        files.one_name(self.real, self.shown)
        if self.sync():
            raise Conflict(f"the record file was changed from outside {self.holder} (by hand, or by another "
                           f"program) since it was last read: the change is taken in and this entry is not "
                           f"recorded; look at the record as it is now, and enter it again if it is still missing")

    # ---- `rules:` of a new record

    def _rules_entry(self, rules: str) -> str:
        """`rules:` as the record holds it: a profile name as given; a profile file by its path from
        the record's folder (readers look beside the record), or absolute where there is none."""
        if not _names_file(rules):
            return rules
        profile = Path(os.path.realpath(rules))
        if profile.suffix not in (".yaml", ".yml"):
            return str(profile)  # readers look beside the record for YAML files only
        try:
            return Path(os.path.relpath(profile, self.real.parent)).as_posix()
        except ValueError:  # another drive (Windows)
            return str(profile)

    def _same_rules(self, given: str, own: Any) -> bool:
        if not isinstance(own, str) or not _names_file(given):
            return given == own
        return os.path.realpath(given) == os.path.realpath(profile_path(own, str(self.real)))

    # ---- what the table sees

    @property
    def players(self) -> tuple[str, ...]:
        return self.settled.players

    @property
    def state(self) -> match.MatchState:
        return self.settled.state

    @property
    def hands(self) -> int:
        """The hands the record holds."""
        return len(self.data["hands"])

    # ---- entries

    def riichi(self, names: list[str]) -> None:
        """Hold the riichi of `names` (the table's names) for the hand being played."""
        self._guard()
        if self.state.ended:
            raise Refused("the match is over; no more hands (undo takes the last one back)")
        self._check_riichi([*self.pending, *names], len(self.pending))
        self.pending += names

    def _check_riichi(self, names: list[str], checked: int = 0) -> None:
        """The riichi of one hand (names from the table), from `names[checked]` on: once each, with the points."""
        rules = self.settled.ruleset
        for k, name in enumerate(names[checked:], start=checked):
            seat = self.players.index(name)
            if name in names[:k]:
                raise Refused(f"{name} already declared riichi this hand")
            if self.state.scores[seat] < rules.match.riichi_min_points:
                raise Refused(f"{name} has {self.state.scores[seat]} points; riichi needs "
                              f"{rules.match.riichi_min_points}")

    def add(self, result: dict) -> record.Settled:
        """Record one hand: the riichi held and this result; refused = nothing changes."""
        settled = self.enter(({"riichi": list(self.pending)} if self.pending else {}) | result)
        self.pending = []
        return settled

    def _with(self, hand: Any) -> tuple[bytes, dict, record.Settled]:
        """The record with one more hand, settled; refused with the reason, as `keep` words it."""
        if not isinstance(hand, dict):
            raise Refused(f"a hand is a mapping such as {{draw: {{tenpai: [{self.players[0]}]}}}}, got {hand!r}")
        riichi = hand.get("riichi")
        if isinstance(riichi, list) and all(name in self.players for name in riichi) and not self.state.ended:
            self._check_riichi(riichi)  # the riichi line's own checks and words
        data = {**self.data, "hands": [*self.data["hands"], hand]}
        text, settled = self._checked(data)
        return text, plain(data), settled

    def check(self, hand: Any) -> record.Settled:
        """What recording `hand` (a hand in the record's own form) would make of the match, against
        the record as the file holds it now; nothing is written."""
        self.sync()
        return self._with(hand)[2]

    def enter(self, hand: Any) -> record.Settled:
        """Record one hand in the record's own form (riichi and result, as `sanma serve` gets it)."""
        self._guard()
        text, data, settled = self._with(hand)
        self._write(text)
        self.data, self.settled = data, settled
        return settled

    def play_on(self) -> record.Settled:
        """The dealer plays on after the last hand instead of agari-yame / tenpai-yame: the record says
        so on that hand (`play_on: true`, rules.md, game end)."""
        self._guard()
        rules = self.settled.ruleset
        if not rules.match.yame_choice:
            raise Refused(f"under profile {rules.name!r} agari-yame and tenpai-yame end the match "
                          f"(match.yame_choice is false): the dealer has no choice to play on")
        if not self.data["hands"] or self.state.end_reason not in (match.AGARI_YAME, match.TENPAI_YAME):
            raise Refused("play on is for a dealer whose win or tenpai has just ended the match by agari-yame or "
                          "tenpai-yame; it has not")
        last = self.data["hands"][-1]
        data = {**self.data, "hands": [*self.data["hands"][:-1], {**last, "play_on": True}]}
        text, settled = self._checked(data)
        self._write(text)
        self.data, self.settled = plain(data), settled
        return settled

    def take_back(self) -> tuple[match.LedgerRow, dict]:
        """Remove the last hand from the record: (its ledger row, the hand as it was recorded)."""
        self._guard()
        if not self.data["hands"]:
            raise NothingToUndo("nothing to undo")
        data = {**self.data, "hands": self.data["hands"][:-1]}
        text, settled = self._checked(data)
        row, hand = self.settled.rows[-1], self.data["hands"][-1]
        self._write(text)
        self.data, self.settled = plain(data), settled
        return row, hand

    def undo(self) -> Undone:
        """The last riichi held, else the last hand (its riichi held again: undo again drops them)."""
        if self.pending:
            return Undone(riichi=self.pending.pop())
        row, hand = self.take_back()
        riichi = hand.get("riichi")
        self.pending = list(riichi) if isinstance(riichi, list) else []
        return Undone(row=row, pending=tuple(self.pending))


def _names_file(rules: str) -> bool:
    """A `--rules` that names a profile file rather than a built-in profile (as the profile loader
    tells them: a YAML name, a path, or a file that is there)."""
    return rules.endswith((".yaml", ".yml")) or "/" in rules or os.sep in rules or Path(rules).is_file()
