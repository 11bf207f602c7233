"""boundlint-runtime: keep LLM tool output bounded, signalled and logged.

Pydantic field annotations live in ``boundlint_runtime.pydantic``.
"""

from .decorator import bounded
from .jsontext import truncate_json
from .signal import (
    TruncationEvent,
    TruncationFlag,
    add_truncation_listener,
    remove_truncation_listener,
    reset_truncation,
    track_truncation,
    truncation_occurred,
)
from .structure import truncate_for_llm
from .text import truncate_text

__version__ = "0.2.0"

__all__ = [
    "TruncationEvent",
    "TruncationFlag",
    "add_truncation_listener",
    "bounded",
    "remove_truncation_listener",
    "reset_truncation",
    "track_truncation",
    "truncate_for_llm",
    "truncate_json",
    "truncate_text",
    "truncation_occurred",
]
