from boundlint_runtime import truncate_text as _bl_truncate_text
from langchain_core.tools import tool

from .helpers import *  # may export anything, truncate_text included


@tool
def report(name: str) -> str:
    """A stored report."""
    return _bl_truncate_text(load_report(name), max_chars=16_000)
