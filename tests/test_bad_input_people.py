"""What people typed, kept and edited that the program took wrongly: a newcomer's pass and a pass
combining table events nobody wrote down together. Each case was settled, refused or printed
wrongly before (the small logs are in tests/data/typed/)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import calc
from calc.cli.app import app
from calc.table import record

runner = CliRunner()
TYPED = Path(__file__).resolve().parent / "data" / "typed"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
HAND = "123p456p789s99p234s"


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def one_line(result, code: int) -> str:
    """The one `Error:` line of a refusal, nothing on stdout, no traceback."""
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == code, (result.exit_code, result.output)
    assert result.stdout == "" and result.stderr.count("\n") == 1 and result.stderr.startswith("Error: "), \
        result.stderr
    return result.stderr.strip()


def settle_text(text: str) -> record.Settled:
    return record.settle(record.read_text(text, "match.yaml"))


def refused(text: str) -> str:
    with pytest.raises(calc.SanmaError) as error:
        settle_text(text)
    return str(error.value)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------- fu above 110


def test_the_130_fu_the_scorer_prints_is_taken_by_every_value_door(tmp_path):
    """Three closed terminal kans by ron: 4 han 130 fu, which `sanma hand` prints; a record, `pay`,
    `calc.pay` and keep took fu only up to 110."""
    hand = json.loads(run("hand", "234p9s9s (1111m) (9999m) (1111p)", "--win", "9s", "--json").stdout)
    assert (hand["han"], hand["fu"], hand["limit"]) == (4, 130, "mangan")
    settled = settle_text("players: [Ana, Bo, Chen]\nhands:\n  - win: {winner: Bo, from: Ana, han: 4, fu: 130}\n")
    assert settled.rows[0].deltas == (-8000, 8000, 0)
    assert json.loads(run("pay", "--han", "4", "--fu", "130", "--json").stdout)["total"] == 8000
    assert calc.pay(han=4, fu=140).total == 8000  # kanchan and a double wind pair beside three closed kans
    path = tmp_path / "kept.yaml"
    kept = run("keep", str(path), "--players", "Ana", "Bo", "Chen", input="Bo ron Ana 4 130\nquit\n")
    assert "refused" not in kept.stdout and "han: 4, fu: 130" in path.read_text()


def test_the_largest_fu_is_reachable_and_nothing_past_it_is_taken():
    ron = json.loads(run("hand", "3p5p1z1z4p (1111m) (9999m) (9999p)", "--seat", "E", "--json").stdout)
    assert (ron["han"], ron["fu"]) == (4, 140)  # 20 + 10 closed ron + 96 + 4 double East pair + 2 kanchan
    tsumo = json.loads(run("hand", "3p5p1z1z4p (1111m) (9999m) (9999p)", "--seat", "E", "--tsumo", "--json").stdout)
    assert tsumo["fu"] == 130
    for args, message in ((["--han", "4", "--fu", "150"], "--fu: fu must be 20, 25 or a multiple of 10 from 30 to 140"),
                          (["--han", "4", "--fu", "140", "--tsumo"], "--fu: 140 fu by tsumo"),
                          (["--han", "3", "--fu", "120"], "--han: 120 fu with 3 han: past 110 fu a hand has three kans")):
        assert message in one_line(run("pay", *args), 1)
    assert "at hands[1].win.han: hand 1: 130 fu with 2 han" in refused(
        "players: [A, B, C]\nhands:\n  - win: {winner: B, from: A, han: 2, fu: 130}\n")


# ---------------------------------------------------------------- uma that rises with the place


@pytest.mark.parametrize("uma", ["[-15, 0, 15]", "[0, 15, -15]", "[-10, 0, 10]"])
def test_an_uma_that_rises_with_the_place_is_refused_in_a_record(uma):
    message = refused(f"players: [Ana, Bo, Chen]\numa: {uma}\nhands:\n  - win: {{winner: Bo, from: Ana, "
                      f"limit: mangan}}\n")
    assert message.startswith("match.yaml:2, at uma: uma goes down with the place (first ≥ second ≥ third)")


def test_an_uma_that_rises_with_the_place_is_refused_in_a_profile(tmp_path):
    path = write(tmp_path, "profile.yaml", "extends: standard\nmatch:\n  uma: [0, 15, -15]\n")
    assert f"{path}:3, at match.uma: uma goes down with the place" in one_line(run("rules", "check", str(path)), 1)
    path.write_text("extends: standard\nmatch:\n  uma: [10, 5, -15]\n")  # falls, if not evenly
    assert run("rules", "check", str(path)).exit_code == 0


# ---------------------------------------------------------------- exit codes: every bad option value exits 2


@pytest.mark.parametrize("args, message", [
    (["simulate", "--matches", "2", "--length", "bogus"], "--length 'bogus': give one of hanchan, east"),
    (["simulate", "--matches", "2", "--bots", "bogus"], "--bots 'bogus': give one of calibrated, greedy"),
    (["simulate", "--matches", "2", "--save", "out", "--format", "bogus"], "--format 'bogus': give one of mjlog, mjai, tenhou6"),
    (["hand", HAND, "--seat", "N"], "--seat 'N': give one of E, S, W"),
    (["hand", HAND, "--round", "N"], "--round 'N': give one of E, S, W"),
    (["pay", "--limit", "big"], "--limit 'big': give one of mangan, haneman, baiman, sanbaiman, yakuman"),
    (["simulate", "--matches", "0"], "--matches 0: give 1 to 100,000 matches"),
    (["hand", HAND, "--json", "--explain"], "--json and --explain do not go together"),
    (["compare", "--logs", "--matches", "2", "."], "--matches is for simulated matches"),
    (["keep", "new.yaml"], "a new record needs the players: --players EAST SOUTH WEST"),
    (["nosuch"], "No such command 'nosuch'"),
])
def test_a_bad_command_line_value_is_one_line_exit_2(tmp_path, args, message):
    args = [str(tmp_path / a) if a in ("out", "new.yaml") else a for a in args]
    assert message in one_line(run(*args), 2)


@pytest.mark.parametrize("args", [["hand", HAND, "--seat", "N"], ["simulate", "--matches", "2", "--length", "x"]])
def test_the_plain_command_lines_exit_2_as_the_app_does(args):
    """`sanma hand` and `sanma simulate` are answered before the typer app is built: the same line."""
    from people import run_main

    code, out, err = run_main(args)
    result = run(*args)
    assert (code, out, err) == (2, "", result.stderr) and err.count("\n") == 1


# ---------------------------------------------------------------- pay --yakuman


def test_pay_help_says_what_the_yakuman_multiple_needs():
    out = " ".join(run("pay", "--help").stdout.split())
    assert "2+ needs double yakuman" not in out
    assert "--yakuman <int> A yakuman multiple, alone or with --limit yakuman" in out


def test_limit_yakuman_with_a_multiple_is_the_multiple():
    alone = json.loads(run("pay", "--yakuman", "3", "--json").stdout)
    assert json.loads(run("pay", "--limit", "yakuman", "--yakuman", "3", "--json").stdout) == alone
    assert alone["total"] == 96000
    by_record = settle_text("players: [A, B, C]\nhands:\n  - win: {winner: B, from: A, limit: yakuman, yakuman: 3}\n")
    assert by_record.rows[0].deltas == (-96000, 96000, 0)
    assert "--yakuman (the multiple) goes with --limit yakuman" in one_line(
        run("pay", "--limit", "mangan", "--yakuman", "2"), 1)


# ---------------------------------------------------------------- a scheme given as a profile, and back


def test_a_scheme_given_to_rules_is_one_line(tmp_path):
    path = write(tmp_path, "my-scheme.yaml", "title: dealer covers north\nrounding:\n  C: {step: 100, mode: up}\n"
                 "dealer_wins:\n  ron: {b: 6, round: C}\n  non_dealer: {b: 3, round: C}\nnon_dealer_wins:\n"
                 "  ron: {b: 4, round: C}\n  non_dealer: {b: 1, round: C}\n  dealer: {b: 3, round: C}\n")
    assert run("pay", "--han", "3", "--fu", "40", "--tsumo", "--scheme", str(path)).exit_code == 0
    line = one_line(run("pay", "--han", "3", "--fu", "40", "--tsumo", "--rules", str(path)), 1)
    assert line == (f"Error: {path} is a tsumo scheme (it has dealer_wins, non_dealer_wins or rounding), not a rule "
                    f"profile: give it to --scheme (a record's scheme:, a profile's payment.scheme:), and a profile "
                    f"to --rules")


def test_a_profile_given_to_scheme_is_one_line(tmp_path):
    path = write(tmp_path, "club.yaml", "extends: standard\nmatch:\n  uma: [20, 0, -20]\npayment:\n  honba_ron: 300\n")
    line = one_line(run("pay", "--han", "3", "--fu", "40", "--scheme", str(path)), 1)
    assert line == (f"Error: {path}: not a tsumo scheme: no dealer_wins, non_dealer_wins or rounding, and keys no "
                    f"scheme has (match, payment); a rule profile goes to --rules (a record's rules:), a scheme to "
                    f"--scheme (docs/schemes.md)")


# ---------------------------------------------------------------- small things


def test_a_red_five_of_manzu_is_named_as_typed():
    assert "0m (a red 5m) does not exist in sanma" in one_line(run("hand", HAND, "--dora", "0m"), 1)


def test_a_riichi_stick_of_nothing_is_refused_not_a_crash(tmp_path):
    """`riichi_stick: 0` loaded, then every record under it ended in a ZeroDivisionError."""
    path = write(tmp_path, "club.yaml", "extends: standard\npayment:\n  riichi_stick: 0\n")
    assert one_line(run("rules", "check", str(path)), 1) == \
        f"Error: {path}:3, at payment.riichi_stick: must be at least 100, got 0"


def test_a_noten_pool_paid_in_fifties_is_refused(tmp_path):
    path = write(tmp_path, "club.yaml", "extends: standard\npayment:\n  noten_pool: 100\n  honba_tsumo: 50\n")
    lines = run("rules", "check", str(path)).stderr.strip().splitlines()
    assert lines == [f"Error: {path}:3, at payment.noten_pool: must split into 2 shares of whole hundreds (a multiple "
                     f"of 200), got 100",
                     f"{path}:4, at payment.honba_tsumo: must be a multiple of 100, got 50"]


# ---------------------------------------------------------------- replay


def test_replay_json_of_a_win_the_evaluator_cannot_score():
    """An incomplete hand won by tsumo with the log's han and fu: the text said so, --json crashed."""
    for extra in ([], ["--all-schemes"], ["--scheme", "maru-dori"]):
        result = run("replay", str(TYPED / "unscorable-hora-with-han.jsonl"), "--json", *extra)
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        game = json.loads(result.stdout.splitlines()[0])
        assert game["hands"][0]["wins"][0]["yaku"] is None and result.exit_code == 1
        assert game["mismatches"][0]["what"] == "hand"


def test_a_replay_error_names_the_file_the_hand_and_why():
    path = TYPED / "unscorable-hora.jsonl"
    result = run("replay", str(path), str(TYPED / "excerpt-m1.jsonl"))
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert errors == [f"Error: {path}: E1-0: seat 0's win [199m123456p789s66z]: a win our evaluator cannot score "
                      f"(the hand 199m123456p789s6z 6z is not complete (no four sets and a pair, seven pairs or "
                      f"thirteen orphans)), and the log gives no han to settle it with"]
    mismatch = run("replay", str(TYPED / "extra-ura-marker.jsonl")).stdout
    assert "2 ura indicator(s) but 1 dora indicator(s): each ura indicator lies under a dora indicator," in mismatch
    assert "--dora" not in mismatch


def test_the_replay_summary_counts_final_results_alike_in_every_output(tmp_path):
    # the excerpt is of the same game (the same play): counted once, at the file that comes first
    for logs, expected in (([str(TYPED / "whole-game-m1.json"), str(TYPED / "excerpt-m1.jsonl")], "0/1"),
                           ([str(TYPED / "excerpt-m1.jsonl")], "0/0")):
        counts = []
        for extra in ([], ["--json"], ["--csv"], ["--html", str(tmp_path / "r.html")]):
            result = run("replay", *logs, *extra)
            said = " ".join((result.stdout + result.stderr).split())
            counts.append(re.search(r"(\d+/\d+) final results reproduced", said).group(1))
            assert ("counted once: 1 game" in said) == (len(logs) == 2)
        assert counts == [expected] * 4  # the excerpt states no final result to check; the whole game's is checked


def test_a_double_ron_with_two_sets_of_ura_indicators_is_refused():
    path = TYPED / "double-ron-two-ura-sets.jsonl"
    line = run("replay", str(path), "--json").stderr
    assert (f"Error: {path}:21: impossible play in E1-0: a double ron whose two hora give different ura_markers "
            f"(5p and 1p); the table has one set") in line


def test_an_excerpt_whose_start_no_match_reaches_is_refused(tmp_path):
    path = TYPED / "excerpt-odd-start-scores.jsonl"
    assert (f"Error: {path}:2: start_kyoku: A's start score must be whole hundreds of points, got 35001"
            in run("replay", str(path)).stderr)
    lines = path.read_text().splitlines()
    for scores, message in (([35000, 35000, 35100], "start scores add up to 105100"),
                            ([-1000, 71000, 35000], "A starts below 0 (-1000)")):
        edited = write(tmp_path, "edited.jsonl", "\n".join([lines[0], lines[1].replace(
            "[35001, 35000, 35000]", json.dumps(scores)), *lines[2:]]) + "\n")
        assert message in run("replay", str(edited)).stderr


def test_an_exhaustive_draw_before_the_last_tile_is_discarded_is_refused(tmp_path):
    """The first hand of the example game ends in a draw; its last discard taken out, the hand would
    end with a player holding the last tile drawn."""
    data = json.loads((EXAMPLES / "logs" / "2026011603gm-00b9-0000-36cf9559.json").read_text())
    data["log"][0][12].pop()  # seat 2's discards: the last one
    path = write(tmp_path, "edited.json", json.dumps(data))
    assert "an exhaustive draw before seat 2 discarded after its draw" in run("replay", str(path)).stderr


# ---------------------------------------------------------------- records


def test_yakuman_chips_count_the_yakuman_paid(tmp_path):
    """Daisangen + tsuuiisou with stacked_yakuman: false is paid as one yakuman, and earns one's chips."""
    write(tmp_path, "nostack.yaml", "extends: parlour\nhand: {stacked_yakuman: false}\n")
    path = write(tmp_path, "m.yaml", "rules: nostack.yaml\nplayers: [A, B, C]\nhands:\n"
                                     "  - win: {winner: B, tsumo: true, hand: \"111z2z2z [555z] [666z] [777z]\"}\n")
    standings = {s["player"]: s["chips"] for s in json.loads(run("settle", str(path), "--json").stdout)["standings"]}
    assert standings == {"A": -5, "B": 10, "C": -5}
    write(tmp_path, "double.yaml", "extends: parlour\nhand: {stacked_yakuman: false, double_yakuman: true}\n")
    path.write_text("rules: double.yaml\nplayers: [A, B, C]\nhands:\n"
                    "  - win: {winner: B, tsumo: true, hand: \"111z222z333z444z7z7z\"}\n")
    standings = {s["player"]: s["chips"] for s in json.loads(run("settle", str(path), "--json").stdout)["standings"]}
    assert standings == {"A": -10, "B": 20, "C": -10}  # daisuushii ×2 paid, tsuuiisou not


def test_unstacked_yakuman_are_listed_as_paid(tmp_path):
    write(tmp_path, "nostack.yaml", "extends: parlour\nhand: {stacked_yakuman: false}\n")
    args = ["hand", "111z2z2z [555z] [666z] [777z]", "--tsumo", "--rules", str(tmp_path / "nostack.yaml")]
    hand = json.loads(run(*args, "--json").stdout)
    assert hand["han"] == 13 and hand["yaku"] == [{"name": "daisangen", "han": 13}]
    assert "tsuuiisou" not in run(*args).stdout
    path = write(tmp_path, "m.yaml", "rules: nostack.yaml\nplayers: [A, B, C]\nhands:\n"
                                     "  - win: {winner: B, tsumo: true, hand: \"111z2z2z [555z] [666z] [777z]\"}\n")
    assert ": daisangen: yakuman ×1 = yakuman ×1" in run("settle", str(path), "--explain", "--wide").stdout


PAO_FULL = "players: [A, B, C]\nhands:\n  - win: {winner: B, tsumo: true, hand: \"111z2z2z [555z] [666z] [777z]\", liable: C}\n"
PAO_VALUE = "players: [A, B, C]\nhands:\n  - win: {winner: B, tsumo: true, limit: yakuman, yakuman: 2, liable: C}\n"


def test_pao_on_two_yakuman_pays_alike_by_full_hand_and_by_value():
    for profile in ("standard", "tenhou"):  # pao_covers: hand: the liable player pays the whole hand
        full, value = (settle_text(f"rules: {profile}\n" + text).rows[0].deltas for text in (PAO_FULL, PAO_VALUE))
        assert full == value == (0, 64000, -64000)
    # pao_covers: yakuman: a value must say the liable player's part, and then pays as the full hand
    message = refused("rules: mahjongsoul\n" + PAO_VALUE)
    assert "at hands[1].win.liable: hand 1: under profile 'mahjongsoul' C answers for the pao yakuman only" in message
    assert "liable_yakuman: N" in message
    full = settle_text("rules: mahjongsoul\n" + PAO_FULL).rows[0].deltas
    assert settle_text("rules: mahjongsoul\n" + PAO_VALUE.replace("liable: C", "liable: C, liable_yakuman: 1")
                       ).rows[0].deltas == full == (-16000, 56000, -40000)


def test_a_riichi_winner_has_no_liable_player():
    message = refused("players: [A, B, C]\nhands:\n  - riichi: [B]\n    win: {winner: B, from: A, limit: yakuman, "
                      "liable: C}\n")
    assert "match.yaml:4, at hands[1].win.liable: hand 1: B declared riichi this hand, so the hand is closed" in message


@pytest.mark.parametrize("last", ["--houtei", "--haitei"])
def test_double_riichi_with_ippatsu_on_the_last_tile_is_refused(last):
    args = ["hand", HAND, "--double-riichi", "--ippatsu", "--sticks", "1", last] + (["--tsumo"] if last == "--haitei" else [])
    assert f"--double-riichi with --ippatsu and {last}: ippatsu lasts one go-around" in one_line(run(*args), 1)
    with pytest.raises(calc.SanmaError, match=f"double_riichi with ippatsu and {last[2:]}"):
        calc.score(HAND, double_riichi=True, ippatsu=True, tsumo=last == "--haitei", **{last[2:]: True})
    win = "{winner: B, " + ("tsumo: true" if last == "--haitei" else "from: A") + \
          f", hand: {HAND}, double_riichi: true, ippatsu: true, {last[2:]}: true}}"
    assert "ippatsu lasts one go-around" in refused(f"players: [A, B, C]\nhands:\n  - riichi: [B]\n    win: {win}\n")


@pytest.mark.parametrize("rules, honba, message", [
    ("standard", 0, "(match.extension_renchan is false: no dealer plays on past them)"),
    ("tenhou", 0, "only a repeating dealer plays on past them, and a repeat adds a honba (honba 0 here)"),
])
def test_a_west_round_start_past_the_return_points_is_refused(rules, honba, message):
    text = (f"rules: {rules}\nplayers: [A, B, C]\nstart: {{round: W2, honba: {honba}, scores: {{A: 50000, B: 30000, "
            f"C: 25000}}}}\nhands:\n  - win: {{winner: C, from: B, han: 1, fu: 30}}\n")
    error = refused(text)
    assert error.startswith("match.yaml:3, at start.scores: W2 is a hand of the extension round") and message in error


def test_a_west_round_start_past_the_return_points_after_a_dealer_repeat_on_tenhou():
    settled = settle_text("rules: tenhou\nplayers: [A, B, C]\nstart: {round: W2, honba: 1, scores: {A: 50000, "
                          "B: 30000, C: 25000}}\nhands:\n  - win: {winner: C, from: B, han: 1, fu: 30}\n")
    assert settled.state.ended  # the deal passes while A is past the return points


def test_a_chombo_in_the_extension_round_ends_it_by_sudden_death():
    text = ("rules: standard\nplayers: [A, B, C]\nstart: {round: W1, scores: {A: 32000, B: 37000, C: 36000}}\nhands:\n"
            "  - chombo: {player: A}\n")
    settled = settle_text(text)
    assert settled.state.ended and settled.state.end_reason == "sudden death"
    assert settled.rows[0].scores == (24000, 41000, 40000)
    assert "the match already ended after hand 1" in refused(text + "  - win: {winner: C, from: A, han: 1, fu: 30}\n")


# ---------------------------------------------------------------- an option given twice


def test_indicators_given_twice_are_added_together():
    twice = json.loads(run("hand", HAND, "--dora", "3p", "--dora", "1m", "--json").stdout)
    assert twice == json.loads(run("hand", HAND, "--dora", "3p1m", "--json").stdout)
    assert twice["han"] == 2


@pytest.mark.parametrize("args, message", [
    (["hand", HAND, "--seat", "E", "--seat", "W"], "--seat given twice (E, then W): give it once, the value meant"),
    (["hand", HAND, "--tsumo", "--nuki", "1", "--nuki", "2"], "--nuki given twice (1, then 2)"),
    (["pay", "--han", "3", "--fu", "30", "--fu", "40"], "--fu given twice (30, then 40)"),
])
def test_any_other_option_given_twice_is_a_usage_error(args, message):
    assert message in one_line(run(*args), 2)


def test_a_record_value_is_checked_as_pay_checks_it():
    """One check for a stated value: a record's words are pay's, with keys for flags."""
    assert "hand 1: give han/fu or limit, not both" in refused(
        "players: [A, B, C]\nhands:\n  - win: {winner: B, from: A, han: 3, fu: 30, limit: mangan}\n")
    with pytest.raises(calc.SanmaError, match="give han/fu or limit, not both"):
        calc.pay(han=3, fu=30, limit="mangan")
    assert "give --han/--fu or --limit, not both" in one_line(run("pay", "--han", "3", "--fu", "30", "--limit",
                                                                  "mangan"), 1)
