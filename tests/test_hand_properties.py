"""Property tests: random legal winning hands, random strings, notation round-trips."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calc import tiles as T
from calc.errors import SanmaError
from calc.hand import WinContext, build_hand
from calc.notation import format_tiles
from calc.rules import load
from calc.scoring import HandRequest, score

RULES = load("standard")
SANMA_TILES = [t for t in range(34) if T.is_sanma_tile(t)]
RUN_STARTS = [t for t in range(T.PIN, T.HONOR) if t % 9 <= 6]


@st.composite
def winning_hands(draw):
    """Four sets and a pair from the 108 tiles (some as melds), or seven pairs; all flags legal."""
    counts = [0] * 34
    rng = random.Random(draw(st.integers(0, 2**32)))
    groups: list[tuple[str, list[int]]] = []
    if draw(st.integers(0, 9)) == 0:
        pairs = rng.sample(SANMA_TILES, 7)
        concealed = [t for p in pairs for t in (p, p)]
        melds: list[str] = []
    else:
        while len(groups) < 4:
            if rng.random() < 0.5:
                start = rng.choice(RUN_STARTS)
                tiles = [start, start + 1, start + 2]
                kind = "run"
            else:
                tile = rng.choice(SANMA_TILES)
                kind = rng.choice(["triplet", "triplet", "pon", "kan", "ankan"])
                tiles = [tile] * (4 if kind in ("kan", "ankan") else 3)
            if all(counts[t] + tiles.count(t) <= 4 for t in set(tiles)):
                for t in tiles:
                    counts[t] += 1
                groups.append((kind, tiles))
        pair = rng.choice([t for t in SANMA_TILES if counts[t] <= 2])
        concealed = [pair, pair] + [t for kind, tiles in groups if kind in ("run", "triplet") for t in tiles]
        melds = [
            ("({})" if kind == "ankan" else "[{}]").format(format_tiles([(t, False) for t in tiles]))
            for kind, tiles in groups
            if kind in ("pon", "kan", "ankan")
        ]
    rng.shuffle(concealed)
    text = " ".join(["".join(T.name(t) for t in concealed), *melds])
    closed = all(m.startswith("(") for m in melds)
    tsumo = draw(st.booleans())
    riichi = closed and draw(st.booleans())
    return HandRequest(
        hand=text,
        tsumo=tsumo,
        riichi=riichi,
        ippatsu=riichi and draw(st.booleans()),
        haitei=tsumo and draw(st.booleans()),
        houtei=not tsumo and draw(st.booleans()),
        seat=draw(st.sampled_from("ESW")),
        round=draw(st.sampled_from("ESW")),
        dora=T.name(draw(st.sampled_from(SANMA_TILES))),
        honba=draw(st.integers(0, 5)),
        sticks=draw(st.integers(0, 3)),
        rules=draw(st.sampled_from(["standard", "tenhou", "mahjongsoul"])),
        scheme=draw(st.sampled_from([None, "north-split", "maru-dori", "double-take"])),
    )


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
    from calc.decompose import counts_of, is_seven_pairs, is_thirteen_orphans, standard_readings
    from calc.scoring import build
    from calc.shape import shapes
    from calc.yaku import YAKUMAN, YakuInput, may_be_yakuman, value_tiles

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
