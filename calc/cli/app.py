"""The `sanma` command: one short function per command; parse, call one function, render.

Results go to stdout, diagnostics to stderr. A SanmaError (bad input) prints one line and exits 1;
typer's usage errors exit 2; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import json
import re
import sys
from functools import partial
from pathlib import Path
from typing import Optional

import typer
from typer.core import TyperGroup

from calc.cli import options
from calc.core.errors import SanmaError
from calc.scoring.fields import BY_NAME
from calc.scoring.fields import FIELDS as DECLARED


def _usage_error(error) -> None:
    """click's usage error as one line, exit 2 (the text a BadParameter without an option is given
    as it was written)."""
    plain = type(error).__name__ == "BadParameter" and error.param is None and error.param_hint is None
    typer.echo(f"Error: {error.message if plain else error.format_message()}", err=True)
    raise typer.Exit(2) from None


# click's usage error, as the click that typer runs on defines it (typer vendors its own copy)
_CLICK_USAGE_ERROR = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")


class _Commands(TyperGroup):
    """Every refusal as one `Error: ...` line on stderr: a SanmaError raised by any command exits 1
    (2 for a UsageError: a count out of its range, a word an option does not take); click's own
    usage errors (a missing argument, a value of the wrong kind, options that do not go together)
    exit 2 without its four-line usage block. An option given twice is read once (calc.cli.options)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except SanmaError as error:
            fail(error, ctx)
        except _CLICK_USAGE_ERROR as error:
            if type(error).__name__ == "NoArgsIsHelpError":  # `sanma rules` alone: the help, as asked
                raise
            _usage_error(error)

    def parse_args(self, ctx, args):
        try:
            return super().parse_args(ctx, args)
        except _CLICK_USAGE_ERROR as error:  # an option of `sanma` itself (`sanma --verbose hand ...`)
            if type(error).__name__ == "NoArgsIsHelpError":
                raise
            _usage_error(error)

    def resolve_command(self, ctx, args):
        name, command, args = super().resolve_command(ctx, args)
        if command is not None and not hasattr(command, "list_commands"):  # a command, not a group
            args = options.once(command.params, args)
        return name, command, args


app = typer.Typer(
    cls=_Commands,
    help="Three-player riichi mahjong (sanma): score hands, compare payment schemes, settle matches.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain click errors: `Error: ...` lines a script can read
)


def _print_version(asked: bool) -> None:
    if asked:
        from calc import __version__, compiled

        typer.echo(f"sanma {__version__} ({compiled.build()})")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_print_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """Three-player riichi mahjong (sanma): score hands, compare payment schemes, settle matches."""


def fail(error: SanmaError, ctx=None) -> None:
    """Print a user error as one line on stderr and exit 1 (2 for a usage error). An error about one
    of the command's values (`key` = its parameter, as the library names it) names the option."""
    if error.file is None and error.key is not None and ctx is not None:
        command = ctx.command.get_command(ctx, ctx.invoked_subcommand) if ctx.invoked_subcommand else None
        option = next((p.opts[0] for p in getattr(command, "params", ()) if p.name == error.key), None)
        if option is not None:
            typer.echo(f"Error: {option}: {error.message}", err=True)
            raise typer.Exit(error.exit_code)
    typer.echo(f"Error: {error}", err=True)
    raise typer.Exit(error.exit_code)


WIDE_HELP = "Every column at full width (default: fit 80 columns, or the terminal when wider)."
BOTS_HELP = ("calibrated (the default, held close to real play), greedy, defensive, or stress (stacked deals "
             "that make rare hands common: a test table, not figures of play).")


def _width(wide: bool) -> int | None:
    """The cells the text output fits in: None (no limit) with --wide."""
    from calc.core.layout import terminal_width

    return None if wide else terminal_width()


def _not_together(*options: tuple[str, bool], reason: str) -> None:
    """A usage error when two of `options` (name, given) are given together: one would be ignored."""
    given = [name for name, on in options if on]
    if len(given) > 1:
        raise typer.BadParameter(f"{given[0]} and {given[1]} do not go together: {reason}", param_hint=given[1])



def main() -> None:
    try:
        app()
    except SanmaError as error:  # raised outside a command's own handling
        typer.echo(f"Error: {error}", err=True)
        sys.exit(error.exit_code)


# ---------------------------------------------------------------- sanma hand

HAND = BY_NAME["hand"]  # the hand, and the other fields of calc.scoring.fields as options
# The flags a Sichuan hand takes, by their names there (calc.sichuan.hand); the others are sanma's alone
SICHUAN_FLAGS = {"tsumo": "tsumo", "rinshan": "kong_replacement", "chankan": "rob_kong", "haitei": "haitei",
                 "houtei": "houtei", "tenhou": "heavenly", "chiihou": "earthly"}


def hand_command(
    ctx: typer.Context,
    hand: Optional[str] = typer.Argument(None, help=HAND.help),
    *,  # then the options of calc.scoring.fields (options.with_fields, below), then these
    all_schemes: bool = typer.Option(False, "--all-schemes", help="Payments under every scheme side by side."),
    explain: bool = typer.Option(False, "--explain", help="Show the arithmetic."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object."),
    batch: Optional[Path] = typer.Option(None, "--batch", help="JSON lines in (- = stdin), JSON lines out."),
    void: Optional[str] = typer.Option(None, "--void", help="Sichuan: the winner's void suit, m, p or s.",
                                       callback=options.callback("--void")),
    kong_discard: bool = typer.Option(False, "--kong-discard", help="Sichuan: a ron on the discard made after a kong."),
    workers: Optional[int] = typer.Option(None, "--workers", help="--batch FILE: score on N processes (output in input order)."),
    **request_flags: object,
) -> None:
    """Score one hand: yaku, fu, han, limit and who pays what."""
    from calc.cli import report
    from calc.scoring.request import HandRequest
    from calc.table.scored import pay_all_schemes, score

    rules, scheme, win = request_flags["rules"], request_flags["scheme"], request_flags["win"]
    _not_together(("--scheme", scheme is not None), ("--all-schemes", all_schemes),
                  reason="--all-schemes shows every scheme, the profile's marked")
    _not_together(("--json", as_json), ("--explain", explain), reason="the JSON object carries the breakdown already")
    if batch is not None:
        if hand is not None:
            raise typer.BadParameter("give either a hand or --batch, not both")
        if explain or void is not None or kong_discard:
            raise typer.BadParameter("--batch prints JSON lines of sanma hands: not with --explain, --void or --kong-discard")
        if _is_sichuan(rules):
            raise typer.BadParameter("--batch scores sanma hands; a Sichuan profile is scored one hand at a time")
        from calc.cli.hand import run_batch

        if workers is not None and workers > 1 and str(batch) == "-":
            raise typer.BadParameter("several processes need a batch file: standard input is read by one",
                                     param_hint="--workers")
        # The command line's flags are every line's defaults; a line's own keys win.
        if run_batch(batch, request_flags, all_schemes=all_schemes, workers=workers):
            raise typer.Exit(1)  # after every line ran: some failed
        return
    if workers is not None:
        raise typer.BadParameter("--workers goes with --batch FILE")
    if hand is None:
        raise typer.BadParameter("a hand is required (or --batch FILE)")
    if _is_sichuan(rules):
        # Given on the command line, even at its default value (`--seat E`), a sanma-only option is an
        # error: the parameter source says so (typer vendors click, so compare by the enum's name).
        flag_of = {param.name: param.opts[0] for param in ctx.command.params}
        sanma_only = {flag_of[name]: ctx.get_parameter_source(name).name not in ("DEFAULT", "DEFAULT_MAP")
                      for name in [*(f.name for f in DECLARED[1:] if f.name not in (*SICHUAN_FLAGS, "win", "rules")),
                                   "all_schemes"]}
        flags = {SICHUAN_FLAGS[name]: value for name, value in request_flags.items() if name in SICHUAN_FLAGS}
        flags["kong_discard"] = kong_discard
        _sichuan_hand(hand, rules, void=void, win=win, flags=flags, sanma_only=sanma_only, as_json=as_json,
                      explain=explain)
        return
    if void is not None or kong_discard:
        raise typer.BadParameter("--void and --kong-discard are for Sichuan profiles (e.g. --rules sichuan)")
    result = score(HandRequest(hand=hand, **request_flags))
    if all_schemes:
        results = pay_all_schemes(result)
        if as_json:
            typer.echo(json.dumps(report.hand_all_schemes_dict(result, results)))
        else:
            typer.echo(report.hand_all_schemes_text(result, results, explain=explain))
        return
    typer.echo(json.dumps(result.to_dict()) if as_json else report.hand_text(result, explain=explain))


app.command("hand")(options.with_fields(hand_command, DECLARED[1:], after="hand"))


from calc.cli.waits import waits_command  # noqa: E402  (a command of its own module, as keep and serve)

app.command("waits")(waits_command)


@app.command("demo")
def demo_command() -> None:
    """Score the built-in example hands (what `make run` shows first)."""
    from calc.cli.demo import demo_text

    typer.echo(demo_text())


def _is_sichuan(rules: str) -> bool:
    """A profile with `variant: sichuan` is played by calc.sichuan."""
    from calc.sichuan.rules import is_sichuan

    return is_sichuan(rules)


def _sichuan_hand(hand: str, rules: str, *, void: str | None, win: str | None, flags: dict, sanma_only: dict,
                  as_json: bool, explain: bool) -> None:
    """`sanma hand --rules sichuan`: the fan breakdown and who pays what."""
    from calc.sichuan import report as sichuan_report
    from calc.sichuan.rules import load
    from calc.sichuan.scoring import context_from_flags, reject_sanma_flags, score_hand

    reject_sanma_flags(sanma_only)
    scored = score_hand(hand, load(rules), context_from_flags(**flags), void=void, win=win)
    typer.echo(json.dumps(sichuan_report.hand_dict(scored), ensure_ascii=False) if as_json
               else sichuan_report.hand_text(scored, explain=explain))


# ---------------------------------------------------------------- sanma pay / sanma table


def _profile(rules: str, scheme: str | None):
    from calc.core import rules as profiles

    ruleset = profiles.load(rules)
    return ruleset.with_scheme(scheme) if scheme is not None else ruleset


@app.command("pay")
def pay_command(
    han: Optional[int] = typer.Option(None, "--han", help="Han (1-4 need --fu; 5+ is a limit)."),
    fu: Optional[int] = typer.Option(None, "--fu", help="Fu: 20, 25 or 30-140 in tens (past 110 only with 4 han)."),
    limit: Optional[str] = typer.Option(None, "--limit", help="mangan, haneman, baiman, sanbaiman or yakuman.",
                                        callback=options.callback("--limit")),
    yakuman: Optional[int] = typer.Option(None, "--yakuman", help="A yakuman multiple, alone or with --limit yakuman (above 1 as the profile's hand.stacked_yakuman and hand.double_yakuman allow)."),
    dealer: bool = typer.Option(False, "--dealer", help="The winner is the dealer."),
    tsumo: bool = typer.Option(False, "--tsumo", help="Won by self-draw (default: ron)."),
    honba: int = typer.Option(0, "--honba", help="Honba counters on the table."),
    sticks: int = typer.Option(0, "--sticks", help="Riichi sticks on the table."),
    rules: str = typer.Option("standard", "--rules", help="Profile name or YAML file."),
    scheme: Optional[str] = typer.Option(None, "--scheme", help="Tsumo payment scheme (overrides the profile's)."),
    all_schemes: bool = typer.Option(False, "--all-schemes", help="One row per scheme, side by side."),
    explain: bool = typer.Option(False, "--explain", help="Show each step: basic points, limit, split, rounding, honba, sticks."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object."),
) -> None:
    """Who pays what for a hand of a given value."""
    from calc.table import paid
    from calc.cli import report

    _not_together(("--scheme", scheme is not None), ("--all-schemes", all_schemes),
                  reason="--all-schemes shows every scheme, the profile's marked")
    _not_together(("--json", as_json), ("--explain", explain), reason="the explanation is text for people")
    ruleset = _profile(rules, scheme)
    result = paid.pay(ruleset, han=han, fu=fu, limit=limit, yakuman=yakuman, dealer=dealer, tsumo=tsumo,
                      honba=honba, sticks=sticks)
    if all_schemes:
        results = paid.all_schemes(result)
        if as_json:
            typer.echo(json.dumps({"schemes": {name: r.to_dict() for name, r in results.items()}}))
        else:
            typer.echo(report.all_schemes_text(results, ruleset, explain=explain))
        return
    typer.echo(json.dumps(result.to_dict()) if as_json else report.pay_text(result, explain=explain))


@app.command("table")
def table_command(
    rules: str = typer.Option("standard", "--rules", help="Profile name or YAML file."),
    scheme: Optional[str] = typer.Option(None, "--scheme", help="Tsumo payment scheme (overrides the profile's)."),
    schemes: Optional[str] = typer.Option(None, "--schemes", help="Instead: what these schemes (comma-separated names or files, or all) pay for a few sample hands, side by side."),
    wide: bool = typer.Option(False, "--wide", help=WIDE_HELP),
) -> None:
    """The full payment table (han 1-4 × fu 20-140, limits) for dealer and non-dealer, ron and tsumo."""
    from calc.cli import report

    if schemes is not None:
        from calc.cli.scheme_report import schemes_payments_text
        from calc.core import rules as profiles

        if scheme is not None:
            raise typer.BadParameter("--scheme and --schemes do not go together", param_hint="--schemes")
        names = [n.strip() for n in schemes.split(",") if n.strip()]
        if names == ["all"]:
            names = list(profiles.SCHEMES)
        if not names:
            raise typer.BadParameter("give scheme names or files separated by commas, or all", param_hint="--schemes")
        typer.echo(schemes_payments_text(_profile(rules, None), names, _width(wide)))
        return
    typer.echo(report.payment_table_text(_profile(rules, scheme), _width(wide)))


# ---------------------------------------------------------------- sanma settle


@app.command("settle")
def settle_command(
    file: Path = typer.Argument(..., help="A match record (YAML; - = standard input); see docs/settle.md."),
    explain: bool = typer.Option(False, "--explain", help="Add the payment arithmetic of each hand."),
    scheme: Optional[str] = typer.Option(None, "--scheme", help="Re-settle the same hands under another tsumo scheme."),
    all_schemes: bool = typer.Option(False, "--all-schemes", help="Final standings under every scheme, side by side."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object: ledger, standings (and schemes)."),
    as_csv: bool = typer.Option(False, "--csv", help="CSV: a row per hand (with --all-schemes: per scheme and player)."),
    html: Optional[Path] = typer.Option(None, "--html", help="Also write a self-contained web page report."),
    wide: bool = typer.Option(False, "--wide", help=WIDE_HELP),
) -> None:
    """Settle a match record: a ledger row per hand, then the final standings with uma and oka."""
    from calc.table import record
    from calc.cli import report, share

    if scheme is not None and all_schemes:
        raise typer.BadParameter("--scheme and --all-schemes do not go together")
    if as_csv and as_json:
        raise typer.BadParameter("--csv and --json do not go together")
    for output in (("--json", as_json), ("--csv", as_csv)):
        for text_only in (("--explain", explain), ("--wide", wide)):
            _not_together(output, text_only, reason="it shapes the text for people")
    _not_together(("--all-schemes", all_schemes), ("--explain", explain),
                  reason="the standings side by side have no per-hand arithmetic; explain one scheme with --scheme")
    share.check_html_path(html)
    from calc.core.yamlread import file_label, file_text, load_yaml
    from calc.sichuan import record as sichuan_record

    label = file_label(file)
    data = load_yaml(file_text(file), label)  # read and parsed once: `-` and pipes cannot be read twice
    if sichuan_record.names_sichuan(data, label):  # its `rules:` profile says `variant: sichuan`
        if scheme is not None or all_schemes:
            raise typer.BadParameter("--scheme and --all-schemes are sanma tsumo schemes; a Sichuan record has none")
        if as_csv or html is not None:
            raise typer.BadParameter("--csv and --html are for sanma records (a Sichuan record has --json)")
        from calc.sichuan import report as sichuan_report

        settled = sichuan_record.settle(sichuan_record.read_parsed(data, label))
        typer.echo(json.dumps(sichuan_report.settle_dict(settled), ensure_ascii=False) if as_json
                   else sichuan_report.settle_text(settled, explain=explain, width=_width(wide)))
        return
    match_record = record.read_parsed(data, label)
    # The record is checked under its own profile first: a record that cannot have happened is
    # rejected whatever scheme is asked for, before anything is printed.
    schemes = record.settle_all_schemes(match_record) if all_schemes else None
    settled = schemes[match_record.rules.payment.scheme] if schemes else record.settle(match_record)
    if scheme is not None and scheme != match_record.rules.payment.scheme:
        settled = record.settle(match_record, match_record.rules.with_scheme(scheme), strict=False)
    if share.settle(settled, schemes, as_csv=as_csv, html_path=html):
        return
    if as_json:
        typer.echo(json.dumps(settled.to_dict(schemes), ensure_ascii=False))
    elif schemes is not None:
        typer.echo(report.settle_schemes_text(settled, schemes, _width(wide)))
    else:
        typer.echo(report.settle_text(settled, explain=explain, width=_width(wide)))


# `keep` and `serve` start a new record alike
NEW_RULES = typer.Option(None, "--rules", help="Profile name or YAML file of a new record (default standard).")
NEW_PLAYERS = typer.Option(None, "--players", help="A new record's players, East first: --players A B C.")


def _new_players(file: Path, players: tuple[str, str, str] | None) -> tuple[str, str, str] | None:
    players = players if players and all(players) else None
    if players is None and not file.exists():
        raise typer.BadParameter("a new record needs the players: --players EAST SOUTH WEST")
    return players


@app.command("keep")
def keep_command(
    file: Path = typer.Argument(..., help="The match record (YAML) to keep; an existing one is resumed."),
    rules: Optional[str] = NEW_RULES,
    players: Optional[tuple[str, str, str]] = NEW_PLAYERS,
) -> None:
    """Keep a match record as it is played: one line per event, the file saved after every hand."""
    from calc.cli.keep import run

    raise typer.Exit(run(file, rules, _new_players(file, players)))


def _check_token(token: str) -> None:
    """A token travels in a link, a header and a cookie: URL-safe ASCII (RFC 3986's unreserved
    characters), so that the printed link works as printed."""
    from calc.core import bounds

    if not token.strip():
        raise typer.BadParameter("the token cannot be empty", param_hint="--token")
    if not re.fullmatch(r"[A-Za-z0-9._~-]+", token) or len(token) > bounds.TOKEN_LENGTH:
        raise typer.BadParameter(f"the token goes into a link and a header: letters A-Z a-z, digits and . _ ~ - only, "
                                 f"at most {bounds.TOKEN_LENGTH} (leave --token out for a random one)",
                                 param_hint="--token")


@app.command("serve")
def serve_command(
    file: Path = typer.Argument(..., help="The match record (YAML) to serve; an existing one is resumed."),
    port: int = typer.Option(8000, "--port", help="The port to listen on (0: any free one).", min=0, max=65535),
    token: Optional[str] = typer.Option(None, "--token", help="The token every request needs (default: a random one)."),
    lan: bool = typer.Option(False, "--lan", help="Listen on this machine's network addresses too (default: 127.0.0.1 only)."),
    rules: Optional[str] = NEW_RULES,
    players: Optional[tuple[str, str, str]] = NEW_PLAYERS,
) -> None:
    """Serve a match record to the phones at the table: a page to follow and enter hands, and a JSON API."""
    players = _new_players(file, players)
    if token is not None:
        _check_token(token)
    try:
        from calc.cli import serve  # the web stack, imported by this command alone
    except ImportError as exc:
        raise SanmaError(f"sanma serve needs its web server ({exc.name} is missing): pip install 'sanma[serve]'") from None
    raise typer.Exit(serve.run(file, port=port, token=token, lan=lan, rules=rules, players=players))


# ---------------------------------------------------------------- sanma replay


@app.command("replay")
def replay_command(
    files: list[Path] = typer.Argument(..., help="Logs (mjlog XML, tenhou.net/6 JSON, mjai JSON lines; gzip or not), directories, Tenhou game ids or replay links; directories are searched to any depth."),
    scheme: Optional[str] = typer.Option(None, "--scheme", help="Also re-settle each game under this tsumo scheme (a name or a scheme file)."),
    all_schemes: bool = typer.Option(False, "--all-schemes", help="Final standings under every scheme, side by side."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object per game, one per line."),
    as_csv: bool = typer.Option(False, "--csv", help="CSV: a row per hand (with --all-schemes: per game, scheme and player)."),
    html: Optional[Path] = typer.Option(None, "--html", help="Also write a self-contained web page report."),
    rules: Optional[str] = typer.Option(None, "--rules", help="Profile for mjai logs, which name no platform (default tenhou)."),
    workers: Optional[int] = typer.Option(None, "--workers", help="Processes (default: every core)."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Download Tenhou ids/links again, replacing the cached copy."),
    wide: bool = typer.Option(False, "--wide", help=WIDE_HELP),
) -> None:
    """Check every hand of real games against our scoring and settle them under any scheme."""
    from calc.cli import replay_run
    from calc.core.rules import SCHEMES, load
    from calc.core.schemes import resolve
    from calc.core.workers import check as check_workers

    if scheme is not None and all_schemes:
        raise typer.BadParameter("--scheme and --all-schemes do not go together")
    chosen = resolve(scheme) if scheme is not None else None  # a built-in name or a club's file
    check_workers(workers)  # the bound of every command's --workers; batch.run takes any number
    if no_cache:
        from calc.logs.fetch import game_id

        if not any(not f.exists() and game_id(str(f)) is not None for f in files):
            raise typer.BadParameter("--no-cache is for Tenhou game ids and links; every argument here is a "
                                     "local path", param_hint="--no-cache")
    if rules is not None:
        load(rules)  # an unknown or broken profile is refused before any work
    schemes = tuple(SCHEMES) if all_schemes else ((chosen,) if chosen else ())  # beside the log's own
    found, failed = replay_run.gather(files, use_cache=not no_cache)  # Tenhou ids and links: downloaded or cached
    if as_csv or html is not None:
        from calc.cli import share

        if as_csv and as_json:
            raise typer.BadParameter("--csv and --json do not go together")
        share.check_html_path(html)
        raise typer.Exit(share.replay(found, schemes, as_csv=as_csv, as_json=as_json, html_path=html))
    code = replay_run.show(found, failed, schemes, as_json, rules=rules, workers=workers, width=_width(wide))
    if code:
        raise typer.Exit(code)


# ---------------------------------------------------------------- sanma simulate / compare


def _sim_bar(matches: int, label: str):
    """A progress bar on stderr for runs long enough to want one (and only on a terminal)."""
    if not sys.stderr.isatty() or matches < 20:
        return None
    return typer.progressbar(length=matches, label=label, file=sys.stderr)


def _sim_output(result, as_json: bool, interrupted: bool) -> None:
    typer.echo(json.dumps(result, ensure_ascii=False) if as_json else result)
    if interrupted:
        raise typer.Exit(130)  # Ctrl-C: the matches finished so far were reported


@app.command("simulate")
def simulate_command(
    ctx: typer.Context,
    matches: int = typer.Option(..., "--matches", help="How many matches to simulate."),
    seed: int = typer.Option(0, "--seed", help="Same seed, same games (whatever the number of processes)."),
    length: Optional[str] = typer.Option(None, "--length", help="hanchan or east (default: the profile's).",
                                         callback=options.callback("--length")),
    rules: str = typer.Option("tenhou", "--rules", help="Rule profile (name or YAML file)."),
    bots: str = typer.Option("calibrated", "--bots", help=BOTS_HELP, callback=options.callback("--bots")),
    as_json: bool = typer.Option(False, "--json", help="One JSON object."),
    save: Optional[Path] = typer.Option(None, "--save", help="Write each game as a record in this folder."),
    save_format: str = typer.Option("tenhou6", "--format", help="Record format for --save: tenhou6 (tenhou.net/6 JSON), mjai (JSON lines) or mjlog (Tenhou's XML).",
                                     callback=options.callback("--format")),
    workers: Optional[int] = typer.Option(None, "--workers", help="Processes (default: every core)."),
    force: bool = typer.Option(False, "--force", help="Let --save write into a folder that already holds games."),
) -> None:
    """Simulate matches tile by tile; statistics beside the same figures of real Tenhou games."""
    from calc.sim import commands

    if save is None:
        # given on the command line, even at its default value, a --save option without --save is an error
        for name, flag in (("save_format", "--format"), ("force", "--force")):
            if ctx.get_parameter_source(name).name not in ("DEFAULT", "DEFAULT_MAP"):
                raise typer.BadParameter(f"{flag} goes with --save DIR (it shapes the saved records)", param_hint=flag)

    setup = commands.prepare_simulate(matches=matches, seed=seed, length=length, rules=rules, bots=bots, save=save,
                                      workers=workers, save_format=save_format, force=force)
    bar = _sim_bar(matches, "simulating")
    try:
        result, interrupted = commands.simulate(setup, matches, as_json=as_json, workers=workers,
                                                advance=bar.update if bar else None)
    finally:
        if bar is not None:
            bar.render_finish()
    _sim_output(result, as_json, interrupted)


@app.command("compare")
def compare_command(
    ctx: typer.Context,
    paths: Optional[list[Path]] = typer.Argument(None, help="With --logs: Tenhou logs (mjlog XML or tenhou.net/6 JSON), folders, or Tenhou game ids and links.", show_default=False),
    logs: bool = typer.Option(False, "--logs", help="Compare on the real games given as PATHS instead of simulating."),
    matches: Optional[int] = typer.Option(None, "--matches", help="How many matches to simulate."),
    seed: int = typer.Option(0, "--seed", help="Same seed, same games (whatever the number of processes)."),
    schemes: Optional[str] = typer.Option(None, "--schemes", help="Comma-separated schemes (names or scheme files), or all (the default); tsumo-loss is always the baseline."),
    length: Optional[str] = typer.Option(None, "--length", help="hanchan or east (default: the profile's).",
                                         callback=options.callback("--length")),
    rules: str = typer.Option("tenhou", "--rules", help="Rule profile (name or YAML file)."),
    bots: str = typer.Option("calibrated", "--bots", help=BOTS_HELP, callback=options.callback("--bots")),
    as_json: bool = typer.Option(False, "--json", help="One JSON object."),
    plot: Optional[Path] = typer.Option(None, "--plot", help="Write box plots of final points (SVG)."),
    workers: Optional[int] = typer.Option(None, "--workers", help="Processes (default: every core)."),
    as_csv: bool = typer.Option(False, "--csv", help="CSV: a row per scheme and starting seat."),
    html: Optional[Path] = typer.Option(None, "--html", help="Also write the comparison as a web page."),
    wide: bool = typer.Option(False, "--wide", help=WIDE_HELP),
    simulated: Optional[int] = typer.Option(None, "--simulated", help="With --logs: simulate this many matches too and check each scheme's figures and effects against the real games'."),
    per_match: Optional[Path] = typer.Option(None, "--per-match", help="Also write each match (or game) under each scheme, a row each: FILE.jsonl (JSON lines) or FILE.csv; runs of several seeds pool."),
) -> None:
    """Settle the same simulated matches (or, with --logs, real games) under each scheme; differences from tsumo-loss, paired."""
    from calc.cli import share
    from calc.sim import commands

    if per_match is not None:
        from calc.sim.per_match import check_path

        check_path(per_match)
    if simulated is not None:
        if per_match is not None:
            raise typer.BadParameter("--per-match does not go with --simulated", param_hint="--per-match")
        _check_schemes(ctx, paths, logs, simulated, matches=matches, length=length, seed=seed, rules=rules,
                       bots=bots, schemes=schemes, as_json=as_json, as_csv=as_csv, plot=plot, html=html,
                       workers=workers, width=_width(wide))
        return
    if logs or paths:
        # options of a simulation, given on the command line even at their default, do not go with --logs
        simulation_only = [param.opts[0] for param in ctx.command.params if param.name in ("seed", "bots", "workers")
                           and ctx.get_parameter_source(param.name).name not in ("DEFAULT", "DEFAULT_MAP")]
        if simulation_only:
            raise typer.BadParameter(f"{simulation_only[0]} is for simulated matches, not --logs",
                                     param_hint=simulation_only[0])
        if html is not None:
            raise typer.BadParameter("--html is for simulated comparisons; with --logs use --json, --csv or --plot",
                                     param_hint="--html")
        if as_csv and as_json:
            raise typer.BadParameter("--csv and --json do not go together")
        _compare_logs(paths, logs, matches=matches, length=length, rules=rules, schemes=schemes, as_json=as_json,
                      as_csv=as_csv, plot=plot, width=_width(wide), per_match=per_match)
        return
    if as_csv and as_json:
        raise typer.BadParameter("--csv and --json do not go together")
    share.check_html_path(html)
    if matches is None:
        raise typer.BadParameter("give --matches N to simulate, or --logs PATH... to compare on real games",
                                 param_hint="--matches")

    setup = commands.prepare_compare(matches=matches, seed=seed, length=length, rules=rules, bots=bots,
                                     schemes=schemes, plot=plot, workers=workers)
    bar = _sim_bar(matches, "comparing")
    run = (partial(share.compare, as_csv=as_csv, html_path=html, width=_width(wide)) if as_csv or html
           else partial(commands.compare, width=_width(wide)))
    try:
        result, interrupted = run(setup, matches, as_json=as_json, plot=plot, workers=workers,
                                  advance=bar.update if bar else None, per_match=per_match)
    finally:
        if bar is not None:
            bar.render_finish()
    _sim_output(result, as_json, interrupted)


def _check_schemes(ctx, paths, logs: bool, simulated: int, *, matches, length, seed: int, rules: str, bots: str,
                   schemes, as_json: bool, as_csv: bool, plot, html, workers, width: int | None) -> None:
    """`compare --logs PATH... --simulated N`: the scheme-effect check (calc.sim.scheme_check)."""
    from calc.sim import commands

    if not logs or not paths:
        raise typer.BadParameter("--simulated checks simulated play against real games: give --logs PATH...",
                                 param_hint="--simulated")
    for given, name in ((matches, "--matches"), (length, "--length"), (plot, "--plot"), (html, "--html"),
                        (as_csv or None, "--csv")):
        if given is not None:
            raise typer.BadParameter(f"{name} does not go with --simulated (the check is a table, or --json)",
                                     param_hint=name)
    setup, games = commands.prepare_scheme_check(paths, simulated=simulated, seed=seed, rules=rules, bots=bots,
                                                 schemes=schemes, workers=workers)
    bar = _sim_bar(simulated, "simulating")
    try:
        result, interrupted = commands.scheme_check(setup, games, simulated, as_json=as_json, workers=workers,
                                                    advance=bar.update if bar else None, width=width)
    finally:
        if bar is not None:
            bar.render_finish()
    _sim_output(result, as_json, interrupted)


def _compare_logs(paths, logs: bool, *, matches, length, rules: str, schemes, as_json: bool, as_csv: bool,
                  plot, width: int | None, per_match: Path | None = None) -> None:
    from calc.sim import commands
    from calc.sim import real_compare

    if not logs:
        raise typer.BadParameter("log files are compared with --logs PATH...", param_hint="PATHS")
    if not paths:
        raise typer.BadParameter("--logs needs the log files or folders to compare on", param_hint="PATHS")
    for given, name in ((matches, "--matches"), (length, "--length")):
        if given is not None:
            raise typer.BadParameter(f"{name} is for simulated matches; real games are as long as they were played",
                                     param_hint=name)
    names = commands.prepare_real_compare(rules=rules, schemes=schemes, plot=plot)
    games = real_compare.gather(paths, names, rules, per_match=per_match)
    result = real_compare.render(games, rules=rules, as_json=as_json or as_csv, plot=plot, width=width)
    again = games.once.note()
    if again is not None and (as_json or as_csv):  # the text says it among its notes
        typer.echo(f"note: {again}", err=True)
    if as_csv:
        from calc.cli.csvout import compare_csv

        typer.echo(compare_csv(result), nl=False)
    else:
        typer.echo(json.dumps(result, ensure_ascii=False) if as_json else result)


# ---------------------------------------------------------------- sanma rules

rules_app = typer.Typer(cls=_Commands, help="List, show and check rule profiles.", no_args_is_help=True)
app.add_typer(rules_app, name="rules")


@rules_app.command("list")
def rules_list_command(wide: bool = typer.Option(False, "--wide", help=WIDE_HELP)) -> None:
    """Every built-in profile: name, scheme, summary."""
    from calc.cli import report
    from calc.core import rules as profiles

    typer.echo(report.rules_list_text([profiles.load(name) for name in profiles.builtin_names()], _width(wide)))
    from calc.sichuan import VARIANT
    from calc.sichuan import report as sichuan_report
    from calc.sichuan import rules as sichuan_rules

    sichuan = [sichuan_rules.load(name) for name in profiles.builtin_names(VARIANT)]
    if sichuan:
        typer.echo("\n" + sichuan_report.rules_list_text(sichuan, _width(wide)))


@rules_app.command("show")
def rules_show_command(name: str = typer.Argument(..., help="Profile name or YAML file.")) -> None:
    """The merged profile, with the file and line each value came from, and its scheme's definition."""
    from calc.cli import report

    if _is_sichuan(name):
        from calc.sichuan import report as sichuan_report
        from calc.sichuan import rules as sichuan_rules

        typer.echo(sichuan_report.rules_show_text(sichuan_rules.load(name)))
        return
    from calc.cli.scheme_report import profile_or_scheme, scheme_definition_text

    ruleset, scheme_only = profile_or_scheme(name)
    if not scheme_only:
        typer.echo(report.rules_show_text(ruleset) + "\n")
    typer.echo(scheme_definition_text(ruleset.payment.scheme_def))


@rules_app.command("check")
def rules_check_command(file: Path = typer.Argument(..., help="A profile YAML file.")) -> None:
    """Validate a profile or scheme file (and what it extends); every problem is listed with file, line
    and key. Then what the scheme pays for a few sample hands."""
    if _is_sichuan(str(file)):
        from calc.sichuan import rules as sichuan_rules

        sichuan = sichuan_rules.load(str(file))
        typer.echo(f"{file}: ok ({sichuan.name}, sichuan, {sichuan.describe()})")
        return
    from calc.cli.scheme_report import profile_or_scheme, scheme_samples_text

    ruleset, _ = profile_or_scheme(str(file))
    typer.echo(f"{file}: ok ({ruleset.name}, scheme {ruleset.payment.scheme})")
    typer.echo("\n" + scheme_samples_text(ruleset))
