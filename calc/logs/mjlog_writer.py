"""A played match written as Tenhou's mjlog XML, the mirror of calc/logs/mjlog.py's reader.

Each hand's event list (calc.logs.formats.MatchLog) becomes a tag each, in its order. The events
carry tiles, not Tenhou's tile ids (0-135, the red fives 52 and 88): the writer gives each tile an
id as it shows up (dealt, drawn, turned over) and follows it to the river, a meld or the north
pile, so that every tag names one physical tile, a tile drawn and thrown at once the same. The
tags are the reader's, written as Tenhou writes them: `<GO type>` (the lobby bits of a Phoenix sanma game with red fives and open tanyao, south or east), `<INIT>` (seed: round,
honba, sticks, two dice, the dora indicator; `ten` in hundreds), draws `<T..>` `<U..>` `<V..>` and
discards `<D..>` `<E..>` `<F..>` by seat, `<N who m>` with Tenhou's packed meld word, `<REACH>`
step 1 before the riichi discard and step 2 once it stands, `<DORA>`, `<AGARI>` (ten = fu, points,
limit; Tenhou's yaku ids; `sc` = each seat's score before the result and its change, in hundreds)
or `<RYUUKYOKU>`, and `owari` (final scores and points) on the last result.
"""

from __future__ import annotations

from urllib.parse import quote
from xml.sax.saxutils import quoteattr

from calc.core.notation import Tile
from calc.logs import tenhou as TH
from calc.logs.formats import MatchLog, PlayedHand, steps
from calc.logs.tenhou6_writer import YAKU_ID
from calc.scoring.value import LIMITS
from calc.table.match import LedgerRow
from calc.table import play as P

DRAW_TAGS, DISCARD_TAGS = "TUVW", "DEFG"
DRAW_TYPES = {P.EXHAUSTIVE: None, P.NAGASHI: "nm", P.NINE_TERMINALS: "yao9", P.FOUR_KANS: "kan4"}
LIMIT_CODE = {None: 0, **{name: k + 1 for k, name in enumerate(LIMITS)}}  # mangan 1 .. yakuman 5


def _relative(seat: int, other: int) -> int:
    # Tenhou keeps four-seat arithmetic in sanma (calc.logs.tenhou.seat_from_relative)
    return (other - seat) % 4


def _pon_word(base: int, unused: int, place: int, kind_bit: int, relative: int) -> int:
    # bits 9+: the tile value x 3 plus the called tile's place among the three; 5-6: the fourth copy
    # (the one a pon leaves out, the one an added kan adds); 3: pon, 4: added kan; 0-1: from whom
    return ((base // 4) * 3 + place) << 9 | unused << 5 | kind_bit | relative


class _Ids:
    """Tenhou's tile ids (0-135; ids 52 and 88 the red fives) for one hand's tiles, given as each
    tile shows up (dealt, drawn, turned as an indicator) and followed from hand to river or meld."""

    def __init__(self, players: int) -> None:
        self.free: dict[Tile, list[int]] = {}
        for value in range(34):
            ids = range(value * 4, value * 4 + 4)
            self.free[(value, False)] = [i for i in ids if i not in TH.RED_IDS]
            self.free[(value, True)] = [i for i in ids if i in TH.RED_IDS]
        self.held: list[dict[Tile, list[int]]] = [{} for _ in range(players)]

    def new(self, tile: Tile) -> int:
        free = self.free[tile]
        if not free:  # a fourth plain five at a table without red fives: the format has no id for it
            free = self.free[(tile[0], not tile[1])]
        return free.pop(0)

    def take(self, seat: int, tile: Tile) -> int:
        """A new tile into the seat's hand."""
        i = self.new(tile)
        self.held[seat].setdefault(tile, []).append(i)
        return i

    def give(self, seat: int, tile: Tile, drawn: int | None = None) -> int:
        """A tile out of the seat's hand: `drawn` itself when that is the tile just drawn."""
        held = self.held[seat][tile]
        i = drawn if drawn is not None and drawn in held else held[0]
        held.remove(i)
        return i


def _yaku_attrs(ev) -> dict[str, str]:
    if ev.yakuman:
        return {"yakuman": ",".join(str(YAKU_ID[name]) for name, multiple in ev.yakuman for _ in range(multiple))}
    pairs = [(YAKU_ID[name], han) for name, han in ev.yaku]
    pairs += [(YAKU_ID[name], han) for name, han in ev.logged_bonus if han]
    return {"yaku": ",".join(f"{i},{han}" for i, han in pairs)}


def _sc(before: list[int], deltas) -> str:
    return ",".join(f"{s // 100},{d // 100}" for s, d in zip(before, deltas))


def _points(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _tag(name: str, attrs: dict[str, object]) -> str:
    return f"<{name}" + "".join(f" {key}={quoteattr(str(value))}" for key, value in attrs.items()) + "/>"


def hand_tags(row: LedgerRow, hand: PlayedHand) -> list[str]:
    deal = hand.events[0]
    n = len(deal.hands)
    ids = _Ids(n)
    hai = [sorted(ids.take(seat, t) for t in tiles) for seat, tiles in enumerate(deal.hands)]
    dora = [ids.new(deal.dora)]
    start = [s - d for s, d in zip(row.scores, row.deltas)]
    round_raw = "ESW".index(row.label[0]) * 4 + row.dealer
    init = {"seed": f"{round_raw},{row.honba},{row.sticks_before},0,0,{dora[0]}",
            "ten": ",".join(str(s // 100) for s in start) + ",0", "oya": row.dealer}
    for seat in range(n):
        init[f"hai{seat}"] = ",".join(str(t) for t in hai[seat])
    out = [_tag("INIT", init)]
    drawn: int | None = None
    river: int | None = None  # the id of the discard just made
    pons: dict[tuple[int, int], tuple[list[int], int]] = {}  # (seat, value) -> the pon's ids, its called id
    for event, tsumogiri, accepted in steps(hand):
        if accepted is not None:
            out.append(_tag("REACH", {"who": accepted, "step": 2}))
        kind = type(event)
        if kind is P.Draw:
            drawn = ids.take(event.seat, event.tile)
            out.append(f"<{DRAW_TAGS[event.seat]}{drawn}/>")
        elif kind is P.Discard:
            river = ids.give(event.seat, event.tile, drawn if tsumogiri else None)
            if event.riichi:
                out.append(_tag("REACH", {"who": event.seat, "step": 1}))
            out.append(f"<{DISCARD_TAGS[event.seat]}{river}/>")
        elif kind is P.Dora:
            i = ids.new(event.indicator)
            dora.append(i)
            out.append(_tag("DORA", {"hai": i}))
        elif kind is P.Call:
            assert river is not None
            own = [ids.give(event.seat, t) for t in event.own]
            rel = _relative(event.seat, event.from_seat)
            if event.kind == P.DAIMINKAN:
                word = river << 8 | rel
            else:
                pon = sorted([*own, river])
                base = river // 4 * 4
                unused = next(k for k in range(4) if base + k not in pon)
                word = _pon_word(base, unused, pon.index(river), 0x08, rel)
                pons[(event.seat, event.called[0])] = (pon, river)
            out.append(_tag("N", {"who": event.seat, "m": word}))
        elif kind is P.Ankan:
            four = sorted(ids.give(event.seat, t) for t in event.tiles)
            out.append(_tag("N", {"who": event.seat, "m": four[0] << 8}))
        elif kind is P.Kakan:
            added = ids.give(event.seat, event.tile)
            pon, called = pons[(event.seat, event.tile[0])]
            base = added // 4 * 4
            out.append(_tag("N", {"who": event.seat, "m": _pon_word(base, added - base, pon.index(called), 0x10, 0)}))
        elif kind is P.Nuki:
            out.append(_tag("N", {"who": event.seat, "m": ids.give(event.seat, event.tile) << 8 | 0x20}))
        if kind is not P.Draw and kind is not P.Dora:
            drawn = None
    scores = [s + d for s, d in zip(start, row.deposits)]  # before the result: the deposits taken
    if row.kyoku.wins:
        ura = [ids.new(t) for t in next((w.ura_indicators for w in hand.result.wins if w.riichi), ())]
        for w in row.kyoku.wins:
            deltas, points = row.settlement.winner_share(w.winner)
            ev = w.evaluation
            attrs = {"ba": f"{row.honba},{row.sticks_before + len(row.kyoku.riichi)}", "who": w.winner,
                     "fromWho": w.winner if w.tsumo else w.discarder,
                     "ten": f"{ev.fu},{points},{LIMIT_CODE[ev.value.limit]}", **_yaku_attrs(ev),
                     "doraHai": ",".join(str(t) for t in dora)}
            if any(f.riichi for f in hand.result.wins if f.winner == w.winner):
                attrs["doraHaiUra"] = ",".join(str(t) for t in ura)
            if w.liable is not None:
                attrs["paoWho"] = w.liable
            attrs["sc"] = _sc(scores, deltas)
            out.append(_tag("AGARI", attrs))
            scores = [s + d for s, d in zip(scores, deltas)]  # a double ron's second winner: after the first
    else:
        draw = hand.result.draw
        assert draw is not None
        attrs = {"ba": f"{row.honba},{row.sticks}", "sc": _sc(scores, row.settlement.deltas)}
        draw_type = DRAW_TYPES[draw.kind]
        if draw_type is not None:
            attrs["type"] = draw_type
        out.append(_tag("RYUUKYOKU", attrs))
    return out


def write(match: MatchLog) -> str:
    bits = TH.VS_HUMAN | TH.SANMA_TABLE | TH.TOKUJOU | TH.JOUKYUU | (TH.HANCHAN if match.length == "hanchan" else 0)
    head = ['<mjloggm ver="2.3">', _tag("GO", {"type": bits, "lobby": 0}),
            _tag("UN", {f"n{s}": quote(name) for s, name in enumerate(match.players)}), _tag("TAIKYOKU", {"oya": 0})]
    tags: list[str] = []
    for row, hand in zip(match.rows, match.hands):
        tags += hand_tags(row, hand)
    by_seat = sorted(match.standings, key=lambda st: st.seat)
    owari = ",".join(f"{st.score // 100},{_points(st.points)}" for st in by_seat) + ",0,0"
    tags[-1] = tags[-1][:-2] + f" owari={quoteattr(owari)}/>"
    return "".join([*head, *tags, "</mjloggm>"])
