"""Models plain callables handed to Agno: Agent(tools=[fn]) and Team(tools=[...]) (cookbook python_function_as_tool.py, custom_tools.py), agent.add_tool(fn), Function(entrypoint=fn), Function.from_callable(fn), a callable tools factory (02_agents/15_dependencies/dynamic_tools.py) and a bound method of a plain class."""

import json
from datetime import datetime, timezone
from pathlib import Path

import httpx
import pandas as pd
from agno.agent import Agent
from agno.run import RunContext
from agno.team import Team
from agno.tools.decorator import tool
from agno.tools.function import Function


def _fetch_json(url: str) -> dict:
    return httpx.get(url, timeout=10).json()


def get_stock_quote(symbol: str) -> str:  # expect: tool BL001
    """Get the latest quote and company profile for a stock symbol."""
    return json.dumps(_fetch_json(f"https://api.example.com/quote/{symbol}"))


def describe_csv(path: str) -> str:  # expect: tool BL001
    """Load a CSV file and return it as a table."""
    df = pd.read_csv(path)
    return df.to_string()


def csv_row_count(path: str) -> int:  # expect: tool
    """Number of rows in a CSV file."""
    return len(pd.read_csv(path))


def add(a: float, b: float) -> float:  # expect: tool
    """Add two numbers."""
    return a + b


def get_weather(location: str, unit: str = "celsius") -> str:  # expect: tool
    temp = 72 if unit == "fahrenheit" else 22
    return f"Weather in {location}: {temp} {unit}, sunny"


def read_changelog(version: str) -> str:  # expect: tool BL001
    return Path(f"docs/changelog/{version}.md").read_text()


@tool
def search_tickets(query: str) -> str:  # expect: tool BL001
    """Search support tickets."""
    resp = httpx.get("https://support.example.com/api/search", params={"q": query})
    return "\n".join(t["subject"] + ": " + t["body"] for t in resp.json()["tickets"])


weather_tool = Function(
    name="get_weather",
    description="Get current weather information for a location",
    parameters={
        "type": "object",
        "properties": {"location": {"type": "string"}, "unit": {"type": "string"}},
        "required": ["location"],
    },
    strict=True,
    entrypoint=get_weather,
)
changelog_tool = Function.from_callable(read_changelog, name="read_changelog")


class NotesClient:
    """Not a Toolkit: only the bound method handed to Agent(tools=...) is a tool."""

    def __init__(self, root: str):
        self.root = Path(root)

    def read_note(self, name: str) -> str:  # expect: tool BL001
        """Read a note file."""
        return (self.root / name).read_text()

    def note_names(self) -> list:
        return sorted(p.name for p in self.root.iterdir())


def get_runtime_tools(run_context: RunContext):
    """Callable tools factory: Agno calls it per run and uses the functions it returns."""

    def get_time() -> str:  # expect: tool
        return datetime.now(timezone.utc).isoformat()

    def get_project_brief() -> str:  # expect: tool BL001
        project = (run_context.session_state or {}).get("project", "unknown")
        return httpx.get(f"https://wiki.example.com/projects/{project}/brief").text

    return [get_time, get_project_brief]


notes = NotesClient("./notes")
analyst = Agent(name="Analyst", tools=[get_stock_quote, describe_csv, csv_row_count, weather_tool, notes.read_note])
analyst.add_tool(add)
support = Agent(name="Support", tools=[search_tickets, changelog_tool])
dynamic = Agent(name="Dynamic", tools=get_runtime_tools)
team = Team(members=[analyst, support], tools=[csv_row_count])
