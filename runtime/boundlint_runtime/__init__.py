"""boundlint-runtime: keep LLM tool output bounded, signalled and logged."""

from .signal import (
    TruncationEvent,
    add_truncation_listener,
    remove_truncation_listener,
    reset_truncation,
    track_truncation,
    truncation_occurred,
)
from .text import truncate_text

__version__ = "0.1.0"
