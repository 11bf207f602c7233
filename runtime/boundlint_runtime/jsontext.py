"""truncate_json: JSON text in, valid JSON text out, within a character and/or UTF-8 byte budget."""

from __future__ import annotations

import json

from .structure import publish, shrink
from .text import check_size, clean, truncate_text, utf8_len

__all__ = ["truncate_json"]

_MAX_DEPTH = 64


def truncate_json(
    text: str, max_bytes: int | None = None, *, max_chars: int | None = None, label: str | None = None
) -> str:
    """Shrink a JSON document to at most ``max_chars`` characters and/or ``max_bytes`` UTF-8 bytes,
    keeping it valid JSON.

    Text that fits is returned unchanged.  Otherwise it is parsed and
    re-serialized compactly (``separators=(",", ":")``, ``ensure_ascii=False``)
    with long strings cut, long arrays and objects shortened (head and tail
    kept, a marker says how many were omitted) and deep nesting replaced by a
    placeholder.  Text that is not valid JSON is cut with ``truncate_text``.

    Parsing costs time in proportion to the input (a JSON document has to be
    read whole to stay valid); everything after that is bounded by the budget.
    """
    if max_chars is None and max_bytes is None:
        raise TypeError("truncate_json() needs max_chars or max_bytes")
    chars = check_size("max_chars", max_chars, 2)
    nbytes = check_size("max_bytes", max_bytes, 2)
    if not isinstance(text, str):
        text = bytes(text).decode("utf-8", "replace") if isinstance(text, (bytes, bytearray)) else str(text)
    if _fits(text, chars, nbytes):
        return clean(text)
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):  # not JSON (or absurdly deep): cut it as text, with a marker
        return truncate_text(text, max_chars=chars, max_bytes=nbytes, label=label or "json")
    if nbytes is None:
        assert chars is not None
        out, cuts = shrink(value, chars, max_depth=_MAX_DEPTH, compact=True)
    else:
        # A character is at least one byte: within the smaller as bytes is within both.
        budget = nbytes if chars is None else min(chars, nbytes)
        out, cuts = shrink(value, budget, max_depth=_MAX_DEPTH, utf8=True, compact=True)
    publish(cuts, label or "json")
    return json.dumps(out, ensure_ascii=False, separators=(",", ":"))


def _fits(text: str, chars: int | None, nbytes: int | None) -> bool:
    if chars is not None and len(text) > chars:
        return False
    return nbytes is None or (len(text) <= nbytes and utf8_len(clean(text)) <= nbytes)
