"""BoundlintMiddleware on real MCP servers: an in-memory client session receives every channel bounded.

Each test builds an ``MCPServer`` (or a low-level ``Server``) whose tools return
about 1 MB, calls them through the SDK's in-memory ``Client``, and reads what the
client got.  The same tools on a server without the middleware give the
unbounded originals to compare with.
"""

from __future__ import annotations

import asyncio
import base64
import json
from types import SimpleNamespace
from typing import Any

import pytest
from adapter_support import assert_cut, big_text, require
from boundlint_runtime import TruncationEvent, track_truncation
from boundlint_runtime.adapters.budget import ToolBudget

require("mcp.server.mcpserver")

from boundlint_runtime.adapters.mcp import BoundlintMiddleware, bound_call_tool_result  # noqa: E402
from mcp.client import Client  # noqa: E402
from mcp.server import Server  # noqa: E402
from mcp.server.mcpserver import MCPServer  # noqa: E402
from mcp.server.mcpserver.exceptions import ToolError  # noqa: E402
from mcp.types import (  # noqa: E402
    BlobResourceContents,
    CallToolRequestParams,
    CallToolResult,
    EmbeddedResource,
    ImageContent,
    ListToolsResult,
    ResourceLink,
    TextContent,
    TextResourceContents,
    Tool,
)

pytestmark = pytest.mark.integration

LIMIT = 4_000
BIG = big_text()
OTHER = big_text("other")
ROWS = {"rows": [{"id": i, "body": f"row {i}: " + "lorem ipsum " * 6} for i in range(12_000)]}  # ~1 MB of JSON
IMAGE = base64.b64encode(bytes(range(256)) * 1_200).decode()  # ~400 KB of base64
IMAGE_BLOCK = ImageContent(data=IMAGE, mime_type="image/png")
BLOB_BLOCK = EmbeddedResource(resource=BlobResourceContents(uri="file:///raw.bin", blob=IMAGE, mime_type="image/png"))
LINK_BLOCK = ResourceLink(uri="file:///big.log", name="big.log")
SMALL = {"answer": 42, "items": ["a", "b"], "note": "short"}


def make_server(*middleware: Any) -> MCPServer:
    server = MCPServer("docs", middleware=list(middleware))

    @server.tool()
    def page() -> str:
        """About 1 MB of text."""
        return BIG

    @server.tool()
    async def apage() -> str:
        """The same, from an async tool."""
        return BIG

    @server.tool()
    def table() -> dict[str, Any]:
        """About 1 MB of structured output."""
        return ROWS

    @server.tool()
    def listing() -> list[dict[str, Any]]:
        """A list: MCPServer sends one text block per item."""
        return ROWS["rows"][:2_000]

    @server.tool()
    def bundle() -> CallToolResult:
        """Every kind of block at once."""
        resource = EmbeddedResource(resource=TextResourceContents(uri="file:///report.txt", text=OTHER))
        return CallToolResult(
            content=[TextContent(text=BIG), resource, IMAGE_BLOCK, BLOB_BLOCK, LINK_BLOCK],
            structured_content={"report": BIG},
        )

    @server.tool()
    def small() -> dict[str, Any]:
        """A result well within budget."""
        return SMALL

    @server.tool()
    def explode() -> str:
        """Fail with a 1 MB message (MCPServer sends a ToolError's message to the client)."""
        raise ToolError(BIG)

    return server


def call(server: Any, name: str, mode: str = "auto") -> CallToolResult:
    async def go() -> CallToolResult:
        async with Client(server, mode=mode) as client:
            return await client.call_tool(name, {})

    return asyncio.run(go())


def output_schemas(server: Any) -> dict[str, Any]:
    async def go() -> list[Tool]:
        async with Client(server) as client:
            return (await client.list_tools()).tools

    return {tool.name: tool.output_schema for tool in asyncio.run(go())}


@pytest.mark.parametrize("mode", ["auto", "legacy"])  # the 2026 wire and the handshake-era wire
@pytest.mark.parametrize("tool", ["page", "apage"])
def test_text_result_reaches_the_client_bounded_in_both_channels(tool: str, mode: str) -> None:
    result = call(make_server(BoundlintMiddleware(LIMIT)), tool, mode)

    [block] = result.content
    assert isinstance(block, TextContent)
    assert_cut(block.text, LIMIT, len(BIG))
    assert block.text.startswith("HEAD ") and block.text.endswith(" TAIL")
    # MCPServer also sends the return value as structuredContent: bounded too.
    assert_cut(result.structured_content["result"], LIMIT, len(BIG))
    assert len(json.dumps(result.structured_content)) <= LIMIT


def test_structured_output_is_bounded_as_json_and_its_text_as_text() -> None:
    raw = call(make_server(), "table")
    result = call(make_server(BoundlintMiddleware(LIMIT)), "table")

    assert raw.structured_content == ROWS
    structured = result.structured_content
    assert len(json.dumps(structured)) <= LIMIT
    assert structured["rows"][0] == ROWS["rows"][0]  # head rows kept whole
    assert any(isinstance(row, str) and "of 12000 items omitted" in row for row in structured["rows"])
    [block] = result.content
    assert_cut(block.text, LIMIT, len(raw.content[0].text))


def test_every_block_of_a_mixed_result() -> None:
    result = call(make_server(BoundlintMiddleware(LIMIT)), "bundle")

    text, resource, image, blob, link = result.content
    assert isinstance(text, TextContent) and isinstance(resource, EmbeddedResource)
    assert isinstance(resource.resource, TextResourceContents)
    assert_cut(text.text, LIMIT, len(BIG))
    assert_cut(resource.resource.text, LIMIT, len(OTHER))
    assert len(text.text) + len(resource.resource.text) <= LIMIT  # the text blocks share one budget
    assert resource.resource.uri == "file:///report.txt"
    # Binary blocks and links keep their type and their data.
    assert (image, blob, link) == (IMAGE_BLOCK, BLOB_BLOCK, LINK_BLOCK)
    assert_cut(result.structured_content["report"], LIMIT, len(BIG))


def test_many_text_blocks_share_one_budget() -> None:
    raw = call(make_server(), "listing")
    result = call(make_server(BoundlintMiddleware(LIMIT)), "listing")

    assert len(raw.content) == 2_000
    texts = [block.text for block in result.content if isinstance(block, TextContent)]
    assert len(texts) == len(result.content) < 2_000
    assert sum(map(len, texts)) <= LIMIT
    for text, original in zip(texts[:-1], raw.content, strict=False):  # each kept block whole, or cut with its size
        assert text == original.text or f"{len(original.text)} chars total" in text
    assert texts[-1].endswith(f"[{2_000 - len(texts)} more text blocks omitted]")
    assert len(json.dumps(result.structured_content)) <= LIMIT


def test_tool_errors_are_bounded() -> None:
    result = call(make_server(BoundlintMiddleware(LIMIT)), "explode")

    assert result.is_error
    [block] = result.content
    assert_cut(block.text, LIMIT)
    assert "HEAD row 0" in block.text and block.text.endswith(" TAIL")


def test_small_results_pass_through_unchanged() -> None:
    raw = call(make_server(), "small")
    result = call(make_server(BoundlintMiddleware(LIMIT)), "small")

    assert result.structured_content == raw.structured_content == SMALL
    assert result.content == raw.content  # same blocks, same types
    model = CallToolResult(content=[TextContent(text="short"), IMAGE_BLOCK], structured_content=SMALL)
    assert bound_call_tool_result(model, "small", ToolBudget(LIMIT)) is model


def test_the_wire_result_is_returned_as_is_when_it_fits() -> None:
    wire = {"content": [{"type": "text", "text": "short"}], "structuredContent": SMALL, "isError": False}

    async def call_next(ctx: Any) -> dict[str, Any]:
        return wire

    ctx = SimpleNamespace(method="tools/call", params={"name": "small"})
    assert asyncio.run(BoundlintMiddleware(LIMIT)(ctx, call_next)) is wire  # type: ignore[arg-type]


def test_per_tool_budgets() -> None:
    middleware = BoundlintMiddleware(LIMIT, per_tool={"page": 3 * LIMIT})
    server = make_server(middleware)

    assert LIMIT < len(call(server, "page").content[0].text) <= 3 * LIMIT
    assert len(call(server, "apage").content[0].text) <= LIMIT

    head_only = make_server(BoundlintMiddleware(ToolBudget(LIMIT, mode="head")))
    text = call(head_only, "page").content[0].text
    assert_cut(text, LIMIT, len(BIG))
    assert text.startswith("HEAD ") and "TAIL" not in text


def test_output_schemas_are_hidden_unless_kept() -> None:
    plain = output_schemas(make_server())
    hidden = output_schemas(make_server(BoundlintMiddleware(LIMIT)))
    kept = output_schemas(make_server(BoundlintMiddleware(hide_output_schemas=False)))

    assert plain["listing"] is not None  # what a cut list of objects would no longer match
    assert hidden == dict.fromkeys(plain)
    assert kept == plain


def test_flag_log_and_listeners(events: list[TruncationEvent], runtime_logs: pytest.LogCaptureFixture) -> None:
    server = make_server(BoundlintMiddleware(LIMIT))
    with track_truncation() as quiet:
        call(server, "small")
    assert not quiet.occurred and not events

    with track_truncation() as flag:  # the server task runs in a copy of this context
        result = call(server, "page")

    assert flag.occurred
    text = result.content[0].text
    assert TruncationEvent("mcp:page", "chars", len(BIG), len(text)) in events
    assert [e.label for e in events] == ["mcp:page", "mcp:page.result"]
    records = [r for r in runtime_logs.records if r.name == "boundlint_runtime"]
    assert len(records) == len(events)  # one INFO record per cut
    assert f"label=mcp:page original_chars={len(BIG)}" in records[0].getMessage()


def test_installed_after_construction() -> None:
    server = make_server()
    server.middleware.append(BoundlintMiddleware(LIMIT))

    assert_cut(call(server, "page").content[0].text, LIMIT, len(BIG))


def test_low_level_server() -> None:
    async def list_tools(ctx: Any, params: Any) -> ListToolsResult:
        return ListToolsResult(tools=[Tool(name="page", input_schema={"type": "object"})])

    async def call_tool(ctx: Any, params: CallToolRequestParams) -> CallToolResult:
        return CallToolResult(content=[TextContent(text=BIG)])

    server = Server("low", on_list_tools=list_tools, on_call_tool=call_tool)
    server.middleware.append(BoundlintMiddleware(LIMIT))

    assert_cut(call(server, "page").content[0].text, LIMIT, len(BIG))


def test_a_result_made_by_an_inner_middleware_is_bounded() -> None:
    async def answer(ctx: Any, call_next: Any) -> Any:
        if ctx.method == "tools/call":
            return CallToolResult(content=[TextContent(text=BIG)])  # the model, not its wire form
        return await call_next(ctx)

    result = call(make_server(BoundlintMiddleware(LIMIT), answer), "small")

    assert_cut(result.content[0].text, LIMIT, len(BIG))


def test_a_tiny_budget_still_sends_an_object() -> None:
    # Under ~80 characters truncate_for_llm turns an object into its marker string;
    # structuredContent must stay an object on the handshake-era wire.
    result = call(make_server(BoundlintMiddleware(LIMIT, per_tool={"table": 20})), "table", mode="legacy")

    assert result.structured_content == {}
    assert_cut(result.content[0].text, 20)
