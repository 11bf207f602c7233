"""BoundlintMiddleware on a real FastMCP server: ``fastmcp.Client`` receives every channel bounded.

Each test builds a ``FastMCP`` server whose tools return about 1 MB, calls them
through the in-memory ``Client(server)``, and reads what the client got.  The
same tools on a server without the middleware give the unbounded originals.
"""

from __future__ import annotations

import asyncio
import base64
import json
from typing import Any

import pytest
from adapter_support import assert_cut, big_text, require
from boundlint_runtime import TruncationEvent, track_truncation
from boundlint_runtime.adapters.budget import ToolBudget

require("fastmcp")

from boundlint_runtime.adapters.fastmcp import BoundlintMiddleware  # noqa: E402
from fastmcp import Client, FastMCP  # noqa: E402
from fastmcp.server.middleware import Middleware  # noqa: E402
from fastmcp.tools.base import ToolResult  # noqa: E402
from mcp_types import (  # noqa: E402
    BlobResourceContents,
    CallToolResult,
    EmbeddedResource,
    ImageContent,
    ResourceLink,
    TextContent,
    TextResourceContents,
)

pytestmark = pytest.mark.integration

LIMIT = 4_000
BIG = big_text()
OTHER = big_text("other")
ROWS = {"rows": [{"id": i, "body": f"row {i}: " + "lorem ipsum " * 6} for i in range(12_000)]}  # ~1 MB of JSON
IMAGE = base64.b64encode(bytes(range(256)) * 1_200).decode()  # ~400 KB of base64
IMAGE_BLOCK = ImageContent(type="image", data=IMAGE, mime_type="image/png")
BLOB_BLOCK = EmbeddedResource(
    type="resource", resource=BlobResourceContents(uri="file:///raw.bin", blob=IMAGE, mime_type="image/png")
)
LINK_BLOCK = ResourceLink(type="resource_link", uri="file:///big.log", name="big.log")
ERROR = "HEAD " + "error detail " * 4_000 + " TAIL"  # 52 KB: FastMCP logs the whole traceback
SMALL = {"answer": 42, "items": ["a", "b"], "note": "short"}


class Spy(Middleware):
    """Keeps the last tool result as it left the tool, below the middleware under test."""

    seen: Any = None

    async def on_call_tool(self, context: Any, call_next: Any) -> Any:
        self.seen = await call_next(context)
        return self.seen


def make_server(*middleware: Middleware) -> FastMCP:
    server = FastMCP("docs", middleware=list(middleware))

    @server.tool
    def page() -> str:
        """About 1 MB of text."""
        return BIG

    @server.tool
    async def apage() -> str:
        """The same, from an async tool."""
        return BIG

    @server.tool
    def table() -> dict[str, Any]:
        """About 1 MB of structured output."""
        return ROWS

    @server.tool
    def listing() -> list[dict[str, Any]]:
        """A list of objects: what a schema check would reject once cut."""
        return ROWS["rows"]

    @server.tool
    def bundle() -> ToolResult:
        """Every kind of block at once."""
        resource = EmbeddedResource(
            type="resource", resource=TextResourceContents(uri="file:///report.txt", text=OTHER)
        )
        return ToolResult(
            content=[TextContent(type="text", text=BIG), resource, IMAGE_BLOCK, BLOB_BLOCK, LINK_BLOCK],
            structured_content={"report": BIG},
        )

    @server.tool
    def protocol() -> CallToolResult:
        """A ready-made MCP result, which FastMCP sends as it is."""
        return CallToolResult(content=[TextContent(type="text", text=BIG)], structured_content={"report": OTHER})

    @server.tool
    def small() -> dict[str, Any]:
        """A result well within budget."""
        return SMALL

    @server.tool
    def explode() -> str:
        """Fail with a long message."""
        raise ValueError(ERROR)

    return server


def call(server: FastMCP, name: str) -> Any:
    async def go() -> Any:
        async with Client(server) as client:
            return await client.call_tool(name, raise_on_error=False)

    return asyncio.run(go())


def output_schemas(server: FastMCP) -> dict[str, Any]:
    async def go() -> Any:
        async with Client(server) as client:
            return await client.list_tools()

    return {tool.name: tool.output_schema for tool in asyncio.run(go())}


@pytest.mark.parametrize("tool", ["page", "apage"])
def test_text_result_reaches_the_client_bounded_in_both_channels(tool: str) -> None:
    result = call(make_server(BoundlintMiddleware(LIMIT)), tool)

    [block] = result.content
    assert isinstance(block, TextContent)
    assert_cut(block.text, LIMIT, len(BIG))
    assert block.text.startswith("HEAD ") and block.text.endswith(" TAIL")
    # FastMCP also sends the return value as structured content ({"result": ...}): bounded too.
    assert_cut(result.structured_content["result"], LIMIT, len(BIG))
    assert len(json.dumps(result.structured_content)) <= LIMIT
    assert result.data == result.structured_content["result"]  # the client still unwraps it


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


def test_a_cut_list_of_objects_reaches_the_client() -> None:
    result = call(make_server(BoundlintMiddleware(LIMIT)), "listing")

    assert not result.is_error
    assert_cut(result.content[0].text, LIMIT)
    assert len(json.dumps(result.structured_content)) <= LIMIT
    assert isinstance(result.data, list) and result.data[0] == ROWS["rows"][0]


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


def test_a_ready_made_mcp_result_is_bounded() -> None:
    result = call(make_server(BoundlintMiddleware(LIMIT)), "protocol")

    assert_cut(result.content[0].text, LIMIT, len(BIG))
    assert_cut(result.structured_content["report"], LIMIT, len(OTHER))


def test_tool_errors_are_bounded() -> None:
    result = call(make_server(BoundlintMiddleware(LIMIT)), "explode")

    assert result.is_error
    [block] = result.content
    assert_cut(block.text, LIMIT, len(f"Error calling tool 'explode': {ERROR}"))
    assert block.text.startswith("Error calling tool 'explode': HEAD error detail") and block.text.endswith(" TAIL")


def test_small_results_pass_through_unchanged() -> None:
    raw = call(make_server(), "small")
    result = call(make_server(BoundlintMiddleware(LIMIT)), "small")

    assert result.structured_content == raw.structured_content == SMALL
    assert result.content == raw.content  # same blocks, same types
    assert result.data == SMALL

    spy = Spy()
    server = make_server(BoundlintMiddleware(LIMIT), spy)
    assert asyncio.run(server.call_tool("small")) is spy.seen  # the very same ToolResult


def test_per_tool_budgets() -> None:
    server = make_server(BoundlintMiddleware(LIMIT, per_tool={"page": 3 * LIMIT}))

    assert LIMIT < len(call(server, "page").content[0].text) <= 3 * LIMIT
    assert len(call(server, "apage").content[0].text) <= LIMIT

    head_only = make_server(BoundlintMiddleware(ToolBudget(LIMIT, mode="head")))
    text = call(head_only, "page").content[0].text
    assert_cut(text, LIMIT, len(BIG))
    assert text.startswith("HEAD ") and "TAIL" not in text


def test_per_tool_budgets_use_the_name_the_client_calls() -> None:
    parent = FastMCP("parent", middleware=[BoundlintMiddleware(LIMIT, per_tool={"docs_page": 3 * LIMIT})])
    parent.mount(make_server(), namespace="docs")

    assert LIMIT < len(call(parent, "docs_page").content[0].text) <= 3 * LIMIT
    assert len(call(parent, "docs_apage").content[0].text) <= LIMIT


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

    with track_truncation() as flag:  # the server runs in a copy of this context
        result = call(server, "page")

    assert flag.occurred
    text = result.content[0].text
    assert TruncationEvent("fastmcp:page", "chars", len(BIG), len(text)) in events
    assert [e.label for e in events] == ["fastmcp:page", "fastmcp:page.result"]
    records = [r for r in runtime_logs.records if r.name == "boundlint_runtime"]
    assert len(records) == len(events)  # one INFO record per cut
    assert f"label=fastmcp:page original_chars={len(BIG)}" in records[0].getMessage()


def test_installed_with_add_middleware() -> None:
    server = make_server()
    server.add_middleware(BoundlintMiddleware(LIMIT))

    assert_cut(call(server, "page").content[0].text, LIMIT, len(BIG))
