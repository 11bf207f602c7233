from typing import Any, Dict, Optional

import requests
from langchain_core.tools import tool


def current_buzz(session: str) -> Optional[Dict[str, Any]]:
    return requests.get(f"https://buzz.example/sessions/{session}/buzz", timeout=10).json()


def articles(topic: str) -> list[dict[str, str]]:
    return requests.get("https://news.example/search", params={"q": topic}, timeout=10).json()


@tool
def get_current_buzz(session: str) -> str:
    """Annotated `-> str`, but the framework gets the helper's dict: a text cut would give it the repr."""
    return current_buzz(session)


@tool
def get_articles(topic: str) -> str:
    """Annotated `-> str`, but the helper's annotation says JSON data: it is cut as data."""
    return articles(topic)
