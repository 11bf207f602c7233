"""Bound every tool result of a Strands agent before the model sees it.

    from boundlint_runtime.adapters.strands import BoundlintHooks
    agent = Agent(tools=[...], hooks=[BoundlintHooks(16_000)])      # or plugins=[BoundlintHooks(16_000)]

The hook runs on ``AfterToolCallEvent``, after the tool, its middleware and the
other hooks, and replaces ``event.result``: text blocks share the tool's budget
with its ``json`` blocks; image, document and other blocks are kept as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

try:
    from strands.hooks import AfterToolCallEvent, HookOrder, HookRegistry
    from strands.plugins import Plugin
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError("boundlint_runtime.adapters.strands needs Strands Agents: pip install strands-agents") from exc

from .budget import ToolBudget, as_budget

__all__ = ["BoundlintHooks", "bound_tool_result"]


class BoundlintHooks(Plugin):
    """One budget for every tool of an agent: ``max_chars``, or ``per_tool[name]``.

    Both a hook provider (``Agent(hooks=[...])``, ``agent.hooks.add_hook(...)``) and
    a plugin (``Agent(plugins=[...])``).  Installed twice, it checks twice and cuts once.
    """

    name = "boundlint"
    # Lower orders run first: SDK_LAST makes this the last hook to touch the result.
    order = HookOrder.SDK_LAST

    def __init__(self, max_chars: int | ToolBudget = 16_000, *, per_tool: Mapping[str, int] | None = None) -> None:
        self.budget = as_budget(max_chars, per_tool, label="strands")
        super().__init__()

    def register_hooks(self, registry: HookRegistry, **kwargs: Any) -> None:
        """``HookProvider``: called by ``Agent(hooks=[...])`` and ``HookRegistry.add_hook``."""
        registry.add_callback(AfterToolCallEvent, self.bound_result, order=self.order)

    def init_agent(self, agent: Any) -> None:
        """``Plugin``: called by ``Agent(plugins=[...])``."""
        agent.add_hook(self.bound_result, AfterToolCallEvent, order=self.order)

    def bound_result(self, event: AfterToolCallEvent) -> None:
        if event.retry:  # the executor discards this result and runs the tool again
            return
        bounded = bound_tool_result(event.result, self.budget, event.tool_use.get("name"))
        if bounded is not event.result:
            event.result = bounded


def bound_tool_result(result: Any, budget: ToolBudget, tool: str | None) -> Any:
    """A Strands ``ToolResult`` within ``tool``'s budget; the same object when it fits.

    Text blocks and ``json`` blocks share the budget; text blocks left without
    room are dropped.  An MCP tool's ``structuredContent`` (kept in the agent's
    messages, not sent to the model) gets a budget of its own.
    """
    if not isinstance(result, dict) or not isinstance(result.get("content"), list):
        return result
    content: list[Any] = result["content"]
    texts = [i for i, b in enumerate(content) if isinstance(b, dict) and isinstance(b.get("text"), str)]
    jsons = [i for i, b in enumerate(content) if isinstance(b, dict) and "json" in b and i not in texts]

    cut_texts, cut_jsons = budget.blocks([content[i]["text"] for i in texts], [content[i]["json"] for i in jsons], tool)
    new_content = list(content)
    dropped: set[int] = set()
    for i, text in zip(texts, cut_texts, strict=True):
        if text is None:
            dropped.add(i)
        elif text is not content[i]["text"]:
            new_content[i] = {**content[i], "text": text}
    for i, value in zip(jsons, cut_jsons, strict=True):
        if value is not content[i]["json"]:
            new_content[i] = {**content[i], "json": value}
    new_content = [b for i, b in enumerate(new_content) if i not in dropped]
    if len(new_content) == len(content) and all(a is b for a, b in zip(new_content, content, strict=True)):
        new_content = content  # nothing cut: the very same list

    structured = result.get("structuredContent")
    bounded_structured = structured if structured is None else budget.value(structured, tool)
    if new_content is content and bounded_structured is structured:
        return result
    out = {**result, "content": new_content}
    if structured is not None:
        out["structuredContent"] = bounded_structured
    return out
