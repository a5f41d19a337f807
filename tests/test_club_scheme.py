"""A club's own scheme, given as a file, through every door: one reader of a scheme or profile
(calc.core.schemes.resolve, calc.core.rules.load) serves `settle`, `pay`, `hand`, `table`, `rules
check`, `replay --scheme FILE`, `compare --logs` with `--schemes FILE` or a `--rules` profile whose
`payment.scheme:` names the file, `compare --matches`, `keep`, `serve` and the calc.* functions. On
the real games (examples/logs and tests/data), the scheme's payments are worked out here by hand
from each tsumo's basic points and checked against what the commands settle.

The club's scheme: on a non-dealer's tsumo the absent North's share (b) is split, half to each payer,
each payment rounded up to 100; a dealer's tsumo and every ron as tsumo-loss (Tenhou's)."""

from __future__ import annotations

import io
import json
import math
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import calc
from calc.cli.app import app
from calc.cli.keep import Shell
from calc.core import rules as R
from calc.core import schemes as S
from calc.logs import read_log
from calc.logs.replay import replay, resettle
from calc.table import record
from calc.table.keeper import Keeper

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "examples" / "logs" / "2026011603gm-00b9-0000-36cf9559.xml"
runner = CliRunner()
TITLE = "half north each"
HALF_NORTH = f"""\
# the club's rule: a non-dealer's tsumo, the dealer and the other non-dealer each pay half of the
# absent North's share on top, each payment rounded up to 100
extends: tsumo-loss
title: {TITLE}
non_dealer_wins:
  north: {{b: 1}}
  non_dealer: {{sum: [{{b: 1}}, {{north: 1/2}}], round: C}}
  dealer: {{sum: [{{b: 2}}, {{north: 1/2}}], round: C}}
"""


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """A club's folder: its scheme file and a profile naming the file, beside it."""
    (tmp_path / "half-north.yaml").write_text(HALF_NORTH, encoding="utf-8")
    (tmp_path / "club.yaml").write_text("extends: tenhou\npayment:\n  scheme: half-north.yaml\n", encoding="utf-8")
    return tmp_path


def up(points: float) -> int:
    return math.ceil(points / 100) * 100


def tsumo_payments(b: int, *, club: bool) -> tuple[int, int]:
    """(the other non-dealer, the dealer) on a non-dealer's tsumo of basic points b, honba and sticks
    aside: tsumo-loss pays C(b) and C(2b); the club adds half of North's b to each."""
    half = b / 2 if club else 0
    return up(b + half), up(2 * b + half)


def run(*args: str):
    result = runner.invoke(app, [str(a) for a in args])
    return result


def test_the_resolver_knows_a_file_by_its_title_and_a_scheme_by_its_content(club):
    scheme = S.resolve(club / "half-north.yaml")
    assert scheme.name == TITLE and str(club) not in scheme.name
    assert S.resolve(str(club / "half-north.yaml")) == scheme == S.resolve(scheme)
    copy = club / "copy.yaml"
    copy.write_text(HALF_NORTH, encoding="utf-8")
    assert S.distinct([S.resolve("tsumo-loss"), scheme, S.resolve(copy)]) == (S.resolve("tsumo-loss"), scheme)
    other = club / "other.yaml"
    other.write_text(HALF_NORTH.replace("round: C}", "round: C}  # same title, other amounts").replace(
        "dealer: {sum: [{b: 2}", "dealer: {sum: [{b: 3}"), encoding="utf-8")
    with pytest.raises(R.RulesError, match=f"two different schemes are named '{TITLE}'"):
        S.distinct([scheme, S.resolve(other)])
    assert R.load(str(club / "club.yaml")).payment.scheme_def == scheme  # the profile's file, beside it


def test_the_example_games_hands_under_the_club_scheme(club):
    """Hand 3 of the example game: South (seat 1) wins by tsumo, 3 han 30 fu (b = 960), with West
    (seat 2) dealing: tsumo-loss takes 1000 from East and 2000 from West; the club's scheme 1500
    (C(960 + 480)) and 2400 (C(1920 + 480))."""
    replayed = replay(read_log(GAME), str(GAME))
    settled = resettle(replayed, [S.resolve(club / "half-north.yaml")])
    assert list(settled) == ["tsumo-loss", TITLE]
    own, mine = settled["tsumo-loss"].rows[2], settled[TITLE].rows[2]
    (win,) = mine.kyoku.wins
    assert (mine.dealer, win.winner, win.discarder, win.value.basic) == (2, 1, None, 960)
    assert tsumo_payments(960, club=False) == (1000, 2000) and tsumo_payments(960, club=True) == (1500, 2400)
    assert own.deltas == (-1000, 3000, -2000)
    assert mine.deltas == (-1500, 3900, -2400)


def _expected_finals(game_path: Path, scheme: S.Scheme) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """(the scores at the end of the log's last hand, settled under Tenhou's scheme and checked
    against the log by the replay; the same under the club's scheme, worked out from them: each
    non-dealer tsumo's difference added), or None where the club's scores would end the game
    elsewhere than the log's (a bust, agari-yame: the sum of differences no longer applies)."""
    replayed = replay(read_log(game_path), str(game_path))
    settled = resettle(replayed, [scheme])
    if len(settled[scheme.name].rows) != len(replayed.settled.rows) or settled[scheme.name].unplayed:
        return None
    assert replayed.ok, game_path.name
    scores = list(replayed.settled.state.scores)
    for row in replayed.settled.rows:
        for win in row.kyoku.wins:
            if win.discarder is None and win.winner != row.dealer:
                other = next(seat for seat in range(3) if seat not in (win.winner, row.dealer))
                theirs, ours = tsumo_payments(win.value.basic, club=False), tsumo_payments(win.value.basic, club=True)
                scores[other] -= ours[0] - theirs[0]
                scores[row.dealer] -= ours[1] - theirs[1]
                scores[win.winner] += ours[0] + ours[1] - theirs[0] - theirs[1]
    return tuple(replayed.settled.state.scores), tuple(scores)


def test_replay_with_the_club_scheme_file(club):
    result = run("replay", GAME, "--scheme", club / "half-north.yaml", "--json")
    assert result.exit_code == 0, result.output
    game = json.loads(result.stdout.splitlines()[0])
    logged, expected = _expected_finals(GAME, S.resolve(club / "half-north.yaml"))
    assert logged == (28700, 49700, 26600) and expected == (29100, 51300, 24600)
    assert list(game["schemes"]) == ["tsumo-loss", TITLE]
    assert tuple(game["schemes"][TITLE]["final_scores"]) == expected
    text = run("replay", GAME, "--scheme", club / "half-north.yaml").stdout
    assert TITLE in text and str(club) not in text  # known by its title, never its path


def test_replay_of_the_real_games_under_the_club_scheme(data_dir, club):
    """The 201 real games: every game the club's scores play to the log's end settles to the log's
    final scores plus each non-dealer tsumo's difference, worked out here."""
    scheme = S.resolve(club / "half-north.yaml")
    checked = 0
    for path in sorted((data_dir / "mjlog").glob("*.xml"))[:60]:
        finals = _expected_finals(path, scheme)
        if finals is None:
            continue
        replayed = replay(read_log(path), str(path))
        assert tuple(resettle(replayed, [scheme])[TITLE].state.scores) == finals[1], path.name
        checked += 1
    assert checked >= 40


def test_compare_on_real_games_with_the_scheme_file_and_a_profile_naming_it(club):
    """The same game compared three ways: `--schemes FILE`, `--rules` a profile naming the file, and
    the shipped example profile whose scheme is written in it; each seat's final points under the
    club's scheme are what the replay settles."""
    replayed = json.loads(run("replay", GAME, "--scheme", club / "half-north.yaml", "--json").stdout.splitlines()[0])
    points = replayed["schemes"][TITLE]["final_points"]
    assert points == [-10.9, 46.3, -35.4]  # from the final scores above: (score - 40000) / 1000 + uma, oka
    for args in (["--schemes", club / "half-north.yaml"], ["--rules", club / "club.yaml", "--schemes", "tsumo-loss"]):
        result = run("compare", "--logs", GAME, *args, "--json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert list(data["schemes"]) == ["tsumo-loss", TITLE], args
        assert data["schemes"][TITLE]["mean_points"] == pytest.approx(points), args
    shipped = run("compare", "--logs", GAME, "--rules", ROOT / "examples" / "dealer-pays-2-5.yaml", "--json")
    assert shipped.exit_code == 0, shipped.output
    schemes = list(json.loads(shipped.stdout)["schemes"])
    assert schemes[0] == "tsumo-loss" and schemes[-1] == "dealer-2-5" and len(schemes) == len(R.SCHEMES) + 1


def test_compare_on_simulated_matches_names_the_scheme_by_its_title(club):
    result = run("compare", "--matches", "2", "--length", "east", "--workers", "1", "--schemes",
                 f"north-split,{club / 'half-north.yaml'}", "--json")
    assert result.exit_code == 0, result.output
    assert list(json.loads(result.stdout)["schemes"]) == ["tsumo-loss", "north-split", TITLE]


def test_pay_hand_table_and_rules_check_take_the_file_and_the_profile(club):
    """3 han 30 fu by tsumo, a non-dealer's: b = 960."""
    for args in (["--scheme", club / "half-north.yaml"], ["--rules", club / "club.yaml"]):
        paid = json.loads(run("pay", "--han", "3", "--fu", "30", "--tsumo", "--json", *args).stdout)
        assert paid["scheme"] == TITLE
        assert [p["amount"] for p in paid["payments"]] == list(tsumo_payments(960, club=True))
    hand = run("hand", "222p456p789s99p234s", "--tsumo", "--json", "--scheme", club / "half-north.yaml")
    scored = json.loads(hand.stdout)
    b = scored["fu"] * 2 ** (scored["han"] + 2)
    assert [p["amount"] for p in scored["payments"]] == list(tsumo_payments(b, club=True))
    table = run("table", "--rules", club / "club.yaml").stdout
    assert f"scheme {TITLE}" in table and "1500/2400" in table
    check = run("rules", "check", club / "club.yaml")
    assert check.exit_code == 0 and check.stdout.startswith(f"{club / 'club.yaml'}: ok (club, scheme {TITLE})")


RECORD = "rules: {rules}\nplayers: [Ana, Bo, Chen]\nhands:\n  - win: {{winner: Bo, tsumo: true, han: 3, fu: 30}}\n"


def test_settle_a_record_under_the_club_scheme(club):
    """Ana deals; Bo's 3 han 30 fu tsumo: Chen 1500, Ana 2400."""
    path = club / "night.yaml"
    path.write_text(RECORD.format(rules="club.yaml"), encoding="utf-8")  # the profile beside the record
    data = json.loads(run("settle", path, "--json").stdout)
    assert data["scheme"] == TITLE
    start = R.load("tenhou").match.start
    assert [s["score"] for s in sorted(data["standings"], key=lambda s: s["player"])] == [
        start - 2400, start + 3900, start - 1500]
    plain = club / "plain.yaml"
    plain.write_text(RECORD.format(rules="tenhou"), encoding="utf-8")
    other = json.loads(run("settle", plain, "--scheme", club / "half-north.yaml", "--json").stdout)
    assert other["scheme"] == TITLE and other["standings"] == data["standings"]


def test_the_calc_functions_take_the_file_and_the_profile(club):
    assert calc.load_rules(club / "club.yaml").payment.scheme == TITLE
    paid = calc.pay(han=3, fu=30, tsumo=True, scheme=club / "half-north.yaml")
    assert (paid.scheme, [p.amount for p in paid.payments]) == (TITLE, list(tsumo_payments(960, club=True)))
    assert calc.pay(han=3, fu=30, tsumo=True, rules=str(club / "club.yaml")).total == sum(tsumo_payments(960, club=True))
    scored = calc.score("222p456p789s99p234s", tsumo=True, scheme=club / "half-north.yaml")
    assert scored.scheme == TITLE
    b = scored.fu * 2 ** (scored.han + 2)
    assert [p.amount for p in scored.payments] == list(tsumo_payments(b, club=True))
    settled = calc.settle({"rules": str(club / "club.yaml"), "players": ["Ana", "Bo", "Chen"],
                           "hands": [{"win": {"winner": "Bo", "tsumo": True, "han": 3, "fu": 30}}]})
    assert settled.scheme == TITLE


def test_keep_and_serve_under_a_profile_naming_the_scheme_file(club):
    from served import Served

    start = R.load("tenhou").match.start
    kept = club / "kept.yaml"
    shell = Shell(Keeper(kept, str(club / "club.yaml"), ("Ana", "Bo", "Chen")))
    shell.stdout = io.StringIO()
    shell.onecmd("Bo tsumo 3 30")
    assert "refused" not in shell.stdout.getvalue()
    assert record.settle(record.read(kept)).state.scores == (start - 2400, start + 3900, start - 1500)
    served = club / "served.yaml"
    shutil.copy(kept, served)
    with Served(served) as server:
        status, answer, _ = server.request("POST", "/api/hands", {"win": {"winner": "Chen", "tsumo": True,
                                                                           "han": 3, "fu": 30}})
        assert status == 201, answer
    # Bo deals the second hand; Chen's tsumo: Ana (the other non-dealer) 1500, Bo 2400
    assert record.settle(record.read(served)).state.scores == (start - 2400 - 1500, start + 3900 - 2400,
                                                               start - 1500 + 3900)
