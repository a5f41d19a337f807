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
    double-take's busts rise (+37.5 points [+1.6, +73.4]), maru-dori's seat 1 ends lower [-4.3, -1.0]
    and most other intervals hold zero."""
    folder = tmp_path_factory.mktemp("compare")
    html, svg = folder / "compare.html", folder / "compare.svg"
    args = ["compare", "--matches", "8", "--seed", "2", "--schemes", "maru-dori,double-take", "--workers", "1"]
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
    assert ("maru-dori", "mean_points", "worse") in seen
    assert ("maru-dori", "bust_rate", "untold") in seen
    page.close()
