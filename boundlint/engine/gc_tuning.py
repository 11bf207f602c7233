"""Fewer passes of CPython's cycle collector while a check builds syntax trees.

Nearly every object a check allocates is a node of an `ast` or libcst tree:
millions of them, in no reference cycle, freed by reference counting as soon
as the loader lets go of their module. With CPython's default thresholds the
cycle collector still runs every 700 allocations, and its older generations
walk every tree the loader holds again and again: a quarter of a cold run on
langchain-community, and a third or more on pydantic-ai. Collecting the
youngest generation every 100,000 allocations keeps the collector for what
does make cycles, at a small share of that cost. (The analysis avoids cycles
that would hold a tree: index sites hold their module by weak reference, and
the model registry its analysis.)
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG_GENERATION_THRESHOLD = 100_000


def raise_young_threshold() -> tuple[int, int, int]:
    """Collect the youngest generation less often, for the rest of this process; returns the
    thresholds before."""
    previous = gc.get_threshold()
    gc.set_threshold(max(previous[0], YOUNG_GENERATION_THRESHOLD), *previous[1:])
    return previous


@contextmanager
def fewer_collections() -> Iterator[None]:
    """`raise_young_threshold` for the duration (forked workers inherit it)."""
    previous = raise_young_threshold()
    try:
        yield
    finally:
        gc.set_threshold(*previous)


def settle_after_run(thorough: bool = False) -> None:
    """In a long-lived process (the editor server), after a run: collect what the run left in the
    young generations, then freeze every object still alive, so that the next runs' collections
    no longer walk the parsed modules kept between runs. Without it, one keystroke in ten paid a
    collection of those trees (0.3-0.6 s on a 2,000-file tree) before its diagnostics.

    `thorough` (when the user saves): unfreeze and collect everything first, so that a cycle that
    became garbage after it was frozen is not kept for the life of the process."""
    if thorough:
        gc.unfreeze()
        gc.collect()
    else:
        gc.collect(1)
    gc.freeze()
