"""One cold and one warm pass over hands in a fresh process: `make bench`'s hand figures (bench.py).

    python benchmarks/measure.py score FILE     # calc.score on each batch line of FILE
    python benchmarks/measure.py batch FILE     # the loop of `sanma hand --batch FILE`, twice
    python benchmarks/measure.py mahjong FILE   # the mahjong package on bench.py's `_mahjong_input`
    python benchmarks/measure.py riichienv FILE # RiichiEnv's HandEvaluator3P on the same

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
    lines = kind in ("score", "batch")  # a batch file: one JSON object a line
    data = json.loads("[" + ",".join(text.splitlines()) + "]") if lines else json.loads(text)
    if kind == "batch":
        print(json.dumps({"count": len(data), **measure_batch(path)}))
        return
    if kind != "score":
        anchor = measure_mahjong if kind == "mahjong" else measure_riichienv
        print(json.dumps({"count": len(data), **anchor(data)}))
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


def measure_batch(path: str) -> dict[str, float]:
    """{"first", "warm"}: CPU seconds of the loop `sanma hand --batch FILE` runs after its start-up
    (calc.cli.hand.run_batch, its output thrown away), on the file, then on it again in the same
    process. The first run reads the profile and fills the caches as the command's does."""
    import os

    from calc.cli.hand import run_batch

    passes = []
    with open(os.devnull, "w", encoding="utf-8") as out:
        for _ in range(2):
            start = time.process_time()
            run_batch(Path(path), {}, out=out)
            passes.append(time.process_time() - start)
    return {"first": passes[0], "warm": passes[1]}


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


def measure_riichienv(hands: list[dict]) -> dict[str, float]:
    """As `measure_mahjong`, for RiichiEnv's three-player evaluator (its Rust core, `HandEvaluator3P`,
    called directly: the package's Python wrapper adds the winning tile again to a hand with two kans)."""
    start = time.process_time()
    from riichienv import _riichienv as core

    imports = time.process_time() - start
    winds = {"EAST": core.Wind.East, "SOUTH": core.Wind.South, "WEST": core.Wind.West}
    calls = []
    for h in hands:
        in_melds = {i for _, ids, _ in h["melds"] for i in ids}
        melds = [core.Meld(core.MeldType.Pon if pon else core.MeldType.Daiminkan if opened else core.MeldType.Ankan,
                           ids, opened) for pon, ids, opened in h["melds"]]
        c = h["config"]
        conditions = core.Conditions(
            tsumo=c["is_tsumo"], riichi=c["is_riichi"], double_riichi=c["is_daburu_riichi"], ippatsu=c["is_ippatsu"],
            haitei=c["is_haitei"], houtei=c["is_houtei"], rinshan=c["is_rinshan"], chankan=c["is_chankan"],
            player_wind=winds[c["player_wind"]], round_wind=winds[c["round_wind"]], riichi_sticks=c["kyoutaku_number"],
            honba=c["tsumi_number"], kita_count=c["num_nuki_dora"], is_sanma=True, num_players=3)
        calls.append((sorted(t for t in h["tiles"] if t not in in_melds), melds, h["win"], h["dora"], h["ura"],
                      conditions))
    passes = []
    for _ in range(2):
        start = time.process_time()
        for tiles, melds, win, dora, ura, conditions in calls:
            core.HandEvaluator3P(tiles, melds).calc(win, dora, ura, conditions)
        passes.append(time.process_time() - start)
    return {"imports": imports, "tables": 0.0, "first": passes[0], "warm": passes[1]}


if __name__ == "__main__":
    kind, path = sys.argv[1:]
    measure(kind, path)
