"""`sanma serve` as the phones and scripts at a table use it: the real server in its own process
(tests/served.py), its JSON API over HTTP, the record file on disk after every answer, `sanma keep`
on the same file, 40 entries at once, and a server killed mid-burst then started again.
(The page itself is driven in Chromium in tests/test_browser.py.)"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

from calc.cli.app import app
from calc.table import record
from calc.table.keeper import Keeper, Refused
from served import TOKEN, Served

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()

RIICHI_RON = {"riichi": ["Bo"], "win": {"winner": "Bo", "from": "Ana", "han": 3, "fu": 40}}


@pytest.fixture
def served(table):
    server = Served(table)
    yield server
    server.stop()


def settle_json(path: Path) -> dict:
    result = runner.invoke(app, ["settle", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_link_the_token_and_a_clean_stop(table):
    with Served(table) as server:
        _the_link_the_token_and_a_clean_stop(server, table)


def _the_link_the_token_and_a_clean_stop(server, table):
    assert server.printed[0] == "Serving table.yaml (profile standard, scheme tsumo-loss): Ana, Bo, Chen; 3 hand(s) so far."
    assert server.link.endswith(f"/?token={TOKEN}")
    for path in ("/", "/api/match", "/report"):
        status, answer, _ = server.request("GET", path, auth=False)
        assert status == 401
    assert server.request("GET", "/api/match", auth=False, headers={"Authorization": "Bearer wrong"})[0] == 401
    status, answer, _ = server.request("POST", "/api/hands", RIICHI_RON, auth=False)
    assert status == 401 and "token" in answer["error"]
    assert settle_json(table)["hands_played"] == 3  # nothing written without the token
    assert server.request("GET", f"/api/match?token={TOKEN}", auth=False)[0] == 200
    # the printed link: the page keeps the token in a same-site cookie and leaves it out of the address
    connection = http.client.HTTPConnection(server.base.removeprefix("http://"))
    connection.request("GET", server.link.removeprefix(server.base))
    response = connection.getresponse()
    assert response.status == 303 and response.getheader("Location") == "/"
    cookie = response.getheader("Set-Cookie")
    response.read()
    assert f"={TOKEN};" in cookie and "HttpOnly" in cookie and "SameSite=strict" in cookie
    connection.request("GET", "/", headers={"Cookie": cookie.split(";")[0]})
    page = connection.getresponse()
    assert page.status == 200 and "Ana · Bo · Chen" in page.read().decode()
    # Ctrl-C: a clean stop, the record as it was, the lock gone
    code, printed = server.stop()
    assert code == 0, printed
    assert "Stopped; table.yaml holds 3 hand(s); `sanma serve table.yaml` goes on." in printed
    assert not (table.parent / ".table.yaml.lock").exists()


def test_get_match_is_what_settle_json_prints(served, table):
    status, match, headers = served.request("GET", "/api/match")
    assert status == 200 and match == settle_json(table)
    assert match["next"] == {"round": "E3", "honba": 1, "dealer": "Chen", "sticks": 0,
                             "seats": {"Ana": "S", "Bo": "W", "Chen": "E"},
                             "scores": {"Ana": 28300, "Bo": 36800, "Chen": 39900}}
    # an unchanged record: 304, nothing sent again
    assert served.request("GET", "/api/match", headers={"If-None-Match": headers["etag"]})[0] == 304


def test_a_hand_is_written_before_the_answer(served, table):
    status, match, _ = served.request("POST", "/api/hands", RIICHI_RON)
    assert status == 201
    assert match == settle_json(table)  # the file holds it when the answer comes
    last = match["ledger"][-1]
    # E3 honba 1, dealer Chen: Bo's 3 han 40 fu ron from Ana, 5200 + 1000 for the honba (standard
    # profile), and his own stick back
    assert last["what"] == "Bo ron Ana: 3 han 40 fu" and last["riichi"] == ["Bo"]
    assert last["deltas"] == {"Ana": -6200, "Bo": 6200, "Chen": 0}
    hands = record.read(table).hands
    assert len(hands) == 4 and hands[-1].riichi == (1,)
    # the server's terminal shows what keep would print
    status, match, _ = served.request("POST", "/api/hands", {"draw": {"tenpai": ["Ana"]}})
    assert status == 201 and match["ledger"][-1]["what"] == "draw, tenpai Ana"
    code, printed = served.stop()
    assert "hand 4 (E3, honba 1): Bo ron Ana: 3 han 40 fu  [127.0.0.1]" in printed


REFUSED = [
    ({"win": {"winner": "Zed", "from": "Ana", "han": 3, "fu": 40}}, "win"),
    ({"win": {"winner": "Chen", "from": "Ana", "han": 1, "fu": 20}}, "win"),
    ({"win": {"winner": "Ana", "from": "Ana", "limit": "mangan"}}, "win"),
    ({"win": {"winner": "Ana", "tsumo": True, "hand": "123p456p789s99p23s"}}, "win"),
    ({"draw": {"tenpai": ["Ana"]}, "abort": "nine-terminals"}, "draw"),
    ({"riichi": ["Bo", "Bo"], "draw": {}}, "riichi"),
    ({"chombo": {"player": "Ana"}, "riichi": ["Bo"]}, "chombo"),
    ({}, "empty"),
    (["draw"], "not a mapping"),
]


@pytest.fixture(scope="module")
def one_server(tmp_path_factory):
    """One server for the refusals: none of them writes anything (each test checks it)."""
    path = tmp_path_factory.mktemp("refused") / "table.yaml"
    shutil.copy(ROOT / "examples" / "table.yaml", path)
    with Served(path) as server:
        yield server


@pytest.mark.parametrize("entry,_", REFUSED)
def test_a_refused_entry_says_what_keep_says_and_writes_nothing(one_server, tmp_path, entry, _):
    table = one_server.record
    before = table.read_bytes()
    status, answer, _h = one_server.request("POST", "/api/hands", entry)
    assert status == 422, answer
    assert table.read_bytes() == before
    # keep's own words: the same entry given to the keeper `sanma keep` uses, on a copy of the record
    copy = tmp_path / "copy.yaml"
    shutil.copy(table, copy)
    keeper = Keeper(copy, None, None)
    try:
        with pytest.raises(Refused) as refused:
            keeper.enter(entry)
    finally:
        keeper.close()
    assert answer["error"] == refused.value.message and "\n" not in answer["error"]
    assert set(answer) <= {"error", "field"}


def test_a_riichi_below_the_minimum_is_refused_as_the_riichi_line(tmp_path):
    path = tmp_path / "low.yaml"
    path.write_text("players: [Ana, Bo, Chen]\nstart: {scores: {Ana: 500, Bo: 69500, Chen: 35000}}\nhands: []\n")
    server = Served(path)
    try:
        status, answer, _ = server.request("POST", "/api/hands", {"riichi": ["Ana"], "draw": {"tenpai": ["Ana"]}})
    finally:
        server.stop()
    assert (status, answer) == (422, {"error": "Ana has 500 points; riichi needs 1000"})
    child = pexpect.spawn(sys.executable, ["-m", "calc", "keep", str(path)], encoding="utf-8", timeout=20,
                          env={**os.environ, "TERM": "dumb"})
    child.expect("> ")
    child.sendline("riichi Ana")
    child.expect("> ")
    assert "refused: Ana has 500 points; riichi needs 1000" in child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_bad_bodies(served, table):
    before = table.read_bytes()
    assert served.request("POST", "/api/hands", raw=b"{not json")[1] == {
        "error": "invalid JSON: Expecting property name enclosed in double quotes at line 1, column 2"}
    assert served.request("POST", "/api/hands", raw=b"[" * 5000 + b"]" * 5000)[0] == 400
    status, answer, _ = served.request("POST", "/api/hands", raw=b"draw: {}", headers={"Content-Type": "text/plain"})
    assert status == 415 and "application/json" in answer["error"]
    status, answer, _ = served.request("POST", "/api/hands", {"draw": {"tenpai": ["Ana"] * 5000}})
    assert status == 413 and answer == {"error": "the body is larger than 16384 bytes"}
    # no length given: the body is cut off as it streams in
    connection = http.client.HTTPConnection(served.base.removeprefix("http://"))
    connection.request("POST", "/api/hands", body=iter([b" " * 8192] * 4), encode_chunked=True,
                       headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"})
    assert connection.getresponse().status == 413
    assert served.request("GET", "/api/hands")[0] == 405
    assert table.read_bytes() == before


def test_check_shows_the_value_and_writes_nothing(served, table):
    before = table.read_bytes()
    entry = {"win": {"winner": "Ana", "tsumo": True, "hand": "123p456p789s99p234s", "dora": "3z"}}
    status, answer, _ = served.request("POST", "/api/check", entry)
    assert status == 200 and table.read_bytes() == before
    # Ana sits South in E3 (Chen deals), honba 1: menzen tsumo and pinfu, 2 han 20 fu (the West
    # indicator makes North the dora, and the hand has none)
    assert answer["hand"]["what"] == "Ana tsumo: 2 han 20 fu"
    assert answer["text"].splitlines()[0] == "hand 4 (E3, honba 1): Ana tsumo: 2 han 20 fu"
    assert any("menzen_tsumo 1, pinfu 1" in line for line in answer["explain"])
    status, match, _ = served.request("POST", "/api/hands", entry)
    assert match["ledger"][-1] == answer["hand"]
    status, answer, _ = served.request("POST", "/api/check", {"win": {"winner": "Ana", "from": "Ana", "han": 1, "fu": 30}})
    assert status == 422 and "cannot pay themselves" in answer["error"]


def test_undo_and_a_stale_page(served, table):
    _, match, headers = served.request("GET", "/api/match")
    served.request("POST", "/api/hands", RIICHI_RON)
    # a phone that read the record before that hand cannot enter or take back on top of it
    before = table.read_bytes()
    status, answer, _ = served.request("POST", "/api/hands", RIICHI_RON, headers={"If-Match": headers["etag"]})
    assert status == 412 and "changed since this page last read it" in answer["error"]
    assert served.request("POST", "/api/undo", {}, headers={"If-Match": headers["etag"]})[0] == 412
    assert table.read_bytes() == before
    status, after, _ = served.request("POST", "/api/undo", {})
    assert status == 200 and after == match == settle_json(table)
    for _ in range(3):
        assert served.request("POST", "/api/undo", {})[0] == 200
    assert served.request("POST", "/api/undo", {})[1] == {"error": "nothing to undo"}
    assert record.read(table).hands == ()
    code, printed = served.stop()
    assert "hand 4 (E3: Bo ron Ana: 3 han 40 fu) taken back  [127.0.0.1]" in printed


def test_score_takes_the_batch_keys(served):
    line = {"hand": "123p456p789s99p234s", "tsumo": True, "riichi": True, "seat": "E", "dora": "3z"}
    status, answer, _ = served.request("POST", "/api/score", line)
    expected = runner.invoke(app, ["hand", "123p456p789s99p234s", "--tsumo", "--riichi", "--seat", "E",
                                   "--dora", "3z", "--json"])
    assert status == 200 and answer == json.loads(expected.stdout)
    status, answer, _ = served.request("POST", "/api/score", {**line, "rules": "tenhou"})
    assert answer["rules"] == "tenhou"
    assert served.request("POST", "/api/score", {"hand": "123p"})[0] == 422
    status, answer, _ = served.request("POST", "/api/score", {**line, "rules": "/etc/passwd"})
    assert status == 422 and answer["error"].startswith("rules: a built-in profile here")
    status, answer, _ = served.request("POST", "/api/score", {**line, "colour": "red"})
    assert status == 422 and answer["error"].startswith("unknown key 'colour'")


def test_keep_and_serve_refuse_each_other(table):
    server = Served(table)
    try:
        result = runner.invoke(app, ["keep", str(table)])
        assert result.exit_code == 1
        pid = server.process.pid
        assert result.output == (f"Error: {table}: the record is being kept by sanma serve (pid {pid}); one keeper "
                                 f"at a time: enter the hands there, or stop it first (its record is saved after "
                                 f"every hand)\n")
    finally:
        server.stop()
    child = pexpect.spawn(sys.executable, ["-m", "calc", "keep", str(table)], encoding="utf-8", timeout=20,
                          env={**os.environ, "TERM": "dumb"})
    child.expect("> ")
    refused = runner.invoke(app, ["serve", str(table), "--port", "0"])
    assert refused.exit_code == 1
    assert f"the record is being kept by sanma keep (pid {child.pid})" in refused.output
    child.sendline("quit")
    child.expect(pexpect.EOF)
    Served(table).stop()  # free again


def test_forty_entries_at_once_are_all_in_the_file(served, table):
    players = ["Ana", "Bo", "Chen"]
    # each a riichi and an all-tenpai draw: the dealer stays, nobody pays, the sticks pile up
    entries = [{"riichi": [players[k % 3]], "draw": {"tenpai": players}} for k in range(40)]
    barrier = threading.Barrier(40)

    def post(entry):
        barrier.wait()
        return served.request("POST", "/api/hands", entry)[0]

    with ThreadPoolExecutor(40) as pool:
        statuses = list(pool.map(post, entries))
    assert statuses == [201] * 40
    hands = record.read(table).hands
    assert len(hands) == 43
    assert [sum(h.riichi == (seat,) for h in hands[3:]) for seat in range(3)] == [14, 13, 13]
    settled = settle_json(table)
    assert settled["sticks_on_table"] == 40 and served.request("GET", "/api/match")[1] == settled


def test_a_server_killed_mid_burst_leaves_a_record_that_settles_and_resumes(table):
    with Served(table) as server:
        _killed_mid_burst(server, table)


def _killed_mid_burst(server, table):
    acknowledged = []
    lock = threading.Lock()
    killed = threading.Event()

    def post(k):
        try:
            status = server.request("POST", "/api/hands", {"draw": {"tenpai": ["Ana", "Bo", "Chen"]}})[0]
        except (OSError, http.client.HTTPException):
            return None  # the server is gone (mid-answer: an IncompleteRead)
        with lock:
            if status == 201:
                acknowledged.append(k)
            if len(acknowledged) >= 12 and not killed.is_set():
                killed.set()
                server.kill()
        return status

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(post, range(60)))
    assert killed.is_set() and server.process.returncode == -9
    settled = record.settle(record.read(table))  # whole, and it settles
    assert len(settled.rows) >= 3 + len(acknowledged)  # every acknowledged hand is in it
    again = Served(table)  # the lock of the killed server is free again
    try:
        status, match, _ = again.request("GET", "/api/match")
        assert match == settle_json(table) and match["hands_played"] == len(settled.rows)
        status, match, _ = again.request("POST", "/api/hands", RIICHI_RON)
        assert status == 201 and match["hands_played"] == len(settled.rows) + 1
    finally:
        assert again.stop()[0] == 0


def test_lan_prints_the_network_link_and_its_qr_code(table):
    import segno

    from calc.cli.serve import lan_addresses

    server = Served(table, "--lan")
    try:
        assert server.request("GET", "/api/match")[0] == 200  # 127.0.0.1 answers too
    finally:
        code, printed = server.stop()
    port = server.base.rsplit(":", 1)[1]
    addresses = lan_addresses()
    for address in addresses:
        assert f"Open on the network:   http://{address}:{port}/?token={TOKEN}" in printed
    if addresses:
        import io

        qr = io.StringIO()
        segno.make(f"http://{addresses[0]}:{port}/?token={TOKEN}", error="l").terminal(qr, compact=True)
        assert qr.getvalue() in printed
    else:
        assert "no network address found" in printed


def test_a_new_record_and_usage_errors(tmp_path):
    result = runner.invoke(app, ["serve", str(tmp_path / "new.yaml")])
    assert result.exit_code == 2 and "--players" in result.output
    assert runner.invoke(app, ["serve", str(tmp_path / "new.yaml"), "--players", "A", "B", "C",
                               "--token", " "]).exit_code == 2
    server = Served(tmp_path / "new.yaml", "--players", "Ana", "Bo", "Chen", "--rules", "parlour")
    try:
        match = server.request("GET", "/api/match")[1]
        assert match["rules"] == "parlour" and match["next"]["scores"] == {"Ana": 35000, "Bo": 35000, "Chen": 35000}
        status, _, _ = server.request("POST", "/api/hands", {"win": {"winner": "Bo", "tsumo": True, "limit": "mangan",
                                                                     "chips": 2}})
        assert status == 201
        # the page's standings carry the chips and the total, as `sanma settle` prints them
        status, fragment, _ = server.request("GET", "/report")
        assert "<th class=\"num\">chips</th>" in fragment and "+4 (+20)" in fragment
    finally:
        server.stop()
    busy = Served(tmp_path / "new.yaml")
    try:
        port = busy.base.rsplit(":", 1)[1]
        other = tmp_path / "other.yaml"
        shutil.copy(ROOT / "examples" / "table.yaml", other)
        result = runner.invoke(app, ["serve", str(other), "--port", port])
        assert result.exit_code == 1
        assert result.output.startswith(f"Error: cannot listen on 127.0.0.1:{port}: Address already in use")
    finally:
        busy.stop()


def test_without_the_serve_extra_it_says_what_to_install(table, monkeypatch):
    import calc.cli

    monkeypatch.delitem(sys.modules, "calc.cli.serve", raising=False)  # not imported yet, as in a fresh process
    monkeypatch.delattr(calc.cli, "serve", raising=False)
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if `pip install sanma` without [serve]
    result = runner.invoke(app, ["serve", str(table)])
    assert result.exit_code == 1
    assert result.output == ("Error: sanma serve needs its web server (uvicorn is missing): "
                             "pip install 'sanma[serve]'\n")


def test_ctrl_c_right_after_start_stops_it_cleanly(table):
    """Ctrl-C the moment the links are printed (before uvicorn listens for it) stops it as cleanly."""
    for _ in range(3):
        code, printed = Served(table).stop()
        assert code == 0 and "Stopped; table.yaml holds 3 hand(s);" in printed and "Traceback" not in printed
    assert not (table.parent / ".table.yaml.lock").exists()


# ---------------------------------------------------------------- under attack: docs/serve.md's threat model


def test_a_hand_s_key_cannot_write_a_line_of_its_own(served, table):
    """f01: the key went into the YAML unquoted; one POST rewrote the scheme and the uma, and every
    later hand was refused."""
    before, settled = table.read_bytes(), settle_json(table)
    status, answer, _ = served.request("POST", "/api/hands", {"draw": {"tenpai": []},
                                                              "riichi: []\nscheme: north-split\numa: 10-30\n#": 1})
    assert status == 422 and answer["error"].startswith("hand 4: unknown key 'riichi: []\\nscheme: north-split")
    assert table.read_bytes() == before and settle_json(table) == settled
    assert served.request("POST", "/api/hands", {"draw": {"tenpai": ["Ana"]}})[0] == 201
    assert settle_json(table)["scheme"] == "tsumo-loss"


def test_a_correction_typed_into_the_file_while_serving_is_taken_in(served, table):
    """f03: the next phone entry wrote the record from memory over the correction."""
    _, _, headers = served.request("GET", "/api/match")
    text = table.read_text().replace("han: 3, fu: 40}", "han: 4, fu: 40}   # corrected by hand")
    table.write_text(text)
    entry = {"win": {"winner": "Chen", "tsumo": True, "han": 1, "fu": 30}}
    status, answer, _ = served.request("POST", "/api/hands", entry)
    assert status == 409 and answer["error"].startswith("the record file was changed from outside sanma serve")
    assert table.read_text() == text
    status, match, now = served.request("GET", "/api/match")
    assert now["etag"] != headers["etag"] and match == settle_json(table)
    # a page that read the record before the change is told so (412) and reads it again
    assert served.request("POST", "/api/hands", entry, headers={"If-Match": headers["etag"]})[0] == 412
    assert served.request("POST", "/api/hands", entry, headers={"If-Match": now["etag"]})[0] == 201
    hands = record.read(table).hands
    assert len(hands) == 4 and hands[1].wins[0].value.han == 4
    # a change seen first by a GET (the phones ask every two seconds) is taken in there
    table.write_text(table.read_text().replace("han: 1, fu: 30}", "han: 2, fu: 30}"))
    assert served.request("GET", "/api/match")[1]["ledger"][-1]["what"] == "Chen tsumo: 2 han 30 fu"
    assert served.request("POST", "/api/undo", {})[0] == 200


def test_a_form_of_another_page_cannot_take_a_hand_back(served, table):
    """f02: undo read no body, so a plain form of a page on another port (the same site: the cookie
    goes with it) took hands back. The browser's own test is in tests/test_serve_browser.py."""
    port = served.base.rsplit(":", 1)[1]
    cookie = {"Cookie": f"sanma_token_{port}={TOKEN}"}
    form = {**cookie, "Content-Type": "application/x-www-form-urlencoded"}
    assert served.request("POST", "/api/undo", raw=b"", auth=False, headers=form)[0] == 415
    other = {"Origin": "http://127.0.0.1:9999", "Sec-Fetch-Site": "same-site"}
    status, answer, _ = served.request("POST", "/api/undo", raw=b"", auth=False, headers={**form, **other})
    assert status == 403 and "another origin" in answer["error"]
    json_type = {**cookie, "Content-Type": "application/json"}
    assert served.request("POST", "/api/undo", {}, auth=False, headers={**json_type, **other})[0] == 403
    assert served.request("POST", "/api/hands", RIICHI_RON, auth=False,
                          headers={**json_type, "Origin": "http://evil.example"})[0] == 403
    assert len(record.read(table).hands) == 3
    # the page's own requests name its own origin
    assert served.request("POST", "/api/undo", {}, auth=False,
                          headers={**json_type, "Origin": served.base, "Sec-Fetch-Site": "same-origin"})[0] == 200


@pytest.mark.parametrize("body", [
    '{"draw": {"tenpai": ' + "[" * 150 + "]" * 150 + "}}",
    '{"draw": {"tenpai": ' + "[" * 400 + "]" * 400 + "}}",
    '{"draw": {"tenpai": ' + "[" * 900 + "]" * 900 + "}}",
    '{"draw": {"tenpai": []}, "x": ' + "9" * 5000 + "}",
    '{"hand": "123p456p789s99p234s", "honba": ' + "9" * 5000 + "}",
])
def test_bodies_past_the_bounds_are_one_line_refusals(one_server, body):
    """f09, f10: a number past Python's 4,300 digits and a body nested 350-990 deep were 500s with a
    traceback on the server's terminal."""
    for path in ("/api/hands", "/api/check", "/api/score"):
        status, answer, _ = one_server.request("POST", path, raw=body.encode())
        assert status == 400, (path, answer)
        assert answer["error"].startswith(("invalid JSON: nested too deep to read", "invalid JSON: a number of 5000"))
    assert all("Traceback" not in line for line in one_server.printed)


def test_keep_through_a_symlink_to_a_served_record_is_refused(served, table):
    """f04: the lock was per path: keep through a symlink was not refused, replaced the symlink by a
    file of its own, and the match forked into two records."""
    link = table.parent / "current.yaml"
    link.symlink_to(table.name)
    result = runner.invoke(app, ["keep", str(link)], input="Chen tsumo mangan\nquit\n")
    assert result.exit_code == 1 and f"being kept by sanma serve (pid {served.process.pid})" in result.output
    assert link.is_symlink() and len(record.read(table).hands) == 3


def _closed(sock, wait: float) -> bool:
    """Whether the server closed `sock` within `wait` seconds."""
    import socket

    import time

    end = time.monotonic() + wait
    try:
        while time.monotonic() < end:
            sock.settimeout(max(0.01, end - time.monotonic()))
            if sock.recv(4096) == b"":  # an answer before the close is read past
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except socket.timeout:
        pass
    return False


def test_idle_and_half_sent_connections_are_closed_and_bounded(table):
    """f11: a connection that never finished its request was never closed, and one address could
    open any number: enough of them (no token needed) ran the server out of files."""
    import socket
    import time

    bounds = {"SANMA_BOUND_SERVE_REQUEST_SECONDS": "1.5", "SANMA_BOUND_SERVE_CLIENT_CONNECTIONS": "4"}
    with Served(table, env=bounds) as server:
        port = int(server.base.rsplit(":", 1)[1])
        held = [socket.create_connection(("127.0.0.1", port)) for _ in range(6)]
        for sock in held[:3]:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # half a request: no end of the headers
        held[3].sendall(b"POST /api/hands HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + TOKEN.encode() +
                        b"\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")  # half a body
        # one address holds at most 4: the 5th and 6th are closed as they come
        assert [_closed(sock, 0.5) for sock in held[4:]] == [True, True]
        # another address (a phone) is answered meanwhile: 127.0.0.2, where the system has it (Linux)
        probe = socket.socket()
        try:
            probe.bind(("127.0.0.2", 0))
        except OSError:
            probe = None
        if probe is not None:
            probe.close()
            phone = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=("127.0.0.2", 0))
            phone.request("GET", "/api/match", headers={"Authorization": f"Bearer {TOKEN}"})
            assert phone.getresponse().status == 200
            phone.close()
        started = time.monotonic()
        assert all(_closed(sock, 3) for sock in held[:4])  # none finished its request in time
        assert time.monotonic() - started < 3
        for sock in held:
            sock.close()
        assert server.request("GET", "/api/match")[0] == 200  # the address may come back
        # a whole request on a kept-alive connection is answered whatever time it takes to answer
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        for _ in range(2):
            connection.request("GET", "/api/match", headers={"Authorization": f"Bearer {TOKEN}"})
            assert connection.getresponse().read() and True
            time.sleep(0.5)
        connection.close()
        code, printed = server.stop()
    assert code == 0 and "Traceback" not in printed and "Error" not in printed, printed


def test_a_token_that_cannot_travel_in_a_link_is_refused_at_start(table):
    """f14: a non-Latin-1 token was taken, and the printed link answered 500 for ever."""
    for token in ("令牌", "a b", "tok/en", "x" * 300, "é"):
        result = runner.invoke(app, ["serve", str(table), "--token", token])
        assert result.exit_code == 2, token
        assert "Error: Invalid value for --token: the token goes into a link and a header" in result.output
    assert not (table.parent / ".table.yaml.lock").exists()


def test_a_new_record_names_its_profile_file_from_its_own_folder(tmp_path):
    """F01: `serve out/rec.yaml --players ... --rules prof/club.yaml` wrote the path as typed, which
    readers look for beside the record: it settled only from the folder serve ran in."""
    (tmp_path / "prof").mkdir()
    (tmp_path / "prof" / "club.yaml").write_text("extends: standard\nmatch: {uma: [20, 0, -20]}\n")
    (tmp_path / "out").mkdir()
    server = Served(tmp_path / "out" / "rec.yaml", "--players", "Ana", "Bo", "Chen", "--rules", "prof/club.yaml",
                    cwd=tmp_path)
    server.stop()
    assert "rules: ../prof/club.yaml\n" in (tmp_path / "out" / "rec.yaml").read_text()
    assert settle_json(tmp_path / "out" / "rec.yaml")["rules"] == "club"


def test_a_refusal_names_the_field_of_the_posted_hand(one_server):
    """A phone's entry refused at one of its keys says which (the record's key path within the hand)."""
    entry = {"win": {"winner": "Bo", "from": "Ana", "han": 3, "fu": 45}}
    status, answer, _ = one_server.request("POST", "/api/hands", entry)
    assert status == 422 and answer["field"] == "win.fu" and "fu must be 20, 25" in answer["error"]


def test_the_page_offers_every_fu_a_record_takes(table):
    """130 fu (three closed terminal kans, ron) is what `sanma hand` prints: the page's buttons offer it."""
    from calc.cli.serve_page import config
    from calc.table.payment import FU_VALUES

    settled = record.settle(record.read(table))
    assert config(settled)["fu"] == list(FU_VALUES) and {130, 140} <= set(config(settled)["fu"])


def test_a_server_stopped_on_a_finished_match_says_it_is_over(tmp_path):
    path = tmp_path / "over.yaml"
    path.write_text("players: [Ana, Bo, Chen]\nlength: east\nstart: {round: E3, scores: {Ana: 5000, Bo: 50000, "
                    "Chen: 50000}}\nhands:\n  - win: {winner: Bo, from: Ana, limit: haneman}\n")
    with Served(path) as server:
        code, printed = server.stop()
    assert code == 0 and "Stopped; over.yaml holds 1 hand(s); the match is over." in printed
