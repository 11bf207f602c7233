"""libcst's parser, without re-validating each node it builds.

Every libcst node checks its own fields when it is made (`CSTNode.__post_init__` calls
`_validate`): that parentheses pair up, that a keyword has the spaces it needs. A tree the parser
builds from text passes those checks by construction (libcst says as much beside that call), yet
the checks are about a seventh of the time a parse takes. `parsing_unvalidated()` skips them for
the nodes the parser makes in this thread; nodes made anywhere else, such as a fix's new code built
while another thread of the editor server parses, are still checked.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import libcst as cst

_threads_parsing: set[int] = set()
_installed: list[Callable[[cst.CSTNode], None]] = []  # libcst's own check, once replaced


def _validate_unless_parsing(node: cst.CSTNode) -> None:
    if _threads_parsing and threading.get_ident() in _threads_parsing:
        return
    _installed[0](node)


@contextmanager
def parsing_unvalidated() -> Iterator[None]:
    """Within this block, nodes made by this thread skip libcst's field checks."""
    if not _installed:
        _installed.append(cst.CSTNode.__post_init__)
        # Looked up at each node's construction: no node class of libcst defines its own.
        cst.CSTNode.__post_init__ = _validate_unless_parsing  # type: ignore[method-assign, assignment]
    me = threading.get_ident()
    _threads_parsing.add(me)
    try:
        yield
    finally:
        _threads_parsing.discard(me)
