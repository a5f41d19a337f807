"""`make bench`: throughput figures, measured on this machine (not asserted in tests).

Each benchmark is a function returning rows of (what, count, seconds); the figure printed is
count / seconds. Times are CPU time of this process (the best of several runs) for in-process
work, wall time for whole commands. Run `python benchmarks/bench.py [NAME ...]` for some of them.
The real games come from the repository's tests/data, unpacked into a temporary folder.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from tabulate import tabulate

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from realdata import unpack  # noqa: E402  (tests/realdata.py: the compressed real games)

from calc.core import tiles as T  # noqa: E402
from calc.core.errors import SanmaError
from calc.scoring.evaluate import evaluate
from calc.core.notation import format_tiles
from calc.core.rules import load
from calc.scoring.request import HandRequest, build, score

DATA_DIR = Path(tempfile.mkdtemp(prefix="sanma-bench-"))  # the real games, unpacked by main()
Row = tuple[str, int, float]
BENCHMARKS: dict[str, Callable[[], list[Row]]] = {}


def benchmark(name: str):
    def register(function: Callable[[], list[Row]]):
        BENCHMARKS[name] = function
        return function

    return register


def best_time(function: Callable[[], object], repeats: int = 7) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        function()
        best = min(best, time.process_time() - start)
    return best


# ---------------------------------------------------------------- hands


def real_win_requests() -> list[HandRequest]:
    """Every win of the real Tenhou games as a `sanma hand` request (its hand facts only)."""
    requests = []
    with open(DATA_DIR / "truth" / "agari.jsonl", encoding="utf-8") as stream:
        for line in stream:
            win = json.loads(line)
            tiles = list(win["closed_hand"])
            tiles.remove(win["win_tile"])
            tiles.append(win["win_tile"])
            melds = [("({})" if m["type"] == "ankan" else "[{}]").format("".join(m["tiles"]))
                     for m in win["melds"] if m["type"] != "nukidora"]
            flags = win["situational"]
            requests.append(HandRequest(
                hand=" ".join(["".join(tiles), *melds]), tsumo=win["tsumo"],
                riichi=win["riichi"] and not win["double_riichi"], double_riichi=win["double_riichi"],
                ippatsu=flags["ippatsu"], rinshan=flags["rinshan"], chankan=flags["chankan"],
                haitei=flags["haitei"], houtei=flags["houtei"], seat=win["seat_wind"],
                round=win["round"]["wind"], dora="".join(win["dora_indicators"]) or None,
                ura="".join(win["ura_indicators"]) or None, nuki=win["nuki_count"], rules="tenhou",
            ))
    return requests


SANMA_TILES = [t for t in range(34) if T.is_sanma_tile(t)]
RUN_STARTS = [t for t in range(T.PIN, T.HONOR) if t % 9 <= 6]


def generated_requests(count: int, seed: int = 7) -> list[HandRequest]:
    """Random complete sanma hands (four sets and a pair, some called), seeded; those with a yaku."""
    rng = random.Random(seed)
    rules = load("standard")
    out: list[HandRequest] = []
    while len(out) < count:
        counts = [0] * 34
        concealed: list[int] = []
        melds: list[str] = []
        while len(concealed) + 3 * len(melds) < 12:
            if rng.random() < 0.55:
                start = rng.choice(RUN_STARTS)
                group, called = [start, start + 1, start + 2], False
            else:
                tile = rng.choice(SANMA_TILES)
                group, called = [tile] * 3, rng.random() < 0.3
            if any(counts[t] + group.count(t) > 4 for t in group):
                continue
            for t in group:
                counts[t] += 1
            if called:
                melds.append("[" + format_tiles([(t, False) for t in group]) + "]")
            else:
                concealed += group
        pair = rng.choice([t for t in SANMA_TILES if counts[t] <= 2])
        concealed += [pair, pair]
        rng.shuffle(concealed)
        request = HandRequest(
            hand=" ".join([format_tiles([(t, False) for t in concealed]), *melds]),
            tsumo=rng.random() < 0.5,
            riichi=not melds and rng.random() < 0.5,
            seat=rng.choice("ESW"),
            round=rng.choice("ES"),
            dora=T.name(rng.choice(SANMA_TILES)),
            nuki=rng.choice((0, 0, 1, 2)),
        )
        try:
            score(request, rules)
        except SanmaError:  # no yaku, or a fifth copy through the indicator or the norths
            continue
        out.append(request)
    return out


@benchmark("hands")
def bench_hands() -> list[Row]:
    """Hands scored per second, in this process, on one core."""
    rows: list[Row] = []
    for label, requests in (("real wins", real_win_requests()), ("generated", generated_requests(3000))):
        rules = load(requests[0].rules)
        built = [build(r, rules) for r in requests]
        rows.append((f"evaluate (yaku, fu, han, value), {label}", len(built),
                     best_time(lambda: [evaluate(h, c, r) for h, c, r in built])))
        rows.append((f"score from text (parse, check, evaluate, pay), {label}", len(requests),
                     best_time(lambda: [score(q, rules) for q in requests])))
    return rows


@benchmark("batch")
def bench_batch() -> list[Row]:
    """`sanma hand --batch` end to end: start-up, JSON in, JSON out (wall time)."""
    requests = real_win_requests()
    lines = [json.dumps({k: v for k, v in vars(r).items() if v != getattr(HandRequest(hand=""), k) or k == "hand"})
             for r in requests] * 4
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as stream:
        stream.write("\n".join(lines) + "\n")
        path = stream.name
    try:
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "calc", "hand", "--batch", path], capture_output=True, text=True,
                              check=True)
        seconds = time.perf_counter() - start
    finally:
        os.unlink(path)
    assert done.stdout.count("\n") == len(lines)
    return [("sanma hand --batch, real wins x4 (wall, start-up included)", len(lines), seconds)]


@benchmark("replay")
def bench_replay() -> list[Row]:
    """Tenhou logs (issue 5): reading in this process, and the whole `sanma replay` of the real mjlog
    games with every hand, draw and final result checked (wall time; target under 1.5 s)."""
    from calc.logs import parse_log

    files = sorted((DATA_DIR / "mjlog").glob("*.xml"))
    if not files:
        return []
    blobs = [(f.read_bytes(), str(f)) for f in files]
    rules = load("tenhou")
    read = best_time(lambda: [parse_log(data, name, rules) for data, name in blobs], repeats=3)
    walls = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "calc", "replay", str(DATA_DIR / "mjlog")], stdout=subprocess.DEVNULL,
                       check=True)
        walls.append(time.perf_counter() - start)
    return [("read Tenhou mjlog games (one core)", len(files), read),
            ("sanma replay, every hand checked (wall, all cores, start-up included)", len(files), min(walls))]


@benchmark("simulate")
def bench_simulate() -> list[Row]:
    """Simulated half games (issue 6): tile by tile with the default (calibrated) bots, settled under the profile's
    scheme, on one core and on every core (target: 30 per second); and the whole
    `sanma compare --matches 1000 --schemes all` (wall time; target under a minute)."""
    from calc.sim import run as SR

    setup = SR.setup(load("tenhou"), schemes=("tsumo-loss",), bots=SR.B.BOTS[0], seed="bench")
    one = 60
    start = time.perf_counter()
    list(SR.run(setup, one, want_tally=True, workers=1))
    single = time.perf_counter() - start
    many = 300
    start = time.perf_counter()
    list(SR.run(setup, many, want_tally=True))
    every = time.perf_counter() - start
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "calc", "compare", "--matches", "1000", "--schemes", "all", "--seed", "1"],
                   stdout=subprocess.DEVNULL, check=True)
    compare = time.perf_counter() - start
    return [("simulated half games, one core (wall)", one, single),
            (f"simulated half games, {os.cpu_count()} cores (wall)", many, every),
            ("sanma compare --matches 1000 --schemes all (wall, matches)", 1000, compare)]


def main(argv: list[str]) -> None:
    names = argv or list(BENCHMARKS)
    unknown = [n for n in names if n not in BENCHMARKS]
    if unknown:
        sys.exit(f"unknown benchmark {unknown[0]!r}; choose from {', '.join(BENCHMARKS)}")
    rows = []
    unpack(DATA_DIR)
    try:
        for name in names:
            for what, count, seconds in BENCHMARKS[name]():
                rows.append((what, count, f"{seconds:.3f}", f"{count / seconds:,.0f}"))
    finally:
        shutil.rmtree(DATA_DIR, ignore_errors=True)
    print(tabulate(rows, headers=["benchmark", "items", "seconds", "per second"], tablefmt="simple",
                   colalign=("left", "right", "right", "right")))


if __name__ == "__main__":
    main(sys.argv[1:])
