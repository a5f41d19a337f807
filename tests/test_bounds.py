"""Every input someone else controls, read within calc/core/bounds.py (docs/bad-input.md): gzip logs,
Tenhou downloads, YAML aliases and merge keys, numbers too long to read, names in logs that would
reach the terminal or a spreadsheet, and a simulation stopped while it saves. Small bounds and short
timeouts here; `make attacks` runs the full-size ones (tests/attacks.py)."""

from __future__ import annotations

import json
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from typer.testing import CliRunner

from calc.cli.app import app
from calc.core import bounds
from calc.logs import LogError, fetch, parse_log

runner = CliRunner()
GAME = "2026011603gm-00b9-0000-36cf9559"


def gzip_of(data: bytes, repeat: int = 1) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    return b"".join([*(packer.compress(data) for _ in range(repeat)), packer.flush()])


def gzip_bomb(megabytes: int) -> bytes:
    """A JSON log that unpacks to `megabytes` MB of spaces: a thousand times smaller packed."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    out = [packer.compress(b'{"log": [')]
    out += [packer.compress(b" " * (1 << 20)) for _ in range(megabytes)]
    return b"".join([*out, packer.compress(b"]}"), packer.flush()])


# ---------------------------------------------------------------- gzip logs


def test_a_gzip_bomb_is_one_line_not_all_the_memory(tmp_path):
    """f06: a 1 MB file took 2 GB unpacked whole; 3 MB ended in a MemoryError traceback."""
    bomb = tmp_path / "game1.json.gz"
    bomb.write_bytes(gzip_bomb(64))
    assert bomb.stat().st_size < 100_000
    result = runner.invoke(app, ["replay", str(bomb), "--workers", "1"])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (f"Error: {bomb}: the gzip file unpacks to more than 200 times its size "
                                             f"(logs pack 5 to 20 times): refused as a gzip bomb, not unpacked further")
    assert "Traceback" not in result.output


def test_a_gzip_log_is_stopped_at_its_size_as_it_streams(monkeypatch):
    monkeypatch.setattr(bounds, "GZIP_BYTES", 2 * 1024 * 1024)
    monkeypatch.setattr(bounds, "GZIP_RATIO", 10 ** 6)
    with pytest.raises(LogError, match="the gzip file unpacks to more than 2 MB"):
        parse_log(gzip_bomb(8), "bomb.json.gz")
    # the same bounds hold for a stream of several gzip members, as gzip writes and reads them
    with pytest.raises(LogError, match="unpacks to more than 2 MB"):
        parse_log(gzip_of(b'{"log": [') + gzip_bomb(1) + gzip_bomb(1) + gzip_bomb(1), "three.json.gz")


def test_gzip_logs_within_the_bounds_read_as_before(data_dir):
    xml = (data_dir / "mjlog" / f"{GAME}.xml").read_bytes()
    assert parse_log(gzip_of(xml), "g.mjlog.gz") == parse_log(xml, "g.mjlog")
    half = len(xml) // 2
    assert parse_log(gzip_of(xml[:half]) + gzip_of(xml[half:]), "g.mjlog.gz") == parse_log(xml, "g.mjlog")
    with pytest.raises(LogError, match="truncated gzip"):
        parse_log(gzip_of(xml)[:-20], "g.mjlog.gz")
    with pytest.raises(LogError, match="corrupt gzip: bytes after the compressed stream"):
        parse_log(gzip_of(xml) + b"trailing", "g.mjlog.gz")


# ---------------------------------------------------------------- Tenhou downloads


class _LogServer:
    """A stand-in for the log server on 127.0.0.1: /huge/ sends without end (and says no length),
    /big/ says a length past the bound, /drip/ sends a byte now and then, /bomb/ a gzip bomb."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.bomb = gzip_bomb(64)  # made before any request: packing 64 MB takes longer than a read may wait
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
                kind = self.path.split("/")[1]
                self.send_response(200)
                if kind == "big":
                    self.send_header("Content-Length", str(10 ** 9))
                bomb = outer.bomb if kind == "bomb" else b""
                if kind == "bomb":
                    self.send_header("Content-Length", str(len(bomb)))
                self.end_headers()
                try:
                    if kind == "bomb":
                        self.wfile.write(bomb)
                        return
                    self.wfile.write(b'<mjloggm ver="2.3">')
                    while not outer.stop.is_set():
                        if kind == "drip":
                            self.wfile.write(b" ")
                            self.wfile.flush()
                            outer.stop.wait(0.1)
                        else:
                            self.wfile.write(b" " * 65536)
                except OSError:
                    pass

            def log_message(self, *args) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.stop.set()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def log_server(tmp_path, monkeypatch):
    for name in ("http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("no_proxy", "127.0.0.1")
    monkeypatch.setenv(fetch.CACHE_VARIABLE, str(tmp_path / "cache"))
    monkeypatch.setattr(bounds, "FETCH_BYTES", 256 * 1024)
    monkeypatch.setattr(bounds, "FETCH_SECONDS", 1.0)
    monkeypatch.setattr(bounds, "FETCH_READ_SECONDS", 0.5)
    server = _LogServer()
    yield server
    server.close()


@pytest.mark.parametrize("kind,message", [
    ("huge", "is larger than 0 MB (a Tenhou log is some kB)"),
    ("big", "is larger than 0 MB (a Tenhou log is some kB)"),
    ("drip", "took longer than 1 s in all"),
    ("bomb", "the download is not a log: the gzip file unpacks to more than 200 times its size"),
])
def test_a_download_is_bounded_in_size_and_in_time(log_server, monkeypatch, tmp_path, kind, message):
    """f07: the answer was read whole with no limit, and the 20 s timeout was per read: a server that
    sent a byte every 5 s held the command as long as it liked."""
    monkeypatch.setenv(fetch.URL_VARIABLE, f"{log_server.base}/{kind}/{{id}}")
    started = time.monotonic()
    result = runner.invoke(app, ["replay", GAME])
    assert time.monotonic() - started < 5
    assert result.exit_code == 1
    error = result.stderr.splitlines()[0]  # the summary line follows, as for any log that cannot be read
    assert error.startswith(f"Error: {GAME}: ") and message in error, result.output
    assert not (tmp_path / "cache").exists() or list((tmp_path / "cache").iterdir()) == []


# ---------------------------------------------------------------- YAML and JSON


def billion_laughs(levels: int = 9) -> str:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    return "\n".join(lines + [f"a{k}: &a{k} [{', '.join([f'*a{k - 1}'] * 9)}]" for k in range(1, levels + 1)])


def merge_bomb(levels: int = 9) -> str:
    """Merge keys (`<<:`) that copy each mapping nine times: PyYAML flattens them before any check."""
    lines = ["m0: &m0 {a0: 1, a1: 1, a2: 1, a3: 1, a4: 1, a5: 1, a6: 1, a7: 1, a8: 1}"]
    return "\n".join(lines + [f"m{k}: &m{k} {{<<: [{', '.join([f'*m{k - 1}'] * 9)}]}}" for k in range(1, levels + 1)])


@pytest.mark.parametrize("bomb", [billion_laughs, merge_bomb])
@pytest.mark.parametrize("command,name,prefix", [
    (["settle"], "record.yaml", "players: [A, B, C]\n"),
    (["rules", "check"], "club.yaml", "extends: standard\n"),
    (["settle"], "scheme.yaml", None),
])
def test_alias_and_merge_bombs_are_refused_before_they_grow(tmp_path, bomb, command, name, prefix):
    """Every YAML reader (records, profiles, scheme files) counts the values an alias stands for
    before any is made: 9 ** 9 of them is one line, at once."""
    path = tmp_path / name
    if prefix is None:  # a scheme file named by a record
        path.write_text(bomb() + "\nrounding: {}\n")
        (tmp_path / "record.yaml").write_text("players: [A, B, C]\nscheme: scheme.yaml\n")
        path, shown = tmp_path / "record.yaml", path
    else:
        path.write_text(prefix + bomb() + "\n")
        shown = path
    started = time.monotonic()
    result = runner.invoke(app, [*command, str(path)])
    assert time.monotonic() - started < 2
    assert result.exit_code == 1, result.output
    assert result.output.startswith("Error: ") and str(shown) in result.output
    assert "values once its aliases are expanded" in result.output and "Traceback" not in result.output


def test_an_alias_that_refers_to_itself_is_one_line(tmp_path):
    path = tmp_path / "record.yaml"
    path.write_text("players: &p [A, B, *p]\n")
    result = runner.invoke(app, ["settle", str(path)])
    assert result.output == f"Error: {path}:1: an alias (`*`) inside the very list or mapping it refers to\n"


LONG = "9" * 5000


@pytest.mark.parametrize("command,name,text", [
    (["settle"], "record.yaml", f"players: [A, B, C]\nstart: {LONG}\nhands: []\n"),
    (["rules", "check"], "profile.yaml", f"extends: standard\nmatch: {{start: {LONG}}}\n"),
    (["settle"], "hex.yaml", f"players: [A, B, C]\nstart: 0x{'f' * 5000}\nhands: []\n"),
])
def test_numbers_too_long_to_read_are_one_line(tmp_path, command, name, text):
    """f09: Python's limit of 4,300 digits raised a ValueError that came out as a traceback."""
    path = tmp_path / name
    path.write_text(text)
    result = runner.invoke(app, [*command, str(path)])
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: {path}:2")
    assert "digits: too long to be a count or a score (at most 100 digits)" in result.output
    assert result.output.count("\n") == 1


def test_a_batch_line_with_a_number_too_long_is_its_own_error(tmp_path):
    batch = tmp_path / "batch.jsonl"
    line = '{"hand": "123456p789s99p234s", "tsumo": true}'
    batch.write_text(f'{line}\n{line[:-1]}, "honba": {LONG}}}\n{line}\n')
    result = runner.invoke(app, ["hand", "--batch", str(batch)])
    assert result.exit_code == 1, result.output
    lines = [json.loads(text) for text in result.stdout.splitlines()]
    assert [("error" in x) for x in lines] == [False, True, False]
    assert lines[1] == {"line": 2, "error": "a number of 5000 digits: too long to be a count or a score (at most "
                                            "100 digits)"}


def test_a_keep_line_with_a_number_too_long_is_refused(tmp_path):
    result = runner.invoke(app, ["keep", str(tmp_path / "m.yaml"), "--players", "Ana", "Bo", "Chen"],
                           input=f"Bo ron Ana {LONG} 30\nBo tsumo yakuman {LONG}\nBo tsumo 3 40 chips ²\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("refused: a number of 5000 digits: too long to be a count") == 2
    assert "refused: chips needs a number, got '²'" in result.output and "Traceback" not in result.output


# ---------------------------------------------------------------- someone else's text in our output


def test_names_in_a_log_reach_neither_the_terminal_nor_a_spreadsheet_as_code(data_dir, tmp_path):
    """A log's player names are anyone's text: a terminal's escape sequence or a line break is shown
    as its escape, and a cell a spreadsheet would read as a formula starts with a quote."""
    log = json.loads((data_dir / "json" / f"{GAME}.json").read_text())
    log["name"] = ["A\x1b]52;c;ZXZpbA==\x07", "B\nnew line", '=HYPERLINK("http://x","y")']
    path = tmp_path / "names.json"
    path.write_text(json.dumps(log))
    text = runner.invoke(app, ["replay", str(path)])
    assert text.exit_code == 0, text.output
    assert "\x1b" not in text.output and "\x07" not in text.output
    assert "A\\x1b]52;c;ZXZpbA==\\x07" in text.output and "B\\nnew line" in text.output
    csv = runner.invoke(app, ["replay", str(path), "--csv"])
    assert "\x1b" not in csv.output
    assert "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"" in csv.output
    assert ",=" not in csv.output and ',"=' not in csv.output


# ---------------------------------------------------------------- simulate --save stopped by Ctrl-C


def test_a_save_stopped_by_ctrl_c_holds_the_games_it_counts(tmp_path):
    """f17: the workers had written games after the last one counted: the folder held more than the
    summary listed."""
    from calc.core import rules as R
    from calc.sim import run as SR

    s = SR.setup(R.load("tenhou"), schemes=("tsumo-loss",), bots="defensive", seed="stop", save=str(tmp_path),
                 length="east")

    def ctrl_c(_: int) -> None:
        # once the workers have written more games than were counted, as they do when it comes
        deadline = time.monotonic() + 60
        while len(list(tmp_path.glob("*.json"))) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        raise KeyboardInterrupt

    done, interrupted = SR.collect(s, 40, want_tally=False, workers=2, advance=ctrl_c)
    assert interrupted and len(done) == 1
    assert sorted(str(p) for p in tmp_path.glob("*.json")) == [r.saved for r in done]


def test_a_save_over_games_of_another_run_keeps_them(tmp_path):
    """Only this run's games that it did not count are removed (with --force, the folder may hold others)."""
    from calc.core import rules as R
    from calc.sim import run as SR

    old = tmp_path / "sim-other-00007.json"
    old.write_text("{}")
    s = SR.setup(R.load("tenhou"), schemes=("tsumo-loss",), bots="defensive", seed="again", save=str(tmp_path),
                 length="east")

    def ctrl_c(_: int) -> None:
        raise KeyboardInterrupt

    done, interrupted = SR.collect(s, 3, want_tally=False, workers=1, advance=ctrl_c)
    assert interrupted and sorted(p.name for p in tmp_path.glob("*.json")) == sorted(
        [old.name, *(Path(r.saved).name for r in done)])
