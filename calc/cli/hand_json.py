"""The `sanma hand --json` object of a scored hand, written as its text in one pass.

A `--batch` run writes one object a line: building it as a dict and then encoding it took as long
as scoring the hand (measured: ~11 µs for the dict, ~11 µs for json's encoder, against ~5 µs for
this text, compiled). The text is exactly what `json.dumps` writes for the object (its separators,
ASCII only) that the hand's `HandResult.to_dict()` builds (calc/scoring/request.py); tests/test_api.py
holds the two equal.
tests/test_bench_hands.py pins the text on the bench hands, tests/test_batch.py checks it against
`json.dumps` of what it reads back.

Compiled with mypyc (calc/compiled.py).
"""

from __future__ import annotations

from json.encoder import encode_basestring_ascii as _text  # a JSON string, as json.dumps writes it
from typing import Final

from calc.core import tiles as T
from calc.scoring.fu import Part, describe
from calc.table.scored import HandResult
from calc.core.rules import RuleSet
from calc.table.payment import Settlement

_WINDS: Final = "ESW"  # seat and round winds, East first


def hand_json(result: HandResult) -> str:
    """The `sanma hand --json` object of a hand (one `--batch` output line), as text."""
    e = result.evaluation
    c = result.context
    value = e.value
    yaku = [_yaku_json(name, han) for name, han in e.yaku]
    yaku += [_yaku_json(name, 13 * multiple) for name, multiple in e.yakuman]
    fu = [_fu_json(part) for part in e.fu_parts]
    # The hand's mpsz text and a limit's name need no escapes (digits, suit letters, brackets,
    # spaces; a word of value.LIMITS): written between quotes as they are.
    limit = "null" if value.limit is None else f'"{value.limit}"'
    return (
        f'{{"hand": "{result.hand}", {_profile_json(result.ruleset)}, '
        f'"seat": "{_WINDS[c.seat_wind - T.EAST]}", '
        f'"round": "{_WINDS[c.round_wind - T.EAST]}", "dealer": {_bool(c.seat_wind == T.EAST)}, '
        f'"tsumo": {_bool(c.tsumo)}, "han": {_number(e.han)}, "fu": {_number(e.fu)}, "limit": {limit}, '
        f'"yakuman": {_number(value.yakuman)}, "yaku": [{", ".join(yaku)}], "dora": {_number(e.dora)}, '
        f'"aka": {_number(e.aka)}, "ura": {_number(e.ura)}, "nuki": {_number(e.nuki)}, '
        f'"fu_breakdown": [{", ".join(fu)}], "basic_points": {_number(value.basic)}, '
        f'{_paid_json(result.paid, result.winner)}}}'
    )


# Per profile object and per settlement object, the text written of it the first time: a batch
# scores its lines under a few profiles, and `scored.situation_paid` hands out the same settlement
# object for every hand of the same basic points and situation (a few hundred occur). Each entry
# keeps its object, so that its id is never another's; bounded: cleared when full.
_PROFILE_TEXT: Final[dict[int, tuple[RuleSet, str]]] = {}
_PAID_TEXT: Final[dict[int, tuple[Settlement, int, str]]] = {}
_KEPT_AT_MOST: Final = 4096


def _profile_json(rules: RuleSet) -> str:
    """The "rules" and "scheme" keys."""
    entry = _PROFILE_TEXT.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_PROFILE_TEXT) >= _KEPT_AT_MOST:
            _PROFILE_TEXT.clear()
        entry = _PROFILE_TEXT[id(rules)] = (
            rules, f'"rules": {_text(rules.name)}, "scheme": {_text(rules.payment.scheme)}')
    return entry[1]


def _paid_json(settlement: Settlement, winner: int) -> str:
    """`settlement_json`, as first written for this settlement object."""
    entry = _PAID_TEXT.get(id(settlement))
    if entry is None or entry[0] is not settlement or entry[1] != winner:
        if len(_PAID_TEXT) >= _KEPT_AT_MOST:
            _PAID_TEXT.clear()
        entry = _PAID_TEXT[id(settlement)] = (settlement, winner, settlement_json(settlement, winner))
    return entry[2]


# The text of each yaku line and each fu part, kept for the process as it is first written: a few
# hundred occur (a yaku and its han; a fu reason, its tile and fu), each worded once. Looked up by
# name, then by number: a tuple key (built, hashed and compared for every line) took three times as
# long. A fu part's tile (-1 for none) and fu pick its place in its reason's list.
_YAKU_TEXT: Final[dict[str, dict[int, str]]] = {}
_FU_TEXT: Final[dict[str, list[str]]] = {}
_FU_AT_MOST: Final = 64  # a part's fu below this has a place (a kan's is 32 at most)


def _yaku_json(name: str, han: int) -> str:
    by_han = _YAKU_TEXT.get(name)
    if by_han is None:
        by_han = _YAKU_TEXT[name] = {}
    text = by_han.get(han)
    if text is None:
        text = by_han[han] = f'{{"name": {_text(name)}, "han": {han}}}'
    return text


def _fu_json(part: Part) -> str:
    reason, tile, fu = part
    if not (-1 <= tile < T.KINDS and 0 <= fu < _FU_AT_MOST):
        return _fu_part_json(part)
    kept = _FU_TEXT.get(reason)
    if kept is None:
        kept = _FU_TEXT[reason] = [""] * ((T.KINDS + 1) * _FU_AT_MOST)
    at = (tile + 1) * _FU_AT_MOST + fu
    text = kept[at]
    if not text:
        text = kept[at] = _fu_part_json(part)
    return text


def _fu_part_json(part: Part) -> str:
    (words, points), = describe((part,))
    return f'{{"reason": {_text(words)}, "fu": {points}}}'


def _bool(value: bool) -> str:
    return "true" if value else "false"


# The text of the small numbers an answer writes (han, fu, dora, ...): picked, not made (str() of an
# int took 170 instructions, eight a line)
_NUMBERS: Final = tuple([str(number) for number in range(256)])


def _number(value: int) -> str:
    return _NUMBERS[value] if 0 <= value < 256 else str(value)


def settlement_json(settlement: Settlement, winner: int) -> str:
    """The keys of `Collected.to_dict` (payments, points, total, sticks) as the text inside a JSON
    object."""
    c = settlement.collected(winner)
    paid = ", ".join([f'{{"payer": {_text(role)}, "amount": {amount}}}' for role, amount in c.paid])
    return f'"payments": [{paid}], "points": {c.points}, "total": {c.total}, "sticks": {c.sticks}'
