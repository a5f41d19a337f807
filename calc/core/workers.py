"""How many worker processes a command may start (`--workers` of hand --batch, replay, simulate,
compare): one rule for all of them."""

from __future__ import annotations

import os

from calc.core.errors import SanmaError


def max_workers() -> int:
    """Processes beyond twice the cores only wait for each other and cost memory."""
    return 2 * (os.cpu_count() or 1)


def check(workers: int | None, error: type[SanmaError] = SanmaError) -> None:
    """None (the command's default) or 1 to twice the cores; else `error` with the reason."""
    if workers is None:
        return
    if workers < 1:
        raise error(f"--workers {workers}: give 1 or more processes")
    if workers > max_workers():
        raise error(f"--workers {workers}: this machine has {os.cpu_count() or 1} core(s); more than "
                    f"{max_workers()} processes make the run no faster, only heavier")
