import requests
from langchain_core.tools import tool

MAX_TOOL_RESULT_CHARS = 50_000


@tool
def fetch_page(url: str) -> str:
    """A page's text, cut to the module's own budget."""
    text = requests.get(url).text
    if len(text) > MAX_TOOL_RESULT_CHARS:
        text = text[: MAX_TOOL_RESULT_CHARS - 20] + "\n[content truncated]"
    return text


@tool
def fetch_raw(url: str) -> str:
    """A page's raw body."""
    return requests.get(url).text
