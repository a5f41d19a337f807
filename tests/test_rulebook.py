"""docs/rules.md stays true to the code: its "Profile keys" and "Sichuan profile keys" tables against the
shipped profiles, its in-document links against its headings, and its example profile and scheme files
against the loader and the payments the text quotes.

The tables are written for people; `cell_value` and `shown` are the two small rules that make a cell
comparable with a loaded value: a cell is the value as `sanma rules show` prints it, maybe bold, maybe
followed by a note in brackets ("15000 (auto)").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from calc.core import rules as R
from calc.table import payment

RULEBOOK = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
PROFILES = ("standard", "tenhou", "mahjongsoul", "parlour")
SCHEME_PROFILES = ("tsumo-loss", "add-1000", "maru-dori", "north-split", "equal-split", "triple-dealer",
                   "double-take", "ron-adjust")


def text() -> str:
    return RULEBOOK.read_text(encoding="utf-8")


def shown(value) -> str:
    """A profile value written as the rulebook's tables write it (and `sanma rules show` prints it)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)


def cell_value(cell: str) -> tuple[str, bool]:
    """(the value a table cell states, whether it is bold)."""
    bold = cell.startswith("**") and cell.endswith("**")
    value = cell.strip("*").strip()
    value = re.sub(r"\s*\([^)]*\)$", "", value)  # "15000 (auto)" -> "15000"
    return value, bold


def split_row(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def profile_key_tables() -> dict[str, dict[str, dict[str, str]]]:
    """key path -> profile -> cell, from the tables under "## Profile keys" ("### game keys", ...)."""
    body = text().split("\n## Profile keys\n", 1)[1].split("\n## ", 1)[0]
    out: dict[str, dict[str, dict[str, str]]] = {}
    section = None
    header: list[str] | None = None
    for line in body.splitlines():
        heading = re.fullmatch(r"### (\w+) keys", line)
        if heading:
            section, header = heading.group(1), None
            continue
        if not line.startswith("|") or section is None:
            header = None  # a table ends at the first line that is not a row
            continue
        cells = split_row(line)
        if header is None:
            header = [c.strip("`") for c in cells]
        elif not set(line) <= set("|- "):  # not the |---| line
            key = f"{section}.{cells[0].strip('`')}"
            assert key not in out, f"{key} is listed twice"
            out[key] = {name: cells[i] for i, name in enumerate(header) if name in PROFILES}
    return out


TABLES = profile_key_tables()


def test_the_tables_have_a_column_for_every_shipped_riichi_profile():
    assert TABLES, "no Profile keys tables found in docs/rules.md"
    for key, row in TABLES.items():
        assert set(row) == set(PROFILES), f"{key}: columns {sorted(row)}"


@pytest.mark.parametrize("name", PROFILES)
def test_every_cell_is_the_profiles_value(name):
    flat = R.load(name).flat()
    wrong = {key: (row[name], shown(flat[key])) for key, row in TABLES.items()
             if key in flat and cell_value(row[name])[0] != shown(flat[key])}
    assert not wrong, f"docs/rules.md (cell, profile) for {name}: {wrong}"


@pytest.mark.parametrize("name", PROFILES)
def test_every_key_of_the_profile_is_documented_and_no_other(name):
    flat = R.load(name).flat()
    assert sorted(set(flat) - set(TABLES)) == [], "keys missing from docs/rules.md's Profile keys tables"
    assert sorted(set(TABLES) - set(flat)) == [], "docs/rules.md lists keys the profiles do not have"


def test_bold_marks_exactly_what_differs_from_standard():
    standard = R.load("standard").flat()
    for name in PROFILES:
        flat = R.load(name).flat()
        for key, row in TABLES.items():
            differs = flat[key] != standard[key]
            assert cell_value(row[name])[1] == differs, f"{key} in {name}: bold should be {differs}"


@pytest.mark.parametrize("name", SCHEME_PROFILES)
def test_the_scheme_profiles_are_standard_with_their_own_scheme(name):
    # "The eight scheme profiles equal `standard` except for `payment.scheme`."
    flat, standard = R.load(name).flat(), R.load("standard").flat()
    assert flat["payment.scheme"] == name
    assert {k: v for k, v in flat.items() if k != "payment.scheme"} == \
        {k: v for k, v in standard.items() if k != "payment.scheme"}


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lowercase, punctuation dropped, spaces to '-'."""
    heading = heading.strip().lower()
    heading = re.sub(r"[^\w\- ]", "", heading)
    return heading.replace(" ", "-")


def anchors() -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    in_code = False
    for line in text().splitlines():
        if line.startswith("```"):
            in_code = not in_code
            continue
        match = re.match(r"#{1,6} (.+)", line)
        if match and not in_code:
            base = slug(match.group(1))
            n = seen.get(base, 0)
            out.add(base if n == 0 else f"{base}-{n}")
            seen[base] = n + 1
    return out


def test_slug_follows_github():
    assert slug("North extraction (nukidora)") == "north-extraction-nukidora"
    assert slug("Tenpai with one's own four tiles") == "tenpai-with-ones-own-four-tiles"
    assert slug("Seats, winds and calls") == "seats-winds-and-calls"


def test_every_in_document_link_points_to_a_heading():
    links = re.findall(r"\]\(#([^)]+)\)", text())
    assert len(links) > 30
    missing = sorted(set(links) - anchors())
    assert not missing, f"links in docs/rules.md to no heading: {missing}"


def test_links_from_the_other_documents_point_to_a_heading():
    root = RULEBOOK.parent.parent
    links = set()
    for doc in (root / "README.md", *sorted((root / "docs").glob("*.md"))):
        links.update(re.findall(r"rules\.md#([\w-]+)", doc.read_text(encoding="utf-8")))
    assert links and not sorted(links - anchors())


def test_the_section_number_table_covers_every_number_cited_in_code():
    table = text().split("## Section numbers used in code comments", 1)[1].split("\n## ", 1)[0]
    numbers = set(re.findall(r"^\| §(\d) \|", table, flags=re.M))
    assert numbers == {str(n) for n in range(1, 9)}


# ---------------------------------------------------------------- the example files in the rulebook


def yaml_examples() -> dict[str, str]:
    """The ```yaml blocks whose first line names a file (`# club.yaml: ...`), by that name."""
    out = {}
    for block in re.findall(r"```yaml\n(.*?)```", text(), flags=re.S):
        first = re.match(r"# ([\w.-]+\.yaml)\b", block)
        if first:
            out[first.group(1)] = block
    return out


def tsumo(rules: R.RuleSet, han: int, fu: int | None, dealer: bool) -> str:
    """What each payer pays for a tsumo, written as the rulebook writes it: "child / dealer" for a
    non-dealer's win (seat 1; the dealer is seat 0), "N each" for the dealer's."""
    value = payment.han_fu_value(han, fu, tsumo=True, rules=rules)
    settlement = payment.win(value, winner=0 if dealer else 1, dealer=0, discarder=None, honba=0, sticks=0,
                             rules=rules)
    paid = {p.payer: p.amount for p in settlement.payments}
    if dealer:
        assert paid[1] == paid[2]
        return f"{paid[1]} each"
    return f"{paid[2]} / {paid[0]}"


def test_the_example_files_load_and_pay_what_the_rulebook_says(tmp_path):
    examples = yaml_examples()
    assert {"club.yaml", "maru-ceil.yaml", "maru-third-up.yaml"} <= set(examples)
    for name, body in examples.items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    club = R.load(str(tmp_path / "club.yaml"))
    assert club.payment.scheme == "north-split-exact"
    # "the child pay 1500 and the dealer 2400 (3900), where the shipped north-split asks 1500 and 2500"
    assert tsumo(club, 3, 30, dealer=False) == "1500 / 2400"
    assert tsumo(club.with_scheme("north-split"), 3, 30, dealer=False) == "1500 / 2500"
    assert tsumo(club, 1, 30, dealer=False) == "400 / 600"

    # the maru-dori variants table, cell by cell
    body = text().split("| hand | `maru-dori` | `maru-ceil.yaml` | `maru-third-up.yaml` |\n", 1)[1]
    table = body.split("\n\n", 1)[0].splitlines()[1:]  # the rows below the |---| line
    rows = [split_row(line) for line in table]
    standard = R.load("standard")
    schemes = [standard.with_scheme("maru-dori")] + [standard.with_scheme(str(tmp_path / name))
                                                     for name in ("maru-ceil.yaml", "maru-third-up.yaml")]
    assert len(rows) == 5
    for hand, *cells in rows:
        who, fu, han = re.match(r"(ND|D) (?:(\d+) fu (\d+) han|mangan)", hand).groups()
        han, fu = (int(han), int(fu)) if han else (5, None)
        for rules, cell in zip(schemes, cells):
            assert tsumo(rules, han, fu, dealer=who == "D") == cell, (hand, rules.payment.scheme)


# ---------------------------------------------------------------- Sichuan profile keys

SICHUAN = ("sichuan", "sichuan-cap4", "sichuan-tsumo-fan")


def sichuan_rows() -> list[tuple[list[str], dict[str, str]]]:
    """([key paths], profile -> cell) per row of "### Sichuan profile keys". A row may name several keys:
    "`kong.concealed` / `added` / `exposed`" (cells "2 / 1 / 2") or a run "`fan.plain` ... `fan.earthly`"
    (a range of keys in `rules show` order, whose cells point to the fan table)."""
    from calc.sichuan import rules as sichuan_rules

    order = list(sichuan_rules.load("sichuan").flat())
    body = text().split("### Sichuan profile keys\n", 1)[1]
    lines = [line for line in body.splitlines() if line.startswith("|")]
    header = [c.strip("`") for c in split_row(lines[0])]
    out = []
    for line in lines[2:]:
        cells = split_row(line)
        names = re.findall(r"`([\w.]+)`", cells[0])
        if " ... " in cells[0]:
            keys = order[order.index(names[0]):order.index(names[1]) + 1]
        else:
            section = names[0].split(".")[0]
            keys = [n if "." in n else f"{section}.{n}" for n in names]
        out.append((keys, {name: cells[i] for i, name in enumerate(header) if name in SICHUAN}))
    return out


@pytest.mark.parametrize("name", SICHUAN)
def test_the_sichuan_table_is_the_sichuan_profiles(name):
    from calc.sichuan import rules as sichuan_rules

    flat = sichuan_rules.load(name).flat()
    documented = set()
    for keys, row in sichuan_rows():
        documented.update(keys)
        cell = row[name].strip("*")
        if cell in ("as in the table", "same"):
            # the fan of each pattern: the fan table, whose rows come in the profile's key order
            patterns = text().split("| pattern | fan |\n", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
            assert [split_row(line)[1] for line in patterns] == [shown(flat[k]) for k in keys], name
            continue
        values = [v.strip() for v in cell.split(" / ")]
        assert values == [shown(flat[k]) for k in keys], (name, keys, row[name])
    assert documented == set(flat)
