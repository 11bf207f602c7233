from __future__ import annotations

from typing import TYPE_CHECKING

import requests
from boundlint_runtime import truncate_text
from langchain_core.tools import tool

if TYPE_CHECKING:
    # Only for type checkers: it does not run, so the fix adds a real import.
    from boundlint_runtime import truncate_text


@tool
def page(url: str) -> str:
    """A page."""
    return truncate_text(requests.get(url).text, max_chars=16_000)
