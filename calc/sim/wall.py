"""The 108 tiles of one hand: a seeded shuffle, the live wall and the dead wall (rules.md §1-2).

A tile is an id 0-135 as in Tenhou's records: the value is id // 4 and the first copy of a five the
profile makes red (`game.red_fives`) is the red one (ids 52 = 0p and 88 = 0s). Sanma has no ids of
2m-8m.

The dead wall always holds 14 tiles (Tenhou, (logs): the live wall shrinks by one with every
replacement draw, `calc.table.round.DEAD_WALL`). It is modelled as five dora indicator slots, five
ura slots and a queue of replacement tiles: a replacement draw (after a kan or an extracted north)
takes the queue's first tile and the last tile of the live wall moves to the back of the queue, so
the haitei moves one tile forward. Which physical tile a replacement is does not change the odds of
anything; the counts (55 live tiles after the deal, one less per replacement) are Tenhou's.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence

from calc.core import tiles as T
from calc.core.tiles import red_ids  # noqa: F401  the engine's and the tests' name for it
from calc.table.round import DEAD_WALL

INDICATOR_SLOTS = 5  # the dora indicator plus one per kan (at most four kans)
DEAL = 13


SANMA_IDS = tuple(i for i in range(136) if T.is_sanma_tile(i // 4))


def sanma_ids() -> list[int]:
    return list(SANMA_IDS)


class Wall:
    """`order` is the whole shuffled wall: the deal and live draws first, the dead wall last."""

    def __init__(self, order: list[int]) -> None:
        if sorted(order) != list(SANMA_IDS):
            raise ValueError("a sanma wall is each of the 108 tile ids once")
        self.order = list(order)
        dead = order[-DEAD_WALL:]
        self.dora_slots = dead[:INDICATOR_SLOTS]
        self.ura_slots = dead[INDICATOR_SLOTS : 2 * INDICATOR_SLOTS]
        self.replacements = deque(dead[2 * INDICATOR_SLOTS :])
        self.live = order[:-DEAD_WALL]
        self.next = 0  # index of the next live tile
        self.end = len(self.live)  # one past the haitei

    @classmethod
    def shuffled(cls, rng: random.Random) -> Wall:
        order = sanma_ids()
        shuffle(rng, order)
        return cls(order)

    @property
    def remaining(self) -> int:
        """Live tiles still to be drawn (the haitei included)."""
        return self.end - self.next

    def deal(self, players: int) -> list[list[int]]:
        hands = [self.live[self.next + DEAL * k : self.next + DEAL * (k + 1)] for k in range(players)]
        self.next += DEAL * players
        return hands

    def draw(self) -> int:
        tile = self.live[self.next]
        self.next += 1
        return tile

    def replacement(self) -> int:
        """A replacement draw; the haitei moves forward to keep the dead wall at 14 tiles."""
        tile = self.replacements.popleft()
        self.end -= 1
        self.replacements.append(self.live[self.end])
        return tile

    def unseen_dead(self) -> list[int]:
        return [*self.dora_slots, *self.ura_slots, *self.replacements]

    def undrawn(self) -> list[int]:
        return self.live[self.next : self.end]


def shuffle(rng: random.Random, x: list[int]) -> None:
    """`rng.shuffle(x)`: the same order, from the same random bits. A plain random.Random's
    shuffle is CPython's Fisher-Yates loop over `_randbelow_with_getrandbits`, in Python: a
    hundred and more calls of Python functions a wall. The same loop here runs compiled
    (tests/test_sim_run.py checks the orders agree); any other generator shuffles itself."""
    if type(rng) is not random.Random:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1  # j is drawn below i + 1: bit_length bits, again while too large
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def rigged(hands: Sequence[Sequence[int]], draws: Sequence[int], *, dora: Sequence[int] = (), ura: Sequence[int] = (),
           replacements: Sequence[int] = (), rng: random.Random | None = None) -> Wall:
    """A wall that deals `hands` (in dealing order, the dealer first), then gives `draws` in order;
    the indicators and replacement tiles given come first in their slots; every other tile is
    placed at random. For tests that force a special case."""
    rng = rng or random.Random(0)
    fixed = [t for group in (*hands, draws, dora, ura, replacements) for t in group]
    if len(set(fixed)) != len(fixed):
        raise ValueError("a tile id is used twice in a rigged wall")
    rest = [t for t in sanma_ids() if t not in set(fixed)]
    rng.shuffle(rest)

    def take(given: Sequence[int], size: int) -> list[int]:
        return list(given) + [rest.pop() for _ in range(size - len(given))]

    dealt = [t for h in hands for t in h]
    live_size = len(sanma_ids()) - DEAL * len(hands) - DEAD_WALL
    live = list(draws) + [rest.pop() for _ in range(live_size - len(draws))]
    dead = take(list(dora), INDICATOR_SLOTS) + take(list(ura), INDICATOR_SLOTS) + take(list(replacements), 4)
    return Wall(dealt + live + dead)
