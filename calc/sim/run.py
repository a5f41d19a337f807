"""Whole matches: each hand's tile play simulated once, then settled under every scheme asked.

Luck is held equal across schemes: the k-th hand of match i always comes from the wall seeded by
(run seed, i, k). A hand's play depends on the table only through who deals, the round wind and
who may still afford a riichi stick (match.riichi_min_points), never on the scores themselves, so a
hand is simulated once per such situation and shared by every scheme that reaches it. The match
length and end depend on the scores, so hands are made lazily, as a scheme's match asks for them.

Runs use every core (`workers`), with results gathered in match order: the same seed gives the
same output whatever the number of processes.
"""

from __future__ import annotations

import gc
import os
import random
import signal
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, NamedTuple

from calc.table import match
from calc.core import rules as R
from calc.core import schemes as S
from calc.core.schemes import Scheme
from calc.core.errors import SanmaError, UsageError
from calc.core.workers import check as check_workers
from calc.core.workers import in_order
from calc.table.events import Abort, ExhaustiveDraw, Nagashi
from calc.table.play import Call, Nuki
from calc.sim import bots as B
from calc.sim import stress
from calc.sim.breakdown import DealerIncome, HandsBreakdown
from calc.sim.engine import HandPlay, SimError, play_hand
from calc.sim.stats import NOT_YAKU, Tally, limit_class
from calc.sim.wall import Wall

if TYPE_CHECKING:  # the log formats are loaded only to save
    from calc.logs.formats import MatchLog

MAX_HANDS = 200  # a match that has not ended by then is a bug in the flow rules, not a long game
# The most matches one run plays (--matches): what a run keeps does not grow with its matches
# (calc.sim.compare), but its time does (docs/simulate.md gives the rate `make bench` measures);
# more is a typo or a job for several seeds, whose comparisons pool.
MAX_MATCHES = 100_000


# The records here are NamedTuples: a dataclass has its methods generated at every start of the
# command, ~1 ms each (docs/benchmarks.md, start-up).
class Setup(NamedTuple):
    """What a simulation plays: the profile, the schemes compared, the bots, the seed, where to save."""

    rules: R.RuleSet  # the profile, its match length set; the scheme is the first of `schemes`
    schemes: tuple[Scheme, ...]  # as calc.core.schemes.resolve read them: each known by its name
    bots: str
    seed: int | str  # as given: the walls are seeded by its text
    check: bool = False
    save: str | None = None  # a directory for records of the first scheme's matches
    save_format: str = "tenhou6"  # their format's name in calc.logs.formats
    # every scheme after the first settles the first's hands as played, as `compare --logs` settles
    # real games (calc.sim.scheme_check): no scheme's play of its own, no hand after the first's last
    as_played: bool = False

    @property
    def names(self) -> tuple[str, ...]:
        """The schemes' names, in order: how the results and every report know them."""
        return tuple([scheme.name for scheme in self.schemes])


def setup(rules: R.RuleSet, *, schemes: tuple[str | Scheme, ...], bots: str, seed: int | str,
          length: str | None = None,
          check: bool = False, save: str | None = None, save_format: str = "tenhou6",
          as_played: bool = False) -> Setup:
    """`schemes`: as parse_schemes read them, or names (the built-in ones, the profile's own)."""
    if length is not None and length != rules.match.length:
        rules = rules._replace(match=rules.match._replace(length=length))
    chosen = tuple([rules.with_scheme(scheme).payment.scheme_def for scheme in schemes])
    return Setup(rules, chosen, bots, seed, check, save, save_format, as_played)


class Hands:
    """The hands of one match, made on demand and shared by the schemes."""

    def __init__(self, s: Setup, index: int) -> None:
        self.s = s
        self.index = index
        self.bots = [B.make(s.bots) for _ in range(s.rules.game.players)]
        self.cache: dict[tuple, HandPlay] = {}

    def get(self, k: int, state: match.MatchState) -> HandPlay:
        rules = self.s.rules
        allowed = tuple(score >= rules.match.riichi_min_points for score in state.scores)
        standing = self.bots[0].standing(state.scores)
        key = (k, state.round_wind, state.dealer, allowed, standing)
        play = self.cache.get(key)
        if play is None:
            rng = random.Random(f"{self.s.seed}/{self.index}/{k}")
            if self.s.bots == stress.NAME:  # the stress table stacks its deals (calc.sim.stress)
                wall = stress.wall(rng, state.dealer, rules.game.players, last_hand=match.is_last_hand(state, rules))
            else:
                wall = Wall.shuffled(rng)
            play = play_hand(wall, rules, dealer=state.dealer, round_wind=state.round_wind, bots=self.bots,
                             riichi_allowed=allowed, standing=standing, check=self.s.check)
            self.cache[key] = play
        return play


class MatchRun(NamedTuple):
    """One simulated match settled under one scheme: its ledger and the hands as played."""

    scheme: str
    rows: list[match.LedgerRow]
    plays: list[HandPlay]
    state: match.MatchState
    standings: tuple[match.Standing, ...]


def settle_as_played(played: MatchRun, rules: R.RuleSet) -> MatchRun:
    """Another scheme's match on the hands of `played`, in their order: it ends where its own
    scores end it, or stands after the last of them (calc.logs.replay.resettle does the same with a
    real game's hands). Riichi stand as played, whatever the scheme's scores."""
    state = match.start(rules)
    rows, plays = [], []
    for play in played.plays:
        state, row = match.apply(state, play.kyoku, rules, check_riichi=False)
        rows.append(row)
        plays.append(play)
        if state.ended:
            break
    return MatchRun(rules.payment.scheme, rows, plays, state, match.tally(state, rules))


def play_match(hands: Hands, rules: R.RuleSet) -> MatchRun:
    state = match.start(rules)
    total = match.total(state, rules)
    rows, plays = [], []
    while not state.ended:
        if len(rows) >= MAX_HANDS:
            raise SimError(f"match {hands.index} has not ended after {MAX_HANDS} hands")
        play = hands.get(len(rows), state)
        state, row = match.apply(state, play.kyoku, rules)
        if hands.s.check and match.total(state, rules) != total:
            raise SimError(f"points plus sticks changed from {total} to {match.total(state, rules)}")
        rows.append(row)
        plays.append(play)
    return MatchRun(rules.payment.scheme, rows, plays, state, match.tally(state, rules))


# --- what a match sends back (small: it crosses process boundaries) ------------------------------
class SchemeResult(NamedTuple):
    """One match's outcome under one scheme: each seat's final points, rank and score."""

    points: tuple[float, ...]  # final points by starting seat
    ranks: tuple[int, ...]  # 1-based rank by starting seat
    scores: tuple[int, ...]
    dealer_income: int  # every dealer's score change over their hands as dealer
    dealerships: int
    tsumo_income: int  # what tsumo winners collected (hand values, no honba or sticks)
    tsumo_wins: int
    ron_income: int
    ron_wins: int
    hands: int
    bust: bool
    extension: bool  # went into the extension round (West of a half game, South of an east game)

    def to_dict(self) -> dict:
        """The match under this scheme as a row of `compare --per-match` (docs/json.md)."""
        return {"points": list(self.points), "ranks": list(self.ranks), "scores": list(self.scores),
                "dealer_income": self.dealer_income, "dealerships": self.dealerships,
                "tsumo_income": self.tsumo_income, "tsumo_wins": self.tsumo_wins, "ron_income": self.ron_income,
                "ron_wins": self.ron_wins, "hands": self.hands, "bust": self.bust, "extension": self.extension}


class MatchResult(NamedTuple):
    """One simulated match: its outcome under every scheme and, if asked, its statistics."""

    index: int
    schemes: dict[str, SchemeResult]
    tally: Tally | None = None  # hand statistics, under the first scheme
    saved: str | None = None
    breakdown: HandsBreakdown | None = None  # the first scheme's hands taken apart (as_played: the scheme check)
    dealer_income: dict[str, DealerIncome] | None = None  # each scheme's dealer income taken apart (as_played)


def extension_round(rules: R.RuleSet) -> int:
    """The round wind (0 East, 1 South, 2 West) of the extension round: the one after the last
    regular round, South for an east game and West for a half game (rules.md §6)."""
    return 1 if rules.match.length == "east" else 2


def went_into_extension(run: MatchRun, rules: R.RuleSet) -> bool:
    extension = extension_round(rules)
    return any(play.round_wind >= extension for play in run.plays)


def _summary(run: MatchRun, rules: R.RuleSet) -> SchemeResult:
    return scheme_result(run.rows, run.state, run.standings, rules)


def scheme_result(rows, state: match.MatchState, standings, rules: R.RuleSet) -> SchemeResult:
    """One match under one scheme, as the comparison reads it: simulated (`_summary`) or a real
    game settled under the scheme (calc.sim.real_compare)."""
    players = len(state.scores)
    points = [0.0] * players
    ranks = [0] * players
    for st in standings:
        points[st.seat] = st.points
        ranks[st.seat] = st.rank
    dealer_income = 0
    tsumo = [0, 0]
    ron = [0, 0]
    for row in rows:
        dealer_income += row.deltas[row.dealer]
        for w in row.kyoku.wins:
            income = row.settlement.winner_share(w.winner)[1]  # the hand itself: no honba, no sticks
            bucket = tsumo if w.tsumo else ron
            bucket[0] += income
            bucket[1] += 1
    extension = extension_round(rules)
    return SchemeResult(tuple(points), tuple(ranks), tuple(st.score for st in sorted(standings, key=lambda s: s.seat)),
                        dealer_income, match.dealerships(rows), tsumo[0], tsumo[1], ron[0], ron[1], len(rows),
                        state.end_reason == match.BUST,
                        any(match.ROUND_LETTERS.index(row.label[0]) >= extension for row in rows))


def _tally(run: MatchRun, rules: R.RuleSet) -> Tally:
    t = Tally(players=len(run.state.scores), matches=1, hands=len(run.rows))
    for row, play in zip(run.rows, run.plays):
        t.riichi += len(play.result.riichi)
        t.nuki += play.count(Nuki)
        t.calls += play.count(Call)
        result = row.kyoku.result
        if row.kyoku.wins:
            t.win_hands += 1
            t.deal_ins += not row.kyoku.wins[0].tsumo
        elif isinstance(result, (ExhaustiveDraw, Nagashi)):
            t.exhaustive += 1
            t.nagashi += isinstance(result, Nagashi)
        elif isinstance(result, Abort):
            t.aborts += 1
        for w in row.kyoku.wins:
            ev = w.evaluation
            t.wins += 1
            t.tsumo += w.tsumo
            t.han += ev.han
            t.points += row.settlement.winner_share(w.winner)[1]
            t.yakuman += bool(ev.yakuman)
            t.limits[limit_class(w.value.limit)] += 1
            t.winner_nuki += play.count(Nuki, w.winner)
            for name, _ in (ev.yakuman or ev.yaku):
                if name not in NOT_YAKU:
                    t.yaku[name] += 1
    t.busts = run.state.end_reason == match.BUST
    t.ends[run.state.end_reason] += 1
    t.extension = went_into_extension(run, rules)
    return t


def run_match(s: Setup, index: int, want_tally: bool) -> MatchResult:
    hands = Hands(s, index)
    results = {}
    income = {}
    first = None
    for scheme in s.schemes:
        rules = s.rules.with_scheme(scheme)
        run = settle_as_played(first, rules) if first and s.as_played else play_match(hands, rules)
        first = first or run
        results[scheme.name] = _summary(run, rules)
        if s.as_played:
            income[scheme.name] = DealerIncome.of_match(run.rows)
    saved = None
    if s.save is not None:
        from calc.logs import formats  # loaded only by a run that saves its matches

        saved = formats.save(formats.BY_NAME[s.save_format], match_log(first, s, index), s.save)
    return MatchResult(index, results, _tally(first, s.rules) if want_tally else None, saved,
                       HandsBreakdown.of_match(first.rows) if s.as_played else None, income or None)


def saved_names(players: int) -> tuple[str, ...]:
    """The players of a saved match (`simulate --save`): how a log tells it was simulated."""
    return tuple(f"bot {'ABC'[seat]}" for seat in range(players))


def match_log(run: MatchRun, s: Setup, index: int) -> MatchLog:
    """Match `index` of a run as the log writers take it (its players named bot A, B, C)."""
    from calc.logs.formats import MatchLog

    names = saved_names(len(run.state.scores))
    return MatchLog(f"sim-{s.seed}-{index:05d}", names, s.rules.match.length, run.rows, run.plays, run.standings)


def _job(args: tuple[Setup, int, int, bool]) -> list[MatchResult]:
    """Matches start..stop-1: one task of a worker process."""
    s, start, stop, want_tally = args
    return [run_paused(s, index, want_tally) for index in range(start, stop)]


def run_paused(s: Setup, index: int, want_tally: bool) -> MatchResult:
    """`run_match` with Python's cyclic garbage collector paused, and what outlives the match
    frozen (gc.freeze: never walked by a collection again, still freed by reference counting).
    Play makes no reference cycles (a hand's objects all go by reference counting:
    tests/test_sim_run.py checks it), but what the process keeps from match to match (the bots'
    bounded caches, the profile) would otherwise be walked again by every collection."""
    if not gc.isenabled():
        return run_match(s, index, want_tally)
    gc.disable()
    try:
        return run_match(s, index, want_tally)
    finally:
        gc.freeze()
        gc.enable()


def run(s: Setup, matches: int, *, want_tally: bool, workers: int | None = None,
        advance: Callable[[int], None] | None = None) -> Iterator[MatchResult]:
    """Results in match order. Stop early by closing the iterator (Ctrl-C: the caller keeps what
    came back). The matches are made as the run goes, never listed up front."""
    workers = workers or os.cpu_count() or 1
    if workers < 2 or matches < 4:
        for index in range(matches):
            yield run_paused(s, index, want_tally)
            if advance:
                advance(1)
        return
    chunk = max(1, min(16, matches // (workers * 8)))
    tasks = ((s, start, min(start + chunk, matches), want_tally) for start in range(0, matches, chunk))
    from multiprocessing import get_all_start_methods, get_context  # loaded only for a pool of workers

    method = "fork" if "fork" in get_all_start_methods() else "spawn"
    pool = get_context(method).Pool(workers, initializer=_ignore_interrupt)
    try:
        for results in in_order(pool, _job, tasks, ahead=4 * workers):
            for result in results:
                yield result
                if advance:
                    advance(1)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _ignore_interrupt() -> None:
    # Ctrl-C reaches the whole process group: the parent stops the pool and keeps what is done
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _game_files(folder: Path) -> list[Path]:
    """The files of `folder` that a log format of calc.logs.formats writes."""
    from calc.logs.formats import FORMATS

    return [p for suffix in dict.fromkeys(f.suffixes[0] for f in FORMATS) for p in folder.glob(f"*{suffix}")]


def _stamps(s: Setup) -> dict[Path, int]:
    """The game files of the --save folder and when each was last written."""
    if s.save is None or not Path(s.save).is_dir():
        return {}
    return {p: p.stat().st_mtime_ns for p in _game_files(Path(s.save))}


def _drop_uncounted(s: Setup, counted: set[str], before: dict[Path, int]) -> None:
    """After Ctrl-C, the games the workers wrote for matches the run did not count (finished out of
    order, or while it stopped) are removed: the folder holds the games the summary lists."""
    for path, stamp in _stamps(s).items():
        if str(path) not in counted and before.get(path) != stamp:
            path.unlink(missing_ok=True)


def check_save_dir(path: Path, force: bool = False) -> None:
    """An unwritable --save folder is refused before any work starts, and so is one that already
    holds games (unless --force): the new games would overwrite them or mix with them."""
    from calc.logs.formats import SaveError

    if path.is_dir() and not force:
        games = sorted(p.name for p in _game_files(path))
        if games:
            raise SaveError(f"--save {path}: the folder already holds {len(games)} game file(s) ({games[0]}, ...); "
                            f"choose an empty folder, or add --force to write over them")
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".sanma-write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as e:
        raise SaveError(f"--save {path}: cannot write there ({e.strerror})") from None


# --- the commands' work: validation first, then the run, stoppable with Ctrl-C ---------------------
class SimInputError(SanmaError):
    """Bad input to `sanma simulate` / `sanma compare`, refused before any work starts."""


def validate(matches: int, bots: str, schemes: tuple[Scheme, ...], length: str | None,
             workers: int | None = None, rules: R.RuleSet | None = None, *, flag: str = "--matches",
             least: int = 1) -> None:
    """`matches` is given as `flag`, and needs at least `least` (the scheme check: two); each scheme
    (as parse_schemes read it) pays what the profile's table holds."""
    if not least <= matches <= MAX_MATCHES:
        raise UsageError(f"{flag} {matches}: give {least} to {MAX_MATCHES:,} matches (for more, run several "
                         f"seeds: their comparisons pool)")
    check_workers(workers)
    if bots not in B.BOTS:
        raise SimInputError(f"unknown bot {bots!r}; valid: {', '.join(B.BOTS)}")
    for scheme in schemes:
        if rules is not None:
            try:
                rules.with_scheme(scheme)
            except R.RulesError as e:
                raise SimInputError(str(e)) from None
    if length is not None and length not in ("hanchan", "east"):
        raise SimInputError(f"--length {length!r}: valid: hanchan, east")


def parse_schemes(text: str | None, rules: R.RuleSet) -> tuple[Scheme, ...]:
    """`all` (also the default), or a comma-separated list of built-in names and scheme files, each
    read by calc.core.schemes.resolve; tsumo-loss, the baseline every difference is measured from,
    always comes first, and the profile's own scheme is always there. A scheme given twice counts
    once; two different schemes of one name are refused."""
    own = rules.payment.scheme_def
    if text is None or text == "all":
        given: list = [*R.SCHEMES]
    else:
        given = [n.strip() for n in text.split(",") if n.strip()]
        if not given:
            raise SimInputError("--schemes: give scheme names or files separated by commas, or all")
    try:
        schemes = [S.resolve(name) if name != own.name else own for name in given]
        baseline = S.resolve("tsumo-loss")
        return S.distinct([baseline, *[s for s in schemes if s != baseline], own])
    except R.RulesError as e:
        raise SimInputError(f"{e}{', or all' if 'valid:' in e.message else ''}") from None


def stream(s: Setup, matches: int, each: Callable[[MatchResult], None], *, want_tally: bool,
           workers: int | None, advance: Callable[[int], None] | None = None) -> tuple[int, bool]:
    """Each match's result handed to `each` as it comes, in order, and kept nowhere else: (the
    matches finished, whether Ctrl-C stopped the run)."""
    done = 0
    saved: set[str] = set()  # with --save: the games of the matches counted
    before = _stamps(s)
    results = run(s, matches, want_tally=want_tally, workers=workers, advance=advance)
    try:
        for result in results:
            each(result)
            done += 1
            if result.saved:
                saved.add(result.saved)
    except KeyboardInterrupt:
        results.close()  # the workers stopped: nothing more is written
        _drop_uncounted(s, saved, before)
        return done, True
    return done, False


def collect(s: Setup, matches: int, *, want_tally: bool, workers: int | None,
            advance: Callable[[int], None] | None = None) -> tuple[list[MatchResult], bool]:
    """The results of the matches finished, in order, and whether Ctrl-C stopped the run: every
    result kept (a few matches' worth; the commands `stream` theirs)."""
    done: list[MatchResult] = []
    _, interrupted = stream(s, matches, done.append, want_tally=want_tally, workers=workers, advance=advance)
    return done, interrupted
