"""Tenhou's mjlog XML: <GO type>, <INIT>, draws <T12/> (seats T U V W), discards <D12/> (D E F G),
calls <N who m>, <REACH who step>, <DORA hai>, <AGARI>, <RYUUKYOKU>, `owari` on the last result.

Tiles are ids 0-135 (calc.logs.tenhou). The XML holds no game id: the caller passes the file's stem.
The reader only translates tags into the round state's events (calc.table.play); every fact of
the play is the round's (calc.table.round).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Mapping
from urllib.parse import quote, unquote

from calc.core.notation import Tile
from calc.core.rules import RuleSet
from calc.logs import tenhou as TH
from calc.logs.formats import Content, MatchLog, PlayedHand, steps
from calc.logs.model import Game, Lobby, LogError, LogWin, NotALog
from calc.scoring.value import LIMITS
from calc.table import play as P
from calc.table.match import LedgerRow
from calc.table.play import (DAIMINKAN, PON, Agari, Ankan, Call, Deal, Discard, Dora, Draw, Kakan, Nuki, RoundResult,
                             Ryuukyoku)
from calc.table.round import Round

TILE = TH.MJLOG_TILES
# <T12/> .. <G135/>: every draw and discard tag, looked up once instead of parsed, as its event (the
# events are immutable, so one serves every time the tag appears): (seat, event, the same discard
# declaring riichi); a draw's third item is None
_STEPS: dict[str, tuple[int, Draw | Discard, Discard | None]] = {}
for _seat, (_draw, _discard) in enumerate(zip("TUVW", "DEFG")):
    for _id in range(136):
        _STEPS[f"{_draw}{_id}"] = (_seat, Draw(_seat, TILE[_id]), None)
        _STEPS[f"{_discard}{_id}"] = (_seat, Discard(_seat, TILE[_id]), Discard(_seat, TILE[_id], riichi=True))
_IGNORED = frozenset({"SHUFFLE", "UN", "TAIKYOKU", "BYE"})
_IN_HAND = frozenset({"N", "REACH", "DORA", "AGARI", "RYUUKYOKU"})


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def lobby_of(type_bits: int, players: int) -> Lobby:
    return Lobby(
        type=type_bits,
        players=players,
        red_fives=not type_bits & TH.NO_RED,
        open_tanyao=not type_bits & TH.NO_KUITAN,
        length="hanchan" if type_bits & TH.HANCHAN else "east",
        fast=bool(type_bits & TH.FAST),
        level=TH.LEVELS[type_bits & (TH.JOUKYUU | TH.TOKUJOU)],
    )


def check_lobby(lobby: Lobby) -> None:
    """Only what this project can score: sanma with red fives and open tanyao (profile `tenhou`)."""
    if lobby.players != 3:
        raise LogError(f"four-player log (Tenhou lobby type {lobby.type}); only sanma is supported")
    if not lobby.red_fives or not lobby.open_tanyao:
        missing = "red fives" if not lobby.red_fives else "open tanyao (kuitan)"
        raise LogError(f"unsupported variant: a Tenhou lobby without {missing} (type {lobby.type})")


def _meld(who: int, m: int):
    """Decode Tenhou's packed meld word into an event."""
    if m & 0x4:
        raise LogError(f"seat {who} calls chi, which sanma does not have")
    if m & 0x18:  # pon (0x08) or added kan (0x10): base tile, which copy was called, the unused copy
        t = m >> 9
        base = t // 3 * 4
        unused = (m >> 5) & 3
        ids = [base + i for i in range(4) if i != unused]
        if m & 0x8:
            called = ids[t % 3]
            ids.remove(called)
            from_seat = TH.seat_from_relative(who, m & 3)
            return Call(who, PON, TILE[called], tuple(TILE[i] for i in ids), from_seat)
        return Kakan(who, TILE[base + unused])
    if m & 0x20:
        return Nuki(who, TILE[m >> 8])
    called = m >> 8
    ids = list(range(called // 4 * 4, called // 4 * 4 + 4))
    if m & 3:
        ids.remove(called)
        from_seat = TH.seat_from_relative(who, m & 3)
        return Call(who, DAIMINKAN, TILE[called], tuple(TILE[i] for i in ids), from_seat)
    return Ankan(who, tuple(TILE[i] for i in ids))


def _log_win(a: dict[str, str], players: int) -> LogWin:
    fu, points, limit = _ints(a["ten"])
    pairs = _ints(a.get("yaku", ""))
    yaku = tuple(sorted((pairs[i], pairs[i + 1]) for i in range(0, len(pairs), 2) if pairs[i + 1]))
    yakuman = tuple(sorted(_ints(a.get("yakuman", ""))))
    unknown = [i for i, _ in yaku if i not in TH.OUR_YAKU] + [i for i in yakuman if i not in TH.OUR_YAKU]
    if unknown:
        raise LogError(f"unknown Tenhou yaku id {unknown[0]} in <AGARI>")
    han = TH.YAKUMAN_HAN * len(yakuman) if yakuman else sum(h for _, h in yaku)
    pao = a.get("paoWho")
    return LogWin(
        han=han,
        fu=fu,
        yaku=yaku,
        yakuman=yakuman,
        points=points,
        limit=limit,
        deltas=tuple(d * 100 for d in _ints(a["sc"])[1 : 2 * players : 2]),
        pao=None if pao is None else int(pao),
        scores_before=_stated_before(a["sc"], players),
    )


def _stated_before(sc: str, players: int) -> tuple[int, ...]:
    """The scores a result's `sc` states before its payments (score, delta pairs in hundreds)."""
    return tuple(s * 100 for s in _ints(sc)[0 : 2 * players : 2])


def detect(content: Content) -> bool:
    """XML: an mjlog, or no log at all (the reader says which)."""
    return content.head.startswith(b"<")


def read(content: Content, game_id: str, rules: RuleSet) -> Game:
    return read_mjlog(content.data, game_id, rules)


def read_mjlog(data: bytes | str, game_id: str, rules: RuleSet) -> Game:
    elements = _plain_elements(data)
    if elements is None:  # not the plain form Tenhou writes: ElementTree reads it, or says what is wrong
        try:
            root = ET.fromstring(data)
        except ET.ParseError as e:
            line, column = e.position
            # expat's text ends in its own "line L, column C" (columns from 0): the error says where once
            reason = re.sub(r":? ?line \d+, column \d+$", "", str(e))
            raise LogError(f"broken XML: {reason}", line=line, column=column + 1) from None
        if root.tag != "mjloggm":
            raise NotALog(f"not a Tenhou log: the XML root is <{root.tag}>, not <mjloggm>")
        elements = [(el.tag, el.attrib) for el in root]
    try:
        return _read(elements, game_id, rules)
    except (KeyError, ValueError, IndexError) as e:
        raise LogError(f"corrupt mjlog: {type(e).__name__} {e}") from None


# The plain form Tenhou writes an mjlog in: UTF-8 (with or without its declaration), the root
# <mjloggm ...> holding only empty elements <TAG name="value" ... />, one space before each attribute
# and at most one before the "/>", printable characters only, no entity, comment, text or other
# whitespace. A document in that form is split at its "<"s (which XML allows nowhere else) rather
# than parsed: ElementTree builds an element for every tag, and a game has some 700 of them, nine in
# ten a bare draw or discard (found as they are in `_STEPS`). Each piece must have the form exactly;
# a document with anything else, even what XML allows (a newline between attributes, a character
# reference), goes to ElementTree for its elements or its error, so both readings of a document
# agree (tests/test_logs.py compares them on the real games and on damaged copies).
_NAME = re.compile("[A-Za-z][A-Za-z0-9_]*")
_ROOT = re.compile('mjloggm(?: [A-Za-z][A-Za-z0-9_]*="[^"]*")*>')  # its values are checked as all others
_DECLARATION = re.compile(r'\?xml version="1\.0"(?: encoding="(?:UTF|utf)-8")?\?>[ \t\r\n]*')
_END = re.compile(r"/mjloggm>[ \t\r\n]*")
_NO_ATTRIBUTES: dict[str, str] = {}  # a bare draw's or discard's (never changed)
_TAGS: set[str] = set()  # the tags checked to be names (a few kinds)
_ATTRIBUTE_NAMES: dict[str, str] = {}  # an attribute's checked ' name=' -> name


def _plain_elements(data: bytes | str) -> list[tuple[str, dict[str, str]]] | None:
    """The (tag, attributes) of every element under the root of a document in Tenhou's plain form
    (above), as ElementTree would give them; None for any other document."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            return None
    if "&" in data:  # an entity or a character reference: ElementTree's to resolve
        return None
    pieces = data.split("<")
    if pieces[0] != "" or len(pieces) < 3:
        return None
    first = 1
    if pieces[1].startswith("?") and _DECLARATION.fullmatch(pieces[1]) is not None:
        first = 2
    root = pieces[first]
    if (_ROOT.fullmatch(root) is None or _attributes(root[len("mjloggm"):-1]) is None
            or _END.fullmatch(pieces[-1]) is None):
        return None
    steps = _STEPS
    out: list[tuple[str, dict[str, str]]] = []
    for i in range(first + 1, len(pieces) - 1):
        piece = pieces[i]
        if not piece.endswith("/>"):
            return None
        body = piece[:-2]
        if body in steps:
            out.append((body, _NO_ATTRIBUTES))
            continue
        if body.endswith(" "):
            body = body[:-1]
        space = body.find(" ")
        tag = body if space < 0 else body[:space]
        if tag not in _TAGS:
            if _NAME.fullmatch(tag) is None:
                return None
            _TAGS.add(tag)
        attributes = _NO_ATTRIBUTES if space < 0 else _attributes(body[space:])
        if attributes is None:
            return None
        out.append((tag, attributes))
    return out


def _attributes(text: str) -> dict[str, str] | None:
    """The attributes of an element's text after its tag, ` a="1" b="2"`; None if that is not in
    the plain form, if one is given twice (an XML error) or if one declares a namespace (ElementTree
    would write every tag under it)."""
    if not text.isprintable() or ">" in text:  # a tab or newline in a value XML turns into a space
        return None
    parts = text.split('"')  # ' a=', '1', ' b=', '2', ''
    if len(parts) % 2 == 0 or parts[-1] != "":
        return None
    attributes: dict[str, str] = {}
    for k in range(0, len(parts) - 1, 2):
        part = parts[k]
        name = _ATTRIBUTE_NAMES.get(part)
        if name is None:
            if not (part.startswith(" ") and part.endswith("=") and _NAME.fullmatch(part, 1, len(part) - 1)):
                return None
            name = _ATTRIBUTE_NAMES[part] = part[1:-1]
        if name in attributes or name == "xmlns":
            return None
        attributes[name] = parts[k + 1]
    return attributes


def _read(elements: list[tuple[str, dict[str, str]]], game_id: str, rules: RuleSet) -> Game:
    steps = _STEPS
    lobby: Lobby | None = None
    players = 3
    play: Round | None = None
    riichi: set[int] = set()  # <REACH step=1> seen: that seat's next discard declares riichi
    rounds: list[RoundResult] = []
    start_scores: tuple[int, ...] | None = None
    owari: list[float] | None = None
    names = tuple(f"seat {s}" for s in range(players))
    for tag, a in elements:
        step = steps.get(tag)
        if step is not None:
            if play is None:
                raise LogError(f"<{tag}/> before the first <INIT>")
            seat, event, declaring = step
            if declaring is None:
                play.apply(event)
            elif seat in riichi:
                play.apply(declaring)
                riichi.discard(seat)
            else:
                play.apply(event)
            continue
        if tag in _IN_HAND:
            if play is None:
                raise LogError(f"<{tag}> before the first <INIT>")
            if tag == "N":
                play.apply(_meld(int(a["who"]), int(a["m"])))
            elif tag == "REACH":
                who = int(a["who"])
                if a["step"] == "1":
                    riichi.add(who)
                elif play.riichi[who] == 0:  # step 2: the deposit, which the round takes by itself
                    raise play.fail(f"seat {who} has no riichi to accept")
            elif tag == "DORA":
                play.apply(Dora(TILE[int(a["hai"])]))
            elif tag == "AGARI":
                ura = tuple(TILE[i] for i in _ints(a.get("doraHaiUra", "")))
                play.apply(Agari(int(a["who"]), int(a["fromWho"]), ura, _log_win(a, players)))
                owari = _ints_f(a.get("owari"))
            else:  # RYUUKYOKU
                kind = TH.MJLOG_DRAWS.get(a.get("type"))
                if kind is None:
                    raise LogError(f"unknown draw type {a.get('type')!r}")
                deltas = tuple(d * 100 for d in _ints(a["sc"])[1 : 2 * players : 2])
                play.apply(Ryuukyoku(kind, deltas, _stated_before(a["sc"], players)))
                owari = _ints_f(a.get("owari"))
        elif tag == "INIT":
            if lobby is None:
                raise LogError("<INIT> before <GO>: no lobby type")
            if play is not None:
                rounds.append(play.finish())
            if a.get("hai3"):
                raise LogError("four-player log: the fourth seat is dealt a hand")
            seed = _ints(a["seed"])
            scores = [s * 100 for s in _ints(a["ten"])[:players]]
            if start_scores is None:
                start_scores = tuple(scores)
            hands = tuple(tuple(TILE[i] for i in _ints(a[f"hai{s}"])) for s in range(players))
            play = Round(Deal(seed[0], seed[1], seed[2], int(a["oya"]), tuple(scores), hands, TILE[seed[5]]), rules)
            riichi = set()
        elif tag == "GO":
            bits = int(a["type"])
            lobby = lobby_of(bits, 3 if bits & TH.SANMA_TABLE else 4)
            check_lobby(lobby)
        elif tag == "UN" and "n0" in a and names[0] == "seat 0":  # the first UN names the players
            names = tuple(unquote(a.get(f"n{s}", "")) or f"seat {s}" for s in range(players))
        elif tag in _IGNORED:
            continue
        else:
            raise LogError(f"unknown mjlog element <{tag}>")
    if play is None or lobby is None or start_scores is None:
        raise LogError("not a Tenhou game record: no hand was played")
    rounds.append(play.finish())
    if owari is None:
        raise LogError("incomplete log: the last hand has no final result (owari)")
    return Game(
        game_id=game_id,
        lobby=lobby,
        players=names,
        start_scores=start_scores,
        rounds=tuple(rounds),
        final_scores=tuple(round(owari[2 * s] * 100) for s in range(players)),
        final_points=tuple(owari[2 * s + 1] for s in range(players)),
    )


def _ints_f(text: str | None) -> list[float] | None:
    return None if text is None else [float(x) for x in text.split(",")]


# --- writing ------------------------------------------------------------------------------------
# A played match written as Tenhou's mjlog XML.
#
# Each hand's event list (calc.logs.formats.MatchLog) becomes a tag each, in its order. The events
# carry tiles, not Tenhou's tile ids (0-135, the red fives 52 and 88): the writer gives each tile an
# id as it shows up (dealt, drawn, turned over) and follows it to the river, a meld or the north
# pile, so that every tag names one physical tile, a tile drawn and thrown at once the same. The
# tags are the reader's, written as Tenhou writes them: `<GO type>` (the lobby bits of a Phoenix
# sanma game with red fives and open tanyao, south or east), `<INIT>` (seed: round, honba, sticks, two dice, the dora indicator; `ten` in hundreds), draws `<T..>` `<U..>` `<V..>` and
# discards `<D..>` `<E..>` `<F..>` by seat, `<N who m>` with Tenhou's packed meld word, `<REACH>`
# step 1 before the riichi discard and step 2 once it stands, `<DORA>`, `<AGARI>` (ten = fu, points,
# limit; Tenhou's yaku ids; `sc` = each seat's score before the result and its change, in hundreds)
# or `<RYUUKYOKU>`, and `owari` (final scores and points) on the last result.


DRAW_TAGS, DISCARD_TAGS = "TUVW", "DEFG"
DRAW_TYPES = {P.EXHAUSTIVE: None, P.NAGASHI: "nm", P.NINE_TERMINALS: "yao9", P.FOUR_KANS: "kan4"}
LIMIT_CODE: dict[str | None, int] = {None: 0, **{name: k + 1 for k, name in enumerate(LIMITS)}}  # mangan 1 .. yakuman 5


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
        return {"yakuman": ",".join(str(TH.YAKU_ID[name]) for name, multiple in ev.yakuman for _ in range(multiple))}
    pairs = [(TH.YAKU_ID[name], han) for name, han in ev.yaku]
    pairs += [(TH.YAKU_ID[name], han) for name, han in ev.logged_bonus if han]
    return {"yaku": ",".join(f"{i},{han}" for i, han in pairs)}


def _sc(before: list[int], deltas) -> str:
    return ",".join(f"{s // 100},{d // 100}" for s, d in zip(before, deltas))


def _points(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _attr(value: object) -> str:
    """An attribute's value in double quotes, with what XML escapes there escaped (written here: the
    standard library's quoteattr and html.escape load far more than a replay uses)."""
    text = str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    return f'"{text}"'


def _tag(name: str, attrs: Mapping[str, object]) -> str:
    return f"<{name}" + "".join(f" {key}={_attr(value)}" for key, value in attrs.items()) + "/>"


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
    tags[-1] = tags[-1][:-2] + f" owari={_attr(owari)}/>"
    return "".join([*head, *tags, "</mjloggm>"])
