"""sanma: three-player riichi mahjong scoring, payment schemes and match settlement.

The public API is what this module exports (see docs/api.md); every other module is
internal and may change. The names are loaded on first use (`calc.score` imports the scoring code,
`import calc` alone does not), so the `sanma` command starts without the API's result types.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from calc import compiled as _compiled

__version__ = _compiled.VERSION

if _compiled.pure_requested():  # SANMA_PURE_PYTHON: run the source, not the compiled build
    _compiled.run_pure()

__all__ = [
    "ComparisonResult", "FuLine", "GameReplay", "HandResult", "IllegalHandError", "NotationError", "PayResult",
    "Payment", "PaymentError", "RuleSet", "RulesError", "SanmaError", "Settled", "SimulationResult", "Standing", "Yaku",
    "compare", "load_rules", "pay", "replay", "score", "settle", "simulate",
]

if TYPE_CHECKING:
    from calc.api import (
        ComparisonResult,
        FuLine,
        GameReplay,
        HandResult,
        IllegalHandError,
        NotationError,
        PaymentError,
        PayResult,
        Payment,
        RuleSet,
        RulesError,
        SanmaError,
        Settled,
        SimulationResult,
        Standing,
        Yaku,
        compare,
        load_rules,
        pay,
        replay,
        score,
        settle,
        simulate,
    )


def __getattr__(name: str) -> object:
    if name in __all__:
        from calc import api

        value = getattr(api, name)
        globals()[name] = value  # looked up once
        return value
    raise AttributeError(f"module 'calc' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
