"""The pages and pictures as a person sees them: opened in the system's headless Chromium (driven by
Playwright's Python package; no browser is downloaded), asserting the text on screen, the chart's
lines, and no console error.

`make test-browser` runs these (`pytest -m browser`, with SANMA_REQUIRE_BROWSER=1 so that a missing
browser fails rather than skips); `.ci/run` installs Chromium from the system packages first. On a
machine without Chromium or Playwright plain `make test` skips them and says why.
With SANMA_UPDATE_SCREENSHOTS=1 the tests also write the pictures in the docs (`make screenshots`):
docs/report.png and docs/report-phone.png (settle), docs/compare.png (compare).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from calc.cli.app import app

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
MATCH = str(ROOT / "examples" / "match.yaml")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
COLOURS = {"better": "rgb(26, 127, 55)", "worse": "rgb(180, 35, 24)", "untold": "rgb(119, 119, 119)"}
runner = CliRunner()


def _screenshot(opened: "Opened", name: str, full_page: bool = True) -> None:
    """Refresh a picture in the docs (`make screenshots`)."""
    if os.environ.get("SANMA_UPDATE_SCREENSHOTS"):
        opened.page.screenshot(path=str(ROOT / "docs" / name), full_page=full_page)


def _chromium() -> str | None:
    for name in (os.environ.get("SANMA_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def _unavailable(reason: str):
    if os.environ.get("SANMA_REQUIRE_BROWSER"):
        pytest.fail(f"browser tests required but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser():
    executable = _chromium()
    if executable is None:
        _unavailable("no Chromium on this machine (apt-get install chromium; or set SANMA_CHROMIUM)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        # --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start
        browser = p.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield browser
        browser.close()


class Opened:
    """A page opened in a fresh tab, with every console error and uncaught exception collected."""

    def __init__(self, browser, path: Path, viewport: dict | None = None) -> None:
        self.page = browser.new_page(viewport=viewport or {"width": 1000, "height": 900})
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("requestfailed", lambda r: self.errors.append(f"request failed: {r.url}"))
        self.requests: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.goto(path.resolve().as_uri())
        self.page.wait_for_load_state("load")

    def text(self) -> str:
        return self.page.inner_text("body")

    def close(self) -> None:
        assert self.errors == [], self.errors
        # self-contained: the page itself is the only thing the browser loads
        assert all(url.startswith("file:") or url.startswith("data:") for url in self.requests), self.requests
        self.page.close()


def _visible_lines(opened: Opened, selector: str) -> list:
    lines = opened.page.locator(selector)
    out = []
    for i in range(lines.count()):
        line = lines.nth(i)
        box = line.bounding_box()
        assert line.is_visible() and box is not None and box["width"] > 50, (selector, i, box)
        out.append(line)
    return out


def test_settle_report_shows_names_points_and_a_line_per_player(browser, tmp_path, monkeypatch):
    out = tmp_path / "match.html"
    monkeypatch.chdir(ROOT)  # the page names the record as given: examples/match.yaml
    result = runner.invoke(app, ["settle", "examples/match.yaml", "--all-schemes", "--html", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(runner.invoke(app, ["settle", MATCH, "--json", "--all-schemes"]).stdout)
    page = Opened(browser, out)
    text = page.text()
    for standing in data["standings"]:
        assert standing["player"] in text
        assert f"{standing['points']:+.1f}" in text  # +30.4, -6.8, -23.6
    lines = _visible_lines(page, "svg polyline.score-line")
    assert [line.get_attribute("data-player") for line in lines] == data["players"]
    # a line ends at its player's final score: 14 points (start + 13 hands) per line
    assert all(len(line.get_attribute("points").split()) == 14 for line in lines)
    legend = page.page.locator(".legend").first.inner_text()
    assert all(name in legend for name in data["players"])
    # every scheme's final points are on screen
    schemes_table = page.page.locator("table.schemes").inner_text()
    for name, scheme in data["schemes"].items():
        assert name in schemes_table
        for standing in scheme["standings"]:
            assert f"{standing['points']:+.1f}" in schemes_table
    # a hand's payments open on demand
    first = page.page.locator("table.ledger details").first
    assert not first.locator("li").first.is_visible()
    first.locator("summary").click()
    assert first.locator("li").first.is_visible()
    assert "Bo" in first.inner_text() and "6400" in first.inner_text()
    _screenshot(page, "report.png")
    page.close()


def test_settle_report_marks_the_start_and_the_return_and_explains_the_fu(browser, tmp_path):
    import calc

    out = tmp_path / "match.html"
    assert runner.invoke(app, ["settle", MATCH, "--html", str(out)]).exit_code == 0
    match = calc.load_rules("standard").match  # the record's profile
    page = Opened(browser, out)
    chart = page.page.locator("svg").first
    marks = {}
    for name, value in (("start", match.start), ("return", match.return_points)):
        line = chart.locator(f"line.mark[data-mark={name}]")
        marks[name] = line.bounding_box()  # a level line: Playwright calls a box of no height hidden
        assert line.count() == 1 and marks[name]["width"] > 300, (name, marks[name])
        assert int(line.get_attribute("data-value")) == value
        assert chart.locator(f"text.mark[data-mark={name}]").text_content() == f"{name} {value}"
    # every line starts at the start score: on the start mark; the return is drawn above it
    first_y = {float(line.get_attribute("points").split()[0].split(",")[1]) for line in
               _visible_lines(page, "svg polyline.score-line")}
    assert first_y == {float(chart.locator("line.mark[data-mark=start]").get_attribute("y1"))}
    assert marks["return"]["y"] < marks["start"]["y"]
    # hand 1 is Bo's full hand: opened, it shows the fu breakdown the scorer gives for it
    scored = calc.score("234p678s999m111z5z5z", seat="S", riichi=True, dora="3p")
    first = page.page.locator("table.ledger details").first
    first.locator("summary").click()
    opened = first.inner_text()
    assert f"→ {scored.fu}" in opened and scored.fu == 50
    for line in scored.fu_breakdown:
        assert f"{line.reason} {line.fu}" in opened, line
    page.close()


def test_settle_report_reads_on_a_phone(browser, tmp_path, monkeypatch):
    out = tmp_path / "match.html"
    monkeypatch.chdir(ROOT)  # the page names the record as given: examples/match.yaml
    assert runner.invoke(app, ["settle", "examples/match.yaml", "--html", str(out)]).exit_code == 0
    page = Opened(browser, out, PHONE)
    # nothing wider than the screen: no sideways scrolling of the whole page
    assert page.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    chart = page.page.locator("svg").first.bounding_box()
    assert chart is not None and chart["width"] <= PHONE["width"]
    assert len(_visible_lines(page, "svg polyline.score-line")) == 3
    text = page.text()
    assert all(name in text for name in ("Ana", "Bo", "Chen")) and "+30.4" in text
    _screenshot(page, "report-phone.png", full_page=False)  # the first screen: standings and chart
    page.close()


def test_replay_report(browser, tmp_path, data_dir):
    files = [str(p) for p in sorted((data_dir / "mjlog").glob("*.xml"))[:2]]
    out = tmp_path / "games.html"
    assert runner.invoke(app, ["replay", *files, "--html", str(out)]).exit_code == 0
    games = [json.loads(line) for line in runner.invoke(app, ["replay", *files, "--json"]).stdout.splitlines()]
    page = Opened(browser, out)
    sections = page.page.locator("section.game")
    assert sections.count() == 2
    for i, game in enumerate(games):
        text = sections.nth(i).inner_text()
        assert game["game"] in text
        for points in game["final_points"]:
            assert f"{points:+.1f}" in text
        assert sections.nth(i).locator("polyline.score-line").count() == 3
    assert len(_visible_lines(page, "svg polyline.score-line")) == 6
    page.close()


@pytest.fixture(scope="module")
def compared(tmp_path_factory):
    """One comparison, as a page, a plot and its --json (one run writes all three). On these 8 matches
    double-take's busts rise (+62.5 points [+10.9, +114.1]), its seat 0 ends higher [+1.8, +46.6] and
    its seat 1 lower [-26.1, -2.7], and maru-dori's intervals all hold zero. The seed is chosen for
    that: a change to the bots' play changes the matches, so pick another seed that shows all four
    (16 is the first of seeds 1 on that does with today's bots)."""
    folder = tmp_path_factory.mktemp("compare")
    html, svg = folder / "compare.html", folder / "compare.svg"
    args = ["compare", "--matches", "8", "--seed", "16", "--schemes", "maru-dori,double-take", "--workers", "1"]
    result = runner.invoke(app, [*args, "--html", str(html), "--plot", str(svg), "--json"])
    assert result.exit_code == 0, result.output
    return html, svg, json.loads(result.stdout)


def test_compare_page_and_plot(browser, compared):
    html, svg, data = compared
    page = Opened(browser, html)
    text = page.text()
    for name, figures in data["schemes"].items():
        assert name in text
        for seat_points in figures["mean_points"]:
            assert f"{seat_points:+.1f}" in text
        if figures["summary"]:  # what it found, in words, as --json says it
            assert page.page.locator(f"p.finding[data-scheme={name}]").inner_text() == figures["summary"]
    # a dot and whisker per scheme (baseline aside) and seat
    dots = page.page.locator("g.difference")
    assert dots.count() == 2 * 3 and all(dots.nth(i).is_visible() for i in range(dots.count()))
    _screenshot(page, "compare.png")
    page.close()

    plot = Opened(browser, svg)
    labels = [plot.page.locator("text").nth(i).text_content() for i in range(plot.page.locator("text").count())]
    for name in data["schemes"]:
        assert name in labels, labels
    assert "seat 0 (first dealer)" in labels and "seat 2" in labels
    boxes = plot.page.locator("rect[fill-opacity]")  # a box per scheme and seat (not the legend swatches)
    assert boxes.count() == 3 * 3
    assert all(boxes.nth(i).is_visible() and boxes.nth(i).bounding_box()["width"] >= 1 for i in range(9))
    # the axis has a tick at 0, on the line drawn there
    ticks = [plot.page.locator("text.tick").nth(i) for i in range(plot.page.locator("text.tick").count())]
    at_zero = [t for t in ticks if t.text_content() == "0"]
    assert len(at_zero) == 1 and "+0" not in [t.text_content() for t in ticks], [t.text_content() for t in ticks]
    assert float(at_zero[0].get_attribute("x")) in {float(line.get_attribute("x1")) for line in
                                                    plot.page.locator("line[stroke='#888']").all()}
    plot.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "phone"])
def test_compare_tables_fit_the_page(browser, compared, viewport):
    page = Opened(browser, compared[0], viewport)
    assert page.page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    for table in ("table.figures", "table.differences"):
        # nothing to scroll sideways: the table is no wider than its box, every cell inside the screen
        wide, room = page.page.evaluate(
            f"(() => {{const t = document.querySelector('{table}'); return [t.scrollWidth, t.parentElement.clientWidth]}})()")
        assert wide <= room, (table, wide, room)
        cells = page.page.locator(f"{table} td")
        for i in range(cells.count()):
            box = cells.nth(i).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], (table, i, box)
    if viewport is PHONE:  # each scheme a card: the figure's name before its value
        cell = page.page.locator("table.figures tbody tr").first.locator("td").nth(6)
        assert cell.evaluate("c => getComputedStyle(c, '::before').content") == '"bust rate: "'
        assert page.page.locator("table.figures thead").is_hidden()
    page.close()


def test_compare_colours_say_better_or_worse_by_meaning(browser, compared):
    from calc.sim.findings import verdict

    _, _, data = compared
    page = Opened(browser, compared[0])
    rows = page.page.locator("table.differences tbody tr")
    seen = set()
    for i, name in enumerate(n for n in data["schemes"] if n != data["baseline"]):
        versus = data["schemes"][name]["versus_baseline"]
        expected = [("mean_points", d) for d in versus["mean_points"]] + [("bust_rate", versus["bust_rate"])]
        cells = rows.nth(i).locator("td.num")
        assert rows.nth(i).locator("td").first.inner_text() == name
        for k, (figure, d) in enumerate(expected):
            judged = verdict(figure, d)
            colour = cells.nth(k).evaluate("cell => getComputedStyle(cell).color")
            assert colour == COLOURS[judged], (name, figure, k, d, judged, colour)
            seen.add((name, figure, judged))
    # more busts are worse: red, never green; a seat that ends lower is red; where it cannot tell, grey
    assert ("double-take", "bust_rate", "worse") in seen
    assert ("double-take", "mean_points", "worse") in seen and ("double-take", "mean_points", "better") in seen
    assert ("maru-dori", "bust_rate", "untold") in seen
    page.close()


# ---------------------------------------------------------------- sanma serve's page, on two phones

SMALL_PHONE = {"width": 360, "height": 780}


class Phone:
    """A phone at the table: its own browser context (its own cookie), the page opened from the
    link `sanma serve` printed, every console error collected."""

    def __init__(self, browser, link: str) -> None:
        self.context = browser.new_context(viewport=SMALL_PHONE, device_scale_factor=2, is_mobile=True,
                                           has_touch=True)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        # a refused entry is an answer of 422 (which Chromium also logs as a failed load): not an error of the page
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" and "status of 422"
                     not in m.text else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(link)
        self.page.wait_for_selector("#entry h2")

    def row(self, label: str, second: bool = False):
        """A row of buttons by its label: the first win's (or the hand's), or the second ron's."""
        import re

        rows = self.page.locator("#entry .second .row" if second else "#entry > .row")
        return rows.filter(has=self.page.locator("b", has_text=re.compile(f"^{re.escape(label)}$")))

    def tap(self, label: str, *buttons: str, second: bool = False) -> None:
        for name in buttons:
            self.row(label, second).get_by_role("button", name=name, exact=True).click()

    def button(self, name: str):
        return self.page.get_by_role("button", name=name, exact=True)

    def preview(self) -> str:
        """The value (or refusal) shown before saving, once the server has checked the entry."""
        self.page.wait_for_function("() => { const p = document.getElementById('preview');"
                                    " return p && !p.textContent.includes('Checking'); }")
        self.page.wait_for_selector("#preview pre, #preview .refused")
        return self.page.inner_text("#preview")

    def note(self, expected: str) -> None:
        """The answer to the last tap that went to the server, as the player reads it."""
        from playwright.sync_api import expect

        expect(self.page.locator("#note")).to_have_text(expected)

    def close(self) -> None:
        assert self.errors == [], self.errors
        # nothing wider than the screen: no sideways scrolling of the whole page
        assert self.page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
        self.context.close()


def test_serve_page_on_phones(browser, tmp_path):
    import shutil

    from served import Served

    from calc.table import record

    path = tmp_path / "table.yaml"
    shutil.copy(ROOT / "examples" / "table.yaml", path)
    server = Served(path)
    try:
        ana, bo = Phone(browser, server.link), Phone(browser, server.link)
        page = ana.page
        assert page.url == server.base + "/"  # the token went into a cookie, out of the address bar
        assert page.inner_text("#next") == "Next: E3, honba 1, dealer Chen."
        assert page.inner_text("#scores").split() == ["Ana", "(S)", "28300", "Bo", "(W)", "36800", "Chen", "(E)",
                                                      "39900"]
        assert "Standings (provisional)" in page.inner_text("#report")
        assert page.locator("#report table.ledger tbody tr").count() == 3
        assert page.locator("#report svg polyline.score-line").count() == 3

        # a riichi and a ron by value: the value and the payments shown before it is saved
        ana.tap("Riichi", "Bo")
        ana.tap("Winner", "Bo")
        ana.tap("From", "Ana")
        ana.tap("Han", "3")
        assert "Tap the fu." in page.inner_text("#preview")
        assert ana.button("Save the hand").is_disabled()  # not complete yet
        ana.tap("Fu", "40")
        shown = ana.preview()
        assert shown.startswith("hand 4 (E3, honba 1): Bo ron Ana: 3 han 40 fu")
        assert "Bo riichi → table 1000; Ana → Bo 6200 (discarder); table → Bo 1000 (sticks)" in shown
        assert len(record.read(path).hands) == 3  # only shown, not saved
        ana.button("Save the hand").click()
        ana.note("Saved: hand 4 (E3, honba 1): Bo ron Ana: 3 han 40 fu")
        assert page.inner_text("#next") == "Next: S1, honba 0, dealer Ana."
        hands = record.read(path).hands
        assert len(hands) == 4 and hands[-1].riichi == (1,)
        # the other phone follows within its next look at the record
        bo.page.wait_for_function("() => document.querySelectorAll('#report table.ledger tbody tr').length == 4",
                                  timeout=10000)
        assert bo.page.inner_text("#next") == "Next: S1, honba 0, dealer Ana."
        assert "Bo ron Ana: 3 han 40 fu" in bo.page.inner_text("#report")

        # a tsumo by tiles, picked from the tile buttons on the other phone, the winning tile last
        bo.tap("Winner", "Ana")
        bo.tap("From", "Tsumo")
        bo.tap("Value", "tiles")
        bo.tap("Tiles for", "dora indicators")
        bo.page.locator(".tiles").get_by_role("button", name="9s", exact=True).click()  # dora 1s
        bo.tap("Tiles for", "the hand")
        for tile in ["1p", "2p", "3p", "4p", "5p", "6p", "7s", "8s", "9s", "9p", "9p", "2s", "3s", "4s"]:
            bo.page.locator(".tiles").get_by_role("button", name=tile, exact=True).click()
        assert bo.page.inner_text(".notation") == "123456p789s99p234s"
        shown = bo.preview()
        # the dealer Ana (East in S1): menzen tsumo and pinfu, no dora in the hand = 2 han 20 fu:
        # 700 from each under tsumo-loss
        assert shown.startswith("hand 5 (S1, honba 0): Ana tsumo: 2 han 20 fu")
        assert "Bo → Ana 700 (non-dealer); Chen → Ana 700 (non-dealer)" in shown
        assert "menzen_tsumo 1, pinfu 1" in shown
        bo.button("Save the hand").click()
        bo.note("Saved: hand 5 (S1, honba 0): Ana tsumo: 2 han 20 fu")
        assert record.read(path).hands[-1].wins[0].hand == "123456p789s99p234s"

        # a refused entry: keep's own words, in the preview and again on saving; nothing written
        before = path.read_bytes()
        ana.page.wait_for_function("() => document.querySelectorAll('#report table.ledger tbody tr').length == 5",
                                   timeout=10000)
        assert page.inner_text("#next") == "Next: S1, honba 1, dealer Ana."
        ana.tap("Winner", "Chen")
        ana.tap("From", "Bo")
        ana.tap("Han", "1")
        ana.tap("Fu", "20")
        refusal = "refused: hand 6: 20 fu is pinfu tsumo only; a ron hand has at least 30 fu (seven pairs 25)"
        assert ana.preview() == refusal
        ana.button("Save the hand").click()
        ana.note(refusal)
        assert path.read_bytes() == before

        # undo: asked once more, then taken back, as keep words it
        ana.button("Undo the last hand").click()
        assert "Take back hand 5 (S1: Ana tsumo: 2 han 20 fu)?" in page.inner_text("#entry")
        ana.button("take it back").click()
        ana.note("hand 5 (S1: Ana tsumo: 2 han 20 fu) taken back")
        assert len(record.read(path).hands) == 4
        assert page.inner_text("#next") == "Next: S1, honba 0, dealer Ana."

        # a double ron: two winners on one discard
        ana.tap("Winner", "Bo")
        ana.tap("From", "Chen")
        ana.tap("Han", "2")
        ana.tap("Fu", "30")
        ana.button("+ a second ron on the same discard").click()
        ana.tap("Second winner", "Ana", second=True)
        ana.tap("Value", "limit", second=True)
        ana.tap("Limit", "mangan", second=True)
        assert ana.preview().startswith("hand 5 (S1, honba 0): Bo ron Chen: 2 han 30 fu; Ana ron Chen: mangan")
        ana.button("Save the hand").click()
        ana.note("Saved: hand 5 (S1, honba 0): Bo ron Chen: 2 han 30 fu; Ana ron Chen: mangan")
        assert [w.winner for w in record.read(path).hands[-1].wins] == [1, 0]
        if os.environ.get("SANMA_UPDATE_SCREENSHOTS"):
            bo.page.reload()
            bo.page.wait_for_selector("#entry h2")
            bo.tap("Riichi", "Chen")
            bo.tap("Winner", "Chen")
            bo.tap("From", "Bo")
            bo.tap("Han", "2")
            bo.tap("Fu", "40")
            bo.preview()
            # docs/serve.md's picture: the entry with its value, down to the standings
            bottom = bo.page.evaluate("document.querySelector('#report table.standings')"
                                      ".getBoundingClientRect().bottom + window.scrollY")
            bo.page.screenshot(path=str(ROOT / "docs" / "serve.png"), full_page=True,
                               clip={"x": 0, "y": 0, "width": SMALL_PHONE["width"], "height": bottom + 8})
        ana.close()
        bo.close()
    finally:
        server.stop()


def test_serve_page_shows_the_final_tally(browser, tmp_path):
    """A match that is over: no entry, the final standings (uma, oka) and the chart of every hand."""
    import shutil

    from served import Served

    path = tmp_path / "match.yaml"
    shutil.copy(ROOT / "examples" / "match.yaml", path)
    data = json.loads(runner.invoke(app, ["settle", MATCH, "--json"]).stdout)
    server = Served(path)
    try:
        phone = Phone(browser, server.link)
        page = phone.page
        assert page.inner_text("#entry h2") == "The match is over"
        assert page.inner_text("#next") == f"The match is over after hand 13: {data['end_text']}."
        assert page.get_by_role("button", name="Save the hand", exact=True).count() == 0
        report = page.inner_text("#report")
        assert "Final standings" in report
        for standing in data["standings"]:
            assert f"{standing['points']:+.1f}" in report  # +30.4, -6.8, -23.6
        lines = _visible_lines(phone, "#report svg polyline.score-line")
        assert all(len(line.get_attribute("points").split()) == 14 for line in lines)
        phone.close()
    finally:
        server.stop()
