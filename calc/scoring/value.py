"""A hand's value: basic points and the limit name (rules.md §3).

`b = fu × 2^(han+2)` below the limits; limits replace b. This is the one place the limit table lives.
"""

from __future__ import annotations

from typing import Final

from calc.core.rules import HandRules

MANGAN: Final = "mangan"
HANEMAN: Final = "haneman"
BAIMAN: Final = "baiman"
SANBAIMAN: Final = "sanbaiman"
YAKUMAN: Final = "yakuman"
LIMIT_BASIC: Final = {MANGAN: 2000, HANEMAN: 3000, BAIMAN: 4000, SANBAIMAN: 6000, YAKUMAN: 8000}
LIMITS: Final = tuple(LIMIT_BASIC)
KAZOE_HAN: Final = 13


def round_up_100(points: float) -> int:
    """C(x): round up to a multiple of 100, applied to each single payment (docs/rules.md, Notation)."""
    whole = int(points)
    if whole != points:  # a fractional share rounds up too
        whole += 1
    return -(-whole // 100) * 100


class HandValue:
    """What a hand is worth. Every interpretation of every hand scored makes one: a written class
    (docs/development.md, "Records"), which compiled code builds in about 0.1 µs where a
    NamedTuple's generated `__new__` runs as Python. Nothing writes to one; two are equal, and hash
    alike, when their fields are."""

    han: int
    fu: int
    yakuman: int  # the yakuman multiple paid (0 = not a yakuman; kazoe counts 1)
    basic: int  # b, after limits
    limit: str | None

    def __init__(self, han: int, fu: int, yakuman: int, basic: int, limit: str | None) -> None:
        self.han = han
        self.fu = fu
        self.yakuman = yakuman
        self.basic = basic
        self.limit = limit

    def _key(self) -> tuple[int, int, int, int, str | None]:
        return (self.han, self.fu, self.yakuman, self.basic, self.limit)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandValue) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"HandValue(han={self.han!r}, fu={self.fu!r}, yakuman={self.yakuman!r}, basic={self.basic!r}, "
                f"limit={self.limit!r})")

    @property
    def raw_basic(self) -> int:
        """b before any limit, for --explain."""
        return self.fu * 2 ** (self.han + 2)


# Bounds of what one hand can count (docs/bad-input.md): beyond them a value is a typo, not a hand.
# Counted han: yaku stay near 20, and dora, ura, red fives and norths together below 80 (five
# indicators and five ura indicators, each pointing at one kind of which a hand holds at most four;
# four norths, each a dora once more per West indicator).
MAX_HAN: Final = 100


def max_yakuman(rules: HandRules) -> int:
    """The largest yakuman multiple one hand can be paid under the profile. Stacked, the most that go
    together are four (tenhou or renhou or suukantsu, daisuushii, tsuuiisou, suuankou); two of them
    count double where double yakuman do (daisuushii, suuankou tanki): six."""
    if rules.stacked_yakuman:
        return 6 if rules.double_yakuman else 4
    return 2 if rules.double_yakuman else 1


# The fewest han that reach each limit by themselves (rules.md §3); 13+ is kazoe.
LIMIT_FROM_HAN: Final = {MANGAN: 5, HANEMAN: 6, BAIMAN: 8, SANBAIMAN: 11, YAKUMAN: KAZOE_HAN}


# han 0-13 -> the limit it reaches by itself (more than 13 reads entry 13)
_LIMIT_OF_HAN: Final = tuple(
    next((limit for limit, least in reversed(LIMIT_FROM_HAN.items()) if han >= least), None) for han in range(KAZOE_HAN + 1)
)


def limit_for_han(han: int, rules: HandRules) -> str | None:
    """The limit a han count reaches by itself (5+ han), before fu is considered."""
    reached = _LIMIT_OF_HAN[min(han, KAZOE_HAN)]
    if reached == YAKUMAN and rules.kazoe != "yakuman":
        return SANBAIMAN  # kazoe capped (rules.md §3)
    return reached


def limit_han_range(limit: str) -> str:
    """'6-7' for haneman, '13+' for yakuman: the han counts that pay the limit."""
    least = LIMIT_FROM_HAN[limit]
    following = list(LIMIT_FROM_HAN.values())
    index = following.index(least)
    if index + 1 == len(following):
        return f"{least}+"
    most = following[index + 1] - 1
    return str(least) if most == least else f"{least}-{most}"


def hand_value(han: int, fu: int, rules: HandRules, *, yakuman: int = 0) -> HandValue:
    """Basic points and limit for a counted hand (`yakuman` = 0) or a yakuman multiple."""
    if yakuman:
        return HandValue(han, fu, yakuman, LIMIT_BASIC[YAKUMAN] * yakuman, YAKUMAN)
    limit = limit_for_han(han, rules)
    if limit is None:
        basic = fu * 2 ** (han + 2)
        if basic > LIMIT_BASIC[MANGAN] or (rules.kiriage_mangan and basic == 1920):
            limit = MANGAN  # kiriage: 30fu4han and 60fu3han (b = 1920) round up to mangan
    if limit is None:
        return HandValue(han, fu, 0, basic, None)
    return HandValue(han, fu, 1 if limit == YAKUMAN else 0, LIMIT_BASIC[limit], limit)


def limit_value(limit: str, rules: HandRules, *, yakuman: int = 1) -> HandValue:
    """A hand given only by its limit (`sanma pay --limit baiman`)."""
    if limit == YAKUMAN:
        return HandValue(KAZOE_HAN * yakuman, 0, yakuman, LIMIT_BASIC[YAKUMAN] * yakuman, YAKUMAN)  # 13 han a multiple
    return HandValue(LIMIT_FROM_HAN[limit], 0, 0, LIMIT_BASIC[limit], limit)
