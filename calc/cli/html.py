"""One self-contained HTML page per report: no script, no network, inline CSS and SVG.

`settle --html` and `replay --html`: the standings, the ledger hand by hand (each hand's payments
explained in a <details>), a line chart of the scores after each hand, and, with --all-schemes, the
final points under every scheme. `compare --html`: the comparison's figures and two charts. The
layout is one column that fits a phone; wide tables scroll sideways inside their own box.
"""

from __future__ import annotations

import re
from html import escape

from calc.cli.report import chip_cells, end_sentence, final_text, signed
from calc.table.explain import row_lines
from calc.table.words import row_text
from calc.table.record import Settled

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")

STYLE = """
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#222;background:#fafafa;
line-height:1.45}
main{max-width:960px;margin:0 auto;padding:12px}
h1{font-size:1.35rem;margin:.4em 0}h2{font-size:1.1rem;margin:1.2em 0 .4em}
.meta{color:#555;font-size:.9rem}
h1,h2,h3,p{overflow-wrap:anywhere}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
table{border-collapse:collapse;background:#fff;font-size:.9rem;min-width:100%}
th,td{padding:4px 8px;border-bottom:1px solid #e3e3e3;text-align:left;vertical-align:top}
th{font-weight:600;vertical-align:bottom}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
td.num{white-space:nowrap}
td:first-child{white-space:nowrap}
.pos,.better{color:#1a7f37}.neg,.worse{color:#b42318}.untold{color:#777}
p.finding{margin:.5em 0}
details summary{cursor:pointer}
details ul{margin:.3em 0;padding-left:1.2em;font-size:.85rem;color:#333}
svg{width:100%;max-width:720px;height:auto;background:#fff;border:1px solid #e3e3e3}
.legend span{display:inline-block;margin-right:1em;font-size:.9rem}
.swatch{display:inline-block;width:.9em;height:.9em;margin-right:.3em;vertical-align:-.1em}
section.game{border-top:2px solid #ddd;margin-top:1.5em}
@media (max-width:600px){
main{padding:8px}th,td{padding:3px 5px}
table.ledger,table.ledger tbody,table.ledger tr,table.ledger td{display:block;min-width:0}
table.ledger thead{display:none}
table.ledger tr{border-bottom:1px solid #ccc;padding:6px 0}
table.ledger td{border:0;padding:1px 4px}
table.ledger td.hand{display:inline-block;font-weight:600}
table.ledger td.num{text-align:left}
table.ledger td[data-label]::before{content:attr(data-label) ": ";color:#555}
table.ledger td.number{display:inline-block;color:#555}
table.cards,table.cards tbody,table.cards tr,table.cards td{display:block;min-width:0}
table.cards thead{display:none}
table.cards tr{border-bottom:1px solid #ccc;padding:6px 0}
table.cards td{border:0;padding:1px 4px;text-align:left;white-space:normal}
table.cards td:first-child{font-weight:600}
table.cards td+td{display:inline-block;margin-right:1em}
table.cards td[data-label]::before{content:attr(data-label) ": ";color:#555}
}
"""


def page(title: str, body: list[str]) -> str:
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        f"<style>{STYLE}</style>",
        "</head><body><main>",
        *body,
        "</main></body></html>",
        "",
    ])


def _num(value, text: str | None = None) -> str:
    shown = escape(text if text is not None else str(value))
    sign = "pos" if value > 0 else "neg" if value < 0 else ""
    return f'<td class="num {sign}">{shown}</td>'


def _table(headers: list[str], rows: list[str], numeric: set[int] = frozenset(), cls: str = "") -> str:
    head = "".join(f'<th class="num">{escape(h)}</th>' if i in numeric else f"<th>{escape(h)}</th>"
                   for i, h in enumerate(headers))
    return (f'<div class="scroll"><table class="{cls}"><thead><tr>{head}</tr></thead><tbody>'
            + "".join(rows) + "</tbody></table></div>")


def _legend(names) -> str:
    return '<p class="legend">' + "".join(
        f'<span><i class="swatch" style="background:{COLOURS[i % len(COLOURS)]}"></i>{escape(name)}</span>'
        for i, name in enumerate(names)) + "</p>"


def scores_chart(settled: Settled) -> str:
    """Scores after each hand, one line per player, starting from the start score (hand 0)."""
    players = settled.players
    start, back = settled.ruleset.match.start, settled.ruleset.match.return_points
    series = [[start] * len(players)] + [list(row.scores) for row in settled.rows]
    width, height, left, right, top, bottom = 480, 270, 50, 12, 14, 36
    lo = min(min(min(s) for s in series), back)  # the return stays in sight even when nobody reached it
    hi = max(max(max(s) for s in series), back)
    step = 10000 if hi - lo > 40000 else 5000
    lo, hi = step * (lo // step), step * (-(-hi // step))
    if hi == lo:
        hi = lo + step
    n = max(len(series) - 1, 1)

    def x(i: int) -> float:
        return left + i * (width - left - right) / n

    def y(v: float) -> float:
        return top + (hi - v) * (height - top - bottom) / (hi - lo)

    title = f"Scores after each hand: {', '.join(players)}"
    out = [f'<svg viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" role="img" '
           f'aria-label="{escape(title)}" font-family="sans-serif" font-size="12">', f"<title>{escape(title)}</title>"]
    v = lo
    while v <= hi:
        out.append(f'<line x1="{left}" y1="{y(v):.1f}" x2="{width - right}" y2="{y(v):.1f}" stroke="#eee"/>')
        out.append(f'<text x="{left - 4}" y="{y(v) + 4:.1f}" text-anchor="end">{v}</text>')
        v += step
    # the start and the return points (rules.md §6: the profile's match.start and match.return_points)
    marks = [("start", start, "4 3")] + ([("return", back, "9 3")] if back != start else [])
    for name, value, dash in marks:
        label = f"{name} {value}" if back != start else f"start and return {value}"
        out.append(f'<line class="mark" data-mark="{name}" data-value="{value}" x1="{left}" y1="{y(value):.1f}" '
                   f'x2="{width - right}" y2="{y(value):.1f}" stroke="#888" stroke-dasharray="{dash}"/>')
        out.append(f'<text class="mark" data-mark="{name}" x="{width - right - 4}" y="{y(value) - 4:.1f}" '
                   f'text-anchor="end" fill="#555" font-size="11" stroke="#fff" stroke-width="3" paint-order="stroke">'
                   f'{label}</text>')
    every = max(1, len(series) // 12)
    for i in range(0, len(series), every):
        out.append(f'<text x="{x(i):.1f}" y="{height - bottom + 16}" text-anchor="middle">{i}</text>')
    out.append(f'<text x="{(left + width - right) / 2:.0f}" y="{height - 4}" text-anchor="middle">hand</text>')
    for seat, name in enumerate(players):
        colour = COLOURS[seat % len(COLOURS)]
        points = " ".join(f"{x(i):.1f},{y(s[seat]):.1f}" for i, s in enumerate(series))
        out.append(f'<polyline class="score-line" data-player="{escape(name)}" points="{points}" fill="none" '
                   f'stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"><title>{escape(name)}: '
                   f'{series[-1][seat]}</title></polyline>')
    out.append("</svg>")
    return "\n".join(out) + _legend(players)


def _standings(settled: Settled) -> str:
    from calc.table import chips

    # a profile with chips or a chombo adds the columns `sanma settle` adds: chips, chombo, total
    finals = chips.finals(settled) if chips.shown(settled) else None
    rows = []
    for s in settled.standings:
        score = f"{s.score}" + (f" (+{s.leftover} sticks)" if s.leftover else "")
        extra = ""
        if finals is not None:
            f = finals[s.seat]
            extra = "".join(_num(value, text) for value, text in
                            zip((f.chips, f.penalty, f.total), chip_cells(f, settled.ruleset)))
        rows.append(f"<tr><td>{s.rank}</td><td>{escape(s.player)}</td><td class=\"num\">{score}</td>"
                    f"{_num(s.uma, f'{s.uma:+d}')}{_num(float(s.oka), f'{float(s.oka):+.1f}' if s.oka else '')}"
                    f"{_num(s.points, final_text(s.points, settled.ruleset))}{extra}</tr>")
    headers = ["rank", "player", "score", "uma", "oka", "points", *(["chips", "chombo", "total"] if finals else [])]
    return _table(headers, rows, set(range(2, len(headers))), "standings")


def hand_explanation(settled: Settled, row) -> list[str]:
    """What `settle --explain` says of the hand: the riichi, each win (yaku, han, fu breakdown), the
    payment arithmetic; then the sticks left on the table (the report's hands, `serve`'s check)."""
    return [*row_lines(row, settled.players, settled.ruleset), f"sticks on the table after the hand: {row.sticks}"]


def _ledger(settled: Settled) -> str:
    players = settled.players
    rows = []
    for row in settled.rows:
        what = escape(row_text(row, players))
        items = "".join(f"<li>{escape(line)}</li>" for line in hand_explanation(settled, row))
        cells = "".join(_num(d, f"{signed(d)} → {s}").replace("<td ", f'<td data-label="{escape(name)}" ', 1)
                        for name, d, s in zip(players, row.deltas, row.scores))
        label = f"{row.label}-{row.honba}"
        rows.append(f"<tr><td class=\"num number\">{row.number}</td><td class=\"hand\">{label}</td>"
                    f"<td class=\"what\"><details><summary>{what}</summary>"
                    f"<ul>{items}</ul></details></td>{cells}</tr>")
    if not rows:
        return "<p>(no hands recorded)</p>"
    return _table(["#", "hand", "result (tap for the payments)", *players], rows,
                  {0, *range(3, 3 + len(players))}, "ledger")


def _schemes(settled: Settled, schemes: dict[str, Settled]) -> str:
    own = settled.ruleset.payment.scheme
    rows = []
    for name, result in schemes.items():
        by_seat = {s.seat: s for s in result.standings}
        cells = "".join(_num(by_seat[i].points, f"{final_text(by_seat[i].points, result.ruleset)} ({by_seat[i].rank}.)")
                        for i in range(len(settled.players)))
        rows.append(f"<tr><td>{escape(name)}{' *' if name == own else ''}</td>{cells}"
                    f"<td class=\"num\">{result.state.hands}</td></tr>")
    return _table(["scheme", *settled.players, "hands"], rows, set(range(1, len(settled.players) + 2)), "schemes")


def match_sections(settled: Settled, schemes: dict[str, Settled] | None, heading: int = 2) -> list[str]:
    """Standings, chart, ledger and (with schemes) final points under every scheme."""
    h = f"h{heading}"
    m = settled.ruleset.match
    uma = "/".join(f"{u:+d}" for u in m.uma)
    out = [f'<p class="meta">profile {escape(settled.ruleset.name)}, scheme {escape(settled.ruleset.payment.scheme)}, '
           f"{m.length}, start {m.start}, return {m.return_points}, uma {uma}, oka {m.oka / 1000:+.1f}</p>",
           f"<{h}>{'Final standings' if settled.state.ended else 'Standings (provisional)'}</{h}>",
           _standings(settled), f"<p>{escape(end_sentence(settled))}</p>",
           *[f"<p>{escape(note)}</p>" for note in settled.notes],
           f"<{h}>Scores after each hand</{h}>", scores_chart(settled),
           f"<{h}>Hand by hand</{h}>", _ledger(settled)]
    if schemes:
        out += [f"<{h}>Final points under every scheme</{h}>",
                "<p class=\"meta\">(rank) after the hands each scheme plays; * = the record's own scheme</p>",
                _schemes(settled, schemes)]
    return out


def settle_page(settled: Settled, schemes: dict[str, Settled] | None) -> str:
    title = f"{' · '.join(settled.players)}: {settled.record.file}"
    return page(title, [f"<h1>{escape(title)}</h1>", *match_sections(settled, schemes)])


def replay_page(games: list[tuple]) -> str:
    """(GameReplay, schemes or None) pairs, one section per game."""
    body = [f"<h1>Replayed games ({len(games)})</h1>"]
    for r, schemes in games:
        status = "every hand reproduced" if r.ok else f"{len(r.mismatches)} mismatch(es) with the log"
        body += [f'<section class="game"><h2>{escape(r.game)}: {escape(", ".join(r.log.players))}</h2>',
                 f'<p class="meta">{escape(r.file)}: {status}</p>',
                 *match_sections(r.settled, schemes, heading=3), "</section>"]
    return page(f"sanma replay: {len(games)} game(s)", body)


def _pct(x) -> str:
    return "" if x is None else f"{100 * x:.1f}%"


def _fixed(x, digits: int = 1, sign: bool = False) -> str:
    return "" if x is None else (f"{x:+.{digits}f}" if sign else f"{x:.{digits}f}")


def _scalable(svg: str) -> str:
    """Give a fixed-size SVG a viewBox so that it shrinks to a phone's width."""
    match = re.search(r'<svg ([^>]*?)width="(\d+)" height="(\d+)"', svg)
    if not match or "viewBox" in match.group(0):
        return svg
    w, h = match.group(2), match.group(3)
    return svg.replace(match.group(0), f'<svg {match.group(1)}viewBox="0 0 {w} {h}" width="{w}" height="{h}"', 1)


def differences_chart(data: dict) -> str:
    """Each scheme's difference from the baseline in mean final points by starting seat, with its
    paired 95% interval: a dot and a whisker per seat, one row per scheme."""
    baseline = data["baseline"]
    rows = [(name, f["versus_baseline"]["mean_points"]) for name, f in data["schemes"].items() if name != baseline]
    seats = len(next(iter(data["schemes"].values()))["mean_points"])
    width, left, right, top, row_h = 480, 100, 14, 14, 18 * seats + 12
    height = top + row_h * max(len(rows), 1) + 40
    values = [v for _, diff in rows for d in diff for v in (d["low"], d["high"]) if v is not None] or [0.0]
    lo, hi = min(min(values), 0.0), max(max(values), 0.0)
    span = max(hi - lo, 1.0)
    lo, hi = lo - span * 0.08, hi + span * 0.08

    def x(v: float) -> float:
        return left + (v - lo) / (hi - lo) * (width - left - right)

    title = f"Difference from {baseline} in mean final points by starting seat (95% interval)"
    out = [f'<svg viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" role="img" '
           f'aria-label="{escape(title)}" font-family="sans-serif" font-size="13">', f"<title>{escape(title)}</title>",
           f'<line x1="{x(0):.1f}" y1="{top}" x2="{x(0):.1f}" y2="{height - 34}" stroke="#888"/>']
    for tick in _ticks(lo, hi):
        out.append(f'<text x="{x(tick):.1f}" y="{height - 20}" text-anchor="middle">{f"{tick:+g}" if tick else "0"}</text>')
        out.append(f'<line x1="{x(tick):.1f}" y1="{top}" x2="{x(tick):.1f}" y2="{height - 34}" stroke="#eee"/>')
    for i, (name, diff) in enumerate(rows):
        y0 = top + i * row_h
        out.append(f'<text x="{left - 6}" y="{y0 + row_h / 2 + 4:.0f}" text-anchor="end">{escape(name)}</text>')
        for seat, d in enumerate(diff):
            if d["mean"] is None:
                continue
            y = y0 + 10 + seat * 18
            colour = COLOURS[seat % len(COLOURS)]
            out.append(f'<g class="difference" data-scheme="{escape(name)}" data-seat="{seat}">'
                       f'<line x1="{x(d["low"]):.1f}" y1="{y}" x2="{x(d["high"]):.1f}" y2="{y}" stroke="{colour}" '
                       f'stroke-width="2"/><circle cx="{x(d["mean"]):.1f}" cy="{y}" r="4" fill="{colour}"/>'
                       f'<title>{escape(name)}, seat {seat}: {d["mean"]:+.1f} [{d["low"]:+.1f}, {d["high"]:+.1f}]'
                       "</title></g>")
    out.append(f'<text x="{(left + width - right) / 2:.0f}" y="{height - 4}" text-anchor="middle">'
               "final points, difference</text>")
    out.append("</svg>")
    return "\n".join(out) + _legend([f"seat {s}" + (" (first dealer)" if s == 0 else "") for s in range(seats)])


def _ticks(lo: float, hi: float) -> list[float]:
    from calc.sim.report import axis_step

    step = axis_step(hi - lo)
    first = step * -(-lo // step)
    out, v = [], first
    while v <= hi:
        out.append(round(v, 6))
        v += step
    return out


def _cell(text: str, label: str, cls: str = "", title: str = "") -> str:
    """A figure's cell; `label` names it on a phone, where each row becomes a card."""
    title = f' title="{escape(title)}"' if title else ""
    return f'<td class="num {cls}" data-label="{escape(label)}"{title}>{escape(text)}</td>'


VERDICT_WORDS = {"better": "better", "worse": "worse", "untold": "the matches cannot tell", "neutral": ""}


def _difference_cell(figure: str, d: dict, label: str, scale: float = 1.0) -> str:
    """A paired difference with its interval, coloured by what the figure means (calc.sim.findings)."""
    from calc.sim.findings import verdict

    from calc.sim.compare import bounds

    if d["mean"] is None:
        return _cell("", label)
    text = f"{scale * d['mean']:+.1f}"
    if d["low"] is not None:
        low, high = bounds(scale * d["low"], scale * d["high"], 1, signed=True)
        text += f" [{low}, {high}]"
    judged = verdict(figure, d)
    return _cell(text, label, judged, VERDICT_WORDS[judged])


def _payments(payments: tuple[list[str], list[list[str]]] | None) -> list[str]:
    """What each scheme pays for a few sample hands (calc.cli.scheme_report.schemes_payments)."""
    if payments is None:
        return []
    headers, rows = payments
    body = ["<tr>" + "".join(f'<td data-label="{escape(headers[i])}">{escape(text)}</td>' if i < 2
                             else _cell(text, headers[i]) for i, text in enumerate(row)) + "</tr>" for row in rows]
    return ["<h2>What each scheme pays</h2>",
            '<p class="meta">a tsumo: what the non-dealer/dealer pay (or each pays, for a dealer) = what the winner '
            "collects</p>", _table(headers, body, set(range(2, len(headers))), "payments cards")]


def _realism(data: dict) -> list[str]:
    """How far the bots play like people (the realism check), or why it is not made; for real games,
    what they cannot tell."""
    realism = data.get("realism")
    if data["setup"].get("games") == "real":
        note = ("The hands are the games' own, as played: under another scheme the players would have played "
                "differently, which only a simulated comparison can model.")
        return ["<h2>What these games can tell</h2>", f"<p>{escape(note)}</p>"]
    if realism is None:
        from calc.sim.realism import not_held_text

        reason = not_held_text(data["setup"]["bots"]) or "realism check: not made."
        return ["<h2>How far the bots play like people</h2>", f"<p>{escape(reason)}</p>"]
    figures = [f for f in realism["figures"].values() if f["inside"] is not None]
    inside = sum(f["inside"] for f in figures)
    out = ["<h2>How far the bots play like people</h2>",
           f"<p>The comparison is of bots' play, not people's: {inside} of the {len(figures)} figures checked against "
           f"the real games ({escape(realism['source'])}) are within the band a run of {realism['matches']:,} "
           "matches allows. The schemes' differences are as good as the bots' tsumo wins and busts are like "
           "people's; and people might play differently under another scheme.</p>"]
    if realism["warnings"]:
        out.append("<ul>" + "".join(f"<li>{escape(w)}</li>" for w in realism["warnings"]) + "</ul>")
    return out


def compare_page(data: dict, setup_line: str, picture: str,
                 payments: tuple[list[str], list[list[str]]] | None = None) -> str:
    """`sanma compare --html`: what changes in words, what each scheme pays (`payments`,
    calc.cli.scheme_report.schemes_payments), the figures per scheme, the differences (a chart and a
    table coloured by meaning: colour says only a difference the matches tell), the box plots, and
    how far the bots play like people. The tables fit the page; on a phone each scheme is a card."""
    from calc.sim.report import chance_note, same
    schemes = data["schemes"]
    seats = len(next(iter(schemes.values()))["mean_points"])
    headers = ["scheme", *[f"seat {s} points" for s in range(seats)], "dealer income per dealership",
               "tsumo/ron income", "bust rate", "hands per match", "spread of points"]
    rows = []
    for name, f in schemes.items():
        cells = "".join(_cell(f"{p:+.1f}", headers[1 + seat]) for seat, p in enumerate(f["mean_points"]))
        baseline = " (baseline)" if name == data["baseline"] else ""
        rows.append(f"<tr><td>{escape(name)}{baseline}</td>{cells}"
                    + _cell(_fixed(f["dealer_income_per_dealership"], 0), headers[seats + 1])
                    + _cell(_pct(f["tsumo_share_of_ron"]), headers[seats + 2])
                    + _cell(_pct(f["bust_rate"]), headers[seats + 3])
                    + _cell(_fixed(f["hands_per_match"]), headers[seats + 4])
                    + _cell(_fixed(f["points_sd"]), headers[seats + 5]) + "</tr>")
    figures = _table(headers, rows, set(range(1, len(headers))), "figures cards")
    diff_headers = ["scheme", *[f"seat {s} final points" for s in range(seats)], "bust rate (percentage points)"]
    diff_rows = []
    for name, f in schemes.items():
        versus = f["versus_baseline"]
        if not versus:
            continue
        cells = "".join(_difference_cell("mean_points", d, diff_headers[1 + seat])
                        for seat, d in enumerate(versus["mean_points"]))
        cells += _difference_cell("bust_rate", versus["bust_rate"], diff_headers[-1], 100)
        diff_rows.append(f"<tr><td>{escape(name)}</td>{cells}</tr>")
    diffs = (_table(diff_headers, diff_rows, set(range(1, seats + 2)), "differences cards")
             + '<p class="meta"><span class="better">green</span>: better (for the seat; fewer busts), '
               '<span class="worse">red</span>: worse, <span class="untold">grey</span>: the matches cannot tell '
               "(the interval holds zero)</p>")
    interrupted = "<p><strong>Interrupted:</strong> the figures cover the matches finished.</p>" \
        if data["interrupted"] else ""
    found = "".join(f'<p class="finding" data-scheme="{escape(name)}">{escape(f["summary"])}</p>'
                    for name, f in schemes.items() if f.get("summary"))
    body = ["<h1>Payment schemes compared</h1>", f'<p class="meta">{escape(setup_line)}</p>', interrupted,
            f"<h2>What changes against {escape(data['baseline'])}</h2>",
            f'<p class="meta">on {escape(same(data["matches"], "matches"))}; paired 95% intervals in brackets; '
            "points are final points (uma and oka included), shares' differences percentage points</p>", found,
            f'<p class="meta">{escape(chance_note(len(schemes) - 1, "matches"))}</p>',
            *_payments(payments),
            "<h2>Figures per scheme</h2>", figures,
            f"<h2>Difference from {escape(data['baseline'])} (paired 95% interval)</h2>", differences_chart(data),
            diffs, "<h2>Final points by starting seat</h2>", _scalable(picture), *_realism(data)]
    return page("sanma compare", body)
