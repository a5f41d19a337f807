"""`make bench`: how fast the Tenhou logs are read and replayed (issue 5's acceptance figures).

Needs the shared data beside the repository (../shared/data/tenhou-sanma).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou-sanma"


def _best(runs: int, work) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def bench_logs() -> None:
    from calc import rules
    from calc.logs import parse_log

    files = sorted((DATA / "mjlog").glob("*.xml"))
    if not files:
        print(f"no Tenhou logs at {DATA}; skipped")
        return
    blobs = [(f.read_bytes(), str(f)) for f in files]
    tenhou = rules.load("tenhou")
    read = _best(5, lambda: [parse_log(data, name, tenhou) for data, name in blobs])
    print(f"read {len(files)} mjlog games (one core, in memory): {read:.3f} s, {len(files) / read:.0f} games/s")

    sanma = shutil.which("sanma", path=str(Path(sys.executable).parent)) or "sanma"
    command = [sanma, "replay", str(DATA / "mjlog")]

    def run() -> None:
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)

    wall = _best(3, run)
    print(f"sanma replay, {len(files)} games fully checked (whole command, wall): {wall:.3f} s, "
          f"{len(files) / wall:.0f} games/s (target < 1.5 s)")


def main() -> None:
    bench_logs()


if __name__ == "__main__":
    main()
