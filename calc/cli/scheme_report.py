"""A profile's tsumo scheme for people: its definition (`sanma rules show`) and what it pays for a
few sample hands (`sanma rules check`), both read from the scheme's data."""

from __future__ import annotations

from calc.cli.report import table_cell
from calc.core import layout
from calc.core.rules import RuleSet
from calc.core.schemes import SECTIONS, Scheme
from calc.scoring.value import hand_value, limit_value
from calc.table.explain import term_formula



def profile_or_scheme(name: str) -> tuple[RuleSet, bool]:
    """`sanma rules show/check` take a profile, or a scheme file (then under the standard profile):
    (the profile, whether a scheme file was given)."""
    from calc.core import rules as profiles
    from calc.core.schemes import looks_like_scheme_file

    if looks_like_scheme_file(name):
        return profiles.load("standard").with_scheme(name), True
    return profiles.load(name), False


def scheme_definition_text(scheme: Scheme) -> str:
    """Each entry of the scheme as a formula, with the file and line that set it."""
    origin = dict(scheme.origin)
    out = [*layout.lines(f"Scheme {scheme.label}" + (f": {scheme.summary}" if scheme.summary else ""),
                         layout.NARROWEST, "  "), ""]
    rows = [(f"rounding.{r.name}", r.describe(), origin.get(f"rounding.{r.name}", "")) for r in scheme.roundings]
    for section in SECTIONS:
        side = scheme.side(section == "dealer_wins")
        referenced = set().union(*(term.refs() for _, term in side.shares))
        for share, term in side.shares:
            note = "  (paid by nobody: lost)" if share == "north" and "north" not in referenced else ""
            rows.append((f"{section}.{share}", term_formula(term) + note, origin.get(f"{section}.{share}", "")))
    out.append(layout.fit(rows, ["key", "amount (b = basic points,\nR = the ron value)", "set in"],
                          width=layout.NARROWEST, wrap=(1,), tablefmt="simple"))
    return "\n".join(out)


def sample_hands(rules: RuleSet, han_fu: bool = False) -> list[tuple[str, object]]:
    """The hands a scheme is shown by: mangan, 1 han 30 fu, 4 han 30 fu and yakuman (their values);
    with `han_fu` (a scheme that reads the han or fu) also 3 han 60 fu, of the same b as 4 han 30 fu."""
    same_b = [("3 han 60 fu", hand_value(3, 60, rules.hand))] if han_fu else []
    return [("mangan", limit_value("mangan", rules.hand)), ("1 han 30 fu", hand_value(1, 30, rules.hand)), *same_b,
            ("4 han 30 fu", hand_value(4, 30, rules.hand)), ("yakuman", limit_value("yakuman", rules.hand))]


def _tsumo(rules: RuleSet, value, dealer: bool) -> tuple[str, int]:
    """A tsumo's payments as the table writes them (`1000/2000`, `2000 all`) and what the winner collects."""
    tsumo = table_cell(rules, value, dealer=dealer, tsumo=True)
    parts = [int(x) for x in tsumo.replace(" all", "").split("/")]
    return tsumo, 2 * parts[0] if dealer else sum(parts)


def schemes_payments(rules: RuleSet, schemes) -> tuple[list[str], list[list[str]]]:
    """What each scheme (a name, a file or a Scheme) pays for the sample hands, won by a non-dealer
    and by the dealer, by ron and by tsumo: the headers and a row per scheme and win, a tsumo's cell
    `what each pays = what the winner collects`."""
    profiles = [rules.with_scheme(scheme) for scheme in schemes]
    samples = sample_hands(rules, any(under.payment.scheme_def.reads_han_fu for under in profiles))
    rows = []
    for under in profiles:
        for dealer in (False, True):
            for tsumo in (False, True):
                cells = []
                for _, value in samples:
                    if tsumo:
                        text, total = _tsumo(under, value, dealer)
                        cells.append(f"{text} = {total}")
                    else:
                        cells.append(table_cell(under, value, dealer=dealer, tsumo=False))
                win = f"{'dealer' if dealer else 'non-dealer'} {'tsumo' if tsumo else 'ron'}"
                rows.append([under.payment.scheme_def.name, win, *cells])
    return ["scheme", "win", *(name for name, _ in samples)], rows


def schemes_payments_text(rules: RuleSet, schemes, width: int | None) -> str:
    """`sanma table --schemes ...`: the schemes side by side on the sample hands."""
    headers, rows = schemes_payments(rules, schemes)
    title = (f"What each scheme pays (profile {rules.name}; a tsumo: non-dealer/dealer, or what each pays; = what "
             "the winner collects):")
    return "\n".join([*layout.lines(title, width, "  "),
                      layout.fit(rows, headers, width=width, keep=2, tablefmt="simple", disable_numparse=True)])


def scheme_samples_text(rules: RuleSet) -> str:
    """What the profile's scheme pays for mangan, 1 han 30 fu, 4 han 30 fu and yakuman (sample_hands)."""
    rows = []
    for name, value in sample_hands(rules, rules.payment.scheme_def.reads_han_fu):
        cells = []
        for dealer in (False, True):
            ron = table_cell(rules, value, dealer=dealer, tsumo=False)
            tsumo, total = _tsumo(rules, value, dealer)
            cells += [ron, f"{tsumo} = {total}"]
        rows.append([name, value.basic, *cells])
    headers = ["hand", "b", "non-\ndealer\nron", "non-\ndealer\ntsumo", "\ndealer\nron", "\ndealer\ntsumo"]
    title = (f"Sample payments under scheme {rules.payment.scheme_def.label} (tsumo: non-dealer/dealer, or what "
             "each pays; = what the winner collects):")
    return "\n".join([*layout.lines(title, layout.NARROWEST, "  "),
                      layout.fit(rows, headers, width=layout.NARROWEST, keep=1, tablefmt="simple",
                                 colalign=("left", "right", "right", "right", "right", "right"))])
