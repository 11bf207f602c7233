"""Bound every tool result of an MCP server (official MCP Python SDK v2) before the client sees it.

    from boundlint_runtime.adapters.mcp import BoundlintMiddleware
    server = MCPServer("docs", middleware=[BoundlintMiddleware(16_000, per_tool={"fetch_page": 40_000})])

Or on a server that already exists: ``server.middleware.append(BoundlintMiddleware())``
(also the low-level ``Server``).  Each ``tools/call`` result is bounded in every
channel: its text blocks and embedded text resources share the tool's budget,
``structuredContent`` gets the same budget on its own (clients show the model
one or the other).  Images, audio, blobs and resource links are kept as they
are.  Output schemas are left out of ``tools/list`` (``hide_output_schemas``),
since clients reject a cut ``structuredContent`` that no longer matches them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .budget import DEFAULT_MAX_CHARS, ToolBudget, as_budget

try:
    from mcp_types import (
        CallToolResult,
        ContentBlock,
        EmbeddedResource,
        ListToolsResult,
        TextContent,
        TextResourceContents,
    )
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError("boundlint_runtime.adapters.mcp needs the MCP Python SDK v2: pip install 'mcp>=2'") from exc

if TYPE_CHECKING:
    from mcp.server.context import CallNext, HandlerResult, ServerRequestContext

__all__ = ["BoundlintMiddleware", "bound_call_tool_result", "bound_content", "bound_structured_content"]

LABEL = "mcp"


class MiddlewareSettings:
    """What both MCP middlewares (this SDK's and FastMCP's) are given: one budget, and whether to
    hide output schemas. ``label`` names the cuts in logs and events (``mcp:<tool>``)."""

    label = LABEL

    def __init__(
        self,
        max_chars: int | ToolBudget = DEFAULT_MAX_CHARS,
        *,
        per_tool: Mapping[str, int] | None = None,
        hide_output_schemas: bool = True,
    ) -> None:
        self.budget = as_budget(max_chars, per_tool, label=self.label)
        self.hide_output_schemas = hide_output_schemas

    def __repr__(self) -> str:
        return f"BoundlintMiddleware({self.budget!r}, hide_output_schemas={self.hide_output_schemas})"


class BoundlintMiddleware(MiddlewareSettings):
    """Server middleware (``MCPServer(middleware=[...])``) bounding every ``tools/call`` result.

    It wraps the whole request, so it sees the result as it goes on the wire,
    whichever handler, extension or inner middleware produced it.
    ``Extension.intercept_tool_call`` would see only ``tools/call``; the
    middleware also sees ``tools/list``, where the output schemas are hidden.
    """

    async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        result = await call_next(ctx)
        if ctx.method == "tools/call":
            name = (ctx.params or {}).get("name")
            return _bound_handler_result(result, name if isinstance(name, str) else None, self.budget)
        if ctx.method == "tools/list" and self.hide_output_schemas:
            return _without_output_schemas(result)
        return result


def bound_call_tool_result(result: CallToolResult, tool: str | None, budget: ToolBudget) -> CallToolResult:
    """``result`` with its content and structured content within ``tool``'s budget; itself when it fits."""
    content = bound_content(result.content, tool, budget)
    structured = bound_structured_content(result.structured_content, tool, budget)
    if content is result.content and structured is result.structured_content:
        return result
    return result.model_copy(update={"content": content, "structured_content": structured})


def bound_content(content: list[ContentBlock], tool: str | None, budget: ToolBudget) -> list[ContentBlock]:
    """The text blocks and embedded text resources of ``content`` within one budget; ``content`` when they fit.

    Other blocks (images, audio, blobs, resource links) are kept as they are.
    A text block the budget has no room for is dropped (the last kept one says so).
    """
    texts = {i: text for i, block in enumerate(content) if (text := _text_of(block)) is not None}
    kept = budget.texts(list(texts.values()), tool)
    changed = {i: new for (i, old), new in zip(texts.items(), kept, strict=True) if new is not old}
    if not changed:
        return content
    out: list[ContentBlock] = []
    for i, block in enumerate(content):
        if i not in changed:
            out.append(block)
        elif (text := changed[i]) is not None:
            out.append(_with_text(block, text))
    return out


def bound_structured_content(value: Any, tool: str | None, budget: ToolBudget) -> Any:
    """``structuredContent`` within ``tool``'s budget: the same object when it fits, an object stays an object."""
    cut = budget.value(value, tool)
    # Under ~80 characters an object is cut to its marker string, but the wire (and FastMCP) need an object.
    if isinstance(value, dict) and not isinstance(cut, dict):
        return {}
    return cut


def _bound_handler_result(result: HandlerResult, tool: str | None, budget: ToolBudget) -> HandlerResult:
    if isinstance(result, CallToolResult):  # an inner middleware answered with the model itself
        return bound_call_tool_result(result, tool, budget)
    if not isinstance(result, dict) or not isinstance(result.get("content"), list):
        return result  # an input-required ask or an extension's own result: no tool content
    # The chain hands back the wire form (a dict in camelCase): read it as the model to bound it.
    parsed = CallToolResult.model_validate(result)
    bounded = bound_call_tool_result(parsed, tool, budget)
    if bounded is parsed:
        return result
    # Blocks left alone keep their wire form (fields the model does not know included).
    wire = {id(block): raw for block, raw in zip(parsed.content, result["content"], strict=True)}
    content = [wire.get(id(b)) or b.model_dump(by_alias=True, mode="json", exclude_none=True) for b in bounded.content]
    out = {**result, "content": content}
    if "structuredContent" in result:
        out["structuredContent"] = bounded.structured_content
    return out


def _without_output_schemas(result: HandlerResult) -> HandlerResult:
    if isinstance(result, ListToolsResult):
        tools = [tool.model_copy(update={"output_schema": None}) for tool in result.tools]
        return result.model_copy(update={"tools": tools})
    if isinstance(result, dict) and isinstance(result.get("tools"), list):
        listed = [{k: v for k, v in tool.items() if k != "outputSchema"} for tool in result["tools"]]
        return {**result, "tools": listed}
    return result


def _text_of(block: ContentBlock) -> str | None:
    if isinstance(block, TextContent):
        return block.text
    if isinstance(block, EmbeddedResource) and isinstance(block.resource, TextResourceContents):
        return block.resource.text
    return None


def _with_text(block: ContentBlock, text: str) -> ContentBlock:
    if isinstance(block, EmbeddedResource):
        return block.model_copy(update={"resource": block.resource.model_copy(update={"text": text})})
    return block.model_copy(update={"text": text})
