"""`sanma keep` driven as a person drives it: typed lines through a pseudo-terminal (pexpect).

Each test spawns the real command, types lines, reads what the table would see, and checks the record
on disk: written after every hand, untouched by a refused entry, resumed with the same scores after
the terminal goes away, and settled by `sanma settle` to the same standings `show` printed."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
from spawned import interruptible
from typer.testing import CliRunner

from calc.cli.app import app
from calc.table import record

PROMPT = r"> "
runner = CliRunner()


def spawn(tmp_path: Path, *args: str, columns: int = 200) -> pexpect.spawn:
    env = {**os.environ, "TERM": "dumb", "COLUMNS": str(columns), "PYTHONUNBUFFERED": "1"}
    child = pexpect.spawn(sys.executable, ["-m", "calc", "keep", *args], cwd=str(tmp_path), env=env,
                          encoding="utf-8", timeout=20, dimensions=(50, columns), preexec_fn=interruptible)
    child.expect(PROMPT)
    return child


def type_line(child: pexpect.spawn, line: str) -> str:
    """Type one line, wait for the next prompt, return what was printed in between."""
    child.sendline(line)
    child.expect(PROMPT)
    return child.before


def cancel_line(child: pexpect.spawn, text: str) -> None:
    """Type `text` without Enter, see it echoed, then Ctrl-C it and wait for the next prompt.

    Waiting for the echo keeps the tty from discarding the text unseen (Ctrl-C flushes unread input).
    A second Ctrl-C, as a person presses one when nothing happens, covers a race in CPython's readline
    loop: a SIGINT that lands after it has read a key but before it waits again (`select`) is only
    noticed at the next key or signal, so the first press can go unanswered on a loaded machine."""
    child.send(text)
    child.expect_exact(text.split()[-1])
    interrupt(child)


def interrupt(child: pexpect.spawn) -> None:
    """Ctrl-C, then the next prompt; pressed again if the first went unanswered (cancel_line says why)."""
    child.sendintr()
    if child.expect([PROMPT, pexpect.TIMEOUT], timeout=3) == 1:
        child.sendintr()
        child.expect(PROMPT)
        child.expect([PROMPT, pexpect.TIMEOUT], timeout=1)  # the first press's prompt, if it was only slow


def scores_line(text: str) -> str:
    return re.search(r"Scores: .*", text).group(0).strip()


def test_a_short_session_with_a_refusal_and_an_undo(tmp_path):
    child = spawn(tmp_path, "m.yaml", "--players", "Ana", "Bo", "Chen")
    assert (tmp_path / "m.yaml").exists()  # written at once, before any hand
    assert "riichi Bo" in type_line(child, "riichi bo")
    out = type_line(child, "Bo ron Ana 3 40")
    # Bo: 3 han 40 fu ron 5200 + his own stick back; Ana pays 5200
    assert re.search(r"Ana\s+-5200\s+29800", out) and re.search(r"Bo\s+\+5200\s+40200", out)
    assert "Next: E2, honba 0, dealer Bo." in out
    written = (tmp_path / "m.yaml").read_text()

    # impossible entries: refused with the reason, nothing written
    assert "refused: who is 'Zed'?" in type_line(child, "Zed ron Ana 3 40")
    assert "refused:" in (out := type_line(child, "Chen ron Ana 1 20")) and "20 fu" in out
    assert "cannot pay themselves" in type_line(child, "Ana ron Ana mangan")
    assert "riichi needs" not in type_line(child, "Chen tsumo mangan")  # accepted
    assert (tmp_path / "m.yaml").read_text() != written
    out = type_line(child, "undo")
    assert "hand 2 (E2: Chen tsumo: mangan) taken back" in out
    assert "Scores: Ana 29800, Bo 40200, Chen 35000" in out
    assert (tmp_path / "m.yaml").read_text() == written  # the undo is saved too

    out = type_line(child, "Ana ron Chen 234p678s999m111z5z5z dora 3p")
    # Ana sits West in E2: round wind East 1 + dora 1 = 2 han; 20 + 10 closed ron + 8 + 8 + 2 (dragon
    # pair) + 2 (pair wait) = 50 fu
    assert "hand 2 (E2, honba 0): Ana ron Chen: 2 han 50 fu" in out
    out = type_line(child, "draw ana chen")
    assert "draw, tenpai Ana, Chen" in out
    shown = type_line(child, "show")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    settled = runner.invoke(app, ["settle", str(tmp_path / "m.yaml")])
    assert settled.exit_code == 0
    standings = settled.output.split("Standings (provisional)")[1].strip()
    assert standings in shown.replace("\r\n", "\n")


def test_the_full_hand_line_is_scored_with_the_flow(tmp_path):
    child = spawn(tmp_path, "m.yaml", "--players", "Ana", "Bo", "Chen", "--rules", "tenhou")
    out = type_line(child, "Ana tsumo 123p456p789s99p234s riichi")
    assert "refused:" in out  # `riichi` is not a flag here: the riichi line says who declared
    type_line(child, "riichi Ana")
    out = type_line(child, "Ana tsumo 123p456p789s99p234s dora 3z nuki 2")
    # dealer Ana: riichi, tsumo, pinfu, 2 norths doubled by the West indicator = 7 han: a dealer
    # haneman tsumo, 6000 from each; her own stick comes back
    assert "Ana tsumo: haneman" in out
    assert re.search(r"Bo\s+-6000\s+29000", out) and re.search(r"Ana\s+\+12000\s+47000", out)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_an_interrupted_session_resumes_with_the_same_scores(tmp_path):
    child = spawn(tmp_path, "m.yaml", "--players", "Ana", "Bo", "Chen")
    type_line(child, "Chen tsumo 3 40")
    type_line(child, "riichi Ana")
    type_line(child, "Bo ron Chen mangan")
    assert "taken back" in type_line(child, "undo")  # back, and forward again: the file follows
    type_line(child, "Bo ron Chen mangan")
    type_line(child, "riichi Chen")  # pending: the hand is not over, so not in the record
    child.close(force=True)  # the terminal goes away mid-hand
    assert not child.isalive()

    again = pexpect.spawn(sys.executable, ["-m", "calc", "keep", "m.yaml"], cwd=str(tmp_path),
                          env={**os.environ, "TERM": "dumb"}, encoding="utf-8", timeout=20,
                          preexec_fn=interruptible)
    again.expect(PROMPT)
    # E1 Chen 3 han 40 fu tsumo: 2600 from the dealer Ana, 1300 from Bo; E2 Ana's riichi stick, then
    # Bo (dealer) mangan ron from Chen 12000 and the stick; Chen's pending riichi is not recorded
    assert "2 hand(s) so far" in again.before
    assert scores_line(again.before) == "Scores: Ana 31400, Bo 46700, Chen 26900"
    assert "Next: E2, honba 1, dealer Bo." in again.before
    # Ctrl-C cancels the line being typed, not the session; quit ends it, the record already saved
    cancel_line(again, "Bo ron Chen 3 4")
    assert again.isalive()
    again.sendline("quit")
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0
    settled = record.settle(record.read(tmp_path / "m.yaml"))
    assert settled.state.scores == (31400, 46700, 26900)


def test_tab_completes_names_and_commands(tmp_path):
    child = spawn(tmp_path, "m.yaml", "--players", "Ana", "Bo", "Chen")
    child.send("Che\t")
    child.expect("Chen ")
    child.send("tsu\t")
    child.expect("tsumo ")
    child.sendline("mangan")
    child.expect(PROMPT)
    assert "Chen tsumo: mangan" in child.before
    child.send("dr\t")
    child.expect("draw ")
    child.sendline("")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    hands = record.read(tmp_path / "m.yaml").hands
    assert [h.kind for h in hands] == ["win", "draw"]


def test_chombo_chips_and_the_end_of_the_match(tmp_path):
    (tmp_path / "m.yaml").write_text(
        "rules: parlour\nplayers: [Ana, Bo, Chen]\n"
        "start: {round: S3, honba: 0, sticks: 0, scores: {Ana: 30000, Bo: 40000, Chen: 35000}}\nhands: []\n")
    child = spawn(tmp_path, "m.yaml")
    type_line(child, "riichi Ana")
    out = type_line(child, "chombo Bo")
    # parlour: a mangan tsumo in reverse under add-1000: Bo pays the dealer Chen 5000 and Ana 3000;
    # Ana's riichi stick goes back
    assert re.search(r"Ana\s+\+3000\s+33000", out) and re.search(r"Chen\s+\+5000\s+40000", out)
    assert "the riichi sticks of Ana go back" in out
    assert "Next: S3, honba 0, dealer Chen." in out  # replayed, honba kept
    out = type_line(child, "Ana tsumo yakuman chips 5")
    # non-dealer yakuman tsumo, add-1000: 17000 from the dealer, 9000 from Bo; 5 chips from each
    assert re.search(r"Ana\s+\+26000\s+59000\s+\+10\s+10", out)
    assert "The match is over after hand 2" in out and "Final standings" in out
    assert "match already ended" in type_line(child, "Bo ron Ana 1 30")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    settled = runner.invoke(app, ["settle", str(tmp_path / "m.yaml")])
    assert "chombo Bo" in settled.output and "Final standings" in settled.output


def test_show_prints_what_settle_prints_in_the_terminals_width(tmp_path, monkeypatch):
    """`show` is `sanma settle FILE` as it would print in the same terminal: 80 columns here, where
    the wide ledger (a line per hand, chips and all) would take ~147."""
    child = spawn(tmp_path, "m.yaml", "--rules", "parlour", "--players", "Ana", "Bo", "Chen", columns=80)
    type_line(child, "riichi Bo")
    type_line(child, "Bo ron Ana 234p678s999m111z5z5z dora 3p ura 1m ippatsu")
    type_line(child, "Chen tsumo mangan")
    type_line(child, "Ana ron Chen 3 40 chips 1")
    shown = type_line(child, "show").replace("\r\n", "\n")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "80")
    settled = runner.invoke(app, ["settle", "m.yaml"])
    assert settled.exit_code == 0
    text = settled.output.strip()
    assert "Ana ron Chen: 3 han 40" in text and "chips" in text
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "\n".join(shown.splitlines()[1:-1]).strip() == text  # between the echoed `show` and the prompt
    wide = runner.invoke(app, ["settle", "m.yaml", "--wide"]).output
    assert max(len(line) for line in wide.splitlines()) > 140  # what `show` printed before


def test_a_new_record_needs_players(tmp_path):
    result = runner.invoke(app, ["keep", str(tmp_path / "new.yaml")])
    assert result.exit_code == 2 and "--players" in result.output
    assert not (tmp_path / "new.yaml").exists()


# ---------------------------------------------------------------- the command layer (no terminal)


def _shell(tmp_path, rules: str = "standard"):
    import io

    from calc.cli.keep import Shell
    from calc.table.keeper import Keeper

    keeper = Keeper(tmp_path / "m.yaml", rules, ("Ana", "Bo", "Chen"))
    shell = Shell(keeper)
    shell.stdout = io.StringIO()

    def typed(line: str) -> str:
        start = shell.stdout.tell()
        shell.onecmd(line)
        return shell.stdout.getvalue()[start:]

    return keeper, typed


def test_a_full_hand_double_ron_with_dora_keeps_the_session_and_its_riichi(tmp_path):
    """A double ron with dora is kept, and the riichi with it (the session goes on)."""
    keeper, typed = _shell(tmp_path)
    typed("riichi Chen")
    out = typed("Ana ron Bo 123p456p789s666z5z5z dora 8s and Chen ron Bo 234p567p789s777z5z5z dora 8s ura 1m")
    assert "refused" not in out and "hand 1 (E1, honba 0)" in out
    assert keeper.pending == [] and keeper.settled.rows[0].deltas == (4800, -11200, 6400)
    assert record.read(tmp_path / "m.yaml").hands[0].riichi == (2,)


def test_a_bug_refuses_the_line_and_the_session_goes_on(tmp_path, monkeypatch, capsys):
    from calc.table import keeper as domain

    keeper, typed = _shell(tmp_path)
    typed("riichi Bo")
    monkeypatch.setattr(domain.record, "settle", lambda *a, **k: [][1])  # any bug in what a line calls
    out = typed("Bo ron Ana 3 40")
    assert "refused: an error in sanma itself (IndexError" in out and "the session goes on" in out
    assert "Traceback" in capsys.readouterr().err
    monkeypatch.undo()
    assert keeper.pending == ["Bo"]  # the riichi is still there
    assert "hand 1 (E1, honba 0): Bo ron Ana" in typed("Bo ron Ana 3 40")


def test_a_riichi_player_left_out_of_the_tenpai_is_refused(tmp_path):
    keeper, typed = _shell(tmp_path)
    typed("riichi Bo")
    out = typed("draw Ana")
    assert "refused: hand 1: Bo declared riichi this hand but is not tenpai at the exhaustive draw" in out
    assert keeper.pending == ["Bo"] and record.read(tmp_path / "m.yaml").hands == ()
    assert "draw, tenpai Ana, Bo" in typed("draw Ana Bo")


def test_ctrl_c_cancels_the_line_and_leaving_with_a_pending_riichi_warns(tmp_path):
    child = spawn(tmp_path, "m.yaml", "--players", "Ana", "Bo", "Chen")
    written = (tmp_path / "m.yaml").read_text()
    type_line(child, "riichi Bo")
    cancel_line(child, "Bo ron Ana 3 4")  # typed, then thought better of
    assert child.isalive() and "riichi Bo" in child.before + child.after  # the prompt still shows it pending
    out = type_line(child, "Bo ron Ana 2 30")  # the line cancelled was not kept: this one is whole
    assert "Bo ron Ana: 2 han 30 fu" in out and (tmp_path / "m.yaml").read_text() != written
    type_line(child, "riichi Chen")
    out = type_line(child, "quit")  # a pending riichi: warned, and the session stays
    assert "riichi Chen is pending: the hand is not finished, so it is not in the record" in " ".join(out.split())
    assert child.isalive()
    out = type_line(child, "show")  # another line: the next quit warns again
    child.sendeof()  # Ctrl-D is quit: it warns too
    child.expect(PROMPT)
    assert "riichi Chen is pending" in " ".join(child.before.split())
    child.sendeof()  # asked twice: it leaves, and says the riichi is not recorded
    child.expect(pexpect.EOF)
    assert "the pending riichi of Chen belongs to an unfinished hand and is not recorded" in \
        " ".join(child.before.split())
    child.close()
    assert child.exitstatus == 0
    assert [h.riichi for h in record.read(tmp_path / "m.yaml").hands] == [(1,)]


def test_tab_completes_by_what_the_line_expects(tmp_path):
    child = spawn(tmp_path, "m.yaml", "--players", "Ana", "Bo", "Chen")
    child.send("ch\t\t")  # at the start a command or a winner's name: both are offered, listed by readline
    child.expect(r"Chen\s+chombo|chombo\s+Chen")
    interrupt(child)
    child.send("chombo ch\t")  # where a player is expected: the player (readline rubs out `ch`, writes it)
    child.expect("Chen ")
    interrupt(child)
    child.send("Bo ron ch\t")
    child.expect("Chen ")
    child.send("man\t")
    child.expect("mangan ")
    interrupt(child)
    child.send("abort n\t")
    child.expect("ine-terminals ")
    child.sendline("")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert [h.kind for h in record.read(tmp_path / "m.yaml").hands] == ["abort"]


def test_a_dealer_may_play_on_where_the_profile_lets_them(tmp_path):
    """parlour (match.yame_choice: true): the leading dealer's tenpai ends the match, unless `play on`."""
    start = "start: {round: S3, scores: {Ana: 30000, Bo: 30000, Chen: 45000}}\nhands: []\n"
    (tmp_path / "m.yaml").write_text("rules: parlour\nplayers: [Ana, Bo, Chen]\n" + start)
    child = spawn(tmp_path, "m.yaml")
    out = " ".join(type_line(child, "draw Chen").split())
    assert "The match is over after hand 1: tenpai-yame: the dealer Chen is tenpai at the draw" in out
    assert "The dealer may play on instead: type `play on`." in out
    out = type_line(child, "play on")
    assert "The dealer Chen plays on." in out and "Next: S3, honba 1, dealer Chen." in out
    assert "play_on: true" in (tmp_path / "m.yaml").read_text()
    out = " ".join(type_line(child, "Chen tsumo 1 30").split())
    assert "The match is over after hand 2: agari-yame" in out
    child.sendline("quit")
    child.expect(pexpect.EOF)
    settled = runner.invoke(app, ["settle", str(tmp_path / "m.yaml"), "--wide"])
    assert "draw, tenpai Chen; the dealer plays on" in settled.output
    # a profile whose agari-yame ends the match: no choice
    (tmp_path / "s.yaml").write_text("players: [Ana, Bo, Chen]\n" + start)
    child = spawn(tmp_path, "s.yaml")
    out = " ".join(type_line(child, "draw Chen").split())
    assert "tenpai-yame" in out and "play on" not in out
    assert "match.yame_choice is false" in type_line(child, "play on")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_indicators_typed_twice_add_up_and_other_words_given_twice_are_refused(tmp_path):
    """`dora 3p dora 1m` is two indicators (as --dora 3p --dora 1m); `nuki 1 nuki 2` says which it means."""
    keeper, typed = _shell(tmp_path)
    out = typed("Bo ron Ana 123p456p789s99p234s dora 3p dora 1m")
    assert "refused" not in out and keeper.data["hands"][0]["win"]["dora"] == "3p1m"
    assert "refused: 'nuki' given twice in one win" in typed("Bo ron Ana 123p456p789s99p234s nuki 1 nuki 2")
    assert "refused: 'pao' given twice" in typed("Bo ron Ana yakuman pao Chen pao Chen")
    assert len(keeper.data["hands"]) == 1


def test_one_riichi_is_one_stick(tmp_path):
    keeper, typed = _shell(tmp_path)
    assert typed("riichi Bo") == "riichi Bo: a stick, on the table when the hand ends\n"
    assert typed("riichi Ana Chen") == "riichi Ana, Chen: a stick each, on the table when the hand ends\n"
