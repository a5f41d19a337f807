"""Chips (祝儀) and the final tally with them (docs/keep.md).

Chips are counted beside the score and never move it: a win's chips are its red fives, ura dora,
ippatsu and yakuman times the profile's counts (a full hand counts them itself; a win given by value
states them, `chips: N`); on a tsumo each other player pays the count, on a ron the discarder pays
the count times `chips.ron`. A busted player pays `chips.bust` to each player who took points from
them in the hand that busted them. Chips add up to zero; their worth (`value` per chip, in final
points or in points, 1000 points = 1 final point) is added to the final points, and a chombo's
deduction (`chombo.cost: final-points`) is taken off.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from calc.core.rules import RuleSet
from calc.table import penalty


def win_count(evaluation, rules: RuleSet) -> int:
    """The chips a scored hand earns: red fives, ura dora, ippatsu, and a named yakuman's (not a counted
    kazoe one's) per yakuman paid: the multiple the hand is paid, as the profile stacks them or not."""
    c = rules.chips
    ippatsu = any(name == "ippatsu" for name, _ in evaluation.yaku)
    yakuman = evaluation.value.yakuman if evaluation.yakuman else 0
    return c.aka * evaluation.aka + c.ura * evaluation.ura + c.ippatsu * ippatsu + c.yakuman * yakuman


def hand(row, spec, rules: RuleSet) -> tuple[int, ...]:
    """Per seat, the chips one ledger row moves (`spec` is the record's hand for that row)."""
    players = rules.game.players
    out = [0] * players
    c = rules.chips
    if not c.on:
        return tuple(out)
    for k, win in enumerate(row.kyoku.wins):
        stated = spec.wins[k].chips if spec is not None and k < len(spec.wins) else None
        count = stated if stated is not None else (win_count(win.evaluation, rules) if win.evaluation else 0)
        if not count:
            continue
        if win.discarder is None:
            for seat in range(players):
                if seat != win.winner:
                    out[seat] -= count
                    out[win.winner] += count
        else:
            out[win.discarder] -= count * c.ron
            out[win.winner] += count * c.ron
    if c.bust and rules.match.bust:
        for seat in range(players):
            if row.scores[seat] < 0:
                takers = {p.payee for p in row.settlement.payments
                          if p.payer == seat and p.payee is not None and p.payee != seat}
                for taker in sorted(takers):
                    out[seat] -= c.bust
                    out[taker] += c.bust
    return tuple(out)


def ledger(settled) -> tuple[tuple[int, ...], ...]:
    """Per ledger row of a settled record, the chips it moved."""
    specs = settled.record.hands
    return tuple(hand(row, specs[i] if i < len(specs) else None, settled.ruleset) for i, row in enumerate(settled.rows))


class Final(NamedTuple):
    """One player's final tally: the standing's points, then chips and penalties on top."""

    seat: int
    points: float  # the standing's final points (uma and oka included)
    chips: int
    chip_points: Fraction  # the chips' worth in final points
    penalty: int  # final points lost to chombo (0 or negative)

    @property
    def total(self) -> float:
        return float(Fraction(self.points).limit_denominator(1000) + self.chip_points + self.penalty)


def worth(chips: int, rules: RuleSet) -> Fraction:
    c = rules.chips
    return Fraction(chips * c.value, 1000 if c.unit == "points" else 1)


def finals(settled) -> dict[int, Final]:
    """Seat -> its final tally, chips and chombo deductions included."""
    rules = settled.ruleset
    totals = [0] * rules.game.players
    for row in ledger(settled):
        for seat, n in enumerate(row):
            totals[seat] += n
    deductions = penalty.deductions(settled.rows, rules)
    return {s.seat: Final(s.seat, s.points, totals[s.seat], worth(totals[s.seat], rules), deductions[s.seat])
            for s in settled.standings}


def shown(settled) -> bool:
    """Whether a report needs the chips and total columns."""
    return settled.ruleset.chips.on or any(penalty.deductions(settled.rows, settled.ruleset))
