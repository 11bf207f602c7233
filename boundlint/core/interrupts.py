"""SIGINT and SIGTERM wait while boundlint writes files: a run stops between two files, never inside one.

The work runs in a thread of its own (`boundlint.engine.deep_stack`), but Python runs
signal handlers in the main thread only: a plain Ctrl-C there raised
KeyboardInterrupt in the main thread while the worker went on writing, and
SIGTERM's default action ended the process at once, possibly with a
temporary file written and not yet renamed over the original.

So, while the work runs, the main thread's `handlers()` catch both signals:

* inside a `deferred()` block (the worker is writing files) a signal is only
  recorded; the worker asks `interrupted()` between two files and stops there;
* outside one, the signal does what it did before (KeyboardInterrupt for
  SIGINT, the end of the process for SIGTERM), and is recorded too, so that a
  worker left running cannot start writing afterwards.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

SIGNALS = (signal.SIGINT, signal.SIGTERM)

_lock = threading.Lock()
_deferring = 0
_received: int | None = None  # the first signal received since `handlers()` was entered


@contextmanager
def handlers() -> Iterator[None]:
    """In the main thread: catch SIGINT and SIGTERM while the block runs (elsewhere: nothing)."""
    global _received
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[int, Any] = {}
    with _lock:
        _received = None
    for number in SIGNALS:
        handler = signal.getsignal(number)
        if handler is signal.SIG_IGN or handler is None:
            continue  # ignored (`nohup`, a background job) or set outside Python: leave it alone
        previous[number] = handler
        signal.signal(number, _handle(handler))
    try:
        yield
    finally:
        # The record stays: a worker still running after a KeyboardInterrupt must not start writing.
        for restored, handler in previous.items():
            signal.signal(restored, handler)


def _handle(before: Any):  # type: ignore[no-untyped-def]
    def handle(number: int, frame: Any) -> None:
        global _received
        with _lock:
            _received = _received or number
            if _deferring:
                return
            if before is signal.SIG_DFL:  # end the process as the signal would have, holding the lock
                signal.signal(number, signal.SIG_DFL)
                os.kill(os.getpid(), number)
                return
        before(number, frame)  # e.g. signal.default_int_handler: KeyboardInterrupt

    return handle


@contextmanager
def deferred() -> Iterator[None]:
    """Signals received while the block runs are only recorded (any thread)."""
    global _deferring
    with _lock:
        _deferring += 1
    try:
        yield
    finally:
        with _lock:
            _deferring -= 1


def interrupted() -> int | None:
    """The signal received since the handlers were installed, if any."""
    with _lock:
        return _received
