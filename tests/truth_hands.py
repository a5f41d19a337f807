"""Turn one line of truth/agari.jsonl into the `sanma hand` request that describes it.

Only the hand facts are used (closed hand, melds, win tile, situational flags, indicators, winds,
nuki count); the result fields (han, fu, yaku, points) are what the tests compare against.
"""

from __future__ import annotations

from calc.scoring.request import HandRequest


def meld_text(meld: dict) -> str:
    body = "".join(meld["tiles"])
    return f"({body})" if meld["type"] == "ankan" else f"[{body}]"


def hand_request(line: dict, rules: str = "tenhou") -> HandRequest:
    tiles = list(line["closed_hand"])
    tiles.remove(line["win_tile"])
    tiles.append(line["win_tile"])  # the winning tile is written last
    melds = [meld_text(m) for m in line["melds"] if m["type"] != "nukidora"]
    flags = line["situational"]
    return HandRequest(
        hand=" ".join(["".join(tiles), *melds]),
        tsumo=line["tsumo"],
        riichi=line["riichi"] and not line["double_riichi"],
        double_riichi=line["double_riichi"],
        ippatsu=flags["ippatsu"],
        rinshan=flags["rinshan"],
        chankan=flags["chankan"],
        haitei=flags["haitei"],
        houtei=flags["houtei"],
        tenhou=flags["tenhou"],
        chiihou=flags["chiihou"],
        renhou=flags["renhou"],
        seat=line["seat_wind"],
        round=line["round"]["wind"],
        dora="".join(line["dora_indicators"]) or None,
        ura="".join(line["ura_indicators"]) or None,
        nuki=line["nuki_count"],
        rules=rules,
    )


def tenhou_yaku(line: dict) -> dict[str, int]:
    """Tenhou's yaku list as name -> han; yakuman as 13 each."""
    out = {y["name_en"]: y["han"] for y in line["yaku"]}
    out.update({y["name_en"]: 13 for y in line["yakuman"]})
    return out


def our_yaku_as_tenhou(evaluation, riichi: bool) -> dict[str, int]:
    """Our result in Tenhou's shape: extracted norths fold into its dora entry; ura listed on riichi."""
    out = {name: han for name, han in evaluation.yaku}
    out.update({name: 13 for name, _ in evaluation.yakuman})
    if evaluation.yakuman:
        return out
    if evaluation.dora + evaluation.nuki - evaluation.nuki_ura:
        out["dora"] = evaluation.dora + evaluation.nuki - evaluation.nuki_ura
    if evaluation.aka:
        out["aka_dora"] = evaluation.aka
    if riichi:
        out["ura_dora"] = evaluation.ura + evaluation.nuki_ura
    return out
