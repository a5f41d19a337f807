"""The neutral record of one Tenhou game, the same whatever format it was read from.

Everything in `Win` except `.log` is rebuilt from the play itself (draws, discards, calls, riichi,
kan dora); `.log` keeps what the record's result line claims, so a replay can compare the two.
Seats are absolute (0 = the first dealer). Tiles are `calc.notation.Tile` pairs (index 0-33, red).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from calc.core.notation import Tile

PON, DAIMINKAN, ANKAN, KAKAN = "pon", "daiminkan", "ankan", "kakan"

# How the winning tile reached the winner (truth/agari.jsonl `win_source`).
DISCARD, DRAW = "discard", "draw"
AFTER_NUKI = "replacement_after_nukidora"
REPLACEMENT = {ANKAN: "replacement_after_ankan", KAKAN: "replacement_after_kakan",
               DAIMINKAN: "replacement_after_daiminkan", "nuki": AFTER_NUKI}
ON_KAKAN, ON_ANKAN, ON_NUKI = "kakan", "ankan", "nuki"  # ron on an added kan / closed kan / a north

EXHAUSTIVE, NAGASHI = "exhaustive", "nagashi_mangan"
EXHAUSTIVE_KINDS = (EXHAUSTIVE, NAGASHI)  # the wall ran out: tenpai is decided


@dataclass(frozen=True, slots=True)
class Lobby:
    """The rule facts a record states (mjlog <GO type>, tenhou.net/6 `rule.disp`)."""

    type: int  # Tenhou's lobby bits, e.g. 185 = Phoenix sanma south game, red fives, open tanyao
    players: int
    red_fives: bool
    open_tanyao: bool
    length: str  # "hanchan" | "east"
    fast: bool
    level: str  # ippan | joukyuu | tokujou | houou


@dataclass(frozen=True, slots=True)
class Meld:
    kind: str  # pon | daiminkan | ankan | kakan
    tiles: tuple[Tile, ...]  # sorted
    called: Tile | None  # the tile taken from another player (None for ankan)
    from_seat: int | None  # who discarded it (None for ankan)

    @property
    def red(self) -> int:
        return sum(1 for _, red in self.tiles if red)


@dataclass(frozen=True, slots=True)
class LogWin:
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


@dataclass(frozen=True, slots=True)
class Win:
    winner: int
    from_seat: int  # the winner on a tsumo
    tsumo: bool
    closed: tuple[Tile, ...]  # concealed tiles, the winning tile included, sorted
    win_tile: Tile
    melds: tuple[Meld, ...]  # in the order they were called; a kakan keeps its pon's place
    nuki: int  # norths extracted by the winner
    win_source: str
    riichi: bool  # true for a double riichi too
    double_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    tenhou: bool
    chiihou: bool
    renhou: bool  # a non-dealer's ron before their first draw, uninterrupted (Tenhou has no such yaku)
    seat_wind: int  # tile index 27-29
    round_wind: int
    dora_indicators: tuple[Tile, ...]  # revealed at the win, kan dora included
    ura_indicators: tuple[Tile, ...]  # only for a riichi winner
    pao: int | None  # who fed the third dragon or fourth wind meld
    honba: int
    sticks: int  # riichi sticks this winner collects: on the table at the win (deposits of this hand included)
    scores_before: tuple[int, ...]  # after this hand's deposits (and an earlier winner of a double ron)
    log: LogWin


@dataclass(frozen=True, slots=True)
class Draw:
    kind: str  # exhaustive | kyuushu_kyuuhai | nagashi_mangan | suukaikan | ...
    tenpai: tuple[int, ...] | None  # rebuilt from the hands; None for an abortive draw
    nagashi: tuple[int, ...]  # seats paid a nagashi mangan: every discard a terminal or honour, none called
    deltas: tuple[int, ...]
    scores_before: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Kyoku:
    round_wind: int  # tile index 27 East, 28 South, 29 West
    round_number: int  # 1-3
    honba: int
    sticks: int  # riichi sticks on the table at the start
    dealer: int
    scores: tuple[int, ...]  # at the start
    riichi: tuple[int, ...]  # seats whose deposit was taken, in order
    wins: tuple[Win, ...]  # two on a double ron
    draw: Draw | None
    scores_after: tuple[int, ...] | None  # None: an mjai result without deltas, last in its log


@dataclass(frozen=True, slots=True)
class Game:
    game_id: str
    lobby: Lobby
    players: tuple[str, ...]  # names by seat
    start_scores: tuple[int, ...]
    kyoku: tuple[Kyoku, ...]
    final_scores: tuple[int, ...] | None  # None: not in the record (an mjai excerpt, or no end_game scores)
    final_points: tuple[float, ...] | None  # None: not in the record (mjai never has them)
    rules: Any = None  # the profile an mjai log was read under (--rules); Tenhou logs: None (Tenhou's)
    complete: bool = True  # False: an mjai excerpt, replayed hand by hand without the final tally
