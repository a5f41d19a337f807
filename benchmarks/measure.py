"""One cold and one warm pass over hands in a fresh process: `make bench`'s hand figures (bench.py).

    python benchmarks/measure.py score FILE     # calc.score on each batch line of FILE
    python benchmarks/measure.py mahjong FILE   # the mahjong package on bench.py's `_mahjong_input`

Prints {"count", "cold", "warm"} (CPU seconds). Nothing of ours or the anchor's is imported before
the cold clock starts: the first pass pays for the imports, profiles and tables, as a user's does.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path


def measure(kind: str, path: str) -> None:
    """In a fresh process: score each hand of `path` once, cold (the scorer imported on the clock),
    then once more, warm; print {"count", "cold", "warm"} (CPU seconds). `score`: calc.score on
    batch lines; `mahjong`: the package on `_mahjong_input`'s data, its objects made off the clock."""
    data = json.loads("[" + ",".join(Path(path).read_text(encoding="utf-8").splitlines()) + "]") \
        if kind == "score" else json.loads(Path(path).read_text(encoding="utf-8"))
    if kind == "score":
        start = time.process_time()
        import calc

        for line in data:
            calc.score(**line)
        cold = time.process_time() - start
        start = time.process_time()
        for line in data:
            calc.score(**line)
        warm = time.process_time() - start
    else:
        cold, warm = measure_mahjong(data)
    print(json.dumps({"count": len(data), "cold": cold, "warm": warm}))


def measure_mahjong(hands: list[dict]) -> tuple[float, float]:
    """(cold, warm) CPU seconds of the mahjong package (three-player mode) on the hands: its import
    and a first pass, then a second pass."""
    start = time.process_time()
    from mahjong import constants as C
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld

    imported = time.process_time() - start
    calls = []
    for h in hands:
        config = {**h["config"], "player_wind": getattr(C, h["config"]["player_wind"]),
                  "round_wind": getattr(C, h["config"]["round_wind"])}
        melds = [Meld(Meld.PON if pon else Meld.KAN, tiles=ids, opened=opened) for pon, ids, opened in h["melds"]]
        calls.append((h["tiles"], h["win"], melds, h["dora"] or None, h["ura"] or None,
                      HandConfig(**config, options=OptionalRules(**h["options"]))))
    passes = []
    for _ in range(2):
        calculator = HandCalculator()
        start = time.process_time()
        for tiles, win, melds, dora, ura, config in calls:
            calculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora, ura_dora_indicators=ura,
                                           config=config)
        passes.append(time.process_time() - start)
    return imported + passes[0], passes[1]


if __name__ == "__main__":
    kind, path = sys.argv[1:]
    measure(kind, path)
