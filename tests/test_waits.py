"""`sanma waits`: hands whose waits, copies left and values were worked out by hand."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from calc.cli.app import app
from calc.scoring.request import DEFAULT_SEAT
from calc.table.waits import winning_tiles
from calc.core.notation import parse_tiles

runner = CliRunner()


def waits(*args: str) -> dict:
    result = runner.invoke(app, ["waits", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def by_tile(data: dict) -> dict:
    return {w["tile"]: w for w in data["waits"]}


def test_nine_sided_chuuren():
    # 1112345678999p waits on every pinzu; 1p and 9p have one copy left, 2p-8p three.
    # mahjongsoul pays junsei chuuren as a double yakuman: a non-dealer's ron 2 × 32000,
    # a tsumo (tsumo-loss) 2 × (16000 from the dealer + 8000 from the other non-dealer).
    data = waits("1112345678999p", "--rules", "mahjongsoul", "--seat", "S")
    assert [w["tile"] for w in data["waits"]] == [f"{n}p" for n in range(1, 10)]
    assert [w["left"] for w in data["waits"]] == [1, 3, 3, 3, 3, 3, 3, 3, 1]
    assert data["left"] == 23 and data["tenpai"] and not data["furiten"]
    for w in data["waits"]:
        assert w["ron"]["yakuman"] == 2 and w["ron"]["total"] == 64000
        assert w["tsumo"]["total"] == 48000
        assert sorted(p["amount"] for p in w["tsumo"]["payments"]) == [16000, 32000]
        assert w["yaku"] is True
    # without double yakuman (standard) the same wait is a single yakuman
    assert {w["ron"]["total"] for w in waits("1112345678999p", "--seat", "S")["waits"]} == {32000}


def test_the_seat_is_the_commands_default_and_is_named():
    # as `sanma hand` and `sanma pay`: a non-dealer unless --seat says otherwise, and the output says so.
    # riichi pinfu ron on 1s or 4s, 2 han 30 fu: a non-dealer's 2000, the dealer's 2900
    data = waits("123p456p789s99p23s", "--riichi")
    assert (data["seat"], data["round"]) == (DEFAULT_SEAT, "E") == ("S", "E")
    assert {w["ron"]["total"] for w in data["waits"]} == {2000}
    assert {w["ron"]["total"] for w in waits("123p456p789s99p23s", "--riichi", "--seat", "E")["waits"]} == {2900}
    text = runner.invoke(app, ["waits", "123p456p789s99p23s", "--riichi"]).stdout
    assert text.splitlines()[1] == "Player: non-dealer (South); round East"
    fourteen = runner.invoke(app, ["waits", "123p456p789s99p234s", "--seat", "E"]).stdout
    assert fourteen.splitlines()[0] == "Player: dealer (East); round East"


def test_kokushi_thirteen_sided_wait():
    data = waits("19m19p19s1234567z", "--rules", "mahjongsoul", "--dora", "1z", "--seat", "E")
    tiles = [w["tile"] for w in data["waits"]]
    assert tiles == ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
    left = {w["tile"]: w["left"] for w in data["waits"]}
    assert left["1z"] == 2 and left["9m"] == 3  # the indicator 1z is a copy in sight
    assert data["left"] == 13 * 3 - 1
    # dealer ron, double yakuman (13-sided): 2 × 48000
    assert {w["ron"]["total"] for w in data["waits"]} == {96000}
    assert all(w["ron"]["yaku"] == [{"name": "kokushi", "han": 26}] for w in data["waits"])


def test_wait_on_a_tile_the_player_holds_all_of():
    # 1111234p: 111p + 1234p waits on 1p (tanki, but all four 1p are held) and 4p (tanki after 123p).
    data = waits("1111234p567s999m", "--seat", "E")
    w = by_tile(data)
    assert list(w) == ["1p", "4p"]
    assert w["1p"]["left"] == 0 and w["1p"]["in_sight"] is True
    assert w["1p"]["ron"] is None and w["1p"]["tsumo"] is None
    # 4p: no yaku on a ron (closed, no riichi); a tsumo is menzen_tsumo, 1 han 40 fu
    # (20 + 111p and 999m concealed terminal triplets 8 + 8 + tanki 2 + tsumo 2 = 40):
    # dealer tsumo b = 320, each non-dealer pays C(640) = 700.
    assert w["4p"]["left"] == 3 and w["4p"]["yaku"] is False and w["4p"]["ron"] is None
    assert (w["4p"]["tsumo"]["han"], w["4p"]["tsumo"]["fu"], w["4p"]["tsumo"]["total"]) == (1, 40, 1400)
    assert data["tenpai"] is True  # 4p can still come
    text = runner.invoke(app, ["waits", "1111234p567s999m"]).stdout
    assert "all four in sight" in text and "no yaku on ron" in text


def test_a_wait_in_sight_cannot_win_but_is_tenpai_at_the_draw():
    # a tanki on 5z whose other three copies are dora indicators: the only wait cannot come, but copies
    # in sight elsewhere never make a hand noten when the wall runs out (the round state's rule)
    data = waits("5z234p567s999m (1111p)", "--dora", "5z5z5z")
    assert [w["tile"] for w in data["waits"]] == ["5z"]
    assert data["waits"][0]["left"] == 0 and data["can_win"] is False and data["tenpai"] is True


@pytest.mark.parametrize("rules, tenpai", [("tenhou", True), ("mahjongsoul", True), ("standard", False)])
def test_a_wait_beside_ones_own_kan_follows_the_profile(rules, tenpai):
    # 12s waits on 3s only, and the player's own closed kan holds all four 3s: Tenhou counts it tenpai
    # at the draw (match.tenpai_own_four: concealed), the written rules noten (anywhere)
    data = waits("12s444p666p88p(3333s)", "--rules", rules)
    assert data["can_win"] is False and data["tenpai"] is tenpai
    text = runner.invoke(app, ["waits", "12s444p666p88p(3333s)", "--rules", rules]).stdout
    assert max(len(line) for line in text.splitlines()) <= 80
    words = " ".join(text.split())
    assert ("counts as tenpai when the wall runs out" in words) is tenpai
    assert ("noten when the wall runs out" in words) is not tenpai


def test_furiten_wait():
    # riichi pinfu on 1s-4s with 4s among the player's discards: furiten, tsumo only;
    # the dora indicator 3s makes 4s a dora, and the discarded 4s is a copy in sight.
    data = waits("123p456p789s99p23s", "--riichi", "--dora", "3s", "--discards", "1p4s", "--seat", "E")
    assert data["furiten"] is True and data["furiten_tiles"] == ["4s"]
    w = by_tile(data)
    assert w["1s"]["left"] == 4 and w["4s"]["left"] == 3
    # non-furiten figures still show what the ron would pay: riichi pinfu dora 1 = 3 han 30 fu, dealer 5800
    assert (w["4s"]["ron"]["han"], w["4s"]["ron"]["fu"], w["4s"]["ron"]["total"]) == (3, 30, 5800)
    assert (w["1s"]["ron"]["han"], w["1s"]["ron"]["total"]) == (2, 2900)
    text = runner.invoke(app, ["waits", "123p456p789s99p23s", "--riichi", "--discards", "4s"]).stdout
    assert "furiten" in text and "tsumo only" in text
    assert waits("123p456p789s99p23s", "--discards", "2p")["furiten"] is False


def test_no_yaku_on_one_wait():
    # open hand, shanpon 2p / 5z: 5z completes a white triplet (haku), 2p leaves no yaku at all.
    data = waits("22p55z345p678s [999m]", "--seat", "S")
    w = by_tile(data)
    assert w["2p"]["yaku"] is False and w["2p"]["ron"] is None and w["2p"]["tsumo"] is None
    assert w["5z"]["yaku"] is True
    # 5z ron: 20 + 999m open 4 + 555z (shanpon on a ron: open) 4 = 28 -> 30 fu, 1 han: 1000
    assert (w["5z"]["ron"]["fu"], w["5z"]["ron"]["total"]) == (30, 1000)
    # 5z tsumo: concealed 555z 8 + 4 + tsumo 2 = 34 -> 40 fu: dealer C(640) 700 + C(320) 400
    assert (w["5z"]["tsumo"]["fu"], w["5z"]["tsumo"]["total"]) == (40, 1100)
    assert [y["name"] for y in w["5z"]["ron"]["yaku"]] == ["haku"]
    assert w["2p"]["left"] == 2 and w["5z"]["left"] == 2


def test_fourteen_tiles_list_the_discards_that_leave_tenpai():
    data = waits("123p456p789s99p234s")
    options = {d["discard"]: d for d in data["discards"]}
    # discarding 1p leaves 2345699p: 1-4-7p, and the discarded 1p makes the hand furiten
    assert [w["tile"] for w in options["1p"]["waits"]] == ["1p", "4p", "7p"]
    assert options["1p"]["furiten"] is True and options["1p"]["furiten_tiles"] == ["1p"]
    # discarding 4s leaves the 1s-4s pinfu wait, furiten on 4s
    assert [w["tile"] for w in options["4s"]["waits"]] == ["1s", "4s"]
    assert options["4s"]["furiten"] is True
    assert all(d["waits"] for d in data["discards"])


def test_winning_tiles_of_shapes():
    def tiles(text: str) -> list[int]:
        return [t for t, _ in parse_tiles(text)]

    # nobetan 4567p: 4p or 7p; a hand two tiles away waits on nothing
    assert winning_tiles(tuple(tiles("4567p123s456s999m")), 0) == tiles("4p7p")
    assert winning_tiles(tuple(tiles("1357p123s456s999m")), 0) == []
    # seven pairs tanki
    assert winning_tiles(tuple(tiles("1199p2255s6677z3z")), 0) == tiles("3z")


@pytest.mark.parametrize("args, message", [
    (["123p456p789s99p2s"], "wrong tile count: 12 concealed tiles"),
    (["123p456p789s99p23s", "--ippatsu"], "--ippatsu needs --riichi"),
    (["123p456p789s99p2m3s"], "2m does not exist in sanma"),
    (["123p456p789s99p23s", "--discards", "1p1p1p1p"], "5 copies of 1p"),
    (["123p456p789s99p23s", "--discards", "1p["], "--discards"),
    (["123p456p789s99p23s", "--discards", "5m"], "--discards: 5m does not exist in sanma"),
    (["123p456p789s99p23s [999m]"], "wrong tile count: 13 concealed tiles; with 1 meld(s)"),
])
def test_bad_input_is_one_line(args, message):
    result = runner.invoke(app, ["waits", *args])
    assert result.exit_code == 1, result.output
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_seat_the_option_does_not_take_is_a_usage_error():
    result = runner.invoke(app, ["waits", "123p456p789s99p23s", "--seat", "N"])
    assert result.exit_code == 2 and result.stderr == "Error: --seat 'N': give one of E, S, W\n"


def test_sichuan_profile_is_a_usage_error():
    result = runner.invoke(app, ["waits", "123p456p789s99p23s", "--rules", "sichuan"])
    assert result.exit_code == 2


def test_a_flag_of_one_way_of_winning_counts_only_for_it():
    # --haitei is a tsumo on the last tile: the ron stays pinfu 1 han 30 fu (non-dealer 1000), the tsumo
    # is menzen_tsumo + haitei + pinfu, 3 han 20 fu: b = 640, dealer C(1280) 1300 + C(640) 700 = 2000.
    data = waits("123p456p789s99p23s", "--haitei", "--seat", "S")
    for w in data["waits"]:
        assert [y["name"] for y in w["ron"]["yaku"]] == ["pinfu"] and w["ron"]["total"] == 1000
        assert [y["name"] for y in w["tsumo"]["yaku"]] == ["menzen_tsumo", "haitei", "pinfu"]
        assert w["tsumo"]["total"] == 2000
    # --houtei is a ron on the last discard: houtei on the ron only
    w = waits("123p456p789s99p23s", "--houtei", "--seat", "S")["waits"][0]
    assert "houtei" in [y["name"] for y in w["ron"]["yaku"]]
    assert "houtei" not in [y["name"] for y in w["tsumo"]["yaku"]]


def test_the_unseen_red_five_is_valued_too():
    # 34s waits on 2s-5s; a win on the red 0s adds aka 1: non-dealer ron pinfu 1 han 30 fu 1000 -> 2 han 2000,
    # tsumo 2 han 20 fu 1100 (700 + 400) -> 3 han 20 fu 2000 (1300 + 700)
    w = by_tile(waits("123p456p789s99p34s", "--seat", "S"))
    assert w["2s"]["red"] is None
    red = w["5s"]["red"]
    assert red["tile"] == "0s" and red["ron"]["aka"] == 1
    assert (w["5s"]["ron"]["total"], red["ron"]["total"]) == (1000, 2000)
    assert (w["5s"]["tsumo"]["total"], red["tsumo"]["total"]) == (1100, 2000)
    # once the red copy is in sight (here a discard) only the plain copies can come
    assert by_tile(waits("123p456p789s99p34s", "--discards", "0s"))["5s"]["red"] is None
    result = runner.invoke(app, ["waits", "123p456p789s99p3s0s", "--discards", "0s"])
    assert result.exit_code == 1 and "red 5s" in result.stderr
