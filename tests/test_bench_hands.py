"""What the bench hands score to, pinned: the `--batch` line (the `--json` text), the
`--explain` text of every one of the 4,552 hands `make bench`
times (benchmarks/hands.py: the 1,552 distinct real wins and 3,000 seeded random hands), the
`--all-schemes --json` line of every fifth (each is eight hand objects), calc.score's results, the
error of each of many broken lines made from them, and the
settlement of every hand value under every scheme (payments and explanation lines), and the
`--batch` output of bench lines spelled every way JSON allows (spacing, escapes, duplicate keys,
numbers, nesting, broken text) with the command line's flags as defaults; and the `--batch` and
`--explain` texts of the 3,000 hands of every situation the cold benchmark times. Work on how
fast a hand is scored and paid must leave these digests as they are; a deliberate change of an
output changes them, and the commit that makes it says so and writes the new digest here.

`python tests/test_bench_hands.py DIR` writes the texts themselves (one file per digest), to
compare the outputs of two commits line by line.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from hands import generated_lines, real_win_lines, situation_lines  # noqa: E402  (benchmarks/hands.py)

from calc.cli import report  # noqa: E402
from calc.cli.hand import score_line  # noqa: E402
from calc.cli.hand_line import BatchLineReader  # noqa: E402
from calc.core import rules as R  # noqa: E402
from calc.core.rules import SCHEMES  # noqa: E402
from calc.scoring.request import HandRequest  # noqa: E402
from calc.table.scored import score  # noqa: E402
from calc.scoring.value import LIMITS, HandValue, hand_value, limit_value  # noqa: E402
from calc.table import explain  # noqa: E402
from calc.table import payment as P  # noqa: E402

# sha256 of each text below, as the plain code before the speed work (its record in git) wrote it: the
# faster code writes the very same text
PINNED = {
    "batch": "17f06019227a1e135ae3cde5a79d0abe32bd85dead625ce15286140405407c70",
    "all_schemes": "855f5e81d2a6f146f6fce76079587c972fddcfa2ddd358d7d1ff205ef09cc741",
    "explain": "07b17c9f144485c3e3da71a4c29031b1849ea1e694d90290ac970fd6420c1472",
    "api": "72a2aff6d0602bce49ed95053abab0e85e1a356cac83d52f0bd9ba7d94be3e17",
    "payments": "8b0deaeaca7c1719e262472b4d88ed07170934185692571b8d382a0ea5b994e5",
    "errors": "59962fbdff88ef6ec50e6915ab71694841d14c74a7c3bc5dbc8a41f4a79ebf31",
    # as the batch loop wrote it when it read each line with the json module
    "spellings": "3d0a5f0806ef7176eb5e044ebddda82780bb9bac047738c21bd83c95b3ecfc36",
    # the 3,000 hands of every situation `make bench` times cold, as the code before the shipped
    # suit tables wrote them (the --batch text, then the --explain text)
    "situations_batch": "c6cdafc5438b5d17a25267f1713da5186bb59f0639ab2a66ca48830e5de25281",
    "situations_explain": "e3716e25f2fa7c8d85c5e68c9a1092abd0588287f51098317bd102ddc8cdfb62",
}


def _hands() -> list[dict]:
    return real_win_lines() + generated_lines()


def batch_text(lines: list[dict], all_schemes: bool) -> str:
    import json

    reader = BatchLineReader({})
    return "\n".join(score_line(n, json.dumps(line).encode(), reader, all_schemes)[0]
                     for n, line in enumerate(lines, start=1))


def explain_text(lines: list[dict]) -> str:
    return "\n\n".join(report.hand_text(score(HandRequest(**line)), explain=True) for line in lines)


# Ways to break a hand's line, each applied to every tenth bench hand: the error each line gets
# (which check speaks first, and in which words) is pinned with the rest.
BREAKS = (
    lambda d: {**d, "hand": d["hand"][1:]},  # a tile short
    lambda d: {**d, "hand": d["hand"] + "1p"},
    lambda d: {**d, "hand": d["hand"].replace("p", "x", 1)},
    lambda d: {**d, "hand": d["hand"] + " [123p]"},
    lambda d: {**d, "hand": "5m" + d["hand"]},
    lambda d: {**d, "tsumo": 1},
    lambda d: {**d, "riichi": "yes"},
    lambda d: {**d, "seat": "N"},
    lambda d: {**d, "round": 3},
    lambda d: {**d, "nuki": 5},
    lambda d: {**d, "nuki": -1},
    lambda d: {**d, "honba": -1, "sticks": -2},
    lambda d: {**d, "dora": "0z"},
    lambda d: {**d, "ura": "1p"},
    lambda d: {**d, "win": "9z"},
    lambda d: {**d, "win": d["hand"][:2]},
    lambda d: {**d, "tenhou": True},
    lambda d: {**d, "ippatsu": True, "rinshan": True},
    lambda d: {**d, "haitei": True, "houtei": True},
    lambda d: {**d, "chankan": True},
    lambda d: {**d, "renhou": True, "tsumo": False},
    lambda d: {**d, "scheme": "nope"},
    lambda d: {**d, "rules": "sichuan"},
    lambda d: {**d, "colour": "red"},
    lambda d: {k: v for k, v in d.items() if k != "hand"},
    lambda d: {**d, "hand": None},
    lambda d: {**d, "dora": "1p2p3p4p5p6p"},
)


def errors_text(lines: list[dict]) -> str:
    return batch_text([broken(line) for line in lines[::10] for broken in BREAKS], False)


# Ways to write a bench line's JSON object, each applied to every fifteenth bench hand: a batch line
# is read by a reader of its own (calc/cli/hand_line.py) that hands anything but plain JSON to the
# json module, so every spelling must read as json.loads reads it, and every broken one must get
# the error it got before.
def _dumps(data: object, **options) -> str:
    import json

    return json.dumps(data, **options)


SPELLINGS = (
    lambda d: _dumps(d, separators=(",", ":")),
    lambda d: " \t" + _dumps(d, indent=None, separators=(" , ", " : ")) + " \r",
    lambda d: _dumps(d).replace('"hand"', '"\\u0068and"'),  # an escaped key
    lambda d: _dumps(d).replace('p', '\\u0070', 1),  # an escaped character in the hand
    lambda d: _dumps(d, ensure_ascii=False).replace('"}', ' \u00e9"}') if d.get("dora") else _dumps(d) + " ",
    lambda d: _dumps({"hand": "111z", **d}),  # a duplicate key: the last one counts
    lambda d: _dumps({**d, "hand": "111z"})[:-1] + ', "hand": ' + _dumps(d["hand"]) + "}",
    lambda d: _dumps({**d, "nuki": 1.0}),
    lambda d: _dumps(d)[:-1] + ', "honba": -0}',
    lambda d: _dumps(d)[:-1] + ', "honba": 1e0}',
    lambda d: _dumps(d)[:-1] + ', "sticks": 01}',
    lambda d: _dumps(d)[:-1] + ', "sticks": -}',
    lambda d: _dumps(d)[:-1] + ', "honba": 100000000000000000000000000}',
    lambda d: _dumps({**d, "dora": None, "ura": None, "win": None, "scheme": None}),
    lambda d: _dumps({**d, "riichi": None}),
    lambda d: _dumps({**d, "seat": ["S"]}),
    lambda d: _dumps({**d, "rules": {"name": "tenhou"}}),
    lambda d: _dumps(d)[:-1] + ', "tsumo": tru}',
    lambda d: _dumps(d)[:-1] + ', "tsumo": nul}',
    lambda d: _dumps(d) + " x",
    lambda d: _dumps(d) + "}",
    lambda d: _dumps(d)[:-1],
    lambda d: _dumps(d)[:-1] + ",}",
    lambda d: "{," + _dumps(d)[1:],
    lambda d: _dumps(d).replace(":", "", 1),
    lambda d: _dumps(d).replace('"', "'"),
    lambda d: _dumps(d).replace('p"', 'p\x01"', 1),  # a control character inside a string
    lambda d: _dumps(d).replace('p"', 'p\\"', 1),  # an escape that swallows the closing quote
    lambda d: "\ufeff" + _dumps(d),
    lambda d: _dumps([d]),
    lambda d: _dumps(d["hand"]),
    lambda d: "{}",
    lambda d: "[" * 3000 + "]" * 3000,  # deeper than Python recurses
    lambda d: _dumps({**d, "hand": "１２３p" + d["hand"]}, ensure_ascii=False),
    lambda d: _dumps({**d, "rules": "ルール"}, ensure_ascii=False),
    lambda d: _dumps({k: v for k, v in d.items() if k != "rules"}),  # the flags' profile
    lambda d: _dumps({**d, "tsumo": not d.get("tsumo", False), "riichi": False, "honba": 0}),
)
# The command line's flags for every line (`sanma hand --batch F --tsumo --riichi ...`).
FLAGS = dict(win=None, tsumo=True, riichi=True, double_riichi=False, ippatsu=False, rinshan=False, chankan=False,
             haitei=False, houtei=False, tenhou=False, chiihou=False, renhou=False, seat="W", round="S", dora="1p",
             ura=None, nuki=1, honba=2, sticks=1, rules="standard", scheme=None)


def spellings_text(lines: list[dict]) -> str:
    """`run_batch`'s output on the spelled lines (UTF-8 bytes, and some that are not), with no
    flags and with FLAGS."""
    import io
    import tempfile

    from calc.cli.hand import run_batch

    raw = [spell(line).encode("utf-8") for line in lines[::15] for spell in SPELLINGS]
    raw += [b'{"hand": "123p456p789s99p\xff234s"}', b'{"hand": "123p456p789s99p234s"}\xc3']
    out = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "lines.jsonl"
        path.write_bytes(b"\n".join(raw) + b"\n")
        for flags in ({}, FLAGS):
            text = io.StringIO()
            failed = run_batch(path, flags, out=text)
            out += [text.getvalue(), f"failed {failed}"]
    return "\n".join(out)


def api_text(lines: list[dict]) -> str:
    """calc.score's result of each hand: its repr and the attributes that are not in the repr."""
    import calc

    out = []
    for line in lines:
        r = calc.score(**line)
        out.append(repr((r, r.hand, r.seat, r.round, r.dealer, r.tsumo, r.yaku, r.dora, r.aka, r.ura, r.nuki,
                         r.fu_breakdown, r.basic_points, r.payments)))
    return "\n".join(out)


def _values(rules: R.RuleSet) -> list:
    """Every value a hand can have: han 1-4 with each fu it can go with, the limits, the yakuman multiples."""
    # fu past 110 go with 4 han only, a mangan, which the limits below pay
    values = [hand_value(han, fu, rules.hand) for han in range(1, 5) for fu in P.FU_VALUES
              if not (fu in (20, 25) and han < 2) and fu <= 110]
    values += [limit_value(limit, rules.hand) for limit in LIMITS]
    values += [limit_value("yakuman", rules.hand, yakuman=k) for k in (2, 3)]
    return values


def _fields(value: HandValue) -> tuple:
    """A value's fields in order, as the pinned text has them (it was a NamedTuple when pinned)."""
    return (value.han, value.fu, value.yakuman, value.basic, value.limit)


def _settled(s: P.Settlement) -> tuple:
    """A settlement as plain values: deltas, pot change, (payer, role, amount, payee, honba) of each
    payment, the lines."""
    return (s.deltas, s.pot_change, [(p.payer, p.role, p.amount, p.payee, p.honba) for p in s.payments],
            explain.lines(s))


def payments_text() -> str:
    """Every value under every scheme (and Tenhou's profile): each winner, tsumo and ron, with and
    without honba and sticks; a pao and a double ron per scheme."""
    out = []
    for base in ("standard", "tenhou"):
        for scheme in SCHEMES:
            rules = R.load(base).with_scheme(scheme)
            for value in _values(rules):
                for winner in (0, 1):
                    for tsumo in (True, False):
                        for honba, sticks in ((0, 0), (2, 1)):
                            s = P.table_win(value, winner=winner, tsumo=tsumo, honba=honba, sticks=sticks, rules=rules)
                            out.append(repr((base, scheme, _fields(value), winner, tsumo, honba, sticks, *_settled(s))))
            yakuman = limit_value("yakuman", rules.hand, yakuman=2)
            for discarder in (None, 2):
                s = P.win(yakuman, winner=1, dealer=0, discarder=discarder, honba=1, sticks=1, rules=rules,
                          liable=0 if discarder else 2, liable_yakuman=1)
                out.append(repr((base, scheme, "pao", discarder, *_settled(s))))
            s = P.double_ron([(0, hand_value(3, 40, rules.hand)), (1, limit_value("mangan", rules.hand))],
                             discarder=2, dealer=0, honba=2, sticks=1, rules=rules)
            out.append(repr((base, scheme, "double ron", *_settled(s))))
    return "\n".join(out)


def texts() -> dict[str, str]:
    lines = _hands()
    return {"batch": batch_text(lines, False), "all_schemes": batch_text(lines[::5], True), "explain": explain_text(lines),
            "api": api_text(lines), "errors": errors_text(lines),
            "payments": payments_text(), "spellings": spellings_text(lines)}


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@pytest.fixture(scope="module")
def hands() -> list[dict]:
    return _hands()


def test_batch_json_of_the_bench_hands_is_unchanged(hands):
    assert len(hands) == 4552
    assert _digest(batch_text(hands, False)) == PINNED["batch"]


def test_all_schemes_json_of_the_bench_hands_is_unchanged(hands):
    assert _digest(batch_text(hands[::5], True)) == PINNED["all_schemes"]


def test_explain_text_of_the_bench_hands_is_unchanged(hands):
    assert _digest(explain_text(hands)) == PINNED["explain"]


def test_api_results_of_the_bench_hands_are_unchanged(hands):
    assert _digest(api_text(hands)) == PINNED["api"]


def test_errors_of_broken_bench_hands_are_unchanged(hands):
    assert _digest(errors_text(hands)) == PINNED["errors"]


def test_batch_lines_spelled_every_way_read_as_before(hands):
    assert _digest(spellings_text(hands)) == PINNED["spellings"]


def test_the_hands_of_every_situation_score_as_before():
    """The cold benchmark's hands (riichi, ura, norths, honba, sticks, pons, open and closed kans,
    red fives; benchmarks/hands.py situation_lines): the --batch and --explain texts pinned."""
    lines = situation_lines()
    assert _digest(batch_text(lines, False)) == PINNED["situations_batch"]
    assert _digest(explain_text(lines)) == PINNED["situations_explain"]


def test_payments_of_every_value_under_every_scheme_are_unchanged():
    assert _digest(payments_text()) == PINNED["payments"]


if __name__ == "__main__":
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in texts().items():
        (folder / f"{name}.txt").write_text(text + "\n", encoding="utf-8")
        print(name, _digest(text))
