"""Frozen Hand / Meld / WinContext and the legality checks: the only way to build a scorable hand.

Everything here is checked once at the edge; later stages trust these values. `Hand` and
`WinContext` are written classes (docs/development.md, "Records"): nothing writes to one, and two are
equal when their fields are. One of each is built for every hand scored, and compiled code builds a
NamedTuple through its generated Python `__new__` (measured: 1.5 µs for WinContext's eighteen
fields), a compiled class through its written `__init__` (some 350 instructions, about 0.1 µs).
`Meld` stays a NamedTuple: the round state and the log readers share it, and fewer than half the
hands scored build one.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from calc.core import tiles as T
from calc.core.errors import IllegalHandError
from calc.core.notation import MeldText, Tile, format_tiles, parse_hand, parse_tiles, write_indices
from calc.core.rules import RuleSet
from calc.scoring.fields import CONTEXT, SITUATION

# Meld kinds. The play names each kan by how it was made; the notation's [5555z] says only that a kan
# is open (called or added): OPEN_KAN. Scoring treats the three open kans alike.
PON: Final = "pon"
CHI: Final = "chi"
DAIMINKAN: Final = "daiminkan"
KAKAN: Final = "kakan"
ANKAN: Final = "ankan"
OPEN_KAN: Final = "kan"
CLOSED_KAN: Final = ANKAN
_KANS: Final = (DAIMINKAN, KAKAN, ANKAN, OPEN_KAN)


class Meld(NamedTuple):
    """One meld, as the round state records it and as the scorer reads it (the one meld type)."""

    kind: str  # pon, chi, daiminkan, kakan, ankan, or kan (open, as the notation writes it)
    tiles: tuple[Tile, ...]  # sorted
    called: Tile | None = None  # the tile taken from another player (None for ankan, or not known)
    from_seat: int | None = None  # who discarded it (None for ankan, or not known)

    @property
    def red(self) -> int:
        return sum([1 for _, red in self.tiles if red])

    @property
    def opened(self) -> bool:
        return self.kind != ANKAN

    @property
    def is_kan(self) -> bool:
        return self.kind in _KANS

    @property
    def is_triplet(self) -> bool:
        return self.kind != CHI

    def text(self) -> str:
        return meld_text(self)


def meld_text(meld: Meld) -> str:
    """A meld as written in a hand: the red copies of a five first. A function, not only the
    method: compiled code calls a NamedTuple's method as Python does (~2,000 instructions)."""
    tiles = meld.tiles
    first = tiles[0][0]
    reds = 0
    for tile, red in tiles:
        if tile != first:  # a run
            body = format_tiles(sorted(tiles, key=_red_first))
            return f"({body})" if meld.kind == ANKAN else f"[{body}]"
        reds += red
    # a pon or a kan, written without a sort, as first written for its tile, size, red copies and
    # kind (a --batch line's answer writes every meld; a few hundred such texts exist)
    closed = meld.kind == ANKAN
    size = len(tiles)
    if size >= _MELD_SIZES or not 0 <= first < T.KINDS:
        return _set_text(first, size, reds, closed)
    at = ((first * _MELD_SIZES + size) * _MELD_SIZES + reds) * 2 + closed
    text = _SET_TEXT[at]
    if not text:
        text = _SET_TEXT[at] = _set_text(first, size, reds, closed)
    return text


_MELD_SIZES: Final = 5  # a meld is four tiles at most
_SET_TEXT: Final = [""] * (T.KINDS * _MELD_SIZES * _MELD_SIZES * 2)


def _set_text(tile: int, size: int, reds: int, closed: bool) -> str:
    """A pon's or a kan's text: `size` copies of `tile`, `reds` of them red."""
    plain = T.name(tile)
    body = "0" * reds + plain[0] * (size - reds) + plain[1]
    return f"({body})" if closed else f"[{body}]"


def _red_first(tile: Tile) -> tuple[int, bool]:
    return tile[0], not tile[1]


class Hand:
    """A winning hand's tiles: the concealed ones (the winning tile among them) and the melds."""

    concealed: tuple[int, ...]  # sorted, the winning tile included
    melds: tuple[Meld, ...]
    win_tile: int
    concealed_red: tuple[int, ...]  # the tiles among the concealed ones that are red fives
    win_red: bool  # the winning tile itself is a red five

    def __init__(self, concealed: tuple[int, ...], melds: tuple[Meld, ...], win_tile: int,
                 concealed_red: tuple[int, ...] = (), win_red: bool = False) -> None:
        self.concealed = concealed
        self.melds = melds
        self.win_tile = win_tile
        self.concealed_red = concealed_red
        self.win_red = win_red

    def _key(self) -> tuple:
        return (self.concealed, self.melds, self.win_tile, self.concealed_red, self.win_red)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Hand(concealed={self.concealed!r}, melds={self.melds!r}, win_tile={self.win_tile!r}, "
                f"concealed_red={self.concealed_red!r}, win_red={self.win_red!r})")

    @property
    def closed(self) -> bool:
        return all(not m.opened for m in self.melds)

    @property
    def red(self) -> int:
        return len(self.concealed_red) + sum(m.red for m in self.melds)

    def text(self) -> str:
        """mpsz with the winning tile written last, apart; parse(text) gives this hand back:
        "12345699p23789s 4s [999m]". Written into one list, joined once (every --batch answer
        writes one)."""
        reds = list(self.concealed_red)
        if self.win_red:
            reds.remove(self.win_tile)
        out: list[str] = []
        write_indices(out, self.concealed, self.win_tile, reds)
        if out:
            out.append(" ")
        out.append(T.name(self.win_tile, self.win_red))
        for meld in self.melds:
            out.append(" ")
            out.append(meld_text(meld))
        return "".join(out)


class WinContext:
    """The situation of a win: the yes/no facts (`SITUATION_FLAGS`, first and in that order: the
    flags of `sanma hand` by these names), the winds, the indicators and the counts, as
    calc.scoring.fields declares them."""

    # generated from calc.scoring.fields by `make context-fields`: change the table there, not these lines
    tsumo: bool
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    tenhou: bool
    chiihou: bool
    renhou: bool
    seat_wind: int
    round_wind: int
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    nuki: int
    honba: int
    sticks: int

    def __init__(self, tsumo: bool = False, riichi: bool = False, double_riichi: bool = False, ippatsu: bool = False,
                 rinshan: bool = False, chankan: bool = False, haitei: bool = False, houtei: bool = False,
                 tenhou: bool = False, chiihou: bool = False, renhou: bool = False, seat_wind: int = T.EAST,
                 round_wind: int = T.EAST, dora_indicators: tuple[int, ...] = (), ura_indicators: tuple[int, ...] = (),
                 nuki: int = 0, honba: int = 0, sticks: int = 0) -> None:
        self.tsumo = tsumo
        self.riichi = riichi
        self.double_riichi = double_riichi
        self.ippatsu = ippatsu
        self.rinshan = rinshan
        self.chankan = chankan
        self.haitei = haitei
        self.houtei = houtei
        self.tenhou = tenhou
        self.chiihou = chiihou
        self.renhou = renhou
        self.seat_wind = seat_wind
        self.round_wind = round_wind
        self.dora_indicators = dora_indicators
        self.ura_indicators = ura_indicators
        self.nuki = nuki
        self.honba = honba
        self.sticks = sticks

    def _key(self) -> tuple:
        return (self.tsumo, self.riichi, self.double_riichi, self.ippatsu, self.rinshan, self.chankan, self.haitei,
                self.houtei, self.tenhou, self.chiihou, self.renhou, self.seat_wind, self.round_wind,
                self.dora_indicators, self.ura_indicators, self.nuki, self.honba, self.sticks)
    # end of the generated lines

    def __eq__(self, other: object) -> bool:
        return isinstance(other, WinContext) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())  # a key of the calibrated bot's values (calc.sim.calibrated)

    def __repr__(self) -> str:
        return f"WinContext({', '.join(f'{name}={value!r}' for name, value in zip(CONTEXT_FIELDS, self._key()))})"

    @property
    def dealer(self) -> bool:
        return self.seat_wind == T.EAST


# The yes/no facts of a win (tsumo, riichi, ..., renhou): the flags of `sanma hand` by these names,
# WinContext's first fields, in its order; then all its fields (calc.scoring.fields declares them).
SITUATION_FLAGS: Final = tuple([field.name for field in SITUATION])
CONTEXT_FIELDS: Final = tuple([str(field.context) for field in CONTEXT])


def _meld(kind: str, tiles: tuple[Tile, ...]) -> Meld:
    """Meld(kind, tiles), made as the tuple it is: from compiled code a NamedTuple's generated
    `__new__` runs as Python (~2,500 instructions), and every meld of every hand scored makes one."""
    return tuple.__new__(Meld, (kind, tiles, None, None))


def _meld_from_text(meld: MeldText, rules: RuleSet) -> Meld:
    tiles = tuple(sorted(meld.tiles))
    indices = [t for t, _ in tiles]
    if meld.closed:
        if len(indices) != 4 or len(set(indices)) != 1:
            raise IllegalHandError("a closed kan ( ) holds four identical tiles", column=meld.column)
        return _meld(ANKAN, tiles)
    if len(set(indices)) == 1 and len(indices) in (3, 4):
        return _meld(PON if len(indices) == 3 else OPEN_KAN, tiles)
    is_run = (
        len(indices) == 3
        and indices[0] < T.HONOR
        and T.suit_of(indices[0]) == T.suit_of(indices[2])
        and indices[1] == indices[0] + 1
        and indices[2] == indices[0] + 2
    )
    if is_run:
        if not rules.game.chi:
            raise IllegalHandError("chi is not allowed in sanma (profile: game.chi is false)", column=meld.column)
        return _meld(CHI, tiles)
    raise IllegalHandError("a meld is a pon [555z], an open kan [5555z] or a closed kan (5555z)", column=meld.column)


def parse_indicators(text: str | None, what: str) -> tuple[Tile, ...]:
    return tuple(parse_tiles(text, what=what)) if text else ()


def build_hand(
    text: str,
    rules: RuleSet,
    context: WinContext,
    *,
    win: str | None = None,
    indicators: tuple[Tile, ...] = (),
) -> Hand:
    """Parse and check a hand: tile set, calls, copies, count, winning tile, context flags.

    `indicators` are the dora and ura indicators as written, counted against the four copies.
    """
    counts = [0] * 34  # every copy: hand, melds and indicators (and extracted norths, below)
    concealed_text, meld_texts = parse_hand(text, counts=counts)
    melds = tuple([_meld_from_text(m, rules) for m in meld_texts])
    if not concealed_text:
        raise IllegalHandError("the hand has no concealed tiles")
    if win is not None:
        win_list = parse_tiles(win, what="--win")
        if len(win_list) != 1:
            raise IllegalHandError(f"--win takes one tile, got {win!r}")
        win_tile, win_red = win_list[0]
        if (win_tile, win_red) not in concealed_text and not (
            not win_red and any(t == win_tile for t, _ in concealed_text)
        ):
            raise IllegalHandError(f"winning tile {T.name(win_tile, win_red)} is not in the hand")
    else:
        win_tile, win_red = concealed_text[-1]
    concealed_list = []
    concealed_red = []
    has_plain_win = False
    for tile, red in concealed_text:
        concealed_list.append(tile)
        if red:
            concealed_red.append(tile)
        elif tile == win_tile:
            has_plain_win = True
    if win_red and win_tile not in concealed_red:
        raise IllegalHandError(f"winning tile {T.name(win_tile, True)} is not in the hand")
    if not win_red and not has_plain_win:
        win_red = True  # `--win 5p` where the hand holds only the red 0p: the winning tile is that one

    red_tiles = list(concealed_red)
    for m in meld_texts:
        red_tiles += [t for t, red in m.tiles if red]
    for tile, red in indicators:
        counts[tile] += 1
        if red:
            red_tiles.append(tile)
    for t in range(T.MAN + 1, T.MAN + 8):  # the sanma tile set
        if counts[t]:
            shown = f"{T.name(t, True)} (a red {T.name(t)})" if t in red_tiles else T.name(t)  # as it was typed
            raise IllegalHandError(f"{shown} does not exist in sanma (only 1m and 9m of manzu)")
    for tile in red_tiles:
        if tile not in rules.game.red_fives:
            raise IllegalHandError(f"{T.name(tile, True)}: this profile has no red {T.name(tile)}")
        if red_tiles.count(tile) > 1:
            raise IllegalHandError(f"{red_tiles.count(tile)} red {T.name(tile)}; there is one")
    if context.nuki > 4:
        raise IllegalHandError(f"--nuki {context.nuki}: there are only four norths")
    if context.nuki and not rules.north.nukidora:
        raise IllegalHandError("this profile does not extract norths (north.nukidora is false)")
    if context.chankan and counts[win_tile] > 1:
        # The robbed tile is the fourth copy: the other three sit in the added kan (rules.md §3 chankan).
        raise IllegalHandError(
            f"--chankan: the robbed {T.name(win_tile)} completes someone's added kan, so no other "
            f"{T.name(win_tile)} can be in this hand"
        )
    counts[T.NORTH] += context.nuki
    # the first tile of the most copies, by a loop: compiled, it compares machine integers, where
    # max() compared 34 objects through Python's comparison (~5,000 instructions a hand)
    tile = 0
    for t in range(34):
        if counts[t] > counts[tile]:
            tile = t
    if counts[tile] > 4:
        raise IllegalHandError(
            f"{counts[tile]} copies of {T.name(tile)} (hand, melds, indicators and extracted norths); there are four"
        )
    for tile in rules.game.red_fives:
        plain = counts[tile] - red_tiles.count(tile)
        if plain > 3:
            # The set holds one red five of this suit in place of a plain one (game.red_fives).
            raise IllegalHandError(
                f"{plain} plain copies of {T.name(tile)}: with a red five in the set (game.red_fives) there are three "
                f"plain {T.name(tile)} and one {T.name(tile, True)}; write the red one as {T.name(tile, True)}"
            )

    kans = sum(1 for m in melds if m.is_kan)
    expected_concealed = 14 - 3 * len(melds)
    if len(concealed_text) != expected_concealed:
        raise IllegalHandError(
            f"wrong tile count: {len(concealed_text)} concealed tiles; with {len(melds)} meld(s) a winning "
            f"hand has {expected_concealed} (the winning tile included)"
        )
    check_context(context, closed=all(not m.opened for m in melds), rules=rules, kans=kans)
    concealed_list.sort()
    concealed_red.sort()
    return Hand(tuple(concealed_list), melds, win_tile, tuple(concealed_red), win_red)


def check_context(context: WinContext, *, closed: bool, rules: RuleSet, kans: int) -> None:
    """Flag combinations that cannot happen."""
    c = context

    def bad(message: str) -> None:
        raise IllegalHandError(message)

    if c.riichi and c.double_riichi:
        bad("--riichi and --double-riichi: a double riichi is the riichi; give one")
    riichi = c.riichi or c.double_riichi
    if riichi and not closed:
        bad("riichi needs a closed hand (closed kans are fine)")
    if c.ippatsu and not riichi:
        bad("--ippatsu needs --riichi or --double-riichi")
    if c.ippatsu and c.rinshan and not (c.nuki and not rules.north.nuki_cancels_ippatsu):
        # The replacement tile follows the winner's own kan or north in the same turn: a kan always
        # ends ippatsu, an extracted north where the profile says so.
        if c.nuki and kans:
            bad("--ippatsu with --rinshan: the replacement tile follows your own kan or north, and both end "
                "ippatsu under this profile (north.nuki_cancels_ippatsu)")
        if c.nuki:
            bad("--ippatsu with --rinshan: the replacement tile follows your own extracted north, which ends "
                "ippatsu under this profile (north.nuki_cancels_ippatsu)")
        bad("--ippatsu with --rinshan: the replacement tile follows your own kan, and a kan ends ippatsu")
    if c.haitei and not c.tsumo:
        bad("--haitei is a win by tsumo on the last tile; for a ron on the last discard use --houtei")
    if c.houtei and c.tsumo:
        bad("--houtei is a ron on the last discard; for a tsumo on the last tile use --haitei")
    if c.rinshan and not c.tsumo:
        bad("--rinshan is a tsumo on a replacement tile")
    if c.rinshan and kans == 0 and c.nuki == 0:
        bad("--rinshan needs a kan or an extracted north before the replacement draw")
    if c.rinshan and c.haitei:
        bad("--rinshan and --haitei cannot both apply (a replacement tile is not the last tile)")
    if c.chankan and c.tsumo:
        bad("--chankan is a ron on an added kan")
    if c.chankan and c.houtei:
        bad("--chankan and --houtei cannot both apply")
    if (c.tenhou or c.chiihou) and not c.tsumo:
        bad("--tenhou / --chiihou are wins by tsumo")
    if c.tenhou and not c.dealer:
        bad("--tenhou is the dealer's win on the first draw; a non-dealer's is --chiihou")
    if c.chiihou and c.dealer:
        bad("--chiihou is a non-dealer's win on the first draw; the dealer's is --tenhou")
    if c.renhou and (c.tsumo or c.dealer):
        bad("--renhou is a non-dealer's ron before their first draw")
    first_turn = c.tenhou or c.chiihou or c.renhou
    if first_turn and (not closed or kans or riichi or c.nuki):
        bad("--tenhou / --chiihou / --renhou need an untouched hand: no calls, kans, riichi or extracted norths")
    if first_turn and (c.rinshan or c.haitei or c.houtei or c.chankan):
        bad("--tenhou / --chiihou / --renhou happen in the first go-around: not with --rinshan, --haitei, "
            "--houtei or --chankan")
    if c.seat_wind not in T.WINDS[: rules.game.players]:
        bad(f"seat wind {T.name(c.seat_wind)} is not a seat with {rules.game.players} players")
    if c.round_wind not in T.WINDS[:3]:
        bad(f"round wind {T.name(c.round_wind)} is not a round that is played")
    if c.ura_indicators and not riichi:
        bad("ura dora indicators only count with riichi")
    if len(c.ura_indicators) > len(c.dora_indicators):
        # Each ura indicator is the tile under a dora indicator.
        bad(f"{len(c.ura_indicators)} ura indicator(s) but {len(c.dora_indicators)} dora indicator(s): each ura "
            f"indicator lies under a dora indicator")
    if c.honba < 0 or c.sticks < 0:
        bad("--honba and --sticks cannot be negative")
    if len(c.dora_indicators) > 5 or len(c.ura_indicators) > 5:
        bad("at most five dora indicators (one plus four kans)")
