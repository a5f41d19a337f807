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

from calc.sim.stats import NOT_YAKU, RATIOS, Tally, limit_class

FIGURES_FILE = Path(__file__).with_name("truth_figures.json")
SOURCE = "Tenhou Phoenix sanma south games (the repository's tests/data/tenhou-sanma, 201 games)"
# The figures of 3,001 Tenhou Phoenix games of the same room and month (the 201 included), as their
# publisher computed them with this package's Tally.figures() plus the shares of wins by limit;
# copied verbatim, its "source" names them. The games themselves are not in the repository.
LARGE_SAMPLE = Path(__file__).with_name("figures_3001.json")
FROM_SMALL_SAMPLE = ("calls_per_hand", "norths_per_hand")  # not in the 3,001 games' records


def _lines(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def measure_games(data: Path) -> list[Tally]:
    """One Tally per real game, in the order of games.jsonl."""
    agari = _lines(data / "truth" / "agari.jsonl")
    draws = _lines(data / "truth" / "ryuukyoku.jsonl")
    games = _lines(data / "truth" / "games.jsonl")
    by_game: dict[str, tuple[list, list]] = {g["game_id"]: ([], []) for g in games}
    for r in agari:
        by_game[r["game_id"]][0].append(r)
    for r in draws:
        by_game[r["game_id"]][1].append(r)
    return [_measure_game(data, g, *by_game[g["game_id"]]) for g in games]


def _measure_game(data: Path, game: dict, agari: list[dict], draws: list[dict]) -> Tally:
    from calc.logs import tenhou as TH  # only here: a simulation's report reads the committed figures
    t = Tally(players=3, matches=1)
    t.hands = len({r["kyoku_index"] for r in (*agari, *draws)})
    win_hands = {}
    for r in agari:
        win_hands.setdefault(r["kyoku_index"], r)
        t.wins += 1
        t.tsumo += r["tsumo"]
        t.han += 13 * len(r["yakuman"]) if r["yakuman"] else r["han"]
        t.points += r["points"]
        t.yakuman += bool(r["yakuman"])
        t.winner_nuki += r["nuki_count"]
        t.limits[limit_class(r["limit"])] += 1
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
    t.extension = any(r["round"]["wind"] == "W" for r in (*agari, *draws))
    t.busts = min(game["final_scores"]) < 0
    log = json.loads((data / "json" / f"{game['game_id']}.json").read_text(encoding="utf-8"))
    for k in log["log"]:
        for s in range(3):
            takes, gives = k[5 + 3 * s], k[6 + 3 * s]
            t.nuki += sum(1 for x in gives if isinstance(x, str) and x.startswith("f"))
            t.calls += sum(1 for x in takes if isinstance(x, str) and ("p" in x or "m" in x))
    return t


def measure(data: Path) -> Tally:
    total = Tally(players=3)
    for t in measure_games(data):
        total.add(t)
    return total


def build(data: Path) -> dict:
    """The committed file: the 201 games' figures, and each banded figure's spread over games (the
    standard deviation of one game's influence on it, calc.sim.realism.spread) for the bands."""
    from calc.sim.realism import spread

    games = measure_games(data)
    total = Tally(players=3)
    for t in games:
        total.add(t)
    return {"source": SOURCE, "figures": total.figures(), "spread": {key: spread(key, games) for key in RATIOS}}


def truth_figures() -> dict:
    """The committed figures of the 201 games: {"source", "figures", "spread"}."""
    return json.loads(FIGURES_FILE.read_text(encoding="utf-8"))


def large_sample() -> dict:
    """The 3,001 games' figures as copied into the package: {"source", "figures"}."""
    return json.loads(LARGE_SAMPLE.read_text(encoding="utf-8"))


def reference() -> dict:
    """What simulated play is set against: the 3,001 games' figures, with calls and norths per hand
    (which their records do not list) from the 201 games. {"source", "figures", "spread", "games"}:
    `games` is how many real games each banded figure comes from."""
    small, large = truth_figures(), large_sample()
    figures = dict(large["figures"])
    for key in FROM_SMALL_SAMPLE:
        figures[key] = small["figures"][key]
    games = {key: small["figures"]["matches"] if key in FROM_SMALL_SAMPLE else large["figures"]["matches"]
             for key in RATIOS}
    source = (f"{large['source']}; {' and '.join(k.replace('_', ' ') for k in FROM_SMALL_SAMPLE)} from "
              f"{small['figures']['matches']} of them (the repository's tests/data)")
    return {"source": source, "figures": figures, "spread": small["spread"], "games": games}
