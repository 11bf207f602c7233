"""Integration tests need the real frameworks: skipped when missing locally, failed when missing in CI."""

from __future__ import annotations

from types import ModuleType

import pytest

from .frameworks import mcp_server_class, require


@pytest.fixture
def langchain_tools() -> ModuleType:
    return require("langchain_core.tools")


@pytest.fixture
def openai_agents() -> ModuleType:
    return require("agents")


@pytest.fixture
def mcp_server() -> type:
    return mcp_server_class()


@pytest.fixture
def pydantic_ai() -> ModuleType:
    return require("pydantic_ai")
