"""Tool forms that need more than a table entry: each with a look-alike that must stay quiet.

The frameworks' everyday forms are held by the labelled corpus
(`tests/corpus/frameworks/`); these are the forms that take a matcher of their
own: a subscripted server class, a project's wrapper around a framework
decorator, tools attached to an agent after it is made, registration by source
text, a framework's own limit, handlers named by tool messages, and results
that are yielded rather than returned.
"""

from __future__ import annotations

import pytest

from tests.helpers import run_tree

READ_TOOL = """
from langroid.agent.tool_message import ToolMessage

class ReadTool(ToolMessage):
    request: str = "read_file"
    purpose: str = "To read <path>."
    path: str
"""


def rows_of(tmp_path, source: str) -> dict[str, tuple[str, str, list[str]]]:
    """tool -> (framework, bounded, the codes found on it)."""
    result = run_tree(tmp_path, {"app.py": source, "messages.py": READ_TOOL}, tool_rows=True)
    assert result.errors == []
    return {row.tool: (row.framework, row.bounded, [f.code for f in row.findings]) for row in result.tool_rows}


def test_a_subscripted_low_level_server_registers_its_call_tool_handler(tmp_path):
    rows = rows_of(
        tmp_path,
        """
import requests
from mcp.server import Server

async def handle_call(ctx, params):
    return requests.get(params.arguments["url"]).text

async def unrelated(ctx, params):
    return requests.get(params.arguments["url"]).text

app = Server[dict]("v2", on_call_tool=handle_call)
""",
    )
    assert rows == {"handle_call": ("mcp", "no", ["BL001"])}


def test_a_projects_wrapper_around_a_framework_decorator_makes_tools(tmp_path):
    rows = rows_of(
        tmp_path,
        """
import functools
import requests
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")

def traced_tool(**kwargs):
    return mcp.tool(**kwargs)

def named_tool(name):
    def wrap(fn):
        return mcp.tool(name=name)(fn)
    return wrap

def logged(fn):  # a wrapper that registers nothing
    @functools.wraps(fn)
    def inner(*args):
        return fn(*args)
    return inner

@traced_tool(name="a")
def tool_a(url: str) -> str:
    return requests.get(url).text

@named_tool("b")
def tool_b(url: str) -> str:
    return requests.get(url).text

@logged
def helper(url: str) -> str:
    return requests.get(url).text
""",
    )
    assert set(rows) == {"tool_a", "tool_b"}
    assert rows["tool_b"] == ("mcp", "no", ["BL001"])


def test_a_decorator_that_registers_the_function_it_is_given_makes_tools(tmp_path):
    # `server.tool(func, name=...)` as a statement, then `return func`; made inside the function
    # that makes the server, as a local decorator factory.
    rows = rows_of(
        tmp_path,
        """
import requests
from fastmcp import FastMCP

def create_server():
    server: FastMCP = FastMCP("wiki")

    def register_tool(name: str):
        def decorator(func):
            server.tool(func, name=name)
            server.tool(func, name=f"wiki_{name}")
            return func
        return decorator

    def exposed(func):
        server.add_tool(func)
        return func

    def traced(name: str):  # looks the same, registers nothing
        def decorator(func):
            print(name, func)
            return func
        return decorator

    @register_tool("search")
    def search(query: str) -> str:
        return requests.get(query).text

    @exposed
    def page(title: str) -> str:
        return requests.get(title).text

    @traced("helper")
    def helper(url: str) -> str:
        return requests.get(url).text

    return server
""",
    )
    assert set(rows) == {"create_server.<locals>.search", "create_server.<locals>.page"}
    assert rows["create_server.<locals>.search"] == ("mcp", "no", ["BL001"])


def test_functions_attached_to_a_swarm_agent_after_it_is_made(tmp_path):
    rows = rows_of(
        tmp_path,
        """
from swarm import Agent

class Team:
    functions = []

triage = Agent(name="triage")
team = Team()

def a(): return "a"
def b(): return "b"
def c(): return "c"
def d(): return "d"
def e(): return "e"

triage.functions = [a]
triage.functions.append(b)
triage.functions.extend([c])
triage.functions += [d]
team.functions.append(e)  # not a Swarm agent
""",
    )
    assert set(rows) == {"a", "b", "c", "d"}
    assert {framework for framework, _, _ in rows.values()} == {"swarm"}


def test_letta_registration_by_source_text_and_its_return_char_limit(tmp_path):
    rows = rows_of(
        tmp_path,
        """
import inspect
from letta_client import Letta

def read_notes(path: str) -> str:
    with open(path) as f:
        return f.read()

def read_log(path: str) -> str:
    with open(path) as f:
        return f.read()

def describe(fn) -> str:
    return inspect.getsource(fn)

client = Letta()
client.tools.upsert(source_code=inspect.getsource(read_notes))
client.tools.upsert_from_function(func=read_log, return_char_limit=4000)
""",
    )
    assert rows["read_notes"] == ("letta", "no", ["BL001"])
    assert rows["read_log"][1:] == ("yes", [])  # Letta cuts it: a framework-level checkpoint
    assert "describe" not in rows


def test_langroid_agent_methods_handle_the_tool_messages_named_after_them(tmp_path):
    rows = rows_of(
        tmp_path,
        """
import requests
from langroid.agent.chat_agent import ChatAgent
from langroid.agent.tool_message import ToolMessage
from messages import ReadTool

class FetchTool(ToolMessage):
    request: str = "fetch_page"
    purpose: str = "To fetch <url>."
    url: str

class EchoTool(ToolMessage):
    request: str = "echo"
    purpose: str = "To echo <text>."
    text: str
    _max_result_tokens: int = 500

    def handle(self) -> str:
        return requests.get(self.text).text

class Browser(ChatAgent):
    def fetch_page(self, msg: FetchTool) -> str:
        return requests.get(msg.url).text

    def read_file(self, msg: ReadTool | None) -> str:
        return open(msg.path).read()

    def summary(self) -> str:
        return requests.get("https://example.com").text
""",
    )
    assert rows["Browser.fetch_page"] == ("langroid", "no", ["BL001"])
    assert rows["Browser.read_file"] == ("langroid", "no", ["BL001"])  # its message, in another module, is `X | None`
    assert rows["EchoTool.handle"][1:] == ("yes", [])  # `_max_result_tokens`: Langroid cuts it
    assert "Browser.summary" not in rows


def test_a_dify_tool_yields_its_result(tmp_path):
    rows = rows_of(
        tmp_path,
        """
import requests
from dify_plugin import Tool

class Reader(Tool):
    def _invoke(self, tool_parameters):
        yield self.create_link_message("https://example.com")
        yield self.create_text_message(requests.get(tool_parameters["url"]).text)

class Pinger(Tool):
    def _invoke(self, tool_parameters):
        yield self.create_text_message("pong")
""",
    )
    assert rows["Reader._invoke"] == ("dify", "no", ["BL001"])
    assert rows["Pinger._invoke"] == ("dify", "yes", [])


def test_an_agent_made_tool_returns_the_agents_final_output(tmp_path):
    result = run_tree(
        tmp_path,
        {
            "app.py": """
from pydantic import BaseModel
from agents import Agent, ModelSettings

class Flag(BaseModel):
    risky: bool

class Agent2:  # the project's own class with an as_tool method
    def as_tool(self, tool_name):
        return None

writer = Agent(name="writer", instructions="Write.")
capped = Agent(name="capped", instructions="One line.", model_settings=ModelSettings(max_tokens=60))
flagger = Agent(name="flagger", instructions="Flag it.", output_type=Flag)
mine = Agent2()

async def first_line(run_result) -> str:
    return str(run_result.final_output).splitlines()[0][:80] + "..."

write_tool = writer.as_tool(tool_name="write", tool_description="Write a text.")
line_tool = writer.as_tool(tool_name="line", tool_description="One line.", custom_output_extractor=first_line)
capped_tool = capped.as_tool(tool_name="capped", tool_description="One line.")
flag_tool = flagger.as_tool(tool_name="flag", tool_description="Flag.")
mine_tool = mine.as_tool(tool_name="mine")
"""
        },
        tool_rows=True,
    )
    assert result.errors == []
    rows = {row.tool: (row.bounded, [f.code for f in row.findings]) for row in result.tool_rows}
    assert rows == {
        "write": ("no", ["BL001"]),
        "line": ("yes", []),
        "capped": ("yes", []),
        "flag": ("yes", []),
    }
    (finding,) = [f for f in result.findings if f.code == "BL001"]
    assert "final output of agent `writer` (free text)" in finding.message
    assert finding.fix is None  # nothing in the project's code returns it


def test_a_subclass_of_another_langroid_agent_handles_messages_too(tmp_path):
    rows = rows_of(
        tmp_path,
        """
import requests
from langroid.agent.special.doc_chat_agent import DocChatAgent
from langroid.agent.tool_message import ToolMessage

class ExtractsTool(ToolMessage):
    request: str = "relevant_extracts"
    purpose: str = "To find extracts for <query>."
    query: str

class SearchDocAgent(DocChatAgent):
    def relevant_extracts(self, msg: ExtractsTool) -> str:
        return requests.get(msg.query).text

class Helper:  # not an agent: its method of that name is not a handler
    def relevant_extracts(self, msg: ExtractsTool) -> str:
        return requests.get(msg.query).text
""",
    )
    assert rows == {"SearchDocAgent.relevant_extracts": ("langroid", "no", ["BL001"])}


HANDLERS = """
import requests
from mcp.types import TextContent

class ToolHandler:
    def __init__(self, name: str):
        self.name = name

    def run_tool(self, args: dict) -> list[TextContent]:
        raise NotImplementedError()

class ReadHandler(ToolHandler):  # a base between: its subclasses are handlers too
    pass

class GetPage(ReadHandler):
    def __init__(self):
        super().__init__("get_page")

    def run_tool(self, args: dict) -> list[TextContent]:
        return [TextContent(type="text", text=requests.get(args["url"]).text)]

class Ping(ToolHandler):
    def __init__(self):
        super().__init__("ping")

    def run_tool(self, args: dict) -> list[TextContent]:
        return [TextContent(type="text", text="pong")]

class Formatter:  # defines the same method, derives from nothing of it
    def run_tool(self, args: dict) -> str:
        return requests.get(args["url"]).text
"""

SERVER = """
from mcp.server import Server
from pkg import handlers

app = Server("x")
_handlers = {}

def get_tool_handler(name: str) -> handlers.ToolHandler | None:
    return _handlers.get(name)

def get_anything(name: str):
    return _handlers.get(name)

@app.call_tool()
async def call_tool(name: str, arguments: dict):
    if name == "raw":
        other = get_anything(name)
        return other.run_tool(arguments)  # declared as nothing: the dispatcher's own return
    tool_handler = get_tool_handler(name)
    if not tool_handler:
        raise ValueError(name)
    return tool_handler.run_tool(arguments)
"""

CONTEXT_SERVER = """
from typing import Optional
from mcp.server import Server
from pkg.handlers import ToolHandler

class Context:
    def tool(self, name: str) -> Optional[ToolHandler]:
        return None

server = Server("y")
context = Context()

@server.call_tool()
async def handle(name: str, arguments: dict):
    if tool := context.tool(name):
        return await tool.run_tool(arguments)
    return []
"""


@pytest.mark.parametrize("server", [SERVER, CONTEXT_SERVER], ids=["getter function", "method of an instance"])
def test_the_handler_classes_a_call_tool_dispatcher_hands_on_to_are_its_tools(tmp_path, server):
    files = {"pkg/__init__.py": "", "pkg/handlers.py": HANDLERS, "pkg/server.py": server}
    result = run_tree(tmp_path, files, tool_rows=True, min_confidence="low")
    assert result.errors == []
    rows = {row.tool: row for row in result.tool_rows}
    assert {"GetPage.run_tool", "Ping.run_tool"} <= set(rows)
    assert "Formatter.run_tool" not in rows and "ToolHandler.run_tool" not in rows
    assert [f.code for f in rows["GetPage.run_tool"].findings] == ["BL001"]
    assert rows["Ping.run_tool"].findings == []
    dispatcher = rows["call_tool" if server is SERVER else "handle"]
    assert any("ToolHandler.run_tool" in returned for returned in dispatcher.returns)
    # the handler's return is the handlers' to answer for; an undeclared handler's stays its own
    expected = ["other.run_tool(arguments)"] if server is SERVER else []
    assert [f.message.split("`")[3] for f in dispatcher.findings] == expected


TABLE_SERVER = """
from mcp.server import Server
from mcp.types import TextContent
from pkg.handlers import GetPage, Ping, ReadHandler

server = Server("pages")

TOOLS = {"get_page": GetPage(), "ping": Ping(), "read": ReadHandler()}
TOOLS = only_enabled(TOOLS)
def only_enabled(tools):
    return tools

@server.call_tool()
async def handle(name: str, arguments: dict):
    if name in TOOLS:
        tool = TOOLS[name]
        return await tool.run_tool(arguments)
    return [TextContent(type="text", text=f"unknown tool {name}")]
"""


@pytest.mark.parametrize("read", ["TOOLS[name]", "TOOLS.get(name)"])
def test_the_handlers_a_dispatcher_takes_from_a_module_table_of_instances_are_its_tools(tmp_path, read):
    """`tool = TOOLS[name]` of `TOOLS = {"get_page": GetPage(), ...}`: each class's `run_tool`, its
    own or the one it inherits (`ReadHandler` inherits `ToolHandler.run_tool`, a tool once)."""
    server = TABLE_SERVER.replace("TOOLS[name]", read)
    files = {"pkg/__init__.py": "", "pkg/handlers.py": HANDLERS, "pkg/server.py": server}
    result = run_tree(tmp_path, files, tool_rows=True, min_confidence="low")
    assert result.errors == []
    rows = {row.tool for row in result.tool_rows}
    assert rows == {"handle", "GetPage.run_tool", "Ping.run_tool", "ToolHandler.run_tool"}


def test_a_table_assigned_something_else_too_is_not_read(tmp_path):
    server = TABLE_SERVER.replace("TOOLS = only_enabled(TOOLS)", "TOOLS = load_plugins()")
    files = {"pkg/__init__.py": "", "pkg/handlers.py": HANDLERS, "pkg/server.py": server}
    result = run_tree(tmp_path, files, tool_rows=True, min_confidence="low")
    assert {row.tool for row in result.tool_rows} == {"handle"}


ROUTES_CHOSEN = """
import httpx
from fastapi import FastAPI
from fastapi_mcp import FastApiMCP

app = FastAPI()


@app.get("/items/{item_id}", operation_id="get_item")
def get_item(item_id: int) -> dict:
    return {"id": item_id}


@app.get("/items/{item_id}/manual", operation_id="item_manual")
def item_manual(item_id: int) -> str:
    return httpx.get(f"https://manuals.example.com/{item_id}").text


FastApiMCP(app, CHOICE).mount_http()
"""


@pytest.mark.parametrize(
    ("choice", "tools"),
    [
        ("include_operations=['get_item']", ["get_item"]),
        ("exclude_operations=['get_item']", ["item_manual"]),
        ("name='shop'", ["get_item", "item_manual"]),
        # chosen by a list built elsewhere: which routes it keeps is not read, so none is a tool
        ("include_operations=SERVED", []),
    ],
)
def test_fastapi_mcp_serves_the_routes_its_filters_keep(tmp_path, choice, tools):
    rows = rows_of(tmp_path, ROUTES_CHOSEN.replace("CHOICE", choice))
    assert sorted(rows) == tools
    assert all(framework == "mcp" for framework, _, _ in rows.values())
