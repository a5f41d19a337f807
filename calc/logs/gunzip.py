"""A gzip-compressed log unpacked as it streams, and stopped at a bound (calc.core.bounds).

A log is a file someone else sent, and a gzip file says nothing true of what it unpacks to: a
megabyte of zeros packs into a kilobyte, so `gzip.decompress` of a small file can take all the
machine's memory (and `replay DIR` reads a folder on every core). Here the packed bytes are fed a
piece at a time, and the unpacking stops, with one line, as soon as it passes GZIP_BYTES or
packs better than logs ever do (GZIP_RATIO).
"""

from __future__ import annotations

import zlib

from calc.core import bounds
from calc.logs.model import LogError

GZIP_MAGIC = b"\x1f\x8b"  # the first two bytes of a gzip member (RFC 1952)
_PIECE = 256 * 1024  # unpacked bytes asked for at a time


def gunzip(data: bytes) -> bytes:
    """The unpacked bytes of a gzip file (one member or several, as `gzip` writes and reads them);
    a LogError for a truncated or corrupt stream, or one past the bounds."""
    out = bytearray()
    rest = data
    while rest[:2] == GZIP_MAGIC:
        unpacker = zlib.decompressobj(wbits=31)  # 31: a gzip header and trailer around the deflate data
        pending = rest
        try:
            while pending and not unpacker.eof:
                out += unpacker.decompress(pending, _PIECE)
                pending = unpacker.unconsumed_tail
                left = unpacker.unused_data if unpacker.eof else pending  # what is not unpacked yet
                _check(len(out), len(data) - len(left))
        except zlib.error as exc:
            raise LogError(f"corrupt gzip: {exc}") from None
        if not unpacker.eof:
            raise LogError("truncated gzip: the compressed stream ends early")
        rest = unpacker.unused_data
    if rest.strip(b"\x00"):  # zeros may pad a stream out to a block; anything else is not gzip
        raise LogError("corrupt gzip: bytes after the compressed stream that are not gzip")
    return bytes(out)


def _check(unpacked: int, packed: int) -> None:
    if unpacked > bounds.GZIP_BYTES:
        raise LogError(f"the gzip file unpacks to more than {bounds.GZIP_BYTES // (1024 * 1024)} MB (a log is at "
                       f"most a few MB): refused as a gzip bomb, not unpacked further")
    if unpacked > bounds.GZIP_RATIO_FROM and unpacked > bounds.GZIP_RATIO * max(packed, 1):
        raise LogError(f"the gzip file unpacks to more than {bounds.GZIP_RATIO} times its size (logs pack 5 to "
                       f"20 times): refused as a gzip bomb, not unpacked further")
