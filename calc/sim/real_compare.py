"""`sanma compare --logs`: the scheme comparison on real games.

Every game is replayed (calc.logs.replay) and its hands, as played, are settled under each scheme
(`resettle`): the same hands under every scheme, so differences are paired game by game exactly as
the simulated comparison pairs its matches. A scheme whose scores end a game earlier (a bust, an
agari-yame, the end of the extension round) ends it there; a game that would go on past the log's
last hand under a scheme is counted as it stands after that hand (the players stopped playing).

What real games can tell and simulation cannot: the hands are the hands people played, with their
real share and size of tsumo wins. What they cannot tell: under another scheme the players would
have played differently (pushed, folded, called, chased tsumo), which only a simulation with bots
can model; and 201 games give wide intervals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from calc.core import layout
from calc.core import rules as R
from calc.core.errors import SanmaError
from calc.core.schemes import Scheme
from calc.logs import NotALog
from calc.logs.batch import Once, expand, identity, no_logs_text, read, skipped_text
from calc.logs.replay import replay, resettle
from calc.sim import run as SR
from calc.sim.compare import Comparison
from calc.sim.report import compare_svg, compare_text
from calc.sim.results import ComparisonResult


class RealCompareError(SanmaError):
    """Bad input to `sanma compare --logs`: no files, or a file that is not a readable sanma log."""


@dataclass
class RealGames:
    comparison: Comparison
    files: list[str]
    went_on: dict[str, int] = field(default_factory=dict)  # games that would go on after the log's last hand
    ended_early: dict[str, int] = field(default_factory=dict)  # games this scheme ends before the log's last hand
    settled: list[dict] = field(default_factory=list)  # per game: scheme -> Settled (its ledger rows)
    results: list[dict] = field(default_factory=list)  # per game: scheme -> SchemeResult
    skipped: list[str] = field(default_factory=list)  # files in the folders that are not logs (a README)
    once: Once = field(default_factory=Once)  # each game counted once, however often it is given
    simulated: int = 0  # games written by `sanma simulate --save` (played by bots, not people)


def gather(paths: list[Path], schemes: tuple[str | Scheme, ...], rules: str = "tenhou",
           per_match: Path | None = None) -> RealGames:
    """Replay and settle every game under each scheme; the first bad file stops with its name.
    `paths`: files, folders, archives, or Tenhou game ids and links (downloaded once, then read from
    the cache as `sanma replay` does). `per_match`: a file that gets each game's row under each
    scheme (calc.sim.per_match)."""
    from calc.logs import fetch

    local, errors = fetch.resolve(paths)
    if errors:
        raise RealCompareError(errors[0])  # a comparison needs every game it was given
    found = expand(local)
    if not found.logs:
        raise RealCompareError(f"--logs: {no_logs_text([str(f) for f in found.skipped])}")
    base = R.load(rules)
    names = tuple([base.with_scheme(scheme).payment.scheme for scheme in schemes])  # a name, a file, a Scheme
    c = Comparison(names, base.game.players)
    out = RealGames(c, [], {s: 0 for s in names}, {s: 0 for s in names},
                    skipped=[str(f) for f in found.skipped])
    for source in found.sources(out.skipped):
        path = source.name
        try:
            game = read(source, base)
        except NotALog:
            if not found.skip(path):
                raise  # named on the command line: an error
            out.skipped.append(path)  # a JSON or XML file of the folder that is no game record
            continue
        if not out.once.first_time(identity(game), path):
            continue
        out.files.append(path)
        out.simulated += game.players == SR.saved_names(len(game.players))
        if game.lobby.players != base.game.players:
            raise RealCompareError(f"{path}: a {game.lobby.players}-player game; the profile {base.name} "
                                   f"has {base.game.players} players")
        replayed = replay(game, str(path), base)
        settled = resettle(replayed, list(schemes))  # by the schemes' names
        results = {}
        for scheme in names:
            st = settled[scheme]
            results[scheme] = SR.scheme_result(st.rows, st.state, st.standings, st.ruleset)
            out.went_on[scheme] += not st.state.ended
            out.ended_early[scheme] += st.unplayed > 0
        c.add_results(results)
        out.settled.append(settled)
        out.results.append(results)
    if not out.files:
        raise RealCompareError(f"--logs: {no_logs_text(out.skipped)}")
    if per_match is not None:
        from calc.sim.per_match import PerMatchWriter

        writer = PerMatchWriter(per_match, base.game.players, ("game",))
        try:
            for path, results in zip(out.files, out.results):
                writer.write((path,), results)
        finally:
            writer.close()
    return out


def games_words(g: RealGames) -> str:
    """The games counted, as the text names them: real games, or games from logs that `sanma
    simulate --save` wrote (its bots' play, not people's)."""
    n = g.comparison.matches
    games = "game" if n == 1 else "games"
    if not g.simulated:
        return f"{n} real {games}"
    if g.simulated == n:
        return f"{n} simulated {games} from logs"
    return f"{n} {games} from logs ({g.simulated} of them simulated)"


def _setup_line(g: RealGames, rules: str) -> str:
    where = g.files[0] if len(g.files) == 1 else f"{len(g.files)} log files"
    return f"compare: {games_words(g)} ({where}), hands as played, profile {rules}"


def _notes(g: RealGames) -> list[str]:
    out = ["games from logs: the hands are fixed as played; under another scheme the players would have played "
           "differently, which only the simulated comparison (sanma compare --matches N) can model."]
    early = {s: n for s, n in g.ended_early.items() if n}
    if early:
        out.append("ended earlier by a scheme's scores (games): " + ", ".join(f"{s} {n}" for s, n in early.items()))
    went_on = {s: n for s, n in g.went_on.items() if n}
    if went_on:
        out.append("would have gone on past the log's last hand (games; standings after that hand): "
                   + ", ".join(f"{s} {n}" for s, n in went_on.items()))
    if g.skipped:
        out.append(skipped_text(g.skipped))
    again = g.once.note()
    if again is not None:
        out.append(again)
    return out


def result(g: RealGames, rules: str) -> ComparisonResult:
    """The comparison of the real games as a domain value (`--json`'s object is its to_dict())."""
    length = g.settled[0][g.comparison.schemes[0]].ruleset.match.length if g.settled else "hanchan"
    notes = {"ended_earlier": g.ended_early, "went_on": g.went_on, "skipped": g.skipped,
             "read_again": [{"file": again, "same_as": first} for again, first in g.once.again]}
    return ComparisonResult({"games": "real", "files": len(g.files), "rules": rules}, g.comparison, length=length,
                            unit="games", notes=notes)


def render(g: RealGames, *, rules: str, as_json: bool, plot: Path | None, width: int | None = None) -> str | dict:
    """The comparison as text within `width` terminal cells (None: as wide as it comes), or as JSON."""
    line = _setup_line(g, rules)
    compared = result(g, rules)
    if plot is not None:
        plot.write_text(compare_svg(g.comparison, line), encoding="utf-8")
    if as_json:
        return compared.to_dict()
    notes = [wrapped for note in _notes(g) for wrapped in layout.lines(note, width, "  ")]
    return "\n".join([compare_text(line, g.comparison, False, length=compared.length, width=width, unit="games"), "",
                      *notes])
