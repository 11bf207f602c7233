"""Models LlamaIndex tool specs: spec_functions strings, a (sync, async) tuple, async-only methods and annotated list/tuple spec_functions, like the requests, wikipedia, google-search, scraper and moss integrations."""

import json
from urllib.parse import urlparse

import aiohttp
import httpx
import requests
import wikipedia
from llama_index.core.schema import Document
from llama_index.core.tools.tool_spec.base import BaseToolSpec

INVALID_URL = "Invalid URL: pass a full http(s) URL."
MAX_CHARS = 4000


class WebRequestsToolSpec(BaseToolSpec):
    """Plain HTTP calls for an agent."""

    spec_functions = ["get_request", "post_request", "check_status"]

    def __init__(self, headers: dict | None = None, timeout: int = 30) -> None:
        self.headers = headers or {}
        self.timeout = timeout

    def get_request(self, url: str, params: dict | None = None) -> dict:  # expect: tool BL001
        """Send a GET request and return the JSON body."""
        if not self._valid_url(url):
            return INVALID_URL
        res = requests.get(url, headers=self.headers, params=params, timeout=self.timeout)
        return res.json()

    def post_request(self, url: str, data: dict | None = None) -> str:  # expect: tool BL001
        """Send a POST request and return the response text."""
        if not self._valid_url(url):
            return INVALID_URL
        res = requests.post(url, headers=self.headers, json=data, timeout=self.timeout)
        return res.text

    def check_status(self, url: str) -> int:  # expect: tool
        """Return the HTTP status code of a HEAD request."""
        return requests.head(url, timeout=self.timeout).status_code

    def _valid_url(self, url: str) -> bool:
        parsed = urlparse(url)
        return bool(parsed.scheme and parsed.hostname)


class WikiToolSpec(BaseToolSpec):
    """Wikipedia pages for an agent."""

    spec_functions = ["load_page", "search_pages"]

    def load_page(self, page: str, lang: str = "en") -> str:  # expect: tool BL001
        """Load the whole text of a Wikipedia page."""
        wikipedia.set_lang(lang)
        try:
            wiki_page = wikipedia.page(page, auto_suggest=False)
        except wikipedia.PageError:
            return "Unable to load page. Try searching instead."
        return wiki_page.content

    def search_pages(self, query: str, lang: str = "en") -> str:  # expect: tool BL001
        """Search Wikipedia and load the best match."""
        pages = wikipedia.search(query)
        if not pages:
            return "No search results."
        return self.load_page(pages[0], lang)


class SearchToolSpec(BaseToolSpec):
    """Custom search engine, sync and async."""

    spec_functions = [("search", "asearch")]

    def __init__(self, key: str, engine: str) -> None:
        self.key = key
        self.engine = engine

    def _url(self, query: str) -> str:
        return f"https://www.googleapis.com/customsearch/v1?key={self.key}&cx={self.engine}&q={query}"

    def search(self, query: str) -> list[Document]:  # expect: tool BL001
        """Search the web and return the raw result page."""
        response = httpx.get(self._url(query))
        return [Document(text=response.text)]

    async def asearch(self, query: str) -> list[Document]:  # expect: tool BL001
        """Async twin of search."""
        async with httpx.AsyncClient() as client:
            response = await client.get(self._url(query))
        items = json.loads(response.text).get("items", [])
        return [Document(text=json.dumps(items))]


class ScraperToolSpec(BaseToolSpec):
    """Scraping API; every tool is a coroutine."""

    spec_functions: list[str] = ["fetch_html", "scrape_status"]

    def __init__(self, api_key: str) -> None:
        self.api_key = api_key
        self.base = "https://api.scraper.example/v1"

    async def fetch_html(self, url: str) -> str:  # expect: tool BL001
        """Fetch the rendered HTML of a page."""
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{self.base}/html", params={"url": url, "key": self.api_key}) as resp:
                html = await resp.text()
        return html

    async def scrape_status(self, job_id: str) -> str:  # expect: tool
        """Tell whether a scrape job has finished."""
        data = await self._poll(job_id)
        done = data.get("finished", False)
        return f"Job {job_id} finished: {done}"

    async def _poll(self, job_id: str) -> dict:
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{self.base}/jobs/{job_id}") as resp:
                return await resp.json()


class IndexQueryToolSpec(BaseToolSpec):
    """Query a hosted semantic index, answer cut to a budget."""

    spec_functions: tuple[str, ...] = ("query",)

    def __init__(self, index) -> None:
        self.index = index

    def query(self, question: str, top_k: int = 5) -> str:  # expect: tool
        """Query the index."""
        text = "\n\n".join(hit.text for hit in self.index.search(question, top_k=top_k))
        if len(text) > MAX_CHARS:
            return text[:MAX_CHARS] + "\n... [truncated]"
        return text
