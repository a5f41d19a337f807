"""The figures of `sanma compare`: per scheme, and each scheme's paired difference from tsumo-loss.

Every scheme is settled on the same simulated hands, so a difference is measured match by match
(paired); its 95% interval is mean ± 1.96 · sd / √n of the per-match differences.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from calc.sim.run import MatchResult, SchemeResult

BASELINE = "tsumo-loss"
Z95 = 1.96


def _mean(xs: list[float]) -> float | None:
    return sum(xs) / len(xs) if xs else None


def _sd(xs: list[float]) -> float | None:
    if len(xs) < 2:
        return None
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


def interval(diffs: list[float]) -> dict:
    """Mean difference and its paired 95% interval."""
    m, sd = _mean(diffs), _sd(diffs)
    half = Z95 * sd / math.sqrt(len(diffs)) if sd is not None else None
    return {"mean": m, "low": None if half is None else m - half, "high": None if half is None else m + half}


def _dealer_rate(r: SchemeResult) -> float:
    return r.dealer_income / r.dealerships if r.dealerships else 0.0


def _spread(r: SchemeResult) -> float:
    return _sd(list(r.points)) or 0.0


@dataclass
class Comparison:
    schemes: tuple[str, ...]
    players: int = 3
    results: dict[str, list[SchemeResult]] = field(default_factory=dict)

    def add(self, m: MatchResult) -> None:
        for scheme in self.schemes:
            self.results.setdefault(scheme, []).append(m.schemes[scheme])

    @property
    def matches(self) -> int:
        return len(self.results.get(self.schemes[0], []))

    def scheme_figures(self, scheme: str) -> dict:
        rs = self.results.get(scheme, [])
        n = len(rs)
        seats = range(self.players)
        tsumo_wins = sum(r.tsumo_wins for r in rs)
        ron_wins = sum(r.ron_wins for r in rs)
        tsumo_avg = sum(r.tsumo_income for r in rs) / tsumo_wins if tsumo_wins else None
        ron_avg = sum(r.ron_income for r in rs) / ron_wins if ron_wins else None
        dealerships = sum(r.dealerships for r in rs)
        all_points = [p for r in rs for p in r.points]
        return {
            "matches": n,
            "mean_points": [_mean([r.points[s] for r in rs]) for s in seats],
            "rank_rates": [[sum(1 for r in rs if r.ranks[s] == k) / n if n else None for k in range(1, self.players + 1)]
                           for s in seats],
            "dealer_income_per_dealership": sum(r.dealer_income for r in rs) / dealerships if dealerships else None,
            "tsumo_average": tsumo_avg,
            "ron_average": ron_avg,
            "tsumo_share_of_ron": tsumo_avg / ron_avg if tsumo_avg is not None and ron_avg else None,
            "bust_rate": sum(r.bust for r in rs) / n if n else None,
            "west_rate": sum(r.west for r in rs) / n if n else None,
            "hands_per_match": sum(r.hands for r in rs) / n if n else None,
            "points_sd": _sd(all_points),
            "points_percentiles": _percentiles(all_points, (5, 25, 50, 75, 95)),
        }

    def differences(self, scheme: str) -> dict:
        """Paired differences from tsumo-loss: final points by seat, dealer income per dealership,
        the spread of final points within a match."""
        base = self.results[BASELINE]
        rs = self.results[scheme]
        out = {f"points_seat_{s}": interval([r.points[s] - b.points[s] for r, b in zip(rs, base)])
               for s in range(self.players)}
        out["dealer_income_per_dealership"] = interval([_dealer_rate(r) - _dealer_rate(b) for r, b in zip(rs, base)])
        out["points_spread"] = interval([_spread(r) - _spread(b) for r, b in zip(rs, base)])
        return out

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
