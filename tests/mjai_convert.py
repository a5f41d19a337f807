"""Test helper: a Tenhou mjlog game written as an mjai event log, the way community converters do.

It decodes the XML on its own (tags, Tenhou's packed meld word), not through calc.logs.mjlog, so a
replay of its output checks the mjai reader against the mjlog reader independently. Only the
yaku names come from the format table (Tenhou's Japanese names, which the mjai reader accepts).
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from urllib.parse import unquote

from calc.logs.tenhou import YAKU_NAMES

PLAYERS = 3
RED = {16, 52, 88}
HONORS = "ESWNPFC"
DRAW_TAGS = {c: s for s, c in enumerate("TUVW")}
DISCARD_TAGS = {c: s for s, c in enumerate("DEFG")}
TAG = re.compile(r"([TUVWDEFG])(\d+)$")


def pai(tile_id: int) -> str:
    value = tile_id // 4
    if value >= 27:
        return HONORS[value - 27]
    return f"{value % 9 + 1}{'mps'[value // 9]}{'r' if tile_id in RED else ''}"


def _ints(text: str | None) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def _meld(who: int, m: int) -> dict:
    if m & 0x18:  # pon or added kan
        t = m >> 9
        base = t // 3 * 4
        unused = (m >> 5) & 3
        ids = [base + i for i in range(4) if i != unused]
        if m & 0x8:
            called = ids[t % 3]
            ids.remove(called)
            return {"type": "pon", "actor": who, "target": (who + (m & 3)) % 4, "pai": pai(called),
                    "consumed": [pai(i) for i in ids]}
        return {"type": "kakan", "actor": who, "pai": pai(base + unused), "consumed": [pai(i) for i in ids]}
    if m & 0x20:
        return {"type": "kita", "actor": who, "pai": pai(m >> 8)}
    called = m >> 8
    ids = [called // 4 * 4 + i for i in range(4)]
    if m & 3:
        ids.remove(called)
        return {"type": "daiminkan", "actor": who, "target": (who + (m & 3)) % 4, "pai": pai(called),
                "consumed": [pai(i) for i in ids]}
    return {"type": "ankan", "actor": who, "consumed": [pai(i) for i in ids]}


def _deltas(sc: str) -> list[int]:
    values = _ints(sc)
    return [values[2 * s + 1] * 100 for s in range(PLAYERS)]


def mjlog_to_mjai(xml: str | bytes) -> list[dict]:
    root = ET.fromstring(xml)
    events: list[dict] = []
    names = [f"seat {s}" for s in range(PLAYERS)]
    last_draw: dict[int, int] = {}
    in_hand = False
    owari = None
    for el in root:
        tag, a = el.tag, el.attrib
        step = TAG.match(tag)
        if step:
            letter, tile_id = step.group(1), int(step.group(2))
            if letter in DRAW_TAGS:
                seat = DRAW_TAGS[letter]
                last_draw = {seat: tile_id}
                events.append({"type": "tsumo", "actor": seat, "pai": pai(tile_id)})
            else:
                seat = DISCARD_TAGS[letter]
                events.append({"type": "dahai", "actor": seat, "pai": pai(tile_id),
                               "tsumogiri": last_draw.get(seat) == tile_id})
                last_draw = {}
            continue
        if tag == "UN" and "n0" in a and not events:
            names = [unquote(a.get(f"n{s}", "")) or f"seat {s}" for s in range(PLAYERS)]
        elif tag == "INIT":
            if not events:
                events.append({"type": "start_game", "names": names})
            if in_hand:
                events.append({"type": "end_kyoku"})
            seed = _ints(a["seed"])
            events.append({
                "type": "start_kyoku", "bakaze": "ESW"[seed[0] // 4], "kyoku": seed[0] % 4 + 1,
                "honba": seed[1], "kyotaku": seed[2], "oya": int(a["oya"]),
                "scores": [x * 100 for x in _ints(a["ten"])[:PLAYERS]], "dora_marker": pai(seed[5]),
                "tehais": [[pai(i) for i in _ints(a[f"hai{s}"])] for s in range(PLAYERS)],
            })
            in_hand = True
            last_draw = {}
        elif tag == "N":
            events.append(_meld(int(a["who"]), int(a["m"])))
            last_draw = {}
        elif tag == "REACH":
            kind = "reach" if a["step"] == "1" else "reach_accepted"
            events.append({"type": kind, "actor": int(a["who"])})
        elif tag == "DORA":
            events.append({"type": "dora", "dora_marker": pai(int(a["hai"]))})
        elif tag == "AGARI":
            fu, points, _ = _ints(a["ten"])
            pairs = _ints(a.get("yaku"))
            yaku = [[YAKU_NAMES[pairs[i]], pairs[i + 1]] for i in range(0, len(pairs), 2)]
            yaku += [[YAKU_NAMES[i], 13] for i in _ints(a.get("yakuman"))]
            han = sum(h for _, h in yaku)
            events.append({"type": "hora", "actor": int(a["who"]), "target": int(a["fromWho"]),
                           "pai": pai(int(a["machi"])), "deltas": _deltas(a["sc"]),
                           "ura_markers": [pai(i) for i in _ints(a.get("doraHaiUra"))],
                           "han": han, "fu": fu, "points": points, "yaku": yaku})
            owari = a.get("owari") or owari
        elif tag == "RYUUKYOKU":
            event = {"type": "ryukyoku", "deltas": _deltas(a["sc"])}
            reason = {"yao9": "kyushukyuhai", "kan4": "suukaikan"}.get(a.get("type"))
            if reason:  # an exhaustive draw or nagashi mangan is left for the reader to tell
                event["reason"] = reason
            events.append(event)
            owari = a.get("owari") or owari
    events.append({"type": "end_kyoku"})
    end = {"type": "end_game"}
    if owari:
        end["scores"] = [round(float(x) * 100) for x in owari.split(",")[0 : 2 * PLAYERS : 2]]
    events.append(end)
    return events


def jsonl(events: list[dict]) -> str:
    return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events)
