"""Tables (tabulate) and JSON for people and programs; every function returns a string or a dict."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from calc.cli.hand_json import hand_json, settlement_dict  # noqa: F401  (settlement_dict: part of this module's API)
from calc.core import layout
from calc.core import tiles as T
from calc.core.rules import RuleSet
from calc.scoring.value import LIMITS, YAKUMAN, HandValue, hand_value, limit_han_range, limit_value
from calc.table.payment import (
    DEALER,
    DISCARDER,
    NON_DEALER,
    STICKS,
    FU_VALUES,
    PaymentError,
    Settlement,
    check_han_fu,
    shares,

)
from calc.table.explain import lines as explanation
from calc.table.explain import value_lines

if TYPE_CHECKING:  # the match types are imported where used: `sanma hand` starts without them
    from calc.table import chips
    from calc.table.events import Kyoku
    from calc.table.record import Settled


def tabulate(*args, **kwargs) -> str:
    """tabulate's, imported on first use: `sanma hand` prints its tables with layout.counts."""
    from tabulate import tabulate as _tabulate

    return _tabulate(*args, **kwargs)


# ---------------------------------------------------------------- sanma hand


WIND_NAMES = {"E": "East", "S": "South", "W": "West"}


def winner_words(*, dealer: bool, wind: str, tsumo: bool, discarder: str | None = None) -> str:
    """"non-dealer (South), ron" / "dealer (East), tsumo": the seat and the way a hand was won."""
    how = "tsumo" if tsumo else "ron" + (f" from {discarder}" if discarder else "")
    return f"{'dealer' if dealer else 'non-dealer'} ({WIND_NAMES[wind]}), {how}"


def hand_dict(result) -> dict:
    """The `sanma hand --json` object (one batch output line): read back from its text, which
    `hand_json` writes in one pass (the layout lives there)."""
    return json.loads(hand_json(result))


def _hand_value_lines(result, data: dict) -> list[str]:
    """Yaku, fu breakdown and value: the part of `sanma hand` that does not depend on the scheme."""
    e = result.evaluation
    out = [f"Hand: {data['hand']}   (rules {data['rules']})",
           f"Winner: {winner_words(dealer=data['dealer'], wind=data['seat'], tsumo=data['tsumo'])}; "
           f"round {WIND_NAMES[data['round']]}", ""]
    rows = [(y["name"], y["han"]) for y in data["yaku"]]
    for label, key in (("dora", "dora"), ("aka (red fives)", "aka"), ("ura", "ura"), ("nuki (norths)", "nuki")):
        if data[key]:
            rows.append((label, data[key]))
    out.append(layout.counts(rows, ["yaku", "han"]))
    out.append("")
    if not e.yakuman:
        out.append(layout.counts([(r["reason"], r["fu"]) for r in data["fu_breakdown"]], ["fu", ""]))
        out.append(f"{'':<2}= {e.fu} fu" + ("" if e.form == "seven pairs" else " (rounded up to 10)"))
        out.append("")
    value = f"{data['han']} han {data['fu']} fu" if not e.yakuman else f"yakuman ×{e.value.yakuman}"
    limit = f" ({data['limit']})" if data["limit"] else ""
    out.append(f"Value: {value}{limit}, {data['points']} points")
    return out


def hand_text(result, *, explain: bool = False) -> str:
    data = hand_dict(result)
    out = _hand_value_lines(result, data)
    out.append(f"Payments under {data['scheme']}:")
    pay_rows = [(p["payer"], p["amount"]) for p in data["payments"]]
    if data["sticks"]:
        pay_rows.append(("riichi sticks", data["sticks"]))
    out.append(layout.counts(pay_rows, ["pays", "points"]))
    out.append(f"Winner receives {data['total'] + data['sticks']}")
    if explain:
        out += ["", "How it adds up:"] + _wrapped(explanation(result.settlement), "  ")
    return "\n".join(out)


def hand_all_schemes_text(result, results: dict[str, Settlement], *, explain: bool = False) -> str:
    """The hand's value, then its payments under every scheme side by side."""
    out = _hand_value_lines(result, hand_dict(result))
    c = result.context
    out += ["", all_schemes_text(result.evaluation.value, results, result.rules, winner=result.winner,
                                 dealer=c.dealer, tsumo=c.tsumo, honba=c.honba, sticks=c.sticks, explain=explain)]
    return "\n".join(out)


def hand_all_schemes_dict(result, results: dict[str, Settlement]) -> dict:
    """`sanma hand --all-schemes --json`: the hand's object per scheme."""
    base = hand_dict(result)
    return {"schemes": {
        scheme: {**base, "scheme": scheme, **settlement_dict(settlement, result.winner)}
        for scheme, settlement in results.items()
    }}


# ---------------------------------------------------------------- sanma pay / sanma table


def _payment_rows(settlement: Settlement, winner: int) -> list:
    return [p for p in settlement.payments if p.payee == winner and p.role != STICKS]


def situation(value: HandValue, *, dealer: bool, tsumo: bool) -> str:
    """"non-dealer mangan tsumo (5 han, b = 2000)"."""
    who = "dealer" if dealer else "non-dealer"
    how = "tsumo" if tsumo else "ron"
    if value.limit == YAKUMAN and value.yakuman > 1:
        worth = f"yakuman ×{value.yakuman}"
    elif value.limit == YAKUMAN:
        worth = "yakuman"
    elif value.limit:
        worth = f"{value.limit} ({value.han} han{f' {value.fu} fu' if value.fu else ''})"
    else:
        worth = f"{value.han} han {value.fu} fu"
    return f"{who} {worth} {how}, b = {value.basic}"


def pay_dict(value: HandValue, settlement: Settlement, rules: RuleSet, *, winner: int, dealer: bool,
             tsumo: bool, honba: int) -> dict:
    return {
        "rules": rules.name,
        "scheme": rules.payment.scheme,
        "han": value.han,
        "fu": value.fu,
        "limit": value.limit,
        "yakuman": value.yakuman,
        "basic_points": value.basic,
        "dealer": dealer,
        "tsumo": tsumo,
        "honba": honba,
        **settlement_dict(settlement, winner),
    }


def _wrapped(lines, indent: str = "", width: int | None = layout.NARROWEST) -> list[str]:
    """Explanation lines under `indent`, each wrapped to `width` cells, a continuation indented four
    cells more than its own line."""
    out = []
    for line in lines:
        text = f"{indent}{line}"
        out += layout.lines(text, width, " " * (len(text) - len(text.lstrip()) + 4))
    return out


def pay_text(value: HandValue, settlement: Settlement, rules: RuleSet, *, winner: int, dealer: bool,
             tsumo: bool, honba: int, sticks: int, explain: bool = False) -> str:
    data = settlement_dict(settlement, winner)
    out = [
        *layout.lines(f"{situation(value, dealer=dealer, tsumo=tsumo).capitalize()}; rules {rules.name}, "
                      f"scheme {rules.payment.scheme_def.label}, honba {honba}, sticks {sticks}", layout.NARROWEST,
                      "  "),
        "",
    ]
    # Seat winds from the dealer (East); in a tsumo they tell the payers apart.
    winds = "ESWN"
    dealer_seat = winner if dealer else next(
        (p.payer for p in settlement.payments if p.role == DEALER), (winner - 1) % rules.game.players)
    rows = [(p.role if p.role == DISCARDER else f"{p.role} ({winds[(p.payer - dealer_seat) % rules.game.players]})",
             p.amount) for p in _payment_rows(settlement, winner)]
    if data["sticks"]:
        rows.append(("riichi sticks", data["sticks"]))
    out.append(tabulate(rows, headers=["pays", "points"], tablefmt="simple"))
    out.append("")
    out.append(f"Winner receives {data['total'] + data['sticks']}")
    if explain:
        out += ["", "How it adds up:"] + _wrapped(explanation(settlement), "  ")
    return "\n".join(out)


def all_schemes_text(value: HandValue, results: dict[str, Settlement], rules: RuleSet, *, winner: int,
                     dealer: bool, tsumo: bool, honba: int, sticks: int, explain: bool = False) -> str:
    """One row per scheme, side by side; with `explain`, each scheme's arithmetic under the table."""
    out = [f"{situation(value, dealer=dealer, tsumo=tsumo).capitalize()}; rules {rules.name}, "
           f"honba {honba}, sticks {sticks}", ""]
    roles = []
    for settlement in results.values():
        for p in _payment_rows(settlement, winner):
            if p.role not in roles:
                roles.append(p.role)
    headers = ["scheme", *[("each non-dealer" if dealer and tsumo and r == NON_DEALER else r) for r in roles]]
    if sticks:
        headers.append("sticks")
    headers.append("winner receives")
    if tsumo:
        headers.append("R (ron value)")
    rows = []
    for scheme, settlement in results.items():
        payments = _payment_rows(settlement, winner)
        by_role = {p.role: p.amount for p in payments}  # in sanma each role pays once
        # Japanese titles stay out of the table: their double width would break the columns.
        mark = " *" if scheme == rules.payment.scheme else ""
        row = [scheme + mark, *[by_role.get(r, "") for r in roles]]
        if sticks:
            row.append(sticks * rules.payment.riichi_stick)
        row.append(settlement.received(winner))
        if tsumo:
            ron = shares(value.basic, dealer_wins=dealer, rules=rules.with_scheme(scheme).payment).ron
            row.append(ron)
        rows.append(row)
    # as text, as tabulate would show the numbers: layout.table prints it without importing tabulate
    out.append(layout.table([[str(cell) for cell in row] for row in rows], headers, tablefmt="simple",
                            disable_numparse=True, colalign=("left",) + ("right",) * (len(headers) - 1)))
    out.append(f"* the scheme of profile {rules.name}")
    if tsumo:
        out += layout.lines("R: what a discarder would pay for the same basic points, the value the schemes "
                            "share out (a ron on a given hand may count other han and fu)", layout.NARROWEST)
    if explain:
        common = value_lines(value)
        out += ["", "How each scheme gets there:", *_wrapped(common, "  ")]
        if honba:
            per = rules.payment.honba_tsumo if tsumo else rules.payment.honba_ron
            out.append(f"  honba are added after the scheme, never split or rounded with it: {honba} × {per}"
                       + (" per payer" if tsumo else ""))
        for scheme, settlement in results.items():
            out += ["", f"  {rules.with_scheme(scheme).payment.scheme_def.label}:"]
            out += _wrapped(explanation(settlement)[len(common):], "    ")
    return "\n".join(out)


def all_schemes_dict(value: HandValue, results: dict[str, Settlement], rules: RuleSet, *, winner: int,
                     dealer: bool, tsumo: bool, honba: int) -> dict:
    return {"schemes": {
        scheme: pay_dict(value, settlement, rules.with_scheme(scheme), winner=winner, dealer=dealer,
                         tsumo=tsumo, honba=honba)
        for scheme, settlement in results.items()
    }}


def _table_cell(rules: RuleSet, value: HandValue, *, dealer: bool, tsumo: bool) -> str:
    s = shares(value.basic, dealer_wins=dealer, rules=rules.payment)
    if not tsumo:
        return str(s.ron)
    if dealer:
        return f"{s.tsumo_child} all"
    return f"{s.tsumo_child}/{s.tsumo_dealer}"


def payment_table_text(rules: RuleSet, width: int | None = None) -> str:
    """The sheet a club pins to the wall: han 1-4 × fu 20-140 and the limits, for dealer and
    non-dealer, ron and tsumo, under the profile's scheme. Impossible pairs show "-"."""
    out = [*layout.lines(f"Payment table: rules {rules.name}, scheme {rules.payment.scheme_def.label}; "
                         f"tsumo cells are non-dealer/dealer, or what each pays", width),
           *layout.lines(f"honba: ron +{rules.payment.honba_ron}, tsumo +{rules.payment.honba_tsumo} per payer; "
                         f"riichi stick {rules.payment.riichi_stick}", width), ""]
    for dealer in (False, True):
        for tsumo in (False, True):
            title = f"{'Dealer' if dealer else 'Non-dealer'} {'tsumo' if tsumo else 'ron'}"
            rows = []
            for fu in FU_VALUES:
                row = [f"{fu} fu"]
                for han in range(1, 5):
                    try:
                        check_han_fu(han, fu, tsumo=tsumo)
                    except PaymentError:
                        row.append("-")
                        continue
                    value = hand_value(han, fu, rules.hand)
                    cell = _table_cell(rules, value, dealer=dealer, tsumo=tsumo)
                    row.append(cell + ("*" if value.limit else ""))
                rows.append(row)
            out.append(title)
            out.append(tabulate(rows, headers=["", "1 han", "2 han", "3 han", "4 han"], tablefmt="simple",
                                colalign=("left", "right", "right", "right", "right")))
            out.append("")
    out.append("* = mangan (b above 2000" + (", or kiriage" if rules.hand.kiriage_mangan else "") + ")")
    out.append("")
    rows = []
    for limit in LIMITS:
        value = limit_value(limit, rules.hand)
        han = limit_han_range(limit) + (" / yakuman" if limit == YAKUMAN else "")
        rows.append([limit, han, *[_table_cell(rules, value, dealer=d, tsumo=t) for d in (False, True) for t in (False, True)]])
    out.append("Limits")
    headers = ["", "han", "non-dealer ron", "non-dealer tsumo", "dealer ron", "dealer tsumo"]
    table = tabulate(rows, headers=headers, tablefmt="simple", colalign=("left", "left", "right", "right", "right", "right"))
    if width is not None and layout.cells(table) > width:  # the headers on two lines
        table = layout.fit(rows, [h.replace(" ", "\n", 1) for h in headers], width=width, wrap=(1,),
                           tablefmt="simple", colalign=("left", "left", "right", "right", "right", "right"))
    out.append(table)
    if rules.hand.kazoe != "yakuman":
        out.append(f"13+ counted han pay as sanbaiman (kazoe {rules.hand.kazoe})")
    return "\n".join(out)


# ---------------------------------------------------------------- sanma rules


def rules_list_text(profiles: list[RuleSet], width: int | None = None) -> str:
    rows = [(r.name, r.payment.scheme, r.summary) for r in profiles]
    return layout.fit(rows, ["profile", "scheme", "summary"], width=width, wrap=(2,), tablefmt="simple")


def rules_show_text(rules: RuleSet) -> str:
    out = [f"Profile {rules.name}: {rules.summary}" if rules.summary else f"Profile {rules.name}", ""]
    rows = []
    for key, value in rules.flat().items():
        shown = "[" + ", ".join(map(str, value)) + "]" if isinstance(value, list) else value
        if isinstance(shown, bool):
            shown = "true" if shown else "false"
        rows.append((key, shown, rules.origin.get(key, "")))
    out.append(tabulate(rows, headers=["key", "value", "set in"], tablefmt="simple"))
    return "\n".join(out)


# ---------------------------------------------------------------- sanma settle


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _final(points: float, rules: RuleSet) -> str:
    return f"{points:+.0f}" if rules.match.final_rounding == "integer" else f"{points:+.1f}"


def _worth(value: HandValue, multiple: bool = False) -> str:
    """A hand's value in a ledger line: `3 han 40 fu`, `mangan`, `yakuman ×2` (`multiple`: ×1 too)."""
    if value.limit == YAKUMAN and (value.yakuman > 1 or multiple):
        return f"yakuman ×{value.yakuman}"
    if value.limit:
        return value.limit
    return f"{value.han} han {value.fu} fu"


def _row_text(row, players: tuple[str, ...]) -> str:
    """A ledger row's result in words; a dealer who played on instead of agari-yame says so."""
    text = _result_text(row.kyoku, players)
    return f"{text}; the dealer plays on" if row.played_on else text


def _result_text(kyoku: Kyoku, players: tuple[str, ...]) -> str:
    from calc.table.events import DoubleRon, ExhaustiveDraw, Nagashi, ScoredWin

    result = kyoku.result
    if isinstance(result, (ScoredWin, DoubleRon)):
        parts = []
        for w in kyoku.wins:
            how = "tsumo" if w.tsumo else f"ron {players[w.discarder]}"
            pao = f", {players[w.liable]} liable" if w.liable is not None else ""
            parts.append(f"{players[w.winner]} {how}: {_worth(w.value)}{pao}")
        return "; ".join(parts)
    if isinstance(result, ExhaustiveDraw):
        tenpai = [players[s] for s in sorted(result.tenpai)]
        return "draw, tenpai " + ", ".join(tenpai) if tenpai else "draw, nobody tenpai"
    if isinstance(result, Nagashi):
        tenpai = ", ".join(players[s] for s in sorted(result.tenpai)) or "nobody"
        return f"nagashi mangan {', '.join(players[s] for s in result.players)} (tenpai: {tenpai})"
    from calc.table.penalty import Chombo  # here, not at the top: `sanma hand` starts without the match code

    if isinstance(result, Chombo):
        return f"chombo {players[result.seat]}"
    return f"abort: {result.kind}"


def _end_text(settled: Settled) -> str:
    from calc.table.record import describe_end

    state, rules = settled.state, settled.rules
    if state.ended:
        return f"The match ended after hand {state.hands} ({state.label}): {describe_end(state, settled.players, rules)}."
    sticks = f", {state.sticks} riichi stick(s) on the table" if state.sticks else ""
    return (f"The record stops mid-match: next hand {state.label}, honba {state.honba}{sticks}. "
            f"Standings as if the match ended now.")


def _standings_rows(settled: Settled) -> list:
    from calc.table import chips  # loaded here: `sanma hand` starts without the match code
    rows = []
    finals = chips.finals(settled) if chips.shown(settled) else None
    for s in settled.standings:
        score = f"{s.score}" + (f" (+{s.leftover} sticks)" if s.leftover else "")
        rows.append([s.rank, settled.players[s.seat], score, f"{float(s.versus_return):+.1f}", f"{s.uma:+d}",
                     f"{float(s.oka):+.1f}" if s.oka else "", _final(s.points, settled.rules)])
        if finals is not None:
            rows[-1] += _chip_cells(finals[s.seat], settled.rules)
    return rows


def _chip_cells(final: chips.Final, rules: RuleSet) -> list[str]:
    """chips (their worth), chombo, total: the columns a profile with chips or a chombo adds."""
    worth = f" ({float(final.chip_points):+g})" if final.chips else ""
    return [f"{final.chips:+d}{worth}" if final.chips else "0", f"{final.penalty:+d}" if final.penalty else "",
            _final(final.total, rules)]


def _chip_moves(moved: tuple[int, ...], players: tuple[str, ...]) -> str:
    return ", ".join(f"{players[s]} {n:+d}" for s, n in enumerate(moved) if n)


def _ledger(settled: Settled, width: int | None) -> list[str]:
    """One row per hand: every column in one line when it fits `width`; else the narrow form, each
    player's cell the change over the score after it, each hand named like E3-1 (East 3, 1 honba)."""
    from calc.table import chips  # loaded here: `sanma hand` starts without the match code

    players = settled.players
    rows = []
    with_chips = chips.shown(settled)
    moved = chips.ledger(settled) if with_chips else ()
    for k, row in enumerate(settled.rows):
        riichi = ", ".join(players[r.seat] for r in row.kyoku.riichi)
        cells = [f"{_signed(d)} → {s}" for d, s in zip(row.deltas, row.scores)]
        rows.append([row.number, row.label, row.honba, row.sticks_before, players[row.dealer], riichi,
                     _row_text(row, players), *cells, *([_chip_moves(moved[k], players)] if with_chips else [])])
    chip_column = ["chips"] if with_chips else []
    wide = tabulate(rows, headers=["#", "round", "honba", "sticks", "dealer", "riichi", "result", *players, *chip_column],
                    tablefmt="simple", colalign=("right", "left", "right", "right", "left", "left", "left",
                                                 *["right"] * len(players), *(["left"] if with_chips else [])))
    if width is None or layout.cells(wide) <= width:
        return [wide]
    narrow = []
    for k, row in enumerate(settled.rows):
        hand = f"{row.label}-{row.honba}" + (f"\n{row.sticks_before} stick{'s' * (row.sticks_before > 1)}"
                                             if row.sticks_before else "")
        narrow.append([row.number, hand, ", ".join(players[r.seat] for r in row.kyoku.riichi),
                       _row_text(row, players),
                       *[f"{_signed(d)}\n{s}" for d, s in zip(row.deltas, row.scores)],
                       *([_chip_moves(moved[k], players).replace(", ", "\n")] if with_chips else [])])
    table = layout.fit(narrow, ["#", "hand", "riichi", "result", *players, *chip_column], width=width, wrap=(2, 3),
                       keep=2, tablefmt="simple",
                       colalign=("right", "left", "left", "left", *["right"] * len(players), *(["left"] if with_chips else [])),
                       disable_numparse=True)
    # the legend's example is a hand of this match: one with honba, where there is one
    example = next((row for row in settled.rows if row.honba), settled.rows[0])
    wind = {"E": "East", "S": "South", "W": "West"}[example.label[0]]
    return [table, "", *layout.lines(f"hand {example.label}-{example.honba} = {wind} {example.label[1:]} with "
                                     f"{example.honba} honba (sticks: riichi sticks on the table before it); each "
                                     f"player: the change, then the score after the hand; --wide: one line per "
                                     f"hand", width)]


def settle_text(settled: Settled, *, explain: bool = False, width: int | None = None) -> str:
    """The ledger, one row per hand, then the final standings (and --explain's arithmetic).
    `width`: the terminal cells the default output fits in (None: as wide as it comes)."""
    from calc.table import chips  # loaded here: `sanma hand` starts without the match code

    rules, players = settled.rules, settled.players
    m = rules.match
    uma = "/".join(f"{u:+d}" for u in m.uma)
    out = [*layout.lines(f"{settled.record.file}: profile {rules.name}, scheme {rules.payment.scheme}, {m.length}, "
                         f"start {m.start}, return {m.return_points}, uma {uma}, oka {m.oka / 1000:+.1f}", width,
                         "  "), ""]
    if settled.rows:
        out += _ledger(settled, width)
    else:
        out.append("(no hands recorded)")
    out.append("")
    out += layout.lines(_end_text(settled), width)
    for note in settled.notes:
        out += layout.lines(note, width, "  ")
    if explain:
        with_chips = chips.shown(settled)
        moved = chips.ledger(settled) if with_chips else ()
        out += ["", "How each hand was paid"]
        explained = len(out)
        for k, row in enumerate(settled.rows):
            out.append(f"hand {row.number} ({row.label}, honba {row.honba}, dealer {players[row.dealer]}): "
                       f"{_row_text(row, players)}")
            for r in row.kyoku.riichi:
                out.append(f"  {players[r.seat]} declares riichi: {rules.payment.riichi_stick} to the table")
            out += [f"  {win_line(w, row, players)}" for w in row.kyoku.wins]
            out += [f"  {line}" for line in explanation(row.settlement, players)]
            out.append("  " + ", ".join(f"{name} {_signed(d)}" for name, d in zip(players, row.deltas))
                       + f"; sticks on the table {row.sticks}")
            if with_chips and any(moved[k]):
                out.append(f"  chips: {_chip_moves(moved[k], players)}")
        out[explained:] = _wrapped(out[explained:], width=width)
    out += ["", standings_text(settled, width)]
    return "\n".join(out)


def win_line(w, row, players) -> str:
    """One win of a ledger row explained: who, their seat and how they won, then the hand's yaku,
    dora, han and fu breakdown (or the value given in the record). `settle --explain` and the HTML
    report print it alike."""
    wind = "ESW"[(w.winner - row.dealer) % len(players)]
    seat = winner_words(dealer=w.winner == row.dealer, wind=wind, tsumo=w.tsumo,
                        discarder=None if w.tsumo else players[w.discarder])
    e = w.evaluation
    if e is None:
        return f"{players[w.winner]}, {seat}: {_worth(w.value, multiple=True)}"
    if e.yakuman:
        yakuman = ", ".join(f"{name}: yakuman ×{multiple}" for name, multiple in e.yakuman)
        return f"{players[w.winner]}, {seat}: {w.hand}: {yakuman} = yakuman ×{e.value.yakuman}"
    yaku = ", ".join(f"{name} {han}" for name, han in e.yaku)
    extra = ", ".join(f"{k} {v}" for k, v in (("dora", e.dora), ("aka", e.aka), ("ura", e.ura), ("nuki", e.nuki)) if v)
    fu = " + ".join(f"{reason} {fu}" for reason, fu in e.fu_breakdown)
    return (f"{players[w.winner]}, {seat}: {w.hand}: {yaku}" + (f"; {extra}" if extra else "") + f" = {e.han} han"
            + (f"; fu {fu} → {e.fu}" if fu else ""))


def standings_text(settled: Settled, width: int | None = layout.NARROWEST) -> str:
    """The final (or provisional) standings table under its title, within `width` cells (None: as
    wide as it comes; a table too wide is split, each part keeping rank and player)."""
    from calc.table import chips  # loaded here: `sanma hand` starts without the match code
    extra = ["chips", "chombo", "total"] if chips.shown(settled) else []
    title = "Final standings" if settled.state.ended else "Standings (provisional)"
    return title + "\n" + layout.fit(
        _standings_rows(settled), ["rank", "player", "score", "± return", "uma", "oka", "points", *extra],
        width=width, keep=2, tablefmt="simple",
        colalign=("right", "left", "right", "right", "right", "right", "right", *["right"] * len(extra)),
        disable_numparse=True)


def _standings_list(settled: Settled) -> list[dict]:
    from calc.table import chips  # loaded here: `sanma hand` starts without the match code
    out = [{"rank": s.rank, "player": settled.players[s.seat], "score": s.score, "points": s.points}
           for s in settled.standings]
    if chips.shown(settled):
        finals = chips.finals(settled)
        for entry, s in zip(out, settled.standings):
            f = finals[s.seat]
            entry.update(chips=f.chips, chip_points=float(f.chip_points), chombo=f.penalty, total=f.total)
    return out


def _end_dict(settled: Settled) -> dict:
    from calc.table.record import describe_end

    state = settled.state
    return {
        "ended": state.ended,
        "end": state.end_reason,
        "end_text": describe_end(state, settled.players, settled.rules) if state.ended else None,
        "hands_played": state.hands,
        "hands_not_counted": settled.unplayed,
        "sticks_on_table": state.sticks,
        "notes": list(settled.notes),
    }


def _next_dict(settled: Settled) -> dict | None:
    """The hand to be played next, as `sanma keep` announces it (None once the match is over)."""
    state, players = settled.state, settled.players
    if state.ended:
        return None
    return {"round": state.label, "honba": state.honba, "dealer": players[state.dealer], "sticks": state.sticks,
            "seats": {name: "ESW"[state.seat_wind(seat, len(players)) - T.EAST] for seat, name in enumerate(players)},
            "scores": {name: score for name, score in zip(players, state.scores)}}


def settle_dict(settled: Settled, schemes: dict[str, Settled] | None = None) -> dict:
    """--json: the ledger, the standings and, with --all-schemes, one standings list per scheme."""
    from calc.table import chips  # loaded here: `sanma hand` starts without the match code
    players = settled.players
    ledger = []
    moved = chips.ledger(settled) if chips.shown(settled) else None
    for k, row in enumerate(settled.rows):
        result = row.kyoku.result
        entry = {
            "hand": row.number,
            "round": row.label,
            "honba": row.honba,
            "sticks": row.sticks_before,
            "dealer": players[row.dealer],
            "riichi": [players[r.seat] for r in row.kyoku.riichi],
            "result": type(result).__name__,
            "what": _row_text(row, players),
            "deltas": {name: d for name, d in zip(players, row.deltas)},
            "scores": {name: s for name, s in zip(players, row.scores)},
            "sticks_after": row.sticks,
        }
        if moved is not None:
            entry["chips"] = {name: n for name, n in zip(players, moved[k])}
        if row.played_on:
            entry["play_on"] = True  # the dealer played on instead of agari-yame / tenpai-yame (the record's key)
        if row.kyoku.wins:
            entry["wins"] = [{"winner": players[w.winner], "from": None if w.tsumo else players[w.discarder],
                              "han": w.value.han, "fu": w.value.fu, "limit": w.value.limit, "yakuman": w.value.yakuman}
                             for w in row.kyoku.wins]
        ledger.append(entry)
    out = {
        "players": list(players),
        "rules": settled.rules.name,
        "scheme": settled.rules.payment.scheme,
        "ledger": ledger,
        **_end_dict(settled),
        "next": _next_dict(settled),
        "standings": _standings_list(settled),
    }
    if schemes is not None:
        out["schemes"] = {name: {"standings": _standings_list(s), **_end_dict(s)} for name, s in schemes.items()}
    return out


def settle_schemes_text(settled: Settled, schemes: dict[str, Settled], width: int | None = None) -> str:
    """--all-schemes: final standings under every scheme side by side, one row per scheme; within
    `width` each player's cell is the points over the rank and score, and the end is wrapped."""
    from calc.table import chips  # loaded here: `sanma hand` starts without the match code
    from calc.table.record import describe_end

    players = settled.players
    own = settled.rules.payment.scheme
    rows = []
    for name, result in schemes.items():
        cells = [""] * len(players)
        finals = chips.finals(result) if chips.shown(result) else None
        for s in result.standings:
            cells[s.seat] = f"{_final(s.points, result.rules)} ({s.rank}. {s.score})"
            if finals is not None:
                f = finals[s.seat]
                cells[s.seat] += f" {f.chips:+d} chips → {_final(f.total, result.rules)}"
        if result.unplayed:
            end = f"ends after hand {result.state.hands}: {describe_end(result.state, players, result.rules)}"
        elif result.state.ended:
            end = f"as recorded: {describe_end(result.state, players, result.rules)}"
        elif settled.state.ended:
            end = f"not over under this scheme when the record stops (after hand {result.state.hands})"
        else:
            end = "as recorded, not finished"
        rows.append([name + (" *" if name == own else ""), *cells, end])
    what = "final points (rank. score) chips → total" if chips.shown(settled) else "final points (rank. score)"
    out = [*layout.lines(f"{settled.record.file}: {what} under every scheme; * = the record's scheme", width, "  "), ""]
    table = tabulate(rows, headers=["scheme", *players, "end"], tablefmt="simple")
    if width is not None and layout.cells(table) > width:
        narrow = [[row[0], *[cell.replace(" (", "\n(") for cell in row[1:-1]], row[-1]] for row in rows]
        table = layout.fit(narrow, ["scheme", *players, "end"], width=width, wrap=(len(players) + 1,),
                           tablefmt="simple", disable_numparse=True)
    out.append(table)
    notes = [f"{name}: {note}" for name, result in schemes.items() for note in result.notes if not result.unplayed
             or not note.startswith("the match ends")]
    if notes:
        out.append("")
        for note in notes:
            out += layout.lines(note, width, "  ")
    return "\n".join(out)
