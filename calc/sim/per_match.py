"""`sanma compare --per-match FILE` (and `calc.compare(per_match=...)`): every match (or real game)
under every scheme, a row each, written as the run goes, so that the runs of several seeds, or a
club's games and new ones, can be pooled or analysed match by match (docs/json.md lists the
columns). JSON lines for a `.jsonl` (or `.json`) file, CSV for a `.csv` one: a row per match and
scheme, pairs found by `seed` and `match` (`game` for real games)."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import IO, Any

from calc.core.errors import SanmaError
from calc.sim.run import SchemeResult

SUFFIXES = {".jsonl": "json", ".json": "json", ".csv": "csv"}


class PerMatchError(SanmaError):
    """A --per-match file that cannot be written."""


def check_path(path: Path) -> None:
    """Refuse a --per-match file of another kind, or one that cannot be written, before any work."""
    if path.suffix.lower() not in SUFFIXES:
        raise PerMatchError(f"--per-match {path}: give a .jsonl (JSON lines) or .csv file name")
    if not path.parent.is_dir():
        raise PerMatchError(f"--per-match {path}: no such folder {str(path.parent)!r}")


class PerMatchWriter:
    """Rows written as they come, each flushed: a run stopped with Ctrl-C leaves the rows of the
    matches it counted. `key`: the columns that say which match (seed and match, or the game)."""

    def __init__(self, path: Path, players: int, key: tuple[str, ...]) -> None:
        self.kind = SUFFIXES[path.suffix.lower()]
        self.key = key
        try:
            self.stream: IO[str] = path.open("w", encoding="utf-8", newline="")
        except OSError as e:
            raise PerMatchError(f"--per-match {path}: cannot write there ({e.strerror})") from None
        self.csv: Any = None
        if self.kind == "csv":
            self.csv = csv.writer(self.stream, lineterminator="\n")
            seats = range(players)
            self.csv.writerow([*key, "scheme", *(f"points_{s}" for s in seats), *(f"rank_{s}" for s in seats),
                               *(f"score_{s}" for s in seats), *SCALARS])

    def write(self, key: tuple, results: dict[str, SchemeResult]) -> None:
        for scheme, result in results.items():
            row = result.to_dict()
            if self.csv is not None:
                self.csv.writerow([*key, scheme, *row["points"], *row["ranks"], *row["scores"],
                                   *(row[name] for name in SCALARS)])
            else:
                self.stream.write(json.dumps({**dict(zip(self.key, key)), "scheme": scheme, **row}) + "\n")
        self.stream.flush()

    def close(self) -> None:
        self.stream.close()


# a match's figures after the per-seat ones, as SchemeResult holds them
SCALARS = tuple(name for name in SchemeResult._fields if name not in ("points", "ranks", "scores"))
