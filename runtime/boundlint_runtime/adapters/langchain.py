"""Bound every tool result of a LangChain v1 agent before the model reads it::

    from boundlint_runtime.adapters.langchain import BoundlintMiddleware
    agent = create_agent(model, tools, middleware=[BoundlintMiddleware(max_chars=16_000)])

For a LangGraph ``ToolNode`` of your own, see ``boundlint_runtime.adapters.langgraph``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from .budget import DEFAULT_MAX_CHARS, ToolBudget

try:
    from langchain.agents.middleware import AgentMiddleware
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError("boundlint_runtime.adapters.langchain needs LangChain v1: pip install 'langchain>=1'") from exc

from .langgraph import BoundToolCalls

__all__ = ["BoundlintMiddleware"]


class BoundlintMiddleware(AgentMiddleware):
    """Agent middleware that bounds each tool's result: one budget, ``per_tool`` overrides by name.

    List it first in ``middleware=[...]`` (the outermost) so it sees what the
    other middleware made of the result.  What is bounded: see ``BoundToolCalls``.
    """

    def __init__(
        self, max_chars: int | ToolBudget = DEFAULT_MAX_CHARS, *, per_tool: Mapping[str, int] | None = None
    ) -> None:
        super().__init__()
        self.bound = BoundToolCalls(max_chars, per_tool=per_tool, label="langchain")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.bound.budget!r})"

    def wrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        return self.bound.wrap_tool_call(request, handler)

    async def awrap_tool_call(self, request: Any, handler: Callable[[Any], Awaitable[Any]]) -> Any:
        return await self.bound.awrap_tool_call(request, handler)
