"""The `stress` table: stacked deals and a bot that calls, kans and feeds, so that the rare kinds
of hand come often. For the differential harness (tests/doors.py, `make fuzz`), which must see
every kind of hand through every door in a few seeds; not for statistics (`sanma simulate --bots
stress` plays it, far from real play).

Each hand's wall comes from the hand's seed, as every wall does, but first a scenario is drawn
from the same seed and stacked into the deal (calc.sim.wall.rigged; the rest of the wall stays
random): a plain shuffle, or tiles that make one of these likely:

- `pao-dragons`, `pao-winds`: one seat dealt pairs of every dragon (wind), the others the single
  copies left, which the bots feed once the holder shows the sets before (daisangen / daisuushii
  with pao, ron and tsumo);
- `kans`: a concealed four (closed kan), a three whose fourth another seat holds (open kan), a pair
  whose third another seat holds and whose fourth comes early in the wall (pon, then added kan);
- `four-kans`: two seats dealt two fours each (four kans by two players: an abortive draw);
- `double-ron`: two non-dealers dealt ready hands waiting on the tile the dealer throws first;
- `ron-on-north`: a ready hand waiting on North (riichi on its first discard) while the others
  hold single norths to extract (a ron on the extraction where the profile allows it);
- `nagashi`: a seat dealt terminals whose draws are stacked with more, which the bot throws
  (nagashi mangan, when nobody wins first);
- `nine-terminals`: the dealer dealt nine kinds of terminals and honours (the abortive draw);
- `dead-wall-wait`: the dealer ready on a tile whose every copy lies in the dead wall (an exhaustive
  draw with the dealer tenpai; in a match's last hand, where it is drawn more often, tenpai-yame).

The bot (`Stress`, the greedy bot's shape) declares riichi whenever tenpai, pons every honour pair,
takes every open and closed kan, extracts every single north, throws the tile that completes
another player's visible daisangen or daisuushii (pao), keeps to terminals and honours while a
nagashi mangan is alive, and always declares nine terminals and takes a ron.
"""

from __future__ import annotations

import random

from calc.core import tiles as T
from calc.core.notation import Tile
from calc.sim.greedy import Greedy, usefulness
from calc.sim.view import SeatView
from calc.sim.wall import DEAL, Wall, rigged, sanma_ids

NAME = "stress"
SCENARIOS = {  # name -> weight (of 100)
    "plain": 26, "pao-dragons": 12, "pao-winds": 8, "kans": 12, "four-kans": 5, "double-ron": 12,
    "ron-on-north": 8, "nagashi": 8, "nine-terminals": 3, "dead-wall-wait": 6,
}
LAST_HAND_WEIGHTS = {"dead-wall-wait": 45}  # the weights that change in a match's last hand (the match's end)
NUMBER_TERMINALS = (0, 8, 9, 17, 18, 26)  # 1m 9m 1p 9p 1s 9s


class _Stack:
    """The tile ids still free for a stacked deal, drawn by value."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.free = {v: [i for i in sanma_ids() if i // 4 == v] for v in range(34) if T.is_sanma_tile(v)}
        for ids in self.free.values():
            rng.shuffle(ids)

    def take(self, value: int, count: int = 1) -> list[int]:
        ids = self.free[value]
        if len(ids) < count:
            raise ValueError(f"a stacked deal asks for {count} of tile {value}, {len(ids)} left")
        return [ids.pop() for _ in range(count)]

    def values(self, *exclude: int) -> list[int]:
        return [v for v, ids in self.free.items() if ids and v not in exclude]

    def some(self, count: int, *exclude: int) -> list[int]:
        """`count` ids of random values (not `exclude`)."""
        out = []
        for _ in range(count):
            out += self.take(self.rng.choice(self.values(*exclude)))
        return out


def wall(rng: random.Random, dealer: int, players: int, *, last_hand: bool = False) -> Wall:
    """This hand's wall: a scenario drawn from the hand's seed, stacked into the deal. In the last
    hand of the regular match (or the extension) the dealer's tenpai at a draw decides the end more
    often (tenpai-yame)."""
    weights = {**SCENARIOS, **(LAST_HAND_WEIGHTS if last_hand else {})}
    names = list(weights)
    scenario = rng.choices(names, weights=[weights[n] for n in names])[0]
    if scenario == "plain":
        return Wall.shuffled(rng)
    stack = _Stack(rng)
    # seats by their place in the deal: 0 is the dealer
    hands: list[list[int]] = [[] for _ in range(players)]
    draws: list[int] = []
    ura: list[int] = []
    target = rng.randrange(players)
    others = [k for k in range(players) if k != target]
    if scenario in ("pao-dragons", "pao-winds"):
        kinds = T.DRAGONS if scenario == "pao-dragons" else T.WINDS
        for v in kinds:
            hands[target] += stack.take(v, 2)
            for k in others:
                hands[k] += stack.take(v)
    elif scenario == "kans":
        four, three, pair = rng.sample([v for v in T.TERMINALS_AND_HONORS], 3)
        a, b = others
        hands[target] += stack.take(four, 4)
        hands[a] += stack.take(three, 3)
        hands[b] += stack.take(three)
        hands[b] += stack.take(pair, 2)
        hands[target] += stack.take(pair)
        draws = [*stack.some(rng.randrange(2, 9), pair, three, four), *stack.take(pair)]
    elif scenario == "four-kans":
        values = rng.sample(stack.values(), 4)
        hands[target] += [*stack.take(values[0], 4), *stack.take(values[1], 4)]
        hands[others[0]] += [*stack.take(values[2], 4), *stack.take(values[3], 4)]
    elif scenario == "double-ron":
        # the dealer throws 9s (its only loose tile); South waits on it alone (haku), West on 6s-9s (hatsu)
        south, west = 1 % players, 2 % players
        hands[south] += [*stack.take(T.WHITE, 3), *_run(stack, T.PIN + 1), *_run(stack, T.PIN + 5),
                         *_run(stack, T.SOU + 2), *stack.take(T.SOU + 8)]
        hands[west] += [*stack.take(T.GREEN, 3), *_run(stack, T.PIN), *_run(stack, T.PIN + 3),
                        *stack.take(T.SOU + 6), *stack.take(T.SOU + 7), *stack.take(T.MAN, 2)]
        hands[0] += [*stack.take(T.EAST, 3), *stack.take(T.SOUTH, 3), *stack.take(T.WEST, 2),
                     *stack.take(T.NORTH, 2), *stack.take(T.RED, 2), *stack.take(T.SOU + 8)]
    elif scenario == "ron-on-north":
        # the dealer's riichi comes first, then the others extract their norths into it
        hands[0] += [*_run(stack, T.PIN + 1), *_run(stack, T.PIN + 4), *_run(stack, T.SOU + 2),
                     *stack.take(T.SOU + 7, 2), *stack.take(T.NORTH, 2)]
        for k in range(1, players):
            hands[k] += stack.take(T.NORTH)
    elif scenario == "dead-wall-wait":
        # the dealer waits on 3s alone (123p 456p 789p 11s 24s), and every 3s lies under the indicators
        hands[0] += [*_run(stack, T.PIN), *_run(stack, T.PIN + 3), *_run(stack, T.PIN + 6),
                     *stack.take(T.SOU, 2), *stack.take(T.SOU + 1), *stack.take(T.SOU + 3)]
        ura = stack.take(T.SOU + 2, 4)
    elif scenario == "nagashi":
        for v in NUMBER_TERMINALS:
            hands[target] += stack.take(v, 1 + (v in (0, 8)))
        # the target draws every third tile while nobody calls: stack those with terminals
        slots = [target + players * k for k in range(18)]
        fill = [t for v in NUMBER_TERMINALS for t in stack.take(v, min(2, len(stack.free[v])))]
        rng.shuffle(fill)
        stacked = dict(zip(slots, fill))
        draws = [stacked[k] if k in stacked else stack.some(1)[0] for k in range(max(stacked) + 1)]
    elif scenario == "nine-terminals":
        for v in rng.sample(T.TERMINALS_AND_HONORS, 9):
            hands[0] += stack.take(v)
    for k in range(players):
        hands[k] += stack.some(DEAL - len(hands[k]))
    return rigged(hands, draws, ura=ura, rng=rng)


def _run(stack: _Stack, first: int) -> list[int]:
    return [*stack.take(first), *stack.take(first + 1), *stack.take(first + 2)]


class Stress(Greedy):
    name = NAME

    # --- discards ---------------------------------------------------------------------------------
    def discard(self, view: SeatView, may_riichi: bool) -> tuple[Tile, bool]:
        counts = view.counts
        forbidden = view.forbidden()
        if self._nagashi(view):
            held = [v for v in range(34) if counts[v] and T.is_yaochuu(v) and v not in forbidden]
            if held:
                dora, values = view.dora_values(), view.value_tiles
                return view.copy_of(min(held, key=lambda v: (usefulness(counts, v, dora, values), v))), False
        feed = [v for v in self._feeds(view) if counts[v] and v not in forbidden]
        if feed:
            return view.copy_of(feed[0]), False
        tile, riichi = super().discard(view, may_riichi)
        if riichi:
            return tile, riichi
        # single honours go first, as people throw them, so that the others' pairs get called
        single = [v for v in range(T.HONOR, 34) if counts[v] == 1 and v not in forbidden and v != T.NORTH]
        return (view.copy_of(single[0]), False) if single else (tile, riichi)

    @staticmethod
    def _nagashi(view: SeatView) -> bool:
        """Nagashi mangan is alive (every discard a terminal or honour, none called) and the hand
        started with at least eight number terminals (1 and 9: the nagashi deal stacks them)."""
        if view.melds or not view.nagashi:
            return False
        return view.discarded or sum(view.counts[v] for v in NUMBER_TERMINALS) >= 8

    @staticmethod
    def _feeds(view: SeatView) -> list[int]:
        """The tiles that would complete another player's visible daisangen (two dragon melds
        shown) or daisuushii (three wind melds): thrown for them to call, which makes it pao."""
        out = []
        for other in view.seats:
            if other.seat == view.seat:
                continue
            shown = {m.tiles[0][0] for m in other.melds}
            for kinds, needed in ((T.DRAGONS, 2), (T.WINDS, 3)):
                if sum(v in shown for v in kinds) == needed:
                    out += [v for v in kinds if v not in shown]
        return out

    # --- calls, kans and norths -------------------------------------------------------------------
    def call(self, view: SeatView, tile: Tile, discarder: int, options: list[str]) -> str | None:
        if self._nagashi(view):
            return None
        if "daiminkan" in options:
            return "daiminkan"
        if tile[0] >= T.HONOR:
            return "pon"
        return super().call(view, tile, discarder, options)

    def nuki(self, view: SeatView) -> bool:
        return view.counts[T.NORTH] < 2 and T.NORTH not in self._feeds(view)

    def nine_terminals(self, view: SeatView) -> bool:
        return True
