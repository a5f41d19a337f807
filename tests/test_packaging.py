"""The packaging lists every subpackage: a plain `pip install .` must carry all of calc/."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_subpackage_is_packaged():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "calc").rglob("__init__.py")
        if "__pycache__" not in init.parts
    }
    assert on_disk <= listed, f"missing from pyproject.toml: {sorted(on_disk - listed)}"


def test_every_data_file_is_packaged():
    """Files the package reads at run time (not .py) must match a package-data pattern."""
    from fnmatch import fnmatch

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    for path in (ROOT / "calc").rglob("*"):
        if path.is_dir() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts:
            continue
        package = ".".join(path.parent.relative_to(ROOT).parts)
        assert any(fnmatch(path.name, pattern) for pattern in data.get(package, ())), f"{path} is not packaged"
