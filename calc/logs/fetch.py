"""Tenhou games by id or replay link: downloaded once into the user's cache folder, then read as files.

    sanma replay 2026011603gm-00b9-0000-36cf9559
    sanma replay 'https://tenhou.net/0/?log=2026011603gm-00b9-0000-36cf9559&tw=1&ts=3'

The log is fetched from `https://tenhou.net/0/log/?<id>` (environment variable
`SANMA_TENHOU_LOG_URL`, a template with `{id}` where the id goes, points elsewhere) with the standard
library, within bounds (calc/core/bounds.py): at most FETCH_BYTES, no read waiting longer than
FETCH_READ_SECONDS and the whole download within FETCH_SECONDS, so neither a broken mirror nor a
server that drips a byte now and then holds the command or its memory. It is checked to be a sanma
mjlog before it is kept, so a page that is not a log never lands in the cache. Every failure is one
`FetchError` line: no network, a timeout, an HTTP error (404: no such log), a download too large, a
page that is not a log, a four-player game.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

from calc.core import bounds
from calc.core.errors import SanmaError
from calc.logs import tenhou as TH

URL_TEMPLATE = "https://tenhou.net/0/log/?{id}"
URL_VARIABLE = "SANMA_TENHOU_LOG_URL"
CACHE_VARIABLE = "SANMA_CACHE_DIR"  # overrides the platform's cache folder (tests, shared machines)
# yyyymmddhh "gm" - lobby type in hex - lobby number - hash, e.g. 2026011603gm-00b9-0000-36cf9559
GAME_ID = re.compile(r"(\d{10}gm-([0-9a-f]{4})-(\d{4})-([0-9a-f]{8}))")


class FetchError(SanmaError):
    """A Tenhou log that cannot be downloaded, or a download that is not a sanma log."""


def game_id(arg: str) -> str | None:
    """The Tenhou game id a command-line argument names (a bare id or a replay link), else None."""
    text = str(arg).strip()
    m = GAME_ID.search(text)
    if m is None:
        return None
    if m.group(1) == text or "tenhou" in text or "log=" in text:
        return m.group(1)
    return None


def cache_dir() -> Path:
    """$SANMA_CACHE_DIR, else the platform's user cache folder, with `sanma/tenhou` under it."""
    override = os.environ.get(CACHE_VARIABLE)
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "sanma" / "tenhou"


def log_url(gid: str) -> str:
    template = os.environ.get(URL_VARIABLE) or URL_TEMPLATE
    if "{id}" not in template:
        raise FetchError(f"{URL_VARIABLE}={template!r} has no {{id}} where the game id goes")
    return template.replace("{id}", gid)


def resolve(args: list[Path], *, use_cache: bool = True) -> tuple[list[Path], list[str]]:
    """The command line's arguments as local paths: a file or folder stays, a Tenhou id or link
    becomes its cached mjlog (downloaded when needed). Returns the paths and one error line for each
    argument that could not be fetched."""
    paths: list[Path] = []
    errors: list[str] = []
    for arg in args:
        if Path(arg).exists() or game_id(str(arg)) is None:
            paths.append(Path(arg))
            continue
        try:
            paths.append(fetch(str(arg), use_cache=use_cache))
        except FetchError as e:
            errors.append(str(e))
    return paths, errors


def fetch(arg: str, *, use_cache: bool = True) -> Path:
    """The local mjlog file of the game `arg` names, downloaded when it is not cached (or not
    `use_cache`: downloaded again, and the cached copy replaced)."""
    gid = game_id(arg)
    if gid is None:
        raise FetchError(f"{arg!r} is neither a file nor a Tenhou game id or link")
    lobby = int(GAME_ID.search(gid).group(2), 16)
    if not lobby & TH.SANMA_TABLE:
        raise FetchError(f"{gid}: a four-player game (lobby type {lobby}); only sanma is supported")
    path = cache_dir() / f"{gid}.mjlog"
    if use_cache and path.is_file():
        return path
    data = _download(gid, log_url(gid))
    _check(gid, data)
    from calc.core.files import write_atomically

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise FetchError(f"{gid}: cannot keep the log in {path.parent}: {e.strerror}") from None
    try:
        write_atomically(path, data, str(path), "the log to the cache")
    except SanmaError as e:
        raise FetchError(f"{gid}: {e.message}") from None
    return path


def _download(gid: str, url: str) -> bytes:
    import urllib.error  # loaded here: a replay of local files starts without the HTTP client
    import urllib.request

    from calc.compiled import VERSION

    request = urllib.request.Request(url, headers={"User-Agent": f"sanma/{VERSION}"})
    waited = f"no answer from {url} within {bounds.FETCH_READ_SECONDS:g} s"
    try:
        with urllib.request.urlopen(request, timeout=bounds.FETCH_READ_SECONDS) as response:
            return _read_bounded(gid, url, response)
    except urllib.error.HTTPError as e:
        if e.code == 404:
            raise FetchError(f"{gid}: no such log (HTTP 404 from {url})") from None
        raise FetchError(f"{gid}: HTTP {e.code} {e.reason} from {url}") from None
    except urllib.error.URLError as e:
        reason = e.reason
        if isinstance(reason, TimeoutError):  # socket.timeout is TimeoutError since Python 3.10
            raise FetchError(f"{gid}: {waited}") from None
        raise FetchError(f"{gid}: cannot reach {url} (no network?): {reason}") from None
    except TimeoutError:
        raise FetchError(f"{gid}: {waited}") from None
    except OSError as e:
        raise FetchError(f"{gid}: download from {url} failed: {e}") from None


def _read_bounded(gid: str, url: str, response) -> bytes:
    """The answer's body, a piece at a time: refused past FETCH_BYTES (its stated length checked
    first) and past FETCH_SECONDS in all, each read waiting at most what is left of that."""
    limit = bounds.FETCH_BYTES
    too_large = f"{gid}: the download from {url} is larger than {limit // (1024 * 1024)} MB (a Tenhou log is some kB)"
    length = response.headers.get("Content-Length", "")
    if length.isdigit() and int(length) > limit:
        raise FetchError(too_large)
    deadline = time.monotonic() + bounds.FETCH_SECONDS
    sock = getattr(getattr(response, "fp", None), "raw", None)
    sock = getattr(sock, "_sock", None)  # the socket under http.client's reader, to shorten its wait
    data = bytearray()
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise FetchError(f"{gid}: the download from {url} took longer than {bounds.FETCH_SECONDS:g} s in all")
        if sock is not None:
            sock.settimeout(min(bounds.FETCH_READ_SECONDS, left))
        try:
            piece = response.read1(64 * 1024)
        except TimeoutError:
            if deadline - time.monotonic() <= 0:
                continue  # the deadline, not the server's silence: said as such above
            raise
        if not piece:
            return bytes(data)
        data += piece
        if len(data) > limit:
            raise FetchError(too_large)


def _check(gid: str, data: bytes) -> None:
    """A sanma mjlog, or a FetchError saying what came instead."""
    from calc.logs import parse_log
    from calc.logs.gunzip import GZIP_MAGIC, gunzip
    from calc.logs.model import LogError

    body = data
    if body[:2] == GZIP_MAGIC:
        try:
            body = gunzip(body)  # within calc.core.bounds, as every log
        except LogError as e:
            raise FetchError(f"{gid}: the download is not a log: {e.message}") from None
    if not body.lstrip()[:9].startswith(b"<mjloggm"):
        head = body.lstrip()[:40].decode("utf-8", "replace").replace("\n", " ")
        raise FetchError(f"{gid}: the page is not a Tenhou log (it begins {head!r})")
    try:
        parse_log(data, f"{gid}.mjlog")
    except LogError as e:
        raise FetchError(f"{gid}: {e.message}") from None
