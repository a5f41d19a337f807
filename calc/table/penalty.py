"""Chombo (錯和): a false win, a noten riichi shown at the draw. What the offender pays and how play
goes on are the profile's `chombo:` section (docs/keep.md).

`cost: mangan` is the usual table rule: the offender pays a mangan tsumo in reverse, what each other
player would have paid had the offender won a mangan by tsumo (a non-dealer: the dealer's share to
the dealer, a non-dealer's to the other; a dealer: the dealer's tsumo shares), under the profile's
scheme, without honba or sticks. `cost: final-points` moves no points during the match: the
offender loses `final_points` at the final tally (the league rule). Riichi sticks of the hand go back
to their owners, so a chombo hand has none; the sticks of earlier hands stay on the table.
"""

from __future__ import annotations

from typing import NamedTuple

from calc.core.rules import RuleSet
from calc.scoring.value import MANGAN, limit_value
from calc.table import match, payment
from calc.table.events import ExhaustiveDraw, Kyoku

CHOMBO = "chombo"


class Chombo(NamedTuple):
    """A ledger row's result: `seat` committed a chombo."""

    seat: int


def cost(seat: int, dealer: int, rules: RuleSet) -> payment.Settlement:
    """The points the chombo moves now (none under `cost: final-points`)."""
    players = rules.game.players
    if rules.chombo.cost != "mangan":
        return payment.Settlement((0,) * players, 0, (payment.ChomboPaid(seat, None, rules.chombo.final_points),), ())
    tsumo = payment.win(limit_value(MANGAN, rules.hand), winner=seat, dealer=dealer, discarder=None, honba=0,
                        sticks=0, rules=rules)
    payments = tuple(payment.Transfer(p.payee, CHOMBO, p.amount, p.payer) for p in tsumo.payments)
    facts = (payment.ChomboPaid(seat, rules.payment.scheme, rules.chombo.final_points),)
    return payment.Settlement(tuple(-d for d in tsumo.deltas), 0, facts, payments)


def apply(state: match.MatchState, seat: int, rules: RuleSet) -> tuple[match.MatchState, match.LedgerRow]:
    """Play a chombo hand: the cost, then the same dealer replays (`replay`) or the deal passes on as
    after a draw with the dealer noten; the honba stay (`keep_honba`) or go up by one."""
    if state.ended:
        raise match.MatchError(f"the match has already ended ({state.end_reason}) after hand {state.hands}")
    players = rules.game.players
    if not 0 <= seat < players:
        raise match.MatchError(f"chombo seat {seat!r} is not a seat at this table (0..{players - 1})")
    settlement = cost(seat, state.dealer, rules)
    scores = tuple(s + d for s, d in zip(state.scores, settlement.deltas))
    honba = state.honba if rules.chombo.keep_honba else state.honba + 1
    repeat = rules.chombo.replay
    extension = state.round_wind >= match.regular_rounds(rules)
    if rules.match.bust and min(scores) < 0:
        reason = match.BUST
    elif repeat and extension and max(scores) >= rules.match.return_points:
        # rules.md, chombo: the extension round's sudden death ends the match once anyone has reached the
        # return points, after a chombo too (a chombo is no dealer's repeat that extension_renchan keeps)
        reason = match.SUDDEN_DEATH
    elif repeat:
        reason = None  # the hand is played again: it decides nothing
    else:
        # the hand is over without a win and the dealer was not tenpai: the end rules of a draw
        reason = match.end_reason(state, Kyoku(ExhaustiveDraw()), scores, False, rules)
    if reason is not None:
        after = state._replace(scores=scores, honba=honba, hands=state.hands + 1, ended=True, end_reason=reason)
    elif repeat:
        after = state._replace(scores=scores, honba=honba, hands=state.hands + 1)
    else:
        wind, number = state.round_wind, state.round_number + 1
        if number > players:
            wind, number = wind + 1, 1
        after = match.MatchState(scores, wind, number, honba, state.sticks, state.hands + 1)
    row = match.LedgerRow(
        number=state.hands + 1, label=state.label, honba=state.honba, dealer=state.dealer,
        sticks_before=state.sticks, kyoku=Kyoku(Chombo(seat)), deposits=(0,) * players, settlement=settlement,
        deltas=settlement.deltas, scores=scores, sticks=state.sticks, repeat=repeat, state=after,
    )
    return after, row


def deductions(rows, rules: RuleSet) -> tuple[int, ...]:
    """Final points each seat loses to chombo (`cost: final-points`), over the rows played."""
    out = [0] * rules.game.players
    if rules.chombo.cost == "final-points":
        for row in rows:
            if isinstance(row.kyoku.result, Chombo):
                out[row.kyoku.result.seat] -= rules.chombo.final_points
    return tuple(out)
