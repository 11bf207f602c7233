"""The project's own tool executor that cuts every result (`find/executors.py`) is the last checkpoint
of the tools of its package, and only of those it can run."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import run_tree

TOOLS = """
import httpx
from langchain_core.tools import tool


@tool
def fetch_page(url: str) -> str:
    \"\"\"Fetch a page.\"\"\"
    return httpx.get(url).text


TOOLS = [fetch_page]
"""

TRUNCATE = """
def truncate_tool_result(content: str, max_chars: int = 2000) -> str:
    if len(content) <= max_chars:
        return content
    head = int(max_chars * 0.6)
    tail = int(max_chars * 0.3)
    note = f"\\n\\n... [truncated {len(content) - head - tail} characters] ...\\n\\n"
    return content[:head] + note + content[-tail:]
"""

PIPELINE = """
from langchain_core.messages import ToolMessage

from app.limits import truncate_tool_result


async def execute_tool(tool, call, max_chars):
    result = await tool.ainvoke(call["args"])
    result_str = str(result)
    result_str = truncate_tool_result(result_str, max_chars)
    return ToolMessage(content=result_str, tool_call_id=call["id"])
"""


def check(root: Path, files: dict[str, str]) -> tuple[list[str], dict[str, list[str]]]:
    """The tools BL001 reports on, and what the inventory says bounds each (paths relative to `root`)."""
    for folder in {Path(name).parent for name in files if "/" in name}:
        (root / folder).mkdir(parents=True, exist_ok=True)
        (root / folder / "__init__.py").write_text("")
    flagged = run_tree(root, files, min_confidence="low")
    rows = run_tree(root, files, tool_rows=True).tool_rows
    prefix = f"{root}/"
    return (
        sorted(f.symbol for f in flagged.findings if f.code == "BL001"),
        {row.tool: [label.replace(prefix, "") for label in row.bounded_by] for row in rows},
    )


def test_an_executor_that_cuts_through_a_helper_covers_the_tools_of_its_package(tmp_path: Path) -> None:
    """The tools' module imports neither the executor nor the helper: the executor's own analysis
    finds it and hands the cover to the tools' analysis."""
    files = {"app/tools.py": TOOLS, "app/limits.py": TRUNCATE, "app/pipeline.py": PIPELINE}
    flagged, rows = check(tmp_path, files)
    assert flagged == []
    assert rows["fetch_page"] == ["the tool executor `execute_tool` at app/pipeline.py:10"]
    assert check(tmp_path, files)[0] == []  # the same from the cache


def test_removing_the_cut_from_the_executor_uncovers_the_tools(tmp_path: Path) -> None:
    files = {"app/tools.py": TOOLS, "app/limits.py": TRUNCATE, "app/pipeline.py": PIPELINE}
    assert check(tmp_path, files)[0] == []
    files["app/pipeline.py"] = PIPELINE.replace("    result_str = truncate_tool_result(result_str, max_chars)\n", "")
    assert check(tmp_path, files)[0] == ["fetch_page"]


def test_an_inline_marked_slice_in_a_graph_node_is_a_cut(tmp_path: Path) -> None:
    node = """
from langchain_core.messages import ToolMessage
from langgraph.prebuilt import ToolNode

from app.tools import TOOLS

MAX_TOOL_OUTPUT_CHARS = 20_000


async def tool_action_node(state):
    payload = await ToolNode(TOOLS).ainvoke({"messages": state["messages"]})
    kept = []
    for msg in payload["messages"]:
        content = str(msg.content)
        if len(content) > MAX_TOOL_OUTPUT_CHARS:
            truncated = content[:MAX_TOOL_OUTPUT_CHARS] + "\\n[... output truncated]"
            msg = ToolMessage(content=truncated, tool_call_id=msg.tool_call_id)
        kept.append(msg)
    return {"messages": kept}
"""
    flagged, rows = check(tmp_path, {"app/tools.py": TOOLS, "app/nodes.py": node})
    assert flagged == []
    assert rows["fetch_page"] == ["the tool executor `tool_action_node` at app/nodes.py:16"]


def test_a_silent_cut_is_no_checkpoint(tmp_path: Path) -> None:
    """`str(result)[:1000]` tells the model nothing: the tools stay reported."""
    pipeline = PIPELINE.replace("truncate_tool_result(result_str, max_chars)", "result_str[:1000]")
    flagged, _ = check(tmp_path, {"app/tools.py": TOOLS, "app/pipeline.py": pipeline})
    assert flagged == ["fetch_page"]


def test_a_marker_in_another_language_counts(tmp_path: Path) -> None:
    truncate = """
def smart_truncate(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    preview = text[:limit]
    hint = f"\\n\\n[输出已截断，共 {len(text)} 字符]"
    return preview + hint
"""
    pipeline = PIPELINE.replace("app.limits import truncate_tool_result", "app.limits import smart_truncate")
    pipeline = pipeline.replace("truncate_tool_result(result_str, max_chars)", "smart_truncate(result_str, max_chars)")
    flagged, _ = check(tmp_path, {"app/tools.py": TOOLS, "app/limits.py": truncate, "app/pipeline.py": pipeline})
    assert flagged == []


def test_an_executor_covers_only_its_own_package(tmp_path: Path) -> None:
    files = {
        "app/tools.py": TOOLS,
        "app/limits.py": TRUNCATE,
        "app/pipeline.py": PIPELINE,
        "other/tools.py": TOOLS.replace("fetch_page", "fetch_other"),
    }
    flagged, rows = check(tmp_path, files)
    assert flagged == ["fetch_other"]
    assert rows["fetch_other"] == ["nothing"]


def test_a_tool_on_an_agent_the_framework_runs_is_not_covered(tmp_path: Path) -> None:
    """`create_react_agent(model, TOOLS)` runs the tools itself: the project's executor never sees
    their results."""
    agent = """
from langgraph.prebuilt import create_react_agent

from app.tools import TOOLS

agent = create_react_agent("openai:gpt-5", TOOLS)
"""
    files = {"app/tools.py": TOOLS, "app/limits.py": TRUNCATE, "app/pipeline.py": PIPELINE, "app/agent.py": agent}
    assert check(tmp_path, files)[0] == ["fetch_page"]


def test_a_message_a_tool_makes_is_its_result_not_an_executor(tmp_path: Path) -> None:
    """A tool that returns a `ToolMessage` with a cut content bounds itself, not the other tools."""
    tools = (
        TOOLS
        + """

@tool
def summary(text: str) -> ToolMessage:
    \"\"\"Summarise.\"\"\"
    return ToolMessage(content=text[:100] + "... [truncated]", tool_call_id="x")
"""
    )
    tools = tools.replace(
        "from langchain_core.tools import tool",
        "from langchain_core.messages import ToolMessage\nfrom langchain_core.tools import tool",
    )
    flagged, _ = check(tmp_path, {"app/tools.py": tools})
    assert flagged == ["fetch_page"]


def test_a_script_executor_covers_the_tools_of_its_own_file_only(tmp_path: Path) -> None:
    script = (
        TOOLS
        + TRUNCATE
        + """

from langchain_core.messages import ToolMessage


def run_tools(calls):
    return [
        ToolMessage(content=truncate_tool_result(str(fetch_page.invoke(c["args"]))), tool_call_id=c["id"])
        for c in calls
    ]
"""
    )
    other = TOOLS.replace("fetch_page", "fetch_other")
    assert check(tmp_path, {"agent.py": script, "other.py": other})[0] == ["fetch_other"]


def test_a_middleware_of_the_project_that_cuts_the_message_covers_its_agent(tmp_path: Path) -> None:
    """A hook of the project's counts when it cuts the result it hands on, like one that calls a
    checkpoint; the agent the framework runs is then covered, and a second agent without it is not."""
    agent = """
from langchain.agents import create_agent
from langchain.agents.middleware import AgentMiddleware
from langchain_core.messages import ToolMessage

from app.tools import TOOLS


class TrimToolOutput(AgentMiddleware):
    def wrap_tool_call(self, request, handler):
        result = handler(request)
        text = str(result.content)
        if len(text) > 12_000:
            return ToolMessage(content=text[:12_000] + "\\n[output truncated]", tool_call_id=result.tool_call_id)
        return result


agent = create_agent("openai:gpt-5", tools=TOOLS, middleware=[TrimToolOutput()])
"""
    flagged, rows = check(tmp_path, {"app/tools.py": TOOLS, "app/agent.py": agent})
    assert flagged == []
    assert rows["fetch_page"] == ["TrimToolOutput() at app/agent.py:17"]
    second = agent + '\nplain = create_agent("openai:gpt-5", tools=TOOLS)\n'
    assert check(tmp_path, {"app/tools.py": TOOLS, "app/agent.py": second})[0] == ["fetch_page"]


def test_a_tool_the_executor_exempts_by_name_stays_reported(tmp_path: Path) -> None:
    tools = TOOLS.replace("TOOLS = [fetch_page]", "") + TOOLS.replace("fetch_page", "load_skill").replace(
        "import httpx\nfrom langchain_core.tools import tool\n", ""
    )
    pipeline = """
from langchain_core.messages import ToolMessage

from app.limits import truncate_tool_result

EXEMPT_TOOLS = frozenset({"load_skill"})


async def execute_tool(tool, call, max_chars):
    raw = await tool.ainvoke(call["args"])
    if call["name"] in EXEMPT_TOOLS:
        content = str(raw)
    else:
        content = truncate_tool_result(str(raw), max_chars)
    return ToolMessage(content=content, tool_call_id=call["id"])
"""
    files = {"app/tools.py": tools, "app/limits.py": TRUNCATE, "app/pipeline.py": pipeline}
    assert check(tmp_path, files)[0] == ["load_skill"]


def test_a_cut_and_its_marker_added_to_the_same_name_is_a_cut(tmp_path: Path) -> None:
    pipeline = PIPELINE.replace(
        "    result_str = truncate_tool_result(result_str, max_chars)\n",
        "    if len(result_str) > max_chars:\n"
        "        result_str = result_str[:max_chars]\n"
        '        result_str += "\\n[output truncated]"\n',
    )
    assert check(tmp_path, {"app/tools.py": TOOLS, "app/pipeline.py": pipeline})[0] == []
