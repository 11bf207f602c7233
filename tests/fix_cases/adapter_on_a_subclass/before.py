"""A server made by the project's own subclass of FastMCP: the adapter goes where it is made.
`ProxyMCP` makes its own `__init__`, so its tools get a checkpoint each."""

import httpx
from fastmcp import FastMCP


class DocsMCP(FastMCP):
    def http_app(self, path=None, **kwargs):
        return super().http_app(path=path, **kwargs)


class ProxyMCP(FastMCP):
    def __init__(self, name):
        super().__init__(name, instructions="A proxy.")


docs = DocsMCP("docs")
proxy = ProxyMCP("proxy")


@docs.tool()
def fetch_page(url: str) -> str:
    """Fetch a documentation page."""
    return httpx.get(url, timeout=10).text


@proxy.tool()
def forward(url: str) -> str:
    """Forward a request."""
    return httpx.get(url, timeout=10).text
