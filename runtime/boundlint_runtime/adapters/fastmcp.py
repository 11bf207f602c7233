"""Bound every tool result of a FastMCP server before the client sees it.

    from boundlint_runtime.adapters.fastmcp import BoundlintMiddleware
    mcp = FastMCP("docs", middleware=[BoundlintMiddleware(16_000, per_tool={"fetch_page": 40_000})])

Or ``mcp.add_middleware(BoundlintMiddleware())``.  Each ``ToolResult`` is bounded
in every channel: its text blocks and embedded text resources share the tool's
budget, ``structured_content`` gets the same budget on its own (clients show the
model one or the other), and so does the message of a tool's exception.
Images, audio, blobs and resource links are kept as they are.  Output schemas
are left out of the tool listing (``hide_output_schemas``), since clients
reject a cut ``structured_content`` that no longer matches them.
"""

from __future__ import annotations

from collections.abc import Sequence

try:
    import mcp_types as mt
    from fastmcp.exceptions import FastMCPError, ToolError
    from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
    from fastmcp.tools.base import InputRequiredToolResult, Tool, ToolResult
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError("boundlint_runtime.adapters.fastmcp needs FastMCP: pip install fastmcp") from exc

from .mcp import (  # after FastMCP, which brings the MCP types
    MiddlewareSettings,
    bound_content,
    bound_structured_content,
)

__all__ = ["BoundlintMiddleware"]

LABEL = "fastmcp"


class BoundlintMiddleware(MiddlewareSettings, Middleware):
    """FastMCP middleware bounding every tool result (``FastMCP(middleware=[...])``).

    Put it first in the list: the outermost middleware sees the result last,
    after every other middleware changed it.
    """

    label = LABEL

    async def on_call_tool(
        self,
        context: MiddlewareContext[mt.CallToolRequestParams],
        call_next: CallNext[mt.CallToolRequestParams, ToolResult],
    ) -> ToolResult:
        tool = context.message.name
        try:
            result = await call_next(context)
        except FastMCPError as exc:
            # FastMCP sends the message of a tool's exception as an error result, after the middleware.
            message = str(exc)
            if (cut := self.budget.text(message, tool)) is not message:
                raise ToolError(cut) from exc
            raise
        # An input-required ask or a task acknowledgement carries no tool content.
        if isinstance(result, InputRequiredToolResult) or not isinstance(result, ToolResult):
            return result
        content = bound_content(result.content, tool, self.budget)
        structured = bound_structured_content(result.structured_content, tool, self.budget)
        if content is result.content and structured is result.structured_content:
            return result
        # A new ToolResult: a copy of one made from a CallToolResult would still send that CallToolResult.
        return ToolResult(content=content, structured_content=structured, meta=result.meta, is_error=result.is_error)

    async def on_list_tools(
        self,
        context: MiddlewareContext[mt.ListToolsRequest],
        call_next: CallNext[mt.ListToolsRequest, Sequence[Tool]],
    ) -> Sequence[Tool]:
        tools = await call_next(context)
        if not self.hide_output_schemas:
            return tools
        return [tool.model_copy(update={"output_schema": None}) if tool.output_schema else tool for tool in tools]
