"""The bench hands: every distinct real win of the test games and seeded random hands, as `sanma
hand --batch` lines. `make bench` times them; tests/test_bench_hands.py pins what they score to.

Nothing here has side effects at import: the real wins are read from tests/data's archive.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from realdata import truth_lines  # noqa: E402  (tests/realdata.py: the compressed real games)

from calc.core import tiles as T  # noqa: E402
from calc.core.notation import format_tiles  # noqa: E402
from calc.core.rules import load  # noqa: E402

GENERATED = 3000  # the seeded random hands `make bench` times


def real_win_lines() -> list[dict]:
    """Every win of the real Tenhou games as a `--batch` line (its hand facts only), each once."""
    lines, seen = [], set()
    for win in truth_lines("agari"):
        tiles = list(win["closed_hand"])
        tiles.remove(win["win_tile"])
        tiles.append(win["win_tile"])
        melds = [("({})" if m["type"] == "ankan" else "[{}]").format("".join(m["tiles"]))
                 for m in win["melds"] if m["type"] != "nukidora"]
        flags = win["situational"]
        data = {
            "hand": " ".join(["".join(tiles), *melds]), "tsumo": win["tsumo"],
            "riichi": win["riichi"] and not win["double_riichi"], "double_riichi": win["double_riichi"],
            "ippatsu": flags["ippatsu"], "rinshan": flags["rinshan"], "chankan": flags["chankan"],
            "haitei": flags["haitei"], "houtei": flags["houtei"], "seat": win["seat_wind"],
            "round": win["round"]["wind"], "dora": "".join(win["dora_indicators"]) or None,
            "ura": "".join(win["ura_indicators"]) or None, "nuki": win["nuki_count"], "rules": "tenhou",
        }
        data = {k: v for k, v in data.items() if v not in (None, False, 0) or k == "hand"}
        key = json.dumps(data, sort_keys=True)
        if key not in seen:
            seen.add(key)
            lines.append(data)
    return lines


SANMA_TILES = [t for t in range(34) if T.is_sanma_tile(t)]
RUN_STARTS = [t for t in range(T.PIN, T.HONOR) if t % 9 <= 6]


def _distinct_wins(count: int, seed: int, rules: str, draw: Callable[[random.Random], dict]) -> list[dict]:
    """`count` batch lines drawn by `draw` from one seeded generator, each distinct and each one
    that scores under `rules` (a line refused, with no yaku say, is drawn again)."""
    from calc.core.errors import SanmaError
    from calc.scoring.request import HandRequest
    from calc.table.scored import score

    rng = random.Random(seed)
    profile = load(rules)
    out: list[dict] = []
    seen: set[str] = set()
    while len(out) < count:
        data = draw(rng)
        key = json.dumps(data, sort_keys=True)
        if key in seen:
            continue
        try:
            score(HandRequest(**data), profile)
        except SanmaError:
            continue
        seen.add(key)
        out.append(data)
    return out


def generated_lines(count: int = GENERATED, seed: int = 7) -> list[dict]:
    """Random complete sanma hands (four sets and a pair, some called), seeded, all distinct, each
    with a yaku (checked by the caller's scorer: the measuring processes have never seen them)."""
    return _distinct_wins(count, seed, "standard", _plain_hand)


def _plain_hand(rng: random.Random) -> dict:
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[str] = []
    while len(concealed) + 3 * len(melds) < 12:
        if rng.random() < 0.55:
            start = rng.choice(RUN_STARTS)
            group, called = [start, start + 1, start + 2], False
        else:
            tile = rng.choice(SANMA_TILES)
            group, called = [tile] * 3, rng.random() < 0.3
        if any(counts[t] + group.count(t) > 4 for t in group):
            continue
        for t in group:
            counts[t] += 1
        if called:
            melds.append("[" + format_tiles([(t, False) for t in group]) + "]")
        else:
            concealed += group
    pair = rng.choice([t for t in SANMA_TILES if counts[t] <= 2])
    concealed += [pair, pair]
    rng.shuffle(concealed)
    return {
        "hand": " ".join([format_tiles([(t, False) for t in concealed]), *melds]),
        "tsumo": rng.random() < 0.5,
        "riichi": not melds and rng.random() < 0.5,
        "seat": rng.choice("ESW"),
        "round": rng.choice("ES"),
        "dora": T.name(rng.choice(SANMA_TILES)),
        "nuki": rng.choice((0, 0, 1, 2)),
    }


SITUATIONS = 3000  # the seeded hands of every situation `make bench` times cold


def situation_lines(count: int = SITUATIONS, seed: int = 46) -> list[dict]:
    """Seeded random sanma wins under the `tenhou` profile, as a user's own games give them: riichi
    (double, ippatsu) with ura indicators, extracted norths, honba and riichi sticks, pons, open and
    closed kans (a dora indicator each), red fives, seven pairs, tsumo and ron with their last-tile,
    replacement-tile and robbed-kan wins, every seat and round. All distinct, each one scores (the
    caller's process never saw them): those a table cannot hold (an ippatsu after a kan, a fifth copy
    through an indicator or the norths) or without a yaku are drawn again."""
    return _distinct_wins(count, seed, "tenhou", _situation)


def _situation(rng: random.Random) -> dict:
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[tuple[str, int]] = []  # (kind, tile): pon, kan (open) or ankan
    if rng.random() < 0.06:  # seven pairs
        for tile in rng.sample(SANMA_TILES, 7):
            concealed += [tile, tile]
    else:
        while len(concealed) + 3 * len(melds) < 12:
            roll = rng.random()
            if roll < 0.5:
                start = rng.choice(RUN_STARTS)
                group, kind = [start, start + 1, start + 2], "run"
            else:
                tile = rng.choice(SANMA_TILES)
                kind = rng.choices(("triplet", "pon", "kan", "ankan"), (5, 3, 1, 1))[0]
                group = [tile] * (4 if kind in ("kan", "ankan") else 3)
            if any(counts[t] + group.count(t) > 4 for t in group):
                continue
            for t in group:
                counts[t] += 1
            if kind in ("run", "triplet"):
                concealed += group
            else:
                melds.append((kind, group[0]))
        pair = rng.choice([t for t in SANMA_TILES if counts[t] <= 2])
        concealed += [pair, pair]
    rng.shuffle(concealed)
    # a red five for some copy of a five held (the set has one red 5p and one red 5s)
    red = {t for t in (T.FIVE_PIN, T.FIVE_SOU) if rng.random() < 0.35}
    names = []
    for t in concealed:
        names.append(T.name(t, t in red))
        red.discard(t)
    texts = []
    for kind, tile in melds:
        size = 3 if kind == "pon" else 4
        marked = format_tiles([(tile, tile in red and k == 0) for k in range(size)])
        red.discard(tile)
        texts.append(f"({marked})" if kind == "ankan" else f"[{marked}]")
    kans = sum(kind != "pon" for kind, _ in melds)
    closed = all(kind == "ankan" for kind, _ in melds)
    tsumo = rng.random() < 0.45
    data: dict = {"hand": " ".join(["".join(names), *texts]), "tsumo": tsumo, "rules": "tenhou",
                  "seat": rng.choice("ESW"), "round": rng.choice("EESSW")}
    if closed and rng.random() < 0.5:
        data["double_riichi" if rng.random() < 0.05 else "riichi"] = True
        data["ippatsu"] = rng.random() < 0.2
    nuki = rng.choice((0, 0, 0, 1, 1, 2, 3))
    last = rng.random()
    if tsumo and (kans or nuki) and last < 0.12:
        data["rinshan"] = True
    elif last < 0.05:
        data["haitei" if tsumo else "houtei"] = True
    elif not tsumo and last < 0.08:
        data["chankan"] = True
    indicators = [rng.choice(SANMA_TILES) for _ in range(1 + kans)]
    data["dora"] = "".join(T.name(t) for t in indicators)
    if data.get("riichi") or data.get("double_riichi"):
        data["ura"] = "".join(T.name(rng.choice(SANMA_TILES)) for _ in indicators)
    data.update(nuki=nuki, honba=rng.choice((0, 0, 0, 1, 2, 3, 5)), sticks=rng.choice((0, 0, 0, 1, 2)))
    return {k: v for k, v in data.items() if v not in (False, 0) or k == "hand"}
