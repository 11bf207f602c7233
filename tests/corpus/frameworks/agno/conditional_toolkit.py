"""Models Agno toolkits that build the tools list conditionally (tools.append behind enable_* / all flags) and pass async variants through async_tools=[(self.aname, "name")], as in agno/tools/tavily.py, websearch.py and brandfetch.py."""

from pathlib import Path
from typing import Any, List

import httpx
from agno.tools.toolkit import Toolkit


class DocsSearchTools(Toolkit):
    def __init__(
        self,
        api_key: str,
        enable_search: bool = True,
        enable_fetch_page: bool = True,
        enable_stats: bool = False,
        all: bool = False,
        **kwargs,
    ):
        self.api_key = api_key
        tools: List[Any] = []
        async_tools: List[tuple] = []
        if enable_search or all:
            tools.append(self.search_docs)
            async_tools.append((self.asearch_docs, "search_docs"))
        if enable_fetch_page or all:
            tools.append(self.fetch_page)
            async_tools.append((self.afetch_page, "fetch_page"))
        if enable_stats or all:
            tools.append(self.index_size)
        super().__init__(name="docs_search", tools=tools, async_tools=async_tools, **kwargs)

    def search_docs(self, query: str, max_results: int = 5) -> str:  # expect: tool BL001
        """Search the documentation index."""
        resp = httpx.get(
            "https://docs.example.com/api/search",
            params={"q": query, "limit": max_results, "key": self.api_key},
        )
        hits = resp.json()["hits"]
        return "\n\n".join(f"{h['title']}\n{h['snippet']}" for h in hits)

    async def asearch_docs(self, query: str, max_results: int = 5) -> str:  # expect: tool BL001
        """Search the documentation index (async)."""
        async with httpx.AsyncClient() as client:
            resp = await client.get(
                "https://docs.example.com/api/search",
                params={"q": query, "limit": max_results, "key": self.api_key},
            )
        return resp.text

    def fetch_page(self, url: str) -> str:  # expect: tool
        """Fetch a documentation page, cut to 4000 characters."""
        text = httpx.get(url, timeout=20).text
        marker = "\n[... truncated]" if len(text) > 4000 else ""
        return text[:4000] + marker

    async def afetch_page(self, url: str) -> str:  # expect: tool
        """Fetch a documentation page, cut to 4000 characters (async)."""
        async with httpx.AsyncClient() as client:
            resp = await client.get(url, timeout=20)
        return resp.text[:4000]

    def index_size(self) -> int:  # expect: tool
        """Number of pages in the index."""
        return int(httpx.get("https://docs.example.com/api/stats").json()["pages"])


class SnippetFileTools(Toolkit):
    """Async methods may sit directly in tools=: Agno files them as async functions."""

    def __init__(self, root: str, **kwargs):
        self.root = Path(root)
        super().__init__(name="snippets", tools=[self.read_snippet, self.save_snippet], **kwargs)

    async def read_snippet(self, name: str) -> str:  # expect: tool BL001
        """Read a saved snippet."""
        return (self.root / name).read_text()

    async def save_snippet(self, name: str, content: str) -> str:  # expect: tool
        """Save a snippet to disk."""
        (self.root / name).write_text(content)
        return f"Saved {len(content)} characters to {name}"
