"""The neutral record of one Tenhou game, the same whatever format it was read from.

Each hand (`calc.table.play.RoundResult`, `Game.rounds`) and its wins and draw are what
`calc.table.round.Round` made of the play the reader translated; everything in `WinFacts` except `.log`
is rebuilt from the play itself (draws, discards, calls, riichi, kan dora); `.log` keeps what the
record's result line claims, so a replay can compare the two. Seats are absolute (0 = the first
dealer). Tiles are `calc.core.notation.Tile` pairs (index 0-33, red).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from calc.core.errors import SanmaError
from calc.table.play import RoundResult


class LogError(SanmaError):
    """A record that cannot be read: wrong format, truncated, or a play that cannot happen."""


class NotALog(LogError):
    """Readable JSON or XML (or an empty file) that is no game record at all: a report, a note, some
    other program's data. Found in a folder it is skipped as a README is; named, it is an error."""


class Lobby(NamedTuple):
    """The rule facts a record states (mjlog <GO type>, tenhou.net/6 `rule.disp`)."""

    type: int  # Tenhou's lobby bits, e.g. 185 = Phoenix sanma south game, red fives, open tanyao
    players: int
    red_fives: bool
    open_tanyao: bool
    length: str  # "hanchan" | "east"
    fast: bool
    level: str  # ippan | joukyuu | tokujou | houou


class LogWin(NamedTuple):
    """What a win's result line says (mjlog <AGARI>, tenhou.net/6 和了 entry, mjai `hora`).

    An mjai log may leave out any of han, yaku, points and deltas: None is not compared."""

    han: int | None  # every yakuman counts 13
    fu: int | None  # tenhou.net/6 omits fu on mangan and above
    yaku: tuple[tuple[int, int], ...] | None  # (Tenhou yaku id, han), entries worth 0 han left out
    yakuman: tuple[int, ...] | None  # Tenhou yaku ids
    points: int | None  # the hand's value without honba and sticks (a tsumo: what the payers pay in all)
    limit: int  # 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman
    deltas: tuple[int, ...] | None  # per seat, honba and sticks included
    pao: int | None
    scores_before: tuple[int, ...] | None = None  # per seat, as the result line states them before it is paid
    # (mjlog `sc`: this hand's riichi deposits taken, and on a double ron the first winner's payment); None: not stated


class Game(NamedTuple):
    game_id: str
    lobby: Lobby
    players: tuple[str, ...]  # names by seat
    start_scores: tuple[int, ...]
    rounds: tuple[RoundResult, ...]  # each hand as played, in order
    final_scores: tuple[int, ...] | None  # None: not in the record (an mjai excerpt, or no end_game scores)
    final_points: tuple[float, ...] | None  # None: not in the record (mjai never has them)
    rules: Any = None  # the profile an mjai log was read under (--rules); Tenhou logs: None (Tenhou's)
    complete: bool = True  # False: an mjai excerpt, replayed hand by hand without the final tally
