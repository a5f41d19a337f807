"""A simulated match written as Tenhou's mjlog XML, which `sanma replay` reads back (calc/logs/mjlog.py).

It consumes what the other writers consume (calc/logs/tenhou6_writer.py): per hand the ledger row
(the match engine's settlement) and the hand's play, in the order calc/logs/playorder.py rebuilds.
The simulator keeps Tenhou's tile ids (0-135, the red fives ids 52 and 88), so every tag carries the
very tiles played. The tags are the reader's, written as Tenhou writes them: `<GO type>` (the lobby
bits of a Phoenix sanma game with red fives and open tanyao, south or east), `<INIT>` (seed: round,
honba, sticks, two dice, the dora indicator; `ten` in hundreds), draws `<T..>` `<U..>` `<V..>` and
discards `<D..>` `<E..>` `<F..>` by seat, `<N who m>` with Tenhou's packed meld word, `<REACH>`
step 1 before the riichi discard and step 2 once it stands, `<DORA>`, `<AGARI>` (ten = fu, points,
limit; Tenhou's yaku ids; `sc` = each seat's score before the result and its change, in hundreds)
or `<RYUUKYOKU>`, and `owari` (final scores and points) on the last result.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote
from xml.sax.saxutils import quoteattr

from calc.logs import playorder as P
from calc.logs import tenhou as TH
from calc.logs.tenhou6_writer import YAKU_ID
from calc.scoring.value import LIMITS
from calc.table.play import DAIMINKAN, EXHAUSTIVE, FOUR_KANS, NAGASHI, NINE_TERMINALS, PON

DRAW_TAGS, DISCARD_TAGS = "TUVW", "DEFG"
DRAW_TYPES = {EXHAUSTIVE: None, NAGASHI: "nm", NINE_TERMINALS: "yao9", FOUR_KANS: "kan4"}
LIMIT_CODE = {None: 0, **{name: k + 1 for k, name in enumerate(LIMITS)}}  # mangan 1 .. yakuman 5


def _relative(seat: int, other: int) -> int:
    # Tenhou keeps four-seat arithmetic in sanma (calc.logs.tenhou.seat_from_relative)
    return (other - seat) % 4


def meld_word(step: tuple) -> int:
    """Tenhou's packed meld word for a call, a closed kan or an extraction (calc.logs.mjlog._meld
    reads it); an added kan's is `kakan_word`."""
    kind = step[0]
    if kind == P.NUKI:
        return step[2] << 8 | 0x20
    if kind == P.ANKAN:
        return step[2][0] << 8
    _, caller, call, from_seat, called, own = step
    if call == DAIMINKAN:
        return called << 8 | _relative(caller, from_seat)
    ids = sorted([*own, called])
    base = called // 4 * 4
    unused = next(i for i in range(4) if base + i not in ids)
    return _pon_word(base, unused, ids.index(called), 0x08, _relative(caller, from_seat))


def kakan_word(added: int, pon: tuple[int, ...], called: int) -> int:
    """An added kan: the pon's word with the added copy in the place of the unused one."""
    base = added // 4 * 4
    return _pon_word(base, added - base, sorted(pon).index(called), 0x10, 0)


def _pon_word(base: int, unused: int, place: int, kind_bit: int, relative: int) -> int:
    # bits 9+: the tile value x 3 plus the called tile's place among the three; 5-6: the fourth copy
    # (the one a pon leaves out, the one an added kan adds); 3: pon, 4: added kan; 0-1: from whom
    return ((base // 4) * 3 + place) << 9 | unused << 5 | kind_bit | relative


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


def hand_tags(row, play, *, pons: dict) -> list[str]:
    """One hand's tags. `pons`: (seat, value) -> the called id of each pon so far (for its kakan)."""
    start = [s - d for s, d in zip(row.scores, row.deltas)]
    n = len(play.haipai)
    round_raw = "ESW".index(row.label[0]) * 4 + row.dealer
    init = {"seed": f"{round_raw},{row.honba},{row.sticks_before},0,0,{play.dora[0]}",
            "ten": ",".join(str(s // 100) for s in start) + ",0", "oya": row.dealer}
    for seat in range(n):
        init[f"hai{seat}"] = ",".join(str(t) for t in sorted(play.haipai[seat]))
    out = [_tag("INIT", init)]
    scores = [s + d for s, d in zip(start, row.deposits)]  # before the result: the deposits taken
    for step in P.steps(play, won=bool(row.kyoku.wins)):
        kind = step[0]
        if kind == P.DRAW:
            out.append(f"<{DRAW_TAGS[step[1]]}{step[2]}/>")
        elif kind == P.DISCARD:
            out.append(f"<{DISCARD_TAGS[step[1]]}{step[2]}/>")
        elif kind == P.REACH:
            out.append(_tag("REACH", {"who": step[1], "step": 1}))
        elif kind == P.ACCEPT:
            out.append(_tag("REACH", {"who": step[1], "step": 2}))
        elif kind == P.DORA:
            out.append(_tag("DORA", {"hai": step[1]}))
        elif kind == P.KAKAN:
            _, seat, added, pon = step
            out.append(_tag("N", {"who": seat, "m": kakan_word(added, pon, pons[(seat, added // 4)])}))
        else:  # a call, a closed kan, an extraction
            if kind == P.CALL and step[2] == PON:
                pons[(step[1], step[4] // 4)] = step[4]
            out.append(_tag("N", {"who": step[1], "m": meld_word(step)}))
    if row.kyoku.wins:
        for w in row.kyoku.wins:
            deltas, points = row.settlement.winner_share(w.winner)
            ev = w.evaluation
            attrs = {"ba": f"{row.honba},{row.sticks_before + len(row.kyoku.riichi)}", "who": w.winner,
                     "fromWho": w.winner if w.tsumo else w.discarder,
                     "ten": f"{ev.fu},{points},{LIMIT_CODE[ev.value.limit]}", **_yaku_attrs(ev),
                     "doraHai": ",".join(str(t) for t in play.dora)}
            if any(f.riichi for f in play.result.wins if f.winner == w.winner):
                attrs["doraHaiUra"] = ",".join(str(t) for t in play.ura)
            if w.liable is not None:
                attrs["paoWho"] = w.liable
            attrs["sc"] = _sc(scores, deltas)
            out.append(_tag("AGARI", attrs))
            scores = [s + d for s, d in zip(scores, deltas)]  # a double ron's second winner: after the first
    else:
        attrs = {"ba": f"{row.honba},{row.sticks}", "sc": _sc(scores, row.settlement.deltas)}
        kind = DRAW_TYPES[play.result.draw.kind]
        if kind is not None:
            attrs["type"] = kind
        out.append(_tag("RYUUKYOKU", attrs))
    return out


def game_xml(run, names: tuple[str, ...], length: str) -> str:
    bits = TH.VS_HUMAN | TH.SANMA | TH.TOKUJOU | TH.JOUKYUU | (TH.HANCHAN if length == "hanchan" else 0)
    head = ['<mjloggm ver="2.3">', _tag("GO", {"type": bits, "lobby": 0}),
            _tag("UN", {f"n{s}": quote(name) for s, name in enumerate(names)}), _tag("TAIKYOKU", {"oya": 0})]
    tags: list[str] = []
    pons: dict = {}
    for row, play in zip(run.rows, run.plays):
        pons.clear()
        tags += hand_tags(row, play, pons=pons)
    by_seat = sorted(run.standings, key=lambda st: st.seat)
    owari = ",".join(f"{st.score // 100},{_points(st.points)}" for st in by_seat) + ",0,0"
    tags[-1] = tags[-1][:-2] + f" owari={quoteattr(owari)}/>"
    return "".join([*head, *tags, "</mjloggm>"])


def write_game(run, path: Path, length: str) -> None:
    players = len(run.state.scores)
    path.write_text(game_xml(run, tuple(f"bot {'ABC'[s]}" for s in range(players)), length), encoding="utf-8")


def save_match(run, s, index: int) -> str:
    """Write match `index` of a simulation run (`calc.sim.run.Setup` s) into `s.save`; returns the path."""
    from calc.core.errors import SanmaError

    path = Path(s.save) / f"sim-{s.seed}-{index:05d}.mjlog"
    try:
        write_game(run, path, s.rules.match.length)
    except OSError as e:
        raise SanmaError(f"cannot write {path}: {e.strerror}") from None
    return str(path)
