"""Tools that return the MCP blocks a helper made where it read: cut where each block is made."""

import subprocess

from mcp.server.fastmcp import FastMCP
from mcp.types import TextContent

mcp = FastMCP("files")


def _read_one(path: str) -> list[TextContent]:
    try:
        with open(path) as f:
            content = f.read()
        return [TextContent(type="text", text=content)]
    except OSError as e:
        return [TextContent(type="text", text=f"Cannot read {path}: {e}")]


def _grep(pattern: str) -> list[TextContent]:
    result = subprocess.run(["rg", pattern], capture_output=True, text=True)
    if result.returncode == 1:
        return [TextContent(type="text", text="No matches found.")]
    return [TextContent(type="text", text=result.stdout)]


def _describe(path: str) -> list[TextContent]:
    with open(path) as f:
        return [TextContent(type="text", text=f.read())]


@mcp.tool()
def read_files(paths: list[str]) -> list[TextContent]:
    results = []
    for path in paths:
        results.append(TextContent(type="text", text=f"==> {path} <=="))
        results.extend(_read_one(path))
    return results


@mcp.tool()
def search(pattern: str) -> list[TextContent]:
    return _grep(pattern)


@mcp.tool()
def describe(path: str) -> list[TextContent]:
    return _describe(path)


def summary(path: str) -> str:
    return str(len(_describe(path)))  # uses what `_describe` returns: its blocks stay as they are

