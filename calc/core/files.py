"""The files sanma writes beside a file of the user's: one keeper's lock, and a new version put in
place whole. Both are made safe for a folder that others can write too (a shared club folder).

- The record is named by its real file: symlinks and `..` resolved, so a second keeper reaching it
  by another path finds the same lock. A record with a second name (a hard link) is refused: a
  new version replaces one name, and the two would part.
- The lock and the temporary file are created exclusively and never through a symlink (a name
  planted in the folder cannot make sanma write to another file), and a temporary file is removed
  whatever goes wrong. A full disk or a folder that cannot be written is a one-line error.
"""

from __future__ import annotations

import errno
import functools
import os
import stat
import sys
import tempfile
from pathlib import Path

from calc.core.errors import SanmaError

NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # Windows has neither symlinks to follow here nor the flag
CLOEXEC = getattr(os, "O_CLOEXEC", 0)
NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a FIFO planted as the lock does not hold the open


def real_file(path: Path) -> Path:
    """The file `path` names, every symlink and `..` resolved (a file not made yet: its real folder)."""
    return Path(os.path.realpath(path))


def one_name(real: Path, shown: str) -> None:
    """Refuses a file with a second name (a hard link): a new version would replace this name only."""
    try:
        links = os.stat(real).st_nlink
    except OSError:
        return  # not made yet, or gone: whoever reads it next says so
    if links > 1:
        raise SanmaError(f"the record has {links - 1} other name(s) (a hard link): sanma saves a record by "
                         f"replacing it, which would leave the other names behind; keep it under one name "
                         f"(copy it) and keep that", file=shown)


class Lock:
    """One keeper of a record at a time (`sanma keep` or `sanma serve`): an exclusive lock on a file
    beside its real file, `.NAME.lock`, that names its holder. The system drops the lock when the
    holder ends, however it ends (even killed), so a stale lock file is simply taken again. On a
    system without flock (Windows) nothing is locked."""

    def __init__(self, real: Path, holder: str, shown: str) -> None:
        self.path = real.with_name(f".{real.name}.lock")
        self.handle: int | None = None
        try:
            import fcntl
        except ImportError:
            return
        self.shown = shown
        while True:
            handle = self._open()
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                other = os.read(handle, 200).decode("utf-8", "replace").strip() or "another sanma keep or serve"
                os.close(handle)
                raise SanmaError(f"the record is being kept by {other}; one keeper at a time: enter the hands "
                                 f"there, or stop it first (its record is saved after every hand)", file=shown) from None
            try:
                same = os.stat(self.path, follow_symlinks=False).st_ino == os.fstat(handle).st_ino
            except FileNotFoundError:
                same = False
            if same:  # not a lock file that its last holder removed while this one waited for it
                break
            os.close(handle)
        self.handle = handle
        try:
            os.ftruncate(handle, 0)
            write_all(handle, f"{holder} (pid {os.getpid()})".encode("utf-8"))
        except OSError as exc:
            self.release()
            raise SanmaError(f"cannot lock the record: {exc.strerror}", file=shown) from None

    def _open(self) -> int:
        """The lock file, made afresh, or the one its last holder left; never through a symlink, and
        only a plain file of one name (anything else was not made by sanma)."""
        while True:
            try:
                handle = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL | NOFOLLOW | CLOEXEC, 0o644)
            except FileExistsError:
                try:
                    handle = os.open(self.path, os.O_RDWR | NOFOLLOW | CLOEXEC | NONBLOCK)
                except FileNotFoundError:
                    continue  # its holder removed it just now: make it afresh
                except OSError as exc:
                    raise self._refused(exc) from None
            except OSError as exc:
                raise self._refused(exc) from None
            info = os.fstat(handle)
            if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
                os.close(handle)
                raise SanmaError(f"{self.path.name} beside the record is not a lock file sanma made (a "
                                 f"{'second name of another file' if stat.S_ISREG(info.st_mode) else 'special file'}"
                                 f"); sanma will not write to it: remove it, then start again", file=self.shown)
            return handle

    def _refused(self, exc: OSError) -> SanmaError:
        if exc.errno == errno.ELOOP:
            return SanmaError(f"{self.path.name} beside the record is a symbolic link, not a lock file sanma made; "
                              f"sanma will not write through it: remove it, then start again", file=self.shown)
        return SanmaError(f"cannot lock the record: {exc.strerror}", file=self.shown)

    def release(self) -> None:
        if self.handle is not None:
            try:
                os.unlink(self.path)  # while still holding it: whoever opened it meanwhile sees it gone and tries again
            except OSError:
                pass
            os.close(self.handle)
            self.handle = None


def write_all(handle: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(handle, view):]


@functools.cache
def _new_file_mode() -> int:
    """What a new file's permissions would be under the process's umask (read once: setting the
    umask to read it is not safe once other threads make files)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def write_atomically(path: Path, data: bytes, shown: str, what: str = "the record") -> None:
    """`data` in a new temporary file beside `path` (a real file), on disk (fsync), then renamed over
    it: a reader, a crash or a kill finds the old version or the new one, never a part. The folder is
    synced too, so that the rename itself survives a power cut. The new version keeps the old one's
    permissions. Any failure removes the temporary file and is one line naming `shown`."""
    temporary = None
    handle = None
    try:
        try:
            mode = stat.S_IMODE(os.stat(path).st_mode)
        except FileNotFoundError:
            mode = _new_file_mode()
        # mkstemp: a new name, created exclusively (O_EXCL), so never a planted file or symlink
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".keep-tmp", dir=path.parent)
        if hasattr(os, "fchmod"):
            os.fchmod(handle, mode)
        write_all(handle, data)
        os.fsync(handle)
        os.close(handle)
        handle = None
        os.replace(temporary, path)
        temporary = None
    except OSError as exc:
        raise SanmaError(f"cannot write {what}: {exc.strerror}", file=shown) from None
    finally:
        if handle is not None:
            os.close(handle)
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Best effort: Windows cannot open a folder, some file systems cannot sync one; the file is
    written by then either way."""
    if sys.platform == "win32":
        return
    try:
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
    except OSError:
        pass
