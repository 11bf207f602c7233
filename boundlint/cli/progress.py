"""Progress on a terminal for long runs: `boundlint: checking 812/4031 files (14s)`.

Shown only when the stream is a terminal and the run has taken longer than a
couple of seconds, so quick runs, pipes and CI logs stay clean. The line is
erased when the run ends.

`update(done, total)` is the per-file callback a checker can call; until it
does, the line shows the number of files and the elapsed time.
"""

from __future__ import annotations

import threading
import time
from typing import TextIO

DELAY_SECONDS = 2.0
REDRAW_SECONDS = 0.25


class Progress:
    def __init__(self, stream: TextIO, total: int, *, delay: float | None = None) -> None:
        self.stream = stream
        self.total = total
        self.done: int | None = None
        self.delay = DELAY_SECONDS if delay is None else delay
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="boundlint-progress", daemon=True)
        self._width = 0
        self._started = 0.0

    @staticmethod
    def wanted(stream: TextIO) -> bool:
        isatty = getattr(stream, "isatty", None)
        return bool(isatty and isatty())

    def update(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def __enter__(self) -> Progress:
        self._started = time.monotonic()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        if self._width:
            self.stream.write("\r" + " " * self._width + "\r")
            self.stream.flush()

    def line(self) -> str:
        files = f"{self.done}/{self.total}" if self.done is not None else f"{self.total}"
        elapsed = time.monotonic() - self._started
        return f"boundlint: checking {files} file{'s' if self.total != 1 else ''} ({elapsed:.0f}s)"

    def _run(self) -> None:
        if self._stop.wait(self.delay):
            return  # finished before anyone would wonder
        while not self._stop.is_set():
            text = self.line()
            self.stream.write("\r" + text.ljust(self._width))
            self.stream.flush()
            self._width = max(self._width, len(text))
            self._stop.wait(REDRAW_SECONDS)
