"""Bound every tool result of every CrewAI crew and agent before the model sees it.

    from boundlint_runtime.adapters import crewai as boundlint_crewai
    boundlint_crewai.install(16_000)                  # once, before crew.kickoff()

CrewAI hands each tool result, as a string, to its ``after_tool_call`` hooks
before the agent adds it to the conversation (native function calling and the
ReAct text loop, sync and async); a hook that returns a string replaces it.
``install`` registers one such hook for the whole process; ``tool_result_hook``
makes one for CrewAI's other forms (``@after_tool_call(agents=[...])``, a
``@CrewBase`` method).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

try:
    from crewai.hooks import (  # type: ignore[import-not-found, unused-ignore]
        register_after_tool_call_hook,
        unregister_after_tool_call_hook,
    )
    from crewai.utilities.string_utils import sanitize_tool_name  # type: ignore[import-not-found, unused-ignore]
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError("boundlint_runtime.adapters.crewai needs CrewAI: pip install crewai") from exc

from .budget import ToolBudget, as_budget

__all__ = ["ToolResultHook", "install", "tool_result_hook", "uninstall"]

ToolResultHook = Callable[[Any], str | None]

# A tool returns an image as "VISION_IMAGE:<media type>:<base64>", which CrewAI's
# step executor turns into an image block: a cut would corrupt the image.
IMAGE_SENTINEL = "VISION_IMAGE:"

_installed: ToolResultHook | None = None


def tool_result_hook(max_chars: int | ToolBudget = 16_000, per_tool: Mapping[str, int] | None = None) -> ToolResultHook:
    """An ``after_tool_call`` hook that cuts ``context.tool_result`` to the tool's budget.

    ``per_tool`` names are matched as CrewAI gives them to hooks
    (``"Search Docs"`` becomes ``search_docs``), like ``@after_tool_call(tools=...)``.
    """
    named = {_sanitized(name): limit for name, limit in per_tool.items()} if per_tool else None
    budget = as_budget(max_chars, named, label="crewai")

    def bound_tool_result(context: Any) -> str | None:
        result = getattr(context, "tool_result", None)
        tool = getattr(context, "tool_name", None)
        if not isinstance(result, str) or result.startswith(IMAGE_SENTINEL):
            return None
        bounded = budget.text(result, tool)
        # None tells CrewAI to keep its own result: what fits is never replaced.
        return None if bounded is result else bounded

    return bound_tool_result


def install(max_chars: int | ToolBudget = 16_000, per_tool: Mapping[str, int] | None = None) -> ToolResultHook:
    """Register the hook for every crew and agent in this process, replacing an earlier ``install``.

    Install it after your own ``after_tool_call`` hooks: CrewAI runs them in the
    order they were registered, and one that runs later could replace the bounded result.
    """
    global _installed
    hook = tool_result_hook(max_chars, per_tool)  # a bad budget raises here, before anything changes
    uninstall()
    register_after_tool_call_hook(hook)
    _installed = hook
    return hook


def uninstall() -> bool:
    """Remove the hook ``install`` registered; False if none was."""
    global _installed
    hook, _installed = _installed, None
    return hook is not None and bool(unregister_after_tool_call_hook(hook))


def _sanitized(name: Any) -> Any:
    # Non-string names are left for ToolBudget to reject with a clear TypeError.
    return sanitize_tool_name(name) if isinstance(name, str) else name
