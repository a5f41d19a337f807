"""The realism check beside every simulated comparison: how far each headline figure of the
simulated play is from the same figure of the real Tenhou games (calc.sim.truth.reference: 3,001
games, and the 201 of tests/data for calls per hand), and a warning for every figure outside its band.

A scheme comparison is made of tsumo wins (the only thing the schemes pay differently), so it is
only as good as the share and size of those wins (points per win and the shares of wins at each
limit), and the matches they end (busts, hands per match).

The band of a figure is the real figure's 95% sampling interval widened by that of the run's own
simulation of n matches, both computed from the figure's spread over games s (the standard
deviation of one game's influence on the figure, measured on the 201 games of tests/data, `spread`):

    band = 1.96 * s * (1 / sqrt(n_real) + 1 / sqrt(n))

n_real being the real games the figure comes from (3,001; 201 for calls per hand). A bot that plays
exactly like the real players is inside every band of a run of any length but for chance far rarer
than 1 in 100 per figure: a short run is judged by the wider band its own few matches allow, not by
a band sized for a long one. docs/simulate.md's table gives the bands of 2,000-match runs.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from calc.sim.compare import Z95
from calc.sim.report import FIGURE_ROWS, MATCH_LEVEL, YAKU_SHOWN, real_note
from calc.sim.stats import RATIOS, Moments, Tally, figure

BAND_MATCHES = 2000  # the simulation size docs/simulate.md's bands allow for (a calibration run)
LABELS = {key: text for text, key, _ in FIGURE_ROWS}
KINDS = {key: kind for _, key, kind in FIGURE_ROWS}


class Spreads:
    """Each banded figure's numerator and denominator (RATIOS), their moments over the matches (or
    games) added one at a time: what the figure's spread over matches is read from, whatever the
    number of matches."""

    def __init__(self) -> None:
        self.moments = {key: Moments(2, ((0, 0), (0, 1), (1, 1))) for key in RATIOS}

    @classmethod
    def of(cls, tallies: list[Tally]) -> Spreads:
        out = cls()
        for t in tallies:
            out.add(t)
        return out

    def add(self, tally: Tally) -> None:
        for key, ratio in RATIOS.items():
            self.moments[key].add(ratio(tally))

    def pooled(self, other: Spreads) -> Spreads:
        """The spreads of both runs' matches together."""
        out = Spreads()
        out.moments = {key: m.pooled(other.moments[key]) for key, m in self.moments.items()}
        return out

    @property
    def matches(self) -> int:
        return next(iter(self.moments.values())).n

    def spread(self, key: str) -> float | None:
        """The standard deviation over matches of a match's influence on the pooled ratio RATIOS[key]
        (a - r b) / mean(b): the delta method, as calc.sim.compare does for the comparison's figures."""
        m = self.moments[key]
        means = m.means
        if m.n < 2 or not means[1]:
            return None
        r = means[0] / means[1]
        return math.sqrt(m.variance_of({0: 1 / means[1], 1: -r / means[1]}))

    def interval(self, key: str) -> float | None:
        """The 95% half-width of a banded figure over the matches run."""
        s = self.spread(key)
        return None if s is None else Z95 * s / math.sqrt(self.matches)


def spread(key: str, tallies: list[Tally]) -> float | None:
    """A banded figure's spread over the matches (or games) of `tallies`, one Tally each."""
    return Spreads.of(tallies).spread(key)


def band(key: str, reference: dict, matches: int = BAND_MATCHES) -> float:
    """The half-width of a figure's band (the module's formula), for a run of `matches`."""
    s = reference["spread"][key]
    return Z95 * s * (1 / math.sqrt(reference["games"][key]) + 1 / math.sqrt(matches))


class BandedFigure(NamedTuple):  # not a dataclass: its methods would be generated at every start
    """One banded figure checked: simulated against real, the distance and whether it is inside its band."""

    key: str
    simulated: float | None
    real: float | None
    distance: float | None  # simulated - real
    band: float
    inside: bool | None  # None: not comparable (no figure, or a match-level figure of another length)
    interval: float | None = None  # the simulated figure's 95% half-width


def check(simulated: dict, reference: dict, *, length: str = "hanchan", spreads: Spreads | None = None,
          matches: int = BAND_MATCHES) -> list[BandedFigure]:
    """Each banded figure's row, its band for a run of `matches`; with the run's `spreads`, each
    figure's 95% interval too, and the band for the matches they were taken over."""
    rows = []
    if spreads is not None and spreads.matches:
        matches = spreads.matches
    for key in RATIOS:
        sim, ref = figure(simulated, key), figure(reference["figures"], key)
        half_width = band(key, reference, matches)
        if sim is None or ref is None or (length != "hanchan" and key in MATCH_LEVEL):
            rows.append(BandedFigure(key, sim, ref, None, half_width, None))
            continue
        distance = sim - ref
        rows.append(BandedFigure(key, sim, ref, distance, half_width, abs(distance) <= half_width,
                                 spreads.interval(key) if spreads is not None else None))
    return rows


def yaku_distances(simulated: dict, real: dict) -> list[tuple[str, float, float, float]]:
    """(yaku, simulated share, real share, distance) for the yaku at YAKU_SHOWN or more in either."""
    sim, ref = simulated.get("yaku", {}), real.get("yaku", {})
    names = sorted(set(sim) | set(ref), key=lambda n: (-max(sim.get(n, 0), ref.get(n, 0)), n))
    return [(n, sim.get(n, 0.0), ref.get(n, 0.0), sim.get(n, 0.0) - ref.get(n, 0.0))
            for n in names if max(sim.get(n, 0), ref.get(n, 0)) >= YAKU_SHOWN]


def _value(value: float | None, kind: str) -> str:
    if value is None:
        return "-"
    return f"{100 * value:.1f}%" if kind == "pct" else f"{value:.0f}" if kind == "int" else f"{value:.2f}"


def _amount(value: float, key: str, sign: str) -> str:
    """A distance or half-width in the figure's unit: percentage points for shares."""
    kind = KINDS[key]
    if kind == "pct":
        return f"{100 * value:{sign}.1f} pts"
    return f"{value:{sign}.0f}" if kind == "int" else f"{value:{sign}.2f}"


def _distance(row: BandedFigure) -> str:
    return "n/a" if row.distance is None else _amount(row.distance, row.key, "+")


def _interval(row: BandedFigure) -> str:
    if row.interval is None or row.distance is None:
        return "-"
    return "±" + _amount(row.interval, row.key, "")


def _band(row: BandedFigure) -> str:
    return "±" + _amount(row.band, row.key, "")


def warnings(rows: list[BandedFigure]) -> list[str]:
    out = []
    for r in rows:
        if r.inside is not False:
            continue
        text = (f"warning: {LABELS[r.key]} {_value(r.simulated, KINDS[r.key])} is {_distance(r)} from the real "
                f"games' {_value(r.real, KINDS[r.key])}, outside its band ({_band(r)})")
        if r.interval is not None and r.interval >= r.band:
            text += f"; with these few matches its 95% interval ({_interval(r)}) is wider than the band"
        out.append(text)
    return out


# Bots whose figures are not play to hold to the real games: the stress table stacks its deals so
# that rare hands come often (calc.sim.stress).
NOT_HELD = {"stress": "the stress bots play stacked deals that make rare hands common: a test table, not play "
                      "to hold to the real games"}


def not_held_text(bots: str) -> str | None:
    """Why the realism check is not made for these bots, or None: it is."""
    reason = NOT_HELD.get(bots)
    return None if reason is None else f"realism check: not made; {reason}."


def realism_text(simulated: dict, reference: dict, *, length: str, rules_name: str, bots: str,
                 spreads: Spreads | None = None, yaku: bool = True, width: int | None = None) -> str:
    """The banded figures' distances, then (`yaku`) the yaku shares' and the source; warnings last.
    `reference`: calc.sim.truth.reference(); `spreads`: the run's, whose matches size the bands.
    `width`: the terminal cells the sentences are wrapped to (None: one line each)."""
    from calc.core import layout

    rows = check(simulated, reference, length=length, spreads=spreads)
    matches = spreads.matches if spreads is not None and spreads.matches else BAND_MATCHES
    table = [(LABELS[r.key], _value(r.simulated, KINDS[r.key]), _value(r.real, KINDS[r.key]), _distance(r),
              _interval(r), _band(r), "n/a" if r.inside is None else "yes" if r.inside else "NO") for r in rows]
    out = [*layout.lines(f"realism check ({bots} bots against the real games; each band allows for the real "
                         f"games' sampling and this run's {matches:,} {'match' if matches == 1 else 'matches'}):",
                         width),
           layout.fit(table, ["figure", "simulated", "real", "distance", "95%\ninterval", "band", "inside"],
                      width=width, wrap=(0,), tablefmt="simple", disable_numparse=True)]
    real = reference["figures"]
    if yaku:
        rows_y = yaku_distances(simulated, real)
        out += ["", layout.table([(n, _value(s, "pct"), _value(r, "pct"), f"{100 * d:+.1f} pts") for n, s, r, d in rows_y],
                             ["yaku (share of wins)", "simulated", "real", "distance"], tablefmt="simple",
                             disable_numparse=True)]
        out += layout.lines(f"real: {reference['source']}; {real['matches']} matches, {real['hands']} hands", width,
                            "  ")
        note = real_note(length, rules_name)
        if note:
            out += layout.lines(f"note: {note}", width, "  ")
    for sentence in warnings(rows) or ["every banded figure is inside its band"]:
        out += layout.lines(sentence, width, "  ")
    return "\n".join(out)


def realism_dict(simulated: dict, reference: dict, *, length: str, rules_name: str,
                 spreads: Spreads | None = None) -> dict:
    rows = check(simulated, reference, length=length, spreads=spreads)
    matches = spreads.matches if spreads is not None and spreads.matches else BAND_MATCHES
    out = {
        "source": reference["source"],
        "matches": matches,
        "band_formula": f"1.96 * spread * (1/sqrt(real games) + 1/sqrt({matches}))",
        "figures": {r.key: {"simulated": r.simulated, "real": r.real, "distance": r.distance, "interval": r.interval,
                            "band": r.band, "inside": r.inside, "real_games": reference["games"][r.key],
                            "spread": reference["spread"][r.key]} for r in rows},
        "yaku": {n: {"simulated": s, "real": ref, "distance": d}
                 for n, s, ref, d in yaku_distances(simulated, reference["figures"])},
        "warnings": warnings(rows),
    }
    note = real_note(length, rules_name)
    if note:
        out["note"] = note
    return out
