"""truncate_text: budget-exact, UTF-8 safe cuts of one string.

Cost grows with the budget, not with the input: only ``len()`` and slices of
at most the budget are used, so a 50 MB string costs as much as a 16 KB one.
"""

from __future__ import annotations

import unicodedata
from typing import Literal

from .signal import TruncationEvent, report

__all__ = ["Mode", "truncate_text"]

Mode = Literal["head", "tail", "head_tail", "lines"]
_MODES = ("head", "tail", "head_tail", "lines")

# Line counts go in the marker only when counting them is cheap.
_LINE_COUNT_LIMIT = 1_000_000
# How far "lines" mode looks back/forward for a line break, and how far any cut
# moves to avoid splitting a grapheme (emoji ZWJ sequence, combining marks).
_LINE_WINDOW = 2_000
_CLUSTER_WINDOW = 32


def truncate_text(
    text: str,
    max_chars: int | None = None,
    *,
    max_bytes: int | None = None,
    mode: Mode = "head_tail",
    label: str | None = None,
) -> str:
    """Cut ``text`` to at most ``max_chars`` characters and/or ``max_bytes`` UTF-8 bytes.

    The marker counts against the budget.  Text that fits is returned
    unchanged (except that lone surrogates, which cannot be encoded, are
    replaced by U+FFFD), so applying it twice gives the same result.  Every
    cut is flagged, logged and published (see ``boundlint_runtime.signal``).
    """
    chars, nbytes = check_text_args(max_chars, max_bytes, mode)
    if not isinstance(text, str):
        text = _as_text(text)
    result = cut_text(text, chars, nbytes, mode)
    if result is not None:
        report(TruncationEvent(label or "text", "chars", len(text), len(result)))
        return result
    return clean(text)


def cut_text(text: str, chars: int | None, nbytes: int | None, mode: str, force: bool = False) -> str | None:
    """The cut text, or None if ``text`` fits.  Reports nothing (callers do).

    ``force`` cuts even text that fits (callers whose own framing, such as JSON
    escapes, makes it too long).
    """
    n = len(text)
    if not force and (chars is None or n <= chars) and (nbytes is None or n <= nbytes):
        if nbytes is None or utf8_len(clean(text)) <= nbytes:
            return None
    limit = min(x for x in (chars, nbytes) if x is not None)
    total_lines = _count_lines(text) if n <= _LINE_COUNT_LIMIT else None
    if total_lines is not None and total_lines < 2:
        total_lines = None  # "1 lines" says nothing

    level = _marker_level(mode, _markers(mode, n, total_lines, n, total_lines), limit)
    if level is None:
        return ""  # not even "[truncated]" fits: the minimal result
    # Size the reserve with the worst case (everything omitted); the real
    # marker at the same level can only be shorter.
    reserve = len(_markers(mode, n, total_lines, n, total_lines)[level]) + _JOINS[mode]
    room_c = None if chars is None else chars - reserve
    if force:  # keep less than all of the text, or the marker would lie
        room_c = n - 1 if room_c is None else min(room_c, n - 1)
    room_b = None if nbytes is None else nbytes - reserve

    head_end, tail_start = _plan(text, mode, room_c, room_b)
    omitted_lines = text.count("\n", head_end, tail_start) if total_lines is not None else None
    marker = _markers(mode, n, total_lines, tail_start - head_end, omitted_lines)[level]
    return _assemble(mode, clean(text[:head_end]), marker, clean(text[tail_start:]))


# ---------------------------------------------------------------- markers


def _markers(mode: str, total: int, lines: int | None, omitted: int, omitted_lines: int | None) -> list[str]:
    """Marker texts from most to least informative."""
    size = f"{total} chars" + (f", {lines} lines" if lines is not None else "")
    what = f"{omitted} chars" + (f" ({omitted_lines} lines)" if omitted_lines is not None else "")
    where = {"head": f"last {what} omitted", "tail": f"first {what} omitted"}.get(mode, f"{what} omitted here")
    return [f"[truncated: {size} total, {where}]", f"[truncated, {total} chars total]", "[truncated]"]


_JOINS = {"head": 1, "tail": 1, "head_tail": 2, "lines": 2}  # spaces/newlines around the marker


def _marker_level(mode: str, markers: list[str], limit: int) -> int | None:
    """Which marker to use for this budget (an index into ``markers``), None if none fits.

    The full marker if it takes at most half the budget, else the short one
    that still states the total size, else ``[truncated]``, alone if no text fits.  Markers are
    ASCII: their length in chars equals their length in bytes.
    """
    if len(markers[0]) + _JOINS[mode] <= limit // 2:
        return 0
    for level in (1, 2):
        if len(markers[level]) <= limit:  # alone if need be: no room left for text
            return level
    return None


def _assemble(mode: str, head: str, marker: str, tail: str) -> str:
    if mode == "lines":  # the marker sits on its own line
        lead = "\n" if head and not head.endswith("\n") else ""
        return f"{head}{lead}{marker}" + (f"\n{tail}" if tail else "")
    return " ".join(part for part in (head, marker, tail) if part)


# ---------------------------------------------------------------- where to cut


def _plan(text: str, mode: str, room_c: int | None, room_b: int | None) -> tuple[int, int]:
    """Indexes ``(head_end, tail_start)``: keep ``text[:head_end]`` and ``text[tail_start:]``."""
    n = len(text)
    rc = n if room_c is None else max(0, room_c)
    rb = None if room_b is None else max(0, room_b)
    lines = mode == "lines"
    if mode == "head":
        return _head_end(text, rc, rb, lines), n
    if mode == "tail":
        return 0, _tail_start(text, rc, rb, 0, lines)
    # head_tail and lines: the head gets half the room, the tail whatever the head left.
    head = _head_end(text, rc - rc // 2, None if rb is None else rb - rb // 2, lines)
    used_b = 0 if rb is None else _raw_utf8_len(text[:head])
    tail = _tail_start(text, rc - head, None if rb is None else rb - used_b, head, lines)
    return head, tail


def _head_end(text: str, chars: int, nbytes: int | None, lines: bool) -> int:
    end = min(len(text), chars if nbytes is None else min(chars, nbytes))
    if nbytes is not None and end and not text[:end].isascii():
        encoded = text[:end].encode("utf-8", "surrogatepass")
        if len(encoded) > nbytes:
            cut = nbytes
            while cut > 0 and encoded[cut] & 0xC0 == 0x80:  # back to a code point start
                cut -= 1
            end = len(encoded[:cut].decode("utf-8", "surrogatepass"))
    if end >= len(text):
        return end
    if lines:
        newline = text.rfind("\n", max(0, end - min(_LINE_WINDOW, chars // 2)), end)
        if newline >= 0:
            return newline + 1
    return _cluster_back(text, end)


def _tail_start(text: str, chars: int, nbytes: int | None, floor: int, lines: bool) -> int:
    n = len(text)
    start = n - min(n - floor, chars if nbytes is None else min(chars, nbytes))
    if nbytes is not None and start < n and not text[start:].isascii():
        encoded = text[start:].encode("utf-8", "surrogatepass")
        if len(encoded) > nbytes:
            cut = len(encoded) - nbytes
            while cut < len(encoded) and encoded[cut] & 0xC0 == 0x80:  # forward to a code point start
                cut += 1
            start = n - len(encoded[cut:].decode("utf-8", "surrogatepass"))
    if start <= floor or start >= n:
        return start
    if lines and text[start - 1] != "\n":
        newline = text.find("\n", start, min(n, start + min(_LINE_WINDOW, chars // 2)))
        if newline >= 0:
            return newline + 1
    return _cluster_forward(text, start)


def _cluster_back(text: str, i: int) -> int:
    """Move a cut left out of a grapheme cluster; give up (keep ``i``) past a small window."""
    j = i
    while j > 0 and _joined(text, j):
        j -= 1
        if i - j > _CLUSTER_WINDOW:
            return i
    return j


def _cluster_forward(text: str, i: int) -> int:
    j = i
    while j < len(text) and _joined(text, j):
        j += 1
        if j - i > _CLUSTER_WINDOW:
            return i
    return j


def _joined(text: str, i: int) -> bool:
    """Does a cut before ``text[i]`` split a grapheme cluster (or a surrogate pair, or CRLF)?"""
    before, after = text[i - 1], text[i]
    if after < "\x80" and before < "\x80":
        return before == "\r" and after == "\n"
    if before == "\u200d" or _extends(after):
        return True
    if "\ud800" <= before <= "\udbff" and "\udc00" <= after <= "\udfff":
        return True
    return "\U0001f1e6" <= before <= "\U0001f1ff" and "\U0001f1e6" <= after <= "\U0001f1ff"  # flags


def _extends(ch: str) -> bool:
    """Characters that attach to the one before: combining marks, ZWJ, modifiers, tags."""
    if unicodedata.category(ch) in ("Mn", "Mc", "Me"):
        return True
    return ch in "\u200c\u200d" or "\U0001f3fb" <= ch <= "\U0001f3ff" or "\U000e0020" <= ch <= "\U000e007f"


# ---------------------------------------------------------------- helpers


def clean(s: str) -> str:
    """``s`` made encodable: surrogate pairs joined, lone surrogates replaced by U+FFFD."""
    if s.isascii():
        return s
    try:
        s.encode("utf-8")
        return s
    except UnicodeEncodeError:
        return s.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def utf8_len(s: str) -> int:
    """UTF-8 size of an encodable string."""
    return len(s) if s.isascii() else len(s.encode("utf-8"))


def _raw_utf8_len(s: str) -> int:
    # Surrogates count 3 bytes each: an upper bound of their size after clean().
    return len(s) if s.isascii() else len(s.encode("utf-8", "surrogatepass"))


def _count_lines(text: str) -> int:
    return text.count("\n") + (1 if text and not text.endswith("\n") else 0)


def check_text_args(max_chars: object, max_bytes: object, mode: object) -> tuple[int | None, int | None]:
    if max_chars is None and max_bytes is None:
        raise TypeError("truncate_text() needs max_chars or max_bytes")
    if mode not in _MODES:
        raise ValueError(f"mode must be one of {', '.join(map(repr, _MODES))}, not {mode!r}")
    return check_size("max_chars", max_chars), check_size("max_bytes", max_bytes)


def check_size(name: str, value: object, minimum: int = 0) -> int | None:
    """Validate a budget argument: None or an int >= minimum."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    return int(value)


def _as_text(value: object) -> str:
    # Not a str: be lenient, a production tool should not crash on bytes.
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).decode("utf-8", "replace")
    try:
        return str(value)
    except Exception:
        return f"<unprintable {type(value).__name__}>"
