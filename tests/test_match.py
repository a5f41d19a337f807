"""The match engine: flow rules, end conditions and the final tally.

The real-data test drives the engine with the facts of all 201 Tenhou games (riichi deposits, win
values, draws) and checks every hand's round, honba, dealer, sticks and scores, how each game ends and
its final points. The worked matches below have their totals worked out by hand.
"""

from __future__ import annotations

import json
from collections import defaultdict

import pytest

from calc.table import match
from calc.core import rules as R
from calc.table.events import Abort, DoubleRon, ExhaustiveDraw, Kyoku, Nagashi, Riichi, ScoredWin
from calc.table.match import MatchError, apply, start, tally
from calc.scoring.value import hand_value, limit_value

TENHOU = R.load("tenhou")
STANDARD = R.load("standard")


# ---------------------------------------------------------------- the real games


def _truth(data_dir, name):
    with open(data_dir / "truth" / f"{name}.jsonl", encoding="utf-8") as stream:
        return [json.loads(line) for line in stream]


def _value(fact, rules):
    """The hand's value from the log's han / fu / limit (yakuman multiples: Tenhou plays none)."""
    if fact["limit"] == "yakuman":
        return limit_value("yakuman", rules.hand, yakuman=max(1, len(fact["yakuman"])))
    if fact["limit"] is not None and fact["han"] >= 5:
        return limit_value(fact["limit"], rules.hand)
    return hand_value(fact["han"], fact["fu"], rules.hand)


def _kyoku(facts, rules):
    """One hand's facts (one line, or two for a double ron) -> a Kyoku event."""
    first = facts[0]
    riichi = tuple(Riichi(seat) for seat in first["riichi_deposited"])
    if first["kind"] == "agari":
        wins = [ScoredWin(f["winner"], None if f["tsumo"] else f["from_who"], _value(f, rules)) for f in facts]
        result = wins[0] if len(wins) == 1 else DoubleRon(tuple(wins))
    elif first["type"] == "exhaustive":
        result = ExhaustiveDraw(frozenset(first["tenpai"]))
    elif first["type"] == "nagashi_mangan":
        # The log names no nagashi player; the one paid is the one who made it. The tenpai hands
        # are the ones shown.
        players = tuple(seat for seat, delta in enumerate(first["deltas"]) if delta > 0)
        result = Nagashi(players, frozenset(int(seat) for seat in first["shown_hands"]))
    elif first["type"] == "kyuushu_kyuuhai":
        result = Abort("nine-terminals")
    elif first["type"] == "suukaikan":
        result = Abort("four-kans")
    else:
        raise AssertionError(first["type"])
    return Kyoku(result, riichi)


@pytest.fixture(scope="module")
def real_games(data_dir):
    by_game = defaultdict(list)
    for fact in _truth(data_dir, "agari") + _truth(data_dir, "ryuukyoku"):
        by_game[fact["game_id"]].append(fact)
    games = []
    for game in _truth(data_dir, "games"):
        facts = sorted(by_game[game["game_id"]], key=lambda f: (f["kyoku_index"], f.get("multi_ron_index", 0)))
        hands = defaultdict(list)
        for fact in facts:
            hands[fact["kyoku_index"]].append(fact)
        games.append((game, [hands[k] for k in sorted(hands)]))
    return games


def test_real_games_flow_scores_end_and_points(real_games):
    assert len(real_games) == 201
    ends = defaultdict(int)
    hands_checked = 0
    for game, hands in real_games:
        state = start(TENHOU)
        assert list(state.scores) == game["start_scores"]
        for facts in hands:
            first, last = facts[0], facts[-1]
            where = f"{game['game_id']} hand {first['kyoku_index']}"
            assert not state.ended, f"{where}: the engine ended the game early ({state.end_reason})"
            assert state.label == f"{first['round']['wind']}{first['round']['number']}", where
            assert (state.honba, state.dealer, state.sticks) == (
                first["honba"], first["dealer"], first["riichi_sticks_start"]), where
            assert list(state.scores) == first["scores_init"], where
            state, row = apply(state, _kyoku(facts, TENHOU), TENHOU)
            assert row.sticks_before + len(first["riichi_deposited"]) == first["riichi_sticks"], where
            # the log's deltas leave the deposits out, the ledger's put them in
            assert [row.settlement.deltas[s] for s in range(3)] == [
                sum(f["deltas"][s] for f in facts) for s in range(3)], where
            assert list(state.scores) == last["scores_after"], where
            assert match.total(state, TENHOU) == 105000, where
            hands_checked += 1
        assert state.ended, f"{game['game_id']}: the log ends at {state.label} but the engine plays on"
        ends[state.end_reason] += 1
        standings = tally(state, TENHOU)
        final_scores = [0] * 3
        final_points = [0.0] * 3
        for standing in standings:
            final_scores[standing.seat] = standing.score
            final_points[standing.seat] = standing.points
        assert final_scores == game["final_scores"], game["game_id"]
        assert final_points == game["final_points"], game["game_id"]
    assert hands_checked == 1552 - 5 + 300  # five double rons share a hand
    # How the 201 games ended; every end condition of rules.md §6 occurs in the logs. Counted from
    # the logs: 35 games have a negative final score; 8 reach the West round, of which W1 (x5), W2
    # and W3 (x2) end them; two of those 8 end on a leading dealer's win (W1, W3), one after W3 with
    # nobody at 40000 (27900 / 38000 / 39100).
    assert dict(ends) == {
        match.LAST_HAND: 129,
        match.AGARI_YAME: 31,
        match.BUST: 35,
        match.SUDDEN_DEATH: 5,
        match.EXTENSION_OVER: 1,
    }


# ---------------------------------------------------------------- worked matches (totals by hand)


def ron(winner, discarder, han=None, fu=None, *, limit=None, rules=STANDARD):
    value = limit_value(limit, rules.hand) if limit else hand_value(han, fu, rules.hand)
    return ScoredWin(winner, discarder, value)


def tsumo(winner, han=None, fu=None, *, limit=None, rules=STANDARD):
    return ron(winner, None, han, fu, limit=limit, rules=rules)


def play(rules, kyokus, state=None):
    """Apply each hand, checking the invariant of rules.md §5 after every one."""
    state = state or start(rules)
    rows = []
    for kyoku in kyokus:
        state, row = apply(state, kyoku, rules)
        rows.append(row)
        assert match.total(state, rules) == rules.match.start * rules.game.players
        assert sum(row.settlement.deltas) + row.settlement.pot_change == 0
    return state, rows


def K(result, *riichi):
    return Kyoku(result, tuple(Riichi(s) for s in riichi))


NOTEN = ExhaustiveDraw(frozenset())


def test_renchan_chain_and_honba_build_up():
    # standard: honba 1000 per ron, 500 per tsumo payer; noten pool 2000.
    state, rows = play(STANDARD, [
        K(ron(0, 1, 2, 30)),  # dealer ron: b = 480, R = C(2880) = 2900
        K(tsumo(0, 1, 30)),  # dealer tsumo, 1 honba: each C(480) + 500 = 1000
        K(ExhaustiveDraw(frozenset({0}))),  # dealer alone tenpai: +2000, repeats
        K(ExhaustiveDraw(frozenset({1}))),  # dealer noten: the deal passes, honba still goes up
        K(ron(2, 0, 1, 30)),  # 4 honba: R = 1000 + 4 x 1000 = 5000; a non-dealer win resets honba
    ])
    assert [(r.label, r.honba, r.dealer) for r in rows] == [
        ("E1", 0, 0), ("E1", 1, 0), ("E1", 2, 0), ("E1", 3, 0), ("E2", 4, 1)]
    assert [r.repeat for r in rows] == [True, True, True, False, False]
    assert [r.scores for r in rows] == [
        (37900, 32100, 35000),
        (39900, 31100, 34000),
        (41900, 30100, 33000),
        (40900, 32100, 32000),
        (35900, 32100, 37000),
    ]
    assert (state.label, state.honba, state.dealer) == ("E3", 0, 2)


def test_sticks_carried_across_draws_then_double_ron():
    state, rows = play(STANDARD, [
        K(ExhaustiveDraw(frozenset({0, 1})), 0, 1),  # two riichi, both tenpai: seat 2 pays 2000
        K(NOTEN, 2),  # a third stick; nobody tenpai, the dealer's deal passes
        # E2, 2 honba, 3 sticks: seats 0 and 1 (the dealer) ron seat 2. Seat 0 is first in turn
        # after the discarder: R 1000 + honba 2000 + sticks 3000. Dealer seat 1: 3 han 30 fu,
        # b = 960, R = C(5760) = 5800, no honba, no sticks.
        K(DoubleRon((ron(1, 2, 3, 30), ron(0, 2, 1, 30)))),
    ])
    assert [(r.label, r.honba, r.sticks_before, r.sticks) for r in rows] == [
        ("E1", 0, 0, 2), ("E1", 1, 2, 3), ("E2", 2, 3, 0)]
    assert rows[0].scores == (35000, 35000, 33000)
    assert rows[1].scores == (35000, 35000, 32000)
    assert rows[2].deltas == (6000, 5800, -8800)  # seat 2 pays 1000 + 2000 + 5800; the sticks come off the table
    assert rows[2].scores == (41000, 40800, 23200)
    # the dealer is one of the winners: a repeat with one more honba
    assert (state.label, state.honba, state.sticks) == ("E2", 3, 0)


def test_double_ron_both_take_honba_per_profile():
    both = STANDARD._replace(payment=STANDARD.payment._replace(double_ron_honba="both"))
    state = match.MatchState((35000, 35000, 35000), honba=2, sticks=1)
    _, row = apply(state, K(DoubleRon((ron(1, 0, 1, 30, rules=both), ron(2, 0, 1, 30, rules=both)))), both)
    # seat 1 is first after the discarder: R 1000 + 2000 honba + 1000 stick; seat 2: 1000 + 2000
    assert row.deltas == (-6000, 4000, 3000)


def test_nagashi_mangan_keeps_the_sticks_and_tenpai_decides_the_repeat():
    state, rows = play(STANDARD, [
        # seat 1's riichi stick stays; seat 2 is paid a non-dealer mangan tsumo (2000 / 4000),
        # no honba, no noten payments; the dealer is tenpai and repeats
        K(Nagashi((2,), frozenset({0})), 1),
        K(ron(1, 0, 1, 30)),  # 1 honba: R 1000 + 1000, and the stick: +3000 for seat 1
    ])
    assert rows[0].scores == (31000, 32000, 41000) and rows[0].sticks == 1
    assert rows[0].repeat and rows[1].label == "E1" and rows[1].honba == 1
    assert rows[1].scores == (29000, 35000, 41000)
    assert (state.label, state.honba, state.sticks) == ("E2", 0, 0)


def test_west_round_in_sudden_death_after_a_half_game():
    # Six hands where nobody is tenpai: the deal goes round twice, one honba each time.
    state, rows = play(TENHOU, [K(NOTEN)] * 6)
    assert [r.label for r in rows] == ["E1", "E2", "E3", "S1", "S2", "S3"]
    # nobody has 40000 after S3: the West round, sudden death
    assert not state.ended and (state.label, state.honba) == ("W1", 6)
    state, rows = play(TENHOU, [
        K(ron(1, 2, 1, 30, rules=TENHOU)),  # Tenhou honba: 200 per ron: 1000 + 6 x 200 = 2200
        K(tsumo(0, limit="mangan", rules=TENHOU)),  # W2: seat 0 tsumo 2000 / 4000 -> 41000
    ], state)
    assert rows[0].scores == (35000, 37200, 32800) and not rows[0].ended
    assert rows[1].scores == (41000, 33200, 30800)
    assert state.ended and state.end_reason == match.SUDDEN_DEATH and state.label == "W2"
    # Tenhou: (score - 40000) / 1000, uma +20 / 0 / -20, oka +15 to first
    assert [(s.seat, s.points) for s in tally(state, TENHOU)] == [(0, 36.0), (1, -6.8), (2, -29.2)]


def test_extension_round_over_and_ties_by_seat_order():
    state, _ = play(TENHOU, [K(NOTEN)] * 9)  # E1..S3 and W1..W3, everybody noten
    assert state.ended and state.end_reason == match.EXTENSION_OVER and state.label == "W3"
    # three equal scores rank by seat order from the first dealer
    assert [(s.rank, s.seat, s.points) for s in tally(state, TENHOU)] == [(1, 0, 30.0), (2, 1, -5.0), (3, 2, -25.0)]


def test_east_game_goes_into_the_south_round():
    east = STANDARD._replace(match=STANDARD.match._replace(length="east"))
    state, rows = play(east, [K(NOTEN)] * 3)
    assert not state.ended and state.label == "S1"
    state, rows = play(east, [K(ron(1, 2, limit="mangan"))], state)  # 8000 + 3 x 1000 honba
    assert rows[0].scores == (35000, 46000, 24000) and state.end_reason == match.SUDDEN_DEATH
    no_extension = east._replace(match=east.match._replace(extension_round=False))
    state, _ = play(no_extension, [K(NOTEN)] * 3)
    assert state.ended and state.end_reason == match.LAST_HAND


def test_bust_below_zero_ends_the_match_but_zero_does_not():
    state, rows = play(STANDARD, [
        K(ron(2, 1, limit="yakuman")),  # 32000: seat 1 has 3000
        K(ron(2, 1, limit="mangan")),  # 8000: seat 1 at -5000
    ])
    assert rows[0].scores == (35000, 3000, 67000) and not rows[0].ended
    assert state.ended and state.end_reason == match.BUST
    # standard: uma +15 / 0 / -15, oka +15
    assert [(s.seat, s.score, s.points) for s in tally(state, STANDARD)] == [
        (2, 75000, 65.0), (0, 35000, -5.0), (1, -5000, -60.0)]
    with pytest.raises(MatchError, match="already ended"):
        apply(state, K(NOTEN), STANDARD)
    state, row = apply(match.MatchState((35000, 1000, 69000)), K(ron(2, 1, 1, 30)), STANDARD)  # 1000: exactly 0
    assert row.scores[1] == 0 and not state.ended


def test_agari_yame_and_tenpai_yame_in_the_last_hand():
    s3 = match.MatchState((30000, 33000, 42000), round_wind=1, round_number=3)  # dealer seat 2, first
    state, _ = apply(s3, K(ron(2, 0, 1, 30)), STANDARD)
    assert state.end_reason == match.AGARI_YAME
    state, _ = apply(s3, K(ExhaustiveDraw(frozenset({2}))), STANDARD)
    assert state.end_reason == match.TENPAI_YAME == "tenpai-yame"  # named for its own rule, match.tenpai_yame
    no_tenpai_yame = STANDARD._replace(match=STANDARD.match._replace(tenpai_yame=False))
    state, _ = apply(s3, K(ExhaustiveDraw(frozenset({2}))), no_tenpai_yame)
    assert not state.ended and (state.label, state.honba) == ("S3", 1)
    no_yame = STANDARD._replace(match=STANDARD.match._replace(agari_yame=False))
    state, _ = apply(s3, K(ron(2, 0, 1, 30)), no_yame)
    assert not state.ended and state.label == "S3"
    # first but short of the return points: the dealer plays on
    low = match.MatchState((33000, 33000, 39000), round_wind=1, round_number=3)
    state, _ = apply(low, K(tsumo(2, 1, 30)), STANDARD)  # 500 from each: exactly 40000 is enough
    assert state.scores == (32500, 32500, 40000) and state.end_reason == match.AGARI_YAME
    state, _ = apply(low, K(ron(2, 0, 1, 30)), STANDARD)  # dealer ron 1500: 40500
    assert state.end_reason == match.AGARI_YAME
    lower = match.MatchState((34000, 34000, 37000), round_wind=1, round_number=3)
    state, _ = apply(lower, K(ron(2, 0, 1, 30)), STANDARD)  # 38500: first, below 40000
    assert not state.ended
    # an abortive draw replays the hand and never ends the match
    state, _ = apply(s3, K(Abort("nine-terminals")), STANDARD)
    assert not state.ended and state.honba == 1
    # the dealer's deal passes in S3 and someone has 40000: the match is over
    state, _ = apply(s3, K(ron(1, 0, 1, 30)), STANDARD)
    assert state.end_reason == match.LAST_HAND


def test_extension_renchan_per_profile():
    # West 1, dealer seat 0 wins while seat 1 has passed 40000 and is first
    w1 = match.MatchState((30000, 45000, 30000), round_wind=2, round_number=1)
    state, _ = apply(w1, K(ron(0, 2, 1, 30)), STANDARD)
    assert state.end_reason == match.SUDDEN_DEATH
    state, _ = apply(w1, K(ron(0, 2, 1, 30, rules=TENHOU)), TENHOU)
    assert not state.ended and (state.label, state.honba) == ("W1", 1)


def test_tenpai_renchan_off_passes_the_deal():
    rules = STANDARD._replace(match=STANDARD.match._replace(tenpai_renchan=False))
    state, rows = play(rules, [K(ExhaustiveDraw(frozenset({0})))])
    assert not rows[0].repeat and (state.label, state.honba) == ("E2", 1)


def test_riichi_needs_the_minimum_points():
    state = match.MatchState((900, 69100, 35000))
    with pytest.raises(MatchError, match="cannot declare riichi with 900 points"):
        apply(state, K(NOTEN, 0), STANDARD)
    state = match.MatchState((1000, 69000, 35000))
    state, row = apply(state, K(NOTEN, 0), STANDARD)  # exactly the minimum is enough
    assert row.scores == (0, 69000, 35000) and state.sticks == 1
    with pytest.raises(MatchError, match="twice"):
        apply(match.start(STANDARD), K(NOTEN, 1, 1), STANDARD)


def test_leftover_sticks_go_to_first_and_points_add_up():
    # S3, the dealer seat 2 is noten with two sticks on the table; seat 1 has 40000 and is first
    s3 = match.MatchState((30000, 40000, 33000), round_wind=1, round_number=3, sticks=2)
    state, _ = apply(s3, K(NOTEN), STANDARD)
    assert state.end_reason == match.LAST_HAND
    standings = tally(state, STANDARD)
    assert [(s.seat, s.score, s.leftover, s.points) for s in standings] == [
        (1, 42000, 2000, 32.0), (2, 33000, 0, -7.0), (0, 30000, 0, -25.0)]
    none = STANDARD._replace(match=STANDARD.match._replace(leftover_sticks="none"))
    assert [s.score for s in tally(state, none)] == [40000, 33000, 30000]


def test_integer_final_rounding_drops_500_and_first_takes_the_rest():
    rules = STANDARD._replace(match=STANDARD.match._replace(final_rounding="integer"))
    state = match.MatchState((52000, 31500, 21500), ended=True, end_reason=match.LAST_HAND)
    # 31500: -8.5 -> -9 (500 is dropped); 21500: -18.5 - 15 = -33.5 -> -34; first takes the rest, 43
    assert [(s.seat, s.points) for s in tally(state, rules)] == [(0, 43.0), (1, -9.0), (2, -34.0)]
    state = match.MatchState((52000, 32600, 20400), ended=True, end_reason=match.LAST_HAND)
    # 32600: -7.4 -> -7 (600 rounds up); 20400: -19.6 - 15 = -34.6 -> -35; first takes 42
    assert [(s.seat, s.points) for s in tally(state, rules)] == [(0, 42.0), (1, -7.0), (2, -35.0)]


def test_disabled_aborts_and_nagashi_are_refused():
    rules = STANDARD._replace(match=STANDARD.match._replace(abort_four_kans=False))
    with pytest.raises(MatchError, match="four-kans"):
        apply(start(rules), K(Abort("four-kans")), rules)
    rules = STANDARD._replace(payment=STANDARD.payment._replace(nagashi_mangan=False))
    with pytest.raises(MatchError, match="nagashi"):
        apply(start(rules), K(Nagashi((1,))), rules)
