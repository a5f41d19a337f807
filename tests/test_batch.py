"""`sanma hand --batch`: the command line's flags as every line's defaults, the exit code, --workers."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from calc.cli.app import app
from calc.scoring import request as request_module
from calc.core.workers import max_workers

runner = CliRunner()
PINFU = "123p456p789s99p234s"


def batch(lines: list, *args: str, path=None):
    text = "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n"
    if path is not None:
        path.write_text(text, encoding="utf-8")
        result = runner.invoke(app, ["hand", "--batch", str(path), *args])
    else:
        result = runner.invoke(app, ["hand", "--batch", "-", *args], input=text)
    return result, [json.loads(line) for line in result.stdout.splitlines()]


def test_flags_are_defaults_and_a_line_key_wins():
    result, out = batch([{"hand": PINFU}, {"hand": PINFU, "tsumo": False}, {"hand": PINFU, "seat": "E"}],
                        "--tsumo", "--seat", "S", "--riichi", "--honba", "1")
    assert result.exit_code == 0, result.output
    # non-dealer riichi pinfu tsumo: 3 han 20 fu, b = 640: C(b) = 700 / C(2b) = 1300, honba 500 each
    # (standard: 1000 a honba on a ron, 500 from each tsumo payer)
    assert out[0]["payments"] == [{"payer": "non-dealer", "amount": 1200}, {"payer": "dealer", "amount": 1800}]
    # the line says ron: riichi pinfu 2 han 30 fu, R = 2000, honba 1 x 1000 (standard's ron honba)
    assert out[1]["payments"] == [{"payer": "discarder", "amount": 3000}]
    # the line says dealer: each non-dealer pays C(2b) = 1300 + 500
    assert out[2]["payments"] == [{"payer": "non-dealer", "amount": 1800}, {"payer": "non-dealer", "amount": 1800}]


def test_rules_and_scheme_flags_apply_to_every_line():
    lines = [{"hand": PINFU}, {"hand": PINFU, "scheme": "tsumo-loss"}]
    result, out = batch(lines, "--tsumo", "--seat", "S", "--rules", "tenhou", "--scheme", "add-1000")
    assert result.exit_code == 0, result.output
    assert out[0]["rules"] == "tenhou" and out[0]["scheme"] == "add-1000"
    # 2 han 20 fu, b = 320: C(b) + 1000 = 1400 from the non-dealer, C(2b) + 1000 = 1700 from the dealer
    assert out[0]["total"] == 3100
    assert out[1]["scheme"] == "tsumo-loss" and out[1]["total"] == 400 + 700


def test_a_bad_flag_default_fails_every_line_it_reaches():
    result, out = batch([{"hand": PINFU}, {"hand": PINFU, "nuki": 0}], "--nuki", "5")
    assert result.exit_code == 1
    assert "there are only four norths" in out[0]["error"] and out[0]["line"] == 1
    assert "error" not in out[1]


def test_exit_code_is_1_after_every_line_ran():
    result, out = batch([{"hand": "123p"}, {"hand": PINFU, "seat": "S"}])
    assert result.exit_code == 1
    assert out[0]["line"] == 1 and "error" in out[0]
    assert out[1]["total"] == 1000  # pinfu ron, 1 han 30 fu: R = C(4 x 240) = 1000


def test_workers_keep_the_input_order(tmp_path):
    hands = ["123p456p789s99p234s", "11p33p55p77s99s11z22z", "234p678s5z5z [999m] [1111z]", "123p"]
    lines = [{"hand": hands[i % 4], "seat": "SW"[i % 2], "honba": i % 3} for i in range(4500)]
    one, single = batch(lines, path=tmp_path / "a.jsonl")
    two, double = batch(lines, "--workers", "2", path=tmp_path / "a.jsonl")
    assert one.exit_code == two.exit_code == 1
    assert single == double and len(single) == 4500
    assert single[3] == {"line": 4, "error": single[3]["error"]}


def test_workers_bounds_and_stdin():
    # one bound for every command: twice the machine's cores (calc.core.workers); a count out of
    # its range is a usage error (exit 2), one line
    too_many = str(max_workers() + 1)
    for args in (["hand", "--batch", "x.jsonl"], ["replay", "x.xml"], ["simulate", "--matches", "1"],
                 ["compare", "--matches", "1"]):
        result = runner.invoke(app, [*args, "--workers", too_many])
        assert result.exit_code == 2 and "processes make the run no faster, only heavier" in result.output, args
        assert len(result.output.strip().splitlines()) == 1
        assert runner.invoke(app, [*args, "--workers", "0"]).exit_code == 2
    result = runner.invoke(app, ["hand", "--batch", "-", "--workers", "2"], input="")
    assert result.exit_code == 2 and "standard input is read by one" in result.output
    result = runner.invoke(app, ["hand", PINFU, "--workers", "2"])
    assert result.exit_code == 2


def test_all_schemes_per_line_and_explain_refused():
    result, out = batch([{"hand": PINFU, "tsumo": True, "seat": "S"}], "--all-schemes")
    assert result.exit_code == 0
    schemes = out[0]["schemes"]
    # pinfu tsumo, 2 han 20 fu, b = 320: tsumo-loss C(b) + C(2b) = 400 + 700, add-1000 adds 1000 per payer
    assert schemes["tsumo-loss"]["total"] == 1100 and schemes["add-1000"]["total"] == 3100
    refused = runner.invoke(app, ["hand", "--batch", "-", "--explain"], input="")
    assert refused.exit_code == 2 and "--explain" in refused.output


def test_the_key_table_is_the_requests_annotations():
    """request.FIELD_KINDS is written out (a compiled class's annotations lose "| None"); it must say
    what the source's annotations say, key for key and in order."""
    import ast
    from pathlib import Path

    from calc.scoring import request

    tree = ast.parse(Path(request.__file__).with_name("request.py").read_text(encoding="utf-8"))
    cls = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "HandRequest")
    written = {node.target.id: ast.unparse(node.annotation) for node in cls.body if isinstance(node, ast.AnnAssign)}
    assert list(written.items()) == list(request.FIELD_KINDS.items())


def test_the_contexts_field_lists_are_its_written_init():
    """WinContext's __init__ is written out (a NamedTuple's generated __new__ runs as Python): the
    situation flags (the request's and the command's) are its first parameters, in order, the only
    ones defaulting to False, and CONTEXT_FIELDS names them all; a request builds one positionally."""
    import inspect

    from calc.scoring.hand import CONTEXT_FIELDS, SITUATION_FLAGS, WinContext

    parameters = inspect.signature(WinContext).parameters
    assert tuple(parameters) == CONTEXT_FIELDS
    assert tuple(name for name, p in parameters.items() if p.default is False) == SITUATION_FLAGS
    assert CONTEXT_FIELDS[:len(SITUATION_FLAGS)] == SITUATION_FLAGS
    values = [True] * len(SITUATION_FLAGS) + [28, 29, (3,), (4,), 1, 2, 3]  # each differs from its default
    made = WinContext(*values)
    assert [getattr(made, name) for name in CONTEXT_FIELDS] == values
    assert made == WinContext(**dict(zip(CONTEXT_FIELDS, values))) and made != WinContext()
    assert hash(made) == hash(WinContext(*values))


def test_the_requests_written_init_takes_every_field_in_order():
    """HandRequest's __init__ is written out (compiled, a dataclass's generated one runs as Python),
    and calc.score builds its request positionally (request.keywords): both must take every field, in
    the class's order, and the keys of a line or a call left out must take the __init__'s defaults."""
    import ast
    from pathlib import Path

    from calc.scoring import request

    tree = ast.parse(Path(request.__file__).with_name("request.py").read_text(encoding="utf-8"))
    cls = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "HandRequest")
    init = next(node for node in cls.body if isinstance(node, ast.FunctionDef) and node.name == "__init__")
    names = [arg.arg for arg in init.args.args[1:]]
    assert names == list(request.FIELD_KINDS) == list(request.FIELDS) == ["hand", *request.FIELD_DEFAULTS]
    sample = {"bool": True, "int": 3, "str": "x", "str | None": "y"}  # each differs from every default
    values = [sample[kind] for kind in request.FIELD_KINDS.values()]
    made = request.HandRequest(*values)
    assert [getattr(made, name) for name in names] == values
    assert request.keywords(values[0], dict(zip(names[1:], values[1:]))) == (made, None)
    assert request.keywords("x", {}) == (request.HandRequest("x"), None)
    assert request.HandRequest.from_mapping(dict(zip(names, values))) == made
    assert request.HandRequest.from_mapping({"hand": "x"}) == request.HandRequest("x")
    assert request.HandRequest.from_mapping({"hand": "x"}, {"seat": "W", "riichi": True}) == \
        request.HandRequest("x", riichi=True, seat="W")


def test_a_batch_puts_the_collector_back(tmp_path):
    """run_batch freezes the start-up's objects and eases the collector while it runs (calc.cli.hand):
    afterwards the collector's thresholds are as they were, and so is its frozen generation when
    nothing was frozen before. When a caller had frozen objects (a simulation run in the same process
    freezes what outlives each match, calc.sim.run), they stay frozen, and so do those the batch froze:
    gc cannot unfreeze only some. Both cases are set up here, whatever ran before in this process."""
    import gc

    from calc.cli.hand import run_batch

    path = tmp_path / "lines.jsonl"
    path.write_text(json.dumps({"hand": PINFU}) + "\n" + "not json\n", encoding="utf-8")
    thresholds = gc.get_threshold()
    gc.unfreeze()
    with open(tmp_path / "out.jsonl", "w", encoding="utf-8") as out:
        assert run_batch(path, {}, out=out) == 1
    assert gc.get_threshold() == thresholds and gc.get_freeze_count() == 0
    gc.freeze()
    frozen = gc.get_freeze_count()
    with open(tmp_path / "out.jsonl", "w", encoding="utf-8") as out:
        assert run_batch(path, {}, out=out) == 1
    assert gc.get_threshold() == thresholds and gc.get_freeze_count() >= frozen


def test_a_lines_text_is_what_json_dumps_writes(tmp_path):
    """A hand's --json text is written directly (calc.cli.hand_json), not encoded from a dict: it
    must be json.dumps's text of the same object, ASCII-escaped and all, whatever the hand holds: a
    yakuman, sticks and honba, red fives and norths, a profile file with a non-ASCII name."""
    from calc.cli.hand_json import hand_json
    from calc.scoring.request import HandRequest
    from calc.table.scored import score

    profile = tmp_path / "ルール «club».yaml"
    profile.write_text("extends: tenhou\n", encoding="utf-8")
    requests = [
        HandRequest(hand=PINFU, tsumo=True, riichi=True, dora="1p", ura="9s", honba=2, sticks=3),
        HandRequest(hand="111p999p111s999s1z 1z", tsumo=True, seat="E"),
        HandRequest(hand="406p78s99s 9s [111z] [2222z]", nuki=2, rules="tenhou", dora="3z"),
        HandRequest(hand=PINFU, rules=str(profile), seat="W"),
    ]
    for request in requests:
        text = hand_json(score(request))
        assert text == json.dumps(json.loads(text))
        assert text.isascii()


# A batch line's reader (calc/cli/hand_line.py) reads a plain line in one pass and hands any other
# to the json module: whatever a line holds, its request (or its error) must be the json module's.
_LINE_KEYS = st.sampled_from([*request_module.FIELD_KINDS, "colour", "Hand", "", "ha", "hands", "tsumoo", "tenhoU",
                              "double_riichI", "ur"])  # keys are found by their first three letters
_LINE_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.text(max_size=6),
                         st.sampled_from(["S", "E", "tenhou", "1p", "3s9m", "ルール", "a\"b", "a\\b", "\x7f"]),
                         st.floats(allow_nan=False, allow_infinity=False), st.lists(st.integers(), max_size=2))
_LINE_DEFAULTS = ({}, dict(tsumo=True, seat="W", dora="1p", nuki=1, rules="tenhou", scheme=None))


def _plain_value(value: object, ascii_only: bool) -> bool:
    """A value the one pass reads: null, true, false, a whole number of up to 18 digits, or a
    string that json.dumps writes without an escape."""
    if value is None or isinstance(value, bool):
        return True
    if isinstance(value, int):
        return abs(value) < 10**18
    if isinstance(value, str):
        return all(" " <= ch <= "~" if ascii_only else ch >= " " for ch in value) and not ('"' in value or "\\" in value)
    return False


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(_LINE_KEYS, _LINE_VALUES, max_size=7), st.booleans(), st.booleans(),
       st.sampled_from([(", ", ": "), (",", ":"), (" ,\t", " : ")]), st.sampled_from(["", " \t"]),
       st.sampled_from(["", "\n", " \r\n"]), st.sampled_from(_LINE_DEFAULTS))
def test_a_batch_line_is_read_as_the_json_module_reads_it(data, with_hand, ascii_only, separators, before, after,
                                                          defaults):
    from calc.cli.hand_line import BatchLineReader
    from calc.core.errors import SanmaError

    if with_hand:
        data = {"hand": PINFU, **data}
    text = before + json.dumps(data, separators=separators, ensure_ascii=ascii_only) + after
    try:
        expected: object = request_module.HandRequest.from_mapping(json.loads(text), defaults)
    except SanmaError as error:
        expected = str(error)
    reader = BatchLineReader(defaults)
    raw = text.encode("utf-8")
    plain = reader._plain(raw, text)
    if not raw.isascii():
        assert plain is None  # only an ASCII line is read in one pass
    if plain is not None:
        assert plain == expected
    if isinstance(expected, request_module.HandRequest) and raw.isascii() and all(
            _plain_value(v, ascii_only) for v in data.values()):
        assert plain is not None, text  # a plain line is read in the one pass, not by the json module
    try:
        read: object = reader.request(text.encode("utf-8"))
    except SanmaError as error:
        read = str(error)
    assert read == expected


def test_a_profile_named_by_a_string_is_resolved_once_per_process():
    """calc.score and every batch line name their profile by a string: the same RuleSet serves every
    hand (request.profile), not a new reading or a look-up through `load` each time."""
    import calc

    first = calc.score("123p456p789s99p234s", tsumo=True, rules="tenhou").ruleset
    again = calc.score("111z222z333p99p456s", rules="tenhou").ruleset
    assert first is again is request_module.profile("tenhou")
    assert request_module.profile("standard") is not first
