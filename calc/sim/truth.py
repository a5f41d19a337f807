"""The same statistics as `sanma simulate` measures, measured on the real Tenhou games.

The figures are computed once from the repository's real games (`tests/data/tenhou-sanma`: the
truth files, plus the tenhou.net/6 JSON logs for what the truth files do not list: norths extracted
by players who did not win, and calls) and committed as `truth_figures.json`, so an installed
package does not need the data:

    make truth-figures      # benchmarks/truth_figures.py rewrites calc/sim/truth_figures.json

`tests/test_sim_run.py` (test_committed_truth_figures_match_the_data) checks the committed file
against the data.
"""

from __future__ import annotations

import json
from pathlib import Path

from calc.sim.stats import NOT_YAKU, Tally

FIGURES = Path(__file__).with_name("truth_figures.json")
SOURCE = "Tenhou Phoenix sanma south games (the repository's tests/data/tenhou-sanma, 201 games)"


def _lines(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def measure(data: Path) -> Tally:
    from calc.logs import tenhou as TH  # only here: a simulation's report reads the committed figures

    agari = _lines(data / "truth" / "agari.jsonl")
    draws = _lines(data / "truth" / "ryuukyoku.jsonl")
    games = _lines(data / "truth" / "games.jsonl")
    t = Tally(players=3)
    t.matches = len(games)
    hands = {(r["game_id"], r["kyoku_index"]) for r in (*agari, *draws)}
    t.hands = len(hands)
    win_hands = {}
    for r in agari:
        win_hands.setdefault((r["game_id"], r["kyoku_index"]), r)
        t.wins += 1
        t.tsumo += r["tsumo"]
        t.han += 13 * len(r["yakuman"]) if r["yakuman"] else r["han"]
        t.points += r["points"]
        t.yakuman += bool(r["yakuman"])
        t.winner_nuki += r["nuki_count"]
        for y in (r["yakuman"] or r["yaku"]):
            name = TH.OUR_YAKU[y["id"]]
            if name not in NOT_YAKU:
                t.yaku[name] += 1
    t.win_hands = len(win_hands)
    t.deal_ins = sum(1 for r in win_hands.values() if not r["tsumo"])
    for r in (*win_hands.values(), *draws):
        t.riichi += len(r["riichi_deposited"])
    for r in draws:
        if r["type"] in ("exhaustive", "nagashi_mangan"):
            t.exhaustive += 1
            t.nagashi += r["type"] == "nagashi_mangan"
        else:
            t.aborts += 1
    # the real games are half games (hanchan): their extension round is West
    west = {r["game_id"] for r in (*agari, *draws) if r["round"]["wind"] == "W"}
    t.extension = len(west)
    t.busts = sum(1 for g in games if min(g["final_scores"]) < 0)
    for g in games:
        log = json.loads((data / "json" / f"{g['game_id']}.json").read_text(encoding="utf-8"))
        for k in log["log"]:
            for s in range(3):
                takes, gives = k[5 + 3 * s], k[6 + 3 * s]
                t.nuki += sum(1 for x in gives if isinstance(x, str) and x.startswith("f"))
                t.calls += sum(1 for x in takes if isinstance(x, str) and ("p" in x or "m" in x))
    return t


def reference() -> dict:
    """The committed figures: {"source": ..., "figures": Tally.figures()}."""
    return json.loads(FIGURES.read_text(encoding="utf-8"))


def build(data: Path) -> dict:
    return {"source": SOURCE,
            "figures": measure(data).figures()}
