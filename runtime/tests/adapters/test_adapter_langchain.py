"""The LangChain middleware and the LangGraph ToolNode interceptor, through real agent runs and a real ToolNode."""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any

import pytest
from adapter_support import assert_cut, big_text, require
from boundlint_runtime import TruncationEvent, track_truncation

agents = require("langchain.agents")
require("langgraph.prebuilt")

from boundlint_runtime.adapters.langchain import BoundlintMiddleware  # noqa: E402
from boundlint_runtime.adapters.langgraph import BoundToolCalls  # noqa: E402
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel  # noqa: E402
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage  # noqa: E402
from langchain_core.tools import InjectedToolCallId, tool  # noqa: E402
from langgraph.graph import END, START, MessagesState, StateGraph  # noqa: E402
from langgraph.prebuilt import ToolNode  # noqa: E402
from langgraph.prebuilt.tool_node import ToolCallRequest  # noqa: E402
from langgraph.types import Command  # noqa: E402
from pydantic import Field  # noqa: E402

pytestmark = pytest.mark.integration

BIG = big_text()
IMAGE = {"type": "image", "base64": "iVBORw0KGgo" * 20_000, "mime_type": "image/png"}  # ~220 KB, kept whole


class ScriptedModel(GenericFakeChatModel):
    """Answers with the scripted messages and records what it was sent."""

    seen: list[list[BaseMessage]] = Field(default_factory=list)

    def bind_tools(self, tools: Any, **kwargs: Any) -> ScriptedModel:
        return self

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kwargs: Any) -> Any:
        self.seen.append(list(messages))
        return super()._generate(messages, stop=stop, run_manager=run_manager, **kwargs)


def calls(*names: str) -> list[dict[str, Any]]:
    return [{"name": name, "args": {"query": "q"}, "id": f"call_{name}"} for name in names]


def model_calling(*names: str) -> ScriptedModel:
    return ScriptedModel(messages=iter([AIMessage("", tool_calls=calls(*names)), AIMessage("done")]))


def tool_messages_seen(model: ScriptedModel) -> dict[str, ToolMessage]:
    """The tool results the model received on its second turn, by tool name."""
    assert len(model.seen) == 2
    return {m.name: m for m in model.seen[1] if isinstance(m, ToolMessage)}


@tool
def fetch_page(query: str) -> str:
    """Fetch a page."""
    return BIG


@tool
def read_log(query: str) -> str:
    """Read a log."""
    return BIG


@tool
async def afetch_page(query: str) -> str:
    """Fetch a page, async."""
    return BIG


@tool
def ping(query: str) -> str:
    """Answer small."""
    return "pong"


@tool
def update_state(query: str, tool_call_id: Annotated[str, InjectedToolCallId]) -> Command:
    """Answer with a Command carrying two messages."""
    note = {"role": "user", "content": big_text("note")}
    return Command(update={"messages": [ToolMessage(BIG, tool_call_id=tool_call_id), note], "raw": BIG})


@tool
def screenshot(query: str) -> list[dict[str, Any]]:
    """Text, an image and JSON as content blocks."""
    return [{"type": "text", "text": BIG}, IMAGE, {"type": "json", "json": {"rows": list(range(200_000))}}]


@tool
def many_blocks(query: str) -> list[dict[str, Any]]:
    """More text blocks than a small budget can give room to."""
    return [{"type": "text", "text": f"block {i} " * 100} for i in range(200)] + [IMAGE]


@tool(response_format="content_and_artifact")
def with_artifact(query: str) -> tuple[str, dict[str, str]]:
    """Content for the model, an artifact for the application."""
    return BIG, {"full": BIG}


def tool_graph(tools: list[Any], bound: BoundToolCalls) -> Any:
    """A real ToolNode with the interceptor, alone in a graph (it needs a graph's runtime)."""
    node = ToolNode(tools, wrap_tool_call=bound.wrap_tool_call, awrap_tool_call=bound.awrap_tool_call)
    graph = StateGraph(MessagesState)
    graph.add_node("tools", node)
    graph.add_edge(START, "tools")
    graph.add_edge("tools", END)
    return graph.compile()


def run_tools(tools: list[Any], bound: BoundToolCalls, *, use_async: bool = False) -> list[BaseMessage]:
    """The messages the tool node added to the state after one AI turn calling each tool once."""
    graph = tool_graph(tools, bound)
    state = {"messages": [AIMessage("", tool_calls=calls(*(t.name for t in tools)))]}
    out = asyncio.run(graph.ainvoke(state)) if use_async else graph.invoke(state)
    return list(out["messages"][1:])


# create_agent + BoundlintMiddleware


def test_the_model_receives_a_bounded_tool_message_flagged_logged_and_published(
    events: list[TruncationEvent], runtime_logs: pytest.LogCaptureFixture
) -> None:
    model = model_calling("fetch_page")
    agent = agents.create_agent(model, [fetch_page], middleware=[BoundlintMiddleware(4_000)])
    with track_truncation() as flag:
        state = agent.invoke({"messages": [HumanMessage("look it up")]})
    seen = tool_messages_seen(model)["fetch_page"]
    assert_cut(seen.content, 4_000, original=len(BIG))
    assert seen.content.startswith("HEAD ") and seen.content.endswith(" TAIL")
    assert seen.tool_call_id == "call_fetch_page"
    assert state["messages"][2].content == seen.content  # the state (and a checkpoint) keeps the bounded one
    assert flag.occurred
    assert [(e.label, e.unit, e.original) for e in events] == [("langchain:fetch_page", "chars", len(BIG))]
    cuts = [r for r in runtime_logs.records if r.name == "boundlint_runtime"]
    assert len(cuts) == 1 and "label=langchain:fetch_page" in cuts[0].getMessage()


def test_async_agent_runs_are_bounded_too(events: list[TruncationEvent]) -> None:
    model = model_calling("afetch_page")
    agent = agents.create_agent(model, [afetch_page], middleware=[BoundlintMiddleware(3_000)])
    with track_truncation() as flag:
        asyncio.run(agent.ainvoke({"messages": [HumanMessage("look it up")]}))
    assert_cut(tool_messages_seen(model)["afetch_page"].content, 3_000, original=len(BIG))
    assert flag.occurred and [e.label for e in events] == ["langchain:afetch_page"]


def test_small_results_reach_the_model_unchanged(events: list[TruncationEvent]) -> None:
    model = model_calling("ping")
    agent = agents.create_agent(model, [ping], middleware=[BoundlintMiddleware(100)])
    with track_truncation() as flag:
        agent.invoke({"messages": [HumanMessage("ping")]})
    assert tool_messages_seen(model)["ping"].content == "pong"
    assert not flag.occurred and events == []


def test_per_tool_budgets_override_the_agent_budget() -> None:
    model = model_calling("fetch_page", "read_log")
    agent = agents.create_agent(
        model, [fetch_page, read_log], middleware=[BoundlintMiddleware(5_000, per_tool={"read_log": 1_000})]
    )
    agent.invoke({"messages": [HumanMessage("go")]})
    seen = tool_messages_seen(model)
    assert_cut(seen["fetch_page"].content, 5_000, original=len(BIG))
    assert_cut(seen["read_log"].content, 1_000, original=len(BIG))
    assert len(seen["fetch_page"].content) > 4_000  # each used its own budget, not the smaller one


def test_a_command_result_reaches_the_model_bounded() -> None:
    model = model_calling("update_state")
    agent = agents.create_agent(model, [update_state], middleware=[BoundlintMiddleware(4_000)])
    agent.invoke({"messages": [HumanMessage("go")]})
    tool_message, note = model.seen[1][-2:]
    assert isinstance(tool_message, ToolMessage) and isinstance(note, HumanMessage)
    assert_cut(tool_message.content, 4_000, original=len(BIG))
    assert_cut(note.content, 4_000, original=len(big_text("note")))
    assert len(tool_message.content) + len(note.content) <= 4_000  # one result, one budget


# ToolNode(wrap_tool_call=..., awrap_tool_call=...)


@pytest.mark.parametrize("use_async", [False, True])
def test_a_tool_node_bounds_each_result_sync_and_async(use_async: bool, events: list[TruncationEvent]) -> None:
    bound = BoundToolCalls(2_000, per_tool={"read_log": 500})
    fetched, logged = run_tools([fetch_page, read_log], bound, use_async=use_async)
    assert_cut(fetched.content, 2_000, original=len(BIG))
    assert_cut(logged.content, 500, original=len(BIG))
    assert sorted(e.label for e in events) == ["langgraph:fetch_page", "langgraph:read_log"]


@pytest.mark.parametrize("use_async", [False, True])
def test_command_messages_share_the_budget_and_other_state_keys_are_left(use_async: bool) -> None:
    graph = tool_graph([update_state], BoundToolCalls(3_000))
    state = {"messages": [AIMessage("", tool_calls=calls("update_state"))]}
    out = asyncio.run(graph.ainvoke(state)) if use_async else graph.invoke(state)
    tool_message, note = out["messages"][1:]
    assert tool_message.tool_call_id == "call_update_state"
    assert_cut(tool_message.content, 3_000, original=len(BIG))
    assert "[truncated" in note.content
    assert len(tool_message.content) + len(note.content) <= 3_000


def test_list_form_command_updates_are_bounded() -> None:
    bound = BoundToolCalls(1_000)
    request = ToolCallRequest(tool_call=calls("update_state")[0], tool=None, state=[], runtime=None)
    command = Command(update=[ToolMessage(BIG, tool_call_id="call_update_state")], goto="agent")
    out = bound.wrap_tool_call(request, lambda _: command)
    assert isinstance(out, Command) and out.goto == "agent"
    assert_cut(out.update[0].content, 1_000, original=len(BIG))
    assert command.update[0].content is BIG  # the tool's own objects are not mutated


def test_text_blocks_are_cut_the_image_is_kept_and_json_blocks_fit(events: list[TruncationEvent]) -> None:
    (message,) = run_tools([screenshot], BoundToolCalls(6_000))
    text, image, data = message.content
    assert image == IMAGE and image["type"] == "image"
    assert_cut(text["text"], 6_000, original=len(BIG))
    assert data["type"] == "json" and "[truncated" in json.dumps(data["json"])
    assert len(text["text"]) + len(json.dumps(data, ensure_ascii=False)) <= 6_000
    assert {e.label.split(".")[0] for e in events} == {"langgraph:screenshot"}  # value cuts add a JSON path


def test_text_blocks_beyond_the_budget_are_dropped_and_counted() -> None:
    (message,) = run_tools([many_blocks], BoundToolCalls(2_000))
    *texts, image = message.content
    assert image == IMAGE
    assert 1 <= len(texts) < 200 and all(b["type"] == "text" for b in texts)
    assert sum(len(b["text"]) for b in texts) <= 2_000
    assert f"[{200 - len(texts)} more text blocks omitted]" in texts[-1]["text"]


def test_the_artifact_is_left_whole_since_the_model_never_sees_it() -> None:
    (message,) = run_tools([with_artifact], BoundToolCalls(1_000))
    assert_cut(message.content, 1_000, original=len(BIG))
    assert message.artifact == {"full": BIG}


def test_results_that_fit_come_back_as_the_same_objects() -> None:
    bound = BoundToolCalls(1_000)
    request = ToolCallRequest(tool_call=calls("ping")[0], tool=None, state={}, runtime=None)
    results: list[Any] = [
        ToolMessage("pong", tool_call_id="call_ping"),
        ToolMessage([{"type": "text", "text": "pong"}, IMAGE], tool_call_id="call_ping"),
        Command(update={"messages": [ToolMessage("pong", tool_call_id="call_ping")], "raw": BIG}),
        [ToolMessage("pong", tool_call_id="call_ping"), Command(goto="agent")],
    ]
    for result in results:
        assert bound.wrap_tool_call(request, lambda _, r=result: r) is result

        async def execute(_: Any, r: Any = result) -> Any:
            return r

        assert asyncio.run(bound.awrap_tool_call(request, execute)) is result
