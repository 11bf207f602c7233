"""Models third-party Agent Squad supervisors (travel planner, movie production, customer support
demos): tools built inside a factory and handed to a `SupervisorAgent`'s lead as `AgentTools`,
async functions among them."""

import json
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import httpx

from agent_squad.agents import SupervisorAgent, SupervisorAgentOptions
from agent_squad.utils.tool import AgentTool, AgentTools

DB = sqlite3.connect("travel.db")


async def fetch_url(url: str) -> str:  # expect: tool BL001
    """The body of a web page."""
    async with httpx.AsyncClient() as client:
        response = await client.get(url)
    return response.text


def read_notes(path: str) -> str:  # expect: tool BL001
    """A notes file, whole."""
    return Path(path).read_text(encoding="utf-8")


def current_time() -> str:  # expect: tool
    """The time now, in UTC."""
    return datetime.now(timezone.utc).isoformat()


def add_numbers(a: float, b: float) -> float:  # expect: tool
    """The sum of two numbers."""
    return a + b


def list_bookings(customer_id: str) -> str:  # expect: tool BL001
    """Every booking a customer ever made, as JSON."""
    rows = DB.execute("SELECT * FROM bookings WHERE customer = ?", (customer_id,)).fetchall()
    return json.dumps([dict(row) for row in rows])


def build_lead(lead_agent) -> SupervisorAgent:
    tools = AgentTools(
        tools=[
            AgentTool(name="fetch_url", description="Fetch a page.", func=fetch_url),
            AgentTool(name="read_notes", description="Read notes.", func=read_notes),
            AgentTool(name="current_time", description="The time.", func=current_time),
            AgentTool(name="add_numbers", description="Add.", func=add_numbers),
            AgentTool(name="list_bookings", description="Bookings.", func=list_bookings),
        ]
    )
    return SupervisorAgent(SupervisorAgentOptions(lead_agent=lead_agent, team=[], extra_tools=tools))
