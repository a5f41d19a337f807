"""One family of expected, user-facing errors.

A `SanmaError` is bad input, not a bug: the CLI prints its one-line message on stderr and exits 1.
Anything else that escapes is a real bug and keeps its traceback.
"""

from __future__ import annotations


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


class NotationError(SanmaError):
    """A tile string that cannot be read."""


class IllegalHandError(SanmaError):
    """A hand that cannot exist or cannot win under the profile."""


class RulesError(SanmaError):
    """A profile that is malformed or names something unknown."""
