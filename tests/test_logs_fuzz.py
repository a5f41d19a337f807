"""Damaged logs give a one-line error, never a traceback: seeded mutations of real records."""

from __future__ import annotations

import json
import random
import re

from calc.core.errors import SanmaError
from calc.logs import parse_log

GAMES = ("2026011603gm-00b9-0000-36cf9559", "2026011700gm-00b9-0000-220199cd")


def _mutate_number(text: str, rng: random.Random) -> str:
    """Replace one number somewhere in the record with an unlikely one."""
    match = rng.choice(list(re.finditer(r"\d+", text)))
    return text[: match.start()] + str(rng.choice([0, 1, 4, 9, 16, 99, 135, 136, 999, 10**6])) + text[match.end():]


def _check(data: bytes, name: str) -> None:
    try:
        parse_log(data, name)
    except SanmaError:
        pass


def test_mutated_mjlog_numbers(data_dir):
    rng = random.Random(20261130)
    for game in GAMES:
        text = (data_dir / "mjlog" / f"{game}.xml").read_text(encoding="utf-8")
        for _ in range(120):
            _check(_mutate_number(text, rng).encode(), f"{game}.xml")


def test_mutated_tenhou6_values(data_dir):
    rng = random.Random(7)
    for game in GAMES:
        text = (data_dir / "json" / f"{game}.json").read_text(encoding="utf-8")
        for _ in range(120):
            _check(_mutate_number(text, rng).encode(), f"{game}.json")
        for replacement in ("x", None, [], {}, -1, 1.5):
            for path in ((0, 0, 0), (0, 0, 1), (0, 1), (0, 2), (0, 4), (0, 16)):
                damaged = json.loads(text)
                target = damaged["log"]
                for step in path[:-1]:
                    target = target[step]
                target[path[-1]] = replacement
                _check(json.dumps(damaged).encode(), f"{game}.json")


def test_truncated_files(data_dir):
    for game in GAMES:
        data = (data_dir / "mjlog" / f"{game}.xml").read_bytes()
        for cut in range(0, len(data), max(1, len(data) // 40)):
            _check(data[:cut], f"{game}.xml")
