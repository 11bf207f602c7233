import requests
from strands import tool


@tool
def changelog(package: str) -> str:
    """A package's changelog."""
    return requests.get(f"https://pypi.example/{package}/changelog").text
