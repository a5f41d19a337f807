"""How games.tar.xz was made: RiichiEnv 0.4.11 sanma half games (game_mode 5) written as its own
mjai log (`env.mjai_log`), played by an agent that takes every win, kan, pon, north, riichi and
nine-terminals abort it may, else a random legal action; with --illegal it now and then sends a
discard of a tile it does not hold, which RiichiEnv ends with an `Error: Illegal Action` draw.

Run by hand, not by the tests (RiichiEnv is no dependency of the project):
    pip install riichienv==0.4.11
    python generate.py OUT_DIR 225 0            # 225 games, seeds 0-224: 26 nine-terminals, 2 four-kans
    python generate.py OUT_DIR 40 1000 --illegal
"""
import json, sys, collections, random, os
from riichienv import RiichiEnv, ActionType
out_dir, n, start = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
illegal = "--illegal" in sys.argv
os.makedirs(out_dir, exist_ok=True)
PREF = [ActionType.TSUMO, ActionType.RON, ActionType.ANKAN, ActionType.KAKAN, ActionType.DAIMINKAN,
        ActionType.PON, ActionType.KITA, ActionType.RIICHI, ActionType.KYUSHU_KYUHAI]
reasons = collections.Counter()
for seed in range(start, start + n):
    rng = random.Random(seed)
    env = RiichiEnv(game_mode=5, seed=seed)
    obs = env.reset()
    steps = 0
    while not env.done() and steps < 20000:
        actions = {}
        for pid, o in obs.items():
            legal = o.legal_actions()
            pick = None
            for t in PREF:
                c = [a for a in legal if a.action_type == t]
                if c:
                    pick = c[0]; break
            if illegal and rng.random() < 0.002:
                others = [a for a in legal if a.action_type == ActionType.DISCARD]
                if others:  # a discard of a tile this player does not hold
                    from riichienv import Action
                    pick = Action(ActionType.DISCARD, (others[0].tile + 40) % 136, [])
            actions[pid] = pick or rng.choice(legal)
        obs = env.step(actions)
        steps += 1
    log = env.mjai_log
    for e in log:
        if e["type"] == "ryukyoku": reasons[e.get("reason")] += 1
    with open(f"{out_dir}/rienv-{seed:04d}.jsonl", "w") as f:
        for e in log: f.write(json.dumps(e, separators=(",", ":")) + "\n")
print(reasons)
