"""How many worker processes a command may start (`--workers` of hand --batch, replay, simulate,
compare): one rule for all of them; and how work is handed to them without listing it up front."""

from __future__ import annotations

import os
from collections import deque
from typing import Callable, Iterable, Iterator, TypeVar

from calc.core.errors import UsageError

Task = TypeVar("Task")
Answer = TypeVar("Answer")


def max_workers() -> int:
    """Processes beyond twice the cores only wait for each other and cost memory."""
    return 2 * (os.cpu_count() or 1)


def check(workers: int | None) -> None:
    """None (the command's default) or 1 to twice the cores; else a usage error with the reason."""
    if workers is None:
        return
    if workers < 1:
        raise UsageError(f"--workers {workers}: give 1 or more processes")
    if workers > max_workers():
        raise UsageError(f"--workers {workers}: this machine has {os.cpu_count() or 1} core(s); more than "
                         f"{max_workers()} processes make the run no faster, only heavier")


def in_order(pool, function: Callable[[Task], Answer], tasks: Iterable[Task], ahead: int) -> Iterator[Answer]:
    """`function` over `tasks` on a multiprocessing pool, the results in the tasks' order. At most
    `ahead` tasks are with the pool at once and the next is made only when a result comes back, so
    a long run's tasks are never listed up front (Pool.imap takes them all as fast as it can)."""
    pending: deque = deque()
    for task in tasks:
        pending.append(pool.apply_async(function, (task,)))
        if len(pending) >= ahead:
            yield pending.popleft().get()
    while pending:
        yield pending.popleft().get()
