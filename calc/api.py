"""The public Python API, re-exported by `calc`: score, pay, load_rules, settle, replay, simulate,
compare.

Each function returns a read-only result whose attributes are the keys of the matching command's
`--json` object (docs/json.md), and whose `to_dict()` is that object: the domain's own values (a
scored hand from calc.table.scored, a paid hand from calc.table.paid, a settled match from
calc.table.record, a replayed game from calc.logs.replay; their yaku, fu lines, payments and
standings alike). Bad input raises a `SanmaError` (or a subclass) carrying the
message the command prints. Everything not exported from `calc` is internal.
"""

from __future__ import annotations

import difflib
import functools
import inspect
import os
from pathlib import Path
from typing import TYPE_CHECKING, Mapping, Sequence, Union

from calc.core import nesting
from calc.core.errors import IllegalHandError, NotationError, RulesError, SanmaError, in_keys
from calc.core.rules import RuleSet, load
from calc.scoring import request as _request
from calc.scoring.result_items import FuLine, Payment, Yaku
from calc.table import paid as _paid
from calc.table import scored as _hands
from calc.table.match import Standing
from calc.table.paid import PayResult
from calc.table.scored import HandResult
from calc.table.payment import PaymentError

if TYPE_CHECKING:
    from calc.logs.replay import GameReplay
    from calc.sim.results import ComparisonResult, SimulationResult
    from calc.table.record import Settled

JSONValue = Union[str, int, float, bool, None, list["JSONValue"], dict[str, "JSONValue"]]
JSONObject = dict[str, JSONValue]


def _keywords(function, signature: inspect.Signature | None = None):
    """An API function's errors in the API's words: a call it cannot take (an unknown keyword, a
    missing argument) is a SanmaError naming the keywords it takes, not Python's TypeError; a message
    worded for the command line (`--seat`) names the keyword (`seat`). `signature`: the keywords the
    function takes, where it does not say them itself (a compiled function taking a mapping).

    The call is made as it comes: Python itself refuses one it cannot take (a TypeError before the
    body runs), and only then is the signature read to say why. Checking every call's keywords
    first cost more than scoring the hand's readings (inspect's bind, ~20 µs a call)."""
    signature = signature or inspect.signature(function)
    takes = ", ".join(name for name in signature.parameters)

    def refusal(args: tuple, kwargs: dict) -> SanmaError | None:
        """Why the call cannot be taken, or None: it can (a TypeError came from inside)."""
        unknown = [name for name in kwargs if name not in signature.parameters]
        if unknown:
            hint = difflib.get_close_matches(unknown[0], signature.parameters, n=1)
            suggestion = f" (did you mean {hint[0]!r}?)" if hint else ""
            return SanmaError(f"calc.{call.__name__}() has no keyword {unknown[0]!r}{suggestion}; it takes {takes}")
        try:
            signature.bind(*args, **kwargs)
        except TypeError as exc:
            return SanmaError(f"calc.{call.__name__}(): {exc}; it takes {takes}")
        return None

    @functools.wraps(function)
    def call(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except SanmaError as exc:
            exc.message = in_keys(exc.message)
            exc.args = (exc.message, *exc.args[1:])
            raise
        except TypeError:
            error = refusal(args, kwargs)
            if error is None:
                raise
        raise error from None

    call.__signature__ = signature
    return call


@_keywords
def load_rules(name_or_path: str) -> RuleSet:
    """A shipped profile by name (`standard`, `tenhou`, `mahjongsoul`, a scheme's name) or a YAML file."""
    return load(str(name_or_path))


def _ruleset(rules: str | RuleSet, scheme: str | None) -> RuleSet:
    ruleset = rules if isinstance(rules, RuleSet) else load(rules)
    return ruleset.with_scheme(scheme) if scheme is not None else ruleset


if TYPE_CHECKING:
    # What a type checker and an editor see: every keyword with its type (tests/test_api.py checks
    # these names and defaults against the request's, `request.FIELD_DEFAULTS`).
    def score(
        hand: str,
        *,
        win: str | None = None,
        tsumo: bool = False,
        riichi: bool = False,
        double_riichi: bool = False,
        ippatsu: bool = False,
        rinshan: bool = False,
        chankan: bool = False,
        haitei: bool = False,
        houtei: bool = False,
        tenhou: bool = False,
        chiihou: bool = False,
        renhou: bool = False,
        seat: str | None = "S",
        round: str = "E",
        dora: str | None = None,
        ura: str | None = None,
        nuki: int = 0,
        honba: int = 0,
        sticks: int = 0,
        rules: str | os.PathLike[str] | RuleSet = "standard",
        scheme: str | os.PathLike[str] | None = None,
    ) -> HandResult: ...

else:
    # The keywords as the mapping a call makes of them, read by compiled code (scored.score_call;
    # request.keywords says why); wrapped, as every function here, to word a refused call. The
    # keywords as help() and a refused call name them: the request's fields and their defaults
    # (request.FIELD_DEFAULTS, the one list; `rules` also takes a RuleSet).
    score = _keywords(_hands.score_call, inspect.Signature(
        [inspect.Parameter("hand", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
        + [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default)
           for name, default in _request.FIELD_DEFAULTS.items()],
        return_annotation="HandResult",
    ))
    score.__doc__ = """Score one hand as `sanma hand` does; the keywords are its flags and `--batch` keys, with
    its defaults (`seat` left out, or None, is the command's default seat: `request.DEFAULT_SEAT`).

    `rules` is a profile name, a file or a RuleSet from load_rules; `scheme` a scheme's name.
    """
    score.__name__ = score.__qualname__ = "score"
    score.__module__ = __name__


@_keywords
def pay(
    *,
    han: int | None = None,
    fu: int | None = None,
    limit: str | None = None,
    yakuman: int | None = None,
    dealer: bool = False,
    tsumo: bool = False,
    honba: int = 0,
    sticks: int = 0,
    rules: str | RuleSet = "standard",
    scheme: str | None = None,
) -> PayResult:
    """Who pays what for a hand of a given value, as `sanma pay` (han and fu, a limit, or a yakuman multiple)."""
    _request.check_types(
        dict(han=han, fu=fu, limit=limit, yakuman=yakuman, dealer=dealer, tsumo=tsumo, honba=honba, sticks=sticks,
             scheme=_request.path_text(scheme),
             **({} if isinstance(rules, RuleSet) else {"rules": _request.path_text(rules)})),
        _PAY_KINDS,
    )
    return _paid.pay(_ruleset(rules, scheme), han=han, fu=fu, limit=limit, yakuman=yakuman, dealer=dealer,
                     tsumo=tsumo, honba=honba, sticks=sticks)


# pay's keywords -> their kinds, as `check_types` reads them (its annotations as written; `rules`
# is text here, a RuleSet being let through before the check)
_PAY_KINDS = {**{k: v for k, v in pay.__annotations__.items() if k != "return"}, "rules": "str"}


@_keywords
def settle(record: str | Path | Mapping[str, object]) -> Settled:
    """Settle a sanma match record (a YAML file, or the same data as a mapping), as `sanma settle --json`.

    A mapping's errors name the key path (`<mapping>, at hands[3].win.from: ...`): its lines are
    those of no file."""
    from calc.table import record as _record

    if isinstance(record, Mapping):
        try:
            text = _record_text(record)
        except RecursionError:
            raise SanmaError(nesting.MESSAGE, file="<mapping>") from None
        try:
            match_record = _record.read_text(text, file="<mapping>")
            settled = _record.settle(match_record)
        except SanmaError as exc:
            exc.line = None  # a line of the text made from the mapping, which the caller never saw
            raise
    elif isinstance(record, (str, Path)):
        settled = _record.settle(_record.read(record))
    else:
        raise SanmaError(f"calc.settle() takes a record file (a str or Path) or the record as a mapping, got {record!r}")
    return settled


def _record_text(record: Mapping[str, object]) -> str:
    """The mapping as the YAML text the record reader reads (Paths as their text, tuples as lists)."""
    import yaml

    def plain(value: object, where: str) -> object:
        if isinstance(value, Mapping):
            return {key: plain(item, f"{where}.{key}" if where else str(key)) for key, item in value.items()}
        if isinstance(value, (list, tuple)):
            return [plain(item, f"{where}[{k}]") for k, item in enumerate(value, start=1)]
        if isinstance(value, Path):
            return str(value)
        if value is None or isinstance(value, (str, int, float, bool)):
            return value
        raise SanmaError(f"{type(value).__name__} {value!r} is not a value a record holds (text, numbers, "
                         f"true/false, lists and mappings of them)", file="<mapping>", key=where or None)

    return yaml.safe_dump(plain(record, ""), sort_keys=False, allow_unicode=True)



@_keywords
def replay(path: str | Path) -> GameReplay:
    """Replay one Tenhou log (mjlog XML, gzip or not, or tenhou.net/6 JSON) and check every hand."""
    from calc.logs import read_log
    from calc.logs.replay import replay as _replay

    if not isinstance(path, (str, Path)):
        raise SanmaError(f"calc.replay() takes a log file (a str or Path), got {path!r}")
    game = read_log(path)
    return _replay(game, str(path))


# A settled match, a replayed game, a simulation and a comparison are their code's own values, loaded
# when first asked for: scoring a hand needs none of them.
_MATCH_VALUES = {"Settled": "calc.table.record", "GameReplay": "calc.logs.replay",
                 "SimulationResult": "calc.sim.results", "ComparisonResult": "calc.sim.results"}


def __getattr__(name: str) -> object:
    if name in _MATCH_VALUES:
        import importlib

        return getattr(importlib.import_module(_MATCH_VALUES[name]), name)
    raise AttributeError(f"module 'calc.api' has no attribute {name!r}")


def _flags_as_keywords(error: SanmaError) -> SanmaError:
    """The simulation's checks speak of the command's flags (`--matches 0: ...`); a call speaks of
    its keywords (`matches 0: ...`)."""
    import re

    error.message = re.sub(r"--([a-z]+(?:-[a-z]+)*)", lambda m: m.group(1).replace("-", "_"), error.message)
    error.args = (error.message,)
    return error


def _scheme_text(schemes: str | Sequence[str] | None) -> str | None:
    if schemes is None or isinstance(schemes, str):
        return schemes
    return ",".join(str(s) for s in schemes)


@_keywords
def simulate(matches: int, *, seed: int = 0, rules: str = "tenhou", bots: str = "calibrated",
             length: str | None = None, workers: int | None = None) -> SimulationResult:
    """Play `matches` simulated matches as `sanma simulate --json` does (the same seed, the same
    matches, whatever the workers): the hands' and matches' figures beside the real games', and
    the realism check. Two runs of the same setup pool with `+`."""
    from calc.sim import commands

    try:
        setup = commands.prepare_simulate(matches=matches, seed=seed, length=length, rules=str(rules), bots=bots,
                                          save=None, workers=workers)
        return commands.run_simulation(setup, matches, workers=workers)
    except SanmaError as error:
        raise _flags_as_keywords(error) from None


@_keywords
def compare(matches: int | None = None, *, logs: Sequence[str | Path] | None = None, seed: int = 0,
            schemes: str | Sequence[str] | None = None, rules: str = "tenhou", bots: str = "calibrated",
            length: str | None = None, workers: int | None = None,
            per_match: str | Path | None = None) -> ComparisonResult:
    """Settle the same simulated matches (or, with `logs`, the real games of those files and folders)
    under each scheme, as `sanma compare --json` does: each scheme's figures and its paired
    differences from tsumo-loss. `schemes`: names (or files) as a list or comma-separated text, all
    by default. `per_match`: a .jsonl or .csv file that gets a row per match and scheme. Two
    comparisons of the same setup (other seeds) pool with `+` into the figures and intervals of all
    their matches."""
    from calc.sim import commands, real_compare

    path = None if per_match is None else Path(per_match)
    try:
        if path is not None:
            from calc.sim.per_match import check_path

            check_path(path)
        if logs is not None:
            if matches is not None:
                raise SanmaError("give matches to simulate, or logs to compare on real games, not both")
            names = commands.prepare_real_compare(rules=str(rules), schemes=_scheme_text(schemes), plot=None)
            games = real_compare.gather([Path(p) for p in logs], names, str(rules), per_match=path)
            return real_compare.result(games, str(rules))
        if matches is None:
            raise SanmaError("give matches to simulate, or logs to compare on real games")
        setup = commands.prepare_compare(matches=matches, seed=seed, length=length, rules=str(rules), bots=bots,
                                         schemes=_scheme_text(schemes), plot=None, workers=workers)
        return commands.run_comparison(setup, matches, workers=workers, per_match=path)
    except SanmaError as error:
        raise _flags_as_keywords(error) from None


__all__ = [
    "ComparisonResult", "FuLine", "GameReplay", "HandResult", "IllegalHandError", "NotationError", "PayResult",
    "Payment", "PaymentError", "RuleSet", "RulesError", "SanmaError", "Settled", "SimulationResult", "Standing", "Yaku",
    "compare", "load_rules", "pay", "replay", "score", "settle", "simulate",
]
