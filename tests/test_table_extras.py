"""What a table keeps beside the points: a resumed start, chombo and chips. Worked matches with every
total computed by hand in the comments, the profile keys, and the records that cannot be kept."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from calc.cli.app import app
from calc.core import rules as R
from calc.core.rules import SCHEMES
from calc.table import chips, match, record

runner = CliRunner()


def settle(text: str, file: str = "m.yaml", **kwargs) -> record.Settled:
    return record.settle(record.read_text(text, file), **kwargs)


PARLOUR_MATCH = """\
rules: parlour
players: [Ana, Bo, Chen]
start: {round: S2, honba: 1, sticks: 1, scores: {Ana: 41000, Bo: 30000, Chen: 33000}}
hands:
  - riichi: [Bo]
    win: {winner: Bo, from: Ana, hand: "234p678s999m111z5z5z", dora: 3p, ura: 1z, ippatsu: true}
  - chombo: {player: Chen}
  - win: {winner: Chen, tsumo: true, limit: yakuman, chips: 5}
"""


def test_the_parlour_profile():
    parlour, standard, tenhou = R.load("parlour"), R.load("standard"), R.load("tenhou")
    assert not standard.chips.on and not tenhou.chips.on  # chips are off in standard and tenhou
    c = parlour.chips
    assert (c.aka, c.ura, c.ippatsu, c.yakuman, c.ron, c.bust, c.value, c.unit) == (1, 1, 1, 5, 2, 1, 5, "final-points")
    assert parlour.payment.scheme == "add-1000"
    assert (parlour.chombo.cost, parlour.chombo.replay, parlour.chombo.keep_honba) == ("mangan", True, True)
    assert parlour.with_scheme("maru-dori").chips == c  # a scheme change keeps the chips


def test_a_parlour_match_resumed_with_chips_and_a_chombo_worked_by_hand():
    settled = settle(PARLOUR_MATCH)
    # start S2 (Bo deals), honba 1, one stick: 41000 + 30000 + 33000 + 1000 = 105000 = 3 x 35000
    # 1: Bo, dealer, riichi ippatsu, East triplet (seat), dora 4p: 4 han; fu 20 + 10 closed ron + 8 (999m)
    #    + 8 (111z) + 2 (white pair) + 2 (pair wait) = 50: mangan, 12000 + 1000 honba from Ana; Bo takes
    #    both sticks: -1000 + 13000 + 2000. Chips: ippatsu 1 (ura 1z indicates 2z: none), ron x 2.
    # 2: Chen's chombo: a non-dealer mangan tsumo in reverse under add-1000: 5000 to the dealer Bo,
    #    3000 to Ana; replayed with the honba kept (2, after Bo's repeat).
    # 3: Chen yakuman tsumo: 16000 + 1000 (add-1000) + 2 x 500 honba from Bo, 8000 + 1000 + 1000 from Ana;
    #    5 chips from each.
    assert [(r.label, r.honba, r.sticks_before, r.deltas) for r in settled.rows] == [
        ("S2", 1, 1, (-13000, 14000, 0)),
        ("S2", 2, 0, (3000, 5000, -8000)),
        ("S2", 2, 0, (-10000, -18000, 28000)),
    ]
    assert chips.ledger(settled) == ((-2, 2, 0), (0, 0, 0), (-5, -5, 10))
    assert settled.state.scores == (21000, 31000, 53000) and not settled.state.ended
    finals = chips.finals(settled)
    # Chen 53000: +13 + 15 uma + 15 oka = 43, chips +10 x 5 = +50 -> 93; Bo -9 + 0, -3 chips -> -24;
    # Ana -19 - 15, -7 chips -> -69. The totals add up to zero as the chips do.
    assert [(settled.players[s.seat], s.points, finals[s.seat].chips, finals[s.seat].total)
            for s in settled.standings] == [("Chen", 43.0, 10, 93.0), ("Bo", -9.0, -3, -24.0), ("Ana", -34.0, -7, -69.0)]


def test_a_final_points_chombo_that_passes_the_deal_and_a_bust_prize(tmp_path):
    (tmp_path / "club.yaml").write_text(
        "extends: parlour\n"
        "chips: {value: 500, unit: points}\n"
        "chombo: {cost: final-points, final_points: 20, replay: false, keep_honba: false}\n")
    text = ("rules: club.yaml\nplayers: [Ana, Bo, Chen]\n"
            "start: {scores: {Ana: 50000, Bo: 5000, Chen: 50000}}\n"
            "hands:\n"
            "  - chombo: {player: Bo}\n"
            "  - win: {winner: Chen, from: Bo, limit: mangan, chips: 1}\n")
    (tmp_path / "m.yaml").write_text(text)
    settled = record.settle(record.read(tmp_path / "m.yaml"))
    # 1: E1, Ana deals; Bo's chombo moves no points; the deal passes to Bo with one honba more.
    # 2: E2 honba 1: Chen's mangan ron from Bo, 8000 + 1000: Bo -4000, bust. Chips: 1 x ron 2 from Bo,
    #    and the bust prize, 1 from Bo to Chen, the only player paid by Bo in that hand.
    assert [(r.label, r.honba, r.deltas) for r in settled.rows] == [("E1", 0, (0, 0, 0)), ("E2", 1, (0, -9000, 9000))]
    assert settled.state.end_reason == match.BUST
    assert chips.ledger(settled) == ((0, 0, 0), (0, -3, 3))
    finals = chips.finals(settled)
    # Chen 59000: +19 + 15 + 15 = 49, 3 chips x 500 points = +1.5 -> 50.5; Ana +10 -> 10.0;
    # Bo -4000: -44 - 15 = -59, chips -1.5, chombo -20 -> -80.5
    assert [(settled.players[s.seat], s.points, finals[s.seat].penalty, finals[s.seat].total)
            for s in settled.standings] == [("Chen", 49.0, 0, 50.5), ("Ana", 10.0, 0, 10.0), ("Bo", -59.0, -20, -80.5)]
    out = runner.invoke(app, ["settle", str(tmp_path / "m.yaml"), "--wide"]).output
    assert "chombo Bo" in out and "-80.5" in out and "Bo -3, Chen +3" in out


def test_a_mangan_chombo_by_the_dealer_is_replayed_under_standard():
    settled = settle("players: [Ana, Bo, Chen]\nhands:\n"
                     "  - draw: {tenpai: [Bo]}\n"
                     "  - riichi: [Ana]\n    win: {winner: Ana, from: Chen, han: 1, fu: 30}\n"
                     "  - chombo: {player: Chen}\n"
                     "  - win: {winner: Ana, from: Chen, han: 1, fu: 30}\n")
    # 1: E1 draw, Bo alone tenpai: 1000 from each. 2: E2 honba 1, Ana's riichi and 1000 + 1000 honba:
    # a non-dealer win, E3 honba 0. 3: dealer Chen's chombo: a dealer mangan tsumo in reverse (tsumo-loss),
    # 4000 to each; replayed: E3 honba 0 again. 4: 1000.
    assert [(r.label, r.honba, r.deltas) for r in settled.rows] == [
        ("E1", 0, (-1000, 2000, -1000)), ("E2", 1, (2000, 0, -2000)), ("E3", 0, (4000, 4000, -8000)),
        ("E3", 0, (1000, 0, -1000))]
    assert settled.state.scores == (41000, 41000, 23000)
    assert not chips.shown(settled)  # no chips in standard, and a mangan chombo is paid in points


def test_all_schemes_show_the_same_chips_from_a_file(tmp_path):
    (tmp_path / "m.yaml").write_text(PARLOUR_MATCH)
    result = runner.invoke(app, ["settle", str(tmp_path / "m.yaml"), "--all-schemes", "--json"])
    assert result.exit_code == 0, result.output
    schemes = json.loads(result.output)["schemes"]
    assert set(schemes) == set(SCHEMES)
    for name, data in schemes.items():
        assert {s["player"]: s["chips"] for s in data["standings"]} == {"Ana": -7, "Bo": -3, "Chen": 10}, name
        for s in data["standings"]:
            assert s["total"] == pytest.approx(s["points"] + 5 * s["chips"])
    text = runner.invoke(app, ["settle", str(tmp_path / "m.yaml"), "--all-schemes", "--wide"]).output
    rows = [line for line in text.splitlines() if line.split() and line.split()[0] in SCHEMES]
    assert len(rows) == len(SCHEMES) and all("-7 chips" in r and "-3 chips" in r and "+10 chips" in r for r in rows)


@pytest.mark.parametrize("start, message", [
    ("{scores: {Ana: 41000, Bo: 30000, Chen: 33000}}", "add up to 104000"),
    ("{sticks: 2, scores: {Ana: 41000, Bo: 30000, Chen: 33000}}", "not the 105000"),
    ("{round: N1, scores: {Ana: 35000, Bo: 35000, Chen: 35000}}", "start round must be one of E1"),
    ("{round: E4, scores: {Ana: 35000, Bo: 35000, Chen: 35000}}", "start round"),
    ("{scores: {Ana: 70000, Bo: 35000}}", "leave out Chen"),
    ("{scores: {Ana: 75000, Bo: 35000, Chen: -5000}}", "starts below 0"),
    ("{scores: {Ana: 35050, Bo: 34950, Chen: 35000}}", "whole hundreds"),
    ("{honba: -1, scores: {Ana: 35000, Bo: 35000, Chen: 35000}}", "honba must be a whole number"),
    ("{score: {}}", "unknown key 'score'"),
])
def test_a_start_that_does_not_add_up_is_refused(start, message):
    with pytest.raises(record.RecordError, match=message):
        settle(f"players: [Ana, Bo, Chen]\nstart: {start}\nhands: []\n")


def test_an_east_game_cannot_start_in_the_west():
    with pytest.raises(record.RecordError, match="E1, E2, E3, S1, S2, S3 \\(east\\)"):
        settle("players: [Ana, Bo, Chen]\nlength: east\nstart: {round: W1, scores: {Ana: 35000, Bo: 35000, "
               "Chen: 35000}}\nhands: []\n")


@pytest.mark.parametrize("hands, message", [
    ("  - riichi: [Ana]\n    chombo: {player: Bo}\n", "riichi sticks go back"),
    ("  - chombo: {player: Zed}\n", "unknown player 'Zed'"),
    ("  - chombo: {}\n", "chombo needs `player: NAME`"),
    ("  - win: {winner: Ana, tsumo: true, han: 3, fu: 40, chips: 2}\n", "has no chips"),
])
def test_records_that_cannot_be_kept(hands, message):
    with pytest.raises(record.RecordError, match=message):
        settle(f"players: [Ana, Bo, Chen]\nhands:\n{hands}")


def test_a_full_hand_counts_its_own_chips():
    with pytest.raises(record.RecordError, match="counts its own chips"):
        settle("rules: parlour\nplayers: [Ana, Bo, Chen]\nhands:\n"
               "  - win: {winner: Ana, tsumo: true, hand: \"123p456p789s99p234s\", chips: 1}\n")
    # red fives and ura count themselves: Ana (dealer) tsumo with riichi, a red five (0p) and an ura (2p)
    settled = settle("rules: parlour\nplayers: [Ana, Bo, Chen]\nhands:\n"
                     "  - riichi: [Ana]\n"
                     "    win: {winner: Ana, tsumo: true, hand: \"123p406p789s99p234s\", dora: 1z, ura: 1p}\n")
    win = settled.rows[0].kyoku.wins[0]
    assert (win.evaluation.aka, win.evaluation.ura) == (1, 1)
    assert chips.ledger(settled) == ((4, -2, -2),)  # 2 chips from each other player on a tsumo


def test_a_named_yakuman_earns_its_chips_even_where_counted_han_pay_the_same():
    # 111p222p333p444p55p tsumo is suuankou, and also 18 counted han (chinitsu, riichi, tsumo, ... dora):
    # both pay a yakuman, and the table pays the yakuman chips, 5 from each player on a tsumo
    settled = settle("rules: parlour\nplayers: [Ana, Bo, Chen]\nhands:\n"
                     "  - riichi: [Bo]\n"
                     "    win: {winner: Bo, tsumo: true, hand: \"111p222p333p444p55p\", dora: 9p}\n")
    assert settled.rows[0].kyoku.wins[0].evaluation.yakuman == (("suuankou", 1),)
    assert chips.ledger(settled) == ((-5, 10, -5),)


def test_chip_and_chombo_keys_are_checked_like_every_profile_key(tmp_path):
    (tmp_path / "bad.yaml").write_text("extends: parlour\nchips: {unit: yen, aka: -1, rone: 2}\nchombo: {cost: money}\n")
    result = runner.invoke(app, ["rules", "check", str(tmp_path / "bad.yaml")])
    assert result.exit_code == 1
    for problem in ("at chips.rone: unknown key (did you mean chips.ron?)", "at chips.unit: 'yen' is not one of",
                    "at chips.aka: must be at least 0", "at chombo.cost: 'money' is not one of mangan, final-points"):
        assert problem in result.output
