"""One self-contained HTML page per report: no script, no network, inline CSS and SVG.

`settle --html` and `replay --html`: the standings, the ledger hand by hand (each hand's payments
explained in a <details>), a line chart of the scores after each hand, and, with --all-schemes, the
final points under every scheme. `compare --html`: the comparison's figures and two charts. The
layout is one column that fits a phone; wide tables scroll sideways inside their own box.
"""

from __future__ import annotations

import re
from html import escape

from calc.cli.report import _end_text, _final, _named_lines, _row_text, _signed
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
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td:first-child{white-space:nowrap}
.pos{color:#1a7f37}.neg{color:#b42318}
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
    start = settled.rules.match.start
    series = [[start] * len(players)] + [list(row.scores) for row in settled.rows]
    width, height, left, right, top, bottom = 480, 270, 50, 12, 14, 36
    lo = min(min(s) for s in series)
    hi = max(max(s) for s in series)
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
    if lo < start < hi:
        out.append(f'<line x1="{left}" y1="{y(start):.1f}" x2="{width - right}" y2="{y(start):.1f}" '
                   'stroke="#999" stroke-dasharray="4 3"/>')
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
    rows = []
    for s in settled.standings:
        score = f"{s.score}" + (f" (+{s.leftover} sticks)" if s.leftover else "")
        rows.append(f"<tr><td>{s.rank}</td><td>{escape(settled.players[s.seat])}</td><td class=\"num\">{score}</td>"
                    f"{_num(s.uma, f'{s.uma:+d}')}{_num(float(s.oka), f'{float(s.oka):+.1f}' if s.oka else '')}"
                    f"{_num(s.points, _final(s.points, settled.rules))}</tr>")
    return _table(["rank", "player", "score", "uma", "oka", "points"], rows, {2, 3, 4, 5}, "standings")


def _explanation(settled: Settled, row) -> list[str]:
    players, rules = settled.players, settled.rules
    lines = [f"{players[r.seat]} declares riichi: {rules.payment.riichi_stick} to the table" for r in row.kyoku.riichi]
    for w in row.kyoku.wins:
        e = w.evaluation
        if e is not None:
            yaku = ", ".join(f"{name} {han}" for name, han in (*e.yaku, *e.yakuman))
            extra = ", ".join(f"{k} {v}" for k, v in (("dora", e.dora), ("aka", e.aka), ("ura", e.ura),
                                                         ("nuki", e.nuki)) if v)
            lines.append(f"{players[w.winner]}: {w.hand}: {yaku}" + (f"; {extra}" if extra else "") + f" = {e.han} han")
    lines += _named_lines(row.settlement.lines, players)
    lines.append(f"sticks on the table after the hand: {row.sticks}")
    return lines


def _ledger(settled: Settled) -> str:
    players = settled.players
    rows = []
    for row in settled.rows:
        what = escape(_row_text(row, players))
        items = "".join(f"<li>{escape(line)}</li>" for line in _explanation(settled, row))
        cells = "".join(_num(d, f"{_signed(d)} → {s}").replace("<td ", f'<td data-label="{escape(name)}" ', 1)
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
    own = settled.rules.payment.scheme
    rows = []
    for name, result in schemes.items():
        by_seat = {s.seat: s for s in result.standings}
        cells = "".join(_num(by_seat[i].points, f"{_final(by_seat[i].points, result.rules)} ({by_seat[i].rank}.)")
                        for i in range(len(settled.players)))
        rows.append(f"<tr><td>{escape(name)}{' *' if name == own else ''}</td>{cells}"
                    f"<td class=\"num\">{result.state.hands}</td></tr>")
    return _table(["scheme", *settled.players, "hands"], rows, set(range(1, len(settled.players) + 2)), "schemes")


def match_sections(settled: Settled, schemes: dict[str, Settled] | None, heading: int = 2) -> list[str]:
    """Standings, chart, ledger and (with schemes) final points under every scheme."""
    h = f"h{heading}"
    m = settled.rules.match
    uma = "/".join(f"{u:+d}" for u in m.uma)
    out = [f'<p class="meta">profile {escape(settled.rules.name)}, scheme {escape(settled.rules.payment.scheme)}, '
           f"{m.length}, start {m.start}, return {m.return_points}, uma {uma}, oka {m.oka / 1000:+.1f}</p>",
           f"<{h}>{'Final standings' if settled.state.ended else 'Standings (provisional)'}</{h}>",
           _standings(settled), f"<p>{escape(_end_text(settled))}</p>",
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
        body += [f'<section class="game"><h2>{escape(r.game.game_id)}: {escape(", ".join(r.game.players))}</h2>',
                 f'<p class="meta">{escape(r.source)}: {status}</p>',
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
        out.append(f'<text x="{x(tick):.1f}" y="{height - 20}" text-anchor="middle">{tick:+g}</text>')
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
    span = hi - lo
    step = next(s for s in (0.5, 1, 2, 5, 10, 20, 50, 100, 200) if span / s <= 8)
    first = step * -(-lo // step)
    out, v = [], first
    while v <= hi:
        out.append(round(v, 6))
        v += step
    return out


def compare_page(data: dict, setup_line: str, picture: str) -> str:
    """`sanma compare --html`: the figures per scheme, the differences chart and the box plots."""
    schemes = data["schemes"]
    seats = len(next(iter(schemes.values()))["mean_points"])
    rows = []
    for name, f in schemes.items():
        cells = "".join(_num(p, f"{p:+.1f}") for p in f["mean_points"])
        rows.append(f"<tr><td>{escape(name)}{' (baseline)' if name == data['baseline'] else ''}</td>{cells}"
                    f'<td class="num">{_fixed(f["dealer_income_per_dealership"], 0)}</td>'
                    f'<td class="num">{_pct(f["tsumo_share_of_ron"])}</td><td class="num">{_pct(f["bust_rate"])}</td>'
                    f'<td class="num">{_fixed(f["hands_per_match"])}</td><td class="num">{_fixed(f["points_sd"])}</td>'
                    "</tr>")
    headers = ["scheme", *[f"seat {s} points" for s in range(seats)], "dealer income", "tsumo/ron", "bust",
               "hands", "spread"]
    figures = _table(headers, rows, set(range(1, len(headers))), "figures")
    diff_rows = []
    for name, f in schemes.items():
        versus = f["versus_baseline"]
        if not versus:
            continue
        cells = "".join(_num(d["mean"], f"{d['mean']:+.1f} [{d['low']:+.1f}, {d['high']:+.1f}]")
                        for d in versus["mean_points"])
        bust = versus["bust_rate"]
        cells += _num(bust["mean"], f"{100 * bust['mean']:+.1f} [{100 * bust['low']:+.1f}, {100 * bust['high']:+.1f}]")
        diff_rows.append(f"<tr><td>{escape(name)}</td>{cells}</tr>")
    diffs = _table(["scheme", *[f"seat {s}" for s in range(seats)], "bust (points of %)"], diff_rows,
                   set(range(1, seats + 2)), "differences")
    interrupted = "<p><strong>Interrupted:</strong> the figures cover the matches finished.</p>" \
        if data["interrupted"] else ""
    body = ["<h1>Payment schemes compared</h1>", f'<p class="meta">{escape(setup_line)}</p>', interrupted,
            "<h2>Figures per scheme</h2>", figures,
            f"<h2>Difference from {escape(data['baseline'])} (paired 95% interval)</h2>", differences_chart(data),
            diffs, "<h2>Final points by starting seat</h2>", _scalable(picture)]
    return page("sanma compare", body)
