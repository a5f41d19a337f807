"""The pages and pictures as a person sees them: opened in the system's headless Chromium (driven by
Playwright's Python package; no browser is downloaded), asserting the text on screen, the chart's
lines, and no console error.

`make test-browser` runs these (`pytest -m browser`, with SANMA_REQUIRE_BROWSER=1 so that a missing
browser fails rather than skips); `.ci/run` installs Chromium from the system packages first. On a
machine without Chromium or Playwright plain `make test` skips them and says why.
With SANMA_UPDATE_SCREENSHOT=1 the settle test also writes docs/report.png (`make screenshot`).
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
runner = CliRunner()


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
    if os.environ.get("SANMA_UPDATE_SCREENSHOT"):
        page.page.screenshot(path=str(ROOT / "docs" / "report.png"), full_page=True)
    page.close()


def test_settle_report_reads_on_a_phone(browser, tmp_path):
    out = tmp_path / "match.html"
    assert runner.invoke(app, ["settle", MATCH, "--html", str(out)]).exit_code == 0
    page = Opened(browser, out, PHONE)
    # nothing wider than the screen: no sideways scrolling of the whole page
    assert page.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    chart = page.page.locator("svg").first.bounding_box()
    assert chart is not None and chart["width"] <= PHONE["width"]
    assert len(_visible_lines(page, "svg polyline.score-line")) == 3
    text = page.text()
    assert all(name in text for name in ("Ana", "Bo", "Chen")) and "+30.4" in text
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


def test_compare_page_and_plot(browser, tmp_path):
    html, svg = tmp_path / "compare.html", tmp_path / "compare.svg"
    args = ["compare", "--matches", "8", "--seed", "2", "--schemes", "maru-dori,north-split", "--workers", "1"]
    result = runner.invoke(app, [*args, "--html", str(html), "--plot", str(svg)])
    assert result.exit_code == 0, result.output
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    page = Opened(browser, html)
    text = page.text()
    for name, figures in data["schemes"].items():
        assert name in text
        for seat_points in figures["mean_points"]:
            assert f"{seat_points:+.1f}" in text
    # a dot and whisker per scheme (baseline aside) and seat
    dots = page.page.locator("g.difference")
    assert dots.count() == 2 * 3 and all(dots.nth(i).is_visible() for i in range(dots.count()))
    page.close()

    plot = Opened(browser, svg)
    labels = [plot.page.locator("text").nth(i).text_content() for i in range(plot.page.locator("text").count())]
    for name in data["schemes"]:
        assert name in labels, labels
    assert "seat 0 (first dealer)" in labels and "seat 2" in labels
    boxes = plot.page.locator("rect[fill-opacity]")  # a box per scheme and seat (not the legend swatches)
    assert boxes.count() == 3 * 3
    assert all(boxes.nth(i).is_visible() and boxes.nth(i).bounding_box()["width"] >= 1 for i in range(9))
    plot.close()
