"""Models Mirascope 2.x (`from mirascope import llm`) tools from python/examples/tools and sazed: @llm.tool (bare or @llm.tool(strict=True)), context tools taking ctx: llm.Context[Deps], async tools, passed to @llm.call(..., tools=[...]) or model.call(..., tools=[...]); response.execute_tools() sends each return value back to the model."""

import json
import math
from dataclasses import dataclass, field

import httpx
import requests

from mirascope import llm


@dataclass
class Library:
    books: list[str] = field(default_factory=list)


@llm.tool
def sqrt_tool(number: float) -> float:  # expect: tool
    """Computes the square root of a number."""
    return math.sqrt(number)


@llm.tool
def fetch_page(url: str) -> str:  # expect: tool BL001
    """Fetch the text of a web page."""
    return requests.get(url, timeout=10).text


@llm.tool(strict=True)
def lookup_order(order_id: str) -> str:  # expect: tool (one order by its id: one record)
    """Full order record as JSON."""
    resp = requests.get(f"https://shop.example.com/api/orders/{order_id}", timeout=10)
    return json.dumps(resp.json())


@llm.tool(strict=True)
def cancel_order(order_id: str) -> str:  # expect: tool
    """Cancel an order."""
    requests.post(f"https://shop.example.com/api/orders/{order_id}/cancel", timeout=10).raise_for_status()
    return f"Order {order_id} cancelled"


@llm.tool
def count_books(ctx: llm.Context[Library]) -> int:  # expect: tool
    """How many books are in the library."""
    return len(ctx.deps.books)


@llm.tool
def list_books(ctx: llm.Context[Library]) -> str:  # expect: tool BL001
    """Every book in the library, one per line."""
    return "\n".join(ctx.deps.books)


@llm.tool
async def fetch_feed(url: str) -> str:  # expect: tool BL001
    """Fetch an RSS feed."""
    async with httpx.AsyncClient() as client:
        return (await client.get(url)).text


@llm.tool
async def feed_status(url: str) -> int:  # expect: tool
    """HTTP status code of a feed URL."""
    async with httpx.AsyncClient() as client:
        return (await client.head(url)).status_code


def normalize(url: str) -> str:
    return url.strip().rstrip("/")


@llm.call("openai/gpt-5-mini", tools=[sqrt_tool, fetch_page, fetch_feed, feed_status])
def assistant(query: str):
    return query


@llm.call("anthropic/claude-sonnet-4-5", tools=[count_books, list_books])
def librarian(ctx: llm.Context[Library], query: str):
    return [llm.messages.system("You are a librarian."), llm.messages.user(query)]


def support(query: str) -> str:
    model = llm.Model("openai/gpt-5-mini")
    response = model.call(query, tools=[lookup_order, cancel_order])
    while response.tool_calls:
        response = response.resume(response.execute_tools())
    return response.text()
