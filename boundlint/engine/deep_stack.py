"""Running the analysis in a thread with a deep stack.

Deeply nested (but valid) code makes libcst's visitors and our walks recurse
deeply; the main thread's default stack would overflow before Python's
recursion limit could turn that into a RecursionError we report.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import TypeVar

from boundlint.core import interrupts

T = TypeVar("T")
STACK_BYTES = 512 * 1024 * 1024
RECURSION_LIMIT = 20_000


def run_with_deep_stack(function: Callable[[], T]) -> T:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION_LIMIT))
    previous = threading.stack_size(STACK_BYTES)
    outcome: list[T] = []
    errors: list[BaseException] = []

    def target() -> None:
        try:
            outcome.append(function())
        except BaseException as error:  # noqa: BLE001 - re-raised in the calling thread
            errors.append(error)

    with interrupts.handlers():  # signals reach the main thread only: it tells the worker (fix's writes)
        try:
            thread = threading.Thread(target=target, name="boundlint")
            thread.start()
        finally:
            threading.stack_size(previous)
        thread.join()
    if errors:
        raise errors[0]
    return outcome[0]
