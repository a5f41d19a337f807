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
from calc.sim.realism import realism_dict, realism_text
from calc.sim.compare import BASELINE, Comparison
from calc.sim.report import compare_dict, compare_svg, compare_text, simulate_dict, simulate_text
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
    return SR.setup(profile, schemes=(profile.payment.scheme_def,), bots=bots, seed=str(seed), length=length,
                    save=str(save) if save is not None else None, save_format=save_format)


def simulate(s: SR.Setup, matches: int, *, as_json: bool, workers: int | None = None,
             advance: Advance | None = None) -> tuple[str | dict, bool]:
    """(the output, whether Ctrl-C cut the run short)."""
    results, interrupted = SR.collect(s, matches, want_tally=True, workers=workers, advance=advance)
    tally = Tally(players=s.rules.game.players)
    for r in results:
        tally.add(r.tally)
    ref = truth.reference()
    simulated = tally.figures()
    line = setup_line("simulate", s, matches, len(results))
    if as_json:
        setup = {"matches": matches, "finished": len(results), "seed": s.seed, "length": s.rules.match.length,
                 "bots": s.bots, "rules": s.rules.name, "scheme": s.rules.payment.scheme,
                 "saved": [r.saved for r in results if r.saved]}
        out = simulate_dict(setup, simulated, ref["figures"], ref["source"], interrupted)
        out["realism"] = realism_dict(simulated, ref, length=s.rules.match.length, rules_name=s.rules.name,
                                      tallies=[r.tally for r in results])
        return out, interrupted
    text = simulate_text(line, simulated, ref["figures"], ref["source"], interrupted, length=s.rules.match.length,
                         rules_name=s.rules.name)
    text += "\n\n" + realism_text(simulated, ref, length=s.rules.match.length, rules_name=s.rules.name,
                                  bots=s.bots, tallies=[r.tally for r in results], yaku=False,
                                  width=layout.NARROWEST)  # the yaku are in the table above
    if s.save is not None:
        from calc.logs.formats import BY_NAME

        text += f"\nsaved {len(results)} {BY_NAME[s.save_format].title} records in {s.save}"
        if s.save_format == "mjai":
            text += f" (`sanma replay --rules {s.rules.name}` checks them under this profile)"
        elif s.rules.name != "tenhou":
            # the records carry this profile's amounts; `sanma replay` always settles by Tenhou's rules
            text += f" (amounts under profile {s.rules.name}: `sanma replay` checks them against Tenhou's rules)"
    return text, interrupted


def prepare_compare(*, matches: int, seed: int, length: str | None, rules: str, bots: str,
                    schemes: str | None, plot: Path | None, workers: int | None = None) -> SR.Setup:
    profile = R.load(rules)
    chosen = SR.parse_schemes(schemes, profile)
    SR.validate(matches, bots, chosen, length, workers, rules=profile)
    if plot is not None:
        if plot.suffix.lower() != ".svg":
            raise SR.SimInputError(f"--plot {plot}: the picture is written as SVG; give a .svg file name")
        _check_writable(plot)
    return SR.setup(profile, schemes=chosen, bots=bots, seed=str(seed), length=length)


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


def compare(s: SR.Setup, matches: int, *, as_json: bool, plot: Path | None, workers: int | None = None,
            advance: Advance | None = None, width: int | None = None) -> tuple[str | dict, bool]:
    """(the output, whether Ctrl-C cut the run short)."""
    results, interrupted = SR.collect(s, matches, want_tally=True, workers=workers, advance=advance)
    c = Comparison(s.names, s.rules.game.players)
    tally = Tally(players=s.rules.game.players)  # the hands' statistics, under the baseline (Tenhou's own scheme)
    for r in results:
        c.add(r)
        tally.add(r.tally)
    line = setup_line("compare", s, matches, len(results))
    if plot is not None and results:
        plot.write_text(compare_svg(c, line), encoding="utf-8")
    ref = truth.reference()
    length = s.rules.match.length
    if as_json:
        out = compare_dict(c, {"matches": matches, "finished": len(results), "seed": s.seed, "length": length,
                               "bots": s.bots, "rules": s.rules.name, "games": "simulated"}, interrupted,
                           length=length)
        out["realism"] = realism_dict(tally.figures(), ref, length=length, rules_name=s.rules.name,
                                      tallies=[r.tally for r in results])
        return out, interrupted
    text = compare_text(line, c, interrupted, length=length, width=width)
    text += "\n\n" + realism_text(tally.figures(), ref, length=length, rules_name=s.rules.name, bots=s.bots,
                                  tallies=[r.tally for r in results], width=width)
    return text, interrupted


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
    return SR.setup(profile, schemes=chosen, bots=bots, seed=str(seed), as_played=True), games


def scheme_check(s: SR.Setup, games, matches: int, *, as_json: bool, workers: int | None = None,
                 advance: Advance | None = None, width: int | None = None) -> tuple[str | dict, bool]:
    """The simulated matches' scheme figures and effects against the real games' (calc.sim.scheme_check)."""
    from calc.sim import breakdown as HB
    from calc.sim import scheme_check as SC

    results, interrupted = SR.collect(s, matches, want_tally=False, workers=workers, advance=advance)
    if len(results) < CHECK_LEAST:  # interrupted that early
        raise SR.SimInputError(f"interrupted after {len(results)} of {matches} matches: the check needs at least "
                               f"{CHECK_LEAST}")
    c = Comparison(s.names, s.rules.game.players)
    for r in results:
        c.add(r)
    rows = SC.check(c, games.comparison)
    real_hands = sum((HB.HandsBreakdown.of_match(g[s.names[0]].rows) for g in games.settled), HB.HandsBreakdown())
    simulated_hands = sum((r.breakdown for r in results), HB.HandsBreakdown())
    income = {scheme: (sum((HB.DealerIncome.of_match(g[scheme].rows) for g in games.settled), HB.DealerIncome()),
                       sum((r.dealer_income[scheme] for r in results), HB.DealerIncome())) for scheme in s.names}
    line = (f"compare: {setup_line('simulated', s, matches, len(results))[len('simulated: '):]}, against "
            f"{games.comparison.matches} real games; every scheme settles the {s.names[0]} hands as played")
    if as_json:
        out = {"setup": {"matches": matches, "finished": len(results), "seed": s.seed, "bots": s.bots,
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
