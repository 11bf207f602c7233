"""Giving up a run part way, when a long-lived process (the editor server) has a newer one to make.

The run's thread installs a `stop` test (`cancellable`); the analysis asks it
between two tools, two fixes and two roots (`check_cancelled`), so a run gives
up within one tool's analysis, not one whole module's, which on a large module
was a second. Other threads are not affected: the test is the thread's own.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class Cancelled(BaseException):
    """A run given up. A BaseException, so that the guards that keep one file's or one tool's
    error from stopping a run (`except Exception`) let it through."""


_thread = threading.local()


@contextmanager
def cancellable(stop: Callable[[], bool] | None) -> Iterator[None]:
    """While the block runs in this thread, `check_cancelled` raises `Cancelled` once `stop()` is true."""
    previous = getattr(_thread, "stop", None)
    _thread.stop = stop
    try:
        yield
    finally:
        _thread.stop = previous


def check_cancelled() -> None:
    stop: Callable[[], bool] | None = getattr(_thread, "stop", None)
    if stop is not None and stop():
        raise Cancelled
