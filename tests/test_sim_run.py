"""Whole simulated matches: invariants on, records that replay clean, determinism, the commands."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from calc.core import rules as R
from calc.cli.app import app
from calc.logs import read_log
from calc.logs.replay import replay
from calc.sim import run as SR
from calc.scoring import shanten as S
from calc.sim import truth
from calc.sim.bots import make
from calc.sim.engine import play_hand
from calc.sim.stats import Tally
from calc.sim.wall import Wall
from calc.table.play import Discard

TENHOU = R.load("tenhou")
runner = CliRunner()


@pytest.mark.parametrize("bots", ["greedy", "defensive", "calibrated"])
def test_invariants_hold_over_hundreds_of_seeded_hands(bots):
    """Every step of 150 hands per bot: the 108 tiles accounted for, hand sizes, live-wall count."""
    kinds = set()
    for i in range(150):
        play = play_hand(Wall.shuffled(random.Random(f"inv/{i}")), TENHOU, dealer=i % 3, round_wind=i % 2,
                         bots=[make(bots)] * 3, check=True)
        kinds.add(type(play.kyoku.result).__name__)
    assert {"ScoredWin", "ExhaustiveDraw"} <= kinds


@pytest.mark.parametrize("bots", ["greedy", "defensive"])
def test_invariants_hold_over_hundreds_of_seeded_matches(bots):
    """100 whole east matches per bot (200 in all, east to keep the suite fast), settled under every
    scheme with the checks on: after every event the 108 tiles are all accounted for and hand sizes
    and the live wall agree; after every hand points plus sticks are conserved (SimError otherwise)."""
    s = SR.setup(TENHOU, schemes=tuple(R.SCHEMES), bots=bots, seed=f"matches/{bots}", length="east", check=True)
    ends, extensions = set(), 0
    for i in range(100):
        hands = SR.Hands(s, i)
        for scheme in s.schemes:
            run = SR.play_match(hands, s.rules.with_scheme(scheme))
            summary = SR._summary(run, s.rules)
            assert sum(summary.scores) == 3 * TENHOU.match.start
            assert summary.extension == any(row.label.startswith("S") for row in run.rows)  # east: South
            extensions += summary.extension
            ends.add(run.state.end_reason)
    assert extensions > 0 and len(ends) >= 2


def test_the_walls_shuffle_as_random_does():
    """calc.sim.wall.shuffle is random.Random.shuffle with its loop compiled: the same order from
    the same seed, for the walls of the runs (seeded by run, match and hand) and any list."""
    from calc.sim.wall import sanma_ids, shuffle

    for seed in [*(f"1/{i}/{k}" for i in range(50) for k in range(8)), "pin/0/0", 0, 12345]:
        expected, ours = sanma_ids(), sanma_ids()
        random.Random(seed).shuffle(expected)
        shuffle(random.Random(seed), ours)
        assert ours == expected, seed
    for size in (0, 1, 2, 3, 17, 200):
        expected, ours = list(range(size)), list(range(size))
        random.Random(size).shuffle(expected)
        shuffle(random.Random(size), ours)
        assert ours == expected


@pytest.mark.parametrize("bots", ["calibrated", "greedy"])
def test_play_makes_no_reference_cycles(bots):
    """The simulator pauses Python's cyclic garbage collector while it plays a match and never
    walks what the match leaves again (SR.run_paused): whole matches under every scheme, with
    their tallies, leave nothing that only a collection would free."""
    import gc

    s = SR.setup(TENHOU, schemes=tuple(R.SCHEMES), bots=bots, seed="cycles")
    gc.collect()
    gc.disable()
    try:
        results = [SR.run_match(s, i, want_tally=True) for i in range(3)]
        assert gc.collect() == 0
    finally:
        gc.enable()
    try:
        assert SR.run_paused(s, 0, want_tally=True) == results[0] and gc.isenabled()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_matches_conserve_points_and_sticks_under_every_scheme():
    s = SR.setup(TENHOU, schemes=tuple(R.SCHEMES), bots="greedy", seed="cons", check=True)
    for i in range(6):
        result = SR.run_match(s, i, want_tally=True)
        for scheme, r in result.schemes.items():
            assert sum(r.scores) == 3 * TENHOU.match.start  # leftover sticks go to first place
            assert sorted(r.ranks) == [1, 2, 3]
            assert abs(sum(r.points)) < 1e-9


def test_kth_hand_is_the_same_under_every_scheme():
    s = SR.setup(TENHOU, schemes=("tsumo-loss", "double-take"), bots="greedy", seed="pair")
    hands = SR.Hands(s, 0)
    a = SR.play_match(hands, TENHOU.with_scheme("tsumo-loss"))
    b = SR.play_match(hands, TENHOU.with_scheme("double-take"))

    def situation(run, k):
        row = run.rows[k]
        before = [score - delta for score, delta in zip(row.scores, row.deltas)]
        return row.label, row.dealer, tuple(x >= TENHOU.match.riichi_min_points for x in before)

    shared = 0
    for k in range(min(len(a.plays), len(b.plays))):
        if situation(a, k) == situation(b, k):
            assert a.plays[k] is b.plays[k]  # simulated once, settled under both schemes
            shared += 1
    assert shared >= 1 and a.plays[0] is b.plays[0]


def test_saved_games_replay_with_no_mismatch(tmp_path):
    s = SR.setup(TENHOU, schemes=("tsumo-loss",), bots="defensive", seed="save", save=str(tmp_path), check=True)
    results = list(SR.run(s, 6, want_tally=False, workers=1))
    assert len(list(tmp_path.glob("*.json"))) == 6
    for r in results:
        game = read_log(r.saved)
        checked = replay(game, r.saved)
        assert checked.mismatches == (), [m.text() for m in checked.mismatches]
        assert checked.wins_matching == checked.wins


def test_saved_games_replay_through_the_command(tmp_path):
    result = runner.invoke(app, ["simulate", "--matches", "3", "--seed", "4", "--save", str(tmp_path), "--workers", "1"])
    assert result.exit_code == 0, result.output
    replayed = runner.invoke(app, ["replay", str(tmp_path)])
    assert replayed.exit_code == 0, replayed.output
    assert "3 games" in replayed.output or replayed.output.count("reproduced") == 3


def test_same_seed_same_output_whatever_the_processes():
    args = ["compare", "--matches", "8", "--seed", "3", "--schemes", "all", "--json"]
    one = runner.invoke(app, [*args, "--workers", "1"])
    two = runner.invoke(app, [*args, "--workers", "2"])
    assert one.exit_code == 0 and one.output == two.output
    sim = [runner.invoke(app, ["simulate", "--matches", "8", "--seed", "3", "--json", "--workers", w]).output
           for w in ("1", "2")]
    assert sim[0] == sim[1]


def test_compare_reports_every_scheme_against_tsumo_loss(tmp_path):
    plot = tmp_path / "points.svg"
    result = runner.invoke(app, ["compare", "--matches", "6", "--seed", "1", "--schemes", "maru-dori,north-split",
                                 "--json", "--plot", str(plot), "--workers", "1"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert list(data["schemes"]) == ["tsumo-loss", "maru-dori", "north-split"]
    assert data["schemes"]["tsumo-loss"]["versus_baseline"] is None
    versus = data["schemes"]["maru-dori"]["versus_baseline"]
    assert set(versus) == {"mean_points", "rank_rates", "dealer_income_per_dealership", "tsumo_share_of_ron",
                           "bust_rate", "extension_round_rate", "hands_per_match", "points_sd"}
    diff = versus["mean_points"][0]
    assert diff["low"] <= diff["mean"] <= diff["high"]
    assert len(versus["rank_rates"]) == 3 and all(len(seat) == 3 for seat in versus["rank_rates"])
    assert plot.read_text().startswith("<svg") and "north-split" in plot.read_text()


def test_simulate_text_shows_the_real_figures_beside():
    result = runner.invoke(app, ["simulate", "--matches", "2", "--seed", "1", "--length", "east", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "real (Tenhou half games)" in result.output and "win rate (per hand)" in result.output
    assert "84.1%" in result.output  # the 3,001 real games' win rate
    # an east game's extension round is South; the half games' match-level figures are not shown beside it
    row = next(line for line in result.output.splitlines() if line.startswith("extension-round rate"))
    assert "(per match; South)" in row and row.split()[-1] == "n/a"
    assert "note: the real games are half games" in result.output
    other = json.loads(runner.invoke(app, ["simulate", "--matches", "1", "--seed", "1", "--workers", "1", "--json",
                                           "--rules", "maru-dori"]).output)
    assert other["real"]["note"] == "the real games were played under Tenhou's rules, not profile maru-dori"
    assert "extension_round_rate" in other["simulated"] and "west_rate" not in other["simulated"]


@pytest.mark.parametrize("args, message, code", [
    # a word the option does not take is a usage error (exit 2)
    (["simulate", "--matches", "3", "--bots", "lucky"], "--bots 'lucky': give one of calibrated", 2),
    (["compare", "--matches", "3", "--schemes", "tsumo-loss,half"], "unknown scheme 'half'", 1),
    (["compare", "--matches", "3", "--plot", "x.png"], "give a .svg file name", 1),
    (["simulate", "--matches", "3", "--length", "west"], "--length 'west'", 2),
    (["simulate", "--matches", "3", "--rules", "nowhere"], "nowhere", 1),
])
def test_bad_input_is_one_line_before_any_work(args, message, code):
    result = runner.invoke(app, args)
    assert result.exit_code == code
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("args, message", [
    (["simulate", "--matches", "0"], "--matches 0: give 1 to 100,000 matches"),
    (["simulate", "--matches", "-2"], "--matches -2: give 1 to 100,000 matches"),
    # the counts that were killed after 24 GB of memory, or ended in a MemoryError traceback
    (["simulate", "--matches", "99999999999999999999"], "--matches 99999999999999999999: give 1 to 100,000"),
    (["simulate", "--matches", "100000000"], "--matches 100000000: give 1 to 100,000 matches (for more, run "
                                             "several seeds: their comparisons pool)"),
    (["compare", "--matches", "100001"], "--matches 100001: give 1 to 100,000 matches"),
    (["compare", "--matches", "3", "--workers", "0"], "--workers 0: give 1 or more processes"),
])
def test_counts_out_of_range_are_a_one_line_usage_error(args, message):
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.output.strip() == f"Error: {message}" or result.output.strip().startswith(f"Error: {message}")
    assert len(result.output.strip().splitlines()) == 1


def test_matches_are_made_as_the_run_goes(monkeypatch):
    """The run never lists its matches up front: with the most matches a run may play, the first
    results come back at once, on one process and on a pool."""
    from calc.sim import commands

    setup = commands.prepare_simulate(matches=SR.MAX_MATCHES, seed=0, length="east", rules="tenhou",
                                      bots="greedy", save=None)
    played = []
    monkeypatch.setattr(SR, "run_match", lambda s, index, want: played.append(index) or index)
    first = SR.run(setup, SR.MAX_MATCHES, want_tally=False, workers=1)
    assert [next(first) for _ in range(3)] == [0, 1, 2] and played == [0, 1, 2]
    first.close()


def test_a_pool_is_handed_a_few_tasks_at_a_time():
    from calc.core.workers import in_order

    class Pool:  # records what it was handed; answers at once
        def __init__(self):
            self.handed = 0

        def apply_async(self, function, args):
            self.handed += 1
            result = function(*args)
            return type("Result", (), {"get": lambda _: result})()

    pool = Pool()
    made = []
    tasks = (made.append(k) or k for k in range(10 ** 12))  # a count no list could hold
    results = in_order(pool, lambda k: k * k, tasks, ahead=8)
    assert [next(results) for _ in range(5)] == [0, 1, 4, 9, 16]
    assert pool.handed == len(made) == 12  # the five taken and the eight ahead, less the last made


def test_unwritable_save_folder_is_refused(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = runner.invoke(app, ["simulate", "--matches", "2", "--save", str(blocker / "sub")])
    assert result.exit_code == 1 and "cannot write there" in result.output


def test_committed_truth_figures_match_the_data(data_dir):
    assert json.loads(json.dumps(truth.build(data_dir))) == truth.truth_figures()


def test_tally_figures_are_ratios_of_counts():
    t = Tally(matches=2, hands=10, win_hands=8, wins=9, tsumo=3, deal_ins=5, exhaustive=1, aborts=1, han=36)
    f = t.figures()
    assert (f["win_rate"], f["tsumo_share"], f["deal_in_rate"], f["average_han"]) == (0.8, 1 / 3, 5 / 30, 4.0)


# --- shanten tables -------------------------------------------------------------------------------
def counts(text: str) -> list[int]:
    from calc.core.notation import parse_tiles

    c = [0] * 34
    for tile, _ in parse_tiles(text):
        c[tile] += 1
    return c


@pytest.mark.parametrize("hand, melds, expected", [
    ("123456789p1134s", 0, 0),
    ("123456789p11s3s5s", 0, 0),
    ("123456789p11s35s9s", 0, 0),  # 14 tiles: tenpai once the 9s goes
    ("1122334455667z", 0, 0),  # seven pairs
    ("19m19p19s1234567z", 0, 0),  # thirteen orphans, 13-sided
    ("19m19p19s123456z9s", 0, 0),
    ("1m9m2p5p8p3s6s9s1z2z3z5z6z", 0, 5),  # thirteen orphans is nearest: 8 kinds
    ("123p456p789p11s", 1, -1),
])
def test_shanten(hand, melds, expected):
    assert S.shanten(counts(hand), melds) == expected


def tiles_of(text: str) -> tuple[int, ...]:
    from calc.core.notation import parse_tiles

    return tuple(sorted(t for t, _ in parse_tiles(text))) if text else ()


@pytest.mark.parametrize("hand, waits", [
    ("123456789p113s5s", "4s"),
    ("1234567p111s", "147p"),
    ("19m19p19s1234567z", "19m19p19s1234567z"),
    ("1122334455667z", "7z"),
    ("1111p234567s789s", ""),  # the only wait would be a fifth 1p
])
def test_waits(hand, waits):
    assert S.waits(counts(hand)) == tiles_of(waits)


def test_tenpai_at_a_draw_with_the_waits_four_copies_all_ones_own():
    # a tanki on 1p beside a pon of 1p: the shape waits, but all four 1p are the player's own
    concealed = counts("1p234567s789s")
    pon = [9, 9, 9]  # the pon's tiles: three 1p
    assert S.waits(concealed) == (9,)
    assert S.tenpai_at_draw(concealed, pon, "concealed")  # Tenhou: only the concealed hand counts
    assert not S.tenpai_at_draw(concealed, pon, "anywhere")


def test_no_riichi_without_the_points_for_the_stick():
    """match.riichi_min_points: a seat that cannot pay the stick plays on without riichi."""
    declared = {0: 0, 1: 0, 2: 0}
    for i in range(40):
        play = play_hand(Wall.shuffled(random.Random(f"pts/{i}")), TENHOU, dealer=0, round_wind=0,
                         bots=[make("greedy")] * 3, riichi_allowed=(True, False, True), check=True)
        for r in play.kyoku.riichi:
            declared[r.seat] += 1
        assert not any(type(e) is Discard and e.seat == 1 and e.riichi for e in play.events)
    assert declared[1] == 0 and declared[0] + declared[2] > 0


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_keeps_the_matches_finished_so_far(workers):
    s = SR.setup(TENHOU, schemes=("tsumo-loss",), bots="greedy", seed="stop")
    seen = []

    def advance(n):
        seen.append(n)
        if len(seen) == 5:
            raise KeyboardInterrupt

    done, interrupted = SR.collect(s, 40, want_tally=True, workers=workers, advance=advance)
    assert interrupted and [r.index for r in done] == list(range(len(done))) and 5 <= len(done) < 40
    full, _ = SR.collect(s, len(done), want_tally=True, workers=1)
    assert [r.schemes for r in full] == [r.schemes for r in done]  # the same matches as an unbroken run


def test_plot_is_well_formed_svg(tmp_path):
    import xml.etree.ElementTree as ET

    plot = tmp_path / "p.svg"
    result = runner.invoke(app, ["compare", "--matches", "4", "--schemes", "all", "--plot", str(plot), "--workers", "1"])
    assert result.exit_code == 0, result.output
    root = ET.parse(plot).getroot()
    assert root.tag.endswith("svg")
    labels = [el.text for el in root.iter() if el.tag.endswith("text")]
    assert all(name in labels for name in R.SCHEMES)


def test_plot_file_is_checked_without_being_left_behind(tmp_path, monkeypatch):
    from calc.sim import commands

    plot = tmp_path / "points.svg"
    commands.prepare_compare(matches=2, seed=1, length=None, rules="tenhou", bots="greedy", schemes="maru-dori",
                             plot=plot)
    assert not plot.exists()  # writable, and nothing written before the run
    existing = tmp_path / "old.svg"
    existing.write_text("kept")
    commands.prepare_compare(matches=2, seed=1, length=None, rules="tenhou", bots="greedy", schemes=None,
                             plot=existing)
    assert existing.read_text() == "kept"
    # Ctrl-C before any match finished: no picture, no empty file
    s = SR.setup(TENHOU, schemes=("tsumo-loss",), bots="greedy", seed="1")
    monkeypatch.setattr(SR, "stream", lambda *a, **k: (0, True))
    commands.compare(s, 3, as_json=True, plot=plot, workers=1)
    assert not plot.exists()
    result = runner.invoke(app, ["compare", "--matches", "2", "--plot", str(tmp_path / "no" / "p.svg")])
    assert result.exit_code == 1 and "--plot" in result.output and "cannot write there" in result.output
    assert not (tmp_path / "no").exists()


# --- compare's estimators -----------------------------------------------------------------------------
def _result(points=(0.0, 0.0, 0.0), ranks=(1, 2, 3), dealer=(0, 1), tsumo=(0, 0), ron=(0, 0), hands=8, bust=False,
            extension=False) -> SR.SchemeResult:
    return SR.SchemeResult(points, ranks, (35000,) * 3, dealer[0], dealer[1], tsumo[0], tsumo[1], ron[0], ron[1],
                           hands, bust, extension)


def _flatten(x):
    if isinstance(x, list):
        return [y for item in x for y in _flatten(item)]
    return [x]


def test_every_paired_difference_is_the_difference_of_the_headline_figures():
    """One estimator for the headline and its difference (compare.py): the difference column can never
    contradict the figures beside it, e.g. dealer income per dealership, pooled over every dealership."""
    result = runner.invoke(app, ["compare", "--matches", "12", "--seed", "5", "--schemes", "all", "--json",
                                 "--workers", "1"])
    data = json.loads(result.output)["schemes"]
    base = data["tsumo-loss"]
    checked = 0
    for name, figures in data.items():
        if name == "tsumo-loss":
            continue
        for key, diffs in figures["versus_baseline"].items():
            for d, mine, theirs in zip(_flatten(diffs), _flatten(figures[key]), _flatten(base[key])):
                assert d["mean"] == pytest.approx(mine - theirs, abs=1e-9), (name, key)
                assert d["low"] <= d["mean"] <= d["high"], (name, key)
                checked += 1
    assert checked == 7 * (3 + 9 + 6)  # 7 schemes: 3 seats, 3 x 3 rank rates, 6 more figures


def test_paired_intervals_of_means_and_pooled_ratios():
    from calc.sim.compare import Comparison

    base = [_result(dealer=(1000, 1), bust=True, hands=8), _result(dealer=(0, 2), hands=9),
            _result(dealer=(2000, 1), extension=True, hands=10)]
    other = [_result(dealer=(1500, 1), bust=True, hands=7), _result(dealer=(0, 2), bust=True, hands=9),
             _result(dealer=(2000, 1), hands=8)]
    c = Comparison.of({"tsumo-loss": base, "maru-dori": other})
    f, d = c.scheme_figures("maru-dori"), c.differences("maru-dori")
    # pooled: 3500 over 4 dealerships, not the mean of per-match ratios (1166.7)
    assert f["dealer_income_per_dealership"] == 875.0
    assert c.scheme_figures("tsumo-loss")["dealer_income_per_dealership"] == 750.0
    # delta method: influences (a_i - r b_i) / mean(b): differences 281.25, -187.5, -93.75
    assert d["dealer_income_per_dealership"]["mean"] == pytest.approx(125.0)
    half = 1.96 * (123046.875 / 2) ** 0.5 / 3 ** 0.5
    assert d["dealer_income_per_dealership"]["low"] == pytest.approx(125.0 - half)
    assert d["dealer_income_per_dealership"]["high"] == pytest.approx(125.0 + half)
    # 0/1 per match: per-match differences 0, 1, 0 (bust) and 0, 0, -1 (extension)
    half01 = 1.96 * (1 / 3) ** 0.5 / 3 ** 0.5
    assert d["bust_rate"] == pytest.approx({"mean": 1 / 3, "low": 1 / 3 - half01, "high": 1 / 3 + half01})
    assert d["extension_round_rate"] == pytest.approx({"mean": -1 / 3, "low": -1 / 3 - half01, "high": -1 / 3 + half01})
    # hands: differences -1, 0, -2 -> mean -1, sd 1
    assert d["hands_per_match"] == pytest.approx({"mean": -1.0, "low": -1 - 1.96 / 3 ** 0.5, "high": -1 + 1.96 / 3 ** 0.5})
    assert d["rank_rates"][0][0] == {"mean": 0.0, "low": 0.0, "high": 0.0}


def test_tsumo_share_of_ron_is_pooled_with_a_delta_method_interval():
    from calc.sim.compare import Comparison

    c = Comparison.of({"tsumo-loss": [_result(tsumo=(6000, 2), ron=(8000, 2)), _result(tsumo=(0, 0), ron=(3000, 1))],
                       "double-take": [_result(tsumo=(12000, 2), ron=(8000, 2)), _result(tsumo=(0, 0), ron=(3000, 1))]})
    # (6000/2) / (11000/3) and (12000/2) / (11000/3): a match with no tsumo still counts its ron wins
    assert c.scheme_figures("tsumo-loss")["tsumo_share_of_ron"] == pytest.approx(9 / 11)
    assert c.scheme_figures("double-take")["tsumo_share_of_ron"] == pytest.approx(18 / 11)
    d = c.differences("double-take")["tsumo_share_of_ron"]
    assert d["mean"] == pytest.approx(9 / 11)
    assert d["low"] < d["mean"] < d["high"]


def test_points_sd_is_the_spread_of_every_final_point():
    from calc.sim.compare import Comparison

    c = Comparison.of({"tsumo-loss": [_result(points=(30.0, 0.0, -30.0)), _result(points=(60.0, -20.0, -40.0))]})
    # about the mean of zero: sqrt((900 + 900 + 3600 + 400 + 1600) / 6)
    assert c.scheme_figures("tsumo-loss")["points_sd"] == pytest.approx((7400 / 6) ** 0.5)


def _random_counts(rng: random.Random, size: int, near_complete: bool) -> list[int]:
    """`size` sanma tiles: uniformly drawn, or built from sets and a pair (then some swapped) so that
    complete and tenpai hands are common."""
    from calc.sim.wall import sanma_ids

    kinds = sorted({t // 4 for t in sanma_ids()})
    while True:
        c = [0] * 34
        if near_complete:
            form = rng.random()
            if form < 0.1:
                for v in rng.sample(kinds, 7):
                    c[v] += 2
            elif form < 0.15:
                for v in T_YAOCHUU:
                    c[v] += 1
                c[rng.choice(T_YAOCHUU)] += 1
            else:
                c[rng.choice(kinds)] += 2
                while sum(c) < 14:
                    v = rng.choice(kinds)
                    if rng.random() < 0.5 or v >= 27 or v % 9 > 6:
                        c[v] += 3
                    else:
                        for w in (v, v + 1, v + 2):
                            c[w] += 1
            for _ in range(rng.choice((0, 0, 1, 2))):
                held = [v for v in kinds if c[v]]
                c[rng.choice(held)] -= 1
                c[rng.choice(kinds)] += 1
        else:
            for v in rng.sample([t // 4 for t in sanma_ids()], 14):
                c[v] += 1
        while sum(c) > size:
            c[rng.choice([v for v in kinds if c[v]])] -= 1
        if max(c) <= 4 and all(c[v] == 0 for v in range(34) if v not in kinds):
            return c


T_YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _decompose_complete(c: list[int]) -> bool:
    from calc.scoring.readings import is_seven_pairs, is_thirteen_orphans, standard_readings

    key = tuple(c)
    return bool(standard_readings(key)) or is_seven_pairs(key) or is_thirteen_orphans(key)


def test_shanten_completeness_and_waits_agree_with_calc_decompose():
    """The fast yes / no tables (kept for speed, see calc/scoring/shanten.py) against the
    evaluator's readings, and the round's tenpai at a draw, on 3000 seeded hands."""
    from calc.core import tiles as TT

    rng = random.Random("decompose")
    complete = tenpai = 0
    for i in range(3000):
        c = _random_counts(rng, 14, near_complete=i % 4 != 0)
        assert S.is_complete(c) == _decompose_complete(c), c
        assert (S.shanten(c, 0) == -1) == _decompose_complete(c), c
        complete += S.is_complete(c)
        held = [v for v in range(34) if c[v]]
        c[rng.choice(held)] -= 1
        expected = []
        for w in range(34):
            if c[w] < 4 and TT.is_sanma_tile(w):
                c[w] += 1
                if _decompose_complete(c):
                    expected.append(w)
                c[w] -= 1
        assert S.waits(c) == tuple(expected), c
        assert S.tenpai_at_draw(c, [], "concealed") == S.tenpai_at_draw(c, [], "anywhere") == bool(expected), c
        # shanten counts shape only: a tanki on a tile held four times is 0 with no wait (test_waits)
        assert S.shanten(c, 0) == 0 if expected else S.shanten(c, 0) >= 0 and (
            S.shanten(c, 0) > 0 or any(c[w] == 4 for w in range(34))), c
        tenpai += bool(expected)
    assert complete > 800 and tenpai > 1000  # the generator reaches the interesting hands


def test_per_suit_tables_agree_with_the_mahjong_package_shanten():
    """The per-suit tables (calc/scoring/shanten.py) against an independent shanten (the `mahjong`
    package's standard form) on 1,000 seeded hands of 0-3 melds: the hand's shanten, each discard's
    (`discard_shanten`, what the bots weigh) and the tiles that take it one step closer (`improving`).
    Hands hold at most three of a tile: ours counts shape only (a tanki on one's own fourth copy is
    tenpai, see test_shanten), the package counts such a hand one step further."""
    from mahjong.shanten import Shanten

    from calc.core import tiles as TT

    oracle = Shanten().calculate_shanten_for_regular_hand
    rng = random.Random("tables")
    for i in range(1000):
        melds = rng.choice((0, 0, 1, 2, 3))
        c = _random_counts(rng, 14, near_complete=i % 3 != 0)
        size = 14 - 3 * melds
        while sum(c) > size or max(c) > 3:
            c[rng.choice([v for v in range(34) if c[v] and (c[v] > 3 or max(c) <= 3)])] -= 1
        while sum(c) < size:
            c[rng.choice([v for v in range(34) if c[v] < 3 and TT.is_sanma_tile(v)])] += 1
        assert S.standard_shanten(c, melds) == oracle(c), (c, melds)
        for value, s in S.discard_shanten(c, melds):
            c[value] -= 1
            assert s == oracle(c), (c, melds, value)
            c[value] += 1
        c[rng.choice([v for v in range(34) if c[v]])] -= 1  # 3k+1 tiles
        s = S.standard_shanten(c, melds)
        expected = []
        for t in range(34):
            if TT.is_sanma_tile(t) and c[t] < 3:
                c[t] += 1
                if oracle(c) < s:
                    expected.append(t)
                c[t] -= 1
        assert [t for t in S.improving(c, melds, s) if c[t] < 3] == expected, (c, melds)
