"""Three tools of one agent to fix, in a project pinned to Pydantic AI 0.0.17 (through its
`pydantic-ai-slim` distribution): `capabilities=` came in 1.71, so each tool gets its own fix
instead of the adapter."""

import httpx
from pydantic_ai import Agent

docs = Agent("openai:gpt-4o")


@docs.tool_plain
def fetch_page(url: str) -> str:
    """Fetch a documentation page."""
    return httpx.get(url, timeout=10).text


@docs.tool_plain
def fetch_changelog(version: str) -> str:
    """Fetch a release's changelog."""
    return httpx.get(f"https://example.com/changelog/{version}", timeout=10).text


@docs.tool_plain
def fetch_api_reference(module: str) -> str:
    """Fetch a module's API reference."""
    return httpx.get(f"https://example.com/api/{module}", timeout=10).text
