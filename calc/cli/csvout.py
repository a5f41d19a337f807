"""CSV for spreadsheets: one header, then one row per hand (a ledger) or per player and scheme.

Written with the csv module (RFC 4180 quoting, `\\n` line ends), numbers as plain numbers (final
points with full precision, as in --json), so a spreadsheet reads the file with no fixes.
"""

from __future__ import annotations

import csv
import io

from calc.cli.report import _row_text
from calc.table.record import Settled


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


def _ledger_cells(settled: Settled) -> list[list]:
    """hand, round, honba, sticks, dealer, riichi, result; the per-player cells follow."""
    players = settled.players
    return [[row.number, row.label, row.honba, row.sticks_before, players[row.dealer],
             ", ".join(players[r.seat] for r in row.kyoku.riichi), _row_text(row, players)]
            for row in settled.rows]


LEDGER = ["hand", "round", "honba", "sticks", "dealer", "riichi", "result"]
STANDINGS = ["scheme", "player", "seat", "rank", "score", "points", "ended"]


def settle_ledger_csv(settled: Settled) -> str:
    """`sanma settle --csv`: a row per hand; each player's change and score after it, by name."""
    header = LEDGER + [f"{name} {what}" for name in settled.players for what in ("delta", "score")]
    header.append("sticks after")
    rows = []
    for cells, row in zip(_ledger_cells(settled), settled.rows):
        for delta, score in zip(row.deltas, row.scores):
            cells += [delta, score]
        rows.append(cells + [row.sticks])
    return _write(header, rows)


def _standings_rows(name: str, settled: Settled) -> list[list]:
    return [[name, settled.players[s.seat], s.seat + 1, s.rank, s.score, s.points, "yes" if settled.state.ended else "no"]
            for s in sorted(settled.standings, key=lambda s: s.seat)]


def settle_standings_csv(schemes: dict[str, Settled]) -> str:
    """`sanma settle --csv --all-schemes`: a row per scheme and player (seat 1 deals first)."""
    return _write(STANDINGS, [row for name, settled in schemes.items() for row in _standings_rows(name, settled)])


def replay_ledger_csv(games: list) -> str:
    """`sanma replay --csv`: a row per hand of every game; seat 1 is the first dealer."""
    seats = max((len(r.settled.players) for r in games), default=3)
    header = ["game"] + LEDGER + [f"{what} {seat}" for seat in range(1, seats + 1)
                                  for what in ("player", "delta", "score")] + ["sticks after"]
    rows = []
    for r in games:
        settled = r.settled
        for cells, row in zip(_ledger_cells(settled), settled.rows):
            for name, delta, score in zip(settled.players, row.deltas, row.scores):
                cells += [name, delta, score]
            rows.append([r.game.game_id] + cells + [row.sticks])
    return _write(header, rows)


def replay_standings_csv(games: list[tuple]) -> str:
    """`sanma replay --csv --all-schemes`: a row per game, scheme and player; (replay, schemes) pairs."""
    rows = []
    for r, schemes in games:
        for name, settled in schemes.items():
            rows += [[r.game.game_id, *row] for row in _standings_rows(name, settled)]
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
            rows.append([name, seat, mean, *ranks[:3], diff["mean"], diff["low"], diff["high"],
                         *(figures[key] for key in COMPARE[9:15]), figures["matches"]])
    return _write(COMPARE, rows)
