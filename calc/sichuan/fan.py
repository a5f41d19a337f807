"""The fan of a Sichuan hand, its cap and its value; the waits of a hand at the end of the wall.

Fan = the best pattern for the hand (one of rules.PATTERNS) + one per gen + the situation bonuses,
capped at payment.cap; a hand pays base × 2^(fan − unit_fan) (rules.md §8 writes
base × 2^fan, which is the same with a 0-fan plain win: unit_fan 0 and plain 0 in a profile).
"""

from __future__ import annotations

from dataclasses import dataclass

from calc.core import tiles as T
from calc.core.errors import IllegalHandError
from calc.sichuan.hand import Hand, Reading, readings
from calc.sichuan.rules import BONUSES, PATTERNS, SichuanRules

TERMINALS = (0, 8)  # tile % 9 of a 1 and a 9
JIANG = (1, 4, 7)  # tile % 9 of a 2, a 5 and an 8

NAMES = {
    "plain": "plain win 平胡",
    "all_pungs": "all pungs 对对胡",
    "one_suit": "one suit 清一色",
    "seven_pairs": "seven pairs 七对",
    "terminal_sets": "terminal sets 带幺九",
    "one_suit_all_pungs": "one-suit all pungs 清对",
    "pungs_258": "2-5-8 pungs 将对",
    "dragon_seven_pairs": "dragon seven pairs 龙七对",
    "one_suit_seven_pairs": "one-suit seven pairs 清七对",
    "one_suit_dragon_seven_pairs": "one-suit dragon seven pairs 清龙七对",
    "heavenly": "heavenly hand 天胡",
    "earthly": "earthly hand 地胡",
    "gen": "gen 根",
    "kong_replacement": "win on a kong replacement 杠上花",
    "kong_discard": "ron on a kong's discard 杠上炮",
    "rob_kong": "robbing a kong 抢杠胡",
    "last_tile": "last tile 海底",
    "single_wait": "single wait after four melds 金钩钓",
    "tsumo": "tsumo 自摸加番",
}
assert set(NAMES) >= {*PATTERNS, *BONUSES}  # every fan table key has a name
DRAGONS = ("dragon_seven_pairs", "one_suit_dragon_seven_pairs")


@dataclass(frozen=True)
class WinContext:
    tsumo: bool = False
    kong_replacement: bool = False  # tsumo on the replacement tile of one's own kong
    kong_discard: bool = False  # ron on the discard the discarder made after a kong
    rob_kong: bool = False  # ron on the tile another player added to a pung
    last_tile: bool = False  # the last tile of the wall, or its discard
    heavenly: bool = False
    earthly: bool = False

    def bonuses(self) -> tuple[str, ...]:
        return tuple(k for k in ("kong_replacement", "kong_discard", "rob_kong", "last_tile") if getattr(self, k))


@dataclass(frozen=True)
class FanLine:
    key: str  # a fan table key: rules.PATTERNS, rules.BONUSES or "tsumo"
    fan: int  # this line's fan in all
    count: int = 1  # gens: how many

    @property
    def name(self) -> str:
        return f"{self.count} gens 根" if self.key == "gen" and self.count != 1 else NAMES[self.key]


@dataclass(frozen=True)
class FanResult:
    pattern: str
    lines: tuple[FanLine, ...]  # the pattern first, then gens and bonuses
    total: int  # before the cap
    fan: int  # after the cap
    cap: int
    gens: int

    @property
    def capped(self) -> bool:
        return self.total > self.fan


def check_context(hand: Hand, context: WinContext) -> None:
    """Flag combinations that cannot happen."""
    c = context

    def bad(message: str) -> None:
        raise IllegalHandError(message)

    if c.kong_replacement and not c.tsumo:
        bad("a win on a kong replacement (杠上花) is a tsumo")
    if c.kong_replacement and not any(m.is_kong for m in hand.melds):
        bad("a win on a kong replacement (杠上花) needs a kong in the hand")
    if c.kong_discard and c.tsumo:
        bad("a ron on a kong's discard (杠上炮) is not a tsumo")
    if c.rob_kong and c.tsumo:
        bad("robbing a kong (抢杠胡) is a ron on the added tile, not a tsumo")
    if c.rob_kong and c.kong_discard:
        bad("robbing a kong and a ron on a kong's discard cannot both apply")
    if c.rob_kong and hand.win_tile is not None and hand.concealed.count(hand.win_tile) != 1:
        bad(f"robbing a kong of {T.name(hand.win_tile)}: the other three copies are in the robbed pung, "
            f"so the hand holds only the robbed one")
    if c.last_tile and c.kong_replacement:
        bad("the last tile of the wall is not a kong replacement")
    if c.heavenly and c.earthly:
        bad("a hand is heavenly (the dealer's) or earthly (a non-dealer's), not both")
    if c.heavenly and not c.tsumo:
        bad("a heavenly hand is the dealer's tsumo on the deal")
    if (c.heavenly or c.earthly) and hand.melds:
        bad("a heavenly or earthly hand has no melds")


def score(hand: Hand, context: WinContext, rules: SichuanRules) -> FanResult:
    """The fan of a complete hand: the best reading and pattern, gens, bonuses, the cap."""
    check_context(hand, context)
    options = readings(hand)
    if not options:
        raise IllegalHandError(f"{hand.text()} is not a complete hand (four sets and a pair, or seven pairs)")
    f = rules.fan
    gens = sum(1 for copies in hand.counts() if copies == 4)
    best: tuple[int, int, str] | None = None  # (total before bonuses, pattern fan, pattern)
    for reading in options:
        for pattern in _patterns(hand, reading, context):
            counted = gens - (1 if pattern in DRAGONS and not f.dragon_gen else 0)
            key = (getattr(f, pattern) + f.gen * counted, getattr(f, pattern), PATTERNS.index(pattern))
            if best is None or key > best:
                best = key
    assert best is not None
    pattern = PATTERNS[best[2]]
    counted = gens - (1 if pattern in DRAGONS and not f.dragon_gen else 0)
    lines = [FanLine(pattern, getattr(f, pattern))]
    if counted and f.gen:
        lines.append(FanLine("gen", f.gen * counted, counted))
    for bonus in context.bonuses():
        lines.append(FanLine(bonus, getattr(f, bonus)))
    if len(hand.melds) == 4:  # only the pair is left to wait on (金钩钓)
        lines.append(FanLine("single_wait", f.single_wait))
    if context.tsumo and rules.payment.tsumo_bonus == "fan":
        lines.append(FanLine("tsumo", f.tsumo))
    lines = [line for line in lines if line.fan or line.key == pattern]
    total = sum(line.fan for line in lines)
    cap = rules.payment.cap
    return FanResult(pattern, tuple(lines), total, min(total, cap), cap, counted)


def _patterns(hand: Hand, reading: Reading, context: WinContext) -> list[str]:
    """Every pattern this reading of the hand fits."""
    one_suit = len(hand.suits()) == 1
    out = ["plain"]
    if context.heavenly:
        out.append("heavenly")
    if context.earthly:
        out.append("earthly")
    if one_suit:
        out.append("one_suit")
    if reading.seven_pairs:
        dragon = any(copies == 4 for copies in hand.counts())
        out.append("seven_pairs")
        if dragon:
            out.append("dragon_seven_pairs")
        if one_suit:
            out.append("one_suit_dragon_seven_pairs" if dragon else "one_suit_seven_pairs")
            if dragon:
                out.append("one_suit_seven_pairs")
        return out
    all_pungs = all(kind == "pung" for kind, _ in reading.sets)
    if all_pungs:
        out.append("all_pungs")
        if one_suit:
            out.append("one_suit_all_pungs")
        if all(t % 9 in JIANG for _, t in reading.sets) and reading.pair % 9 in JIANG:
            out.append("pungs_258")
    # 带幺九: each set holds a 1 or a 9 (a run 123 or 789, a pung of 1s or 9s), and so does the pair
    if reading.pair % 9 in TERMINALS and all(
            (t % 9 in TERMINALS) if kind == "pung" else (t % 9 in (0, 6)) for kind, t in reading.sets):
        out.append("terminal_sets")
    return out


def payment_each(result: FanResult, rules: SichuanRules, *, tsumo: bool) -> int:
    """What each payer pays for this hand: the capped value, plus a base on a tsumo by profile."""
    bonus = rules.payment.base if tsumo and rules.payment.tsumo_bonus == "base" else 0
    return rules.payment.value(result.fan) + bonus


def waits(hand: Hand, rules: SichuanRules, void: int) -> list[tuple[int, FanResult]]:
    """The tiles a 13-tile hand wins on (none of its void suit, none it holds all four of), each with
    the fan of that win as a plain ron: the end-of-wall payment counts the hand, not a situation."""
    counts = hand.counts()
    out = []
    for tile in range(27):
        if T.suit_of(tile) == void or counts[tile] == 4:
            continue
        complete = hand.with_tile(tile)
        if readings(complete):
            out.append((tile, score(complete, WinContext(), rules)))
    return out


def best_wait(hand: Hand, rules: SichuanRules, void: int) -> tuple[int, FanResult] | None:
    """The wait worth most (the lowest tile on a tie), or None when the hand is not ready."""
    found = waits(hand, rules, void)
    if not found:
        return None
    return max(found, key=lambda item: (item[1].fan, item[1].total, -item[0]))
