"""Models Langroid tools handled by the agent (examples/basic/tool-custom-handler.py, chat-search-assistant*.py, the DocChatAgent tools): a ChatAgent subclass whose method named like the tool's `request` (or its `_handler`, or `<name>_async`) handles it, optionally with chat_doc; and a tool used by one agent and handled by another (enable_message(..., use=, handle=))."""

import json
import sqlite3

import requests
from pydantic import Field

import langroid as lr
from langroid.agent.chat_agent import ChatAgent, ChatAgentConfig
from langroid.agent.chat_document import ChatDocument
from langroid.agent.tool_message import ToolMessage


class CountryLanguageTool(ToolMessage):
    request: str = "country_language_tool"
    purpose: str = "To find the <language> spoken in a country."
    country_name: str = Field(..., description="country name")
    _handler: str = "country_tools_handler"


class CountryPopulationTool(ToolMessage):
    request: str = "country_population_tool"
    purpose: str = "To find the <population> of a country."
    country_name: str = Field(..., description="country name")
    _handler: str = "country_tools_handler"


class SQLTool(ToolMessage):
    request: str = "run_query"
    purpose: str = "To run the SQL <query> on the sales database."
    query: str


class TableCountTool(ToolMessage):
    request: str = "table_count"
    purpose: str = "To count the tables in the database."


class FetchDocTool(ToolMessage):
    request: str = "fetch_doc"
    purpose: str = "To fetch the document at <url>."
    url: str


class QuestionTool(lr.ToolMessage):
    request: str = "question_tool"
    purpose: str = "To ask the search agent a <question>."
    question: str


class CountryAgent(ChatAgent):
    def country_tools_handler(self, tool: ToolMessage) -> str:  # expect: tool
        data = requests.get(f"https://restcountries.com/v3.1/name/{tool.country_name}", timeout=5).json()[0]
        if tool.request == "country_language_tool":
            return ", ".join(list(data["languages"].values())[:3])
        return f"{data['population'] / 1e6:.1f} million people"


class SQLAgent(ChatAgent):
    def __init__(self, config: ChatAgentConfig, db_path: str):
        super().__init__(config)
        self.conn = sqlite3.connect(db_path)
        self.enable_message([SQLTool, TableCountTool, FetchDocTool])

    def run_query(self, msg: SQLTool) -> str:  # expect: tool BL001
        rows = self.conn.execute(msg.query).fetchall()
        return json.dumps(rows)

    def table_count(self, msg: TableCountTool, chat_doc: ChatDocument) -> str:  # expect: tool
        (n,) = self.conn.execute("select count(*) from sqlite_master where type='table'").fetchone()
        return f"{n} tables"

    async def fetch_doc_async(self, msg: FetchDocTool) -> str:  # expect: tool BL001
        import httpx

        async with httpx.AsyncClient() as client:
            return (await client.get(msg.url)).text

    def describe_schema(self) -> str:
        return "\n".join(r[0] for r in self.conn.execute("select sql from sqlite_master"))


class SearchAgent(lr.ChatAgent):
    def question_tool(self, msg: QuestionTool) -> str:  # expect: tool BL001
        hits = requests.get("https://api.search.example.com/v1", params={"q": msg.question}, timeout=10).json()
        return "\n".join(h["snippet"] for h in hits["results"])


def build() -> lr.Task:
    countries = CountryAgent(ChatAgentConfig(name="Countries"))
    countries.enable_message(CountryLanguageTool)
    countries.enable_message(CountryPopulationTool)
    assistant = lr.ChatAgent(lr.ChatAgentConfig(name="Assistant"))
    assistant.enable_message(QuestionTool, use=True, handle=False)
    searcher = SearchAgent(lr.ChatAgentConfig(name="Searcher"))
    searcher.enable_message(QuestionTool, use=False, handle=True)
    task = lr.Task(assistant)
    task.add_sub_task(lr.Task(searcher))
    return task
