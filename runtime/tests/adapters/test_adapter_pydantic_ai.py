"""boundlint_runtime.adapters.pydantic_ai: real agent runs with a FunctionModel, checking what the model receives."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from adapter_support import assert_cut, big_text, require
from boundlint_runtime import track_truncation
from boundlint_runtime.adapters.budget import ToolBudget

pytestmark = pytest.mark.integration

pai = require("pydantic_ai")

from boundlint_runtime.adapters.pydantic_ai import (  # noqa: E402
    BoundedToolResults,
    BoundedToolset,
    bound_tool_result,
    bounded_result_hook,
)
from pydantic import BaseModel  # noqa: E402
from pydantic_ai import Agent, BinaryContent, ImageUrl, ToolReturn  # noqa: E402
from pydantic_ai.capabilities import AbstractCapability, Hooks  # noqa: E402
from pydantic_ai.messages import (  # noqa: E402
    ModelMessage,
    ModelRequest,
    ModelResponse,
    StructuredContent,
    TextContent,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel  # noqa: E402
from pydantic_ai.toolsets import FunctionToolset  # noqa: E402

BIG = big_text()
PNG = BinaryContent(b"\x89PNG\r\n\x1a\n" + b"\0" * 1_000_000, media_type="image/png")  # a 1 MB image


class Row(BaseModel):
    id: int
    body: str


@dataclass
class Point:
    x: int
    y: int


def scripted(*calls: str) -> tuple[FunctionModel, list[ModelRequest]]:
    """A model that calls ``calls`` (one tool per turn), then answers; the requests it got after each call."""
    received: list[ModelRequest] = []

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        turn = sum(isinstance(m, ModelResponse) for m in messages)
        if turn:
            last = messages[-1]
            assert isinstance(last, ModelRequest)
            received.append(last)
        if turn < len(calls):
            return ModelResponse(parts=[ToolCallPart(calls[turn], {}, tool_call_id=f"call{turn}")])
        return ModelResponse(parts=[TextPart("done")])

    return FunctionModel(respond), received


def tool_return(request: ModelRequest) -> ToolReturnPart:
    [part] = [p for p in request.parts if isinstance(p, ToolReturnPart)]
    assert part.outcome == "success", part
    return part


def user_content(request: ModelRequest) -> list[Any]:
    """What ``ToolReturn.content`` became: the content of the user prompt part after the tool result."""
    [part] = [p for p in request.parts if isinstance(p, UserPromptPart)]
    return [part.content] if isinstance(part.content, str) else list(part.content)


def run_tool(fn: Callable[..., Any], max_chars: int = 16_000, **per_tool: int) -> ModelRequest:
    """Run an agent (capability form, run_sync) whose model calls ``fn`` once; the request the model got next."""
    model, received = scripted(fn.__name__)
    agent = Agent(model, tools=[fn], capabilities=[BoundedToolResults(max_chars, per_tool=per_tool or None)])
    assert agent.run_sync("go").output == "done"
    [request] = received
    return request


# ---------------------------------------------------------------- capability form


def test_capability_bounds_a_1mb_str_result_of_a_sync_tool() -> None:
    def fetch_page() -> str:
        return BIG

    content = tool_return(run_tool(fetch_page)).content
    assert isinstance(content, str)
    assert_cut(content, 16_000, len(BIG))
    assert content.startswith("HEAD ") and content.endswith(" TAIL")


@pytest.mark.asyncio
async def test_capability_bounds_an_async_tool_under_agent_run() -> None:
    async def search() -> dict[str, Any]:
        return {"query": "q", "hits": [{"id": i, "body": BIG} for i in range(3)]}

    model, received = scripted("search")
    agent = Agent(model, tools=[search], capabilities=[BoundedToolResults(4_000)])
    assert (await agent.run("go")).output == "done"
    part = tool_return(received[0])
    assert isinstance(part.content, dict)
    assert len(json.dumps(part.content, ensure_ascii=False)) <= 4_000
    assert part.content["query"] == "q"
    assert f"{len(BIG)} chars total" in json.dumps(part.content)
    assert len(part.model_response_str()) <= 4_000  # the text a real model would be sent


def test_small_results_reach_the_model_unchanged_with_their_types() -> None:
    text, row, point, rows = "a short answer", Row(id=1, body="b"), Point(1, 2), [Row(id=2, body="c")]
    for value in (text, row, point, rows, {"k": [1, 2.5, None]}):

        def answer() -> Any:
            return value  # noqa: B023 - called within this iteration

        assert tool_return(run_tool(answer)).content is value


def test_a_big_pydantic_model_result_is_cut_to_json_with_the_marker() -> None:
    def get_row() -> Row:
        return Row(id=7, body=BIG)

    part = tool_return(run_tool(get_row, 2_000))
    assert part.content == {"id": 7, "body": part.content["body"]}
    assert_cut(part.content["body"], 2_000, len(BIG))
    assert len(part.model_response_str()) <= 2_000


def test_per_tool_budget_overrides_the_shared_one() -> None:
    def small_budget() -> str:
        return BIG

    def default_budget() -> str:
        return BIG

    model, received = scripted("small_budget", "default_budget")
    capability = BoundedToolResults(3_000, per_tool={"small_budget": 500})
    agent = Agent(model, tools=[small_budget, default_budget], capabilities=[capability])
    agent.run_sync("go")
    assert_cut(tool_return(received[0]).content, 500, len(BIG))
    first = tool_return(received[1]).content
    assert_cut(first, 3_000, len(BIG))
    assert len(first) > 2_500


def test_runs_after_the_other_capabilities_after_tool_execute_hooks() -> None:
    @dataclass
    class Inflate(AbstractCapability[Any]):
        async def after_tool_execute(self, ctx: Any, *, call: Any, tool_def: Any, args: Any, result: Any) -> Any:
            return result + BIG

    def short() -> str:
        return "ok "

    model, received = scripted("short")
    # Listed first, Inflate would be the outermost and have the last word, were ours not placed outermost.
    Agent(model, tools=[short], capabilities=[Inflate(), BoundedToolResults(1_000)]).run_sync("go")
    content = tool_return(received[0]).content
    assert_cut(content, 1_000, len(BIG) + 3)
    assert content.startswith("ok HEAD")


def test_hooks_form() -> None:
    def fetch_page() -> str:
        return BIG

    model, received = scripted("fetch_page")
    hooks = Hooks(after_tool_execute=bounded_result_hook(1_200))
    Agent(model, tools=[fetch_page], capabilities=[hooks]).run_sync("go")
    assert_cut(tool_return(received[0]).content, 1_200, len(BIG))


# ---------------------------------------------------------------- toolset form


def test_toolset_form_bounds_sync_and_async_tools() -> None:
    def sync_tool() -> str:
        return BIG

    async def async_tool() -> list[str]:
        return [BIG, "end"]

    model, received = scripted("sync_tool", "async_tool")
    toolset = BoundedToolset(FunctionToolset([sync_tool, async_tool]), 2_000, per_tool={"async_tool": 1_000})
    assert Agent(model, toolsets=[toolset]).run_sync("go").output == "done"
    assert_cut(tool_return(received[0]).content, 2_000, len(BIG))
    items = tool_return(received[1]).content
    assert isinstance(items, list) and items[-1] == "end"
    assert len(json.dumps(items)) <= 1_000
    assert_cut(items[0], 1_000, len(BIG))


@pytest.mark.asyncio
async def test_toolset_form_keeps_small_results_and_works_under_a_prefix() -> None:
    row = Row(id=1, body="small")

    def get_row() -> Row:
        return row

    def page() -> str:
        return BIG

    model, received = scripted("db_get_row", "db_page")
    # per_tool names are the wrapped toolset's own: the prefix is added outside.
    toolset = BoundedToolset(FunctionToolset([get_row, page]), ToolBudget(5_000, per_tool={"page": 300}))
    await Agent(model, toolsets=[toolset.prefixed("db")]).run("go")
    assert tool_return(received[0]).content is row
    assert_cut(tool_return(received[1]).content, 300, len(BIG))


def test_toolset_form_over_an_mcp_server() -> None:
    fastmcp = pytest.importorskip("fastmcp")  # pydantic-ai-slim[mcp]
    from pydantic_ai.mcp import MCPToolset

    server = fastmcp.FastMCP("docs")

    @server.tool
    def page() -> dict[str, str]:
        return {"title": "t", "body": BIG}

    model, received = scripted("page")
    Agent(model, toolsets=[BoundedToolset(MCPToolset(server), 2_000)]).run_sync("go")
    part = tool_return(received[0])
    # Pydantic AI hands the MCP structuredContent on as the value; its JSON text reaches the model.
    assert part.content["title"] == "t"
    assert_cut(part.content["body"], 2_000, len(BIG))
    assert len(part.model_response_str()) <= 2_000


def test_a_budget_and_per_tool_beside_it_is_an_error() -> None:
    with pytest.raises(ValueError, match="per_tool"):
        BoundedToolset(FunctionToolset([]), ToolBudget(100), per_tool={"x": 10})
    with pytest.raises(ValueError):
        BoundedToolResults(1)


# ---------------------------------------------------------------- ToolReturn, files


def test_tool_return_value_and_content_share_one_budget_metadata_untouched() -> None:
    metadata = {"raw": BIG}

    def report() -> ToolReturn:
        return ToolReturn({"summary": BIG}, content=["Chart:", PNG, BIG], metadata=metadata)

    request = run_tool(report, 6_000)
    part = tool_return(request)
    assert part.metadata is metadata  # never sent to the model: left whole for the application
    value_text = json.dumps(part.content)
    assert f"{len(BIG)} chars total" in value_text
    content = user_content(request)
    assert content[0] == "Chart:" and content[1] is PNG  # the image stays an image, in place
    assert_cut(content[2], 6_000, len(BIG))
    assert len(value_text) + len(content[0]) + len(content[2]) <= 6_000


def test_tool_return_content_alone_over_budget_and_structured_content() -> None:
    def report() -> ToolReturn:
        return ToolReturn("ok", content=[StructuredContent({"rows": BIG}), TextContent(BIG, metadata="m")])

    request = run_tool(report, 3_000)
    assert tool_return(request).content == "ok"
    texts = user_content(request)
    # A cut StructuredContent becomes plain text: a model reading its `value` would get it all.
    assert [type(t) for t in texts] == [TextContent, TextContent]
    assert texts[1].metadata == "m"
    assert all("[truncated" in t.content for t in texts)
    assert sum(len(t.content) for t in texts) <= 3_000 - 2


def test_small_tool_return_is_the_same_object() -> None:
    ret = ToolReturn({"a": 1}, content="see above", metadata=1)
    assert bound_tool_result(ret, "t", ToolBudget(100)) is ret

    def report() -> ToolReturn:
        return ret

    request = run_tool(report)
    assert tool_return(request).content is ret.return_value
    assert user_content(request) == ["see above"]


def test_binary_results_are_kept(events: list[Any]) -> None:
    url = ImageUrl("https://example.com/a.png")

    def picture() -> BinaryContent:
        return PNG

    def pictures() -> list[Any]:
        return [url, BIG, PNG]

    model, received = scripted("picture", "pictures")
    Agent(model, tools=[picture, pictures], capabilities=[BoundedToolResults(2_000)]).run_sync("go")
    assert tool_return(received[0]).content is PNG
    items = tool_return(received[1]).content
    # The text is cut in place; the files keep their type and position.
    assert items[0] is url and items[2] is PNG
    assert_cut(items[1], 2_000, len(BIG))
    assert [e.label for e in events] == ["pydantic_ai:pictures[0]"]


def test_files_go_after_the_data_when_list_items_are_omitted() -> None:
    def many() -> list[Any]:
        return [PNG, *(f"row {i} " * 20 for i in range(500))]

    items = tool_return(run_tool(many, 3_000)).content
    assert items[-1] is PNG and not any(isinstance(i, BinaryContent) for i in items[:-1])
    data = json.dumps(items[:-1])
    assert len(data) <= 3_000 and "of 500 items omitted" in data


# ---------------------------------------------------------------- signal


def test_flag_log_and_listener(events: list[Any], runtime_logs: pytest.LogCaptureFixture) -> None:
    def fetch_page() -> str:
        return BIG

    with track_truncation() as flag:
        run_tool(fetch_page, 1_000)
    assert flag.occurred
    [event] = events
    assert (event.label, event.unit, event.original) == ("pydantic_ai:fetch_page", "chars", len(BIG))
    assert 0 < event.kept <= 1_000
    records = [r for r in runtime_logs.records if r.name == "boundlint_runtime"]
    assert [r.levelname for r in records] == ["INFO"]
    assert "label=pydantic_ai:fetch_page" in records[0].getMessage()


def test_nothing_signalled_when_nothing_is_cut(events: list[Any]) -> None:
    def small() -> str:
        return "fine"

    with track_truncation() as flag:
        run_tool(small)
    assert not flag.occurred and events == []


# ---------------------------------------------------------------- packaging


def test_runtime_import_does_not_need_pydantic_ai_and_the_adapter_says_what_to_install() -> None:
    code = (
        "import sys; import boundlint_runtime, boundlint_runtime.adapters\n"
        "assert 'pydantic_ai' not in sys.modules\n"
        "sys.modules['pydantic_ai'] = None\n"
        "try:\n    import boundlint_runtime.adapters.pydantic_ai\n"
        "except ImportError as e:\n    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "pip install -U pydantic-ai-slim" in out
