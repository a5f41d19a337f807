"""Property tests: random legal winning hands, random strings, notation round-trips."""

from __future__ import annotations


from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calc.core import tiles as T
from calc.core.errors import SanmaError
from calc.scoring.hand import WinContext, build_hand
from calc.core.rules import load
from calc.scoring.request import HandRequest
from calc.table.scored import score
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
    again = score(request._replace(hand=result.hand))
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


@settings(max_examples=2000, deadline=None)
@given(
    flags=st.lists(st.booleans(), min_size=4, max_size=4),
    tiles=st.integers(1, (1 << 34) - 1),
    triplet_tiles=st.lists(st.sampled_from(range(34)), max_size=4, unique=True),
    closed=st.booleans(),
    kans=st.integers(0, 4),
    pair=st.integers(-1, 33),
    concealed_triplets=st.integers(0, 4),
    orphans=st.booleans(),
    standard=st.booleans(),
)
def test_yakuman_precheck_never_hides_a_yakuman(flags, tiles, triplet_tiles, closed, kans, pair, concealed_triplets,
                                                orphans, standard):
    """`may_be_yakuman` is a shortcut: wherever `yakuman` finds one, it must say yes (the facts
    drawn freely, more than real hands reach)."""
    from calc.scoring.yaku import may_be_yakuman, yakuman

    tenhou, chiihou, renhou, tsumo = flags
    context = WinContext(tsumo=tsumo, tenhou=tenhou, chiihou=chiihou, renhou=renhou)
    triplet_bits = sum(1 << t for t in triplet_tiles)
    tiles |= triplet_bits
    counts = [3 if tiles >> t & 1 else 0 for t in range(34)]
    win = next(t for t in range(34) if tiles >> t & 1)
    for rules in (RULES.hand, load("tenhou").hand):
        found = yakuman(context, rules, orphans=orphans, standard=standard, tiles=tiles, closed=closed,
                        kans=min(kans, len(triplet_tiles)),
                        triplet_bits=triplet_bits, concealed_triplets=min(concealed_triplets, len(triplet_tiles)),
                        pair=pair, tanki=False, concealed_counts=counts, win_tile=win)
        if found:
            assert may_be_yakuman(context, orphans=orphans, tiles=tiles, closed=closed, triplet_bits=triplet_bits)
