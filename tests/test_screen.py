"""The ast screen (stage 2 of the pre-filter): keeps every form a rule or the tool finder
looks at, drops code that only mentions tools in text."""

from __future__ import annotations

import ast
import textwrap

import pytest

from boundlint.survey.syntax_filter import may_matter
from boundlint.survey.text_filter import Prefilter

KEPT = {
    "decorator": "from langchain_core.tools import tool\n@tool\ndef f(): ...",
    "decorator called": "@mcp.tool(name='x')\nasync def f(): ...",
    "decorator by alias": "from agents import function_tool as expose\n@expose\ndef f(): ...",
    "decorator by assignment alias": "from strands import tool\nexpose = tool\n@expose\ndef f(): ...",
    "instance method decorator": "@agent.tool_plain\ndef f(): ...",
    "kernel function": "@kernel_function(name='x')\ndef f(self): ...",
    "class base": "class Search(BaseTool):\n    def _run(self, q): ...",
    "generic base": "class Search(BaseTool[Args]):\n    def _run(self, q): ...",
    "in-tree base named like a tool": "from .base import RequestsGetTool\nclass Get(RequestsGetTool):\n    pass",
    "registration call": "Tool(name='x', func=f, description='d')",
    "class method registration": "FunctionTool.from_defaults(fn=f)",
    "an agent made a tool": "billing = billing_agent.as_tool(tool_name='billing')",
    "a subscripted server's handler": "from mcp.server import Server\napp = Server[dict]('x', on_call_tool=handle)",
    "a framework whose tools are not named like tools": "from swarm import Agent\nagent = Agent(functions=[f])",
    "list registration": "from tools import f, g\nagent = create_react_agent(model, [f, g])",
    "bind_tools of defined functions, on any receiver": "def search(q): ...\nsuper().bind_tools([search])",
    "bind_tools of an imported list": "from .tools import TOOLS\nllm.bind_tools(TOOLS)",
    "bind_tools of a list assigned in the function": "def run(llm):\n    tools = [lookup, *extra]\n    return llm.bind_tools(tools=tools)\nfrom x import lookup",
    "bind_tools of self methods": "class A:\n    def go(self, llm):\n        return llm.bind_tools([self.search])",
    "add_tool": "server.add_tool(f)",
    "factory applied by hand": "mcp.tool(name='x')(f)",
    "tools keyword on an import": "from pydantic_ai import Agent\ndef f(): ...\nAgent('m', tools=[f])",
    "tools keyword on a module attribute": "import crewai\ncrewai.Agent(tools=[search.run])",
    "strands module": "TOOL_SPEC = {'name': 'f'}",
    "dispatch table": "available_functions = {'search': search, 'fetch': client.fetch}",
    "annotated dispatch table": "TOOL_MAP: dict = {'a': a}",
    "decode of a slice": "text = data[:100].decode('utf-8')",
    "str of a slice": "text = str(data[:100], 'utf-8')",
    "codecs.decode of a slice": "import codecs\ntext = codecs.decode(data[:10])",
    "a framework's tool base by its own name": (
        "from letta.services.tool_executor.tool_executor_base import ToolExecutor\n"
        "class SandboxToolExecutor(ToolExecutor):\n    pass"
    ),
    "a registration by source text": "client.tools.upsert(source_code=inspect.getsource(read_notes))",
}

DROPPED = {
    "tools only in a docstring": '"""Use @tool and Tool(func=f) to register."""\nx = 1',
    "tools only in a comment": "# agent = Agent(tools=[f])\nx = 1",
    "a def named like a registration": "class Chat:\n    def bind_tools(self, tools):\n        return self",
    "bind_tools of converted schemas": (
        "class Chat:\n    def bind_tools(self, tools):\n"
        "        formatted = [convert_to_openai_tool(t) for t in tools]\n"
        "        return super().bind_tools(formatted)"
    ),
    "bind_tools of a parameter": "def structured(llm, schema):\n    return llm.bind_tools([schema])",
    "an agent given a list built by a call": "from langchain.agents import initialize_agent\n"
    "tools = load_tools(['serpapi'])\nagent = initialize_agent(tools, llm)",
    "a list named tools": "tools = [a, b]",
    "tools keyword on a local callee": "class A:\n    @classmethod\n    def make(cls):\n        return cls(tools=[])",
    "tools keyword on an attribute of a value": "client.beta.assistants.create(tools=[{'type': 'x'}])",
    "other conversions": "schema = convert_to_openai_tool(t)",
    "decode of a whole value": "text = data.decode('utf-8')",
    "plus of lists": "items = a[0] + b",
    "plus of a slice of nothing sliceable": "n = len(x) + 1",
    # BL006's shapes: it reports only in code a tool's value reaches, read as that tool's dependency.
    "slice plus marker": "out = text[:2000] + '... [truncated]'",
    "marker plus tail slice": "out = '...' + text[-2000:]",
    "slice through strip": "out = text[:80].rstrip() + '…'",
    "slice in a chain": "out = prefix + text[:80] + '…'",
    "slice in an f-string": "out = f'{text[:80]}...'",
    "dict of strings": "function_call = {'name': 'f', 'arguments': '{}'}",
    "base without Tool": "class Loader(BaseLoader):\n    pass",
    "a toolkit": "from langchain_core.tools import BaseToolkit\nclass Kit(BaseToolkit):\n    pass",
    "an in-tree base not named like a tool (the subclass closure finds it)": "class Page(Fetcher):\n    pass",
    # Letta's own tree imports Letta everywhere: an import is not a tool form
    "a module that only imports Letta": "from letta.schemas.agent import AgentState\ndef load(a: AgentState): ...",
    "a framework base's name where that framework is not imported": "class Runner(ToolExecutor):\n    pass",
    "a create call that is not given source text": "record = client.tools.create(name='x')",
}


@pytest.mark.parametrize("name", sorted(KEPT))
def test_screen_keeps(name):
    assert may_matter(ast.parse(textwrap.dedent(KEPT[name])))


@pytest.mark.parametrize("name", sorted(DROPPED))
def test_screen_drops(name):
    assert not may_matter(ast.parse(textwrap.dedent(DROPPED[name])))


def test_text_stage_lets_the_dropped_examples_through_and_the_screen_decides():
    """The screen is what makes the difference for these: the text patterns alone say 'maybe'."""
    prefilter = Prefilter(None)
    through_text = [name for name, code in DROPPED.items() if prefilter.is_root(code)]
    assert len(through_text) >= 8
    assert not any(prefilter.keeps(DROPPED[name], ast.parse(DROPPED[name])) for name in through_text)


def test_text_stage_lets_a_registration_by_source_text_through():
    code = "client.tools.create(\n    source_code=inspect.getsource(f),\n)"
    assert Prefilter(None).is_root(code)


def test_configured_names_are_kept_by_text():
    from boundlint.core.config import Config

    prefilter = Prefilter.for_config(Config(extend_tool_decorators=["acme.agents.expose"]))
    code = "from acme.agents import expose as e\n@e\ndef f(): ..."
    assert prefilter.keeps(code, ast.parse(code))


def test_a_frameworks_built_in_tool_module_is_a_root_by_its_folders(tmp_path):
    """Letta's function sets hold plain functions (no tool syntax, maybe no import of Letta): each
    public one is a tool, so the file is surveyed as a root by where it is."""
    from boundlint.survey.file_survey import survey_file

    code = 'def web_search(query: str) -> str:\n    """Search."""\n    return None\n'
    inside = tmp_path / "letta/functions/function_sets/builtin.py"
    elsewhere = tmp_path / "letta/functions/helpers.py"
    for path in (inside, elsewhere):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(code)
    prefilter = Prefilter(None)
    assert survey_file(inside, prefilter, {}).root
    assert not survey_file(elsewhere, prefilter, {}).root
