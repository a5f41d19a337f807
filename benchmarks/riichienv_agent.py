"""The anchor of the simulation benchmark: RiichiEnv (0.4.11, a Rust engine) playing sanma half games,
driven by a Python agent that discards to the lowest shanten.

Not a project dependency: `pip install riichienv==0.4.11` into the bench environment
(benchmarks/bench.py skips this anchor, saying so, when it is missing).

The agent, for every player: wins whenever the engine offers a win (tsumo, ron), extracts every
north, declares riichi whenever the engine offers it, passes on every call, and otherwise throws
the tile whose removal leaves the lowest shanten (RiichiEnv's own `calculate_shanten_3p` on each
candidate; the first such tile in the hand's order). The engine keeps the rules, the wall, the
scores and the match flow.

    python benchmarks/riichienv_agent.py GAMES [SEED]   # prints {"games", "seconds"} (wall)
"""

from __future__ import annotations

import json
import sys
import time

import riichienv as R

SANMA_HALF_GAME = "3p-red-half"  # RiichiEnv's three-player hanchan with red fives (GameType 5)
TAKE = (R.ActionType.TSUMO, R.ActionType.RON, R.ActionType.KITA, R.ActionType.RIICHI)


def act(obs) -> object:
    legal = obs.legal_actions()
    for wanted in TAKE:
        for action in legal:
            if action.action_type == wanted:
                return action
    discards = [a for a in legal if a.action_type == R.ActionType.DISCARD]
    if not discards:
        return next(a for a in legal if a.action_type == R.ActionType.PASS)
    hand = obs.hand
    best, best_shanten = discards[0], 99
    for action in discards:
        rest = list(hand)
        rest.remove(action.tile)
        shanten = R.calculate_shanten_3p(rest)
        if shanten < best_shanten:
            best, best_shanten = action, shanten
    return best


def play(games: int, seed: int = 1) -> float:
    """Wall seconds for `games` half games, one after another in this process."""
    start = time.perf_counter()
    for game in range(games):
        env = R.RiichiEnv(game_mode=SANMA_HALF_GAME, seed=seed * 100_003 + game, skip_mjai_logging=True)
        observations = env.reset()
        while not env.done():
            observations = env.step({seat: act(obs) for seat, obs in observations.items()})
    return time.perf_counter() - start


if __name__ == "__main__":
    count = int(sys.argv[1])
    seconds = play(count, int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    print(json.dumps({"games": count, "seconds": seconds}))
