"""Tables (tabulate) and JSON for people and programs; every function returns a string or a dict."""

from __future__ import annotations

from tabulate import tabulate

from calc.payment import (
    DEALER,
    DISCARDER,
    NON_DEALER,
    SCHEME_TITLES,
    STICKS,
    FU_VALUES,
    PaymentError,
    Settlement,
    check_han_fu,
    shares,
    value_lines,
)
from calc.rules import RuleSet
from calc.value import LIMITS, YAKUMAN, HandValue, hand_value, limit_value


# ---------------------------------------------------------------- sanma hand


def hand_dict(result) -> dict:
    """The `sanma hand --json` object (one batch output line)."""
    e = result.evaluation
    settlement = result.settlement
    payments = [p for p in settlement.payments if p.role != STICKS]
    sticks = sum(p.amount for p in settlement.payments if p.role == STICKS)
    honba = sum(p.honba for p in payments)
    return {
        "hand": result.hand.text(),
        "rules": result.rules.name,
        "scheme": result.rules.payment.scheme,
        "han": e.han,
        "fu": e.fu,
        "limit": e.limit,
        "yakuman": e.value.yakuman,
        "yaku": [{"name": n, "han": h} for n, h in e.yaku] + [{"name": n, "han": 13 * m} for n, m in e.yakuman],
        "dora": e.dora,
        "aka": e.aka,
        "ura": e.ura,
        "nuki": e.nuki,
        "fu_breakdown": [{"reason": r, "fu": f} for r, f in e.fu_breakdown],
        "basic_points": e.value.basic,
        "points": sum(p.amount for p in payments) - honba,
        "payments": [{"payer": p.role, "amount": p.amount} for p in payments],
        "total": sum(p.amount for p in payments),
        "sticks": sticks,
    }


def hand_text(result, *, explain: bool = False) -> str:
    data = hand_dict(result)
    e = result.evaluation
    out = [f"Hand: {data['hand']}   (rules {data['rules']}, scheme {data['scheme']})", ""]
    rows = [(y["name"], y["han"]) for y in data["yaku"]]
    for label, key in (("dora", "dora"), ("aka (red fives)", "aka"), ("ura", "ura"), ("nuki (norths)", "nuki")):
        if data[key]:
            rows.append((label, data[key]))
    out.append(tabulate(rows, headers=["yaku", "han"], tablefmt="simple"))
    out.append("")
    if not e.yakuman:
        out.append(tabulate([(r["reason"], r["fu"]) for r in data["fu_breakdown"]], headers=["fu", ""], tablefmt="simple"))
        out.append(f"{'':<2}= {e.fu} fu" + ("" if e.form == "seven pairs" else " (rounded up to 10)"))
        out.append("")
    value = f"{data['han']} han {data['fu']} fu" if not e.yakuman else f"yakuman ×{e.value.yakuman}"
    limit = f" ({data['limit']})" if data["limit"] else ""
    out.append(f"Value: {value}{limit}, {data['points']} points")
    pay_rows = [(p["payer"], p["amount"]) for p in data["payments"]]
    if data["sticks"]:
        pay_rows.append(("riichi sticks", data["sticks"]))
    out.append(tabulate(pay_rows, headers=["pays", "points"], tablefmt="simple"))
    out.append(f"Winner receives {data['total'] + data['sticks']}")
    if explain:
        out += ["", "How it adds up:"] + [f"  {line}" for line in result.settlement.lines]
    return "\n".join(out)


# ---------------------------------------------------------------- sanma pay / sanma table


def _payment_rows(settlement: Settlement, winner: int) -> list:
    return [p for p in settlement.payments if p.payee == winner and p.role != STICKS]


def settlement_dict(settlement: Settlement, winner: int) -> dict:
    """The `payments` / `points` / `total` / `sticks` keys shared with `sanma hand --json`."""
    payments = _payment_rows(settlement, winner)
    honba = sum(p.honba for p in payments)
    return {
        "payments": [{"payer": p.role, "amount": p.amount} for p in payments],
        "points": sum(p.amount for p in payments) - honba,
        "total": sum(p.amount for p in payments),
        "sticks": sum(p.amount for p in settlement.payments if p.payee == winner and p.role == STICKS),
    }


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


def pay_text(value: HandValue, settlement: Settlement, rules: RuleSet, *, winner: int, dealer: bool,
             tsumo: bool, honba: int, sticks: int, explain: bool = False) -> str:
    data = settlement_dict(settlement, winner)
    scheme = rules.payment.scheme
    out = [
        f"{situation(value, dealer=dealer, tsumo=tsumo).capitalize()}; rules {rules.name}, "
        f"scheme {scheme} ({SCHEME_TITLES[scheme]}), honba {honba}, sticks {sticks}",
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
        out += ["", "How it adds up:"] + [f"  {line}" for line in settlement.lines]
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
        headers.append("a ron would pay")
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
    out.append(tabulate(rows, headers=headers, tablefmt="simple", colalign=("left",) + ("right",) * (len(headers) - 1)))
    out.append(f"* the scheme of profile {rules.name}")
    if explain:
        common = value_lines(value)
        base = shares(value.basic, dealer_wins=dealer, rules=rules.with_scheme("tsumo-loss").payment)
        out += ["", "How each scheme gets there (C = round up to 100, N = round to nearest 100, halves up):",
                *[f"  {line}" for line in common], *[f"  {line}" for line in base.ron_lines]]
        if honba:
            per = rules.payment.honba_tsumo if tsumo else rules.payment.honba_ron
            out.append(f"  honba are added after the scheme, never split or rounded with it: {honba} × {per}"
                       + (" per payer" if tsumo else ""))
        for scheme, settlement in results.items():
            out += ["", f"  {scheme} ({SCHEME_TITLES[scheme]}):"]
            out += [f"    {line}" for line in settlement.lines[len(common):]]
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


def payment_table_text(rules: RuleSet) -> str:
    """The sheet a club pins to the wall: han 1-4 × fu 20-110 and the limits, for dealer and
    non-dealer, ron and tsumo, under the profile's scheme. Impossible pairs show "-"."""
    scheme = rules.payment.scheme
    out = [f"Payment table: rules {rules.name}, scheme {scheme} ({SCHEME_TITLES[scheme]}); "
           f"tsumo cells are non-dealer/dealer, or what each pays",
           f"honba: ron +{rules.payment.honba_ron}, tsumo +{rules.payment.honba_tsumo} per payer; "
           f"riichi stick {rules.payment.riichi_stick}", ""]
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
        han = {"mangan": "5", "haneman": "6-7", "baiman": "8-10", "sanbaiman": "11-12", "yakuman": "13+ / yakuman"}[limit]
        rows.append([limit, han, *[_table_cell(rules, value, dealer=d, tsumo=t) for d in (False, True) for t in (False, True)]])
    out.append("Limits")
    out.append(tabulate(rows, headers=["", "han", "non-dealer ron", "non-dealer tsumo", "dealer ron", "dealer tsumo"],
                        tablefmt="simple", colalign=("left", "left", "right", "right", "right", "right")))
    if rules.hand.kazoe != "yakuman":
        out.append("13+ counted han pay as sanbaiman (kazoe capped)")
    return "\n".join(out)


# ---------------------------------------------------------------- sanma rules


def rules_list_text(profiles: list[RuleSet]) -> str:
    rows = [(r.name, r.payment.scheme, r.summary) for r in profiles]
    return tabulate(rows, headers=["profile", "scheme", "summary"], tablefmt="simple")


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
