"""The `calibrated` bot: plays like the real Phoenix games in the figures that decide a scheme
comparison (tsumo share, deal-ins, wins, draws, riichi, calls, busts, points per win, hands per
match; the bands are in calc.sim.realism). Its knobs are in calc.sim.botprofile.

Like every bot it sees the table, never the scores. What it does beside the greedy bot's shape
efficiency (calc.sim.bots):

- threats: a riichi, an open hand with `open_threat_melds` melds, or two melds of one suit (an
  obvious honitsu) or of honours;
- push or fold against them by the hand's distance to tenpai, its estimated value (dora, red fives,
  norths, value triplets, tanyao, riichi; the dealer counts more) and how much wall is left; a
  player far behind pushes further, with a hand worth the points it needs;
  folding throws the safest tile: genbutsu (the threat's own discards, and every tile thrown since
  its riichi), then honours by how many are visible, then suji and no-chance (kabe) tiles, terminals
  before middle tiles; pushing with a tenpai keeps the most live waits;
- riichi or dama: a tenpai that has a yaku without riichi (value triplet, tanyao, pinfu as far as
  the tiles show, seven pairs) stays dama when it is already worth `dama_min_han`, late in the hand,
  or while its wait is poor early on (it may improve); a tenpai without a yaku declares riichi; no
  riichi on a wait with no live tile;
- calls only when the hand gets a yaku: value tiles (yakuhai), honitsu (enough tiles of one suit and
  honours), toitoi, open tanyao with some value; once open, discards steer toward that yaku (off-suit
  tiles, terminals and honours, or singles go first); an open hand that has its yaku pons whatever
  takes it closer to tenpai. Late in the hand any pon that makes tenpai is
  taken for the tenpai payment (formal tenpai; the dealer's earlier, `dealer_formal_tenpai_from`:
  its tenpai at a draw deals again);
- a closed hand with `suuankou_from_triplets` concealed triplets plays for four of them when that is
  no slower (a yakuman by tsumo), and calls nothing;
- norths are extracted at once, except the only north of a hand close to thirteen orphans;
- a ron is always taken; the dealer's agari-yame in the last hand is the profile's rule
  (match.agari_yame / tenpai_yame), applied by the match flow, not a bot choice.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from calc.core import tiles as T
from calc.core.errors import IllegalHandError
from calc.scoring import shanten as S
from calc.scoring.evaluate import evaluate
from calc.scoring.hand import Hand, Meld, WinContext
from calc.core.notation import Tile
from calc.sim.botprofile import CALIBRATED, BotProfile
from calc.sim.greedy import Greedy, without
from calc.sim.view import Seat, SeatView

SUITS: Final = (T.MAN, T.PIN, T.SOU)
SIMPLE: Final = [v < T.HONOR and 1 <= v % 9 <= 7 for v in range(34)]
YAOCHUU: Final = [not s for s in SIMPLE]
FREE: Final = "free"
HONITSU_PLAN: Final = "honitsu"
TANYAO_PLAN: Final = "tanyao"
TOITOI_PLAN: Final = "toitoi"
Plan = tuple[str, int | None]  # the yaku an open hand plays for, and its suit (honitsu)


class Calibrated(Greedy):
    name = "calibrated"

    def __init__(self, profile: BotProfile = CALIBRATED) -> None:
        self.k = profile
        self._values: dict[tuple, int] = {}  # a tenpai's ron values (`_wait_values`), by hand and table

    # --- discards ----------------------------------------------------------------------------------
    def discard(self, p: SeatView, may_riichi: bool) -> tuple[Tile, bool]:
        k = self.k
        seat = p.seat
        counts = p.counts
        melds = len(p.melds)
        plan = self._plan(p) if melds else None
        cands = _candidates(counts, melds, plan, p.forbidden(), k.seven_pairs_handicap, p.suits,
                            k.suuankou_from_triplets)
        threats = self._threats(p)
        first = cands[0]
        top_ranked, top_shanten = first.ranked, first.shanten
        for c in cands:
            if c.ranked < top_ranked or c.ranked == top_ranked and c.shanten < top_shanten:
                top_ranked, top_shanten = c.ranked, c.shanten
        tops = [c for c in cands if c.ranked == top_ranked and c.shanten == top_shanten]
        # only the discards of least shanten are weighed (pushing or not, the choice is among them);
        # a lone one needs weighing only when it is a tenpai (its waits decide riichi)
        weigh = tops if len(tops) > 1 or not top_shanten or threats else []
        seen = p.seen
        worth = _Worth(k, p)
        if weigh:
            meld_own = _meld_counts(p.melds)
            for c in weigh:
                v = c.value
                counts[v] -= 1
                if c.shanten == 0:
                    c.live = sum(4 - seen[w] - counts[w] - meld_own[w] for w in _waits(tuple(counts)))
                c.worth = worth.of(v)
                counts[v] += 1
            race_max = k.dealer_race_max_shanten if seat == p.dealer else k.race_max_shanten
            if 1 <= top_shanten <= race_max and len(tops) > 1:
                # a race between discards of equal shanten: the most live tiles that take the hand
                # a step closer, counted for the `race_weighed` least useful tiles (the rest rarely win it)
                for c in _least_useful(tops, k.race_weighed):
                    counts[c.value] -= 1
                    if top_shanten == 1 and k.race_by_wait:
                        # one from tenpai: each tile that brings tenpai, by the width of the wait it leaves
                        c.improve = sum((4 - seen[t] - counts[t] - meld_own[t]) * width
                                        for t, width in S.tenpai_draws(counts, melds, p.suits.without(c.value)))
                    else:
                        c.improve = sum(4 - seen[t] - counts[t] - meld_own[t]
                                        for t in _improving(tuple(counts), melds, top_shanten))
                    counts[c.value] += 1
        best = _first_least(cands, _RACE)
        if not threats and k.open_care_worth >= 0:
            open_hands: list[tuple[int, int | None]] = [(o.seat, None) for o in p.seats
                                                        if o.seat != seat and o.melds]
            if open_hands:
                best = _careful(p, open_hands, cands, best, k.open_care_worth)
        if threats:
            riichi_threat = any(p.seats[t[0]].riichi for t in threats)
            _safeties(p, threats, cands)
            if not self._push(p, best, riichi_threat):
                safest = cands[0]
                for c in cands:
                    if c.safety > safest.safety or c.safety == safest.safety and c.shanten < safest.shanten:
                        safest = c
                ties = [c for c in cands if c.safety == safest.safety and c.shanten == safest.shanten]
                for c in ties:
                    if c not in weigh:
                        counts[c.value] -= 1
                        c.worth = worth.of(c.value)
                        counts[c.value] += 1
                fold = _first_least(ties, _USELESS)
                return p.copy_of(fold.value), False
            best = _first_least(cands, _PUSH_TENPAI if best.shanten == 0 else _PUSH)
        tile = p.copy_of(best.value)
        riichi = may_riichi and best.shanten == 0 and self._riichi(p, best)
        return tile, riichi

    def standing(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """Per seat -1 far behind (under `behind_below`), 1 far ahead (from `ahead_from`), else 0."""
        k = self.k
        return tuple(-1 if x < k.behind_below else 1 if x >= k.ahead_from else 0 for x in scores)

    def _push(self, p: SeatView, best: _Candidate, riichi_threat: bool) -> bool:
        k = self.k
        s = best.shanten
        standing = p.standing
        if not riichi_threat:
            return s < k.open_threat_fold_from + (standing < 0)
        han = self._han(p) + (k.dealer_push_bonus if p.seat == p.dealer else 0.0)
        facing_dealer = p.seats[p.dealer].riichi and p.seat != p.dealer
        if standing < 0 and s <= k.behind_push_shanten:
            needed = k.behind_push_min_han + (k.behind_facing_dealer_han if facing_dealer else 0.0)
            if han >= needed:
                return True  # far behind: folding does not save the match
        han -= k.ahead_fold_han if standing > 0 else 0.0
        if facing_dealer:
            han -= k.facing_dealer_han  # a dealer's win costs half as much again
        if s <= 0:
            return han >= k.push_tenpai_min_han or best.live >= k.push_tenpai_min_live
        if s == 1:
            return han >= k.push_one_shanten_min_han and p.live >= k.push_one_shanten_until
        return False

    def _riichi(self, p: SeatView, best: _Candidate) -> bool:
        """Riichi, or not yet: a tenpai on a single wait (kanchan, penchan, tanki, seven pairs) waits for
        a better one while the wall is long; a tenpai that
        already has a yaku on every wait stays dama when its ron is worth `dama_min_points` (as a
        non-dealer is paid; from `dama_facing_riichi_points` against a riichi), and late in the hand."""
        k = self.k
        if best.live <= 0:
            return False
        waits = self._wait_values(p, best.value)
        if len(waits) <= 1 and p.live >= k.single_wait_dama_from:
            return False
        if not all(basic for _, _, basic in waits):
            return True  # a wait without a yaku could win only by tsumo
        if p.live < k.riichi_until:
            return False  # late: a hand with a yaku stays dama
        live = sum(n for _, n, _ in waits)
        if p.riichi_seats():
            enough = k.dama_facing_riichi_points
        else:
            enough = k.dama_min_points if p.live >= k.dama_mid_from else k.dama_mid_points
        return 4 * sum(n * basic for _, n, basic in waits) < enough * live

    def _wait_values(self, p: SeatView, discard: int) -> list[tuple[int, int, int]]:
        """(wait, its live copies, the basic points of a ron on it without riichi; 0: no yaku) of the
        tenpai left after discarding `discard` (a value the hand holds)."""
        counts = p.counts
        counts[discard] -= 1
        try:
            rest = tuple(counts)
            waits = _waits(rest)
            meld_own = _meld_counts(p.melds)
            live = [4 - p.seen[w] - counts[w] - meld_own[w] for w in waits]
        finally:
            counts[discard] += 1
        red = [index for index, is_red in p.hand if is_red]
        if discard in red and (discard, False) not in p.hand:
            red.remove(discard)  # the red five itself goes (the bot gives a plain copy first)
        melds = tuple(Meld(m.kind, m.tiles) for m in p.melds)
        context = WinContext(seat_wind=p.seat_wind, round_wind=p.round_wind,
                             dora_indicators=tuple(i for i, _ in p.dora_indicators), nuki=p.nuki)
        out = []
        for w, n in zip(waits, live):
            key = (rest, melds, w, tuple(red), context)
            basic = self._values.get(key)
            if basic is None:
                concealed = sorted([v for v in range(34) for _ in range(rest[v])] + [w])
                try:
                    basic = evaluate(Hand(tuple(concealed), melds, w, tuple(red)), context, p.rules).value.basic
                except IllegalHandError:
                    basic = 0  # no yaku
                if len(self._values) > 1 << 12:
                    self._values.clear()
                self._values[key] = basic
            out.append((w, n, basic))
        return out

    # --- what the bot reads from the table ------------------------------------------------------------
    def _han(self, p: SeatView) -> float:
        """A rough estimate of the hand's han as it stands (see calc.sim.botprofile)."""
        own = p.own_counts()
        dora = p.dora_values()
        han = float(sum(own[d] for d in dora))
        han += p.nuki * (1 + dora.count(T.NORTH))
        han += sum(1 for _, red in p.hand if red) + sum(1 for m in p.melds for _, red in m.tiles if red)
        han += sum(1 for v in p.value_tiles if own[v] >= 3)
        if all(SIMPLE[v] or not own[v] for v in range(34)):
            han += 1
        if p.closed:
            han += 1  # riichi
        elif self._plan(p) == (HONITSU_PLAN, _suit_of(p)):
            han += 2
        return han

    def _threats(self, p: SeatView) -> list[tuple[int, int | None]]:
        """(seat, the suit of an obvious honitsu or None) of every other player who looks ready."""
        out: list[tuple[int, int | None]] = []
        for o in p.seats:
            if o.seat == p.seat:
                continue
            if o.riichi:
                out.append((o.seat, None))
                continue
            called = len(o.melds)
            if not called:
                continue
            suits = {_value(m) // 9 * 9 for m in o.melds if _value(m) < T.HONOR}
            enough = self.k.dealer_threat_melds if o.seat == p.dealer else self.k.open_threat_melds
            # enough calls, or two or more in one suit and honours (an obvious honitsu)
            if called >= enough or (called >= 2 and len(suits) <= 1):
                out.append((o.seat, next(iter(suits)) if len(suits) == 1 else None))
        return out

    def _plan(self, p: SeatView) -> Plan | None:
        """The yaku an open hand plays for: a value triplet (anything goes), honitsu in one suit,
        tanyao, or toitoi; None when it has none left (it still plays for formal tenpai)."""
        values = p.value_tiles
        own = p.own_counts()
        if any(own[v] >= 3 for v in values):
            return (FREE, None)
        options: list[Plan] = []
        suit = _suit_of(p)
        if suit is not None:
            options.append((HONITSU_PLAN, suit))
        if all(SIMPLE[_value(m)] for m in p.melds):
            options.append((TANYAO_PLAN, None))
        options.append((TOITOI_PLAN, None))
        melds = len(p.melds)
        return min(options, key=lambda plan: _plan_shanten(p.counts, melds, plan))

    # --- calls and kans -----------------------------------------------------------------------------
    def call(self, p: SeatView, tile: Tile, discarder: int, options: list[str]) -> str | None:
        k = self.k
        seat = p.seat
        value = tile[0]
        threats = self._threats(p)
        remaining = p.live
        melds = len(p.melds)
        before = S.shanten(p.counts, melds)
        if threats and before >= 1 and any(p.seats[t[0]].riichi for t in threats):
            return None  # not tenpai against a riichi: calls only give tiles away
        if not melds and sum(1 for c in p.counts if c >= 3) >= k.suuankou_from_triplets and (
                k.suuankou_refuses_calls or _plan_shanten(p.counts, 0, (TOITOI_PLAN, None)) <= before):
            return None  # four concealed triplets in sight
        if before == 0 and p.closed and value not in p.value_tiles:
            return None  # a closed tenpai keeps its riichi
        kind = "daiminkan" if "daiminkan" in options and not p.closed else "pon"
        p.counts[value] -= 2
        try:
            after_plans = self._plans_after(p, value)
            # the best discard after the pon (an open hand: the standard form only)
            after = min(s for _, s in S.discard_shanten(p.counts, melds + 1))
        finally:
            p.counts[value] += 2
        if value in p.value_tiles and (not p.closed or (seat == p.dealer and k.dealer_calls_value_tiles)
                                                or (after <= before and after <= k.value_pon_max_shanten)):
            return kind  # yakuhai: taken when it speeds the hand up, or the hand is open anyway
        formal_from = k.dealer_formal_tenpai_from if seat == p.dealer else k.formal_tenpai_from
        if remaining <= formal_from and after == 0 and before >= 1:
            return kind  # formal tenpai for the tenpai payment (the dealer's also deals again)
        current = self._plan(p) if melds else None
        if current == (FREE, None) and after < before and after <= k.free_pon_max_shanten:
            return kind  # the yaku is there: any pon that speeds the hand up
        now = _plan_shanten(p.counts, melds, current) if current else before
        for plan, limit, shanten in after_plans:
            if shanten <= limit and shanten < now:
                return kind
        return None

    def _plans_after(self, p: SeatView, value: int) -> list[tuple[Plan, int, int]]:
        """(plan, its shanten limit, its shanten after the pon and the best discard) of each yaku
        the pon of `value` (already out of p.counts) keeps open; honitsu and tanyao need the hand
        to be near them already."""
        k = self.k
        melds = len(p.melds) + 1
        meld_values = [_value(m) for m in p.melds] + [value]
        plans: list[tuple[Plan, int]] = []
        number_suits = {v // 9 * 9 for v in meld_values if v < T.HONOR}
        counts = p.counts
        if len(number_suits) <= 1:
            for suit in (number_suits or set(SUITS)):
                held = sum(counts[suit:suit + 9]) + sum(counts[T.HONOR:]) + 3 * melds
                if held >= k.honitsu_min_tiles + 2:  # the pon's tiles count, the discard goes
                    plans.append(((HONITSU_PLAN, suit), k.honitsu_max_shanten))
        if all(SIMPLE[v] for v in meld_values) and self._han(p) >= k.tanyao_min_han:
            plans.append(((TANYAO_PLAN, None), k.tanyao_max_shanten))
        plans.append(((TOITOI_PLAN, None), k.toitoi_max_shanten))  # every sanma call is a pon or kan
        out = []
        for plan, limit in plans:
            if plan[0] == TOITOI_PLAN:
                best = min(_plan_shanten(without(counts, v), melds, plan) for v in range(34) if counts[v])
            else:
                # the tiles the yaku can use, after the best discard: of a tile it can use, or of
                # one it cannot (the rest stays as it is)
                rest = _usable(counts, plan)
                options = [s for _, s in S.discard_shanten(rest, melds)]
                if any(counts[v] and not rest[v] for v in range(34)):
                    options.append(S.standard_shanten(rest, melds))
                best = min(options)
            out.append((plan, limit, best))
        return out

    def kan(self, p: SeatView, options: list[tuple[str, int]]) -> tuple[str, int] | None:
        if self._threats(p) and not p.riichi:
            return None  # a kan shows a new dora for the threat
        melds = len(p.melds)
        before = S.shanten(p.counts, melds)
        for kind, value in options:
            rest = p.counts[:]
            rest[value] = 0 if kind == "ankan" else rest[value] - 1
            if kind != "ankan" or p.riichi or S.shanten(rest, melds + 1) <= before:
                return kind, value
        return None

    def nine_terminals(self, p: SeatView) -> bool:
        """Abort, unless the hand holds `nine_terminals_play_from` kinds of terminals and honours
        (it plays for thirteen orphans)."""
        counts = p.counts
        return sum(1 for v in T.TERMINALS_AND_HONORS if counts[v]) < self.k.nine_terminals_play_from

    def nuki(self, p: SeatView) -> bool:
        if p.counts[T.NORTH] == 1 and p.closed and not p.melds:
            return S.kokushi_shanten(p.counts) > self.k.keep_north_for_kokushi
        return True


# --- helpers -----------------------------------------------------------------------------------------
# Cached by the 13 tiles: a turn's tsumogiri candidate is the hand of the turn before.
@lru_cache(maxsize=1 << 14)
def _waits(counts: tuple[int, ...]) -> tuple[int, ...]:
    return S.waits(list(counts))


@lru_cache(maxsize=1 << 14)
def _improving(counts: tuple[int, ...], melds: int, shanten: int) -> tuple[int, ...]:
    """Tiles that take a standard form `shanten` from tenpai a step closer (none when it is that
    close only by seven pairs or thirteen orphans)."""
    rest = list(counts)
    if S.standard_shanten(rest, melds) != shanten:
        return ()
    return tuple(S.improving(rest, melds, shanten))


def _value(m: Meld) -> int:
    return m.tiles[0][0]


def _meld_counts(melds: list[Meld]) -> list[int]:
    """The tiles of each value in the melds (a player's `melds`)."""
    own = [0] * 34
    for m in melds:
        own[m.tiles[0][0]] += len(m.tiles)
    return own


def _suit_of(p: SeatView) -> int | None:
    """The one number suit of an open hand's melds (honour melds go with any), or None."""
    suits = {_value(m) // 9 * 9 for m in p.melds if _value(m) < T.HONOR}
    if len(suits) > 1:
        return None
    if suits:
        return next(iter(suits))
    held = [(sum(p.counts[s:s + 9]), s) for s in SUITS]
    return max(held)[1]


class _Candidate:
    """A discard the bot weighs: its tile value, the shanten it leaves (`ranked`: toward the plan,
    or with seven pairs handicapped; `shanten`: the hand's own), and what the choice among equals
    reads: the live waits of the tenpai it leaves (-1: not weighed), the tiles that take the hand
    closer (the race), how useful the tile is (`worth`: less goes first) and how safe (`safety`,
    against the threats; higher is safer)."""

    def __init__(self, value: int, ranked: int, shanten: int) -> None:
        self.value = value
        self.ranked = ranked
        self.shanten = shanten
        self.live = -1
        self.improve = 0
        self.worth = 0.0
        self.safety = 0.0


# The orders the bot picks a discard by (`_first_least`: the first candidate that no other comes
# before): the race of shape, ranked and shanten first, then the live waits, the improving tiles and the least useful tile; pushing against a threat, safety in place of
# the improving tiles (a tenpai: after the plain live waits) or of the live waits; folding, among the
# safest, the least useful tile.
_RACE: Final = 0
_PUSH_TENPAI: Final = 1
_PUSH: Final = 2
_USELESS: Final = 3


def _before(a: _Candidate, b: _Candidate, order: int) -> bool:
    """Whether `a` comes strictly before `b` in `order`."""
    if order != _USELESS:
        if a.ranked != b.ranked:
            return a.ranked < b.ranked
        if a.shanten != b.shanten:
            return a.shanten < b.shanten
        if order == _RACE:
            if a.live != b.live:
                return a.live > b.live
            if a.improve != b.improve:
                return a.improve > b.improve
        elif order == _PUSH_TENPAI:
            if a.live != b.live:
                return a.live > b.live
            if a.safety != b.safety:
                return a.safety > b.safety
        else:
            if a.safety != b.safety:
                return a.safety > b.safety
            if a.improve != b.improve:
                return a.improve > b.improve
    return a.worth < b.worth


def _careful(p: SeatView, open_hands: list[tuple[int, int | None]], cands: list[_Candidate],
             best: _Candidate, margin: float) -> _Candidate:
    """Of the discards as fast as `best` (the same shanten, live waits and improving tiles) and at
    most `margin` more useful, the safest against the open hands (of equals the least useful)."""
    equals = [c for c in cands if c.ranked == best.ranked and c.shanten == best.shanten
              and c.live == best.live and c.improve == best.improve and c.worth <= best.worth + margin]
    if len(equals) < 2:
        return best
    _safeties(p, open_hands, equals)
    return _first_least(equals, _PUSH)  # all as fast: the safest, then the least useful


def _first_least(cands: list[_Candidate], order: int) -> _Candidate:
    best = cands[0]
    for c in cands:
        if _before(c, best, order):
            best = c
    return best


def _least_useful(cands: list[_Candidate], n: int) -> list[_Candidate]:
    """The `n` least useful candidates, least first (ties in their order: a stable sort by worth)."""
    ranked: list[_Candidate] = []
    for c in cands:
        i = len(ranked)
        while i and c.worth < ranked[i - 1].worth:
            i -= 1
        ranked.insert(i, c)
    return ranked[:n]


class _Worth:
    """How much a tile helps the hand it leaves (`of`, asked with the tile already out of
    p.counts): less goes first. Copies left (a pair), dora and a red five, neighbours within two,
    the middle of a suit; in a closed hand leaning to one suit and honours (honitsu), tiles of the
    other suits count less."""

    def __init__(self, k: BotProfile, p: SeatView) -> None:
        self.k = k
        counts = self.counts = p.counts
        self.dora = p.dora_values()
        self.values = p.value_tiles
        self.reds = {index for index, red in p.hand if red}
        self.lean = -1  # the suit a closed hand leans to (honitsu), or -1
        if k.honitsu_lean and p.closed:
            honours = 0
            for v in range(T.HONOR, 34):
                honours += counts[v]
            held = suit = -1
            for s in SUITS:  # the most tiles of one suit and honours; of equals the last suit
                n = honours
                for v in range(s, s + 9):
                    n += counts[v]
                if n >= held:
                    held, suit = n, s
            # `held` counts the whole hand before its discard (14 tiles): the lean starts a tile before
            # `honitsu_lean_from`, as the knob was calibrated
            if held + 1 >= k.honitsu_lean_from:
                self.lean = suit

    def of(self, v: int) -> float:
        k = self.k
        counts = self.counts
        score = k.pair_weight * counts[v] + k.dora_weight * self.dora.count(v)
        if v in self.reds and not counts[v]:
            score += k.red_weight
        if v >= T.HONOR:
            return score + (k.value_tile_weight if v in self.values else k.guest_tile_weight)
        base = v - v % 9
        n = v % 9
        for d in (-2, -1, 1, 2):
            if 0 <= n + d <= 8 and counts[v + d]:
                low = min(n, n + d)
                # a two-sided pair of neighbours is worth more than an edge (12, 89) or a gap (13)
                two_sided = abs(d) == 1 and 1 <= low <= 6
                score += (k.two_sided_weight if two_sided else k.edge_weight if abs(d) == 1 else 1.0) * counts[v + d]
        score += 0.5 if 2 <= n <= 6 else 0.2 if n in (1, 7) else 0.0
        if self.lean >= 0 and base != self.lean:
            score -= k.honitsu_lean
        return score


def _candidates(counts: list[int], melds: int, plan: Plan | None, forbidden: frozenset[int],
                seven_pairs_handicap: int = 0, suits: S.Suits | None = None,
                suuankou_from_triplets: int = 5) -> list[_Candidate]:
    """Every discard allowed, with the shanten it leaves. Seven pairs and thirteen orphans
    (closed hands) are counted from the whole hand's pairs and kinds, one tile less; a closed hand
    ranks its seven pairs shanten `seven_pairs_handicap` steps further than it is (the plan shanten),
    so that seven pairs is played only when it is that much closer than the standard form. A closed
    hand with `suuankou_from_triplets` concealed triplets ranks every discard by its distance to
    four concealed triplets and a pair when the best of them is no further than the hand's own."""
    out: list[_Candidate] = []
    closed = not melds
    by_plan: dict[int, int] = {}  # an open hand's shanten toward honitsu or tanyao, by discard
    usable_shanten = 0  # ... after a discard the yaku cannot use
    if not closed and plan is not None and plan[0] in (HONITSU_PLAN, TANYAO_PLAN):
        usable = _usable(counts, plan)
        by_plan = dict(S.discard_shanten(usable, melds))
        usable_shanten = S.standard_shanten(usable, melds)
    kinds = pairs = y_kinds = y_pairs = triplets = 0
    if closed:
        for c in counts:
            if c:
                kinds += 1
                if c >= 2:
                    pairs += 1
                    triplets += c >= 3
        for v in T.TERMINALS_AND_HONORS:
            c = counts[v]
            if c:
                y_kinds += 1
                y_pairs += c >= 2
    for v, s in S.discard_shanten(counts, melds, suits):
        if v in forbidden:
            continue
        if closed:
            ranked = s
            if s > 0:
                c = counts[v]
                pairs_s = 6 - (pairs - (c == 2)) + max(0, 7 - (kinds - (c == 1)))
                ranked = min(s, pairs_s + seven_pairs_handicap)
                s = min(s, pairs_s)
                if s > 2 and y_kinds >= 9:
                    yk = y_kinds - (YAOCHUU[v] and c == 1)
                    yp = y_pairs - (YAOCHUU[v] and c == 2)
                    s = min(s, 13 - yk - (yp > 0))
                    ranked = min(ranked, s)
            out.append(_Candidate(v, ranked, s))
        elif plan is None or plan[0] == FREE:
            out.append(_Candidate(v, s, s))
        elif plan[0] != TOITOI_PLAN:
            out.append(_Candidate(v, by_plan.get(v, usable_shanten), s))
        else:
            counts[v] -= 1
            out.append(_Candidate(v, _plan_shanten(counts, melds, plan), s))
            counts[v] += 1
    if closed and triplets >= suuankou_from_triplets:
        _rank_by_suuankou(counts, out)
    return out


def _rank_by_suuankou(counts: list[int], cands: list[_Candidate]) -> None:
    """Rank a closed hand's discards by their distance to four concealed triplets and a pair (the
    toitoi plan's shanten of a hand with no melds) when the best of them is no further than the
    hand's own shanten: a suuankou tsumo (or a ron on its single wait) is a yakuman."""
    distance = []
    for c in cands:
        counts[c.value] -= 1
        distance.append(_plan_shanten(counts, 0, (TOITOI_PLAN, None)))
        counts[c.value] += 1
    if min(distance) <= min(c.shanten for c in cands):
        for c, d in zip(cands, distance):
            c.ranked = d


def _plan_shanten(counts: list[int], melds: int, plan: Plan) -> int:
    """Shanten toward the plan's yaku: tiles the yaku cannot use are dead, so the shanten of the
    rest is the hand's distance to a winning hand with that yaku."""
    kind = plan[0]
    if kind == FREE:
        return S.standard_shanten(counts, melds)
    if kind == TOITOI_PLAN:
        triplets = melds + sum(1 for c in counts if c >= 3)
        pairs = sum(1 for c in counts if c == 2)
        return 8 - 2 * triplets - min(pairs, 5 - triplets)
    return S.standard_shanten(_usable(counts, plan), melds)


def _usable(counts: list[int], plan: Plan) -> list[int]:
    """The tiles of `counts` that honitsu (in the plan's suit) or tanyao can use; the rest dead."""
    kind, suit = plan
    if kind == HONITSU_PLAN:
        assert suit is not None
        rest = [0] * 34
        rest[suit:suit + 9] = counts[suit:suit + 9]
        rest[T.HONOR:] = counts[T.HONOR:]
        return rest
    return [0 if YAOCHUU[v] else c for v, c in enumerate(counts)]


def _safeties(p: SeatView, threats: list[tuple[int, int | None]], cands: list[_Candidate]) -> None:
    """Each candidate's safety: higher is safer against every threat (the least safe one counts)."""
    seen = p.seen
    counts = p.counts
    views: list[tuple[set[int], int | None]] = []  # each threat's genbutsu and obvious honitsu suit
    for seat, suit in threats:
        o: Seat = p.seats[seat]
        views.append((o.river_values | o.safe_since_riichi if o.riichi else o.river_values, suit))
    for c in cands:
        v = c.value
        worst = 1000.0
        visible = seen[v] + counts[v]
        for genbutsu, suit in views:
            if v in genbutsu:
                s = 100.0
            elif suit is not None and v < T.HONOR and v // 9 * 9 != suit:
                s = 80.0  # outside an obvious honitsu
            elif v >= T.HONOR or v < T.PIN:
                # honours, and the manzu terminals of sanma (no 2m-8m): only a pair or single wait
                s = (40.0, 50.0, 70.0, 95.0)[min(visible, 3)]
            else:
                s = _suji_safety(seen, counts, genbutsu, v, visible)
            worst = min(worst, s)
        c.safety = worst


def _suji_safety(seen: list[int], counts: list[int], genbutsu: set[int], v: int, visible: int) -> float:
    n = v % 9 + 1  # 1..9
    base = v - n + 1
    open_sides = 0
    if n <= 7:  # the wait on (n+1, n+2)
        covered = (n <= 6 and base + n + 2 in genbutsu) or _gone(seen, counts, base + n) or _gone(seen, counts, base + n + 1)
        open_sides += not covered
    if n >= 3:  # the wait on (n-2, n-1)
        covered = (n >= 4 and base + n - 4 in genbutsu) or _gone(seen, counts, base + n - 2) or _gone(seen, counts, base + n - 3)
        open_sides += not covered
    edge = n in (1, 9)
    near_edge = n in (2, 8)
    if open_sides == 0:
        s = 60.0 if edge else 55.0 if near_edge else 45.0
    elif open_sides == 1:
        s = 25.0 if edge else 20.0 if near_edge else 12.0
    else:
        s = 5.0
    return s + 3.0 * min(visible, 3)


def _gone(seen: list[int], counts: list[int], t: int) -> bool:
    """Every copy of tile `t` visible: no two-sided wait through it."""
    return seen[t] + counts[t] >= 4
