"""sanma: three-player riichi mahjong scoring, payment schemes and match settlement."""

__version__ = "0.1.0"
