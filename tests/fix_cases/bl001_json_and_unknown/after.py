from typing import Any, Optional

import requests
from agents import function_tool
from boundlint_runtime import truncate_for_llm

MAX_TOOL_OUTPUT_CHARS = 16_000  # characters a tool may return to the model


@function_tool
def order_events(order_id: str) -> dict[str, str]:
    """Events of an order."""
    return truncate_for_llm(
        requests.get(f"https://labels.example/{order_id}").json()["labels"],
        max_chars=MAX_TOOL_OUTPUT_CHARS,
    )


@function_tool
def calendar(desk: str) -> dict:
    """A desk's calendar: `.json()` is JSON data whatever the annotation."""
    return truncate_for_llm(
        requests.get(f"https://cal.example/{desk}").json(),
        max_chars=MAX_TOOL_OUTPUT_CHARS,
    )


@function_tool
def names(desk: str) -> Optional[list[str]]:
    """Names on a desk."""
    return truncate_for_llm(
        requests.get(f"https://staff.example/{desk}").json().get("names"),
        max_chars=MAX_TOOL_OUTPUT_CHARS,
    )


@function_tool
def rows(query: str) -> list[dict[str, Any]]:
    """Rows of a query: read out of parsed JSON, so JSON data whatever `Any` may be."""
    return truncate_for_llm(
        requests.get("https://db.example", params={"q": query}).json()["rows"],
        max_chars=MAX_TOOL_OUTPUT_CHARS,
    )


@function_tool
def records(query: str) -> list[Any]:
    """Records of a query: neither the annotation nor the call says JSON, so the fix is unsafe."""
    return list(requests.get("https://db.example", params={"q": query}).iter_lines())
