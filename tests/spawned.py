"""What a command started by a test needs to behave as one started at a terminal."""

from __future__ import annotations

import signal


def interruptible() -> None:
    """`preexec_fn` of a spawned command that a test interrupts (Ctrl-C, SIGINT): a shell that runs a job
    in the background (a CI runner, `make test &`) starts it with SIGINT ignored, every child inherits
    that, and Python then keeps it ignored, so Ctrl-C would never reach the command under test."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
