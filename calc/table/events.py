"""A hand as the match engine settles it: the one result type of `sanma settle`, `sanma replay` and
the simulator (a played hand, calc.table.play.RoundResult, becomes one through
calc.table.round.settled; a match record's hand through calc.table.record).

A kyoku is the riichi declarations made in it plus exactly one result: a win, a double ron, an
exhaustive draw, a nagashi mangan or an abortive draw. Seats are absolute (0 = the first dealer).
Everything is frozen; building an event checks only what every producer must get right (distinct
seats); whether the event can happen in a given match is the match engine's question.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Union

from calc.scoring.value import HandValue
from calc.table.play import ABORTS, FOUR_KANS, NINE_TERMINALS  # noqa: F401  the kinds of Abort


# The events are NamedTuples, not dataclasses: a dataclass has its methods generated at every start of
# the command, ~1 ms each (docs/benchmarks.md, start-up). An event with a check of its own makes it in
# `__new__`, on a NamedTuple of its fields.
class Riichi(NamedTuple):
    """A riichi that stood (the declaration tile was not won on): one stick to the table."""

    seat: int


# The yakuman a liable player answers for (pao, profile payment.pao): the last dragon or wind set fed.
PAO_YAKUMAN = ("daisangen", "daisuushii")


class ScoredWin(NamedTuple):
    """One winner. `discarder` None = tsumo. `liable` = the pao player, if any.

    `evaluation` optionally carries how the value was found (a calc.evaluate.Evaluation, or None when
    the value was given as han/fu or a limit); `hand` the hand as written, for reports. Neither counts
    in equality or the hash: a win is the same win however its value was found.
    """

    winner: int
    discarder: int | None
    value: HandValue
    liable: int | None = None
    evaluation: Any = None
    hand: str | None = None
    stated_pao_yakuman: int | None = None  # a record's `liable_yakuman:` on a win given by value

    def _compared(self) -> tuple:
        return (self.winner, self.discarder, self.value, self.liable, self.stated_pao_yakuman)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ScoredWin) and self._compared() == other._compared()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self._compared())

    @property
    def pao_yakuman(self) -> int | None:
        """The multiples of the pao yakuman (daisangen, daisuushii) in the hand: from the evaluation,
        or as a record states them; None when only the value is known (the pao yakuman is then all of it).
        Whether the liable player answers for only these or for the whole hand is the profile's
        `payment.pao_covers` (rules.md, Pao), decided by the match engine."""
        if self.liable is None:
            return None
        if self.stated_pao_yakuman is not None:
            return self.stated_pao_yakuman
        if self.evaluation is None:
            return None
        return sum(multiple for name, multiple in self.evaluation.yakuman if name in PAO_YAKUMAN) or None

    @property
    def tsumo(self) -> bool:
        return self.discarder is None


class _DoubleRonFields(NamedTuple):
    wins: tuple[ScoredWin, ScoredWin]


class DoubleRon(_DoubleRonFields):
    """Two rons on one discard (rules.md §5; a triple ron cannot happen in sanma)."""

    __slots__ = ()

    def __new__(cls, wins: tuple[ScoredWin, ScoredWin]) -> DoubleRon:
        discarders = {w.discarder for w in wins}
        if len(wins) != 2 or None in discarders or len(discarders) != 1:
            raise ValueError("a double ron is two rons on the same discard")
        if wins[0].winner == wins[1].winner:
            raise ValueError("a double ron has two different winners")
        return super().__new__(cls, wins)

    @property
    def discarder(self) -> int:
        return self.wins[0].discarder  # type: ignore[return-value]


class ExhaustiveDraw(NamedTuple):
    """The wall ran out; `tenpai` = the seats that were tenpai."""

    tenpai: frozenset[int] = frozenset()


class _NagashiFields(NamedTuple):
    players: tuple[int, ...]
    tenpai: frozenset[int] = frozenset()


class Nagashi(_NagashiFields):
    """Nagashi mangan at an exhaustive draw: `players` are paid a mangan tsumo each, and `tenpai`
    decides the dealer's repeat as at any exhaustive draw; no noten payments (rules.md §5)."""

    __slots__ = ()

    def __new__(cls, players: tuple[int, ...], tenpai: frozenset[int] = frozenset()) -> Nagashi:
        if not players or len(set(players)) != len(players):
            raise ValueError("nagashi mangan needs one or more distinct players")
        return super().__new__(cls, players, tenpai)


class _AbortFields(NamedTuple):
    kind: str


class Abort(_AbortFields):
    """An abortive draw (rules.md §5): `kind` is nine-terminals or four-kans."""

    __slots__ = ()

    def __new__(cls, kind: str) -> Abort:
        if kind not in ABORTS:
            raise ValueError(f"unknown abortive draw {kind!r}; valid: {', '.join(ABORTS)}")
        return super().__new__(cls, kind)


Result = Union[ScoredWin, DoubleRon, ExhaustiveDraw, Nagashi, Abort]


class Kyoku(NamedTuple):
    """One hand: the riichi declarations that stood, in order, and how it ended."""

    result: Result
    riichi: tuple[Riichi, ...] = ()

    @property
    def wins(self) -> tuple[ScoredWin, ...]:
        if isinstance(self.result, ScoredWin):
            return (self.result,)
        if isinstance(self.result, DoubleRon):
            return self.result.wins
        return ()
