"""A report a club can show: intervals that never contradict their verdict, one meaning of
"points", grammar for one game, simulated logs not called real games, what many intervals at once
mean, what each scheme pays, colour only where a difference is told, the realism caveat."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from calc.cli.app import app
from calc.sim.compare import Comparison, bounds
from calc.sim.findings import findings, summary
from calc.sim.run import SchemeResult

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def _result(points, bust=False, extension=False, hands=8) -> SchemeResult:
    ranks = tuple(sorted(range(3), key=lambda s: -points[s]).index(s) + 1 for s in range(3))
    return SchemeResult(tuple(points), ranks, (35000, 35000, 35000), 1000, 1, 0, 0, 1000, 1, hands, bust, extension)


@pytest.mark.parametrize("low, high, digits, signed, shown", [
    (-0.0221, -0.0004, 1, True, ("-0.0221", "-0.0004")),  # a told interval: never an end of 0.0
    (0.04, 0.91, 1, False, ("0.04", "0.91")),
    (0.04, 0.905, 1, False, ("0.04", "0.91")),
    (-0.04, 0.91, 1, False, ("-0.1", "1.0")),  # holds zero: rounded outward at its own digits
    (12.6, 100.2, 0, False, ("12", "101")),
])
def test_an_interval_is_rounded_outward_and_a_told_one_stays_clear_of_zero(low, high, digits, signed, shown):
    assert bounds(low, high, digits, signed=signed) == shown


def test_a_told_clause_never_prints_an_end_of_zero():
    """'3.8% of matches go into the West round instead of 4.9% [-2.2, -0.0 points]' was printed
    for an interval that excludes zero."""
    base = [_result((10.0, 0.0, -10.0), extension=True) for _ in range(400)]
    other = [_result((10.0, 0.0, -10.0), extension=k >= 4) for k in range(400)]
    c = Comparison.of({"tsumo-loss": base, "north-split": other})
    d = c.differences("north-split")["extension_round_rate"]
    assert d["high"] < 0 and round(100 * d["high"], 1) == 0.0  # told, its end rounding to zero at one digit
    text = summary("north-split", findings(c, "north-split"))
    clause = re.search(r"go into the West round instead of 100% \[([^\]]*)\]", text).group(1)
    assert clause.split(", ")[1].startswith("-0.0") and clause.split(", ")[1] != "-0.0 percentage points"
    assert "-0.0," not in clause and not clause.endswith("-0.0 percentage points")
    assert clause.endswith("percentage points")


def test_points_say_which_points():
    base = [_result((10.0 + k % 3, 0.0, -10.0 - k % 3)) for k in range(30)]
    other = [_result((20.0 + k % 3, 0.0, -20.0 - k % 3), bust=k % 2 == 0) for k in range(30)]
    text = summary("north-split", findings(Comparison.of({"tsumo-loss": base, "north-split": other}), "north-split"))
    assert "the first dealer (seat 0) ends 10.0 final points higher" in text
    assert "percentage points]" in text  # the bust rate's difference
    assert re.search(r"\d points? (higher|lower)", text) is None


def test_plural_seats_move():
    base = [_result((1.0 * (k % 5), 0.0, -1.0 * (k % 5))) for k in range(20)]
    other = [_result((1.0 * ((k + 1) % 5), 0.5 * (k % 2), -1.0 * ((k + 1) % 5) - 0.5 * (k % 2))) for k in range(20)]
    found = findings(Comparison.of({"tsumo-loss": base, "north-split": other}), "north-split")
    seats = next(f for f in found if f.figure == "mean_points" and not f.tells)
    assert seats.plural and seats.text.endswith(") move")


def test_one_game_is_one_game_and_simulated_logs_are_not_real_games(tmp_path):
    result = runner.invoke(app, ["compare", "--logs", str(ROOT / "examples" / "logs"), "--schemes", "north-split"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert said.startswith("compare: 1 real game (")
    assert "(the one game; paired 95%" in said and "the same 1 games" not in said
    saved = tmp_path / "saved"
    assert runner.invoke(app, ["simulate", "--matches", "2", "--seed", "3", "--workers", "1", "--save",
                               str(saved)]).exit_code == 0
    simulated = runner.invoke(app, ["compare", "--logs", str(saved), "--schemes", "north-split"])
    assert simulated.exit_code == 0, simulated.output
    assert " ".join(simulated.output.split()).startswith("compare: 2 simulated games from logs (")


def test_the_text_says_what_many_intervals_at_once_mean():
    result = runner.invoke(app, ["compare", "--matches", "3", "--seed", "1", "--workers", "1", "--schemes",
                                 "north-split,maru-dori"])
    assert result.exit_code == 0, result.output
    assert "Each bracket is a 95% interval on its own: of the 18 differences judged here, about 0.9 would be " \
           "called certain by chance alone" in " ".join(result.output.split())


def test_table_shows_what_each_scheme_pays_side_by_side():
    result = runner.invoke(app, ["table", "--rules", "tenhou", "--schemes",
                                 f"tsumo-loss,ron-adjust,{ROOT / 'examples' / 'north-halves-500.yaml'}"])
    assert result.exit_code == 0, result.output
    rows = {tuple(line.split()[:3]) for line in result.output.splitlines()}
    lines = [" ".join(line.split()) for line in result.output.splitlines()]
    assert "tsumo-loss non-dealer tsumo 2000/4000 = 6000 300/500 = 800" in lines
    assert "ron-adjust non-dealer ron 6000 800" in lines  # ron-adjust changes the ron
    assert "north halves in 500s non-dealer tsumo 3000/5000 = 8000 500/1000 = 1500" in lines  # its title, not a path
    assert rows and "examples/" not in result.output
    both = runner.invoke(app, ["table", "--scheme", "maru-dori", "--schemes", "all"])
    assert both.exit_code == 2


def test_the_page_colours_only_told_differences_and_carries_the_caveat_and_payments(tmp_path):
    html = tmp_path / "club.html"
    result = runner.invoke(app, ["compare", "--matches", "4", "--seed", "1", "--workers", "1", "--schemes",
                                 f"north-split,{ROOT / 'examples' / 'north-halves-500.yaml'}", "--html", str(html)])
    assert result.exit_code == 0, result.output
    page = html.read_text(encoding="utf-8")
    figures = page.split("<h2>Figures per scheme</h2>", 1)[1].split("<h2>", 1)[0]
    assert 'class="num pos"' not in figures and 'class="num neg"' not in figures  # a level is no difference
    assert "<h2>What each scheme pays</h2>" in page and "north halves in 500s" in page
    assert str(ROOT) not in page  # schemes by their titles, never their paths
    assert "<h2>How far the bots play like people</h2>" in page and "bots' play, not people's" in page
    assert "percentage points" in page and "final points" in page


def test_seats_count_from_zero_in_every_csv():
    """A club joins compare's CSV with replay's and settle's: seat 0, the first dealer, in each."""
    import csv
    import io

    compared = runner.invoke(app, ["compare", "--matches", "2", "--seed", "1", "--workers", "1", "--schemes",
                                   "north-split", "--csv"])
    replayed = runner.invoke(app, ["replay", str(ROOT / "examples" / "logs" / "2026011603gm-00b9-0000-36cf9559.xml"),
                                   "--all-schemes", "--csv"])
    settled = runner.invoke(app, ["settle", str(ROOT / "examples" / "match.yaml"), "--all-schemes", "--csv"])
    for result in (compared, replayed, settled):
        assert result.exit_code == 0, result.output
        rows = list(csv.DictReader(io.StringIO(result.stdout)))
        assert {row["seat"] for row in rows} == {"0", "1", "2"}
    # no binary noise in compare's figures (a mean of final points was written -0.08000000000000043)
    numbers = [cell for row in list(csv.reader(io.StringIO(compared.stdout)))[1:] for cell in row[2:] if cell]
    assert numbers and all(len(cell.lstrip("-").replace(".", "")) <= 13 for cell in numbers), numbers
    assert "seat 0 deals first" in runner.invoke(app, ["compare", "--matches", "2", "--seed", "1", "--workers", "1",
                                                       "--schemes", "north-split"]).output


def test_the_box_plots_axis_fits_the_points():
    """Final points within a point of 0 (a short run, or a scheme tried on few games): the axis is
    scaled to them, so boxes half a point apart are drawn apart, not lost on an axis of ±20 points."""
    from calc.sim.report import compare_svg

    spread = (-0.6, -0.2, 0.0, 0.2, 0.6)
    base = [_result((v, -v / 2, -v / 2)) for v in spread]
    moved = [_result((v + 0.5, -v / 2 - 0.25, -v / 2 - 0.25)) for v in spread]  # seat 0 half a point up
    svg = compare_svg(Comparison.of({"tsumo-loss": base, "north-split": moved}), "points")
    ticks = [float(t.replace("+", "")) for t in re.findall(r'<text class="tick"[^>]*>([^<]*)</text>', svg)]
    assert 0.0 in ticks and max(ticks) - min(ticks) <= 3, ticks
    # each seat's median line: seat 0's half point is some 40 pixels at the 850-pixel axis' scale
    medians = [float(x) for x in re.findall(r'<line x1="([\d.]+)" y1="[\d.]+" x2="\1" y2="[\d.]+" stroke="#\w+" '
                                           r'stroke-width="2"/>', svg)]
    assert len(medians) == 6 and medians[3] - medians[0] >= 40, medians
    # and a long run's ±40 points, in steps of 10 with a step to spare at each end
    wide = [_result((v, -v / 2, -v / 2)) for v in (-40.0, -10.0, 0.0, 10.0, 40.0)]
    svg = compare_svg(Comparison.of({"tsumo-loss": wide}), "points")
    ticks = [t for t in re.findall(r'<text class="tick"[^>]*>([^<]*)</text>', svg)]
    assert ticks == ["-50", "-40", "-30", "-20", "-10", "0", "+10", "+20", "+30", "+40", "+50"], ticks
