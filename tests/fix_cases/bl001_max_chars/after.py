import requests
from boundlint_runtime import truncate_text
from strands import tool


@tool
def changelog(package: str) -> str:
    """A package's changelog."""
    return truncate_text(
        requests.get(f"https://pypi.example/{package}/changelog").text, max_chars=8_000
    )
