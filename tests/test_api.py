"""The public Python API (`import calc`): the same answers as the commands' --json, frozen results,
one error family carrying the command's message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import calc
from calc.cli.app import app
from calc.scoring.request import DEFAULT_SEAT

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()

HANDS = [
    ("123p456p789s99p234s", {"tsumo": True, "riichi": True, "seat": "S", "dora": "3z", "nuki": 2}),
    ("234p678s5z5z [999m] [1111z]", {"tsumo": True, "seat": "E"}),
    ("11p33p0p5p77s99s11z22z", {"seat": "W", "dora": "4p", "rules": "tenhou"}),
    ("19m19p19s1234567z1z", {"seat": "S", "honba": 2, "sticks": 1, "scheme": "add-1000"}),
    ("123p456p789s99p234s", {"seat": "S", "riichi": True, "dora": "1z", "ura": "8s", "honba": 1}),
]


def cli_json(*args: str) -> dict:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def flags(situation: dict) -> list[str]:
    out = []
    for key, value in situation.items():
        if value is True:
            out.append("--" + key.replace("_", "-"))
        else:
            out += ["--" + key.replace("_", "-"), str(value)]
    return out


@pytest.mark.parametrize("hand, situation", HANDS)
def test_score_is_sanma_hand_json(hand, situation):
    result = calc.score(hand, **situation)
    expected = cli_json("hand", hand, *flags(situation), "--json")
    assert result.to_dict() == expected
    # every --json key is an attribute with the same value
    for key, value in expected.items():
        attribute = getattr(result, key)
        if key in ("yaku", "payments", "fu_breakdown"):
            attribute = [item._asdict() for item in attribute]
        assert attribute == value, key


@pytest.mark.parametrize("hand, situation", HANDS)
def test_a_results_dict_is_the_batch_lines_text(hand, situation):
    """HandResult.to_dict() and calc/cli/hand_json.py write the same object: as text, key for key."""
    from calc.cli.hand_json import hand_json

    result = calc.score(hand, **situation)
    assert json.dumps(result.to_dict()) == hand_json(result)


def test_explain_is_what_explain_prints():
    result = calc.score("123p456p789s99p234s", tsumo=True, riichi=True, seat="S", dora="3z", nuki=2, honba=1,
                        sticks=2, scheme="north-split")
    text = runner.invoke(app, ["hand", "123p456p789s99p234s", "--tsumo", "--riichi", "--seat", "S", "--dora", "3z",
                               "--nuki", "2", "--honba", "1", "--sticks", "2", "--scheme", "north-split",
                               "--explain"]).stdout
    # the lines as printed, each wrapped to 80 columns (a continuation indented four more)
    assert "\n".join(f"  {line}" for line in result.explain()) in text.replace("\n      ", " ")
    paid = calc.pay(limit="mangan", tsumo=True, honba=1, scheme="north-split")
    text = runner.invoke(app, ["pay", "--limit", "mangan", "--tsumo", "--honba", "1", "--scheme", "north-split",
                               "--explain"]).stdout
    assert paid.explain()[-1] == "the winner (seat 1) collects 9000: non-dealer (seat 2) 3500 + dealer (seat 0) 5500"
    assert "\n".join(f"  {line}" for line in paid.explain()) in text.replace("\n      ", " ")


def test_score_takes_the_commands_default_seat():
    result = calc.score("123p456p789s99p234s", tsumo=True)
    assert result.dealer == (DEFAULT_SEAT == "E")
    assert result.to_dict() == cli_json("hand", "123p456p789s99p234s", "--tsumo", "--json")


def test_score_accepts_a_loaded_profile():
    tenhou = calc.load_rules("tenhou")
    assert isinstance(tenhou, calc.RuleSet) and tenhou.name == "tenhou"
    by_name = calc.score("11p33p0p5p77s99s11z22z", seat="W", rules="tenhou")
    assert calc.score("11p33p0p5p77s99s11z22z", seat="W", rules=tenhou) == by_name
    assert by_name.aka == 1 and by_name.fu == 25 and by_name.han == 3  # chiitoitsu 2 + aka 1


def test_results_are_frozen():
    # read-only attributes: setting one raises AttributeError (a dataclass's FrozenInstanceError is one)
    result = calc.score("123p456p789s99p234s", tsumo=True, seat="S")
    with pytest.raises(AttributeError):
        result.han = 13  # type: ignore[misc]
    paid = calc.pay(han=3, fu=40)
    with pytest.raises(AttributeError):
        paid.total = 0  # type: ignore[misc]
    # to_dict hands out a copy: changing it changes nothing inside the result
    paid.to_dict()["total"] = 0
    assert paid.to_dict()["total"] == paid.total == 5200


@pytest.mark.parametrize("call, error, cli", [
    (lambda: calc.score("234m567p678s55z [999m]"), calc.IllegalHandError, ["hand", "234m567p678s55z [999m]"]),
    (lambda: calc.score("123p456p789s99p23x"), calc.NotationError, ["hand", "123p456p789s99p23x"]),
    (lambda: calc.score("123p456p789s99p234s", rules="nope"), calc.RulesError,
     ["hand", "123p456p789s99p234s", "--rules", "nope"]),
    (lambda: calc.pay(han=0, fu=30), calc.PaymentError, ["pay", "--han", "0", "--fu", "30"]),
    (lambda: calc.settle(ROOT / "nope.yaml"), calc.SanmaError, ["settle", str(ROOT / "nope.yaml")]),
])
def test_errors_carry_the_commands_message(call, error, cli):
    with pytest.raises(error) as raised:
        call()
    assert isinstance(raised.value, calc.SanmaError)
    result = runner.invoke(app, cli)
    assert result.exit_code == 1
    # the where: a keyword for the API (`at han`), the option on the command line (`--han`)
    where = f"--{raised.value.key}: " if raised.value.key else (f"{raised.value.where()}: " if raised.value.where() else "")
    assert result.output.strip() == f"Error: {where}{raised.value.message}"


@pytest.mark.parametrize("args", [
    {"han": 3, "fu": 40},
    {"limit": "mangan", "tsumo": True, "dealer": True, "honba": 2, "sticks": 1, "rules": "tenhou"},
    {"han": 1, "fu": 30, "tsumo": True, "scheme": "north-split"},
    {"yakuman": 2, "tsumo": True, "rules": "tenhou"},
])
def test_pay_is_sanma_pay_json(args):
    result = calc.pay(**args)
    expected = cli_json("pay", *flags(args), "--json")
    assert result.to_dict() == expected
    for key in ("han", "fu", "limit", "yakuman", "points", "total", "sticks", "scheme", "rules"):
        assert getattr(result, key) == expected[key]
    assert [p._asdict() for p in result.payments] == expected["payments"]


def test_settle_a_file_and_the_same_mapping():
    import yaml

    path = ROOT / "examples" / "match.yaml"
    settled = calc.settle(path)
    assert settled.to_dict() == cli_json("settle", str(path), "--json")
    assert [(s.rank, s.player, s.score, s.points) for s in settled.standings] == [
        (1, "Chen", 40400, 30.4), (2, "Ana", 33200, -6.8), (3, "Bo", 31400, -23.6)]
    assert sum(s.score for s in settled.standings) == 105000
    mapping = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert calc.settle(mapping) == settled


@pytest.mark.parametrize("record, message", [
    (["players"], "calc.settle() takes a record file (a str or Path) or the record as a mapping, got ['players']"),
    ({"players": ["A", "B", "C"], "hands": [{"draw": {"tenpai": {"A"}}}]},
     "<mapping>, at hands[1].draw.tenpai: set {'A'} is not a value a record holds"),
    ({"players": ["A", "B", "C"], "start": object()}, "<mapping>, at start: object"),
    ({"players": ["A", "B", "C"], "hands": [{"win": {"winner": "D", "from": "B", "han": 2, "fu": 30}}]},
     "<mapping>, at hands[1].win.winner: hand 1: unknown player 'D' as winner"),
])
def test_settle_refuses_what_is_not_a_record_with_a_sanma_error(record, message):
    """A mapping calc.settle cannot take is refused in one SanmaError, never a bare TypeError or
    YAML's RepresenterError; a mapping's errors name the key path (the line of YAML made from it means nothing to the caller)."""
    with pytest.raises(calc.SanmaError) as error:
        calc.settle(record)
    assert str(error.value).startswith(message)


def test_settle_takes_paths_and_tuples_inside_a_mapping():
    settled = calc.settle({"rules": Path("standard"), "players": ("A", "B", "C"),
                           "hands": [{"win": {"winner": "A", "from": "B", "han": 2, "fu": 30}}]})
    assert settled.standings[0].player == "A"


def test_replay_one_real_game(data_dir):
    log = sorted((data_dir / "mjlog").glob("*.xml"))[0]
    replayed = calc.replay(log)
    assert replayed.ok and replayed.final_matching and not replayed.mismatches
    assert replayed.wins == replayed.wins_matching > 0
    line = runner.invoke(app, ["replay", str(log), "--json"]).stdout.splitlines()[0]
    assert replayed.to_dict() == json.loads(line)
    assert sum(replayed.final_scores) == 105000


HAND = "123p456p789s99p234s"


@pytest.mark.parametrize("keyword, value, kind", [
    ("honba", 1.5, "a whole number"),
    ("honba", True, "a whole number"),  # a bool is not a count here, as in a batch line
    ("sticks", "1", "a whole number"),
    ("nuki", 2.7, "a whole number"),
    ("tsumo", "maybe", "true or false"),
    ("tsumo", 1, "true or false"),  # the batch reader takes only true and false, not 0 or 1
    ("riichi", None, "true or false"),
    ("dora", 3, "indicator tiles such as 3p or 3p9m"),
    ("win", 4, "one tile such as 5p"),
    ("seat", 1, "a wind: E, S or W"),
    ("rules", 7, "a profile name or file"),
    ("scheme", 2, "a scheme name"),
])
def test_score_checks_each_keywords_type_as_a_batch_line(keyword, value, kind):
    with pytest.raises(calc.SanmaError) as raised:
        calc.score(HAND, **{keyword: value})
    message = str(raised.value)
    assert message == f"{keyword!r} takes {kind}" + message.split(kind, 1)[1]
    assert message.endswith(f", got {value!r}") and "\n" not in message
    # the same value on a `sanma hand --batch` line gets the same sentence
    line = json.dumps({"hand": HAND, keyword: value}) + "\n"
    result = runner.invoke(app, ["hand", "--batch", "-"], input=line)
    assert result.exit_code == 1
    assert json.loads(result.stdout)["error"] == message


def test_score_keeps_taking_a_hand_as_the_batch_does():
    assert calc.score(HAND, honba=1, seat="E").total == 1500 + 1000  # a dealer ron, one honba
    assert calc.score(HAND, tsumo=True).tsumo is True
    assert calc.score(HAND, rules=ROOT / "rulesets" / "tenhou.yaml").rules == "tenhou"


@pytest.mark.parametrize("keywords, message", [
    ({"han": "3", "fu": 40}, "'han' takes a whole number, got '3'"),
    ({"han": 3, "fu": 40.0}, "'fu' takes a whole number, got 40.0"),
    ({"yakuman": True}, "'yakuman' takes a whole number, got True"),
    ({"limit": 5}, "'limit' takes text, got 5"),
    ({"han": 3, "fu": 40, "dealer": "yes"}, "'dealer' takes true or false, got 'yes'"),
    ({"han": 3, "fu": 40, "tsumo": 0}, "'tsumo' takes true or false, got 0"),
    ({"han": 3, "fu": 40, "honba": 1.5}, "'honba' takes a whole number, got 1.5"),
    ({"han": 3, "fu": 40, "sticks": None}, "'sticks' takes a whole number, got None"),
    ({"han": 3, "fu": 40, "rules": 1}, "'rules' takes a profile name or file, got 1"),
    ({"han": 3, "fu": 40, "scheme": 1}, "'scheme' takes a scheme name or file, got 1"),
])
def test_pay_checks_each_keywords_type(keywords, message):
    with pytest.raises(calc.SanmaError) as raised:
        calc.pay(**keywords)
    assert str(raised.value) == message


HAND = "123p456p789s99p234s"


@pytest.mark.parametrize("call, error, message", [
    (lambda: calc.score(HAND, seat="N"), calc.SanmaError, "seat must be E, S or W, got 'N'"),
    (lambda: calc.score(HAND, nuki=-1), calc.SanmaError, "nuki cannot be negative"),
    (lambda: calc.score(HAND, nuki=5), calc.IllegalHandError, "nuki 5: there are only four norths"),
    (lambda: calc.score(HAND, win="1z1z"), calc.IllegalHandError, "win takes one tile, got '1z1z'"),
    (lambda: calc.score(HAND, dora="x"), calc.NotationError, "unexpected character 'x' in dora"),
    (lambda: calc.score(HAND, ippatsu=True), calc.IllegalHandError, "ippatsu needs riichi or double_riichi"),
    (lambda: calc.score(HAND, renhou=True), calc.IllegalHandError, "renhou: profile 'standard' does not score "
                                                                    "renhou (hand.renhou: none), so it would change"),
    (lambda: calc.score(HAND, bogus=1), calc.SanmaError, "calc.score() has no keyword 'bogus'; it takes hand, win, "
                                                         "tsumo"),
    (lambda: calc.score(HAND, sest="W"), calc.SanmaError, "calc.score() has no keyword 'sest' (did you mean 'seat'?)"),
    (lambda: calc.score(), calc.SanmaError, "calc.score(): missing a required argument: 'hand'"),
    (lambda: calc.score(HAND, True), calc.SanmaError, "calc.score(): too many positional arguments"),
    (lambda: calc.pay(fu=30), calc.PaymentError, "fu needs han"),
    (lambda: calc.pay(), calc.PaymentError, "say what the hand is worth: han=H fu=F, limit=NAME or yakuman=N"),
    (lambda: calc.pay(han=2, limit="mangan"), calc.PaymentError, "at limit: give han/fu or limit, not both"),
    (lambda: calc.pay(han=5, fu=30), calc.PaymentError, "5 han is mangan whatever the fu: fu changes nothing at 5 "
                                                        "han or more; leave it out"),
    (lambda: calc.pay(han=2, fu=30, bogus=1), calc.SanmaError, "calc.pay() has no keyword 'bogus'"),
    (lambda: calc.settle(1), calc.SanmaError, "calc.settle() takes a record file (a str or Path) or the record as "
                                              "a mapping, got 1"),
    (lambda: calc.replay(1), calc.SanmaError, "calc.replay() takes a log file (a str or Path), got 1"),
    (lambda: calc.load_rules(), calc.SanmaError, "calc.load_rules(): missing a required argument"),
])
def test_errors_speak_of_keywords_not_flags(call, error, message):
    """The API's words are its keywords: no `--seat`, no Python TypeError for a call it cannot take."""
    with pytest.raises(error) as raised:
        call()
    assert message in str(raised.value)
    assert "--" not in str(raised.value)


def test_the_command_line_keeps_its_flags():
    result = runner.invoke(app, ["hand", HAND, "--seat", "N"])
    assert result.exit_code == 2 and "--seat 'N': give one of E, S, W" in result.output
    result = runner.invoke(app, ["pay", "--han", "5", "--fu", "30"])
    assert result.exit_code == 1 and "--fu changes nothing at 5 han or more" in result.output


def test_score_declares_every_keyword_with_its_type_for_type_checkers():
    # calc.score reads its keywords as one mapping at run time (faster); a type checker and an
    # editor read the declaration under TYPE_CHECKING, which must name the same keywords with the
    # same defaults, in the same order, as the request's fields
    import ast

    from calc.scoring.request import FIELD_DEFAULTS

    tree = ast.parse((ROOT / "calc" / "api.py").read_text(encoding="utf-8"))
    declared = next(node for node in ast.walk(tree) if isinstance(node, ast.If)
                    and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
                    and any(isinstance(f, ast.FunctionDef) and f.name == "score" for f in node.body))
    score = next(f for f in declared.body if isinstance(f, ast.FunctionDef) and f.name == "score")
    keywords = {a.arg: ast.literal_eval(d) for a, d in zip(score.args.kwonlyargs, score.args.kw_defaults)}
    assert [a.arg for a in score.args.args] == ["hand"]
    assert list(keywords) == list(FIELD_DEFAULTS)
    assert keywords == FIELD_DEFAULTS
    assert all(a.annotation is not None for a in score.args.kwonlyargs)
