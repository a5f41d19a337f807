"""A rebuilt win as our own input: mpsz hand text and calc.hand.WinContext keyword arguments."""

from __future__ import annotations

from typing import Any

from calc.core.notation import Tile, format_tiles
from calc.core.rules import RuleSet
from calc.table.play import Meld, WinFacts
from calc.table.play import ANKAN, PON
from calc.scoring.hand import Hand, WinContext, build_hand
from calc.table.round import context_args


def meld_text(meld: Meld) -> str:
    """[555z] pon, [5555z] open kan (called or added), (5555z) closed kan; a red five written first as 0."""
    tiles = sorted(meld.tiles, key=lambda t: (t[0], not t[1]))
    body = format_tiles(tiles)
    if meld.kind == ANKAN:
        return f"({body})"
    if meld.kind == PON and len(tiles) != 3:
        raise ValueError(f"a pon of {len(tiles)} tiles")
    return f"[{body}]"


def hand_text(win: WinFacts) -> str:
    """The concealed tiles with the winning tile written last, then the melds."""
    rest: list[Tile] = list(win.closed)
    rest.remove(win.win_tile)
    parts = [format_tiles([*rest, win.win_tile])]
    parts += [meld_text(m) for m in win.melds]
    return " ".join(parts)


def to_hand(win: WinFacts) -> tuple[str, dict[str, Any]]:
    """(hand text in our notation, WinContext keyword arguments): ready for calc.hand.build_hand."""
    return hand_text(win), context_args(win)


def build(win: WinFacts, rules: RuleSet, text: str | None = None) -> tuple[Hand, WinContext]:
    """The checked Hand and its WinContext, the indicators counted against the four copies."""
    context = WinContext(**context_args(win))
    text = text or hand_text(win)
    indicators = (*win.dora_indicators, *(win.ura_indicators if win.riichi else ()))
    return build_hand(text, rules, context, indicators=indicators), context
