"""Cross-check against an independent evaluator (the `mahjong` package, a test-only oracle).

Random legal winning hands from the 108 tiles are scored by both; han and fu must agree. The
oracle runs in its three-player mode with the same options as each profile (open tanyao, double
yakuman, kazoe, no kiriage). Red fives are left out (the oracle marks fixed tile ids red); our red
fives are covered by the real logs.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from mahjong import constants as oracle_constants
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld as OracleMeld

from calc.core import tiles as T
from calc.core.errors import SanmaError
from calc.scoring.hand import PON, Hand, WinContext
from calc.core.rules import RuleSet
from calc.scoring.request import build
from calc.table.scored import score
from hand_strategies import winning_hands

ORACLE = HandCalculator()
ORACLE_WIND = {T.EAST: oracle_constants.EAST, T.SOUTH: oracle_constants.SOUTH, T.WEST: oracle_constants.WEST}


def oracle_score(hand: Hand, context: WinContext, rules: RuleSet):
    """The oracle's HandResponse for our hand: 136-tile ids are handed out copy by copy."""
    copies: dict[int, int] = {}

    def tile_id(tile: int) -> int:
        copies[tile] = copies.get(tile, 0) + 1
        return tile * 4 + copies[tile] - 1

    concealed = [tile_id(t) for t in hand.concealed]
    win_id = next(i for i, t in zip(concealed, hand.concealed) if t == hand.win_tile)
    melds, every_id = [], list(concealed)
    for meld in hand.melds:
        ids = [tile_id(t) for t, _ in meld.tiles]
        every_id += ids
        melds.append(OracleMeld(OracleMeld.PON if meld.kind == PON else OracleMeld.KAN, tiles=ids, opened=meld.opened))
    options = OptionalRules(
        has_open_tanyao=rules.hand.open_tanyao,
        has_aka_dora=False,
        has_double_yakuman=rules.hand.double_yakuman,
        kazoe_limit=0 if rules.hand.kazoe == "yakuman" else 1,
        kiriage=rules.hand.kiriage_mangan,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        is_three_player=True,
    )
    config = HandConfig(
        is_tsumo=context.tsumo,
        is_riichi=context.riichi or context.double_riichi,
        is_daburu_riichi=context.double_riichi,
        is_ippatsu=context.ippatsu,
        is_rinshan=context.rinshan,
        is_haitei=context.haitei,
        is_houtei=context.houtei,
        player_wind=ORACLE_WIND[context.seat_wind],
        round_wind=ORACLE_WIND[context.round_wind],
        num_nuki_dora=context.nuki,
        options=options,
    )
    return ORACLE.estimate_hand_value(
        every_id, win_id, melds=melds,
        dora_indicators=[tile_id(t) for t in context.dora_indicators] or None,
        ura_dora_indicators=[tile_id(t) for t in context.ura_indicators] or None,
        config=config,
    )


COMPARED = {"hands": 0}


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(winning_hands())
def test_han_and_fu_agree_with_an_independent_evaluator(request):
    try:
        hand, context, rules = build(request)
        ours = score(request).evaluation
    except SanmaError:
        return  # no yaku, or a fifth copy through an indicator: nothing to compare
    theirs = oracle_score(hand, context, rules)
    assert theirs.error is None, (request, theirs.error)
    # the oracle is told of no red five; the generator writes one where a hand holds all four copies
    han = ours.han - ours.aka if not ours.yakuman else ours.han
    assert (han, ours.fu) == (theirs.han, theirs.fu), (request, ours, theirs.yaku, theirs.fu_details)
    COMPARED["hands"] += 1


def test_the_oracle_comparison_compares_hands():
    test_han_and_fu_agree_with_an_independent_evaluator()
    assert COMPARED["hands"] > 300
