import requests
from boundlint_runtime import truncate_for_llm, truncate_text
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("feeds")


@mcp.tool()
def latest(feed: str) -> list[str]:
    """The first 20 titles of a feed."""
    titles = [item["title"] for item in requests.get(feed).json()["items"]]
    return truncate_for_llm(titles, max_chars=16_000, max_items=20)


@mcp.tool()
def oldest(feed: str) -> list[str]:
    """The last 20 titles of a feed."""
    titles = [item["title"] for item in requests.get(feed).json()["items"]]
    return titles[-20:]


@mcp.tool()
def unknown(feed: str):
    """Not known to be text: truncate_text is an unsafe fix."""
    return truncate_text(requests.get(feed).json()["body"], max_chars=1000, mode="head")
