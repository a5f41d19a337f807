"""The items a result lists (`--json`'s `yaku`, `fu_breakdown` and `payments`), as typed named tuples
for calc's results: loaded when a result's items are first asked for (a NamedTuple's class costs
start-up, and a plain `sanma hand` prints its text and JSON without them)."""

from __future__ import annotations

from typing import NamedTuple


class Yaku(NamedTuple):
    """One yaku of a scored hand and its han: a yakuman is written with 13 han per multiple, as
    `--json` does."""

    name: str
    han: int


class FuLine(NamedTuple):
    """One line of a hand's fu breakdown: what scores the fu, in words, and how many."""

    reason: str
    fu: int


class Payment(NamedTuple):
    """One payment to a winner: who pays by their part in the hand (`discarder`, `dealer`,
    `non-dealer`, `pao`) and how much, honba included."""

    payer: str
    amount: int
