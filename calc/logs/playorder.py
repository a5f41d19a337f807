"""The order of play of a simulated hand, rebuilt from its columns: what the event-log writers
(mjai, mjlog) write, in the order it happened.

A simulated hand (calc.sim.engine.HandPlay, read here without importing the simulator) keeps, per
seat, what it took (`takes`: drawn tile ids, or a call `(kind, from_seat, called id, ids from the
hand)`) and what it gave (`gives`: a discard, an extraction, a closed or added kan, or the slot
after an open kan), as a tenhou.net/6 record does. The order is rebuilt from turn order and the
calls, as calc/logs/tenhou6.py reads that format back. Kan dora indicators are shown when Tenhou
shows them (a closed kan's at once, an open or added kan's at the kanner's next discard, extraction
or kan), and a riichi is accepted at the event after its discard, unless that discard is won on.
"""

from __future__ import annotations

from typing import Iterator

from calc.table.play import DAIMINKAN, PON

# The steps, each a tuple whose first item is one of these:
DRAW = "draw"  # (DRAW, seat, tile id)
REACH = "reach"  # (REACH, seat): the next discard of the seat declares riichi
DISCARD = "discard"  # (DISCARD, seat, tile id, tsumogiri, riichi)
ACCEPT = "accept"  # (ACCEPT, seat): the riichi discard was not won on; the stick goes down
CALL = "call"  # (CALL, seat, pon | daiminkan, from seat, called id, ids from the hand)
ANKAN = "ankan"  # (ANKAN, seat, the four ids)
KAKAN = "kakan"  # (KAKAN, seat, added id, the pon's three ids)
NUKI = "nuki"  # (NUKI, seat, tile id)
DORA = "dora"  # (DORA, indicator id)


def steps(play, won: bool) -> Iterator[tuple]:
    """The hand's steps in order. `won`: the hand ends in a win (a riichi declared on its last
    discard is then never accepted: that discard is what was won on)."""
    n = len(play.haipai)
    takes, gives = play.takes, play.gives
    shown, pending = 1, 0
    reach: int | None = None

    def step(item: tuple) -> Iterator[tuple]:
        nonlocal reach
        if reach is not None:
            yield (ACCEPT, reach)
            reach = None
        yield item

    def reveal() -> Iterator[tuple]:
        nonlocal shown, pending
        for _ in range(pending):
            yield from step((DORA, play.dora[shown]))
            shown += 1
        pending = 0

    ti, gi = [0] * n, [0] * n
    seat, must_draw = play.dealer, True
    while True:
        if must_draw:
            if ti[seat] >= len(takes[seat]):
                break  # a ron on the last discard, or the wall ran out
            yield from step((DRAW, seat, takes[seat][ti[seat]]))
            ti[seat] += 1
        must_draw = True
        if gi[seat] >= len(gives[seat]):
            break  # a tsumo, or nine terminals
        give = gives[seat][gi[seat]]
        gi[seat] += 1
        kind = give[0]
        if kind == "nuki":
            yield from step((NUKI, seat, give[1]))
            if ti[seat] >= len(takes[seat]):
                break  # a ron on the north
            yield from reveal()
            continue
        if kind == "ankan":
            yield from step((ANKAN, seat, tuple(give[1])))
            pending += 1
            yield from reveal()  # a closed kan's indicator shows at once
            if ti[seat] >= len(takes[seat]):
                break  # thirteen orphans robbing the closed kan
            continue
        if kind == "kakan":
            value = give[1] // 4
            pon = next(t for t in takes[seat][: ti[seat]] if not isinstance(t, int) and t[2] // 4 == value)
            yield from step((KAKAN, seat, give[1], tuple(sorted([*pon[3], pon[2]]))))
            if ti[seat] >= len(takes[seat]):
                break  # chankan
            yield from reveal()
            pending += 1
            continue
        _, tile_id, tsumogiri, riichi = give
        if riichi:
            yield from step((REACH, seat))
        yield from reveal()
        yield from step((DISCARD, seat, tile_id, bool(tsumogiri), bool(riichi)))
        if riichi:
            reach = seat
        caller = next((s for s in range(n) if s != seat and ti[s] < len(takes[s])
                       and not isinstance(takes[s][ti[s]], int)
                       and takes[s][ti[s]][1] == seat and takes[s][ti[s]][2] == tile_id), None)
        if caller is None:
            seat = (seat + 1) % n
            continue
        call_kind, _, called, own = takes[caller][ti[caller]]
        ti[caller] += 1
        yield from step((CALL, caller, PON if call_kind == PON else DAIMINKAN, seat, called, tuple(sorted(own))))
        if call_kind == DAIMINKAN:
            gi[caller] += 1  # the slot after an open kan
            pending += 1
        else:
            must_draw = False
        seat = caller
    if reach is not None and not won:
        yield (ACCEPT, reach)  # the riichi discard ended the hand in a draw: the stick stands
