"""The calibrated bot's readings of a hand and of the table, on hands worked out by hand."""

from __future__ import annotations

import pytest

from calc.core import tiles as T
from calc.core.notation import parse_tiles
from calc.sim import calibrated as C
from calc.scoring import shanten as S
from calc.scoring.hand import Meld
from calc.sim.botprofile import CALIBRATED, BotProfile


def counts(text: str) -> list[int]:
    c = [0] * 34
    for tile, _ in parse_tiles(text):
        c[tile] += 1
    return c


VALUES = {*T.DRAGONS, T.EAST}  # the dealer in the East round (north is no value tile at Tenhou)


@pytest.mark.parametrize("hand, expected", [
    ("123p456p789s23s88p7z", {T.SOU: 240, T.SOU + 3: 240}),  # pinfu alone, 30 fu: 1s and 4s
    ("123p456p555p23s88s7z", {T.SOU: 0, T.SOU + 3: 0}),  # a triplet of 5p and terminals: no yaku
    ("555z123p456p78s99s7z", {T.SOU + 5: 320, T.SOU + 8: 320}),  # white dragon, 40 fu
])
def test_wait_values_are_the_dama_ron_values(hand, expected):
    """Each wait of the tenpai left by a discard, with its live copies and what a ron on it without
    riichi is worth to a non-dealer (basic points; 0: no yaku), from the evaluator itself."""
    game = _game()  # seat 2 is South in the East round
    rest = _hold(game, 2, hand)
    game.round.seen[:] = [0] * 34
    game.round.dora_indicators[:] = []  # no dora
    view = game.views[2]
    assert (view.seat_wind, view.round_wind) == (T.SOUTH, T.EAST)
    (chun, _), = parse_tiles("7z")
    waits = C.Calibrated()._wait_values(view, chun)
    assert {w: basic for w, _, basic in waits} == expected
    assert all(live == 4 - rest[w] for w, live, _ in waits)
    assert view.counts == counts(hand)  # the hand is left as it was


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


def _widest_tenpai(hand: list[int], melds: int) -> int:
    """The definition `S.tenpai_draws` answers per suit, worked from whole hands: the most copies
    the hand does not hold of the waits of a standard tenpai one discard leaves."""
    best = 0
    for value, s in S.discard_shanten(hand, melds):
        if s == 0:
            rest = hand[:]
            rest[value] -= 1
            best = max(best, sum(4 - rest[w] for w in S.waits(rest)))
    return best


def _seeded_hands(rng, tiles: int):
    """Seeded random hands of `tiles` sanma tiles: any tiles, few kinds (shapes), many pairs."""
    values = [v for v in range(34) if T.is_sanma_tile(v)]
    while True:
        kind = rng.random()
        pool = values if kind < 0.4 else rng.sample(values, 9)
        c = [0] * 34
        if kind > 0.8:  # many pairs: seven pairs beside the standard form
            for v in rng.sample(values, 6):
                c[v] = 2
        while sum(c) < tiles:
            v = rng.choice(pool)
            if c[v] < 4 and sum(c) < tiles:
                c[v] += 1
        yield c


@pytest.mark.parametrize("melds", [0, 1, 2])
def test_tenpai_draws_agree_with_whole_hands(melds):
    """Each draw that makes a hand one from tenpai tenpai, with the widest tenpai one discard then
    keeps (the race one step from tenpai), against the same worked from whole hands, on seeded
    random hands (thousands, a few hundred of them one from tenpai)."""
    import random

    rng = random.Random(f"draws/{melds}")
    found = 0
    for hand, _ in zip(_seeded_hands(rng, 13 - 3 * melds), range(4000)):
        before = hand[:]
        draws = S.tenpai_draws(hand, melds)
        assert hand == before  # the hand is left as it was
        if S.standard_shanten(hand, melds) != 1:
            assert draws == ()
            continue
        expected = []
        for t in S.improving(hand, melds, 1):
            grown = hand[:]
            grown[t] += 1
            expected.append((t, _widest_tenpai(grown, melds)))
        assert list(draws) == expected, hand
        found += bool(draws)
    assert found > 200


def test_plan_shanten_counts_only_what_the_yaku_can_use():
    hand = counts("11p22p33s44s5z")
    assert C._plan_shanten(hand, 1, (C.TOITOI_PLAN, None)) == 2  # a pon and four pairs: two more triplets
    hand = counts("2345p1199s44z")  # honitsu in pinzu: the souzu are dead
    assert C._plan_shanten(hand, 1, (C.HONITSU_PLAN, T.PIN)) == S.standard_shanten(counts("2345p44z"), 1)
    assert C._plan_shanten(hand, 1, (C.TANYAO_PLAN, None)) == S.standard_shanten(counts("2345p"), 1)


def _ranked(hand: str, suuankou_from_triplets: int) -> dict[str, int]:
    cands = C._candidates(counts(hand), 0, None, frozenset(), CALIBRATED.seven_pairs_handicap,
                          suuankou_from_triplets=suuankou_from_triplets)
    return {T.name(c.value): c.ranked for c in cands}


def test_suuankou_ranks_discards_when_no_slower():
    """Two concealed triplets and three pairs: one from tenpai both ways. Aiming at four concealed
    triplets, breaking a pair (6s keeps 67s, 9s) is a step back; without the aim it is as good as
    throwing a single."""
    hand = "111p555p22p66s99s7s4z"
    assert _ranked(hand, 5) == {"1p": 2, "2p": 2, "5p": 2, "6s": 1, "7s": 1, "9s": 1, "4z": 1}
    assert _ranked(hand, 2) == {"1p": 2, "2p": 2, "5p": 2, "6s": 2, "7s": 1, "9s": 2, "4z": 1}


def test_suuankou_is_not_played_when_slower():
    """Three triplets, a pair and 78s: the standard form is tenpai (9p goes), four concealed
    triplets one step further: the ranking stays the standard one."""
    hand = "111p555p333s66s78s9p"
    assert _ranked(hand, 3) == _ranked(hand, 5)
    assert _ranked(hand, 3)["9p"] == 0


def _game(standing: tuple[int, ...] | None = None):
    """A real hand to ask the bot about (a compiled bot takes nothing else): its round state, and each
    seat's view of it (`game.views`); seat 1 deals."""
    import random

    from calc.core.rules import load
    from calc.sim.engine import HandEngine
    from calc.sim.wall import Wall

    return HandEngine(Wall.shuffled(random.Random(1)), load("tenhou"), dealer=1, round_wind=0, bots=[C.Calibrated()] * 3,
                standing=standing)


def _hold(game, seat: int, hand: str) -> list[int]:
    """Give `seat` the tiles of `hand` (no red five) in the round state, as the bot reads them; its counts."""
    held = counts(hand)
    game.round.hands[seat][:] = [(value, False) for value, n in enumerate(held) for _ in range(n)]
    game.round.counts[seat][:] = held
    game.round.suits[seat].suit_codes = S.Suits.of(held).suit_codes
    return held


def _pon(tile: str, from_seat: int) -> Meld:
    (value, _), = parse_tiles(tile)
    return Meld("pon", ((value, False),) * 3, (value, False), from_seat)


def test_suuankou_in_sight_makes_no_call():
    """A closed hand with the profile's concealed triplets refuses a pon (it would open the hand);
    this one makes toitoi tenpai, a pon the toitoi plan takes with the aim off."""
    game = _game()
    _hold(game, 0, "111p555p333s66s8s9p")  # 13 tiles: three concealed triplets
    view = game.views[0]
    six = parse_tiles("6s")[0]
    assert C.Calibrated(CALIBRATED._replace(suuankou_from_triplets=3)).call(view, six, 1, ["pon"]) is None
    assert C.Calibrated(CALIBRATED._replace(suuankou_from_triplets=5)).call(view, six, 1, ["pon"]) == "pon"
    # one from tenpai both ways: in sight, whatever `suuankou_refuses_calls` says
    three = CALIBRATED._replace(suuankou_from_triplets=3, suuankou_refuses_calls=False)
    assert C.Calibrated(three).call(view, six, 1, ["pon"]) is None


def test_suuankou_out_of_sight_refuses_calls_only_when_told():
    """Two concealed triplets in a tenpai on 58s (111p 555p 234s 67s 77z): four concealed triplets
    are three steps away (one pair, two triplets). With `suuankou_refuses_calls` the hand refuses the
    pon of its red dragons all the same; without it the far aim holds nothing back, and the value
    pon (tenpai with a yaku) is taken."""
    game = _game()
    _hold(game, 0, "111p555p234s67s77z")
    red = parse_tiles("7z")[0]
    two = CALIBRATED._replace(suuankou_from_triplets=2)
    view = game.views[0]
    assert C.Calibrated(two._replace(suuankou_refuses_calls=True)).call(view, red, 1, ["pon"]) is None
    assert C.Calibrated(two._replace(suuankou_refuses_calls=False)).call(view, red, 1, ["pon"]) == "pon"


def test_an_open_hand_with_its_yaku_pons_what_speeds_it_up():
    """White dragons called: 22p 66p 78s 34s 9p 4z is two from tenpai. A pon of 6p leaves it one
    from tenpai (4z goes) and gives no other yaku (no honitsu, tanyao or near toitoi): taken for
    speed alone, as far as `free_pon_max_shanten` allows."""
    game = _game()
    view = game.views[0]
    game.round.melds[0].append(_pon("5z", 2))
    _hold(game, 0, "22p66p78s34s9p4z")
    six = parse_tiles("6p")[0]
    assert C.Calibrated(CALIBRATED._replace(free_pon_max_shanten=1)).call(view, six, 1, ["pon"]) == "pon"
    assert C.Calibrated(CALIBRATED._replace(free_pon_max_shanten=0)).call(view, six, 1, ["pon"]) is None
    assert C.Calibrated(CALIBRATED._replace(free_pon_max_shanten=-1)).call(view, six, 1, ["pon"]) is None


def test_far_behind_pushes_against_a_riichi_with_the_value_it_needs():
    """Seat 0 far behind, one from tenpai, seat 2 in riichi: it pushes when its estimated han reach
    `behind_push_min_han`; under that the ordinary rule decides (here: never, at 99 han)."""
    game = _game(standing=(-1, 0, 0))
    game.round.riichi[2] = 2
    p = game.views[0]
    _hold(game, 0, "123p456p78s34s99p1s")  # 13 tiles: one from tenpai
    best = C._Candidate(T.PIN, 1, 1)
    bot = C.Calibrated()
    han = bot._han(p)

    def pushes(min_han: float) -> bool:
        k = CALIBRATED._replace(behind_push_min_han=min_han, push_one_shanten_min_han=99.0)
        return C.Calibrated(k)._push(p, best, True)

    assert pushes(han)
    assert not pushes(han + 0.5)
    p.standing = 0
    assert not pushes(0.0)  # not behind: the ordinary rule


def test_far_behind_asks_more_against_the_dealers_riichi():
    """`behind_facing_dealer_han`: the same far-behind hand (seat 0, one from tenpai) pushes against
    a non-dealer's riichi with the han `behind_push_min_han` asks, and against the dealer's (seat 1)
    only with that many han more."""
    game = _game(standing=(-1, 0, 0))
    p = game.views[0]
    _hold(game, 0, "123p456p78s34s99p1s")
    best = C._Candidate(T.PIN, 1, 1)
    han = C.Calibrated()._han(p)
    assert p.dealer == 1

    def pushes(extra: float) -> bool:
        k = CALIBRATED._replace(behind_push_min_han=han, behind_facing_dealer_han=extra,
                                push_one_shanten_min_han=99.0)
        return C.Calibrated(k)._push(p, best, True)

    game.round.riichi[2] = 2
    assert pushes(2.0)  # a non-dealer declared: the extra does not apply
    game.round.riichi[2] = 0
    game.round.riichi[1] = 2
    assert pushes(0.0)
    assert not pushes(2.0)


def test_the_dealer_pushes_with_a_han_more_and_the_others_fold_against_its_riichi_with_one_less():
    """`dealer_push_bonus`: the dealer (seat 1), one from tenpai against seat 2's riichi, pushes where
    the same hand folds for a non-dealer (the one-from-tenpai push asks one han more than it has).
    `facing_dealer_han`: a non-dealer's tenpai on no live tile pushes against a non-dealer's riichi
    with the han the rule asks, and folds against the dealer's."""
    game = _game()
    for seat in (0, 1):
        _hold(game, seat, "123p456p78s34s99p1s")  # 13 tiles: one from tenpai
    one_from_tenpai = C._Candidate(T.PIN, 1, 1)
    han = C.Calibrated()._han(game.views[1])
    assert han == C.Calibrated()._han(game.views[0])
    assert game.round.live >= CALIBRATED.push_one_shanten_until

    def pushes(seat: int, candidate, **knobs) -> bool:
        return C.Calibrated(CALIBRATED._replace(**knobs))._push(game.views[seat], candidate, True)

    game.round.riichi[2] = 2
    assert pushes(1, one_from_tenpai, push_one_shanten_min_han=han + 1, dealer_push_bonus=1.0)
    assert not pushes(1, one_from_tenpai, push_one_shanten_min_han=han + 1, dealer_push_bonus=0.0)
    assert not pushes(0, one_from_tenpai, push_one_shanten_min_han=han + 1, dealer_push_bonus=1.0)

    tenpai = C._Candidate(T.PIN, 1, 0)
    tenpai.live = 0  # no winning tile left: only its value makes it push
    asks = dict(push_tenpai_min_han=han, push_tenpai_min_live=1)
    assert pushes(0, tenpai, facing_dealer_han=1.0, **asks)  # seat 2 (not the dealer) declared
    game.round.riichi[2] = 0
    game.round.riichi[1] = 2
    assert pushes(0, tenpai, facing_dealer_han=0.0, **asks)
    assert not pushes(0, tenpai, facing_dealer_han=1.0, **asks)


def _worth_of(profile: BotProfile, tile: str, hand: str) -> float:
    """How useful `tile` is to seat 0 holding `hand` (which holds it), asked as the bot asks: with
    the tile already out of the hand."""
    game = _game()
    (value, _), = parse_tiles(tile)
    _hold(game, 0, hand)
    game.round.counts[0][value] -= 1
    return C._Worth(profile, game.views[0]).of(value)


def test_a_two_sided_neighbour_counts_at_its_weight():
    """`two_sided_weight`: 3p beside 4p (a two-sided shape) is worth that much more per copy of 4p;
    2p beside 1p (an edge shape) counts at `edge_weight`, whatever this knob."""
    def worth(tile: str, hand: str, weight: float) -> float:
        return _worth_of(CALIBRATED._replace(two_sided_weight=weight), tile, hand)

    assert worth("3p", "34p", 3.0) - worth("3p", "34p", 2.0) == pytest.approx(1.0)
    assert worth("3p", "344p", 3.0) - worth("3p", "344p", 2.0) == pytest.approx(2.0)
    assert worth("2p", "12p", 3.0) == worth("2p", "12p", 2.0)


def test_an_honour_that_is_no_value_tile_counts_at_its_weight():
    """`guest_tile_weight`: for seat 0 (west in the East round) south is no value tile and counts
    the knob; west (its seat wind) and the white dragon count `value_tile_weight` whatever it is;
    below 0 a lone south goes before a lone terminal (worth 0)."""
    def worth(tile: str, weight: float) -> float:
        return _worth_of(CALIBRATED._replace(guest_tile_weight=weight), tile, "19p" + tile)

    assert worth("2z", -1.0) == -1.0 and worth("2z", 0.0) == 0.0
    assert worth("3z", -1.0) == worth("5z", -1.0) == CALIBRATED.value_tile_weight
    assert _worth_of(CALIBRATED, "9p", "19p") == 0.0


def test_the_dealer_races_from_its_own_shanten():
    """`dealer_race_max_shanten`: two from tenpai, 1p (a gap to 3p) and 1s (an edge beside 2s) are
    the least useful tiles of this hand, worth 1 each; by usefulness alone the first of them goes,
    1p. Raced, 1s goes: 16 live tiles take the hand closer once 1s is gone, 12 once 1p is. Only the
    dealer (seat 1) races at two from tenpai, and only when its knob says so. (The lone white dragon
    is priced as a value honour of 2, so that it stays.)"""
    game = _game()

    def throws(seat: int, dealer_race: int) -> str:
        held = _hold(game, seat, "11m1p35p6p8p12s4567s5z")  # 14 tiles, two from tenpai
        assert S.shanten(held, 0) == 2
        bot = C.Calibrated(CALIBRATED._replace(race_max_shanten=1, dealer_race_max_shanten=dealer_race,
                                               value_tile_weight=2.0))
        tile, _ = bot.discard(game.views[seat], False)
        return T.name(tile[0])

    assert throws(1, 1) == "1p" and throws(1, 2) == "1s"
    assert throws(0, 2) == "1p"


def test_a_dealer_with_one_call_is_a_threat_only_when_the_profile_says_so():
    """`dealer_threat_melds`: the dealer (seat 1) has called white dragons once. At 1 it looks ready
    to the others; at 2 (the default play) it does not, and a non-dealer with the same call never does
    (`open_threat_melds` 3; one call is no obvious honitsu)."""
    game = _game()
    view = game.views[0]
    game.round.melds[1].append(_pon("5z", 2))
    assert C.Calibrated(CALIBRATED._replace(dealer_threat_melds=1))._threats(view) == [(1, None)]
    assert C.Calibrated(CALIBRATED._replace(dealer_threat_melds=2))._threats(view) == []
    game.round.melds[1].clear()
    game.round.melds[2].append(_pon("5z", 1))
    assert C.Calibrated(CALIBRATED._replace(dealer_threat_melds=1))._threats(view) == []


def test_careful_throws_the_safest_of_the_equally_fast_against_an_open_hand():
    """`open_care_worth`: seat 2 has called and thrown 3s. Of 5p (the least useful) and 3s (a little
    more useful, as fast), the bot throws 3s when the margin reaches their difference; a tile that
    takes the hand closer to tenpai less is never weighed."""
    game = _game()
    (five, _), (three, _), (nine, _) = parse_tiles("5p3s9p")
    game.round.melds[2].append(_pon("5z", 1))
    game.round.river_values[2].add(three)
    cands = []
    for value, worth, improve in ((five, 1.0, 12), (three, 2.0, 12), (nine, 0.5, 8)):
        c = C._Candidate(value, 2, 2)
        c.worth, c.improve = worth, improve
        cands.append(c)
    best = C._first_least(cands, C._RACE)
    assert T.name(best.value) == "5p"  # the most improving tiles, then the least useful

    def careful(margin: float) -> str:
        return T.name(C._careful(game.views[0], [(2, None)], cands, best, margin).value)

    assert careful(0.5) == "5p"
    assert careful(1.0) == "3s"
    assert careful(9.0) == "3s"  # 9p takes the hand closer less: not as fast


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
    assert C._suji_safety([0] * 34, [0] * 34, safe, value, 0) == expected


def test_no_chance_counts_as_covered():
    """Every 8p visible: no 7p-8p or 8p-9p shape can wait on 9p or 6p through it."""
    (nine, _), = parse_tiles("9p")
    seen = [0] * 34
    seen[nine - 1] = 4
    assert C._suji_safety(seen, [0] * 34, set(), nine, 0) == 60.0


def test_every_knob_is_in_the_profile():
    assert isinstance(CALIBRATED, BotProfile)
    assert C.Calibrated().k is CALIBRATED
    assert all(isinstance(getattr(CALIBRATED, name), (int, float)) for name in BotProfile._fields)
