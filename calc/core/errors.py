"""One family of expected, user-facing errors.

A `SanmaError` is bad input, not a bug: the CLI prints its one-line message on stderr and exits 1.
Anything else that escapes is a real bug and keeps its traceback.
"""

from __future__ import annotations

import re


class SanmaError(Exception):
    """Bad input: what is wrong and where (file, line, column, key path)."""

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        key: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.key = key

    def where(self) -> str:
        parts = []
        if self.file is not None:
            parts.append(self.file if self.line is None else f"{self.file}:{self.line}")
        elif self.line is not None:
            parts.append(f"line {self.line}")
        if self.column is not None:
            parts.append(f"column {self.column}")
        if self.key is not None:
            parts.append(f"at {self.key}")
        return ", ".join(parts)

    def __str__(self) -> str:
        where = self.where()
        return f"{where}: {self.message}" if where else self.message

    exit_code = 1  # a command that ends on this error exits with it (click's convention: 1 = bad input)


class UsageError(SanmaError):
    """A command-line count out of its range (`--matches`, `--workers`): a usage error, which the
    command reports as click reports its own (exit 2); the API and the library raise it as any
    SanmaError."""

    exit_code = 2


class NotationError(SanmaError):
    """A tile string that cannot be read."""


class IllegalHandError(SanmaError):
    """A hand that cannot exist or cannot win under the profile."""


class RulesError(SanmaError):
    """A profile that is malformed or names something unknown."""


_FLAG = re.compile(r"--([a-z][a-z-]*)(?: ([A-Z]+)\b)?")


def in_keys(message: str) -> str:
    """A message written for the command line, in the words of a door that has keys instead of
    flags (a record's `dora:`, `calc.score(dora=...)`): `--double-riichi` -> `double_riichi`,
    `--han H` -> `han=H`. The scoring and payment code words each message once, for `sanma hand`
    and `sanma pay`."""
    def key(match: re.Match) -> str:
        name = match.group(1).replace("-", "_")
        return f"{name}={match.group(2)}" if match.group(2) else name

    return _FLAG.sub(key, message)


def close_matches(word: str, possibilities, n: int = 1) -> list[str]:
    """difflib's near misses of `word` (for "did you mean ...?"): difflib is imported only when an
    error needs it, not on every start."""
    import difflib

    return difflib.get_close_matches(word, possibilities, n=n)
