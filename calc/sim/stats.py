"""Summary statistics of many hands and matches, the same for simulated games and real records.

`Tally` keeps raw counts only, so tallies of separate matches add up in any grouping and the
figures (`figures()`) are computed once at the end. `Moments` keeps, for a vector of per-match
quantities, their means and the co-moments an interval needs, match by match: a run's intervals
cost the same memory whatever its length, and two runs' moments pool into those of both.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from calc.scoring.value import LIMITS

NOT_YAKU = ("dora", "ura", "aka")  # han, but not yaku (rules.md §3): left out of the yaku frequencies
BELOW_MANGAN = "below_mangan"
LIMIT_SHARES = (BELOW_MANGAN, *LIMITS)  # the value classes of a win (kazoe counts as yakuman)


class Tally:
    """The counts behind a simulation's figures (or the real games'), added up match by match. A plain
    class, not a dataclass (whose methods would be generated at every start): every count is a
    keyword of `__init__`, equal when every count is."""

    def __init__(self, players: int = 3, matches: int = 0, hands: int = 0, win_hands: int = 0, wins: int = 0,
                 tsumo: int = 0, deal_ins: int = 0, exhaustive: int = 0, nagashi: int = 0, aborts: int = 0,
                 han: int = 0, points: int = 0, yakuman: int = 0, riichi: int = 0, nuki: int = 0,
                 nuki_known: bool = True, winner_nuki: int = 0, calls: int = 0, busts: int = 0, extension: int = 0,
                 yaku: Counter | None = None, limits: Counter | None = None, ends: Counter | None = None) -> None:
        self.players = players
        self.matches = matches
        self.hands = hands
        self.win_hands = win_hands  # hands that ended in a win (a double ron counts once)
        self.wins = wins  # winners (a double ron counts twice)
        self.tsumo = tsumo
        self.deal_ins = deal_ins  # hands won by ron (the discarder dealt in)
        self.exhaustive = exhaustive  # exhaustive draws, nagashi mangan included
        self.nagashi = nagashi
        self.aborts = aborts
        self.han = han  # over the wins; a yakuman counts 13 per yakuman
        self.points = points  # over the wins: the hand's value without honba and sticks
        self.yakuman = yakuman
        self.riichi = riichi  # riichi declarations that stood
        self.nuki = nuki  # norths extracted, every seat (None in `figures` when not known)
        self.nuki_known = nuki_known
        self.winner_nuki = winner_nuki
        self.calls = calls  # pon and open kan
        self.busts = busts
        self.extension = extension  # matches that went into the extension round (West of a half game, South of an east game)
        self.yaku = Counter() if yaku is None else yaku
        self.limits = Counter() if limits is None else limits  # wins by value class (LIMIT_SHARES)
        # matches by the rule that ended them (calc.table.match: bust, agari-yame, tenpai-yame, ...);
        # empty where the games were not played through the match flow (the real games' truth files)
        self.ends = Counter() if ends is None else ends

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tally) and vars(self) == vars(other)

    def __repr__(self) -> str:
        return f"Tally({', '.join(f'{name}={value!r}' for name, value in vars(self).items())})"

    def add(self, other: Tally) -> None:
        for name, value in vars(other).items():
            if name in ("yaku", "limits", "ends"):
                getattr(self, name).update(value)
            elif name == "nuki_known":
                self.nuki_known = self.nuki_known and value
            elif name != "players":
                setattr(self, name, getattr(self, name) + value)

    def figures(self) -> dict:
        def share(a: int, b: int) -> float | None:
            return a / b if b else None

        return {
            "matches": self.matches,
            "hands": self.hands,
            "hands_per_match": share(self.hands, self.matches),
            "win_rate": share(self.win_hands, self.hands),
            "tsumo_share": share(self.tsumo, self.wins),
            "deal_in_rate": share(self.deal_ins, self.hands * self.players),
            "draw_rate": share(self.exhaustive, self.hands),
            "nagashi_rate": share(self.nagashi, self.hands),
            "abort_rate": share(self.aborts, self.hands),
            "average_han": share(self.han, self.wins),
            "average_points": share(self.points, self.wins),
            "yakuman_rate": share(self.yakuman, self.wins),
            "riichi_per_hand": share(self.riichi, self.hands),
            "calls_per_hand": share(self.calls, self.hands),
            "norths_per_hand": share(self.nuki, self.hands) if self.nuki_known else None,
            "norths_per_win": share(self.winner_nuki, self.wins),
            "bust_rate": share(self.busts, self.matches),
            "extension_round_rate": share(self.extension, self.matches),
            "yaku": {name: count / self.wins for name, count in sorted(self.yaku.items())} if self.wins else {},
            "limit_shares": {name: self.limits[name] / self.wins for name in LIMIT_SHARES} if self.wins else {},
            **({"ends": {reason: count / self.matches for reason, count in sorted(self.ends.items())}}
               if self.ends else {}),
        }


def limit_class(limit: str | None) -> str:
    """The value class of a win from its limit (calc.scoring.value), as LIMIT_SHARES names them."""
    return limit or BELOW_MANGAN


# Each banded figure (calc.sim.realism) as a pooled ratio of per-match counts, for its sampling
# spread: the numerator and denominator of one match's Tally.
RATIOS = {
    "tsumo_share": lambda t: (t.tsumo, t.wins),
    "deal_in_rate": lambda t: (t.deal_ins, t.hands * t.players),
    "win_rate": lambda t: (t.win_hands, t.hands),
    "draw_rate": lambda t: (t.exhaustive, t.hands),
    "riichi_per_hand": lambda t: (t.riichi, t.hands),
    "calls_per_hand": lambda t: (t.calls, t.hands),
    "bust_rate": lambda t: (t.busts, 1),
    "average_points": lambda t: (t.points, t.wins),
    "hands_per_match": lambda t: (t.hands, 1),
    **{f"limit_shares.{name}": (lambda t, name=name: (t.limits[name], t.wins)) for name in LIMIT_SHARES},
}


def figure(figures: dict, key: str) -> float | None:
    """A figure of Tally.figures() by its RATIOS key ("limit_shares.mangan" reads a nested share)."""
    if "." in key:
        group, name = key.split(".", 1)
        return figures.get(group, {}).get(name)
    return figures.get(key)


class Moments:
    """The count, sums and co-moments (sums of products of deviations from the mean) of a vector of
    per-match quantities, for the pairs of coordinates asked for: what the means, and the sample
    covariance of any two coordinates, and so a delta-method interval, are read from. The means are
    the plain sums over the count (a figure is the same number a list of the matches gives); the
    co-moments are updated one match at a time about the running mean (Welford's method, stable
    where a mean is far from zero). Two pool into the moments of both (Chan, Golub and LeVeque's
    formula), as if one had seen every match of the other."""

    __slots__ = ("n", "sums", "running", "pairs", "index", "co")

    def __init__(self, size: int, pairs: Iterable[tuple[int, int]]) -> None:
        self.n = 0
        self.sums = [0.0] * size
        self.running = [0.0] * size  # the running mean the co-moments are taken about
        self.pairs = tuple(sorted({(min(i, j), max(i, j)) for i, j in pairs}))
        self.index = {pair: k for k, pair in enumerate(self.pairs)}
        self.co = [0.0] * len(self.pairs)

    @property
    def means(self) -> list[float]:
        return [s / self.n for s in self.sums] if self.n else [0.0] * len(self.sums)

    def add(self, x: Sequence[float]) -> None:
        self.n += 1
        n = self.n
        running = self.running
        before = [v - m for v, m in zip(x, running)]
        for i, d in enumerate(before):
            running[i] += d / n
            self.sums[i] += x[i]
        after = [v - m for v, m in zip(x, running)]
        co = self.co
        for k, (i, j) in enumerate(self.pairs):
            co[k] += before[i] * after[j]

    def pooled(self, other: Moments) -> Moments:
        """The moments of both runs' matches together."""
        if other.pairs != self.pairs or len(other.sums) != len(self.sums):
            raise ValueError("moments of different quantities do not pool")
        out = Moments(len(self.sums), self.pairs)
        n = self.n + other.n
        out.n = n
        out.sums = [a + b for a, b in zip(self.sums, other.sums)]
        if not n:
            return out
        delta = [b - a for a, b in zip(self.running, other.running)]
        out.running = [a + d * other.n / n for a, d in zip(self.running, delta)]
        weight = self.n * other.n / n
        out.co = [a + b + delta[i] * delta[j] * weight for (i, j), a, b in zip(self.pairs, self.co, other.co)]
        return out

    def covariance(self, i: int, j: int) -> float:
        """The sample covariance (n - 1) of coordinates i and j; a pair not asked for raises KeyError."""
        return self.co[self.index[(min(i, j), max(i, j))]] / (self.n - 1)

    def variance_of(self, weights: dict[int, float]) -> float:
        """The sample variance of the weighted sum of coordinates (weights by coordinate): the
        variance of a match's influence on a figure, its gradient given as the weights."""
        items = list(weights.items())
        total = size = 0.0
        for a, (i, wi) in enumerate(items):
            for j, wj in items[a:]:
                term = (1 if i == j else 2) * wi * wj * self.covariance(i, j)
                total += term
                size += abs(term)
        # what rounding leaves of terms that cancel (a scheme that paid every match alike) is zero
        return total if total > 1e-12 * size else 0.0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Moments) and (self.n, self.sums, self.pairs, self.co) == (
            other.n, other.sums, other.pairs, other.co)

    def __repr__(self) -> str:
        return f"Moments(n={self.n}, means={self.means!r})"
