"""A server with three tools to fix gets one middleware (the default style); a lone tool keeps its own fix."""

import httpx
from boundlint_runtime import truncate_text
from boundlint_runtime.adapters.fastmcp import BoundlintMiddleware
from fastmcp import FastMCP

MAX_TOOL_OUTPUT_CHARS = 16_000  # characters a tool may return to the model

docs = FastMCP("docs", middleware=[BoundlintMiddleware(max_chars=MAX_TOOL_OUTPUT_CHARS)])
status = FastMCP("status")


@docs.tool()
def fetch_page(url: str) -> str:
    """Fetch a documentation page."""
    return httpx.get(url, timeout=10).text


@docs.tool()
def fetch_changelog(version: str) -> str:
    """Fetch a release's changelog."""
    return httpx.get(f"https://example.com/changelog/{version}", timeout=10).text


@docs.tool()
def fetch_api_reference(module: str) -> str:
    """Fetch a module's API reference."""
    return httpx.get(f"https://example.com/api/{module}", timeout=10).text


@status.tool()
def fetch_status_page(url: str) -> str:
    """Fetch a status page."""
    return truncate_text(
        httpx.get(url, timeout=10).text, max_chars=MAX_TOOL_OUTPUT_CHARS
    )
