"""One hand (kyoku) at the table: the state every producer of play feeds, and the one place the
rules of play live.

`Round(deal, rules)` starts a hand; `apply(event)` (calc.table.play) checks the event can happen
(the tiles exist and are where it says, it is that player's turn, the call is allowed under the
profile) and updates every derived fact: the uninterrupted first go-around (double riichi, tenhou,
chiihou, renhou, nine terminals), ippatsu, the replacement draw owed after a kan or an extraction
(rinshan), furiten, haitei / houtei, when a kan's dora is due, pao, nagashi, tenpai at the draw.
Invariants: every tile is checked as it appears (no fifth copy), every payment as it is made
(scores plus riichi sticks keep their total), and the 108 tiles are accounted for (hands, melds,
rivers, extracted norths, the live wall and the 14-tile dead wall) at the end of the hand, and
after every event with `check=True` (the simulator's checked runs, the tests: it doubles the time
of reading a log). The log readers translate their format into events; the simulator's bots choose
them.
"""

from __future__ import annotations

from typing import Final

from calc.core import tiles as T
from calc.core.errors import SanmaError
from calc.core.notation import Tile
from calc.core.rules import RuleSet
from calc.scoring import shanten as S
from calc.scoring.hand import CONTEXT_FIELDS, Hand, WinContext
from calc.table import events as E
from calc.table.play import (
    ABORTS,
    ANKAN,
    DAIMINKAN,
    DISCARD,
    DRAW,
    EXHAUSTIVE,
    EXHAUSTIVE_KINDS,
    FOUR_KANS,
    KAKAN,
    NAGASHI,
    NINE_TERMINALS,
    NUKI,
    ON_ANKAN,
    ON_KAKAN,
    ON_NUKI,
    PON,
    REPLACEMENT,
    Agari,
    Ankan,
    Call,
    Deal,
    Discard,
    Dora,
    Draw,
    DrawResult,
    Kakan,
    Meld,
    Nuki,
    RoundResult,
    Ryuukyoku,
    WinFacts,
)

NORTH: Final[Tile] = (T.NORTH, False)
DEAD_WALL: Final = 14  # rinshan and indicator tiles; each replacement draw moves the haitei one tile forward
WALL: Final = {3: 108}
MAX_KANS: Final = 4  # there is no fifth kan (rules.md §5: four kans by several players abort the hand)
_NOT_SANMA: Final = frozenset(i for i in range(34) if not T.is_sanma_tile(i))
_ROBBED: Final = {"discard": DISCARD, "kakan": ON_KAKAN, "nuki": ON_NUKI, "ankan": ON_ANKAN}


class PlayError(SanmaError):
    """An event that cannot happen in this hand, or a broken invariant."""


def context_args(win: WinFacts) -> dict:
    """Keyword arguments of calc.scoring.hand.WinContext for this win: the play's facts carry every
    field of the context by its name (calc.scoring.fields).

    As the play has them, a double riichi is a riichi too, where WinContext takes a double riichi
    instead of, not beside, riichi; the indicators are tiles, red or not, where WinContext counts
    their indices; and ura indicators only count for a riichi winner.
    """
    args = {name: getattr(win, name) for name in CONTEXT_FIELDS}
    args["riichi"] = win.riichi and not win.double_riichi
    args["dora_indicators"] = tuple([t for t, _ in win.dora_indicators])
    args["ura_indicators"] = tuple([t for t, _ in win.ura_indicators]) if win.riichi else ()
    return args


def scoring_input(win: WinFacts) -> tuple[Hand, WinContext]:
    """The win as the evaluator's Hand and WinContext, built straight from the tiles (a win the
    play made is legal by construction; calc.logs.convert.build goes through the notation)."""
    hand = Hand(
        concealed=tuple(index for index, _ in win.closed),
        melds=win.melds,  # the round's melds are the scorer's
        win_tile=win.win_tile[0],
        concealed_red=tuple(index for index, red in win.closed if red),
        win_red=win.win_tile[1],
    )
    return hand, WinContext(**context_args(win))


def settled(result: RoundResult, evaluations: list) -> E.Kyoku:
    """The hand as the match engine settles it: each win with its evaluation (a
    calc.scoring.evaluate.Evaluation, in the order of `result.wins`), or the draw."""
    riichi = tuple(E.Riichi(seat) for seat in result.riichi)
    if result.wins:
        wins = tuple(E.ScoredWin(w.winner, None if w.tsumo else w.from_seat, ev.value, w.pao, ev)
                     for w, ev in zip(result.wins, evaluations, strict=True))
        return E.Kyoku(wins[0] if len(wins) == 1 else E.DoubleRon((wins[0], wins[1])), riichi)
    draw = result.draw
    if draw is None:
        raise PlayError("a hand that ended in neither a win nor a draw")
    if draw.kind == NAGASHI:
        return E.Kyoku(E.Nagashi(draw.nagashi, frozenset(draw.tenpai or ())), riichi)
    if draw.kind == EXHAUSTIVE:
        return E.Kyoku(E.ExhaustiveDraw(frozenset(draw.tenpai or ())), riichi)
    if draw.kind in ABORTS:
        return E.Kyoku(E.Abort(draw.kind), riichi)
    raise PlayError(f"a {draw.kind} draw, which sanma cannot have")


class Round:
    """The state of one hand while it is played or read."""

    def __init__(self, deal: Deal, rules: RuleSet, *, check: bool = False, suits: bool = False) -> None:
        n = len(deal.hands)
        for name, value in (("round", deal.round_raw), ("honba", deal.honba), ("riichi sticks", deal.sticks)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise PlayError(f"corrupt hand header: {name} is {value!r}, not a count")
        # Tenhou numbers rounds 0-3 East, 4-7 South, 8-11 West (a sanma round skips the fourth).
        if deal.round_raw > 11 or deal.round_raw % 4 >= n:
            raise PlayError(f"corrupt hand header: round number {deal.round_raw} does not exist with {n} players")
        if n != rules.game.players or any(len(h) != 13 for h in deal.hands):
            raise PlayError(f"corrupt deal: {n} hands of {[len(h) for h in deal.hands]} tiles")
        self.n = n
        self.rules = rules
        self.check = check
        self.round_raw = deal.round_raw
        self.round_wind = T.EAST + deal.round_raw // 4
        self.honba = deal.honba
        self.start_sticks = deal.sticks
        self.sticks = deal.sticks
        self.dealer = deal.dealer
        self.start_scores = tuple(deal.scores)
        self.scores = list(deal.scores)
        self.total = sum(self.scores) + self.sticks * rules.payment.riichi_stick
        self.hands: list[list[Tile]] = [list(h) for h in deal.hands]
        self.counts = [[0] * 34 for _ in range(n)]
        self.placed = [0] * 34  # copies of each tile seen so far: dealt, drawn, indicators
        self.red_placed: set[int] = set()
        for seat, hand in enumerate(self.hands):
            for tile in hand:
                self.counts[seat][tile[0]] += 1
                self._place(tile)
        self._place(deal.dora)
        # What a player at the table can know, kept as the play goes for the simulator's bots
        # (calc.sim.view), cheap enough that a log's reader keeps it too: the copies of each tile
        # everyone can see (discards, the tiles shown in melds, extracted norths, indicators) and,
        # per seat, the tile values discarded by anyone since its riichi was accepted.
        self.seen = [0] * 34
        self.seen[deal.dora[0]] += 1
        self.safe_since_riichi: list[set[int]] = [set() for _ in range(n)]
        # the suits' entries of each seat's concealed tiles (calc.scoring.shanten.Suits), kept with
        # the counts when asked (the simulator): a replay would fill the per-suit tables for nothing
        self.suits: list[S.Suits] | None = [S.Suits.of(c) for c in self.counts] if suits else None
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.nuki_count = [0] * n
        self.rivers: list[list[Tile]] = [[] for _ in range(n)]
        self.river_values: list[set[int]] = [set() for _ in range(n)]
        self.called_away = 0  # discards taken by a call (they sit in a meld, not a river)
        self.dora_indicators = [deal.dora]
        # kan dora owed: None = to show now, a seat = at that seat's next discard, extraction or kan
        self.dora_owed: list[int | None] = []
        self.live = WALL[n] - DEAD_WALL - 13 * n
        self.riichi = [0] * n  # 0 none, 1 declared (deposit not yet taken), 2 accepted
        self.double = [False] * n
        self.ippatsu = [False] * n
        self.ippatsu_before = self.ippatsu  # as it stood before a kakan / ankan / nuki, for a ron on it
        self.discarded = [False] * n  # has made a discard: their first go-around is over
        self.drawn = [False] * n
        self.interrupted = False  # a call broke the first go-around (double riichi, tenhou, chiihou)
        self.pending_riichi: int | None = None
        self.owed: list[str | None] = [None] * n  # a replacement draw owed after a kan or a nuki
        # waits of the 3k+1 concealed tiles as they stood at the seat's last discard (or the deal),
        # worked out when first asked for: a record's reader rarely needs them
        self._waits: list[tuple[int, ...] | None] = [None] * n
        # tiles offered (tile index, how) and not won on since the seat's own last discard, and
        # since its riichi: furiten is decided from them and the waits when asked (rules.md §3)
        self.passed: list[list[tuple[int, str]]] = [[] for _ in range(n)]
        self.passed_riichi: list[list[tuple[int, str]]] = [[] for _ in range(n)]
        # last action: kind, seat, tile, and for a draw its source and whether it was a first draw
        self.last: tuple = ("start", deal.dealer, None, None, False)
        self.offer: tuple[int, Tile, str] | None = None  # a tile others may ron: (giver, tile, kind)
        self.kans_by: list[int] = []
        self.triplets = [[0, 0] for _ in range(n)]  # dragon / wind melds per seat, for pao
        self.pao: list[int | None] = [None] * n
        self.deposits: list[int] = []
        self.nagashi = [True] * n  # only terminals and honours discarded, none of them called
        self.wins: list[WinFacts] = []
        self.draw_result: DrawResult | None = None
        self._check()

    # --- errors ------------------------------------------------------------------------------
    def where(self) -> str:
        wind = "ESWN"[self.round_raw // 4]
        return f"{wind}{self.round_raw % 4 + 1}-{self.honba}"

    def fail(self, what: str) -> PlayError:
        return PlayError(f"impossible play in {self.where()}: {what}")

    @property
    def over(self) -> bool:
        return bool(self.wins) or self.draw_result is not None

    # --- facts others read ---------------------------------------------------------------------
    def seat_wind(self, seat: int) -> int:
        return T.EAST + (seat - self.dealer) % self.n

    def closed(self, seat: int) -> bool:
        return all(m.kind == ANKAN for m in self.melds[seat])

    def waits(self, seat: int) -> tuple[int, ...]:
        """The tiles that complete the seat's hand as it stood after its last discard."""
        waits = self._waits[seat]
        if waits is None:
            waits = self._waits[seat] = S.waits(self.counts[seat])
        return waits

    def tenpai(self, seat: int, counts: list[int] | None = None) -> bool:
        """Tenpai as the profile counts it (match.tenpai_own_four): at an exhaustive draw, and for a
        riichi, which needs such a hand and keeps it to the end (so a riichi player is tenpai at the
        draw, rules.md "Draws"). `counts`: the concealed tiles to judge instead of the seat's own."""
        concealed = self.counts[seat] if counts is None else counts
        return S.tenpai_at_draw(concealed, (i for m in self.melds[seat] for i, _ in m.tiles),
                                self.rules.match.tenpai_own_four)

    def furiten(self, seat: int) -> bool:
        """Permanent (a wait among one's own discards), temporary (a winning tile passed since one's
        own last discard), or riichi furiten (one passed after riichi: for the rest of the hand)."""
        waits = self.waits(seat)
        if not waits:
            return False
        if any(w in self.river_values[seat] for w in waits):
            return True
        return any(i in waits and self._may_rob(seat, how)
                   for i, how in (*self.passed[seat], *self.passed_riichi[seat]))

    def first_draw(self) -> bool:
        """The last event was a live draw in the uninterrupted first go-around."""
        return self.last[0] == "draw" and self.last[4]

    def can_ankan(self, seat: int, index: int) -> bool:
        """A closed kan of `index` now: four held, a kan left, and after riichi only of the tile
        just drawn and leaving the waits as they were."""
        if self.counts[seat][index] != 4 or len(self.kans_by) >= MAX_KANS or self.live == 0:
            return False
        if not self.riichi[seat]:
            return True
        if self.last[0] != "draw" or self.last[2][0] != index:
            return False
        rest = self.counts[seat][:]
        rest[index] = 0
        return S.waits(rest) == self.waits(seat)

    def can_kakan(self, seat: int, index: int) -> bool:
        return (not self.riichi[seat] and self.counts[seat][index] > 0 and len(self.kans_by) < MAX_KANS
                and self.live > 0 and any(m.kind == PON and m.tiles[0][0] == index for m in self.melds[seat]))

    def can_nuki(self, seat: int) -> bool:
        """After riichi the hand may not change: a north may go only if the waits stay, and only the
        one just drawn where the profile says so (north.riichi_nuki_only_drawn)."""
        north = self.rules.north
        if not north.nukidora or not self.counts[seat][T.NORTH] or self.live == 0:
            return False
        if not self.riichi[seat]:
            return True
        if self.last[0] == "draw" and self.last[2][0] == T.NORTH:
            return True  # the hand is as it was before the draw
        if north.riichi_nuki_only_drawn:
            return False
        rest = self.counts[seat][:]
        rest[T.NORTH] -= 1
        return S.waits(rest) == self.waits(seat)

    def can_call(self, seat: int, kind: str) -> bool:
        """Pon or daiminkan of the offered discard by `seat`."""
        kind_, who, tile = self.last[:3]
        if kind_ != "discard" or self.riichi[seat] or seat == who:
            return False
        held = self.counts[seat][tile[0]]
        if kind == PON:
            return held >= 2
        return held == 3 and len(self.kans_by) < MAX_KANS and self.live > 0

    def may_riichi(self, seat: int) -> bool:
        """Closed, not yet in riichi, a draw left for the declarer."""
        return not self.riichi[seat] and self.closed(seat) and self.live >= self.n

    def four_kan_abort(self) -> bool:
        """Four kans by more than one player: the hand ends after the next discard (profile)."""
        return (self.rules.match.abort_four_kans and len(self.kans_by) == MAX_KANS
                and len(set(self.kans_by)) > 1)

    def nine_kinds(self, seat: int) -> bool:
        """Nine terminals: nine kinds of terminals and honours on an uninterrupted first draw."""
        counts = self.counts[seat]
        return (self.rules.match.abort_nine_terminals and self.first_draw() and self.last[1] == seat
                and sum(1 for t in T.TERMINALS_AND_HONORS if counts[t]) >= 9)

    def exhaustive_kind(self) -> str:
        """What the wall running out now is under the profile: a nagashi mangan where a seat
        qualifies (every discard a terminal or honour, none called) and the profile pays one."""
        return NAGASHI if self.rules.payment.nagashi_mangan and any(self.nagashi) else EXHAUSTIVE

    def ron_chances(self) -> list[int]:
        """Seats the offered tile completes, in turn order after the giver, that may claim it
        (not furiten; a closed kan only for thirteen orphans, where the profile allows)."""
        if self.offer is None:
            return []
        giver, tile, kind = self.offer
        out = []
        for k in range(1, self.n):
            seat = (giver + k) % self.n
            if tile[0] in self.waits(seat) and self._may_rob(seat, kind) and not self.furiten(seat):
                out.append(seat)
        return out

    def _may_rob(self, seat: int, kind: str) -> bool:
        if kind == "ankan":
            return self.rules.game.kokushi_robs_closed_kan and S.kokushi_shanten(self.counts[seat]) == 0
        if kind == "nuki":
            return self.rules.north.ron_on_nuki
        return True

    # --- applying events ------------------------------------------------------------------------
    def apply(self, event) -> None:
        kind = type(event)
        if (self.wins or self.draw_result is not None) and (kind is not Agari or self.draw_result is not None):
            raise self.fail(f"{kind.__name__.lower()} after the hand ended")  # (two Agari: a double ron)
        if kind is not Agari and (self.offer is not None or self.pending_riichi is not None):
            self._pass()
        if kind is Draw:  # nearly every event is a draw or a discard: tested first
            self._draw(event.seat, event.tile)
        elif kind is Discard:
            self._discard(event.seat, event.tile, event.riichi)
        elif kind is Call:
            self._call(event)
        elif kind is Nuki:
            self._nuki(event.seat, event.tile)
        elif kind is Dora:
            self._dora(event.indicator)
        elif kind is Agari:
            self._win(event)
        elif kind is Ryuukyoku:
            self._end_in_draw(event.kind, event.deltas, event.scores_before)
        elif kind is Ankan:
            self._ankan(event.seat, list(event.tiles))
        elif kind is Kakan:
            self._kakan(event.seat, event.tile)
        else:
            raise TypeError(f"not a play event: {event!r}")
        if self.check:
            self._check()

    def _place(self, tile: Tile) -> None:
        index, red = tile
        placed = self.placed[index] = self.placed[index] + 1
        if placed > 4 or index in _NOT_SANMA:
            raise self.fail(f"a fifth {T.name(*tile)}" if self.placed[index] > 4 else f"{T.name(*tile)} in sanma")
        if red:
            if index not in self.rules.game.red_fives or index in self.red_placed:
                raise self.fail(f"a red {T.name(index)} this table does not have")
            self.red_placed.add(index)

    def _take(self, seat: int, tile: Tile) -> None:
        # list.remove, but comparing the two numbers of each tile (compiled: no tuple comparisons);
        # the first tile equal to it goes, as remove takes it
        hand = self.hands[seat]
        index, red = tile
        for k in range(len(hand)):
            held = hand[k]
            if held[0] == index and held[1] == red:
                del hand[k]
                break
        else:
            raise self.fail(f"seat {seat} does not hold {T.name(*tile)}")
        self.counts[seat][index] -= 1
        if self.suits is not None:
            self.suits[seat].remove(index)

    def _pass(self) -> None:
        """The offered tile was not won on: whoever it completed is furiten now (temporarily, and
        for the rest of the hand after riichi), and a riichi declared with it stands."""
        if self.offer is not None:
            giver, tile, kind = self.offer
            self.offer = None
            passed = (tile[0], kind)
            riichi = self.riichi
            for seat in range(self.n):
                if seat != giver:
                    self.passed[seat].append(passed)
                    if riichi[seat] == 2:
                        self.passed_riichi[seat].append(passed)
        if self.pending_riichi is not None:
            self._accept_riichi(self.pending_riichi)

    def _accept_riichi(self, seat: int) -> None:
        """The riichi discard was not ron'd: the deposit is taken now and ippatsu starts (rules.md §5)."""
        self.pending_riichi = None
        self.riichi[seat] = 2
        self.safe_since_riichi[seat] = set()
        self.ippatsu[seat] = True
        self.scores[seat] -= self.rules.payment.riichi_stick
        self.sticks += 1
        self.deposits.append(seat)

    def _turn(self, seat: int) -> None:
        """The seat acts (a discard, an extraction, a kan): the indicators its open kans owe are due."""
        if seat in self.dora_owed:
            self.dora_owed = [None if s == seat else s for s in self.dora_owed]

    def _draw(self, seat: int, tile: Tile) -> None:
        last = self.last
        kind, who = last[0], last[1]
        owed = self.owed[seat]
        if owed is None:
            expected = who if kind == "start" else (who + 1) % self.n if kind == "discard" else None
            if expected != seat:
                raise self.fail(f"seat {seat} draws out of turn")
        elif who != seat:
            raise self.fail(f"seat {seat} draws a replacement out of turn")
        self.live -= 1
        if self.live < 0:
            raise self.fail("a draw after the wall is exhausted")
        index = tile[0]
        if self.placed[index] < 3 and not tile[1] and index not in _NOT_SANMA:
            self.placed[index] += 1  # `_place`, with nothing to check
        else:
            self._place(tile)
        if self.riichi[seat]:
            self.waits(seat)  # the waits a kan or an extraction after riichi must keep
        source = DRAW if owed is None else REPLACEMENT[owed]
        first = owed is None and not self.discarded[seat] and not self.interrupted
        self.owed[seat] = None
        self.drawn[seat] = True
        self.hands[seat].append(tile)
        self.counts[seat][index] += 1
        if self.suits is not None:
            self.suits[seat].add(index)
        self.last = ("draw", seat, tile, source, first)

    def last_drawn(self, seat: int) -> Tile:
        kind, who, tile = self.last[:3]
        if kind != "draw" or who != seat:
            raise self.fail(f"seat {seat} discards the drawn tile without having drawn")
        return tile

    def _own_turn(self, seat: int, what: str) -> None:
        kind, who = self.last[:2]
        if who != seat or kind not in ("draw", "call") or self.owed[seat] is not None:
            raise self.fail(f"seat {seat} {what} out of turn")

    def _discard(self, seat: int, tile: Tile, riichi: bool) -> None:
        last = self.last
        kind = last[0]
        if last[1] != seat or kind != "draw" and kind != "call" or self.owed[seat] is not None:
            self._own_turn(seat, "discards")
        if self.dora_owed:
            self._turn(seat)
        in_riichi = self.riichi[seat] != 0
        if in_riichi and tile != last[2]:
            raise self.fail(f"seat {seat} in riichi keeps the drawn tile")
        if kind == "call" and not self.rules.game.kuikae and tile[0] == last[2][0]:
            raise self.fail(f"seat {seat} discards the value just called (kuikae)")
        self._take(seat, tile)
        if riichi:
            if not self.may_riichi(seat):
                raise self.fail(f"seat {seat} cannot declare riichi")
            self.riichi[seat] = 1
            # double riichi: declared in the first go-around with no call before it (rules.md §3)
            self.double[seat] = not self.discarded[seat] and not self.interrupted
            self.pending_riichi = seat
        elif self.riichi[seat] == 2:  # the first discard after the riichi discard ends ippatsu
            self.ippatsu[seat] = False
        if tile[0] not in T.TERMINALS_AND_HONORS_SET:
            self.nagashi[seat] = False
        self.discarded[seat] = True
        self.passed[seat] = []  # temporary furiten lasts until one's own next discard
        self.rivers[seat].append(tile)
        self.river_values[seat].add(tile[0])
        self.seen[tile[0]] += 1
        for other in self.deposits:  # the seats whose riichi stands
            self.safe_since_riichi[other].add(tile[0])
        if not in_riichi:  # after riichi the drawn tile goes and every change to the hand keeps the waits
            self._waits[seat] = None
        if riichi and not self.tenpai(seat):
            raise self.fail(f"seat {seat} declares riichi without being tenpai")
        self.last = ("discard", seat, tile, None, False)
        self.offer = (seat, tile, "discard")

    def _break(self) -> None:
        """A call or a kan ends every ippatsu and the uninterrupted first go-around."""
        self.interrupted = True
        self.ippatsu = [False] * self.n

    def _count_triplet(self, seat: int, index: int, fed_by: int | None) -> None:
        group = 0 if index in T.DRAGONS else 1 if index in T.WINDS else None
        if group is None:
            return
        self.triplets[seat][group] += 1
        # pao: who fed the third dragon or the fourth wind meld (rules.md §5, payment.pao)
        if self.triplets[seat][group] == (3, 4)[group] and fed_by is not None:
            self.pao[seat] = fed_by

    def _kan_made(self, seat: int) -> None:
        if len(self.kans_by) >= MAX_KANS:
            raise self.fail("a fifth kan")
        if self.live == 0:
            raise self.fail("a kan with no replacement tile left after the haitei")
        self.kans_by.append(seat)

    def _call(self, e: Call) -> None:
        seat, kind, called, from_seat = e.seat, e.kind, e.called, e.from_seat
        kind_, who, tile = self.last[:3]
        if kind_ != "discard" or who != from_seat or tile != called or seat == from_seat:
            raise self.fail(f"seat {seat} calls {T.name(*called)} that seat {from_seat} did not just discard")
        if kind not in (PON, DAIMINKAN):
            raise self.fail(f"seat {seat} calls a {kind}, which sanma does not have")
        if len(e.own) != (2 if kind == PON else 3):
            raise self.fail(f"seat {seat} calls a {kind} with {len(e.own)} tiles from the hand")
        if not self.can_call(seat, kind):
            raise self.fail(f"seat {seat} may not call a {kind} of {T.name(*called)} now")
        tiles = tuple(sorted([*e.own, called]))
        if any(t[0] != called[0] for t in tiles):
            raise self.fail(f"seat {seat} calls a {kind} of different tiles")
        for t in e.own:
            self._take(seat, t)
        self.seen[called[0]] += len(e.own)
        self.nagashi[from_seat] = False
        self.rivers[from_seat].pop()
        self.called_away += 1
        self.melds[seat].append(Meld(kind, tiles, called, from_seat))
        self._break()
        self._count_triplet(seat, called[0], from_seat)
        if kind == DAIMINKAN:
            self._kan_made(seat)
            self.owed[seat] = DAIMINKAN
            self._owe_dora(seat, at_once=False)
        self.last = ("call", seat, called, None, False)

    def _owe_dora(self, seat: int, *, at_once: bool) -> None:
        # Tenhou (its mjlog DORA tags): a closed kan's indicator shows at once, an open or added
        # kan's at the kanner's next discard (before it), extraction or kan (after it).
        self.dora_owed.append(None if at_once else seat)

    def _ankan(self, seat: int, tiles: list[Tile]) -> None:
        self._own_turn(seat, "makes a closed kan")
        self._turn(seat)
        if len(tiles) != 4 or len({index for index, _ in tiles}) != 1:
            raise self.fail(f"seat {seat} makes a closed kan of {len(tiles)} tiles that are not all one tile")
        if not self.can_ankan(seat, tiles[0][0]):
            raise self.fail(f"seat {seat} may not make a closed kan of {T.name(tiles[0][0])} now")
        for t in tiles:
            self._take(seat, t)
        self.seen[tiles[0][0]] += 4
        self.melds[seat].append(Meld(ANKAN, tuple(sorted(tiles)), None, None))
        self.ippatsu_before = self.ippatsu[:]
        self._break()
        self._count_triplet(seat, tiles[0][0], None)
        self._kan_made(seat)
        self.owed[seat] = ANKAN
        self._owe_dora(seat, at_once=True)
        self.last = ("ankan", seat, tiles[0], None, False)
        self.offer = (seat, tiles[0], "ankan")

    def _kakan(self, seat: int, added: Tile) -> None:
        self._own_turn(seat, "adds to a kan")
        self._turn(seat)
        melds = self.melds[seat]
        for i, m in enumerate(melds):
            if m.kind == PON and m.tiles[0][0] == added[0]:
                break
        else:
            raise self.fail(f"seat {seat} adds {T.name(*added)} to a pon it does not have")
        if not self.can_kakan(seat, added[0]):
            raise self.fail(f"seat {seat} may not add {T.name(*added)} to its pon now")
        self._take(seat, added)
        self.seen[added[0]] += 1
        melds[i] = Meld(KAKAN, tuple(sorted([*m.tiles, added])), m.called, m.from_seat)
        self.ippatsu_before = self.ippatsu[:]
        self._break()
        self._kan_made(seat)
        self.owed[seat] = KAKAN
        self._owe_dora(seat, at_once=False)
        self.last = ("kakan", seat, added, None, False)
        self.offer = (seat, added, "kakan")

    def _nuki(self, seat: int, tile: Tile) -> None:
        self._own_turn(seat, "extracts a north")
        self._turn(seat)
        if tile != NORTH:
            raise self.fail(f"seat {seat} extracts {T.name(*tile)}, not a north")
        if not self.can_nuki(seat):
            raise self.fail(f"seat {seat} may not extract a north now")
        self._take(seat, tile)
        self.seen[T.NORTH] += 1
        self.nuki_count[seat] += 1
        self.ippatsu_before = self.ippatsu[:]
        if self.rules.north.nuki_cancels_ippatsu:
            self.ippatsu = [False] * self.n
        if self.rules.north.nuki_breaks_first_turn:
            self.interrupted = True
        self.owed[seat] = NUKI
        self.last = ("nuki", seat, tile, None, False)
        self.offer = (seat, tile, "nuki")

    def _dora(self, indicator: Tile) -> None:
        if not self.dora_owed:
            raise self.fail(f"a kan dora indicator {T.name(*indicator)} with no kan owing one")
        self._place(indicator)
        self.seen[indicator[0]] += 1
        self.dora_owed.remove(None if None in self.dora_owed else self.dora_owed[0])
        self.dora_indicators.append(indicator)

    def due_now(self, seat: int | None = None) -> int:
        """Kan dora indicators to show now: those due at once (a closed kan's; an open one's once
        its kanner has extracted or made another kan), and with `seat`, before that seat discards."""
        return sum(1 for s in self.dora_owed if s is None or s == seat)

    # --- the end --------------------------------------------------------------------------------
    def win_facts(self, winner: int, from_seat: int, ura: tuple[Tile, ...] = (), claim=None) -> WinFacts:
        """The win `winner` would make now on what `from_seat` just drew or gave up."""
        kind, who, tile, source, first = self.last
        tsumo = winner == from_seat
        ippatsu = self.ippatsu
        if tsumo:
            if kind != "draw" or who != winner:
                raise self.fail(f"seat {winner} wins by tsumo without having just drawn")
            closed = list(self.hands[winner])
        else:
            if kind not in _ROBBED or who != from_seat or self.wins and self.wins[0].from_seat != from_seat:
                raise self.fail(f"seat {winner} wins by ron on nothing seat {from_seat} just gave up")
            if kind == "nuki" and not self.rules.north.ron_on_nuki:
                raise self.fail("a ron on an extracted north, which this profile forbids")
            source = _ROBBED[kind]
            if source != DISCARD:  # a ron on a kan or a north comes before it cancels ippatsu
                ippatsu = self.ippatsu_before
            closed = [*self.hands[winner], tile]
        riichi = self.riichi[winner] == 2
        first_draw = tsumo and first
        return WinFacts(
            winner=winner,
            from_seat=from_seat,
            tsumo=tsumo,
            closed=tuple(sorted(closed)),
            win_tile=tile,
            melds=tuple(self.melds[winner]),
            nuki=self.nuki_count[winner],
            win_source=source,
            riichi=riichi,
            double_riichi=riichi and self.double[winner],
            ippatsu=riichi and ippatsu[winner],
            rinshan=tsumo and source != DRAW,
            chankan=source in (ON_KAKAN, ON_ANKAN),
            haitei=tsumo and source == DRAW and self.live == 0,
            houtei=source == DISCARD and self.live == 0,
            tenhou=first_draw and winner == self.dealer,
            chiihou=first_draw and winner != self.dealer,
            renhou=not tsumo and winner != self.dealer and not self.drawn[winner] and not self.interrupted,
            seat_wind=self.seat_wind(winner),
            round_wind=self.round_wind,
            dora_indicators=tuple(self.dora_indicators),
            ura_indicators=tuple(ura) if riichi else (),
            pao=self.pao[winner],
            honba=self.honba,
            sticks=self.sticks,
            scores_before=tuple(self.scores),
            log=claim,
        )

    def _win(self, e: Agari) -> None:
        win = self.win_facts(e.winner, e.from_seat, e.ura, e.claim)
        if any(w.winner == e.winner for w in self.wins):
            raise self.fail(f"seat {e.winner} wins twice")
        self.wins.append(win)
        deltas = getattr(e.claim, "deltas", None)
        if deltas is not None and e.paid:  # the payment as the record states it; the first winner takes the sticks
            for seat, delta in enumerate(deltas):
                self.scores[seat] += delta
            self.sticks = 0
            self._check_scores()

    def pays(self, deltas: tuple[int, ...]) -> bool:
        """Whether a record's deltas for a win now keep scores plus sticks at their total (the
        sticks on the table go to the first winner)."""
        return sum(self.scores) + sum(deltas) == self.total

    def _end_in_draw(self, kind: str, deltas: tuple[int, ...] | None,
                     log_scores_before: tuple[int, ...] | None = None) -> None:
        if kind in EXHAUSTIVE_KINDS and self.live != 0:
            raise self.fail(f"an exhaustive draw with {self.live} tiles left in the wall")
        if kind in EXHAUSTIVE_KINDS and self.last[0] != "discard":
            # the last tile drawn is discarded (the houtei chance) before the wall is over
            raise self.fail(f"an exhaustive draw before seat {self.last[1]} discarded after its {self.last[0]}")
        if kind == NINE_TERMINALS and not (self.nine_kinds(self.last[1]) and self.last[0] == "draw"):
            raise self.fail("nine terminals declared without nine kinds on an uninterrupted first draw")
        if kind == FOUR_KANS and not self.four_kan_abort():
            raise self.fail("four kans declared without four kans by several players")
        tenpai = None
        nagashi: tuple[int, ...] = ()
        if kind in EXHAUSTIVE_KINDS:
            tenpai = tuple(s for s in range(self.n) if self.tenpai(s))
            nagashi = tuple(s for s in range(self.n) if self.nagashi[s])
            if kind == NAGASHI and not nagashi:
                raise self.fail("a nagashi mangan nobody qualifies for")
            if kind == EXHAUSTIVE and deltas is None:
                kind = self.exhaustive_kind()  # no record states it (simulated): the profile decides
            if kind == EXHAUSTIVE:
                nagashi = ()
        self.draw_result = DrawResult(kind, tenpai, nagashi, deltas, tuple(self.scores), log_scores_before)
        if deltas is not None:
            for seat, delta in enumerate(deltas):
                self.scores[seat] += delta
            self._check_scores()

    def finish(self) -> RoundResult:
        if not self.over:
            raise PlayError(f"the record of {self.where()} stops before the hand ends")
        self._check()
        return RoundResult(
            round_wind=self.round_wind,
            round_number=self.round_raw % 4 + 1,
            honba=self.honba,
            sticks=self.start_sticks,
            dealer=self.dealer,
            scores=self.start_scores,
            riichi=tuple(self.deposits),
            wins=tuple(self.wins),
            draw=self.draw_result,
            scores_after=tuple(self.scores),
        )

    # --- invariants -------------------------------------------------------------------------------
    def _check_scores(self) -> None:
        if sum(self.scores) + self.sticks * self.rules.payment.riichi_stick != self.total:
            raise self.fail(f"scores {self.scores} and {self.sticks} sticks do not add up to {self.total}")

    def _check(self) -> None:
        """The 108 tiles: every tile seen is somewhere once, the rest are the live and dead walls;
        each hand has the size its melds allow; scores plus sticks keep their total."""
        held = sum(len(h) for h in self.hands)
        melded = sum(len(m.tiles) for ms in self.melds for m in ms)
        rivers = sum(len(r) for r in self.rivers)
        norths = sum(self.nuki_count)
        if held + melded + rivers + norths + self.live + DEAD_WALL != WALL[self.n]:
            raise self.fail(f"{held} held, {melded} melded, {rivers} discarded, {norths} norths, "
                            f"{self.live} live: not the {WALL[self.n]} tiles")
        if held + melded + rivers + norths + len(self.dora_indicators) != sum(self.placed):
            raise self.fail("a tile is in two places")
        for seat in range(self.n):
            kans = sum(1 for m in self.melds[seat] if len(m.tiles) == 4)
            size = len(self.hands[seat]) + sum(len(m.tiles) for m in self.melds[seat]) - kans
            if size not in (13, 14):
                raise self.fail(f"seat {seat} holds {len(self.hands[seat])} tiles with {len(self.melds[seat])} melds")
        if self.sticks * self.rules.payment.riichi_stick + sum(self.scores) != self.total:
            raise self.fail("scores and riichi sticks do not keep their total")
