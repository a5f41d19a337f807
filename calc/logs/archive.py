"""Archives of logs as they are stored (`.tar.xz`, `.tar.gz`, `.tar.bz2`, `.zip`), read as a stream
of members, within calc.core.bounds.

An archive is a file someone else sent, and what it says of its members is not to be trusted: a
small `.tar.xz` can unpack to gigabytes, a `.zip` can list a million members. Each member is read
only up to ARCHIVE_MEMBER_BYTES, the members are counted up to ARCHIVE_MEMBERS, and the bytes
unpacked in all up to ARCHIVE_BYTES; past any of them the archive is refused with one line, as a
gzip bomb is (calc/logs/gunzip.py). A tar archive is read front to back as it unpacks (tarfile's
stream mode): its members are never all in memory at once.
"""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import IO, Iterator, NamedTuple

from calc.core import bounds
from calc.logs.formats import GZIP_MAGIC
from calc.logs.model import LogError

XZ_MAGIC = b"\xfd7zXZ\x00"
BZIP2_MAGIC = b"BZh"
ZIP_MAGIC = b"PK\x03\x04"
TAR_MAGIC_AT = 257  # "ustar" in a tar header, POSIX and GNU alike


class Member(NamedTuple):
    name: str  # "ARCHIVE:MEMBER", as messages and notes name it
    data: bytes


def is_archive(head: bytes) -> bool:
    """Whether a file that starts with these bytes (the first 512 at least) is an archive this
    module reads: xz, bzip2 and zip always are (no log is stored so); gzip only around a tar archive
    (a single gzip-compressed log is a log, calc/logs/gunzip.py)."""
    if head.startswith((XZ_MAGIC, BZIP2_MAGIC, ZIP_MAGIC)):
        return True
    if head[:2] == GZIP_MAGIC:
        try:
            start = zlib.decompressobj(wbits=31).decompress(head, TAR_MAGIC_AT + 5)
        except zlib.error:
            return False
        return start[TAR_MAGIC_AT:TAR_MAGIC_AT + 5] == b"ustar"
    return head[TAR_MAGIC_AT:TAR_MAGIC_AT + 5] == b"ustar"


def _hidden(name: str) -> bool:
    """A member no one stored as a log: a hidden file, macOS's resource forks."""
    return any(part.startswith(".") or part == "__MACOSX" for part in name.split("/"))


class _Budget:
    """The members and bytes an archive has given so far, against the bounds."""

    def __init__(self, archive: str) -> None:
        self.archive = archive
        self.members = 0
        self.bytes = 0

    def member(self) -> None:
        self.members += 1
        if self.members > bounds.ARCHIVE_MEMBERS:
            raise LogError(f"the archive holds more than {bounds.ARCHIVE_MEMBERS:,} files (a year of logs is a "
                           f"few thousand): refused, not read further", file=self.archive)

    def read(self, stream: IO[bytes], name: str) -> bytes:
        data = stream.read(bounds.ARCHIVE_MEMBER_BYTES + 1)
        if len(data) > bounds.ARCHIVE_MEMBER_BYTES:
            raise LogError(f"{name} unpacks to more than {bounds.ARCHIVE_MEMBER_BYTES // (1024 * 1024)} MB (a log "
                           f"is at most a few MB): refused as an archive bomb, not unpacked further",
                           file=self.archive)
        self.bytes += len(data)
        if self.bytes > bounds.ARCHIVE_BYTES:
            raise LogError(f"the archive unpacks to more than {bounds.ARCHIVE_BYTES // (1024 * 1024)} MB: refused "
                           f"as an archive bomb, not unpacked further", file=self.archive)
        return data


def members(path: Path) -> Iterator[Member]:
    """The archive's files in the order stored (folders, links and hidden files left out); a
    LogError for a corrupt or truncated archive, or one past the bounds."""
    import lzma  # here: a replay of plain logs loads no archive reader
    import tarfile
    import zipfile

    archive = str(path)
    try:
        with path.open("rb") as stream:
            zipped = stream.read(4) == ZIP_MAGIC
        if zipped:
            yield from _zip_members(path)
        else:
            yield from _tar_members(path)
    except (tarfile.TarError, zipfile.BadZipFile, lzma.LZMAError, EOFError, zlib.error, OSError, ValueError) as e:
        # bz2 says a damaged stream with an OSError, lzma with its own; tarfile and zipfile their own
        text = getattr(e, "strerror", None) or str(e) or type(e).__name__
        raise LogError(f"corrupt or truncated archive: {text}", file=archive) from None


def _tar_members(path: Path) -> Iterator[Member]:
    import tarfile

    budget = _Budget(str(path))
    with tarfile.open(str(path), mode="r|*") as tar:  # a stream: each member read as it comes
        for info in tar:
            budget.member()
            if not info.isfile() or _hidden(info.name):
                continue
            stream = tar.extractfile(info)
            if stream is None:
                continue
            yield Member(f"{path}:{info.name}", budget.read(stream, info.name))


def _zip_members(path: Path) -> Iterator[Member]:
    import zipfile

    budget = _Budget(str(path))
    with zipfile.ZipFile(path) as archive:
        for info in archive.infolist():
            budget.member()
            if info.is_dir() or _hidden(info.filename):
                continue
            with archive.open(info) as stream:
                yield Member(f"{path}:{info.filename}", budget.read(stream, info.filename))
