from langchain_core.tools import tool

from .helpers import *  # may export anything, truncate_text included


@tool
def report(name: str) -> str:
    """A stored report."""
    return load_report(name)
