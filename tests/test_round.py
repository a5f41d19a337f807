"""The round state on rigged hands: each case a short play the real games do not have (or not
reliably), written as the events a reader or a bot would produce."""

from __future__ import annotations

from collections import Counter

import pytest

from calc.core import rules as R
from calc.core import tiles as T
from calc.core.notation import parse_tiles
from calc.logs.model import LogWin
from calc.table.play import Agari, Ankan, Call, Deal, Discard, Dora, Draw, Kakan, Nuki, Ryuukyoku
from calc.table.round import PlayError, Round

WAITS_3P = "12p456789p123s55z"  # tenpai on 3p only
NOTEN_A = "19m1589p1269s456z"  # nowhere near tenpai
NOTEN_B = "2277p5577s13667z"  # five pairs and three singles


def t(text: str) -> tuple[int, bool]:
    return parse_tiles(text)[0]


def tiles(text: str) -> tuple:
    return tuple(parse_tiles(text))


def deal(hands: list[str], profile: str = "tenhou", dora: str = "2z") -> Round:
    d = Deal(0, 0, 0, 0, (35000,) * 3, tuple(tiles(h) for h in hands), t(dora))
    return Round(d, R.load(profile), check=True)


def play(r: Round, *events) -> Round:
    for e in events:
        r.apply(e)
    return r


def spare(r: Round, keep: str = "") -> list:
    """Every tile not yet dealt, drawn or shown, minus those in `keep` (kept for the test's own use)."""
    counts = Counter({(i, False): 4 for i in range(34) if T.is_sanma_tile(i)})
    for index in r.rules.game.red_fives:
        counts[(index, False)] -= 1
        counts[(index, True)] += 1
    for tile in parse_tiles(keep) if keep else ():
        counts[tile] -= 1
    placed = Counter()
    for hand in r.hands:
        placed.update(hand)
    for meld in (m for ms in r.melds for m in ms):
        placed.update(meld.tiles)
    for river in r.rivers:
        placed.update(river)
    placed.update(r.dora_indicators)
    placed[(T.NORTH, False)] += sum(r.nuki_count)
    return sorted((counts - placed).elements(), reverse=True)


def run_out(r: Round, pool: list, *, until: int = 0) -> None:
    """Each seat in turn draws a tile from `pool` and throws it until `until` live tiles are left."""
    seat = (r.last[1] + 1) % 3 if r.last[0] == "discard" else r.dealer
    while r.live > until:
        tile = pool.pop()
        play(r, Draw(seat, tile), Discard(seat, tile))
        seat = (seat + 1) % 3


def test_pao_goes_to_who_fed_the_third_dragon():
    r = deal(["556677z123456p9s", "57z1199m2233448s", "6z1199s778899p23z"], dora="1z")
    play(r, Draw(0, t("3s")), Discard(0, t("9s")),
         Draw(1, t("1z")), Discard(1, t("5z")), Call(0, "pon", t("5z"), tiles("5z5z"), 1), Discard(0, t("1p")),
         Draw(1, t("1z")), Discard(1, t("7z")), Call(0, "pon", t("7z"), tiles("7z7z"), 1), Discard(0, t("2p")),
         Draw(1, t("1z")), Discard(1, t("1z")),
         Draw(2, t("5p")), Discard(2, t("6z")), Call(0, "pon", t("6z"), tiles("6z6z"), 2), Discard(0, t("3p")),
         Draw(1, t("5p")), Discard(1, t("3s")), Agari(0, 1))
    w = r.wins[0]
    assert w.pao == 2 and w.win_source == "discard" and [m.kind for m in w.melds] == ["pon"] * 3
    assert [T.name(*x) for x in w.closed] == ["4p", "5p", "6p", "3s", "3s"]


def test_ron_on_an_added_kan_is_chankan_and_keeps_ippatsu():
    r = deal(["33p1199m1199s556z", WAITS_3P, "3p6p234s6789s2347z"])
    play(r, Draw(0, t("9m")), Discard(0, t("6z")),
         Draw(1, t("2z")), Discard(1, t("2z")),
         Draw(2, t("7z")), Discard(2, t("3p")), Call(0, "pon", t("3p"), tiles("3p3p"), 2), Discard(0, t("5z")),
         Draw(1, t("7z")), Discard(1, t("7z"), riichi=True),
         Draw(2, t("7z")))  # the riichi stood: deposit taken, ippatsu on
    assert r.sticks == 1 and r.scores[1] == 34000 and r.ippatsu[1]
    play(r, Discard(2, t("7z")), Draw(0, t("3p")), Kakan(0, t("3p")))
    assert r.ron_chances() == [1]
    r.apply(Agari(1, 0))
    w = r.wins[0]
    assert (w.win_source, w.chankan, w.ippatsu, w.riichi, w.tsumo) == ("kakan", True, True, True, False)
    assert w.sticks == 1 and w.scores_before == (35000, 34000, 35000)


@pytest.mark.parametrize("profile, kept", [("tenhou", False), ("standard", True)])
def test_an_extracted_north_ends_ippatsu_and_the_first_turn_on_tenhou(profile, kept):
    r = deal(["4z1199m1199p119s2z", WAITS_3P, "4z234678s8s23z667z"], profile, dora="3z")
    play(r, Draw(0, t("9m")), Nuki(0, t("4z")), Draw(0, t("9s")), Discard(0, t("9m")),  # first turn: extraction
         Draw(1, t("7z")), Discard(1, t("7z"), riichi=True),
         Draw(2, t("8s")), Nuki(2, t("4z")), Draw(2, t("8s")), Discard(2, t("8s")),
         Draw(0, t("9m")), Discard(0, t("9m")),
         Draw(1, t("3p")), Agari(1, 1))
    w = r.wins[0]
    assert (w.ippatsu, w.double_riichi, w.riichi, w.win_source) == (kept, kept, True, "draw")


def test_haitei_is_the_last_live_tile_and_tenhou_the_dealers_first():
    hands = [WAITS_3P, "1199m3377p4477s6z", "6699p6699s12347z"]
    assert play(deal(hands), Draw(0, t("3p")), Agari(0, 0)).wins[0].tenhou
    r = deal(hands)
    pool = spare(r, keep="3p")
    run_out(r, pool, until=1)  # 108 tiles - 14 dead wall - 39 dealt = 55 draws; the dealer draws the last
    play(r, Draw(0, t("3p")), Agari(0, 0))
    w = r.wins[0]
    assert (w.haitei, w.tsumo, w.tenhou, w.houtei) == (True, True, False, False) and r.live == 0


def test_an_exhaustive_draw_needs_an_empty_wall():
    r = deal([WAITS_3P, NOTEN_A, NOTEN_B])
    with pytest.raises(PlayError, match="exhaustive draw with 55 tiles left"):
        r.apply(Ryuukyoku("exhaustive", (0, 0, 0)))


def _kan_wait(profile: str) -> Round:
    """Seat 0 waits on 3s with all four 3s in its own closed kan (1s2s 444p 666p 88p + kan 3s)."""
    r = deal(["3333s12s444666p8p", NOTEN_A.replace("1269s", "1249s"), NOTEN_B], profile)
    play(r, Draw(0, t("8p")), Ankan(0, tiles("3333s")))
    assert r.due_now() == 1  # a closed kan's indicator shows at once
    pool = spare(r)
    replacement = pool.pop()
    play(r, Dora(pool.pop()), Draw(0, replacement), Discard(0, replacement))
    run_out(r, pool)
    r.apply(Ryuukyoku("exhaustive"))
    return r


@pytest.mark.parametrize("profile, tenpai", [("tenhou", (0,)), ("mahjongsoul", (0,)), ("standard", ())])
def test_a_wait_on_ones_own_closed_kan_is_tenpai_on_tenhou(profile, tenpai):
    assert _kan_wait(profile).draw_result.tenpai == tenpai


@pytest.mark.parametrize("profile", ["tenhou", "standard"])
def test_a_wait_on_a_tile_held_four_times_concealed_is_noten(profile):
    # 7777z 123p 456p 789p: the only wait is a fifth 7z
    r = deal(["7777z123456789p", WAITS_3P, NOTEN_A], profile)
    run_out(r, spare(r))
    r.apply(Ryuukyoku("exhaustive"))
    assert r.draw_result.tenpai == (1,)


def test_furiten_permanent_temporary_and_after_riichi():
    r = deal(["1199m1199p1199s5z", WAITS_3P, "3p3p3p4z4z4z1s5s5s6s7s8s9s"])
    play(r, Draw(0, t("6z")), Discard(0, t("6z")),
         Draw(1, t("6z")), Discard(1, t("6z")),
         Draw(2, t("6z")), Discard(2, t("3p")))  # seat 1 lets a winning tile pass: temporarily furiten
    assert r.ron_chances() == [1]
    play(r, Draw(0, t("7z")), Discard(0, t("7z")))
    assert r.furiten(1)
    play(r, Draw(1, t("7z")), Discard(1, t("7z"), riichi=True))  # its own discard ends that furiten
    assert not r.furiten(1)
    play(r, Draw(2, t("1z")), Discard(2, t("3p")), Draw(0, t("1z")))  # passed after riichi: furiten for good
    play(r, Discard(0, t("1z")), Draw(1, t("1z")), Discard(1, t("1z")))
    assert r.furiten(1) and r.ron_chances() == []
    r2 = deal([NOTEN_A, "12p456789p123s5z3p", NOTEN_B])
    play(r2, Draw(0, t("6z")), Discard(0, t("6z")), Draw(1, t("5z")), Discard(1, t("3p")))
    assert r2.furiten(1)  # its wait is among its own discards


def test_an_open_kans_dora_shows_before_the_kanners_next_discard():
    r = deal(["19m1589p1269s467z", "555z1234p6789s11z", NOTEN_B])
    play(r, Draw(0, t("5z")), Discard(0, t("5z")), Call(1, "daiminkan", t("5z"), tiles("5z5z5z"), 0))
    assert (r.due_now(), r.due_now(1)) == (0, 1)
    play(r, Draw(1, t("2z")))
    assert (r.due_now(), r.due_now(1)) == (0, 1)
    play(r, Dora(t("3z")), Discard(1, t("2z")))
    assert len(r.dora_indicators) == 2 and r.melds[1][0].kind == "daiminkan"


def test_double_ron_then_nothing_more():
    r = deal(["1199m1199p1199s3p", WAITS_3P, "12p456789p123s66z"])
    play(r, Draw(0, t("5z")), Discard(0, t("3p")))
    assert r.ron_chances() == [1, 2]
    play(r, Agari(1, 0), Agari(2, 0))
    assert [w.winner for w in r.wins] == [1, 2]
    with pytest.raises(PlayError, match="after the hand ended"):
        r.apply(Draw(1, t("7z")))


@pytest.mark.parametrize("events, message", [
    ([Draw(1, t("7z"))], "draws out of turn"),
    ([Draw(0, t("7z")), Discard(0, t("3s"))], "does not hold 3s"),
    ([Draw(0, t("7z")), Discard(0, t("7z"), riichi=True)], "riichi without being tenpai"),
    ([Draw(0, t("9m")), Discard(0, t("9m")), Draw(1, t("9m"))], "a fifth 9m"),
    ([Draw(0, t("7z")), Discard(0, t("1m")), Call(1, "pon", t("1m"), tiles("1m1m"), 0), Discard(1, t("1m"))],
     "kuikae"),
    ([Draw(0, t("7z")), Discard(0, t("7z")), Call(2, "daiminkan", t("7z"), tiles("7z7z7z"), 0)], "may not call"),
    ([Draw(0, t("7z")), Discard(0, t("7z")), Agari(1, 0, claim=LogWin(1, 30, (), (), 1000, 0, (0, 1000, 0), None))],
     "do not add up"),
])
def test_what_cannot_happen_is_refused(events, message):
    r = deal([NOTEN_A, "111m99m1234p6789s", NOTEN_B])
    with pytest.raises(PlayError, match=message):
        play(r, *events)


def test_nine_terminals_only_on_an_uninterrupted_first_draw():
    nine = "19m19p19s1234z556p"  # ten kinds of terminals and honours
    r = deal([nine, NOTEN_A, NOTEN_B])
    play(r, Draw(0, t("6z")))
    assert r.nine_kinds(0)
    r.apply(Ryuukyoku("nine-terminals"))
    assert r.draw_result.kind == "nine-terminals" and r.draw_result.tenpai is None
    late = deal([nine, NOTEN_A, NOTEN_B])
    play(late, Draw(0, t("6z")), Discard(0, t("6z")), Draw(1, t("7z")), Discard(1, t("7z")),
         Draw(2, t("3z")), Discard(2, t("3z")), Draw(0, t("7z")))
    assert not late.nine_kinds(0)
    with pytest.raises(PlayError, match="nine terminals declared"):
        late.apply(Ryuukyoku("nine-terminals"))


NOTEN_C = "19m2589p1269s456z"  # NOTEN_A without a 1p


def _riichi_on_4s_7s_9s(profile: str = "standard") -> Round:
    """Seat 0 in riichi on 111p 234p 5678889s, waiting on 4s, 7s and 9s."""
    r = deal(["111p234p567888s9s", NOTEN_C, NOTEN_B], profile)
    return play(r, Draw(0, t("7z")), Discard(0, t("7z"), riichi=True),
                Draw(1, t("6z")), Discard(1, t("6z")), Draw(2, t("1z")), Discard(2, t("1z")))


def test_after_riichi_a_closed_kan_must_keep_the_waits():
    r = play(_riichi_on_4s_7s_9s(), Draw(0, t("1p")))
    assert r.waits(0) == (T.SOU + 3, T.SOU + 6, T.SOU + 8) and r.can_ankan(0, T.PIN)
    r.apply(Ankan(0, tiles("1111p")))  # 234p 5678889s waits the same
    r2 = play(_riichi_on_4s_7s_9s(), Draw(0, t("8s")))
    assert not r2.can_ankan(0, T.SOU + 7)  # 111p 234p 5679s would wait on 9s only
    with pytest.raises(PlayError, match="may not make a closed kan of 8s"):
        r2.apply(Ankan(0, tiles("8888s")))


def test_after_riichi_only_a_north_just_drawn_may_go_under_standard():
    r = deal([NOTEN_A, "4z234567789p123s", NOTEN_B], "standard")  # seat 1 waits on the north itself
    play(r, Draw(0, t("7z")), Discard(0, t("7z")), Draw(1, t("6z")), Discard(1, t("6z"), riichi=True),
         Draw(2, t("7z")), Discard(2, t("7z")), Draw(0, t("1z")), Discard(0, t("1z")), Draw(1, t("4z")))
    assert r.can_nuki(1)  # the north just drawn
    play(r, Discard(1, t("4z")), Draw(2, t("3z")), Discard(2, t("3z")), Draw(0, t("3z")), Discard(0, t("3z")),
         Draw(1, t("1m")))
    assert not r.can_nuki(1)  # the north held since before the riichi stays
    with pytest.raises(PlayError, match="may not extract a north"):
        r.apply(Nuki(1, t("4z")))


def test_a_closed_kan_is_robbed_only_for_thirteen_orphans():
    r = deal(["7777z55678p2355s", "11m9m19p19s123456z", "2233p2233s4466s8p"])
    play(r, Draw(0, t("9p")), Ankan(0, tiles("7777z")))
    assert r.ron_chances() == [1]  # thirteen orphans waiting on 7z
    r.apply(Agari(1, 0))
    assert (r.wins[0].win_source, r.wins[0].chankan) == ("ankan", True)


def test_a_records_deltas_that_are_no_payment_are_kept_unpaid_when_marked_so():
    r = deal([NOTEN_A, "111m99m1234p6789s", NOTEN_B])
    play(r, Draw(0, t("7z")), Discard(0, t("7z")))
    claim = LogWin(1, 30, (), (), 1000, 0, (0, 1000, 0), None)
    assert not r.pays(claim.deltas) and r.pays((-1000, 1000, 0))
    before = list(r.scores)
    r.apply(Agari(1, 0, claim=claim, paid=False))
    assert r.scores == before and r.wins[0].log.deltas == (0, 1000, 0)
