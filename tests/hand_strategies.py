"""A hypothesis strategy for legal sanma winning hands, shared by the property and oracle tests."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from calc.core import tiles as T
from calc.core.notation import format_tiles
from calc.scoring.request import HandRequest

SANMA_TILES = [t for t in range(34) if T.is_sanma_tile(t)]
RUN_STARTS = [t for t in range(T.PIN, T.HONOR) if t % 9 <= 6]


@st.composite
def winning_hands(draw):
    """Four sets and a pair from the 108 tiles (some as melds), or seven pairs; all flags legal."""
    counts = [0] * 34
    rng = random.Random(draw(st.integers(0, 2**32)))
    groups: list[tuple[str, list[int]]] = []
    if draw(st.integers(0, 9)) == 0:
        pairs = rng.sample(SANMA_TILES, 7)
        concealed = [t for p in pairs for t in (p, p)]
        melds: list[str] = []
        red: set[int] = set()
    else:
        while len(groups) < 4:
            if rng.random() < 0.5:
                start = rng.choice(RUN_STARTS)
                tiles = [start, start + 1, start + 2]
                kind = "run"
            else:
                tile = rng.choice(SANMA_TILES)
                kind = rng.choice(["triplet", "triplet", "pon", "kan", "ankan"])
                tiles = [tile] * (4 if kind in ("kan", "ankan") else 3)
            if all(counts[t] + tiles.count(t) <= 4 for t in set(tiles)):
                for t in tiles:
                    counts[t] += 1
                groups.append((kind, tiles))
        pair = rng.choice([t for t in SANMA_TILES if counts[t] <= 2])
        concealed = [pair, pair] + [t for kind, tiles in groups if kind in ("run", "triplet") for t in tiles]
        # all four copies of a five: one of them is the red five (three plain ones exist)
        red = {t for t in (T.FIVE_PIN, T.FIVE_SOU) if counts[t] + 2 * (t == pair) == 4}
        melds = []
        for kind, tiles in groups:
            if kind in ("pon", "kan", "ankan"):
                marked = [(t, t in red and k == 0) for k, t in enumerate(tiles)]
                red -= set(tiles)
                melds.append(("({})" if kind == "ankan" else "[{}]").format(format_tiles(marked)))
    rng.shuffle(concealed)
    names = []
    for t in concealed:
        names.append(T.name(t, t in red))
        red.discard(t)
    text = " ".join(["".join(names), *melds])
    closed = all(m.startswith("(") for m in melds)
    kans = sum(1 for kind, _ in groups if kind in ("kan", "ankan"))
    tsumo = draw(st.booleans())
    riichi = closed and draw(st.booleans())
    double = riichi and draw(st.integers(0, 5)) == 0
    nuki = draw(st.sampled_from([0, 0, 0, 1, 2]))
    rinshan = tsumo and (kans > 0 or nuki > 0) and draw(st.integers(0, 3)) == 0
    haitei = tsumo and not rinshan and draw(st.integers(0, 4)) == 0
    houtei = not tsumo and draw(st.integers(0, 4)) == 0
    return HandRequest(
        hand=text,
        tsumo=tsumo,
        riichi=riichi and not double,
        double_riichi=double,
        # a kan or a north ends ippatsu, and a double riichi's is over long before the last tile
        ippatsu=riichi and not rinshan and not (double and (haitei or houtei)) and draw(st.booleans()),
        rinshan=rinshan,
        haitei=haitei,
        houtei=houtei,
        ura=T.name(draw(st.sampled_from(SANMA_TILES))) if riichi else None,
        nuki=nuki,
        seat=draw(st.sampled_from("ESW")),
        round=draw(st.sampled_from("ESW")),
        dora=T.name(draw(st.sampled_from(SANMA_TILES))),
        honba=draw(st.integers(0, 5)),
        sticks=draw(st.integers(0, 3)),
        rules=draw(st.sampled_from(["standard", "tenhou", "mahjongsoul"])),
        scheme=draw(st.sampled_from([None, "north-split", "maru-dori", "double-take"])),
    )
