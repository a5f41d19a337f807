"""How much of anything sanma reads from someone else: every bound in one place, with its reason.

Records, profiles, schemes, logs, downloads and the requests `sanma serve` answers can come from
anyone (a file sent by another player, a page on the table's network). Each is read within the
bounds below, and what goes past one is refused with one line (docs/bad-input.md lists them all
and where each is checked). The readers look the bound up when they read (`bounds.NAME`), so a test
can set a small one; `SANMA_BOUND_<NAME>` in the environment sets one for a whole process (the
tests of `sanma serve`, which runs in its own process). A table has no reason to change them.
"""

from __future__ import annotations

import os


def _bound(name: str, default: int | float) -> int | float:
    given = os.environ.get(f"SANMA_BOUND_{name}")
    return type(default)(float(given)) if given else default


# ---- YAML and JSON: records, profiles, schemes, `hand --batch` lines, request bodies

# Values in one YAML document, an alias counted each time it is used (a merge key `<<:` too): a
# match record of 200 hands holds about 5,000, a profile a few hundred. An alias bomb of a kilobyte
# (each anchor a list of nine of the one before) stands for billions; it is refused before any of
# them is made.
YAML_NODES = _bound("YAML_NODES", 200_000)

# Digits of a whole number: a score has seven at most. Python refuses to read more than 4,300 (a
# ValueError every reader would have to know), and reading takes time that grows with the square
# of the length below that.
NUMBER_DIGITS = _bound("NUMBER_DIGITS", 100)

# Lists or mappings inside each other: a log or a record nests a few levels. Python's JSON and YAML
# readers give up some hundreds deep (calc/core/nesting.py places the error).
NESTING = _bound("NESTING", 100)

# ---- logs

# Bytes a gzip-compressed log unpacks to: a real log is 10-50 KB unpacked, the mjai log of a long
# match a few MB. A gzip bomb of 1 MB unpacks to 1 GB; it is stopped as it streams, at this size.
GZIP_BYTES = _bound("GZIP_BYTES", 32 * 1024 * 1024)

# Unpacked bytes per packed byte, checked once GZIP_RATIO_FROM bytes are out: logs pack 5 to 20
# times; deflate's most is about 1,000, which only a file of one repeated byte reaches.
GZIP_RATIO = _bound("GZIP_RATIO", 200)
GZIP_RATIO_FROM = _bound("GZIP_RATIO_FROM", 1024 * 1024)

# An archive of logs (.tar.xz, .tar.gz, .zip; calc/logs/archive.py): its files, each one's unpacked
# bytes, and all of them together. The repository's 201 games are 402 files of 10-50 KB; a year of
# a club's logs some thousands. A bomb (a member of a terabyte of zeros, a zip listing a million
# files) is stopped at the first bound it passes.
ARCHIVE_MEMBERS = _bound("ARCHIVE_MEMBERS", 100_000)
ARCHIVE_MEMBER_BYTES = _bound("ARCHIVE_MEMBER_BYTES", 32 * 1024 * 1024)
ARCHIVE_BYTES = _bound("ARCHIVE_BYTES", 2 * 1024 * 1024 * 1024)

# A Tenhou log download: the mjlog of a sanma hanchan is 10-30 KB (gzip) and 100-200 KB plain.
FETCH_BYTES = _bound("FETCH_BYTES", 8 * 1024 * 1024)
# Seconds for one read of the download (no byte in this long: the server is not answering), and
# for the whole download (a server that sends a byte now and then holds no command longer).
FETCH_READ_SECONDS = _bound("FETCH_READ_SECONDS", 20.0)
FETCH_SECONDS = _bound("FETCH_SECONDS", 60.0)

# ---- `sanma serve`

# Bytes of a request body: a hand entry is a few hundred.
SERVE_BODY_BYTES = _bound("SERVE_BODY_BYTES", 16 * 1024)
# Bytes of a request's line and headers: a phone's browser sends well under 2 KB.
SERVE_HEAD_BYTES = _bound("SERVE_HEAD_BYTES", 16 * 1024)
# Seconds for a whole request (line, headers and body) to arrive, from the connection's opening or
# the last answer on it: a phone on a slow network sends one in well under a second. A connection
# that sends half a request and waits is closed then, token or not.
SERVE_REQUEST_SECONDS = _bound("SERVE_REQUEST_SECONDS", 10.0)
# Seconds an idle kept-alive connection stays open after an answer (the page asks every 2 s).
SERVE_KEEP_ALIVE_SECONDS = _bound("SERVE_KEEP_ALIVE_SECONDS", 5.0)
# Open connections from one address: a browser opens up to six to a server; a script entering a
# burst of hands at once may open some dozens. More are closed as they come.
SERVE_CLIENT_CONNECTIONS = _bound("SERVE_CLIENT_CONNECTIONS", 64)
# Open connections in all, kept below the process's limit of open files (less SERVE_FILES_KEPT for
# the record, its lock, the listening socket and the rest), so the server can always take the next.
SERVE_CONNECTIONS = _bound("SERVE_CONNECTIONS", 256)
SERVE_FILES_KEPT = _bound("SERVE_FILES_KEPT", 48)
# Characters of a `--token`: it travels in a link, a header and a cookie.
TOKEN_LENGTH = _bound("TOKEN_LENGTH", 256)
