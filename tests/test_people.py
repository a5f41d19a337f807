"""What people write, generated at a fixed seed (tests/people.py; `make fuzz` runs it at any size):
each strategy's inputs held to the three oracles, and each test requires that it covered every kind
of input it is there for (so that a change of the strategies that loses one is seen)."""

from __future__ import annotations

from collections import Counter

import people

SEED = 45  # a fixed seed, nothing remembered between runs: `make test` runs the same inputs every time


def generate(strategy, check, examples: int, *, folder: bool = True) -> Counter:
    return people.generate(strategy, check, examples, at=SEED, folder=folder)


def _at_least(covered: Counter, kinds, least: int = 1) -> None:
    missing = {kind: covered[kind] for kind in kinds if covered[kind] < least}
    assert not missing, f"not covered enough: {missing}; covered: {dict(covered)}"


def test_a_hand_pays_alike_through_every_door():
    """sanma hand, calc.score, a record's win by full hand and by value, sanma pay, calc.pay and a keep
    line pay a hand alike; a hand one refuses, every one refuses, each in its own words."""
    covered = generate(people.hands(), people.check_hand, 200, folder=False)
    _at_least(covered, ("hand scored", "record by full hand", "record by value", "keep typed the hand",
                        "pay for the hand's value", "hand refused (exit 1)", "hand refused as a record"), 5)


def test_a_record_settles_alike_and_reads_alike():
    """settle and calc.settle agree on the result or on the refusal (one line: file, line, key path);
    the text, JSON, CSV and HTML show the same figures; keep typing it leaves the same record, and a
    refused record typed into keep leaves one that settles."""
    covered = generate(people.records(), lambda data, edits, folder: people.check_record(data, folder), 120)
    _at_least(covered, ("record settled", "record refused", "record typed into keep", "refused record typed into keep",
                        "record read alike in text, JSON, CSV and HTML"), 10)
    _at_least(covered, [f"record with {kind}" for kind in ("win by value", "full hand", "riichi", "double ron",
                                                           "draw", "abort", "nagashi", "chombo", "pao", "start")])


def test_a_record_entered_through_serve_is_the_record():
    """Each hand posted to a real `sanma serve`: the served match is the record's; a hand the record
    refuses gets a 422 with one line and changes nothing."""
    covered = generate(people.records(), lambda data, edits, folder: people.check_served(data, folder), 6)
    _at_least(covered, ("record entered through serve", "serve refused a hand"))


def test_a_keep_session_answers_every_line_and_leaves_a_record_that_settles():
    covered = generate(people.keep_sessions(), people.check_keep_session, 60)
    _at_least(covered, ("keep session", "keep line refused"), 10)


def test_a_profile_is_playable_or_refused_at_its_key():
    covered = generate(people.profiles(), people.check_profile, 250)
    _at_least(covered, ("profile accepted", "profile played", "profile refused"), 10)


def test_a_scheme_pays_whole_growing_amounts_or_is_refused_at_its_key():
    covered = generate(people.schemes(), people.check_scheme, 200)
    _at_least(covered, ("scheme accepted", "scheme refused"), 5)


def test_a_command_line_answers_or_refuses_in_one_line():
    covered = generate(people.command_lines(), people.check_command_line, 500, folder=False)
    _at_least(covered, ("command line repeated", "command line contradictory", "command line answered",
                        "command line refused (exit 1)", "command line refused (exit 2)",
                        "command line read plainly: hand", "command line read plainly: replay"), 5)


def test_an_edited_log_is_refused_or_replays_as_it_now_says():
    covered = generate(people.log_edits(), people.check_log_edit, 400)
    _at_least(covered, ("log edit: play", "log edit: figure", "log edit: tile", "edited log refused",
                        "edited log replayed with its mismatches"))
