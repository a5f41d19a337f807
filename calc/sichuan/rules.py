"""Sichuan profiles: `variant: sichuan` YAML files in `rulesets/`, read by calc.rules' helpers.

Every scoring choice that differs by region or platform is a key here (rules.md §8): the fan table,
the cap, the tsumo bonus, the kong payments and their transfer, the end-of-wall settlements.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import lru_cache
from typing import Any

from calc.core.errors import RulesError
from calc.core.profile import Key, ProfileProblems, merge_chain, variant_of
from calc.sichuan import VARIANT

# Fan entries (defaults from the common commercial rules, rules.md §8). PATTERNS describe the whole
# hand: one applies, the best for the hand. BONUSES add on top.
PATTERNS = (
    "plain", "all_pungs", "one_suit", "seven_pairs", "terminal_sets", "one_suit_all_pungs", "pungs_258",
    "dragon_seven_pairs", "one_suit_seven_pairs", "one_suit_dragon_seven_pairs", "heavenly", "earthly",
)
BONUSES = ("gen", "kong_replacement", "kong_discard", "rob_kong", "last_tile", "single_wait")
TSUMO_BONUS = ("base", "fan", "none")
TRANSFERS = ("none", "first-winner", "each-winner")

_FAN_DOCS = {
    "plain": "plain win (平胡)",
    "all_pungs": "all pungs (对对胡)",
    "one_suit": "one suit (清一色)",
    "seven_pairs": "seven pairs (七对)",
    "terminal_sets": "every set and the pair hold a 1 or a 9 (带幺九)",
    "one_suit_all_pungs": "one-suit all pungs (清对)",
    "pungs_258": "all pungs and the pair of 2s, 5s and 8s (将对)",
    "dragon_seven_pairs": "seven pairs with four of a kind inside (龙七对)",
    "one_suit_seven_pairs": "one-suit seven pairs (清七对)",
    "one_suit_dragon_seven_pairs": "one-suit dragon seven pairs (清龙七对)",
    "heavenly": "the dealer wins on the deal (天胡)",
    "earthly": "a non-dealer wins in the first go-around (地胡)",
    "gen": "per gen (根): each set of four identical tiles in the hand",
    "kong_replacement": "tsumo on a kong's replacement tile (杠上花)",
    "kong_discard": "ron on the discard made after a kong (杠上炮)",
    "rob_kong": "ron on a tile added to a pung (抢杠胡)",
    "last_tile": "win on the last tile of the wall or its discard (海底)",
    "single_wait": "four melds and a single-tile wait for the pair (金钩钓)",
    "tsumo": "a tsumo, when payment.tsumo_bonus is fan (自摸加番)",
}

SCHEMA: dict[str, dict[str, Key]] = {
    "game": {
        "players": Key(int, choices=(4,), doc="seats at the table"),
    },
    "fan": {
        **{name: Key(int, minimum=0, doc=doc) for name, doc in _FAN_DOCS.items()},
        "dragon_gen": Key(bool, doc="the four of a kind that makes a dragon seven pairs also counts as a gen"),
    },
    "payment": {
        "base": Key(int, minimum=1, doc="points of a hand worth `unit_fan` fan"),
        "unit_fan": Key(int, minimum=0, doc="a hand pays base x 2^(fan - unit_fan)"),
        "cap": Key(int, minimum=3, maximum=6, doc="the most fan a hand counts"),
        "tsumo_bonus": Key(str, choices=TSUMO_BONUS,
                           doc="tsumo: each payer adds one base (base), the hand counts fan.tsumo more (fan), or nothing"),
    },
    "kong": {
        "concealed": Key(int, minimum=0, doc="base from each player still in for a concealed kong (下雨)"),
        "added": Key(int, minimum=0, doc="base from each player still in for a tile added to a pung (刮风)"),
        "exposed": Key(int, minimum=0, doc="base from the discarder for a kong on a discard (刮风)"),
        "transfer": Key(str, choices=TRANSFERS,
                        doc="a kong whose replacement discard deals in passes its income to the winner "
                            "(呼叫转移): none, all to the first winner after the discarder, or split among "
                            "the winners of that discard (the odd points to the first)"),
    },
    "end": {
        "void_pays_cap": Key(bool, doc="at the end of the wall a player holding the void suit pays the cap "
                                       "to each other player still in (查花猪)"),
        "not_ready_pays": Key(bool, doc="a player not ready pays each ready player that player's best hand (查大叫)"),
        "not_ready_refunds": Key(bool, doc="a player not ready returns the kong income still held (退税)"),
    },
}


@dataclass(frozen=True)
class GameRules:
    players: int


@dataclass(frozen=True)
class FanRules:
    plain: int
    all_pungs: int
    one_suit: int
    seven_pairs: int
    terminal_sets: int
    one_suit_all_pungs: int
    pungs_258: int
    dragon_seven_pairs: int
    one_suit_seven_pairs: int
    one_suit_dragon_seven_pairs: int
    heavenly: int
    earthly: int
    gen: int
    kong_replacement: int
    kong_discard: int
    rob_kong: int
    last_tile: int
    single_wait: int
    tsumo: int
    dragon_gen: bool


@dataclass(frozen=True)
class PaymentRules:
    base: int
    unit_fan: int
    cap: int
    tsumo_bonus: str

    def value(self, fan: int) -> int:
        """What one payer pays for a hand of `fan` fan, the cap already applied (rules.md §8)."""
        return self.base * 2 ** max(fan - self.unit_fan, 0)


@dataclass(frozen=True)
class KongRules:
    concealed: int
    added: int
    exposed: int
    transfer: str


@dataclass(frozen=True)
class EndRules:
    void_pays_cap: bool
    not_ready_pays: bool
    not_ready_refunds: bool


@dataclass(frozen=True)
class SichuanRules:
    name: str
    summary: str
    game: GameRules
    fan: FanRules
    payment: PaymentRules
    kong: KongRules
    end: EndRules
    origin: dict[str, str] = field(default_factory=dict, compare=False, hash=False, repr=False)
    variant: str = VARIANT

    def flat(self) -> dict[str, Any]:
        """key path -> value as written in a profile."""
        return {f"{section}.{f.name}": getattr(getattr(self, section), f.name)
                for section in SCHEMA for f in fields(getattr(self, section))}

    def describe(self) -> str:
        """One line for `sanma rules list`."""
        tsumo = {"base": "tsumo +1 base", "fan": f"tsumo +{self.fan.tsumo} fan",
                 "none": "no tsumo bonus"}[self.payment.tsumo_bonus]
        return f"cap {self.payment.cap} fan, base {self.payment.base}, {tsumo}"


def is_sichuan(name_or_path: str) -> bool:
    return variant_of(name_or_path) == VARIANT


def load(name_or_path: str) -> SichuanRules:
    """A built-in profile name or a YAML file path -> a validated, frozen SichuanRules."""
    return _load_cached(name_or_path)


@lru_cache(maxsize=32)
def _load_cached(name_or_path: str) -> SichuanRules:
    if not is_sichuan(name_or_path):
        raise RulesError(f"{name_or_path!r} is not a sichuan profile (it needs `variant: sichuan`)")
    read = merge_chain(name_or_path, SCHEMA, VARIANT)
    if read.problems:
        raise ProfileProblems(read.problems)
    return SichuanRules(
        name=read.chain[0].path.stem,
        summary=read.summary,
        game=GameRules(**read.section("game")),
        fan=FanRules(**read.section("fan")),
        payment=PaymentRules(**read.section("payment")),
        kong=KongRules(**read.section("kong")),
        end=EndRules(**read.section("end")),
        origin=read.origin,
    )
