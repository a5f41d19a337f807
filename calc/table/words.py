"""A match's hands in a few words: how a win was won, what a hand was worth, a ledger row's result as
the ledger, the CSV and the JSON's `what` say it, a win explained (calc/table/explain.py writes
the arithmetic). Small, for `sanma hand`'s start-up: its text reads `winner_words`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from calc.scoring.value import YAKUMAN, HandValue

if TYPE_CHECKING:  # the match's types are imported where used: `sanma hand` starts without them
    from calc.table.events import Kyoku, ScoredWin

WIND_NAMES = {"E": "East", "S": "South", "W": "West"}


def winner_words(*, dealer: bool, wind: str, tsumo: bool, discarder: str | None = None) -> str:
    """"non-dealer (South), ron" / "dealer (East), tsumo": the seat and the way a hand was won."""
    how = "tsumo" if tsumo else "ron" + (f" from {discarder}" if discarder else "")
    return f"{'dealer' if dealer else 'non-dealer'} ({WIND_NAMES[wind]}), {how}"


def worth(value: HandValue, multiple: bool = False) -> str:
    """A hand's value in a ledger line: `3 han 40 fu`, `mangan`, `yakuman ×2` (`multiple`: ×1 too)."""
    if value.limit == YAKUMAN and (value.yakuman > 1 or multiple):
        return f"yakuman ×{value.yakuman}"
    if value.limit:
        return value.limit
    return f"{value.han} han {value.fu} fu"


def row_text(row, players: Sequence[str]) -> str:
    """A ledger row's result in words; a dealer who played on instead of agari-yame says so."""
    text = result_text(row.kyoku, players)
    return f"{text}; the dealer plays on" if row.played_on else text


def result_text(kyoku: Kyoku, players: Sequence[str]) -> str:
    """A hand's result in words: `Bo ron Ana: 3 han 40 fu`, `draw, tenpai Ana`, `chombo Chen`."""
    from calc.table.events import DoubleRon, ExhaustiveDraw, Nagashi, ScoredWin
    from calc.table.penalty import Chombo

    result = kyoku.result
    if isinstance(result, (ScoredWin, DoubleRon)):
        parts = []
        for w in kyoku.wins:
            how = "tsumo" if w.tsumo else f"ron {players[w.discarder]}"
            pao = f", {players[w.liable]} liable" if w.liable is not None else ""
            parts.append(f"{players[w.winner]} {how}: {worth(w.value)}{pao}")
        return "; ".join(parts)
    if isinstance(result, ExhaustiveDraw):
        tenpai = [players[s] for s in sorted(result.tenpai)]
        return "draw, tenpai " + ", ".join(tenpai) if tenpai else "draw, nobody tenpai"
    if isinstance(result, Nagashi):
        tenpai_text = ", ".join(players[s] for s in sorted(result.tenpai)) or "nobody"
        return f"nagashi mangan {', '.join(players[s] for s in result.players)} (tenpai: {tenpai_text})"
    if isinstance(result, Chombo):
        return f"chombo {players[result.seat]}"
    return f"abort: {result.kind}"


def win_line(w: ScoredWin, row, players: Sequence[str]) -> str:
    """One win of a ledger row explained: who, their seat and how they won, then the hand's yaku,
    dora, han and fu breakdown (or the value given in the record)."""
    wind = "ESW"[(w.winner - row.dealer) % len(players)]
    seat = winner_words(dealer=w.winner == row.dealer, wind=wind, tsumo=w.tsumo,
                        discarder=None if w.tsumo else players[w.discarder])
    e = w.evaluation
    if e is None:
        return f"{players[w.winner]}, {seat}: {worth(w.value, multiple=True)}"
    if e.yakuman:
        yakuman = ", ".join(f"{name}: yakuman ×{multiple}" for name, multiple in e.yakuman)
        return f"{players[w.winner]}, {seat}: {w.hand}: {yakuman} = yakuman ×{e.value.yakuman}"
    yaku = ", ".join(f"{name} {han}" for name, han in e.yaku)
    extra = ", ".join(f"{k} {v}" for k, v in (("dora", e.dora), ("aka", e.aka), ("ura", e.ura), ("nuki", e.nuki)) if v)
    fu = " + ".join(f"{reason} {fu}" for reason, fu in e.fu_breakdown)
    return (f"{players[w.winner]}, {seat}: {w.hand}: {yaku}" + (f"; {extra}" if extra else "") + f" = {e.han} han"
            + (f"; fu {fu} → {e.fu}" if fu else ""))
