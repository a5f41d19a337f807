"""Sanma game records: Tenhou's mjlog XML and tenhou.net/6 JSON, and mjai event logs (plain or gzip),
read into `Game`; the formats are calc.logs.formats's table.

The format is told from the content, never from the file name. Every problem is a `LogError`
naming the file: not a log, truncated or corrupt, a four-player log, an unsupported lobby.
"""

from __future__ import annotations

from pathlib import Path

from calc.core import rules as R
from calc.logs import formats
from calc.logs import tenhou as TH
from calc.logs.gunzip import GZIP_MAGIC, gunzip
from calc.logs.model import Game, Lobby, LogError, LogWin, NotALog
from calc.table.round import PlayError

__all__ = ["Game", "Lobby", "LogError", "LogWin", "NotALog", "parse_log", "read_log"]


def parse_log(data: bytes, name: str, rules: R.RuleSet | None = None,
              mjai_rules: R.RuleSet | None = None) -> Game:
    """Read one record from its bytes; `name` is used for messages and as the mjlog game id.

    A Tenhou record is read under `rules` (default: Tenhou's own); an mjai log names no platform
    and is read under `mjai_rules` (the --rules profile; default the same)."""
    rules = rules or R.load(TH.PROFILE)
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
    return formats.read(data, name, rules, mjai_rules)


def read_log(path: str | Path, rules: R.RuleSet | None = None, mjai_rules: R.RuleSet | None = None) -> Game:
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise LogError(f"cannot read: {e.strerror}", file=str(path)) from None
    return parse_log(data, str(path), rules, mjai_rules)
