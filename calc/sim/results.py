"""What `sanma simulate` and `sanma compare` (and `calc.simulate`, `calc.compare`) return: a run's
figures as domain values that know their `--json` object (`to_dict()`, docs/json.md).

A run keeps no match: the figures accumulate as the matches stream past (calc.sim.stats.Tally and
Moments, calc.sim.compare.Comparison, calc.sim.realism.Spreads), so a result's size does not grow
with its matches, and two results of the same setup pool (`a + b`) into the figures and intervals
of all their matches, exactly as one run of them would give.
"""

from __future__ import annotations

from typing import Any

from calc.core.output import stamp
from calc.sim import truth
from calc.sim.compare import BASELINE, Comparison
from calc.sim.realism import NOT_HELD, Spreads, realism_dict
from calc.sim.report import EXTENSION_NAME, compare_dict, simulate_dict
from calc.sim.stats import Tally

SETUP_KEYS = ("length", "bots", "rules")  # what two runs must share to pool


def _pooled_tally(a: Tally, b: Tally) -> Tally:
    out = Tally(players=a.players)
    out.add(a)
    out.add(b)
    return out


def _pooled_setup(a: dict, b: dict) -> dict:
    """The setup of two pooled runs: the same but for the seeds and the matches."""
    for key in (*SETUP_KEYS, "games", "scheme"):
        if a.get(key) != b.get(key):
            raise ValueError(f"runs of another {key} do not pool: {a.get(key)!r} and {b.get(key)!r}")
    seeds = [*a.get("seeds", [a.get("seed")]), *b.get("seeds", [b.get("seed")])]
    out = dict(a, seed=None, seeds=seeds)
    for key in ("matches", "finished"):
        if key in a:
            out[key] = a[key] + b[key]
    return out


class SimulationResult:
    """`sanma simulate`: the hands' and matches' figures of a run (`figures`), beside the real
    games' (`real`), and the realism check. `setup` is the `--json` object's, `tally` the counts the
    figures come from, `spreads` each banded figure's spread over the matches."""

    def __init__(self, setup: dict, tally: Tally, spreads: Spreads, interrupted: bool) -> None:
        self.setup = setup
        self.tally = tally
        self.spreads = spreads
        self.interrupted = interrupted

    @property
    def matches(self) -> int:
        """The matches played (fewer than asked when Ctrl-C stopped the run)."""
        return self.tally.matches

    @property
    def figures(self) -> dict:
        return self.tally.figures()

    def __add__(self, other: SimulationResult) -> SimulationResult:
        return SimulationResult(_pooled_setup(self.setup, other.setup), _pooled_tally(self.tally, other.tally),
                                self.spreads.pooled(other.spreads), self.interrupted or other.interrupted)

    def realism(self) -> dict | None:
        """The realism check's object (docs/json.md), or None for bots not held to the real games."""
        if self.setup["bots"] in NOT_HELD:
            return None
        return realism_dict(self.figures, truth.reference(), length=self.setup["length"],
                            rules_name=self.setup["rules"], spreads=self.spreads)

    def to_dict(self) -> dict[str, Any]:
        ref = truth.reference()
        out = {**stamp(), **simulate_dict(self.setup, self.figures, ref["figures"], ref["source"], self.interrupted)}
        out["realism"] = self.realism()
        return out


class ComparisonResult:
    """`sanma compare`: every scheme's figures on the same matches (or real games) and each one's
    paired difference from tsumo-loss (`comparison`, calc.sim.compare), with what it found in words.
    For simulated matches `tally` and `spreads` are the baseline's hands, for the realism check;
    None for real games. `unit` says "matches" or "games"; `notes` what the `--json` object adds for
    real games (the games each scheme ended early or that went on, the files skipped)."""

    def __init__(self, setup: dict, comparison: Comparison, *, interrupted: bool = False, length: str = "hanchan",
                 unit: str = "matches", tally: Tally | None = None, spreads: Spreads | None = None,
                 notes: dict | None = None) -> None:
        self.setup = setup
        self.comparison = comparison
        self.interrupted = interrupted
        self.length = length
        self.unit = unit
        self.tally = tally
        self.spreads = spreads
        self.notes = notes or {}

    @property
    def schemes(self) -> tuple[str, ...]:
        return self.comparison.schemes

    @property
    def matches(self) -> int:
        return self.comparison.matches

    @property
    def baseline(self) -> str:
        return BASELINE

    def scheme_figures(self, scheme: str) -> dict:
        """A scheme's figures, keyed as the `--json` object's `schemes.NAME`."""
        return self.comparison.scheme_figures(scheme)

    def differences(self, scheme: str) -> dict:
        """A scheme's paired differences from tsumo-loss: each figure's {"mean", "low", "high"}."""
        return self.comparison.differences(scheme)

    def findings(self, scheme: str) -> list:
        """What `scheme` changes against tsumo-loss, in words (calc.sim.findings.Finding)."""
        from calc.sim.findings import findings

        return findings(self.comparison, scheme, unit=self.unit, extension=EXTENSION_NAME[self.length])

    def __add__(self, other: ComparisonResult) -> ComparisonResult:
        if other.unit != self.unit or other.length != self.length:
            raise ValueError("a comparison of simulated matches and one of real games do not pool")
        tally = spreads = None
        if self.tally is not None and other.tally is not None:
            tally = _pooled_tally(self.tally, other.tally)
        if self.spreads is not None and other.spreads is not None:
            spreads = self.spreads.pooled(other.spreads)
        return ComparisonResult(_pooled_setup(self.setup, other.setup), self.comparison.pooled(other.comparison),
                                interrupted=self.interrupted or other.interrupted, length=self.length,
                                unit=self.unit, tally=tally, spreads=spreads)

    def realism(self) -> dict | None:
        """The realism check's object of the simulated hands, or None (real games; bots not held to
        the real games)."""
        if self.tally is None or self.setup.get("bots") in NOT_HELD:
            return None
        return realism_dict(self.tally.figures(), truth.reference(), length=self.length,
                            rules_name=self.setup["rules"], spreads=self.spreads)

    def to_dict(self) -> dict[str, Any]:
        out = {**stamp(), **compare_dict(self.comparison, self.setup, self.interrupted, length=self.length,
                                         unit=self.unit)}
        out.update(self.notes)
        if self.unit == "matches":
            out["realism"] = self.realism()
        return out
