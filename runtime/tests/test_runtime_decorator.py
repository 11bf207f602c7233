"""@bounded: transparent to introspection, bounds results, never swallows exceptions."""

from __future__ import annotations

import asyncio
import inspect
import json
import typing
from dataclasses import dataclass

import pytest
from boundlint_runtime import bounded, track_truncation
from hypothesis import given
from hypothesis import strategies as st
from strategies import FEW, hostile_values


@dataclass
class Query:  # referenced as a string annotation (from __future__ import annotations)
    text: str


def search(query: Query, limit: int = 10, *, verbose: bool = False) -> str:
    """Search the docs.

    Args:
        query: what to look for.
    """
    return "r" * (limit * 100)


async def asearch(query: Query, limit: int = 10) -> dict[str, list[str]]:
    """Search asynchronously."""
    return {"results": ["r" * 50] * limit}


def stream(n: int) -> typing.Iterator[str]:
    for i in range(n):
        yield str(i) * 1000


async def astream(n: int) -> typing.AsyncIterator[str]:
    for i in range(n):
        yield str(i) * 1000


@pytest.mark.parametrize("fn", [search, asearch, stream, astream])
def test_wrapper_is_invisible_to_introspection(fn: typing.Any) -> None:
    wrapped = bounded(500)(fn)
    for attr in ("__name__", "__qualname__", "__module__", "__doc__", "__annotations__"):
        assert getattr(wrapped, attr) == getattr(fn, attr)
    assert wrapped.__wrapped__ is fn
    assert wrapped.__globals__ is fn.__globals__  # frameworks resolve string annotations there
    assert inspect.signature(wrapped) == inspect.signature(fn)
    assert typing.get_type_hints(wrapped) == typing.get_type_hints(fn)
    for check in (inspect.iscoroutinefunction, inspect.isgeneratorfunction, inspect.isasyncgenfunction):
        assert check(wrapped) == check(fn)


def test_sync_str_result_is_cut_with_a_marker() -> None:
    tool = bounded(300)(search)
    assert tool(Query("x"), 1) == "r" * 100
    out = tool(Query("x"), 50)
    assert len(out) <= 300 and "5000 chars" in out


def test_async_result_is_bounded_as_json() -> None:
    out = asyncio.run(bounded(300)(asearch)(Query("x"), 100))
    assert len(json.dumps(out)) <= 300 and "[truncated:" in json.dumps(out)


def test_result_that_fits_is_returned_as_is() -> None:
    payload = {"when": (1, 2), "point": Query("q")}
    assert bounded(1000)(lambda: payload)() is payload


def test_generators_bound_each_item() -> None:
    assert [len(x) <= 100 for x in bounded(100)(stream)(3)] == [True, True, True]

    async def collect() -> list[str]:
        return [x async for x in bounded(100)(astream)(3)]

    items = asyncio.run(collect())
    assert len(items) == 3 and all(len(x) <= 100 and "1000 chars" in x for x in items)


def test_sync_function_returning_an_awaitable_is_bounded_when_awaited() -> None:
    def looks_sync() -> typing.Any:
        return asearch(Query("x"), 100)

    tool = bounded(200)(looks_sync)
    assert not inspect.iscoroutinefunction(tool)
    out = asyncio.run(tool())
    assert len(json.dumps(out)) <= 200


def test_bare_decorator_and_methods() -> None:
    class Tools:
        @bounded
        def plain(self) -> str:
            return "p" * 20_000

        @bounded(50)
        @staticmethod
        def static() -> str:
            return "s" * 100

        @bounded(50)
        @classmethod
        def klass(cls) -> str:
            return cls.__name__ * 100

    plain = Tools().plain()  # default budget 16,000; the marker is sized for the worst case
    assert 15_990 <= len(plain) <= 16_000 and "20000 chars" in plain
    assert len(Tools.static()) <= 50 and len(Tools.klass()) <= 50


def test_error_mode_returns_result_too_large_payload() -> None:
    tool = bounded(1000, on_overflow="error")(lambda: {"rows": list(range(10_000))})
    with track_truncation() as tracker:
        payload = tool()
    assert payload["error"] == "result_too_large"
    assert payload["size_chars"] == len(json.dumps({"rows": list(range(10_000))}))
    assert payload["limit_chars"] == 1000
    assert "paginate" in payload["hint"] and "narrow the query" in payload["hint"]
    assert tracker.occurred
    small = bounded(1000, on_overflow="error")(lambda: {"rows": [1]})
    assert small() == {"rows": [1]}


def test_error_mode_keeps_str_tools_returning_str() -> None:
    out = bounded(100, on_overflow="error")(lambda: "x" * 5000)()
    assert isinstance(out, str)
    assert json.loads(out)["size_chars"] == 5000


def test_error_mode_measures_huge_results_only_up_to_a_cap() -> None:
    payload = bounded(100, on_overflow="error")(lambda: ["y" * 1000] * 100_000)()
    assert payload["size_chars_is_lower_bound"] is True and payload["size_chars"] == 6400


def test_invalid_arguments_fail_at_decoration_time() -> None:
    with pytest.raises(ValueError, match="on_overflow"):
        bounded(100, on_overflow="explode")  # type: ignore[call-overload]
    with pytest.raises(ValueError, match="mode"):
        bounded(100, mode="sideways")  # type: ignore[call-overload]
    with pytest.raises(ValueError, match="max_chars"):
        bounded(-3)


class ToolFailure(Exception):
    pass


@FEW
@given(st.sampled_from([ValueError, KeyError, ToolFailure, TimeoutError, RuntimeError]), hostile_values)
def test_never_swallows_the_tools_own_exceptions(exc_type: type[Exception], value: typing.Any) -> None:
    error = exc_type("boom")

    def sync_tool() -> typing.Any:
        raise error

    async def async_tool() -> typing.Any:
        raise error

    def gen_tool() -> typing.Iterator[typing.Any]:
        yield value
        raise error

    async def agen_tool() -> typing.AsyncIterator[typing.Any]:
        yield value
        raise error

    for mode in ("truncate", "error"):
        deco = bounded(100, on_overflow=mode)  # type: ignore[call-overload]
        with pytest.raises(exc_type) as caught:
            deco(sync_tool)()
        assert caught.value is error
        with pytest.raises(exc_type):
            asyncio.run(deco(async_tool)())
        gen = deco(gen_tool)()
        next(gen)  # the bounded value itself never raises
        with pytest.raises(exc_type):
            next(gen)

        async def drain(deco: typing.Any = deco) -> None:
            async for _ in deco(agen_tool)():
                pass

        with pytest.raises(exc_type):
            asyncio.run(drain())


@FEW
@given(hostile_values)
def test_bounding_any_result_never_raises(value: typing.Any) -> None:
    out = bounded(300)(lambda: value)()
    if isinstance(value, str):
        assert len(out) <= 300
    elif isinstance(value, (bytes, bytearray)):  # binary stays binary
        assert type(out) is type(value) and len(out) <= 300
    elif out is not value:  # something was cut: a JSON value within budget came back
        assert len(json.dumps(out, ensure_ascii=False, allow_nan=False)) <= 300
