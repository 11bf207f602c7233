import requests
from boundlint_runtime import truncate_for_llm
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
    """Not known to be text (a list would come back as a string): no automatic fix."""
    return requests.get(feed).json()["body"][:1000]
