"""Three tools of one agent to fix, in a project pinned to Pydantic AI 0.0.17 (through its
`pydantic-ai-slim` distribution): `capabilities=` came in 1.71, so each tool gets its own fix
instead of the adapter."""

import httpx
from boundlint_runtime import truncate_text
from pydantic_ai import Agent

MAX_TOOL_OUTPUT_CHARS = 16_000  # characters a tool may return to the model

docs = Agent("openai:gpt-4o")


@docs.tool_plain
def fetch_page(url: str) -> str:
    """Fetch a documentation page."""
    return truncate_text(
        httpx.get(url, timeout=10).text, max_chars=MAX_TOOL_OUTPUT_CHARS
    )


@docs.tool_plain
def fetch_changelog(version: str) -> str:
    """Fetch a release's changelog."""
    return truncate_text(
        httpx.get(f"https://example.com/changelog/{version}", timeout=10).text,
        max_chars=MAX_TOOL_OUTPUT_CHARS,
    )


@docs.tool_plain
def fetch_api_reference(module: str) -> str:
    """Fetch a module's API reference."""
    return truncate_text(
        httpx.get(f"https://example.com/api/{module}", timeout=10).text,
        max_chars=MAX_TOOL_OUTPUT_CHARS,
    )
