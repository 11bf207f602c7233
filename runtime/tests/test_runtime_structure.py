"""truncate_for_llm: never raises, stays in budget, keeps JSON valid, touches only what it keeps."""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Callable
from typing import Any

import pytest
from boundlint_runtime import truncate_for_llm
from hypothesis import given
from hypothesis import strategies as st
from spies import (
    LazyDict,
    LazyList,
    Overread,
    Overtouched,
    SpyDict,
    SpyList,
    SpyStr,
    Touches,
    Visited,
    Watch,
    instrumented,
)
from strategies import (
    PROPERTY,
    BadRepr,
    Color,
    Pair,
    Point,
    deep,
    hostile_values,
    json_values,
    with_cycle,
)

json_budgets = st.one_of(st.integers(2, 200), st.integers(2, 20_000))


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)  # strict: NaN/inf are not JSON


@PROPERTY
@given(hostile_values, json_budgets)
def test_never_raises_and_always_gives_strict_json_within_budget(value: Any, budget: int) -> None:
    out = truncate_for_llm(value, budget)
    if isinstance(value, str):
        assert isinstance(out, str) and len(out) <= budget
        return
    if isinstance(value, (bytes, bytearray)):  # binary stays binary (see the bytes test below)
        assert type(out) is type(value) and len(out) <= budget
        return
    text = _dump(out)
    assert len(text) <= budget
    text.encode("utf-8")


@PROPERTY
@given(hostile_values, json_budgets)
def test_cycles_are_handled(value: Any, budget: int) -> None:
    out = truncate_for_llm(with_cycle(value), budget)
    assert len(_dump(out)) <= budget


@PROPERTY
@given(json_values)
def test_json_data_that_fits_comes_back_equal(value: Any) -> None:
    budget = max(2, len(_dump(value)))
    out = truncate_for_llm(value, budget)
    assert out == value or (isinstance(value, float) and math.isclose(out, value))


@PROPERTY
@given(json_values, json_budgets)
def test_idempotent_on_json_data(value: Any, budget: int) -> None:
    once = truncate_for_llm(value, budget)
    assert truncate_for_llm(once, budget) == once


@PROPERTY
@given(json_values, st.integers(60, 3000))
def test_anything_cut_is_marked(value: Any, budget: int) -> None:
    out = truncate_for_llm(value, budget)
    if len(_dump(value)) > budget and not isinstance(value, str):
        assert "[truncated" in _dump(out)


@PROPERTY
@given(st.lists(st.integers(), min_size=1, max_size=3000), st.integers(40, 2000))
def test_long_lists_keep_head_and_tail_and_count_the_rest(items: list[int], budget: int) -> None:
    out = truncate_for_llm(items, budget)
    if len(_dump(items)) <= budget:
        assert out == items
        return
    if isinstance(out, str):  # not even one item and the marker fit: a placeholder says what was there
        assert out == f"[truncated: {len(items)} item{'s' if len(items) > 1 else ''}]"
        assert budget < 60
        return
    markers = [x for x in out if isinstance(x, str)]
    assert len(markers) == 1
    marker = markers[0]
    gap = out.index(marker)
    head, tail = out[:gap], out[gap + 1 :]
    assert head == items[: len(head)]
    assert tail == (items[len(items) - len(tail) :] if tail else [])
    omitted = len(items) - len(head) - len(tail)
    assert marker.startswith(f"[truncated: {omitted} of {len(items)} item")


def test_touches_only_what_it_keeps() -> None:
    class Exploding:
        def __repr__(self) -> str:
            raise AssertionError("the walker looked at an item it did not keep")

    head = list(range(20))
    items = head + [Exploding()] * 1_000_000 + list(range(10))
    out = truncate_for_llm({"items": items}, 300)
    assert out["items"][0] == 0 and out["items"][-1] == 9
    assert "1000030 items" in _dump(out)


def test_conversions_of_non_json_values() -> None:
    import datetime
    import decimal
    import uuid

    value = {
        1: b"bytes that are text",
        None: datetime.datetime(2024, 5, 1, 12, 30),
        (1, 2): decimal.Decimal("12.50"),
        "uuid": uuid.UUID(int=1),
        "color": Color.RED,
        "nan": float("nan"),
        "inf": float("-inf"),
        "huge": 10**5000,
        "set": frozenset({3}),
        "point": Point(1, (2, 3)),
        "pair": Pair("l", "r"),
        "binary": bytes(range(256)),
        "bad": BadRepr(),
        2.5: True,
    }
    out = truncate_for_llm(value, 2000)
    assert out == {
        "1": "bytes that are text",
        "null": "2024-05-01T12:30:00",
        "(1, 2)": "12.50",
        "uuid": "00000000-0000-0000-0000-000000000001",
        "color": "red",
        "nan": "NaN",
        "inf": "-Infinity",
        "huge": "<int with about 5001 digits>",
        "set": [3],
        "point": {"x": 1, "y": [2, 3]},
        "pair": {"left": "l", "right": "r"},
        "binary": "<binary data: 256 bytes>",
        "bad": "<unrepresentable BadRepr: RuntimeError>",
        "2.5": True,
    }


def test_colliding_keys_stay_distinct() -> None:
    out = truncate_for_llm({1: "int", "1": "str"}, 200)
    assert sorted(out.values()) == ["int", "str"] and len(out) == 2


def test_pydantic_models_are_walked_without_dumping() -> None:
    pydantic = pytest.importorskip("pydantic")

    class Inner(pydantic.BaseModel):
        body: str

    class Outer(pydantic.BaseModel):
        title: str
        inner: Inner
        tags: list[str]

    out = truncate_for_llm(Outer(title="t", inner=Inner(body="b" * 10_000), tags=["x"] * 500), 600)
    assert out["title"] == "t"
    assert "10000 chars" in out["inner"]["body"]
    assert "[truncated:" in _dump(out["tags"])
    assert len(_dump(out)) <= 600


def test_deep_nesting_becomes_a_placeholder() -> None:
    out = truncate_for_llm(deep(200), 10_000)
    text = _dump(out)
    assert "nested too deep" in text and len(text) <= 10_000
    assert "nested too deep" in _dump(truncate_for_llm(deep(5), 10_000, max_depth=3))
    assert truncate_for_llm(deep(5), 10_000, max_depth=10) == deep(5)


def test_deeper_than_the_recursion_limit_does_not_raise() -> None:
    out = truncate_for_llm(deep(5000), 1000, max_depth=100_000)
    assert len(_dump(out)) <= 1000


def test_static_caps_apply_even_when_the_budget_is_large() -> None:
    out = truncate_for_llm({"s": "x" * 500, "l": list(range(50))}, 100_000, max_string_chars=100, max_items=10)
    assert len(out["s"]) <= 100 and "500 chars" in out["s"]
    assert len(out["l"]) == 11 and out["l"][:7] == list(range(7)) and "40 of 50 items" in out["l"][7]


def test_big_values_share_the_budget_and_small_ones_stay_whole() -> None:
    value = {"id": 42, "type": "post", "body": "b" * 70_000, "comments": ["c" * 5000] * 3, "score": 1.5}
    out = truncate_for_llm(value, 4000)
    assert (out["id"], out["type"], out["score"]) == (42, "post", 1.5)
    assert "70000 chars" in out["body"]
    assert len(out["comments"]) == 3 and all("5000 chars" in c for c in out["comments"])
    assert len(_dump(out)) <= 4000


def test_top_level_str_is_cut_as_text() -> None:
    out = truncate_for_llm("z" * 100, 50)
    assert isinstance(out, str) and len(out) <= 50 and "100 chars" in out


def test_invalid_arguments() -> None:
    with pytest.raises(ValueError, match="max_chars must be >= 2"):
        truncate_for_llm([1], 1)
    with pytest.raises(ValueError, match="max_depth must be >= 1"):
        truncate_for_llm([1], 100, max_depth=0)
    with pytest.raises(TypeError):
        truncate_for_llm([1], "100")  # type: ignore[arg-type]


class _Tag(str):
    pass


class _Slicing(str):
    def __getitem__(self, key: Any) -> str:
        raise RuntimeError("no slicing")


def test_str_subclasses_come_out_as_plain_str_like_their_text() -> None:
    # A subclass is cut as it is (copying it whole first would scan the input), yet the output is plain str.
    value = {_Tag("key"): _Tag("short"), "long": _Tag("x" * 5000), _Tag("k" * 300): 1, "list": [_Tag("y" * 3000)]}
    out = truncate_for_llm(value, 1000)
    assert out == truncate_for_llm({"key": "short", "long": "x" * 5000, "k" * 300: 1, "list": ["y" * 3000]}, 1000)
    assert all(type(k) is str for k in out) and type(out["key"]) is str and type(out["long"]) is str
    assert type(out["list"][0]) is str
    hostile = truncate_for_llm({"a": _Slicing("z" * 5000)}, 100)  # never raises on a value
    assert len(_dump(hostile)) <= 100


# ---------------------------------------------------------------- cost: structural, not timed
# "Only kept values are visited (counts come from len())": the documents below
# count every item they hand out (runtime/tests/spies.py), their long strings
# record every read, and the same document is walked at 10,000 and at 1,000,000
# items: the work (lines of Python run) must not grow with it.  Speed figures
# live in benchmarks/runtime_bench.py.

SMALL, BIG = 10_000, 1_000_000
LOOK_AROUND = 2_000 + 32  # truncate_text's documented look-around windows
WORDS = ["alpha", "beta", "gamma", "delta"]


@functools.cache
def _long_texts() -> tuple[str, str]:
    """A body with escapes and non-ASCII (cut, then re-cut as the escapes overflow) and a key; 2 M chars each."""
    body = 'line "quoted" \\ caf\u00e9 \u6f22\n' * 100_000
    return body[:2_000_000], "k" * 2_000_000


def _nested(n: int, t: Touches, body: SpyStr, key: SpyStr) -> Any:
    def record(i: int) -> Any:
        return SpyDict(
            {
                "id": i,
                "name": f"item-{i}",
                "score": i / 7,
                "tags": SpyList([WORDS[i % 4], WORDS[(i + 1) % 4], "x", "y"], t),
                "owner": SpyDict({"login": f"user{i % 97}", "admin": i % 5 == 0}, t),
                "history": LazyList(n, lambda j: {"at": j, "what": "edit"}, t),
                "body": body,
            },
            t,
        )

    return SpyDict(
        {
            "total": n,
            key: "a key of 2 M chars",
            "items": LazyList(n, record, t),
            "index": LazyDict(n, lambda k: LazyList(n, int, t), t),
        },
        t,
    )


SHAPES: dict[str, Callable[[int, Touches, SpyStr, SpyStr], Any]] = {
    "nested": _nested,
    "list": lambda n, t, body, key: [Visited(t)] * n,  # exact list: only its leaves can count
    "dict": lambda n, t, body, key: dict.fromkeys(range(n), Visited(t)),
    "strings": lambda n, t, body, key: SpyList([body] * n, t),
    "one long string": lambda n, t, body, key: SpyDict({"id": n, "content": body}, t),
}


def _nodes(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + sum(_nodes(v) for v in value.values())
    if isinstance(value, list):
        return 1 + sum(_nodes(v) for v in value)
    return 1


def _walk(
    shape: str, n: int, budget: int, truncate: Callable[..., Any] = truncate_for_llm
) -> tuple[Any, Touches, Watch]:
    """truncate_for_llm on a counting document of ``n`` items; its long strings fail any read past the budget."""
    body, key = (SpyStr(text, max_read=budget + LOOK_AROUND) for text in _long_texts())
    touches = Touches(limit=2 * budget + 1_000)  # a fuse: a full walk fails fast, not after a million items
    value = SHAPES[shape](n, touches, body, key)
    with instrumented(body, key, count_steps=True) as watch:
        out = truncate(value, budget)
    assert watch.unbound_calls == []
    assert body.total_read <= 4 * budget + 2 * LOOK_AROUND, body.reads  # a few cuts, re-cut for escapes
    assert key.total_read <= 4 * 200 + 2 * LOOK_AROUND, key.reads  # keys are cut to 200 chars
    assert len(_dump(out)) <= budget
    return out, touches, watch


def _check_cost(shape: str, budget: int, truncate: Callable[..., Any] = truncate_for_llm) -> Any:
    _, small_touches, small = _walk(shape, SMALL, budget, truncate)
    out, touches, watch = _walk(shape, BIG, budget, truncate)
    kept = _nodes(out)
    assert touches.count <= 4 * kept + 64, (touches.count, kept, touches.what)
    assert touches.count <= small_touches.count + 8  # a hundred times the items, the same items touched
    if watch.steps is not None and small.steps is not None:  # None under a debugger or coverage
        assert watch.steps <= small.steps * 1.05 + 200, (watch.steps, small.steps)  # the same work
    # Copying the document (list(v), dict(v), json.dumps) allocates in proportion to it.
    assert watch.peak_memory <= 64 * budget + 131_072, watch.peak_memory
    return out


@pytest.mark.parametrize("budget", [300, 4_000, 16_000])
@pytest.mark.parametrize("shape", SHAPES)
def test_cost_grows_with_the_budget_not_the_document(shape: str, budget: int) -> None:
    out = _check_cost(shape, budget)
    if shape == "nested" and budget >= 4_000:  # counts come from len(), not from walking
        text = _dump(out)
        assert f"of {BIG} items omitted" in text and f"of {BIG} keys omitted" in text
        assert out["items"][0]["id"] == 0 and out["items"][-1]["id"] == BIG - 1  # head and tail kept


def _walk_items(value: Any) -> None:
    for _ in value["items"]:
        pass


def _loop(value: Any) -> None:
    for _ in value:
        pass


WALKS = {  # what a count by iteration, or a copy, would look like; each must trip the instrument
    "nested: iterate the big list": ("nested", _walk_items),
    "nested: json.dumps": ("nested", lambda v: json.dumps(v, default=repr)),
    "list: iterate": ("list", _loop),
    "list: copy": ("list", list),
    "list: json.dumps": ("list", lambda v: json.dumps(v, default=repr)),
    "dict: iterate": ("dict", _loop),
    "dict: items": ("dict", lambda v: len(list(v.items()))),
    "strings: iterate": ("strings", _loop),
    "strings: one whole string": ("strings", lambda v: v[0].encode()),
    "one long string: str()": ("one long string", lambda v: str.__str__(v["content"])),
}


@pytest.mark.parametrize("walk", WALKS.values(), ids=WALKS.keys())
def test_the_document_instrument_catches_full_walks(walk: tuple[str, Callable[[Any], Any]]) -> None:
    shape, scan = walk

    def walking(value: Any, budget: int) -> Any:
        scan(value)
        return truncate_for_llm(value, budget)

    with pytest.raises((Overtouched, Overread, AssertionError)):
        _check_cost(shape, 4_000, walking)


@PROPERTY
@given(hostile_values, json_budgets, st.booleans())
def test_size_accounting_is_exact_so_the_safety_net_is_never_needed(value: Any, budget: int, compact: bool) -> None:
    from boundlint_runtime.structure import _Walker

    walker = _Walker(None, None, 20, utf8=compact, compact=compact)
    out, size = walker.render(with_cycle(value), budget, 0, None, whole=False)
    text = json.dumps(out, ensure_ascii=False, allow_nan=False, separators=walker.separators)
    assert size == (len(text.encode("utf-8")) if compact else len(text))
    assert size <= budget


@given(st.one_of(st.binary(max_size=300), st.binary(max_size=300).map(bytearray)), st.integers(2, 400))
def test_bytes_keep_their_type_and_the_cut_is_reported(data, budget):
    from boundlint_runtime import track_truncation

    with track_truncation() as flag:
        result = truncate_for_llm(data, budget)
    assert type(result) is type(data)
    assert len(result) <= budget
    if len(data) <= budget:
        assert result == data and not flag.occurred  # nothing cut when nothing had to be
    else:
        assert result == data[:budget] and flag.occurred  # never silently


def test_a_long_key_is_kept_when_the_whole_fits_and_cut_when_it_does_not() -> None:
    key = "👨\u200d👩\u200d👧" * 36 + "[truncated][truncated]"  # 202 characters, past the key cap
    value = {key: None}
    assert truncate_for_llm(value, len(_dump(value))) == value  # nothing had to be cut
    crowded = {key: "x" * 5_000}
    out = truncate_for_llm(crowded, 600)
    assert len(_dump(out)) <= 600
    assert all(len(kept) <= 200 for kept in out)  # shrinking, keys are cut to the cap
