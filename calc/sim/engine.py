"""One sanma hand played tile by tile: the wall deals and the bots choose; the rules are the round
state's (calc.table.round), which every choice passes through as an event (calc.table.play).

The engine offers each bot the legal choices the round allows (a kan, an extraction, a call, a
riichi, a ron the round does not hold furiten), applies what the bot picks as an event, and turns
the kan dora the round says are due. It keeps the tile ids of the wall (for the tenhou.net/6
writer) and each seat's view that the bots read (`Player`). The players' scores are not part of a
hand: `riichi_allowed` says who may still pay a riichi stick (match.riichi_min_points), so a hand
plays the same whatever the payment scheme.

The bots' interface (calc.sim.bots), unchanged by the round state: the engine asks
`discard(game, seat, may_riichi) -> (tile id, riichi)`, `call(game, seat, tile, discarder, options)`,
`kan(game, seat, options)`, `nuki(game, seat)`, `ron(game, seat, tile)` and
`nine_terminals(game, seat)`, and only ever offers what the round allows. A bot may read
`game.players[seat]` (its view: hand, counts and their suits' entries, melds, river, river_values,
nuki, riichi, safe_since_riichi, closed, own_counts()), `game.seen`, `game.forbidden`, `game.last_drawn`,
`game.dora_values()`, `game.value_tiles(seat)`, `game.riichi_seats(seat)`, `game.is_red(id)`, and
for any rule fact the round itself: `game.round.waits(seat)`, `game.round.furiten(seat)`,
`game.round.ippatsu`, `game.round.live`, ...
"""

from __future__ import annotations

from typing import Final

from calc.core import tiles as T
from calc.core.errors import IllegalHandError
from calc.core.rules import RuleSet
from calc.scoring import shanten as S
from calc.scoring.evaluate import Evaluation, evaluate
from calc.table.events import Kyoku
from calc.table.play import (
    ANKAN,
    DAIMINKAN,
    EXHAUSTIVE,
    FOUR_KANS,
    KAKAN,
    NINE_TERMINALS,
    PON,
    Agari,
    Ankan,
    Call,
    Deal,
    Discard,
    Dora,
    Draw,
    Kakan,
    Nuki,
    RoundResult,
    Ryuukyoku,
    WinFacts,
)
from calc.table.round import Round, scoring_input, settled
from calc.sim.wall import Wall, red_ids, sanma_ids

CALL_PON: Final = PON
DRAW: Final = "draw"
REPLACEMENT: Final = "replacement"


class SimError(Exception):
    """A bot asked for something illegal, or an invariant broke: a bug, never bad input."""


# Plain classes with their __init__ written out, not dataclasses: a dataclass has its methods generated at
# every start of the command, and compiled its __init__ runs as Python (docs/benchmarks.md, start-up).
class SimMeld:
    def __init__(self, kind: str, ids: list[int], called: int | None = None, from_seat: int | None = None) -> None:
        self.kind = kind  # pon | daiminkan | ankan | kakan
        self.ids = ids
        self.called = called  # the id taken from another player
        self.from_seat = from_seat

    @property
    def value(self) -> int:
        return self.ids[0] // 4


class Player:
    """What a bot sees of a seat (its own hand by tile id, its melds and river)."""

    def __init__(self, seat: int, hand: list[int]) -> None:
        self.seat = seat
        self.hand = hand
        self.counts = [0] * 34
        self.melds: list[SimMeld] = []
        self.river: list[int] = []  # every discard, called ones included
        self.called_away: set[int] = set()  # river ids another player called
        self.river_values: set[int] = set()
        self.nuki: list[int] = []
        self.riichi = 0  # 0 none, 1 declared (stick not yet down), 2 accepted
        self.safe_since_riichi: set[int] = set()  # values anyone discarded after this riichi
        # the suits' entries of `counts` (calc.scoring.shanten), kept with them: questions about the
        # hand as it is start from these (a bot that takes a tile out of counts passes its own)
        self.suits = S.Suits.of(self.counts)

    @property
    def closed(self) -> bool:
        return all(m.kind == ANKAN for m in self.melds)

    def own_counts(self) -> list[int]:
        own = self.counts[:]
        for m in self.melds:
            own[m.value] += len(m.ids)
        return own


class HandPlay:
    """Everything a hand produced: the round's result (`result`: the wins' facts or the draw), the
    same settled by the match engine (`kyoku`: each win's evaluation), and the play by tile id for
    a record."""

    def __init__(self, dealer: int, round_wind: int, haipai: list[list[int]], takes: list[list], gives: list[list],
                 dora: list[int], ura: list[int]) -> None:
        self.dealer = dealer
        self.round_wind = round_wind  # 0 East, 1 South, 2 West
        self.haipai = haipai
        self.takes = takes  # per seat: drawn ids, or ("pon" | "daiminkan", from_seat, called id, ids from the hand)
        self.gives = gives  # per seat: ("discard", id, tsumogiri, riichi) | ("nuki", id) | ("ankan", ids) | ("kakan", id) | ("kan0",)
        self.dora = dora  # indicator ids shown by the end
        self.ura = ura
        self.kyoku: Kyoku | None = None
        self.result: RoundResult | None = None
        self.nuki = 0  # norths extracted, all seats
        self.riichi = 0  # riichi declarations that stood
        self.calls = 0  # pon and open kan


class Game:
    """One hand. `bots[seat]` decide; `check` verifies the invariants after every step."""

    def __init__(self, wall: Wall, rules: RuleSet, *, dealer: int, round_wind: int, bots,
                 riichi_allowed: tuple[bool, ...] | None = None, standing: tuple[int, ...] | None = None,
                 check: bool = False) -> None:
        n = rules.game.players
        self.n = n
        self.rules = rules
        self.wall = wall
        self.dealer = dealer
        self.round_wind = round_wind
        self.round_wind_tile = T.WINDS[round_wind]
        self.bots = bots
        self.riichi_allowed = riichi_allowed or (True,) * n
        # per seat, what the bots know of the scores: -1 far behind, 0, 1 far ahead (the bots'
        # `standing`; calc.sim.run keys the hand on it, as on riichi_allowed)
        self.standing = standing or (0,) * n
        self.check = check
        self.red = red_ids(rules.game.red_fives)
        self._tiles = _tile_table(self.red)  # id -> (value, red): the round's tiles
        self.dora_ids = [wall.dora_slots[0]]
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
            p.suits = S.Suits.of(p.counts)
            self.players.append(p)
        # what never changes in a hand, made once: each seat's value tiles (the draw and discard
        # events are made once for the process: `_draw_event`, `_discard_event`)
        self._values = [self._value_tiles(seat) for seat in range(n)]
        self._dora_values: list[int] = []
        self._dora_count = 0
        self.play = HandPlay(dealer, round_wind, [list(h) for _, h in haipai], [[] for _ in range(n)],
                             [[] for _ in range(n)], self.dora_ids, [])
        # The hand's header carries no scores, honba or sticks: a hand plays the same under every
        # scheme and in every match state (the match engine settles it).
        deal = Deal(round_wind * 4 + dealer, 0, 0, dealer, (0,) * n,
                    tuple(tuple(self.tile(t) for t in h) for _, h in haipai), self.tile(wall.dora_slots[0]))
        self.round = Round(deal, rules, check=check)
        self.evaluations: list[Evaluation] = []  # of the wins, in the round's order
        self.forbidden: set[int] = set()  # values the player to move may not throw (kuikae)
        self.last_drawn: int | None = None  # the tile just drawn by the player to move, for tsumogiri
        self._check()

    # --- facts bots read -----------------------------------------------------------------------
    def tile(self, tile_id: int) -> tuple[int, bool]:
        return self._tiles[tile_id]

    def seat_wind(self, seat: int) -> int:
        return T.WINDS[(seat - self.dealer) % self.n]

    def value_tiles(self, seat: int) -> set[int]:
        """The seat's yakuhai tiles (read only: the same set is handed out all hand)."""
        return self._values[seat]

    def _value_tiles(self, seat: int) -> set[int]:
        values = {*T.DRAGONS, self.seat_wind(seat), self.round_wind_tile}
        if self.rules.north.value_tile:
            values.add(T.NORTH)
        return values

    def dora_values(self) -> list[int]:
        """The dora shown so far (read only: worked out again only when an indicator is turned)."""
        if self._dora_count != len(self.dora_ids):
            self._dora_values = [T.sanma_dora(i // 4) for i in self.dora_ids]
            self._dora_count = len(self.dora_ids)
        return self._dora_values

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
                    return self._ryuukyoku(EXHAUSTIVE)
                tile = self._draw(p, draw)
                if self._tsumo(p, tile) or self._nine_terminals(p):
                    return self._finish()
                if self._self_action(p, tile):
                    if self.round.over:
                        return self._finish()
                    draw = REPLACEMENT
                    continue
            tile, riichi = self._choose_discard(p, draw is not None)
            self._discard(p, tile, riichi)
            if self._ron(p.seat, tile):
                return self._finish()
            if p.riichi == 1:
                self._accept_riichi(p)
            if self.round.four_kan_abort():
                return self._ryuukyoku(FOUR_KANS)
            if self.wall.remaining == 0:
                return self._ryuukyoku(EXHAUSTIVE)
            caller = self._calls(p.seat, tile)
            if caller is None:
                seat = (seat + 1) % self.n
                draw = DRAW
            else:
                seat, draw = caller

    # --- steps -------------------------------------------------------------------------------------
    def _apply(self, event) -> None:
        self.round.apply(event)

    def _draw(self, p: Player, source: str) -> int:
        tile = self.wall.draw() if source == DRAW else self.wall.replacement()
        self.round.apply(_draw_event(p.seat, self._tiles[tile]))
        p.hand.append(tile)
        p.counts[tile // 4] += 1
        p.suits.add(tile // 4)
        self.last_drawn = tile
        self.play.takes[p.seat].append(tile)
        self._check()
        return tile

    def _tsumo(self, p: Player, tile: int) -> bool:
        if not S.is_complete(p.counts, p.suits):
            return False
        win = self._evaluate(p.seat, p.seat)
        if win is None:
            return False
        self._win([win])
        return True

    def _nine_terminals(self, p: Player) -> bool:
        """rules.md §5: on an uninterrupted first draw, nine kinds of terminals and honours."""
        if not self.round.nine_kinds(p.seat) or not self.bots[p.seat].nine_terminals(self, p.seat):
            return False
        self._apply(Ryuukyoku(NINE_TERMINALS))
        return True

    def _self_action(self, p: Player, drawn: int) -> bool:
        """A north extraction or a kan, if the bot takes one; True when one was made."""
        if self.wall.remaining == 0:
            return False  # no replacement draw is left after the haitei (rules.md §2)
        bot = self.bots[p.seat]
        if self.round.can_nuki(p.seat) and bot.nuki(self, p.seat):
            self._nuki(p, drawn if drawn // 4 == T.NORTH else self._pick(p, T.NORTH))
            return True
        counts = p.counts
        options = [(ANKAN, value) for value in range(34) if counts[value] == 4 and self.round.can_ankan(p.seat, value)] \
            if _holds_four(counts) else []
        options += [(KAKAN, m.value) for m in p.melds if m.kind == CALL_PON and self.round.can_kakan(p.seat, m.value)]
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

    def _nuki(self, p: Player, tile: int) -> None:
        self._apply(Nuki(p.seat, self.tile(tile)))
        self._remove(p, tile)
        p.nuki.append(tile)
        self.seen[T.NORTH] += 1
        self.play.nuki += 1
        self.play.gives[p.seat].append(("nuki", tile))
        self._check()
        if self._ron(p.seat, tile):
            return
        self._reveal()

    def _ankan(self, p: Player, value: int) -> None:
        ids = [t for t in p.hand if t // 4 == value]
        self._apply(Ankan(p.seat, tuple(self.tile(t) for t in sorted(ids))))
        for t in ids:
            self._remove(p, t)
        p.melds.append(SimMeld(ANKAN, sorted(ids)))
        self.seen[value] += 4
        self.play.gives[p.seat].append(("ankan", sorted(ids)))
        self._reveal()  # a closed kan's indicator shows at once
        self._check()
        self._ron(p.seat, ids[0])  # only thirteen orphans may rob a closed kan

    def _kakan(self, p: Player, value: int) -> None:
        tile = self._pick(p, value)
        self._apply(Kakan(p.seat, self.tile(tile)))
        self._remove(p, tile)
        meld = next(m for m in p.melds if m.kind == CALL_PON and m.value == value)
        meld.kind = KAKAN
        meld.ids = sorted([*meld.ids, tile])
        self.seen[value] += 1
        self.play.gives[p.seat].append(("kakan", tile))
        self._check()
        if self._ron(p.seat, tile):
            return
        self._reveal()

    def _choose_discard(self, p: Player, drew: bool) -> tuple[int, bool]:
        if p.riichi:
            if self.last_drawn is None:
                raise SimError(f"seat {p.seat} in riichi discards without having drawn")
            return self.last_drawn, False  # after riichi the drawn tile goes (tsumogiri)
        may_riichi = self.riichi_allowed[p.seat] and self.round.may_riichi(p.seat)
        # kuikae (profile game.kuikae): where it is forbidden, right after a pon the called tile's
        # value may not be thrown
        last_take = self.play.takes[p.seat][-1] if self.play.takes[p.seat] else None
        swap_call = not drew and isinstance(last_take, tuple) and not self.rules.game.kuikae
        self.forbidden = {last_take[2] // 4} if swap_call and last_take is not None else set()
        tile, riichi = self.bots[p.seat].discard(self, p.seat, may_riichi)
        if tile not in p.hand or tile // 4 in self.forbidden:
            raise SimError(f"seat {p.seat} may not discard {tile}")
        if riichi and not may_riichi:
            raise SimError(f"seat {p.seat} declares an illegal riichi")
        return tile, riichi

    def _discard(self, p: Player, tile: int, riichi: bool) -> None:
        self._reveal(p.seat)
        self.round.apply(_discard_event(p.seat, self._tiles[tile], riichi))
        tsumogiri = tile == self.last_drawn
        self.last_drawn = None
        self._remove(p, tile)
        value = tile // 4
        if riichi:
            p.riichi = 1
        p.river.append(tile)
        p.river_values.add(value)
        self.seen[value] += 1
        for other in self.players:
            if other.riichi == 2:
                other.safe_since_riichi.add(value)
        self.play.gives[p.seat].append(("discard", tile, tsumogiri, riichi))
        self._check()

    def _accept_riichi(self, p: Player) -> None:
        """The riichi discard was not won on: the stick goes down (the round takes it at its next
        event) and the bots' view starts counting safe tiles."""
        p.riichi = 2
        p.safe_since_riichi = set()

    def _calls(self, discarder: int, tile: int) -> tuple[int, str | None] | None:
        """Pon or open kan of the discard; in sanma at most one player can hold two more copies."""
        for k in range(1, self.n):
            seat = (discarder + k) % self.n
            if not self.round.can_call(seat, PON):
                continue
            options = [CALL_PON]
            if self.round.can_call(seat, DAIMINKAN):
                options.append(DAIMINKAN)
            choice = self.bots[seat].call(self, seat, tile, discarder, options)
            if choice is None:
                return None
            if choice not in options:
                raise SimError(f"seat {seat} calls {choice}, not among {options}")
            self._call(self.players[seat], choice, tile, discarder)
            return seat, (REPLACEMENT if choice == DAIMINKAN else None)
        return None

    def _call(self, p: Player, kind: str, tile: int, discarder: int) -> None:
        value = tile // 4
        size = 2 if kind == CALL_PON else 3
        # a pon keeps the red five in the hand when it can (it is worth the same in the meld)
        own = sorted((t for t in p.hand if t // 4 == value), key=lambda t: (t in self.red, t))[:size]
        self._apply(Call(p.seat, kind, self.tile(tile), tuple(self.tile(t) for t in own), discarder))
        for t in own:
            self._remove(p, t)
        self.players[discarder].called_away.add(tile)
        p.melds.append(SimMeld(kind, sorted([*own, tile]), tile, discarder))
        self.seen[value] += size
        self.play.takes[p.seat].append((kind, discarder, tile, own))
        self.play.calls += 1
        if kind == DAIMINKAN:
            self.play.gives[p.seat].append(("kan0",))
        self._check()

    def _reveal(self, seat: int | None = None) -> None:
        """Turn the kan dora indicators the round says are due (Tenhou's timing)."""
        for _ in range(self.round.due_now(seat)):
            indicator = self.wall.dora_slots[len(self.dora_ids)]
            self._apply(Dora(self.tile(indicator)))
            self.dora_ids.append(indicator)
            self.seen[indicator // 4] += 1

    # --- wins ------------------------------------------------------------------------------------
    def _ron(self, giver: int, tile: int) -> bool:
        """Every player the round lets claim the tile just given up (not furiten; a closed kan only
        for thirteen orphans) wins, unless the hand has no yaku or the bot declines (its `ron`);
        whoever lets a winning tile pass is furiten from the round's next event."""
        winners = []
        for seat in self.round.ron_chances():
            win = self._evaluate(seat, giver)
            if win is not None and self.bots[seat].ron(self, seat, tile):
                winners.append(win)
        if not winners:
            return False
        self._win(winners)
        return True

    def _ura(self) -> tuple:
        return tuple(self.tile(i) for i in self.wall.ura_slots[: len(self.dora_ids)])

    def _evaluate(self, seat: int, giver: int) -> tuple[WinFacts, Evaluation] | None:
        facts = self.round.win_facts(seat, giver, self._ura())
        hand, context = scoring_input(facts)
        try:
            return facts, evaluate(hand, context, self.rules)
        except IllegalHandError:
            return None  # complete but no yaku: no win (rules.md §3)

    def _win(self, wins: list[tuple[WinFacts, Evaluation]]) -> None:
        for facts, evaluation in wins:
            self._apply(Agari(facts.winner, facts.from_seat, self._ura()))
            self.evaluations.append(evaluation)

    # --- draws -------------------------------------------------------------------------------------
    def _ryuukyoku(self, kind: str) -> HandPlay:
        """The wall ran out (the round decides tenpai and nagashi mangan) or four kans abort."""
        self._apply(Ryuukyoku(kind))
        return self._finish()

    def _finish(self) -> HandPlay:
        result = self.play.result = self.round.finish()
        if any(w.riichi for w in result.wins):
            self.play.ura = list(self.wall.ura_slots[: len(self.dora_ids)])
        self.play.riichi = len(result.riichi)
        self.play.kyoku = settled(result, self.evaluations)
        self._check()
        return self.play

    # --- tiles ---------------------------------------------------------------------------------------
    def _pick(self, p: Player, value: int) -> int:
        """A copy of `value` from the hand, a plain one before the red one."""
        return min((t for t in p.hand if t // 4 == value), key=lambda t: (t in self.red, t))

    def _remove(self, p: Player, tile: int) -> None:
        p.hand.remove(tile)
        p.counts[tile // 4] -= 1
        p.suits.remove(tile // 4)

    def _check(self) -> None:
        """The tile ids (the round checks the tiles themselves after every event): the 108 ids are
        all somewhere, each once, and the bots' view agrees with the round."""
        if not self.check:
            return
        places = [*self.wall.undrawn(), *self.wall.unseen_dead()]
        for p in self.players:
            places += p.hand
            places += [t for m in p.melds for t in m.ids if t != m.called]
            places += [t for t in p.river if t not in p.called_away]
            places += [m.called for m in p.melds if m.called is not None]
            places += p.nuki
            if sorted(self.tile(t) for t in p.hand) != sorted(self.round.hands[p.seat]):
                raise SimError(f"seat {p.seat}: the hand is out of step with the round")
            if [sum(1 for t in p.hand if t // 4 == v) for v in range(34)] != p.counts:
                raise SimError(f"seat {p.seat}: tile counts out of step with the hand")
            if p.suits.codes() != S.Suits.of(p.counts).codes():
                raise SimError(f"seat {p.seat}: the suits' entries out of step with the tile counts")
        if sorted(places) != sanma_ids():
            raise SimError(f"tiles not accounted for: {len(places)} places for 108 tiles")
        if self.round.live != self.wall.remaining:
            raise SimError(f"live wall {self.wall.remaining}, the round counts {self.round.live}")


_TILE_TABLES: Final[dict[frozenset[int], tuple[tuple[int, bool], ...]]] = {}
# Nearly every event is a draw or a discard, and each is a frozen value: made once per seat, tile
# (and riichi) for the process, by an integer key (`_event_key`), and shared.
_DRAWS: Final[dict[int, Draw]] = {}
_DISCARDS: Final[dict[int, Discard]] = {}


def _event_key(seat: int, tile: tuple[int, bool]) -> int:
    index, red = tile
    return (seat * 34 + index) * 2 + red


def _draw_event(seat: int, tile: tuple[int, bool]) -> Draw:
    key = _event_key(seat, tile)
    event = _DRAWS.get(key)
    if event is None:
        event = _DRAWS[key] = Draw(seat, tile)
    return event


def _discard_event(seat: int, tile: tuple[int, bool], riichi: bool) -> Discard:
    key = _event_key(seat, tile) * 2 + riichi
    event = _DISCARDS.get(key)
    if event is None:
        event = _DISCARDS[key] = Discard(seat, tile, riichi)
    return event


def _tile_table(red: frozenset[int]) -> tuple[tuple[int, bool], ...]:
    table = _TILE_TABLES.get(red)
    if table is None:
        table = _TILE_TABLES[red] = tuple((i // 4, i in red) for i in range(136))
    return table


def _holds_four(counts: list[int]) -> bool:
    for c in counts:
        if c == 4:
            return True
    return False


def play_hand(wall: Wall, rules: RuleSet, *, dealer: int, round_wind: int, bots,
              riichi_allowed: tuple[bool, ...] | None = None, standing: tuple[int, ...] | None = None,
              check: bool = False) -> HandPlay:
    return Game(wall, rules, dealer=dealer, round_wind=round_wind, bots=bots,
                riichi_allowed=riichi_allowed, standing=standing, check=check).run()
