import requests
from boundlint_runtime import truncate_for_llm
from langchain_core.tools import tool


@tool
def fetch_page(url: str) -> str:
    """Annotated `-> str`, but the framework gets the dict: its page is cut, the dict stays."""
    response = requests.get(url, timeout=10)
    return truncate_for_llm(
        {"url": url, "page": f"# {url}\n\n{response.text}"}, max_chars=16_000
    )
