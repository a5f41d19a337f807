"""What runs: the version, the modules compiled with mypyc, and which build this process runs
(docs/development.md).

`pip install .` compiles the modules listed here where a C compiler exists (setup.py reads this
list; nothing else names them). The very same source runs uncompiled where none does, or when the
build is forced pure (`SANMA_PURE_PYTHON=1 pip install .`). An installed compiled build can also be
run uncompiled: with `SANMA_PURE_PYTHON=1` in the environment, `calc` imports the listed modules
from their `.py` files and never loads the compiled ones (how `make test` runs the scoring,
payment and real-game tests on the pure source, with no second install).

This module imports only the standard library: setup.py reads it before anything is installed.
"""

from __future__ import annotations

import os
import sys
from typing import Sequence

# The hot path from a hand's text to its value. A module listed here must pass mypy (mypyc compiles
# it from its annotations) and must not be patched at run time (compiled code calls its functions
# directly). Listed in import order. Each one measurably pays for its compile time
# (docs/benchmarks.md, "The compiled build"); the bots' knobs (calc.sim.botprofile, a NamedTuple)
# did not: 0.1% of a simulation.
MODULES = (
    "calc.core.tiles",
    "calc.core.notation",
    "calc.scoring.hand",
    "calc.scoring.suits",  # the shipped per-suit tables, read byte by byte
    "calc.scoring.readings",
    "calc.scoring.shape",
    "calc.scoring.fu",
    "calc.scoring.value",
    "calc.scoring.yaku",
    "calc.scoring.evaluate",
    "calc.scoring.request",
    "calc.table.scored",  # the request scored and paid (on calc.table.payment, compiled below)
    "calc.cli.hand_json",  # the --json text of a hand: a --batch run writes one a line
    "calc.cli.hand_line",  # a --batch line read into a request
    "calc.cli.hand",  # the --batch loop: a line read, checked, scored and written
    # the simulator's and the replay's hot path: shanten from the shipped suit tables, the round
    # state, the wall, the bots' view of the round, the engine that plays a hand, and the bots
    "calc.scoring.shanten",
    "calc.table.round",
    "calc.sim.wall",
    "calc.sim.view",
    "calc.sim.engine",
    "calc.sim.greedy",
    "calc.sim.calibrated",
    "calc.sim.stress",  # the harness's table of rare hands: its bot is a compiled bot's subclass
    "calc.logs.mjlog",  # the replay's reader: one loop over every tag of a Tenhou log
    # the replay's check of each game: the payments, the match engine that settles it hand by hand,
    # the rebuilt hands' text and the comparison with the log
    "calc.table.payment",
    "calc.table.match",
    "calc.logs.convert",
    "calc.logs.replay",
)

VERSION = "0.1.0"  # the package's (pyproject.toml reads it; `calc.__version__`)

PURE_ENV = "SANMA_PURE_PYTHON"  # set (to anything but "" or "0"): build or run the pure source


def pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def source_paths(root: str = ".") -> list[str]:
    """The listed modules' source files, relative to the repository root (for setup.py)."""
    return [os.path.join(root, *name.split(".")) + ".py" for name in MODULES]


def build_inputs(root: str = ".") -> list[str]:
    """The files a compiled build is made from: the listed modules' sources and the `calc` modules
    they import (mypyc compiles against those modules' types, a NamedTuple's fields or a function's
    return type, so an edit there can leave the build wrong: the Makefile rebuilds for either)."""
    import ast

    listed = source_paths(root)
    imported: set[str] = set()
    for path in listed:
        with open(path, encoding="utf-8") as source:
            tree = ast.parse(source.read(), path)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            imported.update(name for name in names if name.split(".")[0] == "calc")
    found = []
    for name in sorted(imported):
        base = os.path.join(root, *name.split("."))
        for candidate in (base + ".py", os.path.join(base, "__init__.py")):
            if os.path.isfile(candidate) and candidate not in listed:
                found.append(candidate)
    return listed + found


def build() -> str:
    """'compiled with mypyc' when every listed module runs compiled, 'pure Python' when none does,
    'partly compiled' otherwise (a module added to the list after the last build)."""
    compiled = [_is_compiled(name) for name in MODULES]
    if all(compiled):
        return "compiled with mypyc"
    return "partly compiled" if any(compiled) else "pure Python"


def _is_compiled(name: str) -> bool:
    import importlib

    module = sys.modules.get(name) or importlib.import_module(name)
    return not (getattr(module, "__file__", None) or "").endswith(".py")


class _SourceFirst:
    """A meta path finder (importlib.abc.MetaPathFinder's protocol) for the listed modules' `.py`
    files, so their compiled twins are never loaded."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: object = None) -> object:
        if fullname not in MODULES or not path:
            return None
        import importlib.machinery
        import importlib.util

        leaf = fullname.rpartition(".")[2] + ".py"
        for folder in path:
            source = os.path.join(folder, leaf)
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(
                    fullname, source, loader=importlib.machinery.SourceFileLoader(fullname, source))
        return None


def run_pure() -> None:
    """Import the listed modules from source from now on (called by calc/__init__.py when asked)."""
    if not any(isinstance(finder, _SourceFirst) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourceFirst())
