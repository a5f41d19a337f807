"""What `sanma compare` found, in words: per scheme, a few plain clauses against tsumo-loss, each with
its paired 95% interval (calc.sim.compare). Where an interval holds zero the clause says that the
matches cannot tell which way the figure moves; it never reads a direction into noise.

The same clauses go to the text output, the HTML page and `--json` (`findings`), so the three say
the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass

from calc.sim.compare import BASELINE, Comparison, bounds


@dataclass(frozen=True)
class Finding:
    """One sentence of what a comparison shows, and whether it tells the schemes apart."""

    figure: str  # the key in versus_baseline the clause is about
    text: str
    tells: bool  # False: the interval holds zero, the matches cannot tell
    subject: str = ""  # where they cannot tell: what moves, with its numbers (the summary lists them)
    plural: bool = False  # the subject is plural ("the final points of seats 1 and 2 ... move")

    def to_dict(self) -> dict:
        return {"figure": self.figure, "text": self.text, "tells": self.tells}


def _untold(figure: str, unit: str, subject: str, plural: bool = False) -> Finding:
    return Finding(figure, f"the {unit} cannot tell which way {subject} {'move' if plural else 'moves'}", False,
                   subject, plural)


# Which way is better, by what a figure means: higher final points are better for the seat they
# belong to; a bust is worse (a match cut short, a player below zero). The other figures are neither
# better nor worse in themselves: the dealer's income and the tsumo/ron balance move points between
# players, and longer matches or a wider spread are a matter of taste.
BETTER = {"mean_points": +1, "bust_rate": -1}


def verdict(figure: str, d: dict) -> str:
    """A difference from tsumo-loss judged by the figure's meaning: "better", "worse", "untold" (the
    interval holds zero), or "neutral" (a real change, neither better nor worse)."""
    if d["mean"] is None or not _tells(d):
        return "untold"
    direction = BETTER.get(figure, 0) * (1 if d["mean"] > 0 else -1)
    return "better" if direction > 0 else "worse" if direction < 0 else "neutral"


def _tells(d: dict) -> bool:
    return d["low"] is not None and (d["low"] > 0 or d["high"] < 0)


def _unchanged(d: dict) -> bool:
    """The same on every match: no interval to speak of, the scheme changes nothing here."""
    return d["mean"] == 0 and d["low"] == 0 and d["high"] == 0


def _magnitudes(d: dict, scale: float = 1.0) -> tuple[float, float, float]:
    """|mean| and the interval as magnitudes in the mean's direction, low first."""
    mean, low, high = (scale * d[k] for k in ("mean", "low", "high"))
    return (mean, low, high) if mean >= 0 else (-mean, -high, -low)


def _share(x: float) -> str:
    """A share as a person says it: 28%, 4.5%."""
    value = 100 * x
    return f"{value:.0f}%" if abs(value) >= 10 else f"{value:.1f}%"


def _signed_interval(d: dict, scale: float, digits: int, unit: str = "") -> str:
    unit = f" {unit}" if unit else ""
    low, high = bounds(scale * d["low"], scale * d["high"], digits, signed=True)
    return f"{scale * d['mean']:+.{digits}f}{unit} [{low}, {high}]"


def _clause(key: str, unit: str, d: dict, *, same: str, untold: str, told: str, judged: dict | None = None) -> Finding:
    """The clause for a difference `d`: `same` when every match came out the same, `untold` (what
    moves, with its numbers) when the interval of `judged` (default `d`) holds zero, else `told`."""
    if _unchanged(d):
        return Finding(key, same, True)
    if not _tells(judged or d):
        return _untold(key, unit, untold)
    return Finding(key, told, True)


def _compared(c: Comparison, scheme: str, key: str) -> tuple[float, float, dict] | None:
    """(the scheme's figure, tsumo-loss's, their paired difference), or None where it is undefined."""
    mine, base = c.scheme_figures(scheme)[key], c.scheme_figures(BASELINE)[key]
    d = c.differences(scheme)[key]
    return None if mine is None or base is None or d["low"] is None else (mine, base, d)


def _dealer(c: Comparison, scheme: str, unit: str) -> Finding | None:
    key = "dealer_income_per_dealership"
    d = c.differences(scheme)[key]
    if d["mean"] is None or d["low"] is None:
        return None
    relative = c.dealer_income_change(scheme)
    if relative["low"] is None:  # tsumo-loss's dealer earns nothing or loses: a change in points, not a share
        size, low, high = _magnitudes(d)
        return _clause(key, unit, d, same="the dealer earns what tsumo-loss pays per dealership",
                       untold=f"the dealer's income per dealership ({_signed_interval(d, 1, 0)} points)",
                       told=f"the dealer earns {size:.0f} points {'more' if d['mean'] > 0 else 'less'} per "
                            f"dealership [{', '.join(bounds(low, high, 0))}]")
    size, low, high = _magnitudes(relative, 100)
    return _clause(key, unit, d, judged=relative, same="the dealer earns what tsumo-loss pays per dealership",
                   untold=f"the dealer's income per dealership ({100 * relative['mean']:+.0f}% "
                          f"[{', '.join(bounds(100 * relative['low'], 100 * relative['high'], 0, signed=True))}])",
                   told=f"the dealer earns {size:.0f}% {'more' if relative['mean'] > 0 else 'less'} per "
                        f"dealership [{', '.join(bounds(low, high, 0))}]")


def _tsumo(c: Comparison, scheme: str, unit: str) -> Finding | None:
    if (compared := _compared(c, scheme, key := "tsumo_share_of_ron")) is None:
        return None
    mine, base, d = compared
    return _clause(key, unit, d, same=f"tsumo wins bring {mine:.2f}x a ron's income, as under tsumo-loss",
                   untold=f"a tsumo's income against a ron's ({mine:.2f}x against {base:.2f}x, "
                          f"{_signed_interval(d, 1, 2)})",
                   told=f"tsumo wins bring {mine:.2f}x a ron's income instead of {base:.2f}x "
                        f"[{', '.join(bounds(d['low'], d['high'], 2, signed=True))}]")


def _rate(c: Comparison, scheme: str, unit: str, key: str, event: str, name: str) -> Finding | None:
    """A share of matches (busts, the extension round): `event` completes '<share> of matches ...';
    `name` names the share."""
    if (compared := _compared(c, scheme, key)) is None:
        return None
    mine, base, d = compared
    return _clause(key, unit, d, same=f"{_share(mine)} of {unit} {event}, as under tsumo-loss",
                   untold=f"{name} ({_share(mine)} against {_share(base)}, "
                          f"{_signed_interval(d, 100, 1, 'percentage points')})",
                   told=f"{_share(mine)} of {unit} {event} instead of {_share(base)} "
                        f"[{', '.join(bounds(100 * d['low'], 100 * d['high'], 1, signed=True))} percentage points]")


def _hands(c: Comparison, scheme: str, unit: str) -> Finding | None:
    d = c.differences(scheme)[key := "hands_per_match"]
    if d["low"] is None:
        return None
    size, low, high = _magnitudes(d)
    return _clause(key, unit, d, same=f"{unit} last as many hands as under tsumo-loss",
                   untold=f"the length of the {unit} ({_signed_interval(d, 1, 2, 'hands')})",
                   told=f"{unit} are {size:.2f} hands {'longer' if d['mean'] > 0 else 'shorter'} "
                        f"[{', '.join(bounds(low, high, 2))}]")


def _spread(c: Comparison, scheme: str, unit: str) -> Finding | None:
    if (compared := _compared(c, scheme, key := "points_sd")) is None:
        return None
    mine, base, d = compared
    return _clause(key, unit, d, same="final points spread as under tsumo-loss",
                   untold=f"the spread of final points ({_signed_interval(d, 1, 1)})",
                   told=f"final points spread {'wider' if d['mean'] > 0 else 'narrower'}: a standard deviation of "
                        f"{mine:.1f} instead of {base:.1f} [{', '.join(bounds(d['low'], d['high'], 1, signed=True))}]")


def _seat_name(seat: int) -> str:
    return "the first dealer (seat 0)" if seat == 0 else f"seat {seat}"


def _seats(c: Comparison, scheme: str, unit: str) -> list[Finding]:
    """A clause for each seat whose final points move, one for the seats where the matches cannot tell."""
    key = "mean_points"
    out, untold = [], []
    for seat, d in enumerate(c.differences(scheme)[key]):
        if d["low"] is None or _unchanged(d):
            continue
        if _tells(d):
            size, low, high = _magnitudes(d)
            out.append(Finding(key, f"{_seat_name(seat)} ends {size:.1f} final points "
                                    f"{'higher' if d['mean'] > 0 else 'lower'} [{', '.join(bounds(low, high, 1))}]",
                               True))
        else:
            untold.append((seat, _signed_interval(d, 1, 1)))
    if untold:
        seats = _and([str(seat) for seat, _ in untold])
        out.append(_untold(key, unit, f"the final points of seat{'s' if len(untold) > 1 else ''} {seats} "
                                      f"({', '.join(numbers for _, numbers in untold)})", len(untold) > 1))
    return out


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def findings(c: Comparison, scheme: str, *, unit: str = "matches", extension: str = "West") -> list[Finding]:
    """What `scheme` changes against tsumo-loss on these matches (`unit`: "matches" or "games"), the
    clauses that tell first, then those where the matches cannot tell. `extension`: the extension
    round's name (West in a half game, South in an east game)."""
    if scheme == BASELINE or not c.matches:
        return []
    items = [
        _dealer(c, scheme, unit),
        _tsumo(c, scheme, unit),
        _rate(c, scheme, unit, "bust_rate", "end in a bust", "the bust rate"),
        _hands(c, scheme, unit),
        _rate(c, scheme, unit, "extension_round_rate", f"go into the {extension} round",
              f"the share of {unit} that go into the {extension} round"),
        _spread(c, scheme, unit),
        *_seats(c, scheme, unit),
    ]
    found = [f for f in items if f is not None]
    return [f for f in found if f.tells] + [f for f in found if not f.tells]


def summary(scheme: str, found: list[Finding], unit: str = "matches") -> str:
    """The clauses as one paragraph: 'north-split: the dealer earns ...; .... The matches cannot tell
    which way these move: X; Y.'"""
    told = [f.text for f in found if f.tells]
    untold = [f.subject for f in found if not f.tells]
    out = [f"{scheme}: " + ("; ".join(told) + "." if told else f"no change the {unit} can tell.")]
    if len(untold) == 1:
        verb = "move" if next(f for f in found if not f.tells).plural else "moves"
        out.append(f"The {unit} cannot tell which way {untold[0]} {verb}.")
    elif untold:
        out.append(f"The {unit} cannot tell which way these move: {'; '.join(untold)}.")
    return " ".join(out)
