"""Shared fixtures: where the real Tenhou data lives (shared/ sits beside the repository, in CI too)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest

DATA_DIR = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou-sanma"


@lru_cache(maxsize=None)
def truth_lines(name: str) -> tuple[dict, ...]:
    """The decoded facts of `truth/<name>.jsonl`, one dict per line."""
    with open(DATA_DIR / "truth" / f"{name}.jsonl", encoding="utf-8") as stream:
        return tuple(json.loads(line) for line in stream)


@pytest.fixture(scope="session")
def data_dir() -> Path:
    assert DATA_DIR.is_dir(), f"shared Tenhou data not found at {DATA_DIR}"
    return DATA_DIR


@pytest.fixture(scope="session")
def agari_truth() -> tuple[dict, ...]:
    return truth_lines("agari")


@pytest.fixture(scope="session")
def ryuukyoku_truth() -> tuple[dict, ...]:
    return truth_lines("ryuukyoku")


@pytest.fixture(scope="session")
def games_truth() -> tuple[dict, ...]:
    return truth_lines("games")
