import requests
from langchain_core.tools import tool

@tool
def fetch(url: str) -> str:
    """Fetch."""
    return requests.get(url).text
