"""The calibrated bot's readings of a hand and of the table, on hands worked out by hand."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from calc.core import tiles as T
from calc.core.notation import parse_tiles
from calc.sim import calibrated as C
from calc.scoring import shanten as S
from calc.sim.botprofile import CALIBRATED, BotProfile


def counts(text: str) -> list[int]:
    c = [0] * 34
    for tile, _ in parse_tiles(text):
        c[tile] += 1
    return c


VALUES = {*T.DRAGONS, T.EAST}  # the dealer in the East round (north is no value tile at Tenhou)


@pytest.mark.parametrize("hand, han", [
    ("234p567p345s678s5p", 2),  # tanyao, and pinfu on 2-5-8p (234p 55p 67p)
    ("123p456p789s23s88p", 1),  # pinfu: no triplet, a simple pair, waits 1s-4s
    ("123p456p555p23s88s", 0),  # a triplet of 5p: no pinfu; 1p: no tanyao
    ("555z123p456p78s99s", 1),  # a white dragon triplet
    ("111p456p789s23s99s", 0),  # a triplet: no pinfu; terminals: no tanyao
    ("11p22p33s44s66s77s1z", 2),  # seven pairs (counted as two han)
])
def test_closed_yaku_of_a_tenpai(hand, han):
    rest = counts(hand)
    assert sum(rest) == 13 and S.waits(rest)
    assert C._closed_yaku(rest, VALUES) == han


def test_improving_tiles_and_discard_shanten_agree_with_shanten():
    hand = counts("123p456p78s2469s1z")  # 14 tiles
    for value, s in S.discard_shanten(hand, 0):
        rest = hand[:]
        rest[value] -= 1
        assert s == S.standard_shanten(rest, 0)
    rest = counts("123p456p78s246s1z")  # one from tenpai
    assert S.standard_shanten(rest, 0) == 1
    found = set(S.improving(rest, 0, 1))
    for t in range(34):
        if T.is_sanma_tile(t) and rest[t] < 4:
            grown = rest[:]
            grown[t] += 1
            assert (t in found) == (S.standard_shanten(grown, 0) == 0), t


def test_plan_shanten_counts_only_what_the_yaku_can_use():
    hand = counts("11p22p33s44s5z")
    assert C._plan_shanten(hand, 1, (C.TOITOI, None)) == 2  # a pon and four pairs: two more triplets
    hand = counts("2345p1199s44z")  # honitsu in pinzu: the souzu are dead
    assert C._plan_shanten(hand, 1, (C.HONITSU, T.PIN)) == S.standard_shanten(counts("2345p44z"), 1)
    assert C._plan_shanten(hand, 1, (C.TANYAO, None)) == S.standard_shanten(counts("2345p"), 1)


@pytest.mark.parametrize("tile, genbutsu, expected", [
    ("1p", "4p", 60.0),  # suji of 4p: only a pair or single wait remains
    ("7p", "4p", 12.0),  # 4p covers 5-6, the 8-9 edge wait is open
    ("5p", "", 5.0),  # both sides open
    ("2p", "5p", 55.0),
    ("3p", "6p", 12.0),  # the 1-2 edge wait on 3p no suji covers
])
def test_suji_safety(tile, genbutsu, expected):
    (value, _), = parse_tiles(tile)
    safe = {t for t, _ in parse_tiles(genbutsu)} if genbutsu else set()
    game = SimpleNamespace(seen=[0] * 34)
    p = SimpleNamespace(counts=[0] * 34)
    assert C._number_safety(game, p, safe, value, 0) == expected


def test_no_chance_counts_as_covered():
    """Every 8p visible: no 7p-8p or 8p-9p shape can wait on 9p or 6p through it."""
    (nine, _), = parse_tiles("9p")
    game = SimpleNamespace(seen=[0] * 34)
    game.seen[nine - 1] = 4
    p = SimpleNamespace(counts=[0] * 34)
    assert C._number_safety(game, p, set(), nine, 0) == 60.0


def test_every_knob_is_in_the_profile():
    assert isinstance(CALIBRATED, BotProfile)
    assert C.Calibrated().k is CALIBRATED
    assert all(isinstance(getattr(CALIBRATED, name), (int, float)) for name in BotProfile.__dataclass_fields__)
