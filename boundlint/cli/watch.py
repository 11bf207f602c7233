"""`boundlint check --watch`: check, then check again whenever a Python file or a configuration
file under the checked paths changes, until Ctrl-C.

Changes are seen by polling sizes and modification times (no extra dependency, the same on every
platform): twice a second, a walk of the checked folders that skips the folders a check skips by
default. Each run reads the configuration again, so an edit of `pyproject.toml` counts too; the
content cache makes each run after the first cost what the change costs.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from boundlint.core.config import DEFAULT_EXCLUDES

POLL_SECONDS = 0.5
WATCHED_NAMES = ("pyproject.toml", "ruff.toml", ".gitignore")

Stamp = frozenset[tuple[str, int, int]]


def watch(check_once: Callable[[], int], paths: list[Path], sleep: Callable[[float], None] = time.sleep) -> int:
    """Run `check_once`, then again after each change under `paths`; 0 on Ctrl-C."""
    try:
        while True:
            check_once()
            sys.stdout.flush()
            print("boundlint: watching for changes (Ctrl-C to stop)", file=sys.stderr, flush=True)
            before = stamp(paths)
            while stamp(paths) == before:
                sleep(POLL_SECONDS)
    except KeyboardInterrupt:
        return 0


def stamp(paths: Iterable[Path]) -> Stamp:
    """Size and modification time of every watched file under `paths`."""
    found: set[tuple[str, int, int]] = set()
    for path in paths:
        for file in _watched_files(path):
            try:
                info = os.stat(file)
            except OSError:
                continue  # removed between the walk and the stat: the next poll sees it gone
            found.add((file, info.st_mtime_ns, info.st_size))
    return frozenset(found)


def _watched_files(path: Path) -> Iterable[str]:
    if path.is_file():
        yield str(path)
        return
    for directory, folders, files in os.walk(path):
        folders[:] = [name for name in folders if name not in DEFAULT_EXCLUDES and not name.startswith(".")]
        for name in files:
            if name.endswith(".py") or name in WATCHED_NAMES:
                yield os.path.join(directory, name)
