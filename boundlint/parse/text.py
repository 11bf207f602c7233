"""Offsets in a source text: where its lines start, and what two versions of it share."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

# What ends a line for Python's tokenizer (and so for `ast`'s and libcst's line numbers).
LINE_BREAK = re.compile(r"\r\n|\r|\n")


@functools.lru_cache(maxsize=8)
def line_starts(text: str) -> tuple[int, ...]:
    """Where each line of `text` starts. Kept for the last few texts: every fix planned for one
    module asks for its original text's, an edited buffer's reparse for its new one, and a long
    module has thousands of lines."""
    return (0, *(match.end() for match in LINE_BREAK.finditer(text)))


def common_ends(before: str, after: str) -> tuple[int, int]:
    """How many characters the two texts share at the start, and then at the end (not overlapping).
    Found by halving, comparing slices: a character loop took most of a fix's time on a long module."""
    shortest = min(len(before), len(after))
    prefix = _longest(shortest, lambda n: before[:n] == after[:n])
    rest = shortest - prefix
    suffix = _longest(rest, lambda n: before[len(before) - n :] == after[len(after) - n :])
    return prefix, suffix


def _longest(limit: int, shared: Callable[[int], bool]) -> int:
    """The largest n <= limit with `shared(n)`, where `shared` holds up to some n and not after."""
    low, high = 0, limit
    while low < high:
        middle = (low + high + 1) // 2
        if shared(middle):
            low = middle
        else:
            high = middle - 1
    return low
