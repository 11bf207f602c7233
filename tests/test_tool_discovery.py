"""Which functions are tools, form by form, framework by framework."""

from __future__ import annotations

import pytest

from tests.helpers import run_tree


def tools_of(tmp_path, files: dict[str, str], **config) -> dict[str, str]:
    result = run_tree(tmp_path, files, tool_rows=True, **config)
    assert result.errors == []
    return {row.tool: row.framework for row in result.tool_rows}


CASES = {
    "langchain decorator forms": (
        """
        from langchain_core.tools import tool, StructuredTool, Tool, BaseTool
        from langchain.tools import tool as lc_tool

        @tool
        def a(q: str) -> str: return q

        @tool("named", return_direct=True)
        def b(q: str) -> str: return q

        @lc_tool
        def c(q: str) -> str: return q

        def d(q: str) -> str: return q
        def e(q: str) -> str: return q
        def f(q: str) -> str: return q
        def not_a_tool(q: str) -> str: return q

        d_tool = tool(d)
        e_tool = StructuredTool.from_function(func=e, name="e")
        f_tool = Tool(name="f", func=f, description="f")

        class Search(BaseTool):
            name: str = "search"
            def _run(self, q: str) -> str: return q
            async def _arun(self, q: str) -> str: return q
            def helper(self) -> str: return ""
    """,
        {"a", "b", "c", "d", "e", "f", "Search._run", "Search._arun"},
        "langchain",
    ),
    "langgraph registrations": (
        """
        from langgraph.prebuilt import ToolNode, create_react_agent
        from langchain.agents import create_agent

        def a(q: str) -> str: return q
        def b(q: str) -> str: return q
        def c(q: str) -> str: return q
        TOOLS = [b]

        node = ToolNode([a])
        agent = create_react_agent("model", tools=TOOLS)
        agent2 = create_agent("model", [c])
    """,
        {"a", "b", "c"},
        "langchain",
    ),
    "openai agents": (
        """
        import agents as oa
        from agents import function_tool, FunctionTool
        from agents.decorators import tool

        @function_tool
        def a(q: str) -> str: return q

        @oa.function_tool(name_override="bee")
        def b(q: str) -> str: return q

        @tool
        def c(q: str) -> str: return q

        async def handler(ctx, args: str) -> str: return args
        t = FunctionTool(name="d", description="", params_json_schema={}, on_invoke_tool=handler)
    """,
        {"a", "b", "c", "handler"},
        "openai-agents",
    ),
    "fastmcp forms": (
        """
        from mcp.server.fastmcp import FastMCP
        from fastmcp.tools import Tool as FTool

        mcp = FastMCP("demo")

        @mcp.tool
        def a(q: str) -> str: return q

        @mcp.tool()
        def b(q: str) -> str: return q

        @mcp.tool("cee")
        def c(q: str) -> str: return q

        def d(q: str) -> str: return q
        def e(q: str) -> str: return q
        def f(q: str) -> str: return q
        mcp.tool(name="dee")(d)
        mcp.add_tool(e)
        tool_f = FTool.from_function(f)

        @mcp.resource("res://x")
        def resource() -> str: return ""

        @mcp.prompt()
        def prompt() -> str: return ""
    """,
        {"a", "b", "c", "d", "e", "f"},
        "mcp",
    ),
    "mcp server defined in another module": (
        {
            "srv/__init__.py": "",
            "srv/app.py": "from fastmcp import FastMCP\nmcp = FastMCP('x')\n",
            "srv/tools.py": "from .app import mcp\n\n@mcp.tool()\ndef lookup(q: str) -> str:\n    return q\n",
        },
        {"lookup"},
        "mcp",
    ),
    "mcp low level": (
        """
        from mcp.server.lowlevel import Server
        server = Server("x")

        @server.call_tool()
        async def handle(name: str, arguments: dict) -> list:
            return []

        @server.list_tools()
        async def listing() -> list:
            return []
    """,
        {"handle"},
        "mcp",
    ),
    "google adk": (
        """
        from google.adk.agents import Agent, LlmAgent
        from google.adk.tools import FunctionTool, LongRunningFunctionTool, BaseTool

        def a(q: str) -> dict: return {}
        def b(q: str) -> dict: return {}
        def c(q: str) -> dict: return {}
        def d(q: str) -> dict: return {}

        root = Agent(name="r", model="m", tools=[a, FunctionTool(func=b)])
        sub = LlmAgent(name="s", model="m", tools=[LongRunningFunctionTool(func=c)])
        other = FunctionTool(d)

        class Custom(BaseTool):
            async def run_async(self, *, args, tool_context): return {}
    """,
        {"a", "b", "c", "d", "Custom.run_async"},
        "google-adk",
    ),
    "crewai": (
        """
        from crewai import Agent
        from crewai.tools import tool, BaseTool

        @tool("Web search")
        def a(q: str) -> str: return q

        @tool
        def b(q: str) -> str: return q

        class C(BaseTool):
            name: str = "c"
            description: str = "c"
            def _run(self, q: str) -> str: return q
    """,
        {"a", "b", "C._run"},
        "crewai",
    ),
    "pydantic ai": (
        """
        from pydantic_ai import Agent, RunContext, Tool
        from pydantic_ai.toolsets import FunctionToolset

        agent = Agent("test")
        toolset = FunctionToolset()

        @agent.tool
        def a(ctx: RunContext[None], q: str) -> str: return q

        @agent.tool_plain
        def b(q: str) -> str: return q

        @agent.tool_plain(retries=2)
        def c(q: str) -> str: return q

        @toolset.tool
        def d(q: str) -> str: return q

        def e(q: str) -> str: return q
        def f(q: str) -> str: return q
        other = Agent("test", tools=[Tool(e, takes_ctx=False), f])
    """,
        {"a", "b", "c", "d", "e", "f"},
        "pydantic-ai",
    ),
    "smolagents": (
        '''
        from smolagents import tool, Tool, CodeAgent

        @tool
        def a(q: str) -> str:
            """A.

            Args:
                q: query
            """
            return q

        class B(Tool):
            name = "b"
            def forward(self, q: str) -> str: return q
    ''',
        {"a", "B.forward"},
        "smolagents",
    ),
    "llamaindex": (
        """
        from llama_index.core.tools import FunctionTool
        from llama_index.core.agent.workflow import FunctionAgent

        def a(q: str) -> str: return q
        async def b(q: str) -> str: return q
        def c(q: str) -> str: return q

        t = FunctionTool.from_defaults(fn=a, async_fn=b)
        agent = FunctionAgent(tools=[c], llm=None)
    """,
        {"a", "b", "c"},
        "llamaindex",
    ),
    "autogen": (
        """
        from autogen_core.tools import FunctionTool
        from autogen_agentchat.agents import AssistantAgent

        async def a(q: str) -> str: return q
        async def b(q: str) -> str: return q

        tool = FunctionTool(a, description="a")
        agent = AssistantAgent("x", model_client=None, tools=[b])
    """,
        {"a", "b"},
        "autogen",
    ),
    "ag2": (
        """
        from autogen import ConversableAgent, register_function

        assistant = ConversableAgent("assistant")
        user = ConversableAgent("user")

        @user.register_for_execution()
        @assistant.register_for_llm(description="a")
        def a(q: str) -> str: return q

        def b(q: str) -> str: return q
        register_function(b, caller=assistant, executor=user, description="b")
    """,
        {"a", "b"},
        "ag2",
    ),
    "semantic kernel": (
        """
        from semantic_kernel.functions import kernel_function

        class Plugin:
            @kernel_function(description="a")
            def a(self, q: str) -> str: return q

            @kernel_function
            def b(self, q: str) -> str: return q
    """,
        {"Plugin.a", "Plugin.b"},
        "semantic-kernel",
    ),
    "strands": (
        """
        from strands import tool, Agent

        @tool
        def a(q: str) -> str: return q

        def b(q: str) -> str: return q
        agent = Agent(tools=[a, b])
    """,
        {"a", "b"},
        "strands",
    ),
    "strands module tool": (
        {
            "word_count.py": """
            TOOL_SPEC = {"name": "word_count", "description": "Count words.", "inputSchema": {"json": {}}}

            def word_count(tool, **kwargs):
                return {"toolUseId": tool["toolUseId"], "status": "success", "content": [{"text": "3"}]}

            def helper():
                return None
        """,
        },
        {"word_count"},
        "strands",
    ),
    "haystack": (
        """
        from haystack.tools import tool, Tool

        @tool
        def a(q: str) -> str: return q

        def b(q: str) -> str: return q
        t = Tool(name="b", description="b", parameters={}, function=b)
    """,
        {"a", "b"},
        "haystack",
    ),
    "anthropic": (
        """
        from anthropic import beta_tool, beta_async_tool

        @beta_tool
        def a(q: str) -> str: return q

        @beta_async_tool
        async def b(q: str) -> str: return q
    """,
        {"a", "b"},
        "anthropic",
    ),
    "dspy": (
        """
        import dspy

        def a(q: str) -> str: return q
        def b(q: str) -> str: return q

        t = dspy.Tool(a)
        react = dspy.ReAct("question -> answer", tools=[b])
    """,
        {"a", "b"},
        "dspy",
    ),
    "agno toolkit: tools= and async_tools= of super().__init__, register, appended lists": (
        """
        from agno.tools import Toolkit

        class Kit(Toolkit):
            def __init__(self, enable_b=True, **kwargs):
                tools = [self.a]
                async_tools = []
                if enable_b:
                    tools.append(self.b)
                    async_tools.append((self.ab, "b"))
                super().__init__(name="kit", tools=tools, async_tools=async_tools, **kwargs)
                self.register(self.c)
            def a(self) -> str: return ""
            def b(self) -> str: return ""
            async def ab(self) -> str: return ""
            def c(self) -> str: return ""
            def helper(self) -> str: return ""
    """,
        {"Kit.a", "Kit.b", "Kit.ab", "Kit.c"},
        "agno",
    ),
    "agno decorator, Function, agent lists, add_tool and a tools factory": (
        """
        from agno.agent import Agent
        from agno.tools import tool
        from agno.tools.function import Function

        @tool(show_result=True)
        def a() -> str: return ""
        def b() -> str: return ""
        def c() -> str: return ""
        def d() -> str: return ""
        def e() -> str: return ""

        class Client:
            def f(self) -> str: return ""
            def not_listed(self) -> str: return ""

        def factory(run_context):
            def g() -> str: return ""
            return [g]

        client = Client()
        fn = Function(name="b", entrypoint=b)
        agent = Agent(tools=[c, fn, client.f, Function.from_callable(d)])
        agent.add_tool(e)
        dynamic = Agent(tools=factory)
    """,
        {"a", "b", "c", "d", "e", "Client.f", "factory.<locals>.g"},
        "agno",
    ),
    "agno: overriding a method of a built-in toolkit": (
        """
        from agno.tools.duckduckgo import DuckDuckGoTools

        class MyDuck(DuckDuckGoTools):
            def duckduckgo_search(self, query: str) -> str: return query
            def _private(self) -> str: return ""
    """,
        {"MyDuck.duckduckgo_search"},
        "agno",
    ),
    "camel: FunctionTool in get_tools, from a dict of methods, a comprehension, and @MCPServer": (
        """
        from typing import cast
        from camel.toolkits import BaseToolkit, FunctionTool, tool
        from camel.utils import MCPServer

        def module_fn() -> str: return ""

        class Kit(BaseToolkit):
            def a(self) -> str: return ""
            def b(self) -> str: return ""
            def c(self) -> str: return ""
            def d(self) -> str: return ""
            def not_listed(self) -> str: return ""
            def get_tools(self):
                table = {"c": self.c, "d": self.d}
                listed = [FunctionTool(f) for f in (self.a, self.b)]
                for name in ("c", "d"):
                    listed.append(FunctionTool(cast(object, table[name])))
                return listed + [FunctionTool(module_fn)]

        @tool()
        def decorated() -> str: return ""

        @MCPServer(function_names=["served"])
        class Service:
            def served(self) -> str: return ""
            def other(self) -> str: return ""
    """,
        {"Kit.a", "Kit.b", "Kit.c", "Kit.d", "module_fn", "decorated", "Service.served"},
        "camel",
    ),
    "llamaindex tool spec: spec_functions, pairs, inherited and extended lists": (
        """
        from llama_index.core.tools.tool_spec.base import BaseToolSpec

        class Base(BaseToolSpec):
            spec_functions = ["a", ("b", "ab")]
            def a(self) -> str: return ""
            def b(self) -> str: return ""
            async def ab(self) -> str: return ""
            def helper(self) -> str: return ""

        class Child(Base):
            spec_functions = Base.spec_functions + ["c"]
            def a(self) -> str: return ""
            def c(self) -> str: return ""
            def not_listed(self) -> str: return ""
    """,
        {"Base.a", "Base.b", "Base.ab", "Child.a", "Child.c"},
        "llamaindex",
    ),
    "llamaindex FunctionTool and a closure made by a factory": (
        """
        from llama_index.core.tools import FunctionTool

        def a() -> str: return ""

        def make(client):
            async def call_remote(**kwargs) -> str: return ""
            return call_remote

        first = FunctionTool(fn=a)
        second = FunctionTool.from_defaults(async_fn=make(None))
    """,
        {"a", "make.<locals>.call_remote"},
        "llamaindex",
    ),
    "griptape activities": (
        """
        from griptape.tools import BaseTool
        from griptape.utils.decorators import activity

        class Calc(BaseTool):
            @activity(config={"description": "add"})
            def add(self, params: dict) -> str: return ""
            def helper(self) -> str: return ""
    """,
        {"Calc.add"},
        "griptape",
    ),
    "browser-use actions: decorators on instances, registries, nested functions, and the call form": (
        """
        from browser_use import Tools
        from browser_use.tools.registry.service import Registry

        tools = Tools()
        registry = tools.registry

        @tools.action("a")
        async def a() -> str: return ""

        @tools.registry.action("b")
        async def b() -> str: return ""

        @registry.action("c")
        async def c() -> str: return ""

        class Custom(Tools):
            def __init__(self):
                super().__init__()

                @self.registry.action("d")
                async def d() -> str: return ""

        def register(registry: Registry, slug: str):
            def make(skill):
                async def handler() -> str: return ""
                return handler
            made = make(slug)
            registry.action(description="e")(made)
    """,
        {"a", "b", "c", "Custom.__init__.<locals>.d", "register.<locals>.make.<locals>.handler"},
        "browser-use",
    ),
    "a framework imported with a fallback": (
        # the name is what the `try` imports; the `except`'s import only stands in when it is missing
        """
        def build_tools():
            try:
                from pydantic_ai import Tool
            except ImportError:
                try:
                    from pydantic_deep import Tool
                except ImportError:
                    return []

            def get_issue(number: int) -> dict: return {"number": number}

            return [Tool(get_issue, name="get_issue")]
    """,
        {"build_tools.<locals>.get_issue"},
        "pydantic-ai",
    ),
    "dispatch table": (
        """
        def search_orders(q: str) -> str: return q
        def refund(order: str) -> str: return order

        TOOL_HANDLERS = {"search_orders": search_orders, "refund": refund}
        ROUTES = {"/": search_orders}
    """,
        {"search_orders", "refund"},
        "dispatch-table",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_tools_are_found(tmp_path, case):
    source, expected, framework = CASES[case]
    files = source if isinstance(source, dict) else {"module.py": source}
    found = tools_of(tmp_path, files)
    assert set(found) == expected
    assert set(found.values()) == {framework}


def test_registration_in_another_module_with_relative_and_absolute_imports(tmp_path):
    found = tools_of(
        tmp_path,
        {
            "app/__init__.py": "",
            "app/news.py": "def fetch_news(q: str) -> str:\n    return q\n",
            "app/sub/__init__.py": "",
            "app/sub/weather.py": "def forecast(city: str) -> str:\n    return city\n",
            "app/agent.py": (
                "from google.adk.agents import Agent\n"
                "from .news import fetch_news\n"
                "from app.sub import weather\n"
                "from .sub.weather import forecast as fc\n"
                "agent = Agent(name='a', model='m', tools=[fetch_news, weather.forecast, fc])\n"
            ),
        },
    )
    assert found == {"fetch_news": "google-adk", "forecast": "google-adk"}


@pytest.mark.parametrize("package", ["app/", ""])  # a package, or modules at the top of the tree
def test_a_server_made_by_the_trees_own_factory_in_another_module_registers_its_tools(tmp_path, package):
    dotted = ".".join(package.split("/")[:-1])
    found = tools_of(
        tmp_path,
        {
            **({f"{package}__init__.py": ""} if package else {}),
            f"{package}server.py": (
                "from mcp.server.fastmcp import FastMCP\n"
                "class BaseFactory:\n"
                "    @classmethod\n"
                "    def create(cls):\n"
                "        return cls.make()\n"
                "class ServerFactory(BaseFactory):\n"
                "    @staticmethod\n"
                "    def make() -> FastMCP:\n"
                "        return FastMCP('tasks')\n"
                "server_factory = ServerFactory\n"
                "mcp = server_factory.create()\n"
            ),
            # a module that makes its own object, importing no MCP framework: its `.tool` is its own
            f"{package}registry.py": (
                "class Registry:\n"
                "    def tool(self, **kw):\n"
                "        return lambda f: f\n"
                "    @classmethod\n"
                "    def create(cls):\n"
                "        return cls()\n"
                "registry = Registry.create()\n"
            ),
            f"{package}tools.py": (
                f"from {dotted + '.' if dotted else ''}server import mcp\n"
                f"from {dotted + '.' if dotted else ''}registry import registry\n"
                "@mcp.tool(name='task.get')\n"
                "def task_get(task_id: str) -> str:\n    return task_id\n"
                "@registry.tool(name='helper')\n"
                "def helper(x: str) -> str:\n    return x\n"
            ),
        },
    )
    assert found == {"task_get": "mcp"}


HANDED_TO_A_RUNTIME_CLASS = {
    "app/__init__.py": "",
    "app/files.py": (
        "import os\n"
        "def read_text_file(path: str) -> str:\n    return open(path).read()\n"
        "def word_count(text: str) -> int:\n    return len(text.split())\n"
        "def not_handed(path: str) -> str:\n    return open(path).read()\n"
        "class Reader:\n    def read(self, path: str) -> str:\n        return open(path).read()\n"
    ),
    "app/agents.py": (
        "from importlib import import_module\n"
        "import os\n"
        "from app import files\n"
        "from app.files import read_text_file, Reader\n"
        "agent_class = getattr(import_module('google.adk.agents'), 'Agent')\n"
        "def specialist_maker():\n"
        "    return agent_class\n"
        "planner = agent_class(name='planner', tools=[read_text_file])\n"
        "def make_critic():\n"
        "    llm = specialist_maker()\n"
        "    return llm(name='critic', tools=[files.word_count])\n"
        # a library's function, a class and a call say nothing here
        "lister = agent_class(name='lister', tools=[os.listdir, Reader])\n"
        "mixed = agent_class(name='mixed', tools=[files.not_handed, Reader()])\n"
        # nor a list handed to a class or function of the tree: it may be no agent at all
        "class Panel:\n    def __init__(self, tools):\n        self.tools = tools\n"
        "def make_panel(tools):\n    return Panel(tools)\n"
        "panel = Panel(tools=[files.not_handed])\n"
        "other = make_panel(tools=[files.not_handed])\n"
    ),
}


def test_functions_handed_over_as_tools_to_a_class_loaded_at_run_time_are_tools(tmp_path):
    # The agent class is loaded by name at run time (`import_module`), so nothing static says which
    # framework takes the list: a literal list of the tree's functions handed over as `tools=` is tools.
    found = tools_of(tmp_path, HANDED_TO_A_RUNTIME_CLASS)
    assert found == {"read_text_file": "unknown", "word_count": "unknown"}
    result = run_tree(tmp_path, HANDED_TO_A_RUNTIME_CLASS)
    assert [f.symbol for f in result.findings if f.code == "BL001"] == ["read_text_file"]


IN_HOUSE_BASE = """
from abc import ABC, abstractmethod
from typing import Optional
from pydantic import BaseModel

class BaseTool(ABC, BaseModel):
    name: str
    description: str
    parameters: Optional[dict] = None

    async def __call__(self, **kwargs):
        return await self.execute(**kwargs)

    @abstractmethod
    async def execute(self, **kwargs):
        \"\"\"Run the tool.\"\"\"

    def to_param(self) -> dict:
        return {"type": "function", "function": {"name": self.name, "parameters": self.parameters}}

class Widget(ABC):
    name: str
    description: str
    parameters: dict = {}

    @abstractmethod
    def run(self): ...

class ToolWithoutSchema(ABC):
    name: str

    @abstractmethod
    def run(self): ...
"""

IN_HOUSE_TOOLS = """
import subprocess
from app.base import BaseTool, Widget, ToolWithoutSchema

class Bash(BaseTool):
    name: str = "bash"
    description: str = "Run a command."
    parameters: dict = {"type": "object", "properties": {"command": {"type": "string"}}}

    async def execute(self, command: str) -> str:
        return subprocess.run(command, shell=True, capture_output=True, text=True).stdout

class Quiet(Bash):
    async def execute(self, command: str) -> str:
        return "done"

class Clock(Widget):
    def run(self):
        return subprocess.run(["date"], capture_output=True, text=True).stdout

class Lister(ToolWithoutSchema):
    def run(self):
        return subprocess.run(["ls", "-R", "/"], capture_output=True, text=True).stdout
"""


MADE_BY_THE_PROJECTS_AGENT_MAKER = {
    "core/__init__.py": "",
    "core/base.py": (
        "from typing import Any\n"
        "from google.adk.agents import Agent\n"
        "def create_agent(*, name: str, tools: list, model: str | None = None) -> Agent:\n"
        "    return Agent(name=name, model=model or 'gemini', tools=list(tools))\n"
        # through a dict of keyword arguments, as makers with optional settings write it
        "def create_agent_kw(*, name: str, tools: list, output_key: str | None = None) -> Agent:\n"
        "    kwargs: dict[str, Any] = {'name': name, 'tools': list(tools)}\n"
        "    if output_key:\n"
        "        kwargs['output_key'] = output_key\n"
        "    return Agent(**kwargs)\n"
        "def create_agent_set(*, name: str, tools: list) -> Agent:\n"
        "    kwargs = {'name': name}\n"
        "    kwargs['tools'] = tools\n"
        "    return Agent(**kwargs)\n"
        # a maker that keeps its list to itself makes no agent of it
        "class Dashboard:\n    def __init__(self, tools):\n        self.tools = tools\n"
        "def create_dashboard(*, tools: list) -> Dashboard:\n"
        "    return Dashboard(tools)\n"
    ),
    "agents/__init__.py": "",
    "agents/ops.py": (
        "import requests\n"
        "from core.base import create_agent, create_agent_kw, create_agent_set, create_dashboard\n"
        "def container_logs(name: str) -> str:\n    return requests.get(f'http://docker/{name}/logs').text\n"
        "def node_events(node: str) -> str:\n    return requests.get(f'http://k8s/{node}/events').text\n"
        "def index_stats(index: str) -> str:\n    return requests.get(f'http://es/{index}/_stats').text\n"
        "def widget(x: str) -> str:\n    return requests.get(x).text\n"
        "docker = create_agent(name='docker', tools=[container_logs])\n"
        "k8s = create_agent_kw(name='k8s', tools=[node_events], output_key='k8s')\n"
        "es = create_agent_set(name='es', tools=[index_stats])\n"
        "board = create_dashboard(tools=[widget])\n"
    ),
}


def test_tools_given_to_the_projects_own_agent_maker_are_the_agents(tmp_path):
    # `create_agent(tools=[...])` of the project hands its list on to the framework's `Agent`:
    # read from each call, as a registrar is, with the maker's `tools` standing for the list given.
    found = tools_of(tmp_path, MADE_BY_THE_PROJECTS_AGENT_MAKER)
    assert found == {"container_logs": "google-adk", "node_events": "google-adk", "index_stats": "google-adk"}


WRAPPED_SERVER = {
    "app/__init__.py": (
        "from mcp.server.fastmcp import FastMCP\n"
        "from app import tools\n"
        # a filter the project puts around the server: its `tool` hands on to the server's
        "class ToolFilter:\n"
        "    def __init__(self, app, allowed):\n"
        "        self._app = app\n"
        "        self._allowed = allowed\n"
        "    def tool(self, *args, **kwargs):\n"
        "        decorator = self._app.tool(*args, **kwargs)\n"
        "        def wrapper(fn):\n"
        "            return decorator(fn) if fn.__name__ in self._allowed else fn\n"
        "        return wrapper\n"
        # a class that only keeps the server makes no tools of its own
        "class Recorder:\n"
        "    def __init__(self, app):\n"
        "        self._app = app\n"
        "    def tool(self, *args, **kwargs):\n"
        "        return lambda fn: fn\n"
        "def main():\n"
        "    server = FastMCP('x')\n"
        "    app = ToolFilter(server, {'fetch'})\n"
        "    app = tools.register_tools(app)\n"  # the registrar hands the filter back
        "    recorder = Recorder(server)\n"
        "    tools.register_more(recorder)\n"
        "    server.run()\n"
    ),
    "app/tools.py": (
        "import requests\n"
        "def register_tools(app):\n"
        "    @app.tool()\n"
        "    def fetch(url: str) -> str:\n"
        "        return requests.get(url).text\n"
        "    return app\n"
        "def register_more(app):\n"
        "    @app.tool()\n"
        "    def noted(url: str) -> str:\n"
        "        return requests.get(url).text\n"
    ),
}


def test_a_servers_wrapper_of_the_project_registers_on_the_server_it_wraps(tmp_path):
    # `app = ToolFilter(server, allowed)`, whose `tool` calls `self._app.tool(...)`: a registrar given
    # the wrapper registers on `server`, also when it is bound again to what the registrar returns.
    assert tools_of(tmp_path, WRAPPED_SERVER) == {"register_tools.<locals>.fetch": "mcp"}


def test_a_tool_base_of_the_projects_own_framework_is_known_by_what_it_declares(tmp_path):
    # Named for a tool, with the name, description and parameter schema a model chooses by, and
    # one entry method: its subclasses' `execute` is a tool body, at any depth. Not a base named
    # otherwise (`Widget`), nor one without a schema.
    files = {"app/__init__.py": "", "app/base.py": IN_HOUSE_BASE, "app/tools.py": IN_HOUSE_TOOLS}
    assert tools_of(tmp_path, files) == {"Bash.execute": "custom", "Quiet.execute": "custom"}
    # found by its shape, its finding is `low` (the project's framework may cut every result); named
    # in the configuration, it is the user's own claim
    result = run_tree(tmp_path, files, min_confidence="low")
    assert [(f.symbol, f.confidence) for f in result.findings if f.code == "BL001"] == [("Bash.execute", "low")]
    assert result.inferred_tools == 2
    configured = run_tree(tmp_path / "configured", files, extend_tool_base_classes=[("app.base.BaseTool", "execute")])
    assert [(f.symbol, f.confidence) for f in configured.findings if f.code == "BL001"] == [("Bash.execute", "high")]
    assert configured.inferred_tools == 0


def test_of_two_entry_methods_an_in_house_base_leaves_one_to_its_subclasses(tmp_path):
    # `execute` parses the input and calls the abstract `_execute`, which each tool writes.
    base = """
from abc import abstractmethod

class BaseTool:
    name: str
    description: str
    args_schema: type = None

    def execute(self, tool_input):
        return self._execute(**tool_input)

    @abstractmethod
    def _execute(self, **kwargs):
        pass
"""
    tools = """
import requests
from app.base import BaseTool

class ReadPage(BaseTool):
    name: str = "read_page"
    description: str = "Read a page."

    def _execute(self, url: str) -> str:
        return requests.get(url).text
"""
    files = {"app/__init__.py": "", "app/base.py": base, "app/tools.py": tools}
    assert tools_of(tmp_path, files) == {"ReadPage._execute": "custom"}
    # with both left to subclasses, nothing says which one the framework calls
    undecided = base.replace("        return self._execute(**tool_input)", "        pass")
    assert tools_of(tmp_path / "undecided", {**files, "app/base.py": undecided}) == {}


def test_an_in_house_tool_base_that_reads_its_subclasses_method_by_name(tmp_path):
    # Serena's `Tool` reads `apply` with `getattr(self, "apply")` and leaves it to each tool.
    base = """
class Tool:
    def apply_ex(self, **kwargs):
        apply_fn = getattr(self, "apply")
        return apply_fn(**kwargs)

class Helper:
    def run(self):
        return getattr(self, "step")()
"""
    tools = """
import subprocess
from app.base import Tool, Helper

class ExecuteShellCommandTool(Tool):
    def apply(self, command: str) -> str:
        return subprocess.run(command, shell=True, capture_output=True, text=True).stdout

class Step(Helper):
    def step(self) -> str:
        return subprocess.run(["ls"], capture_output=True, text=True).stdout
"""
    files = {"app/__init__.py": "", "app/base.py": base, "app/tools.py": tools}
    assert tools_of(tmp_path, files) == {"ExecuteShellCommandTool.apply": "custom"}


IN_HOUSE_DECORATORS = """
REGISTRY = {}

class Registry:
    def register(self, type, name=None):
        def decorator(func):
            REGISTRY[name or func.__name__] = func
            return func
        return decorator

registry = Registry()

def register_tool(name=None):
    return registry.register(type="tool", name=name)

def tool(func):
    return SERVER.tool(func)

def store_tool(func):
    REGISTRY[func.__name__] = func
    return func

def label_tool(func):
    return func

def marked_tool(func):
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)
    wrapper.is_tool = True
    return wrapper

def log_tool_call(func):
    REGISTRY[func.__name__] = func
    return func

COMMANDS = {}

def command_tool(func):
    COMMANDS[func.__name__] = func
    return func
"""


def test_a_decorator_of_the_projects_own_registry_named_for_a_tool_marks_tools(tmp_path):
    # Its registry is read at run time; the decorator is what says "tool". Not one that only
    # hands the function back or labels a wrapper, nor one whose name ends otherwise.
    uses = "import requests\nfrom app.registry import *\n\n" + "".join(
        f"@{decorator}\ndef {name}(url: str) -> str:\n    return requests.get(url).text\n\n"
        for decorator, name in [
            ('register_tool("click")', "click"),
            ("tool", "fetch"),
            ("store_tool", "stored"),
            ("label_tool", "labelled"),
            ("marked_tool", "marked"),
            ("log_tool_call", "logged"),
            ("command_tool", "command"),  # kept among a CLI's commands
        ]
    )
    files = {"app/__init__.py": "", "app/registry.py": IN_HOUSE_DECORATORS, "app/tools.py": uses}
    assert tools_of(tmp_path, files) == {"click": "custom", "fetch": "custom", "stored": "custom"}


def test_names_that_only_look_like_framework_forms_are_not_tools(tmp_path):
    found = tools_of(
        tmp_path,
        {
            "web.py": """
            from flask import Flask
            app = Flask(__name__)

            def tool(fn):  # a local decorator named like the frameworks'
                return fn

            @tool
            def local(q: str) -> str: return q

            @app.route("/")
            def index() -> str: return "hi"

            class Runner:
                def forward(self, x): return x
                def _run(self, x): return x
        """,
        },
    )
    assert found == {}


def test_a_users_own_agents_package_does_not_look_like_the_openai_sdk(tmp_path):
    # Names keep their framework meaning even when a package of that name is in
    # the tree (so the frameworks' own examples are checked), but only the
    # framework's own names match: a user's `agents.search.tool` is not a tool.
    found = tools_of(
        tmp_path,
        {
            "agents/__init__.py": "",
            "agents/search.py": "def tool(fn):\n    return fn\n",
            "main.py": "from agents.search import tool\n\n@tool\ndef f(q: str) -> str:\n    return q\n",
        },
    )
    assert found == {}


def test_framework_names_are_recognised_inside_the_frameworks_own_tree(tmp_path):
    found = tools_of(
        tmp_path,
        {
            "agents/__init__.py": "from .tool import function_tool\n",
            "agents/tool.py": "def function_tool(fn):\n    return fn\n",
            "examples/basic.py": "from agents import function_tool\n\n@function_tool\ndef f(q: str) -> str:\n    return q\n",
        },
    )
    assert found == {"f": "openai-agents"}


def test_configured_decorators_base_classes_and_methods(tmp_path):
    found = tools_of(
        tmp_path,
        {
            "corp/__init__.py": "",
            "corp/registry.py": "def agent_tool(fn):\n    return fn\n\nclass Skill:\n    def execute(self):\n        pass\n",
            "corp/skills.py": """
            from corp.registry import agent_tool, Skill

            @agent_tool
            def a(q: str) -> str: return q

            class B(Skill):
                def execute(self, q: str) -> str: return q
                def other(self) -> str: return ""
        """,
        },
        extend_tool_decorators=["corp.registry.agent_tool"],
        extend_tool_base_classes=[("corp.registry.Skill", "execute")],
    )
    assert found == {"a": "custom", "B.execute": "custom"}


def test_a_configured_base_class_with_several_methods_uses_all_of_them(tmp_path):
    found = tools_of(
        tmp_path,
        {
            "corp/__init__.py": "",
            "corp/base.py": "class Skill:\n    pass\n",
            "corp/skills.py": """
            from corp.base import Skill

            class B(Skill):
                def run(self, q: str) -> str: return q
                async def arun(self, q: str) -> str: return q
                def other(self) -> str: return ""
        """,
        },
        extend_tool_base_classes=[("corp.base.Skill", "run"), ("corp.base.Skill", "arun")],
    )
    assert found == {"B.run": "custom", "B.arun": "custom"}


def test_subclass_of_an_in_tree_tool_base_inherits_tool_methods(tmp_path):
    found = tools_of(
        tmp_path,
        {
            "base.py": "from langchain_core.tools import BaseTool\n\nclass MyBase(BaseTool):\n    pass\n",
            "impl.py": "from base import MyBase\n\nclass Impl(MyBase):\n    def _run(self, q: str) -> str:\n        return q\n",
        },
    )
    assert found == {"Impl._run": "langchain"}


def test_a_tool_list_built_from_its_own_loop_variable_ends(tmp_path):
    """`for tool in tools: normalized.append(StructuredTool.from_function(func=tool))` then a
    comprehension over `normalized` with the same name: following the name back and forth must stop
    (it recursed until the stack ran out: a false BL900 after 40 s on a real agent module)."""
    source = """
import inspect

from langchain.agents import create_agent
from langchain_core.tools import BaseTool, StructuredTool


def build(model, context_tools):
    normalized = []
    for tool in context_tools:
        if isinstance(tool, BaseTool):
            normalized.append(tool)
        elif inspect.iscoroutinefunction(tool):
            normalized.append(StructuredTool.from_function(coroutine=tool))
        else:
            normalized.append(StructuredTool.from_function(func=tool))
    reserved = {tool.name for tool in normalized}
    return create_agent(model, tools=normalized), reserved
"""
    result = run_tree(tmp_path, {"agent.py": source})
    assert [f.code for f in result.findings] == []


# `register_tools(mcp, ...)` read at its call, in the forms MCP servers use.
REGISTRAR_SERVER = """
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("trees")


def main() -> None:
    from app.registration import register_tools

    register_tools(mcp, object())
    mcp.run()
"""


def test_a_registrar_whose_server_parameter_is_annotated_any_registers_on_the_server_given(tmp_path):
    """`def register_tools(mcp_server: Any, container)` with nested `@mcp_server.tool()`: `Any`
    says nothing about the class, the call (imported inside `main()`) does."""
    registration = """
from typing import Any


def register_tools(mcp_server: Any, container: Any) -> None:
    @mcp_server.tool()
    def read_file(path: str) -> str:
        return open(path).read()

    @mcp_server.tool()
    def clear_cache() -> str:
        return "cleared"
"""
    files = {"app/__init__.py": "", "app/server.py": REGISTRAR_SERVER, "app/registration.py": registration}
    assert tools_of(tmp_path, files) == {
        "register_tools.<locals>.read_file": "mcp",
        "register_tools.<locals>.clear_cache": "mcp",
    }


def test_a_registrar_called_with_no_server_registers_nothing(tmp_path):
    """The same registrar, called with something that is not a server: no tools."""
    registration = """
from typing import Any


def register_tools(mcp_server: Any, container: Any) -> None:
    @mcp_server.tool()
    def read_file(path: str) -> str:
        return open(path).read()
"""
    server = REGISTRAR_SERVER.replace('mcp = FastMCP("trees")', "mcp = make_registry()")
    files = {"app/__init__.py": "", "app/server.py": server, "app/registration.py": registration}
    assert tools_of(tmp_path, files) == {}


ADD_TOOL_HELPERS = """
from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

from app.tools import read_tools, write_tools


def add_read_only_tool(mcp_instance: FastMCP, tool) -> None:
    mcp_instance.add_tool(tool, annotations=ToolAnnotations(readOnlyHint=True))


def add_write_tool(mcp_instance: FastMCP, tool) -> None:
    mcp_instance.add_tool(tool, annotations=ToolAnnotations(destructiveHint=True))


def run(enable_write_tools: bool = False) -> None:
    mcp = FastMCP("incidents")
    for tool in read_tools:
        add_read_only_tool(mcp, tool)
    if enable_write_tools:
        for tool in write_tools:
            add_write_tool(mcp, tool)
    mcp.run()
"""

ADD_TOOL_TOOLS = """
from .incidents import get_incident, list_incidents, resolve_incident

read_tools = [get_incident, list_incidents]
write_tools = [resolve_incident]
"""

ADD_TOOL_INCIDENTS = """
def get_incident(incident_id: str) -> str:
    return incident_id


def list_incidents() -> str:
    return "none"


def resolve_incident(incident_id: str) -> str:
    return incident_id


def unregistered(incident_id: str) -> str:
    return incident_id
"""


def test_a_helper_that_adds_the_function_it_is_given_registers_what_each_call_passes(tmp_path):
    """`add_read_only_tool(mcp, tool)` for each `tool` of an imported list: each is a tool of `mcp`."""
    files = {
        "app/__init__.py": "",
        "app/server.py": ADD_TOOL_HELPERS,
        "app/tools/__init__.py": ADD_TOOL_TOOLS,
        "app/tools/incidents.py": ADD_TOOL_INCIDENTS,
    }
    assert tools_of(tmp_path, files) == {
        "get_incident": "mcp",
        "list_incidents": "mcp",
        "resolve_incident": "mcp",
    }


def test_a_helper_given_no_server_registers_nothing(tmp_path):
    """The helper called on an object that is not a server (`registry = {}`): no tools."""
    server = ADD_TOOL_HELPERS.replace('mcp = FastMCP("incidents")', "mcp = {}")
    files = {
        "app/__init__.py": "",
        "app/server.py": server,
        "app/tools/__init__.py": ADD_TOOL_TOOLS,
        "app/tools/incidents.py": ADD_TOOL_INCIDENTS,
    }
    assert tools_of(tmp_path, files) == {}


def test_a_method_of_an_instance_made_in_place_is_the_tool(tmp_path):
    """`FunctionTool(SearchToolkit().search)` (CAMEL's examples), `Tool(ExaSearchTool(client=c).__call__)`
    (Pydantic AI's common tools): the class's method; a library class's method is not the tree's."""
    files = {
        "toolkit.py": """
import requests
from camel.toolkits import FunctionTool
from pydantic_ai import Tool
from duckduckgo_search import DDGS


class SearchToolkit:
    def search(self, query: str) -> str:
        return requests.get("https://example.com", params={"q": query}).text


class ExaSearchTool:
    def __init__(self, client):
        self.client = client

    async def __call__(self, query: str) -> str:
        return self.client.search(query)


search_tool = FunctionTool(SearchToolkit().search)
exa_tool = Tool[object](ExaSearchTool(client=None).__call__, name="exa_search")
library_tool = Tool(DDGS().text, name="ddg")
""",
    }
    assert tools_of(tmp_path, files) == {"SearchToolkit.search": "camel", "ExaSearchTool.__call__": "pydantic-ai"}


def test_a_method_of_an_instance_the_enclosing_function_made_is_the_tool(tmp_path):
    """`notes = Notes()` then `FunctionTool(notes.search)` in a function, `browser = cls(...)` then
    `browser.visit` in a classmethod; not a method of an instance of a library's class."""
    files = {
        "agent.py": """
import requests
from camel.agents import ChatAgent
from camel.toolkits import FunctionTool
from langchain_core.tools import StructuredTool
from duckduckgo_search import DDGS


class Notes:
    def search(self, q: str) -> str:
        return requests.get(q).text

    def unused(self) -> str:
        return "no"


class Browser:
    def visit(self, url: str) -> str:
        return requests.get(url).text

    @classmethod
    def tools(cls):
        browser = cls()
        return [FunctionTool(browser.visit)]


def build():
    notes = Notes()
    ddg = DDGS()
    return ChatAgent("sys", tools=[FunctionTool(notes.search), FunctionTool(ddg.text)])


def build_lc():
    client = Notes()
    return StructuredTool.from_function(func=client.search, name="s", description="d")
""",
    }
    assert tools_of(tmp_path, files) == {"Notes.search": "camel", "Browser.visit": "camel"}


def test_functions_in_a_loop_over_a_literal_list_of_tuples_are_tools(tmp_path):
    """`for func, description in [(get_thread, "..."), ...]: assistant.register_for_llm(...)(func)`,
    at module level (build-with-ag2's Arcade agents) or in a function over a module-level list."""
    files = {
        "agent.py": """
from autogen import AssistantAgent, UserProxyAgent


def get_thread(thread_id: str) -> str:
    return thread_id


def trash_email(email_id: str) -> str:
    return "trashed"


def list_labels() -> str:
    return "labels"


def not_registered() -> str:
    return "no"


assistant = AssistantAgent("assistant")
user_proxy = UserProxyAgent("user")

for func, description in [(get_thread, "Get a thread."), (trash_email, "Trash an email.")]:
    user_proxy.register_for_execution()(func)
    assistant.register_for_llm(description=description)(func)

EXTRA = [("labels", list_labels)]


def register_extra() -> None:
    for name, fn in EXTRA:
        assistant.register_for_llm(name=name, description="more")(fn)
""",
    }
    assert tools_of(tmp_path, files) == {"get_thread": "ag2", "trash_email": "ag2", "list_labels": "ag2"}


TOOL_LIST_HELPERS = {
    "app/__init__.py": "",
    "app/tools/__init__.py": """
from .docs import delete_document, get_document, list_documents

READ_TOOLS = [get_document, list_documents]
WRITE_TOOLS = [delete_document]


def get_tools(read_only: bool = True) -> list:
    tools = list(READ_TOOLS)
    if not read_only:
        tools.extend(WRITE_TOOLS)
    return tools
""",
    "app/tools/docs.py": """
def get_document(doc_id: str) -> str:
    return doc_id


def list_documents() -> str:
    return "none"


def delete_document(doc_id: str) -> str:
    return doc_id


def helper_not_registered() -> str:
    return "no"
""",
    "app/registration.py": """
from app.tools import get_tools


def confirmed(tool):
    return tool


def prepare_tools(read_only: bool, disabled: set[str], confirm: set[str]):
    tools = get_tools(read_only=read_only)
    enabled = [tool for tool in tools if tool.__name__ not in disabled]
    final = [confirmed(tool) if tool.__name__ in confirm else tool for tool in enabled]
    return final, {tool.__name__ for tool in final}
""",
    "app/server.py": """
from fastmcp import FastMCP
from fastmcp.tools import FunctionTool

from app.registration import prepare_tools


def main(read_only: bool) -> None:
    final_tools, names = prepare_tools(read_only, set(), set())
    mcp = FastMCP("docs")
    for tool in final_tools:
        tool_obj = FunctionTool.from_function(tool)
        mcp.add_tool(tool_obj)
    mcp.run()
""",
}


def test_tools_from_a_helper_that_filters_and_wraps_the_projects_tool_lists(tmp_path):
    """`final, names = prepare_tools(...)` unpacked from a helper, which filters (`[t for t in tools
    if ...]`) and wraps (`wrap(t) if ... else t`) what `get_tools()` returns (`list(READ)` grown by
    `.extend(WRITE)`): each function of those lists is a tool, and nothing is left unfollowed."""
    result = run_tree(tmp_path, TOOL_LIST_HELPERS, tool_rows=True)
    assert {row.tool for row in result.tool_rows} == {"get_document", "list_documents", "delete_document"}
    assert result.unfollowed == []


def test_a_comprehension_that_makes_something_else_of_each_item_registers_nothing(tmp_path):
    """`[make_tool(name) for name in NAMES]` is not the items of `NAMES`: no tool, and said."""
    files = {
        **TOOL_LIST_HELPERS,
        "app/registration.py": """
from app.tools import get_tools


def make_tool(name):
    return name


def prepare_tools(read_only: bool, disabled: set[str], confirm: set[str]):
    final = [make_tool(tool.__name__) for tool in get_tools(read_only=read_only)]
    return final, set()
""",
    }
    result = run_tree(tmp_path, files, tool_rows=True)
    assert result.tool_rows == []
    assert len(result.unfollowed) == 1 and "FunctionTool.from_function(tool)" in result.unfollowed[0]


SUBCLASSED_SERVER = """
from mcp.server.fastmcp import FastMCP


class ScopedFastMCP(FastMCP):
    def tool(self, name=None, description=None, required_scopes=None, **kwargs):
        return super().tool(name=name, description=description, **kwargs)

    def add_tool(self, fn, name=None, required_scopes=None, **kwargs):
        super().add_tool(fn=fn, name=name, **kwargs)
"""

SUBCLASSED_SERVER_TOOLS = """
from app.core import ScopedFastMCP
from app.secrets import scan_secrets

mcp = ScopedFastMCP("secrets")
mcp.add_tool(scan_secrets, description="scan", required_scopes=["scan"])


@mcp.tool(name="incidents", required_scopes=["incidents:read"])
def list_incidents() -> str:
    return "none"
"""


def test_a_projects_subclass_of_a_server_class_registers_like_it(tmp_path):
    """`class ScopedFastMCP(FastMCP)` in one module, overriding `tool` and `add_tool` to record
    scopes, and its instance used in another module that imports no framework (GitGuardian's
    layout): both registrations are tools; a project class that derives from nothing is not."""
    files = {
        "app/__init__.py": "",
        "app/core.py": SUBCLASSED_SERVER,
        "app/secrets.py": "def scan_secrets(text: str) -> str:\n    return text\n",
        "app/server.py": SUBCLASSED_SERVER_TOOLS,
    }
    assert tools_of(tmp_path, files) == {"scan_secrets": "mcp", "list_incidents": "mcp"}
    files["app/core.py"] = (
        "class ScopedFastMCP:\n    def tool(self, **kw): ...\n    def add_tool(self, fn, **kw): ...\n"
    )
    assert tools_of(tmp_path / "plain", files) == {}


def test_a_projects_subclass_of_a_tool_class_registers_through_its_own_classmethod(tmp_path):
    """`FunctionToolWithContext.from_defaults(fn=f)` where the project's class derives from
    LlamaIndex's `FunctionTool` and overrides `from_defaults` (LlamaIndex's multi-agent example)."""
    utils = """
from llama_index.core.tools import FunctionTool


class FunctionToolWithContext(FunctionTool):
    @classmethod
    def from_defaults(cls, fn=None, async_fn=None, name=None):
        return cls(fn=fn, async_fn=async_fn)
"""
    main = """
from utils import FunctionToolWithContext


def lookup_stock_price(symbol: str) -> str:
    return symbol


async def login(username: str) -> str:
    return username


tools = [
    FunctionToolWithContext.from_defaults(fn=lookup_stock_price),
    FunctionToolWithContext.from_defaults(async_fn=login),
]
"""
    assert tools_of(tmp_path, {"utils.py": utils, "main.py": main}) == {
        "lookup_stock_price": "llamaindex",
        "login": "llamaindex",
    }


def test_a_decorator_method_called_on_a_function_registers_it(tmp_path):
    """`mcp.tool(fn, annotations=...)` is `@mcp.tool` written as a call (fastmcp 2.7+), also on a
    server kept in `self.mcp`; `mcp.tool("name")` and `mcp.tool(name=...)` name no function."""
    server = """
from fastmcp import FastMCP

from app.tools import run_query, summarize


class Server:
    def __init__(self):
        self.mcp = FastMCP("db")
        self.mcp.tool(run_query, annotations={"readOnlyHint": True})


mcp = FastMCP("other")
mcp.tool(summarize)
mcp.tool("not_a_function")
mcp.tool(name="also_not")
"""
    tools = "def run_query(sql: str) -> str:\n    return sql\n\n\ndef summarize() -> str:\n    return 'ok'\n"
    files = {"app/__init__.py": "", "app/server.py": server, "app/tools.py": tools}
    assert tools_of(tmp_path, files) == {"run_query": "mcp", "summarize": "mcp"}


WRAPPING_REGISTRARS = """
import functools

from fastmcp import FastMCP

from app.tools import add_tags, search


def async_background(fn):
    @functools.wraps(fn)
    async def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


def _register_tool(mcp_instance: FastMCP, name: str, fn) -> None:
    mcp_instance.tool(name=name)(async_background(fn))


def register_search_tools(mcp_instance: FastMCP) -> None:
    _register_tool(mcp_instance, "search", search)


def register_mutation_tools(mcp_instance: FastMCP) -> None:
    _register_tool(mcp_instance, "add_tags", add_tags)


mcp = FastMCP("catalog")


def register_all_tools() -> None:
    register_search_tools(mcp)
    register_mutation_tools(mcp)
"""


def test_registrars_that_hand_the_server_on_and_wrap_each_function(tmp_path):
    """`register_all_tools()` -> `register_mutation_tools(mcp)` -> `_register_tool(mcp, name, fn)`,
    which registers `async_background(fn)` (DataHub's layout): the tools are the functions each
    call passes, not the one wrapper they share."""
    tools = "def search(q: str) -> str:\n    return q\n\n\ndef add_tags(urn: str) -> str:\n    return urn\n"
    files = {"app/__init__.py": "", "app/server.py": WRAPPING_REGISTRARS, "app/tools.py": tools}
    assert tools_of(tmp_path, files) == {"search": "mcp", "add_tags": "mcp"}


ALIASED_REGISTRATIONS = """
import inspect
from functools import wraps

from mcp.server.fastmcp import FastMCP


def make_partial_function(original_func, fixed_values):
    @wraps(original_func)
    def wrapper(*args, **kwargs):
        return original_func(*args, **{**fixed_values, **kwargs})

    return wrapper


class MemoryServer(FastMCP):
    def __init__(self, settings):
        super().__init__(name="memory")
        self.settings = settings
        self.setup_tools()

    def setup_tools(self):
        async def find(query: str, collection_name: str) -> list[str]:
            return [query]

        async def store(information: str, collection_name: str) -> str:
            return "stored"

        find_tool = find
        store_tool = store
        if self.settings.collection_name:
            find_tool = make_partial_function(find_tool, {"collection_name": self.settings.collection_name})
            store_tool = make_partial_function(store_tool, {"collection_name": self.settings.collection_name})
        self.tool(find_tool, name="memory-find")
        if not self.settings.read_only:
            self.tool(store_tool, name="memory-store")
"""


def test_a_local_alias_rebound_through_a_wrapper_is_followed_to_the_function(tmp_path):
    """`find_tool = find`, then `find_tool = make_partial_function(find_tool, {...})` when a
    setting says so, then `self.tool(find_tool, name=...)` in a FastMCP subclass (Qdrant's MCP
    server): each binding leads to `find`; the one that names itself is not read again."""
    found = tools_of(tmp_path, {"server.py": ALIASED_REGISTRATIONS})
    assert found == {
        "MemoryServer.setup_tools.<locals>.find": "mcp",
        "MemoryServer.setup_tools.<locals>.store": "mcp",
    }


def test_a_factory_that_only_quotes_its_argument_still_makes_the_tool(tmp_path):
    """`make_handler(slug)` returns a closure that reads `slug` but does not call it: the closure
    is the tool, as before."""
    server = """
from fastmcp import FastMCP

mcp = FastMCP("x")


def make_handler(slug):
    def handler(query: str) -> str:
        return slug + query

    return handler


for slug in ("a", "b"):
    mcp.add_tool(make_handler(slug))
"""
    assert tools_of(tmp_path, {"server.py": server}) == {"make_handler.<locals>.handler": "mcp"}


LOOPED_REGISTRARS = """
from mcp.server.fastmcp import FastMCP
from app.files import register_file_tools
from app.live import register_live_tools

mcp = FastMCP("quant")
{loop}
"""

FILE_TOOLS = """
def register_file_tools(mcp):
    @mcp.tool()
    def read_file(name: str) -> str:
        return open(name).read()
"""

LIVE_TOOLS = """
def register_live_tools(mcp):
    @mcp.tool()
    def read_live(name: str) -> str:
        return name
"""


@pytest.mark.parametrize(
    ("loop", "expected"),
    [
        (
            "REGISTRARS = [register_file_tools, register_live_tools]\nfor register in REGISTRARS:\n    register(mcp)",
            {"register_file_tools.<locals>.read_file", "register_live_tools.<locals>.read_live"},
        ),
        (
            "for register in (register_file_tools,):\n    register(mcp)",
            {"register_file_tools.<locals>.read_file"},
        ),
        # the server is not what the loop's calls are given
        ("for register in (register_file_tools,):\n    register(None)", set()),
    ],
)
def test_registrars_called_in_a_loop_over_a_list_register_on_the_server_given(tmp_path, loop, expected):
    files = {
        "app/__init__.py": "",
        "app/server.py": LOOPED_REGISTRARS.format(loop=loop),
        "app/files.py": FILE_TOOLS,
        "app/live.py": LIVE_TOOLS,
    }
    assert set(tools_of(tmp_path, files)) == expected


APPENDED_TOOLS = """
tools = []


@tools.append
def oss_list(bucket: str) -> str:
    return open(bucket).read()


@tools.append
def oss_get(key: str) -> str:
    return key


def not_listed(q: str) -> str:
    return q
"""


def test_functions_a_module_appends_to_its_list_by_decorator_are_the_tools_of_a_loop_over_it(tmp_path):
    server = """
from fastmcp import FastMCP
from app import oss_tools

def main():
    mcp = FastMCP("ops")
    for tool in oss_tools.tools:
        mcp.tool(tool)
"""
    files = {"app/__init__.py": "", "app/server.py": server, "app/oss_tools.py": APPENDED_TOOLS}
    assert set(tools_of(tmp_path, files)) == {"oss_list", "oss_get"}


TOOL_TABLE_SERVER = """
from dataclasses import dataclass
from typing import Callable

from mcp.server.fastmcp import FastMCP

from app.impl import fetch_page, list_issues, read_file, search, unused

mcp = FastMCP("app")


@dataclass
class ToolSpec:
    func: Callable
    name: str | None = None


class Entry:
    def __init__(self, handler: Callable, title: str = "") -> None:
        self.handler = handler
        self.title = title

    @classmethod
    def from_dict(cls, row: dict) -> "Entry":
        return cls(**row)


SPECS = [ToolSpec(func=fetch_page), ToolSpec(list_issues, name="issues")]
DEFS = [{{"func": read_file, "name": "read"}}]
ENTRIES = [Entry.from_dict(row) for row in [{{"handler": search}}]]
OTHER = [{{"func": unused}}]


def enabled(specs: list, **flags) -> list:
    return [spec for spec in specs if all(getattr(spec, k, v) == v for k, v in flags.items())]


def register(server: FastMCP) -> None:
{body}


register(mcp)
"""

TOOL_TABLE_IMPL = """
def fetch_page(url: str) -> str:
    return url


def list_issues(repo: str) -> str:
    return repo


def read_file(path: str) -> str:
    return path


def search(q: str) -> str:
    return q


def unused(q: str) -> str:
    return q
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a field of each record of a table: by keyword, or by its place among the class's fields
        ("    for spec in SPECS:\n        server.add_tool(spec.func, name=spec.name)", {"fetch_page", "list_issues"}),
        # ... bound to a name first, of a list a helper of the tree filters
        (
            "    for spec in enabled(SPECS, deprecated=False):\n        func = spec.func\n        server.add_tool(func)",
            {"fetch_page", "list_issues"},
        ),
        # an entry of each dict of a table, read by subscript or by `get`, decorator applied by hand
        ('    for row in DEFS:\n        server.tool(name=row["name"])(row["func"])', {"read_file"}),
        ('    for row in DEFS:\n        server.add_tool(row.get("func"))', {"read_file"}),
        # a record made out of each dict of a table keeps that dict's keys
        ("    for entry in ENTRIES:\n        server.add_tool(entry.handler)", {"search"}),
        # a field no row holds, or a table no loop reads, registers nothing
        ("    for spec in SPECS:\n        server.add_tool(spec.missing)", set()),
    ],
)
def test_the_field_of_each_row_of_a_table_of_tools_is_the_tool(tmp_path, body, expected):
    files = {
        "pyproject.toml": '[project]\nname = "app"\n',
        "app/__init__.py": "",
        "app/server.py": TOOL_TABLE_SERVER.format(body=body),
        "app/impl.py": TOOL_TABLE_IMPL,
    }
    assert set(tools_of(tmp_path, files)) == expected


def test_tools_of_a_framework_base_re_exported_by_a_compat_module_are_found(tmp_path):
    """`from app.compat import BaseTool`, where the compat module imports CrewAI's and defines a
    stand-in for when it is missing: the subclasses' `_run` are CrewAI tools."""
    files = {
        "app/__init__.py": "",
        "app/compat.py": (
            "try:\n    from crewai.tools import BaseTool\nexcept ImportError:\n"
            "    class BaseTool:\n        name: str = ''\n\n        def _run(self, **kwargs):\n"
            "            raise NotImplementedError\n"
        ),
        "app/tools.py": (
            "import requests\nfrom app.compat import BaseTool\n\n"
            "class Fetch(BaseTool):\n    name: str = 'fetch'\n    description: str = 'Fetch.'\n\n"
            "    def _run(self, url: str) -> str:\n        return requests.get(url).text\n"
        ),
    }
    result = run_tree(tmp_path, files)
    assert [(f.code, f.symbol) for f in result.findings] == [("BL001", "Fetch._run")]


def test_a_subclass_of_a_crewai_tools_tool_that_overrides_run_is_a_tool(tmp_path):
    """crewai_tools' own tools (`RagTool`, `SerperDevTool`) are CrewAI `BaseTool`s: a subclass that
    overrides `_run` is a tool; one that only configures the built-in runs the library's code."""
    source = (
        "import requests\nfrom crewai_tools import RagTool, SerperDevTool\n\n"
        "class SEC10KTool(RagTool):\n    name: str = 'sec'\n    description: str = 'Filings.'\n\n"
        "    def _run(self, search_query: str) -> str:\n        return requests.get(search_query).text\n\n"
        "class Search(SerperDevTool):\n    n_results: int = 5\n"
    )
    result = run_tree(tmp_path, {"tools.py": source}, tool_rows=True)
    assert {row.tool for row in result.tool_rows} == {"SEC10KTool._run"}
    assert [(f.code, f.symbol) for f in result.findings] == [("BL001", "SEC10KTool._run")]


REGISTRY = """
_all_tools = []


def tool(category: str = "", name_or_callable=None, description=None):
    \"\"\"LangChain's `tool`, and the tool kept for the agents.\"\"\"
    from langchain.tools import tool as langchain_tool

    langchain_decorator = langchain_tool(name_or_callable=name_or_callable, description=description)

    def decorator(func):
        tool_obj = langchain_decorator(func)
        _all_tools.append(tool_obj)
        return tool_obj

    return decorator
"""


@pytest.mark.parametrize(
    "made",
    [
        "langchain_decorator(func)",  # the framework's decorator made in the factory, applied here
        "langchain_tool(name_or_callable=name_or_callable)(func)",  # made and applied at once
    ],
)
def test_a_project_decorator_that_applies_a_framework_decorator_it_made_marks_tools(tmp_path, made):
    """`@tool(category="kb")` of the project, whose inner decorator returns `langchain_tool(...)(func)`
    kept in a local: the decorated functions are LangChain tools."""
    registry = REGISTRY.replace("langchain_decorator(func)", made)
    source = (
        "import requests\nfrom app.registry import tool\n\n"
        '@tool(category="kb")\ndef search(q: str) -> str:\n    """Search."""\n    return requests.get(q).text\n'
    )
    files = {"app/__init__.py": "", "app/registry.py": registry, "app/tools.py": source}
    result = run_tree(tmp_path, files, tool_rows=True)
    assert [(row.tool, row.framework) for row in result.tool_rows] == [("search", "langchain")]


TOOL_REGISTRY = """
from mcp.server import Server
import mcp.types as types

tool_implementations = {}
tool_schemas = []


def register_tool(name, description, input_schema, implementation):
    tool_schemas.append({"name": name, "description": description, "inputSchema": input_schema})
    tool_implementations[name] = implementation


def register_hook(name, implementation):
    tool_implementations[name] = implementation  # not named for tools: not read as a registry


def add_tool(name, implementation):
    print(name, implementation)  # files nothing


app = Server("agents")


@app.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    return await tool_implementations[name](**arguments)
"""

REGISTERED_TOOLS = """
import mcp.types as types
from srv.registry import add_tool, register_hook, register_tool


async def read_file(path: str) -> list[types.TextContent]:
    return [types.TextContent(type="text", text=open(path).read())]


async def status() -> list[types.TextContent]:
    return [types.TextContent(type="text", text="ok")]


async def on_start() -> str:
    return open("log").read()


def register_file_tools():
    register_tool(name="read_file", description="Read.", input_schema={}, implementation=read_file)
    register_tool("status", "Status.", {}, status)
    register_hook("start", on_start)
    add_tool("start", on_start)
"""


def test_the_functions_a_project_files_in_its_registry_of_tools_are_tools(tmp_path):
    """`register_tool(name=..., implementation=fn)` of a low-level server whose `call_tool` reads
    the table by name: each function handed to it is a tool (the module imports no framework)."""
    files = {"srv/__init__.py": "", "srv/registry.py": TOOL_REGISTRY, "srv/file_tools.py": REGISTERED_TOOLS}
    result = run_tree(tmp_path, files, tool_rows=True)
    assert {row.tool for row in result.tool_rows} == {"call_tool", "read_file", "status"}
    assert [(f.code, f.symbol) for f in result.findings if f.symbol != "call_tool"] == [("BL001", "read_file")]


CALLBACK_SERVER = """
from mcp.server.fastmcp import FastMCP
from srv import kusto_tools

mcp = FastMCP("rti")


def add_allowed(modules, add_tool) -> None:
    def filtered_add_tool(tool, **kwargs) -> None:
        if not tool.__name__.startswith("_"):
            add_tool(tool, **kwargs)

    for module in modules:
        module.register_tools(filtered_add_tool)


add_allowed((kusto_tools,), mcp.add_tool)
"""

CALLBACK_TOOLS = """
from mcp.types import ToolAnnotations
from srv import kusto_service


def register_tools(add_tool) -> None:
    add_tool(kusto_service.kusto_query, annotations=ToolAnnotations(readOnlyHint=True))
    add_tool(kusto_service.kusto_version)


def register_hooks(on_start) -> None:
    on_start(kusto_service.warm_up)  # not named for tools
"""

CALLBACK_SERVICE = """
import requests


def kusto_query(query: str) -> str:
    return requests.post("https://kusto.example", data=query).text


def kusto_version() -> str:
    return "1.0"


def warm_up() -> str:
    return requests.get("https://kusto.example").text
"""


def test_what_a_tool_adding_callback_is_given_is_a_tool(tmp_path):
    """`register_tools(add_tool)` calling the `add_tool` it is handed (the server's, through a
    filter and a loop over modules): each function it is given is a tool."""
    files = {
        "srv/__init__.py": "",
        "srv/server.py": CALLBACK_SERVER,
        "srv/kusto_tools.py": CALLBACK_TOOLS,
        "srv/kusto_service.py": CALLBACK_SERVICE,
    }
    result = run_tree(tmp_path, files, tool_rows=True)
    assert {(row.tool, row.framework) for row in result.tool_rows} == {("kusto_query", "mcp"), ("kusto_version", "mcp")}
    assert [(f.code, f.symbol) for f in result.findings] == [("BL001", "kusto_query")]
    assert result.unfollowed == []
