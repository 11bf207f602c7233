"""LlamaIndex: bound what every tool of an agent passes to the LLM.

    from boundlint_runtime.adapters.llama_index import bound_tools
    agent = FunctionAgent(tools=bound_tools([search_docs, fetch_page], 16_000), llm=llm)

A ``FunctionTool`` callback only gets the raw return value (not the tool's name,
its input or the content blocks), so the checkpoint wraps the tool's
``call``/``acall`` instead: the ``ToolOutput`` the agent turns into the LLM's
tool message comes back with its text blocks bounded.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from .budget import DEFAULT_MAX_CHARS, ToolBudget, as_budget

try:
    from llama_index.core.base.llms.types import BaseRecursiveContentBlock, TextBlock
    from llama_index.core.tools import AsyncBaseTool, BaseTool, FunctionTool, ToolOutput
    from llama_index.core.tools.types import adapt_to_async_tool
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError("boundlint_runtime.adapters.llama_index needs LlamaIndex: pip install llama-index-core") from exc

__all__ = ["bound_tool", "bound_tools"]

# Where a bounded call keeps the one it wraps, so bounding a tool again replaces its budget.
_INNER = "__boundlint_inner__"


def bound_tool(
    tool: BaseTool | Callable[..., Any],
    max_chars: int | ToolBudget = DEFAULT_MAX_CHARS,
    *,
    per_tool: Mapping[str, int] | None = None,
) -> AsyncBaseTool:
    """A copy of ``tool`` (same class, name and schema) whose ``call``/``acall`` results are bounded."""
    return _bound_tool(tool, as_budget(max_chars, per_tool, label="llama_index"))


def bound_tools(
    tools: Iterable[BaseTool | Callable[..., Any]],
    max_chars: int | ToolBudget = DEFAULT_MAX_CHARS,
    *,
    per_tool: Mapping[str, int] | None = None,
) -> list[AsyncBaseTool]:
    """One budget for a list of tools (plain functions become ``FunctionTool``, as agents do)."""
    budget = as_budget(max_chars, per_tool, label="llama_index")
    return [_bound_tool(tool, budget) for tool in tools]


def _bound_tool(tool: BaseTool | Callable[..., Any], budget: ToolBudget) -> AsyncBaseTool:
    if not isinstance(tool, BaseTool):
        tool = FunctionTool.from_defaults(tool)
    # A copy of the same class: agents inject the workflow Context only into FunctionTool instances.
    bounded: Any = copy.copy(adapt_to_async_tool(tool))
    call = getattr(bounded.call, _INNER, bounded.call)
    acall = getattr(bounded.acall, _INNER, bounded.acall)
    name = bounded.metadata.name

    def bounded_call(*args: Any, **kwargs: Any) -> Any:
        return _bound_output(call(*args, **kwargs), name, budget)

    async def bounded_acall(*args: Any, **kwargs: Any) -> Any:
        return _bound_output(await acall(*args, **kwargs), name, budget)

    setattr(bounded_call, _INNER, call)
    setattr(bounded_acall, _INNER, acall)
    # Instance attributes: the class's own methods (and LlamaIndex's spans around them) run inside.
    bounded.call, bounded.acall = bounded_call, bounded_acall
    return bounded  # type: ignore[no-any-return]


def _bound_output(output: Any, tool: str | None, budget: ToolBudget) -> Any:
    """``output.blocks`` within budget: text blocks (also inside citable/citation blocks) share it.

    Images, audio, video and documents are kept; ``raw_output``, the Python value handed to the
    application (never to the LLM), is kept too.  The same ``ToolOutput`` comes back when it fits.
    """
    if not isinstance(output, ToolOutput):
        return budget.value(output, tool)
    texts = [text for block in output.blocks for text in _texts(block)]
    # ToolOutput.content (what ReAct and CodeAct agents show the LLM) joins the text blocks with "\n".
    limit = max(2, budget.limit(tool) - max(0, len(texts) - 1))
    cut = budget.texts(texts, tool, limit)
    if all(new is old for new, old in zip(cut, texts, strict=True)):
        return output
    new_texts = iter(cut)
    blocks = [block for block in (_rebuild(b, new_texts) for b in output.blocks) if block is not None]
    return output.model_copy(update={"blocks": blocks})


def _texts(block: Any) -> list[str]:
    if isinstance(block, TextBlock):
        return [block.text]
    if isinstance(block, BaseRecursiveContentBlock):  # CitableBlock, CitationBlock
        return [text for inner in block.nested_blocks for text in _texts(inner)]
    return []


def _rebuild(block: Any, new_texts: Iterator[str | None]) -> Any:
    """``block`` with its texts taken from ``new_texts``; None when all its text was dropped."""
    if isinstance(block, TextBlock):
        text = next(new_texts)
        if text is None:
            return None
        return block if text is block.text else block.model_copy(update={"text": text})
    if isinstance(block, BaseRecursiveContentBlock):
        field = block.nested_blocks_field_name()
        nested = block.nested_blocks
        kept = [b for b in (_rebuild(inner, new_texts) for inner in nested) if b is not None]
        if nested and not kept:
            return None
        return block.model_copy(update={field: kept if isinstance(getattr(block, field), list) else kept[0]})
    return block
