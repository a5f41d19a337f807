"""The generator of what people write, beside the simulator's (tests/doors.py): hypothesis strategies
for what a person types or saves, and the three oracles every generated input is held to.

What is generated (each strategy below):

- `hands()`: a winning hand with every flag of `sanma hand` (from tests/hand_strategies.py), its
  situation (seat, round, honba, sticks, riichi) and profile, sometimes broken (a flag flipped, a key
  given junk);
- `records()`: a match record, hand by hand (riichi, wins by value (han and fu past 110 too, limits,
  yakuman multiples) and by full hand, double rons, pao, chips, draws, nagashi, aborts, chombo, a
  resumed `start:`), then broken as a tired scorekeeper does (a value replaced, a key dropped or
  misspelt);
- `profiles()` and `schemes()`: every key of a profile (a scheme's every entry), in range, out of
  range and against the keys it goes with (uma falls with the place, oka with start and return, the
  noten pool splits in two);
- `command_lines()`: each command's options alone, repeated, combined and contradictory (`pay`'s
  han, fu, limit and yakuman in every pairing);
- `keep_sessions()`: the lines a scorekeeper types into `sanma keep`, some spoilt as fingers spoil
  them, with the session's own commands between them;
- `log_edits()`: a log (the real Tenhou game of examples/logs in each of its formats, and mjai logs
  the project writes) with a line dropped, repeated or changed.

The oracles:

(a) a legal input settles the same through every other door: a full hand as `sanma hand`,
    `calc.score`, a record's win by full hand and by value, `sanma pay` and `calc.pay`, and the lines
    `sanma keep` takes; a record as `sanma settle`, `calc.settle`, `sanma keep` and `sanma serve`;
(b) an impossible input is refused in one line naming the file, line and key path (the option on a
    command line; for `serve`, a 422 with one line), exit 1 (2 for a value an option does not take),
    nothing written and never a traceback; the other doors refuse it too;
(c) one figure means the same in every output: a record's scores, changes and final points in its
    text, `--json`, `--csv` and `--html`.

`covered` counts what was generated and checked, kind by kind; tests/test_people.py runs each
strategy at a fixed seed inside `make test`, tests/fuzz_people.py at any size in `make fuzz`.
"""

from __future__ import annotations

import copy
import csv
import html as html_lib
import io
import json
import re
import tempfile
from collections import Counter
from pathlib import Path

import yaml
from hypothesis import strategies as st

import calc
from calc.core import tiles as T
from calc.core.errors import in_keys
from calc.core.rules import load, variant_of
from calc.scoring.request import FIELD_DEFAULTS, HandRequest
from calc.table.scored import score as score_request
from calc.scoring.value import LIMITS, YAKUMAN
from calc.table import chips as C
from doors import ERROR_LINE, NAMES, dump, runner, win_line
from hand_strategies import SANMA_TILES, winning_hands

ROOT = Path(__file__).resolve().parents[1]
PROFILES = tuple(sorted(p.stem for p in (ROOT / "rulesets").glob("*.yaml") if variant_of(p.stem) == "sanma"))
HAND_PROFILES = ("standard", "tenhou", "mahjongsoul", "parlour")
FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou",
         "chiihou", "renhou")
# what a person writes where a value goes, besides the right thing
JUNK = (None, "", "x", -1, 0, 10**21, True, 1.5, [], {}, "Zed", "3", "0m", "5z5z", "mangan", "yakuman")

covered: Counter = Counter()
# A refusal at the top of a file, where there is no key path to name: the file and line, then either
# YAML's own words about the text there, or the key named in the message (`unknown key 'winer'`).
WHERE_TOP = re.compile(r"^Error: (?P<file>\S+):(?P<line>\d+)(, column \d+)?: (?P<message>(unknown key '[^']*'|.*YAML|"
                       r"a tab character|the record is empty).*)$")


# ---------------------------------------------------------------- running a door


def cli(*args: str, input: str | None = None):
    """A command as a person runs it (in-process: typer's CliRunner, the click command built once)."""
    return runner.invoke(calc_app(), list(args), input=input)


def calc_app():
    from calc.cli.app import app

    return app


def crashed(result) -> str | None:
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return f"crashed: {type(result.exception).__name__}: {result.exception}"
    return None


def refusal(result, *, file: str | None = None) -> tuple[int, str] | str:
    """(exit code, message after `Error: ` and the where) of a command that refused, or what is
    wrong with how it refused: a traceback, more than one line, something on stdout, an exit code
    that is neither 1 nor 2, no file:line and key path where a file was read."""
    problem = crashed(result)
    if problem:
        return problem
    if result.exit_code not in (1, 2):
        return f"exit {result.exit_code}"
    if result.stdout:
        return f"refused, yet printed {result.stdout[:200]!r}"
    err = result.stderr
    if err.count("\n") > 1 and err.startswith("Error: ") and all(
            PROBLEM_LINE.match(line) for line in err.strip().splitlines()):
        # a profile or scheme with several problems lists each on a line that names its file, line and key
        return result.exit_code, err[len("Error: "):].strip()
    if err.count("\n") != 1 or not err.startswith("Error: "):
        return f"not one `Error:` line: {err[-400:]!r}"
    line = err.strip()
    if file is not None:
        found = ERROR_LINE.match(line) or WHERE_TOP.match(line)
        if not found or found.group("file") != file:
            return f"does not name {file}:LINE and the key path: {line!r}"
        return result.exit_code, found.group("message")
    return result.exit_code, line[len("Error: "):]


def same_refusal(said: str, error: calc.SanmaError) -> bool:
    """A command's `Error:` words and the API's exception say the same, each in its own words: the
    option (`--han: `) where the API names its keyword (`at han: `), a flag where it names a key."""
    return in_keys(said) in (str(error), error.message) or in_keys(without_where(said)) == error.message


def without_where(message: str) -> str:
    """An error's words without its `--option: ` / `at key: ` prefix."""
    return re.sub(r"^(--[a-z-]+|at [^:]+): ", "", message)


# ---------------------------------------------------------------- (a) a hand through every door


@st.composite
def hands(draw):
    """A legal winning hand (every flag of `sanma hand`), on any shipped profile with chips or not;
    a riichi hand has its own stick on the table. Sometimes broken: a flag flipped or a key given
    junk, which every door must refuse alike."""
    request = draw(winning_hands())
    rules = draw(st.sampled_from(HAND_PROFILES))
    request = request._replace(rules=rules, scheme=request.scheme if rules != "parlour" else None)
    if (request.riichi or request.double_riichi) and request.sticks == 0:
        request = request._replace(sticks=1)  # `--sticks` counts the winner's own stick (sanma hand --help)
    broken = None
    if draw(st.integers(0, 3)) == 0:
        key = draw(st.sampled_from([*FLAGS, "dora", "ura", "nuki", "win", "hand", "honba", "sticks"]))
        if key in FLAGS:
            value = not getattr(request, key)
        elif key in ("nuki", "honba", "sticks"):
            value = draw(st.sampled_from([-1, 5, 101, 10**6]))
        else:
            value = draw(st.sampled_from(["3m", "5z5z5z5z5z5z", "0m", "1p1p1p1p", "x", "9s9s9s9s"]))
        broken = key
        request = request._replace(**{key: value})
    return request, broken


def _flags(request: HandRequest) -> list[str]:
    """The request as `sanma hand`'s options (only what differs from the defaults)."""
    args = [request.hand]
    for name, default in FIELD_DEFAULTS.items():
        value = getattr(request, name)
        if value == default:
            continue
        option = "--" + name.replace("_", "-")
        args += [option] if value is True else [option, str(value)]
    return args


def _keywords(request: HandRequest) -> dict:
    return {name: getattr(request, name) for name, default in FIELD_DEFAULTS.items()
            if getattr(request, name) != default}


def _own_stick(request: HandRequest) -> int:
    """The winner's own riichi stick among `--sticks` (which counts it): the record's `riichi:` puts
    it down. `--riichi --sticks 0` leaves it out; the record takes it back all the same."""
    return 1 if (request.riichi or request.double_riichi) and request.sticks >= 1 else 0


def _start(request: HandRequest, rules) -> dict:
    """The record's `start:` that puts the table where the hand is: its round, honba and sticks (the
    winner's own riichi stick is the record's `riichi:`), the sticks' points taken from everyone alike
    (a hundred sticks leave a few hundred points each), the odd hundreds the winner's."""
    sticks = request.sticks - _own_stick(request)
    left = 3 * rules.match.start - sticks * rules.payment.riichi_stick
    each = left // 3 // 100 * 100
    winner = NAMES["ESW".index(request.seat.upper())]
    scores = {name: left - 2 * each if name == winner else each for name in NAMES}
    return {"round": f"{request.round.upper()}1", "honba": request.honba, "sticks": sticks, "scores": scores}


def hand_record(request: HandRequest, *, by_value: dict | None = None) -> dict:
    """The hand as a one-hand match record: a full hand with its keys, or (`by_value`) its value."""
    rules = load(request.rules)
    winner = "ESW".index(request.seat.upper())
    win: dict = {"winner": NAMES[winner]}
    if request.tsumo:
        win["tsumo"] = True
    else:
        win["from"] = NAMES[(winner + 1) % 3]  # the seat after the winner, as `sanma hand` has it
    if by_value is not None:
        win |= by_value
    else:
        win["hand"] = request.hand
        for key in ("win", "dora", "ura"):
            if getattr(request, key):
                win[key] = getattr(request, key)
        if request.nuki:
            win["nuki"] = request.nuki
        for flag in FLAGS:
            if flag not in ("tsumo", "riichi") and getattr(request, flag):
                win[flag] = True
    data: dict = {"rules": request.rules}
    if request.scheme:
        data["scheme"] = request.scheme
    data |= {"players": list(NAMES), "start": _start(request, rules)}
    hand: dict = {}
    if request.riichi or request.double_riichi:
        hand["riichi"] = [NAMES[winner]]
    hand["win"] = win
    data["hands"] = [hand]
    return data


def value_keys(request: HandRequest) -> dict:
    """A scored hand's value as a record writes it by value (what `sanma keep` takes as `3 40`,
    `mangan`, `yakuman 2`), with the chips it earns where the profile pays them."""
    scored = score_request(request)
    ev, rules = scored.evaluation, scored.ruleset
    out: dict = {}
    if ev.yakuman:
        out["limit"] = YAKUMAN
        if ev.value.yakuman > 1:
            out["yakuman"] = ev.value.yakuman
    elif ev.han >= 5:
        out["han"] = ev.han
    else:
        out["han"], out["fu"] = ev.han, ev.fu
    if rules.chips.on and C.win_count(ev, rules):
        out["chips"] = C.win_count(ev, rules)
    return out


def check_hand(request: HandRequest, broken: str | None) -> list[str]:
    """Oracle (a) and (b) for one hand: `sanma hand --json`, `calc.score`, the hand as a record by full
    hand and by value, `sanma pay` / `calc.pay` for its value, and `sanma keep` typing it."""
    problems: list[str] = []
    shown = " ".join(_flags(request))
    result = cli("hand", *_flags(request), "--json")
    try:
        api = calc.score(request.hand, **_keywords(request)).to_dict()
        api_error = None
    except calc.SanmaError as error:
        api, api_error = None, error
    if api_error is not None or result.exit_code != 0:
        refused = refusal(result)
        if isinstance(refused, str):
            return [f"sanma hand {shown}: {refused}"]
        if api_error is None:
            return [f"sanma hand {shown} refused ({refused[1]}) where calc.score scored it"]
        code, message = refused
        covered[f"hand refused (exit {code})"] += 1
        if code == 1 and not same_refusal(message, api_error):
            problems.append(f"sanma hand {shown}: the command says {message!r}, calc.score {api_error.message!r}")
        # a record says riichi by its `riichi:` list (a double riichi is that riichi), and the table's honba
        # and sticks by the flow: those refusals have no record of their own
        if broken not in (None, "honba", "sticks", "riichi", "double_riichi") and code == 1:
            problems += _record_refuses(request, api_error.message)
        return problems
    covered["hand scored"] += 1
    scored = json.loads(result.stdout)
    if scored != api:
        return [f"sanma hand {shown} --json and calc.score differ: {scored} / {api}"]
    if broken is not None:
        covered["broken hand that is still a hand"] += 1
    problems += _record_settles(request, scored)
    return problems


def _settle(data: dict, folder: Path, name: str = "record.yaml"):
    path = folder / name
    path.write_text(dump(data), encoding="utf-8")
    return path, cli("settle", str(path), "--json")


def _record_refuses(request: HandRequest, message: str) -> list[str]:
    """A hand every door refuses is refused as a record's full hand too, in the record's words."""
    if request.honba > 100 or request.honba < 0 or request.sticks < 0 or request.nuki < 0:
        return []
    try:
        rules = load(request.rules)
    except calc.SanmaError:
        return []
    if request.sticks > 105 or request.round.upper() not in "ESW" or request.seat.upper() not in "ESW":
        return []
    data = hand_record(request)
    with tempfile.TemporaryDirectory(prefix="sanma-people-") as tmp:
        path, result = _settle(data, Path(tmp))
        refused = refusal(result, file=str(path))
    if isinstance(refused, str):
        return [f"record of the refused hand {request!r}: {refused}"]
    covered["hand refused as a record"] += 1
    if message not in refused[1] and in_keys(message) not in refused[1]:
        # the record may find another fault first (a riichi below the points, the tile count):
        # it must at least be about the hand
        if "hands[1]" not in result.stderr:
            return [f"record of the refused hand: refused for {refused[1]!r}, not at hands[1] ({message!r})"]
    return []


def _record_settles(request: HandRequest, scored: dict) -> list[str]:
    """The scored hand as a record by full hand and by value, and through `sanma keep`: each settles
    to the hand's payments (less the winner's own riichi stick, which the record puts down)."""
    problems: list[str] = []
    rules = load(request.rules)
    winner = "ESW".index(request.seat.upper())
    # the hand's payments by seat (the dealer at 0, a ron's discarder after the winner), the sticks in
    expected = list(score_request(request).settlement.deltas)
    expected[winner] -= rules.payment.riichi_stick * _own_stick(request)  # the record puts it down first
    value = value_keys(request)
    full = hand_record(request)
    by_value = hand_record(request, by_value=value)
    with tempfile.TemporaryDirectory(prefix="sanma-people-") as tmp:
        folder = Path(tmp)
        for door, data in (("record by full hand", full), ("record by value", by_value)):
            path, result = _settle(data, folder)
            if result.exit_code != 0:
                problems.append(f"{door} of the hand {request!r}: {result.stderr.strip()[:400]}")
                continue
            deltas = [json.loads(result.stdout)["ledger"][0]["deltas"][n] for n in NAMES]
            if deltas != expected:
                problems.append(f"{door} of {request!r} settles {deltas}, the hand pays {expected}")
            covered[door] += 1
        problems += _kept(full, folder, expected)
        problems += _paid(request, value, scored)
    return problems


def _kept(data: dict, folder: Path, expected: list[int]) -> list[str]:
    """`sanma keep` on the record's start, the hand typed as a scorekeeper types it."""
    start = {k: v for k, v in data.items() if k != "hands"} | {"hands": []}
    path = folder / "kept.yaml"
    path.write_text(dump(start), encoding="utf-8")
    hand = data["hands"][0]
    lines = [f"riichi {' '.join(hand['riichi'])}"] if hand.get("riichi") else []
    lines.append(win_line(hand["win"]))
    result = cli("keep", str(path), input="\n".join(lines) + "\nquit\n")
    problem = crashed(result)
    if problem or "refused" in result.stdout:
        said = re.findall(r"refused: .*", result.stdout)
        return [f"keep {lines!r}: {problem or said}"]
    settled = cli("settle", str(path), "--json")
    if settled.exit_code != 0:
        return [f"keep {lines!r} left a record that cannot be settled: {settled.stderr.strip()}"]
    deltas = [json.loads(settled.stdout)["ledger"][0]["deltas"][n] for n in NAMES]
    covered["keep typed the hand"] += 1
    return [] if deltas == expected else [f"keep {lines!r} settles {deltas}, the hand pays {expected}"]


def _paid(request: HandRequest, value: dict, scored: dict) -> list[str]:
    """`sanma pay` and `calc.pay` for the hand's value pay the winner what the hand pays."""
    dealer = request.seat.upper() == "E"
    value = {k: v for k, v in value.items() if k != "chips"}
    args = [*(f"--{k}={v}" for k, v in value.items())]
    args += ["--tsumo"] * request.tsumo + ["--dealer"] * dealer + [f"--honba={request.honba}",
                                                                    f"--sticks={request.sticks}",
                                                                    f"--rules={request.rules}"]
    if request.scheme:
        args.append(f"--scheme={request.scheme}")
    result = cli("pay", *args, "--json")
    if result.exit_code != 0:
        return [f"sanma pay {' '.join(args)} for the hand {request!r}: {result.stderr.strip()}"]
    paid = json.loads(result.stdout)
    keywords = dict(value, tsumo=request.tsumo, dealer=dealer, honba=request.honba, sticks=request.sticks,
                    rules=request.rules, scheme=request.scheme)
    api = calc.pay(**keywords).to_dict()
    covered["pay for the hand's value"] += 1
    if paid != api:
        return [f"sanma pay {' '.join(args)} and calc.pay differ: {paid} / {api}"]
    if paid["total"] != scored["total"] or sorted(p["amount"] for p in paid["payments"]) != sorted(
            p["amount"] for p in scored["payments"]):
        return [f"sanma pay {' '.join(args)} pays {paid['payments']}, the hand {scored['payments']}"]
    return []


# ---------------------------------------------------------------- records


# Full hands that win from any seat with a yaku of their own (dora and the seat aside), and pairs of
# them that can share one discard (a double ron): the same winning tile, no fifth copy between them.
FULL_HANDS = ("234p678s999m111z5z5z", "123p456p789s99p234s", "11p33p0p5p77s99s11z22z", "234p678s5z5z [999m] [1111z]",
              "123p456p789s1z1z (5555z)", "123p123p789s11z55z5z", "123p456p789s11z55z5z", "234p0p67p789s111z55z")
DOUBLE_RON = (("123p456p789s666z5z5z", "234p567p789s777z5z5z"), ("123p456p789p111s6z6z", "345p678p999s777z6z6z"))
PAO_HAND = "11z123p [555z] [666z] [777z]"
INDICATORS = ("3p", "9m", "4z", "3z", "1m", "8s", "")


@st.composite
def record_hands(draw, rules) -> list[dict]:
    """The hands of a match record, each one a table could write (the flow decides whether it is
    legal there: a riichi needs the points, a match that ended has no next hand)."""
    out = []
    chips_on = rules.chips.on
    for _ in range(draw(st.integers(1, 8))):
        winner, discarder, other = draw(st.permutations(NAMES))
        kind = draw(st.sampled_from(["ron", "ron", "tsumo", "full", "full", "double", "draw", "abort", "nagashi",
                                     "chombo", "pao"]))
        hand: dict = {}
        riichi = draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=2))
        if kind in ("ron", "tsumo"):
            win: dict = {"winner": winner}
            win |= {"from": discarder} if kind == "ron" else {"tsumo": True}
            form = draw(st.integers(0, 3))
            if form == 0:
                win["limit"] = draw(st.sampled_from(LIMITS))
                if win["limit"] == YAKUMAN and draw(st.booleans()):
                    win["yakuman"] = draw(st.integers(1, 3))
            elif form == 1:
                win["han"] = draw(st.integers(5, 14))
            else:
                win["han"] = draw(st.integers(1, 4))
                win["fu"] = draw(st.sampled_from([25, 30, 40, 50, 70, 110, 120, 130, 140]
                                                 + ([20] if kind == "tsumo" else [])))
            if chips_on and draw(st.booleans()):
                win["chips"] = draw(st.integers(0, 3))
            hand["win"] = win
        elif kind == "full":
            win = {"winner": winner}
            win |= {"from": discarder} if draw(st.booleans()) else {"tsumo": True}
            win["hand"] = draw(st.sampled_from(FULL_HANDS))
            if dora := draw(st.sampled_from(INDICATORS)):
                win["dora"] = dora
            if winner in riichi and dora and draw(st.booleans()):
                win["ura"] = draw(st.sampled_from(INDICATORS[:-1]))
            if winner in riichi and draw(st.integers(0, 3)) == 0:
                win["ippatsu"] = True
            if draw(st.integers(0, 3)) == 0:
                win["nuki"] = draw(st.integers(1, 2))
            hand["win"] = win
        elif kind == "double":
            pair = draw(st.sampled_from(DOUBLE_RON))
            if draw(st.booleans()):
                dora = draw(st.sampled_from(INDICATORS[:-1]))
                wins = [{"winner": w, "from": discarder, "hand": h, "dora": dora} for w, h in zip((winner, other), pair)]
            else:
                wins = [{"winner": winner, "from": discarder, "han": draw(st.integers(1, 4)), "fu": 30},
                        {"winner": other, "from": discarder, "limit": draw(st.sampled_from(LIMITS))}]
            hand["win"] = wins
        elif kind == "draw":
            tenpai = draw(st.lists(st.sampled_from(NAMES), unique=True))
            hand["draw"] = {"tenpai": [*riichi, *(n for n in tenpai if n not in riichi)]}
        elif kind == "abort":
            hand["abort"] = draw(st.sampled_from(["nine-terminals", "four-kans"]))
            riichi = []
        elif kind == "nagashi":
            hand["nagashi"] = {"player": winner, "tenpai": list(riichi)}
        elif kind == "chombo":
            hand["chombo"] = {"player": winner}
            riichi = []
        else:
            riichi = [n for n in riichi if n != winner]
            win = {"winner": winner, "liable": other}
            win |= {"from": discarder} if draw(st.booleans()) else {"tsumo": True}
            if draw(st.booleans()):
                win["hand"] = PAO_HAND
            else:
                win["limit"] = YAKUMAN
                if rules.hand.double_yakuman or rules.hand.stacked_yakuman:
                    win["yakuman"] = draw(st.integers(1, 2))
                if rules.payment.pao_covers == "yakuman" and win.get("yakuman", 1) > 1:
                    win["liable_yakuman"] = 1
            hand["win"] = win
        if riichi:
            hand = {"riichi": riichi, **hand}
        if draw(st.integers(0, 14)) == 0:  # the dealer played on past agari-yame (profiles with the choice)
            hand["play_on"] = True
        out.append(hand)
    return out


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for k, value in enumerate(node):
            yield from _paths(value, (*path, k))


@st.composite
def records(draw):
    """(the record as a mapping, the edits that broke it): a match record a table writes, under any
    shipped profile (and its uma, length or scheme overridden), perhaps resumed from a `start:`;
    then up to two edits a tired scorekeeper makes (a value replaced by junk, a key dropped, a key
    misspelt or one that does not belong)."""
    profile = draw(st.sampled_from(PROFILES))
    rules = load(profile)
    data: dict = {"rules": profile}
    if draw(st.integers(0, 4)) == 0:
        data["uma"] = draw(st.sampled_from(["10-20", [20, 0, -20], [10, 5, -15], [30, -10, -20]]))
    if draw(st.integers(0, 4)) == 0:
        data["length"] = draw(st.sampled_from(["east", "hanchan"]))
    if draw(st.integers(0, 5)) == 0:
        data["scheme"] = draw(st.sampled_from(["maru-dori", "north-split", "double-take", "ron-adjust"]))
    data["players"] = list(NAMES)
    if draw(st.integers(0, 4)) == 0:
        round_ = draw(st.sampled_from(["E2", "E3", "S1", "S3", "W1"]))
        scores = draw(st.sampled_from([(35000, 35000, 35000), (41000, 30000, 33000), (20000, 45000, 39000),
                                       (52000, 28000, 25000)]))
        sticks = (3 * rules.match.start - sum(scores)) // rules.payment.riichi_stick
        data["start"] = {"round": round_, "honba": draw(st.integers(0, 2)), "sticks": sticks,
                         "scores": dict(zip(NAMES, scores))}
    data["hands"] = draw(record_hands(rules))
    return data, scorekeepers_edits(draw, data, draw(st.sampled_from([0, 0, 0, 1, 2])), JUNK)


def scorekeepers_edits(draw, data: dict, edits: int, junk, keys=("winer", "honba", "seat", "ura", "liable",
                                                                 "yakuman", "tenpai", "han")) -> list:
    """`edits` changes a tired scorekeeper makes to a record (in place): a value replaced by `junk`,
    a key or an item dropped, a misspelt key or one out of place (`keys`) added; what was done where."""
    done = []
    for _ in range(edits):
        paths = [p for p in _paths(data) if p]
        path = draw(st.sampled_from(paths))
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["junk", "junk", "remove", "add"]))
        if action == "junk":
            parent[path[-1]] = copy.deepcopy(draw(st.sampled_from(junk)))
        elif action == "remove":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(keys))] = copy.deepcopy(draw(st.sampled_from(junk)))
        done.append((action, path))
    return done


def check_record(data: dict, folder: Path) -> list[str]:
    """Oracles (a), (b) and (c) for one record: `sanma settle` and `calc.settle` agree, on a result or
    on the refusal; a settled record reads the same in every output and through `sanma keep`."""
    path, result = _settle(data, folder)
    try:
        api = calc.settle(copy.deepcopy(data)).to_dict()
        api_error = None
    except calc.SanmaError as error:
        api, api_error = None, error
    if result.exit_code != 0 or api_error is not None:
        refused = refusal(result, file=str(path))
        if isinstance(refused, str):
            return [f"settle: {refused}"]
        if api_error is None:
            return [f"sanma settle refused ({refused[1]}), calc.settle settled it"]
        covered["record refused"] += 1
        # the same words after the where (`<mapping>, at hands[2].win.fu: ` for the API)
        if refused[1] != api_error.message:
            return [f"sanma settle says {refused[1]!r}, calc.settle {api_error.message!r}"]
        page = folder / "refused.html"
        cli("settle", str(path), "--html", str(page))
        if page.exists():
            return [f"sanma settle --html wrote a page for a record it refuses ({refused[1]})"]
        return keep_refuses(data, folder, refused[1])
    covered["record settled"] += 1
    covered.update(f"record with {kind}" for kind in _kinds(data))
    settled = json.loads(result.stdout)
    if settled != api:
        return [f"sanma settle --json and calc.settle differ:\n{settled}\n{api}"]
    return check_outputs(path, settled) + _keep_record(data, folder, settled)


def _kinds(data: dict) -> set[str]:
    kinds = set()
    for hand in data.get("hands") or []:
        for key in ("draw", "abort", "nagashi", "chombo", "play_on"):
            if key in hand:
                kinds.add(key)
        wins = hand.get("win")
        wins = wins if isinstance(wins, list) else [wins] if wins else []
        if len(wins) == 2:
            kinds.add("double ron")
        for w in wins:
            kinds.add("full hand" if "hand" in w else "win by value")
            if "liable" in w:
                kinds.add("pao")
            if "chips" in w:
                kinds.add("chips")
        if hand.get("riichi"):
            kinds.add("riichi")
    if "start" in data:
        kinds.add("start")
    return kinds


# ---------------------------------------------------------------- (c) one figure in every output


def _columns(lines: list[str], rule: int) -> list[list[str]]:
    """A text table's cells, cut at the spans of its rule line (`----  ------ ...`)."""
    spans = [m.span() for m in re.finditer(r"-+", lines[rule])]
    rows = []
    for line in lines[rule + 1:]:
        if not line.strip():
            break
        rows.append([line[a if k else 0:spans[k + 1][0] if k + 1 < len(spans) else None].strip()
                     for k, (a, _) in enumerate(spans)])
    return rows


def _table(text: str, header_word: str) -> tuple[list[str], list[list[str]]]:
    lines = text.splitlines()
    for k, line in enumerate(lines[:-1]):
        if header_word in line.split() and set(lines[k + 1].replace(" ", "")) == {"-"}:
            return _columns(lines, k)[0:0] or [c.strip() for c in _cut(line, lines[k + 1])], _columns(lines, k + 1)
    return [], []


def _cut(line: str, rule: str) -> list[str]:
    spans = [m.span() for m in re.finditer(r"-+", rule)]
    return [line[a if k else 0:spans[k + 1][0] if k + 1 < len(spans) else None] for k, (a, _) in enumerate(spans)]


def _score(cell: str) -> int:
    """`42000`, or `42000 (+1000 sticks)`: the final score, the leftover sticks first place took
    included (the note says how much of it they are)."""
    found = re.fullmatch(r"(-?\d+)(?: \(\+\d+ sticks?\))?", cell.strip())
    assert found, cell
    return int(found.group(1))


def _number(cell: str) -> float:
    return float(cell.split()[0].replace("+", "")) if cell else 0.0


def check_outputs(path: Path, settled: dict) -> list[str]:
    """The record's figures (each hand's changes and scores, each player's place, final score and
    points) read from `--json` are the ones its text, `--csv` and `--html` show."""
    problems = []
    names = settled["players"]
    hands = [(e["round"], e["honba"], [e["deltas"][n] for n in names], [e["scores"][n] for n in names])
             for e in settled["ledger"]]
    standings = {s["player"]: (s["rank"], s["score"], s["points"], s.get("total", s["points"])) for s in settled["standings"]}

    text = cli("settle", str(path), "--wide").stdout
    header, rows = _table(text, "result")
    got = []
    for row in rows:
        cells = dict(zip(header, row))
        pairs = [cells[n].split("→") for n in names]
        got.append((cells["round"], int(cells["honba"]), [int(p[0]) for p in pairs], [int(p[1]) for p in pairs]))
    if got != hands:
        problems.append(f"{path.name}: the text ledger {got} is not the JSON's {hands}")
    header, rows = _table(text, "rank")
    shown = {}
    for row in rows:
        cells = dict(zip(header, row))
        shown[cells["player"]] = (int(cells["rank"]), _score(cells["score"]), _number(cells["points"]),
                                  _number(cells.get("total", cells["points"])))
    if shown != standings:
        problems.append(f"{path.name}: the text standings {shown} are not the JSON's {standings}")

    out = cli("settle", str(path), "--csv").stdout
    got = [(r["round"], int(r["honba"]), [int(r[f"{n} delta"]) for n in names], [int(r[f"{n} score"]) for n in names])
           for r in csv.DictReader(io.StringIO(out))]
    if got != hands:
        problems.append(f"{path.name}: the CSV ledger {got} is not the JSON's {hands}")

    page = path.with_suffix(".html")
    cli("settle", str(path), "--html", str(page))
    doc = page.read_text(encoding="utf-8")
    got = []
    for row in re.findall(r'<td class="hand">(\w\d)-(\d+)</td>(.*?)</tr>', doc, re.S):
        cells = {html_lib.unescape(k): v for k, v in re.findall(r'data-label="([^"]+)"[^>]*>([^<]*)<', row[2])}
        pairs = [html_lib.unescape(cells[n]).split("→") for n in names]
        got.append((row[0], int(row[1]), [int(p[0]) for p in pairs], [int(p[1]) for p in pairs]))
    if got != hands:
        problems.append(f"{path.name}: the HTML ledger {got} is not the JSON's {hands}")
    table = re.search(r'<table class="standings">(.*?)</table>', doc, re.S).group(1)
    heads = re.findall(r"<th[^>]*>([^<]*)</th>", table)
    shown = {}
    for row in re.findall(r"<tr><td>(.*?)</tr>", table, re.S):
        cells = dict(zip(heads, [html_lib.unescape(c) for c in re.findall(r"<td[^>]*>([^<]*)</td>", "<td>" + row)]))
        shown[cells["player"]] = (int(cells["rank"]), _score(cells["score"]), _number(cells["points"]),
                                  _number(cells.get("total", cells["points"])))
    if shown != standings:
        problems.append(f"{path.name}: the HTML standings {shown} are not the JSON's {standings}")
    covered["record read alike in text, JSON, CSV and HTML"] += 1
    return problems


# ---------------------------------------------------------------- the same record typed into keep


def keep_lines(data: dict) -> list[str]:
    """The lines a scorekeeper types for the record's hands (doors.win_line for a win)."""
    lines = []
    for hand in data.get("hands") or []:
        if hand.get("riichi"):
            lines.append("riichi " + " ".join(hand["riichi"]))
        if "win" in hand:
            wins = hand["win"] if isinstance(hand["win"], list) else [hand["win"]]
            # a key the record reads as absent (`ura: null`, `ippatsu: false`) is not typed
            wins = [{k: v for k, v in w.items() if v is not None and v is not False} for w in wins]
            lines.append(" and ".join(win_line(w) for w in wins))
        elif "draw" in hand:
            lines.append(" ".join(["draw", *hand["draw"].get("tenpai", [])]))
        elif "nagashi" in hand:
            n = hand["nagashi"]
            lines.append(" ".join(["nagashi", *([n["player"]] if "player" in n else n["players"])]
                                  + (["tenpai", *n["tenpai"]] if n.get("tenpai") else [])))
        elif "abort" in hand:
            lines.append(f"abort {hand['abort']}")
        elif "chombo" in hand:
            lines.append(f"chombo {hand['chombo']['player']}")
        if hand.get("play_on"):
            lines.append("play on")
    return lines


def _keep_record(data: dict, folder: Path, settled: dict) -> list[str]:
    """The record's hands typed into `sanma keep` (from its top: profile, scheme, uma, length, start)
    leave a record that settles as the record does."""
    path = folder / "kept.yaml"
    path.write_text(dump({k: v for k, v in data.items() if k != "hands"} | {"hands": []}), encoding="utf-8")
    lines = keep_lines(data)
    result = cli("keep", str(path), input="\n".join(lines) + "\nquit\nquit\n")
    problem = crashed(result)
    refused = re.findall(r"refused: .*", result.stdout)
    if problem or refused:
        return [f"keep {lines!r}: {problem or refused}"]
    result = cli("settle", str(path), "--json")
    if result.exit_code != 0:
        return [f"keep {lines!r} left a record that cannot be settled: {result.stderr.strip()}"]
    kept = json.loads(result.stdout)
    covered["record typed into keep"] += 1
    if kept["ledger"] != settled["ledger"] or kept["standings"] != settled["standings"]:
        return [f"keep {lines!r} leaves a record that settles otherwise:\n{kept}\n{settled}"]
    return []


def keep_refuses(data: dict, folder: Path, message: str) -> list[str]:
    """A record `sanma settle` refuses, typed into `sanma keep` hand by hand: keep refuses a line (one
    `refused:` line each, the session going on) and never writes what cannot be settled."""
    top = {k: v for k, v in data.items() if k != "hands"} | {"hands": []}
    path = folder / "kept.yaml"
    path.write_text(dump(top), encoding="utf-8")
    if cli("settle", str(path)).exit_code != 0:
        return []  # the record's top is what is wrong: keep does not open it, as settle does not
    try:
        lines = keep_lines(data)
    except (TypeError, KeyError, AttributeError):
        return []  # junk that no typed line can say
    result = cli("keep", str(path), input="\n".join(lines) + "\nquit\nquit\n")
    problem = crashed(result)
    if problem or "an error in sanma itself" in result.stdout:
        return [f"keep {lines!r}: {problem or result.stdout[-400:]}"]
    settled = cli("settle", str(path))
    covered["refused record typed into keep"] += 1
    if settled.exit_code != 0:
        return [f"keep {lines!r} wrote a record that cannot be settled: {settled.stderr.strip()}"]
    del message
    return []


# ---------------------------------------------------------------- the same record entered through serve

# request bodies that are no hand: each answered in one line, 4xx, and the match unchanged
JUNK_BODIES = ([], "x", 3, None, {"win": None}, {"draw": {"tenpai": ["Zed"]}}, {"riichi": "Ana", "abort": "x"},
               {"win": {"winner": "Ana", "from": "Bo", "han": 3, "fu": 35}}, {"chombo": {}})


def _junk_bodies(server, ruleset) -> list[str]:
    problems = []
    _, before, headers = server.request("GET", "/api/match")
    for body in JUNK_BODIES:
        for route in ("/api/check", "/api/hands"):
            status, answer, _ = server.request("POST", route, body)
            if not 400 <= status < 500 or not isinstance(answer, dict) or "\n" in str(answer.get("error", "\n")):
                problems.append(f"serve: {route} {body!r} answered {status} {answer!r}, not a 4xx with one line")
    status, scored, _ = server.request("POST", "/api/score", {"hand": "123p456p789s99p234s", "dora": "3p"})
    expected = calc.score("123p456p789s99p234s", dora="3p", rules=ruleset).to_dict()
    if status != 200 or scored != expected:
        problems.append(f"serve: /api/score answered {status} {scored!r}, calc.score {expected!r}")
    status, answer, _ = server.request("POST", "/api/score", {"hand": "123p456p789s99p234s", "seat": "N"})
    if status != 422 or "\n" in str(answer):
        problems.append(f"serve: /api/score with seat N answered {status} {answer!r}")
    _, after, after_headers = server.request("GET", "/api/match")
    if after != before or after_headers.get("etag") != headers.get("etag"):
        problems.append("serve: a request that is no hand changed the match")
    covered["serve refused bodies that are no hand"] += len(JUNK_BODIES)
    return problems



def check_served(data: dict, folder: Path) -> list[str]:
    """A record entered hand by hand into `sanma serve` (a real server, its JSON API): each hand is
    checked (`/api/check`) and recorded (`/api/hands`); the server's match is the record's as
    `calc.settle` settles it; a hand the record refuses gets a 422 with one line, and nothing changes."""
    from served import Served

    try:
        expected = calc.settle(copy.deepcopy(data)).to_dict()
        error = None
    except calc.SanmaError as exc:
        expected, error = None, exc
    top = {k: v for k, v in data.items() if k != "hands"} | {"hands": []}
    path = folder / "served.yaml"
    path.write_text(dump(top), encoding="utf-8")
    try:
        calc.settle(copy.deepcopy(top))
    except calc.SanmaError:
        return []  # a top that cannot be settled: serve does not start on it
    problems = []
    ruleset = load(top.get("rules", "standard"))  # the record's profile and scheme: what /api/score scores under
    if top.get("scheme"):
        ruleset = ruleset.with_scheme(top["scheme"])
    with Served(path) as server:
        problems += _junk_bodies(server, ruleset)
        for k, hand in enumerate(data.get("hands") or []):
            status, before, headers = server.request("GET", "/api/match")
            status, checked, _ = server.request("POST", "/api/check", hand)
            status_in, answer, _ = server.request("POST", "/api/hands", hand)
            if status_in == 201:
                if status != 200:
                    problems.append(f"serve: /api/check refused hand {k + 1} ({checked}), /api/hands took it")
                continue
            _, after, after_headers = server.request("GET", "/api/match")
            covered["serve refused a hand"] += 1
            if status_in != 422 or not isinstance(answer, dict) or "\n" in str(answer.get("error", "\n")):
                problems.append(f"serve: hand {k + 1} answered {status_in} {answer!r}, not a 422 with one line")
            if after != before or after_headers.get("etag") != headers.get("etag"):
                problems.append(f"serve: the refused hand {k + 1} changed the match")
            if error is None:
                problems.append(f"serve refused hand {k + 1} ({answer}), calc.settle settles the record")
            break
        else:
            _, match, _ = server.request("GET", "/api/match")
            if error is not None:
                problems.append(f"serve took every hand, calc.settle refuses the record: {error}")
            elif match != expected:
                problems.append(f"serve's match differs from calc.settle's:\n{match}\n{expected}")
            covered["record entered through serve"] += 1
    return problems


# ---------------------------------------------------------------- profiles and schemes

PROBLEM_LINE = re.compile(r"^(?:Error: )?(?P<file>[^\s,:]+)(?::(?P<line>\d+))?(?:, column \d+)?, at (?P<key>\S+): (?P<message>.+)$")
# keys that are checked together: a change to one may be refused at another (rules.md, profiles)
RELATED = {"match.start": {"match.return", "match.oka"}, "match.return": {"match.oka"},
           "match.oka": {"match.return"}}


@st.composite
def _key_values(draw, section: str, key: str):
    """What a person writes for a profile key: mostly one of its own values, sometimes a value just
    out of its range or a near miss, now and then junk."""
    from calc.core.rules import SCHEMA

    spec = SCHEMA[section][key]
    how = draw(st.integers(0, 9))
    if how == 9:
        return draw(st.sampled_from([None, "yes", [], {}, 1.5, "x"]))
    wrong = how >= 7
    if spec.kind is bool:
        return draw(st.sampled_from([0, 1, "true", "off"]) if wrong else st.booleans())
    if spec.kind is int and spec.choices:
        return draw(st.sampled_from([0, 3, -2]) if wrong else st.sampled_from(spec.choices))
    if spec.kind is int:
        least = spec.minimum if spec.minimum is not None else 0
        if wrong:
            return draw(st.integers(least - 3, least - 1))
        return draw(st.one_of(st.integers(least, least + 3000), st.sampled_from(
            [25000, 30000, 35000, 40000, 45000, 100, 200, 1000, 2000, 3000])))
    if spec.kind is str:
        return draw(st.sampled_from([c.upper() for c in spec.choices] + ["none", "tenhou", ""]) if wrong
                    else st.sampled_from(spec.choices))
    if key == "uma":
        if wrong:
            return draw(st.one_of(st.sampled_from(["5-10", "15", [-15, 0, 15], [0, 15, -15], [10, 20]]),
                                  st.lists(st.integers(-40, 40), min_size=2, max_size=4)))
        return draw(st.sampled_from(["5-15", "10-20", "10-30", [15, 0, -15], [20, 0, -20], [10, 5, -15],
                                     [30, -10, -20], [0, 0, 0]]))
    if key == "oka":
        return draw(st.sampled_from([0, 10000, -1] if wrong else ["auto", 15000, 30000]))
    if key == "red_fives":
        return draw(st.sampled_from([["5m"], ["5p", "5p"], ["1p"], "5p"] if wrong else [["5p", "5s"], ["5p"], []]))
    return draw(st.sampled_from(["nope", "tsumo-los", 3, {"dealer_wins": {"ron": {"b": 6}}}] if wrong else
                                ["tsumo-loss", "north-split", "maru-dori", {"extends": "maru-dori", "name": "maru-own"}]))


@st.composite
def profiles(draw):
    """(a profile's mapping, the key paths it sets): a shipped profile extended with keys set anew,
    in range and out of it, together with the keys they go with; sometimes a misspelt key."""
    from calc.core.rules import SCHEMA

    data: dict = {"extends": draw(st.sampled_from(PROFILES))}
    touched = set()
    for _ in range(draw(st.integers(1, 5))):
        section = draw(st.sampled_from(sorted(SCHEMA)))
        key = draw(st.sampled_from(sorted(SCHEMA[section])))
        data.setdefault(section, {})[key] = draw(_key_values(section, key))
        touched.add(f"{section}.{key}")
    if draw(st.integers(0, 5)) == 0:
        section = draw(st.sampled_from(sorted(SCHEMA)))
        data.setdefault(section, {})[draw(st.sampled_from(["honba_rn", "umaa", "retrun", "stacked"]))] = 1
        touched.add(f"{section}.*")
    return data, touched


def check_profile(data: dict, touched: set, folder: Path) -> list[str]:
    """`sanma rules check` and `calc.load_rules` on a generated profile: both accept it, and then
    it is a profile a match can be played under (uma falls with the place and sums to 0, oka is what
    start and return make it, the noten pool splits in two, points are conserved by a short match);
    or both refuse it, each problem on a line of its own naming the file, the line and the key path
    of a key the file sets (or one checked with it)."""
    path = folder / "club.yaml"
    path.write_text(dump(data), encoding="utf-8")
    result = cli("rules", "check", str(path))
    try:
        rules = calc.load_rules(str(path))
        api_error = None
    except calc.SanmaError as error:
        rules, api_error = None, error
    problem = crashed(result)
    if problem:
        return [f"rules check: {problem}"]
    if result.exit_code == 0:
        if api_error is not None:
            return [f"rules check accepts what calc.load_rules refuses: {api_error}"]
        covered["profile accepted"] += 1
        return _playable(rules, path, folder)
    if rules is not None:
        return [f"rules check refuses ({result.stderr.strip()[:300]}) what calc.load_rules loads"]
    if result.exit_code != 1 or result.stdout:
        return [f"rules check refused with exit {result.exit_code}, printing {result.stdout[:200]!r}"]
    covered["profile refused"] += 1
    problems = []
    for line in result.stderr.strip().splitlines():
        found = PROBLEM_LINE.match(line)
        if not found:
            if WHERE_TOP.match(line) or re.match(rf"^(Error: )?{re.escape(str(path))}(:\d+)?: ", line):
                continue  # the file's own shape (YAML, a key that is not a plain name)
            problems.append(f"rules check: a problem that does not name file, line and key path: {line!r}")
            continue
        key = found.group("key")
        section = key.split(".")[0]
        if found.group("file") != str(path):
            continue  # a shipped parent's: never generated broken
        allowed = touched | set().union(*(RELATED.get(t, set()) for t in touched))
        if key not in allowed and f"{section}.*" not in allowed and not any(
                key.startswith(t + ".") for t in touched) and key not in ("extends",):
            problems.append(f"rules check blames {key}, which the profile does not set ({sorted(touched)}): {line}")
    return problems


def _playable(rules, path: Path, folder: Path) -> list[str]:
    """The invariants a match needs of a profile, checked on what was loaded, then a short match."""
    m, pay = rules.match, rules.payment
    problems = []
    if len(m.uma) != 3 or sum(m.uma) != 0 or list(m.uma) != sorted(m.uma, reverse=True):
        problems.append(f"{path.name}: uma {m.uma} does not fall with the place or does not sum to 0")
    if m.oka != 3 * (m.return_points - m.start) or m.return_points < m.start:
        problems.append(f"{path.name}: oka {m.oka} with start {m.start} and return {m.return_points}")
    if pay.noten_pool % 200:
        problems.append(f"{path.name}: a noten pool of {pay.noten_pool} does not split in two")
    if 4 in rules.game.red_fives or any(t not in (13, 22) for t in rules.game.red_fives):
        problems.append(f"{path.name}: red fives {rules.game.red_fives}")
    record = {"rules": path.name, "players": list(NAMES), "hands": [
        {"win": {"winner": "Bo", "from": "Ana", "limit": "mangan"}}, {"draw": {"tenpai": ["Chen"]}},
        {"win": {"winner": "Chen", "tsumo": True, "han": 3, "fu": 40}}]}
    path_, result = _settle(record, folder, "short.yaml")
    if crashed(result):
        return [*problems, f"{path.name}: a short match under it: {crashed(result)}"]
    if result.exit_code != 0:
        if "riichi" not in result.stderr and "ended" not in result.stderr:
            problems.append(f"{path.name}: a short match cannot be settled under it: {result.stderr.strip()}")
        return problems
    settled = json.loads(result.stdout)
    last = settled["ledger"][-1]
    if any(score % 100 for entry in settled["ledger"] for score in entry["scores"].values()):
        problems.append(f"{path.name}: a short match leaves scores that are not whole hundreds")
    if sum(last["scores"].values()) + settled["sticks_on_table"] * pay.riichi_stick != 3 * m.start:
        problems.append(f"{path.name}: the scores of a short match do not add up to 3 × {m.start}")
    if abs(sum(s["points"] for s in settled["standings"])) > 1e-6:
        problems.append(f"{path.name}: the final points of a short match sum to "
                        f"{sum(s['points'] for s in settled['standings'])}")
    covered["profile played"] += 1
    return problems


GOOD_AMOUNTS = st.sampled_from([{"b": 1, "round": "C"}, {"b": 2, "round": "C"}, {"b": "4/3", "round": "C"},
                                {"b": 6, "round": "C"}, {"ron": "1/3", "round": "C"}, 1000, 0,
                                {"sum": [{"b": 1}, 1000], "round": "C"}, [{"b": 2, "round": "C"}, 500]])
BAD_AMOUNTS = st.sampled_from([{"b": "x"}, {"b": -1}, {"b": 1}, {"b": 1, "round": "X"}, {"north": "1/2"},
                               {"dealer": 1}, [], "b", None, -500, {"b": 1, "ron": 1}])


@st.composite
def schemes(draw):
    """(a scheme's mapping, its key paths): mostly a shipped scheme extended with shares written anew
    every way the scheme language allows; sometimes a way it does not, or a scheme from nothing."""
    data: dict = {}
    touched = set()
    if draw(st.integers(0, 3)):
        data["extends"] = draw(st.sampled_from(["tsumo-loss", "maru-dori", "north-split", "add-1000", "nope"]))
    if draw(st.booleans()):
        data["rounding"] = {"C": draw(st.sampled_from([{"step": 100, "mode": "up"}, {"step": 100, "mode": "nearest"},
                                                       {"step": 100, "mode": "down"}, {"step": 0, "mode": "up"},
                                                       {"step": 100, "mode": "sideways"}, "up"]))}
        touched.add("rounding")
    for section, shares in (("dealer_wins", ("ron", "north", "non_dealer")),
                            ("non_dealer_wins", ("ron", "north", "non_dealer", "dealer"))):
        for share in shares:
            if "extends" not in data or draw(st.integers(0, 3)) == 0:
                data.setdefault(section, {})[share] = draw(BAD_AMOUNTS if draw(st.integers(0, 4)) == 0
                                                           else GOOD_AMOUNTS)
                touched.add(f"{section}.{share}")
    return data, touched


def check_scheme(data: dict, touched: set, folder: Path) -> list[str]:
    """`sanma rules check` on a generated scheme: accepted, and then every payment it makes for every
    hand value is a whole number of points, 0 or more, and a bigger hand never pays less (checked
    through `calc.pay`); or refused, each problem naming the file and the key path."""
    path = folder / "scheme.yaml"
    path.write_text(dump(data), encoding="utf-8")
    result = cli("rules", "check", str(path))
    problem = crashed(result)
    if problem:
        return [f"rules check (scheme): {problem}"]
    if result.exit_code != 0:
        covered["scheme refused"] += 1
        lines = result.stderr.strip().splitlines()
        bad = [line for line in lines if not PROBLEM_LINE.match(line) and not re.match(
            rf"^(Error: )?{re.escape(str(path))}(:\d+)?: ", line)]
        return [f"rules check (scheme): a problem without file and key path: {bad[0]!r}"] if bad else []
    covered["scheme accepted"] += 1
    problems = []
    for dealer in (False, True):
        for tsumo in (False, True):
            before = None
            for value in ({"han": 1, "fu": 30}, {"han": 2, "fu": 40}, {"han": 4, "fu": 30}, {"limit": "mangan"},
                          {"limit": "baiman"}, {"limit": "yakuman"}):
                paid = calc.pay(**value, dealer=dealer, tsumo=tsumo, scheme=str(path)).to_dict()
                amounts = [p["amount"] for p in paid["payments"]]
                if any(not isinstance(a, int) or a < 0 for a in amounts):
                    problems.append(f"{path.name}: {value} pays {amounts}")
                if before is not None and paid["total"] < before:
                    problems.append(f"{path.name}: {value} pays {paid['total']}, less than a smaller hand ({before})")
                before = paid["total"]
    return problems


# ---------------------------------------------------------------- command lines

EXAMPLES = ROOT / "examples"
TENHOU_LOG = EXAMPLES / "logs" / "2026011603gm-00b9-0000-36cf9559.json"
RULES = ["standard", "tenhou", "parlour", "mahjongsoul", "nope", str(EXAMPLES / "club.yaml"),
         str(EXAMPLES / "north-halves-500.yaml")]
SCHEME_NAMES = ["maru-dori", "north-split", "tsumo-los", str(EXAMPLES / "north-halves-500.yaml"),
                str(EXAMPLES / "club.yaml")]
SWITCH = None  # an option that takes no value
# command -> (its arguments' choices, {option: its values, or SWITCH}); values in range and out of it
COMMANDS: dict[str, tuple[list, dict]] = {
    "hand": (["123p456p789s99p234s", "234p678s999m111z5z5z", "11p33p0p5p77s99s11z22z", "123p456p789s11z55z5z",
              "234m567p678s55z [999m]", "123p456p789s99p23x", "12p"], {
        "--win": ["4s", "1p", "9p", "x"], "--tsumo": SWITCH, "--riichi": SWITCH, "--double-riichi": SWITCH,
        "--ippatsu": SWITCH, "--rinshan": SWITCH, "--chankan": SWITCH, "--haitei": SWITCH, "--houtei": SWITCH,
        "--tenhou": SWITCH, "--chiihou": SWITCH, "--renhou": SWITCH, "--seat": ["E", "S", "W", "w", "N", "X"],
        "--round": ["E", "S", "W", "N"], "--dora": ["3p", "1m", "4z", "0m", "3p9m", "x"], "--ura": ["1m", "3z", "2p"],
        "--nuki": ["0", "1", "2", "5", "-1", "x"], "--honba": ["0", "2", "101", "-1", "1.5"],
        "--sticks": ["0", "1", "3", "106", "-1"], "--rules": RULES, "--scheme": SCHEME_NAMES,
        "--all-schemes": SWITCH, "--explain": SWITCH, "--json": SWITCH}),
    "pay": ([], {
        "--han": ["1", "3", "4", "5", "13", "0", "101", "x"], "--fu": ["20", "25", "30", "40", "110", "130", "140",
                                                                       "150", "35"],
        "--limit": ["mangan", "yakuman", "baiman", "big", "Mangan"], "--yakuman": ["1", "2", "3", "7", "0"],
        "--dealer": SWITCH, "--tsumo": SWITCH, "--honba": ["0", "3", "101"], "--sticks": ["0", "2", "200"],
        "--rules": RULES, "--scheme": SCHEME_NAMES, "--all-schemes": SWITCH, "--explain": SWITCH, "--json": SWITCH}),
    "settle": ([str(EXAMPLES / "match.yaml"), str(EXAMPLES / "table.yaml"), str(EXAMPLES / "sichuan.yaml"),
                str(EXAMPLES / "nope.yaml")], {
        "--explain": SWITCH, "--scheme": SCHEME_NAMES, "--all-schemes": SWITCH, "--json": SWITCH, "--csv": SWITCH,
        "--wide": SWITCH}),
    "table": ([], {"--rules": RULES, "--scheme": SCHEME_NAMES, "--wide": SWITCH}),
    "waits": (["123p456p789s99p23s", "123p456p789s99p2s", "11p33p0p5p77s99s11z2z", "123p456p789s99p2m3s"], {
        "--riichi": SWITCH, "--ippatsu": SWITCH, "--seat": ["E", "S", "N"], "--round": ["E", "W", "X"],
        "--dora": ["3p", "x"], "--nuki": ["1", "-1"], "--discards": ["1p", "5m", "1p1p1p1p"], "--rules": RULES,
        "--json": SWITCH}),
    "replay": ([str(TENHOU_LOG), str(TENHOU_LOG.with_suffix(".xml")), str(EXAMPLES / "match.yaml")], {
        "--scheme": SCHEME_NAMES[:3], "--all-schemes": SWITCH, "--json": SWITCH, "--rules": RULES[:4],
        "--wide": SWITCH}),
    "rules show": (["standard", "maru-dori", "nope", str(EXAMPLES / "club.yaml"), str(EXAMPLES / "bad-scheme.yaml")],
                   {}),
    "rules check": ([str(EXAMPLES / "club.yaml"), str(EXAMPLES / "bad-scheme.yaml"), str(EXAMPLES / "match.yaml"),
                     str(EXAMPLES / "north-halves-500.yaml")], {}),
    "simulate": ([], {"--matches": ["0", "100001", "x"], "--length": ["east", "bogus"], "--bots": ["stress", "bogus"],
                      "--format": ["mjai", "bogus"], "--workers": ["0", "1"], "--seed": ["1", "x"]}),
}
# option pairs that cannot go together on a command: one of them would be ignored (docs/bad-input.md)
CONTRADICTIONS = {"hand": [("--json", "--explain"), ("--scheme", "--all-schemes")],
                  "pay": [("--json", "--explain"), ("--scheme", "--all-schemes"), ("--limit", "--han")],
                  "settle": [("--json", "--explain"), ("--csv", "--json"), ("--json", "--wide"),
                             ("--all-schemes", "--explain"), ("--scheme", "--all-schemes")]}


@st.composite
def command_lines(draw):
    """(the arguments of one command line, how it was made): a command, its argument, a few of its
    options with values in range or out of it, sometimes one given twice, sometimes two that do not
    go together."""
    name = draw(st.sampled_from(sorted(COMMANDS)))
    arguments, options = COMMANDS[name]
    args = name.split()
    if arguments:
        args.append(draw(st.sampled_from(arguments)))
    how = set()
    chosen = draw(st.lists(st.sampled_from(sorted(options)), unique=True, max_size=4)) if options else []
    if name in CONTRADICTIONS and draw(st.integers(0, 4)) == 0:
        chosen = [*dict.fromkeys([*chosen, *draw(st.sampled_from(CONTRADICTIONS[name]))])]
        how.add("contradictory")
    for option in chosen:
        values = options[option]
        args += [option] if values is SWITCH else [option, draw(st.sampled_from(values))]
    valued = [o for o in chosen if options[o] is not SWITCH]
    if valued and draw(st.integers(0, 3)) == 0:
        option = draw(st.sampled_from(valued))
        args += [option, draw(st.sampled_from(options[option]))]
        how.add("repeated")
    if name == "simulate" and "--matches" not in chosen:
        args += ["--matches", "0"]
    return args, how


def check_command_line(args: list[str], how: set) -> list[str]:
    """One command line, read by the typer app: a result on stdout, or one `Error:` line on stderr
    with exit 1 (2 for a usage error, which names the option or argument at fault), nothing on
    stdout and never a traceback; an option given twice is refused, or joined for indicators; a
    plain `sanma hand` / `replay` / `simulate` answered before the app says the same."""
    result = cli(*args)
    shown = "sanma " + " ".join(args)
    problem = crashed(result)
    if problem:
        return [f"{shown}: {problem}"]
    problems = []
    covered[f"command line: {args[0]}"] += 1
    covered.update(f"command line {h}" for h in how)
    if args[0] == "replay":
        errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
        for line in errors:
            if "," in line.split(":")[1] and not re.match(r"^Error: (--|\S+: )", line):
                problems.append(f"{shown}: a replay error that names no file or option: {line!r}")
        return problems + _same_when_plain(args, result)
    if result.exit_code == 0:
        if not result.stdout or "Error" in result.stderr:
            problems.append(f"{shown}: exit 0 with stdout {result.stdout[:100]!r}, stderr {result.stderr[:200]!r}")
        if "repeated" in how and not _repeat_allowed(args):
            problems.append(f"{shown}: an option given twice was taken")
        covered["command line answered"] += 1
        return problems + _same_when_plain(args, result)
    refused = refusal(result)
    if isinstance(refused, str):
        return [f"{shown}: {refused}"]
    code, message = refused
    covered[f"command line refused (exit {code})"] += 1
    if code == 2 and not re.search(r"--[a-z]|argument|command|'[A-Z]+'|option|a hand is required|--batch", message):
        problems.append(f"{shown}: a usage error that names no option or argument: {message!r}")
    if "repeated" in how and not _repeat_allowed(args) and code != 2:
        problems.append(f"{shown}: an option given twice is not refused as a usage error ({message})")
    return problems + _same_when_plain(args, result)


def _repeat_allowed(args: list[str]) -> bool:
    """Only indicator options may be given twice (their tiles join)."""
    seen = [a for a in args if a.startswith("--")]
    return all(seen.count(o) == 1 or o in ("--dora", "--ura") for o in seen)


def run_main(args: list[str]) -> tuple[int, str, str]:
    """`sanma ARGS` through calc.cli.main, as the installed command starts (the plain command lines
    answered before the typer app is built)."""
    import contextlib
    import sys

    from calc.cli import main

    out, err = io.StringIO(), io.StringIO()
    saved = sys.argv
    sys.argv = ["sanma", *args]
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.argv = saved
    return code, out.getvalue(), err.getvalue()


def _same_when_plain(args: list[str], result) -> list[str]:
    """The plain readers of `sanma hand`, `replay` and `simulate` answer as the typer app does."""
    if args[0] not in ("hand", "replay", "simulate") or "--matches" in args and "1" in args:
        return []
    code, out, err = run_main(args)
    covered[f"command line read plainly: {args[0]}"] += 1
    if (code, out, err) != (result.exit_code, result.stdout, result.stderr):
        return [f"sanma {' '.join(args)}: the plain reader says (exit {code}) {out[:200]!r} {err[:200]!r}, "
                f"the typer app (exit {result.exit_code}) {result.stdout[:200]!r} {result.stderr[:200]!r}"]
    return []


# ---------------------------------------------------------------- real logs, edited

# mjai events that only say what the others already say: dropped or repeated, the log says the same
# (reach_accepted is checked, the deposit is the round's; end_kyoku closes a hand the next one closes too)
MJAI_SAME = {"none", "reach_accepted", "end_kyoku"}
# mjai events without which a whole game is an excerpt (its final result then is not checked)
MJAI_EXCERPT = {"start_game", "end_game"}
# what a log states about a result: changed, the play no longer gives it
STATED = ("deltas", "scores", "han", "fu", "points")


def _log_sources() -> dict[str, tuple[str, str]]:
    """name -> (the text, its suffix): the real Tenhou game of examples/logs in its two Tenhou formats
    and as an mjai log a community converter writes (tests/mjai_convert.py)."""
    from mjai_convert import jsonl, mjlog_to_mjai

    xml = TENHOU_LOG.with_suffix(".xml").read_text(encoding="utf-8")
    return {"tenhou6": (TENHOU_LOG.read_text(encoding="utf-8"), "json"), "mjlog": (xml, "xml"),
            "mjai": (jsonl(mjlog_to_mjai(xml)), "jsonl")}


LOGS = _log_sources()


def _mjai_edit(draw, text: str) -> tuple[str, str, str]:
    """(the edited text, the kind of edit, what it did): a line dropped, repeated or changed."""
    lines = text.splitlines()
    k = draw(st.integers(0, len(lines) - 1))
    event = json.loads(lines[k])
    kind = event["type"]
    how = draw(st.sampled_from(["drop", "repeat", "change"]))
    if how in ("drop", "repeat"):
        out = lines[:k] + lines[k + 1:] if how == "drop" else lines[:k + 1] + lines[k:]
        # the same header, or a riichi declared again before its discard, said twice in a row says it once
        sort = ("same" if kind in MJAI_SAME or (kind in ("start_game", "end_game", "reach") and how == "repeat")
                else "excerpt" if kind in MJAI_EXCERPT and how == "drop" else "play")
        return "\n".join(out) + "\n", sort, f"line {k + 1} ({kind}) {how}ped" if how == "drop" else \
            f"line {k + 1} ({kind}) repeated"
    stated = [key for key in STATED if isinstance(event.get(key), (int, list))]
    if stated and draw(st.booleans()):
        key = draw(st.sampled_from(stated))
        if isinstance(event[key], list):
            event[key] = list(event[key])
            at = draw(st.integers(0, len(event[key]) - 1))
            event[key][at] += draw(st.sampled_from([100, -100, 1000, 1]))
        else:
            event[key] += draw(st.sampled_from([1, 10, -1]))
        sort = "figure"
    elif "pai" in event:
        event["pai"] = draw(st.sampled_from([p for p in ("1m", "9m", "5p", "5pr", "9s", "N", "C", "2m", "?")
                                             if p != event["pai"]]))
        key, sort = "pai", "tile"
    else:
        return text, "same", "nothing changed"
    lines[k] = json.dumps(event, ensure_ascii=False)
    return "\n".join(lines) + "\n", sort, f"line {k + 1} ({kind}): {key} changed"


def _tenhou6_edit(draw, text: str) -> tuple[str, str, str]:
    """A number of one hand changed, or one of its draws or discards dropped or repeated."""
    data = json.loads(text)
    k = draw(st.integers(0, len(data["log"]) - 1))
    hand = data["log"][k]
    part = draw(st.sampled_from(["scores", "result", "draws", "discards"]))
    if part == "scores":
        hand[1][draw(st.integers(0, 2))] += draw(st.sampled_from([100, -1000]))
        sort, what = "figure", "start scores"
    elif part == "result":
        deltas = next((x for x in hand[-1] if isinstance(x, list) and all(isinstance(v, int) for v in x)), None)
        if deltas is None:
            return text, "same", "nothing changed"
        deltas[draw(st.integers(0, 2))] += draw(st.sampled_from([100, -100, 1000]))
        sort, what = "figure", "a result's deltas"
    else:
        column = 5 + 3 * draw(st.integers(0, 2)) + (part == "discards")  # each seat: deal, draws, discards
        tiles = hand[column]
        if not tiles:
            return text, "same", "nothing changed"
        at = draw(st.integers(0, len(tiles) - 1))
        if draw(st.booleans()):
            del tiles[at]
            what = f"a {part[:-1]} dropped (seat {(column - 5) // 3}, place {at} of {len(tiles) + 1}: {hand[column - 1][-3:]} {tiles[-3:]})"
        else:
            tiles.insert(at, tiles[at])
            what = f"a {part[:-1]} repeated"
        sort = "play"
    return json.dumps(data, ensure_ascii=False), sort, f"hand {k + 1}: {what}"


def _mjlog_edit(draw, text: str) -> tuple[str, str, str]:
    """One tag dropped or repeated (a draw, a discard, a call, a result), or a result's sc changed."""
    tags = re.findall(r"<[^>]*>", text)
    picks = [k for k, t in enumerate(tags) if re.match(r"<([TUVDEF]\d+|N |REACH|DORA|AGARI|RYUUKYOKU|INIT)", t)]
    k = draw(st.sampled_from(picks))
    tag = tags[k]
    how = draw(st.sampled_from(["drop", "repeat", "change"]))
    if how == "change" and " sc=" in tag:
        written = re.search(r' sc="([^"]*)"', tag).group(1)
        values = written.split(",")
        values[1] = str(int(values[1]) + 10)
        tags[k] = tag.replace(f' sc="{written}"', ' sc="' + ",".join(values) + '"')
        sort, what = "figure", f"tag {k + 1}: sc changed"
    elif how == "drop":
        del tags[k]
        # the deposit tag (step 2) is only checked: the round takes the deposit by itself
        sort = "same" if re.match(r'<REACH[^>]* step="2"', tag) else "play"
        what = f"tag {k + 1} ({tag[:12]}) dropped"
    else:
        tags.insert(k, tag)
        # a riichi tag says a fact the round keeps (declared, the deposit taken): twice in a row, once
        sort, what = "same" if tag.startswith("<REACH") else "play", f"tag {k + 1} ({tag[:12]}) repeated"
    return "".join(tags), sort, what


@st.composite
def log_edits(draw):
    """(format, the edited log's text, the kind of edit, what it did): a real log with a line (a tag,
    a hand's number) dropped, repeated or changed."""
    name = draw(st.sampled_from(sorted(LOGS)))
    text = LOGS[name][0]
    edit = {"mjai": _mjai_edit, "tenhou6": _tenhou6_edit, "mjlog": _mjlog_edit}[name]
    edited, sort, what = edit(draw, text)
    return name, edited, sort, what


_ORIGINAL: dict[str, dict] = {}


def _replayed(name: str, text: str, folder: Path):
    path = folder / f"edited.{LOGS[name][1]}"
    path.write_text(text, encoding="utf-8")
    return path, cli("replay", str(path), "--json")


def check_log_edit(name: str, text: str, sort: str, what: str, folder: Path) -> list[str]:
    """A log edited: refused in one line naming the file, or replayed; replayed, it matches only when
    the edit left it saying what the game was (a line that repeats what others say, a whole game cut
    to an excerpt, a tile changed into a play that is still legal), and then with the same figures."""
    if name not in _ORIGINAL:
        _, first = _replayed(name, LOGS[name][0], folder)
        _ORIGINAL[name] = json.loads(first.stdout.splitlines()[0])
    path, result = _replayed(name, text, folder)
    problem = crashed(result)
    shown = f"{name} log, {what}"
    if problem:
        return [f"{shown}: {problem}"]
    covered[f"log edit: {sort}"] += 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    if not result.stdout.strip():
        covered["edited log refused"] += 1
        if len(errors) != 1 or not errors[0].startswith(f"Error: {path}"):
            return [f"{shown}: refused without one line naming the file: {result.stderr[-400:]!r}"]
        return []
    game = json.loads(result.stdout.splitlines()[0])
    matched = result.exit_code == 0 and not game["mismatches"]
    if not matched:
        covered["edited log replayed with its mismatches"] += 1
        return [] if sort != "same" else [f"{shown}: an edit that changes nothing gives mismatches {game['mismatches']}"]
    covered["edited log matched"] += 1
    if sort in ("play", "figure"):
        return [f"{shown}: replayed as matching, though the log no longer says what was played"]
    if sort in ("same", "excerpt") and game["hands"] != _ORIGINAL[name]["hands"]:
        return [f"{shown}: matches with other figures than the log it was edited from"]
    return []


# ---------------------------------------------------------------- running a strategy


def generate(strategy, check, examples: int, *, at: int, folder: bool = True) -> Counter:
    """`check` on `examples` inputs of `strategy` drawn at seed `at` (each in a fresh folder where it
    writes its files, when `folder`); the first problem found is shrunk by hypothesis and raised as
    an AssertionError naming it. What the run covered, kind by kind."""
    from hypothesis import HealthCheck, given, seed, settings

    before = Counter(covered)

    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck),
              report_multiple_bugs=False)
    @seed(at)
    @given(strategy)
    def run(case):
        if folder:
            with tempfile.TemporaryDirectory(prefix="sanma-people-") as tmp:
                problems = check(*case, Path(tmp))
        else:
            problems = check(*case)
        assert not problems, "\n".join(problems)

    run()
    return covered - before


# ---------------------------------------------------------------- keep sessions typed by hand


@st.composite
def keep_sessions(draw):
    """(a record's top, the lines typed into `sanma keep`): the lines of a generated record's hands,
    some of them spoilt as fingers spoil them (a word dropped, a name misspelt, a word out of place,
    a value that is no value), with the session's own commands between them (undo, show, help)."""
    data, _ = draw(records().filter(lambda case: not case[1]))
    top = {k: v for k, v in data.items() if k != "hands"} | {"hands": []}
    lines = []
    for line in keep_lines(data):
        words = line.split()
        spoil = draw(st.integers(0, 5))
        if spoil == 0 and len(words) > 1:
            del words[draw(st.integers(0, len(words) - 1))]
        elif spoil == 1:
            words[draw(st.integers(0, len(words) - 1))] = draw(st.sampled_from(
                ["Zed", "an", "0m", "-3", "x", "fu", "ron", "tsumo", "pao", "chips", "mangan", "13", "and", ";"]))
        elif spoil == 2:
            words.insert(draw(st.integers(0, len(words))), draw(st.sampled_from(["ippatsu", "tenhou", "dora", "nuki",
                                                                                 "riichi", "draw"])))
        lines.append(" ".join(words))
        if draw(st.integers(0, 7)) == 0:
            lines.append(draw(st.sampled_from(["undo", "show", "help", "play on", "riichi", ""])))
    return top, lines


def check_keep_session(top: dict, lines: list[str], folder: Path) -> list[str]:
    """Every line typed into `sanma keep` is answered, a refused one in one `refused:` line that
    changes nothing; the session never fails, and the record it leaves always settles."""
    path = folder / "kept.yaml"
    path.write_text(dump(top), encoding="utf-8")
    if cli("settle", str(path)).exit_code != 0:
        return []  # keep does not open a record settle refuses
    result = cli("keep", str(path), input="\n".join(lines) + "\nquit\nquit\n")
    problem = crashed(result)
    if problem or "an error in sanma itself" in result.stdout or result.exit_code != 0:
        return [f"keep {lines!r}: {problem or result.stdout[-400:]}"]
    refused = [line for line in result.stdout.splitlines() if "refused:" in line]
    if any(not re.search(r"> refused: \S", line) and not line.startswith("refused: ") for line in refused):
        return [f"keep {lines!r}: a refusal that is not one line: {refused}"]
    settled = cli("settle", str(path))
    covered["keep session"] += 1
    covered["keep line refused"] += len(refused)
    if settled.exit_code != 0:
        return [f"keep {lines!r} left a record that cannot be settled: {settled.stderr.strip()}"]
    return []
