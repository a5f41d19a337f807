"""CSV for spreadsheets: one header, then one row per hand (a ledger) or per player and scheme.

Written with the csv module (RFC 4180 quoting, `\\n` line ends), numbers as plain numbers (final
points with full precision, as in --json), yes/no as True/False, seats as numbers from 0 (the first
dealer), so a spreadsheet or pandas reads the file with no fixes.
"""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING

from calc.table.words import row_text
from calc.table.record import Settled

if TYPE_CHECKING:
    from calc.logs.replay import GameReplay, HandCheck


# A spreadsheet reads a cell that starts with one of these as a formula (=HYPERLINK(...), a call out):
# text someone else wrote (a player's name in a record or a log) starts with a quote there instead
# (OWASP's advice for CSV), shown as written. Numbers are numbers, never text.
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> object:
    return "'" + value if isinstance(value, str) and value.startswith(FORMULA) else value


def _write(header: list[str], rows: list[list]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([_cell(cell) for cell in header])
    writer.writerows([_cell(cell) for cell in row] for row in rows)
    return out.getvalue()


LEDGER = ["hand", "round", "honba", "sticks", "dealer", "riichi", "result"]
STANDINGS = ["scheme", "player", "seat", "rank", "score", "points", "ended"]


def settle_ledger_csv(settled: Settled) -> str:
    """`sanma settle --csv`: a row per hand; each player's change and score after it, by name."""
    header = LEDGER + [f"{name} {what}" for name in settled.players for what in ("delta", "score")]
    header.append("sticks after")
    rows = []
    players = settled.players
    for row in settled.rows:
        cells = [row.number, row.label, row.honba, row.sticks_before, players[row.dealer],
                 ", ".join(players[r.seat] for r in row.kyoku.riichi), row_text(row, players)]
        for delta, score in zip(row.deltas, row.scores):
            cells += [delta, score]
        rows.append(cells + [row.sticks])
    return _write(header, rows)


def _standings_rows(name: str, settled: Settled) -> list[list]:
    return [[name, s.player, s.seat, s.rank, s.score, s.points, settled.state.ended]
            for s in sorted(settled.standings, key=lambda s: s.seat)]


def settle_standings_csv(schemes: dict[str, Settled]) -> str:
    """`sanma settle --csv --all-schemes`: a row per scheme and player (seat 0 deals first)."""
    return _write(STANDINGS, [row for name, settled in schemes.items() for row in _standings_rows(name, settled)])


REPLAY = ["game", "hand", "round", "honba", "sticks", "dealer", "draw", "winner", "from", "tsumo", "han", "fu",
          "points", "yaku"]
PER_SEAT = ("player", "riichi", "delta", "score")


def replay_ledger_csv(games: list[GameReplay]) -> str:
    """`sanma replay --csv`: a row per win of every game, and one per hand without a win; seats are
    numbers, 0 the first dealer (docs/sharing.md). A double ron is two rows of one hand, each with its
    winner's payments as the deltas (the riichi deposits on the first), so that a game's deltas add
    up to its final scores; `score N` is the score after the hand."""
    seats = max((len(r.log.players) for r in games), default=3)
    header = REPLAY + [f"{what} {seat}" for seat in range(seats) for what in PER_SEAT] + ["sticks after"]
    rows = []
    for r in games:
        players = r.log.players
        for hand in r.hands:
            for win, deltas in _results(hand):
                cells: list = [r.game, hand.number, hand.label, hand.honba, hand.sticks, hand.dealer, hand.draw]
                if win is None:
                    cells += [None] * 7
                else:
                    yaku = None if win.yaku is None else ", ".join(f"{name} {han}" for name, han in win.yaku)
                    cells += [win.winner, win.discarder, win.discarder is None, win.han, win.fu, win.points, yaku]
                for seat, name in enumerate(players):
                    cells += [name, seat in hand.riichi, deltas[seat], hand.scores[seat]]
                rows.append(cells + [hand.sticks_after])
    return _write(header, rows)


def _results(hand: HandCheck) -> list[tuple]:
    """(the win or None, its deltas) of each row of a hand: the hand's own deltas when it has one
    win or none; a double ron's second winner's payments, and the rest of the hand's on the first."""
    if len(hand.wins) < 2:
        return [(hand.wins[0] if hand.wins else None, hand.deltas)]
    rest = [sum(w.deltas[seat] for w in hand.wins[1:]) for seat in range(len(hand.deltas))]
    first = tuple(d - other for d, other in zip(hand.deltas, rest))
    return [(hand.wins[0], first), *[(w, w.deltas) for w in hand.wins[1:]]]


def replay_standings_csv(games: list[tuple]) -> str:
    """`sanma replay --csv --all-schemes`: a row per game, scheme and player; (replay, schemes) pairs."""
    rows = []
    for r, schemes in games:
        for name, settled in schemes.items():
            rows += [[r.game, *row] for row in _standings_rows(name, settled)]
    return _write(["game"] + STANDINGS, rows)


COMPARE = ["scheme", "seat", "mean_points", "rank_1", "rank_2", "rank_3", "mean_points_vs_baseline", "low", "high",
           "dealer_income_per_dealership", "tsumo_share_of_ron", "bust_rate", "extension_round_rate",
           "hands_per_match", "points_sd", "matches"]


def compare_csv(data: dict) -> str:
    """`sanma compare --csv`: a row per scheme and starting seat (seat 0 deals first), from the --json
    figures; the per-scheme figures repeat on each of its rows, the baseline's difference is empty."""
    rows = []
    for name, figures in data["schemes"].items():
        versus = figures.get("versus_baseline")
        for seat, mean in enumerate(figures["mean_points"]):
            ranks = list(figures["rank_rates"][seat]) + [""] * (3 - len(figures["rank_rates"][seat]))
            diff = versus["mean_points"][seat] if versus else {"mean": "", "low": "", "high": ""}
            rows.append([_figure(x) for x in (name, seat, mean, *ranks[:3], diff["mean"], diff["low"], diff["high"],
                                               *(figures[key] for key in COMPARE[9:15]), figures["matches"])])
    return _write(COMPARE, rows)


def _figure(x):
    """A figure to 12 significant digits: a mean of final points summed in binary (-0.08000000000000043)
    is written as the number it is (-0.08)."""
    return float(f"{x:.12g}") if isinstance(x, float) else x
