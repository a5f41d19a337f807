"""Tenhou ids and replay links: served by a local HTTP server on 127.0.0.1 only, cached, errors."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from typer.testing import CliRunner

from calc.cli.app import app
from calc.logs import fetch

runner = CliRunner()
GAME = "2026011603gm-00b9-0000-36cf9559"
MISSING = "2026011603gm-00b9-0000-00000000"
NOT_A_LOG = "2026011603gm-00b9-0000-11111111"
FOUR_PLAYER_ID = "2026011603gm-00a9-0000-22222222"  # lobby 0xa9: no sanma bit
FOUR_PLAYER_PAGE = "2026011603gm-00b9-0000-33333333"  # a sanma id whose page is a four-player log


class _Server:
    def __init__(self, pages: dict[str, bytes]) -> None:
        self.pages = pages
        self.requests: list[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
                server.requests.append(self.path)
                body = server.pages.get(self.path.partition("?")[2])
                if body is None:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch):
    """The local server is reached directly, whatever proxy the machine's environment names."""
    for name in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("no_proxy", "127.0.0.1")


@pytest.fixture
def server(data_dir, tmp_path, monkeypatch):
    log = (data_dir / "mjlog" / f"{GAME}.xml").read_bytes()
    four = log.replace(b'type="185"', b'type="169"')
    assert four != log
    s = _Server({GAME: log, NOT_A_LOG: b"<html><body>maintenance</body></html>", FOUR_PLAYER_PAGE: four})
    monkeypatch.setenv(fetch.URL_VARIABLE, f"http://127.0.0.1:{s.port}/0/log/?{{id}}")
    monkeypatch.setenv(fetch.CACHE_VARIABLE, str(tmp_path / "cache"))
    yield s
    s.close()


@pytest.mark.parametrize("arg", [
    GAME,
    f"https://tenhou.net/0/?log={GAME}&tw=1",
    f"https://tenhou.net/3/?log={GAME}&tw=2&ts=4",
    f"http://tenhou.net/0/?log={GAME}",
])
def test_an_id_or_a_link_is_downloaded_once_then_read_from_the_cache(server, tmp_path, arg):
    first = runner.invoke(app, ["replay", arg])
    assert first.exit_code == 0, first.output
    assert f"{GAME}: 10 hands (8 wins, 2 draws) reproduced" in first.output
    assert server.requests == [f"/0/log/?{GAME}"]
    assert (tmp_path / "cache" / f"{GAME}.mjlog").is_file()
    second = runner.invoke(app, ["replay", arg])
    assert second.exit_code == 0 and second.output == first.output
    assert len(server.requests) == 1  # the second replay does not download again
    third = runner.invoke(app, ["replay", arg, "--no-cache"])
    assert third.exit_code == 0 and len(server.requests) == 2


def test_the_game_ids_the_arguments_name():
    assert fetch.game_id(GAME) == GAME
    assert fetch.game_id(f"https://tenhou.net/0/?log={GAME}&tw=1&ts=2") == GAME
    assert fetch.game_id(f"https:/tenhou.net/0/?log={GAME}&tw=1") == GAME  # a path argument folds the //
    assert fetch.game_id("games/sim-1-00000.json") is None
    assert fetch.game_id(f"mine/{GAME}.xml") is None  # a file name, not a link


@pytest.mark.parametrize("arg, message", [
    (MISSING, f"Error: {MISSING}: no such log (HTTP 404 from http://127.0.0.1:"),
    (NOT_A_LOG, f"Error: {NOT_A_LOG}: the page is not a Tenhou log (it begins '<html><body>maintenance"),
    (FOUR_PLAYER_ID, f"Error: {FOUR_PLAYER_ID}: a four-player game (lobby type 169); only sanma is supported"),
    (FOUR_PLAYER_PAGE, f"Error: {FOUR_PLAYER_PAGE}: four-player log (Tenhou lobby type 169)"),
])
def test_download_errors_are_one_line_and_nothing_is_cached(server, tmp_path, arg, message):
    result = runner.invoke(app, ["replay", arg])
    assert result.exit_code == 1
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "cache" / f"{arg}.mjlog").exists()
    if arg == FOUR_PLAYER_ID:
        assert server.requests == []  # told from the id, before any download


def test_no_network(tmp_path, monkeypatch):
    server = _Server({})
    port = server.port
    server.close()  # nothing listens on this port of 127.0.0.1 any more
    monkeypatch.setenv(fetch.URL_VARIABLE, f"http://127.0.0.1:{port}/log/?{{id}}")
    monkeypatch.setenv(fetch.CACHE_VARIABLE, str(tmp_path / "cache"))
    result = runner.invoke(app, ["replay", GAME])
    assert result.exit_code == 1
    assert f"Error: {GAME}: cannot reach http://127.0.0.1:{port}/log/?{GAME} (no network?)" in result.output


def test_a_url_template_without_the_id_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv(fetch.URL_VARIABLE, "http://127.0.0.1:9/log/")
    monkeypatch.setenv(fetch.CACHE_VARIABLE, str(tmp_path / "cache"))
    result = runner.invoke(app, ["replay", GAME])
    assert result.exit_code == 1
    assert "SANMA_TENHOU_LOG_URL='http://127.0.0.1:9/log/' has no {id}" in result.output


def test_the_cache_folder_follows_the_platform(monkeypatch, tmp_path):
    monkeypatch.delenv(fetch.CACHE_VARIABLE, raising=False)
    monkeypatch.setattr(fetch.sys, "platform", "linux")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert fetch.cache_dir() == tmp_path / "sanma" / "tenhou"
    monkeypatch.setenv(fetch.CACHE_VARIABLE, str(tmp_path / "mine"))
    assert fetch.cache_dir() == Path(tmp_path / "mine")


def test_compare_logs_takes_ids_and_links_too(server, data_dir):
    # the same game given as a link and as its file: the same hands under every scheme, one download
    link = f"https://tenhou.net/0/?log={GAME}&tw=1"
    by_link = runner.invoke(app, ["compare", "--logs", link, "--json"])
    assert by_link.exit_code == 0, by_link.output
    by_file = runner.invoke(app, ["compare", "--logs", str(data_dir / "mjlog" / f"{GAME}.xml"), "--json"])
    assert by_link.stdout == by_file.stdout
    assert server.requests == [f"/0/log/?{GAME}"]
    missing = runner.invoke(app, ["compare", "--logs", MISSING])
    assert missing.exit_code == 1 and missing.output.count("\n") == 1
    assert missing.output.startswith(f"Error: {MISSING}: no such log (HTTP 404")
