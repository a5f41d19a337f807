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

Pooled ratios rather than means of per-match ratios: a match with one short dealership or no ron
win at all would otherwise weigh as much as any other, or leave its ratio undefined.
"""

from __future__ import annotations

import math

from calc.sim.run import MatchResult, SchemeResult

BASELINE = "tsumo-loss"
Z95 = 1.96

Estimate = tuple[float, list[float]] | None  # f, and each match's influence on it; None: undefined


def _sd(xs: list[float]) -> float | None:
    if len(xs) < 2:
        return None
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


def mean_estimate(xs: list[float]) -> Estimate:
    if not xs:
        return None
    m = sum(xs) / len(xs)
    return m, [x - m for x in xs]


def ratio_estimate(a: list[float], b: list[float]) -> Estimate:
    """sum(a) / sum(b), pooled over the matches."""
    if not b or not sum(b):
        return None
    r = sum(a) / sum(b)
    mb = sum(b) / len(b)
    return r, [(x - r * y) / mb for x, y in zip(a, b)]


def ratio_of_ratios_estimate(t: list[float], nt: list[float], r: list[float], nr: list[float]) -> Estimate:
    """(sum t / sum nt) / (sum r / sum nr): the average tsumo win's income over the average ron win's."""
    n = len(t)
    if not n or not sum(nt) or not sum(r) or not sum(nr):
        return None
    mt, mnt, mr, mnr = sum(t) / n, sum(nt) / n, sum(r) / n, sum(nr) / n
    f = (mt / mnt) / (mr / mnr)
    grad = (mnr / (mnt * mr), -f / mnt, -f / mr, mt / (mnt * mr))  # d f / d (mt, mnt, mr, mnr)
    means = (mt, mnt, mr, mnr)
    return f, [sum(g * (x - m) for g, x, m in zip(grad, xs, means)) for xs in zip(t, nt, r, nr)]


def rms_estimate(squares: list[float]) -> Estimate:
    """sqrt(mean of the per-match mean squares): the standard deviation of final points about
    their mean, which is zero (uma and oka are zero-sum)."""
    if not squares:
        return None
    v = sum(squares) / len(squares)
    f = math.sqrt(v)
    return f, [(x - v) / (2 * f) if f else 0.0 for x in squares]


def paired(scheme: Estimate, base: Estimate) -> dict:
    """The difference of two estimates on the same matches, with its paired 95% interval."""
    if scheme is None or base is None:
        return {"mean": None, "low": None, "high": None}
    d = scheme[0] - base[0]
    sd = _sd([x - y for x, y in zip(scheme[1], base[1])])
    half = Z95 * sd / math.sqrt(len(scheme[1])) if sd is not None else None
    return {"mean": d, "low": None if half is None else d - half, "high": None if half is None else d + half}


def paired_relative(scheme: Estimate, base: Estimate) -> dict:
    """The relative change f(scheme) / f(base) - 1 on the same matches, with its paired 95% interval
    (delta method: each match's influence is infl_scheme / f_base - f_scheme * infl_base / f_base^2).
    Undefined (None) unless the base figure is positive."""
    if scheme is None or base is None or base[0] <= 0:
        return {"mean": None, "low": None, "high": None}
    (fs, infl_s), (fb, infl_b) = scheme, base
    change = fs / fb - 1
    sd = _sd([x / fb - fs * y / fb ** 2 for x, y in zip(infl_s, infl_b)])
    half = Z95 * sd / math.sqrt(len(infl_s)) if sd is not None else None
    return {"mean": change, "low": None if half is None else change - half,
            "high": None if half is None else change + half}


def estimates(rs: list[SchemeResult], players: int) -> dict:
    """Every figure that has a paired difference, keyed as in `scheme_figures`."""
    seats = range(players)
    return {
        "mean_points": [mean_estimate([r.points[s] for r in rs]) for s in seats],
        "rank_rates": [[mean_estimate([float(r.ranks[s] == k) for r in rs]) for k in range(1, players + 1)]
                       for s in seats],
        "dealer_income_per_dealership": ratio_estimate([r.dealer_income for r in rs], [r.dealerships for r in rs]),
        "tsumo_share_of_ron": ratio_of_ratios_estimate([r.tsumo_income for r in rs], [r.tsumo_wins for r in rs],
                                                       [r.ron_income for r in rs], [r.ron_wins for r in rs]),
        "bust_rate": mean_estimate([float(r.bust) for r in rs]),
        "extension_round_rate": mean_estimate([float(r.extension) for r in rs]),
        "hands_per_match": mean_estimate([float(r.hands) for r in rs]),
        "points_sd": rms_estimate([sum(p * p for p in r.points) / len(r.points) for r in rs]),
    }


def _value(e: Estimate) -> float | None:
    return None if e is None else e[0]


def _values(e):
    """Estimates (nested in per-seat lists) to their values."""
    return [_values(x) for x in e] if isinstance(e, list) else _value(e)


def _paired(mine, base):
    return [_paired(x, y) for x, y in zip(mine, base)] if isinstance(mine, list) else paired(mine, base)


class Comparison:
    """The matches' results under every scheme compared, collected match by match (a plain class, not
    a dataclass: its methods would be generated at every start)."""

    def __init__(self, schemes: tuple[str, ...], players: int = 3,
                 results: dict[str, list[SchemeResult]] | None = None) -> None:
        self.schemes = schemes
        self.players = players
        self.results: dict[str, list[SchemeResult]] = {} if results is None else results

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Comparison) and vars(self) == vars(other)

    def __repr__(self) -> str:
        return f"Comparison(schemes={self.schemes!r}, players={self.players!r}, results={self.results!r})"

    def add(self, m: MatchResult) -> None:
        for scheme in self.schemes:
            self.results.setdefault(scheme, []).append(m.schemes[scheme])

    @property
    def matches(self) -> int:
        return len(self.results.get(self.schemes[0], []))

    def scheme_figures(self, scheme: str) -> dict:
        rs = self.results.get(scheme, [])
        tsumo_wins = sum(r.tsumo_wins for r in rs)
        ron_wins = sum(r.ron_wins for r in rs)
        all_points = [p for r in rs for p in r.points]
        figures = {name: _values(e) for name, e in estimates(rs, self.players).items()}
        return {
            "matches": len(rs),
            **figures,
            "tsumo_average": sum(r.tsumo_income for r in rs) / tsumo_wins if tsumo_wins else None,
            "ron_average": sum(r.ron_income for r in rs) / ron_wins if ron_wins else None,
            "points_percentiles": _percentiles(all_points, (5, 25, 50, 75, 95)),
        }

    def differences(self, scheme: str) -> dict:
        """Paired differences from tsumo-loss of every figure `estimates` lists, same keys and shapes
        as the headline figures: each {"mean", "low", "high"}."""
        base = estimates(self.results[BASELINE], self.players)
        mine = estimates(self.results[scheme], self.players)
        return {name: _paired(mine[name], base[name]) for name in mine}

    def dealer_income_change(self, scheme: str) -> dict:
        """The dealer's income per dealership under `scheme` relative to tsumo-loss's (0.37: 37% more),
        with its paired interval; None values when tsumo-loss's is not positive."""
        key = "dealer_income_per_dealership"
        return paired_relative(estimates(self.results[scheme], self.players)[key],
                               estimates(self.results[BASELINE], self.players)[key])

    def to_dict(self) -> dict:
        return {
            "matches": self.matches,
            "baseline": BASELINE,
            "schemes": {s: {**self.scheme_figures(s), "versus_baseline": self.differences(s) if s != BASELINE else None}
                        for s in self.schemes},
        }


def _percentiles(xs: list[float], ps: tuple[int, ...]) -> dict[str, float | None]:
    if not xs:
        return {str(p): None for p in ps}
    ordered = sorted(xs)
    out = {}
    for p in ps:
        k = (len(ordered) - 1) * p / 100
        lo, hi = math.floor(k), math.ceil(k)
        out[str(p)] = ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)
    return out
