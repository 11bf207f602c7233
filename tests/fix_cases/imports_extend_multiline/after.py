import json

from boundlint_runtime import (
    bounded,
    truncate_json,  # JSON text
    truncate_text,
)
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")


@mcp.tool()
def raw(path: str) -> str:
    with open(path) as f:
        return truncate_text(f.read(), max_chars=16_000)


@mcp.tool()
def doc(path: str) -> str:
    with open(path) as f:
        return truncate_json(json.dumps(json.load(f)), 8000)


@mcp.tool()
@bounded(4000)
def page(path: str) -> str:
    with open(path) as f:
        return f.read()
