"""The yaku table (rules.md §3): each yaku's name and han closed / open, and the conditions.

Names follow Tenhou's English yaku names so a result can be compared with a real log line by line.
A yaku is a bit: its position in `YAKU` (the order of the output table: situational first, then by
value, as Tenhou lists them). The conditions read integer facts worked out once: `hand_yaku` those
of the hand and its situation (asked once per hand), `reading_yaku` those of one reading with the
place of its winning tile (asked once per interpretation); both return a mask of yaku bits.
A new yaku is a row of `YAKU` and a line in the function whose facts it reads.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from calc.core import tiles as T
from calc.core.rules import HandRules, NorthRules
from calc.scoring.hand import WinContext


class YakuWorth(NamedTuple):
    """A yaku and the han it is worth closed and open (rules.md §3)."""

    name: str
    han_closed: int
    han_open: int  # 0 = closed only


YAKU: Final[tuple[YakuWorth, ...]] = (
    YakuWorth("menzen_tsumo", 1, 0),
    YakuWorth("riichi", 1, 0),
    YakuWorth("ippatsu", 1, 0),
    YakuWorth("chankan", 1, 1),
    YakuWorth("rinshan_kaihou", 1, 1),
    YakuWorth("haitei", 1, 1),
    YakuWorth("houtei", 1, 1),
    YakuWorth("pinfu", 1, 0),
    YakuWorth("tanyao", 1, 1),
    YakuWorth("iipeikou", 1, 0),
    YakuWorth("seat_wind_east", 1, 1),
    YakuWorth("seat_wind_south", 1, 1),
    YakuWorth("seat_wind_west", 1, 1),
    YakuWorth("round_wind_east", 1, 1),
    YakuWorth("round_wind_south", 1, 1),
    YakuWorth("round_wind_west", 1, 1),
    YakuWorth("north", 1, 1),  # only where the profile makes north a value tile (rules.md §1, seats and winds)
    YakuWorth("haku", 1, 1),
    YakuWorth("hatsu", 1, 1),
    YakuWorth("chun", 1, 1),
    YakuWorth("double_riichi", 2, 0),
    YakuWorth("chiitoitsu", 2, 0),
    YakuWorth("chanta", 2, 1),
    YakuWorth("ittsu", 2, 1),
    YakuWorth("sanshoku_doujun", 2, 1),
    YakuWorth("sanshoku_doukou", 2, 2),
    YakuWorth("sankantsu", 2, 2),
    YakuWorth("toitoi", 2, 2),
    YakuWorth("sanankou", 2, 2),
    YakuWorth("shousangen", 2, 2),
    YakuWorth("honroutou", 2, 2),
    YakuWorth("ryanpeikou", 3, 0),
    YakuWorth("junchan", 3, 2),
    YakuWorth("honitsu", 3, 2),
    YakuWorth("chinitsu", 6, 5),
    # rules.md §3 "renhou per profile": as a mangan it lifts the hand to 5 han and adds nothing
    # beyond that (see evaluate.RENHOU_FLOOR); as a yakuman it is in `yakuman` below.
    YakuWorth("renhou", 5, 0),
)
_POSITION: Final = {y.name: i for i, y in enumerate(YAKU)}


def _bit(name: str) -> int:
    return 1 << _POSITION[name]


MENZEN_TSUMO: Final = _bit("menzen_tsumo")
RIICHI: Final = _bit("riichi")
IPPATSU: Final = _bit("ippatsu")
CHANKAN: Final = _bit("chankan")
RINSHAN: Final = _bit("rinshan_kaihou")
HAITEI: Final = _bit("haitei")
HOUTEI: Final = _bit("houtei")
PINFU: Final = _bit("pinfu")
TANYAO: Final = _bit("tanyao")
IIPEIKOU: Final = _bit("iipeikou")
DOUBLE_RIICHI: Final = _bit("double_riichi")
CHIITOITSU: Final = _bit("chiitoitsu")
CHANTA: Final = _bit("chanta")
ITTSU: Final = _bit("ittsu")
SANSHOKU_DOUJUN: Final = _bit("sanshoku_doujun")
SANSHOKU_DOUKOU: Final = _bit("sanshoku_doukou")
SANKANTSU: Final = _bit("sankantsu")
TOITOI: Final = _bit("toitoi")
SANANKOU: Final = _bit("sanankou")
SHOUSANGEN: Final = _bit("shousangen")
HONROUTOU: Final = _bit("honroutou")
RYANPEIKOU: Final = _bit("ryanpeikou")
JUNCHAN: Final = _bit("junchan")
HONITSU: Final = _bit("honitsu")
CHINITSU: Final = _bit("chinitsu")
RENHOU: Final = _bit("renhou")
# yaku -> han, closed and open: index = bit position
HAN_CLOSED: Final = tuple(y.han_closed for y in YAKU)
HAN_OPEN: Final = tuple(y.han_open for y in YAKU)
COUNTS_OPEN: Final = sum(1 << i for i, y in enumerate(YAKU) if y.han_open)  # the yaku an open hand can have


def han_of(yaku: int, closed: bool) -> int:
    """The han of a mask of yaku."""
    table = HAN_CLOSED if closed else HAN_OPEN
    han = 0
    while yaku:
        low = yaku & -yaku
        han += table[low.bit_length() - 1]
        yaku ^= low
    return han


def named(yaku: int, closed: bool) -> list[tuple[str, int]]:
    """(name, han) of each yaku of a mask, in the table's order."""
    table = HAN_CLOSED if closed else HAN_OPEN
    out = []
    while yaku:
        low = yaku & -yaku
        position = low.bit_length() - 1
        out.append((YAKU[position].name, table[position]))
        yaku ^= low
    return out


# ------------------------------------------------------------- the tiles of a hand, as bits


def _mask(tiles: object) -> int:
    bits = 0
    for t in tiles:  # type: ignore[attr-defined]
        bits |= 1 << t
    return bits


ALL_TILES: Final = (1 << 34) - 1
MAN_BITS: Final = 0x1FF
PIN_BITS: Final = 0x1FF << T.PIN
SOU_BITS: Final = 0x1FF << T.SOU
HONOR_BITS: Final = 0x7F << T.HONOR
SUIT_BITS: Final = (MAN_BITS, PIN_BITS, SOU_BITS)
YAOCHUU_BITS: Final = _mask(T.TERMINALS_AND_HONORS)
TERMINAL_BITS: Final = YAOCHUU_BITS & ~HONOR_BITS
GREEN_BITS: Final = _mask(T.GREEN_TILES)
DRAGON_BITS: Final = _mask(T.DRAGONS)
WIND_BITS: Final = _mask(T.WINDS)


def suits_of(tiles: int) -> int:
    """How many of the three suits a mask of tiles touches."""
    return (tiles & MAN_BITS != 0) + (tiles & PIN_BITS != 0) + (tiles & SOU_BITS != 0)


def popcount(bits: int) -> int:
    count = 0
    while bits:
        bits &= bits - 1
        count += 1
    return count


# ------------------------------------------------------------- the conditions


def hand_yaku(context: WinContext, rules: HandRules, tiles: int, closed: bool, kans: int) -> int:
    """The yaku that read only the situation and the hand's tiles (`tiles`: a bit per kind of tile
    in the hand, melds included), whatever its reading."""
    c = context
    found = 0
    if closed and c.tsumo:
        found |= MENZEN_TSUMO
    if c.riichi and not c.double_riichi:
        found |= RIICHI
    if c.ippatsu:
        found |= IPPATSU
    if c.chankan:
        found |= CHANKAN
    if c.rinshan:
        found |= RINSHAN
    if c.haitei:
        found |= HAITEI
    if c.houtei:
        found |= HOUTEI
    if not tiles & YAOCHUU_BITS and (closed or rules.open_tanyao):
        found |= TANYAO
    if c.double_riichi:
        found |= DOUBLE_RIICHI
    if kans == 3:
        found |= SANKANTSU
    honors = tiles & HONOR_BITS != 0
    suits = suits_of(tiles)
    # (thirteen orphans is all terminals and honours too, but a yakuman replaces every yaku)
    if not tiles & ~YAOCHUU_BITS and honors and suits:
        found |= HONROUTOU
    if suits == 1:
        found |= HONITSU if honors else CHINITSU
    if c.renhou and rules.renhou == "mangan":
        found |= RENHOU
    return found


def honor_yaku(seat_wind: int, round_wind: int, north: NorthRules) -> tuple[int, ...]:
    """Honour tile (0 = East ... 6 = Red) -> the yaku a triplet of it earns: dragons, seat wind,
    round wind, north where the profile makes it a value tile."""
    out = []
    for tile in range(T.HONOR, 34):
        found = 0
        if tile == seat_wind and tile != T.NORTH:
            found |= _bit(("seat_wind_east", "seat_wind_south", "seat_wind_west")[tile - T.EAST])
        if tile == round_wind and tile != T.NORTH:
            found |= _bit(("round_wind_east", "round_wind_south", "round_wind_west")[tile - T.EAST])
        if tile == T.NORTH and north.value_tile:
            found |= _bit("north")
        if tile in T.DRAGONS:
            found |= _bit(("haku", "hatsu", "chun")[tile - T.WHITE])
        out.append(found)
    return tuple(out)


def value_tiles(seat_wind: int, round_wind: int, north_rules: NorthRules) -> dict[int, int]:
    """tile -> han of a triplet of it: dragons, seat wind, round wind (each once), north by profile."""
    values: dict[int, int] = {d: 1 for d in T.DRAGONS}
    values[seat_wind] = values.get(seat_wind, 0) + 1
    values[round_wind] = values.get(round_wind, 0) + 1
    if north_rules.value_tile:
        values[T.NORTH] = values.get(T.NORTH, 0) + 1
    return values


def reading_yaku(
    closed: bool, runs: int, run_bits: int, triplet_bits: int, concealed_triplets: int, peikou: int,
    outside: bool, pair: int, honors: bool, pinfu: bool, honor_triplet: tuple[int, ...],
) -> int:
    """The yaku of one standard reading (four sets and a pair, melds included) with its winning tile
    placed: `runs` is how many runs, `concealed_triplets` counts a triplet completed by ron as open
    (rules.md §3), `pinfu` whether the wait and the pair allow it, `honors` whether the hand holds
    an honour."""
    found = 0
    if pinfu and closed and not triplet_bits:
        found |= PINFU
    if closed and peikou == 1:
        found |= IIPEIKOU
    if closed and peikou == 2:
        found |= RYANPEIKOU
    honor_triplets = triplet_bits >> T.HONOR
    tile = 0
    while honor_triplets:
        if honor_triplets & 1:
            found |= honor_triplet[tile]
        honor_triplets >>= 1
        tile += 1
    if runs and outside:
        found |= CHANTA if honors else JUNCHAN
    for base in (T.MAN, T.PIN, T.SOU):
        if run_bits >> base & 0b1001001 == 0b1001001:
            found |= ITTSU
    # Needs a manzu run, which the 108-tile set cannot make (rules.md §1); kept for other tile sets.
    if run_bits & run_bits >> T.PIN & run_bits >> T.SOU & MAN_BITS:
        found |= SANSHOKU_DOUJUN
    if triplet_bits & triplet_bits >> T.PIN & triplet_bits >> T.SOU & MAN_BITS:
        found |= SANSHOKU_DOUKOU
    if not runs:
        found |= TOITOI
    if concealed_triplets == 3:
        found |= SANANKOU
    if pair in T.DRAGONS and popcount(triplet_bits & DRAGON_BITS) == 2:
        found |= SHOUSANGEN
    return found


# ------------------------------------------------------------- yakuman

YAKUMAN_NAMES: Final = (
    "tenhou", "chiihou", "renhou", "kokushi", "suuankou", "daisangen", "shousuushii", "daisuushii", "tsuuiisou",
    "ryuuiisou", "chinroutou", "chuuren", "suukantsu",
)
_NINE_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def yakuman(
    context: WinContext, rules: HandRules, *, orphans: bool, standard: bool, tiles: int, closed: bool, kans: int,
    triplet_bits: int, concealed_triplets: int, pair: int, tanki: bool, concealed_counts: list[int], win_tile: int,
) -> list[tuple[str, int]]:
    """(name, multiple) of each yakuman of one interpretation, in the table's order; the multiple is 2
    for a double form where the profile pays double yakuman (kokushi 13-wait, suuankou tanki,
    daisuushii, junsei chuuren)."""
    double = rules.double_yakuman
    out: list[tuple[str, int]] = []
    c = context
    if c.tenhou:
        out.append(("tenhou", 1))
    if c.chiihou:
        out.append(("chiihou", 1))
    if c.renhou and rules.renhou == "yakuman":
        out.append(("renhou", 1))
    if orphans:  # all thirteen were waiting when the winning tile completes the pair
        out.append(("kokushi", 2 if double and concealed_counts[win_tile] == 2 else 1))
    if standard and concealed_triplets == 4:
        out.append(("suuankou", 2 if double and tanki else 1))
    if popcount(triplet_bits & DRAGON_BITS) == 3:
        out.append(("daisangen", 1))
    winds = popcount(triplet_bits & WIND_BITS)
    if winds == 3 and pair in T.WINDS:
        out.append(("shousuushii", 1))
    if winds == 4:
        out.append(("daisuushii", 2 if double else 1))
    if not tiles & ~HONOR_BITS:
        out.append(("tsuuiisou", 1))
    if not tiles & ~GREEN_BITS:
        out.append(("ryuuiisou", 1))
    if not tiles & ~TERMINAL_BITS:
        out.append(("chinroutou", 1))
    if closed and not kans and suits_of(tiles) == 1 and not tiles & HONOR_BITS:
        base = next(b for b, bits in zip((T.MAN, T.PIN, T.SOU), SUIT_BITS) if tiles & bits)
        have = concealed_counts[base:base + 9]
        if all(have[i] >= _NINE_GATES[i] for i in range(9)):
            # junsei: nine-sided, the tiles before the win were exactly 1112345678999
            have[win_tile - base] -= 1
            out.append(("chuuren", 2 if double and tuple(have) == _NINE_GATES else 1))
    if kans == 4:
        out.append(("suukantsu", 1))
    return out


def may_be_yakuman(context: WinContext, *, orphans: bool, tiles: int, closed: bool, triplet_bits: int) -> bool:
    """A cheap necessary condition for any yakuman, so most hands skip `yakuman`."""
    c = context
    triplets = popcount(triplet_bits)
    return (
        c.tenhou or c.chiihou or c.renhou or orphans
        or triplets == 4  # suuankou, daisuushii, suukantsu
        or (triplets == 3 and not triplet_bits & ~HONOR_BITS)  # daisangen, shousuushii
        or not tiles & ~HONOR_BITS or not tiles & ~GREEN_BITS or not tiles & ~TERMINAL_BITS
        or (closed and suits_of(tiles) == 1 and not tiles & HONOR_BITS)
    )
