import json

import requests
from boundlint_runtime import truncate_json, truncate_text
from mcp.server.fastmcp import FastMCP
from mcp.types import TextContent

MAX_TOOL_OUTPUT_CHARS = 16_000  # characters a tool may return to the model

mcp = FastMCP("search")


def _as_json(payload: dict) -> str:
    return json.dumps(payload, ensure_ascii=False)


def _as_text(payload: dict) -> str:
    if not payload:
        return "nothing found"
    return json.dumps(payload)


@mcp.tool()
def search(q: str) -> str:
    """Every return of `_as_json` is JSON text: it is cut as JSON, and stays valid."""
    return truncate_json(
        _as_json({"query": q, "results": requests.get("https://api.example/search", params={"q": q}).text}),
        max_chars=MAX_TOOL_OUTPUT_CHARS,
    )


@mcp.tool()
def search_blocks(q: str) -> list[TextContent]:
    """The same text in a content block."""
    hits = requests.get("https://api.example/search", params={"q": q}).text
    return [TextContent(type="text", text=truncate_json(_as_json({"hits": hits}), max_chars=MAX_TOOL_OUTPUT_CHARS))]


@mcp.tool()
def search_text(q: str) -> str:
    """A helper that may answer plain text is cut as text."""
    return truncate_text(
        _as_text(requests.get("https://api.example/search", params={"q": q}).text),
        max_chars=MAX_TOOL_OUTPUT_CHARS,
    )
