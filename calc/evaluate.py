"""The best reading of a winning hand by an explicit tie-break -> Evaluation.

Each interpretation (reading × place of the winning tile) gets its yaku, fu and value; the one paid
most wins, then more han, then more fu (rules.md §3: "highest-value reading, han first, then fu").
"""

from __future__ import annotations

from typing import NamedTuple

from calc import tiles as T
from calc.decompose import counts_of, is_seven_pairs, is_thirteen_orphans, standard_readings
from calc.errors import IllegalHandError
from calc.fu import fu_lines
from calc.hand import Hand, WinContext
from calc.rules import RuleSet
from calc.shape import Shape, shapes
from calc.value import HandValue, hand_value
from calc.yaku import RENHOU_MANGAN, YAKU, YAKUMAN, YakuInput, may_be_yakuman, value_tiles


class Evaluation(NamedTuple):
    yaku: tuple[tuple[str, int], ...]  # (name, han) of each yaku, dora not included
    yakuman: tuple[tuple[str, int], ...]  # (name, multiple) of each yakuman
    han: int  # all han, dora included (13 × multiple for a yakuman)
    fu: int
    fu_breakdown: tuple[tuple[str, int], ...]
    dora: int
    aka: int
    ura: int
    nuki: int  # han from extracted norths, the north-as-dora bonus included
    value: HandValue
    form: str
    wait: str | None

    @property
    def limit(self) -> str | None:
        return self.value.limit


def dora_tiles(indicators: tuple[int, ...], rules: RuleSet) -> list[int]:
    step = T.sanma_dora if rules.game.tile_set == "sanma" else T.dora_from_indicator
    return [step(i) for i in indicators]


def count_dora(counts: tuple[int, ...], nuki: int, indicators: tuple[int, ...], rules: RuleSet) -> tuple[int, int]:
    """(dora han on the hand's tiles, dora han on extracted norths) for one indicator list."""
    on_tiles = on_norths = 0
    for dora in dora_tiles(indicators, rules):
        on_tiles += counts[dora]
        if dora == T.NORTH:
            on_norths += nuki  # an extracted north is dora again when West indicates (rules.md §2)
    return on_tiles, on_norths


def evaluate(hand: Hand, context: WinContext, rules: RuleSet) -> Evaluation:
    concealed_counts = counts_of(hand.concealed)
    closed_14 = not hand.melds and len(hand.concealed) == 14
    readings = standard_readings(concealed_counts)
    seven = closed_14 and is_seven_pairs(concealed_counts)
    orphans = closed_14 and is_thirteen_orphans(concealed_counts)
    if not readings and not seven and not orphans:
        raise IllegalHandError(f"the hand {hand.text()} is not complete (no four sets and a pair, seven pairs or thirteen orphans)")

    kans = sum(1 for m in hand.melds if m.is_kan)
    # Dora of every kind depend on the tiles only, not on the reading: count them once.
    bonus = None
    values = value_tiles(context, rules.north)
    best = None
    for shape in shapes(hand, context, readings, seven_pairs=seven, thirteen_orphans=orphans):
        if bonus is None:
            bonus = _count_bonus(shape.counts, hand, context, rules)
        scored = _score_shape(shape, hand, context, rules, kans, concealed_counts, bonus, values)
        if scored is not None and (best is None or scored[0] > best[0]):
            best = scored
    if best is None:
        raise IllegalHandError(f"the hand {hand.text()} is complete but has no yaku (dora, red fives and norths are not yaku)")
    return best[1]()


def _count_bonus(counts: tuple[int, ...], hand: Hand, context: WinContext, rules: RuleSet) -> tuple[int, int, int, int]:
    """(dora, aka, ura, nuki) han: not yaku, added once a yaku is found (rules.md §2-3)."""
    dora, nuki_dora = count_dora(counts, context.nuki, context.dora_indicators, rules)
    ura = 0
    if context.riichi or context.double_riichi:
        ura_tiles, ura_norths = count_dora(counts, context.nuki, context.ura_indicators, rules)
        ura = ura_tiles + ura_norths
    return dora, hand.red, ura, context.nuki + nuki_dora


_CLOSED_YAKU = tuple((y.name, y.han_closed, y.check) for y in YAKU if y.han_closed)
_OPEN_YAKU = tuple((y.name, y.han_open, y.check) for y in YAKU if y.han_open)


def _score_shape(shape: Shape, hand: Hand, context: WinContext, rules: RuleSet, kans: int, concealed_counts, bonus, values):
    """(comparison key, a function building the Evaluation) or None when the shape has no yaku.

    The Evaluation is built only for the winning shape: most hands have one shape, some have many.
    """
    x = YakuInput(shape, context, rules.hand, rules.north, kans, hand.win_tile, concealed_counts, values)
    yakuman = []
    for record in YAKUMAN if may_be_yakuman(x) else ():
        if record.check(x):
            double = rules.hand.double_yakuman and record.double_when is not None and record.double_when(x)
            yakuman.append((record.name, 2 if double else 1))
    if yakuman:
        multiple = sum(m for _, m in yakuman) if rules.hand.stacked_yakuman else max(m for _, m in yakuman)
        value = hand_value(13 * multiple, 0, rules.hand, yakuman=multiple)
        lines, fu = fu_lines(shape, pinfu=False, value_tiles=values)
        return (value.basic, value.han, fu), lambda: Evaluation(
            (), tuple(yakuman), 13 * multiple, fu, lines, 0, 0, 0, 0, value, shape.form, shape.wait
        )

    yaku = [(name, han) for name, han, check in (_CLOSED_YAKU if shape.closed else _OPEN_YAKU) if check(x)]
    if RENHOU_MANGAN.check(x):
        yaku.append((RENHOU_MANGAN.name, RENHOU_MANGAN.han_closed))
    if not yaku:
        return None
    lines, fu = fu_lines(shape, pinfu=any(name == "pinfu" for name, _ in yaku), value_tiles=values)
    dora, aka, ura, nuki = bonus
    han = sum(h for _, h in yaku) + dora + aka + ura + nuki
    value = hand_value(han, fu, rules.hand)
    return (value.basic, han, fu), lambda: Evaluation(
        tuple(yaku), (), han, fu, lines, dora, aka, ura, nuki, value, shape.form, shape.wait
    )
