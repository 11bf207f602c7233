"""One last checkpoint for a whole server or agent, installed where the framework sees every tool result.

Each ``boundlint_runtime.adapters.<framework>`` module imports its framework
only when it is used, so the runtime itself stays dependency-free.  All of them
share ``ToolBudget``: one budget per server or agent, overridable per tool by
name.
"""

from .budget import DEFAULT_MAX_CHARS, ToolBudget

__all__ = ["DEFAULT_MAX_CHARS", "ToolBudget"]
