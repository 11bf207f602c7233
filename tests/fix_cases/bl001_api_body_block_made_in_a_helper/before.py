"""A tool that returns the MCP block a helper made from a web API's answer: the body is JSON, so it
is cut as JSON where the helper makes the block, and stays valid JSON."""

import httpx
from mcp.server.fastmcp import FastMCP
from mcp.types import TextContent

mcp = FastMCP("places")

API_URL = "https://api.places.example/v2"


async def _search_places(query: str) -> list[TextContent]:
    async with httpx.AsyncClient() as client:
        response = await client.get(f"{API_URL}/search", params={"q": query})
    response.raise_for_status()
    return [TextContent(type="text", text=response.text)]


@mcp.tool()
async def search_places(query: str) -> list[TextContent]:
    return await _search_places(query)
