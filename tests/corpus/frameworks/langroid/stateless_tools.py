"""Models Langroid "stateless" tools (langroid/agent/tools/*_search_tool.py, examples/basic/tool-extract-short-example.py, examples/mcp/*): ToolMessage subclasses with a `request` name whose handle()/handle_async()/response(agent) method produces the tool result; enabled with agent.enable_message(...). `_max_result_tokens` makes Langroid truncate the result."""

import json

import requests
from pydantic import Field

import langroid as lr
from langroid.agent.tool_message import ToolMessage
from langroid.agent.tools.mcp import mcp_tool
from langroid.agent.tools.orchestration import ResultTool


class WebSearchTool(ToolMessage):
    request: str = "web_search"
    purpose: str = "To search the web for <query> and return up to <num_results> results."
    query: str
    num_results: int = 5

    def handle(self) -> str:  # expect: tool BL001
        resp = requests.get("https://api.search.example.com/v1", params={"q": self.query, "n": self.num_results}, timeout=10)
        return "\n\n".join(f"{r['title']}\n{r['link']}\n{r['snippet']}" for r in resp.json()["results"])

    @classmethod
    def examples(cls):
        return [cls(query="latest Python release", num_results=3)]


class PageTool(lr.ToolMessage):
    request: str = "read_page"
    purpose: str = "To read the text of the web page at <url>."
    url: str
    _max_result_tokens: int = 800

    def handle(self) -> str:  # expect: tool
        return requests.get(self.url, timeout=10).text


class RawPageTool(lr.agent.ToolMessage):
    request: str = "read_raw_page"
    purpose: str = "To fetch the raw HTML at <url>."
    url: str

    async def handle_async(self) -> str:  # expect: tool BL001
        import httpx

        async with httpx.AsyncClient() as client:
            return (await client.get(self.url)).text


class MarketCapTool(lr.ToolMessage):
    request: str = "market_cap"
    purpose: str = "To compute the market capitalization from <shares> and <price>."
    shares: float = Field(..., description="shares outstanding")
    price: float = Field(..., description="price per share")

    def handle(self) -> ResultTool:  # expect: tool
        return ResultTool(market_cap=self.shares * self.price)


class NoteCountTool(lr.ToolMessage):
    request: str = "note_count"
    purpose: str = "To count the notes the agent has saved."

    def response(self, agent: lr.ChatAgent) -> str:  # expect: tool
        return f"{len(agent.notes)} notes saved"


class DumpNotesTool(lr.ToolMessage):
    request: str = "dump_notes"
    purpose: str = "To show every note the agent has saved."

    def response(self, agent: lr.ChatAgent) -> str:  # expect: tool BL001
        return json.dumps(agent.notes)


@mcp_tool("npx -y exa-mcp-server", "web_search_exa")
class ExaSearchTool(lr.ToolMessage):
    async def handle_async(self) -> str:  # expect: tool BL001
        result: str = await self.call_tool_async()
        return f"<WebSearchResult>\n{result}\n</WebSearchResult>"


@mcp_tool("npx -y @modelcontextprotocol/server-filesystem .", "write_file")
class WriteFileTool(lr.ToolMessage):
    async def handle_async(self) -> str:  # expect: tool
        await self.call_tool_async()
        return f"Wrote {self.path}"


def make_agent() -> lr.ChatAgent:
    agent = lr.ChatAgent(lr.ChatAgentConfig(name="Researcher"))
    agent.notes = []
    agent.enable_message([WebSearchTool, PageTool, RawPageTool, MarketCapTool])
    agent.enable_message(NoteCountTool)
    agent.enable_message(DumpNotesTool)
    agent.enable_message(ExaSearchTool)
    agent.enable_message(WriteFileTool)
    return agent
