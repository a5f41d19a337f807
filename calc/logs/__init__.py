"""Sanma game records: Tenhou's mjlog XML and tenhou.net/6 JSON, and mjai event logs (plain or gzip),
read into `Game`.

The format is told from the content, never from the file name. Every problem is a `LogError`
naming the file: not a log, truncated or corrupt, a four-player log, an unsupported lobby.
"""

from __future__ import annotations

import json
from pathlib import Path

from calc.core import rules as R
from calc.core.nesting import too_deep
from calc.logs.gunzip import gunzip
from calc.logs.mjlog import read_mjlog
from calc.logs.model import Draw, Game, Kyoku, Lobby, LogError, LogWin, Meld, NotALog, WinFacts
from calc.table.round import PlayError

__all__ = ["Draw", "Game", "Kyoku", "Lobby", "LogError", "LogWin", "Meld", "NotALog", "WinFacts", "parse_log",
           "read_log"]

GZIP_MAGIC = b"\x1f\x8b"
PROFILE = "tenhou"  # Tenhou's own rules decide what the play means (ippatsu, ron on a north)


def game_id_from_name(name: str) -> str:
    base = Path(name).name
    for suffix in (".gz", ".mjlog", ".xml", ".jsonl", ".json"):
        if base.endswith(suffix):
            base = base[: -len(suffix)]
    return base


def parse_log(data: bytes, name: str, rules: R.RuleSet | None = None,
              mjai_rules: R.RuleSet | None = None) -> Game:
    """Read one record from its bytes; `name` is used for messages and as the mjlog game id.

    A Tenhou record is read under `rules` (default: Tenhou's own); an mjai log names no platform
    and is read under `mjai_rules` (the --rules profile; default the same)."""
    rules = rules or R.load(PROFILE)
    try:
        return _parse(data, name, rules, mjai_rules or rules)
    except LogError as e:
        e.file = name
        raise
    except PlayError as e:
        raise LogError(e.message, file=name) from None
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
        # The readers check the shape they expect; a record damaged somewhere those checks do not
        # look (a missing attribute, a string where a number goes) ends here, named as corrupt.
        raise LogError(f"corrupt record: {type(e).__name__}: {e}", file=name) from None


def _parse(data: bytes, name: str, rules: R.RuleSet, mjai_rules: R.RuleSet) -> Game:
    if data[:2] == GZIP_MAGIC:
        data = gunzip(data)  # unpacked as it streams, within calc.core.bounds
    start = data[:64].lstrip()
    if start.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte order mark
        start = start[3:].lstrip()
    if start.startswith(b"<"):
        return read_mjlog(data, game_id_from_name(name), rules)
    if start.startswith((b"{", b"[")):
        # loaded here: a replay of mjlog files starts without the JSON readers
        from calc.logs.mjai import looks_like_mjai, read_mjai
        from calc.logs.tenhou6 import read_tenhou6

        try:
            text = data.decode("utf-8-sig")
            obj = json.loads(text)
        except UnicodeDecodeError as e:
            raise LogError(f"broken JSON: not UTF-8 text ({e.reason})") from None
        except RecursionError:
            raise too_deep(LogError, text) from None
        except json.JSONDecodeError as e:
            if e.msg == "Extra data" and start.startswith(b"{"):  # JSON lines: an mjai event log
                return read_mjai(data, game_id_from_name(name), mjai_rules)
            raise LogError(f"broken JSON: {e.msg}", line=e.lineno, column=e.colno) from None
        if looks_like_mjai(obj):
            return read_mjai(data, game_id_from_name(name), mjai_rules)
        return read_tenhou6(obj, game_id_from_name(name), rules)
    if not start:
        raise NotALog("not a Tenhou log: the file is empty")
    raise NotALog("not a Tenhou log nor an mjai log: neither mjlog XML, tenhou.net/6 JSON nor mjai JSON lines")


def read_log(path: str | Path, rules: R.RuleSet | None = None, mjai_rules: R.RuleSet | None = None) -> Game:
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise LogError(f"cannot read: {e.strerror}", file=str(path)) from None
    return parse_log(data, str(path), rules, mjai_rules)
