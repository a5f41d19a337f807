"""Rewrites calc/sim/truth_figures.json from the repository's real games (`make truth-figures`).

The simulator compares its figures with these; the package ships the JSON, not the games.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from realdata import unpack  # noqa: E402  (tests/realdata.py: the compressed real games)

from calc.sim.truth import FIGURES, build  # noqa: E402


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        figures = build(unpack(Path(folder)))
    FIGURES.write_text(json.dumps(figures, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {FIGURES}")


if __name__ == "__main__":
    main()
