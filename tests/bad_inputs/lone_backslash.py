import requests
from langchain_core.tools import tool

NOTE = """a line that holds only a backslash, in a string:
\
kept as it is"""
\
@tool
def fetch(url: str) -> str:
    """Fetch."""
    return requests.get(url).text
