"""Fixtures for the boundlint_runtime tests."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from boundlint_runtime import TruncationEvent, add_truncation_listener, remove_truncation_listener


@pytest.fixture
def events() -> Iterator[list[TruncationEvent]]:
    """Every TruncationEvent published during the test."""
    seen: list[TruncationEvent] = []
    add_truncation_listener(seen.append)
    try:
        yield seen
    finally:
        remove_truncation_listener(seen.append)


@pytest.fixture
def runtime_logs(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.INFO, logger="boundlint_runtime")
    return caplog
