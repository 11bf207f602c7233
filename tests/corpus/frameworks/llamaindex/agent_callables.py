"""Models LlamaIndex agents given plain functions (FunctionAgent / ReActAgent tools=[...], AgentWorkflow.from_tools_or_functions), mixed with a spec's to_tool_list() as in the agent tutorial."""

import datetime
import json

import httpx
from llama_index.core.agent.workflow import AgentWorkflow, FunctionAgent, ReActAgent
from llama_index.llms.openai import OpenAI
from llama_index.tools.yahoo_finance import YahooFinanceToolSpec

from web_specs import WikiToolSpec


def add(a: int, b: int) -> int:  # expect: tool
    """Add two integers."""
    return a + b


def today() -> str:  # expect: tool
    """Today's date in ISO format."""
    return datetime.date.today().isoformat()


async def fetch_readme(repo: str) -> str:  # expect: tool BL001
    """Fetch the README of a GitHub repository."""
    async with httpx.AsyncClient() as client:
        resp = await client.get(f"https://raw.githubusercontent.com/{repo}/HEAD/README.md")
    return resp.text


def list_tickets(project: str) -> str:  # expect: tool BL001
    """All open tickets of a project as JSON."""
    issues = httpx.get(f"https://tracker.example/api/{project}/issues", params={"state": "open"}).json()
    return json.dumps(issues)


def format_ticket(ticket: dict) -> str:
    return f"#{ticket['id']} {ticket['title']}"


llm = OpenAI(model="gpt-4o-mini")

finance_tools = YahooFinanceToolSpec().to_tool_list()
finance_tools.extend([add, today])
finance_agent = FunctionAgent(name="finance", llm=llm, tools=finance_tools)

research_agent = ReActAgent(llm=llm, tools=[fetch_readme, *WikiToolSpec().to_tool_list()])

workflow = AgentWorkflow.from_tools_or_functions([list_tickets, add], llm=llm)
