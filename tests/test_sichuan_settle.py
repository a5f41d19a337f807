"""Sichuan settlement (rules.md §8): every kong payment, the hot-kong transfer, several winners on one
discard, the end-of-wall settlements, the dealer, records that cannot have happened, and the example
record worked by hand, line by line."""

from __future__ import annotations

from pathlib import Path

import pytest

from calc.core.errors import SanmaError
from calc.sichuan import record as REC

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "sichuan.yaml"
PLAYERS = ("Ana", "Bo", "Chen", "Dee")
A, B, C, D = range(4)

# Hands used below (void suits: Ana s, Bo m, Chen p, Dee m unless a test says otherwise).
PLAIN_ANA = "123m 456m 789m 234p 5p 5p"  # plain win 1 fan
PLAIN_BO = "123s 456s 789s 234p 5p 5p"
PLAIN_CHEN = "123m 456m 789m 234s 5s 5s"
PLAIN_DEE = "123s 456s 789s 234p 6p 6p"


def record(play: str, *, void: str = "{Ana: s, Bo: m, Chen: p, Dee: m}", rules: str = "sichuan",
           tmp_path: Path | None = None, extra_hands: str = "") -> REC.Record:
    entries = "".join(f"        {line}\n" if line.startswith(" ") else f"      - {line}\n"
                      for line in play.splitlines() if line.strip())
    text = (f"rules: {rules}\nplayers: [Ana, Bo, Chen, Dee]\nhands:\n  - void: {void}\n    play:\n"
            + entries + extra_hands)
    file = str(tmp_path / "record.yaml") if tmp_path else "<record>"
    return REC.read_text(text, file)


def settle(play: str, **kw) -> REC.Settled:
    return REC.settle(record(play, **kw))


def payments(step) -> list[tuple[int, int, int]]:
    return [(p.payer, p.payee, p.amount) for p in step.payments]


def steps(settled: REC.Settled, hand: int = 0):
    return settled.hands[hand].result.steps


# Three players win one after another: the hand ends without the wall running out.
THREE_WINS = f"""
win: {{winner: Bo, from: Ana, hand: "{PLAIN_BO}"}}
win: {{winner: Chen, from: Ana, hand: "{PLAIN_CHEN}"}}
win: {{winner: Dee, from: Ana, hand: "{PLAIN_DEE}"}}
"""


# ---------------------------------------------------------------- kongs


def test_concealed_kong_two_base_from_each_player_still_in():
    s = settle('kong: {player: Bo, tile: 7p, kind: concealed}\n'
               + THREE_WINS.replace(PLAIN_BO, "123s 456s 789s 5p 5p (7777p)"))
    assert payments(steps(s)[0]) == [(A, B, 2), (C, B, 2), (D, B, 2)]
    assert steps(s)[0].deltas == (-2, 6, -2, -2)
    assert "concealed kong 7p, 2 base from each player still in" in steps(s)[0].payments[0].reason


def test_added_kong_one_base_from_each_player_still_in_and_winners_do_not_pay():
    play = f"""
win: {{winner: Bo, from: Ana, hand: "{PLAIN_BO}"}}
kong: {{player: Chen, tile: 9m, kind: added}}
win: {{winner: Chen, from: Ana, hand: "123m 456m 234s 5s 5s [9999m]"}}
win: {{winner: Dee, from: Ana, hand: "{PLAIN_DEE}"}}
"""
    s = settle(play)
    assert payments(steps(s)[1]) == [(A, C, 1), (D, C, 1)]  # Bo has won: he pays no more


def test_exposed_kong_two_base_from_the_discarder():
    s = settle('kong: {player: Chen, tile: 9m, kind: exposed, from: Dee}\n'
               + THREE_WINS.replace(PLAIN_CHEN, "123m 456m 234s 5s 5s [9999m]"))
    assert payments(steps(s)[0]) == [(D, C, 2)]
    assert steps(s)[0].what == "Chen: exposed kong 9m on Dee's discard"


def test_kong_payments_are_profile_keys(tmp_path):
    (tmp_path / "club.yaml").write_text("extends: sichuan\nkong:\n  concealed: 3\n  exposed: 1\npayment:\n  base: 10\n")
    play = ('kong: {player: Bo, tile: 7p, kind: concealed}\nkong: {player: Chen, tile: 9m, kind: exposed, from: Dee}\n'
            + THREE_WINS.replace(PLAIN_BO, "123s 456s 789s 5p 5p (7777p)")
            .replace(PLAIN_CHEN, "123m 456m 234s 5s 5s [9999m]"))
    s = settle(play, rules="club.yaml", tmp_path=tmp_path)
    assert payments(steps(s)[0]) == [(A, B, 30), (C, B, 30), (D, B, 30)]
    assert payments(steps(s)[1]) == [(D, C, 10)]


# ---------------------------------------------------------------- wins


def test_ron_and_tsumo_payments_and_the_flow_ends_after_three_winners():
    play = f"""
win: {{winner: Bo, tsumo: true, hand: "{PLAIN_BO}"}}
win: {{winner: Chen, from: Dee, hand: "123m 123m 456m 789m 5m 5m"}}
win: {{winner: Dee, tsumo: true, hand: "{PLAIN_DEE}"}}
"""
    s = settle(play)
    # tsumo: 1 fan = 1, + 1 tsumo base, from the three still in
    assert payments(steps(s)[0]) == [(A, B, 2), (C, B, 2), (D, B, 2)]
    # one suit 3 fan = 4 from the discarder
    assert payments(steps(s)[1]) == [(D, C, 4)]
    # Bo and Chen have left: only Ana pays Dee's tsumo
    assert payments(steps(s)[2]) == [(A, D, 2)]
    assert s.hands[0].result.winners == (B, C, D)
    assert s.totals == (-4, 6, 2, -4) and sum(s.totals) == 0


def test_several_winners_on_one_discard_each_get_paid():
    play = f"""
win:
  - {{winner: Dee, from: Ana, hand: "123p 567p 789p 6s 6s 23s 4s"}}
  - {{winner: Bo, from: Ana, hand: "123p 456p 789p 5s 5s 23s 4s"}}
  - {{winner: Chen, from: Ana, hand: "111m 999m 777m 5s 5s 44s 4s"}}
"""
    s = settle(play)
    step = steps(s)[0]
    # seat order from the discarder: Bo, Chen, Dee
    # one discard, one tile (4s) in all three hands: plain 1 fan each, Chen all pungs 2 fan
    assert payments(step) == [(A, B, 1), (A, C, 2), (A, D, 1)]
    assert step.what == "Bo and Chen and Dee: ron on Ana's discard"
    result = s.hands[0].result
    assert result.winners == (B, C, D)
    assert result.next_dealer == A  # one discard, several winners: the discarder deals next (rules.md §8)


SAME_HAND = "111m 111p 222m 333m 5p 5p"


@pytest.mark.parametrize("play, message", [
    # three winners on one discard, each holding 111m and 111p: nine of each between them
    ("win:\n" + "".join(f'  - {{winner: {w}, from: Ana, hand: "{SAME_HAND}"}}\n' for w in ("Bo", "Chen", "Dee")),
     r"9 copies of 1m between the hands shown \(Bo, Chen and Dee\) and the kongs made \(the discard counted "
     r"once\); the set has four"),
    # the discard is one tile: 5p counted once across the winners, 111m twice is six
    ('win:\n  - {winner: Bo, from: Ana, hand: "111m 123p 456p 789p 5p 5p"}\n'
     '  - {winner: Chen, from: Ana, hand: "111m 234m 456m 789m 5p 5p"}\n', "6 copies of 1m"),
    # winners one after another: the hands already shown count too
    ('win: {winner: Bo, from: Ana, hand: "111p 222p 333p 444p 9p 9p"}\n'
     'win: {winner: Dee, from: Ana, hand: "111p 234p 567p 789p 6p 6p"}\n', r"6 copies of 1p between the hands shown "
     r"\(Bo and Dee\)"),
    # a kong not (yet) shown in a hand holds its four
    ('kong: {player: Ana, tile: 9p, kind: concealed}\n'
     'win: {winner: Bo, from: Chen, hand: "123p 456p 789p 123m 5m 5m"}\n', "5 copies of 9p"),
    # the hands at the end of the wall count as well
    ('win: {winner: Bo, from: Ana, hand: "111p 222p 333p 444p 9p 9p"}\n'
     'draw: {Ana: "11p 234m 567m 789m 11m", Chen: "123m 456m 789m 23s 55s", Dee: "123s 456s 789s 23p 55p"}\n',
     "5 copies of 1p"),
    # several winners on one discard win on that one tile
    ('win:\n  - {winner: Bo, from: Ana, hand: "123m 456m 789m 234p 5p 5p"}\n'
     '  - {winner: Dee, from: Ana, hand: "123m 456m 789m 234p 6p 6p"}\n',
     "several winners on one discard win on that one tile, but the hands say Bo 5p, Dee 6p"),
])
def test_tiles_are_counted_across_the_hands_of_one_hand(play, message):
    """rules.md §8: 108 tiles, four of each; every hand laid down and every kong is on the one table."""
    with pytest.raises(SanmaError, match=message):
        settle(play, void="{Ana: s, Bo: s, Chen: s, Dee: s}")


@pytest.mark.parametrize("mode, expected", [
    ("none", [(B, A, 2), (B, C, 2)]),
    ("first-winner", [(B, C, 2), (B, A, 2), (B, C, 6)]),
    # split: Chen is first from the discarder Bo; 6 split two ways, never more than the kong brought in
    ("each-winner", [(B, C, 2), (B, A, 2), (B, C, 3), (B, A, 3)]),
])
def test_hot_kong_passes_its_income(tmp_path, mode, expected):
    (tmp_path / "p.yaml").write_text(f"extends: sichuan\nkong:\n  transfer: {mode}\n")
    play = f"""
kong: {{player: Bo, tile: 7p, kind: concealed}}
win:
  - {{winner: Ana, from: Bo, hand: "{PLAIN_ANA}", win: 9m, kong_discard: true}}
  - {{winner: Chen, from: Bo, hand: "{PLAIN_CHEN}", win: 9m, kong_discard: true}}
win: {{winner: Dee, from: Bo, hand: "{PLAIN_DEE}"}}
"""
    s = settle(play, rules="p.yaml", tmp_path=tmp_path)
    step = steps(s)[1]
    # each winner: plain 1 + kong discard 1 = 2 fan = 2; the kong took 2 from each of three = 6
    assert sorted(payments(step)) == sorted(expected)
    assert sum(step.deltas) == 0


def test_each_winner_split_gives_the_odd_point_to_the_first_winner(tmp_path):
    (tmp_path / "p.yaml").write_text("extends: sichuan\nkong:\n  transfer: each-winner\n")
    play = f"""
kong: {{player: Bo, tile: 7p, kind: added}}
win:
  - {{winner: Ana, from: Bo, hand: "{PLAIN_ANA}", win: 9m, kong_discard: true}}
  - {{winner: Chen, from: Bo, hand: "{PLAIN_CHEN}", win: 9m, kong_discard: true}}
win: {{winner: Dee, from: Bo, hand: "{PLAIN_DEE}"}}
"""
    s = settle(play, rules="p.yaml", tmp_path=tmp_path)
    kong, win = steps(s)[0], steps(s)[1]
    assert payments(kong) == [(A, B, 1), (C, B, 1), (D, B, 1)]
    # the added kong brought Bo 3: Chen (first from Bo) gets 2, Ana 1; Bo keeps nothing of it
    assert sorted(payments(win)) == sorted([(B, C, 2), (B, A, 2), (B, C, 2), (B, A, 1)])
    assert "its share of 3 split 2 ways" in win.payments[-1].reason
    assert kong.deltas[B] + win.deltas[B] == -4  # paid both hands (2 + 2), the kong's income all passed on


KONG_THEN_RON = f"""
kong: {{player: Bo, tile: 7p, kind: concealed}}
win: {{winner: Ana, from: Bo, hand: "{PLAIN_ANA}", kong_discard: SAID}}
win: {{winner: Chen, from: Bo, hand: "{PLAIN_CHEN}"}}
win: {{winner: Dee, from: Bo, hand: "{PLAIN_DEE}"}}
"""


def test_a_ron_after_the_discarders_kong_is_settled_as_the_record_says():
    hot = steps(settle(KONG_THEN_RON.replace("SAID", "true")))[1]
    later = steps(settle(KONG_THEN_RON.replace("SAID", "false")))[1]
    # on the kong's discard: plain 1 + 杠上炮 1 = 2 fan = 2, and the kong's 6 passes to Ana
    assert payments(hot) == [(B, A, 2), (B, A, 6)]
    assert [line.key for line in hot.fans[0][1].lines] == ["plain", "kong_discard"]
    # turns later: a plain ron, Bo keeps the kong's income
    assert payments(later) == [(B, A, 1)]


def test_one_winner_states_the_kong_discard_for_all_on_that_discard():
    play = f"""
kong: {{player: Bo, tile: 7p, kind: concealed}}
win:
  - {{winner: Ana, from: Bo, hand: "{PLAIN_ANA}", win: 9m, kong_discard: true}}
  - {{winner: Chen, from: Bo, hand: "{PLAIN_CHEN}", win: 9m}}
win: {{winner: Dee, from: Bo, hand: "{PLAIN_DEE}"}}
"""
    step = steps(settle(play))[1]
    assert [(seat, result.fan) for seat, result in step.fans] == [(C, 2), (A, 2)]  # both count 杠上炮
    assert sorted(payments(step)) == sorted([(B, C, 2), (B, A, 2), (B, C, 6)])  # first-winner: Chen


def test_a_tsumo_after_ones_own_kong_is_settled_as_the_record_says():
    play = ("kong: {player: Ana, tile: 1m, kind: concealed}\n"
            'win: {winner: Ana, tsumo: true, kong_replacement: SAID, hand: "456m 789m 234p 5p 5p (1111m)"}\n'
            + f'win: {{winner: Bo, from: Dee, hand: "{PLAIN_BO}"}}\nwin: {{winner: Chen, from: Dee, hand: "234m 456m 789m 234s 5s 5s"}}')
    on = steps(settle(play.replace("SAID", "true")))[1]
    off = steps(settle(play.replace("SAID", "false")))[1]
    # plain 1 + gen 1 + 杠上花 1 = 3 fan = 4, + 1 tsumo base, from each of the three still in
    assert payments(on) == [(B, A, 5), (C, A, 5), (D, A, 5)]
    assert payments(off) == [(B, A, 3), (C, A, 3), (D, A, 3)]  # plain + gen = 2 fan = 2, + 1


# ---------------------------------------------------------------- the end of the wall


BO_FIRST = "111s 999s 222p 888p 5p 5p"  # Bo (void m) wins first: all pungs


def _end(draw: str, *, before: str = "", rules: str = "sichuan", tmp_path=None, situation: str = ""):
    play = before + f'win: {{winner: Bo, from: Ana, hand: "{BO_FIRST}"{situation}}}\ndraw: {draw}\n'
    return settle(play, rules=rules, tmp_path=tmp_path)


def test_void_holder_pays_the_cap_to_each_other_player_still_in():
    # Ana (void s) still holds 5s; Chen and Dee are not ready, so nobody is paid a hand
    s = _end('{Ana: "123m 456m 789m 11p 5s 6p", Chen: "123m 456m 78m 1s 2s 9s 5s 6s", '
             'Dee: "234s 567s 78s 1p 3p 4p 6p 7p"}')
    last = steps(s)[-1]
    assert payments(last) == [(A, C, 32), (A, D, 32)]  # the cap, 6 fan = 32
    assert "still holds the void suit s" in last.payments[0].reason
    assert last.what == "the wall is empty: Ana holds the void suit, Chen not ready, Dee not ready"


def test_two_void_holders_pay_only_the_others():
    s = _end('{Ana: "123m 456m 789m 11p 5s 6p", Chen: "123m 456m 78m 1s 2s 9s 5s 6p", '
             'Dee: "234s 567s 78s 1p 3p 4p 6p 7p"}')
    assert payments(steps(s)[-1]) == [(A, D, 32), (C, D, 32)]


def test_not_ready_pays_each_ready_player_that_players_best_hand():
    s = _end('{Ana: "123m 456m 789m 11p 3p 6p", Chen: "123m 456m 789m 23m 55m", '
             'Dee: "234s 456s 78s 55s 333s"}')
    last = steps(s)[-1]
    # Chen waits on 1m or 4m: one suit, 3 fan = 4. Dee waits on 1s 2s 4s 5s 6s 9s, one suit and the gen
    # of four 3s, 4 fan; on 5s a second gen (four 5s), 5 fan = 16. Ana is not ready and pays both.
    assert payments(last) == [(A, C, 4), (A, D, 16)]
    assert [(seat, result.fan) for seat, result in last.fans] == [(C, 3), (D, 5)]
    assert "Dee's best hand, on 5s: one suit 清一色 3 + 2 gens 根 2 = 5 fan" in last.payments[1].reason


def test_not_ready_refund_kong_income_and_ready_keep_theirs():
    before = ("kong: {player: Ana, tile: 7p, kind: concealed}\n"
              "kong: {player: Dee, tile: 3s, kind: exposed, from: Chen}\n")
    s = _end('{Ana: "123m 456m 78m 3p 6p (7777p)", Chen: "123m 456m 789m 23m 55m", '
             'Dee: "456s 789s 55s 66s [3333s]"}', before=before)
    last = steps(s)[-1]
    # Ana is not ready: she pays Chen's best (one suit, 4) and Dee's (5s or 6s: one suit + two gens,
    # 5 fan = 16), and returns her concealed kong's 2 to each of Bo, Chen and Dee; Dee, ready, keeps
    # the 2 Chen paid for his exposed kong.
    assert payments(last) == [(A, C, 4), (A, D, 16), (A, B, 2), (A, C, 2), (A, D, 2)]
    assert "Ana returns 2 to Bo: not ready, gives back the income of the kong of 7p" in last.payments[2].reason


def test_end_of_wall_settlements_are_profile_keys(tmp_path):
    (tmp_path / "soft.yaml").write_text("extends: sichuan\nend:\n  void_pays_cap: false\n  not_ready_pays: false\n"
                                        "  not_ready_refunds: false\n")
    before = "kong: {player: Ana, tile: 7p, kind: concealed}\n"
    s = _end('{Ana: "123m 456m 78m 3s 6p (7777p)", Chen: "123m 456m 789m 23m 55m", '
             'Dee: "234s 456s 78s 55s 666s"}', before=before, rules="soft.yaml", tmp_path=tmp_path,
             situation=", kong_discard: false")  # Bo's ron comes turns after Ana's kong
    assert payments(steps(s)[-1]) == []


# ---------------------------------------------------------------- the example, worked by hand


def test_example_record_line_by_line():
    s = REC.settle(REC.read(EXAMPLE))
    hand1, hand2 = (h.result for h in s.hands)
    assert [payments(step) for step in hand1.steps] == [
        [(D, C, 2)],  # Chen's exposed kong 3m on Dee's discard: 2 base from the discarder
        [(A, B, 2), (C, B, 2), (D, B, 2)],  # Bo's concealed kong 7p: 2 base from each still in
        [(B, A, 2), (B, A, 6)],  # Ana's ron on the kong's discard: plain 1 + 1 = 2 fan = 2, and the kong's 6
        [(D, B, 2), (D, C, 4)],  # one discard, two winners: Bo plain + gen = 2; Chen all pungs + gen = 3 fan = 4
    ]
    assert [step.deltas for step in hand1.steps] == [
        (0, 0, 2, -2), (-2, 6, -2, -2), (8, -8, 0, 0), (0, 2, 4, -6)]
    assert hand1.deltas == (6, 0, 4, -10)
    assert hand1.winners == (A, B, C) and hand1.next_dealer == A
    assert [payments(step) for step in hand2.steps] == [
        [(A, D, 2), (B, D, 2), (C, D, 2)],  # Dee's concealed kong 9s
        [(A, B, 1), (C, B, 1), (D, B, 1)],  # Bo's added kong 2p
        [(A, C, 5), (B, C, 5), (D, C, 5)],  # Chen's tsumo: one suit 3 fan = 4, + 1 base
        # the wall is empty: Ana holds her void suit p (the cap, 32, to Bo and Dee); Bo is not ready (pays
        # Dee's best hand, one suit + gen = 4 fan = 8, and returns his kong's 1 to each payer)
        [(A, B, 32), (A, D, 32), (B, D, 8), (B, A, 1), (B, C, 1), (B, D, 1)],
    ]
    assert hand2.deltas == (-71, 17, 13, 41)
    assert [step.kind for step in hand2.steps] == ["kong", "kong", "win", "wall end"]
    assert hand2.dealer == A and hand2.next_dealer == C
    assert s.totals == (-65, 17, 17, 31)
    assert sum(s.totals) == 0
    for hand in (hand1, hand2):
        assert all(sum(step.deltas) == 0 for step in hand.steps)
        assert sum(hand.deltas) == 0


def test_the_dealer_follows_the_first_winner_and_stays_when_nobody_won():
    nobody = ('draw: {Ana: "123m 456m 789m 11p 3p 6p", Bo: "123s 456s 789s 1p 2p 6p 9p", '
              'Chen: "123m 456m 789m 1s 5s 7s 9s", Dee: "123s 456s 789s 1p 3p 5p 7p"}')
    extra = ("  - void: {Ana: s, Bo: m, Chen: p, Dee: m}\n    play:\n"
             f'      - win: {{winner: Bo, from: Chen, hand: "{PLAIN_BO}"}}\n'
             f'      - win: {{winner: Ana, from: Chen, hand: "{PLAIN_ANA}"}}\n'
             f'      - win: {{winner: Dee, from: Chen, hand: "{PLAIN_DEE}"}}\n'
             "  - void: {Ana: s, Bo: m, Chen: p, Dee: m}\n    play:\n"
             f'      - win: {{winner: Bo, tsumo: true, heavenly: true, hand: "{PLAIN_BO}"}}\n'
             f'      - win: {{winner: Ana, from: Chen, hand: "{PLAIN_ANA}"}}\n'
             f'      - win: {{winner: Dee, from: Chen, hand: "{PLAIN_DEE}"}}\n')
    s = REC.settle(record(nobody, extra_hands=extra))
    assert [h.result.dealer for h in s.hands] == [A, A, B]
    assert steps(s)[0].payments == ()  # nobody ready, nobody holding a void suit
    heavenly = s.hands[2].result.steps[0]
    assert heavenly.fans[0][1].pattern == "heavenly"
    assert payments(heavenly) == [(A, B, 33), (C, B, 33), (D, B, 33)]  # 6 fan = 32, + 1 tsumo base


# ---------------------------------------------------------------- records that cannot have happened


@pytest.mark.parametrize("play, message", [
    (f'win: {{winner: Bo, from: Ana, hand: "{PLAIN_BO}"}}\nwin: {{winner: Chen, from: Bo, hand: "{PLAIN_CHEN}"}}',
     "Bo already won and left the hand, so pays no more: cannot deal in to Chen"),
    (f'win: {{winner: Bo, from: Ana, hand: "{PLAIN_BO}"}}\nkong: {{player: Chen, tile: 3m, kind: exposed, from: Bo}}',
     "Bo already won and left the hand, so pays no more"),
    (f'win: {{winner: Bo, from: Ana, hand: "{PLAIN_BO}"}}\nwin: {{winner: Bo, from: Ana, hand: "{PLAIN_BO}"}}',
     "Bo already won"),
    (f'win: {{winner: Bo, from: Ana, hand: "{PLAIN_BO}"}}\nkong: {{player: Bo, tile: 7p, kind: concealed}}',
     "Bo already won"),
    ('win: {winner: Ana, from: Bo, hand: "123s 456m 789m 234p 5p 5p"}', "holds 1s of its void suit s"),
    ('win: {winner: Ana, from: Bo, hand: "123z 456m 789m 234p 5p 5p"}', "honour tile 1z"),
    ('win: {winner: Ana, from: Bo, hand: "456m 789m 234p 5p 5p [123m]"}', r"chow \[123m\]"),
    ('kong: {player: Ana, tile: 7s, kind: concealed}', "Ana may not kong 7s: s is Ana's void suit"),
    ('kong: {player: Ana, tile: 7z, kind: concealed}', "honour tile 7z"),
    ('kong: {player: Ana, tile: 7p, kind: exposed}', "needs `from:`"),
    ('kong: {player: Ana, tile: 7p, kind: concealed}\nkong: {player: Bo, tile: 7p, kind: concealed}',
     "a second kong of 7p"),
    (f'win: {{winner: Ana, from: Bo, hand: "{PLAIN_ANA}"}}',
     r"the hand stops with Bo, Chen, Dee still in: record their wins or the end of the wall \(`draw:` with"),
    (f'win: {{winner: Ana, from: Bo, hand: "{PLAIN_ANA}", kong_discard: true}}',
     "the event before must be Bo's kong"),
    (f'win: {{winner: Bo, tsumo: true, heavenly: true, hand: "{PLAIN_BO}"}}', "heavenly hand is the dealer's"),
    ('win: {winner: Ana, from: Bo, hand: "456m 789m 234p 5p 5p [1111m]"}',
     "shows a kong of 1m that the play does not record"),
    ('kong: {player: Ana, tile: 1m, kind: concealed}\n'
     'win: {winner: Ana, tsumo: true, kong_replacement: true, hand: "456m 789m 234p 5p 5p [1111m]"}',
     r"concealed kong of 1m is written \(1111m\)"),
    (f'win: {{winner: Bo, from: Ana, hand: "{PLAIN_BO}"}}\ndraw: {{Chen: "123m 456m 789m 23s 55s"}}',
     "missing Ana, Dee"),
    (THREE_WINS + 'kong: {player: Ana, tile: 1m, kind: concealed}', "the hand is already over"),
    ('win:\n  - {winner: Bo, from: Ana, hand: "' + PLAIN_BO + '"}\n  - {winner: Chen, from: Dee, hand: "'
     + PLAIN_CHEN + '"}', "same `from:`"),
    ('kong: {player: Bo, tile: 7p, kind: concealed}\nwin:\n  - {winner: Ana, from: Bo, kong_discard: true, hand: "'
     + PLAIN_ANA + '"}\n  - {winner: Chen, from: Bo, kong_discard: false, hand: "' + PLAIN_CHEN + '"}',
     "kong_discard is true for some and false for others"),
    # right after a kong the record says whether the win is on its discard / replacement (the order cannot)
    (f'kong: {{player: Bo, tile: 7p, kind: concealed}}\nwin: {{winner: Ana, from: Bo, hand: "{PLAIN_ANA}"}}',
     r"Ana's ron follows Bo's kong of 7p: say whether it is on the discard Bo made right after the kong "
     r"\(`kong_discard: true`, 杠上炮\) or a later one \(`kong_discard: false`\)"),
    ('kong: {player: Ana, tile: 1m, kind: exposed, from: Bo}\n'
     'win: {winner: Ana, tsumo: true, hand: "456m 789m 234p 5p 5p [1111m]"}',
     r"Ana's tsumo follows Ana's kong of 1m: say whether it is on the kong's replacement tile "
     r"\(`kong_replacement: true`, 杠上花\) or a later draw \(`kong_replacement: false`\)"),
    ('kong: {player: Bo, tile: 5p, kind: added}\n'
     'win: {winner: Ana, from: Bo, rob_kong: true, hand: "123m 456m 789m 11p 34p 5p"}', "Ana robs Bo's kong of 5p: a robbed kong is never made and earns nothing"),
])
def test_records_that_cannot_have_happened(play, message):
    with pytest.raises(SanmaError, match=message):
        settle(play)


def test_errors_name_the_hand_and_the_line(tmp_path):
    with pytest.raises(SanmaError) as caught:
        settle(f'win: {{winner: Bo, from: Ana, hand: "{PLAIN_BO}"}}\n'
               f'win: {{winner: Chen, from: Bo, hand: "{PLAIN_CHEN}"}}', tmp_path=tmp_path)
    error = caught.value
    assert error.line == 7 and error.file.endswith("record.yaml")
    assert str(error).startswith(f"{tmp_path / 'record.yaml'}:7: hand 1: Bo already won")


@pytest.mark.parametrize("text, message", [
    ("rules: standard\nplayers: [A, B, C, D]\nhands: []\n", "not a sichuan profile"),
    ("rules: sichuan\nplayers: [A, B, C]\nhands: []\n", "players must list the 4 players"),
    ("rules: sichuan\nplayers: [A, B, C, D]\nhands:\n  - play: []\n", "needs `void:`"),
    ("rules: sichuan\nplayers: [A, B, C, D]\nhands:\n  - void: {A: m, B: m, C: m}\n    play: []\n", "missing D"),
    ("rules: sichuan\nplayers: [A, B, C, D]\nhands:\n  - void: {A: m, B: m, C: m, D: z}\n    play: []\n",
     "D's void: the void suit is m, p or s"),
])
def test_bad_record_tops(text, message):
    with pytest.raises(SanmaError, match=message):
        REC.settle(REC.read_text(text))


def test_players_named_by_numbers():
    # YAML reads `1` as a number: the names, the void keys, the seats and the draw keys all accept it
    text = ("rules: sichuan\nplayers: [1, 2, 3, 4]\nhands:\n  - void: {1: s, 2: m, 3: p, '4': m}\n    play:\n"
            f'      - win: {{winner: 2, from: 1, hand: "123p 456p 789p 789s 1s 1s"}}\n'
            '      - kong: {player: 3, tile: 9m, kind: exposed, from: "1"}\n'
            '      - draw: {1: "123m 456m 678m 11p 3p 6p", 3: "123m 456m 7m 11s 5s [9999m]", '
            '4: "234s 456s 78s 55s 333s"}\n')
    s = REC.settle(REC.read_text(text))
    assert s.players == ("1", "2", "3", "4")
    assert s.hands[0].result.voids == (2, 0, 1, 0)
    assert payments(steps(s)[0]) == [(A, B, 1)]
    assert payments(steps(s)[1]) == [(A, C, 2)]
    # 1 and 3 are not ready: each pays 4's best hand (one suit + two gens, 16); 3 returns the kong's 2
    last = steps(s)[2]
    assert last.what == "the wall is empty: 1 not ready, 3 not ready, 4 ready"
    assert payments(last) == [(A, D, 16), (C, D, 16), (C, A, 2)]


@pytest.mark.parametrize("void, message", [
    ("{1: s, '1': m, 2: m, 3: p, 4: m}", "1 is named twice in void"),
    ("{1: s, 2: m, 3: p, 5: m}", r"unknown player '5' as a key of void; players: 1, 2, 3, 4"),
])
def test_void_keys_by_number_are_checked(void, message):
    text = f"rules: sichuan\nplayers: [1, 2, 3, 4]\nhands:\n  - void: {void}\n    play: []\n"
    with pytest.raises(SanmaError, match=message):
        REC.read_text(text)
