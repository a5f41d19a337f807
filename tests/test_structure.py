"""The package's shape, read from its source with `ast` (docs/development.md, "Layout"): the layers
and which may import which, no import circle, nothing but the command line importing the command
line, no private name taken from another module, one class per name. Every import counts, at any
depth: inside a function, under `if TYPE_CHECKING:`, in a `try:`."""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "calc"

# The layers, lowest first: each may import its own and the layers it lists, nothing else.
# docs/development.md draws the same table (checked below).
LAYERS: dict[str, tuple[str, ...]] = {
    "build": (),  # calc/compiled.py: the version, the compiled modules and which build runs
    "core": ("build",),
    "scoring": ("build", "core"),
    "table": ("build", "core", "scoring"),
    "sichuan": ("build", "core", "scoring"),  # beside table, on the readings of scoring
    "logs": ("build", "core", "scoring", "table"),
    "sim": ("build", "core", "scoring", "table", "logs"),
    "faces": ("build", "core", "scoring", "table", "sichuan", "logs", "sim"),
}

# The top-level modules and where they sit; every folder of calc/ is the layer of its name, but
# calc/cli, which is a face.
TOP_LEVEL = {
    "calc": "faces",  # calc/__init__.py: the public API, loaded from calc.api on first use
    "calc.__main__": "faces",  # `python -m calc`: the command line
    "calc.api": "faces",
    "calc.compiled": "build",
    "calc.shipped_make": "faces",  # writes calc/core/shipped_copy.json from every variant's schema
}
# The command line: nothing else imports it (`python -m calc` is the command line too).
CLI = ("calc.cli", "calc.__main__")



def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@lru_cache(maxsize=None)
def modules() -> dict[str, ast.Module]:
    return {_name(path): ast.parse(path.read_text(encoding="utf-8"), str(path))
            for path in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> str:
    if module in TOP_LEVEL:
        return TOP_LEVEL[module]
    folder = module.split(".")[1]
    return "faces" if folder == "cli" else folder


def _is_package(module: str) -> bool:
    return (PACKAGE.parent / module.replace(".", "/") / "__init__.py").is_file()


def _absolute(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not _is_package(module):
        base = base[:-1]
    base = base[:len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


class Imported:
    """One name one module takes from calc: the module it comes from, and the name if it is not a module."""

    def __init__(self, importer: str, target: str, name: str | None, line: int) -> None:
        self.importer, self.target, self.name, self.line = importer, target, name, line

    def __repr__(self) -> str:
        what = f"{self.target}.{self.name}" if self.name else self.target
        return f"{self.importer}:{self.line} imports {what}"


@lru_cache(maxsize=None)
def imports() -> tuple[Imported, ...]:
    """Every import of a calc module or name, at any depth, and every `module._name` read through
    an imported calc module."""
    known = modules()
    out = []
    for module, tree in known.items():
        aliases: dict[str, str] = {}  # local name -> the calc module it is bound to
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name == "calc" or alias.name.startswith("calc."):
                        out.append(Imported(module, alias.name, None, node.lineno))
                        if alias.asname:
                            aliases[alias.asname] = alias.name
            elif isinstance(node, ast.ImportFrom):
                source = _absolute(module, node)
                if source != "calc" and not source.startswith("calc."):
                    continue
                for alias in node.names:
                    full = f"{source}.{alias.name}"
                    if full in known:  # a module of a package
                        out.append(Imported(module, full, None, node.lineno))
                        aliases[alias.asname or alias.name] = full
                    else:
                        out.append(Imported(module, source, alias.name, node.lineno))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and aliases.get(node.value.id, module) != module and _private(node.attr)):
                out.append(Imported(module, aliases[node.value.id], node.attr, node.lineno))
    return tuple(out)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_every_module_has_a_layer():
    assert {layer(module) for module in modules()} <= set(LAYERS)
    folders = {path.name for path in PACKAGE.iterdir() if (path / "__init__.py").is_file()}
    assert folders == {"core", "scoring", "table", "sichuan", "logs", "sim", "cli"}, "a new folder needs its layer"
    top = {_name(path) for path in PACKAGE.glob("*.py")}
    assert top == set(TOP_LEVEL), "a new top-level module needs its layer in TOP_LEVEL"


def test_no_import_runs_up_the_layers():
    wrong = [imp for imp in imports() if imp.target in modules() or imp.target == "calc"
             if layer(imp.target) != layer(imp.importer) and layer(imp.target) not in LAYERS[layer(imp.importer)]]
    assert not wrong, "\n".join(f"{imp} ({layer(imp.importer)} -> {layer(imp.target)})" for imp in wrong)


def test_only_the_command_line_imports_the_command_line():
    def in_cli(module: str) -> bool:
        return any(module == c or module.startswith(c + ".") for c in CLI)

    wrong = [imp for imp in imports() if in_cli(imp.target) and not in_cli(imp.importer)]
    assert not wrong, "\n".join(map(repr, wrong))


def test_no_private_name_crosses_modules():
    wrong = [imp for imp in imports() if imp.name is not None and _private(imp.name)
             and imp.target != imp.importer]
    assert not wrong, "\n".join(map(repr, wrong))


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {module: set() for module in modules()}
    for imp in imports():
        if imp.target in graph and imp.target != imp.importer:
            graph[imp.importer].add(imp.target)
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_no_import_circle():
    assert _circles(_graph()) == []


def test_the_circle_finder_finds_circles():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


def _classes() -> dict[str, list[str]]:
    defined: dict[str, list[str]] = {}
    for module, tree in modules().items():
        for name in sorted({node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}):
            defined.setdefault(name, []).append(module)
    return defined


def test_one_class_per_name_outside_sichuan():
    # The Sichuan variant names its own kinds of the same things (its hand, its rules, its record)
    twins = {name: places for name, places in _classes().items()
             if len([m for m in places if not m.startswith("calc.sichuan")]) > 1}
    assert not twins, "\n".join(f"{name}: {', '.join(places)}" for name, places in sorted(twins.items()))


def test_the_simulator_keeps_one_record_of_play():
    """The engine's own player state, its meld type and its tenhou.net/6-shaped columns are gone:
    the hand's event list is its one record (calc.sim.engine.HandPlay.events)."""
    assert not (PACKAGE / "logs" / "playorder.py").exists()
    engine = modules()["calc.sim.engine"]
    assert "Player" not in {node.name for node in ast.walk(engine) if isinstance(node, ast.ClassDef)}
    names = {node.id for tree in modules().values() for node in ast.walk(tree) if isinstance(node, ast.Name)}
    names |= {node.name for tree in modules().values() for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    assert "SimMeld" not in names
    attributes = {node.attr for module, tree in modules().items() if module.startswith("calc.sim")
                  for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert not {"takes", "gives"} & attributes


def test_the_development_page_draws_the_same_layers():
    """docs/development.md's table of layers is this test's."""
    text = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \| [^|]+ \|([^|]*)\|$", text, flags=re.M)
    drawn = {name: tuple(re.findall(r"`(\w+)`", may)) for name, may in rows}
    assert drawn == LAYERS


def test_no_issue_numbers_in_the_package():
    """History lives in git: code, comments and the shipped YAML say why, not which issue."""
    files = [*PACKAGE.rglob("*.py"), *(ROOT / "rulesets").rglob("*.yaml"), PACKAGE / "cli" / "serve.js"]
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in files for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\bissues? ?#?\d", line, flags=re.I)]
    assert not found, "\n".join(found)


def test_the_modules_named_here_exist():
    # a rename would leave a rule here checking nothing
    for name in [*TOP_LEVEL, *CLI]:
        assert name in modules()
