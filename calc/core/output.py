"""What every JSON object of a result starts with (`--json` of pay, settle and replay; calc's
`to_dict()`): the version of sanma that wrote it and the number of the objects' layout (docs/json.md)."""

from __future__ import annotations

from calc.compiled import VERSION

# The layout's number. Within one number a documented key keeps its name, its type and its meaning;
# keys may be added. A key taken away, renamed or given another meaning takes the next number.
SCHEMA = 1


def stamp() -> dict[str, object]:
    """{"version": ..., "schema": ...}: the first keys of an object."""
    return {"version": VERSION, "schema": SCHEMA}
