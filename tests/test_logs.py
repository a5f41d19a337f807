"""The Tenhou log readers against the decoded truth of the 201 real games (tests/data), in both formats."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from calc.core import rules as R
from calc.core import tiles as T
from calc.core.errors import SanmaError
from calc.scoring.evaluate import evaluate
from calc.logs import Game, LogError, parse_log, read_log
from calc.logs.convert import build, to_hand
from realdata import DRAW_KINDS

FORMATS = {"mjlog": "xml", "json": "json"}
# Tenhou lists only the yakuman of a yakuman hand, so truth/ (decoded from Tenhou's yaku list) has
# no situational yaku there; the play still says the replacement draw or ippatsu happened.
FOLDED_INTO_YAKUMAN = {"rinshan", "ippatsu", "haitei", "houtei", "chankan", "double_riichi"}


@pytest.fixture(scope="module")
def games(data_dir: Path) -> dict[str, dict[str, Game]]:
    out: dict[str, dict[str, Game]] = {}
    for folder, ext in FORMATS.items():
        files = sorted((data_dir / folder).glob(f"*.{ext}"))
        out[folder] = {g.game_id: g for g in map(read_log, files)}
    return out


def name(tile: tuple[int, bool]) -> str:
    return T.name(*tile)


def names(tiles) -> list[str]:
    return sorted(name(t) for t in tiles)


def test_every_game_reads_in_both_formats(games):
    for folder in FORMATS:
        assert len(games[folder]) == 201
        kyoku = [k for g in games[folder].values() for k in g.rounds]
        assert sum(len(k.wins) for k in kyoku) == 1552
        assert sum(k.draw is not None for k in kyoku) == 300
        assert sum(len(k.wins) == 2 for k in kyoku) == 5  # double ron
        assert {g.lobby.type for g in games[folder].values()} == {185}


@pytest.mark.parametrize("folder", list(FORMATS))
def test_every_win_is_rebuilt_from_the_play(games, agari_truth, folder):
    folded = []
    for a in agari_truth:
        game = games[folder][a["game_id"]]
        kyoku = game.rounds[a["kyoku_index"]]
        w = kyoku.wins[a["multi_ron_index"]]
        where = (a["game_id"], a["kyoku_index"], a["multi_ron_index"])
        assert names(w.closed) == sorted(a["closed_hand"]), where
        assert name(w.win_tile) == a["win_tile"], where
        calls = [m for m in a["melds"] if m["type"] != "nukidora"]
        assert sorted((m.kind, tuple(names(m.tiles))) for m in w.melds) == sorted(
            (m["type"], tuple(sorted(m["tiles"]))) for m in calls
        ), where
        assert sum(m.red for m in w.melds) == sum(t.startswith("0") for m in calls for t in m["tiles"]), where
        assert w.nuki == a["nuki_count"] == len(a["melds"]) - len(calls), where
        assert (w.win_source, w.tsumo, w.winner, w.from_seat) == (
            a["win_source"], a["tsumo"], a["winner"], a["from_who"]
        ), where
        assert (w.riichi, w.double_riichi) == (a["riichi"], a["double_riichi"]), where
        for flag, expected in a["situational"].items():
            got = getattr(w, flag)
            if got != expected:
                assert a["yakuman"] and flag in FOLDED_INTO_YAKUMAN and got, (where, flag)
                folded.append((where, flag))
        assert [name(t) for t in w.dora_indicators] == a["dora_indicators"], where
        assert [name(t) for t in w.ura_indicators] == a["ura_indicators"], where
        assert "ESW"[w.seat_wind - T.EAST] == a["seat_wind"], where
        assert "ESW"[w.round_wind - T.EAST] == a["round"]["wind"], where
        assert kyoku.round_number == a["round"]["number"] and kyoku.dealer == a["dealer"], where
        assert (w.honba, w.sticks) == (a["honba"], a["riichi_sticks"]), where
        assert w.pao == a["pao_who"] and w.log.pao == a["pao_who"], where
        assert list(w.scores_before) == a["scores_before"], where
        assert list(kyoku.scores) == a["scores_init"] and kyoku.sticks == a["riichi_sticks_start"], where
        assert sorted(kyoku.riichi) == sorted(a["riichi_deposited"]), where
        # the result line, kept apart from the rebuilt facts
        log = w.log
        assert list(log.deltas) == a["deltas"], where
        assert (log.han, log.points, log.limit) == (a["han"], a["points"], a["limit_code"]), where
        assert log.fu == a["fu"] or (folder == "json" and log.fu is None and log.limit), where
        assert list(log.yaku) == sorted((y["id"], y["han"]) for y in a["yaku"] if y["han"]), where
        assert list(log.yakuman) == sorted(y["id"] for y in a["yakuman"]), where
    # exactly the two suuankou won on the replacement tile after a closed kan
    assert [flag for _, flag in folded] == ["rinshan", "rinshan"]


@pytest.mark.parametrize("folder", list(FORMATS))
def test_every_draw_matches(games, ryuukyoku_truth, folder):
    kinds = set()
    for r in ryuukyoku_truth:
        kyoku = games[folder][r["game_id"]].rounds[r["kyoku_index"]]
        d = kyoku.draw
        where = (r["game_id"], r["kyoku_index"])
        assert d is not None and not kyoku.wins, where
        assert d.kind == DRAW_KINDS[r["type"]], where
        assert list(d.deltas) == r["deltas"], where
        assert list(d.scores_before) == r["scores_before"], where
        assert list(kyoku.scores) == r["scores_init"], where
        if r["type"] == "exhaustive":
            assert list(d.tenpai) == r["tenpai"], where
        elif r["type"] == "nagashi_mangan":  # truth/ keeps no tenpai here; Tenhou shows the tenpai hands
            assert list(d.tenpai) == sorted(int(s) for s in r["shown_hands"]), where
        else:
            assert d.tenpai is None and r["tenpai"] is None, where
        kinds.add(d.kind)
    assert kinds == {"exhaustive", "nine-terminals", "nagashi"}


@pytest.mark.parametrize("folder", list(FORMATS))
def test_final_scores_and_points(games, games_truth, folder):
    for t in games_truth:
        g = games[folder][t["game_id"]]
        assert list(g.start_scores) == t["start_scores"]
        assert list(g.final_scores) == t["final_scores"]
        assert list(g.final_points) == t["final_points"]
        assert g.rounds[-1].scores_after == g.final_scores or sum(g.final_scores) == 105000


def _without_limit_fu(game: Game) -> Game:
    """tenhou.net/6 writes no fu on mangan and above, and no scores before a result (an mjlog's `sc`,
    which are the round's own here); everything else must be the same."""
    kyoku = []
    for k in game.rounds:
        for w in k.wins:
            assert w.log.scores_before == w.scores_before
        if k.draw is not None:
            assert k.draw.log_scores_before == k.draw.scores_before
        wins = tuple(
            w._replace(log=w.log._replace(fu=None if w.log.limit else w.log.fu, scores_before=None))
            for w in k.wins
        )
        draw = k.draw and k.draw._replace(log_scores_before=None)
        kyoku.append(k._replace(wins=wins, draw=draw))
    return game._replace(rounds=tuple(kyoku))


def test_both_formats_give_the_same_game(games):
    assert games["mjlog"].keys() == games["json"].keys()
    for game_id, xml_game in games["mjlog"].items():
        json_game = games["json"][game_id]
        assert _without_limit_fu(xml_game) == json_game, game_id
        assert xml_game != json_game or not any(w.log.limit for k in xml_game.rounds for w in k.wins)


def test_rebuilt_wins_score_as_the_log_says(games):
    rules = R.load("tenhou")
    checked = 0
    for game in games["mjlog"].values():
        for k in game.rounds:
            for w in k.wins:
                hand, context = build(w, rules)
                ev = evaluate(hand, context, rules)
                assert (ev.han, ev.fu if not w.log.yakuman else w.log.fu) == (w.log.han, w.log.fu), to_hand(w)
                checked += 1
    assert checked == 1552


def test_hand_text_and_context(data_dir):
    game = read_log(data_dir / "mjlog" / "2026011603gm-00b9-0000-36cf9559.xml")
    text, args = to_hand(game.rounds[1].wins[0])
    assert text == "11144p77s4p [333z] [111m]"  # melds in the order they were called
    assert args["tsumo"] and args["seat_wind"] == T.WEST and args["round_wind"] == T.EAST
    assert args["dora_indicators"] == (T.HONOR + 4,) and args["honba"] == 1 and args["sticks"] == 1


def test_red_fives_are_written_as_zero(games):
    texts = [to_hand(w)[0] for g in games["mjlog"].values() for k in g.rounds for w in k.wins]
    assert any("0p" in t for t in texts) and any("0s" in t for t in texts)
    assert not any("0m" in t for t in texts)


# --- format detection and bad input ---------------------------------------------------------------
@pytest.fixture(scope="module")
def xml_bytes(data_dir: Path) -> bytes:
    return (data_dir / "mjlog" / "2026011603gm-00b9-0000-36cf9559.xml").read_bytes()


def test_gzip_and_content_detection(tmp_path, xml_bytes, games):
    packed = tmp_path / "2026011603gm-00b9-0000-36cf9559.json"  # the name lies; the content decides
    packed.write_bytes(gzip.compress(xml_bytes))
    assert read_log(packed) == games["mjlog"]["2026011603gm-00b9-0000-36cf9559"]


def _error(data: bytes, name: str = "game.mjlog") -> LogError:
    with pytest.raises(LogError) as info:
        parse_log(data, name)
    assert isinstance(info.value, SanmaError)
    assert str(info.value).startswith(name)
    assert "\n" not in str(info.value)
    return info.value


def test_truncated_gzip(xml_bytes):
    assert "truncated gzip" in str(_error(gzip.compress(xml_bytes)[:500]))


def test_corrupt_gzip():
    assert "corrupt gzip" in str(_error(b"\x1f\x8b\x08\x00garbage-not-deflate"))


def test_broken_xml(xml_bytes):
    e = _error(xml_bytes[: len(xml_bytes) // 2])
    assert "broken XML" in str(e) and e.line == 1 and e.column


def test_xml_that_is_not_a_log():
    assert "not a Tenhou log" in str(_error(b"<html><body/></html>"))


def test_json_that_is_not_a_log():
    assert "not a Tenhou log" in str(_error(b'{"name": "x", "scores": [1, 2]}', "x.json"))
    assert "not a Tenhou log" in str(_error(b"hello", "x.json"))


def test_broken_json(data_dir):
    text = (data_dir / "json" / "2026011603gm-00b9-0000-36cf9559.json").read_bytes()
    e = _error(text[:3000], "cut.json")
    assert "broken JSON" in str(e) and e.line == 1


FOUR_PLAYER_XML = (
    b'<mjloggm ver="2.3"><GO type="169" lobby="0"/><TAIKYOKU oya="0"/>'
    b'<INIT seed="0,0,0,1,2,3" ten="250,250,250,250" oya="0" hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" '
    b'hai1="13,14,15,16,17,18,19,20,21,22,23,24,25" hai2="26,27,28,29,30,31,32,33,34,35,36,37,38" '
    b'hai3="39,40,41,42,43,44,45,46,47,48,49,50,51"/></mjloggm>'
)


def test_four_player_logs_are_refused():
    assert "four-player log" in str(_error(FOUR_PLAYER_XML))
    four = {"ref": "x", "rule": {"disp": "鳳南喰赤", "aka": 1}, "log": [[[0, 0, 0], [25000] * 4]], "sc": []}
    assert "four-player log" in str(_error(json.dumps(four).encode(), "four.json"))


def test_unsupported_lobby(xml_bytes):
    no_red = xml_bytes.replace(b'<GO type="185"', b'<GO type="187"')  # 0x02: no red fives
    assert "unsupported variant" in str(_error(no_red))
    odd = {"ref": "x", "rule": {"disp": "友人戦"}, "log": [[]], "sc": []}
    assert "unsupported variant" in str(_error(json.dumps(odd).encode(), "odd.json"))


def test_impossible_play_is_reported(xml_bytes):
    # the first discard of seat 0 (<D3/>) replaced by a tile seat 0 does not hold
    assert b"<T80/><D3/>" in xml_bytes
    e = _error(xml_bytes.replace(b"<T80/><D3/>", b"<T80/><D135/>", 1))
    assert "impossible play in E1-0: seat 0 does not hold 7z" in str(e)


def test_a_log_that_stops_early(xml_bytes):
    cut = xml_bytes[: xml_bytes.index(b"<AGARI")] + b"</mjloggm>"
    assert "stops before the hand ends" in str(_error(cut))


def test_players_and_nagashi(games, ryuukyoku_truth):
    for folder in FORMATS:
        assert {g.players for g in games[folder].values()} == {("Player A", "Player B", "Player C")}
    for r in ryuukyoku_truth:
        if r["type"] == "nagashi_mangan":
            for folder in FORMATS:
                d = games[folder][r["game_id"]].rounds[r["kyoku_index"]].draw
                assert d.nagashi == tuple(s for s in range(3) if r["deltas"][s] > 0)


def test_byte_order_mark_and_gzip_json(data_dir, games):
    text = (data_dir / "json" / "2026011603gm-00b9-0000-36cf9559.json").read_bytes()
    game = games["json"]["2026011603gm-00b9-0000-36cf9559"]
    assert parse_log(b"\xef\xbb\xbf" + text, "bom.json") == game
    assert parse_log(gzip.compress(text), "packed.gz") == game
    assert "not a Tenhou log" in str(_error(b"[1, 2, 3]", "list.json"))


# The mjlog reader splits a document in Tenhou's plain form at its "<"s and hands anything else to
# ElementTree (calc/logs/mjlog.py): the two must read every document alike.
def _tree_elements(data: bytes):
    """ElementTree's reading: the root's (tag, attributes) pairs, or the kind of its error."""
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring(data)
    except ET.ParseError:
        return "broken"
    return [(el.tag, el.attrib) for el in root] if root.tag == "mjloggm" else "not mjloggm"


def test_plain_mjlog_reading_is_elementtrees(data_dir):
    from calc.logs.mjlog import _plain_elements

    files = sorted((data_dir / "mjlog").glob("*.xml"))
    assert len(files) == 201
    for path in files:
        data = path.read_bytes()
        assert _plain_elements(data) == _tree_elements(data), path  # every real game is in the plain form
    declared = b'<?xml version="1.0" encoding="UTF-8"?>\n' + data + b"\n"
    assert _plain_elements(declared) == _tree_elements(declared)
    assert _plain_elements(data.decode()) == _tree_elements(data)


# What XML allows but the plain form does not (read by ElementTree), and what XML does not allow
# at all (ElementTree's error): none may be read by the split, or read differently.
NOT_PLAIN = [
    b'<T38/>\n<D38/>', b'<T38  />', b'<N who="1"\n m="2"/>', b'<N who="1"  m="2"/>', b'<N who = "1"/>',
    b"<N who='1'/>", b'<N who="1&amp;"/>', b'<N who="&#49;"/>', b'<N who="a\tb"/>', b'<N who="a>b"/>',
    b'<!-- note --><T38/>', b'<T38></T38>', b'<T38>x</T38>', b'<N who="1" who="2"/>', b'<N xmlns="u"/>',
    b'<ns:T38/>', b'<T-1/>', b'<T38/>x', b'<T38/', b'<T38/><', b"<N who=\"\x01\"/>", b'<![CDATA[x]]>',
    b'<?pi x?>', b'<N who="1"/ >', b'</T38>', b"<N who=\"\xef\xbf\xbe\"/>", b"<N who=\"\xff\"/>",
]


@pytest.mark.parametrize("inner", NOT_PLAIN)
def test_anything_but_the_plain_form_goes_to_elementtree(inner):
    from calc.logs.mjlog import _plain_elements

    data = b'<mjloggm ver="2.3"><GO type="185" lobby="0"/>' + inner + b"<D38/></mjloggm>"
    assert _plain_elements(data) is None


def test_damaged_copies_read_alike(xml_bytes):
    # a real game with a few characters changed, dropped or added where XML is strict: wherever the
    # split reads the copy, ElementTree reads the same elements
    import random

    from calc.logs.mjlog import _plain_elements

    rng = random.Random(7)
    alphabet = [b"<", b">", b"/", b'"', b"=", b" ", b"\n", b"\t", b"&", b"A", b"7", b"!", b"?", b"xmlns", b"\xff"]
    split = 0
    for _ in range(600):
        data = bytearray(xml_bytes)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(data))
            kind = rng.randrange(3)
            if kind == 0:
                data[at:at + 1] = b""
            else:
                data[at:at + (kind == 1)] = rng.choice(alphabet)
        plain = _plain_elements(bytes(data))
        if plain is not None:
            split += 1
            assert plain == _tree_elements(bytes(data))
    assert split > 50  # many damaged copies are still plain (a changed number, a changed name)
