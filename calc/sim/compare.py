"""The figures of `sanma compare`: per scheme, and each scheme's paired difference from tsumo-loss.

Every scheme is settled on the same simulated hands, so a difference is measured match by match
(paired). One estimator serves the headline figure and its difference, so the difference column is
always exactly (scheme's figure) - (tsumo-loss's figure):

- a figure is a smooth function f of the means of per-match quantities: a plain mean (final points,
  rank, bust and extension-round indicators, hands), a pooled ratio (dealer income over all
  dealerships; tsumo income per tsumo win over ron income per ron win) or the root mean square of
  final points (their standard deviation: the points of a match sum to zero);
- the difference is f(scheme) - f(tsumo-loss), and its 95% interval comes from the delta method:
  each match's influence on f is grad f . (x_i - mean), and the paired interval is
  difference +- 1.96 * sd(influence under the scheme - influence under tsumo-loss) / sqrt(n).
  For a plain mean the influence is x_i - mean, so this is the usual paired interval of the
  per-match differences.

The influences' spread is read from the quantities' sample covariances, which `Moments`
(calc.sim.stats) keeps match by match: a comparison holds the same few numbers per scheme whatever
the number of matches, and two comparisons of the same schemes pool into one (`pooled`), exactly as
one run of all their matches. Final points are kept as counts of each value, for the percentiles.

Pooled ratios rather than means of per-match ratios: a match with one short dealership or no ron
win at all would otherwise weigh as much as any other, or leave its ratio undefined.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Iterable, NamedTuple

from calc.sim.run import MatchResult, SchemeResult
from calc.sim.stats import Moments

BASELINE = "tsumo-loss"
Z95 = 1.96


class Layout(NamedTuple):
    """Where each per-match quantity of one scheme sits in its vector (`quantities`)."""

    players: int

    @property
    def points(self) -> range:
        return range(self.players)

    def rank(self, seat: int, k: int) -> int:
        """Coordinate of the indicator 'seat finished (k+1)-th'."""
        return self.players + seat * self.players + k

    @property
    def first_scalar(self) -> int:
        return self.players + self.players * self.players

    # the scalars after the points and the rank indicators, in this order
    SCALARS = ("dealer_income", "dealerships", "tsumo_income", "tsumo_wins", "ron_income", "ron_wins", "bust",
               "extension", "hands", "square")

    def at(self, name: str) -> int:
        return self.first_scalar + self.SCALARS.index(name)

    @property
    def size(self) -> int:
        return self.first_scalar + len(self.SCALARS)

    def groups(self) -> list[tuple[int, ...]]:
        """The coordinates each figure is a function of: only their covariances are kept."""
        at = self.at
        return [*((p,) for p in self.points),
                *((self.rank(s, k),) for s in self.points for k in range(self.players)),
                (at("dealer_income"), at("dealerships")),
                (at("tsumo_income"), at("tsumo_wins"), at("ron_income"), at("ron_wins")),
                (at("bust"),), (at("extension"),), (at("hands"),), (at("square"),)]


def quantities(r: SchemeResult, layout: Layout) -> list[float]:
    """One match under one scheme as the vector of per-match quantities the figures are made of."""
    players = layout.players
    ranks = [0.0] * (players * players)
    for seat, rank in enumerate(r.ranks):
        ranks[seat * players + rank - 1] = 1.0
    return [*map(float, r.points), *ranks, float(r.dealer_income), float(r.dealerships), float(r.tsumo_income),
            float(r.tsumo_wins), float(r.ron_income), float(r.ron_wins), float(r.bust), float(r.extension),
            float(r.hands), sum(p * p for p in r.points) / len(r.points)]


# A figure's estimate: its value and its gradient (coordinate -> weight) over the scheme's vector;
# None where the figure is undefined (no dealership, no ron win).
Estimate = tuple[float, dict[int, float]] | None


def _mean(sums: list[float], n: int, i: int) -> Estimate:
    return sums[i] / n, {i: 1.0}


def _ratio(sums: list[float], n: int, a: int, b: int) -> Estimate:
    """The sum of a over the sum of b, pooled over the matches."""
    if not sums[b]:
        return None
    r = sums[a] / sums[b]
    mb = sums[b] / n
    return r, {a: 1 / mb, b: -r / mb}


def _ratio_of_ratios(sums: list[float], n: int, t: int, nt: int, r: int, nr: int) -> Estimate:
    """(sum t / sum nt) / (sum r / sum nr): the average tsumo win's income over the average ron win's."""
    if not sums[nt] or not sums[r] or not sums[nr]:
        return None
    mt, mnt, mr, mnr = (sums[i] / n for i in (t, nt, r, nr))
    f = (sums[t] / sums[nt]) / (sums[r] / sums[nr])
    return f, {t: mnr / (mnt * mr), nt: -f / mnt, r: -f / mr, nr: mt / (mnt * mr)}


def _rms(sums: list[float], n: int, i: int) -> Estimate:
    """sqrt(the mean of the per-match mean squares): the standard deviation of final points about
    their mean, which is zero (uma and oka are zero-sum)."""
    f = math.sqrt(max(sums[i] / n, 0.0))
    return f, {i: 1 / (2 * f) if f else 0.0}


def estimates(sums: list[float], n: int, layout: Layout) -> dict:
    """Every figure that has a paired difference, from the sums of the quantities over n matches
    (n > 0), keyed as in `scheme_figures` (per-seat lists)."""
    seats = layout.points
    at = layout.at
    return {
        "mean_points": [_mean(sums, n, s) for s in seats],
        "rank_rates": [[_mean(sums, n, layout.rank(s, k)) for k in range(layout.players)] for s in seats],
        "dealer_income_per_dealership": _ratio(sums, n, at("dealer_income"), at("dealerships")),
        "tsumo_share_of_ron": _ratio_of_ratios(sums, n, at("tsumo_income"), at("tsumo_wins"), at("ron_income"),
                                               at("ron_wins")),
        "bust_rate": _mean(sums, n, at("bust")),
        "extension_round_rate": _mean(sums, n, at("extension")),
        "hands_per_match": _mean(sums, n, at("hands")),
        "points_sd": _rms(sums, n, at("square")),
    }


NONE = {"mean": None, "low": None, "high": None}


def _interval(value: float, weights: dict[int, float], moments: Moments) -> dict:
    """value with its 95% interval, the influence's spread read from the moments (n > 1)."""
    if moments.n < 2:
        return {"mean": value, "low": None, "high": None}
    half = Z95 * math.sqrt(moments.variance_of(weights) / moments.n)
    return {"mean": value, "low": value - half, "high": value + half}


def _values(e):
    """Estimates (nested in per-seat lists) to their values."""
    return [_values(x) for x in e] if isinstance(e, list) else (None if e is None else e[0])


def _paired(mine, base, moments: Moments, shift: int):
    """The difference of two estimates on the same matches, with its paired 95% interval: the
    scheme's coordinates first in the joint vector, tsumo-loss's `shift` after them."""
    if isinstance(mine, list):
        return [_paired(x, y, moments, shift) for x, y in zip(mine, base)]
    if mine is None or base is None:
        return dict(NONE)
    weights = dict(mine[1])
    for i, w in base[1].items():
        weights[i + shift] = weights.get(i + shift, 0.0) - w
    return _interval(mine[0] - base[0], weights, moments)


class Comparison:
    """The matches' results under every scheme compared, accumulated match by match (`add`): for
    each scheme the moments of its quantities beside tsumo-loss's (the same matches) and the counts
    of each final points value. A plain class, not a dataclass: its methods would be generated at
    every start."""

    def __init__(self, schemes: tuple[str, ...], players: int = 3) -> None:
        if BASELINE not in schemes:
            schemes = (BASELINE, *schemes)
        self.schemes = schemes
        self.players = players
        self.layout = Layout(players)
        size = self.layout.size
        pairs = [(i + a, j + b) for group in self.layout.groups() for i in group for j in group
                 for a in (0, size) for b in (0, size)]
        self.moments = {s: Moments(2 * size, pairs) for s in schemes}
        self.points = {s: [Counter() for _ in range(players)] for s in schemes}  # final points value -> matches

    @classmethod
    def of(cls, results: dict[str, list[SchemeResult]], players: int = 3) -> Comparison:
        """The comparison of matches given as each scheme's results, in the same match order."""
        c = cls(tuple(results), players)
        for k, _ in enumerate(results[BASELINE]):
            c.add_results({s: rs[k] for s, rs in results.items()})
        return c

    def add(self, m: MatchResult) -> None:
        self.add_results(m.schemes)

    def add_results(self, results: dict[str, SchemeResult]) -> None:
        """One match (or real game) under every scheme."""
        base = quantities(results[BASELINE], self.layout)
        for scheme in self.schemes:
            r = results[scheme]
            own = base if scheme == BASELINE else quantities(r, self.layout)
            self.moments[scheme].add(own + base)
            for seat, p in enumerate(r.points):
                self.points[scheme][seat][p] += 1

    def pooled(self, other: Comparison) -> Comparison:
        """Both comparisons' matches as one comparison (the same schemes and players): its figures
        and intervals are those one run of all the matches would give."""
        if other.schemes != self.schemes or other.players != self.players:
            raise ValueError(f"comparisons of other schemes do not pool: {self.schemes} and {other.schemes}")
        out = Comparison(self.schemes, self.players)
        for s in self.schemes:
            out.moments[s] = self.moments[s].pooled(other.moments[s])
            out.points[s] = [a + b for a, b in zip(self.points[s], other.points[s])]
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Comparison) and (self.schemes, self.players, self.moments, self.points) == (
            other.schemes, other.players, other.moments, other.points)

    def __repr__(self) -> str:
        return f"Comparison(schemes={self.schemes!r}, players={self.players!r}, matches={self.matches})"

    @property
    def matches(self) -> int:
        return self.moments[BASELINE].n

    def _own(self, scheme: str) -> list[float]:
        """The sums of the scheme's own quantities over the matches."""
        return self.moments[scheme].sums[: self.layout.size]

    def _estimates(self, scheme: str) -> dict:
        return estimates(self._own(scheme), self.matches, self.layout)

    def seat_points(self, scheme: str, seat: int) -> Counter:
        """How many matches ended with each final points value for `seat` under `scheme`."""
        return self.points[scheme][seat]

    def scheme_figures(self, scheme: str) -> dict:
        if not self.matches:  # every figure undefined, in its shape
            shapes = estimates([0.0] * self.layout.size, 1, self.layout)
            return {"matches": 0, **{name: _nones(e) for name, e in shapes.items()}, "tsumo_average": None,
                    "ron_average": None, "points_percentiles": _percentiles(Counter(), (5, 25, 50, 75, 95))}
        sums = self._own(scheme)
        at = self.layout.at
        tsumo_wins, ron_wins = sums[at("tsumo_wins")], sums[at("ron_wins")]
        every = sum(self.points[scheme], Counter())
        return {
            "matches": self.matches,
            **{name: _values(e) for name, e in self._estimates(scheme).items()},
            "tsumo_average": sums[at("tsumo_income")] / tsumo_wins if tsumo_wins else None,
            "ron_average": sums[at("ron_income")] / ron_wins if ron_wins else None,
            "points_percentiles": _percentiles(every, (5, 25, 50, 75, 95)),
        }

    def differences(self, scheme: str) -> dict:
        """Paired differences from tsumo-loss of every figure `estimates` lists, same keys and shapes
        as the headline figures: each {"mean", "low", "high"}."""
        mine, base = self._estimates(scheme), self._estimates(BASELINE)
        moments = self.moments[scheme]
        return {name: _paired(mine[name], base[name], moments, self.layout.size) for name in mine}

    def level(self, scheme: str, name: str) -> dict:
        """A scheme's own figure `name` (not per seat) with its 95% interval over the matches."""
        e = self._estimates(scheme)[name]
        return dict(NONE) if e is None else _interval(e[0], e[1], self.moments[scheme])

    def dealer_income_change(self, scheme: str) -> dict:
        """The dealer's income per dealership under `scheme` relative to tsumo-loss's (0.37: 37% more),
        with its paired interval (delta method: each match's influence is infl_scheme / f_base -
        f_scheme * infl_base / f_base^2); None values when tsumo-loss's is not positive."""
        key = "dealer_income_per_dealership"
        mine, base = self._estimates(scheme)[key], self._estimates(BASELINE)[key]
        if mine is None or base is None or base[0] <= 0:
            return dict(NONE)
        (fs, gs), (fb, gb) = mine, base
        weights = {i: w / fb for i, w in gs.items()}
        for i, w in gb.items():
            weights[i + self.layout.size] = weights.get(i + self.layout.size, 0.0) - fs * w / fb ** 2
        return _interval(fs / fb - 1, weights, self.moments[scheme])

    def to_dict(self) -> dict:
        return {
            "matches": self.matches,
            "baseline": BASELINE,
            "schemes": {s: {**self.scheme_figures(s), "versus_baseline": self.differences(s) if s != BASELINE else None}
                        for s in self.schemes},
        }


def _nones(value):
    """None in the shape of `value` (per-seat lists of estimates)."""
    return [_nones(v) for v in value] if isinstance(value, list) else None


def sorted_values(counts: Counter) -> list[tuple[float, int]]:
    return sorted(counts.items())


def value_at(counts: Iterable[tuple[float, int]], k: int) -> float:
    """The k-th smallest value (from 0) of the values counted."""
    for value, count in counts:
        if k < count:
            return value
        k -= count
    raise IndexError(k)


def _percentiles(counts: Counter, ps: tuple[int, ...]) -> dict[str, float | None]:
    """Linear interpolation between the closest ranks, as numpy's default percentile."""
    total = sum(counts.values())
    if not total:
        return {str(p): None for p in ps}
    ordered = sorted_values(counts)
    out = {}
    for p in ps:
        k = (total - 1) * p / 100
        lo, hi = math.floor(k), math.ceil(k)
        low, high = value_at(ordered, lo), value_at(ordered, hi)
        out[str(p)] = low + (high - low) * (k - lo)
    return out


MORE_DIGITS = 3  # at most this many digits beyond a figure's own to show a told interval clear of zero


def bounds(low: float, high: float, digits: int, *, signed: bool = False) -> tuple[str, str]:
    """An interval's ends as text, rounded outward (the low end down, the high end up), so that what
    is printed holds the interval; an interval clear of zero is given as many more digits as it takes
    (up to MORE_DIGITS) for its printed ends to be clear of zero too: a difference called certain
    never prints an end of 0.0."""
    sign = "+" if signed else ""
    for places in range(digits, digits + MORE_DIGITS + 1):
        scale = 10 ** places
        # a hair inside first: 0.91 * 100 is 91.00000000000001 in binary, whose ceiling is 92
        lo, hi = math.floor(low * scale + 1e-9) / scale, math.ceil(high * scale - 1e-9) / scale
        if not (low > 0 or high < 0) or (lo > 0 or hi < 0):
            break
    return f"{lo:{sign}.{places}f}", f"{hi:{sign}.{places}f}"
