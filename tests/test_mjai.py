"""mjai event logs: the repository's Tenhou games converted to mjai, simulated games written as mjai,
and hand-made excerpts (a north extraction, a ron on an extracted north, a double ron)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from calc.cli.app import app
from calc.core import rules as R
from calc.logs import LogError, parse_log, read_log
from calc.logs.replay import replay
from calc.sim import run as SR
from mjai_convert import jsonl, mjlog_to_mjai

runner = CliRunner()
GAME = "2026011603gm-00b9-0000-36cf9559"


def _parse(events: list[dict], rules: str | None = None, name: str = "excerpt.jsonl"):
    return parse_log(jsonl(events).encode(), name, mjai_rules=R.load(rules) if rules else None)


# ------------------------------------------------------------------ the real games as mjai


def test_every_real_game_converted_to_mjai_replays_as_the_original(data_dir):
    files = sorted((data_dir / "mjlog").glob("*.xml"))
    for path in files:
        original = replay(read_log(path), str(path))
        data = jsonl(mjlog_to_mjai(path.read_bytes())).encode()
        if path.name < "2026011612":  # some of them gzip-compressed, as converters often write them
            data = gzip.compress(data)
        converted = replay(parse_log(data, path.stem + ".jsonl"), path.stem)
        assert converted.mismatches == (), (path.name, [m.text() for m in converted.mismatches])
        assert converted.hands == original.hands, path.name
        assert converted.final_scores == original.final_scores == converted.log.final_scores
        assert converted.final_points == original.final_points == original.log.final_points
        assert converted.log.final_points is None  # mjai states no final points: ours are checked above


def test_a_converted_game_from_the_command_line(data_dir, tmp_path):
    path = data_dir / "mjlog" / f"{GAME}.xml"
    (tmp_path / f"{GAME}.jsonl").write_text(jsonl(mjlog_to_mjai(path.read_bytes())), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(tmp_path / f"{GAME}.jsonl")])
    assert result.exit_code == 0, result.output
    assert f"{GAME}: 10 hands (8 wins, 2 draws) reproduced" in result.output
    assert "Player A 28700 (-11.3), Player B 49700 (+44.7), Player C 26600 (-33.4)" in result.output


def test_a_json_array_of_events_reads_too(data_dir):
    events = mjlog_to_mjai((data_dir / "mjlog" / f"{GAME}.xml").read_bytes())
    game = parse_log(json.dumps(events).encode(), f"{GAME}.json")
    assert game.game_id == GAME and len(game.rounds) == 10 and game.complete


def test_the_middle_of_a_real_game_replays_hand_by_hand(data_dir):
    events = mjlog_to_mjai((data_dir / "mjlog" / f"{GAME}.xml").read_bytes())
    starts = [i for i, e in enumerate(events) if e["type"] == "start_kyoku"]
    middle = events[starts[3]:starts[7]]  # hands 4-7, no start_game, no end_game
    r = replay(_parse(middle), "excerpt")
    assert not r.log.complete and r.log.final_scores is None
    assert r.mismatches == ()
    assert len(r.hands) == 4
    full = replay(read_log(data_dir / "mjlog" / f"{GAME}.xml"), GAME)
    assert [(h.label, h.honba, h.wins, h.deltas) for h in r.hands] == \
        [(h.label, h.honba, h.wins, h.deltas) for h in full.hands[3:7]]


def test_the_start_scores_of_each_hand_are_checked(data_dir):
    """A start_kyoku whose scores drift from the replay's own (totals still right) is a mismatch."""
    events = mjlog_to_mjai((data_dir / "mjlog" / f"{GAME}.xml").read_bytes())
    third = [e for e in events if e["type"] == "start_kyoku"][2]
    assert third["scores"] == [41000, 31700, 32300]
    third["scores"] = [40000, 32700, 32300]
    r = replay(parse_log(jsonl(events).encode(), f"{GAME}.jsonl"), GAME)
    assert [m.text() for m in r.mismatches] == [
        "E3-0 start scores: ours (41000, 31700, 32300), log (40000, 32700, 32300)"]
    assert not r.ok


# ------------------------------------------------------------------ simulated games written as mjai


@pytest.mark.parametrize("profile, length", [("tenhou", None), ("mahjongsoul", "east")])
def test_simulated_games_written_as_mjai_replay_without_mismatch(tmp_path, profile, length):
    rules = R.load(profile)
    s = SR.setup(rules, schemes=(rules.payment.scheme,), bots="greedy", seed="11", length=length,
                 save=str(tmp_path), save_format="mjai")
    for index in range(12):
        SR.run_match(s, index, want_tally=False)
    files = sorted(tmp_path.glob("*.jsonl"))
    assert len(files) == 12
    for path in files:
        r = replay(read_log(path, mjai_rules=rules), str(path))
        assert r.mismatches == (), (path.name, [m.text() for m in r.mismatches])
        assert r.log.complete and r.log.final_scores is not None
        assert r.log.lobby.length == (length or rules.match.length)


def test_simulate_format_mjai_from_the_command_line(tmp_path):
    result = runner.invoke(app, ["simulate", "--matches", "3", "--seed", "2", "--save", str(tmp_path),
                                 "--format", "mjai", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert f"saved 3 mjai records in {tmp_path}" in result.output
    first = (tmp_path / "sim-2-00000.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(first[0])["type"] == "start_game" and json.loads(first[-1])["type"] == "end_game"
    replayed = runner.invoke(app, ["replay", str(tmp_path)])
    assert replayed.exit_code == 0, replayed.output
    assert "3/3 games match the log" in " ".join(replayed.output.split())
    assert runner.invoke(app, ["simulate", "--matches", "1", "--save", str(tmp_path), "--format", "xml"]).exit_code == 2


# ------------------------------------------------------------------ hand-made excerpts

OTHERS = {0: "1m 1m 1m 9m 9m 9m E E E S S S W", 2: "5p 6p 7p 5s 6s 7s 8s 8s 8s P P P F"}


def _tehais(hands: dict[int, str]) -> list[list[str]]:
    return [hands[s].split() for s in range(3)]


def test_a_north_extraction_and_a_win_on_its_replacement_in_the_middle_of_a_game():
    # South 2, 1 honba, one riichi stick on the table; the dealer (seat 1) extracts a north and
    # wins on the replacement tile: menzen tsumo, rinshan, ittsu, 1 nukidora = 5 han, a mangan.
    events = [
        {"type": "start_kyoku", "bakaze": "S", "kyoku": 2, "honba": 1, "kyotaku": 1, "oya": 1,
         "scores": [30000, 40000, 34000], "dora_marker": "E",
         "tehais": _tehais({**OTHERS, 1: "1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 1s 2s 4s"})},
        {"type": "tsumo", "actor": 1, "pai": "N"},
        {"type": "kita", "actor": 1, "pai": "N"},
        {"type": "tsumo", "actor": 1, "pai": "3s"},
        {"type": "hora", "actor": 1, "target": 1, "deltas": [-4100, 9200, -4100], "han": 5, "points": 8000,
         "yaku": [["menzen_tsumo", 1], ["rinshan_kaihou", 1], ["ittsu", 2], ["dora", 1]]},
        {"type": "end_kyoku"},
    ]
    r = replay(_parse(events), "excerpt")
    assert r.mismatches == ()
    (hand,) = r.hands
    (win,) = hand.wins
    assert (hand.label, hand.honba, win.han, win.points, win.deltas) == ("S2", 1, 5, 8000, (-4100, 9200, -4100))
    assert r.log.rounds[0].wins[0].nuki == 1 and r.log.rounds[0].wins[0].rinshan
    wrong = [dict(e, han=6, deltas=[-4100, 9300, -4100]) if e["type"] == "hora" else e for e in events]
    wrong[4]["yaku"] = [["menzen_tsumo", 1], ["rinshan_kaihou", 1], ["ittsu", 2], ["dora", 2]]
    texts = [m.text() for m in replay(_parse(wrong), "excerpt").mismatches]
    assert "S2-1 han: ours 5, log 6 [seat 1: 123456789p11243s]" in texts
    assert any(t.startswith("S2-1 deltas: ours (-4100, 9200, -4100), log (-4100, 9300, -4100)") for t in texts)


RON_ON_NORTH = [
    {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
     "scores": [35000, 35000, 35000], "dora_marker": "9s",
     "tehais": _tehais({0: "1m 1m 1m 9m 9m 9m S S S W W 1s 2s", 1: "2s 3s 4s 5s 6s 7s 8s 8s P P P F F",
                        2: "1p 2p 3p 4p 5p 6p 7p 8p 9p E E E N"})},
    {"type": "tsumo", "actor": 0, "pai": "N"},
    {"type": "kita", "actor": 0, "pai": "N"},
    # seat 2 waits on the north alone: honitsu 3, ittsu 2, round wind east 1 = 6 han, a haneman
    {"type": "hora", "actor": 2, "target": 0, "deltas": [-12000, 0, 12000], "han": 6, "points": 12000,
     "yaku": [["混一色", 3], ["一気通貫", 2], ["場風 東", 1]]},
    {"type": "end_kyoku"},
]


@pytest.mark.parametrize("profile", ["mahjongsoul", "tenhou"])
def test_a_ron_on_an_extracted_north(profile):
    r = replay(_parse(RON_ON_NORTH, profile), "excerpt")
    assert r.mismatches == ()
    win = r.log.rounds[0].wins[0]
    assert (win.win_source, win.chankan, win.nuki) == ("nuki", False, 0)
    assert r.hands[0].wins[0].yaku == (("honitsu", 3), ("ittsu", 2), ("round_wind_east", 1))


def test_a_ron_on_an_extracted_north_is_refused_where_the_profile_forbids_it():
    with pytest.raises(LogError, match="a ron on an extracted north, which this profile forbids"):
        _parse(RON_ON_NORTH, "standard")


DOUBLE_RON = [
    {"type": "start_game", "names": ["Ana", "Bo", "Chen"]},
    {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
     "scores": [35000, 35000, 35000], "dora_marker": "9s",
     "tehais": _tehais({0: "1m 1m 1m 9m 9m 9m E E E S S W 5s", 1: "1p 2p 3p 4p 5p 6p 7p 8p 9p P P P 5s",
                        2: "2s 3s 4s 6s 7s 8s C C C F F F 5s"})},
    {"type": "tsumo", "actor": 0, "pai": "W"},
    {"type": "dahai", "actor": 0, "pai": "5s", "tsumogiri": False},
    # both wait on 5s alone: Bo ittsu + haku, 3 han 40 fu; Chen honitsu + chun + hatsu, a mangan
    {"type": "hora", "actor": 1, "target": 0, "deltas": [-5200, 5200, 0], "han": 3, "fu": 40,
     "yaku": [["ikkitsukan", 2], ["haku", 1]]},
    {"type": "hora", "actor": 2, "target": 0, "deltas": [-8000, 0, 8000], "han": 5,
     "yaku": [["honiso", 3], ["chun", 1], ["hatsu", 1]]},
    {"type": "end_kyoku"},
]


@pytest.mark.parametrize("profile", ["mahjongsoul", "tenhou", "standard"])
def test_a_double_ron(profile):
    r = replay(_parse(DOUBLE_RON, profile), "excerpt")
    assert r.mismatches == ()
    assert [(w.winner, w.han, w.fu, w.deltas) for w in r.hands[0].wins] == [
        (1, 3, 40, (-5200, 5200, 0)), (2, 5, 50, (-8000, 0, 8000))]
    assert r.hands[0].deltas == (-13200, 5200, 8000)
    assert r.log.players == ("Ana", "Bo", "Chen") and not r.log.complete


def test_what_a_hora_leaves_out_is_not_compared():
    bare = [{k: v for k, v in e.items() if k in ("type", "actor", "target")} if e["type"] == "hora" else e
            for e in DOUBLE_RON]
    r = replay(_parse(bare), "excerpt")
    assert r.mismatches == ()
    assert r.hands[0].deltas == (-13200, 5200, 8000)


def test_gimite_wind_and_dragon_names_are_resolved_from_the_hand():
    events = [dict(e, yaku=[["honiso", 3], ["sangenpai", 2]]) if e.get("actor") == 2 and e["type"] == "hora" else e
              for e in DOUBLE_RON]
    assert replay(_parse(events), "excerpt").mismatches == ()
    north = [dict(e, yaku=[["honiso", 3], ["ikkitsukan", 2], ["bakaze", 1]]) if e["type"] == "hora" else e
             for e in RON_ON_NORTH]
    assert replay(_parse(north, "tenhou"), "excerpt").mismatches == ()


@pytest.mark.parametrize("mutate, message", [
    (lambda ev: ev[1].__setitem__("tehais", ev[1]["tehais"] + [["1p"] * 13]), "four-player log"),
    (lambda ev: ev[2].__setitem__("pai", "?"), "hidden tile"),
    (lambda ev: ev[3].__setitem__("pai", "2m"), "2m is not a sanma tile"),
    (lambda ev: ev[3].__setitem__("pai", "4s"), "impossible play in E1-0: seat 0 does not hold 4s"),
    (lambda ev: ev.insert(4, {"type": "chi", "actor": 1}), "a chi, which sanma does not have"),
    (lambda ev: ev.insert(4, {"type": "shout"}), "unknown mjai event type 'shout'"),
])
def test_bad_mjai_logs_are_one_line_errors_naming_the_line(mutate, message):
    events = json.loads(json.dumps(DOUBLE_RON))
    mutate(events)
    with pytest.raises(LogError) as info:
        _parse(events)
    assert message in str(info.value)
    assert str(info.value).startswith("excerpt.jsonl:")


def test_a_broken_line_and_the_command_line_error(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(jsonl(DOUBLE_RON[:3]) + "{not json\n", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert f"Error: {path}:4, column 2: broken JSON" in result.output
    assert "Traceback" not in result.output
    unknown = runner.invoke(app, ["replay", str(path), "--rules", "nope"])
    assert unknown.exit_code == 1 and "Traceback" not in unknown.output


def test_replay_workers_keep_the_order(data_dir, tmp_path):
    for path in sorted((data_dir / "mjlog").glob("*.xml"))[:10]:
        (tmp_path / f"{path.stem}.jsonl").write_text(jsonl(mjlog_to_mjai(path.read_bytes())), encoding="utf-8")
    one = runner.invoke(app, ["replay", str(tmp_path), "--workers", "1"])
    two = runner.invoke(app, ["replay", str(tmp_path), "--workers", "2"])
    assert one.exit_code == two.exit_code == 0
    assert one.output == two.output
    assert runner.invoke(app, ["replay", str(tmp_path), "--workers", "0"]).exit_code == 2  # a bound, as in simulate


def test_older_tenhou_logs_round_final_points_to_whole_numbers(data_dir, tmp_path):
    # the same game as an older log would state it: whole points, first place taking the difference
    text = (data_dir / "mjlog" / f"{GAME}.xml").read_text(encoding="utf-8")
    assert 'owari="287,-11.3,497,44.7,266,-33.4,0,0.0"' in text
    old = tmp_path / f"{GAME}.xml"
    old.write_text(text.replace('owari="287,-11.3,497,44.7,266,-33.4,0,0.0"',
                                'owari="287,-11.0,497,44.0,266,-33.0,0,0.0"'), encoding="utf-8")
    r = replay(read_log(old), str(old))
    assert r.mismatches == ()
    assert r.final_points == (-11.0, 44.0, -33.0)
    assert r.settled.ruleset.match.final_rounding == "integer"


def test_an_excerpt_on_the_command_line_says_so_and_checks_no_final_result(tmp_path):
    path = tmp_path / "double-ron.jsonl"
    path.write_text(jsonl(DOUBLE_RON), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path), "--rules", "mahjongsoul", "--wide"])
    assert result.exit_code == 0, result.output
    assert ("double-ron: 1 hand (2 wins, 0 draws) reproduced; an excerpt; after its last hand "
            "Ana 21800 (-38.2), Bo 40200 (+0.2), Chen 43000 (+38.0)") in result.output
    assert "1 game(s): 2/2 wins, 0/0 draws, 0/0 final results reproduced; 1/1 games match the log" in result.output


@pytest.mark.parametrize("field, value, message", [
    ("fu", "40", "hora `fu` is '40', not a count"),
    ("han", -1, "hora `han` is -1, not a count"),
    ("han", 4, "the yaku add up to 3 han, the `han` says 4"),
    ("yaku", [["kuitan", 1]], "unknown yaku 'kuitan'"),
])
def test_a_malformed_hora_is_an_error(field, value, message):
    events = json.loads(json.dumps(DOUBLE_RON))
    events[4][field] = value
    with pytest.raises(LogError, match=message):
        _parse(events)


@pytest.mark.parametrize("profile, yaku, deltas", [
    ("mahjongsoul", [["kokushi", 26]], [-64000, 64000, 0]),      # a double yakuman there
    ("tenhou", [["国士無双１３面", 13]], [-32000, 32000, 0]),   # one yakuman on Tenhou
])
def test_a_thirteen_sided_kokushi_under_each_profile(profile, yaku, deltas):
    events = [
        {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
         "scores": [35000, 35000, 35000], "dora_marker": "9s",
         "tehais": _tehais({0: "1p 1p 2p 3p 4p 5p 6p 7p 8p 9p 9p C S", 1: "1m 9m 1p 9p 1s 9s E S W N P F C",
                            2: OTHERS[2]})},
        {"type": "tsumo", "actor": 0, "pai": "5s"},
        {"type": "dahai", "actor": 0, "pai": "C", "tsumogiri": False},
        {"type": "hora", "actor": 1, "target": 0, "deltas": deltas, "yaku": yaku},
        {"type": "end_kyoku"},
    ]
    r = replay(_parse(events, profile), "excerpt")
    assert r.mismatches == (), [m.text() for m in r.mismatches]
    assert r.hands[0].wins[0].yaku == (("kokushi", yaku[0][1]),)


RIICHI = [
    {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
     "scores": [35000, 35000, 35000], "dora_marker": "9s",
     "tehais": _tehais({0: "1m 1m 1m 9m 9m 9m E E E S S W 5s", 1: "1p 2p 3p 4p 5p 6p 7p 8p 9p P P P 1s",
                        2: "2s 3s 4s 6s 7s 8s C C C F F F 9p"})},
    {"type": "tsumo", "actor": 0, "pai": "W"},
    {"type": "reach", "actor": 0},
    {"type": "dahai", "actor": 0, "pai": "5s", "tsumogiri": False},
    {"type": "reach_accepted", "actor": 0},
    {"type": "tsumo", "actor": 1, "pai": "W"},
    {"type": "dahai", "actor": 1, "pai": "W", "tsumogiri": True},
    # the dealer's double riichi, ippatsu, honitsu, honroutou, toitoi, sanankou, double east: 14 han,
    # a counted yakuman, 48000 and the dealer's own stick back
    {"type": "hora", "actor": 0, "target": 1, "deltas": [49000, -48000, 0], "han": 14, "points": 48000},
    {"type": "end_kyoku"},
]


def test_a_riichi_declared_with_reach_is_the_next_discards_and_its_deposit_is_taken():
    r = replay(_parse(RIICHI), "excerpt")
    assert r.mismatches == ()
    kyoku = r.log.rounds[0]
    (win,) = kyoku.wins
    assert kyoku.riichi == (0,) and (win.riichi, win.double_riichi, win.ippatsu) == (True, True, True)
    assert win.scores_before == (34000, 35000, 35000) and win.sticks == 1
    assert r.hands[0].deltas == (48000, -48000, 0)


def test_a_ron_on_the_riichi_discard_takes_no_deposit():
    events = [*DOUBLE_RON[:3], {"type": "reach", "actor": 0}, *DOUBLE_RON[3:]]
    r = replay(_parse(events), "excerpt")
    assert r.mismatches == ()
    assert r.log.rounds[0].riichi == () and r.hands[0].deltas == (-13200, 5200, 8000)


@pytest.mark.parametrize("mutate, line, message", [
    (lambda ev: ev.__setitem__(3, dict(ev[3], actor=1)), 4, "E1-0: seat 0 declares riichi, then seat 1 discards"),
    (lambda ev: ev.insert(3, {"type": "tsumo", "actor": 1, "pai": "W"}), 4, "declares riichi without discarding"),
    (lambda ev: ev.__setitem__(4, {"type": "reach_accepted", "actor": 2}), 5, "seat 2 has no riichi to accept"),
])
def test_a_reach_that_is_not_followed_by_its_discard_is_an_error(mutate, line, message):
    events = json.loads(json.dumps(RIICHI))
    mutate(events)
    with pytest.raises(LogError, match=message) as info:
        _parse(events)
    assert str(info.value).startswith(f"excerpt.jsonl:{line}: impossible play in E1-0")


def test_hora_deltas_that_are_no_payment_are_compared_not_applied():
    events = json.loads(json.dumps(RIICHI))
    events[7]["deltas"] = [49000, -47000, 0]  # 2000 more than anyone paid
    r = replay(_parse(events), "excerpt")
    assert [m.text() for m in r.mismatches] == [
        "E1-0 deltas: ours (49000, -48000, 0), log (49000, -47000, 0) [seat 0: 111999m11122333z]"]
    assert r.log.rounds[0].scores_after is None  # an excerpt's last hand: no next start scores say them


# ---------------------------------------------------------------- RiichiEnv's own logs


@pytest.fixture(scope="module")
def riichienv_games(tmp_path_factory) -> Path:
    """tests/data/riichienv: six games RiichiEnv 0.4.11 wrote (its README says which is which)."""
    import tarfile

    folder = tmp_path_factory.mktemp("riichienv")
    with tarfile.open(Path(__file__).parent / "data" / "riichienv" / "games.tar.xz") as archive:
        archive.extractall(folder, filter="data")
    return folder


@pytest.mark.parametrize("game, reason", [("rienv-0076", "kyushu_kyuhai"), ("rienv-0077", "kyushu_kyuhai"),
                                          ("rienv-0026", "suukansansen"), ("rienv-0047", "suukansansen")])
def test_riichienv_draw_reasons_are_read_and_the_games_reproduce(riichienv_games, game, reason):
    path = riichienv_games / f"{game}.jsonl"
    assert f'"reason":"{reason}"' in path.read_text(encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "1/1 games match the log" in " ".join(result.output.split())
    kinds = [k.draw.kind for k in read_log(path).rounds if k.draw is not None]
    assert ("nine-terminals" if reason == "kyushu_kyuhai" else "four-kans") in kinds


@pytest.mark.parametrize("game, seat, hand", [("rienv-1020", 2, "E1-0"), ("rienv-1026", 0, "E1-0")])
def test_riichienv_illegal_action_is_one_clear_line(riichienv_games, game, seat, hand):
    path = riichienv_games / f"{game}.jsonl"
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and "Traceback" not in result.output
    assert errors[0].startswith(f"Error: {path}:")
    assert (f"not a game that was played: the program at seat {seat} sent a move the rules do not allow, and "
            f"the environment (RiichiEnv) stopped hand {hand} with a penalty (ryukyoku reason 'Error: Illegal "
            f"Action by Player {seat}')") in errors[0]
