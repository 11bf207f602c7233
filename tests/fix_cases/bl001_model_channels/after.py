"""A LangGraph tool answers with a Command or a ToolMessage: the fix bounds the content the model
reads and keeps the Command (its state update) and the message (its id and artifact). A tool that
hands the framework a coroutine gets no fix: a checkpoint around it would never run it."""

import requests
from boundlint_runtime import truncate_for_llm
from langchain_core.messages import ToolMessage
from langchain_core.tools import tool
from langgraph.types import Command

MAX_TOOL_OUTPUT_CHARS = 16_000  # characters a tool may return to the model


async def _fetch(url: str) -> str:
    return requests.get(url, timeout=30).text


@tool
def fetch_later(url: str):
    """Fetch a page; the framework awaits the coroutine."""
    return _fetch(url)


@tool
def save_and_show(url: str, tool_call_id: str) -> Command:
    """Save a page in the state and show it."""
    body = requests.get(url, timeout=30).text
    return Command(update={"files": {url: body}, "messages": [ToolMessage(truncate_for_llm(body, max_chars=MAX_TOOL_OUTPUT_CHARS), tool_call_id=tool_call_id)]})


@tool
def show(url: str, tool_call_id: str) -> ToolMessage:
    """Show a page, with its address as the artifact."""
    return ToolMessage(content=truncate_for_llm(requests.get(url, timeout=30).text, max_chars=MAX_TOOL_OUTPUT_CHARS), tool_call_id=tool_call_id, artifact=url)


@tool
def built_elsewhere(url: str, tool_call_id: str) -> Command:
    """Messages made before the Command: bounded by hand."""
    messages = [ToolMessage(requests.get(url, timeout=30).text, tool_call_id=tool_call_id)]
    return Command(update={"messages": messages})
