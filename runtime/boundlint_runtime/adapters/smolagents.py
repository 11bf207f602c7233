"""Bound what a smolagents agent's next model call sees of each step.

    from boundlint_runtime.adapters.smolagents import BoundlintStepCallback
    agent = ToolCallingAgent(tools=tools, model=model, step_callbacks=[BoundlintStepCallback(16_000)])

smolagents calls step callbacks when a step ends, before the step joins the memory
that the next model call is built from (``MultiStepAgent._finalize_step``).  The
callback cuts there the two texts that ``ActionStep.to_messages`` sends back to the
model: the observations (tool results of a ``ToolCallingAgent``, execution logs and
last output of a ``CodeAgent``) and the error message.  Images are kept as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .budget import DEFAULT_MAX_CHARS, ToolBudget, as_budget

try:
    from smolagents.memory import ActionStep  # type: ignore[import-untyped]
except ImportError as exc:  # pragma: no cover - only without smolagents
    raise ImportError("boundlint_runtime.adapters.smolagents needs smolagents: pip install smolagents") from exc

__all__ = ["BoundlintStepCallback"]


class BoundlintStepCallback:
    """A step callback: ``CodeAgent(..., step_callbacks=[BoundlintStepCallback()])``, or ``ToolCallingAgent``.

    A step may take the budgets of all its tool calls together (``per_tool[name]``,
    else ``max_chars``, once per call): smolagents has already joined their results
    into one observation.  A ``CodeAgent`` step is one call named ``python_interpreter``.
    The observation and the error message share the step's budget.
    """

    def __init__(
        self, max_chars: int | ToolBudget = DEFAULT_MAX_CHARS, per_tool: Mapping[str, int] | None = None
    ) -> None:
        self.budget = as_budget(max_chars, per_tool, label="smolagents")

    def __repr__(self) -> str:
        return f"BoundlintStepCallback({self.budget!r})"

    def __call__(self, step: Any, agent: Any = None) -> None:
        # Registered for MemoryStep, this also sees planning and final-answer steps: they hold no tool output.
        if not isinstance(step, ActionStep):
            return
        names = _tool_names(step)
        limit = sum(map(self.budget.limit, names)) if names else self.budget.max_chars
        tool = "+".join(dict.fromkeys(names)) or None
        texts: dict[str, str] = {}
        if isinstance(step.observations, str) and step.observations:
            texts["observations"] = step.observations
        if step.error is not None:
            texts["error"] = str(step.error)
        for field, cut in zip(texts, self.budget.texts(list(texts.values()), tool, limit), strict=True):
            if cut is texts[field]:
                continue
            if field == "observations":
                step.observations = cut or ""
            else:
                # The step holds the error already caught; to_messages renders str(error), dict() its .message.
                step.error.args = (cut or "",)
                step.error.message = cut or ""


def _tool_names(step: Any) -> list[str]:
    if step.tool_calls:
        return [call.name for call in step.tool_calls]
    # A tool that raised leaves step.tool_calls unset; the model's message still names the calls.
    return [call.function.name for call in getattr(step.model_output_message, "tool_calls", None) or ()]
