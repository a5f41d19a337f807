"""The examples of README.md and docs/*.md, run as a reader runs them (tests/test_docs.py).

An example is a line `$ sanma ARGS` in a fenced code block; the lines after it, up to the next `$ `
line or the end of the block, are what it prints (stdout and stderr, as a terminal shows them;
nothing, when it prints nothing). A line that is only `...` stands for lines left out.

Each page's examples run in order, in a folder of their own that looks like the repository's root
(its top-level entries linked in), so a file an example makes (`table.yaml`, `report.html`) is
there for the later examples of the same page and never lands in the repository. A redirection
(`< FILE`, `> FILE`) and leading `NAME=value` settings are understood, as a shell would.

`sanma keep` is typed at: in its example a line `PROMPT > TEXT` (the prompt `keep` prints, then
what the player typed) gives the input; `keep` reads it from a pipe and the transcript is put
back together, each typed line after its prompt.

A code block whose first line is `# examples/NAME...` shows that file, whose first line it is: the
block is the file (or, with `...` lines, parts of it).

`python tests/doc_examples.py --write` (`make docs-examples`) rewrites the shown output of every
example, and every file block, from what it prints now, keeping the `...` cuts where the lines
around them still are.
"""

from __future__ import annotations

import difflib
import hashlib
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAP = "..."
FENCE = re.compile(r"^\s*```")
# `sanma keep`'s prompt (calc/cli/keep.py Shell.prompt): "E1 honba 0 > ", "S1 honba 0 riichi Ana > "
KEEP_PROMPT = re.compile(r"^(?:\(over\)|[ESW]\d+ honba \d+(?: riichi [^>\n]*)?) > ", re.M)
TIMEOUT = 300
SKIPPED_ENTRIES = {".git", ".venv", "site", "build", ".pytest_cache", ".hypothesis"}


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@dataclass
class Block:
    """A part of a page to check: lines [start, end) of the page are `shown`."""

    page: Path
    line: int  # the page's line (1-based) that introduces it: the `$` line or the `# examples/` line
    start: int
    end: int
    shown: list[str]


@dataclass
class Example(Block):
    command: str = ""

    @property
    def typed(self) -> list[str]:
        """The lines a player types into `sanma keep` (after each prompt of the transcript)."""
        if not self.is_keep:
            return []
        return [line[m.end():] for line in self.shown if (m := KEEP_PROMPT.match(line))]

    @property
    def is_keep(self) -> bool:
        words = _words(self.command)
        return len(words) > 1 and words[1] == "keep"


@dataclass
class FileBlock(Block):
    file: str = ""


@dataclass
class Page:
    path: Path
    lines: list[str]
    examples: list[Example] = field(default_factory=list)
    files: list[FileBlock] = field(default_factory=list)

    @property
    def name(self) -> str:
        return str(self.path.relative_to(ROOT))


def read_page(path: Path) -> Page:
    lines = path.read_text(encoding="utf-8").split("\n")
    page = Page(path, lines)
    i = 0
    while i < len(lines):
        if not FENCE.match(lines[i]):
            i += 1
            continue
        start = i + 1
        end = start
        while end < len(lines) and not FENCE.match(lines[end]):
            end += 1
        _read_block(page, start, end)
        i = end + 1
    return page


def _read_block(page: Page, start: int, end: int) -> None:
    lines = page.lines
    first = lines[start] if start < end else ""
    named = re.match(r"#\s*(examples/[^\s:]+)", first.strip())
    if named:
        page.files.append(FileBlock(page.path, start + 1, start, end, lines[start:end], file=named.group(1)))
        return
    commands = [k for k in range(start, end) if lines[k].startswith("$ ")]
    for n, k in enumerate(commands):
        stop = commands[n + 1] if n + 1 < len(commands) else end
        shown = lines[k + 1:stop]
        while shown and not shown[-1].strip():  # the blank line that separates two examples
            shown = shown[:-1]
        page.examples.append(Example(page.path, k + 1, k + 1, k + 1 + len(shown), shown, command=lines[k][2:]))


# ---------------------------------------------------------------- running


def _words(command: str) -> list[str]:
    words = shlex.split(command)
    while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", words[0]):
        words = words[1:]
    return words


@contextmanager
def workdir() -> Iterator[Path]:
    """A fresh folder that looks like the repository's root (its entries linked in), removed afterwards
    (only the links go: what they point to stays)."""
    with tempfile.TemporaryDirectory(prefix="sanma-docs-") as name:
        folder = Path(name)
        for entry in ROOT.iterdir():
            if entry.name not in SKIPPED_ENTRIES:
                (folder / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
        yield folder


@dataclass
class Ran:
    output: list[str]
    code: int


_memo: dict[str, Ran] = {}


def run(example: Example, cwd: Path) -> Ran:
    """Run one example in `cwd`: what a terminal shows (stdout and stderr as they come), its exit code."""
    words = shlex.split(example.command)
    env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
    env.update(PYTHONUNBUFFERED="1", SANMA_CACHE_DIR=str(cwd / ".cache"), NO_COLOR="1")
    while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", words[0]):
        key, _, value = words.pop(0).partition("=")
        env[key] = value
    if not words or words[0] != "sanma":
        raise ValueError(f"{example.page.relative_to(ROOT)}:{example.line}: an example runs `sanma`, "
                         f"not {words[:1]}")
    stdin, stdout_file, args = None, None, []
    it = iter(words[1:])
    for word in it:
        if word == "<":
            stdin = (cwd / next(it)).read_bytes()
        elif word == ">":
            stdout_file = cwd / next(it)
        else:
            args.append(word)
    if example.is_keep:
        stdin = "".join(line + "\n" for line in example.typed).encode()
    key = _memo_key(args, cwd)
    if key and key in _memo:
        return _memo[key]
    done = subprocess.run([sys.executable, "-m", "calc", *args], cwd=cwd, env=env, input=stdin,
                          stdout=subprocess.PIPE if stdout_file is None else open(stdout_file, "wb"),
                          stderr=subprocess.STDOUT if stdout_file is None else subprocess.PIPE, timeout=TIMEOUT)
    text = (done.stdout if stdout_file is None else done.stderr).decode("utf-8")
    if example.is_keep:
        text = _transcript(text, example.typed)
    ran = Ran([line.rstrip() for line in text.rstrip("\n").split("\n")] if text.strip() else [], done.returncode)
    if key:
        _memo[key] = ran
    return ran


def _memo_key(args: list[str], cwd: Path) -> str | None:
    """Simulations are the slow examples, and the same one may be shown on two pages: run once.
    Only those that write no file and read none."""
    if "--matches" not in args or any(a in args for a in ("--save", "--html", "--plot", "--csv")):
        return None
    if any((cwd / a).exists() for a in args if not a.startswith("-")):
        return None
    return hashlib.sha256("\0".join(args).encode()).hexdigest()


def _transcript(text: str, typed: list[str]) -> str:
    """`keep`'s output with each typed line put back after its prompt (a pipe does not echo it)."""
    out, at = [], 0
    for n, m in enumerate(KEEP_PROMPT.finditer(text)):
        out.append(text[at:m.end()])
        at = m.end()
        if n < len(typed):
            out.append(typed[n] + "\n")
    out.append(text[at:])
    return "".join(out)


# ---------------------------------------------------------------- comparing


def _is_gap(line: str) -> bool:
    return line.strip() == GAP


def matches(shown: list[str], actual: list[str]) -> bool:
    """Whether `actual` is what the page shows, a `...` line standing for any lines (or none)."""
    pattern = "".join(r"(?:[^\n]*\n)*?" if _is_gap(line) else re.escape(line.rstrip()) + r"\n" for line in shown)
    return re.fullmatch(pattern, "".join(line + "\n" for line in actual)) is not None


def refreshed(shown: list[str], actual: list[str]) -> list[str]:
    """What the page should show now: `actual`, cut where `shown` had its `...` lines, the cuts kept
    where the lines around them are still there (found by a diff of the two)."""
    if matches(shown, actual):
        return shown
    if not any(_is_gap(line) for line in shown):
        return actual
    literal = [(k, line.rstrip()) for k, line in enumerate(shown) if not _is_gap(line)]
    where: dict[int, int] = {}  # a shown line -> the line of actual it became
    matcher = difflib.SequenceMatcher(None, [line for _, line in literal], actual, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            for d in range(i2 - i1):
                where[literal[i1 + d][0]] = j1 + d
        elif tag == "replace":  # each changed line to the most like it of the new ones, in order
            after = j1
            for i in range(i1, i2):
                scored = [(difflib.SequenceMatcher(None, literal[i][1], actual[j]).ratio(), -j, j)
                          for j in range(after, j2)]
                if scored and max(scored)[0] > 0.5:
                    where[literal[i][0]] = max(scored)[2]
                    after = where[literal[i][0]] + 1
    segments, current = [], []  # runs of shown lines between the cuts
    for k, line in enumerate(shown):
        if _is_gap(line):
            segments.append((current, line))
            current = []
        else:
            current.append(k)
    segments.append((current, None))
    out, last = [], -1
    for n, (indices, gap) in enumerate(segments):
        found = [where[k] for k in indices if k in where and where[k] > last]
        if indices and found:
            first = 0 if n == 0 else min(found)
            final = len(actual) - 1 if n == len(segments) - 1 else max(found)
            out += actual[max(first, last + 1):final + 1]
            last = max(last, final)
        elif indices and n == len(segments) - 1:  # the end of the output, which the page showed
            out += actual[last + 1:]
            last = len(actual) - 1
        if gap is not None and (not out or not _is_gap(out[-1])):
            out.append(gap)
    return out if matches(out, actual) else actual


# ---------------------------------------------------------------- checking and rewriting


@dataclass
class Outcome:
    block: Block
    actual: list[str]
    ok: bool
    problem: str = ""


def check_page(page: Page) -> list[Outcome]:
    """Every example and file block of the page, run and compared."""
    outcomes = []
    for block in page.files:
        path = ROOT / block.file
        actual = path.read_text(encoding="utf-8").rstrip("\n").split("\n") if path.is_file() else []
        problem = "" if path.is_file() else f"{block.file} is not in the repository"
        outcomes.append(Outcome(block, actual, path.is_file() and matches(block.shown, actual), problem))
    if page.examples:
        with workdir() as cwd:
            for example in page.examples:
                ran = run(example, cwd)
                outcomes.append(Outcome(example, ran.output, matches(example.shown, ran.output)))
    return sorted(outcomes, key=lambda o: o.block.line)


def describe(page: Page, outcome: Outcome) -> str:
    """A failure, as a diff of the page's lines against what the example printed."""
    block = outcome.block
    what = f"$ {block.command}" if isinstance(block, Example) else f"the file block of {block.file}"
    if outcome.problem:
        return f"{page.name}:{block.line}: {what}: {outcome.problem}"
    # what `make docs-examples` would write, against what the page has
    diff = difflib.unified_diff(block.shown, refreshed(block.shown, outcome.actual), "the page", "what it prints",
                                lineterm="", n=2)
    return f"{page.name}:{block.line}: {what}\n" + "\n".join(diff)


def rewrite(page: Page, outcomes: list[Outcome]) -> bool:
    """Put what each example prints now into the page (bottom up, so earlier line numbers hold)."""
    lines = list(page.lines)
    changed = False
    for outcome in sorted(outcomes, key=lambda o: o.block.start, reverse=True):
        block = outcome.block
        if outcome.ok or outcome.problem:
            continue
        lines[block.start:block.end] = refreshed(block.shown, outcome.actual)
        changed = True
    if changed:
        page.path.write_text("\n".join(lines), encoding="utf-8")
    return changed


def main(argv: list[str]) -> int:
    write = "--write" in argv
    chosen = [a for a in argv if not a.startswith("-")]
    failed = 0
    for path in pages():
        if chosen and not any(path.name == Path(c).name for c in chosen):
            continue
        page = read_page(path)
        outcomes = check_page(page)
        if write and rewrite(page, outcomes):
            page = read_page(path)
            outcomes = check_page(page)
            print(f"rewrote {page.name}")
        for outcome in outcomes:
            if not outcome.ok:
                failed += 1
                print(describe(page, outcome), file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
