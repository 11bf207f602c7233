from typing import Any

import httpx
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")


async def make_request(url: str) -> Any:
    async with httpx.AsyncClient() as client:
        response = await client.get(url)
        return response.json()


@mcp.tool()
async def get_protocols() -> dict[Any, Any]:
    """An API's answer, cut to 20: 20 items of a list, or 20 characters of a text."""
    data = await make_request("https://api.example.com/protocols")
    return data[:20]


@mcp.tool()
async def get_chains():
    """No annotation: the same."""
    data = await make_request("https://api.example.com/chains")
    return data[:30]
