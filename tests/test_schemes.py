"""Schemes written in YAML (docs/schemes.md): schemes no table of ours ships, defined only in YAML and
checked against payments worked out by hand; validation with file, line and key path; the built-in
schemes are data that no code branches on."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from calc.cli.app import app
from calc.core import rules as R
from calc.core.errors import RulesError
from calc.table import explain
from calc.scoring.value import hand_value, limit_value
from calc.table import payment as P

ROOT = Path(__file__).resolve().parents[1]
DEALER, ND, CHILD = 0, 1, 2  # seats: the dealer at 0, a non-dealer winner at 1, the other non-dealer at 2

# Four schemes tables play that are not built in, as a club would write them.
CLUB_SCHEMES = {
    # the dealer pays 2.5 times b on a non-dealer's tsumo; everything else as tsumo-loss
    "dealer-2-5": """
extends: tsumo-loss
title: dealer pays 2.5x
non_dealer_wins:
  dealer: {b: 5/2, round: C}
""",
    # a fixed 1000 on top, only from the dealer
    "dealer-plus-1000": """
extends: tsumo-loss
non_dealer_wins:
  dealer: [{b: 2, round: C}, 1000]
""",
    # tsumo payments rounded up to 500 (the ron keeps the usual 100s)
    "round-500": """
rounding:
  C: {step: 100, mode: up}
  F: {step: 500, mode: up}
dealer_wins:
  ron: {b: 6, round: C}
  non_dealer: {b: 2, round: F}
non_dealer_wins:
  ron: {b: 4, round: C}
  non_dealer: {b: 1, round: F}
  dealer: {b: 2, round: F}
""",
    # ron-adjust on non-dealer wins only: a dealer's ron keeps its C(6b)
    "ron-adjust-non-dealer": """
extends: ron-adjust
dealer_wins:
  ron: {b: 6, round: C}
""",
    # docs/schemes.md's second example: half the North's share on top, the sum rounded once, up to 500
    "north-halves-500": """
title: north halves in 500s
rounding:
  C: {step: 100, mode: up}
  F: {step: 500, mode: up}
dealer_wins:
  ron: {b: 6, round: C}
  north: {b: 2}
  non_dealer: {sum: [{b: 2}, {north: 1/2}], round: F}
non_dealer_wins:
  ron: {b: 4, round: C}
  north: {b: 1}
  non_dealer: {sum: [{b: 1}, {north: 1/2}], round: F}
  dealer: {sum: [{b: 2}, {north: 1/2}], round: F}
""",
    # the absent North's share goes to the dealer, rounded on its own
    "north-to-dealer": """
extends: tsumo-loss
non_dealer_wins:
  dealer: [{b: 2, round: C}, {north: 1}]
""",
}

# By hand. value: (b, non-dealer tsumo: from the non-dealer, from the dealer; dealer tsumo: each;
# non-dealer ron; dealer ron)
BY_HAND = {
    "dealer-2-5": {
        (1, 30): (240, 300, 600, 500, 1000, 1500),           # C(240), C(600); C(480)
        (3, 40): (1280, 1300, 3200, 2600, 5200, 7700),       # C(1280), C(3200); C(2560)
        "mangan": (2000, 2000, 5000, 4000, 8000, 12000),
        "yakuman": (8000, 8000, 20000, 16000, 32000, 48000),
    },
    "dealer-plus-1000": {
        (1, 30): (240, 300, 1500, 500, 1000, 1500),          # C(240); C(480) + 1000; the dealer's own win: C(480)
        (3, 40): (1280, 1300, 3600, 2600, 5200, 7700),       # C(2560) + 1000
        "mangan": (2000, 2000, 5000, 4000, 8000, 12000),
    },
    "round-500": {
        (1, 30): (240, 500, 500, 500, 1000, 1500),           # up to 500: 240 -> 500, 480 -> 500
        (2, 20): (320, 500, 1000, 1000, None, None),         # 320 -> 500, 640 -> 1000; no 20 fu ron
        (3, 40): (1280, 1500, 3000, 3000, 5200, 7700),       # 1280 -> 1500, 2560 -> 3000
        "mangan": (2000, 2000, 4000, 4000, 8000, 12000),
    },
    "ron-adjust-non-dealer": {
        (1, 30): (240, 300, 500, 500, 800, 1500),            # ron C(b) + C(2b) = 800; dealer ron C(1440)
        (3, 40): (1280, 1300, 2600, 2600, 3900, 7700),       # 1300 + 2600; dealer ron C(7680)
        "mangan": (2000, 2000, 4000, 4000, 6000, 12000),
    },
    "north-halves-500": {
        (1, 30): (240, 500, 1000, 1000, 1000, 1500),         # F(240 + 120), F(480 + 120); dealer F(480 + 240)
        (3, 40): (1280, 2000, 3500, 4000, 5200, 7700),       # F(1920), F(3200); dealer F(3840)
        "mangan": (2000, 3000, 5000, 6000, 8000, 12000),     # F(3000), F(5000); dealer F(6000)
    },
    "north-to-dealer": {
        (1, 30): (240, 300, 800, 500, 1000, 1500),           # C(480) + C(240)
        (2, 20): (320, 400, 1100, 700, None, None),          # C(640) + C(320) = 700 + 400 (triple-dealer: C(960) = 1000)
        "mangan": (2000, 2000, 6000, 4000, 8000, 12000),
    },
}


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("club")
    for name, text in CLUB_SCHEMES.items():
        (folder / f"{name}.yaml").write_text(text)
    return folder


# the club schemes above with a title: the name they are known by
TITLES = {"dealer-2-5": "dealer pays 2.5x", "north-halves-500": "north halves in 500s"}


def value_of(key, rules):
    return limit_value(key, rules.hand) if isinstance(key, str) else hand_value(*key, rules.hand)


def win(value, *, winner, discarder=None, rules):
    return P.win(value, winner=winner, dealer=DEALER, discarder=discarder, honba=0, sticks=0, rules=rules)


@pytest.mark.parametrize("name", list(BY_HAND))
def test_club_schemes_pay_what_was_worked_out_by_hand(club, name):
    rules = R.load("standard").with_scheme(str(club / f"{name}.yaml"))
    assert rules.payment.scheme == TITLES.get(name, name)  # a scheme file is known by its title, else its name
    for key, (b, child, dealer, each, nd_ron, d_ron) in BY_HAND[name].items():
        value = value_of(key, rules)
        assert value.basic == b
        assert win(value, winner=ND, rules=rules).deltas == (-dealer, child + dealer, -child), (name, key)
        assert win(value, winner=DEALER, rules=rules).deltas == (2 * each, -each, -each), (name, key)
        if nd_ron is not None:
            assert win(value, winner=ND, discarder=CHILD, rules=rules).deltas == (0, nd_ron, -nd_ron), (name, key)
            assert win(value, winner=DEALER, discarder=ND, rules=rules).deltas == (d_ron, -d_ron, 0), (name, key)


def test_a_profile_defines_its_scheme_inline(tmp_path):
    club = tmp_path / "club.yaml"
    club.write_text("extends: tenhou\n"
                    "payment:\n"
                    "  scheme:\n"
                    "    name: dealer-2-5\n"
                    "    extends: tsumo-loss\n"
                    "    non_dealer_wins:\n"
                    "      dealer: {b: 5/2, round: C}\n")
    rules = R.load(str(club))
    assert (rules.payment.scheme, rules.payment.honba_tsumo) == ("dealer-2-5", 100)
    assert rules.scheme_names() == (*R.SCHEMES, "dealer-2-5")
    assert win(limit_value("mangan", rules.hand), winner=ND, rules=rules).deltas == (-5000, 7000, -2000)
    # a profile that extends the club's inherits its scheme; another built-in is still a --scheme away
    night = tmp_path / "night.yaml"
    night.write_text("extends: club.yaml\npayment:\n  noten_pool: 3000\n")
    assert R.load(str(night)).payment.scheme_def == rules.payment.scheme_def
    assert R.load(str(night)).with_scheme("maru-dori").payment.scheme == "maru-dori"
    # an inline scheme without a name is named after the profile
    (tmp_path / "plain.yaml").write_text("extends: standard\npayment:\n  scheme: {extends: tsumo-loss}\n")
    assert R.load(str(tmp_path / "plain.yaml")).payment.scheme == "plain"


def test_a_profile_names_a_scheme_file_beside_it(club):
    profile = club / "profile.yaml"
    profile.write_text("extends: standard\npayment:\n  scheme: round-500.yaml\n")
    rules = R.load(str(profile))
    assert rules.payment.scheme == "round-500"
    assert win(hand_value(3, 40, rules.hand), winner=ND, rules=rules).deltas == (-3000, 4500, -1500)


# ---------------------------------------------------------------- the command line

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def test_sanma_pay_takes_a_club_profile_and_a_scheme_file(club):
    profile = club / "pay.yaml"
    profile.write_text("extends: standard\npayment:\n  scheme: dealer-2-5.yaml\n")
    data = json.loads(run("pay", "--rules", str(profile), "--han", "3", "--fu", "40", "--tsumo", "--json").stdout)
    assert (data["scheme"], data["total"]) == ("dealer pays 2.5x", 4500)
    assert data["payments"] == [{"payer": "non-dealer", "amount": 1300}, {"payer": "dealer", "amount": 3200}]
    out = run("pay", "--scheme", str(club / "north-to-dealer.yaml"), "--han", "2", "--fu", "20", "--tsumo",
              "--explain").stdout
    assert "the dealer pays C(2b) + north = C(640) + 400 = 700 + 400 = 1100" in out
    assert "the absent north's share = C(b) = C(320) = 400" in out and "lost" not in out
    # --all-schemes: the built-in ones and the profile's own, marked
    data = json.loads(run("pay", "--rules", str(profile), "--limit", "mangan", "--tsumo", "--all-schemes",
                          "--json").stdout)
    assert list(data["schemes"]) == [*R.SCHEMES, "dealer pays 2.5x"]
    assert data["schemes"]["dealer pays 2.5x"]["total"] == 7000


def test_explanations_use_the_same_words_for_every_scheme(club):
    """Each step is `<who> pays <formula> = <numbers> = <amount>`, each rounding named by its letter
    and spelt out once."""
    step = re.compile(r"^(rounding: .+|ron value R = .+|the absent north's share = .+|"
                      r"(the non-dealer|the dealer|each non-dealer) pays .+ = \d+)$")
    for scheme in [*R.SCHEMES, *(str(club / f"{n}.yaml") for n in CLUB_SCHEMES)]:
        rules = R.load("standard").with_scheme(scheme).payment
        for dealer in (False, True):
            s = P.shares(1280, 3, 40, dealer_wins=dealer, rules=rules)
            ron_lines, tsumo_lines = explain.ron_steps(s), explain.tsumo_steps(s)
            for line in (*ron_lines, *tsumo_lines):
                assert step.match(line), (scheme, line)
            used = {r.name for r in rules.scheme_def.roundings if any(f"{r.name}(" in x for x in tsumo_lines)}
            assert all(f"{r} = round" in tsumo_lines[0] for r in used), (scheme, tsumo_lines[0])
    half = P.shares(240, 1, 30, dealer_wins=False, rules=R.load("standard").with_scheme(str(club / "round-500.yaml")).payment)
    assert explain.tsumo_steps(half) == (
        "rounding: F = round up to a multiple of 500",
        "the non-dealer pays F(b) = F(240) = 500",
        "the dealer pays F(2b) = F(480) = 500",
    )


def test_compare_accepts_a_club_scheme(club):
    profile = club / "compare.yaml"
    profile.write_text("extends: tenhou\npayment:\n  scheme: dealer-2-5.yaml\n")
    result = run("compare", "--rules", str(profile), "--matches", "2", "--length", "east", "--schemes",
                 f"tsumo-loss,{club / 'round-500.yaml'}", "--workers", "1", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert list(data["schemes"]) == ["tsumo-loss", "round-500", "dealer pays 2.5x"]  # never a path
    bad = run("compare", "--rules", str(profile), "--matches", "2", "--schemes", "tsumo-los")
    assert bad.exit_code == 1 and "unknown scheme 'tsumo-los' (did you mean 'tsumo-loss'?)" in bad.stderr


def test_rules_show_prints_the_definition_and_check_a_scheme_file(club):
    out = run("rules", "show", "maru-dori").stdout
    assert "Scheme maru-dori (丸取り): the winner takes the whole ron value" in out
    assert re.search(r"non_dealer_wins\.dealer\s+R − non-dealer\s+maru-dori\.yaml:15", out)
    out = run("rules", "show", str(club / "dealer-2-5.yaml")).stdout
    assert out.startswith("Scheme dealer pays 2.5x\n")
    assert re.search(r"non_dealer_wins\.dealer\s+C\(5b/2\)\s+dealer-2-5\.yaml:5", out)
    assert re.search(r"non_dealer_wins\.north\s+C\(b\)  \(paid by nobody: lost\)\s+tsumo-loss\.yaml:\d+", out)
    out = run("rules", "check", str(club / "round-500.yaml")).stdout.splitlines()
    assert out[0] == f"{club / 'round-500.yaml'}: ok (standard, scheme round-500)"
    row = next(line for line in out if line.startswith("4 han 30 fu"))
    assert row.split() == ["4", "han", "30", "fu", "1920", "7700", "2000/4000", "=", "6000",
                           "11600", "4000", "all", "=", "8000"]
    assert max(len(line) for line in out[1:]) <= 80


# ---------------------------------------------------------------- validation


def problems(tmp_path, text, name="bad.yaml"):
    path = tmp_path / name
    path.write_text(text)
    result = run("rules", "check", str(path))
    assert result.exit_code == 1 and result.stdout == ""
    return path, result.stderr.removeprefix("Error: ").strip().splitlines()


def test_every_problem_with_file_line_and_key_path(tmp_path):
    path, found = problems(tmp_path, "\n".join([
        "extends: standard",
        "payment:",
        "  scheme:",
        "    name: broken",
        "    extends: tsumo-loss",
        "    colour: red",                                    # 6 unknown key
        "    rounding:",
        "      H: {step: 500, mode: sideways}",               # 8 not a mode
        "    dealer_wins:",
        "      non_dealer: {b: two, round: C}",              # 10 wrong type
        "    non_dealer_wins:",
        "      dealer: [{b: 2, round: X}, {non_dealer: 1}]",  # 12 undefined rounding (and a loop)
        "      non_dealer: {dealer: 1/2, round: C}",          # 13 ... refers to itself through dealer
        "      north: {north: 1}",                            # 14 refers to itself
        "      west: {b: 1}",                                 # 15 not a share
        "",
    ]))
    assert found == [
        f"{path}:6, at payment.scheme.colour: unknown key; keys: extends, name, title, summary, rounding, "
        "dealer_wins, non_dealer_wins",
        f"{path}:8, at payment.scheme.rounding.H.mode: mode must be one of up, nearest, down, got 'sideways'",
        f"{path}:10, at payment.scheme.dealer_wins.non_dealer.b: expected a number or a fraction like 1/3, got 'two'",
        f"{path}:12, at payment.scheme.non_dealer_wins.dealer[0].round: rounding 'X' is not defined; "
        "defined under rounding: C, H",
        f"{path}:13, at payment.scheme.non_dealer_wins.non_dealer: a share that refers to itself: "
        "non_dealer -> dealer -> non_dealer",
        f"{path}:14, at payment.scheme.non_dealer_wins.north: a share that refers to itself: north -> north",
        f"{path}:15, at payment.scheme.non_dealer_wins.west: unknown share; non_dealer_wins defines ron, north, "
        "non_dealer, dealer",
    ]


def test_scheme_file_problems(tmp_path):
    path, found = problems(tmp_path, "\n".join([
        "rounding:",
        "  C: {step: 100, mode: up, by: 2}",                  # 2 unknown key in a rounding
        "dealer_wins:",
        "  ron: {b: 6, round: C}",
        "  non_dealer: {b: 1/3}",                             # 5 not whole points
        "  dealer: {b: 1}",                                   # 6 no dealer pays when the dealer wins
        "non_dealer_wins:",
        "  ron: {b: 4, round: C, ron: 1}",                    # 8 two bases
        "  non_dealer: {b: 1, round: C}",
        "  dealer: {north: 2, round: C}",                     # 10 north is not defined here
        "",
    ]), name="club-scheme.yaml")
    assert found == [
        f"{path}:2, at rounding.C.by: unknown key; a rounding has step, mode",
        f"{path}:6, at dealer_wins.dealer: unknown share (did you mean dealer_wins.non_dealer?); dealer_wins "
        "defines ron, north, non_dealer",
        f"{path}:8, at non_dealer_wins.ron: an amount names one base (b, points, ron, a share or sum), got b, ron",
        f"{path}:10, at non_dealer_wins.dealer: refers to north, which non_dealer_wins does not define",
    ]
    path, found = problems(tmp_path, "rounding: {}\ndealer_wins:\n  ron: {b: 6}\n  non_dealer: {b: 1/3}\n"
                                     "non_dealer_wins:\n  ron: {b: 4}\n  non_dealer: {b: 1}\n"
                                     "  dealer: [{ron: 1}, {non_dealer: -2}]\n", name="fractions.yaml")
    assert found == [f"{path}:4, at dealer_wins.non_dealer: comes to 106.67 for b = 320, which is not a whole "
                     "number of points (round it)"]
    path, found = problems(tmp_path, "extends: tsumo-loss\nnon_dealer_wins:\n  dealer: [{ron: 1}, {non_dealer: -5}]\n",
                           name="negative.yaml")
    assert found == [f"{path}:3, at non_dealer_wins.dealer: comes to -500 for b = 240, which is negative"]


def test_extends_and_names(tmp_path):
    (tmp_path / "a.yaml").write_text("extends: b.yaml\n")
    (tmp_path / "b.yaml").write_text("extends: a.yaml\n")
    with pytest.raises(RulesError) as caught:
        R.load("standard").with_scheme(str(tmp_path / "a.yaml"))
    assert f"{tmp_path / 'b.yaml'}:1, at extends: extends cycle: a.yaml -> b.yaml -> a.yaml" in str(caught.value)
    (tmp_path / "c.yaml").write_text("extends: maru-dorri\n")
    with pytest.raises(RulesError, match=r"c.yaml:1, at extends: unknown scheme 'maru-dorri' \(did you mean 'maru-dori'\?\)"):
        R.load("standard").with_scheme(str(tmp_path / "c.yaml"))
    (tmp_path / "d.yaml").write_text("rounding: {}\n")
    with pytest.raises(RulesError, match=r"d.yaml, at dealer_wins.ron: missing: what a ron pays when the dealer wins"):
        R.load("standard").with_scheme(str(tmp_path / "d.yaml"))
    (tmp_path / "club.yaml").write_text("extends: standard\npayment:\n  scheme: {name: tsumo-loss, extends: add-1000}\n")
    with pytest.raises(RulesError, match=r"'tsumo-loss' is the name of a built-in scheme; give it a `name:` of its own"):
        R.load(str(tmp_path / "club.yaml"))


# ---------------------------------------------------------------- the built-in schemes are data


def test_no_code_branches_on_a_scheme_name():
    names = R.SCHEMES
    assert len(names) == 8 and set(names) == {p.stem for p in (ROOT / "rulesets" / "schemes").glob("*.yaml")}
    for path in (ROOT / "calc").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in names:
            if name == "tsumo-loss" and path.parent.name == "sim":
                continue  # `sanma compare` measures every scheme against tsumo-loss, the reference rules' own
            assert f'"{name}"' not in text and f"'{name}'" not in text, (path, name)


def test_a_match_record_names_a_scheme_file_beside_it(club):
    from calc.table import record

    path = club / "night.yaml"
    path.write_text("rules: standard\nscheme: dealer-2-5.yaml\nplayers: [Ana, Bo, Chen]\n"
                    "hands:\n  - win: {winner: Chen, tsumo: true, han: 3, fu: 40}\n")
    parsed = record.read(path)
    assert parsed.rules.payment.scheme == "dealer pays 2.5x"
    # Ana deals; Chen's 3 han 40 fu tsumo (b = 1280): Bo C(1280) = 1300, Ana C(3200) = 3200
    assert record.settle(parsed).state.scores == (35000 - 3200, 35000 - 1300, 35000 + 4500)
    assert list(record.settle_all_schemes(parsed)) == [*R.SCHEMES, "dealer pays 2.5x"]


# ---------------------------------------------------------------- what cannot be a game

CANNOT_BE = [
    ("a win moves no points", "dealer_wins:\n  ron: 0\n  non_dealer: 0\nnon_dealer_wins:\n  ron: {b: 4}\n"
     "  non_dealer: {b: 1}\n  dealer: {b: 2}\n",
     "{}:2, at dealer_wins.ron: comes to 0 for b = 240: a ron by the dealer would move no points"),
    ("a tsumo moves no points", "extends: tsumo-loss\nnon_dealer_wins:\n  non_dealer: 0\n  dealer: 0\n",
     "{}:3, at non_dealer_wins.non_dealer: a tsumo by a non-dealer would move no points for b = 240: every payer "
     "pays 0"),
    ("the dealer pays 10^12 b", "extends: tsumo-loss\nnon_dealer_wins:\n  dealer: {b: 1000000000000}\n",
     "{}:3, at non_dealer_wins.dealer: comes to 8000000000000000 for one yakuman (b = 8000): more than the "
     "105000 points on the table (3 players × match.start 35000); no table can pay it"),
    ("a bigger hand pays less", "extends: tsumo-loss\nnon_dealer_wins:\n  dealer: [20000, {b: -1}]\n",
     "{}:3, at non_dealer_wins.dealer: comes to 19680 for b = 320 but 19760 for the smaller b = 240: a bigger "
     "hand would pay less"),
]


@pytest.mark.parametrize("text, message", [c[1:] for c in CANNOT_BE], ids=[c[0] for c in CANNOT_BE])
def test_rules_check_refuses_a_scheme_that_cannot_be_a_game(tmp_path, text, message):
    path = tmp_path / "odd.yaml"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["rules", "check", str(path)])
    assert result.exit_code == 1 and "ok" not in result.stdout
    assert result.output.strip() == f"Error: {message.format(path)}"
    # ... and so do the commands that would use it
    for args in (["pay", "--han", "3", "--fu", "30", "--scheme", str(path)],
                 ["hand", "123p456p789s99p234s", "--scheme", str(path)]):
        used = runner.invoke(app, args)
        assert used.exit_code == 1 and used.output.strip() == f"Error: {message.format(path)}", args
    record = tmp_path / "m.yaml"
    record.write_text(f"scheme: {path}\nplayers: [A, B, C]\nhands: []\n", encoding="utf-8")
    settled = runner.invoke(app, ["settle", str(record)])
    assert settled.exit_code == 1 and settled.output.strip() == f"Error: {record}:1, at scheme: {message.format(path)}"


def test_a_payment_is_bounded_by_the_points_of_the_profiles_table(tmp_path):
    """The same scheme is fine at 35000 a player and refused where the table holds too little."""
    scheme = tmp_path / "ten.yaml"
    scheme.write_text("extends: tsumo-loss\nnon_dealer_wins:\n  dealer: {b: 10}\n", encoding="utf-8")  # 80000
    assert R.load("standard").with_scheme(str(scheme)).payment.scheme == "ten"
    small = tmp_path / "small.yaml"
    small.write_text(f"extends: standard\npayment:\n  scheme: {scheme}\nmatch:\n  start: 25000\n  return: 30000\n",
                     encoding="utf-8")
    with pytest.raises(RulesError, match=r"ten.yaml:3, at non_dealer_wins.dealer: comes to 80000 for one yakuman "
                                         r"\(b = 8000\): more than the 75000 points on the table"):
        R.load(str(small))


def test_an_oka_that_leaves_the_points_unbalanced(tmp_path):
    """oka: 0 with start 35000 and return 40000: the final points would sum to -15 every match."""
    path = tmp_path / "p.yaml"
    path.write_text("extends: standard\nmatch:\n  oka: 0\n", encoding="utf-8")
    message = (f"Error: {path}:3, at match.oka: the final points of a match would sum to -15, not 0: oka must be "
               f"3 × (return 40000 − start 35000) = 15000 (or auto)")
    assert runner.invoke(app, ["rules", "check", str(path)]).output.strip() == message
    for args in (["pay", "--han", "3", "--fu", "30", "--rules", str(path)], ["hand", "123p456p789s99p234s",
                                                                             "--rules", str(path)]):
        assert runner.invoke(app, args).output.strip() == message
    path.write_text("extends: standard\nmatch:\n  oka: 15000\n", encoding="utf-8")  # balanced: fine
    assert runner.invoke(app, ["rules", "check", str(path)]).exit_code == 0
    path.write_text("extends: standard\nmatch:\n  start: 40000\n  oka: 0\n", encoding="utf-8")  # no oka to give
    assert runner.invoke(app, ["rules", "check", str(path)]).exit_code == 0
