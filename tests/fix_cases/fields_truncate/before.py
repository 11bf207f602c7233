"""Contracts of the search tools (Pydantic v2)."""

from __future__ import annotations

from typing import Optional, Union

from mcp.server.fastmcp import FastMCP
from pydantic import BaseModel, Field

mcp = FastMCP("search")


class Hit(BaseModel):
    text: str  # the page text
    snippet: str = ""
    body: str | None = None
    summary: Union[str, None] = None
    labels: set[str] = Field(default_factory=set)
    score: float = 0.0


class Results(BaseModel):
    query: str = Field(max_length=500)
    hits: list[Hit] = Field(default_factory=list)
    related: Optional[list[str]] = None
    counts: dict[str, int] = {}
    history: tuple[str, ...] = ()
    pair: tuple[int, int] = (0, 0)


@mcp.tool()
def search(q: str) -> Results:
    return Results(query=q)
