"""Nothing impossible is settled without a word. Every input a table or a script can give
either gives a result or one line naming what is wrong and where; never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from calc.cli.app import app
from calc.table import record

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def settle_text(text: str, **kwargs) -> record.Settled:
    return record.settle(record.read_text(text, "match.yaml"), **kwargs)


# ---------------------------------------------------------------- records that crashed


@pytest.mark.parametrize("text", ["players: [A, B, C]\n", "players: [A, B, C]\nhands:\n",
                                  "players: [A, B, C]\nhands: []\n"])
def test_a_record_without_hands_is_an_empty_provisional_match(text):
    settled = settle_text(text)
    assert settled.rows == () and not settled.state.ended
    assert settled.state.scores == (35000, 35000, 35000)


def test_a_bare_draw_is_a_draw_with_nobody_tenpai():
    settled = settle_text("players: [A, B, C]\nhands:\n  - draw:\n  - draw:\n")
    assert [row.deltas for row in settled.rows] == [(0, 0, 0), (0, 0, 0)]
    assert settled.state.honba == 2


def test_empty_records_on_the_command_line(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("players: [A, B, C]\nhands:\n")
    result = run("settle", str(path))
    assert result.exit_code == 0 and "(no hands recorded)" in result.stdout


# ---------------------------------------------------------------- hands that cannot have happened

IMPOSSIBLE_HANDS = [
    ("ippatsu on the replacement after one's own kan",
     ["123p456p789s1z1z (5555z)", "--tsumo", "--riichi", "--ippatsu", "--rinshan"],
     "--ippatsu with --rinshan: the replacement tile follows your own kan, and a kan ends ippatsu"),
    ("ippatsu on the replacement after a north, Tenhou",
     ["123p456p789s99p234s", "--tsumo", "--riichi", "--ippatsu", "--rinshan", "--nuki", "1", "--rules", "tenhou"],
     "follows your own extracted north, which ends ippatsu under this profile (north.nuki_cancels_ippatsu)"),
    ("four plain fives", ["123p789s1z1z6s6s6s (5555p)"],
     "4 plain copies of 5p: with a red five in the set (game.red_fives) there are three plain 5p and one 0p"),
    ("four plain fives with an indicator", ["123p789s1z1z6s6s6s [555p]", "--dora", "5p"],
     "4 plain copies of 5p"),
    ("ura without dora", ["123p456p789s11z55z5z", "--riichi", "--ura", "3p"],
     "1 ura indicator(s) but 0 dora indicator(s): each ura indicator lies under a dora indicator"),
    ("more ura than dora", ["123p456p789s11z55z5z", "--riichi", "--dora", "1z", "--ura", "3p4p"],
     "2 ura indicator(s) but 1 dora indicator(s)"),
    ("renhou that counts for nothing", ["123p456p789s11z55z5z", "--renhou", "--seat", "S", "--rules", "tenhou"],
     "--renhou: profile 'tenhou' does not score renhou (hand.renhou: none)"),
    ("honba 10**30", ["123p456p789s11z55z5z", "--honba", str(10**30)],
     f"honba {10**30}: a table never gets past 100 honba"),
    ("more sticks than points", ["123p456p789s11z55z5z", "--sticks", "106"],
     "106 riichi sticks: the table's 105000 points make at most 105 sticks of 1000"),
]


@pytest.mark.parametrize("args, message", [c[1:] for c in IMPOSSIBLE_HANDS], ids=[c[0] for c in IMPOSSIBLE_HANDS])
def test_impossible_hands_are_refused_with_the_reason(args, message):
    result = run("hand", *args)
    assert result.exit_code == 1, result.output
    assert result.stdout == "" and result.stderr.count("\n") == 1
    assert message in result.stderr


def test_ippatsu_on_a_north_replacement_where_the_profile_keeps_it():
    # standard: north.nuki_cancels_ippatsu false; the kan in the hand came before the riichi
    result = run("hand", "123p456p789s99p234s", "--tsumo", "--riichi", "--ippatsu", "--rinshan", "--nuki", "1",
                 "--json")
    assert result.exit_code == 0, result.output
    assert {"ippatsu", "rinshan_kaihou"} <= {y["name"] for y in __import__("json").loads(result.stdout)["yaku"]}


def test_the_red_five_makes_four_fives_legal():
    result = run("hand", "123p789s1z1z6s6s6s (0555p)", "--tsumo", "--json")
    assert result.exit_code == 0, result.output


def test_a_logged_renhou_situation_adds_nothing_where_the_profile_has_none():
    """Logs state the situation whatever the rules: the evaluator gives it no value under `none`."""
    from calc.core.rules import load
    from calc.scoring.evaluate import evaluate
    from calc.scoring.hand import WinContext, build_hand

    context = WinContext(renhou=True, seat_wind=28)
    rules = load("tenhou")
    evaluation = evaluate(build_hand("123p456p789s11s555z", rules, context), context, rules)
    assert dict(evaluation.yaku) == {"haku": 1} and evaluation.han == 1


BOUNDS = [
    (["pay", "--yakuman", "100"], "yakuman ×100: under profile 'standard' one hand is paid at most ×4"),
    (["pay", "--yakuman", "7", "--rules", "mahjongsoul"], "at most ×6"),
    (["pay", "--yakuman", "2", "--rules", "ron-adjust"], None),
    (["pay", "--han", str(10**21)], f"{10**21} han: no hand counts more than 100"),
    (["pay", "--han", "3", "--fu", "30", "--honba", "101"], "honba 101: a table never gets past 100 honba"),
    # counts of a run, not of a game: out of range they are usage errors (exit 2)
    (["simulate", "--matches", "1", "--workers", "1000"], "--workers 1000: this machine has"),
    (["simulate", "--matches", str(10**20)], f"--matches {10**20}: give 1 to 100,000 matches"),
]


@pytest.mark.parametrize("args, message", BOUNDS)
def test_every_number_has_a_bound(args, message):
    result = run(*args)
    if message is None:
        assert result.exit_code == 0, result.output
        return
    usage = args[0] == "simulate"
    assert result.exit_code == (2 if usage else 1) and message in result.stderr, result.output
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_largest_yakuman_the_bound_allows_is_a_real_hand():
    """daisuushii (2) + suuankou tanki (2) + tsuuiisou + tenhou = ×6 where double yakuman count."""
    import json

    result = run("hand", "1z1z1z2z2z2z3z3z3z4z4z4z7z7z", "--tsumo", "--tenhou", "--seat", "E", "--rules",
                 "mahjongsoul", "--json")
    assert json.loads(result.stdout)["yakuman"] == 6
    result = run("hand", "1z1z1z2z2z2z3z3z3z4z4z4z7z7z", "--tsumo", "--tenhou", "--seat", "E", "--json")
    assert json.loads(result.stdout)["yakuman"] == 4


def test_han_in_a_record_is_bounded():
    with pytest.raises(record.RecordError) as error:
        settle_text(f"players: [A, B, C]\nhands:\n  - win: {{winner: A, from: B, han: {10**21}}}\n")
    assert f"match.yaml:3, at hands[1].win.han: hand 1: {10**21} han: no hand counts more than 100" in str(error.value)


# ---------------------------------------------------------------- pao and double ron in a record

RECORD_CASES = [
    ("pao on a mangan", "  - win: {winner: A, from: B, limit: mangan, liable: C}\n",
     "match.yaml:4, at hands[1].win.liable: hand 1: pao (`liable:`) answers for a yakuman (daisangen or daisuushii); this win is mangan"),
    ("pao by the discarder", "  - win: {winner: A, from: B, limit: yakuman, liable: B}\n",
     "hand 1: B is liable and dealt in: the ron is theirs to pay anyway, so pao changes nothing"),
    ("pao on a hand without its yakuman", "  - win: {winner: A, from: B, hand: \"123p456p789s11z [555z]\", liable: C}\n",
     "match.yaml:4, at hands[1].win.liable: hand 1: A's hand has no daisangen or daisuushii, the only yakuman pao answers for"),
    ("pao on a closed daisangen", "  - win: {winner: A, tsumo: true, hand: \"555z666z777z11z 123p\", liable: C}\n",
     "hand 1: A's hand holds 3 dragon set(s) of its daisangen concealed (or completed by the winning tile): pao "
     "needs all 3 dragon sets called or kanned"),
    # a dragon set nobody fed; the one completed by the winning tile; closed kans only
    ("pao on a dragon set nobody fed", "  - win: {winner: A, tsumo: true, hand: \"555z777z11z123p [666z]\", liable: C}\n",
     "match.yaml:4, at hands[1].win.liable: hand 1: A's hand holds 2 dragon set(s) of its daisangen concealed"),
    ("pao on a set the winning tile completed",
     "  - win: {winner: A, from: B, hand: \"123p11z77z7z [555z] [666z]\", liable: C}\n",
     "hand 1: A's hand holds 1 dragon set(s) of its daisangen concealed (or completed by the winning tile)"),
    ("pao on closed kans only", "  - win: {winner: A, tsumo: true, hand: \"11z123p (5555z) (6666z) (7777z)\", liable: C}\n",
     "hand 1: A's hand has its daisangen in closed kans only, so nobody fed it and nobody is liable"),
    ("pao on four winds, one of them concealed",
     "  - win: {winner: A, tsumo: true, hand: \"444z55z [111z] [222z] [333z]\", liable: C}\n",
     "hand 1: A's hand holds 1 wind set(s) of its daisuushii concealed"),
    ("liable_yakuman where the liable player answers for the whole hand",
     "  - win: {winner: A, from: B, limit: yakuman, yakuman: 2, liable: C, liable_yakuman: 1}\n",
     "at hands[1].win.liable_yakuman: hand 1: profile 'standard' has the liable player answer for the whole hand "
     "(payment.pao_covers: hand), so `liable_yakuman:` would change nothing"),
    ("double ron, two sets of dora",
     "  - win: [{winner: A, from: B, hand: \"123p456p789s666z5z5z\", dora: 1p},"
     " {winner: C, from: B, hand: \"234p567p789s777z5z5z\", dora: 2p}]\n",
     "hand 1: double ron: A and C see different dora indicators (1p and 2p); the table has one set"),
    ("double ron, two winning tiles",
     "  - win: [{winner: A, from: B, hand: \"123p456p789s555z1z1z\"}, {winner: C, from: B, hand: \"234p567p789s777z5z5z\"}]\n",
     "hand 1: double ron: A and C win on different tiles (1z and 5z)"),
    ("double ron, six copies",
     "  - win: [{winner: A, from: B, hand: \"111p234p789s666z5z5z\"}, {winner: C, from: B, hand: \"111p234p789s777z5z5z\"}]\n",
     "double ron: A and C's hands, melds and indicators hold 6 1p between them (the discard counted once); "
     "the set has four 1p"),
    ("double ron, four plain fives",
     "  - win: [{winner: A, from: B, hand: \"555p234p789s666z1z1z\"}, {winner: C, from: B, hand: \"555p678s789s777z1z1z\"}]\n",
     "hold 6 5p (0 red)"),
    ("double ron, a fifth plain five between them",
     "  - win: [{winner: A, from: B, hand: \"555p678p789s666z1z1z\"}, {winner: C, from: B, hand: \"567p678s789s777z1z1z\"}]\n",
     "hold 4 5p (0 red) between them (the discard counted once); the set has three plain 5p and one 0p"),
]


@pytest.mark.parametrize("hands, message", [c[1:] for c in RECORD_CASES], ids=[c[0] for c in RECORD_CASES])
def test_records_that_cannot_have_happened(hands, message):
    with pytest.raises(record.RecordError) as error:
        settle_text("rules: standard\nplayers: [A, B, C]\nhands:\n" + hands)
    assert message in str(error.value)


def test_a_double_ron_that_shares_the_table_settles():
    settled = settle_text("players: [A, B, C]\nhands:\n  - win: [{winner: A, from: B, hand: \"123p456p789s666z5z5z\"}, "
                          "{winner: C, from: B, hand: \"234p567p789s777z5z5z\"}]\n")
    assert settled.rows[0].deltas == (2400, -4000, 1600)


def test_a_fed_daisangen_is_paid_by_the_liable_player():
    settled = settle_text("players: [A, B, C]\nhands:\n"
                          "  - win: {winner: A, tsumo: true, hand: \"11z123p [555z] [666z] [777z]\", liable: C}\n")
    assert settled.rows[0].deltas == (48000, 0, -48000)
    # the earlier dragon sets may be closed kans (the last one called is what was fed)
    settled = settle_text("players: [A, B, C]\nhands:\n"
                          "  - win: {winner: B, from: A, hand: \"11z123p (5555z) [666z] [777z]\", liable: C}\n")
    assert settled.rows[0].deltas == (-16000, 32000, -16000)


def test_the_issue_21_pao_example_is_refused_not_paid_by_the_liable_player(tmp_path):
    """Pao on a dragon set nobody fed (two dragon triplets concealed) would take 32,000 from the
    "liable" player; nobody fed it, so `sanma settle` refuses the record."""
    path = tmp_path / "m.yaml"
    path.write_text("players: [A, B, C]\nhands:\n"
                    "  - win: {winner: B, tsumo: true, hand: \"555z777z11z123p [666z]\", liable: C}\n")
    result = run("settle", str(path))
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"Error: {path}:3, at hands[1].win.liable: hand 1: B's hand holds 2 dragon set(s)")
    # the same hand without `liable:` is the ordinary yakuman tsumo: 8000 + 16000 from both
    path.write_text("players: [A, B, C]\nhands:\n  - win: {winner: B, tsumo: true, hand: \"555z777z11z123p [666z]\"}\n")
    assert record.settle(record.read(path)).rows[0].deltas == (-16000, 24000, -8000)


def test_pao_where_the_profile_has_none(tmp_path):
    (tmp_path / "club.yaml").write_text("extends: standard\npayment:\n  pao: false\n")
    (tmp_path / "m.yaml").write_text("rules: club.yaml\nplayers: [A, B, C]\nhands:\n"
                                     "  - win: {winner: A, from: B, limit: yakuman, liable: C}\n")
    result = run("settle", str(tmp_path / "m.yaml"))
    assert result.exit_code == 1
    assert "m.yaml:4, at hands[1].win.liable: hand 1: profile 'club' plays no pao (payment.pao: false)" in result.stderr


# ---------------------------------------------------------------- messages that say what to do

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "match.yaml"


def test_a_directory_as_a_profile(tmp_path):
    for args in (["rules", "check", str(tmp_path)], ["hand", "123p456p789s11z55z5z", "--rules", str(tmp_path)]):
        result = run(*args)
        assert result.exit_code == 1
        assert f"{tmp_path} is a directory; give a profile file (YAML) or a profile name" in result.stderr


def test_a_pipe_as_a_profile(tmp_path):
    import os

    fifo = tmp_path / "profile"
    os.mkfifo(fifo)
    result = run("rules", "check", str(fifo))
    assert result.exit_code == 1 and "is not a regular file (a pipe or a device, such as /dev/stdin)" in result.stderr


def test_settle_reads_a_record_from_standard_input():
    text = EXAMPLE.read_text()
    from_stdin = run("settle", "-", "--wide", input=text)
    assert from_stdin.exit_code == 0, from_stdin.output
    assert from_stdin.stdout.replace("<stdin>", str(EXAMPLE)) == run("settle", str(EXAMPLE), "--wide").stdout
    bad = run("settle", "-", input="players: [A, B, C]\nhands:\n  - win: {winner: D, from: A, han: 1, fu: 30}\n")
    assert bad.exit_code == 1 and bad.stderr.startswith("Error: <stdin>:3, at hands[1].win.winner: hand 1: unknown player 'D'")
    empty = run("settle", "-", input="")
    assert "the record is empty" in empty.stderr


def test_settle_dev_stdin_from_a_pipe():
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "calc", "settle", "/dev/stdin"], input=EXAMPLE.read_text(),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Final standings" in done.stdout


@pytest.mark.parametrize("text, message", [
    ("players: [A, B]\n", "players must list the 3 players of this profile, East first; got 2 (A, B)"),
    ("players: [A, B, C, D]\n", "got 4 (A, B, C, D)"),
    # a name with a line break in it stays quoted: the message is one line (found by the record property test)
    ("players: [Ana, \"Bo\\n- Chen\"]\n", "got 2 (Ana, 'Bo\\n- Chen')"),
    ("players: [Ana, \"Bo\\tX\", Chen]\n", "match.yaml:1, at players: a player's name must be one line of printable text, got 'Bo\\tX'"),
    ("players: [A, B, C]\nhands:\n  - win: {winner: A, from: B, hand: \"123p456p789s11z555z\", dora: 3}\n",
     "match.yaml:3, at hands[1].win.dora: hand 1: 'dora' takes indicator tiles such as 3p or 3p9m (a tile needs its suit letter"),
    ("players: [A, B, C]\nhands:\n\t- draw:\n",
     "match.yaml:3, column 1: a tab character: YAML indents and separates with spaces only; replace the tab"),
])
def test_record_messages_say_what_to_do(text, message):
    with pytest.raises(record.RecordError) as error:
        settle_text(text)
    assert message in str(error.value)


def test_a_sichuan_profile_extending_a_sanma_one(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("variant: sichuan\nextends: standard\n")
    result = run("rules", "check", str(path))
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert ("mine.yaml:2, at extends: a sichuan profile cannot extend 'standard', a sanma profile; extend a "
            "sichuan one (sichuan, sichuan-cap4, sichuan-tsumo-fan)") in result.stderr
    path.write_text("extends: sichuan\nvariant: sanma\n")
    assert "a sanma profile cannot extend 'sichuan', a sichuan profile" in run("rules", "check", str(path)).stderr


def test_a_tab_in_a_profile(tmp_path):
    path = tmp_path / "club.yaml"
    path.write_text("extends: standard\npayment:\n\tpao: false\n")
    assert "club.yaml:3: a tab character" in run("rules", "check", str(path)).stderr


def test_simulate_save_refuses_a_folder_with_games_unless_forced(tmp_path):
    (tmp_path / "old.json").write_text("{}")
    args = ["simulate", "--matches", "1", "--seed", "1", "--workers", "1", "--save", str(tmp_path)]
    refused = run(*args)
    assert refused.exit_code == 1
    assert "already holds 1 game file(s) (old.json, ...); choose an empty folder, or add --force" in refused.stderr
    forced = run(*args, "--force")
    assert forced.exit_code == 0, forced.output
    assert len(list(tmp_path.glob("*.json"))) == 2


# ---------------------------------------------------------------- output that fits 80 columns

def _cells(text: str) -> int:
    from wcwidth import wcswidth

    return max(wcswidth(line) for line in text.splitlines())


@pytest.mark.parametrize("args", [
    ["settle", str(EXAMPLE)], ["settle", str(EXAMPLE), "--all-schemes"], ["table"], ["table", "--rules", "tenhou"],
    ["rules", "list"], ["compare", "--matches", "2", "--seed", "1", "--workers", "1"],
])
def test_default_output_fits_80_columns_and_wide_keeps_one_line_per_row(args):
    narrow, wide = run(*args), run(*args, "--wide")
    assert narrow.exit_code == 0 and wide.exit_code == 0, narrow.output + wide.output
    assert _cells(narrow.stdout) <= 80
    assert _cells(wide.stdout) > 80


def test_a_wider_terminal_gets_the_wide_form():
    wide = runner.invoke(app, ["settle", str(EXAMPLE)], env={"COLUMNS": "200"})
    assert wide.stdout == run("settle", str(EXAMPLE), "--wide").stdout


def test_chinese_and_japanese_names_keep_the_columns_aligned():
    from wcwidth import wcswidth

    text = ("players: [王小明, 佐藤, Bo]\nhands:\n  - riichi: [佐藤]\n    win: {winner: 佐藤, from: 王小明, han: 3, fu: 40}\n"
            "  - win: {winner: Bo, tsumo: true, limit: mangan}\n")
    for args in (["settle", "-"], ["settle", "-", "--wide"], ["settle", "-", "--all-schemes"]):
        out = run(*args, input=text).stdout
        assert _cells(out) <= (200 if "--wide" in args else 80)
        table = [line for line in out.splitlines() if line.startswith("---")][0]
        rows = out.splitlines()
        header = rows[rows.index(table) - 1]
        # every column's right edge in the header line sits where the rule line's dashes end
        starts = [k for k, ch in enumerate(table) if ch == "-" and (k == 0 or table[k - 1] == " ")]
        ends = [k + 1 for k, ch in enumerate(table) if ch == "-" and (k + 1 == len(table) or table[k + 1] == " ")]
        for name in ("王小明", "佐藤"):
            start = wcswidth(header[:header.index(name)])  # in terminal cells: 王 is two
            # the ledger right-aligns the players' columns, the scheme table left-aligns them
            assert start in starts or start + wcswidth(name) in ends, (args, header, table)
        assert wcswidth(header) <= len(table)


# ---------------------------------------------------------------- what the output must say

def test_a_west_indicator_makes_norths_nukidora_in_one_place():
    """Two extracted norths, a West dora indicator and a West ura indicator: each north is 1 han of
    nukidora plus 1 per West indicator, all of it under `nuki`, none under dora or ura."""
    import json

    base = ["hand", "123p456p789s99p234s", "--tsumo", "--riichi", "--nuki", "2", "--json"]
    plain = json.loads(run(*base).stdout)
    assert (plain["dora"], plain["ura"], plain["nuki"]) == (0, 0, 2)
    dora = json.loads(run(*base, "--dora", "3z").stdout)
    assert (dora["dora"], dora["ura"], dora["nuki"]) == (0, 0, 4)
    both = json.loads(run(*base, "--dora", "3z", "--ura", "3z").stdout)
    assert (both["dora"], both["ura"], both["nuki"]) == (0, 0, 6)
    assert both["han"] == 3 + 6
    table = run(*base[:-1], "--dora", "3z", "--ura", "3z").stdout
    assert ["nuki", "(norths)", "6"] in [line.split() for line in table.splitlines()]
    assert not any(line.split()[:1] == ["ura"] for line in table.splitlines())


def test_hand_and_pay_assume_the_same_seat_and_say_so():
    import json

    hand = run("hand", "123p456p789s99p234s")  # pinfu ron, 1 han 30 fu
    assert "Winner: non-dealer (South), ron; round East" in hand.stdout
    pay = run("pay", "--han", "1", "--fu", "30")
    assert pay.stdout.startswith("Non-dealer 1 han 30 fu ron")
    hand_json = json.loads(run("hand", "123p456p789s99p234s", "--json").stdout)
    pay_json = json.loads(run("pay", "--han", "1", "--fu", "30", "--json").stdout)
    assert hand_json["payments"] == pay_json["payments"] == [{"payer": "discarder", "amount": 1000}]
    assert (hand_json["seat"], hand_json["dealer"], hand_json["tsumo"]) == ("S", False, False)
    assert pay_json["dealer"] is False and pay_json["tsumo"] is False
    dealer = run("hand", "123p456p789s99p234s", "--seat", "E", "--tsumo", "--all-schemes")
    assert "Winner: dealer (East), tsumo; round East" in dealer.stdout


def test_settle_explain_names_each_winner_seat_and_writes_yakuman_as_multiples():
    out = run("settle", "-", "--explain", "--wide", input=(
        "players: [A, B, C]\nhands:\n  - win: {winner: B, tsumo: true, hand: \"555z777z11z123p [666z]\"}\n"
        "  - win: {winner: A, from: C, han: 2, fu: 30}\n")).stdout
    assert ("  B, non-dealer (South), tsumo: 555z777z11z123p [666z]: daisangen: yakuman ×1 = yakuman ×1"
            in out.splitlines())
    assert "  A, non-dealer (West), ron from C: 2 han 30 fu" in out.splitlines()
    assert "13 han" not in out


COMPOUND = "players: [A, B, C]\nhands:\n  - win: {winner: B, tsumo: true, hand: \"222z1z1z [555z] [666z] [777z]\", liable: C}\n"


def test_pao_on_a_compound_yakuman_covers_the_whole_hand_on_tenhou():
    """daisangen (fed by C) + tsuuiisou, tsumo by B (non-dealer): under `payment.pao_covers: hand`
    (standard, tenhou: Tenhou's practice) C pays the whole double yakuman as if dealt in, 64000."""
    for profile in ("standard", "tenhou"):
        assert settle_text(f"rules: {profile}\n" + COMPOUND).rows[0].deltas == (0, 64000, -64000)


def test_pao_on_a_compound_yakuman_covers_its_own_part_on_mahjong_soul():
    """`pao_covers: yakuman` (mahjongsoul): C pays the daisangen as if dealt in (32000), and the
    tsuuiisou is an ordinary non-dealer yakuman tsumo under tsumo-loss (8000 / 16000)."""
    assert settle_text("rules: mahjongsoul\n" + COMPOUND).rows[0].deltas == (-16000, 56000, -40000)
    # the same win given by value says how many of its yakuman the liable player answers for
    by_value = ("rules: mahjongsoul\nplayers: [A, B, C]\nhands:\n"
                "  - win: {winner: B, tsumo: true, limit: yakuman, yakuman: 2, liable: C, liable_yakuman: 1}\n")
    assert settle_text(by_value).rows[0].deltas == (-16000, 56000, -40000)
    # on a ron the pao part is split (16000 each) and the discarder pays the tsuuiisou besides
    ron = ("rules: mahjongsoul\nplayers: [A, B, C]\nhands:\n"
           "  - win: {winner: B, from: A, hand: \"222z1z1z [555z] [666z] [777z]\", liable: C}\n")
    assert settle_text(ron).rows[0].deltas == (-48000, 64000, -16000)
    # and so in a double ron (the part was lost there: the liable player paid half of the whole hand)
    double = ("rules: mahjongsoul\nplayers: [A, B, C]\nhands:\n"
              "  - win: [{winner: B, from: A, hand: \"222z1z1z [555z] [666z] [777z]\", liable: C},"
              " {winner: C, from: A, hand: \"123p456p789p111s1z1z\"}]\n")
    rows = settle_text(double).rows[0]
    ittsu = rows.settlement.winner_share(2)[0]
    assert rows.settlement.winner_share(1)[0] == (-48000, 64000, -16000)
    assert rows.deltas == tuple(a + b for a, b in zip((-48000, 64000, -16000), ittsu))


# ---------------------------------------------------------------- options that would be ignored

HAND = "123p456p789s99p234s"


@pytest.mark.parametrize("args, message", [
    (["hand", HAND, "--json", "--explain"], "--json and --explain do not go together"),
    (["hand", HAND, "--scheme", "maru-dori", "--all-schemes"], "--scheme and --all-schemes do not go together"),
    (["pay", "--han", "3", "--fu", "40", "--json", "--explain"], "--json and --explain do not go together"),
    (["pay", "--limit", "mangan", "--tsumo", "--scheme", "maru-dori", "--all-schemes"],
     "--scheme and --all-schemes do not go together"),
    (["settle", str(EXAMPLE), "--json", "--explain"], "--json and --explain do not go together"),
    (["settle", str(EXAMPLE), "--json", "--wide"], "--json and --wide do not go together"),
    (["settle", str(EXAMPLE), "--csv", "--explain"], "--csv and --explain do not go together"),
    (["settle", str(EXAMPLE), "--all-schemes", "--explain"], "--all-schemes and --explain do not go together"),
    (["simulate", "--matches", "1", "--force"], "--force goes with --save DIR"),
    (["simulate", "--matches", "1", "--format", "tenhou6"], "--format goes with --save DIR"),
    (["replay", str(EXAMPLE), "--no-cache"], "--no-cache is for Tenhou game ids and links"),
])
def test_an_option_that_would_change_nothing_is_a_usage_error(args, message):
    result = run(*args)
    assert result.exit_code == 2 and message in result.output, result.output
    assert result.stdout == ""  # nothing half-written


def test_replay_rules_on_tenhou_logs_says_it_changed_nothing(data_dir):
    game = sorted((data_dir / "mjlog").glob("*.xml"))[0]
    result = run("replay", str(game), "--rules", "mahjongsoul")
    assert result.exit_code == 0
    assert "note: --rules mahjongsoul changed nothing" in result.stderr
    assert run("replay", str(game)).stdout == result.stdout  # Tenhou's rules either way


# ---------------------------------------------------------------- doors that once crashed or let through

DOUBLE_RON_WITH_DORA = ("players: [Ana, Bo, Chen]\nhands:\n  - riichi: [Chen]\n    win:\n"
                        "      - {winner: Ana, from: Bo, hand: \"123p456p789s666z5z5z\", dora: 8s}\n"
                        "      - {winner: Chen, from: Bo, hand: \"234p567p789s777z5z5z\", dora: 8s, ura: 1m}\n")


def test_a_full_hand_double_ron_with_a_dora_indicator_settles(tmp_path):
    """A full-hand double ron with a dora indicator settles (the indicators are tiles, counted
    against the four copies, not list indices)."""
    path = tmp_path / "m.yaml"
    path.write_text(DOUBLE_RON_WITH_DORA)
    result = run("settle", str(path), "--json")
    assert result.exit_code == 0, result.output
    entry = json.loads(result.stdout)["ledger"][0]
    # Ana (the dealer): hatsu + dora 9s = 2 han 50 fu, 4800; Chen (first after Bo, takes back the
    # stick): riichi, chun, dora 1 = 3 han 50 fu, 6400 (the 1m ura shows 9m, which Chen does not hold)
    assert entry["deltas"] == {"Ana": 4800, "Bo": -11200, "Chen": 6400}
    assert [w["han"] for w in entry["wins"]] == [2, 3]


def test_the_same_double_ron_through_the_api():
    import calc

    data = yaml.safe_load(DOUBLE_RON_WITH_DORA)
    assert calc.settle(data).to_dict()["ledger"][0]["deltas"] == {"Ana": 4800, "Bo": -11200, "Chen": 6400}
    # a fifth copy between the two hands and the indicators is a SanmaError, not a TypeError
    data["hands"][0]["win"][1]["hand"] = "234p567p789s666z5z5z"
    with pytest.raises(calc.SanmaError) as error:
        calc.settle(data)
    assert "hold 6 6z between them" in str(error.value)


def test_a_double_ron_with_red_and_plain_winning_tiles_is_two_discards():
    with pytest.raises(record.RecordError) as error:
        settle_text("players: [A, B, C]\nhands:\n  - win: [{winner: A, from: B, hand: \"123p456p789s666z5s5s\"},"
                    " {winner: C, from: B, hand: \"234p567p789s777z55s0s\"}]\n")
    assert "A and C win on different tiles (5s and 0s)" in str(error.value)


@pytest.mark.parametrize("hand, at", [
    ("  - riichi: [B]\n    draw: {tenpai: [A]}\n", "hands[1].draw.tenpai"),
    ("  - riichi: [A, B]\n    draw:\n", "hands[1].draw.tenpai"),
    ("  - riichi: [C]\n    nagashi: {player: A, tenpai: [A]}\n", "hands[1].nagashi.tenpai"),
])
def test_a_riichi_player_noten_at_the_exhaustive_draw_is_refused(hand, at):
    """A riichi needs tenpai and keeps it (rules.md, "A riichi player is tenpai at the
    draw"); `draw: {tenpai: [...]}` without a riichi player was settled as if noten."""
    with pytest.raises(record.RecordError) as error:
        settle_text("players: [A, B, C]\nhands:\n" + hand)
    assert f"match.yaml:4, at {at}: hand 1:" in str(error.value)
    assert "declared riichi this hand but" in str(error.value) and "chombo" in str(error.value)


# ---------------------------------------------------------------- input nested too deep to read

DEEP = "[" * 3000 + "]" * 3000  # JSON and YAML alike (a flow list)
TOO_DEEP = "nested too deep to read: lists or mappings inside each other more than 100 levels deep"


def _one_error_line(result, where: str) -> None:
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and "RecursionError" not in result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1 and errors[0].startswith(f"Error: {where}") and TOO_DEEP in errors[0], result.stderr


@pytest.mark.parametrize("name, text, command, where", [
    ("log.json", DEEP, ["replay"], "{}:1, column 100: "),  # the bracket that opens level 100
    ("log6.json", '{"log": [' + DEEP + '], "rule": {"disp": "三般南喰赤"}}', ["replay"], "{}:1, column 107: "),
    ("game.mjson", '{"type": "start_game"}\n{"type": "none", "x": ' + DEEP + '}\n', ["replay"], "{}:2, column "),
    ("m.yaml", "players: [A, B, C]\nhands: " + DEEP + "\n", ["settle"], "{}:2, column "),
    ("s.yaml", "rules: sichuan\nplayers: [A, B, C, D]\nhands: " + DEEP + "\n", ["settle"], "{}:3, column "),
    ("p.yaml", "extends: standard\nmatch:\n  uma: " + DEEP + "\n", ["rules", "check"], "{}:3, column "),
    ("p.yaml", "extends: standard\n" + "".join(" " * k + f"k{k}:\n" for k in range(3000)) + " " * 3000 + "x: 1\n",
     ["rules", "check"], "{}:"),
    ("scheme.yaml", "dealer_wins:\n  ron: " + DEEP + "\n", ["rules", "check"], "{}:2, column "),
    ("m.yaml", "players: [A, B, C]\nhands: " + DEEP + "\n", ["keep"], "{}:2, column "),
])
def test_every_reader_refuses_input_nested_too_deep(tmp_path, name, text, command, where):
    """JSON or YAML nested thousands deep is bad input (one line, exit 1), never a RecursionError."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    _one_error_line(run(*command, str(path)), where.format(path))


def test_a_batch_line_nested_too_deep_is_that_lines_error():
    lines = '{"hand": "123p456p789p11s 123s"}\n' + DEEP + '\n{"hand": "123p456p789p11s 123s"}\n'
    result = run("hand", "--batch", "-", input=lines)
    assert result.exit_code == 1 and "Traceback" not in result.output
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == 3 and out[0]["han"] == out[2]["han"] == 2  # the lines around it still run
    assert out[1] == {"line": 2, "error": f"{TOO_DEEP} (a log or a record nests a few) (column 100)"}


def test_the_api_refuses_input_nested_too_deep(tmp_path):
    import calc

    deep: list = []
    for _ in range(3000):
        deep = [deep]
    with pytest.raises(calc.SanmaError, match=TOO_DEEP):
        calc.settle({"players": ["A", "B", "C"], "hands": deep})
    path = tmp_path / "log.json"
    path.write_text(DEEP, encoding="utf-8")
    with pytest.raises(calc.SanmaError, match=TOO_DEEP):
        calc.replay(path)
