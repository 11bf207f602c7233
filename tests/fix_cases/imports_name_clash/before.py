import requests
from langchain_core.tools import tool


def truncate_text(text: str) -> str:
    """The project's own helper, with the same name as the runtime's."""
    return text[:10]


def tidy(items, truncate_for_llm=False):
    return items


@tool
def page(url: str) -> str:
    """A page."""
    return requests.get(url).text


@tool
def links(url: str) -> list[str]:
    """Links of a page."""
    return requests.get(url).json()["links"]
