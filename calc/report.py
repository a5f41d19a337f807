"""Tables (tabulate) and JSON for people and programs; every function returns a string or a dict."""

from __future__ import annotations

from tabulate import tabulate

from calc.payment import STICKS


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
