"""The waits of a tenpai hand: every tile that completes it, how many are still unseen, and what a
ron and a tsumo on it would pay (`sanma waits`).

The shapes come from the same readings the evaluator uses (four sets and a pair, seven pairs,
thirteen orphans); the values from `request.build` / `evaluate` / `scored.pay`, one hand per winning tile
and way of winning, so a wait is worth exactly what `sanma hand` says of the completed hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from calc.core import tiles as T
from calc.core.errors import IllegalHandError
from calc.core.notation import MeldText, Tile, format_tiles, parse_hand, parse_tiles
from calc.core.rules import load
from calc.scoring.evaluate import evaluate
from calc.scoring.readings import SUITS, counts_of, is_seven_pairs, is_thirteen_orphans, standard_readings
from calc.scoring.request import HandRequest, build
from calc.scoring.shanten import tenpai_at_draw
from calc.table.scored import HandResult, pay

# Flags that describe only one way of winning: a tsumo on a replacement tile, on the last tile or on
# the first draw; a ron on the last discard, on an added kan, or before one's first draw.
TSUMO_ONLY = ("rinshan", "haitei", "tenhou", "chiihou")
RON_ONLY = ("houtei", "chankan", "renhou")


@dataclass(frozen=True)
class Wait:
    tile: int
    left: int  # copies not in sight: not in the hand, melds, indicators, extracted norths or discards
    ron: HandResult | None  # None: no yaku on a ron, or the tile cannot come (all four in sight)
    tsumo: HandResult | None
    in_sight: bool  # all four copies are in the hand, melds, indicators or extracted norths
    red_ron: HandResult | None = None  # the same wins on the red copy, while it is unseen
    red_tsumo: HandResult | None = None

    @property
    def yaku(self) -> bool:
        """A ron on this tile has a yaku; False is formal tenpai only (a closed hand may still tsumo)."""
        return self.ron is not None


@dataclass(frozen=True)
class Waits:
    hand: str  # the 13 tiles as written back (mpsz, melds after)
    waits: tuple[Wait, ...]
    furiten: tuple[int, ...]  # waits among the player's own discards: no ron on any wait
    tenpai: bool  # counted tenpai when the wall runs out (calc.scoring.shanten.tenpai_at_draw)
    own_four: str  # the profile's match.tenpai_own_four, which decided `tenpai`

    @property
    def can_win(self) -> bool:
        """Some wait can still come (not all four copies in sight)."""
        return any(not w.in_sight for w in self.waits)

    @property
    def left(self) -> int:
        return sum(w.left for w in self.waits)


@dataclass(frozen=True)
class TenpaiDiscard:
    """A discard of a 14-tile hand that leaves it tenpai, and the waits it leaves."""

    tile: Tile
    waits: Waits


@dataclass(frozen=True)
class WaitsReport:
    """A 13-tile hand has `waits`; a 14-tile hand has `discards` (those that leave it tenpai)."""

    rules: str
    tiles: int
    seat: str  # the player's seat wind, E (the dealer), S or W: it decides every value shown
    round: str
    waits: Waits | None = None
    discards: tuple[TenpaiDiscard, ...] = ()


def completes(counts: tuple[int, ...], melds: int) -> bool:
    """Four sets and a pair (melds included), or, for a closed hand, seven pairs or thirteen orphans.

    A fifth copy (a wait on a tile the hand holds four of, which cannot come) is outside the shipped
    tables: that shape is worked out from first principles (calc.scoring.suits_make)."""
    if max(counts) > 4:
        from calc.scoring.suits_make import complete

        parts = [(counts[base:base + size], base == T.HONOR) for base, size in SUITS]
        heads = sum(1 for part, _ in parts if sum(part) % 3 == 2)
        return heads == 1 and all(complete(part, honours) for part, honours in parts)
    if standard_readings(counts):
        return True
    return melds == 0 and (is_seven_pairs(counts) or is_thirteen_orphans(counts))


def winning_tiles(concealed: tuple[int, ...], melds: int) -> list[int]:
    """Every tile of the sanma set that completes these concealed tiles (even a fifth copy: the caller
    says whether it can come)."""
    counts = list(counts_of(concealed))
    out = []
    for tile in range(34):
        if not T.is_sanma_tile(tile):
            continue
        counts[tile] += 1
        if completes(tuple(counts), melds):
            out.append(tile)
        counts[tile] -= 1
    return out


def _meld_text(meld: MeldText) -> str:
    body = format_tiles(meld.tiles)
    return f"({body})" if meld.closed else f"[{body}]"


def _sorted_text(concealed: list[Tile]) -> str:
    return format_tiles(sorted(concealed, key=lambda t: (t[0], not t[1])))


def _way(request: HandRequest, tsumo: bool) -> HandRequest:
    """The request for one way of winning: the other way's flags left out."""
    off = RON_ONLY if tsumo else TSUMO_ONLY
    return request._replace(tsumo=tsumo, win=None, **{flag: False for flag in off})


def _value(request: HandRequest, rules) -> HandResult | None:
    hand, context, rules = build(request, rules)
    try:
        evaluation = evaluate(hand, context, rules)
    except IllegalHandError:  # the shape is complete, so this is a hand with no yaku
        return None
    return HandResult(request, rules, hand, context, evaluation, pay(evaluation, context, rules))


def _seen(concealed: list[Tile], melds: list[MeldText], request: HandRequest) -> tuple[list[int], set[int]]:
    """Copies of each tile the player can see, discards left out; and the red fives among them."""
    tiles = list(concealed) + [t for m in melds for t in m.tiles]
    for text, what in ((request.dora, "--dora"), (request.ura, "--ura")):
        tiles += parse_tiles(text, what=what) if text else []
    counts = list(counts_of(t for t, _ in tiles))
    counts[T.NORTH] += max(request.nuki, 0)
    return counts, {t for t, red in tiles if red}


def _waits_of(concealed: list[Tile], melds: list[MeldText], request: HandRequest, discarded: list[Tile],
              rules) -> Waits:
    base = " ".join([_sorted_text(concealed)] + [_meld_text(m) for m in melds])
    seen, red_seen = _seen(concealed, melds, request)
    discards = [t for t, _ in discarded]
    red_discards = {t for t, red in discarded if red}
    for tile in discards:
        if not T.is_sanma_tile(tile):
            raise IllegalHandError(f"--discards: {T.name(tile)} does not exist in sanma (only 1m and 9m of manzu)")
        if seen[tile] + discards.count(tile) > 4:
            raise IllegalHandError(f"{seen[tile] + discards.count(tile)} copies of {T.name(tile)} "
                                   "(hand, melds, indicators, extracted norths and --discards); there are four")
    for tile in red_discards:
        if tile not in rules.game.red_fives or tile in red_seen or sum(t == tile for t, red in discarded if red) > 1:
            raise IllegalHandError(f"--discards: a red {T.name(tile)} ({T.name(tile, True)}) that cannot be there: "
                                   "the profile has none, or its one copy is already in sight")
    # Every flag and tile is checked once on a tile nobody can see, whatever the waits are.
    probe = next(t for t in range(34) if T.is_sanma_tile(t) and seen[t] == 0 and t not in discards)
    for tsumo in (False, True):
        build(_way(request._replace(hand=f"{base} {T.name(probe)}"), tsumo), rules)
    waits = []
    for tile in winning_tiles(tuple(t for t, _ in concealed), len(melds)):
        in_sight = seen[tile] >= 4
        ron = tsumo = None
        if not in_sight:
            completed = request._replace(hand=f"{base} {T.name(tile)}")
            chankan_blocked = request.chankan and seen[tile] > 0  # the robbed tile is the last copy
            ron = None if chankan_blocked else _value(_way(completed, False), rules)
            tsumo = _value(_way(completed, True), rules)
        left = max(0, 4 - seen[tile] - discards.count(tile))
        red_ron = red_tsumo = None
        if left and tile in rules.game.red_fives and tile not in red_seen | red_discards:
            # the red copy is still out there: a win on it counts one more han (aka)
            completed = request._replace(hand=f"{base} {T.name(tile, True)}")
            red_ron = None if request.chankan and seen[tile] > 0 else _value(_way(completed, False), rules)
            red_tsumo = _value(_way(completed, True), rules)
        waits.append(Wait(tile, left, ron, tsumo, in_sight, red_ron, red_tsumo))
    furiten = tuple(w.tile for w in waits if w.tile in discards)
    own_four = rules.match.tenpai_own_four
    tenpai = tenpai_at_draw(list(counts_of(t for t, _ in concealed)), (t for m in melds for t, _ in m.tiles), own_four)
    return Waits(base, tuple(waits), furiten, tenpai, own_four)


def find_waits(request: HandRequest, discards: str | None = None) -> WaitsReport:
    """13 tiles (+ melds): the waits; 14: every discard that leaves the hand tenpai, with its waits."""
    rules = load(request.rules)
    if request.scheme:
        rules = rules.with_scheme(request.scheme)
    concealed, melds = parse_hand(request.hand)
    discarded = parse_tiles(discards, what="--discards") if discards else []
    need = 13 - 3 * len(melds)
    seat, round_ = request.seat.upper(), request.round.upper()  # checked with the hand, by build()
    if len(concealed) == need:
        return WaitsReport(rules.name, 13, seat, round_, waits=_waits_of(concealed, melds, request, discarded, rules))
    if len(concealed) != need + 1:
        raise IllegalHandError(
            f"wrong tile count: {len(concealed)} concealed tiles; with {len(melds)} meld(s) a hand waiting "
            f"on a tile has {need} (or {need + 1} to choose a discard)"
        )
    # The whole 14-tile hand is checked as written (copies, melds, flags) before any discard is tried.
    probe_request = _way(request, False)
    build(probe_request._replace(chankan=False), rules)
    options = []
    for tile in sorted(set(concealed), key=lambda t: (t[0], not t[1])):
        rest = list(concealed)
        rest.remove(tile)
        # The discarded tile joins the player's discards: a wait on it is furiten.
        waits = _waits_of(rest, melds, request, discarded + [tile], rules)
        if waits.waits:
            options.append(TenpaiDiscard(tile, waits))
    return WaitsReport(rules.name, 14, seat, round_, discards=tuple(options))
