"""The realism check beside every simulated comparison: how far each headline figure of the
simulated play is from the same figure of the real Tenhou games (calc/sim/truth_figures.json), and
a warning for every figure outside its band.

A scheme comparison is made of tsumo wins (the only thing the schemes pay differently), so it is
only as good as the share and size of those wins and the matches they end. The bands say how close
the default (`calibrated`) bots are held to the real games; `tests/test_realism.py` simulates enough
matches to show every figure inside its band. Shares are measured in percentage points, points per
win relative to the real figure.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from calc.sim.compare import Z95, ratio_estimate
from calc.sim.report import FIGURE_ROWS, MATCH_LEVEL, YAKU_SHOWN, real_note


@dataclass(frozen=True)
class Band:
    """How far a simulated figure may be from the real games' and still look like real play."""

    key: str
    half_width: float  # in the figure's own unit (a share: 0.03 is 3 percentage points)
    relative: bool = False  # half_width is a fraction of the real figure


BANDS = (
    Band("tsumo_share", 0.03),
    Band("deal_in_rate", 0.02),
    Band("win_rate", 0.03),
    Band("draw_rate", 0.03),
    Band("riichi_per_hand", 0.10),
    Band("calls_per_hand", 0.10),
    Band("bust_rate", 0.05),
    Band("average_points", 0.05, relative=True),
    Band("hands_per_match", 0.5),
)
# Each banded figure as a pooled ratio of per-match counts (calc.sim.stats.Tally), for its interval.
PARTS = {
    "tsumo_share": lambda t: (t.tsumo, t.wins),
    "deal_in_rate": lambda t: (t.deal_ins, t.hands * t.players),
    "win_rate": lambda t: (t.win_hands, t.hands),
    "draw_rate": lambda t: (t.exhaustive, t.hands),
    "riichi_per_hand": lambda t: (t.riichi, t.hands),
    "calls_per_hand": lambda t: (t.calls, t.hands),
    "bust_rate": lambda t: (t.busts, 1),
    "average_points": lambda t: (t.points, t.wins),
    "hands_per_match": lambda t: (t.hands, 1),
}
LABELS = {key: text for text, key, _ in FIGURE_ROWS}
KINDS = {key: kind for _, key, kind in FIGURE_ROWS}


@dataclass(frozen=True)
class Row:
    """One banded figure checked: simulated against real, the distance and whether it is inside its band."""

    key: str
    simulated: float | None
    real: float | None
    distance: float | None  # simulated - real (relative bands: as a fraction of real)
    band: float
    relative: bool
    inside: bool | None  # None: not comparable (no figure, or a match-level figure of another length)
    interval: float | None = None  # the simulated figure's 95% half-width, in the distance's unit


def interval(key: str, tallies: list) -> float | None:
    """The 95% half-width of a banded figure over matches (one Tally each): the delta method on the
    pooled ratio, as calc.sim.compare does for the comparison's figures."""
    if len(tallies) < 2:
        return None
    num, den = zip(*(PARTS[key](t) for t in tallies))
    estimate = ratio_estimate(list(num), list(den))
    if estimate is None:
        return None
    xs = estimate[1]
    mean = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1))
    return Z95 * sd / math.sqrt(len(xs))


def check(simulated: dict, real: dict, *, length: str = "hanchan", tallies: list | None = None) -> list[Row]:
    """Each band's row; with the per-match `tallies`, each figure's 95% interval too."""
    rows = []
    for b in BANDS:
        sim, ref = simulated.get(b.key), real.get(b.key)
        if sim is None or ref is None or (length != "hanchan" and b.key in MATCH_LEVEL):
            rows.append(Row(b.key, sim, ref, None, b.half_width, b.relative, None))
            continue
        distance = (sim - ref) / ref if b.relative else sim - ref
        half = interval(b.key, tallies) if tallies else None
        if half is not None and b.relative:
            half /= ref
        rows.append(Row(b.key, sim, ref, distance, b.half_width, b.relative, abs(distance) <= b.half_width, half))
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


def _distance(row: Row) -> str:
    if row.distance is None:
        return "n/a"
    if row.relative:
        return f"{100 * row.distance:+.1f}%"
    if KINDS[row.key] == "pct":
        return f"{100 * row.distance:+.1f} pts"
    return f"{row.distance:+.2f}"


def _interval(row: Row) -> str:
    if row.interval is None or row.distance is None:
        return "-"
    if row.relative:
        return f"±{100 * row.interval:.1f}%"
    return f"±{100 * row.interval:.1f} pts" if KINDS[row.key] == "pct" else f"±{row.interval:.2f}"


def _band(row: Row) -> str:
    if row.relative or KINDS[row.key] != "pct":
        return f"±{100 * row.band:.0f}%" if row.relative else f"±{row.band:.2f}"
    return f"±{100 * row.band:.0f} pts"


def warnings(rows: list[Row]) -> list[str]:
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


def realism_text(simulated: dict, real: dict, source: str, *, length: str, rules_name: str, bots: str,
                 tallies: list | None = None, yaku: bool = True, width: int | None = None) -> str:
    """The banded figures' distances, then (`yaku`) the yaku shares' and the source; warnings last.
    `width`: the terminal cells the sentences are wrapped to (None: one line each)."""
    from calc.core import layout

    rows = check(simulated, real, length=length, tallies=tallies)
    table = [(LABELS[r.key], _value(r.simulated, KINDS[r.key]), _value(r.real, KINDS[r.key]), _distance(r),
              _interval(r), _band(r), "n/a" if r.inside is None else "yes" if r.inside else "NO") for r in rows]
    out = [*layout.lines(f"realism check ({bots} bots against the real games; the bands hold the default "
                         f"calibrated bots):", width),
           layout.fit(table, ["figure", "simulated", "real", "distance", "95%\ninterval", "band", "inside"],
                      width=width, wrap=(0,), tablefmt="simple", disable_numparse=True)]
    if yaku:
        rows_y = yaku_distances(simulated, real)
        out += ["", layout.table([(n, _value(s, "pct"), _value(r, "pct"), f"{100 * d:+.1f} pts") for n, s, r, d in rows_y],
                                  ["yaku (share of wins)", "simulated", "real", "distance"], tablefmt="simple",
                                  disable_numparse=True)]
        out += layout.lines(f"real: {source}; {real['matches']} matches, {real['hands']} hands", width, "  ")
        note = real_note(length, rules_name)
        if note:
            out += layout.lines(f"note: {note}", width, "  ")
    for sentence in warnings(rows) or ["every banded figure is inside its band"]:
        out += layout.lines(sentence, width, "  ")
    return "\n".join(out)


def realism_dict(simulated: dict, real: dict, source: str, *, length: str, rules_name: str,
                 tallies: list | None = None) -> dict:
    rows = check(simulated, real, length=length, tallies=tallies)
    out = {
        "source": source,
        "figures": {r.key: {"simulated": r.simulated, "real": r.real, "distance": r.distance, "interval": r.interval,
                            "band": r.band, "relative": r.relative, "inside": r.inside} for r in rows},
        "yaku": {n: {"simulated": s, "real": ref, "distance": d} for n, s, ref, d in yaku_distances(simulated, real)},
        "warnings": warnings(rows),
    }
    note = real_note(length, rules_name)
    if note:
        out["note"] = note
    return out
