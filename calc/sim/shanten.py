"""The fast shanten / waits tables moved to calc.scoring.shanten (the round state needs them too);
this name stays so the bots' `from calc.sim import shanten` keeps working."""

from calc.scoring.shanten import *  # noqa: F401,F403
from calc.scoring.shanten import _SUITS, _YAOCHUU  # noqa: F401
