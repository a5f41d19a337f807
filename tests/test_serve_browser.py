"""`sanma serve` attacked in a real browser (headless Chromium, as tests/test_browser.py drives it):
a page on another port of the same host that submits a form to the server with the players' cookie
(docs/serve.md, who can get in), and player names written to break the page that shows them."""

from __future__ import annotations

import http.server
import shutil
import threading
from pathlib import Path

import pytest
from served import Served
from test_browser import Phone, browser  # noqa: F401 (the fixture, shared)

from calc.table import record

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent


class OtherSite:
    """Pages served from another port of 127.0.0.1: the same site as the server (a cookie marked
    SameSite goes with their requests), another origin."""

    def __init__(self, pages: dict[str, str]) -> None:
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
                body = pages.get(self.path, "").encode()
                self.send_response(200 if self.path in pages else 404)
                self.send_header("Content-Type", "text/html")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def test_a_page_on_another_port_cannot_take_hands_back(browser, tmp_path):  # noqa: F811
    """f02: a form on a page of another port (a dev server, a notebook, any local web app) posted to
    /api/undo with the players' cookie, and each visit took a hand back."""
    path = tmp_path / "table.yaml"
    shutil.copy(ROOT / "examples" / "table.yaml", path)
    server = Served(path)
    target = server.base + "/api/undo"
    forms = {
        "/form": f'<form id=f method=POST action="{target}"><input name=a value=1></form><script>f.submit()</script>',
        "/plain": f'<form id=f method=POST enctype="text/plain" action="{target}"><input name=\'{{"a":"\' '
                  f'value=\'1"}}\'></form><script>f.submit()</script>',
        "/fetch": f"<script>fetch({target!r}, {{method: 'POST', mode: 'no-cors', credentials: 'include', "
                  f"headers: {{'Content-Type': 'application/json'}}, body: '{{}}'}}).then(() => document.title = 'sent',"
                  f" () => document.title = 'sent')</script>",
    }
    other = OtherSite(forms)
    try:
        phone = Phone(browser, server.link)  # a player opened the printed link: the cookie is set
        assert phone.page.inner_text("#next") == "Next: E3, honba 1, dealer Chen."
        visit = phone.context.new_page()
        for page in forms:
            visit.goto(other.base + page)
            visit.wait_for_load_state("load")
            if page == "/fetch":
                visit.wait_for_function("document.title == 'sent'")
            else:
                visit.wait_for_url(target)  # the form went, and the server answered it
            assert len(record.read(path).hands) == 3, page
        visit.close()
        # the page itself still takes a hand back (its request is JSON, from its own origin)
        phone.button("Undo the last hand").click()
        phone.button("take it back").click()
        phone.note("hand 3 (E3: draw, tenpai Ana, Chen) taken back")
        assert len(record.read(path).hands) == 2
        phone.close()
    finally:
        other.close()
        code, printed = server.stop()
    assert printed.count("taken back") == 1 and "Traceback" not in printed


def test_names_written_to_break_the_page_are_shown_as_text(browser, tmp_path):  # noqa: F811
    """f12: a name holding `<!--<script>` put the HTML parser into the script's double-escaped state:
    the page's program was swallowed into its settings, and no hand could be entered."""
    path = tmp_path / "names.yaml"
    names = ["Ana", "Bo<!--<script>", "</script><script>alert(1)</script>"]
    path.write_text("rules: standard\nplayers: " + str(names).replace("'", '"') + "\nhands:\n"
                    "  - win: {winner: Ana, tsumo: true, han: 3, fu: 40}\n")
    server = Served(path)
    dialogs: list[str] = []
    try:
        phone = Phone(browser, server.link)  # waits for the entry panel: the program ran
        phone.page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        scripts = phone.page.evaluate("Array.from(document.scripts).map(s => s.id || 'program')")
        assert scripts == ["config", "program"]
        assert phone.page.inner_text("#scores").split("\n")[1:] == ["Bo<!--<script> (S) 32400",
                                                                    "</script><script>alert(1)</script> (W) 32400"]
        phone.tap("Winner", "Bo<!--<script>")
        phone.tap("From", "Tsumo")
        phone.tap("Value", "limit")
        phone.tap("Limit", "mangan")
        phone.button("Save the hand").click()
        phone.note("Saved: hand 2 (E1, honba 1): Bo<!--<script> tsumo: mangan")
        assert record.read(path).hands[-1].wins[0].winner == 1
        phone.close()
    finally:
        server.stop()
    assert dialogs == []
