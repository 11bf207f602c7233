"""A checkpoint installed for a whole server or agent (#18) bounds the tools registered there, and only those."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import run_tree, write_tree

FETCH = """
import httpx


def fetch(url: str) -> str:
    return httpx.get(url).text
"""


def unbounded(root: Path, files: dict[str, str]) -> list[str]:
    """The tools BL001 reports on, by name."""
    result = run_tree(root, files, min_confidence="low")
    return sorted(f.symbol for f in result.findings if f.code == "BL001")


def bounded_by(root: Path, files: dict[str, str]) -> dict[str, list[str]]:
    """What bounds each tool, as the inventory says it (paths relative to `root`)."""
    result = run_tree(root, files, tool_rows=True)
    prefix = f"{root}/"
    return {
        f"{Path(row.file).stem}.{row.tool}": [label.replace(prefix, "") for label in row.bounded_by]
        for row in result.tool_rows
    }


SERVERS = {
    "server.py": """
import httpx
from fastmcp import FastMCP
from boundlint_runtime.adapters.fastmcp import BoundlintMiddleware

mcp = FastMCP("docs", middleware=[BoundlintMiddleware(max_chars=8_000)])
plain = FastMCP("plain")


@mcp.tool()
def fetch_page(url: str) -> str:
    return httpx.get(url).text


@plain.tool()
def fetch_raw(url: str) -> str:
    return httpx.get(url).text
""",
}


def test_a_server_middleware_bounds_its_tools_and_not_another_servers(tmp_path: Path) -> None:
    assert unbounded(tmp_path, SERVERS) == ["fetch_raw"]
    rows = bounded_by(tmp_path, SERVERS)
    assert rows["server.fetch_page"] == ["BoundlintMiddleware(max_chars=8_000) at server.py:5"]
    assert rows["server.fetch_raw"] == ["nothing"]


def test_a_middleware_added_in_another_module_counts_and_its_removal_is_seen(tmp_path: Path) -> None:
    files = {
        "app/server.py": """
import httpx
from fastmcp import FastMCP

mcp = FastMCP("docs")


@mcp.tool()
def fetch_page(url: str) -> str:
    return httpx.get(url).text
""",
        "app/main.py": """
from boundlint_runtime.adapters.fastmcp import BoundlintMiddleware

from app.server import mcp

mcp.add_middleware(BoundlintMiddleware())
""",
    }
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    assert unbounded(tmp_path, files) == []
    assert unbounded(tmp_path, files) == []  # the same from the cache
    files["app/main.py"] = "from app.server import mcp\n\nmcp.run()\n"
    assert unbounded(tmp_path, files) == ["fetch_page"]


AGENT_OF_ANOTHER_MODULE = {
    "app/tools.py": """
import httpx
from langchain_core.tools import tool


@tool
def fetch_page(url: str) -> str:
    \"\"\"Fetch a page.\"\"\"
    return httpx.get(url).text


TOOLS = [fetch_page]
""",
    "app/agent.py": """
from boundlint_runtime.adapters.langchain import BoundlintMiddleware
from langchain.agents import create_agent

from app.tools import TOOLS

agent = create_agent("openai:gpt-5", tools=TOOLS, middleware=[BoundlintMiddleware()])
""",
}


def test_an_agent_in_another_module_covers_the_tools_it_lists(tmp_path: Path) -> None:
    """`tools.py` alone sees a `@tool` registered nowhere; `agent.py`'s analysis sees it on an
    agent with the adapter, and says so to the analysis of `tools.py`."""
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    assert unbounded(tmp_path, AGENT_OF_ANOTHER_MODULE) == []
    assert unbounded(tmp_path, AGENT_OF_ANOTHER_MODULE) == []  # the same from the cache
    second = {
        **AGENT_OF_ANOTHER_MODULE,
        "app/other.py": AGENT_OF_ANOTHER_MODULE["app/agent.py"].replace(", middleware=[BoundlintMiddleware()]", ""),
    }
    assert unbounded(tmp_path, second) == ["fetch_page"]  # also on an agent without it


def test_a_tool_also_registered_without_the_checkpoint_stays_unbounded(tmp_path: Path) -> None:
    files = {
        "agent.py": '''
import httpx
from langchain.agents import create_agent
from langchain_core.tools import tool
from boundlint_runtime.adapters.langchain import BoundlintMiddleware


@tool
def fetch_page(url: str) -> str:
    """Fetch."""
    return httpx.get(url).text


@tool
def fetch_twice(url: str) -> str:
    """Fetch."""
    return httpx.get(url).text


def build(model):
    checkpoint = BoundlintMiddleware(max_chars=8_000)
    guarded = create_agent(model, tools=[fetch_page, fetch_twice], middleware=[checkpoint])
    loose = create_agent(model, tools=[fetch_twice])
    return guarded, loose
''',
    }
    assert unbounded(tmp_path, files) == ["fetch_twice"]


def test_a_project_hook_counts_only_when_it_calls_a_checkpoint(tmp_path: Path) -> None:
    files = {
        "agent.py": """
import httpx
from strands import Agent, tool
from strands.hooks import AfterToolCallEvent
from boundlint_runtime import truncate_text


class CapResults:
    def register_hooks(self, registry):
        registry.add_callback(AfterToolCallEvent, self.cap)

    def cap(self, event):
        for block in event.result["content"]:
            block["text"] = truncate_text(block["text"], 4_000)


class AuditResults:
    def register_hooks(self, registry):
        registry.add_callback(AfterToolCallEvent, print)


@tool
def fetch_page(url: str) -> str:
    return httpx.get(url).text


@tool
def fetch_other(url: str) -> str:
    return httpx.get(url).text


capped = Agent(tools=[fetch_page], hooks=[CapResults()])
audited = Agent(tools=[fetch_other], hooks=[AuditResults()])
""",
    }
    assert unbounded(tmp_path, files) == ["fetch_other"]
    assert bounded_by(tmp_path, files)["agent.fetch_page"] == ["CapResults() at agent.py:31"]


def test_strands_hooks_added_to_an_agent_later(tmp_path: Path) -> None:
    files = {
        "agent.py": """
import httpx
from strands import Agent, tool
from boundlint_runtime.adapters.strands import BoundlintHooks


@tool
def fetch_page(url: str) -> str:
    return httpx.get(url).text


def main():
    agent = Agent(tools=[fetch_page])
    agent.hooks.add_hook(BoundlintHooks(4_000))
    return agent
""",
    }
    assert unbounded(tmp_path, files) == []


def test_runner_plugins_cover_the_agent_and_its_sub_agents(tmp_path: Path) -> None:
    files = {
        "agents.py": """
import httpx
from google.adk.agents import Agent


def fetch_page(url: str) -> str:
    return httpx.get(url).text


def fetch_notes(url: str) -> str:
    return httpx.get(url).text


def fetch_alone(url: str) -> str:
    return httpx.get(url).text


helper = Agent(name="helper", tools=[fetch_notes])
root_agent = Agent(name="root", tools=[fetch_page], sub_agents=[helper])
other = Agent(name="other", tools=[fetch_alone])
""",
        "main.py": """
from google.adk.apps import App
from boundlint_runtime.adapters.google_adk import BoundlintPlugin

from agents import root_agent

app = App(name="docs", root_agent=root_agent, plugins=[BoundlintPlugin()])
""",
    }
    assert unbounded(tmp_path, files) == ["fetch_alone"]


def test_an_agent_callback_and_a_tool_node_wrapper(tmp_path: Path) -> None:
    files = {
        "graph.py": '''
import httpx
from google.adk.agents import Agent
from langgraph.prebuilt import ToolNode
from langchain_core.tools import tool
from boundlint_runtime.adapters.google_adk import bound_after_tool_callback
from boundlint_runtime.adapters.langgraph import BoundToolCalls


def lookup(url: str) -> str:
    return httpx.get(url).text


@tool
def fetch_page(url: str) -> str:
    """Fetch."""
    return httpx.get(url).text


agent = Agent(name="a", tools=[lookup], after_tool_callback=bound_after_tool_callback(8_000))
bound = BoundToolCalls(max_chars=8_000)
node = ToolNode([fetch_page], wrap_tool_call=bound.wrap_tool_call, awrap_tool_call=bound.awrap_tool_call)
''',
    }
    assert unbounded(tmp_path, files) == []


def test_pydantic_ai_capabilities_hooks_and_toolsets(tmp_path: Path) -> None:
    files = {
        "agent.py": """
import httpx
from pydantic_ai import Agent, FunctionToolset
from pydantic_ai.capabilities import Hooks
from boundlint_runtime.adapters.pydantic_ai import BoundedToolResults, BoundedToolset, bounded_result_hook


def read_page(url: str) -> str:
    return httpx.get(url).text


def read_notes(url: str) -> str:
    return httpx.get(url).text


def read_raw(url: str) -> str:
    return httpx.get(url).text


capped = Agent("test", capabilities=[BoundedToolResults(8_000)])
hooked = Agent("test", capabilities=[Hooks(after_tool_execute=bounded_result_hook())])
toolset = Agent("test", toolsets=[BoundedToolset(FunctionToolset([read_notes]))])
loose = Agent("test", tools=[read_raw])


@capped.tool_plain
def search(query: str) -> str:
    return httpx.get(query).text


@hooked.tool_plain
def search_more(query: str) -> str:
    return httpx.get(query).text
""",
    }
    assert unbounded(tmp_path, files) == ["read_raw"]


def test_smolagents_step_callbacks(tmp_path: Path) -> None:
    files = {
        "agent.py": '''
import httpx
from smolagents import CodeAgent, ToolCallingAgent, tool
from boundlint_runtime.adapters.smolagents import BoundlintStepCallback


@tool
def fetch_page(url: str) -> str:
    """Fetch.

    Args:
        url: the page.
    """
    return httpx.get(url).text


@tool
def fetch_raw(url: str) -> str:
    """Fetch.

    Args:
        url: the page.
    """
    return httpx.get(url).text


agent = ToolCallingAgent(tools=[fetch_page], model=None, step_callbacks=[BoundlintStepCallback(8_000)])
other = ToolCallingAgent(tools=[fetch_raw], model=None)
coder = CodeAgent(tools=[fetch_page], model=None, step_callbacks=[BoundlintStepCallback(8_000)])
''',
    }
    assert unbounded(tmp_path, files) == ["fetch_raw"]


def test_crewai_hooks_are_for_the_whole_process(tmp_path: Path) -> None:
    tool = '''
import httpx
from crewai.tools import tool


@tool("Fetch page")
def fetch_page(url: str) -> str:
    """Fetch a page."""
    return httpx.get(url).text
'''
    assert unbounded(tmp_path, {"tools.py": tool}) == ["fetch_page"]
    installs = {
        "main.py": "from boundlint_runtime.adapters import crewai as boundlint_crewai\n\nboundlint_crewai.install(8_000)\n",
        "hooks.py": """
from crewai.hooks import register_after_tool_call_hook
from boundlint_runtime.adapters.crewai import tool_result_hook

register_after_tool_call_hook(tool_result_hook(8_000))
""",
        "crew.py": """
from crewai.hooks import after_tool_call
from boundlint_runtime.adapters.crewai import tool_result_hook

bound = tool_result_hook(8_000)


@after_tool_call
def bound_results(context):
    return bound(context)
""",
    }
    for name, text in installs.items():
        other = tmp_path / name
        assert unbounded(other, {"tools.py": tool, name: text}) == [], name


def test_a_checkpoint_around_one_tool_of_a_list_bounds_that_tool_only(tmp_path: Path) -> None:
    files = {
        "agent.py": """
import httpx
from agents import Agent, function_tool
from boundlint_runtime.adapters.openai_agents import bound_tool, bound_tools


@function_tool
def fetch_page(url: str) -> str:
    return httpx.get(url).text


@function_tool
def fetch_notes(url: str) -> str:
    return httpx.get(url).text


@function_tool
def fetch_raw(url: str) -> str:
    return httpx.get(url).text


agent = Agent(name="a", tools=bound_tools([fetch_page]) + [bound_tool(fetch_notes), fetch_raw])
""",
    }
    assert unbounded(tmp_path, files) == ["fetch_raw"]


def test_a_module_with_unrelated_hook_words_changes_nothing(tmp_path: Path) -> None:
    files = {
        "tools.py": FETCH.replace("def fetch", "from langchain_core.tools import tool\n\n\n@tool\ndef fetch"),
        "web.py": "from starlette.applications import Starlette\n\napp = Starlette(middleware=[cors()])\n",
    }
    assert unbounded(tmp_path, files) == ["fetch"]


def test_a_middleware_appended_to_an_mcp_servers_list(tmp_path: Path) -> None:
    files = {
        "server.py": """
import httpx
from mcp.server.mcpserver import MCPServer
from boundlint_runtime.adapters.mcp import BoundlintMiddleware

server = MCPServer("docs")
server.middleware.append(BoundlintMiddleware(8_000))
loose = MCPServer("loose")


@server.tool()
def fetch_page(url: str) -> str:
    return httpx.get(url).text


@loose.tool()
def fetch_raw(url: str) -> str:
    return httpx.get(url).text
""",
    }
    assert unbounded(tmp_path, files) == ["fetch_raw"]


def test_every_adapter_the_fix_installs_is_one_the_runtime_defines() -> None:
    import ast

    from boundlint.knowledge import frameworks as fw

    runtime = Path(__file__).resolve().parents[1] / "runtime" / "boundlint_runtime" / "adapters"
    for install in fw.ADAPTER_INSTALLS:
        module, name = install.adapter.rsplit(".", 1)
        tree = ast.parse((runtime / f"{module.rsplit('.', 1)[-1]}.py").read_text(encoding="utf-8"))
        exported = next(
            node.value
            for node in tree.body
            if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "__all__"
        )
        assert name in ast.literal_eval(exported), install.adapter
        assert module.rsplit(".", 1)[-1] in fw.ADAPTER_FRAMEWORKS


def test_the_checkpoint_fix_counts_every_finding_its_one_change_fixes(tmp_path: Path) -> None:
    from tests.fix.cases import fix

    write_tree(
        tmp_path,
        {
            "pyproject.toml": '[project]\nname = "docs"\ndependencies = ["boundlint-runtime"]\n\n'
            '[tool.boundlint]\nfix-style = "checkpoint"\n',
            "server.py": """
import httpx
from fastmcp import FastMCP

mcp = FastMCP("docs")


@mcp.tool()
def fetch_page(url: str) -> str:
    return httpx.get(url).text


@mcp.tool()
def fetch_other(url: str) -> str:
    return httpx.get(url).text
""",
        },
    )
    run = fix(tmp_path)
    assert "fixed 2 findings" in run.out, run.out
    text = (tmp_path / "server.py").read_text(encoding="utf-8")
    assert text.count("BoundlintMiddleware(") == 1 and "truncate_" not in text


def test_three_tools_to_fix_on_one_server_get_one_adapter_unless_the_style_says_call(tmp_path: Path) -> None:
    from tests.fix.cases import fix

    tools = "".join(
        f"\n\n@mcp.tool()\ndef fetch_{name}(url: str) -> str:\n    return httpx.get(url).text\n"
        for name in ("page", "log", "feed")
    )
    server = 'import httpx\nfrom fastmcp import FastMCP\n\nmcp = FastMCP("docs")\n' + tools
    for style, adapters, wraps in (("auto", 1, 0), ("call", 0, 3)):
        root = tmp_path / style
        write_tree(
            root,
            {
                "pyproject.toml": f'[project]\nname = "d"\ndependencies = ["boundlint-runtime"]\n\n'
                f'[tool.boundlint]\nfix-style = "{style}"\n',
                "server.py": server,
            },
        )
        fix(root)
        text = (root / "server.py").read_text(encoding="utf-8")
        assert (text.count("BoundlintMiddleware("), text.count("truncate_text(")) == (adapters, wraps), style


def test_a_server_made_in_another_module_gets_the_adapter_when_fix_runs_over_the_folder(tmp_path: Path) -> None:
    import io
    import os

    from boundlint.cli.fix_command import run_fix
    from boundlint.engine.roots import Request
    from boundlint.engine.run import CheckOptions
    from tests.fix.cases import check_tree, config_for, fix

    tools = "".join(
        f"\n\n@mcp.tool()\ndef fetch_{name}(url: str) -> str:\n    return httpx.get(url).text\n"
        for name in ("page", "log", "feed")
    )
    files = {
        "pyproject.toml": '[project]\nname = "app"\ndependencies = ["boundlint-runtime"]\n',
        "app/__init__.py": "",
        "app/server.py": 'from fastmcp import FastMCP\n\nmcp = FastMCP("docs")\n',
        "app/tools.py": "import httpx\n\nfrom app.server import mcp\n" + tools,
    }
    folder, named = tmp_path / "folder", tmp_path / "named"
    write_tree(folder, files)
    write_tree(named, files)

    run = fix(folder)
    assert "fixed 3 findings" in run.out, run.out + run.err
    server = (folder / "app/server.py").read_text(encoding="utf-8")
    assert 'FastMCP("docs", middleware=[BoundlintMiddleware(max_chars=16_000)])' in server
    assert (folder / "app/tools.py").read_text(encoding="utf-8") == files["app/tools.py"]
    assert check_tree(folder).findings == []

    # A finding's own fix (JSON, the editor) edits its own file: the per-tool wrap.
    reported = check_tree(named, Request(fixes=True)).findings
    assert len(reported) == 3 and all(f.fix and "truncate_text(" in str(f.fix) for f in reported)

    # A run over named files edits only those.
    previous = Path.cwd()
    os.chdir(named)
    try:
        run_fix(
            [Path("app/tools.py")],
            config_for(Path(".")),
            CheckOptions(),
            diff=False,
            unsafe=False,
            out=io.StringIO(),
            err=io.StringIO(),
        )
    finally:
        os.chdir(previous)
    assert (named / "app/server.py").read_text(encoding="utf-8") == files["app/server.py"]
    assert (named / "app/tools.py").read_text(encoding="utf-8").count("truncate_text(") == 3


def test_tools_listed_on_an_agent_of_another_module_get_one_adapter_there(tmp_path: Path) -> None:
    """`tools.py`'s own analysis, which does not see the agent, would fix each tool; the analysis
    of `agent.py` installs the adapter instead, and that one fix is the one made."""
    from tests.fix.cases import check_tree, fix

    tools = "".join(
        f'\n\n@tool\ndef fetch_{name}(url: str) -> str:\n    """Fetch."""\n    return httpx.get(url).text\n'
        for name in ("page", "log", "feed")
    )
    files = {
        "pyproject.toml": '[project]\nname = "app"\ndependencies = ["boundlint-runtime"]\n',
        "app/__init__.py": "",
        "app/tools.py": "import httpx\nfrom langchain_core.tools import tool\n"
        + tools
        + "\n\nTOOLS = [fetch_page, fetch_log, fetch_feed]\n",
        "app/agent.py": 'from langchain.agents import create_agent\n\nfrom app.tools import TOOLS\n\nagent = create_agent("openai:gpt-5", tools=TOOLS)\n',
    }
    write_tree(tmp_path, files)
    run = fix(tmp_path)
    assert "Fixed 3 findings in 1 file" in run.out, run.out + run.err
    assert (tmp_path / "app/tools.py").read_text(encoding="utf-8") == files["app/tools.py"]
    assert "middleware=[BoundlintMiddleware(max_chars=16_000)]" in (tmp_path / "app/agent.py").read_text(
        encoding="utf-8"
    )
    assert check_tree(tmp_path).findings == []


REGISTRAR = {
    "pyproject.toml": '[project]\nname = "app"\ndependencies = ["boundlint-runtime"]\n',
    "app/__init__.py": "",
    "app/tools.py": """import httpx
from fastmcp import FastMCP


def register_tools(mcp: FastMCP) -> None:
    @mcp.tool()
    def fetch_page(url: str) -> str:
        return httpx.get(url).text

    @mcp.tool()
    def fetch_log(url: str) -> str:
        return httpx.get(url).text

    def fetch_feed(url: str) -> str:
        return httpx.get(url).text

    mcp.tool()(fetch_feed)
""",
    "app/server.py": """from fastmcp import FastMCP

from app.tools import register_tools


def main() -> None:
    mcp = FastMCP("docs")
    register_tools(mcp)
    mcp.run()
""",
    # A test makes a server of its own to call the registrar on: not where the tools live.
    "tests/test_tools.py": """from fastmcp import FastMCP

from app.tools import register_tools


def test_register() -> None:
    mcp = FastMCP("test")
    register_tools(mcp)
""",
}


def test_tools_a_function_registers_on_the_server_it_is_given_get_the_adapter_where_it_is_made(
    tmp_path: Path,
) -> None:
    from tests.fix.cases import check_tree, fix

    write_tree(tmp_path, REGISTRAR)
    run = fix(tmp_path)
    assert "Fixed 3 findings in 1 file" in run.out, run.out + run.err
    server = (tmp_path / "app/server.py").read_text(encoding="utf-8")
    assert 'FastMCP("docs", middleware=[BoundlintMiddleware(max_chars=16_000)])' in server
    # isort's order: the runtime is third-party, `app` the project's own.
    assert server.startswith(
        "from boundlint_runtime.adapters.fastmcp import BoundlintMiddleware\nfrom fastmcp import FastMCP\n\n"
        "from app.tools import register_tools\n"
    ), server
    assert (tmp_path / "app/tools.py").read_text(encoding="utf-8") == REGISTRAR["app/tools.py"]
    assert (tmp_path / "tests/test_tools.py").read_text(encoding="utf-8") == REGISTRAR["tests/test_tools.py"]
    assert check_tree(tmp_path).findings == []


def test_a_server_made_in_either_branch_gets_no_adapter_for_the_tools_given_to_it(tmp_path: Path) -> None:
    """`mcp = FastMCP(a)` or `mcp = FastMCP(b)`: one adapter would leave the other server open."""
    from tests.fix.cases import fix

    server = (
        REGISTRAR["app/server.py"]
        .replace(
            '    mcp = FastMCP("docs")\n',
            '    if debug:\n        mcp = FastMCP("docs", debug=True)\n    else:\n        mcp = FastMCP("docs")\n',
        )
        .replace("def main() -> None:", "def main(debug: bool) -> None:")
    )
    write_tree(tmp_path, {**REGISTRAR, "app/server.py": server})
    fix(tmp_path)
    assert (tmp_path / "app/server.py").read_text(encoding="utf-8") == server
    assert (tmp_path / "app/tools.py").read_text(encoding="utf-8").count("truncate_text(") == 3


def test_tools_of_a_project_decorator_that_hands_them_to_the_server_get_its_adapter(tmp_path: Path) -> None:
    """`@tool()` of the project, whose body returns `mcp.tool()(fn)`: the tools are on `mcp`."""
    from tests.fix.cases import check_tree, fix

    tools = "".join(
        f"\n\n@tool()\ndef fetch_{name}(url: str) -> str:\n    return httpx.get(url).text\n"
        for name in ("page", "log", "feed")
    )
    server = (
        'import httpx\nfrom fastmcp import FastMCP\n\nmcp = FastMCP("docs")\nENABLED = None\n\n\n'
        "def tool(**options):\n    def decorator(fn):\n        if ENABLED is None or fn.__name__ in ENABLED:\n"
        "            return mcp.tool(**options)(fn)\n        return fn\n\n    return decorator\n" + tools
    )
    write_tree(
        tmp_path,
        {"pyproject.toml": '[project]\nname = "d"\ndependencies = ["boundlint-runtime"]\n', "server.py": server},
    )
    fix(tmp_path)
    text = (tmp_path / "server.py").read_text(encoding="utf-8")
    assert (text.count("BoundlintMiddleware("), text.count("truncate_text(")) == (1, 0), text
    assert check_tree(tmp_path).findings == []


def test_the_json_fix_is_planned_over_the_findings_the_run_reports(tmp_path: Path) -> None:
    """Three tools on a server, one of them suppressed: two to fix, so no adapter, in the JSON as in
    `fix` (the suppressed finding once counted in the JSON's plan and made it an install there)."""
    from boundlint.engine.roots import Request
    from tests.fix.cases import check_tree, fix

    tools = "".join(
        f"\n\n@mcp.tool()\ndef fetch_{name}(url: str) -> str:\n    return httpx.get(url).text{comment}\n"
        for name, comment in (("page", ""), ("log", ""), ("feed", "  # boundlint: ignore[BL001]  # small feed"))
    )
    server = 'import httpx\nfrom fastmcp import FastMCP\n\nmcp = FastMCP("docs")\n' + tools
    write_tree(
        tmp_path,
        {"pyproject.toml": '[project]\nname = "d"\ndependencies = ["boundlint-runtime"]\n', "server.py": server},
    )
    reported = check_tree(tmp_path, Request(fixes=True)).findings
    assert [f.fix["message"].split(" ", 1)[0] for f in reported if f.fix] == ["Wrap", "Wrap"]
    fix(tmp_path)
    text = (tmp_path / "server.py").read_text(encoding="utf-8")
    assert (text.count("BoundlintMiddleware("), text.count("truncate_text(")) == (0, 2)


DEEP_AGENT = {
    "app/__init__.py": "",
    "app/tools.py": """
import httpx
from langchain_core.tools import tool


@tool
def fetch_page(url: str) -> str:
    \"\"\"Fetch a page.\"\"\"
    return httpx.get(url).text


def read_file(path: str) -> str:
    \"\"\"Read a file.\"\"\"
    return open(path).read()


def fetch_raw(url: str) -> str:
    \"\"\"Fetch a page for a plain agent.\"\"\"
    return httpx.get(url).text
""",
    "app/agent.py": """
from deepagents import create_deep_agent
from langgraph.prebuilt import create_react_agent
from app.tools import fetch_page, fetch_raw, read_file

deep = create_deep_agent(tools=[fetch_page, read_file], system_prompt="research")
plain = create_react_agent("openai:gpt-4o", tools=[fetch_raw])
""",
}


def test_a_deep_agent_evicts_large_results_of_its_tools_but_not_of_the_ones_it_leaves_alone(tmp_path: Path) -> None:
    # deepagents moves a result over 20,000 tokens to a file, except for tools named like its own
    # filesystem tools; a tool of another agent keeps its finding
    assert unbounded(tmp_path, DEEP_AGENT) == ["fetch_raw", "read_file"]
    rows = bounded_by(tmp_path, DEEP_AGENT)
    assert rows["tools.fetch_page"] == ["create_deep_agent's eviction of results over 20,000 tokens at app/agent.py:5"]


CODE_AGENT = {
    "agent.py": """
import httpx
from smolagents import CodeAgent, InferenceClientModel, Tool, ToolCallingAgent, tool


@tool
def fetch_page(url: str) -> str:
    \"\"\"Fetch a page.

    Args:
        url: the address
    \"\"\"
    return httpx.get(url).text


@tool
def fetch_raw(url: str) -> str:
    \"\"\"Fetch a page for the tool-calling agent.

    Args:
        url: the address
    \"\"\"
    return httpx.get(url).text


class ReadFile(Tool):
    name = "read_file"
    description = "Read a file."
    inputs = {"path": {"type": "string", "description": "the path"}}
    output_type = "string"

    def forward(self, path: str) -> str:
        return open(path).read()


model = InferenceClientModel()
coder = CodeAgent(tools=[fetch_page, ReadFile(), fetch_raw], model=model)
caller = ToolCallingAgent(tools=[fetch_raw], model=model)
""",
}


def test_a_code_agent_cuts_what_its_tools_results_become_but_a_tool_calling_agent_does_not(tmp_path: Path) -> None:
    # the model of a CodeAgent sees what its code prints and returns, both cut by smolagents; a
    # ToolCallingAgent hands each result on whole, so a tool it is given too keeps its finding
    assert unbounded(tmp_path, CODE_AGENT) == ["fetch_raw"]
    rows = bounded_by(tmp_path, CODE_AGENT)
    assert rows["agent.fetch_page"] == ["CodeAgent's cut of what its code prints and returns at agent.py:36"]


CODE_AGENT_ELSEWHERE = {
    "app/__init__.py": "",
    "app/tools/__init__.py": "from app.tools.shell import ShellTool\n",
    "app/tools/shell.py": """
import subprocess
from smolagents import Tool


class ShellTool(Tool):
    name = "shell"
    description = "Run a command."
    inputs = {"command": {"type": "string", "description": "the command"}}
    output_type = "string"

    def forward(self, command: str) -> str:
        return subprocess.run(command, shell=True, capture_output=True, text=True).stdout
""",
    "app/agent.py": """
from smolagents import CodeAgent, InferenceClientModel
from app.tools import ShellTool


def build_agent():
    shell = ShellTool()
    return CodeAgent(tools=[shell], model=InferenceClientModel())
""",
}


def test_a_code_agent_covers_a_tool_class_of_another_module_made_into_a_local(tmp_path: Path) -> None:
    # `shell = ShellTool()` then `tools=[shell]`: the instance is registered on the agent, and the
    # class's tool in its own module is covered by what covers the agent
    assert unbounded(tmp_path, CODE_AGENT_ELSEWHERE) == []
    caller = {
        **CODE_AGENT_ELSEWHERE,
        "app/agent.py": CODE_AGENT_ELSEWHERE["app/agent.py"].replace("CodeAgent", "ToolCallingAgent"),
    }
    assert unbounded(tmp_path / "caller", caller) == ["ShellTool.forward"]


INSTANCES = {
    "agent.py": """
import httpx
from crewai import Agent
from crewai.tools import BaseTool as CrewTool
from langchain.agents import create_agent
from langchain_core.tools import BaseTool
from boundlint_runtime.adapters.langchain import BoundlintMiddleware


class Scraper(BaseTool):
    name: str = "scraper"
    description: str = "Scrape a page."

    def _run(self, url: str) -> str:
        return httpx.get(url).text


class Crawler(BaseTool):
    name: str = "crawler"
    description: str = "Crawl a page."

    def _run(self, url: str) -> str:
        return httpx.get(url).text


class Reader(CrewTool):
    name: str = "reader"
    description: str = "Read a page."

    def _run(self, url: str) -> str:
        return httpx.get(url).text


bounded = create_agent("openai:gpt-4o", tools=[Scraper(), Crawler()], middleware=[BoundlintMiddleware()])
plain = create_agent("openai:gpt-4o", tools=[Crawler()])
researcher = Agent(role="r", goal="g", backstory="b", tools=[Reader()])
""",
}


def test_an_instance_of_a_tool_class_is_registered_on_the_agent_it_is_given_to(tmp_path: Path) -> None:
    # `Crawler()` is also given to an agent without the checkpoint; `Reader()` to a CrewAI agent,
    # covered only once a hook for the whole process is installed
    assert unbounded(tmp_path / "a", INSTANCES) == ["Crawler._run", "Reader._run"]
    hooked = INSTANCES | {"main.py": "from boundlint_runtime.adapters import crewai\n\ncrewai.install(8_000)\n"}
    assert unbounded(tmp_path / "b", hooked) == ["Crawler._run"]
