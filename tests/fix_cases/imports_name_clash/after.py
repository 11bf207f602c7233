import requests
from boundlint_runtime import truncate_for_llm as _bl_truncate_for_llm, truncate_text as _bl_truncate_text
from langchain_core.tools import tool

MAX_TOOL_OUTPUT_CHARS = 16_000  # characters a tool may return to the model


def truncate_text(text: str) -> str:
    """The project's own helper, with the same name as the runtime's."""
    return text[:10]


def tidy(items, truncate_for_llm=False):
    return items


@tool
def page(url: str) -> str:
    """A page."""
    return _bl_truncate_text(requests.get(url).text, max_chars=MAX_TOOL_OUTPUT_CHARS)


@tool
def links(url: str) -> list[str]:
    """Links of a page."""
    return _bl_truncate_for_llm(
        requests.get(url).json()["links"], max_chars=MAX_TOOL_OUTPUT_CHARS
    )
