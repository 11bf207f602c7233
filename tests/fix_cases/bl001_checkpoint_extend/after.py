"""A LangChain agent whose middleware list gets the checkpoint appended."""

import httpx
from boundlint_runtime.adapters.langchain import BoundlintMiddleware
from langchain.agents import create_agent
from langchain.agents.middleware import SummarizationMiddleware
from langchain_core.tools import tool


@tool
def fetch_page(url: str) -> str:
    """Fetch a page."""
    return httpx.get(url, timeout=10).text


agent = create_agent(
    "openai:gpt-5",
    tools=[fetch_page],
    middleware=[
        BoundlintMiddleware(max_chars=16_000),
        SummarizationMiddleware(model="openai:gpt-5-mini"),
    ],
)
