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
        if path.is_dir() or path.suffix in (".py", ".pyc", ".so") or "__pycache__" in path.parts:
            continue
        package = ".".join(path.parent.relative_to(ROOT).parts)
        assert any(fnmatch(path.name, pattern) for pattern in data.get(package, ())), f"{path} is not packaged"


def test_a_plain_install_finds_every_profile_and_data_file(tmp_path):
    """`pip install .` (as `pip install git+URL` does, from a clone) carries rulesets/ and calc's data."""
    import os
    import subprocess
    import sys

    target = tmp_path / "site"
    # the pure build (SANMA_PURE_PYTHON): compiling here again would add a minute to the suite; the
    # compiled build is the one every other test runs (make test installs it)
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(target), str(ROOT)], check=True, cwd=tmp_path,
                   env={**os.environ, "SANMA_PURE_PYTHON": "1"})
    probe = (
        "import calc, pathlib; from calc.core import rules; from calc.sim import truth\n"
        "assert pathlib.Path(calc.__file__).is_relative_to(pathlib.Path(r'%s')), calc.__file__\n"
        "from calc.sichuan.rules import load as load_sichuan\n"
        "names = rules.builtin_names(None)\n"
        "[(rules.load if rules.variant_of(n) == 'sanma' else load_sichuan)(n) for n in names]\n"
        "import sys; assert 'yaml' not in sys.modules, 'a shipped file was not read from calc/core/shipped_copy.json'\n"
        "truth.reference()\n"
        "assert (pathlib.Path(calc.__file__).parent / 'py.typed').is_file()\n"
        "assert calc.score('123p456p789s99p234s', tsumo=True).han == 2\n"
        "assert rules.SCHEMES and all(rules.load('standard').with_scheme(s) for s in rules.SCHEMES)\n"
        "print(calc.__version__, ' '.join(sorted(names)), '|', ' '.join(rules.SCHEMES))\n" % target
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    shown = subprocess.run([sys.executable, "-c", probe], check=True, cwd=tmp_path, env=env,
                           capture_output=True, text=True).stdout.split()
    shipped = sorted(p.stem for p in (ROOT / "rulesets").glob("*.yaml"))
    schemes = sorted(p.stem for p in (ROOT / "rulesets" / "schemes").glob("*.yaml"))
    bar = shown.index("|")
    assert shown[1:bar] == shipped and shown[bar + 1:] == schemes
    version = subprocess.run([sys.executable, "-m", "calc", "--version"], check=True, cwd=tmp_path, env=env,
                             capture_output=True, text=True).stdout
    assert version.strip() == f"sanma {shown[0]} (pure Python)"
