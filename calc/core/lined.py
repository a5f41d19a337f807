"""Values read from YAML that remember where they were written: a mapping knows its line and each
key's line, a list its line and each item's line. Error messages name those lines.

calc.core.yamlread builds them while PyYAML reads a file; calc.core.shipped builds them from the
generated copy of the shipped files, without PyYAML (so this module imports nothing).
"""

from __future__ import annotations


class YamlMap(dict):
    """A mapping that knows its line and each key's line (an empty one made in code knows none)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.line = 0
        self.key_lines: dict = {}


class YamlList(list):
    """A list that knows its line and each item's line (one made in code knows none)."""

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.line = 0
        self.item_lines: list = [None] * len(self)
