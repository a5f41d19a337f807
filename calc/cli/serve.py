"""`sanma serve RECORD`: one match record on the phones at the table (docs/serve.md).

A local web server (Starlette on uvicorn; this module is imported by that command alone) with a page
and the JSON API the page uses: thin routes over the record keeper that `sanma keep` uses too
(calc/table/keeper.py): the same lock on the record's real file, the same checks and one-line
refusals, the same atomic write before the answer is sent, and a change made to the file from
outside taken in rather than written over. Entries from several phones are applied one at a time
(one lock around the keeper); what GET answers is computed once per change.

Every request needs the token: `Authorization: Bearer T`, or `?token=T`, which the page turns into
a same-site cookie. Every request that changes something is a JSON body (a page of another site
cannot send one) from no other origin. The server binds 127.0.0.1 unless --lan; requests, bodies
and connections are bounded (calc/core/bounds.py); the record's path is fixed at start and no
request names a file. docs/serve.md has the threat model.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import signal
import socket
import threading
from collections import Counter
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import quote

import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from calc.cli import html
from calc.cli.report import recorded_text, taken_back
from calc.cli.serve_page import page_html
from calc.core import bounds
from calc.core import rules as R
from calc.core.errors import SanmaError
from calc.core.nesting import load_json
from calc.scoring.request import HandRequest
from calc.table.scored import score
from calc.table.keeper import Conflict, Keeper, NothingToUndo
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
        match = json.dumps(settled.to_dict(), ensure_ascii=False).encode("utf-8")
        etag = '"' + hashlib.sha256(match).hexdigest()[:20] + '"'
        # one assignment: a GET never pairs one state's JSON with another's ETag
        self.snapshot = Snapshot(match, etag, "\n".join(html.match_sections(settled, None)))

    def _fresh(self, expected: str | None) -> None:
        if expected is not None and expected != self.snapshot.etag:
            raise ApiError(412, STALE)

    def _keep(self, change, *args):
        """One change through the keeper (with the lock held); a change to the file made from outside
        is taken in (the answers follow it) and refuses this one: 409."""
        try:
            return change(*args)
        except Conflict as exc:
            self._refresh()
            raise ApiError(409, exc.message) from None

    def current(self) -> Snapshot:
        """The answers of GET, after taking in a change made to the file from outside (a file that no
        longer reads is left to the next entry, which says why)."""
        with self.lock:
            try:
                if self.keeper.sync():
                    self._refresh()
            except Conflict:
                pass
            return self.snapshot

    def enter(self, hand: Any, expected: str | None) -> tuple[str, Snapshot]:
        """Record one hand: keep's line for the server's terminal, and the record with it."""
        with self.lock:
            self._fresh(expected)
            settled = self._keep(self.keeper.enter, hand)
            self._refresh()
            return recorded_text(settled).splitlines()[0], self.snapshot

    def check(self, hand: Any) -> dict:
        """What the hand would record: its ledger entry (as settle --json), keep's text, the arithmetic."""
        with self.lock:
            if self._keep(self.keeper.sync):  # checked against the file as it is now
                self._refresh()
            settled = self.keeper.check(hand)
        return {"hand": settled.to_dict()["ledger"][-1], "text": recorded_text(settled),
                "explain": html.hand_explanation(settled, settled.rows[-1])}

    def undo(self, expected: str | None) -> tuple[str, Snapshot]:
        with self.lock:
            self._fresh(expected)
            players = self.keeper.players
            try:
                row, _ = self._keep(self.keeper.take_back)
            except NothingToUndo as exc:
                raise ApiError(409, exc.message) from None
            self._refresh()
            return taken_back(row, players), self.snapshot

    def score(self, line: Any) -> dict:
        """One `sanma hand --batch` line, under the record's profile unless it names a built-in one."""
        if not isinstance(line, dict):
            raise SanmaError("a batch line must be a JSON object")
        ruleset = self.keeper.settled.ruleset
        if "rules" in line:
            if line["rules"] not in R.builtin_names():  # a request never makes the server read a file
                raise SanmaError(f"rules: a built-in profile here ({', '.join(R.builtin_names())}), got {line['rules']!r}")
            ruleset = None
        known = self.keeper.settled.ruleset.scheme_names()  # the built-in ones and the record's own, by name
        if "scheme" in line and line["scheme"] not in known:
            raise SanmaError(f"scheme: a built-in scheme or the record's own here ({', '.join(known)}), got "
                             f"{line['scheme']!r}")
        return score(HandRequest.from_mapping(line), ruleset).to_dict()


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

    async def body(request: Request, *, empty: bool = False) -> Any:
        """The request's JSON body, read within the bounds (calc.core.bounds); `empty`: none is
        fine too (undo). The JSON type is what a page of another site cannot send without the
        browser asking this server first, which it never allows."""
        if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
            raise ApiError(415, "send the body as JSON (Content-Type: application/json)")
        limit = bounds.SERVE_BODY_BYTES
        length = request.headers.get("content-length")
        if length and length.isdigit() and int(length) > limit:
            raise ApiError(413, f"the body is larger than {limit} bytes")
        raw = bytearray()
        try:
            async for chunk in request.stream():
                raw += chunk
                if len(raw) > limit:
                    raise ApiError(413, f"the body is larger than {limit} bytes")
        except ClientDisconnect:  # gone, or closed for being too slow: nobody reads the answer
            raise ApiError(400, "the body did not arrive whole") from None
        if empty and not raw.strip():
            return None
        try:
            return load_json(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise ApiError(400, "the body is not UTF-8 text") from None
        except json.JSONDecodeError as exc:
            raise ApiError(400, f"invalid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
        except SanmaError as exc:  # nested too deep, a number too long
            raise ApiError(400, f"invalid JSON: {exc.message}") from None

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
        snapshot = await run_in_threadpool(table.current)
        return HTMLResponse(snapshot.report, headers={"ETag": snapshot.etag})

    async def get_match(request: Request) -> Response:
        snapshot = await run_in_threadpool(table.current)
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
        await body(request, empty=True)  # nothing to say, but said as JSON: no form of another page can
        what, snapshot = await run_in_threadpool(table.undo, request.headers.get("if-match"))
        _say(f"{what}  [{_client(request)}]")
        return match_response(200, snapshot)

    async def post_score(request: Request) -> Response:
        line = await body(request)
        return JSONResponse(await run_in_threadpool(table.score, line))

    async def refused(request: Request, exc: Exception) -> Response:
        # an ApiError says its status; a SanmaError is an entry or a hand refused as `keep` refuses it,
        # with the field of the posted hand it found wrong (the record's key path within that hand)
        answer = {"error": exc.message}
        key = getattr(exc, "key", None)
        if key:
            answer["field"] = re.sub(r"^hands\[\d+\]\.?", "", key) or None
        return JSONResponse(answer, exc.status if isinstance(exc, ApiError) else 422)

    routes = [
        Route("/", page), Route("/report", report_fragment), Route("/api/match", get_match),
        Route("/api/hands", post_hand, methods=["POST"]), Route("/api/check", post_check, methods=["POST"]),
        Route("/api/undo", post_undo, methods=["POST"]), Route("/api/score", post_score, methods=["POST"]),
    ]
    app = Starlette(routes=routes, exception_handlers={ApiError: refused, SanmaError: refused})

    async def guarded(scope, receive, send):
        """Every request shows the token first; without it, 401 and nothing else is read. A request
        that changes something and comes from a page of another origin is refused too (403)."""
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        request = Request(scope)
        answer: Response | None = None
        if not authorised(request):
            if scope["path"].startswith("/api/"):
                answer = JSONResponse({"error": "this needs the server's token: `Authorization: Bearer TOKEN`, or "
                                                "?token=TOKEN"}, 401)
            else:
                answer = HTMLResponse("<!DOCTYPE html><meta name=viewport content='width=device-width'>"
                                      "<title>sanma serve</title><p>Open the link that <code>sanma serve</code> "
                                      "printed, token included.</p>", 401)
        elif scope["method"] not in ("GET", "HEAD") and not same_origin(request):
            answer = JSONResponse({"error": "a request from a page of another origin; enter hands on this "
                                            "server's own page"}, 403)
        if answer is not None:
            await answer(scope, receive, send)
            return
        await app(scope, receive, send)

    return guarded


def same_origin(request: Request) -> bool:
    """A browser names the page a request comes from (Origin, Sec-Fetch-Site); a request that names
    another origin (another port of the same host is one) did not come from this server's page. A
    script that names none (curl) is not a browser's page."""
    site = request.headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return False
    origin = request.headers.get("origin")
    return origin is None or origin == f"{request.url.scheme}://{request.headers.get('host', '')}"


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


def connection_cap() -> int:
    """The open connections the server takes (bounds.SERVE_CONNECTIONS), kept under the process's
    limit of open files, so that a crowd of connections never leaves it unable to take the next."""
    try:
        import resource

        files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):
        return bounds.SERVE_CONNECTIONS
    if files == resource.RLIM_INFINITY:
        return bounds.SERVE_CONNECTIONS
    return max(8, min(bounds.SERVE_CONNECTIONS, files - bounds.SERVE_FILES_KEPT))


def bounded_http() -> type:
    """uvicorn's HTTP/1.1 (h11) with what it leaves unbounded bounded (calc.core.bounds): a request
    must arrive whole (line, headers, body) within SERVE_REQUEST_SECONDS of the connection's opening
    or of the last answer on it, or the connection is closed, token or not; and one address holds
    at most SERVE_CLIENT_CONNECTIONS connections (all together connection_cap()): more are closed
    as they come, before anything is read."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    cap = connection_cap()
    per_address: Counter[str] = Counter()

    class BoundedH11(H11Protocol):
        deadline: Any = None
        address: str | None = None

        def connection_made(self, transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self.address = self.client[0] if self.client else "?"
            per_address[self.address] += 1
            if per_address[self.address] > bounds.SERVE_CLIENT_CONNECTIONS or len(self.connections) > cap:
                transport.close()
                return
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if self.address is not None:
                per_address[self.address] -= 1
                if per_address[self.address] <= 0:
                    del per_address[self.address]
                self.address = None
            super().connection_lost(exc)

        def handle_events(self) -> None:
            super().handle_events()
            if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):  # the request is in (or the end)
                self._disarm()

        def on_response_complete(self) -> None:
            self._arm()  # first: a request already waiting behind this one is handled inside (and disarms)
            super().on_response_complete()

        def _arm(self) -> None:
            self._disarm()
            self.deadline = self.loop.call_later(bounds.SERVE_REQUEST_SECONDS, self._too_slow)

        def _disarm(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def _too_slow(self) -> None:
            self.deadline = None
            if self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and not self.transport.is_closing():
                self.transport.close()

    return BoundedH11


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
                                lifespan="off", timeout_graceful_shutdown=3, server_header=False,
                                http=bounded_http(), ws="none", h11_max_incomplete_event_size=bounds.SERVE_HEAD_BYTES,
                                timeout_keep_alive=bounds.SERVE_KEEP_ALIVE_SECONDS)
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
    goes_on = "the match is over" if keeper.settled.state.ended else f"`sanma serve {path}` goes on"
    _say(f"\nStopped; {path} holds {keeper.hands} hand(s); {goes_on}.")
    return 0


def _announce(keeper: Keeper, path: Path, port: int, token: str, lan: bool) -> None:
    """The links to open, the token in them, as a notebook server prints them (and a QR code with --lan)."""
    settled = keeper.settled
    print(f"Serving {path} (profile {settled.ruleset.name}, scheme {settled.ruleset.payment.scheme}): "
          f"{', '.join(settled.players)}; {keeper.hands} hand(s) so far.")
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
