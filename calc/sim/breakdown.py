"""The hands behind the scheme check: what the dealer wins and pays, who busts and on what.

`sanma compare --logs PATH... --simulated N` (calc.sim.scheme_check) says whether the simulated
matches' scheme figures agree with the real games'; where they do not, the reason is in the hands.
`HandsBreakdown` counts, on the baseline's ledger rows (the real games' and the simulated matches'
alike, hands as played), the parts a dealer's income and a match's length are made of: the
dealer's wins by tsumo and by ron and their value, without riichi too (open or dama hands), its
deal-ins, what it pays on the others' tsumo wins, its tenpai at a draw, the aborts and its
repeats (on the Tenhou profile a repeat is exactly one of those: a dealer's win, its tenpai at a
draw, an abort), who declares riichi; and the busts: how many come on a ron, at which hand, and
how the deal-ins of the players who are low before a hand (under `LOW_SCORE` points) bust them, and how
many go into a riichi, the dealer's among them. Values are what the hand itself is worth
(Settlement.winner_share: no honba, no sticks).

Counts only, added up match by match in any grouping (like calc.sim.stats.Tally); `figures()`
turns them into the shares and means the table shows. The figures are descriptive: they carry no
interval and are not checked (docs/calibration.md reads them).

`DealerIncome` takes one figure of the check apart under each scheme: the dealer's income per
dealership, on that scheme's own ledger (its matches end where its scores end them), by how each
hand ended; the check shows it for the schemes whose dealer-income rows disagree
(docs/calibration.md, "Double-take's dealer income, taken apart").
"""

from __future__ import annotations

from calc.table import match
from calc.table.events import Abort

LOW_SCORE = 20000  # "low before the hand": the line under which the calibrated bot counts itself far behind
# (botprofile `behind_below`, 20,000 when these figures were read; fixed here so that they keep their meaning)
COUNTS = ("matches", "hands", "dealer_tsumo", "dealer_tsumo_points", "dealer_ron", "dealer_ron_points",
          "dealer_no_riichi_tsumo", "dealer_no_riichi_tsumo_points", "dealer_no_riichi_ron",
          "dealer_no_riichi_ron_points", "dealer_deal_ins", "dealer_deal_in_points", "others_tsumo",
          "others_tsumo_dealer_pays", "dealer_tenpai_draws", "aborts", "repeats", "dealer_riichi",
          "non_dealer_hands", "others_riichi", "busts", "busts_on_ron", "bust_hands", "low_player_hands",
          "low_deal_ins", "low_deal_in_points", "low_deal_in_busts", "low_into_riichi", "low_into_dealer_riichi")


class HandsBreakdown:
    """The counts of `COUNTS`, each a keyword of `__init__`; two are equal when every count is."""

    def __init__(self, **counts: int) -> None:
        unknown = set(counts) - set(COUNTS)
        if unknown:
            raise TypeError(f"unknown counts: {', '.join(sorted(unknown))}")
        for name in COUNTS:
            setattr(self, name, counts.get(name, 0))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandsBreakdown) and self.counts() == other.counts()

    def counts(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in COUNTS}

    def __add__(self, other: HandsBreakdown) -> HandsBreakdown:
        return HandsBreakdown(**{name: getattr(self, name) + getattr(other, name) for name in COUNTS})

    @classmethod
    def of_match(cls, rows: list[match.LedgerRow]) -> HandsBreakdown:
        """The counts of one match's ledger rows."""
        b = cls(matches=1)
        for number, row in enumerate(rows, 1):
            b._add_hand(row)
            if row.state.end_reason == match.BUST:
                b.busts += 1
                b.bust_hands += number
                b.busts_on_ron += any(w.discarder is not None for w in row.kyoku.wins)
        return b

    def _add_hand(self, row: match.LedgerRow) -> None:
        dealer = row.dealer
        settlement = row.settlement
        riichi = {r.seat for r in row.kyoku.riichi}
        before = [after - delta for after, delta in zip(row.scores, row.deltas)]
        self.hands += 1
        self.repeats += row.repeat
        self.dealer_riichi += dealer in riichi
        self.non_dealer_hands += len(row.scores) - 1
        self.others_riichi += len(riichi - {dealer})
        result = row.kyoku.result
        tenpai = getattr(result, "tenpai", None)  # an exhaustive draw, or nagashi mangan at one
        if tenpai is not None and dealer in tenpai:
            self.dealer_tenpai_draws += 1
        self.aborts += isinstance(result, Abort)
        self.low_player_hands += sum(points < LOW_SCORE for points in before)
        values = {win.winner: settlement.winner_share(win.winner)[1] for win in row.kyoku.wins}
        for win in row.kyoku.wins:
            value = values[win.winner]
            if win.winner == dealer:
                no_riichi = win.winner not in riichi
                if win.tsumo:
                    self.dealer_tsumo += 1
                    self.dealer_tsumo_points += value
                    self.dealer_no_riichi_tsumo += no_riichi
                    self.dealer_no_riichi_tsumo_points += value if no_riichi else 0
                else:
                    self.dealer_ron += 1
                    self.dealer_ron_points += value
                    self.dealer_no_riichi_ron += no_riichi
                    self.dealer_no_riichi_ron_points += value if no_riichi else 0
            elif win.tsumo:
                self.others_tsumo += 1
                self.others_tsumo_dealer_pays += sum(p.amount - p.honba for p in settlement.payments
                                                     if p.payer == dealer and p.payee == win.winner)
        discarders = {w.discarder for w in row.kyoku.wins if w.discarder is not None}
        for seat in discarders:  # a double ron is one deal-in, of both hands' value
            winners = [w.winner for w in row.kyoku.wins if w.discarder == seat]
            cost = sum(values[winner] for winner in winners)
            if seat == dealer:
                self.dealer_deal_ins += 1
                self.dealer_deal_in_points += cost
            if before[seat] < LOW_SCORE:
                self.low_deal_ins += 1
                self.low_deal_in_points += cost
                self.low_deal_in_busts += row.state.end_reason == match.BUST and row.scores[seat] < 0
                self.low_into_riichi += any(winner in riichi for winner in winners)
                # the deal-ins the calibrated bot's `behind_facing_dealer_han` folds against
                self.low_into_dealer_riichi += dealer in riichi and dealer in winners

    def figures(self) -> dict[str, float | None]:
        """Name -> value (None where there is nothing to divide by), in the table's order."""
        out: dict[str, float | None] = {}
        for name, _, _, numerator, denominator in FIGURES:
            d = getattr(self, denominator)
            out[name] = getattr(self, numerator) / d if d else None
        return out


# Each figure: its name, its label in the table, how it is shown, and the two counts it is the ratio of.
FIGURES = (
    ("dealer_tsumo_per_hand", "the dealer's tsumo wins, per hand", "rate", "dealer_tsumo", "hands"),
    ("dealer_tsumo_value", "... each worth", "points", "dealer_tsumo_points", "dealer_tsumo"),
    ("dealer_ron_per_hand", "the dealer's ron wins, per hand", "rate", "dealer_ron", "hands"),
    ("dealer_ron_value", "... each worth", "points", "dealer_ron_points", "dealer_ron"),
    ("dealer_no_riichi_tsumo_per_hand", "... of them without riichi: tsumo", "rate", "dealer_no_riichi_tsumo",
     "hands"),
    ("dealer_no_riichi_tsumo_value", "... each worth", "points", "dealer_no_riichi_tsumo_points",
     "dealer_no_riichi_tsumo"),
    ("dealer_no_riichi_ron_per_hand", "... of them without riichi: ron", "rate", "dealer_no_riichi_ron", "hands"),
    ("dealer_no_riichi_ron_value", "... each worth", "points", "dealer_no_riichi_ron_points", "dealer_no_riichi_ron"),
    ("dealer_deal_ins_per_hand", "the dealer's deal-ins, per hand", "rate", "dealer_deal_ins", "hands"),
    ("dealer_deal_in_value", "... each costing", "points", "dealer_deal_in_points", "dealer_deal_ins"),
    ("others_tsumo_per_hand", "the others' tsumo wins, per hand", "rate", "others_tsumo", "hands"),
    ("dealer_pays_per_others_tsumo", "... the dealer paying", "points", "others_tsumo_dealer_pays", "others_tsumo"),
    ("dealer_tenpai_draws_per_hand", "the dealer tenpai at a draw, per hand", "rate", "dealer_tenpai_draws", "hands"),
    ("aborts_per_hand", "aborts, per hand", "rate", "aborts", "hands"),
    ("repeats_per_hand", "the dealer repeats, per hand", "rate", "repeats", "hands"),
    ("dealer_riichi_per_hand", "the dealer declares riichi, per hand", "rate", "dealer_riichi", "hands"),
    ("non_dealer_riichi_per_hand", "each non-dealer declares riichi", "rate", "others_riichi", "non_dealer_hands"),
    ("bust_rate", "busts, per match", "share", "busts", "matches"),
    ("busts_on_ron", "... on a ron", "share", "busts_on_ron", "busts"),
    ("bust_hand", "... at hand (mean)", "hand", "bust_hands", "busts"),
    ("low_deal_in_rate", f"a player under {LOW_SCORE:,} deals in", "share", "low_deal_ins", "low_player_hands"),
    ("low_deal_in_value", "... the deal-in costing", "points", "low_deal_in_points", "low_deal_ins"),
    ("low_deal_ins_that_bust", "... and busting", "share", "low_deal_in_busts", "low_deal_ins"),
    ("low_deal_ins_into_riichi", "... into a riichi", "share", "low_into_riichi", "low_deal_ins"),
    ("low_deal_ins_into_dealer_riichi", "... into the dealer's riichi", "share", "low_into_dealer_riichi",
     "low_deal_ins"),
)
NUMBER_FORMATS = {"rate": "{:.3f}", "points": "{:,.0f}", "share": "{:.1%}", "hand": "{:.2f}"}  # by a figure's kind


def _fmt(value: float | None, kind: str) -> str:
    return "-" if value is None else NUMBER_FORMATS[kind].format(value)


def text(real: HandsBreakdown, simulated: HandsBreakdown, baseline: str, *, width: int | None = None) -> str:
    """The figures side by side, within `width` terminal cells (None: as wide as they come)."""
    r, s = real.figures(), simulated.figures()
    table = [(label, _fmt(r[name], kind), _fmt(s[name], kind)) for name, label, kind, _, _ in FIGURES]
    title = (f"the hands behind them ({baseline} ledgers, hands as played; values without honba or "
             f"sticks; not checked, no intervals):")
    return _side_by_side(title, "figure", table, width)


def _side_by_side(title: str, first: str, table: list[tuple[str, str, str]], width: int | None) -> str:
    """A title over a table of (`first`, real, simulated) rows, within `width` terminal cells."""
    from calc.core import layout

    return "\n".join([*layout.lines(title, width),
                      layout.fit(table, [first, "real", "simulated"], width=width, wrap=(0,), keep=1,
                                 tablefmt="simple", disable_numparse=True)])


def as_dict(real: HandsBreakdown, simulated: HandsBreakdown) -> dict:
    """Each figure's real and simulated value, then the counts behind them (to pool several runs)."""
    r, s = real.figures(), simulated.figures()
    return {"figures": {name: {"real": r[name], "simulated": s[name]} for name, *_ in FIGURES},
            "counts": {"real": real.counts(), "simulated": simulated.counts()}}


# --- a scheme's dealer income, taken apart ------------------------------------------------------------
# Each hand's change to the dealer's score (riichi sticks, honba and noten payments included: the
# scheme check's "dealer income per dealership" adds exactly these) goes to one part, by how the hand
# ended; the hand that busts a player (the match's last) is a part of its own, since a scheme whose
# tsumo pays more ends its matches there. The parts add up to the income. A double ron the dealer
# wins one of is its ron; a ron between the others is theirs even where the dealer pays as liable
# (pao); a nagashi mangan is a draw.
PARTS = (("bust_hand", "the hand that busts a player"), ("own_tsumo", "the dealer's tsumo wins"),
         ("own_ron", "the dealer's rons"), ("deal_in", "the dealer's deal-ins"),
         ("others_tsumo", "the others' tsumo wins"), ("others_ron", "the others' rons between them"),
         ("draw", "draws (nagashi too) and aborts"))


def _part(row: match.LedgerRow) -> str:
    if row.state.end_reason == match.BUST:
        return "bust_hand"
    dealer, wins = row.dealer, row.kyoku.wins
    if not wins:
        return "draw"
    if any(w.winner == dealer for w in wins):
        return "own_tsumo" if wins[0].tsumo else "own_ron"
    if any(w.discarder == dealer for w in wins):
        return "deal_in"
    return "others_tsumo" if wins[0].tsumo else "others_ron"


class DealerIncome:
    """One scheme's dealer income over some matches, by part (`PARTS`): the dealer's score change
    summed over the hands of each part, how many hands, and the dealerships they are counted over."""

    def __init__(self, dealerships: int = 0, points: dict[str, int] | None = None,
                 hands: dict[str, int] | None = None) -> None:
        self.dealerships = dealerships
        self.points = {name: (points or {}).get(name, 0) for name, _ in PARTS}
        self.hands = {name: (hands or {}).get(name, 0) for name, _ in PARTS}

    def __add__(self, other: DealerIncome) -> DealerIncome:
        return DealerIncome(self.dealerships + other.dealerships,
                            {n: self.points[n] + other.points[n] for n, _ in PARTS},
                            {n: self.hands[n] + other.hands[n] for n, _ in PARTS})

    @classmethod
    def of_match(cls, rows: list[match.LedgerRow]) -> DealerIncome:
        """The parts of one match's ledger rows under the scheme that settled them."""
        out = cls(match.dealerships(rows))
        for row in rows:
            part = _part(row)
            out.points[part] += row.deltas[row.dealer]
            out.hands[part] += 1
        return out

    def total(self) -> int:
        return sum(self.points.values())

    def per_dealership(self) -> dict[str, dict[str, float | None]]:
        """Each part's points and hands per dealership (None with no dealership)."""
        d = self.dealerships
        return {name: {"points": self.points[name] / d if d else None, "hands": self.hands[name] / d if d else None}
                for name, _ in PARTS}


def dealer_income_text(scheme: str, real: DealerIncome, simulated: DealerIncome, *, width: int | None = None) -> str:
    """The parts side by side, per dealership: points (and hands) under `scheme`."""
    r, s = real.per_dealership(), simulated.per_dealership()

    def cell(f: dict[str, float | None]) -> str:
        return "-" if f["points"] is None else f"{f['points']:+,.0f} ({f['hands']:.3f})"

    table = [(label, cell(r[name]), cell(s[name])) for name, label in PARTS]
    d_r, d_s = real.dealerships, simulated.dealerships
    table.append(("in all", f"{real.total() / d_r:+,.0f}" if d_r else "-",
                  f"{simulated.total() / d_s:+,.0f}" if d_s else "-"))
    title = (f"{scheme}: the dealer's income per dealership taken apart by how the hand ended, points "
             f"(hands) per dealership on {scheme}'s own ledgers, riichi sticks and honba included:")
    return _side_by_side(title, "part", table, width)


def dealer_income_dict(real: DealerIncome, simulated: DealerIncome) -> dict:
    """Each part per dealership, real and simulated, then the counts behind them (to pool runs)."""
    r, s = real.per_dealership(), simulated.per_dealership()
    return {"parts": {name: {"real": r[name], "simulated": s[name]} for name, _ in PARTS},
            "counts": {side: {"dealerships": x.dealerships, "points": x.points, "hands": x.hands}
                       for side, x in (("real", real), ("simulated", simulated))}}
