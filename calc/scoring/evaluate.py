"""The best reading of a winning hand by an explicit tie-break -> Evaluation.

Each interpretation (reading × place of the winning tile) gets its yaku, fu and value; the one paid
most wins, then more han, then more fu (rules.md §3, the opening of "Hand value");
at an equal value a named yakuman comes before counted han (a suuankou is a suuankou, not 18 han of
kazoe: the yakuman is what the table pays chips for). At a full tie the first interpretation in the
readings' order stays. The facts every interpretation shares (the tiles as bits, the melds, the
situation's yaku, dora) are worked out once per hand; an interpretation adds its reading's facts
(calc.scoring.readings) and its wait. Only the winner gets its yaku named and its fu itemised.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from calc.core import tiles as T
from calc.core.errors import IllegalHandError
from calc.core.rules import HandRules, NorthRules, RuleSet
from calc.scoring import yaku as Y
from calc.scoring.fu import (
    SEVEN_PAIRS_FU,
    Part,
    describe,
    pair_fu_table,
    seven_pairs_parts,
    standard_fu,
    standard_parts,
)
from calc.scoring.hand import Hand, WinContext
from calc.scoring.readings import (
    StandardReading,
    is_seven_pairs,
    is_thirteen_orphans,
    readings_of,
    triplet_fu,
)
from calc.scoring.shape import RYANMEN, SEVEN_PAIRS, SHANPON, STANDARD, TANKI, THIRTEEN_ORPHANS, waits
from calc.scoring.value import HandValue, hand_value


class Evaluation:
    """The winning interpretation, its yaku named and its fu itemised. A written class (one a hand
    scored: compiled, its `__init__` takes about 0.1 µs, where a NamedTuple's generated `__new__`
    runs as Python); nothing writes to one, and two are equal when their fields are."""

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
    nuki_ura: int  # of `nuki`, what an ura West indicator added (Tenhou's logs list it as ura)

    def __init__(self, yaku: tuple[tuple[str, int], ...], yakuman: tuple[tuple[str, int], ...], han: int, fu: int,
                 fu_parts: tuple[Part, ...], dora: int, aka: int, ura: int, nuki: int, value: HandValue, form: str,
                 wait: str | None, nuki_ura: int = 0) -> None:
        self.yaku = yaku
        self.yakuman = yakuman
        self.han = han
        self.fu = fu
        self.fu_parts = fu_parts
        self.dora = dora
        self.aka = aka
        self.ura = ura
        self.nuki = nuki
        self.value = value
        self.form = form
        self.wait = wait
        self.nuki_ura = nuki_ura

    def _key(self) -> tuple:
        return (self.yaku, self.yakuman, self.han, self.fu, self.fu_parts, self.dora, self.aka, self.ura, self.nuki,
                self.value, self.form, self.wait, self.nuki_ura)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Evaluation) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Evaluation(yaku={self.yaku!r}, yakuman={self.yakuman!r}, han={self.han!r}, fu={self.fu!r}, "
                f"fu_parts={self.fu_parts!r}, dora={self.dora!r}, aka={self.aka!r}, ura={self.ura!r}, "
                f"nuki={self.nuki!r}, value={self.value!r}, form={self.form!r}, wait={self.wait!r}, "
                f"nuki_ura={self.nuki_ura!r})")

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


def count_dora(counts: list[int], nuki: int, indicators: tuple[int, ...]) -> tuple[int, int]:
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


class _Seats(NamedTuple):
    """What the winds make of the tiles: the same for every hand with these winds and north rules."""

    honor_yaku: tuple[int, ...]  # honour (0 = East) -> the yaku of a triplet of it
    pair_fu: tuple[int, ...]  # tile -> fu of a pair of it
    value_bits: int  # the value tiles (no pinfu with a pair of one)


_SEATS: Final[dict[tuple[int, int, bool, int], _Seats]] = {}


def _seats(seat_wind: int, round_wind: int, north: NorthRules, double_wind_pair_fu: int) -> _Seats:
    key = (seat_wind, round_wind, north.value_tile, double_wind_pair_fu)
    seats = _SEATS.get(key)
    if seats is None:
        values = Y.value_tiles(seat_wind, round_wind, north)
        bits = 0
        for tile in values:
            bits |= 1 << tile
        seats = _SEATS[key] = _Seats(Y.honor_yaku(seat_wind, round_wind, north),
                                     pair_fu_table(values, double_wind_pair_fu), bits)
    return seats


class _Winner:
    """The best interpretation so far: enough to name its yaku and itemise its fu at the end. A
    plain class (made for every interpretation, compiled it is built in a few tens of ns)."""

    def __init__(self, key: tuple[int, bool, int, int], form: str, reading: StandardReading | None, wait: str | None,
                 yaku: int, yakuman: list[tuple[str, int]], han: int, fu: int, renhou_han: int,
                 value: HandValue) -> None:
        self.key = key  # (basic points, a yakuman, han, fu): compared as a tuple
        self.form = form
        self.reading = reading
        self.wait = wait
        self.yaku = yaku  # mask
        self.yakuman = yakuman
        self.han = han
        self.fu = fu
        self.renhou_han = renhou_han  # renhou's han as a mangan floor, when it is one of the yaku
        self.value = value


RENHOU_FLOOR: Final = 5  # han: a mangan


def evaluate(hand: Hand, context: WinContext, rules: RuleSet) -> Evaluation:
    concealed = [0] * 34
    for t in hand.concealed:
        concealed[t] += 1
    closed_14 = not hand.melds and len(hand.concealed) == 14
    readings = readings_of(concealed)
    seven = closed_14 and is_seven_pairs(concealed)
    # thirteen singles and a pair never split into sets: asked only when no standard reading exists
    orphans = closed_14 and not readings and is_thirteen_orphans(concealed)
    if not readings and not seven and not orphans:
        raise IllegalHandError(f"the hand {hand.text()} is not complete (no four sets and a pair, seven pairs or thirteen orphans)")

    hand_rules = rules.hand
    win = hand.win_tile
    tsumo = context.tsumo
    # The hand's tiles and its melds: the same for every interpretation.
    counts = list(concealed)
    closed = True
    kans = meld_closed_kans = meld_runs = meld_run_bits = meld_triplet_bits = meld_fu = 0
    meld_outside = True
    meld_triplets: list[tuple[int, bool, bool]] = []
    for meld in hand.melds:
        for t, _ in meld.tiles:
            counts[t] += 1
        first = meld.tiles[0][0]
        if meld.opened:
            closed = False
        if meld.is_kan:
            kans += 1
        if meld.is_triplet:
            meld_triplets.append((first, not meld.opened, meld.is_kan))
            meld_triplet_bits |= 1 << first
            meld_fu += triplet_fu(first, not meld.opened, meld.is_kan)
            meld_closed_kans += not meld.opened
            meld_outside = meld_outside and first in T.TERMINALS_AND_HONORS_SET
        else:
            meld_runs += 1
            meld_run_bits |= 1 << first
            meld_outside = meld_outside and first % 9 in (0, 6)
    tiles = 0
    for t in range(34):
        if counts[t]:
            tiles |= 1 << t
    honors = tiles & Y.HONOR_BITS != 0
    seats = _seats(context.seat_wind, context.round_wind, rules.north, hand_rules.double_wind_pair_fu)
    hand_yaku = Y.hand_yaku(context, hand_rules, tiles, closed, kans) & (-1 if closed else Y.COUNTS_OPEN)
    bonus = _count_bonus(counts, hand, context)
    dora, aka, ura, nuki, nuki_ura = bonus
    bonus_han = dora + aka + ura + nuki
    renhou_floor = context.renhou and hand_rules.renhou == "mangan"

    best: _Winner | None = None
    if orphans:
        found = Y.yakuman(context, hand_rules, orphans=True, standard=False, tiles=tiles, closed=True, kans=0,
                          triplet_bits=0, concealed_triplets=0, pair=-1, tanki=False, concealed_counts=concealed,
                          win_tile=win)
        best = _yakuman_winner(found, hand_rules, THIRTEEN_ORPHANS, None, None, 0)
    if seven:
        found = []
        if Y.may_be_yakuman(context, orphans=False, tiles=tiles, closed=True, triplet_bits=0):
            found = Y.yakuman(context, hand_rules, orphans=False, standard=False, tiles=tiles, closed=True, kans=0,
                              triplet_bits=0, concealed_triplets=0, pair=-1, tanki=True, concealed_counts=concealed,
                              win_tile=win)
        if found:
            best = _better(best, _yakuman_winner(found, hand_rules, SEVEN_PAIRS, None, TANKI, SEVEN_PAIRS_FU))
        else:
            best = _better(best, _counted(hand_yaku | Y.CHIITOITSU, True, bonus_han, SEVEN_PAIRS_FU, renhou_floor,
                                          hand_rules, SEVEN_PAIRS, None, TANKI))
    for reading in readings:
        runs = len(reading.runs) + meld_runs
        run_bits = reading.run_bits | meld_run_bits
        triplet_bits = reading.triplet_bits | meld_triplet_bits
        outside = reading.outside and meld_outside
        pair_fu = seats.pair_fu[reading.pair]
        may_be_yakuman = Y.may_be_yakuman(context, orphans=False, tiles=tiles, closed=closed,
                                          triplet_bits=triplet_bits)
        for wait in waits(reading, win):
            concealed_triplets = len(reading.triplets) + meld_closed_kans
            fu_of_triplets = reading.triplet_fu + meld_fu
            if wait == SHANPON and not tsumo:
                # A triplet completed by ron is treated as open (minkou), rules: fu and sanankou.
                concealed_triplets -= 1
                fu_of_triplets -= triplet_fu(win, True, False) - triplet_fu(win, False, False)
            if may_be_yakuman:
                found = Y.yakuman(context, hand_rules, orphans=False, standard=True, tiles=tiles, closed=closed,
                                  kans=kans, triplet_bits=triplet_bits, concealed_triplets=concealed_triplets,
                                  pair=reading.pair, tanki=wait == TANKI, concealed_counts=concealed, win_tile=win)
                if found:
                    fu = standard_fu(closed=closed, tsumo=tsumo, pinfu=False, triplets=fu_of_triplets, pair=pair_fu,
                                     wait=wait)
                    best = _better(best, _yakuman_winner(found, hand_rules, STANDARD, reading, wait, fu))
                    continue
            pinfu_wait = wait == RYANMEN and not seats.value_bits >> reading.pair & 1
            yaku = hand_yaku | Y.reading_yaku(
                closed, runs, run_bits, triplet_bits, concealed_triplets, reading.peikou, outside, reading.pair,
                honors, pinfu_wait, seats.honor_yaku,
            ) & (-1 if closed else Y.COUNTS_OPEN)
            if not yaku:
                continue
            fu = standard_fu(closed=closed, tsumo=tsumo, pinfu=bool(yaku & Y.PINFU), triplets=fu_of_triplets,
                             pair=pair_fu, wait=wait)
            best = _better(best, _counted(yaku, closed, bonus_han, fu, renhou_floor, hand_rules, STANDARD, reading,
                                          wait))
    if best is None:
        raise IllegalHandError(f"the hand {hand.text()} is complete but has no yaku (dora, red fives and norths are not yaku)")
    return _evaluation(best, hand, closed, tsumo, seats, meld_triplets, bonus)


def _better(best: _Winner | None, other: _Winner | None) -> _Winner | None:
    """The tie-break: the first of two equal interpretations stays."""
    if other is None:
        return best
    return other if best is None or other.key > best.key else best


def _multiple(yakuman: tuple[str, int]) -> int:
    return yakuman[1]


def _yakuman_winner(found: list[tuple[str, int]], rules: HandRules, form: str, reading: StandardReading | None,
                    wait: str | None, fu: int) -> _Winner:
    if not rules.stacked_yakuman:  # only the largest counts (rules.md §3): the others are neither paid nor listed
        found = [max(found, key=_multiple)]
    multiple = sum([m for _, m in found])
    value = hand_value(13 * multiple, 0, rules, yakuman=multiple)
    return _Winner((value.basic, True, value.han, fu), form, reading, wait, 0, found, 13 * multiple, fu, 0, value)


def _counted(yaku: int, closed: bool, bonus_han: int, fu: int, renhou_floor: bool, rules: HandRules, form: str,
             reading: StandardReading | None, wait: str | None) -> _Winner:
    han = Y.han_of(yaku, closed) + bonus_han
    renhou_han = 0
    if renhou_floor and yaku & Y.RENHOU:
        # Renhou as a mangan (profile hand.renhou: mangan) is worth the mangan or the hand without it,
        # whichever is more: it tops the other han up to 5 and adds nothing beyond (rules.md §3).
        others = han - RENHOU_FLOOR
        renhou_han = max(0, RENHOU_FLOOR - others)
        han = others + renhou_han
    value = hand_value(han, fu, rules)
    return _Winner((value.basic, False, han, fu), form, reading, wait, yaku, [], han, fu, renhou_han, value)


def _evaluation(best: _Winner, hand: Hand, closed: bool, tsumo: bool, seats: _Seats,
                meld_triplets: list[tuple[int, bool, bool]], bonus: tuple[int, int, int, int, int]) -> Evaluation:
    """The winner, its yaku named and its fu itemised."""
    reading = best.reading
    parts: tuple[Part, ...] = ()
    if best.form == SEVEN_PAIRS:
        parts = seven_pairs_parts()
    elif reading is not None and best.wait is not None:
        win = hand.win_tile
        ron_triplet = best.wait == SHANPON and not tsumo
        triplets = [(t, not (ron_triplet and t == win), False) for t in reading.triplets] + meld_triplets
        parts = standard_parts(closed=closed, tsumo=tsumo, pinfu=bool(best.yaku & Y.PINFU), triplets=triplets,
                               pair=reading.pair, pair_fu=seats.pair_fu[reading.pair], wait=best.wait)
    if best.yakuman:
        return Evaluation((), tuple(best.yakuman), best.han, best.fu, parts, 0, 0, 0, 0, best.value, best.form,
                          best.wait)
    yaku = Y.named(best.yaku, closed)
    if best.yaku & Y.RENHOU and best.renhou_han != Y.HAN_CLOSED[Y.RENHOU.bit_length() - 1]:
        yaku = [(name, best.renhou_han if name == "renhou" else han) for name, han in yaku]
    dora, aka, ura, nuki, nuki_ura = bonus
    return Evaluation(tuple(yaku), (), best.han, best.fu, parts, dora, aka, ura, nuki, best.value, best.form,
                      best.wait, nuki_ura)


def _count_bonus(counts: list[int], hand: Hand, context: WinContext) -> tuple[int, int, int, int, int]:
    """(dora, aka, ura, nuki, nuki_ura) han: not yaku, added once a yaku is found (rules.md §2-3)."""
    dora, nuki_dora = count_dora(counts, context.nuki, context.dora_indicators)
    ura = ura_norths = 0
    if context.riichi or context.double_riichi:
        ura, ura_norths = count_dora(counts, context.nuki, context.ura_indicators)
    # An extracted north made dora by a West indicator is nukidora however it was indicated:
    # counted in one place, `nuki`, for a dora and for an ura indicator alike.
    return dora, hand.red, ura, context.nuki + nuki_dora + ura_norths, ura_norths
