"""Every real win of the real Tenhou games, scored from its hand facts alone."""

from __future__ import annotations

from calc.table.scored import score
from truth_hands import hand_request, our_yaku_as_tenhou, tenhou_yaku


def test_every_real_win_scores_as_tenhou(agari_truth):
    assert len(agari_truth) == 1552
    mismatches = []
    for index, line in enumerate(agari_truth):
        result = score(hand_request(line))
        e = result.evaluation
        riichi = line["riichi"] or line["double_riichi"]
        ours = {
            "han": e.han,
            "fu": e.fu,
            "points": sum(p.amount - p.honba for p in result.settlement.payments if p.role != "sticks"),
            "limit": e.limit,
            "yaku": our_yaku_as_tenhou(e, riichi),
        }
        theirs = {
            "han": line["han"],
            "fu": line["fu"],
            "points": line["points"],
            "limit": line["limit"],
            "yaku": tenhou_yaku(line),
        }
        if ours != theirs:
            mismatches.append((index, line["game_id"], ours, theirs))
    assert not mismatches, f"{len(mismatches)} of 1552 differ; first: {mismatches[:3]}"
