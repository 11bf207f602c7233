"""Telling callers that something was cut: a context-var flag, a log record, listeners.

Every truncation made by this package goes through :func:`report`, which

* raises the "truncation occurred" flag of the current context (and of every
  enclosing :func:`track_truncation` block),
* logs one INFO record on the ``boundlint_runtime`` logger, and
* calls the registered listeners with a :class:`TruncationEvent`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

__all__ = [
    "TruncationEvent",
    "TruncationFlag",
    "add_truncation_listener",
    "remove_truncation_listener",
    "reset_truncation",
    "track_truncation",
    "truncation_occurred",
]

logger = logging.getLogger("boundlint_runtime")


@dataclass(frozen=True)
class TruncationEvent:
    """One cut: what was cut, in which unit, and how much was kept.

    ``label`` names the value: the ``label=`` given by the caller (the tool's
    qualified name under ``@bounded``) followed by a JSON path such as
    ``.results[3].body``.  ``unit`` is ``"chars"``, ``"bytes"``, ``"items"``
    or ``"keys"``.  ``kept`` is 0 when the whole value was withheld
    (``on_overflow="error"``, or a container replaced by a placeholder).
    """

    label: str
    unit: str
    original: int
    kept: int


class TruncationFlag:
    """A mutable "something was cut" cell.

    The context variable holds a *reference* to a cell, so a cut made in a
    copied context (a worker thread started with ``contextvars.copy_context``,
    an ``asyncio`` task) still reaches the tracker that was active when the copy
    was made.  Cells chain to the enclosing tracker so nested blocks all see it.
    """

    __slots__ = ("occurred", "_parent")

    def __init__(self, parent: TruncationFlag | None = None) -> None:
        self.occurred = False
        self._parent = parent

    def _raise(self) -> None:
        cell: TruncationFlag | None = self
        while cell is not None:
            cell.occurred = True
            cell = cell._parent


_current: ContextVar[TruncationFlag | None] = ContextVar("boundlint_runtime_truncation", default=None)
_listeners: tuple[Callable[[TruncationEvent], object], ...] = ()


def truncation_occurred() -> bool:
    """True if a truncation happened in this context since the last reset (or tracker start)."""
    cell = _current.get()
    return cell is not None and cell.occurred


def reset_truncation() -> None:
    """Start a fresh flag for this context, e.g. at the start of a tool run.

    Enclosing :func:`track_truncation` blocks keep seeing later cuts.
    """
    cell = _current.get()
    _current.set(TruncationFlag(_enclosing_tracker(cell)))


def _enclosing_tracker(cell: TruncationFlag | None) -> TruncationFlag | None:
    # A cell made by reset_truncation() is never a tracker; skip it so repeated
    # resets don't grow the chain.
    while cell is not None and not isinstance(cell, _TrackerFlag):
        cell = cell._parent
    return cell


class _TrackerFlag(TruncationFlag):
    __slots__ = ()


@contextmanager
def track_truncation() -> Iterator[TruncationFlag]:
    """Track cuts made inside the block: ``with track_truncation() as t: ...; t.occurred``."""
    cell = _TrackerFlag(_current.get())
    token = _current.set(cell)
    try:
        yield cell
    finally:
        _current.reset(token)


def add_truncation_listener(listener: Callable[[TruncationEvent], object]) -> None:
    """Call ``listener(event)`` on every truncation (e.g. to feed metrics)."""
    global _listeners
    _listeners = (*_listeners, listener)


def remove_truncation_listener(listener: Callable[[TruncationEvent], object]) -> None:
    """Stop calling ``listener``; unknown listeners are ignored."""
    global _listeners
    _listeners = tuple(fn for fn in _listeners if fn != listener)


def report(event: TruncationEvent, note: str = "") -> None:
    """Flag, log and publish one truncation.  Never raises."""
    cell = _current.get()
    if cell is None:
        _current.set(TruncationFlag())
        cell = _current.get()
    assert cell is not None
    cell._raise()
    logger.info(
        "Truncation%s: label=%s original_%s=%d kept_%s=%d",
        note,
        event.label,
        event.unit,
        event.original,
        event.unit,
        event.kept,
        extra={"truncation": event},
    )
    for listener in _listeners:  # a snapshot: the tuple is replaced, never mutated
        try:
            listener(event)
        except Exception:  # a broken metrics hook must not break the tool
            logger.warning("truncation listener %r failed", listener, exc_info=True)
