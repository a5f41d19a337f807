"""`make fuzz MATCHES=N`: the differential harness (tests/doors.py) on N simulated matches, on every
core, with a progress line; prints what the matches covered and every disagreement (the seed, the
door and the first differing hand), and exits 1 if there was one.

    python tests/fuzz_doors.py --matches 10000 [--workers N] [--seed fuzz] [--start 0] [--checked]
                               [--mutations 50]

A match's seed is `--seed` and its number: `doors.check(doors.case(n, seed))` replays one.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from collections import Counter
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import doors  # noqa: E402

_options: argparse.Namespace | None = None


def _init(options: argparse.Namespace) -> None:
    global _options
    _options = options
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the run (and then the workers)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _one(n: int) -> doors.Result:
    o = _options
    try:
        return doors.check(doors.case(n, o.seed), mutate=n % o.mutate_every == 0, checked=o.checked)
    except Exception as exc:  # noqa: BLE001 - a crash in the harness is a finding, not the end of the run
        result = doors.Result(doors.case(n, o.seed))
        result.failures.append(f"{result.case}: harness: {type(exc).__name__}: {exc}")
        return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10000)
    parser.add_argument("--start", type=int, default=0, help="the first match number")
    parser.add_argument("--seed", default="fuzz")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--checked", action="store_true", help="the simulator's invariants after every event too")
    parser.add_argument("--mutate-every", type=int, default=1, help="break the records of every Nth match")
    options = parser.parse_args(argv)
    if options.matches < 1 or options.workers < 1 or options.mutate_every < 1:
        parser.error("--matches, --workers and --mutate-every take 1 or more")
    numbers = range(options.start, options.start + options.matches)
    kinds, refused, profiles, failures = Counter(), Counter(), Counter(), []
    started = time.monotonic()
    done = 0
    context = get_context("fork" if sys.platform != "win32" else "spawn")
    stopped = False
    # Ctrl-C or `kill PID` stops the run with the summary of the matches done so far (SIGINT is set
    # again: a job started in the background has it ignored)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    with context.Pool(options.workers, initializer=_init, initargs=(options,)) as pool:
        try:
            for result in pool.imap_unordered(_one, numbers, chunksize=4):
                done += 1
                kinds.update(result.kinds)
                refused.update(result.mutations)
                profiles[result.case.profile] += 1
                for failure in result.failures:
                    failures.append(failure)
                    print(f"\rDISAGREEMENT {failure}", file=sys.stderr, flush=True)
                if done % 10 == 0 or done == options.matches:
                    elapsed = time.monotonic() - started
                    left = elapsed / done * (options.matches - done)
                    print(f"\r{done}/{options.matches} matches, {len(failures)} disagreement(s), {elapsed:.0f} s, "
                          f"~{left:.0f} s left ", end="", file=sys.stderr, flush=True)
        except KeyboardInterrupt:  # Ctrl-C (or SIGINT): the summary of the matches done so far
            stopped = True
            pool.terminate()
    print(file=sys.stderr)
    elapsed = time.monotonic() - started
    # unordered: a stopped run has done `done` matches of the range, not its first `done`
    which = f"{done} of seeds" if stopped else "seeds"
    print(f"{done} matches ({which} {options.seed} {numbers.start}-{numbers.stop - 1}"
          f"{', stopped' if stopped else ''}) on {options.workers} process(es) in {elapsed:.0f} s, "
          f"through {', '.join(doors.DOORS)}")
    print("profiles: " + ", ".join(f"{p} {profiles[p]}" for p in doors.PROFILES))
    print("covered:")
    for kind in doors.KINDS:
        print(f"  {kind:38s} {kinds[kind]:7d}")
    for kind in sorted(set(kinds) - set(doors.KINDS)):
        print(f"  {kind:38s} {kinds[kind]:7d}")
    print("broken records refused:")
    for kind in sorted(refused):
        print(f"  {kind:38s} {refused[kind]:7d}")
    if failures:
        print(f"{len(failures)} disagreement(s):")
        for failure in failures:
            print(f"  {failure}")
        return 1
    print("no disagreement")
    return 0


if __name__ == "__main__":
    sys.exit(main())
