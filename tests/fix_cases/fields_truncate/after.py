"""Contracts of the search tools (Pydantic v2)."""

from __future__ import annotations

from typing import Annotated, Optional, Union

from boundlint_runtime.pydantic import Truncated, TruncatedItems
from mcp.server.fastmcp import FastMCP
from pydantic import BaseModel, Field

mcp = FastMCP("search")


class Hit(BaseModel):
    text: Annotated[str, Truncated(4_000)]  # the page text
    snippet: str = ""
    body: Annotated[str, Truncated(4_000)] | None = None
    summary: Union[Annotated[str, Truncated(4_000)], None] = None
    labels: Annotated[set[str], TruncatedItems(50)] = Field(default_factory=set)
    score: float = 0.0


class Results(BaseModel):
    query: str = Field(max_length=500)
    hits: Annotated[list[Hit], TruncatedItems(50)] = Field(default_factory=list)
    related: Optional[Annotated[list[str], TruncatedItems(50)]] = None
    counts: Annotated[dict[str, int], TruncatedItems(50)] = {}
    history: Annotated[tuple[str, ...], TruncatedItems(50)] = ()
    pair: tuple[int, int] = (0, 0)


@mcp.tool()
def search(q: str) -> Results:
    return Results(query=q)
