"""A server made by the project's own subclass of FastMCP: the adapter goes where it is made.
`ProxyMCP` makes its own `__init__`, so its tools get a checkpoint each."""

import httpx
from boundlint_runtime import truncate_text
from boundlint_runtime.adapters.fastmcp import BoundlintMiddleware
from fastmcp import FastMCP

MAX_TOOL_OUTPUT_CHARS = 16_000  # characters a tool may return to the model


class DocsMCP(FastMCP):
    def http_app(self, path=None, **kwargs):
        return super().http_app(path=path, **kwargs)


class ProxyMCP(FastMCP):
    def __init__(self, name):
        super().__init__(name, instructions="A proxy.")


docs = DocsMCP("docs", middleware=[BoundlintMiddleware(max_chars=MAX_TOOL_OUTPUT_CHARS)])
proxy = ProxyMCP("proxy")


@docs.tool()
def fetch_page(url: str) -> str:
    """Fetch a documentation page."""
    return httpx.get(url, timeout=10).text


@proxy.tool()
def forward(url: str) -> str:
    """Forward a request."""
    return truncate_text(
        httpx.get(url, timeout=10).text, max_chars=MAX_TOOL_OUTPUT_CHARS
    )
