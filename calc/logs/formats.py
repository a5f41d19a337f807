"""The log formats, in one table that every door reads: `sanma replay` and `compare --logs` (which
format a file is, and its reader), `sanma simulate --save --format` (its writer) and the
differential harness (each format written and read back).

A format is one module whose reader and writer mirror each other: `detect(content)` (is this
record one?) and `read(content, game_id, rules) -> Game`, which translates the format into the
round state's events (calc.table.play) and nothing more, and `write(match) -> str`, which
serialises each hand's event list back. A new format is its module and a line in `FORMATS`
(docs/development.md shows one). The modules are imported when first asked for: a replay of mjlog
files never loads the JSON readers.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any, Final, Iterator, NamedTuple, Protocol, Sequence

from calc.core.errors import SanmaError
from calc.core.notation import Tile
from calc.core.nesting import too_deep
from calc.core.rules import RuleSet
from calc.logs.gunzip import GZIP_MAGIC
from calc.logs.model import Game, LogError, NotALog
from calc.table.match import LedgerRow, Standing
from calc.table.play import Agari, Discard, Dora, Draw, RoundResult, Ryuukyoku


class LogFormat(NamedTuple):
    name: str  # as `--format` names it
    title: str  # as messages name it
    suffixes: tuple[str, ...]  # file name endings; the first is a written file's
    starts: tuple[bytes, ...]  # how a record may start (after whitespace and an XML declaration): in a
    # folder, files that start otherwise are no logs (a README, a report)
    module: str  # the module with sniff, detect, read and write
    tenhou: bool  # a Tenhou format, read under Tenhou's rules; else under the profile given (--rules)

    def code(self) -> Any:
        return importlib.import_module(self.module)


# In the order a record is tried: the first whose `detect` says yes reads it (tenhou.net/6, which
# takes any JSON the others leave, last).
FORMATS: Final = (
    LogFormat("mjlog", "mjlog", (".mjlog", ".xml"), (b"<mjloggm",), "calc.logs.mjlog", True),
    LogFormat("mjai", "mjai", (".jsonl", ".json"), (b"{", b"["), "calc.logs.mjai", False),
    LogFormat("tenhou6", "tenhou.net/6", (".json",), (b"{",), "calc.logs.tenhou6", True),
)
BY_NAME: Final = {f.name: f for f in FORMATS}
JSON_LINES: Final = object()  # what `Content.json` gives for several JSON values one after another (JSON lines)


class SaveError(SanmaError):
    """A record cannot be written where --save points."""


# --- reading ------------------------------------------------------------------------------------
class Content:
    """A record's bytes (gzip already undone) and what telling its format reads of them, worked
    out once: `head`, its first bytes without leading whitespace or a byte order mark, and
    `json()`, the whole text parsed as JSON."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        head = data[:64].lstrip()
        if head.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte order mark
            head = head[3:].lstrip()
        self.head = head
        self._json: Any = None
        self._parsed = False

    def json(self) -> Any:
        """The JSON value; `JSON_LINES` for several values one after another, the first an
        object (JSON lines); a LogError for anything else that is not JSON."""
        if not self._parsed:
            self._json = self._parse()
            self._parsed = True
        return self._json

    def _parse(self) -> Any:
        try:
            text = self.data.decode("utf-8-sig")
            return json.loads(text)
        except UnicodeDecodeError as e:
            raise LogError(f"broken JSON: not UTF-8 text ({e.reason})") from None
        except RecursionError:
            raise too_deep(LogError, text) from None
        except json.JSONDecodeError as e:
            if e.msg == "Extra data" and self.head.startswith(b"{"):
                return JSON_LINES
            raise LogError(f"broken JSON: {e.msg}", line=e.lineno, column=e.colno) from None


def game_id_from_name(name: str) -> str:
    base = Path(name).name
    for suffix in (".gz", *dict.fromkeys(s for f in FORMATS for s in f.suffixes)):
        if base.endswith(suffix):
            base = base[: -len(suffix)]
    return base


def read(data: bytes, name: str, tenhou_rules: RuleSet, given_rules: RuleSet) -> Game:
    """The record in `data` (uncompressed), in whichever format it is."""
    content = Content(data)
    for f in FORMATS:
        module = f.code()
        if module.detect(content):
            return module.read(content, game_id_from_name(name), tenhou_rules if f.tenhou else given_rules)
    if not content.head:
        raise NotALog("not a Tenhou log: the file is empty")
    raise NotALog("not a Tenhou log nor an mjai log: neither mjlog XML, tenhou.net/6 JSON nor mjai JSON lines")


def may_be_a_log(head: bytes) -> bool:
    """Whether a file that starts with these bytes may be a record of some format (gzip: perhaps)."""
    if head[:2] == GZIP_MAGIC:
        return True
    head = head.lstrip()
    if head.startswith(b"\xef\xbb\xbf"):
        head = head[3:].lstrip()
    if head.startswith(b"<?xml"):  # the declaration (cut short: it may be a log)
        if b"?>" not in head:
            return True
        head = head[head.find(b"?>") + 2:].lstrip()
    return any(head.startswith(f.starts) for f in FORMATS)


# --- writing ------------------------------------------------------------------------------------
class PlayedHand(Protocol):
    """A hand as played (the simulator's calc.sim.engine.HandPlay): its events in order, the Deal
    first, and the round's result of them."""

    @property
    def events(self) -> list: ...

    @property
    def result(self) -> RoundResult: ...


class MatchLog(NamedTuple):
    """A played match, as the writers take it: the match engine's ledger (each hand's settlement,
    the wins' evaluations), each hand's play, the final standings."""

    name: str  # the game's id, and the saved file's name
    players: tuple[str, ...]
    length: str  # hanchan | east
    rows: Sequence[LedgerRow]
    hands: Sequence[PlayedHand]
    standings: Sequence[Standing]


def write(fmt: LogFormat, match: MatchLog) -> str:
    text: str = fmt.code().write(match)
    return text


def save(fmt: LogFormat, match: MatchLog, folder: str) -> str:
    """Write the match into `folder` as `<name><suffix>`; returns the path."""
    path = Path(folder) / f"{match.name}{fmt.suffixes[0]}"
    try:
        path.write_text(write(fmt, match), encoding="utf-8")
    except OSError as e:
        raise SaveError(f"cannot write {path}: {e.strerror}") from None
    return str(path)


def steps(hand: PlayedHand) -> Iterator[tuple[Any, bool, int | None]]:
    """The hand's events after its Deal, each with what a log writes beside it: whether a discard
    is the tile just drawn (tsumogiri: a copy of it counts, as the play cannot tell two copies
    apart), and the seat whose riichi stick goes down before the event (None): a riichi discard is
    accepted at the next event, unless that is a win on it."""
    drawn: tuple[int, Tile] | None = None  # (seat, tile) of the last draw, until that seat acts again
    riichi: int | None = None
    for event in hand.events[1:]:
        kind = type(event)
        accepted = None
        if riichi is not None and kind is not Agari:
            accepted = riichi
        if kind is not Agari:
            riichi = None
        tsumogiri = False
        if kind is Draw:
            drawn = (event.seat, event.tile)
        elif kind is Discard:
            tsumogiri = drawn == (event.seat, event.tile)
            drawn = None
            if event.riichi:
                riichi = event.seat
        elif kind is not Dora and kind is not Agari and kind is not Ryuukyoku:
            drawn = None
        yield event, tsumogiri, accepted
