"""One cold and one warm pass over hands in a fresh process: `make bench`'s hand figures (bench.py).

    python benchmarks/measure.py score FILE     # calc.score on each batch line of FILE
    python benchmarks/measure.py mahjong FILE   # the mahjong package on bench.py's `_mahjong_input`

Prints {"count", "imports", "tables", "first", "warm"} (CPU seconds): the imports (ours: calc.api,
the shipped suit tables' load among them, also given apart; the anchor's: its modules), the first pass over
the hands (ours also reads the profile it is given), a second pass. Nothing of ours or the anchor's
is imported before the clock starts: imports plus first pass is what a script that scores a file of
hands meets; the first pass plus the tables' load is the scorer's own cold figure.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path


def measure(kind: str, path: str) -> None:
    """In a fresh process: import the scorer, score each hand of `path` once, then once more; print
    {"count", "imports", "tables", "first", "warm"} (CPU seconds). `score`: calc.score on batch
    lines; `mahjong`: the package on bench.py's `_mahjong_input` data, its objects made off the clock."""
    text = Path(path).read_text(encoding="utf-8")
    data = json.loads("[" + ",".join(text.splitlines()) + "]") if kind == "score" else json.loads(text)
    if kind != "score":
        print(json.dumps({"count": len(data), **measure_mahjong(data)}))
        return
    start = time.process_time()
    import calc.core.tiles  # noqa: F401  (the package and the compiled library)
    import calc.scoring.suits_file  # noqa: F401

    before = time.process_time()
    import calc.scoring.suits  # noqa: F401  (reads the shipped tables)

    tables = time.process_time() - before
    import calc.api

    imports = time.process_time() - start
    start = time.process_time()
    for line in data:
        calc.api.score(**line)
    first = time.process_time() - start
    start = time.process_time()
    for line in data:
        calc.api.score(**line)
    warm = time.process_time() - start
    print(json.dumps({"count": len(data), "imports": imports, "tables": tables, "first": first, "warm": warm}))


def measure_mahjong(hands: list[dict]) -> dict[str, float]:
    """{"imports", "tables", "first", "warm"}: CPU seconds of the mahjong package (three-player
    mode) on the hands (its import, then a first pass, then a second)."""
    start = time.process_time()
    from mahjong import constants as C
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld

    imports = time.process_time() - start
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
    return {"imports": imports, "tables": 0.0, "first": passes[0], "warm": passes[1]}


if __name__ == "__main__":
    kind, path = sys.argv[1:]
    measure(kind, path)
