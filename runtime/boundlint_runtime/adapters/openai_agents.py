"""OpenAI Agents SDK: bound every function tool's result before the model sees it.

    from boundlint_runtime.adapters.openai_agents import bound_tools
    agent = Agent(name="Assistant", tools=bound_tools([search_docs, fetch_page], 16_000))

The SDK's ``on_tool_end`` hooks only observe a result, so the checkpoint goes
into each ``FunctionTool.on_invoke_tool``: the bounded result is what the
output guardrails, the hooks, the run items and the model all get.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar, overload

from .budget import DEFAULT_MAX_CHARS, ToolBudget, as_budget

try:
    from agents import Agent, FunctionTool, Tool, ToolOutputFileContent, ToolOutputImage, ToolOutputText
    from agents.tool import ValidToolOutputPydanticModelsTypeAdapter
    from pydantic import ValidationError
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "boundlint_runtime.adapters.openai_agents needs the OpenAI Agents SDK: pip install openai-agents"
    ) from exc

__all__ = ["bound_tool", "bound_tools"]

TContext = TypeVar("TContext")

# Where a bounded invoker keeps the one it wraps, so bounding a tool again replaces its budget.
_INNER = "__boundlint_inner__"
_STRUCTURED = (ToolOutputText, ToolOutputImage, ToolOutputFileContent)


def bound_tool(
    tool: FunctionTool,
    max_chars: int | ToolBudget = DEFAULT_MAX_CHARS,
    *,
    per_tool: Mapping[str, int] | None = None,
) -> FunctionTool:
    """A copy of ``tool`` whose results are bounded; name, schema and settings are the same."""
    return _bound_tool(tool, as_budget(max_chars, per_tool, label="openai_agents"))


@overload
def bound_tools(
    tools: Agent[TContext], max_chars: int | ToolBudget = ..., *, per_tool: Mapping[str, int] | None = ...
) -> Agent[TContext]: ...
@overload
def bound_tools(
    tools: Iterable[Tool], max_chars: int | ToolBudget = ..., *, per_tool: Mapping[str, int] | None = ...
) -> list[Tool]: ...
def bound_tools(
    tools: Agent[Any] | Iterable[Tool],
    max_chars: int | ToolBudget = DEFAULT_MAX_CHARS,
    *,
    per_tool: Mapping[str, int] | None = None,
) -> Agent[Any] | list[Tool]:
    """One budget for all function tools: a new list, or a clone of an ``Agent`` with its tools bounded.

    Other tools (hosted, computer, shell...) are kept as they are.
    """
    budget = as_budget(max_chars, per_tool, label="openai_agents")
    if isinstance(tools, Agent):
        return tools.clone(tools=bound_tools(tools.tools, budget))
    return [_bound_tool(tool, budget) if isinstance(tool, FunctionTool) else tool for tool in tools]


def _bound_tool(tool: FunctionTool, budget: ToolBudget) -> FunctionTool:
    bounded = copy.copy(tool)  # FunctionTool.__copy__ rebinds the SDK's error handling to the copy
    inner = getattr(bounded.on_invoke_tool, _INNER, bounded.on_invoke_tool)
    name = tool.name

    async def on_invoke_tool(ctx: Any, arguments: str) -> Any:
        output = await inner(ctx, arguments)
        return _bound_output(output, name, budget, json_output=bounded.output_json_schema is not None)

    setattr(on_invoke_tool, _INNER, inner)
    bounded.on_invoke_tool = on_invoke_tool
    return bounded


def _bound_output(output: Any, tool: str | None, budget: ToolBudget, *, json_output: bool = False) -> Any:
    """One tool result within ``tool``'s budget, in the form the SDK turns into the model's input.

    ``str`` is cut as text; ``ToolOutputText`` blocks (objects or ``{"type": "text"}`` dicts,
    alone or in a list) share the budget and images/files are kept; any other value, which the SDK
    sends as ``str(value)`` (as JSON when ``json_output``: a tool with an output schema), becomes the
    JSON text of its cut copy when it does not fit.
    """
    if isinstance(output, str):
        return budget.text(output, tool)
    items = _structured(output)
    if items is not None:
        return _bound_items(output, items, tool, budget)
    if json_output:  # the SDK validates the value against the schema and sends its JSON
        cut = budget.value(output, tool)
        return output if cut is output else json.dumps(cut, ensure_ascii=False)
    text = str(output)  # what the SDK sends
    if len(text) <= budget.limit(tool):
        return output
    cut = output if isinstance(output, (bytes, bytearray)) else budget.value(output, tool)
    if cut is output:  # its JSON fits but its str() does not: cut the text the model would read
        return budget.text(text, tool)
    return json.dumps(cut, ensure_ascii=False)  # every key kept, the big parts marked


def _structured(output: Any) -> list[Any] | None:
    """The SDK's structured outputs in ``output`` (one or a list of them), else None: as the SDK decides."""
    parsed = []
    for item in output if isinstance(output, (list, tuple)) else [output]:
        structured = _as_structured(item)
        if structured is None:
            return None  # one plain item: the SDK sends str() of the whole list
        parsed.append(structured)
    return parsed or None


def _as_structured(item: Any) -> Any:
    if isinstance(item, _STRUCTURED):
        return item
    if isinstance(item, dict) and "type" in item:
        try:
            return ValidToolOutputPydanticModelsTypeAdapter.validate_python(item)
        except ValidationError:
            return None
    return None


def _bound_items(output: Any, parsed: list[Any], tool: str | None, budget: ToolBudget) -> Any:
    texts = [item.text for item in parsed if isinstance(item, ToolOutputText)]
    cut = budget.texts(texts, tool)
    if all(new is old for new, old in zip(cut, texts, strict=True)):
        return output
    originals = list(output) if isinstance(output, (list, tuple)) else [output]
    new_texts = iter(cut)
    kept: list[Any] = []
    for original, item in zip(originals, parsed, strict=True):
        if not isinstance(item, ToolOutputText):
            kept.append(original)  # images and files keep their type and data
            continue
        text = next(new_texts)
        if text is None:
            continue  # dropped: the last kept block says how many
        kept.append(
            {**original, "text": text} if isinstance(original, dict) else original.model_copy(update={"text": text})
        )
    return kept if isinstance(output, (list, tuple)) else kept[0]
