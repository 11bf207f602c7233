"""Bound every tool result a LangGraph ``ToolNode`` hands to the model, in one place::

    bound = BoundToolCalls(max_chars=16_000)  # from boundlint_runtime.adapters.langgraph
    node = ToolNode(tools, wrap_tool_call=bound.wrap_tool_call, awrap_tool_call=bound.awrap_tool_call)

With LangChain's ``create_agent``, use ``boundlint_runtime.adapters.langchain.BoundlintMiddleware``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import replace
from typing import Any

from .budget import DEFAULT_MAX_CHARS, ToolBudget, as_budget

try:
    from langchain_core.messages import BaseMessage, convert_to_messages
    from langgraph.types import Command
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError("boundlint_runtime.adapters.langgraph needs LangGraph: pip install langgraph") from exc

__all__ = ["MEDIA_BLOCKS", "BoundToolCalls"]

# Content blocks whose "text" the model reads; they share the text part of the budget.
TEXT_BLOCKS = frozenset({"text", "text-plain"})
# Content blocks the model reads as media or files (text-plain: when it has no inline text): kept as they
# are, since no marker fits inside base64 data and a provider rejects a cut image.
MEDIA_BLOCKS = frozenset({"image", "image_url", "audio", "input_audio", "video", "file", "document", "text-plain"})

Result = Any  # ToolMessage | Command | list[ToolMessage | Command]: what ToolNode's execute returns


class BoundToolCalls:
    """A ``ToolNode`` interceptor that bounds each tool's result: one budget, ``per_tool`` overrides by name.

    Bounded: the content of the ``ToolMessage`` (a string, or text blocks sharing
    the budget, other non-media blocks cut as JSON) and of every message a
    ``Command`` puts in ``update[messages_key]``, all of one result within one
    budget.  Not bounded: ``artifact`` (the model never sees it), media blocks,
    other state keys of a ``Command``.
    """

    def __init__(
        self,
        max_chars: int | ToolBudget = DEFAULT_MAX_CHARS,
        *,
        per_tool: Mapping[str, int] | None = None,
        messages_key: str = "messages",
        label: str = "langgraph",
    ) -> None:
        self.budget = as_budget(max_chars, per_tool, label=label)
        self.messages_key = messages_key

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.budget!r})"

    def wrap_tool_call(self, request: Any, execute: Callable[[Any], Result]) -> Result:
        return self.bound(execute(request), request.tool_call["name"])

    async def awrap_tool_call(self, request: Any, execute: Callable[[Any], Awaitable[Result]]) -> Result:
        return self.bound(await execute(request), request.tool_call["name"])

    def bound(self, result: Result, tool: str | None) -> Result:
        """``result`` within ``tool``'s budget: the same object when it fits."""
        messages = self._messages(result)
        contents = [m.content for m in messages]
        bounded = _bound_contents(contents, self.budget, tool)
        if all(new is old for new, old in zip(bounded, contents, strict=True)):
            return result
        return self._with_messages(result, map(_with_content, messages, bounded))

    def _messages(self, result: Result) -> list[BaseMessage]:
        """The messages of ``result`` that reach the model, in order."""
        if isinstance(result, BaseMessage):
            return [result]
        if isinstance(result, list):
            return [m for item in result for m in self._messages(item)]
        if isinstance(result, Command):
            return _as_messages(self._update_messages(result.update))
        return []

    def _with_messages(self, result: Result, new: Iterator[BaseMessage]) -> Result:
        """``result`` with its messages (as ``_messages`` lists them) taken from ``new``."""
        if isinstance(result, BaseMessage):
            return next(new)
        if isinstance(result, list):
            return [self._with_messages(item, new) for item in result]
        if isinstance(result, Command) and self._update_messages(result.update) is not None:
            update = result.update
            if isinstance(update, dict):
                return replace(result, update={**update, self.messages_key: _refill(update[self.messages_key], new)})
            return replace(result, update=_refill(update, new))
        return result

    def _update_messages(self, update: Any) -> Any:
        # ToolNode reads a dict update's messages under its messages key, and a list update as messages.
        if isinstance(update, dict):
            return update.get(self.messages_key)
        return update if isinstance(update, (list, tuple)) else None


def _as_messages(value: Any) -> list[BaseMessage]:
    """Message objects for a ``Command``'s messages: one message, or a list of messages, dicts or tuples."""
    if value is None:
        return []
    return convert_to_messages(value if isinstance(value, (list, tuple)) else [value])


def _with_content(message: BaseMessage, content: Any) -> BaseMessage:
    return message if content is message.content else message.model_copy(update={"content": content})


def _refill(value: Any, new: Iterator[BaseMessage]) -> Any:
    return [next(new) for _ in value] if isinstance(value, (list, tuple)) else next(new)


def _bound_contents(contents: list[Any], budget: ToolBudget, tool: str | None) -> list[Any]:
    """The contents of one result's messages within one budget, each the same object when nothing was cut.

    Text (string contents, string items, ``text`` blocks) shares one part of the
    budget; every other non-media block (``json``, ``search_result``...) gets a
    part of its own, by size, and is cut as JSON.
    """
    texts: list[str] = []
    blocks: list[Any] = []
    for content in contents:
        for piece in _pieces(content):
            if isinstance(piece, str) or _is_text(piece):
                texts.append(piece if isinstance(piece, str) else piece["text"])
            elif not _is_media(piece):
                blocks.append(piece)
    cut_texts, cut_blocks = budget.blocks(texts, blocks, tool)
    new_texts, new_blocks = iter(cut_texts), iter(cut_blocks)  # each content takes its own from these
    return [_rebuild(content, new_texts, new_blocks) for content in contents]


def _rebuild(content: Any, texts: Iterator[str | None], blocks: Iterator[Any]) -> Any:
    if isinstance(content, str):
        text = next(texts)
        return "" if text is None else text
    if not isinstance(content, list):
        return content
    out: list[Any] = []
    for piece in content:
        new: Any
        if isinstance(piece, str):
            new = next(texts)
        elif _is_text(piece):
            text = next(texts)
            new = piece if text is piece["text"] else None if text is None else {**piece, "text": text}
        else:
            new = piece if _is_media(piece) else next(blocks)
        if new is not None:  # None: a text block dropped to keep the budget (the last kept one says so)
            out.append(new)
    return content if len(out) == len(content) and all(a is b for a, b in zip(out, content, strict=True)) else out


def _pieces(content: Any) -> list[Any]:
    if isinstance(content, str):
        return [content]
    return content if isinstance(content, list) else []


def _is_text(piece: Any) -> bool:
    return isinstance(piece, dict) and piece.get("type") in TEXT_BLOCKS and isinstance(piece.get("text"), str)


def _is_media(piece: Any) -> bool:
    return isinstance(piece, dict) and piece.get("type") in MEDIA_BLOCKS and not _is_text(piece)
