"""An MCP server: one middleware bounds every tool, instead of a fix in each."""

import httpx
from fastmcp import FastMCP

mcp = FastMCP(
    "docs",
    instructions="Search and read the docs.",
)


@mcp.tool()
def fetch_page(url: str) -> str:
    """Fetch a documentation page."""
    return httpx.get(url, timeout=10).text


@mcp.tool()
def read_log(path: str) -> str:
    """Read a log file."""
    with open(path, encoding="utf-8") as handle:
        return handle.read()
