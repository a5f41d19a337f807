"""`make bench`: throughput figures, measured on this machine (not asserted in tests).

Each benchmark is a function returning rows of (what, count, seconds); the figure printed is
count / seconds. Run `python benchmarks/bench.py [NAME ...]` for some of them. The real games
come from the repository's tests/data, unpacked into a temporary folder.

The hand benchmarks measure a FIRST pass over hands the measuring process has never seen: the
hands (benchmarks/hands.py: real wins, deduplicated, and seeded random hands, all distinct) are written to
a file, and each figure comes from a fresh Python process that scores every hand exactly once (no
earlier pass, no best-of-N over the same inputs), then once more (warm). Figures are CPU time;
`sanma hand --batch` is its loop after the start-up, timed in the process (benchmarks/measure.py).
The `mahjong` package (the test oracle) scores the same hands in the same run, from its own input
format prepared before its clock starts.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from tabulate import tabulate

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from realdata import unpack  # noqa: E402  (tests/realdata.py: the compressed real games)
from hands import generated_lines, real_win_lines, situation_lines  # noqa: E402  (benchmarks/hands.py)

from calc.core import tiles as T  # noqa: E402
from calc.core.rules import load  # noqa: E402

# Folders of one `make bench` run, made by main() in one temporary folder and removed with it (the
# child processes that time the hands, `bench.py _measure`, make none): the real games, unpacked,
# and the bytecode the timed commands write
DATA_DIR = PYCACHE = Path()
Row = tuple[str, int, float]
BENCHMARKS: dict[str, Callable[[], list[Row]]] = {}
HERE = Path(__file__).resolve()


def benchmark(name: str):
    def register(function: Callable[[], list[Row]]):
        BENCHMARKS[name] = function
        return function

    return register


# ---------------------------------------------------------------- hands


def _fresh(*args: str, pure: bool = False) -> dict:
    """Run benchmarks/measure.py in a fresh Python process, as installed (bytecode kept); its JSON
    answer. `pure`: on the pure source (SANMA_PURE_PYTHON=1: the compiled modules hidden)."""
    env = {**_installed_env(), "SANMA_PURE_PYTHON": "1"} if pure else _installed_env()
    done = subprocess.run([sys.executable, str(HERE.with_name("measure.py")), *args], capture_output=True, text=True,
                          check=True, env=env)
    return json.loads(done.stdout)


def _run(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child: user + system) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=False, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _sanma() -> list[str]:
    script = Path(sys.executable).with_name("sanma")
    return [str(script)] if script.exists() else [sys.executable, "-m", "calc"]


# The ratios printed under the table, each the median of the rounds' own: (what, ours, the anchor's)
RATIO_ROWS = (
    ("calc.score cold", "score cold", "mahjong cold"),
    ("calc.score cold with the imports", "score imports", "mahjong imports"),
    ("sanma hand --batch cold (CPU, marginal)", "batch cold", "mahjong cold"),
    ("calc.score warm", "score warm", "mahjong warm"),
    ("sanma hand --batch warm", "batch warm", "mahjong warm"),
)
TARGETS = {"calc.score cold": 4.0, "sanma hand --batch cold (CPU, marginal)": 4.0}  # ratios to reach
HAND_ROUNDS = 7  # rounds of the hand figures
RATIOS: list[str] = []
# the hand sets timed (benchmarks/hands.py), the first also on the pure source
HAND_LINES: dict[str, Callable[[], list[dict]]] = {
    "situations": situation_lines, "real wins": real_win_lines, "generated": generated_lines}


def _mahjong_input(lines: list[dict]) -> list[dict]:
    """The hands in the `mahjong` package's own terms, as plain data (136-tile ids: a red five is
    the first copy, which the package reads as red; melds; indicators; the situation): made here,
    so that the measuring process imports nothing of ours."""
    from calc.scoring.hand import PON
    from calc.scoring.request import HandRequest, build

    winds = {T.EAST: "EAST", T.SOUTH: "SOUTH", T.WEST: "WEST"}
    out = []
    for line in lines:
        hand, context, rules = build(HandRequest(**line))
        copies: dict[int, int] = {}
        red = {t for t in rules.game.red_fives}

        def tile_id(tile: int, is_red: bool = False) -> int:
            if is_red:
                return tile * 4  # the package's red five is the first copy of the five
            copies[tile] = copies.get(tile, 1 if tile in red else 0) + 1
            return tile * 4 + copies[tile] - 1

        reds = list(hand.concealed_red)
        concealed = []
        for t in hand.concealed:
            concealed.append(tile_id(t, t in reds))
            if t in reds:
                reds.remove(t)
        win_id = next(i for i, t in zip(concealed, hand.concealed)
                      if t == hand.win_tile and (t not in red or (i % 4 == 0) == hand.win_red))
        melds, every = [], list(concealed)
        for meld in hand.melds:
            ids = [tile_id(t, is_red) for t, is_red in meld.tiles]
            every += ids
            melds.append([meld.kind == PON, ids, meld.opened])
        out.append({
            "tiles": every, "win": win_id, "melds": melds, "dora": [tile_id(t) for t in context.dora_indicators],
            "ura": [tile_id(t) for t in context.ura_indicators],
            "config": dict(is_tsumo=context.tsumo, is_riichi=context.riichi or context.double_riichi,
                           is_daburu_riichi=context.double_riichi, is_ippatsu=context.ippatsu,
                           is_rinshan=context.rinshan, is_chankan=context.chankan, is_haitei=context.haitei,
                           is_houtei=context.houtei, player_wind=winds[context.seat_wind],
                           round_wind=winds[context.round_wind], num_nuki_dora=context.nuki,
                           tsumi_number=context.honba, kyoutaku_number=context.sticks),
            "options": dict(has_open_tanyao=rules.hand.open_tanyao, has_aka_dora=bool(rules.game.red_fives),
                            has_double_yakuman=rules.hand.double_yakuman,
                            kazoe_limit=0 if rules.hand.kazoe == "yakuman" else 1,
                            kiriage=rules.hand.kiriage_mangan, fu_for_open_pinfu=True, fu_for_pinfu_tsumo=False,
                            is_three_player=True),
        })
    return out


@benchmark("hands")
def bench_hands() -> list[Row]:
    """Unseen hands scored once each, cold and warm, ours and the `mahjong` package's in turn.

    Cold: a fresh process scores every hand once (benchmarks/measure.py): the first pass, with the
    shipped tables' load (ours: everything a first hand fills or reads, the profile included), and
    beside it with the imports too (ours: `import calc` and its first call's; the anchor's: its
    modules). Warm: the same process scores them all again. `sanma hand --batch`: the loop the
    command runs after its start-up (`calc.cli.hand.run_batch`) timed in a fresh process, on the
    file, then again (warm); the first line's profile and caches count, the start-up does not (it
    has its own row). Each round runs every measurement once, ours and the anchor's in turn,
    HAND_ROUNDS rounds; a ratio is the median of the rounds' own."""
    rows: list[Row] = []
    moonshot = _installed("riichienv", "riichienv 0.4.11 (the moonshot of the hand figures)")
    folder = Path(tempfile.mkdtemp(prefix="sanma-bench-hands-"))
    try:
        for label, make_lines in HAND_LINES.items():
            lines = make_lines()
            count = len(lines)
            path = folder / f"{label.replace(' ', '-')}.jsonl"
            text = "".join(json.dumps(line) + "\n" for line in lines)
            path.write_text(text, encoding="utf-8")
            theirs = folder / f"{label.replace(' ', '-')}-mahjong.json"
            theirs.write_text(json.dumps(_mahjong_input(lines)), encoding="utf-8")
            runs: dict[str, list[float]] = {}
            first = label == next(iter(HAND_LINES))
            for _ in range(HAND_ROUNDS):  # one round: every measurement once, ours and the anchor's in turn
                ours = _fresh("score", str(path))
                anchor = _fresh("mahjong", str(theirs))
                batch = _fresh("batch", str(path))
                measured = {
                    "score cold": ours["tables"] + ours["first"], "score imports": ours["imports"] + ours["first"],
                    "score warm": ours["warm"],
                    "mahjong cold": anchor["first"], "mahjong imports": anchor["imports"] + anchor["first"],
                    "mahjong warm": anchor["warm"],
                    "batch cold": batch["first"], "batch warm": batch["warm"],
                }
                if first:
                    pure = _fresh("score", str(path), pure=True)
                    measured["score pure"] = pure["tables"] + pure["first"]
                    if moonshot:
                        rust = _fresh("riichienv", str(theirs))
                        measured["riichienv cold"] = rust["first"]
                        runs.setdefault("riichienv share", []).append(measured["score cold"] / rust["first"])
                for name, seconds in measured.items():
                    runs.setdefault(name, []).append(seconds)
                for ours_name, key, anchor_key in RATIO_ROWS:
                    runs.setdefault(f"ratio {ours_name}", []).append(measured[anchor_key] / measured[key])
            median = {name: statistics.median(times) for name, times in runs.items()}
            rows += [
                (f"calc.score, {label}, cold: fresh process, first pass, tables' load (CPU)", count, median["score cold"]),
                (f"calc.score, {label}, cold with the imports (CPU)", count, median["score imports"]),
                (f"calc.score, {label}, warm: second pass (CPU)", count, median["score warm"]),
                (f"sanma hand --batch, {label}, cold (CPU, marginal)", count, median["batch cold"]),
                (f"sanma hand --batch, {label}, warm (CPU, marginal)", count, median["batch warm"]),
                (f"mahjong package, {label}, cold: first pass (CPU)", count, median["mahjong cold"]),
                (f"mahjong package, {label}, cold with the imports (CPU)", count, median["mahjong imports"]),
                (f"mahjong package, {label}, warm (CPU)", count, median["mahjong warm"]),
            ]
            if first:
                rows.append((f"calc.score on the pure source, {label}, cold (CPU)", count, median["score pure"]))
            if first and moonshot:
                rows.append((f"RiichiEnv 0.4.11 HandEvaluator3P, {label}, first pass (CPU)", count,
                             median["riichienv cold"]))
                share = statistics.median(runs["riichienv share"])
                NOTES.append(f"calc.score cold / RiichiEnv's HandEvaluator3P (Rust), {label}: RiichiEnv is "
                             f"{share:.1f}x as fast (the moonshot, within 3x: {'met' if share <= 3 else 'not met'})")
            for ours_name, _, _ in RATIO_ROWS:
                target = TARGETS.get(ours_name)
                ratios = runs[f"ratio {ours_name}"]
                verdict = "" if target is None else f" (target {target:g}x: {'met' if median[f'ratio {ours_name}'] >= target else 'not met'})"
                RATIOS.append(f"{ours_name} / mahjong package, {label}: {median[f'ratio {ours_name}']:.2f}x, "
                              f"rounds {min(ratios):.2f}-{max(ratios):.2f}x{verdict}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return rows


def _start_to_exit(command: list[str], what: str, target: float) -> list[tuple[float, float]]:
    """A one-answer command timed start to exit, as installed (bytecode written by a first run, not
    counted; median of 11) and where Python writes none (median of 5); a note with both and the
    target (wall seconds). Returns the runs with bytecode: (wall, CPU) each."""
    env = _installed_env()
    _run(command, env)
    runs = [_run(command, env) for _ in range(11)]
    with_bytecode = statistics.median(w for w, _ in runs)
    # an empty cache folder: no bytecode read either (a tree's own __pycache__ may hold some)
    bare = {**env, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": str(PYCACHE / "none")}
    without = statistics.median(_run(command, bare)[0] for _ in range(5))
    NOTES.append(f"{what}, start to exit: {with_bytecode:.3f} s wall with bytecode (median of 11), "
                 f"{without:.3f} s where Python writes none (median of 5); target < {target:g} s: "
                 f"{'met' if with_bytecode < target else 'not met'}")
    return runs


@benchmark("startup")
def bench_startup() -> list[Row]:
    """`sanma hand "<hand>"`: one answer, the whole process (median of 11 runs; target < 100 ms wall)."""
    command = [*_sanma(), "hand", "123p456p789s99p234s", "--tsumo", "--seat", "S"]
    runs = _start_to_exit(command, "sanma hand \"<hand>\"", 0.1)
    return [("sanma hand \"<hand>\" start to exit (wall, median; 1 hand)", 1, statistics.median(w for w, _ in runs)),
            ("sanma hand \"<hand>\" start to exit (CPU, median; 1 hand)", 1, statistics.median(c for _, c in runs))]


# ---------------------------------------------------------------- anchors: paired whole processes

PAIRS = 5  # paired runs (ours, the anchor's, in turn) per anchored figure; medians are printed
NOTES: list[str] = []  # lines printed under the table: each anchored figure's ratio, or why it was skipped

def _installed_env() -> dict[str, str]:
    """The environment of a timed command: Python writes and reads its bytecode (in a folder of
    this run's), as any `pip install` leaves a package; the first run of each command, not timed,
    writes it. Where Python writes none (PYTHONDONTWRITEBYTECODE, as on the development machine)
    every start compiles the sources of the modules that are not compiled with mypyc."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    return env


def _paired(ours: list[str], anchor: list[str], pairs: int = PAIRS) -> tuple[list, list]:
    """Each command `pairs` times, in turn (ours, the anchor's, ours, ...), after one run of each
    that is not counted: so a machine whose speed drifts slows both alike."""
    env = _installed_env()
    _run(ours, env)
    _run(anchor, env)
    a, b = [], []
    for _ in range(pairs):
        a.append(_run(ours, env))
        b.append(_run(anchor, env))
    return a, b


def _ratio_note(what: str, ours: list, anchor: list, target: float) -> None:
    """The median of the pair-by-pair speed ratios (the anchor's time over ours), wall and CPU."""
    wall = statistics.median(b[0] / a[0] for a, b in zip(ours, anchor))
    cpu = statistics.median(b[1] / a[1] for a, b in zip(ours, anchor))
    NOTES.append(f"{what}: {wall:.2f}x the anchor's speed (wall), {cpu:.2f}x (CPU), median of "
                 f"{len(ours)} paired runs; target {target:g}x: {'met' if min(wall, cpu) >= target else 'not met'}")


def _installed(module: str, hint: str) -> bool:
    import importlib.util

    if importlib.util.find_spec(module) is None:
        NOTES.append(f"skipped: {hint} is not installed in this environment (make bench-anchors installs it)")
        return False
    return True


@benchmark("replay")
def bench_replay() -> list[Row]:
    """Tenhou logs: reading in this process, and the whole `sanma replay` of the real mjlog games
    (every hand, draw and final result checked), paired with `jansou-validate -j 1` on the same
    files (jansou 0.14.0, which checks the wins' scores; target: sanma 2x its speed)."""
    from calc.logs import parse_log

    files = sorted((DATA_DIR / "mjlog").glob("*.xml"))
    if not files:
        return []
    blobs = [(f.read_bytes(), str(f)) for f in files]
    rules = load("tenhou")
    start = time.process_time()
    for data, name in blobs:  # a first pass: this process has read none of them
        parse_log(data, name, rules)
    read = time.process_time() - start
    rows: list[Row] = [("read Tenhou mjlog games, first pass (one core, CPU)", len(files), read)]
    ours = [*_sanma(), "replay", str(DATA_DIR / "mjlog")]
    jansou = shutil.which("jansou-validate", path=str(Path(sys.executable).parent)) or shutil.which("jansou-validate")
    if jansou is None:
        _installed("jansou", "jansou (the anchor of `sanma replay`)")
        wall, cpu = _run(ours, _installed_env())
        return [*rows, ("sanma replay, every hand checked (wall, all cores, start-up included)", len(files), wall)]
    anchor = [jansou, "-j", "1", "-q", str(DATA_DIR / "mjlog" / "*.xml")]
    a, b = _paired(ours, anchor)
    rows += [("sanma replay, every hand checked (wall, all cores, start-up included)", len(files),
              statistics.median(w for w, _ in a)),
             ("sanma replay (CPU, all processes)", len(files), statistics.median(c for _, c in a)),
             ("anchor: jansou-validate -j 1 (wall)", len(files), statistics.median(w for w, _ in b)),
             ("anchor: jansou-validate -j 1 (CPU)", len(files), statistics.median(c for _, c in b))]
    _ratio_note("sanma replay of the 201 games against jansou-validate -j 1", a, b, 2.0)
    a1, b1 = _paired([*ours[:-1], "--workers", "1", ours[-1]], anchor, pairs=3)
    rows.append(("sanma replay --workers 1 (wall)", len(files), statistics.median(w for w, _ in a1)))
    _ratio_note("sanma replay --workers 1 against jansou-validate -j 1", a1, b1, 2.0)
    return rows


SIM_GAMES = 200  # half games per timed simulation (a fresh process each: the per-suit tables fill during the run)


@benchmark("simulate")
def bench_simulate() -> list[Row]:
    """Simulated half games with the default (calibrated) bots, one process, start-up included:
    `sanma simulate --workers 1`, paired with RiichiEnv 0.4.11 playing sanma half games driven by a
    Python agent that discards to the lowest shanten (benchmarks/riichienv_agent.py; target: 1.2x
    its half games per second); `sanma simulate --matches 1` start to exit (target < 0.15 s wall);
    and the whole `sanma compare --matches 1000 --schemes all` (wall time; target under a minute)."""
    rows: list[Row] = []
    ours = [*_sanma(), "simulate", "--workers", "1", "--matches", str(SIM_GAMES), "--seed", "1"]
    if _installed("riichienv", "riichienv 0.4.11 (the anchor of `sanma simulate`)"):
        anchor = [sys.executable, str(HERE.with_name("riichienv_agent.py")), str(SIM_GAMES)]
        a, b = _paired(ours, anchor, pairs=3)
        rows += [("sanma simulate --workers 1, half games (wall)", SIM_GAMES, statistics.median(w for w, _ in a)),
                 ("sanma simulate --workers 1, half games (CPU)", SIM_GAMES, statistics.median(c for _, c in a)),
                 ("anchor: RiichiEnv + shanten agent, half games (wall)", SIM_GAMES, statistics.median(w for w, _ in b)),
                 ("anchor: RiichiEnv + shanten agent, half games (CPU)", SIM_GAMES, statistics.median(c for _, c in b))]
        _ratio_note(f"sanma simulate --workers 1 ({SIM_GAMES} half games) against RiichiEnv", a, b, 1.2)
    else:
        wall, cpu = _run(ours, _installed_env())
        rows.append(("sanma simulate --workers 1, half games (CPU)", SIM_GAMES, cpu))
    one = [*_sanma(), "simulate", "--matches", "1"]
    _start_to_exit(one, "sanma simulate --matches 1", 0.15)
    env = _installed_env()
    wall, _ = _run([*_sanma(), "compare", "--matches", "1000", "--schemes", "all", "--seed", "1"], env)
    rows.append(("sanma compare --matches 1000 --schemes all (wall, matches)", 1000, wall))
    return rows


def _peak_memory(command: list[str]) -> tuple[float, int]:
    """(wall seconds, the peak resident memory in KB of the largest process) of one command, run
    from a fresh Python process so that no earlier child's peak counts."""
    probe = ("import resource, subprocess, sys, time; start = time.perf_counter(); "
             "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True); "
             "print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    done = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True, text=True, check=True,
                          env=_installed_env())
    wall, peak = done.stdout.split()
    return float(wall), int(peak)


MEMORY_MATCHES = (300, 3000)  # compare runs whose peaks `make bench` prints: the growth per match between


@benchmark("memory")
def bench_memory() -> list[Row]:
    """`sanma compare --workers 1` under all schemes: the peak memory of a short and a long run
    (target: under 250 MB at 3,000 matches) and the growth per match between them; the comparison
    keeps no match (its figures and intervals accumulate), so what grows is the bounded caches filling."""
    peaks = {}
    for matches in MEMORY_MATCHES:
        wall, peaks[matches] = _peak_memory([*_sanma(), "compare", "--matches", str(matches), "--workers", "1",
                                             "--schemes", "all", "--seed", "1"])
        NOTES.append(f"sanma compare --matches {matches} --workers 1 --schemes all: peak {peaks[matches] / 1024:.0f} MB, "
                     f"{wall:.1f} s wall" + ("; target under 250 MB: " + ("met" if peaks[matches] < 250 * 1024
                                                                            else "not met")
                                             if matches >= 3000 else ""))
    low, high = MEMORY_MATCHES
    NOTES.append(f"memory per match between {low} and {high} matches: "
                 f"{(peaks[high] - peaks[low]) / (high - low):.1f} KB")
    return []


def main(argv: list[str]) -> None:
    names = argv or list(BENCHMARKS)
    unknown = [n for n in names if n not in BENCHMARKS]
    if unknown:
        sys.exit(f"unknown benchmark {unknown[0]!r}; choose from {', '.join(BENCHMARKS)}")
    rows = []
    global DATA_DIR, PYCACHE
    work = Path(tempfile.mkdtemp(prefix="sanma-bench-"))
    DATA_DIR, PYCACHE = work / "games", work / "pycache"
    try:
        unpack(DATA_DIR)
        for name in names:
            for what, count, seconds in BENCHMARKS[name]():
                rows.append((what, count, f"{seconds:.3f}", f"{count / seconds:,.0f}"))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    from calc import compiled

    print(f"sanma build: {compiled.build()} (python {sys.version.split()[0]})")
    print(tabulate(rows, headers=["benchmark", "items", "seconds", "per second"], tablefmt="simple",
                   colalign=("left", "right", "right", "right")))
    for line in RATIOS:
        print(line)
    for note in NOTES:
        print(note)


if __name__ == "__main__":
    main(sys.argv[1:])
