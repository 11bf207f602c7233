import sqlite3

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("db")


@mcp.tool()
def rows(query: str) -> list[dict]:
    """Every row of a query."""
    conn = sqlite3.connect("app.db")
    return [dict(r) for r in conn.execute(query).fetchall()]


@mcp.tool()
def pair(query: str):
    """A bare tuple stays one argument."""
    conn = sqlite3.connect("app.db")
    return query, conn.execute(query).fetchall()
