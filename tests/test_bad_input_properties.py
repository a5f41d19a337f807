"""Bad input, as properties: records and hands, legal and broken, generated at random. Each gives
either a result whose points are conserved, or one line naming what is wrong and where; never a
traceback, never a silent skip."""

from __future__ import annotations

import json
import re

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from calc.cli import report
from calc.core.errors import SanmaError
from calc.scoring.request import HandRequest
from calc.table.scored import score
from calc.table import record
from hand_strategies import winning_hands
from people import scorekeepers_edits

NAMES = ["Ana", "Bo", "Chen"]
HANDS = ["234p678s999m111z5z5z", "123p456p789s99p234s", "11p33p0p5p77s99s11z22z", "234p678s5z5z [999m] [1111z]",
         "123p456p789s1z1z (5555z)", "555z777z11z123p [666z]", "123p123p789s11z55z5z", "123p456p789s11z55z5z"]
# What a person might write where a value goes: wrong types, empty, huge, negative, near misses.
JUNK = [None, [], {}, 0, -1, 10**21, "x", True, 1.5, "Ana", [None], [{}], {"x": 1}, "3p", 2, "yakuman", "mangan",
        -5, "\t", "Zed", ["Ana", "Ana"], "9m9m9m9m9m9m", "0m", "(5555p)", 13, 100, 101]
# file:line, column, key path; a key path's segments: names, [1], and a key as Python writes it, quoted
# (['a key'], ["it's"], escapes inside) when it is not a plain name
WHERE = re.compile(r"^random\.yaml:\d+(, column \d+)?"
                   r"""(, at (?:[^\s\[]+|\[(?:\d+|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\])+)?: """)


@st.composite
def legal_hand(draw):
    winner, discarder, other = draw(st.permutations(NAMES))
    kind = draw(st.sampled_from(["ron", "tsumo", "double", "draw", "abort", "nagashi", "full", "pao"]))
    hand: dict = {}
    if draw(st.booleans()):
        hand["riichi"] = draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=2))
    if kind == "ron":
        hand["win"] = {"winner": winner, "from": discarder, "han": draw(st.integers(1, 13)),
                       "fu": draw(st.sampled_from([30, 40, 50, 110]))}
    elif kind == "tsumo":
        hand["win"] = {"winner": winner, "tsumo": True, "limit": draw(st.sampled_from(["mangan", "yakuman"]))}
    elif kind == "double":
        hand["win"] = [{"winner": winner, "from": discarder, "han": 1, "fu": 30},
                       {"winner": other, "from": discarder, "hand": draw(st.sampled_from(HANDS))}]
    elif kind == "draw":  # a riichi player is tenpai at the draw
        tenpai = draw(st.lists(st.sampled_from(NAMES), unique=True))
        hand["draw"] = {"tenpai": [*hand.get("riichi", []), *(n for n in tenpai if n not in hand.get("riichi", []))]}
    elif kind == "abort":
        hand["abort"] = draw(st.sampled_from(["nine-terminals", "four-kans"]))
    elif kind == "nagashi":
        hand["nagashi"] = {"player": winner, "tenpai": hand.get("riichi", [])}
    elif kind == "pao":
        hand["win"] = {"winner": winner, "tsumo": True, "hand": "11z123p [555z] [666z] [777z]", "liable": discarder}
    else:
        hand["win"] = {"winner": winner, "from": discarder, "hand": draw(st.sampled_from(HANDS)),
                       "dora": draw(st.sampled_from(["3p", "4z", "9m", "3z"])), "nuki": draw(st.integers(0, 2))}
    return hand


@st.composite
def records(draw):
    """A legal record, then up to three edits: a value replaced by junk, a key or item removed, an
    unknown key added; sometimes a tab in the text."""
    data = {"rules": draw(st.sampled_from(["standard", "tenhou", "mahjongsoul"])), "players": list(NAMES),
            "hands": draw(st.lists(legal_hand(), max_size=12))}
    scorekeepers_edits(draw, data, draw(st.integers(0, 3)), JUNK)
    text = yaml.safe_dump(data, allow_unicode=True)
    if draw(st.integers(0, 9)) == 0:
        lines = text.splitlines()
        k = draw(st.integers(0, len(lines) - 1))
        lines[k] = "\t" + lines[k]
        text = "\n".join(lines) + "\n"
    if draw(st.integers(0, 9)) == 0:  # a stray character anywhere: YAML's own errors must name the line too
        k = draw(st.integers(0, len(text)))
        text = text[:k] + draw(st.sampled_from(["\x01", "\t", ":", "[", "{", "&", "*", "!", "%", "\x7f", "'", '"',
                                                "- ", "\n  "])) + text[k:]
    return text


def _conserved(settled: record.Settled) -> None:
    start = settled.ruleset.match.start * len(settled.players)
    for row in settled.rows:
        assert sum(row.scores) + row.sticks * settled.ruleset.payment.riichi_stick == start
    assert round(sum(s.points for s in settled.standings), 6) == 0


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records())
def test_any_record_settles_conserved_or_fails_in_one_line_naming_the_line(text):
    try:
        parsed = record.read_text(text, "random.yaml")
        settled = record.settle(parsed)
        schemes = record.settle_all_schemes(parsed)
    except SanmaError as error:
        message = str(error)
        assert "\n" not in message, message
        assert WHERE.match(message), message  # the file and the line (and inside `hands`, the hand)
        event("refused")
        return
    event("settled")
    _conserved(settled)
    for other in schemes.values():
        _conserved(other)
    for width in (80, None):  # the outputs render, narrow and wide
        report.settle_text(settled, explain=True, width=width)
        report.settle_schemes_text(settled, schemes, width)
    json.dumps(settled.to_dict(schemes), ensure_ascii=False)


FLAGS = ["tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou",
         "chiihou", "renhou"]


@st.composite
def hand_lines(draw):
    """A legal hand's `--batch` keys, then a few edits: flags flipped, values replaced by junk."""
    request = draw(winning_hands())
    data = {k: v for k, v in request._asdict().items() if v is not None}
    for _ in range(draw(st.integers(0, 3))):
        key = draw(st.sampled_from([*FLAGS, "seat", "round", "dora", "ura", "nuki", "honba", "sticks", "win", "hand",
                                    "scheme", "rules"]))
        if key in FLAGS and draw(st.booleans()):
            data[key] = not data.get(key, False)
        else:
            data[key] = draw(st.sampled_from([*JUNK, "E", "S", "W", "N", "5z", "1z9m", "0p", "tenhou", "maru-dori"]))
    return data


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand_lines())
def test_any_hand_is_paid_in_full_or_refused_in_one_line(data):
    try:
        result = score(HandRequest.from_mapping(data))
    except SanmaError as error:
        assert "\n" not in str(error) and str(error), str(error)
        event("refused")
        return
    event("scored")
    out = result.to_dict()
    # the payments add up to what the winner receives, and the hand's value is paid in full
    assert out["total"] == sum(p["amount"] for p in out["payments"])
    assert sum(result.settlement.deltas) + result.settlement.pot_change == 0
    assert result.settlement.deltas[result.winner] == out["total"] + out["sticks"]
    report.hand_text(result, explain=True)


@pytest.mark.parametrize("key, shown", [("'w- iner'", "['w- iner']"), ('"n\'agashi"', '["n\'agashi"]')])
def test_a_key_that_is_not_a_plain_name_is_quoted_in_the_key_path(key, shown):
    # hypothesis found both: a stray "- " or "'" inside a key made "w- iner" and "n'agashi"
    text = f"rules: tenhou\nplayers: [Ana, Ben, Chen]\nhands:\n- draw: {{tenpai: []}}\n  {key}: 1\n"
    with pytest.raises(SanmaError) as caught:
        record.settle(record.read_text(text, "random.yaml"))
    message = str(caught.value)
    assert shown in message and WHERE.match(message), message
