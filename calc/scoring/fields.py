"""The fields of a hand to score, declared once: the win's situation and the other flags of `sanma hand`.

A field is a flag of `sanma hand` (most are of `sanma waits` too), a key of a `--batch` line and
of a match record's win, a keyword of `calc.score`, and, where `context` names one, a field of the
win's context (calc.scoring.hand.WinContext). Everything else is derived from `FIELDS`:

- the classes the compiled build needs written out, `WinContext`, `HandRequest` and the situation
  flags of `calc.table.play.WinFacts`, written by `make context-fields` (calc/scoring/fields_make.py;
  tests/test_fields.py fails until they are what it writes);
- the request's kinds, defaults and words (calc.scoring.request), the context's names
  (calc.scoring.hand.SITUATION_FLAGS, CONTEXT_FIELDS), the play's facts made context
  (calc.table.round.context_args);
- the typer options of `sanma hand` and `sanma waits` and the plain reader of `sanma hand`
  (calc/cli/fast.py), the words of a `keep` line and the flags of the `serve` page, the keys of a
  record's full-hand win;
- `calc.score`'s keywords (its typed declaration for editors, in calc/api.py, is checked against
  this table by tests/test_fields.py).

A new situation flag is one line here, `flag(...)`, then `make context-fields`; the round says when
it holds (calc.table.round.Round.win_facts) and the yaku that reads it counts it (calc.scoring.yaku).
"""

from __future__ import annotations

from typing import Any

# A field's kind, as the request holds it and as the context holds it (where it is part of it):
# kind -> (the request's annotation, the context's annotation, the context's default as written)
KINDS = {
    "bool": ("bool", "bool", "False"),  # a yes/no fact: a switch
    "int": ("int", "int", "0"),  # a count
    "wind": ("str", "int", "T.EAST"),  # a wind's letter, E, S or W; the context has the wind's tile index
    "tiles": ("str | None", "tuple[int, ...]", "()"),  # indicator tiles as written; the context has their indices
    "text": ("str", "", ""),
    "optional text": ("str | None", "", ""),
}

# Where a match record takes a field from: written on the win (a full hand's flags), the win's kind
# (`tsumo: true` or `from:`), the flow of the match (the seat and round winds, honba and sticks are
# never written), or the record's profile and scheme.
ON_THE_WIN, WIN_KIND, FLOW, PROFILE = "win", "kind", "flow", "profile"


# What a value of each kind is, in words, for a refusal (a batch line or a record's win is written
# by a person)
WORDS = {
    "bool": "true or false", "int": "a whole number", "text": "text", "optional text": "text",
    "wind": "a wind: E, S or W",
    "tiles": "indicator tiles such as 3p or 3p9m (a tile needs its suit letter: m, p, s or z)",
}


class Field:
    """One field of a hand to score. A written class, not a NamedTuple: this table is read at every
    start of `sanma hand`, and a NamedTuple's class is made from generated source (about half a
    millisecond) where this one is not."""

    __slots__ = ("name", "kind", "default", "option", "help", "waiting", "context", "record", "takes")

    def __init__(self, name: str, kind: str, default: Any, option: str | None, help: str, waiting: str | None,
                 context: str | None, record: str, takes: str = "") -> None:
        self.name = name  # the request's field, the --batch key, calc.score's keyword, a record's key
        self.kind = kind  # a key of KINDS
        self.default = default
        self.option = option  # the `sanma hand` option; None: its argument, the hand
        self.help = help  # the option's help
        self.waiting = waiting  # the help of `sanma waits`'s option, of a win still to come; None: waits has none
        self.context = context  # the WinContext field it makes; None: not part of the win's situation
        self.record = record  # where a match record takes it from (ON_THE_WIN, WIN_KIND, FLOW, PROFILE)
        self.takes = takes  # what it takes, in words, where its kind's words do not say it

    def __repr__(self) -> str:
        return f"Field({self.name!r}, {self.kind!r}, {self.default!r}, {self.option!r})"

    @property
    def annotation(self) -> str:
        """The request's annotation of the field, as written: "bool", "int", "str" or "str | None"."""
        return KINDS[self.kind][0]

    @property
    def words(self) -> str:
        """What the field takes, in words."""
        return self.takes or WORDS[self.kind]


def flag(name: str, help: str, waiting: str | None, record: str = ON_THE_WIN) -> Field:
    """A yes/no fact of the win's situation: `--name` (underscores as dashes), the context's field of
    the same name."""
    return Field(name, "bool", False, "--" + name.replace("_", "-"), help, waiting, name, record)



FIELDS: tuple[Field, ...] = (
    Field("hand", "text", "", None,
          'Concealed tiles incl. the winning one, then melds: "234p678s5z5z [999m] (1111z)".', None, None,
          ON_THE_WIN, 'the hand in mpsz text, e.g. "234p678s5z5z [999m]"'),
    Field("win", "optional text", None, "--win", "The winning tile, if not the last concealed tile written.", None,
          None, ON_THE_WIN, "one tile such as 5p (a tile needs its suit letter: m, p, s or z)"),
    flag("tsumo", "Won by self-draw (default: ron).", None, WIN_KIND),
    flag("riichi", "The winner declared riichi (ura dora count).", "The player is in riichi."),
    flag("double_riichi", "Riichi on the first discard (2 han, not with --riichi).",
         "The player is in double riichi."),
    flag("ippatsu", "Won within a go-around of the riichi, no call between.", "A win now would be ippatsu."),
    flag("rinshan", "Tsumo on a replacement tile (after a kan or a north).",
         "The tsumo would be on a replacement tile."),
    flag("chankan", "Ron on the tile added to a kan (robbing the kan).", "The ron would rob an added kan."),
    flag("haitei", "Tsumo on the last tile of the wall.", "The tsumo would be on the last tile."),
    flag("houtei", "Ron on the last discard.", "The ron would be on the last discard."),
    flag("tenhou", "The dealer wins on the dealt hand.", "The tsumo would be the dealer's dealt hand."),
    flag("chiihou", "A non-dealer's tsumo on the first draw, no call before it.",
         "The tsumo would be a non-dealer's first draw."),
    flag("renhou", "A ron before one's first draw, no call before it (value: hand.renhou).",
         "The ron would come before the player's first draw."),
    Field("seat", "wind", "S", "--seat", "The winner's seat wind: E (dealer), S or W.",
          "The player's seat wind: E (dealer), S or W.", "seat_wind", FLOW),
    Field("round", "wind", "E", "--round", "Round wind: E, S or W.", "Round wind: E, S or W.", "round_wind", FLOW),
    Field("dora", "tiles", None, "--dora", "Dora indicators, e.g. 3p9m.", "Dora indicators, e.g. 3p9m.",
          "dora_indicators", ON_THE_WIN),
    Field("ura", "tiles", None, "--ura", "Ura dora indicators (riichi only).", "Ura dora indicators (riichi only).",
          "ura_indicators", ON_THE_WIN),
    Field("nuki", "int", 0, "--nuki", "Norths extracted (0-4).", "Norths extracted (0-4).", "nuki", ON_THE_WIN),
    Field("honba", "int", 0, "--honba", "Honba counters on the table.", "Honba counters on the table.", "honba", FLOW),
    Field("sticks", "int", 0, "--sticks", "Riichi sticks on the table, the winner's own included.",
          "Riichi sticks on the table, the player's own included.", "sticks", FLOW),
    Field("rules", "text", "standard", "--rules", "Profile name or YAML file.", "Profile name or YAML file.", None,
          PROFILE, "a profile name or file"),
    Field("scheme", "optional text", None, "--scheme", "Tsumo payment scheme (overrides the profile's).",
          "Tsumo payment scheme (overrides the profile's).", None, PROFILE, "a scheme name or file"),
)

BY_NAME = {field.name: field for field in FIELDS}
# The win's context, in WinContext's order: the yes/no facts first (the situation flags), then the rest
CONTEXT = tuple(field for field in FIELDS if field.context is not None)
SITUATION = tuple(field for field in CONTEXT if field.kind == "bool")
