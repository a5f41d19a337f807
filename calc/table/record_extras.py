"""What a record kept at the table adds to `calc.table.record`: a resumed start, chombo and stated
chips. Each function reads one key with the record reader's checks and names the line on error."""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

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


class StartProblem(NamedTuple):
    """Why a start state cannot happen: the words, and the seat whose score it is about (None: the
    round, or the scores together)."""

    message: str
    seat: int | None = None


def start_problem(state: match.MatchState, rules: RuleSet, names: Sequence[str]) -> StartProblem | None:
    """What makes `state` a start no match under `rules` can reach (rules.md, starting a match), or
    None: a round the match has, scores in whole hundreds (none below 0 where that ends the match)
    that with the sticks add up to the points dealt at the start, and in the extension round nobody
    already at the return points unless a repeating dealer plays on there. The one check of a
    record's `start:` and of an mjai excerpt's first hand."""
    m = rules.match
    players = rules.game.players
    regular = match.regular_rounds(rules)
    last_wind = regular if m.extension_round else regular - 1
    if not (0 <= state.round_wind <= last_wind and 1 <= state.round_number <= players):
        rounds = ", ".join(f"{w}{n}" for w in match.ROUND_LETTERS[:last_wind + 1] for n in range(1, players + 1))
        return StartProblem(f"start round must be one of {rounds} ({m.length}), got {state.label}")
    for seat, points in enumerate(state.scores):
        if points % 100:
            return StartProblem(f"{names[seat]}'s start score must be whole hundreds of points, got {points}", seat)
        if m.bust and points < 0:
            return StartProblem(f"{names[seat]} starts below 0 ({points}): the match would already be over "
                                f"(match.bust)", seat)
    stick = rules.payment.riichi_stick
    expected = m.start * players
    if sum(state.scores) + state.sticks * stick != expected:
        return StartProblem(f"start scores add up to {sum(state.scores)} and {state.sticks} stick(s) to "
                            f"{state.sticks * stick}: {sum(state.scores) + state.sticks * stick}, not the {expected} "
                            f"the table started with ({players} × {m.start})")
    past = [seat for seat in range(players) if state.scores[seat] >= m.return_points]
    if state.round_wind >= regular and past:
        # rules.md, game end: the deal passes into and through the extension round only while nobody has
        # reached the return points; a dealer's repeat goes on past them only with match.extension_renchan
        # (which adds a honba), and never a first-placed dealer's, whom agari-yame or tenpai-yame stop
        seat = past[0]
        over = (f"{state.label} is a hand of the extension round, where the match ends once anyone has reached "
                f"the return points ({m.return_points}); {names[seat]} starts with {state.scores[seat]}, so the "
                f"match would be over")
        if not m.extension_renchan:
            return StartProblem(f"{over} (match.extension_renchan is false: no dealer plays on past them)", seat)
        if state.honba == 0:
            return StartProblem(f"{over}: only a repeating dealer plays on past them, and a repeat adds a honba "
                                f"(honba 0 here)", seat)
        if match.order(state.scores)[0] == state.dealer and m.agari_yame and m.tenpai_yame and not m.yame_choice:
            return StartProblem(f"{over}: the dealer, first, would have ended it by agari-yame or tenpai-yame",
                                state.dealer)
    return None


def read_start(reader, value: Any, line: int, rules: RuleSet) -> match.MatchState:
    """`start: {round: S2, honba: 1, sticks: 1, scores: {Ana: 41000, ...}}`: the match resumed from
    given scores, checked by `start_problem` (rules.md §6)."""
    start = reader.mapping(value, "start", line, START_KEYS)
    at = start.key_lines
    players = rules.game.players
    label = str(start.get("round", "E1"))
    if len(label) != 2 or label[0] not in match.ROUND_LETTERS or not label[1].isdigit():
        label = "??"
    honba = _count(reader, start, "honba", line)
    sticks = _count(reader, start, "sticks", line)
    if "scores" not in start:
        raise reader.error("start needs `scores: {NAME: points, ...}` for every player", line)
    given = reader.by_player(start["scores"], "start scores", at["scores"])
    missing = [reader.players[s] for s in range(players) if s not in given]
    if missing:
        raise reader.error(f"start scores leave out {', '.join(missing)}", at["scores"])
    for seat in range(players):
        points, point_line = given[seat]
        if isinstance(points, bool) or not isinstance(points, int):
            raise reader.error(f"{reader.players[seat]}'s start score must be whole hundreds of points, "
                               f"got {_show(points)}", point_line)
    wind = match.ROUND_LETTERS.index(label[0]) if label != "??" else -1
    state = match.MatchState(tuple(given[seat][0] for seat in range(players)), wind,
                             int(label[1]) if label != "??" else 0, honba, sticks)
    problem = start_problem(state, rules, reader.players)
    if problem is not None:
        if label == "??":
            problem = problem._replace(message=problem.message.replace("got ??", f"got {_show(start.get('round'))}"))
        if problem.message.startswith("start round"):
            raise reader.error(problem.message, at.get("round", line), "round")
        raise reader.error(problem.message, given[problem.seat][1] if problem.seat is not None else at["scores"],
                           "scores")
    return state


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
