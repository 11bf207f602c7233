import sqlite3

from boundlint_runtime import truncate_for_llm
from mcp.server.fastmcp import FastMCP

MAX_TOOL_OUTPUT_CHARS = 16_000  # characters a tool may return to the model

mcp = FastMCP("db")


@mcp.tool()
def rows(query: str) -> list[dict]:
    """Every row of a query."""
    conn = sqlite3.connect("app.db")
    return truncate_for_llm(
        [dict(r) for r in conn.execute(query).fetchall()],
        max_chars=MAX_TOOL_OUTPUT_CHARS,
    )


@mcp.tool()
def pair(query: str):
    """A bare tuple stays one argument."""
    conn = sqlite3.connect("app.db")
    return truncate_for_llm(
        (query, conn.execute(query).fetchall()), max_chars=MAX_TOOL_OUTPUT_CHARS
    )
