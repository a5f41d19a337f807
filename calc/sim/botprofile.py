"""The calibrated bot's knobs, in one place.

Every number the `calibrated` bot (calc.sim.calibrated) decides by is here, named and explained;
`CALIBRATED` holds the values measured against the real Tenhou games (calc/sim/truth_figures.json,
the realism check of calc.sim.realism). Han below are rough estimates of the hand's value the bot
can see: dora, red fives and extracted norths, value-tile triplets, tanyao, and one for riichi.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BotProfile:
    # --- push or fold against a threat (a riichi, or an open hand that looks ready) ------------------
    push_tenpai_min_han: float  # tenpai pushes when its estimated han reach this...
    push_tenpai_min_live: int  # ... or when this many winning tiles are still live
    push_one_shanten_min_han: float  # one from tenpai pushes when worth this much...
    push_one_shanten_until: int  # ... and the live wall still holds this many tiles
    dealer_push_bonus: float  # han added to the dealer's estimate (a dealer's win is worth 1.5 times)
    open_threat_melds: int  # an open hand with this many melds is a threat (fewer: only an obvious honitsu)
    open_threat_fold_from: int  # against open threats only, fold from this shanten
    # --- riichi or dama ------------------------------------------------------------------------------
    dama_min_han: float  # a closed tenpai that has a yaku without riichi stays dama from this many han
    riichi_until: int  # a tenpai with a yaku stays dama once the live wall holds fewer tiles than this
    dama_bad_wait_live: int  # a tenpai with at most this many live winning tiles and a yaku stays dama...
    dama_bad_wait_from: int  # ... while the live wall holds at least this many tiles (it may improve)
    # --- shape -----------------------------------------------------------------------------------------
    race_weighed: int  # discards one from tenpai compared by live tiles that bring tenpai: the N least useful
    # --- calls -----------------------------------------------------------------------------------------
    honitsu_min_tiles: int  # tiles of one suit plus honours (of 14 incl. the call) to pon for honitsu...
    honitsu_max_shanten: int  # ... when the pon leaves the hand this close to honitsu tenpai
    toitoi_max_shanten: int  # pon for toitoi when the pon leaves the hand this close to toitoi tenpai
    tanyao_max_shanten: int  # pon for (open) tanyao when the pon leaves the hand this close to tenpai...
    tanyao_min_han: float  # ... and the hand is worth this much without riichi (dora, red fives, norths)
    formal_tenpai_from: int  # with this few tiles left, any pon that makes tenpai is taken (tenpai payments)
    # --- norths -----------------------------------------------------------------------------------------
    keep_north_for_kokushi: int  # a hand this close to thirteen orphans keeps its only north


CALIBRATED = BotProfile(
    push_tenpai_min_han=2.0,
    push_tenpai_min_live=4,
    push_one_shanten_min_han=5.0,
    push_one_shanten_until=24,
    dealer_push_bonus=0.0,
    open_threat_melds=3,
    open_threat_fold_from=2,
    dama_min_han=2.0,
    riichi_until=12,
    dama_bad_wait_live=2,
    dama_bad_wait_from=30,
    race_weighed=3,
    honitsu_min_tiles=10,
    honitsu_max_shanten=3,
    toitoi_max_shanten=1,
    tanyao_max_shanten=2,
    tanyao_min_han=3.0,
    formal_tenpai_from=6,
    keep_north_for_kokushi=3,
)
