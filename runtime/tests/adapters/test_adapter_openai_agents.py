"""OpenAI Agents SDK adapter: real ``Runner`` runs with the SDK's ``ScriptedModel`` (no network).

The model is scripted to call the tools, then answer; each test reads the input the model
received on its second call, i.e. exactly what the SDK built from the tool results.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import sys
from typing import Any

import pytest
from adapter_support import assert_cut, big_text, require
from boundlint_runtime import track_truncation

pytestmark = pytest.mark.integration

agents = require("agents")
from agents import (  # noqa: E402
    Agent,
    RunConfig,
    RunHooks,
    Runner,
    ToolOutputImage,
    ToolOutputText,
    WebSearchTool,
    function_tool,
)
from agents.testing import ScriptedModel, assistant_message, function_call  # noqa: E402
from boundlint_runtime.adapters.openai_agents import bound_tool, bound_tools  # noqa: E402
from pydantic import BaseModel  # noqa: E402

BIG = big_text()
SMALL = {"rows": [1, 2, 3], "note": "small"}
IMAGE = "data:image/png;base64," + "iVBORw0KGgo" * 20_000  # a 220 KB image, kept whole
NO_TRACES = RunConfig(tracing_disabled=True)


@function_tool
async def search(query: str) -> str:
    """Search the documents."""
    return BIG


@function_tool
def fetch(url: str) -> str:
    """Fetch a page (a sync tool: the SDK runs it in a thread)."""
    return big_text("page")


@function_tool
def lookup(key: str) -> dict[str, Any]:
    """Look a key up."""
    return SMALL


def scripted(*calls: tuple[str, dict[str, Any]]) -> ScriptedModel:
    """A model that calls ``calls`` in one turn, then answers."""
    first = [function_call(name, args, call_id=f"call-{i}") for i, (name, args) in enumerate(calls)]
    return ScriptedModel([first, [assistant_message("done")]])


def tool_outputs(model: ScriptedModel) -> dict[str, Any]:
    """call_id -> the ``output`` of each function_call_output item the model received on its second call."""
    second = model.calls[1].input
    return {item["call_id"]: item["output"] for item in second if item.get("type") == "function_call_output"}


def run(tools: list[Any], *calls: tuple[str, dict[str, Any]], **run_kwargs: Any) -> tuple[ScriptedModel, Any]:
    """One ``Runner.run`` (the async entry point) of an agent with ``tools``."""
    model = scripted(*calls)
    agent = Agent(name="a", model=model, tools=tools)
    result = asyncio.run(Runner.run(agent, "go", run_config=NO_TRACES, **run_kwargs))
    return model, result


def test_big_result_reaches_the_model_bounded_with_marker_flag_log_and_listener(events, runtime_logs) -> None:
    with track_truncation() as flag:
        model, result = run(bound_tools([search], 4_000), ("search", {"query": "q"}))

    output = tool_outputs(model)["call-0"]
    assert_cut(output, 4_000, original=len(BIG))
    assert output.startswith("HEAD") and output.endswith("TAIL")
    assert result.final_output == "done"
    # The run's own record of the call holds the bounded result too, not the megabyte.
    (item,) = [i for i in result.new_items if i.type == "tool_call_output_item"]
    assert item.output == output
    assert flag.occurred
    assert [(e.label, e.original) for e in events] == [("openai_agents:search", len(BIG))]
    assert [r.truncation.label for r in runtime_logs.records] == ["openai_agents:search"]


def test_without_the_adapter_the_model_gets_the_whole_megabyte() -> None:
    model, _ = run([search], ("search", {"query": "q"}))
    assert tool_outputs(model)["call-0"] == BIG


def test_small_result_passes_through_as_the_same_object(events) -> None:
    seen: list[Any] = []

    class Hooks(RunHooks[Any]):
        async def on_tool_end(self, context: Any, agent: Any, tool: Any, result: Any) -> None:
            seen.append(result)

    bounded_model, _ = run(bound_tools([lookup]), ("lookup", {"key": "k"}), hooks=Hooks())
    plain_model, _ = run([lookup], ("lookup", {"key": "k"}))

    assert seen == [SMALL] and seen[0] is SMALL
    assert tool_outputs(bounded_model) == tool_outputs(plain_model) == {"call-0": str(SMALL)}
    assert events == []


def test_per_tool_budget_overrides_the_shared_one() -> None:
    tools = bound_tools([search, fetch], 8_000, per_tool={"fetch": 1_000})
    model, _ = run(tools, ("search", {"query": "q"}), ("fetch", {"url": "u"}))

    outputs = tool_outputs(model)
    assert_cut(outputs["call-0"], 8_000, original=len(BIG))
    assert_cut(outputs["call-1"], 1_000, original=len(big_text("page")))
    assert len(outputs["call-0"]) > 4_000  # the shared budget, not fetch's


def test_sync_runner_and_sync_tool() -> None:
    model = scripted(("fetch", {"url": "u"}))
    agent = Agent(name="a", model=model, tools=[bound_tool(fetch, 2_000)])
    result = Runner.run_sync(agent, "go", run_config=NO_TRACES)

    assert result.final_output == "done"
    assert_cut(tool_outputs(model)["call-0"], 2_000, original=len(big_text("page")))


def test_streamed_run_is_bounded_too() -> None:
    async def stream(agent: Agent[Any]) -> Any:
        result = Runner.run_streamed(agent, "go", run_config=NO_TRACES)
        async for _ in result.stream_events():
            pass
        return result

    model = scripted(("search", {"query": "q"}))
    result = asyncio.run(stream(Agent(name="a", model=model, tools=bound_tools([search], 2_000))))

    assert result.final_output == "done"
    assert_cut(tool_outputs(model)["call-0"], 2_000, original=len(BIG))


def test_structured_outputs_text_blocks_share_the_budget_images_kept() -> None:
    @function_tool
    def report(topic: str) -> list[Any]:
        """A report with a chart."""
        return [
            ToolOutputText(text=BIG),
            ToolOutputImage(image_url=IMAGE, detail="low"),
            {"type": "text", "text": big_text("appendix")},
        ]

    model, _ = run(bound_tools([report], 6_000), ("report", {"topic": "t"}))

    blocks = tool_outputs(model)["call-0"]
    assert [b["type"] for b in blocks] == ["input_text", "input_image", "input_text"]
    assert blocks[1] == {"type": "input_image", "image_url": IMAGE, "detail": "low"}
    texts = [b["text"] for b in blocks if b["type"] == "input_text"]
    assert sum(map(len, texts)) <= 6_000
    assert_cut(texts[0], 6_000, original=len(BIG))
    assert_cut(texts[1], 6_000, original=len(big_text("appendix")))


def test_dict_result_becomes_bounded_json_keeping_every_key() -> None:
    @function_tool
    def orders(customer: str) -> dict[str, Any]:
        """Orders of a customer."""
        return {
            "customer": customer,
            "count": 40_000,
            "orders": [{"id": i, "item": "widget " * 5} for i in range(40_000)],
        }

    model, _ = run(bound_tools([orders], 3_000), ("orders", {"customer": "ada"}))

    output = tool_outputs(model)["call-0"]
    assert len(output) <= 3_000
    parsed = json.loads(output)  # the model reads valid JSON, not a cut Python repr
    assert parsed["customer"] == "ada" and parsed["count"] == 40_000
    assert "[truncated" in json.dumps(parsed["orders"])


class Page(BaseModel):
    title: str
    body: str


def test_tool_with_an_output_schema_gets_schema_valid_json() -> None:
    @function_tool(output_type=Page)
    def page(url: str) -> Page:
        """Read a page."""
        return Page(title="Big page", body=BIG)

    model, _ = run(bound_tools([page], 2_000), ("page", {"url": "u"}))

    output = tool_outputs(model)["call-0"]
    assert len(output) <= 2_000
    parsed = Page.model_validate_json(output)
    assert parsed.title == "Big page"
    assert_cut(parsed.body, 2_000, original=len(BIG))


def test_error_text_from_a_failure_function_is_bounded() -> None:
    def failure(ctx: Any, error: Exception) -> str:
        return f"failed: {error}"

    @function_tool(failure_error_function=failure)
    def broken(x: str) -> str:
        """Always fails, with a huge message."""
        raise RuntimeError(BIG)

    model, _ = run(bound_tools([broken], 1_500), ("broken", {"x": "1"}))

    output = tool_outputs(model)["call-0"]
    assert output.startswith("failed: HEAD")
    assert_cut(output, 1_500)


def test_agent_as_tool_result_is_bounded() -> None:
    writer = Agent(name="writer", model=ScriptedModel([[assistant_message(BIG)]]))
    tool = writer.as_tool(tool_name="write", tool_description="Write a long text.")
    model, _ = run(bound_tools([tool], 5_000), ("write", {"input": "essay"}))

    assert_cut(tool_outputs(model)["call-0"], 5_000, original=len(BIG))


def test_bounded_tools_keep_name_schema_and_strictness() -> None:
    @function_tool(strict_mode=False)
    def loose(query: str, limit: int = 10) -> str:
        """A tool with a non-strict schema."""
        return "ok"

    originals = [search, fetch, loose]
    bounded = bound_tools(originals)
    for original, new in zip(originals, bounded, strict=True):
        assert new is not original and new.on_invoke_tool is not original.on_invoke_tool
        assert (new.name, new.description, new.strict_json_schema) == (
            original.name,
            original.description,
            original.strict_json_schema,
        )
        assert new.params_json_schema == original.params_json_schema
    # ...and the model is offered exactly the same tools.
    bounded_model, _ = run(bounded, ("loose", {"query": "q"}))
    plain_model, _ = run(originals, ("loose", {"query": "q"}))
    offered = [
        [(t.name, t.params_json_schema, t.strict_json_schema) for t in m.calls[0].tools]
        for m in (bounded_model, plain_model)
    ]
    assert offered[0] == offered[1]


def test_bound_tools_on_an_agent_clones_it_and_keeps_other_tools() -> None:
    web = WebSearchTool()
    agent = Agent(name="a", tools=[search, web])
    clone = bound_tools(agent, 1_000)

    assert isinstance(clone, Agent) and clone is not agent
    assert agent.tools == [search, web]  # the original agent is untouched
    assert clone.tools[1] is web
    assert clone.tools[0] is not search and clone.tools[0].name == "search"


def test_bounding_again_replaces_the_budget() -> None:
    twice = bound_tool(bound_tool(search, 1_000), 5_000)
    model, _ = run([twice], ("search", {"query": "q"}))

    output = tool_outputs(model)["call-0"]
    assert_cut(output, 5_000, original=len(BIG))
    assert len(output) > 1_000


def test_missing_sdk_names_the_pip_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "agents", None)
    monkeypatch.delitem(sys.modules, "boundlint_runtime.adapters.openai_agents")
    with pytest.raises(ImportError, match="pip install openai-agents"):
        importlib.import_module("boundlint_runtime.adapters.openai_agents")
