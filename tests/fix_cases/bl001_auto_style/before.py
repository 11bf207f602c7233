"""A server with three tools to fix gets one middleware (the default style); a lone tool keeps its own fix."""

import httpx
from fastmcp import FastMCP

docs = FastMCP("docs")
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
    return httpx.get(url, timeout=10).text
