"""The best reading of a winning hand by an explicit tie-break -> Evaluation.

Each interpretation (reading × place of the winning tile) gets its yaku, fu and value; the one paid
most wins, then more han, then more fu (rules.md §3: "highest-value reading, han first, then fu").
"""

from __future__ import annotations

from dataclasses import dataclass

from calc import tiles as T
from calc.decompose import counts_of, is_seven_pairs, is_thirteen_orphans, standard_readings
from calc.errors import IllegalHandError
from calc.fu import fu_lines
from calc.hand import Hand, WinContext
from calc.rules import RuleSet
from calc.shape import Shape, shapes
from calc.value import HandValue, hand_value
from calc.yaku import RENHOU_MANGAN, YAKU, YAKUMAN, YakuInput, value_tiles


@dataclass(frozen=True)
class Evaluation:
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


def count_dora(tiles_all: tuple[int, ...], nuki: int, indicators: tuple[int, ...], rules: RuleSet) -> tuple[int, int]:
    """(dora han on the hand's tiles, dora han on extracted norths) for one indicator list."""
    on_tiles = on_norths = 0
    for dora in dora_tiles(indicators, rules):
        on_tiles += sum(1 for t in tiles_all if t == dora)
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
    best: Evaluation | None = None
    best_key = None
    for shape in shapes(hand, context, readings, seven_pairs=seven, thirteen_orphans=orphans):
        result = _score_shape(shape, hand, context, rules, kans, concealed_counts)
        if result is None:
            continue
        key = (result.value.basic, result.han, result.fu)
        if best_key is None or key > best_key:
            best, best_key = result, key
    if best is None:
        raise IllegalHandError(f"the hand {hand.text()} is complete but has no yaku (dora, red fives and norths are not yaku)")
    return best


def _score_shape(shape: Shape, hand: Hand, context: WinContext, rules: RuleSet, kans: int, concealed_counts) -> Evaluation | None:
    x = YakuInput(shape, context, rules.hand, rules.north, kans, hand.win_tile, concealed_counts)
    values = value_tiles(x)
    yakuman = []
    for record in YAKUMAN:
        if record.check(x):
            double = rules.hand.double_yakuman and record.double_when is not None and record.double_when(x)
            yakuman.append((record.name, 2 if double else 1))
    if yakuman:
        multiple = sum(m for _, m in yakuman) if rules.hand.stacked_yakuman else max(m for _, m in yakuman)
        value = hand_value(13 * multiple, 0, rules.hand, yakuman=multiple)
        lines, fu = fu_lines(shape, pinfu=False, value_tiles=values)
        return Evaluation((), tuple(yakuman), 13 * multiple, fu, lines, 0, 0, 0, 0, value, shape.form, shape.wait)

    yaku = []
    for record in YAKU:
        han = record.han_closed if shape.closed else record.han_open
        if han and record.check(x):
            yaku.append((record.name, han))
    if RENHOU_MANGAN.check(x):
        yaku.append((RENHOU_MANGAN.name, RENHOU_MANGAN.han_closed))
    if not yaku:
        return None
    names = {name for name, _ in yaku}
    if "ryanpeikou" in names and "chiitoitsu" in names:  # cannot both apply: one reading each
        return None
    lines, fu = fu_lines(shape, pinfu="pinfu" in names, value_tiles=values)

    tiles_all = shape.all_tiles
    dora, nuki_dora = count_dora(tiles_all, context.nuki, context.dora_indicators, rules)
    ura = 0
    if context.riichi or context.double_riichi:
        ura_tiles, ura_norths = count_dora(tiles_all, context.nuki, context.ura_indicators, rules)
        ura = ura_tiles + ura_norths
    aka = hand.red
    nuki = context.nuki + nuki_dora
    han = sum(h for _, h in yaku) + dora + aka + ura + nuki
    value = hand_value(han, fu, rules.hand)
    return Evaluation(tuple(yaku), (), han, fu, lines, dora, aka, ura, nuki, value, shape.form, shape.wait)
