"""`sanma serve RECORD`: one match record on the phones at the table (docs/serve.md).

A local web server (Starlette on uvicorn; this module is imported by that command alone) with a page
and the JSON API the page uses. The record file stays the one source of truth, kept by `sanma keep`'s
Keeper (calc/cli/keep.py): the same lock beside the file, the same checks and one-line refusals, the
same atomic write before the answer is sent. Entries from several phones are applied one at a time
(one lock around the keeper); what GET answers is computed once per change.

Every request needs the token: `Authorization: Bearer T`, or `?token=T`, which the page turns into
a same-site cookie. The server binds 127.0.0.1 unless --lan; bodies are limited to BODY_LIMIT bytes;
the record's path is fixed at start and no request names a file.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import signal
import socket
import threading
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import quote

import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from calc.cli import html, report
from calc.cli.keep import Keeper, hand_text
from calc.cli.serve_page import page_html
from calc.core import rules as R
from calc.core.errors import SanmaError
from calc.scoring.request import HandRequest, score

BODY_LIMIT = 16 * 1024  # a hand entry is a few hundred bytes
STALE = ("the record changed since this page last read it (another phone entered or took back a hand); "
         "look at the ledger, and enter the hand again if it is still missing")


class ApiError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class Snapshot(NamedTuple):
    match: bytes  # settle --json
    etag: str
    report: str  # the HTML report's standings, chart and ledger


class Table:
    """The served record: the keeper behind one lock, and the answers of GET, made once per change."""

    def __init__(self, keeper: Keeper) -> None:
        self.keeper = keeper
        self.lock = threading.Lock()
        self._refresh()

    def _refresh(self) -> None:
        settled = self.keeper.settled
        match = json.dumps(report.settle_dict(settled), ensure_ascii=False).encode("utf-8")
        etag = '"' + hashlib.sha256(match).hexdigest()[:20] + '"'
        # one assignment: a GET never pairs one state's JSON with another's ETag
        self.snapshot = Snapshot(match, etag, "\n".join(html.match_sections(settled, None)))

    def _fresh(self, expected: str | None) -> None:
        if expected is not None and expected != self.snapshot.etag:
            raise ApiError(412, STALE)

    def enter(self, hand: Any, expected: str | None) -> tuple[str, Snapshot]:
        """Record one hand: keep's line for the server's terminal, and the record with it."""
        with self.lock:
            self._fresh(expected)
            settled = self.keeper.enter(hand)
            self._refresh()
            return hand_text(settled).splitlines()[0], self.snapshot

    def check(self, hand: Any) -> dict:
        """What the hand would record: its ledger entry (as settle --json), keep's text, the arithmetic."""
        with self.lock:
            settled = self.keeper.check(hand)
        row = settled.rows[-1]
        return {"hand": report.settle_dict(settled)["ledger"][-1], "text": hand_text(settled),
                "explain": html._explanation(settled, row)}

    def undo(self, expected: str | None) -> tuple[str, Snapshot]:
        with self.lock:
            self._fresh(expected)
            if not self.keeper.data["hands"]:
                raise ApiError(409, "nothing to undo")
            what, _ = self.keeper.take_back()
            self._refresh()
            return what, self.snapshot

    def score(self, line: Any) -> dict:
        """One `sanma hand --batch` line, under the record's profile unless it names a built-in one."""
        if not isinstance(line, dict):
            raise SanmaError("a batch line must be a JSON object")
        ruleset = self.keeper.settled.rules
        if "rules" in line:
            if line["rules"] not in R.builtin_names():  # a request never makes the server read a file
                raise SanmaError(f"rules: a built-in profile here ({', '.join(R.builtin_names())}), got {line['rules']!r}")
            ruleset = None
        if "scheme" in line and line["scheme"] not in R.SCHEMES:
            raise SanmaError(f"scheme: a built-in scheme here ({', '.join(R.SCHEMES)}), got {line['scheme']!r}")
        return report.hand_dict(score(HandRequest.from_mapping(line), ruleset))


# ---------------------------------------------------------------- the web application


def _cookie_name(port: int) -> str:
    return f"sanma_token_{port}"  # a cookie is shared by every port of a host: one name per server


def make_app(table: Table, token: str, port: int):
    """The ASGI application: the routes behind the token check."""
    cookie = _cookie_name(port)

    def authorised(request: Request) -> bool:
        given = [request.query_params.get("token"), request.cookies.get(cookie)]
        header = request.headers.get("authorization", "")
        if header.lower().startswith("bearer "):
            given.append(header[7:].strip())
        return any(g is not None and hmac.compare_digest(g.encode(), token.encode()) for g in given)

    async def body(request: Request) -> Any:
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            raise ApiError(415, "send the body as JSON (Content-Type: application/json)")
        length = request.headers.get("content-length")
        if length and length.isdigit() and int(length) > BODY_LIMIT:
            raise ApiError(413, f"the body is larger than {BODY_LIMIT} bytes")
        raw = bytearray()
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > BODY_LIMIT:
                raise ApiError(413, f"the body is larger than {BODY_LIMIT} bytes")
        try:
            return json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise ApiError(400, "the body is not UTF-8 text") from None
        except json.JSONDecodeError as exc:
            raise ApiError(400, f"invalid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
        except RecursionError:
            raise ApiError(400, "invalid JSON: nested too deeply") from None

    def match_response(status: int = 200, snapshot: Snapshot | None = None) -> Response:
        snapshot = snapshot or table.snapshot
        return Response(snapshot.match, status, media_type="application/json", headers={"ETag": snapshot.etag})

    async def page(request: Request) -> Response:
        if "token" in request.query_params:  # the link as printed: keep the token in a cookie, not in the address bar
            response = RedirectResponse("/", 303)
            response.set_cookie(cookie, token, httponly=True, samesite="strict", path="/")
            return response
        return HTMLResponse(page_html(table.keeper.settled))

    async def report_fragment(request: Request) -> Response:
        snapshot = table.snapshot
        return HTMLResponse(snapshot.report, headers={"ETag": snapshot.etag})

    async def get_match(request: Request) -> Response:
        snapshot = table.snapshot
        if request.headers.get("if-none-match") == snapshot.etag:
            return Response(status_code=304, headers={"ETag": snapshot.etag})
        return match_response(200, snapshot)

    async def post_hand(request: Request) -> Response:
        hand = await body(request)
        line, snapshot = await run_in_threadpool(table.enter, hand, request.headers.get("if-match"))
        _say(f"{line}  [{_client(request)}]")
        return match_response(201, snapshot)

    async def post_check(request: Request) -> Response:
        hand = await body(request)
        return JSONResponse(await run_in_threadpool(table.check, hand))

    async def post_undo(request: Request) -> Response:
        what, snapshot = await run_in_threadpool(table.undo, request.headers.get("if-match"))
        _say(f"{what}  [{_client(request)}]")
        return match_response(200, snapshot)

    async def post_score(request: Request) -> Response:
        line = await body(request)
        return JSONResponse(await run_in_threadpool(table.score, line))

    async def refused(request: Request, exc: Exception) -> Response:
        # an ApiError says its status; a SanmaError is an entry or a hand refused as `keep` refuses it
        return JSONResponse({"error": exc.message}, exc.status if isinstance(exc, ApiError) else 422)

    routes = [
        Route("/", page), Route("/report", report_fragment), Route("/api/match", get_match),
        Route("/api/hands", post_hand, methods=["POST"]), Route("/api/check", post_check, methods=["POST"]),
        Route("/api/undo", post_undo, methods=["POST"]), Route("/api/score", post_score, methods=["POST"]),
    ]
    app = Starlette(routes=routes, exception_handlers={ApiError: refused, SanmaError: refused})

    async def guarded(scope, receive, send):
        """Every request shows the token first; without it, 401 and nothing else is read."""
        if scope["type"] == "http" and not authorised(Request(scope)):
            if scope["path"].startswith("/api/"):
                answer: Response = JSONResponse({"error": "this needs the server's token: `Authorization: Bearer "
                                                          "TOKEN`, or ?token=TOKEN"}, 401)
            else:
                answer = HTMLResponse("<!DOCTYPE html><meta name=viewport content='width=device-width'>"
                                      "<title>sanma serve</title><p>Open the link that <code>sanma serve</code> "
                                      "printed, token included.</p>", 401)
            await answer(scope, receive, send)
            return
        await app(scope, receive, send)

    return guarded


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


def _say(line: str) -> None:
    """A line on the server's terminal, for the scorekeeper: the hand is saved whether or not the
    terminal is still there to show it."""
    try:
        print(line, flush=True)
    except OSError:
        pass


# ---------------------------------------------------------------- the command


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (no loopback, no link-local), found without
    sending anything: each interface asked by ioctl (Linux), and the host name's addresses."""
    found: list[str] = []
    try:
        import fcntl
        import struct

        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            for _, name in socket.if_nameindex():
                try:
                    packed = fcntl.ioctl(probe.fileno(), 0x8915, struct.pack("256s", name[:15].encode()))  # SIOCGIFADDR
                    found.append(socket.inet_ntoa(packed[20:24]))
                except OSError:
                    continue  # an interface without an IPv4 address
        finally:
            probe.close()
    except (ImportError, OSError, AttributeError):
        pass
    try:
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    return sorted({a for a in found if not a.startswith(("127.", "169.254.", "0."))},
                  key=lambda a: tuple(int(x) for x in a.split(".")))


def listen(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise SanmaError(f"cannot listen on {host}:{port}: {exc.strerror} (another --port, or --port 0 for any "
                         f"free one)") from None
    sock.listen(128)
    return sock


def run(path: Path, *, port: int, token: str | None, lan: bool, rules: str | None,
        players: tuple[str, ...] | None) -> int:
    """Serve until Ctrl-C (or `kill`); the record is saved after every hand, the lock released at the end."""
    token = token or secrets.token_urlsafe(18)
    keeper = Keeper(path, rules, players, holder="sanma serve")
    try:
        sock = listen("0.0.0.0" if lan else "127.0.0.1", port)
        port = sock.getsockname()[1]
        config = uvicorn.Config(make_app(Table(keeper), token, port), log_level="warning", access_log=False,
                                lifespan="off", timeout_graceful_shutdown=3, server_header=False)
        server = uvicorn.Server(config)

        def stop(signum, frame) -> None:
            # Ctrl-C or `kill` outside uvicorn's own handlers (just before it starts, or the signal it
            # raises again once stopped) stops it the same way, never halfway
            server.should_exit = True

        previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            _announce(keeper, path, port, token, lan)
            server.run(sockets=[sock])
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            sock.close()
    except KeyboardInterrupt:  # Ctrl-C while the record was being read: nothing was served
        pass
    finally:
        keeper.close()
    _say(f"\nStopped; {path} holds {len(keeper.data['hands'])} hand(s). `sanma serve {path}` goes on.")
    return 0


def _announce(keeper: Keeper, path: Path, port: int, token: str, lan: bool) -> None:
    """The links to open, the token in them, as a notebook server prints them (and a QR code with --lan)."""
    settled = keeper.settled
    print(f"Serving {path} (profile {settled.rules.name}, scheme {settled.rules.payment.scheme}): "
          f"{', '.join(settled.players)}; {len(keeper.data['hands'])} hand(s) so far.")
    link = f"/?token={quote(token, safe='')}"
    print(f"Open on this machine:  http://127.0.0.1:{port}{link}")
    if lan:
        addresses = lan_addresses()
        for address in addresses:
            print(f"Open on the network:   http://{address}:{port}{link}")
        if addresses:
            import segno

            segno.make(f"http://{addresses[0]}:{port}{link}", error="l").terminal(compact=True)
        else:
            print("(no network address found on this machine: is it connected?)")
    print("Every request needs the token. Ctrl-C stops the server; the record is saved after every hand.", flush=True)
