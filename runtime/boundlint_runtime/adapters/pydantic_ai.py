"""Bound every tool result of a Pydantic AI agent before the model sees it.

    from boundlint_runtime.adapters.pydantic_ai import BoundedToolResults
    agent = Agent(model, capabilities=[BoundedToolResults(16_000, per_tool={"fetch_page": 40_000})])

Or wrap one toolset: ``Agent(model, toolsets=[BoundedToolset(toolset, 16_000)])``.
What reaches the model is bounded: a ``str`` result, any other value (as the
JSON Pydantic AI makes of it), and for a ``ToolReturn`` its ``return_value``
and its ``content`` (sent as a user message), both within one budget.  Files
(``BinaryContent``, ``ImageUrl``...) are kept as they are; ``ToolReturn.metadata``
never reaches the model and is left alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..structure import measure
from .budget import DEFAULT_MAX_CHARS, ToolBudget, as_budget, share

try:
    from pydantic_ai.capabilities import AbstractCapability, CapabilityOrdering
    from pydantic_ai.capabilities.hooks import AfterToolExecuteHookFunc
    from pydantic_ai.messages import TextContent, ToolCallPart, ToolReturn, is_multi_modal_content
    from pydantic_ai.tools import AgentDepsT, RunContext, ToolDefinition
    from pydantic_ai.toolsets import ToolsetTool, WrapperToolset
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "boundlint_runtime.adapters.pydantic_ai needs Pydantic AI with capabilities (tested with 2.68):"
        " pip install -U pydantic-ai-slim"
    ) from exc

__all__ = ["BoundedToolResults", "BoundedToolset", "bound_tool_result", "bounded_result_hook"]

LABEL = "pydantic_ai"


@dataclass
class BoundedToolResults(AbstractCapability[AgentDepsT]):
    """A capability bounding the result of every tool of the agent (``Agent(capabilities=[...])``).

    Runs in ``after_tool_execute``, in the outermost position, so it sees each
    result after every other capability's ``after_tool_execute`` hook.
    """

    max_chars: int | ToolBudget = DEFAULT_MAX_CHARS
    per_tool: Mapping[str, int] | None = None
    budget: ToolBudget = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.budget = as_budget(self.max_chars, self.per_tool, label=LABEL)

    def get_ordering(self) -> CapabilityOrdering:
        # after_tool_execute hooks run innermost first: the outermost one has the last word.
        return CapabilityOrdering(position="outermost")

    async def after_tool_execute(
        self,
        ctx: RunContext[AgentDepsT],
        *,
        call: ToolCallPart,
        tool_def: ToolDefinition,
        args: dict[str, Any],
        result: Any,
    ) -> Any:
        return bound_tool_result(result, call.tool_name, self.budget)


@dataclass
class BoundedToolset(WrapperToolset[AgentDepsT]):
    """A toolset whose tools' results are bounded (``Agent(toolsets=[BoundedToolset(toolset)])``).

    ``per_tool`` keys are the names the wrapped toolset knows its tools by
    (without a prefix added by a wrapper outside this one).
    """

    max_chars: int | ToolBudget = DEFAULT_MAX_CHARS
    per_tool: Mapping[str, int] | None = None
    budget: ToolBudget = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.budget = as_budget(self.max_chars, self.per_tool, label=LABEL)

    async def call_tool(
        self, name: str, tool_args: dict[str, Any], ctx: RunContext[AgentDepsT], tool: ToolsetTool[AgentDepsT]
    ) -> Any:
        return bound_tool_result(await self.wrapped.call_tool(name, tool_args, ctx, tool), name, self.budget)


def bounded_result_hook(
    max_chars: int | ToolBudget = DEFAULT_MAX_CHARS, per_tool: Mapping[str, int] | None = None
) -> AfterToolExecuteHookFunc:
    """An ``after_tool_execute`` function for ``Hooks``: ``Hooks(after_tool_execute=bounded_result_hook())``."""
    budget = as_budget(max_chars, per_tool, label=LABEL)

    async def bound_result(
        ctx: RunContext[Any], /, *, call: ToolCallPart, tool_def: ToolDefinition, args: dict[str, Any], result: Any
    ) -> Any:
        return bound_tool_result(result, call.tool_name, budget)

    return bound_result


def bound_tool_result(result: Any, tool: str, budget: ToolBudget) -> Any:
    """A tool's result within ``tool``'s budget: the same object when it fits."""
    if isinstance(result, ToolReturn):
        return _bound_tool_return(result, tool, budget)
    return _bound_value(result, tool, budget, budget.limit(tool))


def _bound_value(value: Any, tool: str, budget: ToolBudget, limit: int) -> Any:
    """A ``return_value``: text cut as text, data as JSON, files kept as they are."""
    if isinstance(value, str):
        return budget.text(value, tool, limit)
    data, files = _split(value)
    if not files:
        return budget.value(value, tool, limit)
    if not data:
        return value
    cut = budget.value(data, tool, limit)
    if cut is data:
        return value
    if len(cut) != len(data):  # items omitted, a marker in their place: the files go after the data
        return [*cut, *files]
    kept = iter(cut)
    return [item if is_multi_modal_content(item) else next(kept) for item in value]


def _bound_tool_return(ret: ToolReturn[Any], tool: str, budget: ToolBudget) -> ToolReturn[Any]:
    # return_value goes into the tool result, content into a user message: both reach the model, so they
    # share the budget (small one whole, the rest split) and one cannot bring back what the other lost.
    limit = budget.limit(tool)
    texts = [t for t in map(_text, _items(ret.content)) if t is not None]
    sizes = [_size(ret.return_value, limit), sum(map(len, texts))]
    if sum(sizes) <= limit:
        return ret
    value_room, text_room = share(sizes, limit)
    value = _bound_value(ret.return_value, tool, budget, max(2, value_room))
    content = _bound_content(ret.content, texts, tool, budget, max(2, text_room)) if texts else ret.content
    if value is ret.return_value and content is ret.content:
        return ret
    return replace(ret, return_value=value, content=content)


def _bound_content(content: Any, texts: list[str], tool: str, budget: ToolBudget, room: int) -> Any:
    """``ToolReturn.content`` with its text items within ``room``; other items (files, cache points) kept."""
    cut = iter(budget.texts(texts, tool, room))
    out: list[Any] = []
    for item in _items(content):
        text = _text(item)
        new = text if text is None else next(cut)
        if new is text:
            out.append(item)
        elif new is not None:  # None: the block was dropped (and counted in the note of the last one kept)
            # A cut StructuredContent becomes plain text: models reading its `value` would get it all.
            out.append(new if isinstance(item, str) else TextContent(new, metadata=item.metadata))
    if isinstance(content, str):
        return out[0] if out else None
    return out


def _items(content: Any) -> Sequence[Any]:
    if content is None:
        return ()
    return [content] if isinstance(content, str) else list(content)


def _text(item: Any) -> str | None:
    if isinstance(item, str):
        return item
    return item.content if isinstance(item, TextContent) else None


def _split(value: Any) -> tuple[list[Any] | Any, list[Any]]:
    """``(data, files)``: Pydantic AI sends a file, or the files of a list, as files, the rest as data."""
    if is_multi_modal_content(value):
        return [], [value]
    if isinstance(value, list) and any(is_multi_modal_content(item) for item in value):
        return [v for v in value if not is_multi_modal_content(v)], [v for v in value if is_multi_modal_content(v)]
    return value, []


def _size(value: Any, cap: int) -> int:
    """How many characters ``value`` takes as data (``cap + 1``: more than ``cap``)."""
    if isinstance(value, str):
        return len(value)
    data, files = _split(value)
    if files and not data:
        return 0
    size = measure(data, cap)
    return cap + 1 if size is None else size
