"""A tool on two agents, one of which cannot take an adapter: it gets its own checkpoint."""

import httpx
from langchain.agents import create_agent
from langchain_core.tools import tool

MIDDLEWARE = []


@tool
def fetch_page(url: str) -> str:
    """Fetch a page."""
    return httpx.get(url, timeout=10).text


researcher = create_agent("openai:gpt-5", tools=[fetch_page])
reviewer = create_agent("openai:gpt-5", tools=[fetch_page], middleware=MIDDLEWARE)
