"""Python's garbage collector eased while a long run of hands or games is worked (`sanma hand
--batch`, `sanma replay`).

Each hand or game allocates tuples, lists, dicts and elements by the thousand that their reference
counts free (none is kept, no cycle is made), yet every 700 allocations the collector walked the
young ones, and each of its older passes walked every object of the start-up too: perf counted a
fifth of a batch line's time and a twentieth of a replay's in it. So the start-up's objects are
frozen out of its walks (gc.freeze; worker processes forked after it inherit that) and a young pass
runs every 20,000 allocations: whatever garbage cycle a run leaves (an error's traceback, say) is
still collected, at most 20,000 objects late, so memory stays bounded however long the run is
(docs/benchmarks.md: a batch of 3,000 or 30,000 lines peaks at the same 24 MB).
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

YOUNG_THRESHOLD = 20_000  # allocations between young passes while eased (CPython's default: 700)


@contextmanager
def eased() -> Iterator[None]:
    """The collector eased inside the block, put back as it was after it. A caller's own frozen
    objects stay frozen, and then so do those the block froze (gc cannot unfreeze only some; frozen
    objects are still freed by reference counting)."""
    thresholds = gc.get_threshold()
    frozen_before = gc.get_freeze_count()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        if not frozen_before:
            gc.unfreeze()
