"""A LangChain tool with an injected argument, written with postponed annotations."""

from __future__ import annotations

from typing import Annotated

from boundlint_runtime import bounded
from langchain_core.tools import InjectedToolArg

from .tools_future import LIMIT


def fetch_for_user(url: str, user_id: Annotated[str, InjectedToolArg]) -> str:
    """Fetch a page on behalf of a user.

    Args:
        url: The page address.
        user_id: Who asks (injected by the app, hidden from the model).
    """
    return f"{user_id}@{url}: " + "page " * 1000


bounded_fetch_for_user = bounded(LIMIT)(fetch_for_user)
