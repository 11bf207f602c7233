"""Registrations the finder cannot follow to a function are said, so that a tree does not look all clear."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.helpers import run_tree, write_tree

PYPROJECT = '[project]\nname = "srv"\n'

# Tools taken from what a factory chosen at run time returns: nothing static says which functions.
DYNAMIC = """
from fastmcp import FastMCP
from fastmcp.tools import Tool

from app.apis import FACTORIES

app = FastMCP("airflow")


def main(apis: list[str]) -> None:
    for api in apis:
        functions = FACTORIES[api]()
        for func, name, description in functions:
            app.add_tool(Tool.from_function(func, name=name, description=description))
    app.run()
"""

APIS = """
def list_dags() -> str:
    return "dags"


FACTORIES = {"dag": lambda: [(list_dags, "list_dags", "List DAGs")]}
"""


def _boundlint(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boundlint", *args], cwd=tmp_path, capture_output=True, text=True, check=False
    )


def test_a_registration_of_a_function_from_a_factory_chosen_at_run_time_is_said_on_stderr(tmp_path):
    write_tree(
        tmp_path, {"pyproject.toml": PYPROJECT, "app/__init__.py": "", "app/main.py": DYNAMIC, "app/apis.py": APIS}
    )
    run = _boundlint(tmp_path, "check", ".", "--no-cache")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 tool registration could not be followed to a function of the checked files" in run.stderr
    assert "`boundlint inventory --suggest` may find the [tool.boundlint] line" in run.stderr
    written = DYNAMIC.lstrip("\n").splitlines()
    line = next(n for n, text in enumerate(written, 1) if "Tool.from_function" in text)
    assert f"  app/main.py:{line}: Tool.from_function(func, name=name, description=description)" in run.stderr
    inventory = _boundlint(tmp_path, "inventory", ".")
    assert f"app/main.py:{line}: Tool.from_function" in inventory.stderr


def test_the_notice_is_on_stderr_only_and_the_json_output_stays_a_list_of_findings(tmp_path):
    write_tree(
        tmp_path, {"pyproject.toml": PYPROJECT, "app/__init__.py": "", "app/main.py": DYNAMIC, "app/apis.py": APIS}
    )
    run = _boundlint(tmp_path, "check", ".", "--no-cache", "--output-format", "json")
    assert run.stdout.strip() == "[]"
    assert "could not be followed" in run.stderr


def _unfollowed(tmp_path: Path, files: dict[str, str]) -> list[str]:
    return run_tree(tmp_path, files).unfollowed


def test_registrations_that_are_followed_or_not_the_projects_are_not_said(tmp_path):
    """A function of the tree, a library's function, a registrar's parameter (read at its call),
    a decorator factory given a name, a registration whose object a registration call made, and
    the same forms in a test: no notice."""
    server = """
from fastmcp import FastMCP
from fastmcp.tools import FunctionTool, Tool
from langchain_core.tools import tool
from wikipedia import search

mcp = FastMCP("docs")


def read_page(url: str) -> str:
    return url


def add(mcp_instance: FastMCP, fn) -> None:
    mcp_instance.add_tool(fn)


def main(name: str) -> None:
    mcp.add_tool(Tool.from_function(read_page))
    mcp.add_tool(search)
    add(mcp, read_page)
    tool_obj = FunctionTool.from_function(read_page)
    mcp.add_tool(tool_obj)

    @tool(name, description="a tool named at run time")
    def lookup(q: str) -> str:
        return q
"""
    test = DYNAMIC.replace("def main", "def test_main")
    files = {"app/__init__.py": "", "app/server.py": server, "tests/test_server.py": test, "app/apis.py": APIS}
    assert _unfollowed(tmp_path, files) == []


def test_a_library_instance_method_is_not_said(tmp_path):
    """`Tool(DDGS().text)`: a library class's method, not the project's to check; no notice."""
    files = {
        "tools.py": """
from pydantic_ai import Tool
from duckduckgo_search import DDGS

library_tool = Tool(DDGS().text, name="ddg")
""",
    }
    assert _unfollowed(tmp_path, files) == []


def test_the_notice_is_kept_in_the_cache_with_the_roots_answer(tmp_path):
    """A second run takes the root from the cache, and says the same."""
    write_tree(
        tmp_path, {"pyproject.toml": PYPROJECT, "app/__init__.py": "", "app/main.py": DYNAMIC, "app/apis.py": APIS}
    )
    cache = str(tmp_path / ".cache")
    first = _boundlint(tmp_path, "check", ".", "--cache-dir", cache)
    second = _boundlint(tmp_path, "check", ".", "--cache-dir", cache)
    assert "could not be followed" in first.stderr
    assert [line for line in second.stderr.splitlines() if "app/main.py" in line] == [
        line for line in first.stderr.splitlines() if "app/main.py" in line
    ]
    assert any((tmp_path / ".cache").rglob("*")), "the run wrote no cache"


CONDITIONAL = """
from fastmcp import FastMCP

from app.tools import get_tools, mock_invoke, run_query

mcp = FastMCP("warehouse")


def serve(mock: bool) -> None:
    mcp.add_tool(mock_invoke if mock else run_query)
    for tool in get_tools():
        instance = tool()
        mcp.add_tool(instance.invoke if mock else instance.invoke_logged, name=tool.__name__)
"""

CONDITIONAL_TOOLS = """
def mock_invoke(query: str) -> str:
    return "mocked"


def run_query(query: str) -> str:
    return query


def get_tools():
    return [subclass for subclass in _registry()]


def _registry():
    return []
"""


def test_a_conditional_registration_registers_each_branch_and_says_when_neither_can_be_followed(tmp_path):
    """`mcp.add_tool(mock_invoke if mock else run_query)`: both are tools. A method of classes found
    at run time in both branches (Dremio's server) is said on stderr, not passed over as all clear."""
    files = {"app/__init__.py": "", "app/server.py": CONDITIONAL, "app/tools.py": CONDITIONAL_TOOLS}
    result = run_tree(tmp_path, files, tool_rows=True)
    assert sorted(row.tool for row in result.tool_rows) == ["mock_invoke", "run_query"]
    assert [entry.split(": ", 1)[1] for entry in result.unfollowed] == [
        "mcp.add_tool(instance.invoke if mock else instance.invoke_logged, name=tool.__name__)"
    ]


WRAPPED_AT_RUN_TIME = """
import importlib
import inspect

from fastmcp import FastMCP

from app.context import with_context

mcp = FastMCP("catalog")


def register(names: list[str]) -> None:
    for module_name in names:
        module = importlib.import_module(module_name)
        for name, func in inspect.getmembers(module, inspect.isfunction):
            wrapped = with_context(func)
            mcp.tool(wrapped)
"""

CONTEXT = """
import functools


def with_context(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return wrapper
"""


def test_a_wrapper_of_the_tree_around_functions_found_at_run_time_is_said(tmp_path):
    """`mcp.tool(with_context(func))` for each function of modules imported by name: the wrapper
    is followed to `func`, which leads to no function of the tree, so the run says so (a quilt
    server looked all clear)."""
    files = {"app/__init__.py": "", "app/server.py": WRAPPED_AT_RUN_TIME, "app/context.py": CONTEXT}
    assert [entry.split(": ", 1)[1] for entry in _unfollowed(tmp_path, files)] == ["mcp.tool(wrapped)"]


def test_an_mcp_client_calling_a_tool_by_name_registers_nothing(tmp_path):
    """`session.call_tool(name, arguments=...)` is a client calling a server's tool; the low-level
    server's `@server.call_tool()` decorator takes no function."""
    agent = """
import mcp
from mcp.client.sse import sse_client
from strands import tool


@tool
def invoke(url: str, tool_name: str, arguments: dict) -> str:
    async def _invoke():
        async with sse_client(url) as (read, write):
            async with mcp.ClientSession(read, write) as session:
                return await session.call_tool(tool_name, arguments=arguments)

    return "called"
"""
    result = run_tree(tmp_path, {"agent.py": agent})
    assert result.unfollowed == [] and result.findings == []
