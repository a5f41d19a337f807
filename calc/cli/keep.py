"""`sanma keep FILE.yaml`: keep a match record at the table, one short line per event.

A thin shell over the record keeper (calc/table/keeper.py, which `sanma serve` uses too): this
module reads a typed line into the record's words (the grammar is in HELP below), hands it to the
keeper, and prints what the table sees after it (calc/cli/report.py writes it, for `serve` too). The keeper checks every entry as `settle` would
and writes the file after every hand; a refused line says why and changes nothing.
"""

from __future__ import annotations

import cmd
import re
import textwrap
import traceback
from pathlib import Path
from typing import Any

from calc.cli.options import COMBINED
from calc.cli.report import next_hand, recorded_text, scores_text, settle_text, undone_text
from calc.core import bounds
from calc.core.errors import SanmaError
from calc.core.nesting import number_too_long
from calc.scoring.fields import FIELDS, ON_THE_WIN
from calc.scoring.value import LIMITS
from calc.table.events import ABORTS
from calc.table.keeper import Keeper, Refused

COMMANDS = ("riichi", "draw", "abort", "nagashi", "chombo", "play", "undo", "show", "help", "quit")
WIN_WORDS = ("ron", "tsumo")
# A full hand's flags: what a record's full-hand win takes (calc.scoring.fields: written on the win) but
# the hand itself and riichi, which has its line of its own (`riichi Bo`)
_FLAGS = [field for field in FIELDS if field.record == ON_THE_WIN and field.name not in ("hand", "riichi")]
BOOL_FLAGS = tuple(field.name for field in _FLAGS if field.kind == "bool")
VALUE_FLAGS = tuple(field.name for field in _FLAGS if field.kind != "bool")  # with a value: a tile, tiles, a count
COUNT_FLAGS = tuple(field.name for field in _FLAGS if field.kind == "int")
JOINED_FLAGS = tuple(option.removeprefix("--") for option in COMBINED)  # indicators: a repeat adds its tiles
_FLAG_WORDS = [f"{f.name} {'N' if f.kind == 'int' else 'T'}" for f in _FLAGS if f.kind != "bool"]
_FLAG_WORDS += [f.name for f in _FLAGS if f.kind == "bool"]
_FLAGS_HELP = textwrap.fill("a full hand, scored: flags " + ", ".join(_FLAG_WORDS), width=104,
                            initial_indent=" " * 34, subsequent_indent=" " * 34)

HELP = f"""\
One line per event (names may be shortened while they stay unambiguous; Tab completes):
  riichi Bo [Ana]                 a riichi that stood this hand (held until the hand's result)
  Bo ron Ana 3 40                 a win given by value: han fu, han (5+), mangan .. yakuman [N]
  Chen tsumo mangan               ... add `chips N` for the chips it earns, `pao NAME` for a liable player
                                  (`pao NAME N`: answers for N of the yakuman, where payment.pao_covers is yakuman)
  Ana ron Chen 234p678s999m111z5z5z dora 3p
{_FLAGS_HELP}
  Ana ron Chen 2 30 and Bo ron Chen mangan
                                  a double ron (`and` or `;` between the two wins)
  draw [Ana Chen]                 exhaustive draw; the tenpai players
  abort [{'|'.join(ABORTS)}]
  nagashi Bo [tenpai Ana]         nagashi mangan (two names for two)
  chombo Ana                      a chombo (the hand's riichi sticks go back)
  play on                         the dealer plays on instead of agari-yame (profiles with match.yame_choice)
  undo    show    help    quit    (Ctrl-C cancels the line being typed; Ctrl-D is quit)"""

EXTRA_WORDS = ("chips", "pao", "tenpai", *VALUE_FLAGS, *BOOL_FLAGS, *LIMITS, *ABORTS)

# ---------------------------------------------------------------- one line -> one record entry


def _is_count(word: str) -> bool:
    return re.fullmatch(r"[0-9]+", word) is not None


def _count(digits: str) -> int:
    """A number typed on a line (ASCII digits), refused past bounds.NUMBER_DIGITS digits."""
    if len(digits) > bounds.NUMBER_DIGITS:
        raise Refused(number_too_long(len(digits)))
    return int(digits)


class KeepLineReader:
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
        number = re.fullmatch(r"([0-9]+)(han)?", value.lower())
        if number:
            win["han"] = _count(number.group(1))
            if rest and re.fullmatch(r"[0-9]+(fu)?", rest[0].lower()):
                win["fu"] = _count(rest.pop(0).lower().removesuffix("fu"))
        elif value.lower() in LIMITS:
            win["limit"] = value.lower()
            if value.lower() == "yakuman" and rest and _is_count(rest[0]):
                win["yakuman"] = _count(rest.pop(0))
        else:
            hand = [value]
            while rest and rest[0].lower() not in EXTRA_WORDS:
                hand.append(rest.pop(0))
            win["hand"] = " ".join(hand)
        flags = set()  # the words given so far: a repeat is refused, or joined where tiles join (dora, ura)
        while rest:
            word = rest.pop(0).lower().replace("-", "_")
            key = "liable" if word == "pao" else word
            if key in flags and key not in JOINED_FLAGS:
                raise Refused(f"{word!r} given twice in one win: give it once, with the value meant")
            flags.add(key)
            if word in BOOL_FLAGS:
                win[word] = True
                continue
            if not rest:
                raise Refused(f"{word!r} needs a value" if word in (*VALUE_FLAGS, "chips", "pao")
                              else f"unknown word {word!r} in a win (help lists them)")
            given = rest.pop(0)
            if word in JOINED_FLAGS:
                win[word] = win.get(word, "") + given  # `dora 3p dora 1m`: the indicators side by side
            elif word in VALUE_FLAGS and word not in COUNT_FLAGS:
                win[word] = given
            elif word in (*COUNT_FLAGS, "chips"):
                if not _is_count(given):
                    raise Refused(f"{word} needs a number, got {given!r}")
                win[word] = _count(given)
            elif word in ("pao", "liable"):
                win["liable"] = self.name(given)
                if rest and _is_count(rest[0]):  # `pao Bo 1`: the yakuman the liable player answers for
                    win["liable_yakuman"] = _count(rest.pop(0))
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

    # A refused line says why and changes nothing; a SanmaError never ends the session. Nor does a
    # bug: a table in the middle of a match keeps its record and its pending riichi, and the
    # traceback goes to stderr for the report.
    def onecmd(self, line: str) -> bool:
        try:
            return super().onecmd(line)
        except SanmaError as exc:
            self.stdout.write(f"refused: {exc.message}\n")
            return False
        except Exception as exc:  # noqa: BLE001 - see above
            traceback.print_exc()
            self.stdout.write(f"refused: an error in sanma itself ({type(exc).__name__}: {exc}); the line is not "
                              f"recorded and the session goes on. Please report it with the line typed.\n")
            return False

    def emptyline(self) -> bool:
        return False

    @property
    def lines(self) -> KeepLineReader:
        return KeepLineReader(self.keeper.players)  # the players as the record has them now

    def _hand(self, result: dict) -> None:
        settled = self.keeper.add(result)
        self.stdout.write(recorded_text(settled) + "\n")

    def default(self, line: str) -> bool:
        first = line.split()[0].lower()
        if first in COMMANDS:  # typed in capitals
            return self.onecmd(first + line[len(first):])
        self._hand(self.lines.wins(line))
        return False

    def do_riichi(self, arg: str) -> None:
        if not arg.split():
            raise Refused("riichi needs a name: `riichi Bo`")
        added = self.lines.names(arg.split())
        self.keeper.riichi(added)
        sticks = "a stick each" if len(added) > 1 else "a stick"
        self.stdout.write(f"riichi {', '.join(added)}: {sticks}, on the table when the hand ends\n")

    def do_draw(self, arg: str) -> None:
        self._hand({"draw": {"tenpai": self.lines.names(arg.split())}})

    def do_abort(self, arg: str) -> None:
        self._hand(self.lines.abort(arg.split()))

    def do_nagashi(self, arg: str) -> None:
        self._hand(self.lines.nagashi(arg.split()))

    def do_chombo(self, arg: str) -> None:
        names = self.lines.names(arg.split())
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
        undone = self.keeper.undo()
        self.stdout.write(undone_text(undone, self.keeper.players) + "\n" + scores_text(self.keeper.settled) + "\n"
                          + next_hand(self.keeper.settled) + "\n")

    def do_show(self, arg: str) -> None:
        from calc.core.layout import terminal_width

        if self.keeper.sync():
            self.stdout.write("(the record file was changed from outside keep: this is the record as it is now)\n")
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
        self.stdout.write(f"Saved {self.keeper.path} ({self.keeper.hands} hand(s)).\n")
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
    rules_ = settled.ruleset
    print(f"Keeping {path} (profile {rules_.name}, scheme {rules_.payment.scheme}): "
          f"{', '.join(keeper.players)}; {keeper.hands} hand(s) so far. `help` lists the lines.")
    print(scores_text(settled))
    print(next_hand(settled))
    shell = Shell(keeper)
    try:
        shell.cmdloop()
    except KeyboardInterrupt:
        print(f"\nInterrupted; {path} holds every hand up to the last one entered "
              f"({keeper.hands}). `sanma keep {path}` goes on.")
        return 130
    finally:
        keeper.close()
    return 0

