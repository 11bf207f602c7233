"""Instruments that make "cost grows with the budget, not with the input" testable without a clock.

Several layers, because no single one sees every way of reading a big value:

* ``SpyStr``: a ``str`` whose every method records how many characters it
  reads (a slice its length, ``find(sub, i, j)`` its range, ``encode()``,
  ``count()``, ``isascii()``, ``in``, iteration, ``str()``, ``hash()``... the
  whole string).  A read over ``max_read`` raises ``Overread`` on the spot,
  so the traceback names the offending line.
* a profile hook: C methods called *unbound* on a spy (``str.count(s, "\\n")``,
  ``str.encode(s)``) bypass the overrides; ``sys.setprofile`` still reports
  them, with the spy as ``__self__``.
* ``tracemalloc``: copying the input (``str.__str__(s)``, ``"".join([s])``,
  ``s + ""``, ``json.dumps``, ``list(big_list)``) allocates memory in
  proportion to it, whatever the function; the peak during the call must stay
  in proportion to the budget.
* with ``count_steps``, a trace hook counts the lines of Python that run: a
  loop over an exact ``list``/``dict`` (whose iteration nothing can intercept)
  runs a line per item, so walking 100 times the items must not run more lines.

Not seen: a C function that reads a string in place, allocates nothing, and is
not one of its methods (a compiled regex's ``search(s)``, ``str.__contains__(s, x)``).

Containers: ``Touches`` counts every item a container hands out; ``SpyList`` /
``SpyDict`` are real ``list``/``dict`` subclasses and ``LazyList`` /
``LazyDict`` are virtual ones (items made on demand, so a million of them cost
nothing unless touched).  All raise ``Overtouched`` past their limit.

``Overread`` and ``Overtouched`` derive from ``BaseException``: the runtime
catches ``Exception`` to "never raise on a value", and must not hide them.
"""

from __future__ import annotations

import sys
import tracemalloc
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any


class Overread(BaseException):
    """An instrumented string was read further than allowed."""


class Overtouched(BaseException):
    """More container items were touched than allowed."""


# ---------------------------------------------------------------- strings

_RANGED = ("find", "rfind", "index", "rindex", "count", "startswith", "endswith")  # (sub, start, end)
_COMPARISONS = ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__")
_FREE = {"__len__", "__sizeof__"}  # O(1)
_MACHINERY = {
    "__class__", "__delattr__", "__dir__", "__doc__", "__getattribute__", "__init__", "__init_subclass__",
    "__new__", "__reduce_ex__", "__setattr__", "__subclasshook__", "maketrans",
}  # fmt: skip


class SpyStr(str):
    """A ``str`` that records how much of itself every operation reads (while armed).

    ``reads`` lists ``(operation, characters read)``.  Only reads made while
    ``armed`` count (``instrumented`` arms it), so pytest may print it freely.
    """

    max_read: int
    reads: list[tuple[str, int]]
    armed: bool

    def __new__(cls, value: str, max_read: int) -> SpyStr:
        self = super().__new__(cls, value)
        self.max_read, self.reads, self.armed = max_read, [], False
        return self

    def _read(self, op: str, span: int) -> None:
        if not self.armed:
            return
        self.reads.append((op, span))
        if span > self.max_read:
            raise Overread(f"{op} read {span} of {str.__len__(self)} chars (allowed: {self.max_read})")

    @property
    def total_read(self) -> int:
        return sum(span for _, span in self.reads)

    def __getitem__(self, key: Any) -> str:
        if isinstance(key, slice):
            self._read("slice", len(range(*key.indices(str.__len__(self)))))
        else:
            self._read("index", 1)
        return str.__getitem__(self, key)

    def __iter__(self) -> Iterator[str]:
        return _counted_chars(self)

    def __repr__(self) -> str:
        if self.armed:  # a read like any other
            self._read("__repr__", str.__len__(self))
            return str.__repr__(self)
        return f"<SpyStr of {str.__len__(self)} chars>"  # short, for pytest's reports


def _counted_chars(spy: SpyStr) -> Iterator[str]:
    seen = 0
    try:
        for ch in str.__iter__(spy):
            seen += 1
            if seen > spy.max_read:
                spy._read("__iter__", seen)  # fail now, not after millions of chars
            yield ch
    finally:
        if seen <= spy.max_read:
            spy._read("__iter__", seen)


def _ranged(name: str) -> Callable[..., Any]:
    method = getattr(str, name)

    def spy(self: SpyStr, sub: Any, start: Any = None, end: Any = None) -> Any:
        self._read(name, len(range(*slice(start, end).indices(str.__len__(self)))))
        return method(self, sub, start, end)

    return spy


def _compared(name: str) -> Callable[..., Any]:
    method = getattr(str, name)

    def spy(self: SpyStr, other: Any) -> Any:
        # Equal lengths are compared char by char; anything else is decided at the first difference.
        self._read(name, min(str.__len__(self), len(other)) if isinstance(other, str) else 0)
        return method(self, other)

    return spy


def _whole(name: str) -> Callable[..., Any]:
    method = getattr(str, name)

    def spy(self: SpyStr, *args: Any, **kwargs: Any) -> Any:
        self._read(name, str.__len__(self))
        return method(self, *args, **kwargs)

    return spy


for _name in dir(str):
    if _name in _FREE or _name in _MACHINERY or _name in vars(SpyStr):
        continue
    _wrap = _ranged if _name in _RANGED else _compared if _name in _COMPARISONS else _whole
    setattr(SpyStr, _name, _wrap(_name))
del _name, _wrap

# Code running here is the spy's own bookkeeping, not the code under test.
_SPY_CODES = {f.__code__ for f in vars(SpyStr).values() if isinstance(f, types.FunctionType)}
_SPY_CODES.add(_counted_chars.__code__)


# ---------------------------------------------------------------- containers


@dataclass
class Touches:
    """Counts container items handed out; raises ``Overtouched`` past ``limit``."""

    limit: int
    count: int = 0
    what: dict[str, int] = field(default_factory=dict)

    def __call__(self, what: str, n: int = 1) -> None:
        self.count += n
        self.what[what] = self.what.get(what, 0) + n
        if self.count > self.limit:
            raise Overtouched(f"{self.count} items touched (allowed: {self.limit}); by kind: {self.what}")


class SpyList(list):  # type: ignore[type-arg]
    """A real list whose item accesses are counted."""

    def __init__(self, items: Any, touches: Touches) -> None:
        super().__init__(items)
        self.touches = touches

    def __repr__(self) -> str:  # pytest reprs arguments in tracebacks: keep it short
        return f"<SpyList of {list.__len__(self)} items>"

    def __getitem__(self, key: Any) -> Any:
        got = list.__getitem__(self, key)
        self.touches("list[]", len(got) if isinstance(key, slice) else 1)
        return got

    def __iter__(self) -> Iterator[Any]:
        for item in list.__iter__(self):
            self.touches("iter(list)")
            yield item

    def __reversed__(self) -> Iterator[Any]:
        for item in list.__reversed__(self):
            self.touches("reversed(list)")
            yield item

    def __contains__(self, item: Any) -> bool:
        self.touches("in list", len(self))
        return list.__contains__(self, item)

    def copy(self) -> list[Any]:
        self.touches("list.copy", len(self))
        return list.copy(self)

    def index(self, *args: Any) -> int:
        self.touches("list.index", len(self))
        return list.index(self, *args)

    def count(self, item: Any) -> int:
        self.touches("list.count", len(self))
        return list.count(self, item)


class SpyDict(dict):  # type: ignore[type-arg]
    """A real dict whose key and value accesses are counted."""

    def __init__(self, items: Any, touches: Touches) -> None:
        super().__init__(items)
        self.touches = touches

    def __repr__(self) -> str:
        return f"<SpyDict of {dict.__len__(self)} keys>"

    def __getitem__(self, key: Any) -> Any:
        self.touches("dict[]")
        return dict.__getitem__(self, key)

    def get(self, key: Any, default: Any = None) -> Any:
        self.touches("dict.get")
        return dict.get(self, key, default)

    def __iter__(self) -> Iterator[Any]:
        for key in dict.__iter__(self):
            self.touches("iter(dict)")
            yield key

    def keys(self) -> Iterator[Any]:  # type: ignore[override]
        return iter(self)

    def values(self) -> Iterator[Any]:  # type: ignore[override]
        for value in dict.values(self):
            self.touches("dict.values")
            yield value

    def items(self) -> Iterator[tuple[Any, Any]]:  # type: ignore[override]
        for pair in dict.items(self):
            self.touches("dict.items")
            yield pair

    def copy(self) -> dict[Any, Any]:
        self.touches("dict.copy", len(self))
        return dict.copy(self)


class LazyList(Sequence):  # type: ignore[type-arg]
    """A sequence of ``n`` items made by ``make(i)`` when (and only when) touched."""

    def __init__(self, n: int, make: Callable[[int], Any], touches: Touches) -> None:
        self.n, self.make, self.touches = n, make, touches

    def __len__(self) -> int:
        return self.n

    def __repr__(self) -> str:
        return f"<LazyList of {self.n} items>"

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self.n))]
        if not -self.n <= i < self.n:
            raise IndexError(i)
        self.touches("LazyList[]")
        return self.make(i % self.n)


class LazyDict(Mapping):  # type: ignore[type-arg]
    """A mapping of ``n`` keys ``"k0"``, ``"k1"``... whose values ``make(i)`` makes when touched."""

    def __init__(self, n: int, make: Callable[[int], Any], touches: Touches) -> None:
        self.n, self.make, self.touches = n, make, touches

    def __len__(self) -> int:
        return self.n

    def __repr__(self) -> str:
        return f"<LazyDict of {self.n} keys>"

    def __iter__(self) -> Iterator[str]:
        for i in range(self.n):
            self.touches("iter(LazyDict)")
            yield f"k{i}"

    def __getitem__(self, key: Any) -> Any:
        if not (isinstance(key, str) and key[:1] == "k" and key[1:].isdigit() and int(key[1:]) < self.n):
            raise KeyError(key)
        self.touches("LazyDict[]")
        return self.make(int(key[1:]))


class Visited:
    """A leaf that counts how often it is rendered (through ``repr``, the runtime's fallback)."""

    __slots__ = ("touches",)

    def __init__(self, touches: Touches) -> None:
        self.touches = touches

    def __repr__(self) -> str:
        self.touches("repr(leaf)")
        return "leaf"


# ---------------------------------------------------------------- the watch


@dataclass
class Watch:
    unbound_calls: list[str] = field(default_factory=list)  # C methods called on a spy, bypassing it
    peak_memory: int = 0  # bytes allocated at the peak, over what existed before
    steps: int | None = 0  # lines of Python run, bookkeeping here excepted (None: not counted)


@contextmanager
def instrumented(*spies: SpyStr, count_steps: bool = False) -> Iterator[Watch]:
    """Arm ``spies``; watch unbound C calls on them, the peak of new allocations and,
    with ``count_steps``, the lines of Python that run: a clock-free measure of work.
    """
    watch = Watch()
    ids = {id(s) for s in spies}

    def profile(frame: types.FrameType, event: str, arg: Any) -> None:
        if event == "c_call" and id(getattr(arg, "__self__", None)) in ids and frame.f_code not in _SPY_CODES:
            name = getattr(arg, "__name__", "?")
            if name not in _FREE:
                watch.unbound_calls.append(f"str.{name} in {frame.f_code.co_name} line {frame.f_lineno}")

    def count_lines(frame: types.FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            watch.steps += 1  # type: ignore[operator]
        return count_lines

    def trace(frame: types.FrameType, event: str, arg: Any) -> Any:
        return None if frame.f_code.co_filename == __file__ else count_lines

    for s in spies:
        s.reads.clear()
        s.armed = True
    previous_profile, previous_trace = sys.getprofile(), sys.gettrace()
    count = count_steps and previous_trace is None  # never displace a debugger or coverage
    if not count:
        watch.steps = None
    tracing = tracemalloc.is_tracing()
    if not tracing:
        tracemalloc.start()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    sys.setprofile(profile)
    if count:
        sys.settrace(trace)
    try:
        yield watch
    finally:
        if count:
            sys.settrace(previous_trace)
        sys.setprofile(previous_profile)
        watch.peak_memory = tracemalloc.get_traced_memory()[1] - base
        if not tracing:
            tracemalloc.stop()
        for s in spies:
            s.armed = False
