"""A declared tool that no code of its project names again is never called by a model: `low`."""

from __future__ import annotations

import pytest

from boundlint.core.config import Config
from boundlint.engine.roots import Request
from boundlint.engine.run import CheckOptions, check
from tests.helpers import run_tree, write_tree

TOOLS = """
import requests
from langchain_core.tools import tool

@tool
def search(q: str) -> str:
    \"\"\"Search.\"\"\"
    return requests.get(q).text

@tool
def old_search(q: str) -> str:
    \"\"\"Search, as it was.\"\"\"
    return requests.get(q).text
"""

AGENT = """
from langgraph.prebuilt import create_react_agent
from tools import search

agent = create_react_agent("openai:gpt-4o", tools=[search])
"""


def confidences(result) -> dict[str, str]:
    return {f.symbol: f.confidence for f in result.findings if f.code == "BL001"}


def test_a_tool_no_agent_is_given_is_low(tmp_path):
    result = run_tree(tmp_path, {"tools.py": TOOLS, "agent.py": AGENT}, min_confidence="low")
    found = confidences(result)
    assert found["old_search"] == "low"
    assert found["search"] != "low"


@pytest.mark.parametrize(
    "elsewhere",
    [
        # a library of tools: its users hand them to their agents
        {},
        # ... also one that makes tools by calling the framework (`@tool("name")`, `tool(fn)`)
        {"made.py": "from langchain_core.tools import tool\nfrom tools import search\nsearch_tool = tool(search)\n"},
        # named in another module, even in a string or a list of exports
        {"agent.py": AGENT, "registry.py": 'ENABLED = ["old_search"]\n'},
        {"agent.py": AGENT, "__init__.py": "from tools import search, old_search\n"},
        # looked up by reflection: any tool of the module may be used
        {"agent.py": AGENT, "load.py": "import inspect, tools\nFOUND = inspect.getmembers(tools)\n"},
    ],
)
def test_a_tool_named_elsewhere_or_in_a_library_keeps_its_finding(tmp_path, elsewhere):
    result = run_tree(tmp_path, {"tools.py": TOOLS, **elsewhere}, min_confidence="low")
    assert confidences(result)["old_search"] != "low"


def test_a_tool_class_is_left_alone_whether_made_or_not(tmp_path):
    # A toolkit library's classes are most often named by no code of its own.
    tools = """
import requests
from crewai.tools import BaseTool

class FetchTool(BaseTool):
    name: str = "fetch"
    description: str = "Fetch a page."

    def _run(self, url: str) -> str:
        return requests.get(url).text

class OldFetchTool(BaseTool):
    name: str = "old_fetch"
    description: str = "Fetch a page, as it was."

    def _run(self, url: str) -> str:
        return requests.get(url).text
"""
    crew = """
from crewai import Agent
from tools import FetchTool

researcher = Agent(role="r", goal="g", backstory="b", tools=[FetchTool()])
"""
    result = run_tree(tmp_path, {"tools.py": tools, "crew.py": crew}, min_confidence="low")
    found = confidences(result)
    assert found["OldFetchTool._run"] != "low"
    assert found["FetchTool._run"] != "low"


def test_a_tool_a_decorator_registers_or_named_like_its_module_is_used(tmp_path):
    server = """
import requests
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("s")

@mcp.tool()
def lookup(q: str) -> str:
    return requests.get(q).text
"""
    file_read = """
from pathlib import Path
from strands import tool

@tool
def file_read(path: str) -> str:
    \"\"\"Read a file.\"\"\"
    return Path(path).read_text()
"""
    files = {"server.py": server, "skills/file_read.py": file_read, "agent.py": AGENT, "tools.py": TOOLS}
    found = confidences(run_tree(tmp_path, files, min_confidence="low"))
    assert found["lookup"] != "low"
    assert found["file_read"] != "low"


def test_naming_the_tool_later_brings_its_finding_back_through_the_cache(tmp_path):
    write_tree(tmp_path, {"tools.py": TOOLS, "agent.py": AGENT})
    config = Config(root=tmp_path, min_confidence="low")
    options = CheckOptions(cache_dir=tmp_path / ".cache", request=Request())
    assert confidences(check([tmp_path], config, options))["old_search"] == "low"
    assert confidences(check([tmp_path], config, options))["old_search"] == "low"  # warm
    (tmp_path / "agent.py").write_text(AGENT.replace("import search", "import search, old_search"))
    assert confidences(check([tmp_path], config, options))["old_search"] != "low"


def test_a_file_is_read_again_only_when_its_content_changed(tmp_path):
    # The editor server checks on every edit: the names are counted again in the edited file only.
    from boundlint.project.references import unnamed_elsewhere

    tools, agent = tmp_path / "tools.py", tmp_path / "agent.py"
    tools.write_text("@tool\ndef old_search(q): ...\n")
    agent.write_text("agent = make(tools=[])\n")
    candidates = {"tools.py::old_search": "old_search"}
    digests = {str(tools): "t1", str(agent): "a1"}
    assert unnamed_elsewhere(candidates, [tools, agent], {}, digests) == {"tools.py::old_search"}
    agent.write_text("agent = make(tools=[old_search])\n")  # on disk, but the run's digest is the old one
    assert unnamed_elsewhere(candidates, [tools, agent], {}, digests) == {"tools.py::old_search"}
    assert unnamed_elsewhere(candidates, [tools, agent], {}, {**digests, str(agent): "a2"}) == set()


def test_the_next_run_counts_names_only_in_the_files_whose_content_changed(tmp_path, monkeypatch):
    # A warm run read every file of the project again to count these names: the cache keeps
    # each file's counts by its content.
    from boundlint.project import references

    write_tree(tmp_path, {"tools.py": TOOLS, "agent.py": AGENT, "util.py": "X = 1\n"})
    config = Config(root=tmp_path, min_confidence="low")
    options = CheckOptions(cache_dir=tmp_path / ".cache", request=Request())
    assert confidences(check([tmp_path], config, options))["old_search"] == "low"

    monkeypatch.setattr(references, "_IN_PROCESS", references.InProcessCounts())  # as a new process
    read: list[str] = []
    counting = references._count
    monkeypatch.setattr(references, "_count", lambda path, *rest: read.append(path.name) or counting(path, *rest))
    assert confidences(check([tmp_path], config, options))["old_search"] == "low"  # warm
    assert read == []
    (tmp_path / "util.py").write_text("X = 2\n")
    assert confidences(check([tmp_path], config, options))["old_search"] == "low"
    assert read == ["util.py"]
