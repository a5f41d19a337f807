"""docs/json.md lists every key of the `--json` objects of hand, pay, settle, replay, simulate and compare: each command
prints exactly the keys its section lists (each listed key printed by one of the runs below, none
printed that is not listed), and the version and schema the page states."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import calc
from calc.cli.app import app
from calc.core.output import SCHEMA

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "json.md"
LOG = str(ROOT / "examples" / "logs" / "2026011603gm-00b9-0000-36cf9559.xml")
runner = CliRunner()

# a parlour record (chips), its dealer playing on instead of tenpai-yame, then a won hand
PARLOUR = ("rules: parlour\nplayers: [Ana, Bo, Chen]\nstart: {round: S3, scores: {Ana: 30000, Bo: 30000, Chen: 45000}}\n"
           "hands:\n  - draw: {tenpai: [Chen]}\n    play_on: true\n"
           "  - riichi: [Ana]\n    win: {winner: Ana, tsumo: true, hand: 123p456p789s99p234s, dora: 1z, ura: 9p}\n")


def documented() -> dict[str, set[str]]:
    """Each section's command (`hand`, `pay`, ...) -> the keys its table lists."""
    out: dict[str, set[str]] = {}
    command = None
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"## `sanma (\w+) --json`", line)
        if heading:
            command = heading.group(1)
            out[command] = set()
        key = re.match(r"\| `([^`]+)` \|", line)
        if key and command:
            out[command].add(key.group(1))
    return out


DOCUMENTED = documented()


def printed(value: object, listed: set[str], path: str = "", out: set[str] | None = None) -> set[str]:
    """The key paths of a JSON value as the page writes them: `a.b`, `a[].b` for the items of a list of
    objects, `a.NAME.b` under a mapping by name whose keys the page lists under NAME, and a mapping
    by name the page lists alone (`deltas`: each player's) as one key."""
    out = set() if out is None else out
    if path:
        out.add(path)
    if isinstance(value, dict):
        if any(key.startswith(f"{path}.NAME.") for key in listed):
            for item in value.values():
                printed(item, listed, f"{path}.NAME", out)
            out.discard(f"{path}.NAME")
        elif not path or any(key.startswith(f"{path}.") for key in listed):
            for key, item in value.items():
                printed(item, listed, f"{path}.{key}" if path else key, out)
    elif isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
        for item in value:
            printed(item, listed, f"{path}[]", out)
        out.discard(f"{path}[]")
    return out


def run_json(*args: str) -> list[dict]:
    result = runner.invoke(app, list(args))
    assert result.exit_code in (0, 1), result.output  # 1: a replay that finds a mismatch
    return [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]


def runs(command: str, tmp_path: Path) -> list[dict]:
    if command == "hand":
        return [*run_json("hand", "123p456p789s99p234s", "--tsumo", "--riichi", "--dora", "3z", "--json"),
                *run_json("hand", "11p33p0p5p77s99s11z22z", "--seat", "W", "--sticks", "1", "--json")]
    if command == "pay":
        return [*run_json("pay", "--han", "3", "--fu", "40", "--tsumo", "--json"),
                *run_json("pay", "--limit", "mangan", "--honba", "1", "--sticks", "1", "--json")]
    if command == "settle":
        record = tmp_path / "parlour.yaml"
        record.write_text(PARLOUR, encoding="utf-8")
        return [*run_json("settle", str(ROOT / "examples" / "match.yaml"), "--json", "--all-schemes"),
                *run_json("settle", str(ROOT / "examples" / "table.yaml"), "--json"),
                *run_json("settle", str(record), "--json")]
    if command == "simulate":
        return [*run_json("simulate", "--matches", "3", "--seed", "1", "--workers", "1", "--json"),
                *run_json("simulate", "--matches", "2", "--seed", "1", "--workers", "1", "--bots", "stress", "--json")]
    if command == "compare":
        return [*run_json("compare", "--matches", "3", "--seed", "1", "--workers", "1", "--schemes", "north-split",
                          "--json"),
                *run_json("compare", "--logs", str(Path(LOG).parent), "--schemes", "north-split", "--json")]
    text = Path(LOG).read_text(encoding="utf-8")
    broken = tmp_path / "claims-40-fu.xml"
    broken.write_text(text.replace('ten="50,4800,0"', 'ten="40,4800,0"'), encoding="utf-8")
    return [*run_json("replay", LOG, "--json", "--all-schemes"), *run_json("replay", str(broken), "--json")]


@pytest.mark.parametrize("command", ["hand", "pay", "settle", "replay", "simulate", "compare"])
def test_the_page_lists_exactly_the_keys_printed(command, tmp_path):
    listed = DOCUMENTED[command]
    seen: set[str] = set()
    for obj in runs(command, tmp_path):
        keys = printed(obj, listed)
        assert keys <= listed, f"printed but not in docs/json.md: {sorted(keys - listed)}"
        seen |= keys
    assert listed <= seen, f"in docs/json.md but printed by none of the runs: {sorted(listed - seen)}"


@pytest.mark.parametrize("args", [
    ("pay", "--han", "3", "--fu", "40", "--json"),
    ("settle", str(ROOT / "examples" / "match.yaml"), "--json"),
    ("replay", LOG, "--json"),
    ("simulate", "--matches", "1", "--workers", "1", "--json"),
    ("compare", "--matches", "1", "--workers", "1", "--schemes", "north-split", "--json"),
])
def test_version_and_schema_come_first(args):
    (obj,) = run_json(*args)
    assert list(obj)[:2] == ["version", "schema"] and (obj["version"], obj["schema"]) == (calc.__version__, SCHEMA)
    assert f"now {SCHEMA})" in PAGE.read_text(encoding="utf-8")


@pytest.mark.parametrize("args", [
    ("hand", "123p456p789s99p234s", "--tsumo", "--all-schemes", "--json"),
    ("pay", "--limit", "mangan", "--tsumo", "--all-schemes", "--json"),
])
def test_all_schemes_is_each_schemes_object(args):
    command = args[0]
    (obj,) = run_json(*args)
    assert list(obj) == ["schemes"] and len(obj["schemes"]) == len(calc.load_rules("standard").scheme_names())
    for name, inner in obj["schemes"].items():
        assert inner["scheme"] == name and printed(inner, DOCUMENTED[command]) <= DOCUMENTED[command]
