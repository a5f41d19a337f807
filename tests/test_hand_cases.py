"""Named hands with their exact results: every yaku and option the real logs do not exercise.

Each expected value is worked out by hand in the comment beside it (rules.md §2-3).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from calc.scoring.request import HandRequest
from calc.table.scored import score

PROFILES = Path(__file__).parent / "profiles"


def profile(name: str) -> str:
    return str(PROFILES / f"{name}.yaml")


# (id, request keywords, yaku {name: han} (yakuman: 13 x multiple), han, fu, limit, payments [(role, amount)])
CASES = [
    # 20 fu pinfu tsumo, non-dealer: b = 20 × 2^4 = 320; child C(320) = 400, dealer C(640) = 700.
    ("pinfu-tsumo", dict(hand="123p456p789s99p234s", tsumo=True, seat="S"),
     {"menzen_tsumo": 1, "pinfu": 1}, 2, 20, None, [("non-dealer", 400), ("dealer", 700)]),
    # Seven pairs is a fixed 25 fu: b = 25 × 16 = 400, ron C(1600) = 1600.
    ("chiitoitsu", dict(hand="11p33p55p77s99s11z22z", seat="S"),
     {"chiitoitsu": 2}, 2, 25, None, [("discarder", 1600)]),
    # Thirteen orphans (1m and 9m exist in sanma); with a 13-sided wait it is a double only where allowed.
    ("kokushi", dict(hand="19m19p19s1234567z1m", seat="S"),
     {"kokushi": 13}, 13, 0, "yakuman", [("discarder", 32000)]),
    ("kokushi-13-wait-double", dict(hand="19m19p19s1234567z1m", seat="S", rules="mahjongsoul"),
     {"kokushi": 26}, 26, 0, "yakuman", [("discarder", 64000)]),
    # North is a guest wind: a closed north triplet gives 8 fu and no han (rules.md §1).
    # 20 + 10 closed ron + 8 + 2 tanki = 40; riichi 1 han: b = 320, ron C(1280) = 1300.
    ("north-triplet-no-yakuhai", dict(hand="123p456p789s1s444z1s", riichi=True, seat="S"),
     {"riichi": 1}, 1, 40, None, [("discarder", 1300)]),
    ("north-as-value-tile", dict(hand="123p444z555z666z7p7p", seat="S", rules=profile("north-value")),
     {"north": 1, "haku": 1, "hatsu": 1, "sanankou": 2, "honitsu": 3}, 8, 60, "baiman", [("discarder", 16000)]),
    # West indicates North: each of 2 extracted norths is 2 han (1 nukidora + 1 dora) → nuki 4.
    ("nuki-with-west-indicator", dict(hand="123p456p789s99p234s", tsumo=True, seat="S", dora="3z", nuki=2),
     {"menzen_tsumo": 1, "pinfu": 1}, 6, 20, "haneman", [("non-dealer", 3000), ("dealer", 6000)]),
    # Ura West counts the norths again: ura 2; dora 9m → 1m (manzu wraps in sanma), none in hand.
    ("nuki-ura-west", dict(hand="123p456p789s99p234s", tsumo=True, seat="S", dora="9m3z", riichi=True, ura="3z", nuki=2),
     {"menzen_tsumo": 1, "riichi": 1, "pinfu": 1}, 9, 20, "baiman", [("non-dealer", 4000), ("dealer", 8000)]),
    # Dora wraps 9m → 1m: three 1m are three dora. Fu: 20 + 10 closed ron + 8 (closed 1m triplet)
    # + 2 (white pair) + 2 (tanki) = 42 → 50; 4 han 50 fu has b = 3200 > 2000: mangan.
    ("dora-wrap-9m", dict(hand="111m123p456p789s5z5z", seat="S", riichi=True, dora="9m"),
     {"riichi": 1}, 4, 50, "mangan", [("discarder", 8000)]),
    ("daisuushii", dict(hand="99p44z [111z] [222z] [3333z] 4z", seat="S"),
     {"daisuushii": 13}, 13, 50, "yakuman", [("discarder", 32000)]),
    # Renhou per profile: mangan (a 5-han yaku), yakuman; asked under `none` it is refused
    # (tests/test_bad_input.py), and a log's renhou situation adds nothing there.
    # Renhou as a mangan tops the hand up to 5 han: haku 1 + renhou 4 = a mangan, not a haneman.
    ("renhou-mangan", dict(hand="123p456p789s11s555z", seat="S", renhou=True, rules=profile("renhou-mangan")),
     {"haku": 1, "renhou": 4}, 5, 40, "mangan", [("discarder", 8000)]),
    # ... and adds nothing to a hand already worth more: pinfu tanyao + 4 dora = 6 han, a haneman.
    ("renhou-mangan-adds-nothing", dict(hand="234p567p234s678s5p 5p", seat="S", renhou=True, dora="4p3s",
                                        rules=profile("renhou-mangan")),
     {"pinfu": 1, "tanyao": 1, "renhou": 0}, 6, 30, "haneman", [("discarder", 12000)]),
    ("renhou-yakuman", dict(hand="123p456p789s11s555z", seat="S", renhou=True, rules=profile("renhou-yakuman")),
     {"renhou": 13}, 13, 40, "yakuman", [("discarder", 32000)]),
    # The robbed 5s is the only 5s the winner holds. 20 + 10 closed ron + 2 kanchan = 32 → 40;
    # 3 han: b = 1280, R = C(5120) = 5200.
    ("chankan", dict(hand="123p456p789p11s46s5s", seat="S", chankan=True),
     {"chankan": 1, "ittsu": 2}, 3, 40, None, [("discarder", 5200)]),
    ("houtei", dict(hand="123p456p789p11s55z5z", seat="S", houtei=True),
     {"houtei": 1, "haku": 1, "ittsu": 2}, 4, 40, "mangan", [("discarder", 8000)]),
    ("haitei", dict(hand="123p456p789s99p234s", seat="S", tsumo=True, haitei=True),
     {"menzen_tsumo": 1, "haitei": 1, "pinfu": 1}, 3, 20, None, [("non-dealer", 700), ("dealer", 1300)]),
    ("chiihou", dict(hand="123p456p789s11s55z5z", seat="S", chiihou=True, tsumo=True),
     {"chiihou": 13}, 13, 30, "yakuman", [("non-dealer", 8000), ("dealer", 16000)]),
    ("tenhou", dict(hand="123p456p789s11s55z5z", seat="E", tenhou=True, tsumo=True),
     {"tenhou": 13}, 13, 30, "yakuman", [("non-dealer", 16000), ("non-dealer", 16000)]),
    # Compound yakuman add up unless the profile says otherwise.
    ("stacked-yakuman", dict(hand="111z222z333z44z55z5z", seat="S"),
     {"shousuushii": 13, "tsuuiisou": 13}, 26, 60, "yakuman", [("discarder", 64000)]),
    # ... and then only the largest (the first among equals) is paid, and listed
    ("no-stacking", dict(hand="111z222z333z44z55z5z", seat="S", rules=profile("no-stacking")),
     {"shousuushii": 13}, 13, 60, "yakuman", [("discarder", 32000)]),
    ("chinroutou-suuankou", dict(hand="111m999m111p999s9p9p", seat="S"),
     {"suuankou": 13, "chinroutou": 13}, 26, 70, "yakuman", [("discarder", 64000)]),
    ("chuuren", dict(hand="1112345678999p5p", seat="S", tsumo=True),
     {"chuuren": 13}, 13, 40, "yakuman", [("non-dealer", 8000), ("dealer", 16000)]),
    ("junsei-chuuren-double", dict(hand="1112345678999p9p", seat="S", tsumo=True, rules="mahjongsoul"),
     {"chuuren": 26}, 26, 30, "yakuman", [("non-dealer", 16000), ("dealer", 32000)]),
    ("ryuuiisou", dict(hand="223344s666s888s6z6z", seat="S", tsumo=True),
     {"ryuuiisou": 13}, 13, 40, "yakuman", [("non-dealer", 8000), ("dealer", 16000)]),
    ("suukantsu", dict(hand="9s9s [1111m] [1111z] [1111p] [9999p]", seat="S"),
     {"suukantsu": 13}, 13, 90, "yakuman", [("discarder", 32000)]),
    # Fu as usual for a standard-form yakuman: 20 + 3 × 4 (open dragons) + 4 (1p triplet completed by
    # ron counts as open) = 36 → 40.
    ("daisangen", dict(hand="11p22p [555z] [666z] [777z] 1p", seat="S"),
     {"daisangen": 13}, 13, 40, "yakuman", [("discarder", 32000)]),
    # With a run beside the three dragon triplets: 20 + 12 (open dragons) + 2 (kanchan) = 34 → 40.
    ("daisangen-with-run", dict(hand="13p55s [555z] [666z] [777z] 2p", seat="S"),
     {"daisangen": 13}, 13, 40, "yakuman", [("discarder", 32000)]),
    ("shousuushii-with-run", dict(hand="12p44z [111z] [222z] [333z] 3p", seat="S"),
     {"shousuushii": 13}, 13, 40, "yakuman", [("discarder", 32000)]),
    # 1m1p1s triplets: sanshoku doukou is possible in sanma (doujun is not: no 2m-8m).
    ("sanshoku-doukou", dict(hand="111m111p111s234p5z5z", seat="S"),
     {"sanshoku_doukou": 2, "sanankou": 2}, 4, 60, "mangan", [("discarder", 8000)]),
    # Ron on 9s makes that triplet open: 8+8+8 closed, 4 open, 2 for the dragon pair: 20+10+30 = 60.
    ("honroutou-toitoi", dict(hand="111p999p111s55z999s", seat="S"),
     {"toitoi": 2, "sanankou": 2, "honroutou": 2}, 6, 60, "haneman", [("discarder", 12000)]),
    ("sankantsu", dict(hand="9s9s [111m] [1111z] [1111p] [9999p]", seat="S"),
     {"round_wind_east": 1, "sankantsu": 2, "toitoi": 2, "honroutou": 2}, 7, 80, "haneman", [("discarder", 12000)]),
    # Ryanpeikou beats the seven-pairs reading of the same tiles.
    ("ryanpeikou", dict(hand="234p234p567s567s88s", seat="S", riichi=True),
     {"riichi": 1, "pinfu": 1, "tanyao": 1, "ryanpeikou": 3}, 6, 30, "haneman", [("discarder", 12000)]),
    # Kiriage: 4 han 30 fu (b = 1920) is 7700 normally and a mangan with the option.
    ("no-kiriage", dict(hand="234p567p33s345s456s", seat="S", riichi=True, dora="1p"),
     {"riichi": 1, "pinfu": 1, "tanyao": 1}, 4, 30, None, [("discarder", 7700)]),
    ("kiriage", dict(hand="234p567p33s345s456s", seat="S", riichi=True, dora="1p", rules=profile("kiriage")),
     {"riichi": 1, "pinfu": 1, "tanyao": 1}, 4, 30, "mangan", [("discarder", 8000)]),
    # Kazoe: 14 counted han is a yakuman, or a sanbaiman where the profile caps it.
    ("kazoe-yakuman", dict(hand="11223344556677p", seat="S", riichi=True, tsumo=True, dora="9p"),
     {"menzen_tsumo": 1, "riichi": 1, "pinfu": 1, "ryanpeikou": 3, "chinitsu": 6}, 14, 20, "yakuman",
     [("non-dealer", 8000), ("dealer", 16000)]),
    ("kazoe-sanbaiman", dict(hand="11223344556677p", seat="S", riichi=True, tsumo=True, dora="9p", rules=profile("kazoe-sanbaiman")),
     {"menzen_tsumo": 1, "riichi": 1, "pinfu": 1, "ryanpeikou": 3, "chinitsu": 6}, 14, 20, "sanbaiman",
     [("non-dealer", 6000), ("dealer", 12000)]),
    # A pair of East as East dealer in the East round: 20 + 4 (closed 2p triplet) + 4 (double wind
    # pair) + 2 tanki + 2 tsumo = 32 → 40; where the profile gives that pair 2 fu: 30 → 30.
    ("double-wind-pair-4", dict(hand="222p456p789s234s1z 1z", tsumo=True, seat="E"),
     {"menzen_tsumo": 1}, 1, 40, None, [("non-dealer", 700), ("non-dealer", 700)]),
    ("double-wind-pair-2", dict(hand="222p456p789s234s1z 1z", tsumo=True, seat="E", rules=profile("double-wind-2")),
     {"menzen_tsumo": 1}, 1, 30, None, [("non-dealer", 500), ("non-dealer", 500)]),
    ("kazoe-off", dict(hand="11223344556677p", seat="S", riichi=True, tsumo=True, dora="9p", rules=profile("kazoe-off")),
     {"menzen_tsumo": 1, "riichi": 1, "pinfu": 1, "ryanpeikou": 3, "chinitsu": 6}, 14, 20, "sanbaiman",
     [("non-dealer", 6000), ("dealer", 12000)]),
    # Open tanyao: 1 han with the option, no yaku without it.
    ("open-tanyao", dict(hand="234p567s33s 456s [888p]", seat="S"),
     {"tanyao": 1}, 1, 30, None, [("discarder", 1000)]),
    # Dealer ron 6b: 2 han 40 fu b = 640, C(3840) = 3900; honba 2 under standard adds 2 × 1000.
    ("dealer-ron-honba", dict(hand="123p456p789s1s444z1s", riichi=True, ippatsu=True, seat="E", honba=2),
     {"riichi": 1, "ippatsu": 1}, 2, 40, None, [("discarder", 5900)]),
    # An extracted north's replacement tile wins: rinshan; extraction keeps the hand closed.
    ("rinshan-after-nuki", dict(hand="123p456p789s99p234s", seat="S", tsumo=True, rinshan=True, nuki=1),
     {"menzen_tsumo": 1, "rinshan_kaihou": 1, "pinfu": 1}, 4, 20, None, [("non-dealer", 1300), ("dealer", 2600)]),
    ("double-riichi", dict(hand="123p456p789s1s444z1s", double_riichi=True, seat="S"),
     {"double_riichi": 2}, 2, 40, None, [("discarder", 2600)]),
    ("chanta", dict(hand="123p789p123s11z [999s]", seat="S"),
     {"chanta": 1}, 1, 30, None, [("discarder", 1000)]),
    # The last 9p read into 789p is a two-sided wait, so pinfu beats the tanki reading (40 fu, 4 han).
    ("junchan", dict(hand="123p789p123s789s9p9p", seat="S", riichi=True),
     {"riichi": 1, "pinfu": 1, "junchan": 3}, 5, 30, "mangan", [("discarder", 8000)]),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_hand(case):
    _, request, yaku, han, fu, limit, payments = case
    result = score(HandRequest(**request))
    e = result.evaluation
    got_yaku = dict(e.yaku) | {name: 13 * multiple for name, multiple in e.yakuman}
    assert got_yaku == yaku
    assert (e.han, e.fu, e.limit) == (han, fu, limit)
    assert [(p.role, p.amount) for p in result.settlement.payments] == payments


def test_open_tanyao_off_means_no_yaku():
    from calc.core.errors import IllegalHandError

    with pytest.raises(IllegalHandError, match="no yaku"):
        score(HandRequest(hand="234p567s33s 456s [888p]", seat="S", rules=profile("closed-tanyao")))
