"""LlamaIndex adapter: real agent loops (FunctionAgent, ReActAgent) and ``predict_and_call``.

The LLM is LlamaIndex's ``MockFunctionCallingLLM`` with a scripted response generator (no
network): it calls the tools, then answers, and records the messages it was sent, so each test
reads what the agent built from the tool results.
"""

# No `from __future__ import annotations`: LlamaIndex spots a tool's `Context` parameter by its real annotation.
import asyncio
import importlib
import json
import sys
from collections.abc import Sequence
from typing import Any

import pytest
from adapter_support import assert_cut, big_text, require
from boundlint_runtime import track_truncation

pytestmark = pytest.mark.integration

require("llama_index.core")
from boundlint_runtime.adapters.llama_index import bound_tool, bound_tools  # noqa: E402
from llama_index.core.agent.workflow import FunctionAgent, ReActAgent  # noqa: E402
from llama_index.core.base.llms.types import (  # noqa: E402
    ChatMessage,
    CitableBlock,
    ImageBlock,
    MessageRole,
    TextBlock,
    ToolCallBlock,
)
from llama_index.core.llms.mock import MockFunctionCallingLLM  # noqa: E402
from llama_index.core.tools import BaseTool, FunctionTool, ToolMetadata, ToolOutput  # noqa: E402
from llama_index.core.workflow import Context  # noqa: E402
from pydantic import Field  # noqa: E402

BIG = big_text()
PAGE = big_text("page")
IMAGE = ImageBlock(image=b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 400, image_mimetype="image/png")  # 100 KB, kept
SMALL = ToolOutput(tool_name="lookup", content="small answer", raw_input={}, raw_output="small answer")


def search(query: str) -> str:
    """Search the documents."""
    return BIG


async def fetch(url: str) -> str:
    """Fetch a page (an async tool)."""
    return PAGE


class ScriptedLLM(MockFunctionCallingLLM):
    """Calls ``calls`` in its first turn (function calling or ReAct text), then answers; records every turn."""

    turns: list[list[ChatMessage]] = Field(default_factory=list, exclude=True)

    def __init__(self, *calls: tuple[str, dict[str, Any]], react: bool = False) -> None:
        super().__init__(is_chat_model=True)
        self.response_generator = lambda messages, **kwargs: self._respond(messages, calls, react)

    def _respond(self, messages: Sequence[ChatMessage], calls: Any, react: bool) -> ChatMessage:
        self.turns.append(list(messages))
        if len(self.turns) > 1:
            return ChatMessage(role="assistant", content="Thought: I can answer.\nAnswer: done" if react else "done")
        if react:
            ((name, args),) = calls
            return ChatMessage(
                role="assistant", content=f"Thought: I need a tool.\nAction: {name}\nAction Input: {json.dumps(args)}"
            )
        blocks = [ToolCallBlock(tool_call_id=f"call-{i}", tool_name=n, tool_kwargs=a) for i, (n, a) in enumerate(calls)]
        return ChatMessage(role="assistant", blocks=blocks)

    def tool_messages(self) -> dict[str, ChatMessage]:
        """call id -> the tool message the LLM received on its second turn."""
        second = self.turns[1]
        return {m.additional_kwargs["tool_call_id"]: m for m in second if m.role == MessageRole.TOOL}


def run_agent(tools: list[Any], *calls: tuple[str, dict[str, Any]]) -> ScriptedLLM:
    llm = ScriptedLLM(*calls)
    result = asyncio.run(_run(FunctionAgent(tools=tools, llm=llm)))
    assert str(result) == "done"
    return llm


async def _run(agent: Any) -> Any:
    return await agent.run(user_msg="go")


def test_function_agent_llm_gets_bounded_tool_message_with_marker_flag_log_and_listener(events, runtime_logs) -> None:
    with track_truncation() as flag:
        llm = run_agent(bound_tools([search], 4_000), ("search", {"query": "q"}))

    message = llm.tool_messages()["call-0"]
    assert [type(b) for b in message.blocks] == [TextBlock]
    assert_cut(message.content, 4_000, original=len(BIG))
    assert message.content.startswith("HEAD") and message.content.endswith("TAIL")
    assert flag.occurred
    assert [(e.label, e.original) for e in events] == [("llama_index:search", len(BIG))]
    assert [r.truncation.label for r in runtime_logs.records] == ["llama_index:search"]


def test_without_the_adapter_the_llm_gets_the_whole_megabyte() -> None:
    llm = run_agent([search], ("search", {"query": "q"}))
    assert llm.tool_messages()["call-0"].content == BIG


def test_small_result_passes_through_as_the_same_object(events) -> None:
    tool = FunctionTool.from_defaults(lambda key: "x", name="lookup", callback=lambda raw: SMALL)
    bounded = bound_tool(tool)
    assert bounded.call(key="k") is SMALL
    assert asyncio.run(bounded.acall(key="k")) is SMALL

    with_adapter = run_agent([bounded], ("lookup", {"key": "k"})).tool_messages()["call-0"]
    without = run_agent([tool], ("lookup", {"key": "k"})).tool_messages()["call-0"]
    assert with_adapter.blocks == without.blocks == SMALL.blocks
    assert events == []


def test_per_tool_budget_overrides_the_shared_one() -> None:
    tools = bound_tools([search, fetch], 8_000, per_tool={"fetch": 1_000})
    messages = run_agent(tools, ("search", {"query": "q"}), ("fetch", {"url": "u"})).tool_messages()

    assert_cut(messages["call-0"].content, 8_000, original=len(BIG))
    assert len(messages["call-0"].content) > 4_000  # the shared budget, not fetch's
    assert_cut(messages["call-1"].content, 1_000, original=len(PAGE))


def test_sync_predict_and_call_path() -> None:
    """``llm.predict_and_call`` runs the tools with ``tool(**kwargs)``, i.e. the sync ``call``."""
    llm = ScriptedLLM(("search", {"query": "q"}))
    response = llm.predict_and_call(bound_tools([search], 2_000), user_msg="go")

    assert_cut(response.response, 2_000, original=len(BIG))
    (source,) = response.sources
    assert source.content == response.response
    assert source.raw_output is BIG  # the Python value for the application, never shown to the LLM


def test_async_predict_and_call_path() -> None:
    llm = ScriptedLLM(("fetch", {"url": "u"}))
    response = asyncio.run(llm.apredict_and_call(bound_tools([fetch], 2_000), user_msg="go"))
    assert_cut(response.response, 2_000, original=len(PAGE))


def test_text_blocks_share_the_budget_and_images_are_kept() -> None:
    def report(topic: str) -> list[Any]:
        """A report with a chart."""
        return [TextBlock(text=BIG), IMAGE, TextBlock(text=PAGE)]

    message = run_agent(bound_tools([report], 6_000), ("report", {"topic": "t"})).tool_messages()["call-0"]

    assert [type(b) for b in message.blocks] == [TextBlock, ImageBlock, TextBlock]
    assert message.blocks[1] == IMAGE
    assert len(message.content) <= 6_000  # what ReAct/CodeAct agents show: the text blocks joined
    assert_cut(message.blocks[0].text, 6_000, original=len(BIG))
    assert_cut(message.blocks[2].text, 6_000, original=len(PAGE))


def test_text_inside_citable_blocks_is_bounded() -> None:
    def cite(query: str) -> CitableBlock:
        """A citable source."""
        return CitableBlock(title="Doc", source="doc.md", content=[TextBlock(text=BIG)])

    message = run_agent(bound_tools([cite], 3_000), ("cite", {"query": "q"})).tool_messages()["call-0"]

    (block,) = message.blocks
    assert isinstance(block, CitableBlock) and (block.title, block.source) == ("Doc", "doc.md")
    assert_cut(block.content[0].text, 3_000, original=len(BIG))


def test_react_agent_observation_is_bounded() -> None:
    llm = ScriptedLLM(("search", {"query": "q"}), react=True)
    result = asyncio.run(_run(ReActAgent(tools=bound_tools([search], 3_000), llm=llm)))

    assert "done" in str(result)
    prompt = "\n".join(m.content or "" for m in llm.turns[1])
    assert "HEAD" in prompt and "[truncated" in prompt and f"{len(BIG)} chars total" in prompt
    assert len(prompt) < 3_000 + 10_000  # the observation, plus the ReAct system prompt


def test_tools_needing_the_workflow_context_still_get_it() -> None:
    async def remember(ctx: Context, query: str) -> str:
        """Uses the agent's state."""
        await ctx.store.set("last_query", query)
        return BIG

    message = run_agent(bound_tools([remember], 2_000), ("remember", {"query": "q"})).tool_messages()["call-0"]
    assert_cut(message.content, 2_000, original=len(BIG))


def test_plain_functions_and_sync_only_tools_are_accepted() -> None:
    class Legacy(BaseTool):
        """An old-style tool: ``__call__`` only, no ``acall``."""

        @property
        def metadata(self) -> ToolMetadata:
            return ToolMetadata(name="legacy", description="An old tool.")

        def __call__(self, input: Any) -> ToolOutput:
            return ToolOutput(tool_name="legacy", content=BIG, raw_input={"input": input}, raw_output=BIG)

    plain, legacy = bound_tools([search, Legacy()], 1_000)
    assert isinstance(plain, FunctionTool) and plain.metadata.name == "search"
    assert_cut(asyncio.run(legacy.acall("x")).content, 1_000, original=len(BIG))
    assert_cut(legacy.call("x").content, 1_000, original=len(BIG))


def test_bounded_tool_keeps_class_name_and_schema_and_leaves_the_original_alone() -> None:
    tool = FunctionTool.from_defaults(search)
    bounded = bound_tool(tool, 1_000)

    assert type(bounded) is FunctionTool and bounded is not tool
    assert bounded.metadata is tool.metadata
    assert bounded.metadata.get_parameters_dict() == tool.metadata.get_parameters_dict()
    assert tool.call(query="q").content == BIG  # the original is not bounded


def test_bounding_again_replaces_the_budget() -> None:
    twice = bound_tool(bound_tool(search, 1_000), 5_000)
    content = twice.call(query="q").content
    assert_cut(content, 5_000, original=len(BIG))
    assert len(content) > 1_000


def test_missing_llama_index_names_the_pip_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "llama_index.core.tools", None)
    monkeypatch.delitem(sys.modules, "boundlint_runtime.adapters.llama_index")
    with pytest.raises(ImportError, match="pip install llama-index-core"):
        importlib.import_module("boundlint_runtime.adapters.llama_index")
