"""The generated copy of the shipped profiles and schemes (calc/core/shipped_copy.json) is exactly what
the YAML readers make of today's files, and a file that is not the shipped text is read by YAML."""

from __future__ import annotations

import pytest

from calc import shipped_make
from calc.core import profile, rules, schemes, shipped
from calc.core.lined import YamlList, YamlMap

FILES = shipped_make.shipped_files()


def test_the_copy_is_up_to_date():
    """`make shipped-copy` writes calc/core/shipped_copy.json again after a shipped YAML file changes."""
    assert shipped.COPY.read_text(encoding="utf-8") == shipped_make.source(), "run `make shipped-copy`"


def _same(copied, parsed) -> None:
    """Equal values of the same types, with the same lines at every level."""
    assert type(copied) is type(parsed)
    assert copied == parsed
    if isinstance(parsed, YamlMap):
        assert (copied.line, copied.key_lines) == (parsed.line, parsed.key_lines)
    if isinstance(parsed, YamlList):
        assert (copied.line, copied.item_lines) == (parsed.line, parsed.item_lines)
    if isinstance(parsed, dict):
        for key in parsed:
            _same(copied[key], parsed[key])
    elif isinstance(parsed, list):
        for mine, theirs in zip(copied, parsed):
            _same(mine, theirs)


def _parsed(read, *args):
    """What `read` gives with the copy switched off: the YAML parse."""
    return shipped.without_copy(lambda: read(*args))


@pytest.mark.parametrize("path", [p for p in FILES if p.parent.name != "schemes"], ids=lambda p: p.name)
def test_every_shipped_profile_reads_the_same_from_the_copy(path):
    variant = profile.variant_of(str(path))
    assert variant == _parsed(profile.variant_of, str(path))
    text = path.read_text(encoding="utf-8")
    assert shipped.profile_layer(text, variant) is not None
    copied = profile._read_layer(path, [], shipped_make.SCHEMAS[variant], variant)
    problems: list = []
    parsed = _parsed(profile._read_layer, path, problems, shipped_make.SCHEMAS[variant], variant)
    assert problems == []
    assert (copied.path, copied.extends, copied.extends_line, copied.summary, copied.variant) == (
        parsed.path, parsed.extends, parsed.extends_line, parsed.summary, parsed.variant)
    assert list(copied.values) == list(parsed.values)
    for key, (value, line) in parsed.values.items():
        assert copied.values[key][1] == line
        _same(copied.values[key][0], value)


@pytest.mark.parametrize("path", [p for p in FILES if p.parent.name == "schemes"], ids=lambda p: p.name)
def test_every_shipped_scheme_reads_the_same_from_the_copy(path):
    assert shipped.scheme_data(path.read_text(encoding="utf-8")) is not None
    copied, parsed = schemes.file_layer(path), _parsed(schemes.file_layer, path)
    assert (copied.path, copied.prefix, copied.line) == (parsed.path, parsed.prefix, parsed.line)
    _same(copied.data, parsed.data)
    name = path.stem
    schemes.load_scheme.cache_clear()
    built = schemes.load_scheme(name)
    schemes.load_scheme.cache_clear()
    again = _parsed(schemes.load_scheme, name)
    schemes.load_scheme.cache_clear()
    assert built == again and (built.origin, built.places) == (again.origin, again.places)


def test_the_profiles_load_the_same_from_the_copy():
    for name in rules.builtin_names():
        rules._load_cached.cache_clear()
        schemes.load_scheme.cache_clear()
        copied = rules.load(name)
        rules._load_cached.cache_clear()
        schemes.load_scheme.cache_clear()
        parsed = _parsed(rules.load, name)
        assert copied == parsed and copied.origin == parsed.origin, name
    rules._load_cached.cache_clear()
    schemes.load_scheme.cache_clear()


def test_an_edited_profile_is_read_by_yaml_with_its_errors(tmp_path):
    """One changed byte and the copy is not used: the parse reports the file, the line, the key."""
    text = (profile.builtin_dir() / "standard.yaml").read_text(encoding="utf-8")
    edited = tmp_path / "standard.yaml"
    edited.write_text(text.replace("  chi: false", "  chi: maybe"), encoding="utf-8")
    assert shipped.profile_layer(edited.read_text(encoding="utf-8"), "sanma") is None
    line = text.splitlines().index("  chi: false") + 1
    with pytest.raises(rules.ProfileProblems) as error:
        rules.load(str(edited))
    assert str(error.value) == f"{edited}:{line}, at game.chi: expected true or false, got 'maybe'"


def test_the_same_text_elsewhere_reads_the_same(tmp_path):
    """The copy is keyed by the text, not the place: a club's unchanged copy of a shipped profile."""
    (tmp_path / "schemes").mkdir()
    for path in FILES:
        (tmp_path / path.relative_to(profile.builtin_dir())).write_bytes(path.read_bytes())
    mine = rules.load(str(tmp_path / "tenhou.yaml"))
    assert mine == rules.load("tenhou")
    assert mine.origin == rules.load("tenhou").origin
