"""Google ADK: bound every tool result before the model sees it.

    from boundlint_runtime.adapters.google_adk import BoundlintPlugin
    app = App(name="my_app", root_agent=agent, plugins=[BoundlintPlugin(16_000)])

For one agent only: ``Agent(..., after_tool_callback=bound_after_tool_callback(16_000))``.

Both run as ADK's ``after_tool_callback``: they return ``None`` when the result
fits (ADK keeps the original) and the bounded result otherwise, which ADK uses
instead.  Media parts (``types.Part`` with inline or file data) that ADK moves
out of the result into the function response's own parts are kept as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .budget import DEFAULT_MAX_CHARS, ToolBudget, as_budget

try:
    from google.adk.plugins.base_plugin import BasePlugin
    from google.adk.tools.base_tool import BaseTool
    from google.adk.tools.tool_context import ToolContext
    from google.genai import types
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError("boundlint_runtime.adapters.google_adk needs Google ADK: pip install google-adk") from exc

__all__ = ["BoundlintPlugin", "bound_after_tool_callback", "bound_tool_result"]

LABEL = "google_adk"
_GONE = object()  # an entry that was nothing but media


class BoundlintPlugin(BasePlugin):
    """Bounds the result of every tool of every agent the runner runs: ``App(plugins=[BoundlintPlugin()])``."""

    def __init__(
        self,
        max_chars: int | ToolBudget = DEFAULT_MAX_CHARS,
        *,
        per_tool: Mapping[str, int] | None = None,
        name: str = "boundlint",
    ) -> None:
        super().__init__(name)
        self.budget = as_budget(max_chars, per_tool, label=LABEL)

    async def after_tool_callback(
        self, *, tool: BaseTool, tool_args: dict[str, Any], tool_context: ToolContext, result: Any
    ) -> Any:
        return bound_tool_result(result, tool.name, self.budget)


def bound_after_tool_callback(
    max_chars: int | ToolBudget = DEFAULT_MAX_CHARS, *, per_tool: Mapping[str, int] | None = None
) -> Callable[[BaseTool, dict[str, Any], ToolContext, Any], Any]:
    """An ``after_tool_callback`` for ``Agent(after_tool_callback=...)`` bounding that agent's tool results."""
    budget = as_budget(max_chars, per_tool, label=LABEL)

    # ADK passes these by keyword: the parameter names are part of its contract.
    def after_tool_callback(tool: BaseTool, args: dict[str, Any], tool_context: ToolContext, tool_response: Any) -> Any:
        return bound_tool_result(tool_response, tool.name, budget)

    return after_tool_callback


def bound_tool_result(result: Any, tool: str, budget: ToolBudget) -> Any:
    """``result`` within ``tool``'s budget, or ``None`` when it already fits (ADK's "keep the original").

    A tool may return anything (ADK wraps a non-dict as ``{"result": ...}``
    later): a string is cut as text, anything else as JSON.
    """
    rest, media = _split_media(result)
    if rest is _GONE:
        return None
    bounded = budget.value(rest, tool)
    if bounded is rest:
        return None
    if not media:
        return bounded
    if isinstance(bounded, list):
        return [*bounded, *media]
    if not isinstance(bounded, dict):
        bounded = {"result": bounded}
    # ADK lifts parts out of a list entry and drops the emptied entry, so the model never sees this key.
    key = "media"
    while key in bounded:
        key = "_" + key
    return {**bounded, key: media}


def _split_media(value: Any, depth: int = 0) -> tuple[Any, list[types.Part]]:
    """``value`` without its media parts, and those parts in order.

    Looks where ADK looks: the value, its entries and their entries (one
    container deep).  A container that held only media is dropped, as ADK does.
    """
    if _is_media(value):
        return _GONE, [value]
    if depth > 1 or not isinstance(value, (dict, list, tuple)):
        return value, []
    media: list[types.Part] = []
    pairs = []
    for key, item in value.items() if isinstance(value, dict) else enumerate(value):
        rest, found = _split_media(item, depth + 1)
        media += found
        if rest is not _GONE and not (found and not rest):
            pairs.append((key, rest))
    if not media:
        return value, []
    if not pairs and depth == 0:
        return _GONE, media
    return (dict(pairs) if isinstance(value, dict) else [item for _, item in pairs]), media


def _is_media(value: Any) -> bool:
    if not isinstance(value, types.Part):
        return False
    blob, file = value.inline_data, value.file_data
    return bool(blob and blob.data is not None and blob.mime_type) or bool(file and file.file_uri and file.mime_type)
