"""A hand's fields are declared once (calc/scoring/fields.py): the classes written out for the compiled
build are what `make context-fields` writes from the table, every parser of a hand's flags takes
exactly the table's fields, and the plain command-line readers answered before the typer app is
built read exactly the typer commands' options, of the same kinds and defaults."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest
import typer

from calc.cli import fast, keep, replay_run, simulate_run
from calc.cli.app import app
from calc.scoring import fields_make, request
from calc.scoring.fields import BY_NAME, CONTEXT, FIELDS, FLOW, ON_THE_WIN, PROFILE, SITUATION, WIN_KIND
from calc.scoring.hand import CONTEXT_FIELDS, SITUATION_FLAGS, WinContext
from calc.table import record
from calc.table.play import WinFacts

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", list(fields_make.BLOCKS))
def test_the_written_out_classes_are_what_the_table_writes(name):
    """`make context-fields` after a change of calc/scoring/fields.py."""
    text = (ROOT / "calc" / name).read_text(encoding="utf-8")
    assert fields_make.rewritten(text, fields_make.BLOCKS[name]) == text, "run `make context-fields`"


def test_the_classes_hold_the_fields():
    assert SITUATION_FLAGS == tuple(f.name for f in SITUATION) == CONTEXT_FIELDS[:len(SITUATION)]
    assert CONTEXT_FIELDS == tuple(f.context for f in CONTEXT)
    context = WinContext()
    assert [getattr(context, name) for name in SITUATION_FLAGS] == [False] * len(SITUATION)
    assert set(CONTEXT_FIELDS) <= set(WinFacts._fields), "the play's facts carry every field of the context"
    made = request.HandRequest("123p456p789s99p234s")
    assert made._asdict() == {"hand": "123p456p789s99p234s", **{f.name: f.default for f in FIELDS[1:]}}
    assert request.FIELDS == tuple(BY_NAME) and request.FIELD_DEFAULTS == {f.name: f.default for f in FIELDS[1:]}


def test_a_request_makes_its_context():
    values = {name: True for name in SITUATION_FLAGS} | {"nuki": 1, "honba": 2, "sticks": 3}
    made = request.context_of(request.HandRequest("", **values), 28, 29, (3,), (4,))
    assert [getattr(made, name) for name in CONTEXT_FIELDS] == [
        *[True] * len(SITUATION_FLAGS), 28, 29, (3,), (4,), 1, 2, 3]


def _options(command) -> dict:
    """A command's options by their first spelling (typer runs on its own copy of click: told by kind)."""
    return {param.opts[0]: param for param in command.params if param.param_type_name == "option"}


def _command(*path: str):
    command = typer.main.get_command(app)
    for name in path:
        command = command.commands[name]
    return command


def _kind(option) -> str:
    if option.is_flag:
        return "bool"
    return {"int": "int", "str": "str", "path": "path"}[option.type.name]


@pytest.mark.parametrize("command, waiting", [("hand", False), ("waits", True)])
def test_the_commands_take_the_fields_as_options(command, waiting):
    options = _options(_command(command))
    declared = [f for f in FIELDS if f.option and (f.waiting is not None or not waiting)]
    for field in declared:
        option = options[field.option]
        assert option.name == field.name, "the option's value is the field's, by its name"
        assert _kind(option) == field.annotation.removesuffix(" | None")
        assert option.default == field.default
        assert option.help == (field.waiting if waiting else field.help)
    # nothing of the table is missing: every other option is the command's own
    own = {"hand": {"--all-schemes", "--explain", "--json", "--batch", "--void", "--kong-discard", "--workers"},
           "waits": {"--discards", "--json"}}[command]
    assert set(options) == {f.option for f in declared} | own


def test_the_plain_hand_reader_reads_the_typer_commands_options():
    """calc/cli/fast.py reads every option of `sanma hand` but those it leaves to the typer app (a
    batch, a Sichuan hand, processes), each of its kind."""
    options = _options(_command("hand"))
    read = {**fast.SWITCHES, **fast.NUMBERS, **fast.TEXTS, **fast.OUTPUT}
    assert set(options) - set(read) == {"--batch", "--void", "--kong-discard", "--workers"}
    assert set(read) <= set(options)
    for name in read:
        kind = _kind(options[name])
        expected = ("bool" if name in fast.SWITCHES or name in fast.OUTPUT
                    else "int" if name in fast.NUMBERS else "str")
        assert kind == expected, name
    for name, attribute in {**fast.SWITCHES, **fast.NUMBERS, **fast.TEXTS, **fast.OUTPUT}.items():
        assert options[name].name == attribute, name


@pytest.mark.parametrize("option", sorted({*fast.SWITCHES, *fast.NUMBERS, *fast.TEXTS, *fast.OUTPUT}))
def test_an_option_given_twice_is_left_to_the_typer_app(option):
    """The repeated-option rules (calc/cli/options.py: indicators add up, anything else is refused)
    are the typer app's alone: the plain reader hands a repeat to it."""
    value = [] if option in fast.SWITCHES or option in fast.OUTPUT else ["1"]
    assert fast.parse(["123p456p789s99p234s", option, *value, option, *value]) is None
    assert fast.parse(["123p456p789s99p234s", option, *value]) is not None


def test_the_plain_simulate_and_replay_readers_read_the_typer_commands_options():
    options = _options(_command("simulate"))
    for name in simulate_run.SWITCHES:
        assert options[name].is_flag and options[name].default is False
    for name in simulate_run.NUMBERS:
        assert _kind(options[name]) == "int", name
    for name in simulate_run.NAMES:
        assert _kind(options[name]) == "str", name
    for name, default in simulate_run.DEFAULTS.items():
        assert options[name].default == default, name
    read = {*simulate_run.SWITCHES, *simulate_run.NUMBERS, *simulate_run.NAMES}
    assert set(options) - read == {"--save", "--format", "--force"}  # a run that saves goes to typer
    replay = _options(_command("replay"))
    assert all(_kind(replay[name]) == "int" for name in replay_run.NUMBERS)


def test_a_record_and_keep_take_the_fields_written_on_a_win():
    assert record.HAND_FLAGS == tuple(f.name for f in FIELDS if f.record == ON_THE_WIN)
    assert {*record.HAND_FLAGS, *record.FLOW_KEYS, *record.PROFILE_KEYS} | {
        f.name for f in FIELDS if f.record == WIN_KIND} == set(BY_NAME)
    assert record.FLOW_KEYS == tuple(f.name for f in FIELDS if f.record == FLOW)
    assert record.PROFILE_KEYS == tuple(f.name for f in FIELDS if f.record == PROFILE)
    # keep: the hand is the line's, riichi a line of its own
    assert {*keep.BOOL_FLAGS, *keep.VALUE_FLAGS, "hand", "riichi"} == set(record.HAND_FLAGS)


def _typed_score() -> ast.FunctionDef:
    tree = ast.parse((ROOT / "calc" / "api.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for inner in node.body:
                if isinstance(inner, ast.FunctionDef) and inner.name == "score":
                    return inner
    raise AssertionError("calc/api.py declares no `score` under TYPE_CHECKING")


def test_the_apis_typed_score_is_the_table():
    """What a type checker and an editor see of calc.score: the hand, then each field as a keyword,
    of its kind (a profile or scheme may also be a path or a RuleSet, the seat None), with its default."""
    typed = _typed_score()
    assert [a.arg for a in typed.args.args] == ["hand"]
    keywords = typed.args.kwonlyargs
    assert [a.arg for a in keywords] == [f.name for f in FIELDS[1:]]
    for argument, default, field in zip(keywords, typed.args.kw_defaults, FIELDS[1:]):
        annotation = {part.strip() for part in ast.unparse(argument.annotation).split("|")}
        assert {part.strip() for part in field.annotation.split("|")} <= annotation, field.name
        assert ast.literal_eval(default) == field.default, field.name


def test_calc_score_names_the_table_in_its_signature():
    import calc

    parameters = inspect.signature(calc.score).parameters
    assert list(parameters) == list(BY_NAME)
    assert {name: p.default for name, p in list(parameters.items())[1:]} == {f.name: f.default for f in FIELDS[1:]}
