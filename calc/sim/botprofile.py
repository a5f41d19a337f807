"""The calibrated bot's knobs, in one place.

Every number the `calibrated` bot (calc.sim.calibrated) decides by is here, named and explained;
`CALIBRATED` holds the values measured against the real Tenhou games (calc/sim/truth_figures.json,
the realism check of calc.sim.realism). Han below are rough estimates of the hand's value the bot
can see: dora, red fives and extracted norths, value-tile triplets, tanyao, and one for riichi.
"""

from __future__ import annotations

from typing import NamedTuple


class BotProfile(NamedTuple):  # not a dataclass: its methods would be generated at every start
    # --- push or fold against a threat (a riichi, or an open hand that looks ready) ------------------
    push_tenpai_min_han: float  # tenpai pushes when its estimated han reach this...
    push_tenpai_min_live: int  # ... or when this many winning tiles are still live
    push_one_shanten_min_han: float  # one from tenpai pushes when worth this much...
    push_one_shanten_until: int  # ... and the live wall still holds this many tiles
    dealer_push_bonus: float  # han added to the dealer's estimate (a dealer's win is worth 1.5 times)
    facing_dealer_han: float  # han taken off a non-dealer's estimate against the dealer's riichi
    behind_below: int  # a player with fewer points is far behind: against a riichi it pushes...
    behind_push_shanten: int  # ... up to this far from tenpai (against open hands one step further)...
    behind_push_min_han: float  # ... when its estimated han reach this (points it needs)
    behind_facing_dealer_han: float  # ... and this many more against the dealer's riichi
    ahead_from: int  # a player with this many points or more is far ahead: folds as if its hand were worth...
    ahead_fold_han: float  # ... this many han less
    open_threat_melds: int  # an open hand with this many melds is a threat (fewer: only an obvious honitsu)
    dealer_threat_melds: int  # ... and a dealer's open hand with this many
    open_threat_fold_from: int  # against open threats only, fold from this shanten
    open_care_worth: float  # with no threat but an open hand, of the discards as fast as the best and
    # this much more useful at most, the safest against the open hands (-1: no care)
    # --- riichi or dama ------------------------------------------------------------------------------
    dama_min_points: int  # a closed tenpai whose every wait has a yaku stays dama when its ron is worth this
    dama_mid_from: int  # ... and once the live wall holds fewer tiles than this...
    dama_mid_points: int  # ... from this much
    dama_facing_riichi_points: int  # ... and from this much when another player has declared riichi
    riichi_until: int  # a tenpai with a yaku stays dama once the live wall holds fewer tiles than this
    single_wait_dama_from: int  # a tenpai on one wait (kanchan, penchan, tanki, seven pairs) does not
    # declare riichi while the live wall holds this many tiles: it may improve
    # --- shape -----------------------------------------------------------------------------------------
    seven_pairs_handicap: int  # a closed hand plays seven pairs only when it is this many steps closer
    race_weighed: int  # discards of equal shanten compared by the live tiles that bring the hand closer: the N least useful...
    race_max_shanten: int  # ... when the hand is at most this far from tenpai (further: by usefulness alone)
    dealer_race_max_shanten: int  # ... and the dealer's
    race_by_wait: bool  # one from tenpai, each tile that brings tenpai counts by the width of the wait it leaves
    pair_weight: float  # how much a tile's other copies count when a discard is chosen by usefulness
    two_sided_weight: float  # ... each neighbour it makes a two-sided wait with (34)
    dora_weight: float  # ... each dora it is
    red_weight: float  # ... a red five (the last copy of its value)
    value_tile_weight: float  # ... a value honour (a yakuhai pon may come)
    guest_tile_weight: float  # ... any other honour (below 0: it goes before a lone terminal)
    edge_weight: float  # ... each neighbour it makes an edge wait with (12, 89); a gap (13) counts 1
    honitsu_lean: float  # ... less, in a closed hand with this many tiles of one suit and honours:
    honitsu_lean_from: int  # tiles of the other suits
    suuankou_from_triplets: int  # a closed hand with this many concealed triplets plays for four of them
    # (suuankou) whenever that is no slower...
    suuankou_refuses_calls: bool  # ... and makes no call (False: only while suuankou is as close as the hand is)
    # --- calls -----------------------------------------------------------------------------------------
    value_pon_max_shanten: int  # a closed hand pons a value tile when that leaves it this close to tenpai
    honitsu_min_tiles: int  # tiles of one suit plus honours (of 14 incl. the call) to pon for honitsu...
    honitsu_max_shanten: int  # ... when the pon leaves the hand this close to honitsu tenpai
    toitoi_max_shanten: int  # pon for toitoi when the pon leaves the hand this close to toitoi tenpai
    tanyao_max_shanten: int  # pon for (open) tanyao when the pon leaves the hand this close to tenpai...
    tanyao_min_han: float  # ... and the hand is worth this much without riichi (dora, red fives, norths)
    dealer_calls_value_tiles: bool  # the dealer pons every value tile, even when it slows the hand
    free_pon_max_shanten: int  # an open hand that has its yaku (a value triplet) pons any tile that brings it
    # closer to tenpai when the pon leaves it this close (-1: never)
    formal_tenpai_from: int  # with this few tiles left, any pon that makes tenpai is taken (tenpai payments)
    dealer_formal_tenpai_from: int  # ... the dealer's, with this few (its tenpai at a draw deals again)
    nine_terminals_play_from: int  # nine kinds of terminals and honours are played on (for thirteen
    # orphans) rather than aborted from this many kinds
    # --- norths -----------------------------------------------------------------------------------------
    keep_north_for_kokushi: int  # a hand this close to thirteen orphans keeps its only north


# The values fitted against the real games (calc/sim/truth_figures.json): at 2,000 matches a run
# has every realism figure of calc.sim.realism inside its band on nearly every seed
# (docs/calibration.md says how it is measured). Each comment says why its knob has its value.
CALIBRATED = BotProfile(
    # Push with a tenpai worth 2 han or with 4 live waits, one from tenpai with 5 han while 24 tiles
    # are left: the real players' deal-in rate and points per win together (lower pushes deal in
    # cheaper hands; higher ones fold wins away).
    push_tenpai_min_han=2.0,
    push_tenpai_min_live=4,
    push_one_shanten_min_han=5.0,
    push_one_shanten_until=24,
    # The dealer's win keeps the deal: it pushes as with 1 han more, and the others fold against its
    # riichi as with 1 han less. At 0 the matches run short of the real games' hands per match; at 3
    # the dealer wins more of the hands a non-dealer's riichi began than real dealers do.
    dealer_push_bonus=1.0,
    facing_dealer_han=1.0,
    # Far behind (under 20,000) a player pushes one from tenpai with 3 han (6 against the dealer's
    # riichi): pushing with any hand dealt into riichi far more often than real players behind do and
    # busted the matches too often; a bigger ask against the dealer brings its deal-ins to the real rate.
    behind_below=20000,
    behind_push_shanten=1,
    behind_push_min_han=3.0,
    behind_facing_dealer_han=3.0,
    # Far ahead (45,000 and more) a hand folds as if worth 1 han less: at 2 the deal-ins fall under the
    # real games'.
    ahead_from=45000,
    ahead_fold_han=1.0,
    open_threat_melds=3,
    # A dealer with two calls is a threat (a non-dealer with three): at 1 the others fold too soon and
    # the matches draw far more than real ones.
    dealer_threat_melds=2,
    open_threat_fold_from=3,  # against open hands only, fold from three from tenpai: deal-ins at the real rate
    # With no threat, the safest of the equally fast discards up to 3 usefulness more: deal-ins and the
    # tsumo share come to the real games' (without it, more deal-ins to open hands).
    open_care_worth=3.0,
    # Dama with a yaku: from 16,000 points (8,000 once 36 tiles are gone); any value against a riichi;
    # always in the last 14 tiles. Lower thresholds keep too many big hands dama (sanbaiman short).
    dama_min_points=16000,
    dama_mid_from=36,
    dama_mid_points=8000,
    dama_facing_riichi_points=0,
    riichi_until=14,
    # A single wait (seven pairs' tanki too) waits for a better one while 26 tiles are left; declaring
    # seven pairs sooner raised points per win but riichi per hand far more.
    single_wait_dama_from=26,
    # Seven pairs only when a step closer than the standard form: at 2 the seven pairs' share is nearer
    # the real one, but the bust rate rises past its band.
    seven_pairs_handicap=1,
    # The two least useful of equally fast discards are raced by the live tiles that bring the hand
    # closer, from one from tenpai (the dealer from two: it then wins as often as real dealers do); 3
    # raced builds cheaper hands (points per win short).
    race_weighed=2,
    race_max_shanten=1,
    dealer_race_max_shanten=2,
    race_by_wait=True,
    # The usefulness of a tile: the weights at which the bots build hands at the real players' pace and
    # value (2.5 for pairs builds faster but cheaper hands, with more riichi). Honours go early, as real
    # players throw them: a guest honour before a lone terminal, a value honour no more kept than one.
    pair_weight=3.0,
    two_sided_weight=2.0,
    dora_weight=5.5,
    red_weight=6.5,
    value_tile_weight=0.0,
    guest_tile_weight=-1.0,
    edge_weight=1.0,
    honitsu_lean=3.0,
    honitsu_lean_from=10,
    # Four concealed triplets aimed at from two (real games win 0.19% of their hands by suuankou;
    # without the aim the bots win a fifth of that and their yakuman share runs short), without
    # refusing calls the aim is not close to (refusing them cut calls per hand under the real rate).
    suuankou_from_triplets=2,
    suuankou_refuses_calls=False,
    # Calls: the rates at which real dealers (0.33 calls a hand) and non-dealers (0.28) call, with open
    # wins as cheap as theirs. The dealer pons every value tile; an open hand with its yaku pons what
    # takes it a step closer to tenpai.
    value_pon_max_shanten=1,
    honitsu_min_tiles=10,
    honitsu_max_shanten=3,
    toitoi_max_shanten=1,
    tanyao_max_shanten=2,
    tanyao_min_han=3.0,
    dealer_calls_value_tiles=True,
    free_pon_max_shanten=1,
    # Formal tenpai: any pon that makes tenpai in the last 6 tiles, the dealer's in the last 24 (its
    # tenpai deals again): hands per match at the real games' (with 6 the dealer's, short).
    formal_tenpai_from=6,
    dealer_formal_tenpai_from=24,
    # Abort nine terminals below ten kinds: 3.0% of the hands, as in the 3,001 games.
    nine_terminals_play_from=10,
    keep_north_for_kokushi=3,
)
