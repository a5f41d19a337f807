"""The page of `sanma serve`: one HTML document, its style and script inline, nothing fetched from
elsewhere (a table may have no internet). The standings, the chart and the ledger are the HTML
report's own sections (calc/cli/html.py), sent by the server as they change; the script
(serve.js) builds hand entries in the record's own form and talks to the JSON API (docs/serve.md).
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

from calc.cli import html
from calc.cli.keep import BOOL_FLAGS
from calc.core import tiles as T
from calc.scoring.value import LIMITS
from calc.table.events import ABORTS
from calc.table.payment import FU_VALUES
from calc.table.record import Settled

SCRIPT = Path(__file__).with_name("serve.js")

STYLE = """
header{position:sticky;top:0;z-index:2;background:#fafafa;border-bottom:1px solid #ddd;padding:6px 0}
header h1{font-size:1.05rem;margin:0}
#next{font-size:.95rem;margin:.2em 0}
#scores{display:flex;gap:6px;flex-wrap:wrap;margin:.3em 0}
#scores span{background:#fff;border:1px solid #ddd;border-radius:6px;padding:2px 8px;font-variant-numeric:tabular-nums}
#status{font-size:.8rem;color:#b42318;min-height:1em}
section.entry{background:#fff;border:1px solid #ddd;border-radius:8px;padding:8px;margin:10px 0}
.row{margin:6px 0}.row>b{display:block;font-size:.85rem;color:#444;margin-bottom:2px}
button{font:inherit;font-size:.95rem;min-height:40px;min-width:40px;padding:4px 10px;margin:2px;border:1px solid #bbb;
border-radius:6px;background:#f4f4f4;color:#222;cursor:pointer}
button.on{background:#1f5fbf;border-color:#1f5fbf;color:#fff}
button.tab.on{background:#333;border-color:#333}
button.go{background:#1a7f37;border-color:#1a7f37;color:#fff;font-weight:600}
button.warn{background:#fff;border-color:#b42318;color:#b42318}
button:disabled{opacity:.45}
.tiles button{min-width:38px;padding:4px 4px}
.tile-m{color:#a0281e}.tile-p{color:#1f4fa0}.tile-s{color:#1a6b2c}.tile-z{color:#222}.tile-red{text-decoration:underline;font-weight:700}
.picked{display:flex;flex-wrap:wrap;gap:2px;min-height:42px;align-items:center;border:1px dashed #bbb;border-radius:6px;padding:2px}
.picked .meld{border:1px solid #888;border-radius:5px;padding:0 2px;margin:0 2px}
.notation{font-family:ui-monospace,monospace;font-size:.9rem;color:#333}
#preview{margin:8px 0}
#preview pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f8fa;border-radius:6px;padding:6px;margin:0;font-size:.8rem}
#preview ul{margin:.3em 0;padding-left:1.2em;font-size:.85rem}
.refused{color:#b42318;font-weight:600}
.hint{color:#555}.saved{color:#1a7f37;font-weight:600}
.second{border-top:1px dashed #bbb;margin-top:8px;padding-top:4px}
input[type=number]{font:inherit;width:5em;min-height:36px}
"""


def config(settled: Settled) -> dict:
    """What the script needs of the profile; it never changes while the server runs."""
    rules = settled.ruleset
    return {
        "file": settled.record.file,
        "players": list(settled.players),
        "tiles": [T.name(t) for t in range(34) if T.is_sanma_tile(t)],
        "red": [T.name(t, True) for t in rules.game.red_fives],
        "limits": list(LIMITS),
        "aborts": list(ABORTS),
        "flags": list(BOOL_FLAGS),
        "chips": rules.chips.on,
        "pao": rules.payment.pao,
        "fu": list(FU_VALUES),  # the values a record takes: past 110 only with three kans (4 han at least)
    }


def script_json(value: object) -> str:
    """JSON that can sit inside a <script> element whatever its text holds: `<`, `>` and `&` as
    \\u escapes, so that no `</script>` or `<!--` (which would end the element, or swallow the
    page's program after it) can appear; U+2028 and U+2029 too, which older JavaScript reads as line
    breaks."""
    text = json.dumps(value, ensure_ascii=False)
    for char in "<>&\u2028\u2029":
        text = text.replace(char, f"\\u{ord(char):04x}")
    return text


def page_html(settled: Settled) -> str:
    data = script_json(config(settled))
    title = f"{' · '.join(settled.players)}: {settled.record.file}"
    body = [
        '<header><h1>' + escape(title) + '</h1><p id="next"></p><div id="scores"></div><div id="status"></div></header>',
        '<section class="entry" id="entry" aria-label="Enter a hand"></section>',
        '<div id="report"></div>',
        f'<script id="config" type="application/json">{data}</script>',
        f"<script>{SCRIPT.read_text(encoding='utf-8')}</script>",
    ]
    return html.page(title, body).replace("<style>", '<link rel="icon" href="data:,"><style>' + STYLE, 1)
