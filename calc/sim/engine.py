"""One sanma hand played tile by tile: deal, draws, discards, calls, kans, north extraction, riichi,
furiten, wins and draws, ending in the same `calc.events.Kyoku` the log reader produces.

The rules come from the profile (rules.md §1-6); the timing facts that are not rules but records
(when a kan's dora shows, what counts as the first go-around) follow Tenhou as
`calc.logs.play` rebuilds them, so a simulated hand saved as tenhou.net/6 JSON reads back the same.
Bots decide; the engine only offers the legal choices and checks what comes back. The players'
scores are not part of a hand: `riichi_allowed` says who may still pay a riichi stick
(match.riichi_min_points), so a hand plays the same whatever the payment scheme.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from calc.core import tiles as T
from calc.core.errors import IllegalHandError
from calc.scoring.evaluate import Evaluation, evaluate
from calc.table.events import FOUR_KANS, NINE_TERMINALS, Abort, DoubleRon, ExhaustiveDraw, Kyoku, Nagashi, Riichi, Win
from calc.scoring.hand import CLOSED_KAN, OPEN_KAN, PON, Hand, Meld, WinContext
from calc.core.rules import RuleSet
from calc.sim import shanten as S
from calc.sim.wall import Wall, red_ids, sanma_ids

# Meld kinds as the records name them (calc.logs.model).
CALL_PON, DAIMINKAN, ANKAN, KAKAN = "pon", "daiminkan", "ankan", "kakan"
DRAW, REPLACEMENT = "draw", "replacement"
ON_DISCARD, ON_KAKAN, ON_ANKAN, ON_NUKI = "discard", "kakan", "ankan", "nuki"
MAX_KANS = 4  # there is no fifth kan (rules.md §5: four kans by several players abort the hand)
EXHAUSTIVE, NAGASHI = "exhaustive", "nagashi"


class SimError(Exception):
    """A bot asked for something illegal, or an invariant broke: a bug, never bad input."""


@dataclass
class SimMeld:
    kind: str  # pon | daiminkan | ankan | kakan
    ids: list[int]
    called: int | None = None  # the id taken from another player
    from_seat: int | None = None

    @property
    def value(self) -> int:
        return self.ids[0] // 4


@dataclass
class Player:
    seat: int
    hand: list[int]
    counts: list[int] = field(default_factory=lambda: [0] * 34)
    melds: list[SimMeld] = field(default_factory=list)
    river: list[int] = field(default_factory=list)  # every discard, called ones included
    called_away: set[int] = field(default_factory=set)  # river ids another player called
    river_values: set[int] = field(default_factory=set)
    nuki: list[int] = field(default_factory=list)
    riichi: int = 0  # 0 none, 1 declared (stick not yet down), 2 accepted
    double: bool = False
    waits: tuple[int, ...] = ()
    furiten_temp: bool = False
    furiten_riichi: bool = False
    discarded: bool = False
    drawn: bool = False
    nagashi: bool = True
    safe_since_riichi: set[int] = field(default_factory=set)  # values anyone discarded after this riichi

    @property
    def closed(self) -> bool:
        return all(m.kind == ANKAN for m in self.melds)

    def furiten(self) -> bool:
        """rules: permanent (a wait among one's own discards), temporary, riichi."""
        return self.furiten_temp or self.furiten_riichi or any(w in self.river_values for w in self.waits)

    def own_counts(self) -> list[int]:
        own = self.counts[:]
        for m in self.melds:
            own[m.value] += len(m.ids)
        return own


@dataclass(frozen=True)
class WinRecord:
    winner: int
    from_seat: int  # the winner on a tsumo
    evaluation: Evaluation
    liable: int | None
    source: str  # draw | replacement | discard | kakan | ankan | nuki


@dataclass
class HandPlay:
    """Everything a hand produced: the event for the match engine and the play for a record."""

    dealer: int
    round_wind: int  # 0 East, 1 South, 2 West
    haipai: list[list[int]]
    takes: list[list]  # per seat: drawn ids, or ("pon" | "daiminkan", from_seat, called id, ids from the hand)
    gives: list[list]  # per seat: ("discard", id, tsumogiri, riichi) | ("nuki", id) | ("ankan", ids) | ("kakan", id) | ("kan0",)
    dora: list[int]  # indicator ids shown by the end
    ura: list[int]
    kyoku: Kyoku | None = None
    wins: list[WinRecord] = field(default_factory=list)
    draw_kind: str | None = None  # exhaustive | nagashi | nine-terminals | four-kans
    nuki: int = 0  # norths extracted, all seats
    riichi: int = 0  # riichi declarations that stood
    calls: int = 0  # pon and open kan


class Game:
    """One hand. `bots[seat]` decide; `check` verifies the invariants after every step."""

    def __init__(self, wall: Wall, rules: RuleSet, *, dealer: int, round_wind: int, bots,
                 riichi_allowed: tuple[bool, ...] | None = None, check: bool = False) -> None:
        n = rules.game.players
        self.n = n
        self.rules = rules
        self.wall = wall
        self.dealer = dealer
        self.round_wind = round_wind
        self.round_wind_tile = T.WINDS[round_wind]
        self.bots = bots
        self.riichi_allowed = riichi_allowed or (True,) * n
        self.check = check
        self.red = red_ids(rules.game.red_fives)
        self.dora_ids = [wall.dora_slots[0]]
        self.pending_dora = 0  # open kans whose indicator shows at the kanner's next action (Tenhou)
        self.ippatsu = [False] * n
        self.ippatsu_before = self.ippatsu
        self.interrupted = False  # the first go-around was broken (double riichi, tenhou, nine terminals)
        self.kans_by: list[int] = []  # seat of each kan, in order
        self.four_kan_abort = False  # the discard after a fourth kan (several players) ends the hand
        self.triplets = [[0, 0] for _ in range(n)]  # dragon / wind melds, for pao
        self.pao: list[int | None] = [None] * n
        self.riichi_order: list[int] = []
        self.seen = [0] * 34  # tiles every player can see: discards, exposed meld tiles, norths, indicators
        self.seen[wall.dora_slots[0] // 4] += 1
        dealt = wall.deal(n)
        self.players = []
        haipai = []
        for k in range(n):
            seat = (dealer + k) % n
            haipai.append((seat, dealt[k]))
        haipai.sort()
        for seat, tiles in haipai:
            p = Player(seat, list(tiles))
            for t in tiles:
                p.counts[t // 4] += 1
            self.players.append(p)
        self.play = HandPlay(dealer, round_wind, [list(h) for _, h in haipai], [[] for _ in range(n)],
                             [[] for _ in range(n)], self.dora_ids, [])
        for p in self.players:
            p.waits = S.waits(p.counts)
        self.result = None
        self.first_draw = False
        self.forbidden: set[int] = set()  # values the player to move may not throw (kuikae)
        self.last_drawn: int | None = None  # the tile just drawn by the player to move, for tsumogiri
        self._check()

    # --- facts bots read -----------------------------------------------------------------------
    def seat_wind(self, seat: int) -> int:
        return T.WINDS[(seat - self.dealer) % self.n]

    def value_tiles(self, seat: int) -> set[int]:
        values = {*T.DRAGONS, self.seat_wind(seat), self.round_wind_tile}
        if self.rules.north.value_tile:
            values.add(T.NORTH)
        return values

    def dora_values(self) -> list[int]:
        return [T.sanma_dora(i // 4) for i in self.dora_ids]

    def is_red(self, tile: int) -> bool:
        return tile in self.red

    def riichi_seats(self, seat: int) -> list[int]:
        return [p.seat for p in self.players if p.seat != seat and p.riichi]

    # --- the hand --------------------------------------------------------------------------------
    def run(self) -> HandPlay:
        seat = self.dealer
        draw: str | None = DRAW
        while True:
            p = self.players[seat]
            if draw is not None:
                if draw == DRAW and self.wall.remaining == 0:
                    return self._exhaustive()
                tile = self._draw(p, draw)
                if self._tsumo(p, tile, draw) or self._nine_terminals(p, draw):
                    return self._finish()
                if self._self_action(p, tile):
                    if self.result is not None:
                        return self._finish()
                    draw = REPLACEMENT
                    continue
            tile, riichi = self._choose_discard(p, draw is not None)
            self._discard(p, tile, riichi)
            if self._ron(p.seat, tile, ON_DISCARD):
                return self._finish()
            if p.riichi == 1:
                self._accept_riichi(p)
            if self.four_kan_abort and self.rules.match.abort_four_kans:
                self.play.draw_kind = FOUR_KANS
                self.result = Abort(FOUR_KANS)
                return self._finish()
            if self.wall.remaining == 0:
                return self._exhaustive()
            caller = self._calls(p.seat, tile)
            if caller is None:
                seat = (seat + 1) % self.n
                draw = DRAW
            else:
                seat, draw = caller

    # --- steps -------------------------------------------------------------------------------------
    def _draw(self, p: Player, source: str) -> int:
        tile = self.wall.draw() if source == DRAW else self.wall.replacement()
        self.first_draw = source == DRAW and not p.discarded and not self.interrupted
        p.hand.append(tile)
        p.counts[tile // 4] += 1
        p.drawn = True
        self.last_drawn = tile
        self.play.takes[p.seat].append(tile)
        self._check()
        return tile

    def _tsumo(self, p: Player, tile: int, source: str) -> bool:
        if not S.is_complete(p.counts):
            return False
        ev = self._evaluate(p, tile, tsumo=True, rinshan=source != DRAW,
                            haitei=source == DRAW and self.wall.remaining == 0,
                            ippatsu=self.ippatsu[p.seat], first=self.first_draw)
        if ev is None:
            return False
        self._win([(p.seat, ev)], p.seat, source)
        return True

    def _nine_terminals(self, p: Player, source: str) -> bool:
        """rules.md §5: on an uninterrupted first draw, nine kinds of terminals and honours."""
        if source != DRAW or not self.first_draw or not self.rules.match.abort_nine_terminals:
            return False
        kinds = sum(1 for t in T.TERMINALS_AND_HONORS if p.counts[t])
        if kinds < 9 or not self.bots[p.seat].nine_terminals(self, p.seat):
            return False
        self.play.draw_kind = NINE_TERMINALS
        self.result = Abort(NINE_TERMINALS)
        return True

    def _self_action(self, p: Player, drawn: int) -> bool:
        """A north extraction or a kan, if the bot takes one; True when one was made."""
        if self.wall.remaining == 0:
            return False  # no replacement draw is left after the haitei (rules.md §2)
        bot = self.bots[p.seat]
        if self.rules.north.nukidora and p.counts[T.NORTH] and self._nuki_ok(p, drawn) and bot.nuki(self, p.seat):
            self._nuki(p, drawn if drawn // 4 == T.NORTH else self._pick(p, T.NORTH))
            return True
        if len(self.kans_by) >= MAX_KANS:
            return False
        options = []
        for value in range(34):
            if p.counts[value] == 4 and (not p.riichi or self._riichi_kan_ok(p, value, drawn)):
                options.append((ANKAN, value))
        if not p.riichi:
            for m in p.melds:
                if m.kind == CALL_PON and p.counts[m.value]:
                    options.append((KAKAN, m.value))
        if not options:
            return False
        choice = bot.kan(self, p.seat, options)
        if choice is None:
            return False
        if choice not in options:
            raise SimError(f"seat {p.seat} asks for {choice}, not among {options}")
        kind, value = choice
        if kind == ANKAN:
            self._ankan(p, value)
        else:
            self._kakan(p, value)
        return True

    def _nuki_ok(self, p: Player, drawn: int) -> bool:
        """After riichi the hand may not change: a north may go only if the waits stay, and only the
        one just drawn where the profile says so (north.riichi_nuki_only_drawn)."""
        if not p.riichi:
            return True
        if drawn // 4 == T.NORTH:
            return True  # the hand is as it was before the draw
        if self.rules.north.riichi_nuki_only_drawn:
            return False
        rest = p.counts[:]
        rest[T.NORTH] -= 1  # the drawn tile stays in its place
        return S.waits(rest) == p.waits

    def _riichi_kan_ok(self, p: Player, value: int, drawn: int) -> bool:
        """After riichi a closed kan is only of the drawn tile, and must leave the waits as they were."""
        if drawn // 4 != value:
            return False
        rest = p.counts[:]
        rest[value] = 0
        return S.waits(rest) == p.waits

    def _nuki(self, p: Player, tile: int) -> None:
        self._remove(p, tile)
        p.nuki.append(tile)
        self.seen[T.NORTH] += 1
        self.play.nuki += 1
        self.play.gives[p.seat].append(("nuki", tile))
        self.ippatsu_before = self.ippatsu[:]
        if self.rules.north.nuki_cancels_ippatsu:
            self.ippatsu = [False] * self.n
        if self.rules.north.nuki_breaks_first_turn:
            self.interrupted = True
        self._check()
        if self.rules.north.ron_on_nuki and self._ron(p.seat, tile, ON_NUKI):
            return
        self._reveal()

    def _ankan(self, p: Player, value: int) -> None:
        ids = [t for t in p.hand if t // 4 == value]
        for t in ids:
            self._remove(p, t)
        p.melds.append(SimMeld(ANKAN, sorted(ids)))
        self.seen[value] += 4
        self.play.gives[p.seat].append(("ankan", sorted(ids)))
        self._kan_made(p.seat)
        self._count_triplet(p.seat, value, None)
        self.pending_dora += 1  # a closed kan's indicator shows at once (Tenhou)
        self._reveal()
        self._check()
        self._ron(p.seat, ids[0], ON_ANKAN)  # only thirteen orphans may rob a closed kan

    def _kakan(self, p: Player, value: int) -> None:
        tile = self._pick(p, value)
        self._remove(p, tile)
        meld = next(m for m in p.melds if m.kind == CALL_PON and m.value == value)
        meld.kind = KAKAN
        meld.ids = sorted([*meld.ids, tile])
        self.seen[value] += 1
        self.play.gives[p.seat].append(("kakan", tile))
        self._kan_made(p.seat)
        self._check()
        if self._ron(p.seat, tile, ON_KAKAN):
            return
        self._reveal()
        self.pending_dora += 1  # an added kan's indicator shows at the kanner's next action (Tenhou)

    def _kan_made(self, seat: int) -> None:
        self.ippatsu_before = self.ippatsu[:]
        self._break()
        self.kans_by.append(seat)
        if len(self.kans_by) == MAX_KANS and len(set(self.kans_by)) > 1:
            self.four_kan_abort = True

    def _break(self) -> None:
        """A call or a kan ends every ippatsu and the uninterrupted first go-around."""
        self.interrupted = True
        self.ippatsu = [False] * self.n

    def _choose_discard(self, p: Player, drew: bool) -> tuple[int, bool]:
        if p.riichi:
            return self.last_drawn, False  # after riichi the drawn tile goes (tsumogiri)
        may_riichi = (
            p.closed
            and self.riichi_allowed[p.seat]
            and self.wall.remaining >= self.n  # the declarer must have a draw left
        )
        # kuikae (profile game.kuikae): where it is forbidden, right after a pon the called tile's
        # value may not be thrown
        last_take = self.play.takes[p.seat][-1] if self.play.takes[p.seat] else None
        swap_call = not drew and isinstance(last_take, tuple) and not self.rules.game.kuikae
        self.forbidden = {last_take[2] // 4} if swap_call else set()
        tile, riichi = self.bots[p.seat].discard(self, p.seat, may_riichi)
        if tile not in p.hand or tile // 4 in self.forbidden:
            raise SimError(f"seat {p.seat} may not discard {tile}")
        if riichi:
            rest = p.counts[:]
            rest[tile // 4] -= 1
            if not may_riichi or not S.waits(rest):
                raise SimError(f"seat {p.seat} declares an illegal riichi")
        return tile, riichi

    def _discard(self, p: Player, tile: int, riichi: bool) -> None:
        self._reveal()
        tsumogiri = tile == self.last_drawn
        self.last_drawn = None
        self._remove(p, tile)
        value = tile // 4
        if riichi:
            p.riichi = 1
            p.double = not p.discarded and not self.interrupted
        elif p.riichi == 2:
            self.ippatsu[p.seat] = False  # the first discard after the riichi discard ends ippatsu
        if value not in T.TERMINALS_AND_HONORS_SET:
            p.nagashi = False
        p.river.append(tile)
        p.river_values.add(value)
        p.discarded = True
        p.furiten_temp = False  # temporary furiten lasts until one's own next discard
        p.waits = S.waits(p.counts)
        self.seen[value] += 1
        for other in self.players:
            if other.riichi == 2:
                other.safe_since_riichi.add(value)
        self.play.gives[p.seat].append(("discard", tile, tsumogiri, riichi))
        self._check()

    def _accept_riichi(self, p: Player) -> None:
        """The riichi discard was not won on: the stick goes down and ippatsu starts (rules.md §5)."""
        p.riichi = 2
        self.ippatsu[p.seat] = True
        self.riichi_order.append(p.seat)
        p.safe_since_riichi = set()

    def _calls(self, discarder: int, tile: int) -> tuple[int, str | None] | None:
        """Pon or open kan of the discard; in sanma at most one player can hold two more copies."""
        value = tile // 4
        for k in range(1, self.n):
            seat = (discarder + k) % self.n
            p = self.players[seat]
            if p.riichi or p.counts[value] < 2:
                continue
            options = [CALL_PON]
            if p.counts[value] == 3 and len(self.kans_by) < MAX_KANS:
                options.append(DAIMINKAN)
            choice = self.bots[seat].call(self, seat, tile, discarder, options)
            if choice is None:
                return None
            if choice not in options:
                raise SimError(f"seat {seat} calls {choice}, not among {options}")
            self._call(p, choice, tile, discarder)
            return seat, (REPLACEMENT if choice == DAIMINKAN else None)
        return None

    def _call(self, p: Player, kind: str, tile: int, discarder: int) -> None:
        value = tile // 4
        size = 2 if kind == CALL_PON else 3
        # a pon keeps the red five in the hand when it can (it is worth the same in the meld)
        own = sorted((t for t in p.hand if t // 4 == value), key=lambda t: (t in self.red, t))[:size]
        for t in own:
            self._remove(p, t)
        giver = self.players[discarder]
        giver.called_away.add(tile)
        giver.nagashi = False
        p.melds.append(SimMeld(kind, sorted([*own, tile]), tile, discarder))
        self.seen[value] += size
        self.play.takes[p.seat].append((kind, discarder, tile, own))
        self.play.calls += 1
        self._break()
        self._count_triplet(p.seat, value, discarder)
        if kind == DAIMINKAN:
            self.kans_by.append(p.seat)
            if len(self.kans_by) == MAX_KANS and len(set(self.kans_by)) > 1:
                self.four_kan_abort = True
            self.play.gives[p.seat].append(("kan0",))
            self.pending_dora += 1  # an open kan's indicator shows at the kanner's next action (Tenhou)
        self._check()

    def _count_triplet(self, seat: int, value: int, fed_by: int | None) -> None:
        group = 0 if value in T.DRAGONS else 1 if value in T.WINDS else None
        if group is None:
            return
        self.triplets[seat][group] += 1
        # pao (payment.pao): who fed the third dragon meld or the fourth wind meld
        if self.triplets[seat][group] == (3, 4)[group] and fed_by is not None:
            self.pao[seat] = fed_by

    def _reveal(self) -> None:
        for _ in range(self.pending_dora):
            indicator = self.wall.dora_slots[len(self.dora_ids)]
            self.dora_ids.append(indicator)
            self.seen[indicator // 4] += 1
        self.pending_dora = 0

    # --- wins ------------------------------------------------------------------------------------
    def _ron(self, giver: int, tile: int, source: str) -> bool:
        """Every other player the tile completes wins, unless furiten, without a yaku or declining
        (the bot's `ron`); the others who let a winning tile pass become furiten (rules: temporary,
        and for the rest of the hand after riichi)."""
        value = tile // 4
        winners = []
        for k in range(1, self.n):
            seat = (giver + k) % self.n
            p = self.players[seat]
            if value not in p.waits:
                continue
            if source == ON_ANKAN and (S.kokushi_shanten(p.counts) != 0 or not self.rules.game.kokushi_robs_closed_kan):
                continue  # a closed kan is robbed only for thirteen orphans, where the profile allows it
            ev = None
            if not p.furiten():
                ev = self._evaluate(p, tile, tsumo=False, chankan=source in (ON_KAKAN, ON_ANKAN),
                                    houtei=source == ON_DISCARD and self.wall.remaining == 0,
                                    ippatsu=(self.ippatsu if source == ON_DISCARD else self.ippatsu_before)[seat],
                                    first=False)
            if ev is not None and not self.bots[seat].ron(self, seat, tile):
                ev = None  # a declined ron is a passed winning tile like any other: furiten follows
            if ev is None:
                p.furiten_temp = True
                if p.riichi == 2:
                    p.furiten_riichi = True
                continue
            winners.append((seat, ev))
        if not winners:
            return False
        self._win(winners, giver, source)
        return True

    def _evaluate(self, p: Player, tile: int, *, tsumo: bool, first: bool, ippatsu: bool, rinshan: bool = False,
                  haitei: bool = False, houtei: bool = False, chankan: bool = False) -> Evaluation | None:
        concealed = [t for t in p.hand] if tsumo else [*p.hand, tile]
        melds = []
        for m in p.melds:
            kind = PON if m.kind == CALL_PON else CLOSED_KAN if m.kind == ANKAN else OPEN_KAN
            melds.append(Meld(kind, tuple(t // 4 for t in m.ids), sum(1 for t in m.ids if t in self.red)))
        riichi = p.riichi == 2
        dealer = p.seat == self.dealer
        hand = Hand(
            concealed=tuple(sorted(t // 4 for t in concealed)),
            melds=tuple(melds),
            win_tile=tile // 4,
            concealed_red=tuple(sorted(t // 4 for t in concealed if t in self.red)),
            win_red=tile in self.red,
        )
        indicators = tuple(i // 4 for i in self.dora_ids)
        ura = tuple(i // 4 for i in self.wall.ura_slots[: len(self.dora_ids)]) if riichi else ()
        context = WinContext(
            tsumo=tsumo,
            riichi=riichi and not p.double,
            double_riichi=riichi and p.double,
            ippatsu=riichi and ippatsu,
            rinshan=rinshan,
            chankan=chankan,
            haitei=haitei,
            houtei=houtei,
            tenhou=tsumo and first and dealer,
            chiihou=tsumo and first and not dealer,
            renhou=not tsumo and not dealer and not p.drawn and not self.interrupted,
            seat_wind=self.seat_wind(p.seat),
            round_wind=self.round_wind_tile,
            dora_indicators=indicators,
            ura_indicators=ura,
            nuki=len(p.nuki),
        )
        try:
            return evaluate(hand, context, self.rules)
        except IllegalHandError:
            return None  # complete but no yaku: no win (rules.md §3)

    def _win(self, winners: list[tuple[int, Evaluation]], giver: int, source: str) -> None:
        records = []
        for seat, ev in winners:
            records.append(WinRecord(seat, giver, ev, self.pao[seat], source))
        self.play.wins = records
        wins = tuple(
            Win(r.winner, None if r.winner == giver else giver, r.evaluation.value, r.liable, r.evaluation)
            for r in records
        )
        self.result = wins[0] if len(wins) == 1 else DoubleRon(wins)

    # --- draws -------------------------------------------------------------------------------------
    def _exhaustive(self) -> HandPlay:
        own_four = self.rules.match.tenpai_own_four
        tenpai = frozenset(p.seat for p in self.players if S.waits(p.counts) and (
            own_four == "concealed" or any(p.own_counts()[w] < 4 for w in S.waits(p.counts))))
        nagashi = tuple(p.seat for p in self.players if p.nagashi and p.discarded)
        if nagashi and self.rules.payment.nagashi_mangan:
            self.play.draw_kind = NAGASHI
            self.result = Nagashi(nagashi, tenpai)
        else:
            self.play.draw_kind = EXHAUSTIVE
            self.result = ExhaustiveDraw(tenpai)
        return self._finish()

    def _finish(self) -> HandPlay:
        if any(self.players[r.winner].riichi == 2 for r in self.play.wins):
            self.play.ura = list(self.wall.ura_slots[: len(self.dora_ids)])
        self.play.riichi = len(self.riichi_order)
        self.play.kyoku = Kyoku(self.result, tuple(Riichi(s) for s in self.riichi_order))
        self._check()
        return self.play

    # --- tiles ---------------------------------------------------------------------------------------
    def _pick(self, p: Player, value: int) -> int:
        """A copy of `value` from the hand, a plain one before the red one."""
        return min((t for t in p.hand if t // 4 == value), key=lambda t: (t in self.red, t))

    def _remove(self, p: Player, tile: int) -> None:
        p.hand.remove(tile)
        p.counts[tile // 4] -= 1

    def _check(self) -> None:
        """Invariants (rules.md §1): the 108 tiles are all somewhere, each once; hands have the size
        their melds allow."""
        if not self.check:
            return
        places = [*self.wall.undrawn(), *self.wall.unseen_dead()]
        for p in self.players:
            places += p.hand
            places += [t for m in p.melds for t in m.ids if t != m.called]
            places += [t for t in p.river if t not in p.called_away]
            places += [m.called for m in p.melds if m.called is not None]
            places += p.nuki
            size = len(p.hand) + 3 * len(p.melds)
            if size not in (13, 14):
                raise SimError(f"seat {p.seat} holds {len(p.hand)} tiles with {len(p.melds)} melds")
            if [sum(1 for t in p.hand if t // 4 == v) for v in range(34)] != p.counts:
                raise SimError(f"seat {p.seat}: tile counts out of step with the hand")
        if sorted(places) != sanma_ids():
            raise SimError(f"tiles not accounted for: {len(places)} places for 108 tiles")
        live = len(sanma_ids()) - 14 - 13 * self.n - sum(len(t) - sum(1 for x in t if not isinstance(x, int))
                                                          for t in self.play.takes)
        if live != self.wall.remaining:
            raise SimError(f"live wall {self.wall.remaining}, expected {live}")


def play_hand(wall: Wall, rules: RuleSet, *, dealer: int, round_wind: int, bots,
              riichi_allowed: tuple[bool, ...] | None = None, check: bool = False) -> HandPlay:
    return Game(wall, rules, dealer=dealer, round_wind=round_wind, bots=bots,
                riichi_allowed=riichi_allowed, check=check).run()
