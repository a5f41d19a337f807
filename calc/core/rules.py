"""The sanma rule profile: its schema (`SCHEMA`), the frozen `RuleSet` and `load`.

A profile lists only what differs from the profile it `extends:`. `load(name_or_path)` merges the
chain (calc.core.profile, the loader every variant shares), checks every key against `SCHEMA` and
reports every problem at once with file, line and key path. Each stage reads only its own section
(`rules.hand`, `rules.payment`, ...).
"""

from __future__ import annotations

import os
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple

from calc.core import schemes as S
from calc.core import tiles as T
from calc.core.errors import RulesError
from calc.core.profile import (  # noqa: F401  builtin_names, variant_of: part of this module's API
    DEFAULT_VARIANT,
    Key,
    ProfileProblems,
    builtin_names,
    merge_chain,
    variant_of,
)

# The shipped tsumo schemes (rulesets/schemes/*.yaml); a profile may also define its own.
SCHEMES = S.builtin_scheme_names()
UMA_PRESETS = {"5-15": (15, 0, -15), "10-20": (20, 0, -20), "10-30": (30, 0, -30)}


def _check_tiles(value: Any) -> tuple[Any, str | None]:
    """Red fives: a list of fives, each named once."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return None, f"expected a list of tiles like [5p, 5s], got {value!r}"
    try:
        parsed = tuple(sorted(T.parse_name(v)[0] for v in value))
    except ValueError as exc:
        return None, str(exc)
    if any(tile not in (T.FIVE_MAN, T.FIVE_PIN, T.FIVE_SOU) for tile in parsed) or len(set(parsed)) != len(parsed):
        return None, f"red fives are fives, each named once (5m, 5p, 5s), got {value!r}"
    return parsed, None


def _check_uma(value: Any) -> tuple[Any, str | None]:
    """A preset name, or one whole number per place summing to 0 and going down with the place: uma
    is a bonus for the better place (rules.md, final tally), so a list that rises is a sign turned
    round, which would reverse the standings."""
    if isinstance(value, str):
        if value not in UMA_PRESETS:
            return None, f"unknown uma preset {value!r}; presets: {', '.join(UMA_PRESETS)}"
        return UMA_PRESETS[value], None
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return None, f"expected a preset ({', '.join(UMA_PRESETS)}) or a list of whole numbers, got {value!r}"
    if len(value) != PLAYERS:
        return None, f"uma needs {PLAYERS} values, one per place, got {len(value)}"
    if sum(value) != 0:
        return None, f"uma must sum to 0, got {value}"
    rising = next((k for k in range(1, PLAYERS) if value[k] > value[k - 1]), None)
    if rising is not None:
        return None, (f"uma goes down with the place (first ≥ second ≥ third), got {value}: place {rising + 1} "
                      f"would get more than place {rising} (a sign turned round?)")
    return tuple(value), None


def _check_scheme(value: Any) -> tuple[Any, str | None]:
    """A name, a file or a mapping: read and checked by calc.core.schemes once the chain is merged."""
    if isinstance(value, (str, dict)):
        return value, None
    return None, f"expected a scheme name, a scheme file or a scheme mapping, got {value!r}"


def _check_oka(value: Any) -> tuple[Any, str | None]:
    """'auto' or a whole number of points."""
    if value == "auto" or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        return value, None
    return None, f"expected 'auto' or a whole number of points, got {value!r}"


# Points move in whole hundreds (every payment is rounded to them, rules.md §3-4): a key that is an
# amount of points is a multiple of this, so every score stays one (as a record's `start:` requires).
POINTS = 100

SCHEMA: dict[str, dict[str, Key]] = {
    "game": {
        "red_fives": Key("tiles", check=_check_tiles, doc="which fives have one red copy"),
        "chi": Key(bool, doc="may a player call chi"),
        "kuikae": Key(bool, doc="may a player discard the value just called (swap-calling); Tenhou: no"),
        "kokushi_robs_closed_kan": Key(bool, doc="thirteen orphans may ron the tile of a closed kan"),
    },
    "north": {
        "nukidora": Key(bool, doc="norths may be extracted for dora and a replacement draw"),
        "value_tile": Key(bool, doc="north counts as a value tile (yakuhai, pair fu) for everyone"),
        "ron_on_nuki": Key(bool, doc="others may ron an extracted north"),
        "nuki_cancels_ippatsu": Key(bool, doc="extracting a north ends ippatsu chances"),
        "nuki_breaks_first_turn": Key(
            bool, doc="extracting a north ends the uninterrupted first go-around (double riichi, tenhou, chiihou)"
        ),
        "riichi_nuki_only_drawn": Key(bool, doc="after riichi only a just-drawn north may be extracted"),
    },
    "hand": {
        "open_tanyao": Key(bool, doc="tanyao counts on an open hand"),
        "kiriage_mangan": Key(bool, doc="30fu4han and 60fu3han count as mangan"),
        # rules.md §3: kazoe on (yakuman), capped at sanbaiman, or off. "off" pays 13+ counted han as
        # a sanbaiman too (there is no higher counted limit), so it behaves as the cap.
        "kazoe": Key(str, choices=("yakuman", "sanbaiman", "off"), doc="what 13+ counted han is worth"),
        "double_yakuman": Key(bool, doc="the double forms (suuankou tanki, kokushi 13-wait, ...) count twice"),
        "stacked_yakuman": Key(bool, doc="several yakuman in one hand add up (daisangen + tsuuiisou = 2)"),
        "renhou": Key(str, choices=("none", "mangan", "yakuman"), doc="value of a win before one's first draw"),
        "double_wind_pair_fu": Key(int, choices=(2, 4), doc="fu of a pair of the wind that is seat and round wind"),
    },
    "payment": {
        "scheme": Key("scheme", check=_check_scheme, from_node=S.node_value,
                      doc="tsumo payment scheme: a name, a scheme file or a mapping (docs/schemes.md)"),
        "honba_ron": Key(int, minimum=0, multiple=POINTS, doc="a ron pays this per honba"),
        "honba_tsumo": Key(int, minimum=0, multiple=POINTS, doc="each tsumo payer pays this per honba"),
        "riichi_stick": Key(int, minimum=POINTS, multiple=POINTS, doc="the riichi deposit"),
        "noten_pool": Key(int, minimum=0, doc="points noten players pay tenpai players at a draw"),
        "nagashi_mangan": Key(bool, doc="nagashi mangan is paid at an exhaustive draw"),
        "double_ron_honba": Key(str, choices=("first", "both"), doc="who of two ron winners takes honba"),
        "pao": Key(bool, doc="responsibility payment for daisangen and daisuushii"),
        "pao_ron_honba": Key(str, choices=("liable", "discarder"), doc="who pays the honba on a pao ron"),
        "pao_covers": Key(str, choices=("hand", "yakuman"),
                          doc="what the liable player answers for when the hand has another yakuman: the whole hand "
                              "(Tenhou) or the pao yakuman only (Mahjong Soul)"),
    },
    "match": {
        "length": Key(str, choices=("hanchan", "east")),
        "start": Key(int, minimum=0, multiple=POINTS),
        "return": Key(int, minimum=0, multiple=POINTS),
        "oka": Key("oka", check=_check_oka, doc="'auto' = (return - start) x players, or a number of points"),
        "uma": Key("uma", check=_check_uma, doc="5-15, 10-20, 10-30 or [first, second, third]"),
        "extension_round": Key(bool, doc="play on (sudden death) while nobody reached the return points"),
        "bust": Key(bool, doc="a score below 0 ends the match"),
        "agari_yame": Key(bool, doc="a leading dealer may stop in the last hand"),
        "tenpai_yame": Key(bool, doc="agari-yame also when the dealer repeats by tenpai at an exhaustive draw"),
        "yame_choice": Key(bool, doc="the dealer may play on instead of agari-yame / tenpai-yame (a record's "
                                     "`play_on: true`); false: the match ends"),
        "extension_renchan": Key(bool, doc="in the extension round a dealer repeat goes on though someone reached the return points"),
        "tenpai_renchan": Key(bool, doc="the dealer repeats when tenpai at an exhaustive draw"),
        "leftover_sticks": Key(str, choices=("first", "none")),
        "final_rounding": Key(str, choices=("one-decimal", "integer")),
        "riichi_min_points": Key(int, minimum=0),
        "abort_nine_terminals": Key(bool),
        "abort_four_kans": Key(bool),
        "tenpai_own_four": Key(
            str, choices=("anywhere", "concealed"),
            doc="at an exhaustive draw a wait whose four copies the player holds is noten: anywhere (melds too) "
                "or only when all four are concealed (Tenhou: a wait beside one's own kan of it is tenpai)",
        ),
    },
    # Chips (祝儀) are counted beside the score and never move it; their worth is added to the final
    # points. Every count 0 = no chips (standard, tenhou). docs/keep.md cites parlour rules.
    "chips": {
        "aka": Key(int, minimum=0, doc="chips per red five in a winning hand"),
        "ura": Key(int, minimum=0, doc="chips per ura dora of a winning hand"),
        "ippatsu": Key(int, minimum=0, doc="chips for a win with ippatsu"),
        "yakuman": Key(int, minimum=0, doc="chips per yakuman (x the multiple; counted kazoe yakuman gives none)"),
        "ron": Key(int, minimum=1, doc="a ron's discarder pays the count times this; on a tsumo each other player pays the count"),
        "bust": Key(int, minimum=0, doc="chips a busted player pays each player who took points from them in that hand"),
        "value": Key(int, minimum=0, doc="what one chip is worth, in `unit`"),
        "unit": Key(str, choices=("final-points", "points"), doc="final-points, or points (1000 = 1 final point)"),
    },
    # Chombo (a false win, a noten riichi at the draw): what the offender pays (docs/keep.md).
    "chombo": {
        "cost": Key(str, choices=("mangan", "final-points"), doc="mangan: a mangan tsumo paid in reverse; final-points: a deduction"),
        "final_points": Key(int, minimum=0, doc="the deduction from the offender's final points (cost: final-points)"),
        "replay": Key(bool, doc="the hand is replayed by the same dealer (false: the deal passes on)"),
        "keep_honba": Key(bool, doc="the next hand keeps the honba (false: one honba more, as after a draw)"),
    },
}
# A profile's game: `variant:` at the top (absent = sanma, calc.core.profile.DEFAULT_VARIANT). Other
# variants (calc.sichuan) bring their own schema and read their files through calc.core.profile.
SANMA = DEFAULT_VARIANT


PLAYERS = 3  # sanma: three seats and the 108-tile set (no 2m-8m); no profile can change either


# The profile and its sections are NamedTuples, not dataclasses: a dataclass has its methods generated
# at every start of the command, ~1 ms each, and `dataclasses` itself costs more than scoring a hand
# (docs/benchmarks.md, start-up). A changed copy is `._replace(...)`; the payment section checks
# itself in `__new__`, and the whole profile leaves `origin` out of equality (docs/development.md).
class GameRules(NamedTuple):
    """The profile's `game:` section: the red fives, chi and kuikae, kokushi robbing a closed kan."""

    red_fives: tuple[int, ...]
    chi: bool
    kuikae: bool
    kokushi_robs_closed_kan: bool

    @property
    def players(self) -> int:
        return PLAYERS


class NorthRules(NamedTuple):
    """The profile's `north:` section: nukidora, and what a north may do."""

    nukidora: bool
    value_tile: bool
    ron_on_nuki: bool
    nuki_cancels_ippatsu: bool
    nuki_breaks_first_turn: bool
    riichi_nuki_only_drawn: bool


class HandRules(NamedTuple):
    """The profile's `hand:` section: kuitan, kiriage mangan, kazoe, double and stacked yakuman, renhou,
    the double wind pair's fu."""

    open_tanyao: bool
    kiriage_mangan: bool
    kazoe: str
    double_yakuman: bool
    stacked_yakuman: bool
    renhou: str
    double_wind_pair_fu: int


class _PaymentFields(NamedTuple):
    scheme: str  # the scheme's name; its definition is `scheme_def`
    honba_ron: int
    honba_tsumo: int
    riichi_stick: int
    noten_pool: int
    nagashi_mangan: bool
    double_ron_honba: str
    pao: bool
    pao_ron_honba: str
    pao_covers: str
    scheme_def: S.Scheme


class PaymentRules(_PaymentFields):
    """The profile's `payment:` section: the tsumo scheme, honba, the riichi stick, noten payments,
    nagashi mangan, double ron and pao."""

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> PaymentRules:
        self = super().__new__(cls, *args, **kwargs)
        if self.scheme_def.name != self.scheme:
            raise AssertionError(f"payment.scheme {self.scheme!r} is not the scheme defined ({self.scheme_def.name!r})")
        return self

    @classmethod
    def _make(cls, iterable: Any) -> PaymentRules:  # `_replace` checks the copy too
        return cls(*iterable)


class MatchRules(NamedTuple):
    """The profile's `match:` section: length, starting and return points, uma and oka, how a match
    ends and goes on, abortive draws."""

    length: str
    start: int
    # `return` is a Python keyword; the profile key is `return`.
    return_points: int
    oka: int
    uma: tuple[int, ...]
    extension_round: bool
    bust: bool
    agari_yame: bool
    tenpai_yame: bool
    yame_choice: bool
    extension_renchan: bool
    tenpai_renchan: bool
    leftover_sticks: str
    final_rounding: str
    riichi_min_points: int
    abort_nine_terminals: bool
    abort_four_kans: bool
    tenpai_own_four: str


class ChipRules(NamedTuple):
    """The profile's `chips:` section: the chips each bonus pays (none by default) and what one is worth."""

    aka: int = 0
    ura: int = 0
    ippatsu: int = 0
    yakuman: int = 0
    ron: int = 1
    bust: int = 0
    value: int = 0
    unit: str = "final-points"

    @property
    def on(self) -> bool:
        return any((self.aka, self.ura, self.ippatsu, self.yakuman, self.bust))


class ChomboRules(NamedTuple):
    """The profile's `chombo:` section: what a penalty costs."""

    cost: str = "mangan"
    final_points: int = 0
    replay: bool = True
    keep_honba: bool = True


class RuleSet(NamedTuple):
    """A whole profile, checked: its name and one section per stage of play. Equal, hashed and shown
    without `origin` (where each key was set), as two loads of the same profile are the same rules."""

    name: str
    summary: str
    game: GameRules
    north: NorthRules
    hand: HandRules
    payment: PaymentRules
    match: MatchRules
    # key path -> the file that set it, for `sanma rules show`; left out of equality, hash and repr
    origin: Mapping[str, str] = MappingProxyType({})
    chips: ChipRules = ChipRules()
    chombo: ChomboRules = ChomboRules()

    def _compared(self) -> tuple:
        return (self.name, self.summary, self.game, self.north, self.hand, self.payment, self.match, self.chips,
                self.chombo)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RuleSet) and (self is other or self._compared() == other._compared())

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self._compared())

    def __repr__(self) -> str:
        return (f"RuleSet(name={self.name!r}, summary={self.summary!r}, game={self.game!r}, north={self.north!r}, "
                f"hand={self.hand!r}, payment={self.payment!r}, match={self.match!r}, chips={self.chips!r}, "
                f"chombo={self.chombo!r})")

    def with_scheme(self, scheme: str | os.PathLike[str] | S.Scheme) -> RuleSet:
        """The same profile with another tsumo scheme (`--scheme`): a built-in name, a scheme file,
        the name of the profile's own scheme, or a Scheme (calc.core.schemes.resolve reads it)."""
        if isinstance(scheme, str) and scheme == self.payment.scheme:
            return self
        definition = S.resolve(scheme)
        if definition == self.payment.scheme_def:
            return self
        problems = _table_bound(definition, self.match.start)
        if problems:
            raise S.ProblemList(problems)
        return self._replace(payment=self.payment._replace(scheme=definition.name, scheme_def=definition))

    def scheme_names(self) -> tuple[str, ...]:
        """The schemes `--all-schemes` shows: the built-in ones, and the profile's own if it is not one."""
        own = self.payment.scheme
        return SCHEMES if own in SCHEMES else (*SCHEMES, own)

    def flat(self) -> dict[str, Any]:
        """key path -> value as written in a profile."""
        out = {}
        for section in SCHEMA:
            for key, value in getattr(self, section)._asdict().items():
                if key == "scheme_def":
                    continue  # shown on its own by `sanma rules show`
                key = "return" if key == "return_points" else key
                if key == "red_fives":
                    value = [T.name(t) for t in value]
                elif isinstance(value, tuple):
                    value = list(value)
                out[f"{section}.{key}"] = value
        return out


def load(name_or_path: str) -> RuleSet:
    """A built-in profile name or a YAML file path -> a validated, frozen RuleSet."""
    return _load_cached(name_or_path)


@lru_cache(maxsize=64)
def _load_cached(name_or_path: str) -> RuleSet:
    variant = variant_of(name_or_path)
    if variant != SANMA:
        raise RulesError(f"{name_or_path!r} is a {variant} profile; this needs a sanma profile")
    if S.looks_like_scheme_file(name_or_path):  # one line, not a line per profile key it lacks
        raise RulesError(f"{name_or_path} is a tsumo scheme (it has dealer_wins, non_dealer_wins or rounding), "
                         f"not a rule profile: give it to --scheme (a record's scheme:, a profile's "
                         f"payment.scheme:), and a profile to --rules")
    read = merge_chain(name_or_path, SCHEMA, SANMA)
    chain, merged, origin, located, problems = read.chain, read.values, read.origin, read.located, read.problems
    problems += _cross_key_problems(merged, located)
    scheme = None
    if "payment.scheme" in merged:
        file, line = located["payment.scheme"]
        try:
            scheme = S.scheme_in_profile(merged["payment.scheme"], file=file, line=line)
        except S.ProblemList as exc:
            problems += exc.problems
        except RulesError as exc:
            problems.append(exc)
    if scheme is not None and not problems:
        problems += _table_bound(scheme, merged["match.start"])
    if problems:
        raise ProfileProblems(problems)

    match_values = read.section("match")
    match_values["return_points"] = match_values.pop("return")
    if match_values["oka"] == "auto":
        match_values["oka"] = (match_values["return_points"] - match_values["start"]) * PLAYERS
    return RuleSet(
        name=chain[0].path.stem,
        summary=read.summary,
        game=GameRules(**read.section("game")),
        north=NorthRules(**read.section("north")),
        hand=HandRules(**read.section("hand")),
        payment=PaymentRules(**{**read.section("payment"), "scheme": scheme.name, "scheme_def": scheme}),
        match=MatchRules(**match_values),
        origin=origin,
        chips=ChipRules(**read.section("chips")),
        chombo=ChomboRules(**read.section("chombo")),
    )


def _table_bound(scheme: S.Scheme, start: int) -> list[RulesError]:
    """The scheme's payments against the points a sanma table holds (schemes.table_bound_problems)."""
    return S.table_bound_problems(scheme, PLAYERS * start, f"{PLAYERS} players × match.start {start}")


def _cross_key_problems(merged: dict[str, Any], located: dict[str, tuple[str, int]]) -> list[RulesError]:
    """Values that are fine one by one but cannot go together."""
    problems = []

    def problem(key: str, message: str) -> None:
        file, line = located[key]
        problems.append(RulesError(message, file=file, line=line, key=key))

    if T.FIVE_MAN in merged.get("game.red_fives", ()):
        problem("game.red_fives", "the sanma tile set has no 5m to make red")
    if "match.return" in merged and "match.start" in merged and merged["match.return"] < merged["match.start"]:
        problem("match.return", f"the return points ({merged['match.return']}) are below the start "
                                f"({merged['match.start']}): oka would be negative")
    players = PLAYERS
    oka, start, back = merged.get("match.oka"), merged.get("match.start"), merged.get("match.return")
    if isinstance(oka, int) and isinstance(start, int) and isinstance(back, int) and oka != (back - start) * players:
        # rules.md, final tally: the points sum to (scores - return x players) / 1000 + uma + oka, and the
        # scores sum to start x players; uma sums to 0, so oka must make up the difference
        off = (players * (start - back) + oka) / 1000
        problem("match.oka", f"the final points of a match would sum to {off:+g}, not 0: oka must be "
                             f"{players} × (return {back} − start {start}) = {(back - start) * players} "
                             f"(or auto)")
    pool = merged.get("payment.noten_pool")
    if pool is not None and pool % (100 * (players - 1)):
        # one tenpai player takes pool / (players - 1) from each noten player; one noten player
        # pays pool / (players - 1) to each tenpai player (rules.md §5): each share whole hundreds,
        # as every payment is
        problem("payment.noten_pool", f"must split into {players - 1} shares of whole hundreds (a multiple of "
                                      f"{100 * (players - 1)}), got {pool}")
    return problems
