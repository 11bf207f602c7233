"""Real frameworks build the same tool schema for a @bounded function, and get the bounded result."""

from __future__ import annotations

import asyncio
import json
from types import ModuleType
from typing import Any

import pytest

from .frameworks import require

require("pydantic")  # the tool modules below define pydantic models
from . import tools_future, tools_plain  # noqa: E402

pytestmark = pytest.mark.integration

MODULES = [pytest.param(tools_future, id="future-annotations"), pytest.param(tools_plain, id="plain-annotations")]
TOOLS = [("search_docs", {"query": "agents", "limit": 50}), ("fetch_page", {"url": "https://x.test", "max_items": 200})]


def _pair(module: ModuleType, name: str) -> tuple[Any, Any]:
    return getattr(module, name), getattr(module, f"bounded_{name}")


def _assert_bounded(result: Any, limit: int) -> None:
    text = result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
    assert len(text) <= limit + 2, text  # + 2: a framework may serialize a str result as JSON
    assert "[truncated" in text


# ------------------------------------------------------------------ LangChain


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("name,args", TOOLS)
def test_langchain_schema_and_invoke(
    langchain_tools: ModuleType, module: ModuleType, name: str, args: dict[str, Any]
) -> None:
    from langchain_core.utils.function_calling import convert_to_openai_tool

    bare_fn, bounded_fn = _pair(module, name)
    for options in ({}, {"parse_docstring": True}):
        bare = langchain_tools.tool(bare_fn, **options)
        wrapped = langchain_tools.tool(bounded_fn, **options)
        assert wrapped.name == bare.name and wrapped.description == bare.description
        assert wrapped.args_schema.model_json_schema() == bare.args_schema.model_json_schema()
        assert wrapped.tool_call_schema.model_json_schema() == bare.tool_call_schema.model_json_schema()
        assert convert_to_openai_tool(wrapped) == convert_to_openai_tool(bare)
    wrapped = langchain_tools.tool(bounded_fn)
    _assert_bounded(asyncio.run(wrapped.ainvoke(args)), module.LIMIT)
    if name == "search_docs":  # sync tools also run through the sync path
        _assert_bounded(wrapped.invoke(args), module.LIMIT)
    assert len(str(langchain_tools.tool(bare_fn).invoke(args) if name == "search_docs" else "x" * 5000)) > 1000


# ------------------------------------------------------------------ OpenAI Agents SDK


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("name,args", TOOLS)
def test_openai_agents_schema_and_invoke(
    openai_agents: ModuleType, module: ModuleType, name: str, args: dict[str, Any]
) -> None:
    from agents.tool_context import ToolContext

    bare_fn, bounded_fn = _pair(module, name)
    bare = openai_agents.function_tool(bare_fn)
    wrapped = openai_agents.function_tool(bounded_fn)
    assert (wrapped.name, wrapped.description) == (bare.name, bare.description)
    assert wrapped.params_json_schema == bare.params_json_schema
    assert wrapped.strict_json_schema == bare.strict_json_schema
    raw = json.dumps(args)
    context = ToolContext(context=None, tool_name=name, tool_call_id="call_1", tool_arguments=raw)
    _assert_bounded(asyncio.run(wrapped.on_invoke_tool(context, raw)), module.LIMIT)
    bare_out = asyncio.run(bare.on_invoke_tool(context, raw))
    assert len(bare_out if isinstance(bare_out, str) else json.dumps(bare_out)) > 1000


# ------------------------------------------------------------------ MCP (FastMCP / MCPServer)


def _mcp_text(result: Any) -> str:
    content = result[0] if isinstance(result, tuple) else getattr(result, "content", result)
    return "".join(getattr(block, "text", "") for block in content)


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("name,args", TOOLS)
def test_mcp_schema_and_call(mcp_server: type, module: ModuleType, name: str, args: dict[str, Any]) -> None:
    bare_fn, bounded_fn = _pair(module, name)
    bare_server, bounded_server = mcp_server("bare"), mcp_server("bounded")
    bare_server.tool()(bare_fn)
    bounded_server.tool()(bounded_fn)
    bare_tools = asyncio.run(bare_server.list_tools())
    bounded_tools = asyncio.run(bounded_server.list_tools())
    assert [t.model_dump() for t in bounded_tools] == [t.model_dump() for t in bare_tools]
    dump = bare_tools[0].model_dump()
    assert dump["name"] == name and (dump.get("inputSchema") or dump["input_schema"])["properties"]
    text = _mcp_text(asyncio.run(bounded_server.call_tool(name, args)))
    # MCP pretty-prints dict results (indent=2): the budget counts compact JSON, so compare that.
    _assert_bounded(json.loads(text) if text.startswith("{") else text, module.LIMIT)
    assert len(_mcp_text(asyncio.run(bare_server.call_tool(name, args)))) > 1000


# ------------------------------------------------------------------ Pydantic AI


def _run_pydantic_ai(pydantic_ai: ModuleType, tool: Any, plain: bool, args: dict[str, Any]) -> tuple[Any, Any]:
    """Register ``tool`` on an agent driven by a FunctionModel; return (tool definition, tool return)."""
    from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    seen: dict[str, Any] = {}

    def model(messages: list[Any], info: AgentInfo) -> ModelResponse:
        seen["definition"] = info.function_tools[0]
        returns = [p for m in messages for p in getattr(m, "parts", []) if isinstance(p, ToolReturnPart)]
        if not returns:
            return ModelResponse(parts=[ToolCallPart(info.function_tools[0].name, args)])
        seen["return"] = returns[-1].content
        return ModelResponse(parts=[TextPart("done")])

    agent = pydantic_ai.Agent(FunctionModel(model), deps_type=int)
    (agent.tool_plain if plain else agent.tool)(tool)
    assert agent.run_sync("go", deps=7).output == "done"
    return seen["definition"], seen["return"]


@pytest.mark.parametrize(
    "name,plain,args",
    [("lookup", False, {"key": "k"}), ("alookup", False, {"key": "k"}), ("plain_lookup", True, {"key": "kk"})],
)
def test_pydantic_ai_schema_and_run(pydantic_ai: ModuleType, name: str, plain: bool, args: dict[str, Any]) -> None:
    from . import ai_tools

    bare_fn, bounded_fn = _pair(ai_tools, name)
    bare_definition, bare_return = _run_pydantic_ai(pydantic_ai, bare_fn, plain, args)
    bounded_definition, bounded_return = _run_pydantic_ai(pydantic_ai, bounded_fn, plain, args)
    assert bounded_definition == bare_definition  # name, description, parameters JSON schema, strictness
    assert "ctx" not in json.dumps(bare_definition.parameters_json_schema)  # RunContext was recognized
    _assert_bounded(bounded_return, ai_tools.LIMIT)
    assert len(json.dumps(bare_return)) > 1000


def test_langchain_injected_argument_stays_hidden(langchain_tools: ModuleType) -> None:
    from . import lc_tools

    bare = langchain_tools.tool(lc_tools.fetch_for_user)
    wrapped = langchain_tools.tool(lc_tools.bounded_fetch_for_user)
    assert list(wrapped.tool_call_schema.model_json_schema()["properties"]) == ["url"]
    assert wrapped.tool_call_schema.model_json_schema() == bare.tool_call_schema.model_json_schema()
    _assert_bounded(wrapped.invoke({"url": "https://x.test", "user_id": "u1"}), lc_tools.LIMIT)
