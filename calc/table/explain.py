"""The arithmetic of a payment in words, written from the facts it returns (calc/table/payment.py).

The one place the explanation is made: `sanma hand/pay --explain`, `settle --explain`, the HTML
report's hands, `serve`'s check of a hand, `keep` and calc's results' `explain()` all read `lines`
(a settlement's explanation, step by step) or `row_lines` (a ledger row's: its riichi, its wins,
its payments). A settlement speaks of seats (`seat 1`); given the players' names it speaks of them.
A hand's result in a few words is calc/table/words.py's.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Callable, NamedTuple, Sequence

from calc.core.schemes import Amount, Scheme, Side, Term, amount_text
from calc.scoring.value import YAKUMAN, HandValue
from calc.table.payment import (
    FIRST,
    NAGASHI,
    NEXT,
    PAO,
    ChomboPaid,
    NotenPaid,
    PaidWin,
    Settlement,
    Shares,
    Transfer,
)

from calc.table.words import win_line

if TYPE_CHECKING:
    from calc.core.rules import RuleSet

# ---------------------------------------------------------------- a settlement, step by step


def lines(settlement: Settlement, players: Sequence[str] | None = None) -> tuple[str, ...]:
    """How the settlement adds up, one step a line (rules.md §3-5); `players`: the names to speak of
    instead of seats."""
    def who(seat: int) -> str:
        return players[seat] if players else f"seat {seat}"

    def seats(which: Sequence[int]) -> str:
        return ", ".join(players[s] if players else str(s) for s in which)

    out: list[str] = []
    for fact in settlement.facts:
        if isinstance(fact, PaidWin):
            out += _win_lines(fact, [p for p in settlement.payments if p.payee == fact.winner], who)
        elif isinstance(fact, NotenPaid):
            if not fact.tenpai or not fact.noten:
                out.append(f"exhaustive draw, {'nobody' if not fact.tenpai else 'everybody'} tenpai: no noten payments")
            else:
                out += [f"exhaustive draw: tenpai {seats(fact.tenpai)}; noten {seats(fact.noten)}",
                        f"noten pool {fact.pool}: each noten player pays {fact.pool // len(fact.noten)}, each tenpai "
                        f"player receives {fact.pool // len(fact.tenpai)}"]
        elif isinstance(fact, ChomboPaid):
            if fact.scheme is None:
                out.append(f"chombo by {who(fact.seat)}: {fact.final_points} final points off at the tally")
            else:
                out.append(f"chombo by {who(fact.seat)}: a mangan tsumo paid in reverse under {fact.scheme}")
                out += [f"{who(p.payer)} pays {who(p.payee)} {p.amount}" for p in settlement.payments
                        if p.payer is not None and p.payee is not None]
    return tuple(out)


_HEADINGS = {FIRST: "first winner after the discarder", NEXT: "next winner"}


def _win_lines(paid: PaidWin, payments: list[Transfer], who: Callable[[int], str]) -> list[str]:
    """One win (rules.md §4-5): its value, the scheme's shares, pao, honba and sticks, what it collects."""
    out = []
    if paid.heading == NAGASHI:
        out.append(f"nagashi mangan, {who(paid.winner)}: paid as a mangan tsumo, no honba, sticks stay")
    elif paid.heading:
        out.append(f"— {who(paid.winner)} ({_HEADINGS[paid.heading]}) —")
    out += value_lines(paid.value)
    honba = f"honba: {paid.honba} × {paid.per_honba} = {paid.honba * paid.per_honba}" if paid.honba else ""
    pao, rest = paid.pao, paid.rest
    if pao is not None and paid.liable is not None:
        liable = who(paid.liable)
        if rest is not None:
            out.append(f"pao: {liable} answers for b = {pao.basic}; the other b = {rest.basic} is paid as usual")
        out += ron_steps(pao)
        if paid.discarder is None:
            out.append(f"pao on a tsumo: liable {liable} pays the whole {pao.ron}, as if they had dealt in")
            if honba:
                out.append(f"{honba}, paid by the liable player")
        else:
            half = next(p.amount - p.honba for p in payments if p.role == PAO)
            out.append(f"pao on a ron: liable {liable} pays C(R/2) = {half}, discarder {who(paid.discarder)} pays "
                       f"{pao.ron - half}")
            if honba:
                by = "liable player" if any(p.role == PAO and p.honba for p in payments) else "discarder"
                out.append(f"{honba}, paid by the {by}")
        honba = ""  # honba are paid once
    if rest is not None:
        if paid.discarder is not None:
            out += ron_steps(rest)
            if honba:
                out.append(f"{honba} added to the ron payment")
        else:
            out += tsumo_steps(rest)
            if honba:
                out.append(f"{honba} added to each payment, never rounded with it")
    if paid.sticks:
        out.append(f"riichi sticks: {paid.sticks} × {paid.per_stick} = {paid.sticks * paid.per_stick} from the table "
                   f"to the winner")
    total = sum(p.amount for p in payments)
    parts = " + ".join(f"{p.role} ({who(p.payer)}) {p.amount}" if p.payer is not None else f"sticks {p.amount}"
                       for p in payments)
    out.append(f"the winner ({who(paid.winner)}) collects {total}" + (f": {parts}" if len(payments) > 1 else ""))
    return out


def value_lines(value: HandValue) -> list[str]:
    """How the basic points b came about (rules.md §3)."""
    if value.limit == YAKUMAN:
        if value.yakuman > 1:
            return [f"yakuman ×{value.yakuman}: b = 8000 × {value.yakuman} = {value.basic}"]
        return [f"yakuman: b = {value.basic}"]
    if value.han >= 13:  # rules.md §3: kazoe capped at sanbaiman by the profile
        return [f"{value.han} han: {value.limit} (counted yakuman capped by hand.kazoe), b = {value.basic}"]
    if value.limit is None:
        return [f"basic points b = {value.fu} fu × 2^({value.han}+2) = {value.basic}"]
    if value.fu and value.han <= 4:
        raw = value.raw_basic
        if raw > 2000:
            return [f"basic points {value.fu} fu × 2^({value.han}+2) = {raw} > 2000: {value.limit}, b = {value.basic}"]
        return [f"{value.han} han {value.fu} fu rounds up to {value.limit} (kiriage): b = {value.basic}"]
    return [f"{value.han} han: {value.limit}, b = {value.basic}"]


# ---------------------------------------------------------------- a scheme's shares, step by step


def ron_steps(shares: Shares) -> tuple[str, ...]:
    """The ron value R and the shares it refers to, each step and rounding written out in the same
    words for every scheme: `ron value R = C(6b) = C(6 × 320) = 2000`."""
    words = _words(shares.scheme, shares.dealer_wins)
    return (*words.ron_legend, *[_step(words, name, shares) for name in words.ron])


def tsumo_steps(shares: Shares) -> tuple[str, ...]:
    """A tsumo's shares: the absent north's share, what each payer pays, and those they refer to."""
    words = _words(shares.scheme, shares.dealer_wins)
    return (*words.tsumo_legend, *[_step(words, name, shares) for name in words.tsumo])


class _Words(NamedTuple):
    """What the explanation of a scheme's side says whatever b is (rules.md §4)."""

    formulas: dict[str, tuple[str, str]]  # each share's label and formula: `the non-dealer pays`, `C(b) + C(north/2)`
    ron: tuple[str, ...]  # the shares a ron's lines show (the ron value and those it refers to)
    tsumo: tuple[str, ...]  # a tsumo's: the absent north's share, the payers, those they refer to
    ron_legend: tuple[str, ...]  # the roundings those lines use, as one line (none if they use none)
    tsumo_legend: tuple[str, ...]
    north_lost: bool  # the absent north's share is defined and no payer's refers to it


@lru_cache(maxsize=64)  # per scheme and side: worked out once, not for every b
def _words(scheme: Scheme, dealer_wins: bool) -> _Words:
    side = scheme.side(dealer_wins)
    names = [name for name, _ in side.shares]
    payers: list[str] = [name for name in ("non_dealer", "dealer") if name in names]
    north: list[str] = ["north"] if "north" in names else []
    ron = _needed(side, ["ron"])
    tsumo = _needed(side, north + payers)
    return _Words({name: (_label(name, dealer_wins), term_formula(term)) for name, term in side.shares},
                  tuple(ron), tuple(tsumo), _legend(ron, side, scheme), _legend(tsumo, side, scheme),
                  bool(north) and not any("north" in term.refs() for _, term in side.shares))


# What each share is called in an explanation, and in a formula when another share refers to it.
_LABELS = {"ron": "ron value R =", "north": "the absent north's share ="}
_SYMBOLS = {"ron": "R", "b": "b", "north": "north", "non_dealer": "non-dealer", "dealer": "dealer"}


def _label(name: str, dealer_wins: bool) -> str:
    if name in _LABELS:
        return _LABELS[name]
    if name == "dealer":
        return "the dealer pays"
    return "each non-dealer pays" if dealer_wins else "the non-dealer pays"


def _needed(side: Side, names: list[str]) -> list[str]:
    """`names` and every share they refer to, in the side's order."""
    want = set(names)
    for name, term in reversed(side.shares):
        if name in want:
            want |= term.refs()
    return [name for name, _ in side.shares if name in want]


def _legend(names: list[str], side: Side, scheme: Scheme) -> tuple[str, ...]:
    used = set().union(*(term.roundings() for name, term in side.shares if name in names)) if names else set()
    return (f"rounding: {'; '.join(r.describe() for r in scheme.roundings if r.name in used)}",) if used else ()


def term_formula(term: Term) -> str:
    """A scheme amount as a formula: `C(b) + C(north/2)`, `R − non-dealer`, `C(4b/3)`."""
    return _render(term, _multiple)


def _multiple(term: Term) -> str:
    n, d = abs(term.times.numerator), term.times.denominator
    if term.base == "points":
        return str(n) + (f"/{d}" if d != 1 else "")
    symbol = _SYMBOLS[term.base]
    core = symbol if n == 1 else (f"{n}{symbol}" if len(symbol) == 1 else f"{n} × {symbol}")
    return core + (f"/{d}" if d != 1 else "")


def _render(term: Term, leaf: Callable[[Term], str]) -> str:
    """The formula shape of `term`, each leaf written by `leaf` (its formula or its numbers); a
    term counted only for some hands says so (`1000 from mangan`) where its formula is written."""
    text = _shape(term, leaf)
    condition = term.condition.words() if term.condition is not None else ""
    if condition and leaf is _multiple:
        return f"({text} {condition})" if term.base == "sum" and not term.rounding else f"{text} {condition}"
    return text


def _shape(term: Term, leaf: Callable[[Term], str]) -> str:
    if term.base == "sum":
        text = ""
        for k, part in enumerate(term.parts):
            negative = part.base != "sum" and not part.rounding and part.times < 0
            body = _render(part, leaf)
            text += ("−" if negative else "") + body if k == 0 else (" − " if negative else " + ") + body
    else:
        text = leaf(term)
        if term.rounding:
            sign = "−" if term.times < 0 else ""
            return f"{term.rounding}({sign}{text})"
    return f"{term.rounding}({text})" if term.rounding else text


def _size(x: Amount) -> Amount:
    return -x if x < 0 else x  # abs(), which mypy types as object for int | Fraction


def _step(words: _Words, name: str, shares: Shares) -> str:
    """`the non-dealer pays C(b) + C(north/2) = C(240) + C(150) = 300 + 200 = 500`: the share's
    label and formula, then the amounts worked out for the term and its parts."""
    label, formula = words.formulas[name]
    term = dict(shares.scheme.side(shares.dealer_wins).shares)[name]
    amounts = shares.amounts
    raw, value = amounts[id(term)]
    shown = [formula, _render(term, lambda leaf: amount_text(_size(amounts[id(leaf)][0])))]
    if term.base == "sum" and term.rounding:  # added up, then rounded
        shown.append(f"{term.rounding}({amount_text(raw)})")
    elif term.base == "sum":  # each part rounded, then added up
        parts = [amounts[id(part)][1] for part in term.parts]
        shown.append("".join((("−" if v < 0 else "") if k == 0 else (" − " if v < 0 else " + ")) + amount_text(_size(v))
                             for k, v in enumerate(parts)))
    shown.append(amount_text(value))
    kept = [text for k, text in enumerate(shown) if k == 0 or text != shown[k - 1]]
    step = f"{label} {' = '.join(kept)}"
    return step + ", paid by nobody (lost)" if name == "north" and words.north_lost else step


# ---------------------------------------------------------------- a hand of a match


def row_lines(row, players: Sequence[str], rules: RuleSet) -> list[str]:
    """How a ledger row was paid, in words: each riichi stick put down, each win (yaku, han, fu), the
    payments step by step."""
    out = [f"{players[r.seat]} declares riichi: {rules.payment.riichi_stick} to the table" for r in row.kyoku.riichi]
    out += [win_line(w, row, players) for w in row.kyoku.wins]
    out += lines(row.settlement, players)
    return out
