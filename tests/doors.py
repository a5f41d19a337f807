"""The differential harness: one truth, every door.

A seeded simulated match (calc.sim.run: every shipped profile, every shipped scheme, the `stress`
table of calc/sim/stress.py or the calibrated bots) is the truth: each hand's deltas, the running
scores, the end of the match and its reason, the final scores and points, and the chips where the
profile pays them. The match is then written out the way each door takes it in and settled there:

- `record`: a match record (YAML) with every win's full hand, indicators and situation flags, through
  `sanma settle --json FILE`;
- `values`: the same record with values only (han / fu / limit, `chips:` and `liable_yakuman:`);
- `api`: `calc.settle` on the full record's mapping;
- `keep`: the lines a scorekeeper types, fed to `sanma keep`'s command layer (full hands and values
  by turns); `pty` is the same typed through a real pseudo-terminal (pexpect, a few matches);
- `mjlog`, `mjai`, `tenhou6` (every format of calc.logs.formats): the match written by the format's
  writer, read back by the readers `sanma replay` uses and replayed under the match's profile, with
  no mismatch.

Every door must give the truth; `compare` names the first difference (the seed, the door and the
hand). `mutations` breaks a generated record as a tired scorekeeper does, and each broken record
must be refused (`check_refused`: one line on stderr naming file:line and key path, exit 1, nothing
on stdout; in keep, the line refused, the file unchanged, the session going on). `kinds` counts what
a match covered. Used by tests/test_doors.py (a fixed set of seeds in `make test`) and
tests/fuzz_doors.py (`make fuzz`).
"""

from __future__ import annotations

import io
import json
import re
import tempfile
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import typer.main
import typer.testing
import yaml
from typer.testing import CliRunner

import calc
from calc.cli.app import app
from calc.cli.keep import Shell
from calc.core import rules as R
from calc.core import tiles as T
from calc.core.notation import format_tiles
from calc.logs import formats, parse_log
from calc.logs.convert import hand_text
from calc.logs.replay import replay
from calc.scoring.fields import ON_THE_WIN, SITUATION
from calc.scoring.value import YAKUMAN
from calc.sim import run as SR
from calc.table import chips, match, play as P
from calc.table.events import Abort, DoubleRon, ExhaustiveDraw, Nagashi
from calc.table.keeper import Keeper

RULESETS = Path(__file__).resolve().parents[1] / "rulesets"
PROFILES = tuple(sorted(p.stem for p in RULESETS.glob("*.yaml") if R.variant_of(p.stem) == R.SANMA))
SCHEMES = R.SCHEMES
NAMES = ("Ana", "Bo", "Chen")
LOG_DOORS = tuple(f.name for f in formats.FORMATS)
DOORS = ("record", "values", "api", "keep", *LOG_DOORS)


class _Runner(CliRunner):
    """typer's CliRunner builds the click command from the app on every call (~50-100 ms, more than
    the settling of a match's record); the harness builds it once and invokes that one."""

    command = None

    def invoke(self, app, *args, **kwargs):
        if _Runner.command is None:
            _Runner.command = typer.main.get_command(app)
        built, typer.testing._get_command = typer.testing._get_command, lambda _: _Runner.command
        try:
            return super().invoke(app, *args, **kwargs)
        finally:
            typer.testing._get_command = built


runner = _Runner()


# ---------------------------------------------------------------- the cases


@dataclass(frozen=True)
class Case:
    """One simulated match: seed `n` picks the profile, the scheme, the table and the length, so a
    run of consecutive seeds goes through every profile and every scheme."""

    n: int
    profile: str
    scheme: str
    bots: str
    length: str
    seed: str = "doors"

    def __str__(self) -> str:
        return f"seed {self.n} ({self.profile}, {self.scheme}, {self.bots}, {self.length})"


def case(n: int, seed: str = "doors") -> Case:
    profile = PROFILES[n % len(PROFILES)]
    scheme = SCHEMES[(n // len(PROFILES) + n) % len(SCHEMES)]
    bots = "calibrated" if n % 5 == 4 else "stress"  # mostly the stress table, some ordinary play
    length = "east" if n % 7 == 3 else "hanchan"
    return Case(n, profile, scheme, bots, length, seed)


def rules_of(c: Case) -> R.RuleSet:
    rules = R.load(c.profile).with_scheme(c.scheme)
    return rules._replace(match=rules.match._replace(length=c.length))


def simulate(c: Case, *, checked: bool = False) -> SR.MatchRun:
    """The match; `checked`: the simulator's invariants after every event too (the same match,
    slower; the round state checks every event and the 108 tiles at the end of each hand anyway)."""
    rules = rules_of(c)
    setup = SR.setup(rules, schemes=(rules.payment.scheme,), bots=c.bots, seed=c.seed, check=checked)
    return SR.play_match(SR.Hands(setup, c.n), rules)


# ---------------------------------------------------------------- what a door must give


@dataclass(frozen=True)
class Hand:
    label: str  # E1, S3, ...
    honba: int
    sticks: int  # on the table when the hand began
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    chips: tuple[int, ...] | None  # None: the door does not know chips (logs)


@dataclass(frozen=True)
class Outcome:
    hands: tuple[Hand, ...]
    ended: bool
    end: str | None
    final_scores: tuple[int, ...]  # by seat, leftover sticks included
    points: tuple[float, ...]  # by seat
    notes: tuple[str, ...] = ()  # a replay's mismatches, a door's refusals: must be empty


def _final(standings, players: int) -> tuple[tuple[int, ...], tuple[float, ...]]:
    by_seat = sorted(standings, key=lambda s: s.seat)
    assert [s.seat for s in by_seat] == list(range(players))
    return tuple(s.score for s in by_seat), tuple(s.points for s in by_seat)


def truth(run: SR.MatchRun, rules: R.RuleSet) -> Outcome:
    hands = tuple(Hand(r.label, r.honba, r.sticks_before, r.deltas, r.scores,
                       chips.hand(r, None, rules) if rules.chips.on else None) for r in run.rows)
    scores, points = _final(run.standings, len(run.state.scores))
    return Outcome(hands, run.state.ended, run.state.end_reason, scores, points)


def settled_outcome(settled, with_chips: bool, notes: tuple[str, ...] = ()) -> Outcome:
    moved = chips.ledger(settled) if with_chips else None
    hands = tuple(Hand(r.label, r.honba, r.sticks_before, r.deltas, r.scores, moved[k] if moved else None)
                  for k, r in enumerate(settled.rows))
    scores, points = _final(settled.standings, len(settled.players))
    return Outcome(hands, settled.state.ended, settled.state.end_reason, scores, points,
                   (*notes, *settled.notes))


def json_outcome(data: dict, with_chips: bool) -> Outcome:
    """`sanma settle --json` / calc.settle's object."""
    hands = tuple(Hand(e["round"], e["honba"], e["sticks"], tuple(e["deltas"][n] for n in NAMES),
                       tuple(e["scores"][n] for n in NAMES),
                       tuple(e["chips"][n] for n in NAMES) if with_chips else None) for e in data["ledger"])
    by_name = {s["player"]: s for s in data["standings"]}
    return Outcome(hands, data["ended"], data["end"], tuple(by_name[n]["score"] for n in NAMES),
                   tuple(by_name[n]["points"] for n in NAMES), tuple(data["notes"]))


def compare(want: Outcome, got: Outcome) -> str | None:
    """The first difference, in words, or None."""
    if got.notes:
        return f"notes: {got.notes[0]}" + (f" (and {len(got.notes) - 1} more)" if len(got.notes) > 1 else "")
    for k, (a, b) in enumerate(zip(want.hands, got.hands), start=1):
        for what in ("label", "honba", "sticks", "deltas", "scores", "chips"):
            x, y = getattr(a, what), getattr(b, what)
            if what == "chips" and y is None:
                continue
            if x != y:
                return f"hand {k} ({a.label}-{a.honba}): {what}: truth {x}, door {y}"
    if len(want.hands) != len(got.hands):
        return f"hands: truth {len(want.hands)}, door {len(got.hands)}"
    for what in ("ended", "end", "final_scores", "points"):
        if getattr(want, what) != getattr(got, what):
            return f"{what}: truth {getattr(want, what)}, door {getattr(got, what)}"
    return None


# ---------------------------------------------------------------- a match written as a record


def _names(seats) -> list[str]:
    return [NAMES[s] for s in seats]


def _tiles(tiles) -> str:
    return format_tiles(list(tiles))


def win_entry(row, w, facts: P.WinFacts, rules: R.RuleSet, *, full: bool, form: int = 0) -> dict:
    """One win as a record writes it: the full hand with its indicators and situation, or its value.
    `form` varies how a value is written (a limit by name or by han)."""
    entry: dict = {"winner": NAMES[w.winner]}
    if w.tsumo:
        entry["tsumo"] = True
    else:
        entry["from"] = NAMES[w.discarder]
    ev = w.evaluation
    if w.liable is not None and w.value.limit == YAKUMAN and w.liable != w.discarder:
        entry["liable"] = NAMES[w.liable]
        part = w.pao_yakuman
        if not full and rules.payment.pao_covers == "yakuman" and part is not None and w.value.yakuman > 1:
            entry["liable_yakuman"] = part
    if full:
        entry["hand"] = hand_text(facts)
        entry["dora"] = _tiles(facts.dora_indicators)
        if facts.riichi and facts.ura_indicators:
            entry["ura"] = _tiles(facts.ura_indicators)
        if facts.nuki:
            entry["nuki"] = facts.nuki
        for field in SITUATION:  # the yes/no facts a win writes (riichi is the hand's riichi list)
            if field.record == ON_THE_WIN and field.name != "riichi" and getattr(facts, field.name):
                entry[field.name] = True
        if entry.get("renhou") and rules.hand.renhou == "none":
            del entry["renhou"]  # a profile without renhou refuses the flag (it would change nothing)
        return entry
    value = w.value
    if value.limit == YAKUMAN and ev.yakuman:
        entry["limit"] = YAKUMAN
        if value.yakuman > 1:
            entry["yakuman"] = value.yakuman
    elif value.limit is not None and value.limit != YAKUMAN and form % 2:
        entry["limit"] = value.limit
    elif ev.han >= 5:
        entry["han"] = ev.han
    else:
        entry["han"], entry["fu"] = ev.han, ev.fu
    if rules.chips.on and (count := chips.win_count(ev, rules)):
        entry["chips"] = count
    return entry


def hand_entry(row, play, rules: R.RuleSet, *, full: bool, form: int = 0) -> dict:
    entry: dict = {}
    if play.result.riichi:
        entry["riichi"] = _names(play.result.riichi)
    result = row.kyoku.result
    if row.kyoku.wins:
        wins = [win_entry(row, w, f, rules, full=full, form=form + k)
                for k, (w, f) in enumerate(zip(row.kyoku.wins, play.result.wins, strict=True))]
        entry["win"] = wins[0] if len(wins) == 1 else wins
    elif isinstance(result, ExhaustiveDraw):
        entry["draw"] = {"tenpai": _names(sorted(result.tenpai))}
    elif isinstance(result, Nagashi):
        who = _names(result.players)
        entry["nagashi"] = ({"player": who[0]} if len(who) == 1 else {"players": who}) | (
            {"tenpai": _names(sorted(result.tenpai))} if result.tenpai else {})
    else:
        entry["abort"] = result.kind
    return entry


def record_data(run: SR.MatchRun, c: Case, *, full: bool) -> dict:
    rules = rules_of(c)
    data: dict = {"rules": c.profile}
    if c.scheme != R.load(c.profile).payment.scheme:
        data["scheme"] = c.scheme
    data["length"] = c.length
    data["players"] = list(NAMES)
    data["hands"] = [hand_entry(row, play, rules, full=full, form=k)
                     for k, (row, play) in enumerate(zip(run.rows, run.plays))]
    return data


def dump(data: dict) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=1 << 16)


# ---------------------------------------------------------------- the doors


def settle_door(text: str, folder: Path, name: str, with_chips: bool) -> Outcome:
    """`sanma settle --json FILE`, as a user runs it."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["settle", str(path), "--json"])
    _raise_a_crash(result)
    if result.exit_code != 0:
        return _refused(result.stderr.strip() or result.output.strip())
    return json_outcome(json.loads(result.stdout), with_chips)


def _raise_a_crash(result) -> None:
    """A command that ended in a traceback (not the one-line error of bad input) is a bug."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception


def _refused(message: str) -> Outcome:
    return Outcome((), False, None, (), (), (f"refused: {message}",))


def api_door(data: dict, with_chips: bool) -> Outcome:
    try:
        return json_outcome(calc.settle(data).to_dict(), with_chips)
    except calc.SanmaError as exc:
        return _refused(str(exc))


def keep_lines(run: SR.MatchRun, c: Case) -> list[str]:
    """What a scorekeeper types, hand by hand: the riichi, then the result; full hands and values
    by turns."""
    rules = rules_of(c)
    lines = []
    for k, (row, play) in enumerate(zip(run.rows, run.plays)):
        entry = hand_entry(row, play, rules, full=k % 2 == 0, form=k)
        if "riichi" in entry:
            lines.append("riichi " + " ".join(entry["riichi"]))
        lines.append(result_line(entry))
    return lines


def result_line(entry: dict) -> str:
    if "win" in entry:
        wins = entry["win"] if isinstance(entry["win"], list) else [entry["win"]]
        return " and ".join(win_line(w) for w in wins)
    if "draw" in entry:
        return " ".join(["draw", *entry["draw"]["tenpai"]])
    if "nagashi" in entry:
        n = entry["nagashi"]
        words = ["nagashi", *([n["player"]] if "player" in n else n["players"])]
        return " ".join(words + (["tenpai", *n["tenpai"]] if n.get("tenpai") else []))
    return f"abort {entry['abort']}"


def win_line(w: dict) -> str:
    words = [w["winner"], "tsumo"] if w.get("tsumo") else [w["winner"], "ron", w["from"]]
    if "hand" in w:
        words.append(w["hand"])
        for key in ("dora", "ura", "nuki"):
            if key in w and w[key] != "":
                words += [key, str(w[key])]
        words += [flag for flag in ("ippatsu", "rinshan", "chankan", "haitei", "houtei", "double_riichi", "tenhou",
                                    "chiihou", "renhou") if w.get(flag)]
    elif "limit" in w:
        words.append(w["limit"])
        if "yakuman" in w:
            words.append(str(w["yakuman"]))
    else:
        words.append(str(w["han"]))
        if "fu" in w:
            words.append(str(w["fu"]))
    if "chips" in w:
        words += ["chips", str(w["chips"])]
    if "liable" in w:
        words += ["pao", w["liable"]] + ([str(w["liable_yakuman"])] if "liable_yakuman" in w else [])
    return " ".join(words)


def new_record(c: Case) -> str:
    """The empty record a keep session starts from (its profile, scheme and length)."""
    data = {"rules": c.profile}
    if c.scheme != R.load(c.profile).payment.scheme:
        data["scheme"] = c.scheme
    return dump({**data, "length": c.length, "players": list(NAMES), "hands": []})


def keep_door(run: SR.MatchRun, c: Case, folder: Path, with_chips: bool,
              broken: dict[int, list[str]] | None = None) -> Outcome:
    """The lines typed into `sanma keep`'s command layer; `broken[k]`: lines typed (and to be refused)
    before the k-th line. The outcome is the file on disk, settled as `sanma settle` would."""
    path = folder / "kept.yaml"
    path.write_text(new_record(c), encoding="utf-8")
    with _no_fsync():
        return _keep(run, c, path, with_chips, broken)


@contextmanager
def _no_fsync():
    """keep syncs the record to disk after every hand (a crash loses nothing); a throwaway folder
    needs no sync, and on a busy disk it is most of the door's time. The write is otherwise keep's own."""
    from calc.core import files

    saved = files.os.fsync
    files.os.fsync = lambda fd: None
    try:
        yield
    finally:
        files.os.fsync = saved


def _keep(run: SR.MatchRun, c: Case, path: Path, with_chips: bool, broken: dict[int, list[str]] | None) -> Outcome:
    keeper = Keeper(path, None, None)
    shell = Shell(keeper)
    shell.stdout = out = io.StringIO()
    problems = []
    for k, line in enumerate(keep_lines(run, c)):
        for bad in (broken or {}).get(k, []):
            before, pending = path.read_bytes(), list(keeper.pending)
            start = out.tell()
            shell.onecmd(bad)
            said = out.getvalue()[start:]
            if not said.startswith("refused: ") or said.count("\n") != 1:
                problems.append(f"keep took the broken line {bad!r}: {said.strip()[:200]}")
            elif "an error in sanma itself" in said:
                problems.append(f"keep failed on the broken line {bad!r}: {said.strip()[:200]}")
            if path.read_bytes() != before or keeper.pending != pending:
                problems.append(f"keep changed the record or the riichi on the broken line {bad!r}")
        start = out.tell()
        shell.onecmd(line)
        said = out.getvalue()[start:]
        if said.startswith("refused"):
            problems.append(f"line {k + 1} {line!r}: {said.strip()[:300]}")
            break
    from calc.table import record

    kept = record.settle(record.read(path))
    return settled_outcome(kept, with_chips, tuple(problems))


def log_doors(run: SR.MatchRun, c: Case, folder: Path) -> dict[str, Outcome]:
    """Each log format of the registry (calc.logs.formats) written by its writer and read back by
    `sanma replay`'s readers, replayed under the match's profile: every hand checked against the
    log, then settled."""
    rules = rules_of(c)
    played = formats.MatchLog(f"doors-{c.n}", NAMES, c.length, run.rows, run.plays, run.standings)
    out = {}
    for fmt in formats.FORMATS:
        path = folder / f"match{fmt.suffixes[0]}"
        path.write_text(formats.write(fmt, played), encoding="utf-8")
        try:
            game = parse_log(path.read_bytes(), str(path), rules, rules)
            replayed = replay(game, str(path), rules)
        except calc.SanmaError as exc:
            out[fmt.name] = _refused(str(exc))
            continue
        out[fmt.name] = settled_outcome(replayed.settled, False, tuple(m.text() for m in replayed.mismatches))
    return out


# ---------------------------------------------------------------- one match through every door


@dataclass
class Result:
    case: Case
    kinds: Counter = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)  # "seed N (...): door: first difference"
    mutations: Counter = field(default_factory=Counter)  # kind -> refused as it should be


def check(c: Case, *, doors: tuple[str, ...] = DOORS, mutate: bool = True, checked: bool = False,
          enough: Counter | None = None, most: int = 0) -> Result:
    """Match `c` through `doors`, and its broken records; `enough` (kind -> times refused so far)
    with `most` skips the mutations already tried that many times (a fixed run's time)."""
    result = Result(c)
    try:
        run = simulate(c, checked=checked)
    except Exception as exc:  # noqa: BLE001 - a simulator bug is a finding too
        result.failures.append(f"{c}: simulate: {type(exc).__name__}: {exc}")
        return result
    rules = rules_of(c)
    result.kinds = kinds(run, rules)
    want = truth(run, rules)
    with_chips = rules.chips.on
    full, values = record_data(run, c, full=True), record_data(run, c, full=False)
    broken, typed = keep_mutations(run, c) if mutate and "keep" in doors else ({}, [])
    with tempfile.TemporaryDirectory(prefix="sanma-doors-") as tmp:
        folder = Path(tmp)
        got: dict[str, Outcome] = {}
        ways = {
            "record": lambda: {"record": settle_door(dump(full), folder, "record.yaml", with_chips)},
            "values": lambda: {"values": settle_door(dump(values), folder, "values.yaml", with_chips)},
            "api": lambda: {"api": api_door(full, with_chips)},
            "keep": lambda: {"keep": keep_door(run, c, folder, with_chips, broken)},
            "logs": lambda: {d: o for d, o in log_doors(run, c, folder).items() if d in doors},
        }
        for way, door in ways.items():
            if way in doors or (way == "logs" and any(d in doors for d in LOG_DOORS)):
                try:
                    got |= door()
                except Exception as exc:  # noqa: BLE001 - a crash behind a door is a disagreement
                    result.failures.append(f"{c}: {way}: crashed: {type(exc).__name__}: {exc}")
        for door, outcome in got.items():
            difference = compare(want, outcome)
            if difference:
                result.failures.append(f"{c}: {door}: {difference}")
        if mutate:
            for kind, text, message in mutations(run, c, full, values):
                if enough is not None and most and enough[kind] >= most:
                    continue
                problem = check_refused(text, folder, message)
                if problem:
                    result.failures.append(f"{c}: mutation {kind}: {problem}")
                else:
                    result.mutations[kind] += 1
            if not any(": keep: " in f for f in result.failures):
                result.mutations.update(f"keep: {kind}" for kind in typed)
    return result


# ---------------------------------------------------------------- what a match covered

KINDS = (
    "double ron", "double ron with full hands and dora", "pao ron", "pao tsumo", "ankan", "daiminkan", "kakan",
    "win with extracted norths", "ron on an extracted north", "chankan", "rinshan", "haitei", "houtei",
    "ippatsu", "double riichi", "nagashi", "abort nine-terminals", "abort four-kans", "agari-yame",
    "tenpai-yame", "bust", "extension round", "sticks carried over", "honba", "riichi", "yakuman",
    "kazoe yakuman", "dealer win",
)


def kinds(run: SR.MatchRun, rules: R.RuleSet) -> Counter:
    c: Counter = Counter()
    extension = SR.extension_round(rules)
    for row, play in zip(run.rows, run.plays):
        result = row.kyoku.result
        if isinstance(result, DoubleRon):
            c["double ron"] += 1
            c["double ron with full hands and dora"] += all(f.dora_indicators for f in play.result.wins)
        if isinstance(result, Nagashi):
            c["nagashi"] += 1
        if isinstance(result, Abort):
            c[f"abort {result.kind}"] += 1
        if row.sticks_before and row.kyoku.wins:
            c["sticks carried over"] += 1
        if row.honba and row.kyoku.wins:
            c["honba"] += 1
        c["riichi"] += len(row.kyoku.riichi)
        for w, f in zip(row.kyoku.wins, play.result.wins):
            if w.liable is not None and w.value.limit == YAKUMAN and w.liable != w.discarder:
                c["pao tsumo" if w.tsumo else "pao ron"] += 1
            for m in f.melds:
                if m.kind != P.PON:
                    c[m.kind] += 1
            c["win with extracted norths"] += f.nuki > 0
            c["ron on an extracted north"] += f.win_source == P.ON_NUKI
            c["dealer win"] += w.winner == row.dealer
            for flag in ("chankan", "rinshan", "haitei", "houtei", "ippatsu", "double_riichi"):
                c[flag.replace("_", " ")] += getattr(f, flag)
            if w.value.limit == YAKUMAN:
                c["yakuman" if w.evaluation.yakuman else "kazoe yakuman"] += 1
        # the dealer's stop in the last hand: on a win, or on tenpai at a draw (whatever name the
        # match engine gives the second)
        yame = {match.AGARI_YAME, getattr(match, "TENPAI_YAME", match.AGARI_YAME)}
        if row.ended and row.state.end_reason in yame:
            c["agari-yame" if row.kyoku.wins else "tenpai-yame"] += 1
    c["bust"] += run.state.end_reason == match.BUST
    c["extension round"] += any("ESW".index(r.label[0]) >= extension for r in run.rows)
    return c


# ---------------------------------------------------------------- broken records

ERROR_LINE = re.compile(r"^Error: (?P<file>\S+):(?P<line>\d+)(, column \d+)?, at (?P<key>\S+): (?P<message>.+)$")


def check_refused(text: str, folder: Path, message: str) -> str | None:
    """`sanma settle` on a broken record: one line on stderr naming the file, the line and the key
    path, exit 1, nothing on stdout; None when so, else what went wrong."""
    path = folder / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["settle", str(path)])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return f"crashed: {type(result.exception).__name__}: {result.exception}"
    err = result.stderr
    if result.exit_code != 1:
        return f"exit {result.exit_code} (settled: {result.stdout.strip()[-200:]!r}; stderr {err[-300:]!r})"
    if result.stdout:
        return f"printed {result.stdout[:200]!r}"
    if err.count("\n") != 1 or not ERROR_LINE.match(err.strip()):
        return f"not one line naming file:line and key path: {err[-400:]!r}"
    if message not in err:
        return f"refused for another reason: {err.strip()!r} (expected {message!r})"
    return None


def _wins(entry: dict) -> list[dict]:
    win = entry.get("win")
    return [] if win is None else (win if isinstance(win, list) else [win])


def _first(hands: list[dict], test) -> tuple[int, int, dict] | None:
    """(hand index, win index, win) of the first win for which `test(hand, win)` holds, or None."""
    return next(((k, j, w) for k, e in enumerate(hands) for j, w in enumerate(_wins(e)) if test(e, w)), None)


def mutations(run: SR.MatchRun, c: Case, full: dict, values: dict) -> list[tuple[str, str, str]]:
    """(kind, broken record text, what the refusal says) for every kind this match gives a place to."""
    import copy

    out = []
    rules = rules_of(c)
    hands = full["hands"]

    def broken(kind: str, data: dict, message: str) -> None:
        out.append((kind, dump(data), message))

    def edit(data: dict, k: int, j: int, **changes) -> dict:
        data = copy.deepcopy(data)
        target = _wins(data["hands"][k])[j]
        for key, value in changes.items():
            if value is None:
                target.pop(key, None)
            else:
                target[key] = value
        return data

    double = next((k for k, e in enumerate(hands) if len(_wins(e)) == 2 and all("hand" in w for w in _wins(e))), None)
    if double is not None:
        wins = _wins(hands[double])
        # a fifth copy: the scorekeeper writes the winning tile as the indicators
        tile = _last_tile(wins[0]["hand"])
        indicators = T.name(tile[0]) * (5 - _count(wins, tile))
        broken("fifth copy in a double ron", edit(edit(full, double, 0, dora=indicators), double, 1, dora=indicators),
               "between them (the discard counted once)")
        broken("two sets of dora in a double ron", edit(full, double, 1, dora="9m" if wins[1]["dora"] == "1m" else "1m"),
               "see different dora indicators")
        data = copy.deepcopy(full)  # the first winner's line written twice
        data["hands"][double]["win"] = [copy.deepcopy(wins[0]), copy.deepcopy(wins[0])]
        broken("a second win by the same player", data, "wins twice in one hand")

    for k, entry in enumerate(hands):  # a riichi player noten at an exhaustive draw
        if "draw" not in entry:
            continue
        data = copy.deepcopy(full)
        tenpai = entry["draw"]["tenpai"]
        if entry.get("riichi"):
            data["hands"][k]["draw"]["tenpai"] = [n for n in tenpai if n != entry["riichi"][0]]
        else:  # a noten player who could afford a riichi given one
            noten = [n for n in NAMES if n not in tenpai]
            seat = NAMES.index(noten[0]) if noten else None
            if seat is None or run.rows[k].scores[seat] - run.rows[k].deltas[seat] < rules.match.riichi_min_points:
                continue
            data["hands"][k]["riichi"] = [noten[0]]
        broken("a riichi player noten at the draw", data, "declared riichi this hand but is not tenpai")
        break

    # `liable:` where the completing set was not called from that player: a pao win's liable player
    # made the discarder (or the winner), and a win that is no yakuman given a liable player
    pao = _first(hands, lambda e, w: "liable" in w)
    if pao:
        k, j, w = pao
        if "from" in w:
            broken("liable: the discarder", edit(full, k, j, liable=w["from"]), "is liable and dealt in")
        else:
            broken("liable: the winner", edit(full, k, j, liable=w["winner"]), "cannot be liable")
    # the pao yakuman's last set in the concealed tiles: a called dragon (wind) pon written without
    # its brackets, so that nobody fed it
    fed = _first(hands, lambda e, w: "liable" in w and "hand" in w and _pao_pon(w["hand"]) is not None)
    if fed:
        k, j, w = fed
        pon = _pao_pon(w["hand"])
        broken("liable: a set of the yakuman concealed",
               edit(full, k, j, hand=pon.group(1) + " " + w["hand"].replace(pon.group(0), "", 1).replace("  ", " ")),
               "concealed (or completed by the winning tile)")
    no_yakuman = [(k, j) for k, (e, row) in enumerate(zip(hands, run.rows))
                  for j, win in enumerate(row.kyoku.wins) if win.value.limit != YAKUMAN]
    if no_yakuman:
        k, j = no_yakuman[0]
        w = _wins(hands[k])[j]
        broken("liable: nobody fed the hand",
               edit(full, k, j, liable=next(n for n in NAMES if n not in (w["winner"], w.get("from")))),
               "leave `liable:` out")

    if ron := _first(hands, lambda e, w: "from" in w):
        k, j, w = ron
        broken("the winner as the discarder", edit(full, k, j, **{"from": w["winner"]}), "cannot pay themselves")
    if tsumo := _first(values["hands"], lambda e, w: w.get("tsumo")):
        k, j, w = tsumo
        broken("a tsumo with from", edit(values, k, j, **{"from": next(n for n in NAMES if n != w["winner"])}),
               "a tsumo has no `from:`")

    if values["hands"]:  # a riichi with less than 1000 points: the match resumed where Ana has 500
        data = copy.deepcopy(values)
        total, low = rules.match.start * 3, rules.match.riichi_min_points // 2
        bo = (total - low) // 2 // 100 * 100
        data["start"] = {"round": "E1", "scores": {"Ana": low, "Bo": bo, "Chen": total - low - bo}}
        first = data["hands"][0]
        first["riichi"] = ["Ana", *(n for n in first.get("riichi", []) if n != "Ana")]
        for result in ("draw", "nagashi"):  # a riichi player is tenpai at a draw
            if result in first and "Ana" not in first[result].get("tenpai", []):
                first[result]["tenpai"] = [*first[result].get("tenpai", []), "Ana"]
        broken("a riichi below the minimum points", data, f"cannot declare riichi with {low} points")
    if run.state.ended and values["hands"]:  # a hand after the end
        data = copy.deepcopy(values)
        data["hands"].append(copy.deepcopy(data["hands"][-1]))
        broken("a hand after the match ended", data, "the match already ended")

    # a winner who did not declare riichi, written with riichi, ura indicators or ippatsu
    # (one winner: the indicators of a double ron's two hands are compared with each other first)
    if plain := _first(hands, lambda e, w: "hand" in w and w["winner"] not in e.get("riichi", []) and len(_wins(e)) == 1):
        k, j, w = plain
        broken("riichi on a winner who did not declare", edit(full, k, j, riichi=True),
               "is not in this hand's riichi list")
        broken("ura for a winner without riichi", edit(full, k, j, ura=_unused(w)),
               "ura dora indicators only count with riichi")
        broken("ippatsu without riichi", edit(full, k, j, ippatsu=True), "ippatsu needs riichi")
    if ron := _first(values["hands"], lambda e, w: "from" in w):  # han and fu no hand has
        k, j, w = ron
        value = {key: None for key in ("limit", "yakuman", "liable", "liable_yakuman", "chips")}
        broken("1 han 20 fu by ron", edit(values, k, j, **value, han=1, fu=20), "20 fu")
    return out


def _pao_pon(hand: str) -> re.Match | None:
    """A called pon (`[555z]`) of the hand's pao yakuman: of a dragon when its three dragon sets
    are melds (daisangen), else of a wind."""
    dragons = len(re.findall(r"[\[(]([5-7])\1{2,3}z[\])]", hand)) == 3
    return re.search(r"\[(([5-7])\2\2z)\]" if dragons else r"\[(([1-4])\2\2z)\]", hand)


def _unused(w: dict) -> str:
    """As many indicators as the win has, of a tile it holds and shows none of (a legal ura set)."""
    from calc.core.notation import parse_hand, parse_tiles

    concealed, melds = parse_hand(w["hand"])
    seen = {t[0] for t in (*concealed, *(x for m in melds for x in m.tiles), *parse_tiles(w.get("dora") or ""))}
    # a terminal or honour first; a thirteen-orphans hand holds every one of those the indicators
    # may name, so then a simple (not a five: a red one would change the count of red fives)
    simples = [t[0] for t in parse_tiles("234678p234678s")]
    free = next(v for v in (*T.TERMINALS_AND_HONORS, *simples) if v not in seen and v != T.NORTH)
    return T.name(free) * min(4, max(1, len(parse_tiles(w.get("dora") or ""))))


def _last_tile(hand: str):
    from calc.core.notation import parse_hand

    concealed, _ = parse_hand(hand)
    return concealed[-1]


def _count(wins: list[dict], tile) -> int:
    """Copies of `tile`'s value in two hands won on one discard (the discard counted once)."""
    from calc.core.notation import parse_hand

    n = -1  # the discard is in both hands
    for w in wins:
        concealed, melds = parse_hand(w["hand"])
        n += sum(t[0] == tile[0] for t in (*concealed, *(x for m in melds for x in m.tiles)))
    return n


def keep_mutations(run: SR.MatchRun, c: Case) -> tuple[dict[int, list[str]], list[str]]:
    """Broken lines typed into keep before the line they spoil (by line index), each to be refused
    with the session going on, and the kinds typed."""
    lines = keep_lines(run, c)
    before: dict[int, list[str]] = {}
    typed: list[str] = []

    def add(k: int, kind: str, line: str) -> None:
        before.setdefault(k, []).append(line)
        typed.append(kind)

    for k, line in enumerate(lines):
        if " ron " in line and " and " not in line:
            winner, _, discarder = line.split()[:3]
            add(k, "the winner as the discarder", line.replace(f"{winner} ron {discarder}", f"{winner} ron {winner}", 1))
            add(k, "a second win by the same player", f"{line} and {line}")
            break
    for k, line in enumerate(lines):
        if line.startswith("draw") and k and lines[k - 1].startswith("riichi "):
            riichi = lines[k - 1].split()[1:]
            add(k, "a riichi player noten at the draw", " ".join(w for w in line.split() if w not in riichi))
            break
    for k, line in enumerate(lines):
        if " and " in line and line.count(" dora ") == 2:
            first, second = line.split(" and ")
            other = "9m" if " dora 1m" in second else "1m"
            add(k, "two sets of dora in a double ron", f"{first} and {re.sub(r' dora [^ ]+', ' dora ' + other, second)}")
            break
    for k, line in enumerate(lines):
        if " pao " in line and " ron " in line:
            words = line.split()
            discarder = words[words.index("ron") + 1]
            add(k, "liable: the discarder", re.sub(r" pao [^ ]+", f" pao {discarder}", line))
            break
    return before, typed


# ---------------------------------------------------------------- keep in a real terminal


def pty_door(run: SR.MatchRun, c: Case, folder: Path) -> Outcome:
    """The same lines typed into `sanma keep` through a pseudo-terminal (pexpect), as at a table;
    the outcome is the record it leaves, settled."""
    import os
    import sys

    import pexpect

    from calc.table import record

    path = folder / "typed.yaml"
    path.write_text(new_record(c), encoding="utf-8")
    env = {**os.environ, "TERM": "dumb", "COLUMNS": "200", "PYTHONUNBUFFERED": "1"}
    child = pexpect.spawn(sys.executable, ["-m", "calc", "keep", str(path)], env=env, encoding="utf-8",
                          timeout=60, dimensions=(50, 200))
    problems = []
    try:
        child.expect(r"> ")
        for k, line in enumerate(keep_lines(run, c)):
            child.sendline(line)
            child.expect(r"> ")
            if "refused" in child.before:
                problems.append(f"line {k + 1} {line!r}: {child.before.strip()[-300:]}")
                break
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    if child.exitstatus not in (0, None):
        problems.append(f"keep exited with {child.exitstatus}")
    kept = record.settle(record.read(path))
    return settled_outcome(kept, rules_of(c).chips.on, tuple(problems))
