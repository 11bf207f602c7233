"""Import a framework for the adapter tests: skipped when missing locally, failed when missing in CI.

CrewAI needs ``mcp<2`` while the other frameworks need ``mcp>=2``, so CI runs its
tests in an environment of their own (``.ci/run``); there
``BOUNDLINT_ADAPTER_ENV=crewai`` makes a missing CrewAI a failure.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def require(module: str, *, own_env: str | None = None) -> ModuleType:
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        required = os.environ.get("BOUNDLINT_ADAPTER_ENV") == own_env if own_env else bool(os.environ.get("CI"))
        if required:
            pytest.fail(f"{module} must be installed here: {exc}")
        pytest.skip(f"{module} is not installed: {exc}", allow_module_level=True)


BIG = 1_000_000  # what the test tools return: about 1 MB


def big_text(seed: str = "row") -> str:
    """About 1 MB of text, with a recognisable head and tail."""
    body = "".join(f"{seed} {i}: lorem ipsum dolor sit amet\n" for i in range(BIG // 32))
    return "HEAD " + body + " TAIL"


def assert_cut(text: str, limit: int, original: int | None = None) -> None:
    """``text`` is within ``limit`` and carries the marker with the original size."""
    assert len(text) <= limit, (len(text), limit)
    assert "[truncated" in text, text[:200]
    if original is not None:
        assert f"{original} chars total" in text, text[:300]
