"""Models LangGraph tools that answer with a `Command` (a state update whose `messages` the model
sees) or a `ToolMessage` with an artifact, and tools built with `StructuredTool(func=, coroutine=)`."""

from typing import Annotated

import requests
from langchain_core.messages import ToolMessage
from langchain_core.tools import InjectedToolCallId, StructuredTool, tool
from langgraph.types import Command


@tool
def save_page(url: str, tool_call_id: Annotated[str, InjectedToolCallId]) -> Command:  # expect: tool
    """Download a page into the graph's files."""
    body = requests.get(url, timeout=30).text
    return Command(update={"files": {url: body}, "messages": [ToolMessage("Saved.", tool_call_id=tool_call_id)]})


@tool
def paste_page(url: str, tool_call_id: Annotated[str, InjectedToolCallId]) -> Command:  # expect: tool BL001
    """Download a page and show it."""
    body = requests.get(url, timeout=30).text
    return Command(update={"messages": [ToolMessage(content=body, tool_call_id=tool_call_id)]})


@tool
def chart(url: str, tool_call_id: Annotated[str, InjectedToolCallId]) -> ToolMessage:  # expect: tool
    """Draw a chart of a data file; the data rides along as the artifact."""
    data = requests.get(url, timeout=30).json()
    return ToolMessage(content="Chart drawn.", artifact=data, tool_call_id=tool_call_id)


@tool
def dump(url: str, tool_call_id: Annotated[str, InjectedToolCallId]) -> ToolMessage:  # expect: tool BL001
    """Show a data file."""
    return ToolMessage(str(requests.get(url, timeout=30).json()), tool_call_id=tool_call_id)


def lookup_ticket(ticket_id: str) -> str:  # expect: tool
    """The status of a ticket."""
    return f"ticket {ticket_id}: open"


async def alookup_ticket(ticket_id: str) -> str:  # expect: tool
    """The status of a ticket."""
    return f"ticket {ticket_id}: open"


def ticket_thread(ticket_id: str) -> str:  # expect: tool BL001
    """Every reply on a ticket."""
    return requests.get(f"https://desk.example/tickets/{ticket_id}/replies", timeout=30).text


status_tool = StructuredTool(
    name="ticket_status", description="Ticket status.", func=lookup_ticket, coroutine=alookup_ticket
)
thread_tool = StructuredTool(name="ticket_thread", description="Ticket replies.", func=ticket_thread)
