import httpx
import requests
from langchain_core.tools import tool


@tool
def fetch_page(url: str):
    """No return annotation, but the text of a response is a `str`: cut as text."""
    return requests.get(url, timeout=10).text


@tool
async def fetch_page_async(url: str):
    """The same of an async client's response."""
    async with httpx.AsyncClient() as client:
        response = await client.get(url)
    return response.text


@tool
def fetch_bytes(url: str):
    """Its bytes (`.content`): no known kind to cut, no fix."""
    return requests.get(url, timeout=10).content
