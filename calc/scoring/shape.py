"""The forms of a winning hand and the waits: where the winning tile sits in a reading (rules.md §3).

An interpretation of a hand is a reading (calc.scoring.readings) with the place of its winning tile:
it can complete the pair (tanki), a triplet (shanpon) or a run holding it.
"""

from __future__ import annotations

from calc.core import tiles as T
from calc.scoring.readings import StandardReading

# Waits (rules.md §3 fu): ryanmen and shanpon add nothing, the others 2 fu.
RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI = "ryanmen", "kanchan", "penchan", "shanpon", "tanki"
SEVEN_PAIRS, THIRTEEN_ORPHANS, STANDARD = "seven pairs", "thirteen orphans", "standard"


def wait_of_run(run: int, win: int) -> str:
    position = win - run
    number = T.number_of(run)
    if position == 1:
        return KANCHAN
    if (position == 2 and number == 1) or (position == 0 and number == 7):
        return PENCHAN  # 12 waiting on 3, or 89 waiting on 7
    return RYANMEN


def waits(reading: StandardReading, win: int) -> list[str]:
    """Every place the (concealed) winning tile can sit in a reading, each once: two runs giving the
    same wait give the same interpretation."""
    out = []
    if reading.pair == win:
        out.append(TANKI)
    if reading.triplet_bits >> win & 1:
        out.append(SHANPON)
    for run in reading.runs:
        if run <= win <= run + 2:
            wait = wait_of_run(run, win)
            if wait not in out:
                out.append(wait)
    return out
