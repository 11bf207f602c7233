"""ToolBudget: one budget for every tool of a server or agent, overridable per tool by name.

Each framework adapter (``boundlint_runtime.adapters.<framework>``) takes the
results it sees apart into text, structured values and binary blocks, and asks
a ``ToolBudget`` to bound them.  The guarantees are those of
``truncate_text`` and ``truncate_for_llm``: within budget, marker included,
valid UTF-8, every cut flagged, logged once and published to the listeners,
and what fits comes back as the very same object.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..signal import TruncationEvent, report
from ..structure import bound_value, measure
from ..text import Mode, check_size, check_text_args, truncate_text

__all__ = ["DEFAULT_MAX_CHARS", "ToolBudget", "as_budget", "share"]

DEFAULT_MAX_CHARS = 16_000
# A text block that cannot get this much room is dropped (and counted in a note) rather than emptied.
MIN_BLOCK_CHARS = 64
# Blocks share a budget while each keeps this much (or its whole self); else they are kept in order.
USEFUL_SHARE = 200


class ToolBudget:
    """How many characters each tool's result may take: ``max_chars``, or ``per_tool[name]``.

    ``label`` prefixes the tool name in logs and events (``"mcp:search_docs"``).
    """

    def __init__(
        self,
        max_chars: int = DEFAULT_MAX_CHARS,
        *,
        per_tool: Mapping[str, int] | None = None,
        mode: Mode = "head_tail",
        label: str = "tool",
    ) -> None:
        budget = check_size("max_chars", max_chars, 2)
        assert budget is not None
        check_text_args(budget, None, mode)
        self.max_chars = budget
        self.per_tool = {name: _checked(name, limit) for name, limit in (per_tool or {}).items()}
        self.mode: Mode = mode
        self.label = label

    def __repr__(self) -> str:
        return f"ToolBudget(max_chars={self.max_chars}, per_tool={self.per_tool!r})"

    def limit(self, tool: str | None) -> int:
        """The budget of ``tool`` (its own, else the shared one)."""
        if tool is not None and tool in self.per_tool:
            return self.per_tool[tool]
        return self.max_chars

    def name(self, tool: str | None) -> str:
        """The label of ``tool``'s cuts in logs and events."""
        return f"{self.label}:{tool}" if tool else self.label

    def text(self, text: str, tool: str | None, max_chars: int | None = None) -> str:
        """``text`` within the tool's budget (or ``max_chars``), cut with a marker if it was over."""
        limit = self.limit(tool) if max_chars is None else max_chars
        return truncate_text(text, limit, mode=self.mode, label=self.name(tool))

    def value(self, value: Any, tool: str | None, max_chars: int | None = None) -> Any:
        """Any result value within budget: the same object when it fits, text cut as text, binary kept binary."""
        limit = self.limit(tool) if max_chars is None else max_chars
        return bound_value(value, limit, self.name(tool), self.mode)

    def blocks(
        self, texts: Sequence[str], values: Sequence[Any], tool: str | None
    ) -> tuple[list[str | None], list[Any]]:
        """The text blocks and the structured blocks (``json``...) of one result within one budget.

        The texts share one part (``texts``), each value gets a part of its own
        by its size (``value``); all come back as the same objects when they fit.
        """
        limit = self.limit(tool)
        sizes = [sum(map(len, texts)), *(self.size(value, limit) for value in values)]
        if sum(sizes) <= limit:
            return list(texts), list(values)
        text_room, *rooms = share(sizes, limit)
        cut = [self.value(value, tool, max(2, room)) for value, room in zip(values, rooms, strict=True)]
        return self.texts(texts, tool, max(2, text_room)), cut

    @staticmethod
    def size(value: Any, cap: int) -> int:
        """The JSON size of ``value``, counted no further than ``cap`` (``cap + 1``: more than that)."""
        size = measure(value, cap)
        return cap + 1 if size is None else size

    def texts(self, texts: Sequence[str], tool: str | None, max_chars: int | None = None) -> list[str | None]:
        """Several text blocks of one result within one budget, in order; ``None``: drop that block.

        Short blocks are kept whole and long ones share what is left, as long as
        each keeps a useful part (``USEFUL_SHARE``).  Blocks too many for that
        (a search's hits, one block per row) are kept whole in order, the one
        that overflows is cut, the rest are dropped, and the last kept block
        says how many.  The dropped ones are reported as one cut.
        """
        limit = self.limit(tool) if max_chars is None else max_chars
        if sum(len(t) for t in texts) <= limit:
            return list(texts)
        rooms = share([len(t) for t in texts], limit)
        if all(room >= min(len(t), USEFUL_SHARE) for t, room in zip(texts, rooms, strict=True)):
            return [
                self.text(t, tool, max(2, room)) if len(t) > room else t for t, room in zip(texts, rooms, strict=True)
            ]
        return self._in_order(texts, tool, limit)

    def _in_order(self, texts: Sequence[str], tool: str | None, limit: int) -> list[str | None]:
        out: list[str | None] = []
        left = limit
        for i, text in enumerate(texts):
            after = len(texts) - i - 1
            if len(text) + len(_omitted(after)) <= left:
                out.append(text)
                left -= len(text)
                continue
            note = _omitted(after)
            if left - len(note) >= MIN_BLOCK_CHARS or not out:  # cut this one, drop the rest
                if left - len(note) < 2:  # no room to say it inline: the flag and the log still do
                    note = ""
                out.append(self.text(text, tool, max(2, left - len(note))))
            else:  # too little room for a useful part of it: drop it too
                note = _omitted(after + 1)
            dropped = texts[len(out) :]
            if dropped:
                out[-1] = (out[-1] or "") + note
                total = sum(len(t) for t in dropped)
                report(
                    TruncationEvent(self.name(tool), "chars", total, 0),
                    f" ({len(dropped)} {_blocks(len(dropped))} omitted)",
                )
            return out + [None] * len(dropped)
        return out  # pragma: no cover - the texts did not fit, so the loop returned


def _omitted(n: int) -> str:
    return f" [{n} more {_blocks(n)} omitted]" if n else ""


def _blocks(n: int) -> str:
    return "text block" if n == 1 else "text blocks"


def share(sizes: Sequence[int], total: int) -> list[int]:
    """Room for each of ``sizes`` within ``total``: small ones whole, the rest an equal share of what is left."""
    room = [0] * len(sizes)
    left, waiting = total, len(sizes)
    for i in sorted(range(len(sizes)), key=sizes.__getitem__):
        room[i] = min(sizes[i], left // waiting)
        left -= room[i]
        waiting -= 1
    return room


def as_budget(
    budget: int | ToolBudget | None, per_tool: Mapping[str, int] | None = None, label: str = "tool"
) -> ToolBudget:
    """An adapter's ``max_chars`` argument as a ``ToolBudget`` (an int, a budget, or None: the default)."""
    if isinstance(budget, ToolBudget):
        if per_tool:
            raise ValueError("give per_tool to the ToolBudget itself, not beside it")
        return budget
    return ToolBudget(DEFAULT_MAX_CHARS if budget is None else budget, per_tool=per_tool, label=label)


def _checked(name: str, limit: object) -> int:
    if not isinstance(name, str):
        raise TypeError(f"per_tool keys are tool names (str), not {type(name).__name__}")
    size = check_size(f"per_tool[{name!r}]", limit, 2)
    assert size is not None
    return size
