"""Text for people: the tables and sentences of the commands, each written from a domain value (a
scored hand, a paid hand, a settled match); every function returns a string. The JSON objects are
the values' own `to_dict()`; the words of an explanation are calc/table/explain.py's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from calc.core import layout
from calc.core.rules import RuleSet
from calc.scoring.value import LIMITS, YAKUMAN, HandValue, hand_value, limit_han_range, limit_value
from calc.table.words import WIND_NAMES, row_text, winner_words
from calc.table.payment import DEALER, DISCARDER, FU_VALUES, NON_DEALER, PaymentError, Settlement, check_han_fu, shares

if TYPE_CHECKING:  # the match types are imported where used: `sanma hand` starts without them
    from calc.table.scored import HandResult
    from calc.table import chips
    from calc.table.paid import PayResult
    from calc.table.match import LedgerRow
    from calc.table.keeper import Undone
    from calc.table.record import Settled


def tabulate(*args, **kwargs) -> str:
    """tabulate's, imported on first use: `sanma hand` prints its tables with layout.counts."""
    from tabulate import tabulate as _tabulate

    return _tabulate(*args, **kwargs)


# ---------------------------------------------------------------- sanma hand


def _hand_value_lines(result: HandResult, data: dict) -> list[str]:
    """Yaku, fu breakdown and value: the part of `sanma hand` that does not depend on the scheme
    (`data`: the hand's `to_dict()`)."""
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


def hand_text(result: HandResult, *, explain: bool = False) -> str:
    data = result.to_dict()
    out = _hand_value_lines(result, data)
    out.append(f"Payments under {data['scheme']}:")
    pay_rows = [(p["payer"], p["amount"]) for p in data["payments"]]
    if data["sticks"]:
        pay_rows.append(("riichi sticks", data["sticks"]))
    out.append(layout.counts(pay_rows, ["pays", "points"]))
    out.append(f"Winner receives {data['total'] + data['sticks']}")
    if explain:
        out += ["", "How it adds up:"] + _wrapped(result.explain(), "  ")
    return "\n".join(out)


def _paid(result: HandResult, settlements: dict[str, Settlement]) -> dict[str, PayResult]:
    """A scored hand's value paid under each scheme, as `sanma pay` pays it."""
    from calc.scoring.request import with_scheme
    from calc.table.paid import PayResult

    c = result.context
    return {scheme: PayResult(with_scheme(result.ruleset, scheme), result.evaluation.value, settlement, result.winner,
                              c.dealer, c.tsumo, c.honba, c.sticks)
            for scheme, settlement in settlements.items()}


def hand_all_schemes_text(result: HandResult, settlements: dict[str, Settlement], *, explain: bool = False) -> str:
    """The hand's value, then its payments under every scheme side by side."""
    out = _hand_value_lines(result, result.to_dict())
    out += ["", all_schemes_text(_paid(result, settlements), result.ruleset, explain=explain)]
    return "\n".join(out)


def hand_all_schemes_dict(result: HandResult, settlements: dict[str, Settlement]) -> dict:
    """`sanma hand --all-schemes --json`: the hand's object per scheme."""
    base = result.to_dict()
    return {"schemes": {scheme: {**base, "scheme": scheme, **settlement.collected(result.winner).to_dict()}
                        for scheme, settlement in settlements.items()}}


# ---------------------------------------------------------------- sanma pay / sanma table


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


def _wrapped(lines, indent: str = "", width: int | None = layout.NARROWEST) -> list[str]:
    """Explanation lines under `indent`, each wrapped to `width` cells, a continuation indented four
    cells more than its own line."""
    out = []
    for line in lines:
        text = f"{indent}{line}"
        out += layout.lines(text, width, " " * (len(text) - len(text.lstrip()) + 4))
    return out


def pay_text(paid: PayResult, *, explain: bool = False) -> str:
    rules, settlement, winner = paid.ruleset, paid.settlement, paid.winner
    collected = settlement.collected(winner)
    out = [
        *layout.lines(f"{situation(paid.value, dealer=paid.dealer, tsumo=paid.tsumo).capitalize()}; rules "
                      f"{rules.name}, scheme {rules.payment.scheme_def.label}, honba {paid.honba}, sticks "
                      f"{paid.table_sticks}", layout.NARROWEST, "  "),
        "",
    ]
    # Seat winds from the dealer (East); in a tsumo they tell the payers apart.
    winds = "ESWN"
    dealer_seat = winner if paid.dealer else next(
        (p.payer for p in settlement.payments if p.role == DEALER), (winner - 1) % rules.game.players)
    rows: list[tuple[str, int]] = [
        (p.role if p.role == DISCARDER else f"{p.role} ({winds[(p.payer - dealer_seat) % rules.game.players]})",
         p.amount) for p in _paid_to(settlement, winner)]
    if collected.sticks:
        rows.append(("riichi sticks", collected.sticks))
    out.append(tabulate(rows, headers=["pays", "points"], tablefmt="simple"))
    out.append("")
    out.append(f"Winner receives {collected.total + collected.sticks}")
    if explain:
        out += ["", "How it adds up:"] + _wrapped(paid.explain(), "  ")
    return "\n".join(out)


def _paid_to(settlement: Settlement, winner: int) -> list:
    """The transfers to the winner from its payers (the sticks from the table left out), with their seats."""
    return [p for p in settlement.payments if p.payee == winner and p.payer is not None]


def all_schemes_text(results: dict[str, PayResult], rules: RuleSet, *, explain: bool = False) -> str:
    """One row per scheme, side by side (`rules`: the profile, whose scheme is marked); with
    `explain`, each scheme's arithmetic under the table."""
    first = next(iter(results.values()))
    value, winner, dealer, tsumo, honba, sticks = (first.value, first.winner, first.dealer, first.tsumo, first.honba,
                                                   first.table_sticks)
    out = [f"{situation(value, dealer=dealer, tsumo=tsumo).capitalize()}; rules {rules.name}, "
           f"honba {honba}, sticks {sticks}", ""]
    roles = []
    for paid in results.values():
        for p in _paid_to(paid.settlement, winner):
            if p.role not in roles:
                roles.append(p.role)
    headers = ["scheme", *[("each non-dealer" if dealer and tsumo and r == NON_DEALER else r) for r in roles]]
    if sticks:
        headers.append("sticks")
    headers.append("winner receives")
    if tsumo:
        headers.append("R (ron value)")
    rows = []
    for scheme, paid in results.items():
        by_role = {p.role: p.amount for p in _paid_to(paid.settlement, winner)}  # in sanma each role pays once
        # Japanese titles stay out of the table: their double width would break the columns.
        mark = " *" if scheme == rules.payment.scheme else ""
        row = [scheme + mark, *[by_role.get(r, "") for r in roles]]
        if sticks:
            row.append(sticks * rules.payment.riichi_stick)
        row.append(paid.settlement.received(winner))
        if tsumo:
            row.append(shares(value.basic, value.han, value.fu, dealer_wins=dealer, rules=paid.ruleset.payment).ron)
        rows.append(row)
    # as text, as tabulate would show the numbers: layout.table prints it without importing tabulate
    out.append(layout.table([[str(cell) for cell in row] for row in rows], headers, tablefmt="simple",
                            disable_numparse=True, colalign=("left",) + ("right",) * (len(headers) - 1)))
    out.append(f"* the scheme of profile {rules.name}")
    if tsumo:
        out += layout.lines("R: what a discarder would pay for the same basic points, the value the schemes "
                            "share out (a ron on a given hand may count other han and fu)", layout.NARROWEST)
    if explain:
        from calc.table.explain import value_lines  # the words, on first use: a plain `sanma hand` needs none

        common = value_lines(value)
        out += ["", "How each scheme gets there:", *_wrapped(common, "  ")]
        if honba:
            per = rules.payment.honba_tsumo if tsumo else rules.payment.honba_ron
            out.append(f"  honba are added after the scheme, never split or rounded with it: {honba} × {per}"
                       + (" per payer" if tsumo else ""))
        for scheme, paid in results.items():
            out += ["", f"  {paid.ruleset.payment.scheme_def.label}:"]
            out += _wrapped(paid.explain()[len(common):], "    ")
    return "\n".join(out)


def table_cell(rules: RuleSet, value: HandValue, *, dealer: bool, tsumo: bool) -> str:
    """What a hand of `value` pays under the profile's scheme, as a cell of the payment table: the ron,
    or on a tsumo `non-dealer/dealer` (a non-dealer wins) or `N all` (the dealer wins)."""
    s = shares(value.basic, value.han, value.fu, dealer_wins=dealer, rules=rules.payment)
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
                    cell = table_cell(rules, value, dealer=dealer, tsumo=tsumo)
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
        rows.append([limit, han, *[table_cell(rules, value, dealer=d, tsumo=t) for d in (False, True) for t in (False, True)]])
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


def signed(points: int) -> str:
    """A change of score: `+1000`, `-500`, `0`."""
    return f"{points:+d}" if points else "0"


def final_text(points: float, rules: RuleSet) -> str:
    """Final points as the profile rounds them: `+30.4`, or `+30` (match.final_rounding: integer)."""
    return f"{points:+.0f}" if rules.match.final_rounding == "integer" else f"{points:+.1f}"


def end_sentence(settled: Settled) -> str:
    """How the match ended, or where the record stops, as a sentence."""
    from calc.table.record import describe_end

    state, rules = settled.state, settled.ruleset
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
        rows.append([s.rank, s.player, score, f"{float(s.versus_return):+.1f}", f"{s.uma:+d}",
                     f"{float(s.oka):+.1f}" if s.oka else "", final_text(s.points, settled.ruleset)])
        if finals is not None:
            rows[-1] += chip_cells(finals[s.seat], settled.ruleset)
    return rows


def chip_cells(final: chips.Final, rules: RuleSet) -> list[str]:
    """chips (their worth), chombo, total: the columns a profile with chips or a chombo adds."""
    worth = f" ({float(final.chip_points):+g})" if final.chips else ""
    return [f"{final.chips:+d}{worth}" if final.chips else "0", f"{final.penalty:+d}" if final.penalty else "",
            final_text(final.total, rules)]


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
        cells = [f"{signed(d)} → {s}" for d, s in zip(row.deltas, row.scores)]
        rows.append([row.number, row.label, row.honba, row.sticks_before, players[row.dealer], riichi,
                     row_text(row, players), *cells, *([_chip_moves(moved[k], players)] if with_chips else [])])
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
                       row_text(row, players),
                       *[f"{signed(d)}\n{s}" for d, s in zip(row.deltas, row.scores)],
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

    rules, players = settled.ruleset, settled.players
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
    out += layout.lines(end_sentence(settled), width)
    for note in settled.notes:
        out += layout.lines(note, width, "  ")
    if explain:
        from calc.table import explain as explanation

        with_chips = chips.shown(settled)
        moved = chips.ledger(settled) if with_chips else ()
        out += ["", "How each hand was paid"]
        explained = len(out)
        for k, row in enumerate(settled.rows):
            out.append(f"hand {row.number} ({row.label}, honba {row.honba}, dealer {players[row.dealer]}): "
                       f"{row_text(row, players)}")
            out += [f"  {line}" for line in explanation.row_lines(row, players, rules)]
            out.append("  " + ", ".join(f"{name} {signed(d)}" for name, d in zip(players, row.deltas))
                       + f"; sticks on the table {row.sticks}")
            if with_chips and any(moved[k]):
                out.append(f"  chips: {_chip_moves(moved[k], players)}")
        out[explained:] = _wrapped(out[explained:], width=width)
    out += ["", standings_text(settled, width)]
    return "\n".join(out)


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


def settle_schemes_text(settled: Settled, schemes: dict[str, Settled], width: int | None = None) -> str:
    """--all-schemes: final standings under every scheme side by side, one row per scheme; within
    `width` each player's cell is the points over the rank and score, and the end is wrapped."""
    from calc.table import chips  # loaded here: `sanma hand` starts without the match code
    from calc.table.record import describe_end

    players = settled.players
    own = settled.ruleset.payment.scheme
    rows = []
    for name, result in schemes.items():
        cells = [""] * len(players)
        finals = chips.finals(result) if chips.shown(result) else None
        for s in result.standings:
            cells[s.seat] = f"{final_text(s.points, result.ruleset)} ({s.rank}. {s.score})"
            if finals is not None:
                f = finals[s.seat]
                cells[s.seat] += f" {f.chips:+d} chips → {final_text(f.total, result.ruleset)}"
        if result.unplayed:
            end = f"ends after hand {result.state.hands}: {describe_end(result.state, players, result.ruleset)}"
        elif result.state.ended:
            end = f"as recorded: {describe_end(result.state, players, result.ruleset)}"
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


# ---------------------------------------------------------------- sanma keep and sanma serve: a hand entered


def taken_back(row: LedgerRow, players: tuple[str, ...]) -> str:
    return f"hand {row.number} ({row.label}: {row_text(row, players)}) taken back"


def undone_text(undone: Undone, players: tuple[str, ...]) -> str:
    if undone.riichi is not None:
        return f"riichi {undone.riichi} taken back"
    # the last line typed was the result: the hand's riichi stand again, pending (undo again drops them)
    again = f"; riichi {', '.join(undone.pending)} pending again" if undone.pending else ""
    return taken_back(undone.row, players) + again


def next_hand(settled: Settled) -> str:
    from calc.table import match
    from calc.table.record import describe_end

    state, players = settled.state, settled.players
    if state.ended:
        over = f"The match is over after hand {state.hands}: {describe_end(state, players, settled.ruleset)}."
        if settled.ruleset.match.yame_choice and state.end_reason in (match.AGARI_YAME, match.TENPAI_YAME):
            over += " The dealer may play on instead: type `play on`."
        return over
    sticks = f", {state.sticks} riichi stick(s) on the table" if state.sticks else ""
    return f"Next: {state.label}, honba {state.honba}, dealer {players[state.dealer]}{sticks}."


def scores_text(settled: Settled) -> str:
    state = settled.state
    return "Scores: " + ", ".join(f"{name} {score}" for name, score in zip(settled.players, state.scores))


def recorded_text(settled: Settled) -> str:
    """What the record's last hand did: the result, who paid whom, each player's change and score,
    chips, what is next (`keep` after each hand; `serve`'s check of a hand)."""
    from calc.table import chips

    row, players = settled.rows[-1], settled.players
    out = [f"hand {row.number} ({row.label}, honba {row.honba}): {row_text(row, players)}"]
    moves = [f"{players[seat]} riichi → table {-d}" for seat, d in enumerate(row.deposits) if d]
    moves += [f"{'table' if p.payer is None else players[p.payer]} → {'table' if p.payee is None else players[p.payee]}"
              f" {p.amount} ({p.role})" for p in row.settlement.payments]
    if moves:
        out.append("  " + "; ".join(moves))
    else:  # nothing moved now, e.g. a chombo paid in final points at the tally
        from calc.table.explain import lines

        out += [f"  {line}" for line in lines(row.settlement, players)]
    cells = [[name, signed(d), s] for name, d, s in zip(players, row.deltas, row.scores)]
    headers = ["", "change", "score"]
    if settled.ruleset.chips.on:
        moved = chips.ledger(settled)
        totals = [sum(r[seat] for r in moved) for seat in range(len(players))]
        for seat, cell in enumerate(cells):
            cell += [signed(moved[-1][seat]), totals[seat]]
        headers += ["chips", "chips total"]
    out.append(tabulate(cells, headers=headers, tablefmt="simple", disable_numparse=True,
                        colalign=("left", *["right"] * (len(headers) - 1))))
    out.append(next_hand(settled))
    if settled.state.ended:
        out += ["", standings_text(settled)]
    return "\n".join(out)
