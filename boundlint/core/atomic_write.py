"""Replacing a file so that readers see the old or the new content, never half of it."""

from __future__ import annotations

import os
import stat
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """Write to a temporary file next to `path`, then rename it over `path`.

    The rename is atomic on POSIX and Windows. The new file keeps the old one's
    permission bits and, where we may set it, its owner (a fresh file gets the
    umask's defaults). The folder is synced afterwards, so the rename itself
    survives a crash.
    """
    import tempfile  # here: most runs write nothing, and it is a slow import

    directory = path.absolute().parent
    existing = _stat(path)
    handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".boundlint-tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, stat.S_IMODE(existing.st_mode) if existing else _default_mode())
        if existing is not None and hasattr(os, "chown"):
            try:
                os.chown(temporary, existing.st_uid, existing.st_gid)
            except OSError:
                pass  # not ours to give away: the file stays ours
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_directory(directory)


def _stat(path: Path) -> os.stat_result | None:
    try:
        return path.stat()
    except OSError:
        return None


def _default_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _sync_directory(directory: Path) -> None:
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return  # Windows cannot open a folder; its rename is durable enough
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
