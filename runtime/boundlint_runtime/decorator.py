"""bounded: a decorator that bounds what a tool function returns.

The wrapper must be invisible to the agent frameworks that build a tool schema
from the function: it keeps the signature (``__wrapped__``), annotations,
docstring, names, module and globals, and it is a coroutine function, generator
function or async generator function exactly when the wrapped one is.
"""

from __future__ import annotations

import functools
import inspect
import json
import types
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any, Literal, TypeVar, cast, overload

from .signal import TruncationEvent, report
from .structure import bound_value, check_limits, measure
from .text import Mode, check_size, check_text_args

__all__ = ["bounded"]

F = TypeVar("F", bound=Callable[..., Any])
OnOverflow = Literal["truncate", "error"]


@overload
def bounded(max_chars: F) -> F: ...


@overload
def bounded(
    max_chars: int = 16_000,
    *,
    on_overflow: OnOverflow = "truncate",
    mode: Mode = "head_tail",
    max_string_chars: int | None = None,
    max_items: int | None = None,
    max_depth: int = 20,
    label: str | None = None,
) -> Callable[[F], F]: ...


def bounded(
    max_chars: Any = 16_000,
    *,
    on_overflow: OnOverflow = "truncate",
    mode: Mode = "head_tail",
    max_string_chars: int | None = None,
    max_items: int | None = None,
    max_depth: int = 20,
    label: str | None = None,
) -> Any:
    """Bound a tool's return value to ``max_chars`` characters.

    ``str`` results are cut with :func:`truncate_text` (``mode``); other
    results go through :func:`truncate_for_llm` and come back unchanged when
    they fit.  With ``on_overflow="error"`` an oversized result is replaced by
    a ``result_too_large`` payload telling the model to paginate or narrow the
    query.  Exceptions raised by the tool propagate untouched.
    """
    if callable(max_chars) and not isinstance(max_chars, int):  # used bare: @bounded
        return bounded()(max_chars)
    if on_overflow not in ("truncate", "error"):
        raise ValueError(f"on_overflow must be 'truncate' or 'error', not {on_overflow!r}")
    budget = check_size("max_chars", max_chars, 2)
    assert budget is not None
    check_text_args(budget, None, mode)
    limits = check_limits(max_string_chars, max_items, max_depth)

    def decorate(fn: F) -> F:
        if isinstance(fn, (staticmethod, classmethod)):
            return type(fn)(decorate(fn.__func__))
        name = label or getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or type(fn).__name__
        bound = _Bound(budget, on_overflow, mode, limits, name)
        if inspect.isasyncgenfunction(fn):
            wrapper = _async_gen_wrapper(fn, bound)
        elif inspect.iscoroutinefunction(fn):
            wrapper = _async_wrapper(fn, bound)
        elif inspect.isgeneratorfunction(fn):
            wrapper = _gen_wrapper(fn, bound)
        else:
            wrapper = _sync_wrapper(fn, bound)
        wrapper = _rehome(wrapper, fn)
        functools.update_wrapper(wrapper, fn)
        return cast(F, wrapper)

    return decorate


# The wrappers use closure variables only (no globals): _rehome() runs their
# code with the tool module's globals.


def _sync_wrapper(fn: Callable[..., Any], bound: _Bound) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        return bound.result(fn(*args, **kwargs))

    return wrapper


def _async_wrapper(fn: Callable[..., Awaitable[Any]], bound: _Bound) -> Callable[..., Any]:
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        return bound.value(await fn(*args, **kwargs))

    return wrapper


def _gen_wrapper(fn: Callable[..., Iterator[Any]], bound: _Bound) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        for item in fn(*args, **kwargs):  # each yielded item is bounded on its own
            yield bound.value(item)

    return wrapper


def _async_gen_wrapper(fn: Callable[..., AsyncIterator[Any]], bound: _Bound) -> Callable[..., Any]:
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        async for item in fn(*args, **kwargs):
            yield bound.value(item)

    return wrapper


def _rehome(wrapper: Any, fn: Any) -> Any:
    """A copy of ``wrapper`` whose ``__globals__`` are those of ``fn``.

    Some frameworks resolve string annotations (``from __future__ import
    annotations``) in ``tool.__globals__`` without unwrapping it first.
    """
    namespace = getattr(fn, "__globals__", None)
    if not isinstance(namespace, dict):
        return wrapper
    return types.FunctionType(wrapper.__code__, namespace, wrapper.__name__, wrapper.__defaults__, wrapper.__closure__)


class _Bound:
    """Bounds one tool's results."""

    def __init__(self, max_chars: int, on_overflow: str, mode: Mode, limits: tuple[Any, ...], label: str) -> None:
        self.max_chars, self.on_overflow, self.mode, self.limits, self.label = (
            max_chars,
            on_overflow,
            mode,
            limits,
            label,
        )

    def result(self, result: Any) -> Any:
        """A sync call's result; awaitables and generators (from wrapped async code) are bounded lazily."""
        if inspect.isawaitable(result):
            return self._awaited(result)
        if isinstance(result, types.GeneratorType):
            return (self.value(item) for item in result)
        if isinstance(result, types.AsyncGeneratorType):
            return self._each(result)
        return self.value(result)

    async def _awaited(self, awaitable: Awaitable[Any]) -> Any:
        return self.value(await awaitable)

    async def _each(self, items: AsyncIterator[Any]) -> AsyncIterator[Any]:
        async for item in items:
            yield self.value(item)

    def value(self, value: Any) -> Any:
        if self.on_overflow == "error":
            return self._checked(value)
        return bound_value(value, self.max_chars, self.label, self.mode, self.limits)

    def _checked(self, value: Any) -> Any:
        cap = 64 * self.max_chars  # measure big results only this far: cost stays bounded
        size = len(value) if isinstance(value, str) else measure(value, cap, self.limits[2])
        if size is not None and size <= self.max_chars:
            return value
        exact = size is not None
        size = cap if size is None else size
        report(TruncationEvent(self.label, "chars", size, 0), " (result_too_large)")
        payload: dict[str, Any] = {
            "error": "result_too_large",
            "tool": self.label,
            "size_chars": size,
            "limit_chars": self.max_chars,
            "hint": (
                f"The result of {self.label} is {'' if exact else 'more than '}{size} characters, over the "
                f"limit of {self.max_chars}. Nothing was returned: paginate (ask for a smaller page or the "
                "next page) or narrow the query (filters, fewer fields), then call again."
            ),
        }
        if not exact:
            payload["size_chars_is_lower_bound"] = True
        # A str tool keeps returning a str, so typed frameworks still accept it.
        return json.dumps(payload, ensure_ascii=False) if isinstance(value, str) else payload
