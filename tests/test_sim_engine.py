"""The simulator's engine on rigged walls: each special case forced, its exact result asserted.

Seats are scripted (`Script`): by default a seat throws the tile it drew, never calls and never
kans, so its hand stays as dealt and the rigged draws decide everything. The engine still takes
every win that has a yaku, and checks its invariants after every step (`check=True`).
"""

from __future__ import annotations

import random

import pytest

from calc.table import match
from calc.core import rules as R
from calc.core import tiles as T
from calc.table.events import FOUR_KANS, Abort, DoubleRon, ExhaustiveDraw, Nagashi, ScoredWin
from calc.logs import read_log
from calc.logs.replay import replay
from calc.logs import formats
from calc.scoring import shanten as S
from calc.sim.engine import play_hand
from calc.sim.wall import red_ids, rigged, sanma_ids
from calc.table.play import Discard, Dora, Nuki

TENHOU = R.load("tenhou")


def tile(tile_id: int) -> tuple[int, bool]:
    """The tile a wall's id deals (the red fives are ids 52 and 88)."""
    return tile_id // 4, tile_id in red_ids(TENHOU.game.red_fives)


class Script:
    name = "script"

    def __init__(self, discards=(), calls=(), kans=False, nuki=False, riichi=False, decline=()):
        self.discards = [tile(t) for t in discards]  # tiles to throw, in order (given by id); else the tile just drawn
        self.calls = [tile(t) for t in calls]  # discards to pon
        self.kans = kans
        self.take_nuki = nuki
        self.riichi = riichi  # declare riichi as soon as the engine allows it
        self.decline = {tile(t) for t in decline}  # discards not to ron

    def discard(self, view, may_riichi):
        if self.discards:
            return self.discards.pop(0), False
        return view.drawn(), self.riichi and may_riichi

    def ron(self, view, tile):
        return tile not in self.decline

    def call(self, view, tile, discarder, options):
        if self.calls and self.calls[0] == tile:
            self.calls.pop(0)
            return "pon"
        return None

    def kan(self, view, options):
        return options[0] if self.kans else None

    def nuki(self, view):
        return self.take_nuki

    def nine_terminals(self, view):
        return False

    def standing(self, scores):
        return None


class Tiles:
    """Hands out distinct tile ids by name ('4p', '0p' = the red five); plain copies first."""

    def __init__(self):
        self.used: set[int] = set()

    def __call__(self, names: str) -> list[int]:
        out = []
        for name in names.split():
            value, red = T.parse_name(name)
            if red:
                copies = [value * 4]
            elif value in TENHOU.game.red_fives:
                copies = [value * 4 + k for k in (1, 2, 3)]
            else:
                copies = [value * 4 + k for k in range(4)]
            tile = next(t for t in copies if t not in self.used)
            self.used.add(tile)
            out.append(tile)
        return out

    def junk(self, count: int, avoid: set[int], simple: bool | None = None) -> list[int]:
        """Distinct unused ids of values not in `avoid` (simple: only 2-8, or only terminals/honours)."""
        out = []
        for tile in sanma_ids():
            v = tile // 4
            if tile in self.used or v in avoid or tile in (52, 88):
                continue
            if simple is True and v in T.TERMINALS_AND_HONORS_SET:
                continue
            if simple is False and v not in T.TERMINALS_AND_HONORS_SET:
                continue
            out.append(tile)
            self.used.add(tile)
            if len(out) == count:
                return out
        raise AssertionError("not enough junk tiles")


def interleave(per_seat: list[list[int]], dealer: int = 0) -> list[int]:
    """Live draws in turn order when nobody calls: seat (dealer + k) % 3 draws the k-th tile."""
    out, k = [], 0
    idx = [0, 0, 0]
    while any(idx[s] < len(per_seat[s]) for s in range(3)):
        seat = (dealer + k) % 3
        if idx[seat] >= len(per_seat[seat]):
            break
        out.append(per_seat[seat][idx[seat]])
        idx[seat] += 1
        k += 1
    return out


def settle(play, rules=TENHOU):
    state = match.start(rules)
    return match.apply(state, play.kyoku, rules)[1]


def replay_mismatches(play, tmp_path) -> list[str]:
    """The hand written as a one-hand tenhou.net/6 record and read back by the log reader: every
    number the replay checks, except the end of a match that has only begun."""
    state, row = match.apply(match.start(TENHOU), play.kyoku, TENHOU)
    played = formats.MatchLog("rigged", ("bot A", "bot B", "bot C"), "hanchan", [row], [play],
                              match.tally(state, TENHOU))
    path = tmp_path / "rigged.json"
    path.write_text(formats.write(formats.BY_NAME["tenhou6"], played), encoding="utf-8")
    checked = replay(read_log(path), str(path))
    return [m.text() for m in checked.mismatches if m.where != "final"]


def far_hand(tiles: Tiles, names: str) -> list[int]:
    ids = tiles(names)
    counts = [0] * 34
    for t in ids:
        counts[t // 4] += 1
    assert S.shanten(counts, 0) >= 2  # never near a win, whatever it draws and throws
    return ids


FAR_A = "1m 9m 2p 5p 8p 3s 6s 9s 1z 2z 3z 5z 6z"
FAR_B = "1m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 6z 7z"


def test_haitei_tsumo_on_the_last_tile(tmp_path):
    t = Tiles()
    dealer = t("1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 1s 3s 5s")  # waits on 4s only
    seat1, seat2 = far_hand(t, FAR_A), far_hand(t, FAR_B)
    haitei = t("4s")
    rest = t("4s 4s 4s")  # the other 4s lie in the dead wall
    avoid = {T.SOU + 3}
    draws = t.junk(54, avoid | {T.NORTH}) + haitei
    wall = rigged([dealer, seat1, seat2], draws, dora=t("7z"), replacements=rest)
    play = play_hand(wall, TENHOU, dealer=0, round_wind=0, bots=[Script(), Script(), Script()], check=True)
    win = play.kyoku.result
    assert isinstance(win, ScoredWin) and win.winner == 0 and win.tsumo
    ev = win.evaluation
    assert dict(ev.yaku) == {"menzen_tsumo": 1, "haitei": 1, "ittsu": 2}
    assert (ev.han, ev.fu) == (4, 30)
    assert settle(play).deltas == (7800, -3900, -3900)  # dealer 30fu4han tsumo: C(2b) = 3900 each
    assert play.result.wins[0].win_source == "draw" and wall.remaining == 0
    assert replay_mismatches(play, tmp_path) == []


def test_houtei_ron_on_the_last_discard(tmp_path):
    t = Tiles()
    dealer, seat2 = far_hand(t, FAR_A), far_hand(t, FAR_B)
    seat1 = t("2s 3s 4s 6s 7s 8s 4p 4p 4p 6p 8p 2p 2p")  # waits on 7p
    last = t("7p")
    avoid = {T.PIN + 6}
    draws = t.junk(54, avoid | {T.NORTH}) + last
    wall = rigged([dealer, seat1, seat2], draws, dora=t("7z"), replacements=t("7p 7p"))
    play = play_hand(wall, TENHOU, dealer=0, round_wind=0, bots=[Script(), Script(), Script()], check=True)
    win = play.kyoku.result
    assert isinstance(win, ScoredWin) and (win.winner, win.discarder) == (1, 0)
    ev = win.evaluation
    assert dict(ev.yaku) == {"houtei": 1, "tanyao": 1}
    assert (ev.han, ev.fu) == (2, 40)  # 20 + closed ron 10 + kanchan 2 + closed simple triplet 4
    assert settle(play).deltas == (-2600, 2600, 0)  # non-dealer 40fu2han: C(4b) = 2600
    assert replay_mismatches(play, tmp_path) == []


def test_rinshan_on_the_tile_after_a_north(tmp_path):
    t = Tiles()
    dealer = t("1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 1s 4s 4z")
    seat1, seat2 = far_hand(t, FAR_A), far_hand(t, FAR_B)
    first = t("5s")  # 123456789p 11s 45s + north: no win yet
    replacement = t("6s")
    wall = rigged([dealer, seat1, seat2], first, dora=t("7z"), replacements=replacement)
    play = play_hand(wall, TENHOU, dealer=0, round_wind=0, bots=[Script(nuki=True), Script(), Script()], check=True)
    win = play.kyoku.result
    assert isinstance(win, ScoredWin) and win.winner == 0 and win.tsumo
    ev = win.evaluation
    assert dict(ev.yaku) == {"menzen_tsumo": 1, "pinfu": 1, "rinshan_kaihou": 1, "ittsu": 2}
    assert ev.nuki == 1 and ev.han == 6 and ev.value.limit == "haneman"
    assert play.result.wins[0].win_source == "replacement_after_nukidora" and play.count(Nuki) == 1
    assert settle(play).deltas == (12000, -6000, -6000)
    assert replay_mismatches(play, tmp_path) == []


def test_chankan_on_an_added_kan_after_a_pass_without_yaku(tmp_path):
    t = Tiles()
    dealer = far_hand(t, FAR_A)
    seat1 = t("4p 4p 1m 9m 1p 9p 1s 9s 2z 3z 6z 7z 5z")
    # seat 2 waits on 4p: a ron on a discard has no yaku (value pair, kanchan); robbing a kan does
    seat2 = t("3p 5p 2s 3s 4s 6s 7s 8s 7p 8p 9p 1z 1z")
    fourth_a, fourth_b = t("4p"), t("4p")
    # draws: dealer throws 4p, seat 1 pons it and throws 2z, seat 2 draws, dealer draws, seat 1 draws the last 4p
    fill = t.junk(2, {T.PIN + 3, T.NORTH, T.PIN + 5, T.PIN + 1}, simple=False)
    draws = fourth_a + [fill[0]] + [fill[1]] + fourth_b
    wall = rigged([dealer, seat1, seat2], draws, dora=t("7z"))
    bots = [Script(), Script(discards=[t_ for t_ in seat1 if t_ // 4 == T.SOUTH], calls=fourth_a, kans=True), Script()]
    play = play_hand(wall, TENHOU, dealer=0, round_wind=0, bots=bots, check=True)
    win = play.kyoku.result
    assert isinstance(win, ScoredWin) and (win.winner, win.discarder) == (2, 1)
    ev = win.evaluation
    assert dict(ev.yaku) == {"chankan": 1}
    assert (ev.han, ev.fu) == (1, 40)  # 20 + closed ron 10 + kanchan 2 + East pair (round wind) 2
    assert play.result.wins[0].win_source == "kakan"
    assert settle(play).deltas == (0, -1300, 1300)
    assert play.count(Dora) == 0  # the added kan's indicator never shows: the kan was robbed
    assert replay_mismatches(play, tmp_path) == []


def test_double_ron_pays_each_winner_and_the_first_takes_the_sticks(tmp_path):
    t = Tiles()
    dealer = far_hand(t, FAR_A)
    seat1 = t("4p 5p 2s 3s 4s 5s 6s 7s 2p 2p 2p 8s 8s")  # waits 3p 6p
    seat2 = t("7p 8p 3s 4s 5s 6s 7s 8s 4p 4p 4p 2s 2s")  # waits 6p 9p
    shot = t("6p")
    wall = rigged([dealer, seat1, seat2], shot, dora=t("7z"))
    play = play_hand(wall, TENHOU, dealer=0, round_wind=0, bots=[Script(), Script(), Script()], check=True)
    result = play.kyoku.result
    assert isinstance(result, DoubleRon) and result.discarder == 0
    assert [w.winner for w in result.wins] == [1, 2]
    for w in result.wins:
        assert dict(w.evaluation.yaku) == {"tanyao": 1} and (w.evaluation.han, w.evaluation.fu) == (1, 40)
    state = match.MatchState(scores=(35000, 35000, 35000), honba=2, sticks=1)
    _, row = match.apply(state, play.kyoku, TENHOU)
    # 1300 each; honba 2 x 200 and the stick to seat 1, first in turn after the discarder (rules.md §5)
    assert row.deltas == (-3000, 2700, 1300)
    assert replay_mismatches(play, tmp_path) == []


def test_nagashi_mangan_when_every_discard_is_a_terminal_or_honour(tmp_path):
    t = Tiles()
    dealer, seat1, seat2 = far_hand(t, FAR_A), far_hand(t, FAR_B), far_hand(t, "2p 3p 6p 7p 3s 4s 7s 8s 1z 1z 2z 3z 5z")
    yaochuu = t.junk(18, {T.NORTH}, simple=False)
    simples = t.junk(2, {T.NORTH}, simple=True)
    rest = t.junk(35, {T.NORTH})
    per_seat = [simples[:1] + rest[:18], yaochuu, simples[1:] + rest[18:]]
    wall = rigged([dealer, seat1, seat2], interleave(per_seat), dora=t("7z"))
    play = play_hand(wall, TENHOU, dealer=0, round_wind=0, bots=[Script(), Script(), Script()], check=True)
    result = play.kyoku.result
    assert isinstance(result, Nagashi) and result.players == (1,) and result.tenpai == frozenset()
    # a mangan tsumo for seat 1 under tsumo-loss: dealer 4000, the other non-dealer 2000
    assert settle(play).deltas == (-4000, 6000, -2000)
    assert replay_mismatches(play, tmp_path) == []


def test_four_kans_by_two_players_abort_after_the_next_discard(tmp_path):
    t = Tiles()
    dealer = t("2p 2p 2p 2p 6s 6s 6s 6s 1m 9m 1z 2z 3z")
    seat1 = t("3p 3p 3p 3p 7s 7s 7s 7s 1p 9p 5z 6z 1s")
    seat2 = far_hand(t, "1m 9m 5p 8p 2s 9s 1z 2z 3z 5z 6z 4s 7z")
    draws = interleave([t.junk(2, {T.NORTH}, simple=False) for _ in range(3)])
    wall = rigged([dealer, seat1, seat2], draws, dora=t("7z"),
                  replacements=t.junk(4, {T.NORTH, T.PIN + 1, T.PIN + 2, T.SOU + 5, T.SOU + 6}, simple=False))
    play = play_hand(wall, TENHOU, dealer=0, round_wind=0, bots=[Script(kans=True), Script(kans=True), Script()],
                     check=True)
    assert play.kyoku.result == Abort(FOUR_KANS)
    assert play.count(Dora) == 4  # a closed kan's indicator shows at once
    assert settle(play).deltas == (0, 0, 0)
    assert replay_mismatches(play, tmp_path) == []


def test_permanent_furiten_refuses_a_ron_the_hand_would_score(tmp_path):
    t = Tiles()
    dealer = far_hand(t, FAR_A)
    seat1 = t("1p 2p 3p 4p 5p 7p 8p 9p 2s 3s 4s 1z 6p")
    seat2 = far_hand(t, FAR_B.replace("1p", "1s"))
    six, east = seat1[-1], seat1[-2]
    avoid = {T.NORTH, T.PIN + 2, T.PIN + 5, T.WHITE}
    # seat 1 draws 5z and throws 6p, draws 5z and throws 1z: tenpai on 3p / 6p with 6p in its river;
    # seat 2 then throws 6p (ittsu for seat 1), which seat 1 may not take
    shot = t("6p")
    per_seat = [t.junk(19, avoid), t("5z 5z") + t.junk(16, avoid), t.junk(1, avoid) + shot + t.junk(16, avoid)]
    wall = rigged([dealer, seat1, seat2], interleave(per_seat), dora=t("7z"), ura=t("6p 6p"), replacements=t("3p 3p 3p"))
    play = play_hand(wall, TENHOU, dealer=0, round_wind=0, bots=[Script(), Script(discards=[six, east]), Script()],
                     check=True)
    assert Discard(2, tile(shot[0])) in play.events
    assert isinstance(play.kyoku.result, ExhaustiveDraw)
    assert play.kyoku.result.tenpai == frozenset({1})
    assert settle(play).deltas == (-1000, 2000, -1000)
    assert replay_mismatches(play, tmp_path) == []


def test_temporary_furiten_lasts_until_the_next_own_discard(tmp_path):
    t = Tiles()
    dealer = far_hand(t, FAR_A)
    # waits 3p (no yaku: value pair, no pinfu, no tanyao) and 6p (ittsu)
    seat1 = t("1p 2p 3p 4p 5p 7p 8p 9p 2s 3s 4s 5z 5z")
    seat2 = far_hand(t, FAR_B.replace("1p", "1s"))
    avoid = {T.NORTH, T.PIN + 2, T.PIN + 5, T.WHITE}
    d0 = t.junk(1, avoid, simple=True)
    d1 = t.junk(1, avoid, simple=True)
    three, six_a, six_b = t("3p"), t("6p"), t("6p")
    # seat 2 throws 3p: seat 1 may not ron (no yaku) -> furiten until its next discard;
    # the dealer then throws 6p: refused; seat 1 draws and throws; seat 2 throws the next 6p: ron
    per_seat = [d0 + six_a, d1 + t.junk(1, avoid, simple=True), three + six_b]
    wall = rigged([dealer, seat1, seat2], interleave(per_seat), dora=t("6z"))  # dora 7z: none held
    play = play_hand(wall, TENHOU, dealer=0, round_wind=0, bots=[Script(), Script(), Script()], check=True)
    win = play.kyoku.result
    assert isinstance(win, ScoredWin) and (win.winner, win.discarder) == (1, 2)
    assert dict(win.evaluation.yaku) == {"ittsu": 2}
    assert (win.evaluation.han, win.evaluation.fu) == (2, 40)  # 20 + closed ron 10 + 5z pair 2
    assert settle(play).deltas == (0, 2600, -2600)
    assert replay_mismatches(play, tmp_path) == []


def test_riichi_furiten_lasts_for_the_rest_of_the_hand_and_tsumo_still_wins(tmp_path):
    """Riichi always gives a yaku and the bots always take a win, so a riichi player only passes a
    winning tile by declining (the bot's `ron` hook): after that no ron for the rest of the hand,
    even after the player's own next discard, which would end a temporary furiten; tsumo still wins."""
    t = Tiles()
    dealer = far_hand(t, FAR_A)
    seat1 = t("1p 2p 3p 4p 5p 7p 8p 9p 2s 3s 4s 5z 5z")  # waits 3p and 6p, riichi gives the yaku
    seat2 = far_hand(t, FAR_B.replace("1p", "1s"))
    avoid = {T.NORTH, T.PIN + 2, T.PIN + 5}
    six_a, three, six_b = t("6p"), t("3p"), t("6p")
    # go-around 1: seat 1 declares (double) riichi throwing its draw; 2: the dealer throws 6p, declined,
    # seat 1 throws its draw, seat 2 throws 3p, refused; 3: seat 1 draws the other 6p
    per_seat = [t.junk(1, avoid, simple=True) + six_a + t.junk(1, avoid, simple=True),
                t.junk(2, avoid, simple=True) + six_b,
                t.junk(1, avoid, simple=True) + three]
    wall = rigged([dealer, seat1, seat2], interleave(per_seat), dora=t("6z"), ura=t("6z"))  # dora 7z: none held
    play = play_hand(wall, TENHOU, dealer=0, round_wind=0,
                     bots=[Script(), Script(riichi=True, decline=six_a), Script()], check=True)
    assert Discard(0, tile(six_a[0])) in play.events
    assert Discard(2, tile(three[0])) in play.events
    win = play.kyoku.result
    assert isinstance(win, ScoredWin) and win.winner == 1 and win.tsumo
    assert dict(win.evaluation.yaku) == {"double_riichi": 2, "menzen_tsumo": 1, "ittsu": 2}
    assert (win.evaluation.han, win.evaluation.fu) == (5, 30)
    assert settle(play).deltas == (-4000, 6000, -2000)  # mangan tsumo; seat 1's own stick comes back
    assert replay_mismatches(play, tmp_path) == []


@pytest.mark.parametrize("bots", ["greedy", "defensive", "calibrated"])
def test_same_wall_same_hand(bots):
    from calc.sim.bots import make
    from calc.sim.wall import Wall

    plays = [play_hand(Wall.shuffled(random.Random("same")), TENHOU, dealer=1, round_wind=1,
                       bots=[make(bots)] * 3, check=True) for _ in range(2)]
    assert plays[0].events == plays[1].events and plays[0].kyoku == plays[1].kyoku


@pytest.mark.parametrize("kuikae", [False, True])
def test_kuikae_follows_the_profile(kuikae):
    """Right after a pon, throwing the value just called is refused unless game.kuikae allows it."""
    from calc.sim.engine import SimError

    rules = TENHOU._replace(game=TENHOU.game._replace(kuikae=kuikae))
    t = Tiles()
    dealer = far_hand(t, FAR_A)
    seat1 = t("4p 4p 4p 1m 9m 1p 9p 1s 9s 2z 3z 6z 7z")
    seat2 = far_hand(t, "1m 9m 1p 7p 2s 5s 8s 1z 3z 6z 7z 4z 4z")
    called = t("4p")  # the dealer draws the last 4p and throws it; seat 1 pons it
    wall = rigged([dealer, seat1, seat2], called)

    class SwapCaller(Script):
        """Pons the 4p, then throws the 4p it still holds."""

        def discard(self, view, may_riichi):
            held = [t for t in view.hand if t[0] == T.PIN + 3]
            return (held[0], False) if held and view.melds else super().discard(view, may_riichi)

    bots = [Script(), SwapCaller(calls=called), Script()]
    if kuikae:
        play = play_hand(wall, rules, dealer=0, round_wind=0, bots=bots, check=True)
        assert play.kyoku is not None
    else:
        with pytest.raises(SimError, match="may not discard"):
            play_hand(wall, rules, dealer=0, round_wind=0, bots=bots, check=True)
