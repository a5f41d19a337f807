"""One hand of bloody battle played as events -> every payment, explained (rules.md §8).

Events in the order they happened: kongs (paid at once, 刮风下雨), wins (one winner, or several on
one discard), and the end of the wall with the hands of those still in. A winner leaves the hand
and never pays again; the hand ends when all but one have won or the wall is empty. Every payment is
a line (payer, payee, amount, why); each step's deltas sum to zero.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from calc.core import tiles as T
from calc.core.errors import SanmaError
from calc.sichuan.fan import FanResult, WinContext, best_wait, check_context, payment_each, score
from calc.sichuan.hand import CONCEALED_KONG, SUIT_LETTERS, TILE_KINDS, Hand, holds_void
from calc.sichuan.rules import SichuanRules

CONCEALED, ADDED, EXPOSED = "concealed", "added", "exposed"
KONG_KINDS = (CONCEALED, ADDED, EXPOSED)
# What a step of the ledger settles: Step.kind
KONG_STEP, WIN_STEP, WALL_END_STEP = "kong", "win", "wall end"


class PlayError(SanmaError):
    """A hand of play that cannot have happened."""


@dataclass(frozen=True)
class Kong:
    player: int
    tile: int
    kind: str  # concealed, added (a tile added to one's pung), exposed (on a discard)
    discarder: int | None = None  # exposed only
    line: int | None = None


@dataclass(frozen=True)
class Winner:
    winner: int
    discarder: int | None  # None = tsumo
    hand: Hand
    context: WinContext
    line: int | None = None
    # Situation keys the record left out (false unless the play settles them): right after a kong
    # the record must say whether the win is on that kong's replacement or discard (check_situation).
    unstated: tuple[str, ...] = ()


@dataclass(frozen=True)
class Win:
    winners: tuple[Winner, ...]  # several only on one discard
    line: int | None = None


@dataclass(frozen=True)
class WallEnd:
    hands: tuple[tuple[int, Hand], ...]  # (seat, its 13 tiles) for every player still in
    line: int | None = None


Event = Kong | Win | WallEnd


@dataclass(frozen=True)
class Payment:
    payer: int
    payee: int
    amount: int
    reason: str


@dataclass(frozen=True)
class Step:
    kind: str  # KONG_STEP, WIN_STEP or WALL_END_STEP
    what: str
    payments: tuple[Payment, ...]
    deltas: tuple[int, ...]
    fans: tuple[tuple[int, FanResult], ...] = ()  # (seat, fan) of each win or ready hand
    line: int | None = None


@dataclass(frozen=True)
class HandResult:
    dealer: int
    voids: tuple[int, ...]
    steps: tuple[Step, ...]
    deltas: tuple[int, ...]
    winners: tuple[int, ...]  # in the order they won
    next_dealer: int


@dataclass
class _Income:
    """Kong income still held: `owner` received `amount` from `payer` for the kong of `tile`."""

    kong: int  # index of the kong in the hand
    owner: int
    payer: int
    amount: int
    tile: int


class _Play:
    def __init__(self, names: tuple[str, ...], voids: tuple[int, ...], dealer: int, rules: SichuanRules) -> None:
        self.names, self.voids, self.dealer, self.rules = names, voids, dealer, rules
        self.players = rules.game.players
        self.won: list[int] = []
        self.kongs: list[Kong] = []
        self.income: list[_Income] = []
        self.steps: list[Step] = []
        self.previous: Event | None = None
        self.next_dealer: int | None = None
        self.last_tile_taken = False
        self.ended = False
        # Copies of each tile the table has shown: the hands laid down (winners', and the hands still
        # in at the end of the wall) and the kongs of players who have not shown a hand (rules.md §8:
        # 108 tiles, four of each).
        self.shown = [0] * TILE_KINDS
        self.shown_by: list[int] = []  # the seats whose hands are counted, in the order shown

    # ------------------------------------------------------------ helpers

    def name(self, seat: int) -> str:
        return self.names[seat]

    def active(self) -> list[int]:
        return [s for s in range(self.players) if s not in self.won]

    def error(self, message: str, line: int | None) -> PlayError:
        return PlayError(message, line=line)

    def still_in(self, seat: int, role: str, line: int | None) -> None:
        if seat in self.won:
            raise self.error(f"{self.name(seat)} already won and left the hand, so pays no more: "
                             f"cannot {role}", line)

    def step(self, kind: str, what: str, payments: list[Payment], line: int | None, fans=()) -> None:
        deltas = [0] * self.players
        for p in payments:
            deltas[p.payer] -= p.amount
            deltas[p.payee] += p.amount
        assert sum(deltas) == 0
        self.steps.append(Step(kind, what, tuple(p for p in payments if p.amount), tuple(deltas), tuple(fans), line))

    def base(self, count: int) -> str:
        return f"{count} base" if self.rules.payment.base == 1 else f"{count} base of {self.rules.payment.base}"

    # ------------------------------------------------------------ events

    def apply(self, event: Event) -> None:
        if self.ended:
            raise self.error("the hand is already over: "
                             + ("all but one player have won" if len(self.won) == self.players - 1
                                else "the wall is empty"), event.line)
        if self.last_tile_taken and not isinstance(event, WallEnd):
            raise self.error("the last tile of the wall was already won on: only the end of the wall can follow",
                             event.line)
        if isinstance(event, Kong):
            self.kong(event)
        elif isinstance(event, Win):
            self.win(event)
        else:
            self.wall_end(event)
        self.previous = event

    def kong(self, k: Kong) -> None:
        who, tile = self.name(k.player), T.name(k.tile)
        if T.is_honor(k.tile):
            raise self.error(f"honour tile {tile}: Sichuan uses only the suits m, p and s", k.line)
        self.still_in(k.player, f"make a kong of {tile}", k.line)
        if T.suit_of(k.tile) == self.voids[k.player]:
            raise self.error(f"{who} may not kong {tile}: {SUIT_LETTERS[self.voids[k.player]]} is {who}'s void suit",
                             k.line)
        if any(other.tile == k.tile for other in self.kongs):
            raise self.error(f"a second kong of {tile} in one hand; there are four copies", k.line)
        rules, base = self.rules.kong, self.rules.payment.base
        index = len(self.kongs)
        self.kongs.append(k)
        self.shown[k.tile] += 4  # until the player shows the hand that holds it
        if k.kind == EXPOSED:
            if k.discarder is None or k.discarder == k.player:
                raise self.error(f"an exposed kong is made on another player's discard: say who discarded {tile}",
                                 k.line)
            self.still_in(k.discarder, f"discard the {tile} for {who}'s kong", k.line)
            payers = [k.discarder]
            each, why = rules.exposed, f"{rules.exposed} base from the discarder"
        else:
            if k.discarder is not None:
                raise self.error(f"a {k.kind} kong is made from one's own tiles: it has no discarder", k.line)
            payers = [s for s in self.active() if s != k.player]
            each = rules.concealed if k.kind == CONCEALED else rules.added
            why = f"{each} base from each player still in"
        payments = [Payment(p, k.player, each * base, f"{self.name(p)} pays {who} {each * base}: {k.kind} kong "
                                                       f"{tile}, {why}") for p in payers]
        for p in payments:
            if p.amount:
                self.income.append(_Income(index, k.player, p.payer, p.amount, k.tile))
        by = f" on {self.name(k.discarder)}'s discard" if k.kind == EXPOSED else ""
        self.step(KONG_STEP, f"{who}: {k.kind} kong {tile}{by}", payments, k.line)

    def check_kongs(self, seat: int, hand: Hand, line: int | None) -> None:
        """The kongs shown in a hand are the kongs this player made, and the same kind."""
        who = self.name(seat)
        made = {k.tile: k for k in self.kongs if k.player == seat}
        shown = {m.tile: m for m in hand.melds if m.is_kong}
        for tile, k in made.items():
            if tile not in shown:
                raise self.error(f"{who} made a {k.kind} kong of {T.name(tile)} but the hand does not show it", line)
            concealed = shown[tile].kind == CONCEALED_KONG
            if concealed != (k.kind == CONCEALED):
                expected = f"({T.name(tile)[0] * 4}{T.name(tile)[1]})" if k.kind == CONCEALED else \
                    f"[{T.name(tile)[0] * 4}{T.name(tile)[1]}]"
                raise self.error(f"{who}'s {k.kind} kong of {T.name(tile)} is written {expected} in the hand", line)
        for tile in shown:
            if tile not in made:
                raise self.error(f"{who}'s hand shows a kong of {T.name(tile)} that the play does not record "
                                 f"(add `kong:` where it was made)", line)

    def show_hands(self, seats: list[int], hands: list[Hand], discard: int | None, line: int | None) -> None:
        """Count the hands laid down; more copies of a tile than the set has cannot have happened.
        `discard`: the one tile several winners of one discard all hold (counted once). A hand shows
        the player's own kongs, counted already when they were made."""
        counts = list(self.shown)
        for seat, hand in zip(seats, hands):
            for tile, copies in enumerate(hand.counts()):
                counts[tile] += copies
            for k in self.kongs:
                if k.player == seat:
                    counts[k.tile] -= 4
        if discard is not None:
            counts[discard] -= len(hands) - 1
        for tile, copies in enumerate(counts):
            if copies > 4:
                names = [self.name(s) for s in (*self.shown_by, *seats)]
                whose = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
                once = " (the discard counted once)" if discard is not None and len(hands) > 1 else ""
                raise self.error(f"{copies} copies of {T.name(tile)} between the hands shown ({whose}) and the "
                                 f"kongs made{once}; the set has four", line)
        self.shown = counts
        self.shown_by += seats

    def win(self, event: Win) -> None:
        winners = event.winners
        if not winners:
            raise self.error("a win needs a winner", event.line)
        discarders = {w.discarder for w in winners}
        if len(winners) > 1 and (None in discarders or len(discarders) != 1):
            raise self.error("several winners at once are rons on one discard: each needs the same `from:`, "
                             "no tsumo", event.line)
        winners = self.discard_facts(winners, event.line)
        seen: set[int] = set()
        for w in winners:
            if w.winner in seen:
                raise self.error(f"{self.name(w.winner)} wins twice on one discard", w.line)
            seen.add(w.winner)
            self.still_in(w.winner, "win again", w.line)
            if w.discarder is not None:
                if w.discarder == w.winner:
                    raise self.error(f"{self.name(w.winner)} cannot ron their own discard", w.line)
                self.still_in(w.discarder, f"deal in to {self.name(w.winner)}", w.line)
            self.check_kongs(w.winner, w.hand, w.line)
            try:
                check_context(w.hand, w.context)
            except SanmaError as exc:
                raise self.error(f"{self.name(w.winner)}: {exc.message}", w.line) from None
            self.check_situation(w)
        discarder = winners[0].discarder
        if discarder is not None and len({w.hand.win_tile for w in winners}) > 1:
            tiles = ", ".join(f"{self.name(w.winner)} {T.name(w.hand.win_tile)}" for w in winners)
            raise self.error(f"several winners on one discard win on that one tile, but the hands say {tiles} "
                             f"(name it with `win:` where it is not the last tile written)", event.line)
        self.show_hands([w.winner for w in winners], [w.hand for w in winners],
                        winners[0].hand.win_tile if discarder is not None else None, event.line)
        # Seat order from the discarder decides who is "first" among several winners (rules.md §8).
        if discarder is not None:
            winners = tuple(sorted(winners, key=lambda w: (w.winner - discarder) % self.players))
        payments: list[Payment] = []
        fans = []
        for w in winners:
            result = score(w.hand, w.context, self.rules)
            fans.append((w.winner, result))
            each = payment_each(result, self.rules, tsumo=w.context.tsumo)
            payers = [w.discarder] if w.discarder is not None else [s for s in self.active() if s != w.winner]
            why = self.win_why(result, w.context.tsumo, each)
            for payer in payers:
                payments.append(Payment(payer, w.winner, each,
                                        f"{self.name(payer)} pays {self.name(w.winner)} {each}: {why}"))
        if any(w.context.kong_discard for w in winners):
            payments += self.transfer(discarder, winners)
        if self.next_dealer is None:
            # The first winner deals next; the discarder when one discard made several winners (rules.md §8).
            self.next_dealer = winners[0].winner if len(winners) == 1 else discarder
        self.won += [w.winner for w in winners]
        if any(w.context.last_tile for w in winners):
            self.last_tile_taken = True
        how = "tsumo" if discarder is None else f"ron on {self.name(discarder)}'s discard"
        names = " and ".join(self.name(w.winner) for w in winners)
        self.step(WIN_STEP, f"{names}: {how}", payments, event.line, fans)
        if len(self.won) >= self.players - 1:
            self.ended = True

    def discard_facts(self, winners: tuple[Winner, ...], line: int | None) -> tuple[Winner, ...]:
        """A ron on a kong's discard, a robbed kong, the last discard: facts of the one discard, not of a
        winner. Stated by one winner they hold for all; stated both ways they are an error."""
        if len(winners) == 1:
            return winners
        out = list(winners)
        for key in ("kong_discard", "rob_kong", "last_tile"):
            stated = {getattr(w.context, key) for w in winners if key not in w.unstated}
            if len(stated) > 1:
                raise self.error(f"several winners on one discard: {key} is true for some and false for others",
                                 line)
            if stated:
                value = stated.pop()
                out = [replace(w, context=replace(w.context, **{key: value}),
                               unstated=tuple(k for k in w.unstated if k != key)) for w in out]
        return tuple(out)

    def win_why(self, result: FanResult, tsumo: bool, each: int) -> str:
        p = self.rules.payment
        fan = f"{result.fan} fan" + (f" (capped from {result.total})" if result.capped else "")
        value = f"{self.base(1)} × 2^({result.fan} − {p.unit_fan})" if p.unit_fan else f"{self.base(1)} × 2^{result.fan}"
        text = f"{fan}, {value} = {p.value(result.fan)}"
        if tsumo:
            bonus = f" + {p.base} tsumo base" if p.tsumo_bonus == "base" else ""
            text = f"tsumo, {text}{bonus}, from each player still in"
        return text

    def check_situation(self, w: Winner) -> None:
        c, who, prev = w.context, self.name(w.winner), self.previous
        after_own_kong = isinstance(prev, Kong) and prev.player == w.winner
        after_discarders_kong = isinstance(prev, Kong) and w.discarder is not None and prev.player == w.discarder
        if c.kong_replacement and not after_own_kong:
            raise self.error(f"{who} wins on a kong replacement, but the event before is not {who}'s kong", w.line)
        if c.kong_discard and not after_discarders_kong:
            raise self.error(f"a ron on a kong's discard: the event before must be "
                             f"{self.name(w.discarder)}'s kong", w.line)
        # The record lists kongs and wins, not every draw and discard: a win after a kong may be on its
        # replacement / the discard right after it (杠上花 / 杠上炮: a fan more, and the kong's income
        # passes on) or come turns later. The order cannot tell, so the record must say which.
        if after_own_kong and w.discarder is None and "kong_replacement" in w.unstated:
            raise self.error(f"{who}'s tsumo follows {who}'s kong of {T.name(prev.tile)}: say whether it is on the "
                             f"kong's replacement tile (`kong_replacement: true`, 杠上花) or a later draw "
                             f"(`kong_replacement: false`)", w.line)
        if after_discarders_kong and "kong_discard" in w.unstated and not c.rob_kong:
            discarder = self.name(w.discarder)
            raise self.error(f"{who}'s ron follows {discarder}'s kong of {T.name(prev.tile)}: say whether it is on the "
                             f"discard {discarder} made right after the kong (`kong_discard: true`, 杠上炮) or a "
                             f"later one (`kong_discard: false`)", w.line)
        if c.rob_kong and after_discarders_kong and prev.kind == ADDED and prev.tile == w.hand.win_tile:
            raise self.error(f"{who} robs {self.name(w.discarder)}'s kong of {T.name(prev.tile)}: a robbed kong is "
                             f"never made and earns nothing; leave its `kong:` out", w.line)
        if c.heavenly and (w.winner != self.dealer or prev is not None):
            raise self.error(f"a heavenly hand is the dealer's ({self.name(self.dealer)}) win on the deal, "
                             f"the first event of the hand", w.line)
        if c.earthly and (w.winner == self.dealer or prev is not None):
            raise self.error("an earthly hand is a non-dealer's win in the first go-around, the first event of "
                             "the hand", w.line)

    def transfer(self, discarder: int, winners: tuple[Winner, ...]) -> list[Payment]:
        """The kong whose replacement discard dealt in passes its income on (呼叫转移). Several winners
        on that discard split it (一炮多响): equal shares, the points that do not divide go to the first
        winner in seat order from the discarder, so the discarder never pays out more than the kong
        brought in."""
        mode = self.rules.kong.transfer
        kong_index = len(self.kongs) - 1
        held = [i for i in self.income if i.kong == kong_index and i.owner == discarder]
        total = sum(i.amount for i in held)
        if mode == "none" or not total:
            return []
        receivers = [winners[0].winner] if mode == "first-winner" else [w.winner for w in winners]
        for i in held:
            self.income.remove(i)
        tile = T.name(self.kongs[kong_index].tile)
        share, odd = divmod(total, len(receivers))
        out = []
        for k, r in enumerate(receivers):
            amount = share + (odd if k == 0 else 0)
            split = f", its share of {total} split {len(receivers)} ways" if len(receivers) > 1 else ""
            out.append(Payment(discarder, r, amount,
                               f"{self.name(discarder)} pays {self.name(r)} {amount}: the income of the kong of "
                               f"{tile} passes to the winner its discard paid (呼叫转移){split}"))
        return out

    def wall_end(self, event: WallEnd) -> None:
        active = self.active()
        given = [seat for seat, _ in event.hands]
        for seat in given:
            if seat in self.won:
                raise self.error(f"{self.name(seat)} already won: only the players still in show a hand at the end "
                                 f"of the wall", event.line)
        missing = [s for s in active if s not in given]
        if missing:
            raise self.error(f"the end of the wall needs the hand of each player still in; missing "
                             f"{', '.join(self.name(s) for s in missing)}", event.line)
        hands = dict(event.hands)
        for seat, hand in event.hands:
            self.check_kongs(seat, hand, event.line)
        self.show_hands([seat for seat, _ in event.hands], [hand for _, hand in event.hands], None, event.line)
        holders = [s for s in active if holds_void(hands[s], self.voids[s])]
        ready: dict[int, tuple[int, FanResult]] = {}
        for s in active:
            if s not in holders:
                best = best_wait(hands[s], self.rules, self.voids[s])
                if best is not None:
                    ready[s] = best
        not_ready = [s for s in active if s not in ready]
        payments: list[Payment] = []
        end, p = self.rules.end, self.rules.payment
        if end.void_pays_cap:
            cap_value = p.value(p.cap)
            for v in holders:
                suit = SUIT_LETTERS[self.voids[v]]
                # Two void holders would pay each other the same: no payment between them.
                for other in active:
                    if other != v and other not in holders:
                        payments.append(Payment(v, other, cap_value,
                                                f"{self.name(v)} pays {self.name(other)} {cap_value}: still holds the "
                                                f"void suit {suit} at the end of the wall (查花猪), the cap "
                                                f"{p.cap} fan"))
        if end.not_ready_pays:
            for n in not_ready:
                if n in holders:
                    continue  # the void holder already paid the cap, the most any hand is worth
                for r, (tile, result) in ready.items():
                    value = p.value(result.fan)
                    parts = " + ".join(f"{line.name} {line.fan}" for line in result.lines)
                    payments.append(Payment(n, r, value,
                                            f"{self.name(n)} pays {self.name(r)} {value}: not ready at the end of "
                                            f"the wall (查大叫); {self.name(r)}'s best hand, on {T.name(tile)}: "
                                            f"{parts} = {result.fan} fan"))
        if end.not_ready_refunds:
            for n in not_ready:
                for i in [i for i in self.income if i.owner == n]:
                    self.income.remove(i)
                    payments.append(Payment(n, i.payer, i.amount,
                                            f"{self.name(n)} returns {i.amount} to {self.name(i.payer)}: not ready, "
                                            f"gives back the income of the kong of {T.name(i.tile)} (退税)"))
        fans = [(s, ready[s][1]) for s in ready]
        self.step(WALL_END_STEP, "the wall is empty: " + _end_summary(self.names, active, holders, ready), payments, event.line, fans)
        self.ended = True

    def finish(self, line: int | None) -> HandResult:
        if not self.ended:
            still = ", ".join(self.name(s) for s in self.active())
            raise self.error(f"the hand stops with {still} still in: record their wins or the end of the wall "
                             f"(`draw:` with their hands)", line)
        deltas = tuple(sum(step.deltas[s] for step in self.steps) for s in range(self.players))
        assert sum(deltas) == 0
        next_dealer = self.dealer if self.next_dealer is None else self.next_dealer
        return HandResult(self.dealer, self.voids, tuple(self.steps), deltas, tuple(self.won), next_dealer)


def _end_summary(names, active, holders, ready) -> str:
    parts = []
    for s in active:
        if s in holders:
            parts.append(f"{names[s]} holds the void suit")
        elif s in ready:
            parts.append(f"{names[s]} ready")
        else:
            parts.append(f"{names[s]} not ready")
    return ", ".join(parts)


def play(events: list[Event], *, names: tuple[str, ...], voids: tuple[int, ...], dealer: int,
         rules: SichuanRules, end_line: int | None = None) -> HandResult:
    """Play one hand's events in order; every payment explained, the totals summing to zero."""
    if len(names) != rules.game.players or len(voids) != rules.game.players:
        raise PlayError(f"a hand needs {rules.game.players} players, each with a void suit")
    state = _Play(names, voids, dealer, rules)
    for event in events:
        state.apply(event)
    return state.finish(end_line)

