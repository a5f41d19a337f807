"""Sichuan text and JSON: a hand's fan breakdown and payment, a record's ledger and totals, profiles."""

from __future__ import annotations

from tabulate import tabulate

from calc.core import layout

from calc.sichuan.battle import WALL_END_STEP, Step
from calc.sichuan.fan import FanResult
from calc.sichuan.hand import SUIT_LETTERS
from calc.sichuan.record import Settled
from calc.sichuan.rules import SichuanRules
from calc.sichuan.scoring import HandScore


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def fan_text(result: FanResult) -> str:
    """`one suit 清一色 3 + gen 根 1 = 4 fan` (and the cap when it bites)."""
    parts = " + ".join(f"{line.name} {line.fan}" for line in result.lines)
    capped = f", capped at {result.cap}" if result.capped else ""
    return f"{parts} = {result.total} fan{capped}"


def fan_dict(result: FanResult) -> dict:
    return {
        "fan": result.fan,
        "fan_before_cap": result.total,
        "cap": result.cap,
        "pattern": result.pattern,
        "gens": result.gens,
        "breakdown": [{"key": line.key, "name": line.name, "fan": line.fan, "count": line.count}
                      for line in result.lines],
    }


# ---------------------------------------------------------------- sanma hand --rules sichuan


def _payment_words(score: HandScore) -> str:
    p = score.rules.payment
    value = p.value(score.result.fan)
    formula = f"{p.base} × 2^({score.result.fan} − {p.unit_fan}) = {value}"
    if score.context.tsumo:
        bonus = f" + {p.base} tsumo base = {score.each}" if p.tsumo_bonus == "base" else ""
        return (f"tsumo: each of the {score.payers} other players still in pays {formula}{bonus}; "
                f"the winner receives {score.total}")
    return f"ron: the discarder pays {formula}"


def hand_text(score: HandScore, *, explain: bool = False) -> str:
    r = score.result
    void = SUIT_LETTERS[score.void] if score.void is not None else "not given (the hand misses a suit)"
    out = [f"Hand {score.hand.text()}  (Sichuan, profile {score.rules.name}; void {void})", ""]
    # fan first: the names hold CJK characters, which pad unevenly
    out += [f"  {line.fan:>2}  {line.name}" for line in r.lines]
    out.append("")
    capped = f" ({r.total} before the cap of {r.cap})" if r.capped else f" (cap {r.cap})"
    out.append(f"Fan {r.fan}{capped}")
    out.append(f"Payment: {_payment_words(score)}")
    if explain:
        out.append(f"Fan: {fan_text(r)}")
        p = score.rules.payment
        out.append(f"A hand pays base × 2^(fan − unit_fan), fan at most the cap: base {p.base}, unit_fan "
                   f"{p.unit_fan}, cap {p.cap}; tsumo bonus: {p.tsumo_bonus}")
    return "\n".join(out)


def hand_dict(score: HandScore) -> dict:
    return {
        "rules": score.rules.name,
        "variant": score.rules.variant,
        "hand": score.hand.text(),
        "void": SUIT_LETTERS[score.void] if score.void is not None else None,
        "tsumo": score.context.tsumo,
        **fan_dict(score.result),
        "payment": {"each": score.each, "payers": score.payers, "total": score.total,
                    "from": "each other player still in" if score.context.tsumo else "the discarder"},
    }


# ---------------------------------------------------------------- sanma settle (a Sichuan record)


def _fan_lines(step: Step, players: tuple[str, ...], label: str) -> list[str]:
    return [f"{players[seat]}{label}: {fan_text(result)}" for seat, result in step.fans]


def settle_text(settled: Settled, *, explain: bool = False, width: int | None = None) -> str:
    """`width`: the terminal cells the text fits in (None: as wide as it comes)."""
    record, players = settled.record, settled.players
    rules = record.rules
    out = [*layout.lines(f"Sichuan record {record.file}: profile {rules.name} ({rules.describe()})", width, "  "),
           *layout.lines(f"Players: {', '.join(players)}", width, "  ")]
    for hand in settled.hands:
        res = hand.result
        voids = ", ".join(f"{players[s]} {SUIT_LETTERS[v]}" for s, v in enumerate(res.voids))
        out += ["", f"Hand {hand.number}: dealer {players[res.dealer]}; void suits {voids}"]
        rows = [(k, step.what, *map(_signed, step.deltas)) for k, step in enumerate(res.steps, start=1)]
        rows.append(("", "hand total", *map(_signed, res.deltas)))
        out.append(layout.fit(rows, ["#", "event", *players], width=width, wrap=(1,), tablefmt="simple",
                              colalign=("right", "left", *("right",) * len(players))))
        out.append("")
        for k, step in enumerate(res.steps, start=1):
            label = "best hand" if step.kind == WALL_END_STEP else ""
            notes = _fan_lines(step, players, f"'s {label}" if label else "")
            if explain:
                spec = record.hands[hand.number - 1]
                notes = [*notes, *(_hand_notes(spec.events[k - 1], players))]
            lines = notes + [p.reason for p in step.payments]
            if not lines:
                lines = ["nothing to pay"]
            for n, line in enumerate(lines):
                out += layout.lines(f"  {k}. {line}" if n == 0 else f"     {line}", width, "       ")
        nxt = players[res.next_dealer]
        out.append(f"  next dealer: {nxt}")
    out += ["", "Final totals"]
    order = sorted(range(len(players)), key=lambda s: (-settled.totals[s], s))
    rows = [(rank, players[s], _signed(settled.totals[s])) for rank, s in enumerate(order, start=1)]
    out.append(tabulate(rows, headers=["rank", "player", "total"], tablefmt="simple", colalign=("right", "left", "right")))
    out.append(f"(in points; base {rules.payment.base}; the totals sum to {sum(settled.totals)})")
    return "\n".join(out)


def _hand_notes(event, players: tuple[str, ...]) -> list[str]:
    """--explain: the hands as written in the record."""
    winners = getattr(event, "winners", None)
    if winners:
        return [f"{players[w.winner]}'s hand: {w.hand.text()}" for w in winners]
    hands = getattr(event, "hands", None)
    if hands:
        return [f"{players[s]}'s hand: {h.text()}" for s, h in hands]
    return []


def settle_dict(settled: Settled) -> dict:
    players = settled.players

    def by_name(values) -> dict:
        return {players[s]: v for s, v in enumerate(values)}

    hands = []
    for hand in settled.hands:
        res = hand.result
        steps = [{
            "kind": step.kind,
            "event": step.what,
            "deltas": by_name(step.deltas),
            "payments": [{"from": players[p.payer], "to": players[p.payee], "amount": p.amount, "reason": p.reason}
                         for p in step.payments],
            "fans": [{"player": players[s], **fan_dict(result)} for s, result in step.fans],
        } for step in res.steps]
        hands.append({
            "number": hand.number,
            "dealer": players[res.dealer],
            "void": by_name(SUIT_LETTERS[v] for v in res.voids),
            "steps": steps,
            "deltas": by_name(res.deltas),
            "winners": [players[s] for s in res.winners],
            "next_dealer": players[res.next_dealer],
        })
    return {"variant": settled.record.rules.variant, "rules": settled.record.rules.name, "players": list(players),
            "hands": hands, "totals": by_name(settled.totals)}


# ---------------------------------------------------------------- sanma rules


def rules_list_text(profiles: list[SichuanRules], width: int | None = None) -> str:
    rows = [(r.name, r.describe(), r.summary) for r in profiles]
    return layout.fit(rows, ["sichuan profile", "cap, base, tsumo", "summary"], width=width, wrap=(2,),
                      tablefmt="simple")


def rules_show_text(rules: SichuanRules) -> str:
    out = [f"Sichuan profile {rules.name}: {rules.summary}" if rules.summary else f"Sichuan profile {rules.name}", ""]
    rows = []
    for key, value in rules.flat().items():
        shown = ("true" if value else "false") if isinstance(value, bool) else value
        rows.append((key, shown, rules.origin.get(key, "")))
    out.append(tabulate(rows, headers=["key", "value", "set in"], tablefmt="simple"))
    return "\n".join(out)
