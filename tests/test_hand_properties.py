"""Property tests: random legal winning hands, random strings, notation round-trips."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calc.core import tiles as T
from calc.core.errors import SanmaError
from calc.scoring.hand import WinContext, build_hand
from calc.core.rules import load
from calc.scoring.request import HandRequest, score
from hand_strategies import winning_hands

RULES = load("standard")


SCORED = {"scored": 0, "errors": 0}


def test_generator_mostly_scores():
    """Guard against a generator that only ever produces rejected hands."""
    test_random_winning_hands_score_consistently()
    assert SCORED["scored"] > SCORED["errors"]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(winning_hands())
def test_random_winning_hands_score_consistently(request):
    try:
        result = score(request)
    except SanmaError as error:
        # the dora indicator may be a fifth copy; otherwise only "no yaku" can stop a complete hand
        assert "no yaku" in str(error) or "copies" in str(error), str(error)
        SCORED["errors"] += 1
        return
    SCORED["scored"] += 1
    e = result.evaluation
    assert e.han >= sum(h for _, h in e.yaku)
    if not e.yakuman:
        assert e.han == sum(h for _, h in e.yaku) + e.dora + e.aka + e.ura + e.nuki
        assert e.fu == 25 or e.fu % 10 == 0
    s = result.settlement
    assert sum(s.deltas) + s.pot_change == 0
    assert max(s.deltas) == s.deltas[T.WIND_LETTERS[request.seat] - T.EAST]
    # the same tiles written in another order score the same
    again = score(HandRequest(**{**request.__dict__, "hand": result.hand.text()}))
    assert (again.evaluation.han, again.evaluation.fu, again.settlement.deltas) == (e.han, e.fu, s.deltas)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="0123456789mpsz[]() x!é\t", max_size=30))
def test_random_strings_never_crash(text):
    try:
        score(HandRequest(hand=text))
    except SanmaError:
        pass


@settings(max_examples=300, deadline=None)
@given(winning_hands())
def test_notation_round_trips(request):
    try:
        hand = build_hand(request.hand, RULES, WinContext())
    except SanmaError:
        return
    assert build_hand(hand.text(), RULES, WinContext()) == hand


def test_red_fives_round_trip():
    hand = build_hand("0p55p678s5z5z [999m] [0555s]", RULES, WinContext(tsumo=True), win="0p")
    assert hand.red == 2 and hand.win_red
    assert build_hand(hand.text(), RULES, WinContext(tsumo=True)) == hand


@settings(max_examples=400, deadline=None)
@given(winning_hands())
def test_yakuman_precheck_never_hides_a_yakuman(request):
    """`may_be_yakuman` is a shortcut: wherever a yakuman's check holds, it must say yes."""
    from calc.scoring.readings import counts_of, is_seven_pairs, is_thirteen_orphans, standard_readings
    from calc.scoring.request import build
    from calc.scoring.shape import shapes
    from calc.scoring.yaku import YAKUMAN, YakuInput, may_be_yakuman, value_tiles

    try:
        hand, context, rules = build(request)
    except SanmaError:
        return
    counts = counts_of(hand.concealed)
    closed_14 = not hand.melds
    for shape in shapes(hand, context, standard_readings(counts), counts,
                        seven_pairs=closed_14 and is_seven_pairs(counts),
                        thirteen_orphans=closed_14 and is_thirteen_orphans(counts)):
        kans = sum(1 for m in hand.melds if m.is_kan)
        x = YakuInput(shape, context, rules.hand, rules.north, kans, hand.win_tile, counts,
                      value_tiles(context.seat_wind, context.round_wind, rules.north))
        if any(record.check(x) for record in YAKUMAN):
            assert may_be_yakuman(x)
