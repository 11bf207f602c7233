import requests
from langchain_core.tools import tool


@tool
def page(url: str) -> str:
    """A page."""
    return requests.get(url).text


# Imported at the bottom (for a helper below): too late for code above it
# that runs at import time, so it is neither reused nor extended.
from boundlint_runtime import truncate_json  # noqa: E402


def compact(text: str) -> str:
    return truncate_json(text, 1000)
