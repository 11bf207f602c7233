"""The MCP adapter's promises for any mix of content blocks (hypothesis): within budget, binary untouched."""

from __future__ import annotations

import json
from typing import Any

import pytest
from adapter_support import require
from boundlint_runtime.adapters.budget import ToolBudget
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.integration

require("mcp.server.mcpserver")

from boundlint_runtime.adapters.mcp import bound_call_tool_result  # noqa: E402
from mcp.types import (  # noqa: E402
    BlobResourceContents,
    CallToolResult,
    EmbeddedResource,
    ImageContent,
    TextContent,
    TextResourceContents,
)

IMAGE = ImageContent(type="image", data="iVBORw0KGgo=" * 50, mimeType="image/png")
BLOB = EmbeddedResource(
    type="resource", resource=BlobResourceContents(uri="file:///a.bin", blob="AAEC" * 40, mimeType="application/x")
)
texts = st.text(max_size=3_000) | st.builds(lambda n: "row\n" * n, st.integers(0, 2_000))
blocks = st.lists(
    st.one_of(
        texts.map(lambda t: TextContent(type="text", text=t)),
        texts.map(lambda t: EmbeddedResource(type="resource", resource=TextResourceContents(uri="file:///r", text=t))),
        st.just(IMAGE),
        st.just(BLOB),
    ),
    max_size=12,
)
structured = st.recursive(
    st.none() | st.booleans() | st.integers() | texts,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=6),
    max_leaves=30,
)


def _text(block: Any) -> str | None:
    if isinstance(block, TextContent):
        return block.text
    if isinstance(block, EmbeddedResource) and isinstance(block.resource, TextResourceContents):
        return block.resource.text
    return None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(blocks, st.none() | st.dictionaries(st.text(max_size=8), structured, max_size=4), st.integers(100, 5_000))
def test_every_channel_within_budget_and_binary_blocks_untouched(
    content: list[Any], data: dict[str, Any] | None, limit: int
) -> None:
    result = CallToolResult(content=content, structuredContent=data)
    out = bound_call_tool_result(result, "tool", ToolBudget(limit))
    kept_texts = [t for b in out.content if (t := _text(b)) is not None]
    assert sum(map(len, kept_texts)) <= limit
    # Binary blocks keep their type, data and order; text blocks are only cut or dropped.
    assert [b for b in out.content if _text(b) is None] == [b for b in content if _text(b) is None]
    assert len(kept_texts) <= len([b for b in content if _text(b) is not None])
    if out.structured_content is not None:
        assert isinstance(out.structured_content, dict)
        assert len(json.dumps(out.structured_content, ensure_ascii=False)) <= limit
    originals = [t for b in content if (t := _text(b)) is not None]
    if sum(map(len, originals)) <= limit:
        assert kept_texts == originals  # nothing cut when nothing had to be
    elif kept_texts:
        assert any("[truncated" in t or "omitted]" in t for t in kept_texts)  # never cut silently
