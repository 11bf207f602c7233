import boundlint_runtime as blr
import requests
from langchain_core.tools import tool


@tool
def page(url: str) -> str:
    """A page."""
    return requests.get(url).text


@tool
def short_page(url: str) -> str:
    """A page, already bounded."""
    return blr.truncate_text(requests.get(url).text, max_chars=2000)
