from langchain_core.tools import tool

MAX_CHARS = 8000


@tool
def fetch(text: str) -> str:
    """A page cut to its budget, then marked: a few characters over."""
    return text[:MAX_CHARS] + "... [truncated]"
