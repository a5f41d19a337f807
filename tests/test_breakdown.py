"""The hands behind the scheme check (calc.sim.breakdown): the 201 real games taken apart, counted
as the ledgers show them, and the same counts on simulated matches."""

from __future__ import annotations

import pytest

from calc.sim import commands
from calc.sim import run as SR
from calc.sim.breakdown import COUNTS, HandsBreakdown


@pytest.fixture(scope="module")
def real(data_dir):
    setup, games = commands.prepare_scheme_check([data_dir / "mjlog"], simulated=2, seed=1, rules="tenhou",
                                                 bots="calibrated", schemes="tsumo-loss", workers=1)
    return setup, [HandsBreakdown.of_match(g["tsumo-loss"].rows) for g in games.settled]


def _repeat_parts(b: HandsBreakdown) -> int:
    # Tenhou (rules.md §6): the dealer deals again on its win, its tenpai at a draw, or an abort
    return b.dealer_tsumo + b.dealer_ron + b.dealer_tenpai_draws + b.aborts


def test_the_201_games_taken_apart(real):
    _, matches = real
    b = sum(matches, HandsBreakdown())
    assert (b.matches, b.hands, b.busts, b.busts_on_ron, b.bust_hands) == (201, 1847, 35, 26, 281)
    assert (b.dealer_tsumo, b.dealer_ron, b.dealer_deal_ins, b.others_tsumo) == (302, 256, 272, 495)
    assert (b.dealer_no_riichi_tsumo, b.dealer_no_riichi_ron, b.dealer_riichi, b.others_riichi) == (144, 153, 517, 802)
    assert (b.dealer_tsumo_points, b.dealer_ron_points) == (2595800, 2708700)
    assert (b.low_player_hands, b.low_deal_ins, b.low_deal_in_busts, b.low_into_riichi) == (613, 103, 22, 37)
    assert b.low_into_dealer_riichi == 11  # of the 37 into a riichi
    assert b.repeats == _repeat_parts(b) == 756
    figures = b.figures()
    assert figures["dealer_tsumo_per_hand"] == 302 / 1847 and figures["dealer_tsumo_value"] == 2595800 / 302
    assert figures["non_dealer_riichi_per_hand"] == 802 / (2 * 1847) and figures["bust_hand"] == 281 / 35


def test_simulated_matches_count_alike(real):
    setup, _ = real
    ones = []
    for index in range(20):
        rows = SR.play_match(SR.Hands(setup, index), setup.rules).rows
        one = HandsBreakdown.of_match(rows)
        assert one.hands == len(rows) and one.matches == 1
        assert one.busts == (min(rows[-1].scores) < 0)  # Tenhou: a bust is a score below 0
        assert one.repeats == sum(r.repeat for r in rows) == _repeat_parts(one)
        ones.append(one)
    total = sum(ones, HandsBreakdown())
    assert total.counts() == {name: sum(getattr(one, name) for one in ones) for name in COUNTS}
    assert total.matches == 20 and total.busts >= 1  # these 20 matches hold a bust: its counts are exercised


def test_no_division_by_nothing_and_no_unknown_count():
    empty = HandsBreakdown().figures()
    assert set(empty.values()) == {None}
    with pytest.raises(TypeError, match="unknown counts: bogus"):
        HandsBreakdown(bogus=1)


def test_the_dealer_income_parts_add_up_match_by_match():
    """`DealerIncome`: on each simulated match and each scheme, the parts add up to the dealer income
    and dealerships the comparison counts (calc.sim.run.SchemeResult), and each hand is in one part."""
    from calc.core import rules as R
    from calc.sim.breakdown import PARTS, DealerIncome

    s = SR.setup(R.load("tenhou"), schemes=("tsumo-loss", "double-take", "ron-adjust"), bots="calibrated",
                 seed="parts", as_played=True)
    for index in range(10):
        result = SR.run_match(s, index, False)
        for scheme, summary in result.schemes.items():
            parts = result.dealer_income[scheme]
            assert parts.total() == summary.dealer_income and parts.dealerships == summary.dealerships
            assert sum(parts.hands.values()) == summary.hands
            assert parts.hands["bust_hand"] == summary.bust
    assert [name for name, _ in PARTS] == list(DealerIncome().points)
    assert set(DealerIncome().per_dealership()["own_tsumo"].values()) == {None}


def test_each_kind_of_hand_goes_to_its_part():
    """A hand-built Tenhou match: a double ron the dealer is one winner of, the dealer's deal-in, a
    nagashi mangan and an abort (both "draws and aborts"), a ron between the others, the others' tsumo,
    and a tsumo that busts seat 0 (the busting hand, whatever it is)."""
    from calc.core import rules as R
    from calc.scoring.value import hand_value, limit_value
    from calc.sim.breakdown import DealerIncome
    from calc.table import match
    from calc.table.events import Abort, DoubleRon, Kyoku, Nagashi, ScoredWin

    tenhou = R.load("tenhou")

    def win(winner, discarder, han=None, *, limit=None):
        value = limit_value(limit, tenhou.hand) if limit else hand_value(han, 30, tenhou.hand)
        return ScoredWin(winner, discarder, value)

    state, rows = match.start(tenhou), []
    for result in (DoubleRon((win(0, 1, 3), win(2, 1, 2))), win(1, 0, limit="yakuman"), Nagashi((2,)),
                   Abort("nine-terminals"), win(0, 1, 1), win(1, None, 1), win(2, None, limit="yakuman")):
        state, row = match.apply(state, Kyoku(result), tenhou)
        rows.append(row)
    assert state.end_reason == match.BUST and [r.label for r in rows] == ["E1", "E1", "E2", "E3", "E3", "S1", "S2"]
    parts = DealerIncome.of_match(rows)
    assert parts.hands == {"bust_hand": 1, "own_tsumo": 0, "own_ron": 1, "deal_in": 1, "others_tsumo": 1,
                           "others_ron": 1, "draw": 2}
    assert parts.points == {"bust_hand": -16000, "own_tsumo": 0, "own_ron": 5800, "deal_in": -32200,
                            "others_tsumo": -500, "others_ron": 0, "draw": -4000}
    assert parts.dealerships == 5 and parts.total() == sum(r.deltas[r.dealer] for r in rows)
