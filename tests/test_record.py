"""Match records: the example settled by hand, `sanma settle` from the outside, every kind of bad
record, and random records that must keep the points of the table together."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from calc.table import match, record
from calc.cli.app import app
from calc.core.rules import SCHEMES

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "match.yaml"
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def settle_text(text: str, **kwargs) -> record.Settled:
    return record.settle(record.read_text(text, "match.yaml"), **kwargs)


# ---------------------------------------------------------------- the example, worked by hand


def test_example_record_settles_as_worked_out_by_hand():
    settled = record.settle(record.read(EXAMPLE))
    # (round, honba, sticks before, deltas incl. riichi deposits) under standard: tsumo-loss,
    # honba 1000 per ron / 500 per tsumo payer, noten pool 2000.
    expected = [
        ("E1", 0, 0, (-6400, 6400, 0)),  # Bo: riichi, round-wind East, dora 1 = 3 han 50 fu, R 6400, gets his stick back
        ("E2", 0, 0, (-1300, -2600, 3900)),  # 3 han 40 fu tsumo: b 1280, 1300 / 2600 from the dealer Bo
        ("E3", 0, 0, (1000, -2000, 1000)),  # two tenpai: Bo pays the 2000 pool
        ("E3", 1, 0, (3000, 8000, -11000)),  # Ana: -1000 riichi + 2000 + 1000 honba + 1000 stick; Bo 8000
        ("S1", 0, 0, (0, 0, 0)),  # nine terminals
        ("S1", 1, 0, (-4000, 6000, -2000)),  # nagashi: mangan tsumo 2000 / 4000, no honba
        ("S1", 2, 0, (4000, -2000, -2000)),  # dealer 2 han 30 fu tsumo: C(960) 1000 + 2 x 500 each
        ("S1", 3, 0, (-1000, -1000, 1000)),  # Chen: -1000 riichi + 2000; the stick stays
        ("S2", 4, 1, (-4000, -5900, 10900)),  # 4 han 30 fu: 2000 / 3900, + 4 x 500 each, + the stick
        ("S3", 0, 0, (12000, -12000, 0)),  # haneman ron; nobody has 40000: the West round
        ("W1", 0, 0, (-1000, 2000, -1000)),
        ("W2", 1, 0, (-3600, 0, 3600)),  # 2 han 40 fu: R 2600 + 1000 honba; Chen 39400
        ("W3", 0, 0, (-500, -500, 1000)),  # the dealer's 1 han 30 fu tsumo: 40400, first -> agari-yame
    ]
    assert [(r.label, r.honba, r.sticks_before, r.deltas) for r in settled.rows] == expected
    assert settled.state.scores == (33200, 31400, 40400)
    assert settled.state.end_reason == match.AGARI_YAME
    # standard: uma +15 / 0 / -15, oka +15 to first
    assert [(settled.players[s.seat], s.score, s.points) for s in settled.standings] == [
        ("Chen", 40400, 30.4), ("Ana", 33200, -6.8), ("Bo", 31400, -23.6)]
    first = settled.rows[0].kyoku.result
    assert first.evaluation.yaku == (("riichi", 1), ("round_wind_east", 1)) and first.evaluation.dora == 1


def test_example_under_every_scheme_keeps_the_points_together():
    schemes = record.settle_all_schemes(record.read(EXAMPLE))
    assert list(schemes) == list(SCHEMES)
    for name, settled in schemes.items():
        for row in settled.rows:
            assert sum(row.scores) + row.sticks * 1000 == 105000, name
        assert round(sum(s.points for s in settled.standings), 6) == 0, name
        # a scheme either plays every recorded hand or ends the match earlier and says so
        assert settled.state.hands + settled.unplayed == 13, name
        if settled.unplayed:
            assert settled.notes[-1].startswith(f"the match ends after hand {settled.state.hands}")
    # double-take: each payer of a non-dealer tsumo pays C(4b). Chen's S2 tsumo (4 han 30 fu, b 1920)
    # brings 2 x (7700 + 4 x 500 honba) + the stick = 20400 and 44900 points, so the match ends after
    # S3 and the three West-round hands do not count.
    assert schemes["double-take"].rows[8].deltas == (-9700, -9700, 20400)
    assert schemes["double-take"].state.hands == 10
    assert schemes["double-take"].state.end_reason == match.LAST_HAND


def test_settle_command_prints_ledger_and_standings():
    result = run("settle", str(EXAMPLE), "--wide")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "agari-yame: the dealer Chen wins the last hand while first" in out
    assert "Final standings" in out
    lines = [line.split() for line in out.splitlines()]
    assert ["1", "Chen", "40400", "+0.4", "+15", "+15.0", "+30.4"] in lines
    assert ["3", "Bo", "31400", "-8.6", "-15", "-23.6"] in lines
    explained = run("settle", str(EXAMPLE), "--explain").stdout
    assert "honba: 1 × 1000 = 1000 added to the ron payment" in explained
    assert "exhaustive draw: tenpai Ana, Chen; noten Bo" in explained


def test_settle_json_and_all_schemes():
    data = json.loads(run("settle", str(EXAMPLE), "--json").stdout)
    assert data["standings"] == [
        {"rank": 1, "player": "Chen", "score": 40400, "points": 30.4},
        {"rank": 2, "player": "Ana", "score": 33200, "points": -6.8},
        {"rank": 3, "player": "Bo", "score": 31400, "points": -23.6},
    ]
    assert len(data["ledger"]) == 13 and data["ledger"][3]["deltas"] == {"Ana": 3000, "Bo": 8000, "Chen": -11000}
    assert data["ended"] and data["end"] == "agari-yame" and "schemes" not in data
    both = json.loads(run("settle", str(EXAMPLE), "--all-schemes", "--json").stdout)
    assert list(both["schemes"]) == list(SCHEMES)
    assert both["schemes"]["tsumo-loss"]["standings"] == data["standings"]
    assert both["schemes"]["double-take"]["hands_played"] == 10
    assert both["schemes"]["double-take"]["hands_not_counted"] == 3
    text = run("settle", str(EXAMPLE), "--all-schemes").stdout
    assert "tsumo-loss *" in text and "ends after hand 10" in text
    other = json.loads(run("settle", str(EXAMPLE), "--scheme", "double-take", "--json").stdout)
    assert other["scheme"] == "double-take" and other["standings"] == both["schemes"]["double-take"]["standings"]
    assert run("settle", str(EXAMPLE), "--scheme", "north-split", "--all-schemes").exit_code == 2


def test_overrides_uma_scheme_and_length():
    text = """
rules: tenhou
scheme: north-split
uma: [30, 0, -30]
length: east
players: [A, B, C]
hands:
  - draw: {tenpai: []}
  - draw: {tenpai: []}
  - win: {winner: A, tsumo: true, han: 1, fu: 30}
"""
    settled = settle_text(text)
    assert settled.ruleset.payment.scheme == "north-split" and settled.ruleset.payment.honba_ron == 200
    # E3, 2 honba, north-split non-dealer 1 han 30 fu (b 240): C(b) 300 + H = C(150) 200 = 500 from
    # the child B, C(2b) 500 + 200 = 700 from the dealer C; + 2 x 100 (Tenhou honba) each. A has
    # 36600: short of 40000, so the east game goes on into the South round.
    assert settled.rows[-1].deltas == (1600, -700, -900)
    assert settled.state.label == "S1" and not settled.state.ended
    assert settled.ruleset.match.uma == (30, 0, -30)


# ---------------------------------------------------------------- records that cannot have happened

BAD = [
    ("unknown player", "players: [A, B, C]\nhands:\n  - win: {winner: D, from: A, han: 1, fu: 30}\n",
     "match.yaml:3, at hands[1].win.winner: hand 1: unknown player 'D' as winner"),
    ("paying themselves", "players: [A, B, C]\nhands:\n  - win: {winner: A, from: A, han: 1, fu: 30}\n",
     "hand 1: A cannot pay themselves"),
    ("tsumo with from", "players: [A, B, C]\nhands:\n  - win: {winner: A, from: B, tsumo: true, han: 1, fu: 30}\n",
     "hand 1: a tsumo has no `from:`"),
    ("riichi below 1000", "players: [A, B, C]\nhands:\n  - win: {winner: C, from: B, limit: yakuman}\n"
     "  - win: {winner: A, from: B, han: 2, fu: 40}\n  - riichi: [B]\n    draw: {tenpai: [B]}\n",
     "match.yaml:5, at hands[3]: hand 3: B cannot declare riichi with 400 points (at least 1000 needed)"),
    ("hand after the end", "players: [A, B, C]\nhands:\n  - win: {winner: C, from: B, limit: yakuman}\n"
     "  - win: {winner: C, from: B, limit: haneman}\n  - draw: {tenpai: []}\n",
     "match.yaml:5, at hands[3]: hand 3: the match already ended after hand 2 (bust: B -9000)"),
    ("triple ron", "players: [A, B, C]\nhands:\n  - win: [{winner: A, from: B, han: 1, fu: 30}, "
     "{winner: C, from: B, han: 1, fu: 30}, {winner: B, from: A, han: 1, fu: 30}]\n",
     "hand 1: 3 winners: a triple ron cannot happen in sanma"),
    ("unknown tenpai name", "players: [A, B, C]\nhands:\n  - draw: {tenpai: [A, Z]}\n",
     "hand 1: unknown player 'Z' as tenpai"),
    ("YAML syntax", "players: [A, B, C]\nhands:\n  - draw: {tenpai: [A}\n",
     "match.yaml:3, column 22: YAML syntax error: expected ',' or ']'"),
    ("double ron, two discarders", "players: [A, B, C]\nhands:\n  - win: [{winner: A, from: B, han: 1, fu: 30}, "
     "{winner: B, from: C, han: 1, fu: 30}]\n", "hand 1: a double ron is two rons on one discard"),
    ("two results", "players: [A, B, C]\nhands:\n  - draw: {tenpai: []}\n    abort: nine-terminals\n",
     "hand 1: a hand has exactly one result"),
    ("unknown key", "players: [A, B, C]\nhands:\n  - win: {winner: A, form: B, han: 1, fu: 30}\n",
     "unknown key 'form' in win (did you mean 'from'?)"),
    ("impossible han/fu", "players: [A, B, C]\nhands:\n  - win: {winner: A, from: B, han: 1, fu: 20}\n",
     "hand 1: 20 fu is pinfu tsumo only"),
    ("flow key", "players: [A, B, C]\nhands:\n  - win: {winner: A, from: B, hand: \"123p456p789p11s555z\", seat: E}\n",
     "'seat' follows from the flow"),
    ("full hand that does not win", "players: [A, B, C]\nhands:\n  - win: {winner: A, from: B, hand: \"123p456p789p11s556z\"}\n",
     "match.yaml:3, at hands[1].win: hand 1: A's hand: the hand"),
    ("riichi flag without declaring", "players: [A, B, C]\nhands:\n"
     "  - win: {winner: A, from: B, hand: \"123p456p789p11s555z\", riichi: true}\n",
     "A wins with riichi but is not in this hand's riichi list"),
    ("abort the profile lacks", "rules: standard\nplayers: [A, B, C]\nhands:\n  - abort: four-winds\n",
     "abort must be one of nine-terminals, four-kans"),
    ("two players", "players: [A, B]\nhands: []\n", "players must list the 3 players"),
    ("same name twice", "players: [A, B, A]\nhands: []\n", "players must have different names"),
    ("unknown profile", "rules: tenhu\nplayers: [A, B, C]\n", "unknown profile 'tenhu' (did you mean 'tenhou'?)"),
    ("duplicate key", "players: [A, B, C]\nhands:\n  - win: {winner: A, winner: B, from: C, han: 1, fu: 30}\n",
     "match.yaml:3: duplicate key 'winner'"),
    # from 5 han the fu change nothing: a fu written there is refused where it is written, in the record's words
    ("fu at 5 han", "players: [A, B, C]\nhands:\n  - win:\n      winner: A\n      from: B\n      han: 6\n"
     "      fu: 30\n", "match.yaml:7, at hands[1].win.fu: hand 1: 6 han is haneman whatever the fu: fu changes nothing at 5 han or more"),
    ("yakuman with fu", "players: [A, B, C]\nhands:\n  - win: {winner: A, from: B, yakuman: 1, fu: 30}\n",
     "match.yaml:3, at hands[1].win.yakuman: hand 1: give han/fu or yakuman, not both"),
]


@pytest.mark.parametrize("text, message", [case[1:] for case in BAD], ids=[case[0] for case in BAD])
def test_bad_records_name_the_hand_and_the_problem(text, message):
    with pytest.raises(record.RecordError) as error:
        settle_text(text)
    assert message in str(error.value)


def test_bad_record_on_the_command_line_prints_one_line_and_nothing_else(tmp_path):
    path = tmp_path / "match.yaml"
    # five good hands (B down to 400), then a riichi B cannot afford: nothing of the ledger may be printed
    path.write_text("players: [A, B, C]\nhands:\n"
                    "  - win: {winner: C, from: B, limit: yakuman}\n  - win: {winner: A, from: B, han: 2, fu: 40}\n"
                    "  - win: {winner: A, from: C, han: 1, fu: 30}\n  - win: {winner: C, from: A, han: 1, fu: 30}\n"
                    "  - win: {winner: A, from: C, han: 1, fu: 30}\n"
                    "  - riichi: [B]\n    draw: {tenpai: [B]}\n")
    result = run("settle", str(path))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "match.yaml:8, at hands[6]: hand 6: B cannot declare riichi with 400" in result.stderr
    assert run("settle", str(path), "--all-schemes").stdout == ""


# ---------------------------------------------------------------- random records

NAMES = ["Ana", "Bo", "Chen"]
VALUES = st.one_of(
    st.sampled_from([{"han": h, "fu": f} for h in (1, 2, 3, 4) for f in (30, 40, 50, 70, 110)]),
    st.sampled_from([{"limit": limit} for limit in ("mangan", "haneman", "baiman", "sanbaiman", "yakuman")]),
)


@st.composite
def hands(draw):
    riichi = draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=3))
    kind = draw(st.sampled_from(["ron", "tsumo", "double", "draw", "abort", "nagashi"]))
    hand: dict = {"riichi": riichi} if riichi else {}
    if kind in ("ron", "tsumo", "double"):
        winner, discarder, other = draw(st.permutations(NAMES))
        if kind == "tsumo":
            hand["win"] = {"winner": winner, "tsumo": True, **draw(VALUES)}
        elif kind == "ron":
            hand["win"] = {"winner": winner, "from": discarder, **draw(VALUES)}
        else:
            hand["win"] = [{"winner": winner, "from": discarder, **draw(VALUES)},
                           {"winner": other, "from": discarder, **draw(VALUES)}]
    elif kind == "draw":  # a riichi player is tenpai at the draw (rules.md, Draws)
        tenpai = draw(st.lists(st.sampled_from(NAMES), unique=True))
        hand["draw"] = {"tenpai": [*riichi, *(n for n in tenpai if n not in riichi)]}
    elif kind == "abort":
        hand["abort"] = draw(st.sampled_from(["nine-terminals", "four-kans"]))
    else:
        tenpai = draw(st.lists(st.sampled_from(NAMES), unique=True))
        hand["nagashi"] = {"player": draw(st.sampled_from(NAMES)),
                           "tenpai": [*riichi, *(n for n in tenpai if n not in riichi)]}
    return hand


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["standard", "tenhou", "mahjongsoul"]), st.sampled_from(["hanchan", "east"]),
       st.lists(hands(), max_size=30))
def test_random_records_keep_the_table_total(profile, length, recorded):
    text = yaml.safe_dump({"rules": profile, "length": length, "players": NAMES, "hands": recorded})
    parsed = record.read_text(text, "random.yaml")
    for scheme in SCHEMES:
        settled = record.settle(parsed, parsed.rules.with_scheme(scheme), strict=False)
        start_total = 3 * settled.ruleset.match.start
        previous = None
        for row in settled.rows:
            assert sum(row.scores) + row.sticks * settled.ruleset.payment.riichi_stick == start_total
            if previous is not None:
                # rules.md §6: a repeat keeps the dealer and adds a honba; a non-dealer win resets it
                assert (row.label == previous.label) == previous.repeat
                if previous.repeat or not previous.kyoku.wins:
                    assert row.honba == previous.honba + 1
                else:
                    assert row.honba == 0
            previous = row
        assert settled.state.hands + settled.unplayed == len(recorded)
        assert round(sum(s.points for s in settled.standings), 6) == 0
        ranking = [s.seat for s in settled.standings]
        assert ranking == sorted(range(3), key=lambda seat: (-settled.state.scores[seat], seat))
    # the record's own scheme, strictly: the same result, or an error that names the hand
    try:
        strict = record.settle(parsed)
    except record.RecordError as error:
        assert "hand " in str(error)
    else:
        assert strict.state == record.settle(parsed, strict=False).state


def test_stacked_yakuman_by_value():
    """The standard profile adds compound yakuman up, so a record may give `yakuman: 2`."""
    settled = settle_text("players: [A, B, C]\nhands:\n  - win: {winner: B, from: C, yakuman: 2}\n")
    assert settled.rows[0].deltas == (0, 64000, -64000)


def test_players_named_by_numbers():
    settled = settle_text("players: [1, 2, 3]\nhands:\n  - win: {winner: 2, from: 3, han: 1, fu: 30}\n")
    assert settled.rows[0].deltas == (0, 1000, -1000)


TENPAI_YAME = ("players: [Ana, Bo, Chen]\nstart: {round: S3, scores: {Ana: 30000, Bo: 30000, Chen: 45000}}\n"
               "hands:\n  - draw: {tenpai: [Chen]}\n")


def test_a_match_ended_by_tenpai_yame_names_that_rule(tmp_path):
    """S3: the dealer Chen, first and past the return points, is tenpai at the draw: the match ends by
    tenpai-yame (match.tenpai_yame), not agari-yame, in the text, the JSON, the page and the API."""
    path = tmp_path / "m.yaml"
    path.write_text(TENPAI_YAME, encoding="utf-8")
    text = run("settle", str(path)).output
    assert "tenpai-yame: the dealer Chen is tenpai at the draw in the last hand while first" in " ".join(text.split())
    assert "agari-yame" not in text
    data = json.loads(run("settle", str(path), "--json").output)
    assert data["end"] == "tenpai-yame" and data["end_text"].startswith("tenpai-yame: the dealer Chen")
    page = tmp_path / "m.html"
    assert run("settle", str(path), "--html", str(page)).exit_code == 0
    assert "tenpai-yame: the dealer Chen is tenpai" in page.read_text(encoding="utf-8")
    import calc

    assert calc.settle(path).end == "tenpai-yame"


def test_replay_and_simulate_name_tenpai_yame(tmp_path):
    """A simulated east game (seed 33) whose dealer ends it tenpai at the draw, saved and replayed."""
    result = run("simulate", "--matches", "1", "--seed", "33", "--length", "east", "--workers", "1",
                 "--save", str(tmp_path / "games"))
    assert result.exit_code == 0 and "simulated matches ended by: tenpai-yame 100.0%" in result.output
    replayed = run("replay", str(tmp_path / "games"), "--json")
    assert json.loads(replayed.stdout.splitlines()[0])["end"] == "tenpai-yame"
    assert "ended: tenpai-yame" in " ".join(run("replay", str(tmp_path / "games")).output.split())


@pytest.mark.parametrize("hands, legend", [
    # no honba anywhere: the example is the first hand, as it was played
    ("  - win: {winner: Bo, from: Ana, han: 3, fu: 40}\n  - win: {winner: Chen, tsumo: true, limit: mangan}\n",
     "hand E1-0 = East 1 with 0 honba"),
    # a draw, then the next hand carries a honba: that hand is the example
    ("  - draw: {tenpai: [Bo]}\n  - win: {winner: Chen, from: Ana, han: 2, fu: 30}\n",
     "hand E2-1 = East 2 with 1 honba"),
])
def test_the_ledgers_legend_names_a_hand_of_this_match(hands, legend):
    from calc.cli.report import settle_text

    settled = record.settle(record.read_text("players: [Ana, Bo, Chen]\nhands:\n" + hands, "m.yaml"))
    text = " ".join(settle_text(settled, width=60).split())
    assert legend in text and ("E3-1" not in text or legend.startswith("hand E3-1"))


PLAY_ON = ("rules: parlour\nplayers: [Ana, Bo, Chen]\nstart: {round: S3, scores: {Ana: 30000, Bo: 30000, Chen: 45000}}\n"
           "hands:\n")


@pytest.mark.parametrize("hands, message", [
    ("  - draw: {tenpai: [Ana]}\n    play_on: true\n", "match.yaml:5, at hands[1].play_on: hand 1: play_on: the dealer played on, but "
     "agari-yame or tenpai-yame would not have ended the match after this hand"),
    ("  - draw: {tenpai: [Chen]}\n    play_on: false\n", "match.yaml:6, at hands[1].play_on: hand 1: play_on: true says the dealer played on"),
])
def test_play_on_is_a_record_key_of_its_own_hand(hands, message):
    with pytest.raises(record.RecordError) as error:
        record.settle(record.read_text(PLAY_ON + hands, "match.yaml"))
    assert message in str(error.value)


def test_play_on_where_the_profile_gives_the_dealer_no_choice():
    text = PLAY_ON.replace("rules: parlour", "rules: tenhou") + "  - draw: {tenpai: [Chen]}\n    play_on: true\n"
    with pytest.raises(record.RecordError, match=r"match.yaml:6, at hands\[1\]\.play_on: hand 1: play_on: under profile 'tenhou' agari-yame and "
                                                 r"tenpai-yame end the match \(match.yame_choice is false\)"):
        record.read_text(text, "match.yaml")
    played = record.settle(record.read_text(PLAY_ON + "  - draw: {tenpai: [Chen]}\n    play_on: true\n", "m.yaml"))
    assert not played.state.ended and played.rows[0].played_on and (played.state.label, played.state.honba) == ("S3", 1)
    assert played.to_dict()["ledger"][0]["play_on"] is True


def test_libyaml_and_python_parsers_read_the_same_values_and_lines():
    # calc.core.yamlread reads with libyaml where it is built and falls back to PyYAML's parser for
    # the error message: both must give the same values and the same line of every key and item
    from calc.core import yamlread

    python_loader, libyaml_loader = yamlread.loaders()
    if libyaml_loader is None:
        pytest.skip("PyYAML without libyaml: only the Python parser runs")
    root = Path(__file__).resolve().parents[1]

    def shape(value):
        if isinstance(value, yamlread.YamlMap):
            return ("map", value.line, sorted(value.key_lines.items(), key=str),
                    [(k, shape(v)) for k, v in value.items()])
        if isinstance(value, yamlread.YamlList):
            return ("list", value.line, value.item_lines, [shape(v) for v in value])
        return (type(value).__name__, value)

    files = sorted([*root.glob("examples/**/*.yaml"), *root.glob("rulesets/**/*.yaml")])
    assert len(files) >= 10
    for path in files:
        text = path.read_text(encoding="utf-8")
        fast = yaml.load(text, Loader=type("_L", (libyaml_loader,), {"file": str(path)}))  # noqa: S506
        pure = yaml.load(text, Loader=type("_L", (python_loader,), {"file": str(path)}))  # noqa: S506
        assert shape(fast) == shape(pure), path
