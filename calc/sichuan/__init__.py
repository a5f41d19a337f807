"""Sichuan bloody battle (xuezhan daodi, 血战到底): scoring and settlement (rules.md §8).

A second game beside sanma: four players, the 108 suited tiles, no chow, a declared void suit,
winners leave and play goes on. It reuses the tile indices 0-26 (calc.tiles), the mpsz notation
(calc.notation), the error family (calc.errors) and the profile reader (calc.rules) with its own
schema; profiles say `variant: sichuan`.

    rules.py   the profile schema and `load`
    hand.py    a hand read and checked: no honours, no chow, the void suit; its readings
    fan.py     the fan table applied to a hand, the cap, the value of a hand, waits
    battle.py  one hand of play as events (kongs, wins, the end of the wall) -> ledger lines
    record.py  the YAML record read strictly and settled
    report.py  text and JSON
"""

VARIANT = "sichuan"
