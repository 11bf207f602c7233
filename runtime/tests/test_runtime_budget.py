"""ToolBudget, shared by the framework adapters: one budget, per-tool overrides, text blocks sharing it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from boundlint_runtime import TruncationEvent, reset_truncation, truncation_occurred
from boundlint_runtime.adapters import ToolBudget
from boundlint_runtime.adapters.budget import as_budget, share
from hypothesis import given
from hypothesis import strategies as st
from strategies import PROPERTY, json_values, texts


@PROPERTY
@given(st.lists(texts, max_size=30), st.integers(2, 5_000))
def test_text_blocks_stay_within_one_budget_and_keep_their_order(blocks: list[str], limit: int) -> None:
    out = ToolBudget(limit).texts(blocks, "search")
    assert len(out) == len(blocks)
    kept = [b for b in out if b is not None]
    assert sum(len(b) for b in kept) <= limit
    if sum(len(b) for b in blocks) <= limit:
        assert out == blocks
    # Dropped blocks come last, and the last kept block says how many when there is room to.
    dropped = [i for i, b in enumerate(out) if b is None]
    assert dropped == list(range(len(blocks) - len(dropped), len(blocks)))
    if dropped and limit >= 100:
        assert kept[-1].endswith(f"[{len(dropped)} more text block{'s' if len(dropped) > 1 else ''} omitted]")


def test_many_blocks_are_kept_whole_in_order_and_the_dropped_ones_are_one_cut(events: list[TruncationEvent]) -> None:
    hits = [f"hit {i}: " + "lorem ipsum " * 8 for i in range(2_000)]  # about 100 chars each
    out = ToolBudget(4_000).texts(hits, "search")
    kept = [b for b in out if b is not None]
    assert kept[:-1] == hits[: len(kept) - 1]  # whole, in order: only the last kept one may be cut
    assert len(kept) > 30 and sum(map(len, kept)) <= 4_000
    assert kept[-1].endswith(f"[{2_000 - len(kept)} more text blocks omitted]")
    assert len(events) <= 2  # the dropped blocks are one event, not one each


def test_a_few_long_blocks_share_the_budget() -> None:
    out = ToolBudget(4_000).texts(["a" * 50_000, "short", "b" * 50_000], "read")
    assert out[1] == "short"
    assert all(b is not None and "50000 chars total" in b and len(b) > 1_500 for b in (out[0], out[2]))


@PROPERTY
@given(st.lists(st.integers(0, 10_000), max_size=40), st.integers(0, 50_000))
def test_shares_fit_the_total_and_never_exceed_a_need(sizes: list[int], total: int) -> None:
    room = share(sizes, total)
    assert sum(room) <= max(total, sum(sizes)) and all(0 <= r <= s for r, s in zip(room, sizes, strict=True))
    if sum(sizes) <= total:
        assert room == sizes
    elif sizes:  # nothing is left unused while some block still wants more
        assert sum(room) > total - len(sizes)


@PROPERTY
@given(json_values, st.integers(2, 2_000))
def test_values_fit_and_come_back_as_the_same_object_when_they_fit(value: Any, limit: int) -> None:
    out = ToolBudget(limit).value(value, "lookup")
    if isinstance(value, str):
        assert len(out) <= limit
    else:
        assert len(json.dumps(out, ensure_ascii=False)) <= limit
        if len(json.dumps(value, ensure_ascii=False)) <= limit:
            assert out is value


def test_each_cut_is_flagged_logged_once_and_published_under_the_tool_name(
    events: list[TruncationEvent], runtime_logs: pytest.LogCaptureFixture
) -> None:
    reset_truncation()
    budget = ToolBudget(100, label="mcp")
    assert budget.text("x" * 50, "small") == "x" * 50
    assert not truncation_occurred() and not events
    out = budget.text("y" * 1_000, "fetch_page")
    assert len(out) <= 100 and "1000 chars total" in out
    assert truncation_occurred()
    assert [(e.label, e.original) for e in events] == [("mcp:fetch_page", 1_000)]
    assert len([r for r in runtime_logs.records if "mcp:fetch_page" in r.getMessage()]) == 1


def test_a_tool_of_its_own_budget_uses_it_and_the_others_share_the_default() -> None:
    budget = ToolBudget(1_000, per_tool={"read_file": 200})
    assert budget.limit("read_file") == 200 and budget.limit("search") == budget.limit(None) == 1_000
    assert len(budget.text("z" * 5_000, "read_file")) <= 200
    assert 200 < len(budget.text("z" * 5_000, "search")) <= 1_000


def test_binary_stays_binary() -> None:
    image = b"\x89PNG" + bytes(5_000)
    assert ToolBudget(10_000).value(image, "shot") is image
    assert isinstance(ToolBudget(100).value(image, "shot"), bytes)


def test_bad_budgets_are_refused_with_the_name_of_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="max_chars"):
        ToolBudget(1)
    with pytest.raises(ValueError, match="per_tool\\['x'\\]"):
        ToolBudget(per_tool={"x": 0})
    with pytest.raises(TypeError, match="tool names"):
        ToolBudget(per_tool={1: 100})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="per_tool"):
        as_budget(ToolBudget(), per_tool={"x": 10})


def test_as_budget_accepts_an_int_a_budget_or_nothing() -> None:
    shared = ToolBudget(500)
    assert as_budget(shared) is shared
    assert as_budget(300, {"a": 50}, label="adk").limit("a") == 50
    assert as_budget(None).max_chars == 16_000
