"""The truncation signal: context-var flag, INFO log records, listeners."""

from __future__ import annotations

import asyncio
import contextvars
import logging
from concurrent.futures import ThreadPoolExecutor

import pytest
from boundlint_runtime import (
    TruncationEvent,
    add_truncation_listener,
    remove_truncation_listener,
    reset_truncation,
    track_truncation,
    truncate_for_llm,
    truncate_text,
    truncation_occurred,
)


def test_flag_is_raised_by_a_cut_and_cleared_by_reset() -> None:
    reset_truncation()
    truncate_text("short", 100)
    assert not truncation_occurred()
    truncate_text("long" * 100, 100)
    assert truncation_occurred()
    reset_truncation()
    assert not truncation_occurred()


def test_tracker_sees_cuts_made_in_its_block_only() -> None:
    truncate_text("x" * 500, 100)
    with track_truncation() as outer:
        assert not outer.occurred
        with track_truncation() as inner:
            truncate_text("y" * 500, 100)
        assert inner.occurred and outer.occurred
    with track_truncation() as later:
        pass
    assert not later.occurred


def test_reset_inside_a_tracker_keeps_the_tracker_informed() -> None:
    with track_truncation() as tracker:
        reset_truncation()  # a tool starting its run
        truncate_text("z" * 500, 100)
        assert truncation_occurred()
        reset_truncation()
        assert not truncation_occurred()
    assert tracker.occurred


def test_async_tasks_do_not_see_each_others_cuts() -> None:
    async def tool(cut: bool) -> bool:
        reset_truncation()
        await asyncio.sleep(0)
        truncate_text("a" * (500 if cut else 5), 100)
        await asyncio.sleep(0)
        return truncation_occurred()

    async def main() -> list[bool]:
        return list(await asyncio.gather(tool(True), tool(False), tool(True), tool(False)))

    assert asyncio.run(main()) == [True, False, True, False]


def test_cut_in_a_worker_thread_reaches_the_tracker() -> None:
    with track_truncation() as tracker, ThreadPoolExecutor(1) as pool:
        context = contextvars.copy_context()  # what frameworks do to run sync tools off the loop
        pool.submit(context.run, truncate_for_llm, ["x" * 1000], 100).result()
    assert tracker.occurred


def test_one_info_record_per_cut_with_label_and_sizes(runtime_logs: pytest.LogCaptureFixture) -> None:
    truncate_for_llm({"posts": [{"body": "b" * 5000, "title": "t"}], "n": 1}, 300, label="fetch_reddit")
    records = [r for r in runtime_logs.records if r.name == "boundlint_runtime"]
    assert len(records) == 1
    record = records[0]
    assert record.levelno == logging.INFO
    assert record.getMessage().startswith(
        "Truncation: label=fetch_reddit.posts[0].body original_chars=5000 kept_chars="
    )
    assert isinstance(record.truncation, TruncationEvent)  # type: ignore[attr-defined]


def test_listeners_get_frozen_events_and_can_be_removed(events: list[TruncationEvent]) -> None:
    truncate_for_llm(list(range(1000)), 100, label="layers")
    assert events == [TruncationEvent("layers", "items", 1000, events[0].kept)]
    assert 0 < events[0].kept < 1000
    with pytest.raises(AttributeError):
        events[0].kept = 5  # type: ignore[misc]
    seen: list[TruncationEvent] = []
    add_truncation_listener(seen.append)
    remove_truncation_listener(seen.append)
    truncate_text("q" * 500, 100)
    assert seen == []


def test_a_failing_listener_does_not_break_the_tool(runtime_logs: pytest.LogCaptureFixture) -> None:
    def broken(event: TruncationEvent) -> None:
        raise RuntimeError("metrics backend down")

    add_truncation_listener(broken)
    try:
        assert "[truncated" in truncate_text("w" * 500, 100)
    finally:
        remove_truncation_listener(broken)
    assert any(r.levelno == logging.WARNING and "listener" in r.getMessage() for r in runtime_logs.records)
