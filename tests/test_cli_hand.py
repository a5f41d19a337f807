"""`sanma hand` from the outside: output shapes, --batch, and one-line errors for bad input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from calc.cli.app import app

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_json_has_every_documented_key():
    result = run("hand", "234p678s5z5z [999m] [1111z]", "--tsumo", "--seat", "E", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["seat"], data["round"], data["dealer"], data["tsumo"]) == ("E", "E", True, True)
    assert data["han"] == 2 and data["fu"] == 50 and data["limit"] is None and data["yakuman"] == 0
    assert data["yaku"] == [{"name": "seat_wind_east", "han": 1}, {"name": "round_wind_east", "han": 1}]
    assert {"dora", "aka", "ura", "nuki", "sticks"} <= data.keys()
    assert data["fu_breakdown"][0] == {"reason": "base", "fu": 20}
    assert sum(line["fu"] for line in data["fu_breakdown"]) == 46
    # dealer tsumo, tsumo-loss: each non-dealer pays C(2b) = 1600
    assert data["payments"] == [{"payer": "non-dealer", "amount": 1600}, {"payer": "non-dealer", "amount": 1600}]
    assert data["points"] == 3200 and data["total"] == 3200


def test_honba_and_sticks_in_json():
    result = run("hand", "123p456p789s99p234s", "--seat", "S", "--honba", "2", "--sticks", "1", "--riichi", "--json")
    data = json.loads(result.stdout)
    # riichi pinfu ron 2 han 30 fu: b = 480, R = C(1920) = 2000; standard honba 2 × 1000
    assert data["points"] == 2000
    assert data["payments"] == [{"payer": "discarder", "amount": 4000}]
    assert data["total"] == 4000 and data["sticks"] == 1000


def test_table_and_explain():
    result = run("hand", "123p456p789s99p234s", "--tsumo", "--seat", "S", "--explain")
    assert result.exit_code == 0
    assert "pinfu" in result.stdout and "menzen_tsumo" in result.stdout
    assert "b = 20 fu × 2^(2+2) = 320" in result.stdout


def test_batch_keeps_order_and_reports_bad_lines():
    lines = [
        {"hand": "123p456p789s99p234s", "tsumo": True, "seat": "S"},
        {"hand": "123p456p789s99p23x"},
        "not json",
        {"hand": "11p33p55p77s99s11z22z", "seat": "S", "double_riichi": True, "dora": "1p"},
    ]
    text = "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n"
    result = run("hand", "--batch", "-", input=text)
    assert result.exit_code == 1  # some lines failed; every line still ran
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == 4
    assert out[0]["total"] == 1100
    assert out[1]["line"] == 2 and "column 18" in out[1]["error"]
    assert out[2]["line"] == 3 and "invalid JSON" in out[2]["error"]
    # double riichi 2 + chiitoitsu 2 + dora 2 (2p indicated by 1p? no: 1p → 2p, none held) → 4 han 25 fu
    assert out[3]["han"] == 4 and out[3]["fu"] == 25


BAD = [
    (["234m567p678s55z [999m]"], "2m does not exist in sanma"),
    (["123p456p789s11s [123p]"], "chi is not allowed"),
    (["11111p456p789s1s5z5z"], "5 copies of 1p"),
    (["123p456p789s1s5z5z [5555z]"], "6 copies of 5z"),
    (["123p456p789s11s555z", "--dora", "5z5z"], "5 copies of 5z"),
    (["123p456p789s11s444z", "--nuki", "2"], "5 copies of 4z"),
    (["123p456p789s11s5z"], "wrong tile count"),
    (["123p456p789s11s555z", "--win", "9p"], "not in the hand"),
    (["123p456p789s11s556z"], "not complete"),
    (["123p456p789s11s999p"], "no yaku"),
    (["123p456p789s11s55x"], "column 18"),
    (["123p456p789s11s555z", "--nuki", "5"], "only four norths"),
    (["123p456p789s11s555z", "--ippatsu"], "--ippatsu needs --riichi"),
    (["123p456p789s11s555z", "--haitei"], "--haitei is a win by tsumo"),
    (["123p456p789s11s555z", "--houtei", "--tsumo"], "--houtei is a ron"),
    (["123p456p789s11s555z", "--tenhou", "--tsumo", "--seat", "S"], "--tenhou is the dealer"),
    (["123p456p789s11s555z", "--ura", "1p"], "ura dora indicators only count with riichi"),
    (["123p456p789s11s555z", "--chankan"], "no other 5z"),
    (["234p567p234s5z 5z (1111m)", "--tenhou", "--tsumo", "--seat", "E"], "untouched hand"),
    (["123p456p789s11s555z", "--tenhou", "--tsumo", "--haitei", "--seat", "E"], "first go-around"),
    (["123p456p789s11s555z", "--honba", "-1"], "cannot be negative"),
    (["123p456p789s11s555z", "--nuki", "-1"], "cannot be negative"),
    (["123p456p789s11s555z", "--rules", "tenhoo"], "did you mean 'tenhou'"),
    (["123p456p789s11s555z", "--scheme", "nope"], "unknown scheme"),
    (["[[["], "meld opened inside a meld"),
    (["123p456p789p11s22x"], "column 18"),
    (["12p"], "wrong tile count"),
    (["8z"], "no tile 8z"),
]


@pytest.mark.parametrize("args,message", BAD, ids=[m for _, m in BAD])
def test_bad_input_is_one_line_exit_1(args, message):
    result = run("hand", *args)
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ")
    assert message in lines[0]


def test_red_five_named_plain_by_win_stays_red():
    result = run("hand", "3467822p234678s0p", "--win", "5p", "--json")
    data = json.loads(result.stdout)
    assert data["aka"] == 1 and data["hand"].endswith(" 0p")


def test_usage_error_exits_2():
    result = run("hand", "123p456p789s11s555z", "--no-such-flag")
    assert result.exit_code == 2
    result = run("hand")
    assert result.exit_code == 2


def test_all_schemes_for_a_hand():
    # non-dealer 2 han 20 fu tsumo, b = 320 (rules.md §4 formulas)
    result = run("hand", "123p456p789s99p234s", "--tsumo", "--seat", "S", "--all-schemes", "--json")
    schemes = json.loads(result.stdout)["schemes"]
    paid = {name: [p["amount"] for p in data["payments"]] for name, data in schemes.items()}
    assert paid == {
        "tsumo-loss": [400, 700],       # C(b) / C(2b)
        "add-1000": [1400, 1700],       # + 1000 each
        "maru-dori": [400, 900],        # R = 1300: N(1300/3) = 400, dealer the rest
        "north-split": [600, 900],      # H = C(C(b)/2) = 200 on top of each
        "equal-split": [700, 700],      # C(2b) each
        "triple-dealer": [400, 1000],   # C(b) / C(3b)
        "double-take": [1300, 1300],    # C(4b) each
        "ron-adjust": [400, 700],       # tsumo as tsumo-loss
    }
    assert all(data["han"] == 2 and data["fu"] == 20 for data in schemes.values())
    text = run("hand", "123p456p789s99p234s", "--tsumo", "--seat", "S", "--all-schemes").stdout
    assert "north-split" in text and "pinfu" in text


def test_hand_text_writes_the_winning_tile_apart():
    result = run("hand", "123p456p789s99p234s", "--tsumo", "--seat", "S")
    assert "Hand: 12345699p23789s 4s" in result.stdout


def test_batch_line_that_is_not_utf8():
    result = runner.invoke(app, ["hand", "--batch", "-"], input=b'{"hand": "\xff"}\n')
    assert json.loads(result.stdout) == {"line": 1, "error": "not UTF-8 text (byte 11 of the line)"}
