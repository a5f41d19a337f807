"""The documentation as a newcomer meets it: the site builds (strict), the command reference is the
command's own, every `$ sanma ...` example prints what its page shows (tests/doc_examples.py), every
file a page shows is the file in examples/, every Python example is a doctest, the README is a front
page. `make docs-refresh` rewrites what a change of output makes stale."""

from __future__ import annotations

import doctest
import importlib.util
import os
import re
import subprocess
import sys

import pytest

import doc_examples
from calc.cli.reference import reference, undocumented
from doc_examples import ROOT

PAGES = doc_examples.pages()
REFRESH = "`make docs-examples` rewrites the shown output from what the examples print now; read the diff"


def _name(path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("path", PAGES, ids=_name)
def test_every_example_prints_what_the_page_shows(path):
    page = doc_examples.read_page(path)
    failures = [doc_examples.describe(page, o) for o in doc_examples.check_page(page) if not o.ok]
    assert not failures, "\n\n".join(failures) + f"\n\n({REFRESH})"


def test_the_jobs_have_examples():
    """Each job's page shows it running, and the README one example per job."""
    counts = {_name(p): len(doc_examples.read_page(p).examples) for p in PAGES}
    for page in ("docs/hands.md", "docs/payments.md", "docs/schemes.md", "docs/settle.md", "docs/keep.md",
                 "docs/replay.md", "docs/simulate.md", "docs/sichuan.md", "docs/sharing.md", "docs/bad-input.md"):
        assert counts[page] >= 1, page
    commands = {doc_examples._words(e.command)[1] for e in doc_examples.read_page(ROOT / "README.md").examples}
    assert {"hand", "settle", "replay", "compare"} <= commands


def test_the_readme_is_a_front_page():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").split("\n")
    assert len(lines) <= 250, len(lines)
    text = "\n".join(lines)
    for target in ("make run", "make test", "pip install"):
        assert target in text
    linked = set(re.findall(r"\]\(docs/([\w-]+\.md)", text))
    pages = {p.name for p in (ROOT / "docs").glob("*.md")}
    assert pages <= linked, f"pages the README does not link: {sorted(pages - linked)}"


def test_the_command_reference_is_the_commands_own():
    committed = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    assert committed == reference(), "docs/reference.md is out of date: `make docs-reference` rewrites it"


def test_every_command_argument_and_option_has_help():
    assert undocumented() == [], "give these a help= text (the command reference shows it)"


@pytest.mark.parametrize("path", PAGES, ids=_name)
def test_python_examples_are_doctests(path, monkeypatch):
    text = path.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert all(">>>" in block for block in blocks), f"{_name(path)}: a Python example that is not a doctest"
    test = doctest.DocTestParser().get_doctest(text, {}, _name(path), _name(path), 0)
    if not test.examples:
        return
    monkeypatch.chdir(ROOT)  # the examples name examples/match.yaml as a reader in a clone would
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0


def test_every_picture_in_the_docs_is_there():
    for path in PAGES:
        text = path.read_text(encoding="utf-8")
        for target in re.findall(r"!\[[^\]]*\]\(([^)]+)\)|<img src=\"([^\"]+)\"", text):
            name = next(t for t in target if t)
            folder = path.parent
            assert (folder / name.removeprefix("docs/")).is_file() or (ROOT / name).is_file(), (_name(path), name)


def test_the_site_builds_strict(tmp_path):
    if importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("material") is None:
        pytest.skip("MkDocs or its Material theme is not installed (pip install -e '.[docs]'; make test does)")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file",
                           str(ROOT / "mkdocs.yml"), "--site-dir", str(tmp_path / "site")],
                          capture_output=True, text=True, env=env, timeout=240)
    log = done.stdout + done.stderr
    assert done.returncode == 0, log
    assert "WARNING" not in log, log
    site = tmp_path / "site"
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "sanma" in home and 'href="hands/"' in home  # the README, its links made the site's own
    for page in (ROOT / "docs").glob("*.md"):
        assert (site / page.stem / "index.html").is_file(), page.name
    assert "--all-schemes" in (site / "reference" / "index.html").read_text(encoding="utf-8")


# ---------------------------------------------------------------- the example machinery itself


def test_a_gap_stands_for_any_lines_and_only_a_gap_does():
    shown = ["first", "...", "last"]
    assert doc_examples.matches(shown, ["first", "last"])
    assert doc_examples.matches(shown, ["first", "a", "b", "last"])
    assert not doc_examples.matches(shown, ["first", "a", "last", "more"])
    assert not doc_examples.matches(["first", "last"], ["first", "a", "last"])
    assert doc_examples.matches(["  ...", "x"], ["a", "x"])  # indented like the table it cuts
    assert doc_examples.matches([], [])


def test_a_refresh_keeps_the_cuts_where_the_lines_around_them_still_are():
    shown = ["compare: 100 matches", "...", "north-split: +37% [30, 44]", "  more words", "..."]
    now = ["compare: 100 matches", "table 1", "table 2", "north-split: +40% [7, 72]", "  more words", "realism"]
    assert doc_examples.refreshed(shown, now) == ["compare: 100 matches", "...", "north-split: +40% [7, 72]",
                                                  "  more words", "..."]
    # a line the program now prints inside a shown part is shown
    assert doc_examples.refreshed(["a", "b", "...", "z"], ["a", "new", "b", "c", "z"]) == ["a", "new", "b", "...", "z"]
    # without cuts the page shows what it prints
    assert doc_examples.refreshed(["old"], ["new", "lines"]) == ["new", "lines"]


def test_a_wrong_page_fails_and_its_refresh_passes(tmp_path):
    page_file = tmp_path / "page.md"
    page_file.write_text("# A page\n\n```\n$ sanma pay --han 3 --fu 40\nwhat it no longer prints\n```\n\n"
                         "```yaml\n# examples/club.yaml: not the file\n```\n", encoding="utf-8")
    page = doc_examples.read_page(page_file)
    outcomes = doc_examples.check_page(page)
    assert [o.ok for o in outcomes] == [False, False]
    assert doc_examples.rewrite(page, outcomes)
    again = doc_examples.read_page(page_file)
    assert all(o.ok for o in doc_examples.check_page(again))
    text = page_file.read_text(encoding="utf-8")
    assert "Non-dealer 3 han 40 fu ron" in text and text.count("examples/club.yaml") == 1


def test_keep_is_typed_at_and_its_transcript_put_back(tmp_path):
    page_file = tmp_path / "page.md"
    page_file.write_text("```\n$ sanma keep t.yaml --players A B C\nE1 honba 0 > A tsumo mangan\n"
                         "E2 honba 0 > quit\n```\n", encoding="utf-8")
    page = doc_examples.read_page(page_file)
    assert page.examples[0].typed == ["A tsumo mangan", "quit"]
    (outcome,) = doc_examples.check_page(page)
    assert "E1 honba 0 > A tsumo mangan" in outcome.actual and outcome.actual[-1] == "Saved t.yaml (1 hand(s))."
