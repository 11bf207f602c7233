"""truncate_json: JSON text in, valid JSON text out, within a UTF-8 byte budget."""

from __future__ import annotations

import json

from .structure import publish, shrink
from .text import check_size, clean, truncate_text, utf8_len

__all__ = ["truncate_json"]

_MAX_DEPTH = 64


def truncate_json(text: str, max_bytes: int, *, label: str | None = None) -> str:
    """Shrink a JSON document to at most ``max_bytes`` UTF-8 bytes, keeping it valid JSON.

    Text that fits is returned unchanged.  Otherwise it is parsed and
    re-serialized compactly (``separators=(",", ":")``, ``ensure_ascii=False``)
    with long strings cut, long arrays and objects shortened (head and tail
    kept, a marker says how many were omitted) and deep nesting replaced by a
    placeholder.  Text that is not valid JSON is cut with ``truncate_text``.

    Parsing costs time in proportion to the input (a JSON document has to be
    read whole to stay valid); everything after that is bounded by the budget.
    """
    budget = check_size("max_bytes", max_bytes, 2)
    assert budget is not None
    if not isinstance(text, str):
        text = bytes(text).decode("utf-8", "replace") if isinstance(text, (bytes, bytearray)) else str(text)
    if len(text) <= budget:
        kept = clean(text)
        if utf8_len(kept) <= budget:
            return kept
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):  # not JSON (or absurdly deep): cut it as text, with a marker
        return truncate_text(text, max_bytes=budget, label=label or "json")
    out, cuts = shrink(value, budget, max_depth=_MAX_DEPTH, utf8=True, compact=True)
    publish(cuts, label or "json")
    return json.dumps(out, ensure_ascii=False, separators=(",", ":"))
