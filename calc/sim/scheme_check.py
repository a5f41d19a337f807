"""The scheme effects of simulated play checked against real games: `sanma compare --logs PATH...
--simulated N`.

The simulated matches are measured exactly as `compare --logs` measures real games: every scheme
settles the baseline's hands as they were played (calc.sim.run, `as_played`), ending where its own
scores end the match and standing after the baseline's last hand, so that the two sides differ only
by the hands themselves (how often and how big the tsumo wins, the deal-ins and the busts are).

For each scheme and each figure a club decides by (dealer income per dealership, the tsumo/ron
income ratio, the bust rate, hands per match) the check sets the simulated figure beside the real
one, each with its 95% interval (calc.sim.compare's delta method over matches), and likewise the
scheme's effect (its paired difference from tsumo-loss). The two sides are independent samples, so
they agree when their difference is inside 1.96 * sqrt(se_simulated^2 + se_real^2).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from calc.sim.compare import BASELINE, Z95, Comparison

FIGURES = ("dealer_income_per_dealership", "tsumo_share_of_ron", "bust_rate", "hands_per_match")
LABELS = {"dealer_income_per_dealership": "dealer income per dealership", "tsumo_share_of_ron": "tsumo/ron income",
          "bust_rate": "bust rate", "hands_per_match": "hands per match"}
KINDS = {"dealer_income_per_dealership": "int", "tsumo_share_of_ron": "pct", "bust_rate": "pct",
         "hands_per_match": "num"}


@dataclass(frozen=True)
class Estimate:
    value: float
    half: float  # the 95% half-width

    @property
    def se(self) -> float:
        return self.half / Z95


@dataclass(frozen=True)
class SchemeFigure:
    scheme: str
    figure: str
    effect: bool  # False: the scheme's own figure; True: its difference from tsumo-loss
    real: Estimate
    simulated: Estimate

    @property
    def difference(self) -> Estimate:
        return Estimate(self.simulated.value - self.real.value,
                        Z95 * math.sqrt(self.simulated.se ** 2 + self.real.se ** 2))

    @property
    def agrees(self) -> bool:
        d = self.difference
        return abs(d.value) <= d.half


def _level(c: Comparison, scheme: str, name: str) -> Estimate:
    d = c.level(scheme, name)
    return Estimate(d["mean"], (d["high"] - d["low"]) / 2)


def _effect(c: Comparison, scheme: str, name: str) -> Estimate:
    d = c.differences(scheme)[name]
    return Estimate(d["mean"], (d["high"] - d["low"]) / 2)


def check(simulated: Comparison, real: Comparison) -> list[SchemeFigure]:
    """A row per scheme the two comparisons share and per figure: the scheme's own figure, then
    (but for tsumo-loss) its effect."""
    rows = []
    for scheme in (s for s in real.schemes if s in simulated.schemes):
        for name in FIGURES:
            rows.append(SchemeFigure(scheme, name, False, _level(real, scheme, name), _level(simulated, scheme, name)))
        if scheme != BASELINE:
            for name in FIGURES:
                rows.append(SchemeFigure(scheme, name, True, _effect(real, scheme, name), _effect(simulated, scheme, name)))
    return rows


def _fmt(e: Estimate, figure: str, effect: bool) -> str:
    sign = "+" if effect else ""
    kind = KINDS[figure]
    if kind == "pct":
        scale, digits, unit = 100, 1, "" if effect else "%"
    else:
        scale, digits, unit = 1, 0 if kind == "int" else 2, ""
    return f"{scale * e.value:{sign}.{digits}f}{unit} ±{scale * e.half:.{digits}f}"


def text(rows: list[SchemeFigure], setup_line: str, *, width: int | None = None) -> str:
    from calc.core import layout

    out = [*layout.lines(setup_line, width), ""]
    for effect, title in ((False, "each scheme's figures (95% intervals; shares in %):"),
                          (True, f"each scheme's effect: its difference from {BASELINE} (paired 95% intervals; "
                                 f"shares in percentage points):")):
        table = [(r.scheme, LABELS[r.figure], _fmt(r.real, r.figure, effect), _fmt(r.simulated, r.figure, effect),
                  _fmt(r.difference, r.figure, True), "yes" if r.agrees else "NO")
                 for r in rows if r.effect == effect]
        if table:
            out += [*layout.lines(title, width),
                    layout.fit(table, ["scheme", "figure", "real", "simulated", "simulated\n- real", "agree"],
                               width=width, wrap=(1,), keep=2, tablefmt="simple", disable_numparse=True), ""]
    misses = [r for r in rows if not r.agrees]
    for r in misses:
        what = "effect on the " if r.effect else ""
        out += layout.lines(f"warning: {r.scheme}'s {what}{LABELS[r.figure]}: simulated "
                            f"{_fmt(r.simulated, r.figure, r.effect)} against real {_fmt(r.real, r.figure, r.effect)}",
                            width, "  ")
    if not misses:
        out += layout.lines("every simulated figure agrees with the real games' within their intervals", width, "  ")
    return "\n".join(out)


def as_dict(rows: list[SchemeFigure]) -> list[dict]:
    def est(e: Estimate) -> dict:
        return {"value": e.value, "low": e.value - e.half, "high": e.value + e.half}

    return [{"scheme": r.scheme, "figure": r.figure, "effect": r.effect, "real": est(r.real),
             "simulated": est(r.simulated), "difference": est(r.difference), "agrees": r.agrees} for r in rows]
