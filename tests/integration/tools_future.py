"""Tool functions written with postponed annotations (every annotation is a string)."""

from __future__ import annotations

from typing import Literal

from boundlint_runtime import bounded
from pydantic import BaseModel, Field

LIMIT = 300


class Filters(BaseModel):
    """Narrow the search."""

    site: str = Field(description="Only this site.")
    kind: Literal["post", "comment"] = "post"


def search_docs(query: str, filters: Filters | None = None, limit: int = 5, tags: list[str] | None = None) -> str:
    """Search the documentation.

    Args:
        query: Words to look for.
        filters: Optional filters.
        limit: How many results.
        tags: Only results with these tags.
    """
    return f"results for {query}: " + "lorem ipsum " * (limit * 100)


async def fetch_page(url: str, max_items: int = 10) -> dict[str, object]:
    """Fetch a page and its links.

    Args:
        url: The page address.
        max_items: How many links.
    """
    return {"url": url, "title": "t", "links": [f"{url}/{i}" for i in range(max_items)], "body": "b" * 5000}


bounded_search_docs = bounded(LIMIT)(search_docs)
bounded_fetch_page = bounded(LIMIT)(fetch_page)
