"""Replacing a file so that readers see the old or the new content, never half of it."""

from __future__ import annotations

import os
import stat
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """Write to a temporary file next to `path`, then rename it over `path`.

    The rename is atomic on POSIX and Windows; the new file keeps the old
    one's permission bits (a fresh one gets the umask's defaults).
    """
    import tempfile  # here: most runs write nothing, and it is a slow import

    directory = path.absolute().parent
    mode = _mode_for(path)
    handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _mode_for(path: Path) -> int:
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
