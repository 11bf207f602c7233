"""Three tools of one server to fix, in a project that allows fastmcp 2.8: `middleware=`
came in 2.9, so each tool gets its own fix instead of the adapter."""

import httpx
from boundlint_runtime import truncate_text
from fastmcp import FastMCP

MAX_TOOL_OUTPUT_CHARS = 16_000  # characters a tool may return to the model

docs = FastMCP("docs")
status = FastMCP("status")


@docs.tool()
def fetch_page(url: str) -> str:
    """Fetch a documentation page."""
    return truncate_text(
        httpx.get(url, timeout=10).text, max_chars=MAX_TOOL_OUTPUT_CHARS
    )


@docs.tool()
def fetch_changelog(version: str) -> str:
    """Fetch a release's changelog."""
    return truncate_text(
        httpx.get(f"https://example.com/changelog/{version}", timeout=10).text,
        max_chars=MAX_TOOL_OUTPUT_CHARS,
    )


@docs.tool()
def fetch_api_reference(module: str) -> str:
    """Fetch a module's API reference."""
    return truncate_text(
        httpx.get(f"https://example.com/api/{module}", timeout=10).text,
        max_chars=MAX_TOOL_OUTPUT_CHARS,
    )

