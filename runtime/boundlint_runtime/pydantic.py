"""Pydantic field annotations that truncate instead of rejecting.

    from typing import Annotated
    from boundlint_runtime.pydantic import Truncated, TruncatedItems

    class Post(BaseModel):
        title: Annotated[str, Truncated(2000)]
        comments: Annotated[list[Comment], TruncatedItems(20)]

They hook into pydantic through ``__get_pydantic_core_schema__`` and wrap the
plain type's validator, so the JSON schema stays that of the plain type.
Pydantic itself is imported only when a model using them is built: importing
this module does not need it.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from .signal import TruncationEvent, report
from .text import Mode, check_size, check_text_args, truncate_text

__all__ = ["Truncated", "TruncatedItems"]


@dataclass(frozen=True)
class Truncated:
    """Cut a ``str`` field to ``max_chars`` characters (and/or ``max_bytes`` bytes), with a marker."""

    max_chars: int | None = None
    max_bytes: int | None = None
    mode: Mode = "head_tail"

    def __post_init__(self) -> None:
        check_text_args(self.max_chars, self.max_bytes, self.mode)

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.with_info_wrap_validator_function(self._validate, handler(source))

    def _validate(self, value: Any, handler: Any, info: Any) -> Any:
        if isinstance(value, str):  # cut first: no need to validate what is dropped
            return handler(self._cut(value, info))
        result = handler(value)
        return self._cut(result, info) if isinstance(result, str) else result  # e.g. bytes coerced to str

    def _cut(self, text: str, info: Any) -> str:
        return truncate_text(text, self.max_chars, max_bytes=self.max_bytes, mode=self.mode, label=_label(info))


@dataclass(frozen=True)
class TruncatedItems:
    """Keep the first ``max_items`` items of a list, tuple, set or dict field.

    A typed container has no room for an inline marker: the cut is signalled
    through the truncation flag, the log and the listeners.
    """

    max_items: int

    def __post_init__(self) -> None:
        check_size("max_items", self.max_items)

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.with_info_wrap_validator_function(self._validate, handler(source))

    def _validate(self, value: Any, handler: Any, info: Any) -> Any:
        # Before: drop extra items so they are not validated.  After: in case
        # validation built a longer container (e.g. from a generator).
        return self._cut(handler(self._cut(value, info)), info)

    def _cut(self, value: Any, info: Any) -> Any:
        if not isinstance(value, (list, tuple, dict, set, frozenset)) or len(value) <= self.max_items:
            return value
        n = len(value)
        if isinstance(value, (list, tuple)):
            kept: Any = value[: self.max_items]
        elif isinstance(value, dict):
            kept = dict(itertools.islice(value.items(), self.max_items))
        else:
            kept = type(value)(itertools.islice(value, self.max_items))
        report(TruncationEvent(_label(info), "keys" if isinstance(value, dict) else "items", n, self.max_items))
        return kept


def _label(info: Any) -> str:
    """``Model.field`` for logs, from pydantic's validation info."""
    field = getattr(info, "field_name", None) or "value"
    config = getattr(info, "config", None) or {}
    title = config.get("title") if isinstance(config, dict) else None
    return f"{title}.{field}" if title else str(field)
