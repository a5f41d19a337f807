"""The work behind `sanma simulate` and `sanma compare`: check the input, run, render.

Everything the user can get wrong is refused before the first match is played.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from calc.core import layout

from calc.core import rules as R
from calc.core.schemes import Scheme
from calc.sim import run as SR
from calc.sim import truth
from calc.sim.compare import BASELINE
from calc.sim.realism import Spreads, not_held_text, realism_text
from calc.sim.report import compare_svg, compare_text, simulate_text
from calc.sim.results import ComparisonResult, SimulationResult
from calc.sim.stats import Tally

Advance = Callable[[int], None]
CHECK_LEAST = 2  # matches (and real games) the scheme check needs: each interval is read from their spread


def setup_line(what: str, s: SR.Setup, matches: int, done: int) -> str:
    ran = f"{done} of {matches}" if done != matches else f"{matches}"
    return (f"{what}: {ran} {s.rules.match.length} matches, seed {s.seed}, {s.bots} bots, "
            f"profile {s.rules.name}")


def prepare_simulate(*, matches: int, seed: int, length: str | None, rules: str, bots: str,
                     save: Path | None, workers: int | None = None, save_format: str = "tenhou6",
                     force: bool = False) -> SR.Setup:
    SR.validate(matches, bots, (), length, workers)
    profile = R.load(rules)
    if save is not None:
        from calc.logs.formats import BY_NAME  # loaded only by a run that saves its matches

        if save_format not in BY_NAME:
            raise SR.SimInputError(f"--format {save_format!r}: {' or '.join(BY_NAME)}")
        SR.check_save_dir(save, force)
    return SR.setup(profile, schemes=(profile.payment.scheme_def,), bots=bots, seed=seed, length=length,
                    save=str(save) if save is not None else None, save_format=save_format)


def _setup_dict(s: SR.Setup, matches: int, finished: int) -> dict:
    """A run's setup as its `--json` object says it."""
    return {"matches": matches, "finished": finished, "seed": s.seed, "length": s.rules.match.length, "bots": s.bots,
            "rules": s.rules.name}


def run_simulation(s: SR.Setup, matches: int, *, workers: int | None = None,
                   advance: Advance | None = None) -> SimulationResult:
    """The matches played, their statistics accumulated as they come (nothing of a match is kept)."""
    tally = Tally(players=s.rules.game.players)
    spreads = Spreads()
    saved: list[str] = []

    def each(r: SR.MatchResult) -> None:
        tally.add(r.tally)
        spreads.add(r.tally)
        if r.saved:
            saved.append(r.saved)

    finished, interrupted = SR.stream(s, matches, each, want_tally=True, workers=workers, advance=advance)
    setup = {**_setup_dict(s, matches, finished), "scheme": s.rules.payment.scheme, "saved": saved}
    return SimulationResult(setup, tally, spreads, interrupted)


def simulate(s: SR.Setup, matches: int, *, as_json: bool, workers: int | None = None,
             advance: Advance | None = None) -> tuple[str | dict, bool]:
    """(the output, whether Ctrl-C cut the run short)."""
    result = run_simulation(s, matches, workers=workers, advance=advance)
    if as_json:
        return result.to_dict(), result.interrupted
    ref = truth.reference()
    line = setup_line("simulate", s, matches, result.matches)
    text = simulate_text(line, result.figures, ref["figures"], ref["source"], result.interrupted,
                         length=s.rules.match.length, rules_name=s.rules.name)
    text += "\n\n" + _realism_text(result.figures, s, result.spreads, yaku=False,
                                   width=layout.NARROWEST)  # the yaku are in the table above
    if s.save is not None:
        from calc.logs.formats import BY_NAME

        text += f"\nsaved {result.matches} {BY_NAME[s.save_format].title} records in {s.save}"
        if s.save_format == "mjai":
            text += f" (`sanma replay --rules {s.rules.name}` checks them under this profile)"
        elif s.rules.name != "tenhou":
            # the records carry this profile's amounts; `sanma replay` always settles by Tenhou's rules
            text += f" (amounts under profile {s.rules.name}: `sanma replay` checks them against Tenhou's rules)"
    return text, result.interrupted


def _realism_text(figures: dict, s: SR.Setup, spreads: Spreads, *, yaku: bool = True,
                  width: int | None = None) -> str:
    """The realism check under the table, or why it is not made (bots not held to the real games)."""
    reason = not_held_text(s.bots)
    if reason is not None:
        return "\n".join(layout.lines(reason, width, "  "))
    return realism_text(figures, truth.reference(), length=s.rules.match.length, rules_name=s.rules.name,
                        bots=s.bots, spreads=spreads, yaku=yaku, width=width)


def prepare_compare(*, matches: int, seed: int, length: str | None, rules: str, bots: str,
                    schemes: str | None, plot: Path | None, workers: int | None = None) -> SR.Setup:
    profile = R.load(rules)
    chosen = SR.parse_schemes(schemes, profile)
    SR.validate(matches, bots, chosen, length, workers, rules=profile)
    if plot is not None:
        if plot.suffix.lower() != ".svg":
            raise SR.SimInputError(f"--plot {plot}: the picture is written as SVG; give a .svg file name")
        _check_writable(plot)
    return SR.setup(profile, schemes=chosen, bots=bots, seed=seed, length=length)


def prepare_real_compare(*, rules: str, schemes: str | None, plot: Path | None) -> tuple[Scheme, ...]:
    """The schemes of `sanma compare --logs`, checked like a simulated comparison's."""
    profile = R.load(rules)
    chosen = SR.parse_schemes(schemes, profile)
    SR.validate(1, SR.B.BOTS[0], chosen, None, rules=profile)
    if plot is not None:
        if plot.suffix.lower() != ".svg":
            raise SR.SimInputError(f"--plot {plot}: the picture is written as SVG; give a .svg file name")
        _check_writable(plot)
    return chosen


def _check_writable(path: Path) -> None:
    """Refuse an unwritable --plot before any work, leaving no file behind: the picture itself is
    written only once the run is over, so an interrupted run with nothing finished leaves nothing."""
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as e:
        raise SR.SimInputError(f"--plot {path}: cannot write there ({e.strerror})") from None
    if not existed:
        path.unlink()


def run_comparison(s: SR.Setup, matches: int, *, workers: int | None = None, advance: Advance | None = None,
                   per_match: Path | None = None) -> ComparisonResult:
    """The matches played and settled under every scheme, the comparison accumulated as they come
    (each match also written to `per_match` when given, then forgotten)."""
    from calc.sim.compare import Comparison

    c = Comparison(s.names, s.rules.game.players)
    tally = Tally(players=s.rules.game.players)  # the hands' statistics, under the baseline (Tenhou's own scheme)
    spreads = Spreads()
    writer = None
    if per_match is not None:
        from calc.sim.per_match import PerMatchWriter

        writer = PerMatchWriter(per_match, s.rules.game.players, ("seed", "match"))

    def each(r: SR.MatchResult) -> None:
        c.add(r)
        tally.add(r.tally)
        spreads.add(r.tally)
        if writer is not None:
            writer.write((s.seed, r.index), r.schemes)

    try:
        finished, interrupted = SR.stream(s, matches, each, want_tally=True, workers=workers, advance=advance)
    finally:
        if writer is not None:
            writer.close()
    return ComparisonResult({**_setup_dict(s, matches, finished), "games": "simulated"}, c, interrupted=interrupted,
                            length=s.rules.match.length, tally=tally, spreads=spreads)


def compare(s: SR.Setup, matches: int, *, as_json: bool, plot: Path | None, workers: int | None = None,
            advance: Advance | None = None, width: int | None = None,
            per_match: Path | None = None) -> tuple[str | dict, bool]:
    """(the output, whether Ctrl-C cut the run short)."""
    result = run_comparison(s, matches, workers=workers, advance=advance, per_match=per_match)
    line = setup_line("compare", s, matches, result.matches)
    if plot is not None and result.matches:
        plot.write_text(compare_svg(result.comparison, line), encoding="utf-8")
    if as_json:
        return result.to_dict(), result.interrupted
    return comparison_text(result, line, s, width=width), result.interrupted


def comparison_text(result: ComparisonResult, line: str, s: SR.Setup, *, width: int | None = None) -> str:
    """The text of a simulated comparison: the tables, what changes in words, the realism check."""
    text = compare_text(line, result.comparison, result.interrupted, length=result.length, width=width)
    if result.tally is not None:
        text += "\n\n" + _realism_text(result.tally.figures(), s, result.spreads, width=width)
    return text


def prepare_scheme_check(paths: list[Path], *, simulated: int, seed: int, rules: str, bots: str,
                         schemes: str | None, workers: int | None = None):
    """(the simulation's setup, the real games settled under each scheme) of `compare --logs PATH...
    --simulated N`: the input is checked, then the real games are read (a bad file stops here)."""
    from calc.sim import real_compare

    profile = R.load(rules)
    chosen = SR.parse_schemes(schemes, profile)
    SR.validate(simulated, bots, chosen, None, workers, rules=profile, flag="--simulated", least=CHECK_LEAST)
    games = real_compare.gather(paths, chosen, rules)
    if games.comparison.matches < CHECK_LEAST:
        raise real_compare.RealCompareError(f"--logs: the check needs at least {CHECK_LEAST} real games "
                                            f"({games.comparison.matches} given)")
    return SR.setup(profile, schemes=chosen, bots=bots, seed=seed, as_played=True), games


def scheme_check(s: SR.Setup, games, matches: int, *, as_json: bool, workers: int | None = None,
                 advance: Advance | None = None, width: int | None = None) -> tuple[str | dict, bool]:
    """The simulated matches' scheme figures and effects against the real games' (calc.sim.scheme_check)."""
    from calc.sim import breakdown as HB
    from calc.sim import scheme_check as SC

    from calc.sim.compare import Comparison

    c = Comparison(s.names, s.rules.game.players)
    simulated_hands = HB.HandsBreakdown()
    simulated_income = {scheme: HB.DealerIncome() for scheme in s.names}

    def each(r: SR.MatchResult) -> None:
        nonlocal simulated_hands
        c.add(r)
        simulated_hands = simulated_hands + r.breakdown
        for scheme in s.names:
            simulated_income[scheme] = simulated_income[scheme] + r.dealer_income[scheme]

    finished, interrupted = SR.stream(s, matches, each, want_tally=False, workers=workers, advance=advance)
    if finished < CHECK_LEAST:  # interrupted that early
        raise SR.SimInputError(f"interrupted after {finished} of {matches} matches: the check needs at least "
                               f"{CHECK_LEAST}")
    rows = SC.check(c, games.comparison)
    real_hands = sum((HB.HandsBreakdown.of_match(g[s.names[0]].rows) for g in games.settled), HB.HandsBreakdown())
    income = {scheme: (sum((HB.DealerIncome.of_match(g[scheme].rows) for g in games.settled), HB.DealerIncome()),
                       simulated_income[scheme]) for scheme in s.names}
    line = (f"compare: {setup_line('simulated', s, matches, finished)[len('simulated: '):]}, against "
            f"{games.comparison.matches} real games; every scheme settles the {s.names[0]} hands as played")
    if as_json:
        out = {"setup": {"matches": matches, "finished": finished, "seed": s.seed, "bots": s.bots,
                         "rules": s.rules.name, "real_games": games.comparison.matches},
               "interrupted": interrupted, "rows": SC.as_dict(rows),
               "disagree": sum(not r.agrees for r in rows),
               "hands": HB.as_dict(real_hands, simulated_hands),
               "dealer_income": {scheme: HB.dealer_income_dict(*sides) for scheme, sides in income.items()}}
        return out, interrupted
    check = SC.text(rows, line + (" (interrupted: the matches finished so far)" if interrupted else ""), width=width)
    parts = [check, HB.text(real_hands, simulated_hands, s.names[0], width=width)]
    # a missed level shows its scheme's parts; a missed effect (the scheme minus tsumo-loss) the baseline's too
    missed = {scheme for r in rows if r.figure == "dealer_income_per_dealership" and not r.agrees
              for scheme in ((r.scheme, BASELINE) if r.effect else (r.scheme,))}
    parts += [HB.dealer_income_text(scheme, *income[scheme], width=width) for scheme in s.names if scheme in missed]
    return "\n\n".join(parts), interrupted
