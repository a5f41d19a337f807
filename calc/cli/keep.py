"""`sanma keep FILE.yaml`: keep a match record at the table, one short line per event.

The record is the YAML file `sanma settle` reads; it is the only state. Every hand typed is added to
the record in memory, the record is read and settled exactly as `settle` would (so an impossible entry
is refused with the reader's own reason and nothing is written), and only then is the file replaced,
atomically (a temporary file beside it, then a rename): a crash, a closed terminal or Ctrl-C loses at
most the hand being typed. `keep` on an existing record resumes it.

A riichi is held until the hand's result is typed (it belongs to that hand in the record); `undo`
drops the last pending riichi, else takes back the last hand (its riichi pending again). The line grammar is in HELP below.

The Keeper is also `sanma serve`'s (calc/cli/serve.py): a hand entered on a phone, in the record's own
form, is checked and written by the same code and refused with the same one-line message; the lock
beside the record lets one of them keep it at a time.
"""

from __future__ import annotations

import cmd
import os
import re
import sys
from pathlib import Path
from typing import Any

import yaml
from tabulate import tabulate

from calc.core.errors import SanmaError
from calc.core.yamlread import file_text, load_yaml
from calc.scoring.value import LIMITS
from calc.table import chips, match, record
from calc.table.events import ABORTS

HELP = """\
One line per event (names may be shortened while they stay unambiguous; Tab completes):
  riichi Bo [Ana]                 a riichi that stood this hand (held until the hand's result)
  Bo ron Ana 3 40                 a win given by value: han fu, han (5+), mangan .. yakuman [N]
  Chen tsumo mangan               ... add `chips N` for the chips it earns, `pao NAME` for a liable player
  Ana ron Chen 234p678s999m111z5z5z dora 3p
                                  a full hand, scored: flags dora T, ura T, nuki N, win T, ippatsu,
                                  rinshan, chankan, haitei, houtei, double_riichi, tenhou, chiihou, renhou
  Ana ron Chen 2 30 and Bo ron Chen mangan
                                  a double ron (`and` or `;` between the two wins)
  draw [Ana Chen]                 exhaustive draw; the tenpai players
  abort [nine-terminals|four-kans]
  nagashi Bo [tenpai Ana]         nagashi mangan (two names for two)
  chombo Ana                      a chombo (the hand's riichi sticks go back)
  play on                         the dealer plays on instead of agari-yame (profiles with match.yame_choice)
  undo    show    help    quit    (Ctrl-C cancels the line being typed; Ctrl-D is quit)"""

COMMANDS = ("riichi", "draw", "abort", "nagashi", "chombo", "play", "undo", "show", "help", "quit")
WIN_WORDS = ("ron", "tsumo")
VALUE_FLAGS = ("dora", "ura", "nuki", "win")  # full-hand flags with a value
BOOL_FLAGS = ("ippatsu", "rinshan", "chankan", "haitei", "houtei", "double_riichi", "tenhou", "chiihou", "renhou")
EXTRA_WORDS = ("chips", "pao", "tenpai", *VALUE_FLAGS, *BOOL_FLAGS, *LIMITS, *ABORTS)
TOP_ORDER = ("rules", "scheme", "uma", "length", "players", "start")


class Refused(SanmaError):
    """An entry that cannot be recorded; the message says why."""


# ---------------------------------------------------------------- the file


def _plain(value: Any) -> Any:
    """The line-numbered YAML values as plain dicts and lists."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


def _flow(value: Any) -> str:
    text = yaml.safe_dump(value, default_flow_style=True, width=1 << 20, sort_keys=False, allow_unicode=True)
    return text.removesuffix("\n...\n").strip()


def dump(data: dict) -> str:
    """The record as people write it: one line per key, a hand's result as a flow mapping."""
    out = ["# kept with `sanma keep`; `sanma settle` reads it, `sanma keep` on it goes on"]
    for key in TOP_ORDER:
        if key in data:
            out.append(f"{key}: {_flow(data[key])}")
    out.append("hands:" if data["hands"] else "hands: []")
    for hand in data["hands"]:
        if not hand:  # an empty entry stays one, for the reader to refuse (a hand needs a result)
            out.append("  - {}")
        for k, (key, value) in enumerate(hand.items()):
            out.append(f"{'  - ' if k == 0 else '    '}{key}: {_flow(value)}")
    return "\n".join(out) + "\n"


def write_atomically(path: Path, text: str) -> None:
    """The new record in a temporary file beside it, on disk (fsync), then renamed over it: a reader,
    a crash or a kill finds the old record or the new one, never a part. The folder is synced too,
    so that the rename itself survives a power cut."""
    temporary = path.with_name(f".{path.name}.keep-tmp")
    try:
        with open(temporary, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
        _sync_folder(path.parent)
    except OSError as exc:
        raise SanmaError(f"cannot write the record: {exc.strerror}", file=str(path)) from None


def _sync_folder(folder: Path) -> None:
    """Best effort: Windows cannot open a folder, some file systems cannot sync one; the record is
    written by then either way."""
    if sys.platform == "win32":
        return
    try:
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
    except OSError:
        pass


class RecordLock:
    """One keeper of a record at a time (`sanma keep` or `sanma serve`): an exclusive lock on a file
    beside it, `.NAME.lock`, that names its holder. The system drops the lock when the holder ends,
    however it ends (even killed), so a stale lock file is simply taken again. On a system without
    flock (Windows) nothing is locked."""

    def __init__(self, record_path: Path, holder: str) -> None:
        self.path = record_path.with_name(f".{record_path.name}.lock")
        self.handle: int | None = None
        try:
            import fcntl
        except ImportError:
            return
        while True:
            try:
                handle = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as exc:
                raise SanmaError(f"cannot lock the record: {exc.strerror}", file=str(record_path)) from None
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                other = os.read(handle, 200).decode("utf-8", "replace").strip() or "another sanma keep or serve"
                os.close(handle)
                raise SanmaError(f"the record is being kept by {other}; one keeper at a time: enter the hands "
                                 f"there, or stop it first (its record is saved after every hand)",
                                 file=str(record_path)) from None
            try:
                same = os.stat(self.path).st_ino == os.fstat(handle).st_ino
            except FileNotFoundError:
                same = False
            if same:  # not a lock file that its last holder removed while this one waited for it
                break
            os.close(handle)
        os.ftruncate(handle, 0)
        os.write(handle, f"{holder} (pid {os.getpid()})".encode("utf-8"))
        self.handle = handle

    def release(self) -> None:
        if self.handle is not None:
            os.unlink(self.path)  # while still holding it: whoever opened it meanwhile sees it gone and tries again
            os.close(self.handle)
            self.handle = None


# ---------------------------------------------------------------- one line -> one record entry


class LineReader:
    """Turns one typed line into the record's words; player names resolved against the table."""

    def __init__(self, players: tuple[str, ...]) -> None:
        self.players = players

    def name(self, word: str) -> str:
        exact = [p for p in self.players if p.lower() == word.lower()]
        if exact:
            return exact[0]
        starts = [p for p in self.players if p.lower().startswith(word.lower())]
        if len(starts) == 1:
            return starts[0]
        which = f"could be {' or '.join(starts)}" if starts else f"players: {', '.join(self.players)}"
        raise Refused(f"who is {word!r}? ({which})")

    def names(self, words: list[str]) -> list[str]:
        return [self.name(w) for w in words]

    def win(self, words: list[str]) -> dict:
        """`Bo ron Ana 3 40 ...` / `Chen tsumo mangan` / `Ana ron Chen HAND flags...`."""
        if len(words) < 3 or words[1].lower() not in WIN_WORDS:
            raise Refused(f"cannot read {' '.join(words)!r}: a win is `NAME ron NAME VALUE` or `NAME tsumo VALUE` "
                          f"(help lists every line)")
        win: dict[str, Any] = {"winner": self.name(words[0])}
        rest = words[2:]
        if words[1].lower() == "ron":
            win["from"] = self.name(rest.pop(0))
        else:
            win["tsumo"] = True
        if not rest:
            raise Refused("say what the win is worth: `3 40`, `mangan`, or the full hand")
        value = rest.pop(0)
        number = re.fullmatch(r"(\d+)(han)?", value.lower())
        if number:
            win["han"] = int(number.group(1))
            if rest and re.fullmatch(r"\d+(fu)?", rest[0].lower()):
                win["fu"] = int(rest.pop(0).lower().removesuffix("fu"))
        elif value.lower() in LIMITS:
            win["limit"] = value.lower()
            if value.lower() == "yakuman" and rest and rest[0].isdigit():
                win["yakuman"] = int(rest.pop(0))
        else:
            hand = [value]
            while rest and rest[0].lower() not in EXTRA_WORDS:
                hand.append(rest.pop(0))
            win["hand"] = " ".join(hand)
        while rest:
            word = rest.pop(0).lower().replace("-", "_")
            if word in BOOL_FLAGS:
                win[word] = True
                continue
            if not rest:
                raise Refused(f"{word!r} needs a value" if word in (*VALUE_FLAGS, "chips", "pao")
                              else f"unknown word {word!r} in a win (help lists them)")
            given = rest.pop(0)
            if word in ("dora", "ura", "win"):
                win[word] = given
            elif word in ("nuki", "chips"):
                if not given.isdigit():
                    raise Refused(f"{word} needs a number, got {given!r}")
                win[word] = int(given)
            elif word in ("pao", "liable"):
                win["liable"] = self.name(given)
            else:
                raise Refused(f"unknown word {word!r} in a win (help lists them)")
        return win

    def wins(self, line: str) -> dict:
        parts = [p.split() for p in re.split(r";|\band\b", line) if p.strip()]
        wins = [self.win(p) for p in parts]
        return {"win": wins[0] if len(wins) == 1 else wins}

    def nagashi(self, words: list[str]) -> dict:
        tenpai: list[str] = []
        if "tenpai" in [w.lower() for w in words]:
            at = [w.lower() for w in words].index("tenpai")
            words, tenpai = words[:at], self.names(words[at + 1:])
        who = self.names(words)
        if not who:
            raise Refused("nagashi needs a player: `nagashi Bo`")
        entry: dict[str, Any] = {"player": who[0]} if len(who) == 1 else {"players": who}
        if tenpai:
            entry["tenpai"] = tenpai
        return {"nagashi": entry}

    def abort(self, words: list[str]) -> dict:
        if not words:
            return {"abort": ABORTS[0]}
        kind = words[0].lower()
        matches = [a for a in ABORTS if a.startswith(kind)]
        if len(words) > 1 or len(matches) != 1:
            raise Refused(f"abort is {' or '.join(ABORTS)}, got {' '.join(words)!r}")
        return {"abort": matches[0]}


# ---------------------------------------------------------------- the keeper


class Keeper:
    """The record being kept: its data, the riichi pending for the hand being played, and the
    record settled as it stands."""

    def __init__(self, path: Path, rules: str | None, players: tuple[str, ...] | None,
                 holder: str = "sanma keep") -> None:
        self.path = path
        self.lock = RecordLock(path, holder)  # before reading: the record read is the one kept
        try:
            self._open(path, rules, players)
        except BaseException:
            self.lock.release()
            raise

    def close(self) -> None:
        """Let another keeper have the record (it is saved already)."""
        self.lock.release()

    def _open(self, path: Path, rules: str | None, players: tuple[str, ...] | None) -> None:
        if path.exists():
            data = _plain(load_yaml(file_text(path), str(path)))
            self.settled = record.settle(record.read(path))  # a record that cannot be kept is refused here
            found = self.settled.record
            if players and tuple(players) != found.players:
                raise SanmaError(f"the record's players are {', '.join(found.players)}; leave --players out "
                                 f"to go on with it", file=str(path))
            if rules and rules != data.get("rules", "standard"):
                raise SanmaError(f"the record's rules are {data.get('rules', 'standard')!r}; leave --rules out "
                                 f"to go on with it", file=str(path))
            data["hands"] = data.get("hands") or []
        else:
            if not players:
                raise SanmaError("a new record needs the players: --players EAST SOUTH WEST", file=str(path))
            data = {"rules": rules or "standard", "players": list(players), "hands": []}
            self.settled = self._settle(data)
            write_atomically(path, dump(data))
        self.data = data
        self.lines = LineReader(self.settled.players)
        self.pending: list[str] = []

    def _settle(self, data: dict) -> record.Settled:
        return record.settle(record.read_text(dump(data), str(self.path)))

    @property
    def players(self) -> tuple[str, ...]:
        return self.settled.players

    @property
    def state(self):
        return self.settled.state

    def riichi(self, names: list[str]) -> list[str]:
        if self.state.ended:
            raise Refused("the match is over; no more hands (undo takes the last one back)")
        if not names:
            raise Refused("riichi needs a name: `riichi Bo`")
        added = self.lines.names(names)
        self._check_riichi([*self.pending, *added], len(self.pending))
        self.pending += added
        return added

    def _check_riichi(self, names: list[str], checked: int = 0) -> None:
        """The riichi of one hand (names from the table), from `names[checked]` on: once each, with the points."""
        rules = self.settled.rules
        for k, name in enumerate(names[checked:], start=checked):
            seat = self.players.index(name)
            if name in names[:k]:
                raise Refused(f"{name} already declared riichi this hand")
            if self.state.scores[seat] < rules.match.riichi_min_points:
                raise Refused(f"{name} has {self.state.scores[seat]} points; riichi needs "
                              f"{rules.match.riichi_min_points}")

    def add(self, result: dict) -> record.Settled:
        """Record one hand (its pending riichi and this result); refused = nothing changes."""
        settled = self.enter(({"riichi": list(self.pending)} if self.pending else {}) | result)
        self.pending = []
        return settled

    def _with(self, hand: Any) -> tuple[dict, record.Settled]:
        """The record with one more hand, settled; refused with the reason, as `keep` words it."""
        if not isinstance(hand, dict):
            raise Refused(f"a hand is a mapping such as {{draw: {{tenpai: [{self.players[0]}]}}}}, got {hand!r}")
        riichi = hand.get("riichi")
        if isinstance(riichi, list) and all(name in self.players for name in riichi) and not self.state.ended:
            self._check_riichi(riichi)  # the riichi line's own checks and words
        data = {**self.data, "hands": [*self.data["hands"], hand]}
        try:
            return data, self._settle(data)
        except SanmaError as exc:
            raise Refused(exc.message) from None

    def check(self, hand: Any) -> record.Settled:
        """What recording `hand` (a hand in the record's own form) would make of the match; nothing is written."""
        return self._with(hand)[1]

    def enter(self, hand: Any) -> record.Settled:
        """Record one hand in the record's own form (riichi and result, as `sanma serve` gets it)."""
        data, settled = self._with(hand)
        write_atomically(self.path, dump(data))
        self.data, self.settled = data, settled
        return settled

    def play_on(self) -> record.Settled:
        """The dealer plays on after the last hand instead of agari-yame / tenpai-yame: the record says
        so on that hand (`play_on: true`, rules.md, game end)."""
        rules = self.settled.rules
        if not rules.match.yame_choice:
            raise Refused(f"under profile {rules.name!r} agari-yame and tenpai-yame end the match "
                          f"(match.yame_choice is false): the dealer has no choice to play on")
        if not self.data["hands"] or self.state.end_reason not in (match.AGARI_YAME, match.TENPAI_YAME):
            raise Refused("play on is for a dealer whose win or tenpai has just ended the match by agari-yame or "
                          "tenpai-yame; it has not")
        hands = [*self.data["hands"][:-1], {**self.data["hands"][-1], "play_on": True}]
        data = {**self.data, "hands": hands}
        settled = self._settle(data)
        write_atomically(self.path, dump(data))
        self.data, self.settled = data, settled
        return settled

    def take_back(self) -> tuple[str, dict]:
        """Remove the last hand from the record: (what it was, in words, and the hand as it was recorded)."""
        if not self.data["hands"]:
            raise Refused("nothing to undo")
        data = {**self.data, "hands": self.data["hands"][:-1]}
        settled = self._settle(data)
        row = self.settled.rows[-1]
        what = f"hand {row.number} ({row.label}: {_result(row, self.players)}) taken back"
        write_atomically(self.path, dump(data))
        hand = self.data["hands"][-1]
        self.data, self.settled = data, settled
        return what, hand

    def undo(self) -> str:
        if self.pending:
            return f"riichi {self.pending.pop()} taken back"
        what, hand = self.take_back()
        # the last line typed was the result: the hand's riichi stand again, pending (undo again drops them)
        self.pending = list(hand.get("riichi", []))
        again = f"; riichi {', '.join(self.pending)} pending again" if self.pending else ""
        return what + again


# ---------------------------------------------------------------- what the table sees


def _result(row, players: tuple[str, ...]) -> str:
    from calc.cli.report import _row_text

    return _row_text(row, players)


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def next_hand(settled: record.Settled) -> str:
    state, players = settled.state, settled.players
    if state.ended:
        over = f"The match is over after hand {state.hands}: {record.describe_end(state, players, settled.rules)}."
        if settled.rules.match.yame_choice and state.end_reason in (match.AGARI_YAME, match.TENPAI_YAME):
            over += " The dealer may play on instead: type `play on`."
        return over
    sticks = f", {state.sticks} riichi stick(s) on the table" if state.sticks else ""
    return f"Next: {state.label}, honba {state.honba}, dealer {players[state.dealer]}{sticks}."


def scores_text(settled: record.Settled) -> str:
    state = settled.state
    return "Scores: " + ", ".join(f"{name} {score}" for name, score in zip(settled.players, state.scores))


def hand_text(settled: record.Settled) -> str:
    """What a hand did: the result, who paid whom, each player's change and score, chips, what is next."""
    row, players = settled.rows[-1], settled.players
    out = [f"hand {row.number} ({row.label}, honba {row.honba}): {_result(row, players)}"]
    moves = [f"{players[seat]} riichi → table {-d}" for seat, d in enumerate(row.deposits) if d]
    moves += [f"{'table' if p.payer is None else players[p.payer]} → {'table' if p.payee is None else players[p.payee]}"
              f" {p.amount} ({p.role})" for p in row.settlement.payments]
    if moves:
        out.append("  " + "; ".join(moves))
    elif row.settlement.lines:  # nothing moved now, e.g. a chombo paid in final points at the tally
        from calc.cli.report import _named_lines

        out += [f"  {line}" for line in _named_lines(row.settlement.lines, players)]
    cells = [[name, _signed(d), s] for name, d, s in zip(players, row.deltas, row.scores)]
    headers = ["", "change", "score"]
    if settled.rules.chips.on:
        moved = chips.ledger(settled)
        totals = [sum(r[seat] for r in moved) for seat in range(len(players))]
        for seat, cell in enumerate(cells):
            cell += [_signed(moved[-1][seat]), totals[seat]]
        headers += ["chips", "chips total"]
    out.append(tabulate(cells, headers=headers, tablefmt="simple", disable_numparse=True,
                        colalign=("left", *["right"] * (len(headers) - 1))))
    out.append(next_hand(settled))
    if settled.state.ended:
        from calc.cli.report import standings_text

        out += ["", standings_text(settled)]
    return "\n".join(out)


class Shell(cmd.Cmd):
    """The prompt: commands by name, anything else is a win line (`Bo ron Ana 3 40`)."""

    intro = None

    def __init__(self, keeper: Keeper) -> None:
        super().__init__()
        self.keeper = keeper
        self.warned = False  # `quit` with a pending riichi warned once; a second quit leaves

    def cmdloop(self, intro=None) -> None:
        """Ctrl-C cancels the line being typed (as in a shell), never the session."""
        while True:
            try:
                super().cmdloop(intro)
                return
            except KeyboardInterrupt:
                self.stdout.write("\n")

    def precmd(self, line: str) -> str:
        if line.strip().lower() not in ("quit", "exit", "eof"):
            self.warned = False
        return line

    @property
    def prompt(self) -> str:  # type: ignore[override]
        state = self.keeper.state
        if state.ended:
            return "(over) > "
        pending = f" riichi {', '.join(self.keeper.pending)}" if self.keeper.pending else ""
        return f"{state.label} honba {state.honba}{pending} > "

    # A refused line says why and changes nothing; a SanmaError never ends the session.
    def onecmd(self, line: str) -> bool:
        try:
            return super().onecmd(line)
        except SanmaError as exc:
            self.stdout.write(f"refused: {exc.message}\n")
            return False

    def emptyline(self) -> bool:
        return False

    def _hand(self, result: dict) -> None:
        settled = self.keeper.add(result)
        self.stdout.write(hand_text(settled) + "\n")

    def default(self, line: str) -> bool:
        first = line.split()[0].lower()
        if first in COMMANDS:  # typed in capitals
            return self.onecmd(first + line[len(first):])
        self._hand(self.keeper.lines.wins(line))
        return False

    def do_riichi(self, arg: str) -> None:
        added = self.keeper.riichi(arg.split())
        self.stdout.write(f"riichi {', '.join(added)}: a stick each, on the table when the hand ends\n")

    def do_draw(self, arg: str) -> None:
        self._hand({"draw": {"tenpai": self.keeper.lines.names(arg.split())}})

    def do_abort(self, arg: str) -> None:
        self._hand(self.keeper.lines.abort(arg.split()))

    def do_nagashi(self, arg: str) -> None:
        self._hand(self.keeper.lines.nagashi(arg.split()))

    def do_chombo(self, arg: str) -> None:
        names = self.keeper.lines.names(arg.split())
        if len(names) != 1:
            raise Refused("chombo needs one name: `chombo Ana`")
        back = list(self.keeper.pending)
        self.keeper.pending = []
        try:
            self._hand({"chombo": {"player": names[0]}})
        except SanmaError:
            self.keeper.pending = back
            raise
        if back:
            self.stdout.write(f"(the riichi sticks of {', '.join(back)} go back)\n")

    def do_undo(self, arg: str) -> None:
        self.stdout.write(self.keeper.undo() + "\n" + scores_text(self.keeper.settled) + "\n"
                          + next_hand(self.keeper.settled) + "\n")

    def do_show(self, arg: str) -> None:
        from calc.cli.report import settle_text
        from calc.core.layout import terminal_width

        # what `sanma settle FILE` prints by default: 80 columns, or the terminal's width when wider
        self.stdout.write(settle_text(self.keeper.settled, width=terminal_width()) + "\n")
        if self.keeper.pending:
            self.stdout.write(f"Riichi this hand so far: {', '.join(self.keeper.pending)}\n")

    def do_help(self, arg: str) -> None:
        self.stdout.write(HELP + "\n")

    def do_play(self, arg: str) -> None:
        if arg.strip().lower() != "on":
            raise Refused("the line is `play on`: the dealer plays on instead of agari-yame")
        settled = self.keeper.play_on()
        self.stdout.write(f"The dealer {settled.players[settled.state.dealer]} plays on.\n{next_hand(settled)}\n")

    def do_quit(self, arg: str) -> bool:
        pending = ", ".join(self.keeper.pending)
        if pending and not self.warned:
            # a riichi belongs to the hand being played: leaving now drops it, so say so and ask again
            self.warned = True
            self.stdout.write(f"riichi {pending} is pending: the hand is not finished, so it is not in the record. "
                              f"Type the hand's result, `undo` to drop the riichi, or quit again to leave without "
                              f"it.\n")
            return False
        if pending:
            self.stdout.write(f"(the pending riichi of {pending} belongs to an unfinished hand and is not recorded)\n")
        self.stdout.write(f"Saved {self.keeper.path} ({len(self.keeper.data['hands'])} hand(s)).\n")
        return True

    do_exit = do_quit

    def do_EOF(self, arg: str) -> bool:  # Ctrl-D
        self.stdout.write("\n")
        return self.do_quit(arg)

    # ---- Tab completion (readline, where the terminal has it), by what the line expects there

    def expected(self, before: list[str]) -> tuple[str, ...]:
        """The words that may come after the words `before` on a line: at the start a command or a
        player (a win line starts with the winner), a player where a name goes, else the line's words."""
        players = self.keeper.players
        if not before:
            return (*COMMANDS, *players)
        first = before[0].lower()
        if first in ("riichi", "draw", "chombo"):
            return players
        if first == "nagashi":
            return (*players, "tenpai")
        if first == "abort":
            return ABORTS if len(before) == 1 else ()
        if first == "play":
            return ("on",) if len(before) == 1 else ()
        if first in COMMANDS or first in ("exit",):
            return ()
        win = [w.lower() for w in " ".join(before).replace(";", " and ").split()]
        if "and" in win:  # the second win of a double ron
            win = win[len(win) - win[::-1].index("and"):]
        if len(win) == 0 or (len(win) == 2 and win[1] == "ron") or win[-1] in ("pao", "liable"):
            return players
        if len(win) == 1:
            return WIN_WORDS
        if win[-1] in (*VALUE_FLAGS, "chips"):
            return ()  # a tile or a number
        return (*LIMITS, *BOOL_FLAGS, *VALUE_FLAGS, "chips", "pao", "and")

    def _complete(self, text: str, line: str, begidx: int) -> list[str]:
        """Every expected word that starts with `text`, in any case: both `chombo` and `Chen` for `ch` at
        the start of a line, where either may come; readline lists them when there are several."""
        return [w + " " for w in self.expected(line[:begidx].split()) if w.lower().startswith(text.lower())]

    def completenames(self, text: str, line: str, begidx: int, endidx: int) -> list[str]:
        return self._complete(text, line, begidx)

    def completedefault(self, text: str, line: str, begidx: int, endidx: int) -> list[str]:
        return self._complete(text, line, begidx)


def run(path: Path, rules: str | None, players: tuple[str, ...] | None) -> int:
    """The session; returns the exit code (130 after Ctrl-C, the record saved as of the last hand)."""
    keeper = Keeper(path, rules, players)
    settled = keeper.settled
    rules_ = settled.rules
    print(f"Keeping {path} (profile {rules_.name}, scheme {rules_.payment.scheme}): "
          f"{', '.join(keeper.players)}; {len(keeper.data['hands'])} hand(s) so far. `help` lists the lines.")
    print(scores_text(settled))
    print(next_hand(settled))
    shell = Shell(keeper)
    try:
        shell.cmdloop()
    except KeyboardInterrupt:
        print(f"\nInterrupted; {path} holds every hand up to the last one entered "
              f"({len(keeper.data['hands'])}). `sanma keep {path}` goes on.")
        return 130
    finally:
        keeper.close()
    return 0

