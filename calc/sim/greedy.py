"""The plain bots: `greedy` and `defensive` (their registry is calc.sim.bots). They see the table
(their own tiles, every discard and meld, the dora) through their seat's view (calc.sim.view) and
never the scores, so a hand plays the same under every payment scheme.

- `greedy`: shape efficiency (least shanten, then the most live waits when tenpai, then the least
  useful tile), riichi whenever closed tenpai, pon and open kan of value tiles (more pons once the
  hand is open with a value tile), every closed or added kan, always extracts norths, wins whenever
  it has a yaku (the engine offers only such wins), nine terminals unless eleven kinds are held.
- `defensive`: the same, but facing a riichi with a hand that is not tenpai it folds (folding only
  from two tiles away was measured too: it deals in and busts far more often than the real games):
  it discards the safest tile (tiles discarded since the riichi or by the riichi player first,
  then honours by how many are visible, then suji and terminals) and stops calling.

These bots never decline a ron (the `ron` hook lets tests force riichi furiten).
"""

from __future__ import annotations

from calc.core import tiles as T
from calc.core.notation import Tile
from calc.scoring import shanten as S
from calc.sim.view import SeatView

FOLD_FROM = 1  # shanten at which the defensive bot gives up against a riichi


class Greedy:
    name = "greedy"

    # --- discards ---------------------------------------------------------------------------------
    def discard(self, view: SeatView, may_riichi: bool) -> tuple[Tile, bool]:
        tile = self._efficient(view)
        riichi = False
        if may_riichi:
            rest = view.counts[:]
            rest[tile[0]] -= 1
            riichi = view.tenpai(rest)  # tenpai as the profile counts it (own kans)
        return tile, riichi

    def _efficient(self, view: SeatView) -> Tile:
        counts = view.counts
        melds = len(view.melds)
        dora = view.dora_values()
        values = view.value_tiles
        forbidden = view.forbidden()
        seen = view.seen
        own = view.own_counts()
        best: tuple[tuple[int, int, float], int] | None = None
        for v in range(34):
            if not counts[v] or v in forbidden:
                continue
            counts[v] -= 1
            s = S.shanten(counts, melds)
            if s == 0:
                live = sum(4 - seen[w] - own[w] for w in S.waits(counts))
                key = (s, -live, usefulness(counts, v, dora, values))
            else:
                key = (s, 0, usefulness(counts, v, dora, values))
            counts[v] += 1
            if best is None or key < best[0]:
                best = (key, v)
        assert best is not None  # a hand always holds a tile it may throw
        return view.copy_of(best[1])

    # --- calls and kans -----------------------------------------------------------------------------
    def call(self, view: SeatView, tile: Tile, discarder: int, options: list[str]) -> str | None:
        value = tile[0]
        values = view.value_tiles
        if value in values:
            return "daiminkan" if "daiminkan" in options and not view.closed else "pon"
        opened_with_value = any(m.tiles[0][0] in values for m in view.melds)
        if opened_with_value:
            # the hand already has its yaku: a pon that brings it closer to tenpai is taken
            counts = view.counts
            before = S.shanten(counts, len(view.melds))
            counts[value] -= 2
            after = min(S.shanten(without(counts, v), len(view.melds) + 1) for v in range(34) if counts[v])
            counts[value] += 2
            if after < before:
                return "daiminkan" if "daiminkan" in options else "pon"
        return None

    def kan(self, view: SeatView, options: list[tuple[str, int]]) -> tuple[str, int] | None:
        return options[0]

    def nuki(self, view: SeatView) -> bool:
        return True

    def standing(self, scores: tuple[int, ...]) -> tuple[int, ...] | None:
        """What the bot reads of the scores (the view's `standing`): nothing."""
        return None

    def ron(self, view: SeatView, tile: Tile) -> bool:
        return True  # wins whenever it has a yaku

    def nine_terminals(self, view: SeatView) -> bool:
        return S.kokushi_shanten(view.counts) > 2  # eleven kinds or more: play for thirteen orphans


class Defensive(Greedy):
    name = "defensive"

    def _folding(self, view: SeatView) -> list[int]:
        threats = view.riichi_seats()
        if not threats:
            return []
        counts = view.counts
        best = min(S.shanten(without(counts, v), len(view.melds)) for v in range(34) if counts[v])
        return threats if best >= FOLD_FROM else []

    def discard(self, view: SeatView, may_riichi: bool) -> tuple[Tile, bool]:
        threats = self._folding(view)
        if not threats:
            return super().discard(view, may_riichi)
        forbidden = view.forbidden()
        best = max((v for v in range(34) if view.counts[v] and v not in forbidden),
                   key=lambda v: (_safety(view, threats, v), -v))
        return view.copy_of(best), False

    def call(self, view: SeatView, tile: Tile, discarder: int, options: list[str]) -> str | None:
        if self._folding(view):
            return None
        return super().call(view, tile, discarder, options)

    def kan(self, view: SeatView, options: list[tuple[str, int]]) -> tuple[str, int] | None:
        if self._folding(view):
            return None  # a kan shows a new dora for the riichi player
        return options[0]


# --- helpers ---------------------------------------------------------------------------------------
def without(counts: list[int], v: int) -> list[int]:
    """A copy of `counts` with one tile of value `v` less."""
    rest = counts[:]
    rest[v] -= 1
    return rest


def usefulness(counts: list[int], v: int, dora: list[int], values: frozenset[int]) -> float:
    """How much the tile `v` (already taken out of `counts`) helps the rest: less goes first."""
    score = 10.0 * counts[v] + 3.0 * dora.count(v)
    if v >= T.HONOR:
        return score + (2.0 if v in values else 0.0)
    base = v - v % 9
    for d, weight in ((-2, 1.0), (-1, 2.0), (1, 2.0), (2, 1.0)):
        w = v + d
        if base <= w < base + 9:
            score += weight * counts[w]
    n = v % 9
    return score + (0.5 if 2 <= n <= 6 else 0.2 if n in (1, 7) else 0.0)


def _safety(view: SeatView, threats: list[int], v: int) -> float:
    """Higher is safer against every riichi player (the least safe one counts)."""
    worst = 1000.0
    for seat in threats:
        r = view.seats[seat]
        genbutsu = r.river_values | r.safe_since_riichi
        if v in genbutsu:
            s = 100.0
        elif v >= T.HONOR:
            s = 50.0 + 10.0 * view.seen[v]
        else:
            n = v % 9
            low = n < 3 or (v - 3) in genbutsu
            high = n > 5 or (v + 3) in genbutsu
            s = 30.0 if low and high else 10.0 if low or high else 0.0
            if n in (0, 8):
                s += 10.0
        worst = min(worst, s)
    return worst
