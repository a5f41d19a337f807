"""A Sichuan hand read from mpsz notation and checked once; its readings (rules.md §8).

`234p 678s 55p [999s] (1111p)`: concealed tiles (the winning tile last, unless named), then melds:
`[555p]` a pung, `[5555p]` a kong on a discard or added to a pung, `(5555p)` a concealed kong.
Only the 108 suited tiles exist (indices 0-26), no red fives, no chow; a hand may not pung or kong
its void suit, and a hand holding its void suit cannot win.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from calc.core import tiles as T
from calc.scoring.readings import counts_of, standard_readings
from calc.core.errors import IllegalHandError
from calc.core.notation import MeldText, format_tiles, parse_hand, parse_tiles

PUNG, KONG, CONCEALED_KONG = "pung", "kong", "concealed kong"
SUIT_LETTERS = T.SUITS[:3]  # m p s
TILE_KINDS = 27


@dataclass(frozen=True)
class Meld:
    kind: str  # pung, kong (exposed or added), concealed kong
    tile: int

    @property
    def size(self) -> int:
        return 3 if self.kind == PUNG else 4

    @property
    def is_kong(self) -> bool:
        return self.kind != PUNG

    def text(self) -> str:
        body = T.name(self.tile)[0] * self.size + T.SUITS[T.suit_of(self.tile)]
        return f"({body})" if self.kind == CONCEALED_KONG else f"[{body}]"


@dataclass(frozen=True)
class Hand:
    concealed: tuple[int, ...]  # sorted; a winning hand's includes the winning tile
    melds: tuple[Meld, ...]
    win_tile: int | None  # None: a hand of 13 at the end of the wall

    def counts(self) -> list[int]:
        """Copies of each tile in the whole hand, melds included."""
        out = [0] * TILE_KINDS
        for t in self.concealed:
            out[t] += 1
        for m in self.melds:
            out[m.tile] += m.size
        return out

    def suits(self) -> set[int]:
        return {T.suit_of(t) for t in self.concealed} | {T.suit_of(m.tile) for m in self.melds}

    def with_tile(self, tile: int) -> Hand:
        """This 13-tile hand completed by `tile` (a wait tried at the end of the wall)."""
        return Hand(tuple(sorted((*self.concealed, tile))), self.melds, tile)

    def text(self) -> str:
        concealed = list(self.concealed)
        if self.win_tile is not None:  # the winning tile is written last
            concealed.remove(self.win_tile)
            concealed.append(self.win_tile)
        body = _tiles_text(concealed)
        return " ".join([body, *(m.text() for m in self.melds)])


def _tiles_text(tiles: list[int]) -> str:
    """'123m 55p': calc.notation's format, a space between the groups of one suit (no red fives here)."""
    return " ".join(format_tiles([(t, False) for t in group]) for _, group in groupby(tiles, key=T.suit_of))


def parse_void(text: str) -> int:
    """'m' / 'p' / 's' -> the suit number 0-2."""
    if not isinstance(text, str) or text not in SUIT_LETTERS:
        raise IllegalHandError(f"the void suit is m, p or s, got {text!r}")
    return SUIT_LETTERS.index(text)


def check_tile(tile: int, red: bool, column: int | None = None) -> None:
    if T.is_honor(tile):
        raise IllegalHandError(f"honour tile {T.name(tile)}: Sichuan uses only the suits m, p and s", column=column)
    if red:
        raise IllegalHandError(f"red five {T.name(tile, True)}: Sichuan has no red fives, write {T.name(tile)}",
                               column=column)


def _meld(meld: MeldText, void: int | None) -> Meld:
    for tile, red in meld.tiles:
        check_tile(tile, red, meld.column)
    indices = sorted(t for t, _ in meld.tiles)
    text = ("(" if meld.closed else "[") + _tiles_text(indices) + (")" if meld.closed else "]")
    where = {"column": meld.column}
    if len(set(indices)) == 1 and (len(indices) == 4 or (len(indices) == 3 and not meld.closed)):
        kind = CONCEALED_KONG if meld.closed else (KONG if len(indices) == 4 else PUNG)
        if void is not None and T.suit_of(indices[0]) == void:
            raise IllegalHandError(f"{kind} {text} of the void suit {SUIT_LETTERS[void]}: "
                                   f"a player may not pung or kong the void suit", **where)
        return Meld(kind, indices[0])
    if len(indices) == 3 and T.suit_of(indices[0]) == T.suit_of(indices[2]) and indices == list(
            range(indices[0], indices[0] + 3)):
        raise IllegalHandError(f"chow {text}: Sichuan has no chow", **where)
    raise IllegalHandError(f"{text} is not a meld: a pung [555p], a kong [5555p] or a concealed kong (5555p)",
                           **where)


def read(text: str, *, void: int | None, winning: bool = True, win: str | None = None) -> Hand:
    """Parse and check a hand. `winning`: 14 tiles with the winning tile (named by `win` or
    written last) and no void-suit tile; otherwise the 13 tiles held at the end of the wall."""
    concealed_text, meld_texts = parse_hand(text)
    melds = tuple(_meld(m, void) for m in meld_texts)
    for tile, red in concealed_text:
        check_tile(tile, red)
    concealed = [t for t, _ in concealed_text]
    expected = (14 if winning else 13) - 3 * len(melds)
    if len(concealed) != expected:
        what = "a winning hand has" if winning else "a hand at the end of the wall holds"
        raise IllegalHandError(f"wrong tile count: {len(concealed)} concealed tiles; with {len(melds)} meld(s) "
                               f"{what} {expected}" + (" (the winning tile included)" if winning else ""))
    win_tile = None
    if winning:
        if win is not None:
            win_list = parse_tiles(win, what="the winning tile")
            if len(win_list) != 1:
                raise IllegalHandError(f"the winning tile is one tile, got {win!r}")
            check_tile(*win_list[0])
            win_tile = win_list[0][0]
            if win_tile not in concealed:
                raise IllegalHandError(f"winning tile {T.name(win_tile)} is not in the hand")
        else:
            win_tile = concealed[-1]
    elif win is not None:
        raise IllegalHandError("a hand at the end of the wall has no winning tile")
    hand = Hand(tuple(sorted(concealed)), melds, win_tile)
    for tile, copies in enumerate(hand.counts()):
        if copies > 4:
            raise IllegalHandError(f"{copies} copies of {T.name(tile)}; there are four")
    if winning:
        check_void(hand, void)
    return hand


def check_void(hand: Hand, void: int | None) -> None:
    """A winning hand holds no tile of its void suit; with the void suit unknown it must miss a suit."""
    if void is None:
        if len(hand.suits()) == 3:
            raise IllegalHandError("the hand holds all three suits, so it holds its void suit: it cannot win")
        return
    held = [t for t in hand.concealed if T.suit_of(t) == void]
    if held:
        raise IllegalHandError(f"the hand holds {T.name(held[0])} of its void suit {SUIT_LETTERS[void]}: "
                               f"a hand holding its void suit cannot win")


def holds_void(hand: Hand, void: int) -> bool:
    return any(T.suit_of(t) == void for t in hand.concealed)


# ---------------------------------------------------------------- readings


@dataclass(frozen=True)
class Reading:
    """One way to read a complete hand: four sets and a pair, or seven pairs."""

    sets: tuple[tuple[str, int], ...]  # ("run" | "pung", lowest tile), melds included as pungs
    pair: int | None
    seven_pairs: bool = False


def readings(hand: Hand) -> list[Reading]:
    """Every reading of a 14-tile hand; empty when it is not complete. The standard readings are
    calc.decompose's (Sichuan tiles are its indices 0-26); the melds join them as pungs."""
    counts = counts_of(hand.concealed)
    melded = tuple((PUNG, m.tile) for m in hand.melds)
    out = [Reading(tuple(sorted(melded + tuple(("run", t) for t in r.runs) + tuple((PUNG, t) for t in r.triplets))),
                   r.pair)
           for r in standard_readings(counts)]
    # Seven pairs, where a four of a kind counts as two pairs (龙七对): not calc.decompose.is_seven_pairs,
    # which wants seven different pairs as riichi does.
    if not hand.melds and len(hand.concealed) == 14 and all(c % 2 == 0 for c in counts):
        out.append(Reading((), None, seven_pairs=True))
    return out
