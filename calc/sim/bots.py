"""The bots by name: the one table `sanma simulate --bots`, `compare` and the harness read.

It sits above the bots it lists (calc.sim.greedy, calc.sim.calibrated, calc.sim.stress), which
import nothing from it. A new bot is a class that answers the `Bot` protocol (calc.sim.view) and a
line here.
"""

from __future__ import annotations

from typing import Callable, Final

from calc.sim.calibrated import Calibrated
from calc.sim.greedy import Defensive, Greedy
from calc.sim.stress import Stress
from calc.sim.view import Bot

# The first is the default of simulate and compare; `stress` (calc.sim.stress) stacks the deals too,
# for the differential harness: not play to draw statistics from.
MAKERS: Final[dict[str, Callable[[], Bot]]] = {
    "calibrated": Calibrated,
    "greedy": Greedy,
    "defensive": Defensive,
    "stress": Stress,
}
BOTS: Final = tuple(MAKERS)


def make(name: str) -> Bot:
    maker = MAKERS.get(name)
    if maker is None:
        raise ValueError(f"unknown bot {name!r}")
    return maker()
