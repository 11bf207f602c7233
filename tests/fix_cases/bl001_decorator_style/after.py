"""MCP tools, fixed with `fix-style = "decorator"`."""

import functools
import subprocess

import httpx
from boundlint_runtime import bounded, truncate_text
from langchain_core.tools import BaseTool, tool
from mcp.server.fastmcp import FastMCP

MAX_TOOL_OUTPUT_CHARS = 16_000  # characters a tool may return to the model

mcp = FastMCP("ops")


@mcp.tool()
@bounded(max_chars=MAX_TOOL_OUTPUT_CHARS)
async def fetch(url: str) -> str:
    """Fetch a page (both returns are unbounded: one decorator)."""
    async with httpx.AsyncClient() as client:
        resp = await client.get(url)
    if resp.status_code != 200:
        return resp.text
    return resp.text


@mcp.tool(name="du")
@bounded(max_chars=MAX_TOOL_OUTPUT_CHARS)
@functools.lru_cache(maxsize=32)
def du(path: str) -> str:
    """`@bounded` goes right under the tool decorator, above the cache."""
    return subprocess.run(["du", "-ah", path], capture_output=True, text=True).stdout


@bounded(max_chars=MAX_TOOL_OUTPUT_CHARS)
def logs(service: str) -> str:
    """Registered by a call below: `@bounded` goes right above the function."""
    return subprocess.run(["journalctl", "-u", service], capture_output=True, text=True).stdout


mcp.add_tool(logs)


class ShellTool(BaseTool):
    name: str = "shell"
    description: str = "Run a command."

    def _run(self, cmd: str) -> str:
        # Class-based tools keep the call style.
        return truncate_text(
            subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout,
            max_chars=MAX_TOOL_OUTPUT_CHARS,
        )


@tool(response_format="content_and_artifact")
def listing(path: str) -> tuple[str, list[str]]:
    """content_and_artifact tools keep the call style too."""
    names = subprocess.run(["ls", path], capture_output=True, text=True).stdout.split()
    return truncate_text("\n".join(names), max_chars=MAX_TOOL_OUTPUT_CHARS), names
