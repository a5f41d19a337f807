"""The real Tenhou sanma games the tests and benchmarks check against.

They are kept compressed in `tests/data/tenhou-sanma/` (one xz tar per folder, see the README
there) and unpacked on demand: the truth files are read straight from their archive, the logs
are unpacked once into a folder the caller chooses (a pytest temporary folder, a benchmark's
temporary folder).
"""

from __future__ import annotations

import json
import tarfile
from functools import lru_cache
from pathlib import Path

ARCHIVES = Path(__file__).resolve().parent / "data" / "tenhou-sanma"
FOLDERS = ("mjlog", "json", "truth")
GAME_COUNT = 201
# The truth files name a hand's end in Tenhou's words; the package has one name for each (calc.table.play).
DRAW_KINDS = {"exhaustive": "exhaustive", "nagashi_mangan": "nagashi", "kyuushu_kyuuhai": "nine-terminals",
              "suukaikan": "four-kans"}


def unpack(destination: Path) -> Path:
    """Unpack every folder (mjlog/, json/, truth/) into `destination`; returns it."""
    destination.mkdir(parents=True, exist_ok=True)
    for folder in FOLDERS:
        with tarfile.open(ARCHIVES / f"{folder}.tar.xz") as archive:
            archive.extractall(destination, filter="data")
    return destination


@lru_cache(maxsize=None)
def truth_lines(name: str) -> tuple[dict, ...]:
    """The decoded facts of `truth/<name>.jsonl`, one dict per line, read from the archive."""
    with tarfile.open(ARCHIVES / "truth.tar.xz") as archive:
        member = archive.extractfile(f"truth/{name}.jsonl")
        assert member is not None, f"truth/{name}.jsonl is not in {ARCHIVES / 'truth.tar.xz'}"
        return tuple(json.loads(line) for line in member.read().decode("utf-8").splitlines() if line.strip())
