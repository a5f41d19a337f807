"""Shared fixtures: the real Tenhou games of tests/data, unpacked once per test session."""

from __future__ import annotations

from pathlib import Path

import pytest

from realdata import GAME_COUNT, truth_lines, unpack


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding mjlog/, json/ and truth/ of the 201 real games."""
    folder = unpack(tmp_path_factory.mktemp("tenhou-sanma"))
    assert len(list((folder / "mjlog").glob("*.xml"))) == GAME_COUNT
    return folder


@pytest.fixture(scope="session")
def agari_truth() -> tuple[dict, ...]:
    return truth_lines("agari")


@pytest.fixture(scope="session")
def ryuukyoku_truth() -> tuple[dict, ...]:
    return truth_lines("ryuukyoku")


@pytest.fixture(scope="session")
def games_truth() -> tuple[dict, ...]:
    return truth_lines("games")
