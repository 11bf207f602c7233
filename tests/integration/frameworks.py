"""Import a framework for the integration tests: skip locally if missing, fail in CI."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def require(module: str) -> ModuleType:
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"{module} must be installed in CI (pip install -e '.[integration]'): {exc}")
        pytest.skip(f"{module} is not installed: {exc}", allow_module_level=True)


def mcp_server_class() -> type:
    """FastMCP (mcp 1.x) or its rename MCPServer (mcp 2.x)."""
    require("mcp")
    try:
        from mcp.server.fastmcp import FastMCP

        return FastMCP
    except ImportError:
        pass
    return require("mcp.server.mcpserver").MCPServer  # type: ignore[no-any-return]
