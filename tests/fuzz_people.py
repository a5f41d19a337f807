"""`make fuzz`'s second half: the generator of what people write (tests/people.py) at any size.

    python tests/fuzz_people.py --examples 2000 [--seed N] [--only hands,records,...]

Each strategy gets `--examples` inputs at a seed of its own (from `--seed`, by default a new one,
printed so that a run can be repeated), each held to the three oracles; a problem is shrunk by
hypothesis to a small input, printed, and the run goes on with the next strategy. At the end it
prints what was covered, kind by kind, and exits 1 if anything was found. Ctrl-C stops the strategy
being run and prints the summary so far.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script: tests/ holds the helpers

import people  # noqa: E402


def _records(data, edits, folder):
    return people.check_record(data, folder)


def _served(data, edits, folder):
    return people.check_served(data, folder)


# name -> (strategy, check, whether the check writes files, its share of --examples)
STRATEGIES = {
    "hands": (people.hands, people.check_hand, False, 1.0),
    "records": (people.records, _records, True, 1.0),
    "serve": (people.records, _served, True, 0.02),  # a server per record: a fiftieth as many
    "profiles": (people.profiles, people.check_profile, True, 1.0),
    "schemes": (people.schemes, people.check_scheme, True, 1.0),
    "command-lines": (people.command_lines, people.check_command_line, False, 1.0),
    "keep-sessions": (people.keep_sessions, people.check_keep_session, True, 0.5),
    "log-edits": (people.log_edits, people.check_log_edit, True, 1.0),
}


def run(name: str, examples: int, at: int) -> list[str]:
    make, check, writes, _ = STRATEGIES[name]
    try:
        people.generate(make(), check, examples, at=at, folder=writes)
    except AssertionError as failure:
        return [f"{name}: {failure}"]
    except Exception as crash:  # noqa: BLE001 - a crash in a door is a finding too
        return [f"{name}: {type(crash).__name__}: {crash}"]
    return []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=2000, help="inputs per strategy (default 2000)")
    parser.add_argument("--seed", type=int, default=None, help="the run's seed (default: a new one, printed)")
    parser.add_argument("--only", default=",".join(STRATEGIES), help="comma-separated strategies: " +
                        ", ".join(STRATEGIES))
    args = parser.parse_args()
    at = args.seed if args.seed is not None else random.randrange(2**32)
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in STRATEGIES]
    if unknown:
        parser.error(f"unknown strategy {unknown[0]!r}; strategies: {', '.join(STRATEGIES)}")
    print(f"people: seed {at}, up to {args.examples} inputs per strategy ({', '.join(names)})", file=sys.stderr)
    found: list[str] = []
    started = time.monotonic()
    try:
        for k, name in enumerate(names):
            examples = max(1, round(args.examples * STRATEGIES[name][3]))
            print(f"  {name}: {examples} inputs ...", file=sys.stderr, flush=True)
            found += run(name, examples, at + k)
    except KeyboardInterrupt:
        print("interrupted: the summary so far", file=sys.stderr)
    print(f"people: {time.monotonic() - started:.0f} s, seed {at}; covered:")
    for kind, count in sorted(people.covered.items()):
        print(f"  {kind}: {count}")
    print(f"{len(found)} problem(s)" + (":" if found else ""))
    for problem in found:
        print(f"- {problem}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
