"""Shared fixtures: the real Tenhou games of tests/data, unpacked once per test session."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import settings

from realdata import GAME_COUNT, truth_lines, unpack

# Hypothesis' per-example deadline times the machine, not the code: on a busy two-core machine a
# plain example can take twice its 200 ms. The properties are what the tests hold.
settings.register_profile("sanma", deadline=None)
settings.load_profile("sanma")


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding mjlog/, json/ and truth/ of the 201 real games."""
    folder = unpack(tmp_path_factory.mktemp("tenhou-sanma"))
    assert len(list((folder / "mjlog").glob("*.xml"))) == GAME_COUNT
    return folder


@pytest.fixture
def table(tmp_path: Path) -> Path:
    """A match being played, three hands in (examples/table.yaml), copied: `keep` and `serve` rewrite it."""
    path = tmp_path / "table.yaml"
    shutil.copy(Path(__file__).resolve().parent.parent / "examples" / "table.yaml", path)
    return path


@pytest.fixture(scope="session")
def agari_truth() -> tuple[dict, ...]:
    return truth_lines("agari")


@pytest.fixture(scope="session")
def ryuukyoku_truth() -> tuple[dict, ...]:
    return truth_lines("ryuukyoku")


@pytest.fixture(scope="session")
def games_truth() -> tuple[dict, ...]:
    return truth_lines("games")


def pytest_report_header(config: pytest.Config) -> str:
    """Which build the tests run: the compiled modules, or their source (SANMA_PURE_PYTHON)."""
    from calc import compiled

    return f"sanma build: {compiled.build()}"


def pytest_sessionstart(session: pytest.Session) -> None:
    """A compiled module older than its source runs the old code: say so rather than test it."""
    import sys

    from calc import compiled

    root = Path(__file__).resolve().parents[1]
    compiled.build()  # imports the listed modules
    built_times = []
    for name in compiled.MODULES:
        built = Path(sys.modules[name].__file__ or "")
        source = built.with_name(name.rpartition(".")[2] + ".py")
        if built.suffix != ".py" and built.is_relative_to(root):
            built_times.append(built.stat().st_mtime)
            if source.stat().st_mtime > built.stat().st_mtime:
                pytest.exit(f"{source.relative_to(root)} changed after it was compiled: run `make build` to "
                            f"compile it again (or test the source with SANMA_PURE_PYTHON=1)", returncode=2)
    for source in map(Path, compiled.build_inputs(str(root))):  # the modules whose types the build used
        if built_times and source.stat().st_mtime > min(built_times):
            pytest.exit(f"{source.relative_to(root)} changed after the build the compiled modules were made "
                        f"against: run `make build` (or test the source with SANMA_PURE_PYTHON=1)", returncode=2)
