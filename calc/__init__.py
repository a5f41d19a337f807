"""sanma: three-player riichi mahjong scoring, payment schemes and match settlement.

The public API is what this module exports (see the README's "Python API"); every other module is
internal and may change.
"""

__version__ = "0.1.0"

from calc.api import (  # noqa: E402  (the version first: the package's metadata reads it)
    FuLine,
    HandResult,
    IllegalHandError,
    NotationError,
    PaymentError,
    PayResult,
    Payment,
    ReplayResult,
    RuleSet,
    RulesError,
    SanmaError,
    SettleResult,
    Standing,
    Yaku,
    load_rules,
    pay,
    replay,
    score,
    settle,
)

__all__ = [
    "FuLine", "HandResult", "IllegalHandError", "NotationError", "PayResult", "Payment", "PaymentError",
    "ReplayResult", "RuleSet", "RulesError", "SanmaError", "SettleResult", "Standing", "Yaku", "load_rules", "pay",
    "replay", "score", "settle",
]
