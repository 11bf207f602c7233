"""truncate_for_llm: the last checkpoint over a whole tool return value.

The walker renders any Python value as a JSON-compatible value while counting
the size of its JSON text as it goes, so it never has to serialize more than it
keeps.  Containers are filled child by child in priority order (dict keys in
order; list items two from the head for one from the tail): children that are
small enough are kept whole, big ones share what is left and are cut
recursively, and the rest are counted in an "omitted" marker.
"""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import enum
import json
import numbers
import sys
import uuid
from collections.abc import Iterator, Mapping, Sequence, Set
from json.encoder import encode_basestring  # what json.dumps(ensure_ascii=False) uses for str
from pathlib import PurePath
from typing import Any

from .signal import TruncationEvent, report
from .text import Mode, check_size, clean, cut_text, truncate_text, utf8_len

__all__ = ["truncate_for_llm"]

_MIN_SHARE = 24  # a child that cannot get this much room is omitted rather than mangled
_MAX_KEY_CHARS = 200
_HUGE_INT_BITS = 13_000  # about 3,900 digits: safely under Python's 4,300-digit str(int) limit

# A cut: (path, unit, original size, kept size).  A path is a linked
# (parent, key) pair, turned into text only when the cut is reported.
Cut = tuple[Any, str, int, int]


def truncate_for_llm(
    value: Any,
    max_chars: int = 16_000,
    *,
    max_string_chars: int | None = None,
    max_items: int | None = None,
    max_depth: int = 20,
    label: str | None = None,
) -> Any:
    """Bound any tool return value to ``max_chars`` characters of JSON.

    Returns a JSON-compatible copy (dict, list, str, int, float, bool, None)
    such that ``len(json.dumps(result, ensure_ascii=False)) <= max_chars``.
    A ``str`` value is cut as text instead: ``len(result) <= max_chars``.
    A ``bytes``/``bytearray`` value stays that type (an image, an audio clip):
    returned as is within ``max_chars`` bytes, else its first ``max_chars``
    bytes, the cut reported (flag, log, listeners) since no marker can go
    inside binary data.
    ``max_string_chars`` / ``max_items`` additionally cap every string /
    container; containers deeper than ``max_depth`` become a placeholder.
    Never raises on any value.
    """
    budget = check_size("max_chars", max_chars, 2)
    assert budget is not None
    limits = check_limits(max_string_chars, max_items, max_depth)
    if isinstance(value, str):
        return truncate_text(value, budget, label=label)
    if isinstance(value, (bytes, bytearray)):
        return cut_bytes(value, budget, label or "value")
    result, cuts = shrink(value, budget, *limits)
    publish(cuts, label or "value")
    return result


def bound_value(
    value: Any, budget: int, label: str, mode: Mode = "head_tail", limits: tuple[Any, ...] = (None, None, 20)
) -> Any:
    """``value`` within ``budget``: the very same object when it fits, text cut as text
    (``mode``), binary kept binary, anything else cut as a structure; every cut reported.

    What ``@bounded`` and the framework adapters hand back to the framework.
    ``limits``: ``check_limits``'s (max_string_chars, max_items, max_depth).
    """
    if isinstance(value, str):
        return truncate_text(value, budget, mode=mode, label=label)
    if isinstance(value, (bytes, bytearray)):
        return cut_bytes(value, budget, label)
    out, cuts = shrink(value, budget, *limits)
    if not cuts:
        return value  # fits: hand the framework exactly what the tool returned
    publish(cuts, label)
    return out


def cut_bytes(value: bytes | bytearray, budget: int, label: str) -> bytes | bytearray:
    """The value itself within ``budget`` bytes, else its head, the cut reported (no marker fits in binary)."""
    if len(value) <= budget:
        return value
    report(TruncationEvent(label, "bytes", len(value), budget))
    return value[:budget]


def check_limits(
    max_string_chars: int | None, max_items: int | None, max_depth: int
) -> tuple[int | None, int | None, int]:
    depth = check_size("max_depth", max_depth, 1)
    assert depth is not None
    return check_size("max_string_chars", max_string_chars), check_size("max_items", max_items), depth


def shrink(
    value: Any,
    budget: int,
    max_string_chars: int | None = None,
    max_items: int | None = None,
    max_depth: int = 20,
    *,
    utf8: bool = False,
    compact: bool = False,
) -> tuple[Any, list[Cut]]:
    """Render ``value`` within ``budget`` (chars, or UTF-8 bytes if ``utf8``); return it and its cuts.

    ``compact`` counts separators as ``,`` and ``:`` instead of ``, `` and ``: ``.
    """
    walker = _Walker(max_string_chars, max_items, max_depth, utf8, compact)
    try:
        try:  # whole first: what fits comes back unchanged
            out, _ = walker.whole(value, budget, 0, None)
        except _TooBig:
            out, _ = walker.render(value, budget, 0, None, whole=False)
        # Safety net, cheap at this size: a bug here must not blow the budget.
        text = json.dumps(out, ensure_ascii=False, allow_nan=False, separators=walker.separators)
        if (utf8_len(text) if utf8 else len(text)) <= budget:
            return out, walker.cuts
    except Exception:  # noqa: S110 - never raise on a value; fall through to the placeholder
        pass
    note = cut_text(f"[truncated: {type(value).__name__} value could not be rendered]", budget - 2, None, "head")
    return note or "", [(None, "chars", 0, 0)]


def publish(cuts: list[Cut], label: str) -> None:
    """Report every cut with its label and JSON path."""
    for path, unit, original, kept in cuts:
        report(TruncationEvent(label + format_path(path), unit, original, kept))


def format_path(path: Any) -> str:
    parts = []
    while path is not None:
        path, key = path
        if isinstance(key, int):
            parts.append(f"[{key}]")
        elif key.isidentifier():
            parts.append(f".{key}")
        else:
            parts.append(f"[{json.dumps(key, ensure_ascii=False)}]")
    return "".join(reversed(parts))


class _TooBig(Exception):
    """A whole rendering did not fit its cap (raised and caught internally)."""


class _Slot:
    """A child picked for output: whole (``done``) or waiting for a share of the room."""

    __slots__ = ("pos", "key", "value", "out", "size", "done", "failed_at")

    def __init__(self, pos: int, key: str | None, value: Any) -> None:
        self.pos, self.key, self.value = pos, key, value
        self.out: Any = None
        self.size = 0
        self.done = False
        self.failed_at = 0  # the largest cap it did not fit in


class _Walker:
    def __init__(
        self, max_string: int | None, max_items: int | None, max_depth: int, utf8: bool, compact: bool
    ) -> None:
        self.max_string, self.max_items, self.max_depth = max_string, max_items, max_depth
        self.utf8 = utf8
        self.sep = 1 if compact else 2  # "," or ", "
        self.colon = 1 if compact else 2  # ":" or ": "
        self.separators = (",", ":") if compact else (", ", ": ")
        self.cuts: list[Cut] = []
        self.active: set[int] = set()  # ids of the containers being rendered: cycle detection

    # ------------------------------------------------------------ entry points

    def whole(self, v: Any, cap: int, depth: int, path: Any) -> tuple[Any, int]:
        """Render ``v`` without budget cuts, or raise _TooBig (forgetting its cuts)."""
        mark = len(self.cuts)
        try:
            return self.render(v, cap, depth, path, whole=True)
        except _TooBig:
            del self.cuts[mark:]
            raise

    def render(self, v: Any, budget: int, depth: int, path: Any, whole: bool) -> tuple[Any, int]:
        """``(json_value, size)`` with size <= budget; with ``whole``, raise _TooBig instead of cutting."""
        try:
            return self._dispatch(v, budget, depth, path, whole)
        except _TooBig:
            raise
        except Exception as exc:  # a hostile or broken object: describe it, never raise
            return self.string(f"<unrepresentable {type(v).__name__}: {type(exc).__name__}>", budget, path, whole)

    def _dispatch(self, v: Any, budget: int, depth: int, path: Any, whole: bool) -> tuple[Any, int]:
        t = type(v)  # exact types first: the common case stays cheap
        if t is str:
            return self.string(v, budget, path, whole)
        if v is None:
            return self.leaf(None, 4, budget, path, whole)
        if t is bool:
            return self.leaf(v, 4 if v else 5, budget, path, whole)
        if t is int:
            return self.integer(v, budget, path, whole)
        if t is float:
            return self.real(v, budget, path, whole)
        if t is dict:
            return self.container(v, len(v), _pairs(v.items(), budget if whole else 0), budget, depth, path, whole)
        if t is list or t is tuple:
            return self.container(v, len(v), None, budget, depth, path, whole)
        return self.other(v, budget, depth, path, whole)

    def other(self, v: Any, budget: int, depth: int, path: Any, whole: bool) -> tuple[Any, int]:
        if isinstance(v, str):  # a subclass: cut it as it is, copying only what is kept (see string())
            return self.string(v, budget, path, whole)
        if isinstance(v, enum.Enum):
            return self.render(v.value, budget, depth + 1, path, whole)
        if isinstance(v, numbers.Integral):  # int subclasses, numpy integers
            return self.integer(int(v), budget, path, whole)
        if isinstance(v, numbers.Real):  # float subclasses, numpy floats, Fraction
            return self.real(float(v), budget, path, whole)
        if isinstance(v, Mapping):
            return self.container(v, len(v), _pairs(v.items(), budget if whole else 0), budget, depth, path, whole)
        fields = _fields(v)
        if fields is not None:
            return self.container(v, fields[0], fields[1], budget, depth, path, whole)
        if isinstance(v, (bytes, bytearray, memoryview)):
            return self.string(_bytes_text(v, budget), budget, path, whole)
        if isinstance(v, Sequence):
            return self.container(v, len(v), None, budget, depth, path, whole)
        if isinstance(v, Set):  # unordered: head items only
            return self.container(v, len(v), ((None, x) for x in v), budget, depth, path, whole, is_map=False)
        return self.string(_scalar_text(v), budget, path, whole)

    # ------------------------------------------------------------ leaves

    def leaf(self, value: Any, size: int, budget: int, path: Any, whole: bool) -> tuple[Any, int]:
        if size <= budget:
            return value, size
        if whole:
            raise _TooBig
        return self.string(json.dumps(value), budget, path, whole)

    def integer(self, v: int, budget: int, path: Any, whole: bool) -> tuple[Any, int]:
        if v.bit_length() > _HUGE_INT_BITS:
            return self.string(f"<int with about {int(v.bit_length() * 0.30103) + 1} digits>", budget, path, whole)
        digits = int.__repr__(v)
        if len(digits) <= budget:
            return v, len(digits)
        if whole:
            raise _TooBig
        return self.string(digits, budget, path, whole)  # a number too long for its room becomes cut text

    def real(self, v: float, budget: int, path: Any, whole: bool) -> tuple[Any, int]:
        if v != v or v in (float("inf"), float("-inf")):  # not valid JSON: say it in words
            return self.string("NaN" if v != v else ("Infinity" if v > 0 else "-Infinity"), budget, path, whole)
        return self.leaf(v, len(float.__repr__(v)), budget, path, whole)

    def size_of(self, s: str) -> int:
        """Size of ``s`` as a JSON string literal (``s`` must be clean)."""
        literal = encode_basestring(s)
        return utf8_len(literal) if self.utf8 else len(literal)

    def string(self, s: str, budget: int, path: Any, whole: bool) -> tuple[str, int]:
        n = len(s)
        capped = self.max_string is not None and n > self.max_string
        if not capped and n + 2 <= budget:
            kept = _plain(clean(s))
            size = self.size_of(kept)
            if size <= budget:
                return kept, size
        if whole and not capped:
            raise _TooBig
        # Cut.  Escapes (\n, \", control chars) make the literal longer than the
        # text, so shrink the text by the overflow until the literal fits.
        chars = budget - 2 if self.max_string is None else min(budget - 2, self.max_string)
        nbytes = budget - 2 if self.utf8 else None
        force = False
        for attempt in range(8):
            cut = cut_text(s, max(chars, 0), None if nbytes is None else max(nbytes, 0), "head_tail", force)
            kept = _plain(clean(s)) if cut is None else cut  # None: s is within chars, so copying it is cheap
            size = self.size_of(kept)
            over = size - budget
            if over <= 0:
                break
            if whole:  # capped, and still too big for its room
                raise _TooBig
            if cut is None:  # fits as text but not as a literal: cut it all the same
                force = True
                continue
            step = over if attempt < 3 else max(over, len(kept) // 2)  # converge fast on pathological text
            # Never below the bare marker's size: "[truncated]" alone always fits a budget of 13.
            floor = len("[truncated]") if budget >= len('"[truncated]"') else 0
            chars = max(floor, min(chars, len(kept)) - step)
            nbytes = None if nbytes is None else max(floor, nbytes - step)
        else:
            cut, kept, size = "", "", 2
        if cut is not None:
            self.cuts.append((path, "chars", n, len(kept)))
        return kept, size

    # ------------------------------------------------------------ containers

    def container(
        self,
        v: Any,
        n: int,
        pairs: Iterator[tuple[str | None, Any]] | None,
        budget: int,
        depth: int,
        path: Any,
        whole: bool,
        is_map: bool = True,
    ) -> tuple[Any, int]:
        """Render a dict-like (``pairs`` of key, value), a set (keys None) or a sequence (``pairs`` None)."""
        is_map = is_map and pairs is not None
        unit = "keys" if is_map else "items"
        if n == 0:
            return self.leaf({} if is_map else [], 2, budget, path, whole)
        if depth >= self.max_depth:
            self.cuts.append((path, unit, n, 0))
            return self.string(f"[truncated: {_count(n, unit)} nested too deep]", budget, path, whole)
        if id(v) in self.active:
            return self.string("[circular reference]", budget, path, whole)
        least = 1 + self.sep + (2 + self.colon if is_map else 0)  # smallest item: 0 or "":0
        if whole and self.max_items is None and 2 + n * least - self.sep > budget:
            raise _TooBig  # even n one-char items would not fit: don't walk them
        self.active.add(id(v))
        try:
            children = _order(v, n) if pairs is None else _numbered(pairs)
            slots = self.fill(children, n, is_map, budget - 2, depth, path, whole)
        finally:
            self.active.discard(id(v))
        return self.assemble(slots, n, is_map, pairs is None, unit, budget, path, whole)

    def fill(
        self,
        children: Iterator[tuple[int, str | None, Any]],
        n: int,
        is_map: bool,
        room: int,
        depth: int,
        path: Any,
        whole: bool,
    ) -> list[_Slot]:
        """Pick and render children in priority order within ``room`` (see module docstring)."""
        small_cap = max(_MIN_SHARE, room // 8)  # kept whole right away if this small
        big_min = max(_MIN_SHARE, room // 16)  # the least a big child is cut to
        limit = n if self.max_items is None else min(n, self.max_items)
        kept: list[_Slot] = []
        used = 0  # separators and keys of all slots, plus the sizes of whole ones
        bigs = 0
        for pos, key, value in children:
            if len(kept) >= limit:
                break
            slot = _Slot(pos, key, value)
            overhead = self.overhead(slot, bool(kept))
            left = room - used - overhead - bigs * big_min
            atomic = value is None or type(value) in (bool, int, float)  # cannot be cut: all or nothing
            cap = left if whole or atomic else min(small_cap, left)
            if cap >= 1:
                try:
                    slot.out, slot.size = self.whole(value, cap, depth + 1, (path, pos if key is None else key))
                    slot.done = True
                except _TooBig:
                    slot.failed_at = cap
            if not slot.done:
                if whole:
                    raise _TooBig
                if atomic or left < big_min:
                    break
                bigs += 1
            kept.append(slot)
            used += overhead + slot.size
        if len(kept) < n:
            used = self.make_room_for_marker(kept, n, is_map, room, used, big_min, whole)
        self.share_out(kept, room - used - (self.marker_cost(n, is_map) if len(kept) < n else 0), depth, path)
        return kept

    def overhead(self, slot: _Slot, after_another: bool) -> int:
        """Separator before the slot, plus its key and colon."""
        key = 0 if slot.key is None else self.size_of(slot.key) + self.colon
        return key + (self.sep if after_another else 0)

    def marker_cost(self, n: int, is_map: bool) -> int:
        """An upper bound of the omitted-marker's size: sized for n omitted, with separator (and key)."""
        if is_map:
            return self.sep + self.size_of(_omitted_text(n, n, "keys", "")) + self.size_of("....") + self.colon
        return self.sep + self.size_of(_omitted_text(n, n, "items", " here"))

    def make_room_for_marker(
        self, kept: list[_Slot], n: int, is_map: bool, room: int, used: int, big_min: int, whole: bool
    ) -> int:
        """Drop the last picked slots until the omitted-marker fits; return the new ``used``."""
        while kept:
            bigs = sum(1 for s in kept if not s.done)
            if room - used - bigs * big_min >= self.marker_cost(n, is_map):
                break
            if whole:
                raise _TooBig
            slot = kept.pop()
            used -= self.overhead(slot, bool(kept)) + slot.size
        return used

    def share_out(self, kept: list[_Slot], pool: int, depth: int, path: Any) -> None:
        """Give the big slots their share of ``pool``: whole if they fit it, else cut to it."""
        bigs = [s for s in kept if not s.done]
        if len(bigs) > 1:  # some big ones may fit an equal share whole; settle them first
            share = pool // len(bigs)
            for slot in bigs:
                if share > slot.failed_at:
                    try:
                        slot.out, slot.size = self.whole(slot.value, share, depth + 1, _child(path, slot))
                        slot.done = True
                        pool -= slot.size
                    except _TooBig:
                        pass
            bigs = [s for s in bigs if not s.done]
        for i, slot in enumerate(bigs):
            share = pool // (len(bigs) - i)
            slot.out, slot.size = self.render(slot.value, share, depth + 1, _child(path, slot), whole=False)
            slot.done = True
            pool -= slot.size

    def assemble(
        self, kept: list[_Slot], n: int, is_map: bool, ordered: bool, unit: str, budget: int, path: Any, whole: bool
    ) -> tuple[Any, int]:
        """Build the output in original order, with the omitted-marker where the gap is."""
        omitted = n - len(kept)
        if omitted and not kept and 2 + self.marker_cost(n, is_map) > budget:
            if whole:
                raise _TooBig
            self.cuts.append((path, unit, n, 0))
            return self.string(f"[truncated: {_count(n, unit)}]", budget, path, whole)
        kept.sort(key=lambda s: s.pos)
        size = 2 + sum(s.size for s in kept) + self.sep * max(0, len(kept) - 1 + (1 if omitted else 0))
        if is_map:
            out: dict[str, Any] = {}
            for slot in kept:
                out[slot.key] = slot.out  # type: ignore[index]
                size += self.size_of(slot.key) + self.colon  # type: ignore[arg-type]
            if omitted:
                key = "..."
                while key in out:
                    key += "."
                out[key] = _omitted_text(omitted, n, unit, "")
                size += self.size_of(key) + self.colon + self.size_of(out[key])
        else:
            items = [s.out for s in kept]
            if omitted:
                # Sequences keep head and tail: the marker goes in the gap.
                gap = next((i for i, s in enumerate(kept) if s.pos != i), len(kept)) if ordered else len(kept)
                marker = _omitted_text(omitted, n, unit, " here" if gap < len(kept) else "")
                items.insert(gap, marker)
                size += self.size_of(marker)
            out = items  # type: ignore[assignment]
        if omitted:
            self.cuts.append((path, unit, n, len(kept)))
        return out, size


# ---------------------------------------------------------------- helpers


def _child(path: Any, slot: _Slot) -> Any:
    return (path, slot.pos if slot.key is None else slot.key)


def _omitted_text(omitted: int, n: int, unit: str, where: str) -> str:
    return f"[truncated: {omitted} of {_count(n, unit)} omitted{where}]"


def _count(n: int, unit: str) -> str:
    return f"{n} {unit[:-1] if n == 1 else unit}"


def _order(seq: Any, n: int) -> Iterator[tuple[int, None, Any]]:
    """Sequence items two from the head for one from the tail: (index, None, item)."""
    lo, hi, turn = 0, n - 1, 0
    while lo <= hi:
        if turn % 3 == 2:
            yield hi, None, seq[hi]
            hi -= 1
        else:
            yield lo, None, seq[lo]
            lo += 1
        turn += 1


def _numbered(pairs: Iterator[tuple[str | None, Any]]) -> Iterator[tuple[int, str | None, Any]]:
    for pos, (key, value) in enumerate(pairs):
        yield pos, key, value


def _pairs(items: Any, whole_budget: int) -> Iterator[tuple[str, Any]]:
    """Dict items with keys made JSON strings (unique, cut if absurdly long). A dict rendered whole
    (``whole_budget``, its budget) keeps keys that budget could hold: what fits comes back unchanged."""
    seen: set[str] = set()
    for key, value in items:
        text = key if type(key) is str else _key_text(key)
        if len(text) <= max(_MAX_KEY_CHARS, whole_budget):
            text = _plain(clean(text))
        else:
            text = cut_text(text, _MAX_KEY_CHARS, None, "head") or ""
        while text in seen:  # 1 and "1" would collide once keys are strings
            text += "'"
        seen.add(text)
        yield text, value


def _plain(s: str) -> str:
    """``s`` as an exact ``str`` (JSON-compatible output); copies a subclass, so only call it on kept text."""
    return s if type(s) is str else str.__str__(s)


def _key_text(key: Any) -> str:
    # The same spelling json.dumps uses for the keys it accepts; repr() for the rest.
    if key is None or isinstance(key, bool):
        return json.dumps(key)
    if isinstance(key, enum.Enum):
        return _key_text(key.value)
    if isinstance(key, int):
        return int.__repr__(key) if key.bit_length() <= _HUGE_INT_BITS else f"<int with {key.bit_length()} bits>"
    if isinstance(key, float):
        return (
            "NaN"
            if key != key
            else ("Infinity" if key == float("inf") else ("-Infinity" if key == float("-inf") else float.__repr__(key)))
        )
    if isinstance(key, str):
        return key  # maybe a str subclass: the caller cuts it before copying it into a plain str
    return _scalar_text(key)


def _fields(v: Any) -> tuple[int, Iterator[tuple[str, Any]]] | None:
    """Named fields of a namedtuple, dataclass instance or Pydantic model, read lazily."""
    cls = type(v)
    if isinstance(v, tuple) and hasattr(cls, "_fields"):
        return len(cls._fields), zip(cls._fields, v, strict=False)
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        names = [f.name for f in dataclasses.fields(v)]
        return len(names), ((name, getattr(v, name)) for name in names)
    for module in ("pydantic", "pydantic.v1"):  # only if the user imported it: never import pydantic here
        base = getattr(sys.modules.get(module), "BaseModel", None)
        if base is not None and isinstance(v, base):
            names = list(getattr(cls, "model_fields", None) or getattr(cls, "__fields__", {}))
            extra = getattr(v, "__pydantic_extra__", None) or {}
            pairs = [(name, getattr(v, name)) for name in names]
            return len(pairs) + len(extra), iter([*pairs, *extra.items()])
    return None


def _bytes_text(v: bytes | bytearray | memoryview, budget: int) -> str:
    """Text for bytes: decoded if they look like UTF-8 text, else a size note. Reads only a prefix."""
    data = memoryview(v).cast("B") if isinstance(v, memoryview) else v
    n = len(data)
    try:
        bytes(data[:1024]).decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.reason != "unexpected end of data":  # not just a character cut at our 1024
            return f"<binary data: {n} bytes>"
    cap = min(n, 4 * budget + 4)
    text = bytes(data[:cap]).decode("utf-8", "replace")
    return text if cap == n else f"{text} [truncated: {n} bytes total]"


def _scalar_text(v: Any) -> str:
    """JSON-friendly text for values json.dumps rejects."""
    if isinstance(v, (datetime.date, datetime.time)):
        return v.isoformat()
    if isinstance(v, (decimal.Decimal, uuid.UUID, PurePath, datetime.timedelta, complex)):
        return str(v)
    if isinstance(v, numbers.Integral):
        return int.__repr__(int(v))
    if isinstance(v, numbers.Real):
        return float.__repr__(float(v))
    return repr(v)


def measure(value: Any, cap: int, max_depth: int = 20) -> int | None:
    """The JSON size of ``value`` rendered uncut, or None if it is over ``cap``."""
    try:
        return _Walker(None, None, max_depth, False, False).whole(value, cap, 0, None)[1]
    except _TooBig:
        return None
