"""The compiled build: `pip install .` compiles the modules listed in calc/compiled.py with mypyc.

Everything else about the package is in pyproject.toml. The build is pure Python (no extension
modules, the same source) when SANMA_PURE_PYTHON is set or no C compiler is found; see
docs/development.md.
"""

from __future__ import annotations

import os
import runpy
import shlex
import shutil
import sys
import sysconfig

from setuptools import setup

HERE = os.path.dirname(os.path.abspath(__file__))
compiled = runpy.run_path(os.path.join(HERE, "calc", "compiled.py"))  # the one list; imports no calc code


def c_compiler() -> str | None:
    """The compiler Python's own build used (or $CC), if it is on this machine."""
    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = shlex.split(command)
    return shutil.which(words[0]) if words else None


def extensions() -> list:
    if compiled["pure_requested"]():
        print(f"sanma: {compiled['PURE_ENV']} is set: building the pure-Python package", file=sys.stderr)
        return []
    if c_compiler() is None:
        print("sanma: no C compiler found: building the pure-Python package (the same source, slower)",
              file=sys.stderr)
        return []
    from mypyc.build import mypycify

    os.chdir(HERE)  # mypyc names the modules by their paths relative to the working directory
    return mypycify(
        # --follow-imports=silent: only the listed modules are checked; the modules they import are
        # read for their types but neither compiled nor reported on
        ["--follow-imports=silent", "--ignore-missing-imports", *compiled["source_paths"]()],
        group_name="calc",  # one shared library, calc__mypyc, beside the package
        # -O2 and no debug information: the instruction counts of -O3 within 0.3%, in a good third
        # less compile time (docs/benchmarks.md, "The compiled build")
        opt_level=os.environ.get("SANMA_MYPYC_OPT", "2"),
        debug_level=os.environ.get("SANMA_MYPYC_DEBUG", "0"),
        multi_file=True,  # one C file per module, so that the compiler runs on every core (below)
    )


setup(ext_modules=extensions(), options={"build_ext": {"parallel": os.cpu_count() or 1}})
