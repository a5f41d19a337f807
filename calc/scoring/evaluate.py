"""The best reading of a winning hand by an explicit tie-break -> Evaluation.

Each interpretation (reading × place of the winning tile) gets its yaku, fu and value; the one paid
most wins, then more han, then more fu (rules.md §3, the opening of "Hand value");
at an equal value a named yakuman comes before counted han (a suuankou is a suuankou, not 18 han of
kazoe: the yakuman is what the table pays chips for).
"""

from __future__ import annotations

from typing import NamedTuple

from calc.core import tiles as T
from calc.scoring.readings import counts_of, is_seven_pairs, is_thirteen_orphans, standard_readings
from calc.core.errors import IllegalHandError
from calc.scoring.fu import Part, describe, fu_parts, pair_fu_table
from calc.scoring.hand import Hand, WinContext
from calc.core.rules import NorthRules, RuleSet
from calc.scoring.shape import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS, shapes
from calc.scoring.value import HandValue, hand_value
from calc.scoring.yaku import YAKU, YAKUMAN, YakuInput, may_be_yakuman, value_tiles


class Evaluation(NamedTuple):
    yaku: tuple[tuple[str, int], ...]  # (name, han) of each yaku, dora not included
    yakuman: tuple[tuple[str, int], ...]  # (name, multiple) of each yakuman
    han: int  # all han, dora included (13 × multiple for a yakuman)
    fu: int
    fu_parts: tuple[Part, ...]  # see `fu_breakdown`
    dora: int
    aka: int
    ura: int
    nuki: int  # han from extracted norths, the north-as-dora bonus included
    value: HandValue
    form: str
    wait: str | None
    nuki_ura: int = 0  # of `nuki`, what an ura West indicator added (Tenhou's logs list it as ura)

    @property
    def limit(self) -> str | None:
        return self.value.limit

    @property
    def logged_bonus(self) -> tuple[tuple[str, int], ...]:
        """(dora, aka, ura) han as Tenhou's logs list them: the extracted norths with the dora, but
        what an ura West indicator added to them with the ura. Our log writers use the same."""
        return (("dora", self.dora + self.nuki - self.nuki_ura), ("aka", self.aka), ("ura", self.ura + self.nuki_ura))

    @property
    def fu_breakdown(self) -> tuple[tuple[str, int], ...]:
        """(reason, fu) lines: put into words only when someone reads them."""
        return describe(self.fu_parts)


def count_dora(counts: tuple[int, ...], nuki: int, indicators: tuple[int, ...]) -> tuple[int, int]:
    """(dora han on the hand's tiles, dora han on extracted norths) for one indicator list.

    The tile set is always the 108-tile sanma set (no profile changes it), so the
    indicated tile wraps 9m -> 1m (rules.md §1).
    """
    on_tiles = on_norths = 0
    for indicator in indicators:
        dora = T.SANMA_DORA[indicator]
        on_tiles += counts[dora]
        if dora == T.NORTH:
            on_norths += nuki  # an extracted north is dora again when West indicates (rules.md §2)
    return on_tiles, on_norths


def evaluate(hand: Hand, context: WinContext, rules: RuleSet) -> Evaluation:
    concealed_counts = counts_of(hand.concealed)
    closed_14 = not hand.melds and len(hand.concealed) == 14
    readings = standard_readings(concealed_counts)
    seven = closed_14 and is_seven_pairs(concealed_counts)
    # thirteen singles and a pair never split into sets: asked only when no standard reading exists
    orphans = closed_14 and not readings and is_thirteen_orphans(concealed_counts)
    if not readings and not seven and not orphans:
        raise IllegalHandError(f"the hand {hand.text()} is not complete (no four sets and a pair, seven pairs or thirteen orphans)")

    kans = [m.is_kan for m in hand.melds].count(True) if hand.melds else 0
    # Dora and the per-hand yaku depend on the tiles and the situation, not on the reading: they
    # are counted once, with the first shape.
    bonus = hand_yaku = None
    values, pair_fu = _value_tables(context.seat_wind, context.round_wind, rules.north, rules.hand.double_wind_pair_fu)
    best = None
    for shape in shapes(hand, context, readings, concealed_counts, seven_pairs=seven, thirteen_orphans=orphans):
        x = YakuInput(shape, context, rules.hand, rules.north, kans, hand.win_tile, concealed_counts, values)
        if bonus is None:
            bonus = _count_bonus(shape.counts, hand, context)
            hand_yaku = [(i, name, han) for i, name, han, check in _HAND_YAKU[shape.closed] if check(x)]
        scored = _score_shape(x, rules, bonus, hand_yaku, pair_fu)
        if scored is not None and (best is None or scored[0] > best[0]):
            best = scored
    if best is None:
        raise IllegalHandError(f"the hand {hand.text()} is complete but has no yaku (dora, red fives and norths are not yaku)")
    return best[1]()


def _value_tables(seat_wind: int, round_wind: int, north: NorthRules, double_wind_pair_fu: int):
    """(tile -> han of its triplet, tile -> fu of its pair): a handful of cases, each built once
    (keyed by plain values: hashing the profile's north section would cost more than it saves)."""
    key = (seat_wind, round_wind, north.value_tile, double_wind_pair_fu)
    tables = _VALUE_TABLES.get(key)
    if tables is None:
        values = value_tiles(seat_wind, round_wind, north)
        tables = _VALUE_TABLES[key] = values, pair_fu_table(values, double_wind_pair_fu)
    return tables


_VALUE_TABLES: dict[tuple, tuple[dict[int, int], dict[int, int]]] = {}


def _count_bonus(counts: tuple[int, ...], hand: Hand, context: WinContext) -> tuple[int, int, int, int, int]:
    """(dora, aka, ura, nuki, nuki_ura) han: not yaku, added once a yaku is found (rules.md §2-3)."""
    dora, nuki_dora = count_dora(counts, context.nuki, context.dora_indicators)
    ura = ura_norths = 0
    if context.riichi or context.double_riichi:
        ura, ura_norths = count_dora(counts, context.nuki, context.ura_indicators)
    # An extracted north made dora by a West indicator is nukidora however it was indicated:
    # counted in one place, `nuki`, for a dora and for an ura indicator alike.
    return dora, hand.red, ura, context.nuki + nuki_dora + ura_norths, ura_norths


def _hand_table(closed: bool) -> tuple:
    """(position, name, han, check) of the per-hand yaku that count on a closed / open hand."""
    return tuple(
        (position, y.name, y.han_closed if closed else y.han_open, y.check)
        for position, y in enumerate(YAKU)
        if y.per_hand and (y.han_closed if closed else y.han_open)
    )


def _shape_table(closed: bool, form: str, runs: int, triplets: int) -> tuple:
    """The per-reading yaku worth asking of a reading with this form and these numbers of sets."""
    return tuple(
        (position, y.name, y.han_closed if closed else y.han_open, y.check)
        for position, y in enumerate(YAKU)
        if not y.per_hand and y.honor is None and y.may_apply(closed, form, runs, triplets)
    )


# Per-hand yaku are asked once per hand, the others once per reading, from a table chosen by
# (closed, form, runs, triplets) so that a reading is asked only what it could be.
_HAND_YAKU = {closed: _hand_table(closed) for closed in (False, True)}
_SHAPE_YAKU = {
    (closed, form, runs, triplets): _shape_table(closed, form, runs, triplets)
    for closed in (False, True)
    for form in (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS)
    for runs in range(5)
    for triplets in range(5)
}
_PINFU = next(i for i, y in enumerate(YAKU) if y.name == "pinfu")
assert all(y.per_hand or y.honor is not None for y in YAKU[:_PINFU])  # pinfu leads every shape table
# honour tile -> its yakuhai entries (yakuhai count the same open or closed)
_YAKUHAI = {
    tile: tuple((position, y.name, y.han_open, y.check) for position, y in enumerate(YAKU) if y.honor == tile)
    for tile in range(T.EAST, T.RED + 1)
}


def _yakuhai(x: YakuInput) -> list[tuple[int, str, int]]:
    return [
        (position, name, han)
        for tile in x.shape.triplet_tiles
        if tile >= T.HONOR
        for position, name, han, check in _YAKUHAI[tile]
        if check(x)
    ]


RENHOU_FLOOR = 5  # han: a mangan


def _renhou_as_mangan(yaku: list[tuple[str, int]], han: int) -> tuple[list[tuple[str, int]], int]:
    """Renhou as a mangan (profile hand.renhou: mangan) is worth the mangan or the hand without it,
    whichever is more: it tops the other han up to 5 and adds nothing beyond (rules.md §3)."""
    others = han - RENHOU_FLOOR
    renhou = max(0, RENHOU_FLOOR - others)
    return [(name, renhou if name == "renhou" else h) for name, h in yaku], others + renhou


def _score_shape(x: YakuInput, rules: RuleSet, bonus, hand_yaku, pair_fu: dict[int, int]):
    """(comparison key, a function building the Evaluation) or None when the shape has no yaku.

    The Evaluation is built only for the winning shape: most hands have one shape, some have many.
    """
    shape = x.shape
    yakuman = []
    for record in YAKUMAN if may_be_yakuman(x) else ():
        if record.check(x):
            double = rules.hand.double_yakuman and record.double_when is not None and record.double_when(x)
            yakuman.append((record.name, 2 if double else 1))
    if yakuman:
        multiple = sum(m for _, m in yakuman) if rules.hand.stacked_yakuman else max(m for _, m in yakuman)
        value = hand_value(13 * multiple, 0, rules.hand, yakuman=multiple)
        parts, fu = fu_parts(shape, pinfu=False, pair_fu=pair_fu)
        return (value.basic, True, value.han, fu), lambda: Evaluation(
            (), tuple(yakuman), 13 * multiple, fu, parts, 0, 0, 0, 0, value, shape.form, shape.wait
        )

    table = _SHAPE_YAKU[shape.closed, shape.form, len(shape.runs), len(shape.triplets)]
    found = [(i, name, han) for i, name, han, check in table if check(x)]
    # pinfu is the first per-reading yaku of the table (asserted at _PINFU), so it leads `found`
    pinfu = bool(found) and found[0][0] == _PINFU
    found += _yakuhai(x)
    if not found and not hand_yaku:
        return None
    yaku = [(name, han) for _, name, han in sorted(hand_yaku + found)] if found else [y[1:] for y in hand_yaku]
    parts, fu = fu_parts(shape, pinfu=pinfu, pair_fu=pair_fu)
    dora, aka, ura, nuki, nuki_ura = bonus
    han = sum([h for _, h in yaku]) + dora + aka + ura + nuki
    if x.context.renhou and rules.hand.renhou == "mangan":
        yaku, han = _renhou_as_mangan(yaku, han)
    value = hand_value(han, fu, rules.hand)
    return (value.basic, False, han, fu), lambda: Evaluation(
        tuple(yaku), (), han, fu, parts, dora, aka, ura, nuki, value, shape.form, shape.wait, nuki_ura
    )
