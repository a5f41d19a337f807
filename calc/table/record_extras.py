"""What a record kept at the table adds to `calc.table.record`: a resumed start, chombo and stated
chips. Each function reads one key with the record reader's checks and names the line on error."""

from __future__ import annotations

from typing import Any

from calc.core.rules import RuleSet
from calc.core.yamlread import YamlMap
from calc.core.yamlread import show as _show
from calc.table import match

START_KEYS = ("round", "honba", "sticks", "scores")


def _count(reader, data: YamlMap, key: str, line: int) -> int:
    value = data.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise reader.error(f"start {key} must be a whole number, 0 or more, got {_show(value)}",
                           data.key_lines.get(key, line))
    return value


def read_start(reader, value: Any, line: int, rules: RuleSet) -> match.MatchState:
    """`start: {round: S2, honba: 1, sticks: 1, scores: {Ana: 41000, ...}}`: the match resumed from
    given scores; they and the sticks must add up to the starting total (rules.md §6)."""
    start = reader.mapping(value, "start", line, START_KEYS)
    at = start.key_lines
    players = rules.game.players
    label = str(start.get("round", "E1"))
    regular = 1 if rules.match.length == "east" else 2
    last_wind = regular if rules.match.extension_round else regular - 1
    if (len(label) != 2 or label[0] not in match.ROUND_LETTERS[:last_wind + 1]
            or not label[1].isdigit() or not 1 <= int(label[1]) <= players):
        rounds = ", ".join(f"{w}{n}" for w in match.ROUND_LETTERS[:last_wind + 1] for n in range(1, players + 1))
        raise reader.error(f"start round must be one of {rounds} ({rules.match.length}), got {_show(start.get('round'))}",
                           at.get("round", line))
    honba = _count(reader, start, "honba", line)
    sticks = _count(reader, start, "sticks", line)
    if "scores" not in start:
        raise reader.error("start needs `scores: {NAME: points, ...}` for every player", line)
    given = reader.by_player(start["scores"], "start scores", at["scores"])
    missing = [reader.players[s] for s in range(players) if s not in given]
    if missing:
        raise reader.error(f"start scores leave out {', '.join(missing)}", at["scores"])
    scores = []
    for seat in range(players):
        points, point_line = given[seat]
        if isinstance(points, bool) or not isinstance(points, int) or points % 100:
            raise reader.error(f"{reader.players[seat]}'s start score must be whole hundreds of points, "
                               f"got {_show(points)}", point_line)
        if rules.match.bust and points < 0:
            raise reader.error(f"{reader.players[seat]} starts below 0 ({points}): the match would already be "
                               f"over (match.bust)", point_line)
        scores.append(points)
    stick = rules.payment.riichi_stick
    expected = rules.match.start * players
    if sum(scores) + sticks * stick != expected:
        raise reader.error(f"start scores add up to {sum(scores)} and {sticks} stick(s) to {sticks * stick}: "
                           f"{sum(scores) + sticks * stick}, not the {expected} the table started with "
                           f"({players} × {rules.match.start})", at["scores"])
    return match.MatchState(tuple(scores), match.ROUND_LETTERS.index(label[0]), int(label[1]), honba, sticks)


def read_chombo(reader, value: Any, line: int, riichi: tuple[int, ...], riichi_line: int) -> int:
    """`chombo: {player: NAME}` -> the offender's seat."""
    if riichi:
        raise reader.error("a chombo hand is void: its riichi sticks go back to their owners, so leave "
                           "`riichi:` out of it", riichi_line)
    chombo = reader.mapping(value, "chombo", line, ("player",))
    if "player" not in chombo:
        raise reader.error("chombo needs `player: NAME`", line)
    return reader.seat(chombo["player"], "chombo player", chombo.key_lines["player"])


def read_chips(reader, win: YamlMap, full_hand: bool, rules: RuleSet) -> int | None:
    """`chips: N` on a win given by value: the chips it earns (a full hand counts its own)."""
    if "chips" not in win:
        return None
    line = win.key_lines["chips"]
    if full_hand:
        raise reader.error("a full hand counts its own chips; `chips:` goes with a win given by value", line)
    if not rules.chips.on:
        raise reader.error(f"profile {rules.name!r} has no chips (every count in its chips: section is 0)", line)
    value = win["chips"]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise reader.error(f"chips must be a whole number, 0 or more, got {_show(value)}", line)
    return value
