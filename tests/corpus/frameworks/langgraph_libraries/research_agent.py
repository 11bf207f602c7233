"""Models a deep-agents research app: plain functions handed to `create_react_agent(model, tools)`,
`create_deep_agent(model, tools)` and `create_supervisor(..., tools=[...])`, blocking clients run
with `asyncio.to_thread` and `run_in_executor`, and a `functools.partial` that fixes a client
setting. The deep agent moves every result over 20,000 tokens to a file: its tools are bounded."""

import asyncio
import functools

import requests
from deepagents import create_deep_agent
from langgraph.prebuilt import create_react_agent
from langgraph_supervisor import create_supervisor

SEARCH_URL = "https://search.example/api"


def _fetch(url: str) -> str:
    return requests.get(url, timeout=30).text


def _status_line(url: str) -> str:
    return f"queued {url}"


def _search(query: str, region: str) -> list:
    return requests.get(SEARCH_URL, params={"q": query, "region": region}, timeout=30).json()["results"]


async def read_page(url: str) -> str:  # expect: tool BL001
    """Read a web page."""
    return await asyncio.to_thread(_fetch, url)


async def queue_page(url: str) -> str:  # expect: tool
    """Queue a page for reading later."""
    return await asyncio.to_thread(_status_line, url)


async def read_page_in_pool(url: str) -> str:  # expect: tool BL001
    """Read a web page in the worker pool."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, _fetch, url)


async def queue_in_pool(url: str) -> str:  # expect: tool
    """Queue a page from the worker pool."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, _status_line, url)


def search_eu(query: str) -> str:  # expect: tool
    """Search, in the EU region."""
    in_region = functools.partial(_search, region="eu")
    return "\n".join(str(hit) for hit in in_region(query))


def count_words(text: str) -> int:  # expect: tool
    """Count the words of a text."""
    return len(text.split())


researcher = create_react_agent("openai:gpt-4.1", [read_page, queue_page, read_page_in_pool, queue_in_pool])
writer = create_deep_agent("openai:gpt-4.1", [search_eu, count_words], system_prompt="Write.")
team = create_supervisor([researcher, writer], model=None, tools=[count_words])
