"""Bots: they see the table (their own tiles, every discard and meld, the dora) and never the
scores, so a hand plays the same under every payment scheme.

- `greedy`: shape efficiency (least shanten, then the most live waits when tenpai, then the least
  useful tile), riichi whenever closed tenpai, pon and open kan of value tiles (more pons once the
  hand is open with a value tile), every closed or added kan, always extracts norths, wins whenever
  it has a yaku (the engine offers only such wins), nine terminals unless eleven kinds are held.
- `defensive`: the same, but facing a riichi with a hand that is not tenpai it folds (folding only
  from two tiles away was measured too: it deals in and busts far more often than the real games):
  it discards the safest tile (tiles discarded since the riichi or by the riichi player first,
  then honours by how many are visible, then suji and terminals) and stops calling.

A bot answers the engine's questions: `discard`, `call`, `kan`, `nuki`, `nine_terminals`, and `ron`
(asked only when the ron is allowed and has a yaku; declining makes the bot furiten like any passed
winning tile: these bots never decline, the hook lets tests force riichi furiten).
"""

from __future__ import annotations

from calc.core import tiles as T
from calc.scoring import shanten as S
from calc.sim.engine import Game, Player

# the first is the default of simulate and compare; `stress` (calc.sim.stress) stacks the deals too,
# for the differential harness: not play to draw statistics from
BOTS = ("calibrated", "greedy", "defensive", "stress")
FOLD_FROM = 1  # shanten at which the defensive bot gives up against a riichi


class Greedy:
    name = "greedy"

    # --- discards ---------------------------------------------------------------------------------
    def discard(self, game, seat: int, may_riichi: bool) -> tuple[int, bool]:
        p = game.players[seat]
        tile = self._efficient(game, p)
        riichi = False
        if may_riichi:
            rest = p.counts[:]
            rest[tile // 4] -= 1
            riichi = game.round.tenpai(seat, rest)  # tenpai as the profile counts it (own kans)
        return tile, riichi

    def _efficient(self, game, p) -> int:
        counts = p.counts
        melds = len(p.melds)
        dora = game.dora_values()
        values = game.value_tiles(p.seat)
        own = p.own_counts()
        best = None
        for v in range(34):
            if not counts[v] or v in game.forbidden:
                continue
            counts[v] -= 1
            s = S.shanten(counts, melds)
            if s == 0:
                live = sum(4 - game.seen[w] - own[w] for w in S.waits(counts))
                key = (s, -live, _usefulness(counts, v, dora, values))
            else:
                key = (s, 0, _usefulness(counts, v, dora, values))
            counts[v] += 1
            if best is None or key < best[0]:
                best = (key, v)
        assert best is not None  # a hand always holds a tile it may throw
        return _copy(game, p, best[1])

    # --- calls and kans -----------------------------------------------------------------------------
    def call(self, game, seat: int, tile: int, discarder: int, options: list[str]) -> str | None:
        p = game.players[seat]
        value = tile // 4
        values = game.value_tiles(seat)
        if value in values:
            return "daiminkan" if "daiminkan" in options and not p.closed else "pon"
        opened_with_value = any(m.value in values for m in p.melds)
        if opened_with_value:
            # the hand already has its yaku: a pon that brings it closer to tenpai is taken
            before = S.shanten(p.counts, len(p.melds))
            p.counts[value] -= 2
            after = min(S.shanten(_without(p.counts, v), len(p.melds) + 1) for v in range(34) if p.counts[v])
            p.counts[value] += 2
            if after < before:
                return "daiminkan" if "daiminkan" in options else "pon"
        return None

    def kan(self, game, seat: int, options: list[tuple[str, int]]) -> tuple[str, int] | None:
        return options[0]

    def nuki(self, game, seat: int) -> bool:
        return True

    def standing(self, scores: tuple[int, ...]) -> tuple[int, ...] | None:
        """What the bot reads of the scores (Game.standing): nothing."""
        return None

    def ron(self, game, seat: int, tile: int) -> bool:
        return True  # wins whenever it has a yaku

    def nine_terminals(self, game, seat: int) -> bool:
        p = game.players[seat]
        return S.kokushi_shanten(p.counts) > 2  # eleven kinds or more: play for thirteen orphans


class Defensive(Greedy):
    name = "defensive"

    def _folding(self, game, seat: int) -> list[int]:
        threats = [s for s in game.riichi_seats(seat)]
        if not threats:
            return []
        p = game.players[seat]
        best = min(S.shanten(_without(p.counts, v), len(p.melds)) for v in range(34) if p.counts[v])
        return threats if best >= FOLD_FROM else []

    def discard(self, game, seat: int, may_riichi: bool) -> tuple[int, bool]:
        threats = self._folding(game, seat)
        if not threats:
            return super().discard(game, seat, may_riichi)
        p = game.players[seat]
        best = max((v for v in range(34) if p.counts[v] and v not in game.forbidden),
                   key=lambda v: (_safety(game, threats, v), -v))
        return _copy(game, p, best), False

    def call(self, game, seat: int, tile: int, discarder: int, options: list[str]) -> str | None:
        if self._folding(game, seat):
            return None
        return super().call(game, seat, tile, discarder, options)

    def kan(self, game, seat: int, options: list[tuple[str, int]]) -> tuple[str, int] | None:
        if self._folding(game, seat):
            return None  # a kan shows a new dora for the riichi player
        return options[0]


def make(name: str):
    if name == "calibrated":
        from calc.sim.calibrated import Calibrated  # it builds on Greedy: imported here, not at the top

        return Calibrated()
    if name == "greedy":
        return Greedy()
    if name == "defensive":
        return Defensive()
    if name == "stress":
        from calc.sim.stress import Stress

        return Stress()
    raise ValueError(f"unknown bot {name!r}")


# --- helpers ---------------------------------------------------------------------------------------
def _without(counts: list[int], v: int) -> list[int]:
    rest = counts[:]
    rest[v] -= 1
    return rest


def _copy(game: Game, p: Player, value: int) -> int:
    """The copy of `value` to give away: a plain one before the red five (the lowest id of each)."""
    plain = red = -1
    reds = game.red
    for t in p.hand:
        if t // 4 == value:
            if t in reds:
                if red < 0 or t < red:
                    red = t
            elif plain < 0 or t < plain:
                plain = t
    return plain if plain >= 0 else red


def _usefulness(counts: list[int], v: int, dora: list[int], values: set[int]) -> float:
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


def _safety(game, threats: list[int], v: int) -> float | None:
    """Higher is safer against every riichi player (the least safe one counts)."""
    worst = None
    for seat in threats:
        r = game.players[seat]
        genbutsu = r.river_values | r.safe_since_riichi
        if v in genbutsu:
            s = 100.0
        elif v >= T.HONOR:
            s = 50.0 + 10.0 * game.seen[v]
        else:
            n = v % 9
            low = n < 3 or (v - 3) in genbutsu
            high = n > 5 or (v + 3) in genbutsu
            s = 30.0 if low and high else 10.0 if low or high else 0.0
            if n in (0, 8):
                s += 10.0
        worst = s if worst is None else min(worst, s)
    return worst
