"""The yaku table (rules.md §3): each yaku is a record with its han closed / open and its check.

Names follow Tenhou's English yaku names so a result can be compared with a real log line by line.
A check reads a `Shape`, the `WinContext` and the profile's hand rules (`YakuInput`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, NamedTuple

from calc.core import tiles as T
from calc.scoring.hand import WinContext
from calc.core.rules import HandRules, NorthRules
from calc.scoring.shape import RYANMEN, SEVEN_PAIRS, STANDARD, TANKI, THIRTEEN_ORPHANS, Shape


class YakuInput(NamedTuple):
    shape: Shape
    context: WinContext
    hand_rules: HandRules
    north_rules: NorthRules
    kans: int
    win_tile: int
    concealed_counts: tuple[int, ...]  # concealed tiles incl. the winning one, for chuuren / kokushi waits
    values: dict[int, int]  # value_tiles(...): shared by every hand with the same winds, read only


@dataclass(frozen=True)
class Yaku:
    name: str
    han_closed: int
    han_open: int  # 0 = closed only
    check: Callable[[YakuInput], bool]
    # True when the check reads only the situation and the tiles, never the reading: it is asked
    # once per hand instead of once per reading.
    per_hand: bool = False
    # For yakuhai: the honour whose triplet it rewards. Only a reading holding that triplet asks.
    honor: int | None = None
    # What a reading must have for the check to be worth asking (the check still decides):
    # its form, and how many runs and triplets (melds included).
    form: str = STANDARD
    runs: tuple[int, int] = (0, 4)  # (at least, at most)
    min_triplets: int = 0

    def may_apply(self, closed: bool, form: str, runs: int, triplets: int) -> bool:
        return (
            bool(self.han_closed if closed else self.han_open)
            and form == self.form
            and self.runs[0] <= runs <= self.runs[1]
            and triplets >= self.min_triplets
        )


@dataclass(frozen=True)
class Yakuman:
    name: str
    check: Callable[[YakuInput], bool]
    double_when: Callable[[YakuInput], bool] | None = None  # the double form (kokushi 13-wait, ...)


def value_tiles(seat_wind: int, round_wind: int, north_rules: NorthRules) -> dict[int, int]:
    """tile -> han of a triplet of it: dragons, seat wind, round wind (each once), north by profile."""
    values: dict[int, int] = {d: 1 for d in T.DRAGONS}
    values[seat_wind] = values.get(seat_wind, 0) + 1
    values[round_wind] = values.get(round_wind, 0) + 1
    if north_rules.value_tile:
        values[T.NORTH] = values.get(T.NORTH, 0) + 1
    return values






def _pinfu(x: YakuInput) -> bool:
    s = x.shape
    return (
        s.form == STANDARD
        and s.closed
        and not s.triplets
        and s.wait == RYANMEN
        and s.pair not in x.values
    )


def _tanyao(x: YakuInput) -> bool:
    if not x.shape.closed and not x.hand_rules.open_tanyao:
        return False
    return x.shape.facts.simples_only


def _peikou_count(x: YakuInput) -> int:
    s = x.shape
    if not s.closed or len(s.runs) < 2 or len(set(s.runs)) == len(s.runs):
        return 0  # (seven pairs has no runs)
    runs = sorted(s.runs)
    pairs, i = 0, 0
    while i + 1 < len(runs):
        if runs[i] == runs[i + 1]:
            pairs, i = pairs + 1, i + 2
        else:
            i += 1
    return pairs


def _yakuhai(tile: int) -> Callable[[YakuInput], bool]:
    return lambda x: tile in x.shape.triplet_tiles


def _seat_wind(tile: int) -> Callable[[YakuInput], bool]:
    return lambda x: x.context.seat_wind == tile and tile in x.shape.triplet_tiles


def _round_wind(tile: int) -> Callable[[YakuInput], bool]:
    return lambda x: x.context.round_wind == tile and tile in x.shape.triplet_tiles


def _north_value(x: YakuInput) -> bool:
    return x.north_rules.value_tile and T.NORTH in x.shape.triplet_tiles


def _all_groups_have(x: YakuInput, tiles: frozenset[int]) -> bool:
    """Every set and the pair hold one of `tiles` (terminals, or terminals and honours)."""
    s = x.shape
    return (
        s.pair in tiles
        and all(t in tiles for t in s.triplet_tiles)
        and all(r in tiles or r + 2 in tiles for r in s.runs)
    )


def _chanta(x: YakuInput) -> bool:
    s = x.shape
    return bool(s.runs) and s.facts.honors and _all_groups_have(x, T.TERMINALS_AND_HONORS_SET)


_DRAGON_SET = frozenset(T.DRAGONS)
_WIND_SET = frozenset(T.WINDS)
_TERMINALS = frozenset(t for t in T.TERMINALS_AND_HONORS if t < T.HONOR)


def _junchan(x: YakuInput) -> bool:
    s = x.shape
    return bool(s.runs) and not s.facts.honors and _all_groups_have(x, _TERMINALS)


def _ittsu(x: YakuInput) -> bool:
    runs = x.shape.runs
    if len(runs) < 3:
        return False
    return any(base in runs and base + 3 in runs and base + 6 in runs for base in (T.MAN, T.PIN, T.SOU))


def _sanshoku_doujun(x: YakuInput) -> bool:
    # Needs a manzu run, which the 108-tile set cannot make (rules.md §1); kept for other tile sets.
    return len(x.shape.runs) >= 3 and any(
        n in x.shape.runs and T.PIN + n in x.shape.runs and T.SOU + n in x.shape.runs for n in x.shape.runs if n < T.PIN
    )


def _sanshoku_doukou(x: YakuInput) -> bool:
    trips = x.shape.triplet_tiles
    return len(trips) >= 3 and any(T.PIN + n in trips and T.SOU + n in trips for n in trips if n < T.PIN)


def _concealed_triplets(x: YakuInput) -> int:
    return [t.concealed for t in x.shape.triplets].count(True)


def _toitoi(x: YakuInput) -> bool:
    return x.shape.form == STANDARD and not x.shape.runs


def _honroutou(x: YakuInput) -> bool:
    # (thirteen orphans is all terminals and honours too, but a yakuman replaces every yaku)
    f = x.shape.facts
    return f.yaochuu_only and f.honors and bool(f.suits)


def _suits_used(x: YakuInput) -> frozenset[int]:
    return x.shape.facts.suits


def _has_honors(x: YakuInput) -> bool:
    return x.shape.facts.honors


def _honitsu(x: YakuInput) -> bool:
    return len(_suits_used(x)) == 1 and _has_honors(x)


def _chinitsu(x: YakuInput) -> bool:
    return len(_suits_used(x)) == 1 and not _has_honors(x)


def _dragon_triplets(x: YakuInput) -> int:
    return len(_DRAGON_SET.intersection(x.shape.triplet_tiles))


def _wind_triplets(x: YakuInput) -> int:
    return len(_WIND_SET.intersection(x.shape.triplet_tiles))


def _shousangen(x: YakuInput) -> bool:
    return x.shape.form == STANDARD and x.shape.pair in _DRAGON_SET and _dragon_triplets(x) == 2


# Order is the order of the output table: situational first, then by value (as Tenhou lists them).
YAKU: tuple[Yaku, ...] = (
    Yaku("menzen_tsumo", 1, 0, lambda x: x.shape.closed and x.context.tsumo, per_hand=True),
    Yaku("riichi", 1, 0, lambda x: x.context.riichi and not x.context.double_riichi, per_hand=True),
    Yaku("ippatsu", 1, 0, lambda x: x.context.ippatsu, per_hand=True),
    Yaku("chankan", 1, 1, lambda x: x.context.chankan, per_hand=True),
    Yaku("rinshan_kaihou", 1, 1, lambda x: x.context.rinshan, per_hand=True),
    Yaku("haitei", 1, 1, lambda x: x.context.haitei, per_hand=True),
    Yaku("houtei", 1, 1, lambda x: x.context.houtei, per_hand=True),
    Yaku("pinfu", 1, 0, _pinfu, runs=(4, 4)),
    Yaku("tanyao", 1, 1, _tanyao, per_hand=True),
    Yaku("iipeikou", 1, 0, lambda x: _peikou_count(x) == 1, runs=(2, 4)),
    Yaku("seat_wind_east", 1, 1, _seat_wind(T.EAST), honor=T.EAST),
    Yaku("seat_wind_south", 1, 1, _seat_wind(T.SOUTH), honor=T.SOUTH),
    Yaku("seat_wind_west", 1, 1, _seat_wind(T.WEST), honor=T.WEST),
    Yaku("round_wind_east", 1, 1, _round_wind(T.EAST), honor=T.EAST),
    Yaku("round_wind_south", 1, 1, _round_wind(T.SOUTH), honor=T.SOUTH),
    Yaku("round_wind_west", 1, 1, _round_wind(T.WEST), honor=T.WEST),
    # only where the profile makes north a value tile (rules.md §1, seats and winds)
    Yaku("north", 1, 1, _north_value, honor=T.NORTH),
    Yaku("haku", 1, 1, _yakuhai(T.WHITE), honor=T.WHITE),
    Yaku("hatsu", 1, 1, _yakuhai(T.GREEN), honor=T.GREEN),
    Yaku("chun", 1, 1, _yakuhai(T.RED), honor=T.RED),
    Yaku("double_riichi", 2, 0, lambda x: x.context.double_riichi, per_hand=True),
    Yaku("chiitoitsu", 2, 0, lambda x: x.shape.form == SEVEN_PAIRS, form=SEVEN_PAIRS),
    Yaku("chanta", 2, 1, _chanta, runs=(1, 4)),
    Yaku("ittsu", 2, 1, _ittsu, runs=(3, 4)),
    Yaku("sanshoku_doujun", 2, 1, _sanshoku_doujun, runs=(3, 4)),
    Yaku("sanshoku_doukou", 2, 2, _sanshoku_doukou, min_triplets=3),
    Yaku("sankantsu", 2, 2, lambda x: x.kans == 3, per_hand=True),
    Yaku("toitoi", 2, 2, _toitoi, runs=(0, 0)),
    Yaku("sanankou", 2, 2, lambda x: _concealed_triplets(x) == 3, min_triplets=3),
    Yaku("shousangen", 2, 2, _shousangen, min_triplets=2),
    Yaku("honroutou", 2, 2, _honroutou, per_hand=True),
    Yaku("ryanpeikou", 3, 0, lambda x: _peikou_count(x) == 2, runs=(4, 4)),
    Yaku("junchan", 3, 2, _junchan, runs=(1, 4)),
    Yaku("honitsu", 3, 2, _honitsu, per_hand=True),
    Yaku("chinitsu", 6, 5, _chinitsu, per_hand=True),
    # rules.md §3 "renhou per profile": as a mangan it lifts the hand to 5 han and adds nothing
    # beyond that (see evaluate.RENHOU_FLOOR); as a yakuman it is in YAKUMAN below.
    Yaku("renhou", 5, 0, lambda x: x.context.renhou and x.hand_rules.renhou == "mangan", per_hand=True),
)


def _kokushi_13(x: YakuInput) -> bool:
    """All thirteen orphans were waiting: the winning tile completes the pair."""
    return x.concealed_counts[x.win_tile] == 2


def _chuuren(x: YakuInput) -> bool:
    s = x.shape
    if not s.closed or x.kans or len(_suits_used(x)) != 1 or _has_honors(x):
        return False
    base = next(iter(_suits_used(x))) * 9
    c = s.counts[base : base + 9]
    need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    return all(have >= want for have, want in zip(c, need))


def _junsei_chuuren(x: YakuInput) -> bool:
    """Nine-sided wait: the tiles before the win were exactly 1112345678999."""
    base = T.suit_of(x.win_tile) * 9
    c = list(x.concealed_counts[base : base + 9])
    c[x.win_tile - base] -= 1
    return tuple(c) == (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _suuankou(x: YakuInput) -> bool:
    return x.shape.form == STANDARD and _concealed_triplets(x) == 4




def may_be_yakuman(x: YakuInput) -> bool:
    """A cheap necessary condition for any entry of YAKUMAN, so most hands skip the table."""
    s, c = x.shape, x.context
    return (
        c.tenhou
        or c.chiihou
        or c.renhou
        or s.form == THIRTEEN_ORPHANS
        or len(s.triplet_tiles) == 4  # suuankou, daisuushii, suukantsu
        or (len(s.triplet_tiles) == 3 and min(s.triplet_tiles) >= T.HONOR)  # daisangen, shousuushii
        or s.facts.honors_only
        or s.facts.green_only
        or (s.closed and len(s.facts.suits) == 1 and not s.facts.honors)
    )


YAKUMAN: tuple[Yakuman, ...] = (
    Yakuman("tenhou", lambda x: x.context.tenhou),
    Yakuman("chiihou", lambda x: x.context.chiihou),
    Yakuman("renhou", lambda x: x.context.renhou and x.hand_rules.renhou == "yakuman"),
    Yakuman("kokushi", lambda x: x.shape.form == THIRTEEN_ORPHANS, _kokushi_13),
    Yakuman("suuankou", _suuankou, lambda x: x.shape.wait == TANKI),
    Yakuman("daisangen", lambda x: _dragon_triplets(x) == 3),
    Yakuman("shousuushii", lambda x: _wind_triplets(x) == 3 and x.shape.pair in T.WINDS),
    Yakuman("daisuushii", lambda x: _wind_triplets(x) == 4, lambda x: True),
    Yakuman("tsuuiisou", lambda x: x.shape.facts.honors_only),
    Yakuman("ryuuiisou", lambda x: x.shape.facts.green_only),
    Yakuman("chinroutou", lambda x: x.shape.facts.terminals_only),
    Yakuman("chuuren", _chuuren, _junsei_chuuren),
    Yakuman("suukantsu", lambda x: x.kans == 4),
)
