"""Rule profiles: the shipped profiles carry rules.md §7, and a bad profile reports every
problem at once with file, line and key path."""

from __future__ import annotations

from pathlib import Path

import pytest

from calc.core import rules as R
from calc.core.errors import RulesError


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(RulesError) as caught:
        R.load(str(path))
    error = caught.value
    return [str(p) for p in error.problems] if isinstance(error, R.ProfileProblems) else [str(error)]


# ---------------------------------------------------------------- the shipped profiles


def test_every_builtin_profile_loads():
    names = R.builtin_names()
    for expected in ("standard", "tenhou", "mahjongsoul", *R.SCHEMES):
        assert expected in names
    for name in names:
        R.load(name)


@pytest.mark.parametrize("scheme", R.SCHEMES)
def test_one_profile_per_scheme_sets_only_the_scheme(scheme):
    profile = R.load(scheme)
    standard = R.load("standard")
    assert profile.payment.scheme == scheme
    assert {k: v for k, v in profile.flat().items() if k != "payment.scheme"} == \
        {k: v for k, v in standard.flat().items() if k != "payment.scheme"}


def test_platform_profiles_as_rules_md_section_7():
    standard, tenhou, soul = R.load("standard"), R.load("tenhou"), R.load("mahjongsoul")
    assert (standard.payment.scheme, standard.payment.honba_ron, standard.payment.honba_tsumo) == ("tsumo-loss", 1000, 500)
    assert (tenhou.payment.scheme, tenhou.payment.honba_ron, tenhou.payment.honba_tsumo) == ("tsumo-loss", 200, 100)
    assert (soul.payment.scheme, soul.payment.honba_ron, soul.payment.honba_tsumo) == ("tsumo-loss", 200, 100)
    assert standard.payment.noten_pool == tenhou.payment.noten_pool == soul.payment.noten_pool == 2000
    # Mahjong Soul's published three-player ranked rules (README "Mahjong Soul's rules"): uma +20/0/-20,
    # ron on an extracted north, an extraction counts as a call for ippatsu and the first go-around
    assert standard.match.uma == (15, 0, -15) and tenhou.match.uma == (20, 0, -20) and soul.match.uma == (20, 0, -20)
    assert not standard.north.ron_on_nuki and tenhou.north.ron_on_nuki and soul.north.ron_on_nuki
    assert soul.north.nuki_cancels_ippatsu and soul.north.nuki_breaks_first_turn
    assert soul.payment.double_ron_honba == "first" and soul.payment.pao_ron_honba == "liable"
    assert not tenhou.hand.kiriage_mangan and tenhou.hand.kazoe == "yakuman" and not tenhou.hand.double_yakuman
    assert soul.hand.double_yakuman
    assert standard.match.oka == 15000 and standard.match.start == 35000 and standard.match.return_points == 40000


def test_origin_names_the_file_and_line():
    tenhou = R.load("tenhou")
    assert tenhou.origin["payment.honba_ron"].startswith("tenhou.yaml:")
    assert tenhou.origin["payment.scheme"].startswith("standard.yaml:")


def test_uma_presets(tmp_path):
    for preset, uma in R.UMA_PRESETS.items():
        path = write(tmp_path, f"u{preset}.yaml", f"extends: standard\nmatch:\n  uma: {preset}\n")
        assert R.load(str(path)).match.uma == uma
    path = write(tmp_path, "own.yaml", "extends: standard\nmatch:\n  uma: [25, 5, -30]\n")
    assert R.load(str(path)).match.uma == (25, 5, -30)


def test_user_profile_file_extends_a_builtin_and_a_file(tmp_path):
    write(tmp_path, "club.yaml", "extends: tenhou\npayment:\n  scheme: north-split\n")
    path = write(tmp_path, "night.yaml", "extends: club.yaml\npayment:\n  noten_pool: 3000\n")
    night = R.load(str(path))
    assert (night.payment.scheme, night.payment.honba_ron, night.payment.noten_pool) == ("north-split", 200, 3000)
    assert night.name == "night"


def test_with_scheme():
    assert R.load("tenhou").with_scheme("north-split").payment.scheme == "north-split"
    with pytest.raises(RulesError, match="unknown scheme 'nope'; valid: add-1000, double-take"):
        R.load("tenhou").with_scheme("nope")


# ---------------------------------------------------------------- bad profiles


def test_every_problem_at_once_with_file_line_and_key(tmp_path):
    path = write(tmp_path, "bad.yaml", "\n".join([
        "extends: standard",        # 1
        "payment:",                 # 2
        "  sheme: north-split",     # 3 unknown key
        "  honba_ron: lots",        # 4 wrong type
        "  scheme: north-spilt",    # 5 outside the allowed set
        "  honba_tsumo: -100",      # 6 below the minimum
        "gmae:",                    # 7 unknown section
        "  players: 3",
        "north:",
        "  nukidora: yes please",   # 10 wrong type
        "",
    ]))
    found = problems(path)
    assert found == [
        f"{path}:3, at payment.sheme: unknown key (did you mean payment.scheme?)",
        f"{path}:4, at payment.honba_ron: expected a whole number, got 'lots'",
        f"{path}:5, at payment.scheme: unknown scheme 'north-spilt' (did you mean 'north-split'?); valid: add-1000, "
        "double-take, equal-split, maru-dori, north-split, ron-adjust, triple-dealer, tsumo-loss, or a scheme file",
        f"{path}:6, at payment.honba_tsumo: must be at least 0, got -100",
        f"{path}:7, at gmae: unknown key (did you mean game?)",
        f"{path}:10, at north.nukidora: expected true or false, got 'yes please'",
    ]


def test_keys_that_could_take_one_value_are_gone(tmp_path):
    path = write(tmp_path, "old.yaml", "extends: standard\ngame:\n  players: 3\n  tile_set: sanma\n")
    assert problems(path) == [f"{path}:3, at game.players: unknown key", f"{path}:4, at game.tile_set: unknown key"]
    assert R.load("standard").game.players == 3
    assert (R.load("tenhou").match.tenpai_own_four, R.load("standard").match.tenpai_own_four) == ("concealed", "anywhere")


def test_extends_cycle(tmp_path):
    write(tmp_path, "a.yaml", "extends: b.yaml\npayment:\n  honba_ron: x\n")
    write(tmp_path, "b.yaml", "extends: a.yaml\n")
    found = problems(tmp_path / "a.yaml")
    assert f"{tmp_path / 'b.yaml'}:1, at extends: extends cycle: a.yaml -> b.yaml -> a.yaml" in found
    assert f"{tmp_path / 'a.yaml'}:3, at payment.honba_ron: expected a whole number, got 'x'" in found
    assert len(found) == 2  # keys the lost parents would set are not reported missing


def test_missing_parent(tmp_path):
    path = write(tmp_path, "orphan.yaml", "summary: x\nextends: tenhuo\n")
    (found,) = problems(path)
    assert found.startswith(f"{path}:2, at extends: missing parent: unknown profile 'tenhuo' (did you mean 'tenhou'?)")
    path = write(tmp_path, "orphan2.yaml", "extends: ./nowhere.yaml\n")
    (found,) = problems(path)
    assert found == f"{path}:1, at extends: missing parent: profile file not found: ./nowhere.yaml"


def test_duplicate_key_and_uma_length(tmp_path):
    path = write(tmp_path, "dup.yaml", "extends: standard\npayment:\n  honba_ron: 300\n  honba_ron: 400\nmatch:\n  uma: [10, -10]\n")
    assert problems(path) == [
        f"{path}:4, at payment.honba_ron: duplicate key (first set on line 3)",
        f"{path}:6, at match.uma: uma needs 3 values, one per place, got 2",
    ]


def test_a_profile_without_parent_must_set_everything(tmp_path):
    path = write(tmp_path, "alone.yaml", "payment:\n  scheme: tsumo-loss\n")
    found = problems(path)
    assert f"{path}, at payment.honba_ron: missing (set it here or in a profile this one extends)" in found
    assert all("payment.scheme" not in p for p in found)


def test_unknown_profile_name_lists_the_valid_ones():
    with pytest.raises(RulesError) as caught:
        R.load("mahjongsol")
    message = str(caught.value)
    assert "did you mean 'mahjongsoul'?" in message
    assert "valid: add-1000, double-take, equal-split, mahjongsoul" in message


def test_yaml_syntax_error_names_the_line(tmp_path):
    path = write(tmp_path, "broken.yaml", "extends: standard\npayment:\n  scheme: [tsumo-loss\n")
    with pytest.raises(RulesError) as caught:
        R.load(str(path))
    assert str(caught.value).startswith(f"{path}:")


# ---------------------------------------------------------------- values that only fail together, odd files


@pytest.mark.parametrize("body,message", [
    ("game:\n  red_fives: [1p, 3s]\n", "red fives are fives"),
    ("game:\n  red_fives: [5p, 5p]\n", "each named once"),
    ("game:\n  red_fives: [5m, 5p]\n", "no 5m to make red"),
    ("match:\n  return: 10000\n", "below the start"),
    ("payment:\n  noten_pool: 1001\n", "must split into 2 shares of whole hundreds"),
    # a pool of 100 is paid 50 at a time: the scores would leave whole hundreds
    ("payment:\n  noten_pool: 100\n", "must split into 2 shares of whole hundreds (a multiple of 200), got 100"),
    ("? [a, b]\n: 1\n", "a key must be a plain name"),
    ("hand:\n  kazoe: !!python/object:os.system ls\n", "constructor"),
    ("summary: [a, b]\n", "must be a single name or text"),
])
def test_profile_problems_are_reported_not_raised(tmp_path, body, message):
    path = tmp_path / "club.yaml"
    path.write_text("extends: standard\n" + body, encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        R.load(str(path))
    assert message in str(caught.value)


def test_non_utf8_profile_and_overlong_name(tmp_path):
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"extends: standard\nsummary: \xff\n")
    with pytest.raises(RulesError, match="not UTF-8"):
        R.load(str(path))
    with pytest.raises(RulesError, match="not a profile name or file"):
        R.load("x" * 300)
