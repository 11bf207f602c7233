import httpx
import requests
from boundlint_runtime import truncate_text
from langchain_core.tools import tool

MAX_TOOL_OUTPUT_CHARS = 16_000  # characters a tool may return to the model


@tool
def fetch_page(url: str):
    """No return annotation, but the text of a response is a `str`: cut as text."""
    return truncate_text(
        requests.get(url, timeout=10).text, max_chars=MAX_TOOL_OUTPUT_CHARS
    )


@tool
async def fetch_page_async(url: str):
    """The same of an async client's response."""
    async with httpx.AsyncClient() as client:
        response = await client.get(url)
    return truncate_text(response.text, max_chars=MAX_TOOL_OUTPUT_CHARS)


@tool
def fetch_bytes(url: str):
    """Its bytes (`.content`): no known kind to cut, no fix."""
    return requests.get(url, timeout=10).content
