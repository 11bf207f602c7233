"""Three tools of one server to fix, in a project that allows fastmcp 2.8: `middleware=`
came in 2.9, so each tool gets its own fix instead of the adapter."""

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

