"""`sanma simulate` and `sanma compare` output: tables (tabulate's "simple" format), JSON dicts, an SVG picture."""

from __future__ import annotations

import math

from calc.core import layout

from calc.sim.compare import BASELINE, Comparison, bounds, sorted_values, value_at
from calc.sim.stats import figure

FIGURE_ROWS = (
    ("hands per match", "hands_per_match", "num"),
    ("win rate (per hand)", "win_rate", "pct"),
    ("tsumo share of wins", "tsumo_share", "pct"),
    ("deal-in rate (per player-hand)", "deal_in_rate", "pct"),
    ("exhaustive draw rate", "draw_rate", "pct"),
    ("nagashi mangan rate", "nagashi_rate", "pct"),
    ("abortive draw rate", "abort_rate", "pct"),
    ("average han per win", "average_han", "num"),
    ("average points per win", "average_points", "int"),
    ("yakuman share of wins", "yakuman_rate", "pct"),
    ("riichi per hand", "riichi_per_hand", "num"),
    ("calls per hand", "calls_per_hand", "num"),
    ("norths extracted per hand", "norths_per_hand", "num"),
    ("norths per winning hand", "norths_per_win", "num"),
    ("bust rate (per match)", "bust_rate", "pct"),
    ("extension-round rate (per match)", "extension_round_rate", "pct"),
    ("wins below mangan", "limit_shares.below_mangan", "pct"),
    ("wins at mangan", "limit_shares.mangan", "pct"),
    ("wins at haneman", "limit_shares.haneman", "pct"),
    ("wins at baiman", "limit_shares.baiman", "pct"),
    ("wins at sanbaiman", "limit_shares.sanbaiman", "pct"),
    ("wins at yakuman (kazoe too)", "limit_shares.yakuman", "pct"),
)
MATCH_LEVEL = ("hands_per_match", "bust_rate", "extension_round_rate")  # figures that depend on the match length
EXTENSION_NAME = {"hanchan": "West", "east": "South"}
YAKU_SHOWN = 0.005  # yaku at under half a percent of wins in both columns are left out of the table


def _fmt(value, kind: str) -> str:
    if value is None:
        return "-"
    if kind == "pct":
        return f"{100 * value:.1f}%"
    if kind == "int":
        return f"{value:.0f}"
    return f"{value:.2f}"


def real_note(length: str, rules_name: str) -> str | None:
    """Why the real column is not like for like, or None: the real games are Tenhou half games."""
    notes = []
    if length != "hanchan":
        notes.append("the real games are half games, so their hands per match, bust and extension-round "
                     "rates are left out")
    if rules_name != "tenhou":
        notes.append(f"the real games were played under Tenhou's rules, not profile {rules_name}")
    return "; ".join(notes) or None


def simulate_text(setup_line: str, simulated: dict, real: dict, source: str, interrupted: bool, *,
                  length: str = "hanchan", rules_name: str = "tenhou") -> str:
    comparable = length == "hanchan"

    def label(text: str, key: str) -> str:
        return f"{text[:-1]}; {EXTENSION_NAME[length]})" if key == "extension_round_rate" else text

    rows = [(label(text, key), _fmt(figure(simulated, key), kind),
             _fmt(figure(real, key), kind) if comparable or key not in MATCH_LEVEL else "n/a")
            for text, key, kind in FIGURE_ROWS]
    out = [setup_line + (" (interrupted: the matches finished so far)" if interrupted else ""), "",
           layout.table(rows, ["", "simulated", "real (Tenhou half games)"], tablefmt="simple",
                    disable_numparse=True)]
    if simulated.get("ends"):
        out += ["", *layout.lines(ends_text(simulated["ends"]), layout.NARROWEST, "  ")]
    names = sorted(set(simulated["yaku"]) | set(real["yaku"]),
                   key=lambda n: (-max(simulated["yaku"].get(n, 0), real["yaku"].get(n, 0)), n))
    yaku_rows = [(n, _fmt(simulated["yaku"].get(n, 0), "pct"), _fmt(real["yaku"].get(n, 0), "pct"))
                 for n in names if max(simulated["yaku"].get(n, 0), real["yaku"].get(n, 0)) >= YAKU_SHOWN]
    out += ["", layout.table(yaku_rows, ["yaku (share of wins)", "simulated", "real (Tenhou)"], tablefmt="simple",
                         disable_numparse=True)]
    out += ["", *layout.lines(f"real: {source}; {real['matches']} matches, {real['hands']} hands",
                              layout.NARROWEST, "  ")]
    note = real_note(length, rules_name)
    if note:
        out += layout.lines(f"note: {note}", layout.NARROWEST, "  ")
    return "\n".join(out)


def ends_text(ends: dict[str, float]) -> str:
    """How the matches ended, by the rule that ended each (rules.md, game end), most common first."""
    parts = sorted(ends.items(), key=lambda item: (-item[1], item[0]))
    return "simulated matches ended by: " + ", ".join(f"{reason} {_fmt(share, 'pct')}" for reason, share in parts)


def simulate_dict(setup: dict, simulated: dict, real: dict, source: str, interrupted: bool) -> dict:
    reference = {"source": source, "length": "hanchan", "rules": "tenhou", **real}
    note = real_note(setup["length"], setup["rules"])
    if note:
        reference["note"] = note
    return {"setup": setup, "interrupted": interrupted, "simulated": simulated, "real": reference}


def _interval(d: dict, kind: str = "num") -> str:
    if d["mean"] is None:
        return "-"
    if kind == "pct":  # shares: differences in percentage points
        d = {k: None if v is None else 100 * v for k, v in d.items()}
    digits = 0 if kind == "int" else 1 if kind == "pct" else 2
    if d["low"] is None:
        return f"{d['mean']:+.{digits}f}"
    low, high = bounds(d["low"], d["high"], digits, signed=True)
    return f"{d['mean']:+.{digits}f} [{low}, {high}]"


def compare_text(setup_line: str, c: Comparison, interrupted: bool, *, length: str = "hanchan",
                 width: int | None = None, unit: str = "matches") -> str:
    """Within `width` cells (None: as wide as it comes) a table too wide is split into tables of
    fewer columns, each keeping the scheme (and seat) column. After the tables, what each scheme
    changes against tsumo-loss in words (calc.sim.findings); `unit`: "matches" or "games"."""
    from calc.sim.findings import findings, summary  # a comparison's sentences: not for a simulation

    out = [*layout.lines(setup_line + (" (interrupted: the matches finished so far)" if interrupted else ""), width),
           ""]
    figures = {s: c.scheme_figures(s) for s in c.schemes}
    seats = range(c.players)
    extension = f"ext. round ({EXTENSION_NAME[length]})"
    rows = []
    for s in c.schemes:
        f = figures[s]
        rows.append([
            s,
            *(_fmt(p, "num") for p in f["mean_points"]),
            _fmt(f["dealer_income_per_dealership"], "int"),
            _fmt(f["tsumo_share_of_ron"], "pct"),
            _fmt(f["bust_rate"], "pct"),
            _fmt(f["extension_round_rate"], "pct"),
            _fmt(f["hands_per_match"], "num"),
            _fmt(f["points_sd"], "num"),
        ])
    headers = ["scheme", *(f"seat {s} pts" for s in seats), "dealer +/dealership", "tsumo/ron income", "bust",
               extension, "hands", "pts sd"]
    out.append(layout.fit(rows, headers, width=width, tablefmt="simple", disable_numparse=True))
    out += ["", "rank rates by starting seat (1st / 2nd / 3rd):"]
    rank_rows = []
    for s in c.schemes:
        rates = figures[s]["rank_rates"]
        rank_rows.append([s, *(" / ".join(_fmt(r, "pct") for r in rates[seat]) for seat in seats)])
    out.append(layout.fit(rank_rows, ["scheme", *(f"seat {s}" for s in seats)], width=width, tablefmt="simple",
                        disable_numparse=True))
    others = [s for s in c.schemes if s != BASELINE]
    if others:
        diffs = {s: c.differences(s) for s in others}
        out += ["", *layout.lines(f"difference from {BASELINE}, same hands, paired 95% interval (shares in percentage "
                                  f"points):", width)]
        main_rows = [[s, *(_interval(diffs[s]["mean_points"][seat]) for seat in seats),
                      _interval(diffs[s]["dealer_income_per_dealership"], "int"),
                      _interval(diffs[s]["points_sd"])] for s in others]
        out.append(layout.fit(main_rows, ["scheme", *(f"seat {s} pts" for s in seats), "dealer +/dealership",
                                                "pts sd"], width=width, tablefmt="simple", disable_numparse=True))
        out.append("")
        share_rows = [[s, _interval(diffs[s]["tsumo_share_of_ron"], "pct"), _interval(diffs[s]["bust_rate"], "pct"),
                       _interval(diffs[s]["extension_round_rate"], "pct"), _interval(diffs[s]["hands_per_match"])]
                      for s in others]
        out.append(layout.fit(share_rows, ["scheme", "tsumo/ron income", "bust", extension, "hands"], width=width,
                            tablefmt="simple", disable_numparse=True))
        out.append("")
        rank_diff_rows = [[s, f"seat {seat}", *(_interval(diffs[s]["rank_rates"][seat][k], "pct")
                                                for k in range(c.players))]
                          for s in others for seat in seats]
        out.append(layout.fit(rank_diff_rows, ["scheme", "seat", *(f"{_ordinal(k + 1)} rate" for k in range(c.players))],
                            width=width, keep=2,
                            tablefmt="simple", disable_numparse=True))
    out += ["", "seat 0 deals first; points are final points (uma and oka included)."]
    if others:
        out += ["", *layout.lines(f"What changes against {BASELINE} ({same(c.matches, unit)}; paired 95% "
                                  f"intervals in brackets):", width)]
        for s in others:
            found = findings(c, s, unit=unit, extension=EXTENSION_NAME[length])
            out += layout.lines(summary(s, found, unit), width, "  ")
        out += ["", *layout.lines(chance_note(len(others), unit), width)]
    return "\n".join(out)


def same(n: int, unit: str) -> str:
    """"the same 300 matches", "the one game"."""
    return f"the one {unit[:-2] if unit.endswith('ches') else unit[:-1]}" if n == 1 else f"the same {n} {unit}"


# The clauses each scheme is judged by (calc.sim.findings): dealer income, tsumo/ron, bust, hands,
# extension round, spread, and one per seat.
CLAUSES_PER_SCHEME = 9


def chance_note(compared: int, unit: str) -> str:
    """What many 95% intervals at once mean (`compared`: the schemes against the baseline): some
    differences called certain are chance."""
    tests = CLAUSES_PER_SCHEME * compared
    return (f"Each bracket is a 95% interval on its own: of the {tests} differences judged here, about "
            f"{tests / 20:.1f} would be called certain by chance alone if no scheme changed anything; a "
            f"difference whose bracket barely clears zero needs more {unit} before it is believed.")


def _ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


# --- the picture ------------------------------------------------------------------------------------
SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c")


def axis_step(span: float) -> float:
    """The step between an axis' ticks over `span` (at least 1) points: 1, 2 or 5 times a power of ten,
    at most eight steps over the span."""
    step = 10.0 ** math.floor(math.log10(max(span, 1.0) / 8))
    return next(step * k for k in (1, 2, 5, 10) if max(span, 1.0) / (step * k) <= 8)


def compare_svg(c: Comparison, title: str) -> str:
    """Box plots of final points by starting seat, one row per scheme (5-25-50-75-95 percentiles)."""
    from html import escape  # the picture's text only

    schemes = c.schemes
    width, left, right, row_h, top = 900, 130, 30, 60, 50
    height = top + row_h * len(schemes) + 50
    box = {}
    lo = hi = 0.0
    for s in schemes:
        for seat in range(c.players):
            counts = c.seat_points(s, seat)
            total = sum(counts.values())
            if not total:
                continue
            ordered = sorted_values(counts)
            q = [value_at(ordered, int(round((total - 1) * p / 100))) for p in (5, 25, 50, 75, 95)]
            box[(s, seat)] = q
            lo, hi = min(lo, q[0]), max(hi, q[-1])
    step = axis_step(hi - lo)
    # the axis fits the boxes, widened to whole steps: schemes a point apart stay apart
    lo, hi = step * math.floor(lo / step - 0.25), step * math.ceil(hi / step + 0.25)

    def x(v: float) -> float:
        return left + (v - lo) / (hi - lo) * (width - left - right)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<text x="{left}" y="20" font-size="14">{escape(title)}</text>']
    for k in range(round(lo / step), round(hi / step) + 1):  # ticks at multiples of the step: one is at 0
        v = round(k * step, 6)
        parts.append(f'<line x1="{x(v):.1f}" y1="{top - 10}" x2="{x(v):.1f}" y2="{height - 40}" stroke="#ddd"/>')
        parts.append(f'<text class="tick" x="{x(v):.1f}" y="{height - 25}" text-anchor="middle">'
                     f'{f"{v:+g}" if v else "0"}</text>')
    parts.append(f'<line x1="{x(0):.1f}" y1="{top - 10}" x2="{x(0):.1f}" y2="{height - 40}" stroke="#888"/>')
    for i, s in enumerate(schemes):
        y0 = top + i * row_h
        parts.append(f'<text x="{left - 10}" y="{y0 + row_h / 2:.0f}" text-anchor="end">{escape(s)}</text>')
        for seat in range(c.players):
            q = box.get((s, seat))
            if q is None:
                continue
            y = y0 + 12 + seat * 15
            colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
            parts.append(f'<line x1="{x(q[0]):.1f}" y1="{y + 5}" x2="{x(q[4]):.1f}" y2="{y + 5}" stroke="{colour}"/>')
            parts.append(f'<rect x="{x(q[1]):.1f}" y="{y}" width="{max(x(q[3]) - x(q[1]), 1):.1f}" height="10" '
                         f'fill="{colour}" fill-opacity="0.35" stroke="{colour}"/>')
            parts.append(f'<line x1="{x(q[2]):.1f}" y1="{y}" x2="{x(q[2]):.1f}" y2="{y + 10}" stroke="{colour}" stroke-width="2"/>')
    legend_y = height - 8
    for seat in range(c.players):
        parts.append(f'<rect x="{left + seat * 140}" y="{legend_y - 10}" width="10" height="10" fill="{SEAT_COLOURS[seat]}"/>')
        parts.append(f'<text x="{left + seat * 140 + 15}" y="{legend_y}">seat {seat}{" (first dealer)" if seat == 0 else ""}</text>')
    parts.append(f'<text x="{width - right}" y="{legend_y}" text-anchor="end">final points: 5-25-50-75-95 percentiles</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def compare_dict(c: Comparison, setup: dict, interrupted: bool, *, length: str = "hanchan",
                 unit: str = "matches") -> dict:
    """The figures (Comparison.to_dict), each scheme with its `findings` ({figure, text, tells}) and
    their `summary`, the paragraph the text output prints."""
    from calc.sim.findings import findings, summary

    out = {"setup": setup, "interrupted": interrupted, **c.to_dict()}
    for name, figures in out["schemes"].items():
        found = findings(c, name, unit=unit, extension=EXTENSION_NAME[length]) if name != BASELINE else []
        figures["findings"] = [f.to_dict() for f in found] if name != BASELINE else None
        figures["summary"] = summary(name, found, unit) if name != BASELINE else None
    return out
