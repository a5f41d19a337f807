"""The event schema of play at the table, and the facts a round hands back.

Every producer speaks these events: the log readers (calc.logs.mjlog, calc.logs.tenhou6) translate
their format into them, the simulator's bots choose them. `calc.table.round.Round` applies them,
checks each is legal and derives every fact (first go-around, ippatsu, rinshan, furiten, haitei /
houtei, kan dora timing, pao, tenpai at the draw). Seats are absolute (0 = the first dealer); tiles
are `calc.core.notation.Tile` pairs (index 0-33, red).

A round ends in `WinFacts` (one, or two on a double ron) or one `Draw`; `RoundResult` is the
whole hand as played, which `calc.table.round.settle_event` turns into the match engine's
`calc.table.events.Kyoku`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from calc.core.notation import Tile
# One meld type for the round state and the scorer; the play names its kinds with the scorer's.
from calc.scoring.hand import ANKAN, DAIMINKAN, KAKAN, PON, Meld  # noqa: F401

NUKI = "nuki"

# How the winning tile reached the winner (the truth files' `win_source`).
DISCARD, DRAW = "discard", "draw"
AFTER_NUKI = "replacement_after_nukidora"
REPLACEMENT = {ANKAN: "replacement_after_ankan", KAKAN: "replacement_after_kakan",
               DAIMINKAN: "replacement_after_daiminkan", NUKI: AFTER_NUKI}
ON_KAKAN, ON_ANKAN, ON_NUKI = "kakan", "ankan", "nuki"  # ron on an added kan / closed kan / a north

# How a hand ends without a win, one name each everywhere (a match record's `abort:`, keep's words,
# the JSON); a log format's own words are translated by its reader and writer (rules.md §5).
EXHAUSTIVE, NAGASHI = "exhaustive", "nagashi"
EXHAUSTIVE_KINDS = (EXHAUSTIVE, NAGASHI)  # the wall ran out: tenpai is decided
NINE_TERMINALS, FOUR_KANS = "nine-terminals", "four-kans"
ABORTS = (NINE_TERMINALS, FOUR_KANS)  # the abortive draws sanma has
# What four-player tables record and a sanma table cannot have: four riichi, three rons, four of a wind.
FOUR_PLAYER_ABORTS = ("four-riichi", "triple-ron", "four-winds")


# --- events -------------------------------------------------------------------------------------
# Immutable values, told apart by their type (Round.apply dispatches on it), as NamedTuples: a
# frozen dataclass's methods are generated and compiled when its module is imported, ten of them
# a noticeable part of a one-match `sanma simulate`'s start-up; a NamedTuple is also quicker to build.
class Deal(NamedTuple):
    """The start of a hand. `round_raw` is Tenhou's number: 0-3 East, 4-7 South, 8-11 West."""

    round_raw: int
    honba: int
    sticks: int  # riichi sticks on the table
    dealer: int
    scores: tuple[int, ...]
    hands: tuple[tuple[Tile, ...], ...]  # 13 tiles per seat
    dora: Tile  # the first indicator


class Draw(NamedTuple):
    """A seat draws a tile."""

    seat: int
    tile: Tile  # from the live wall, or the replacement owed after a kan or an extraction


class Discard(NamedTuple):
    """A seat discards a tile, perhaps declaring riichi with it."""

    seat: int
    tile: Tile
    riichi: bool = False  # this discard declares riichi


class Call(NamedTuple):
    """Pon or daiminkan of the discard just made."""

    seat: int
    kind: str  # pon | daiminkan
    called: Tile
    own: tuple[Tile, ...]  # the tiles from the caller's hand
    from_seat: int


class Ankan(NamedTuple):
    """A closed kan of four tiles from the seat's hand."""

    seat: int
    tiles: tuple[Tile, ...]


class Kakan(NamedTuple):
    """A tile added to the seat's pon (an added kan)."""

    seat: int
    tile: Tile  # added to the seat's pon


class Nuki(NamedTuple):
    """A north set aside (nukidora); a replacement tile is owed."""

    seat: int
    tile: Tile


class Dora(NamedTuple):
    """A kan dora indicator turned over."""

    indicator: Tile  # a kan dora indicator turned over


class Agari(NamedTuple):
    """A win on what `from_seat` just gave up (ron, chankan, a north) or drew (tsumo: from_seat = winner).

    `ura`: the ura indicators under the dora shown (kept only for a riichi winner). `claim`: what a
    record says of the win (calc.logs.model.LogWin), whose `deltas` are applied to the scores unless
    `paid` is False: a record's deltas that could not be a payment (`Round.pays`), kept only to be
    compared.
    """

    winner: int
    from_seat: int
    ura: tuple[Tile, ...] = ()
    claim: Any = None
    paid: bool = True


class Ryuukyoku(NamedTuple):
    """The hand ends without a win: the wall ran out (`exhaustive`, or `nagashi` as a record names
    it) or an abortive draw; `deltas` and `scores_before` (the scores before its payments,
    this hand's riichi deposits taken) as a record states them (None: not known here)."""

    kind: str
    deltas: tuple[int, ...] | None = None
    scores_before: tuple[int, ...] | None = None


Event = Draw | Discard | Call | Ankan | Kakan | Nuki | Dora | Agari | Ryuukyoku


# --- facts --------------------------------------------------------------------------------------
# NamedTuples, as the events above: a dataclass has its methods generated at every start of the
# command, ~1 ms each (docs/benchmarks.md, start-up); `._replace` gives a changed copy.
class WinFacts(NamedTuple):
    """One win as the play made it: the hand, how the tile came and every situation: each field of
    the win's context by its name (calc.scoring.fields), the yes/no facts written from that table.
    `riichi` is true for a double riichi too; `renhou` is a non-dealer's ron before their first
    draw, uninterrupted (Tenhou has no such yaku)."""

    winner: int
    from_seat: int  # the winner on a tsumo
    closed: tuple[Tile, ...]  # concealed tiles, the winning tile included, sorted
    win_tile: Tile
    melds: tuple[Meld, ...]  # in the order they were called; a kakan keeps its pon's place
    nuki: int  # norths extracted by the winner
    win_source: str
    # generated from calc.scoring.fields by `make context-fields`: change the table there, not these lines
    tsumo: bool
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    tenhou: bool
    chiihou: bool
    renhou: bool
    # end of the generated lines
    seat_wind: int  # tile index 27-29
    round_wind: int
    dora_indicators: tuple[Tile, ...]  # revealed at the win, kan dora included
    ura_indicators: tuple[Tile, ...]  # only for a riichi winner
    pao: int | None  # who fed the third dragon or fourth wind meld
    honba: int
    sticks: int  # riichi sticks this winner collects: on the table at the win (deposits of this hand included)
    scores_before: tuple[int, ...]  # after this hand's deposits (and an earlier winner of a double ron)
    log: Any = None  # what a record claims (calc.logs.model.LogWin); None when simulated


class DrawResult(NamedTuple):
    """How a hand ended without a win: its kind, the seats in tenpai and those with nagashi mangan."""

    kind: str  # exhaustive | nagashi | nine-terminals | four-kans (or what a four-player table records)
    tenpai: tuple[int, ...] | None  # decided from the hands; None for an abortive draw
    nagashi: tuple[int, ...]  # seats paid a nagashi mangan: every discard a terminal or honour, none called
    deltas: tuple[int, ...] | None  # as a record states them; None when simulated
    scores_before: tuple[int, ...]
    log_scores_before: tuple[int, ...] | None = None  # as a record states them, to be compared; None: not stated


class RoundResult(NamedTuple):
    """One hand as played: the header, the deposits that stood, and the win(s) or the draw."""

    round_wind: int  # tile index 27 East, 28 South, 29 West
    round_number: int  # 1-3
    honba: int
    sticks: int  # riichi sticks on the table at the start
    dealer: int
    scores: tuple[int, ...]  # at the start
    riichi: tuple[int, ...]  # seats whose deposit was taken, in order
    wins: tuple[WinFacts, ...]  # two on a double ron
    draw: DrawResult | None
    scores_after: tuple[int, ...] | None  # None: an mjai result without deltas, and no next hand to say them
