"""A tool that returns an image, audio or bytes gets its BL001, but no fix: a text or JSON
checkpoint would change the value's type, and a byte cut would break the file."""

from __future__ import annotations

import pytest

from boundlint.core.config import Config
from boundlint.engine.roots import Request
from boundlint.engine.run import CheckOptions, check
from tests.helpers import write_tree

HEADER = """
import requests
from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.utilities.types import Image
from mcp.types import ImageContent, TextContent

mcp = FastMCP("media")

"""


def bl001_fixes(tmp_path, tool: str) -> list[bool]:
    write_tree(tmp_path, {"server.py": HEADER + tool})
    options = CheckOptions(request=Request(fixes=True))
    # an image or audio block is a `low` finding: asked for, it comes with no fix either
    result = check([tmp_path], Config(root=tmp_path, min_confidence="low"), options)
    return [finding.fix is not None for finding in result.findings if finding.code == "BL001"]


@pytest.mark.parametrize(
    "tool",
    [
        "@mcp.tool()\ndef photo(url: str) -> bytes:\n    return requests.get(url).content\n",
        "@mcp.tool()\ndef photo(url: str) -> Image:\n    return Image(data=requests.get(url).content, format='png')\n",
        "@mcp.tool()\ndef photo(url: str):\n    return [ImageContent(type='image', data=requests.get(url).text, mimeType='image/png')]\n",
        "@mcp.tool()\ndef photo(url: str) -> list[ImageContent | TextContent]:\n    return requests.get(url).json()\n",
    ],
)
def test_a_media_return_is_reported_without_a_fix(tmp_path, tool):
    assert bl001_fixes(tmp_path, tool) == [False]


def test_a_text_return_keeps_its_fix(tmp_path):
    tool = "@mcp.tool()\ndef page(url: str) -> str:\n    return requests.get(url).text\n"
    assert bl001_fixes(tmp_path, tool) == [True]


def _fixes(tmp_path, tool: str) -> list[dict]:
    write_tree(tmp_path, {"server.py": HEADER + tool})
    config = Config(root=tmp_path, fix_min_confidence="low")  # how each fix is written, whatever the confidence
    result = check([tmp_path], config, CheckOptions(request=Request(fixes=True)))
    return [finding.fix for finding in result.findings if finding.code == "BL001"]


@pytest.mark.parametrize(
    "tool",
    [
        # A helper builds the blocks: its annotation says so, through an alias.
        "Blocks = list[TextContent | ImageContent]\n\n\ndef as_blocks(text: str) -> Blocks:\n"
        "    return [TextContent(type='text', text=text)]\n\n\n"
        "@mcp.tool()\ndef page(url: str):\n    return as_blocks(requests.get(url).text)\n",
        # The tool's own annotation says so.
        "@mcp.tool()\ndef page(url: str) -> list[TextContent]:\n    blocks = [TextContent(type='text', text=requests.get(url).text)]\n"
        "    return blocks\n",
        "import mcp.types as types\n\n\n@mcp.tool()\ndef page(url: str) -> types.CallToolResult:\n"
        "    return types.CallToolResult(content=[TextContent(type='text', text=requests.get(url).text)])\n",
    ],
)
def test_mcp_content_blocks_built_elsewhere_get_no_fix(tmp_path, tool):
    """A checkpoint around blocks would return dicts, which the server sends as other content."""
    assert _fixes(tmp_path, tool) == [None]


def test_the_text_of_blocks_written_out_is_cut_in_place(tmp_path):
    tool = (
        "@mcp.tool()\ndef page(url: str) -> list[TextContent]:\n"
        "    return [TextContent(type='text', text=requests.get(url).text)]\n"
    )
    [fix] = _fixes(tmp_path, tool)
    assert fix["applicability"] == "safe"
    assert [edit["content"] for edit in fix["edits"]][-1] == "truncate_text(requests.get(url).text, max_chars=16_000)"


@pytest.mark.parametrize(
    ("options", "wrapped"),
    [
        # serialised as the data measures: only its data is wrapped, the call stays as it is
        (", ensure_ascii=False", "truncate_for_llm(requests.get(url).json(), max_chars=16_000"),
        # escaped by default: the text, as JSON
        ("", "truncate_json("),
    ],
)
def test_json_text_blocks_stay_valid_json_within_the_budget(tmp_path, options, wrapped):
    tool = (
        "@mcp.tool()\ndef rows(url: str) -> list[TextContent]:\n"
        f"    return [TextContent(type='text', text=json.dumps(requests.get(url).json(){options}))]\n"
    )
    [fix] = _fixes(tmp_path, "import json\n" + tool)
    assert fix["applicability"] == "safe"
    written = "".join(edit["content"] for edit in fix["edits"])
    assert wrapped in written
    assert ("json.dumps(" in written) == (wrapped == "truncate_json(")


def test_every_text_block_written_out_is_cut(tmp_path):
    tool = (
        "@mcp.tool()\ndef pages(a: str, b: str) -> list[TextContent]:\n"
        "    return [TextContent(type='text', text=requests.get(a).text), "
        "TextContent(type='text', text=requests.get(b).text)]\n"
    )
    [fix] = _fixes(tmp_path, tool)
    written = "".join(edit["content"] for edit in fix["edits"])
    assert written.count("truncate_text(requests.get(") == 2


@pytest.mark.parametrize(
    "tool",
    [
        "import base64\n\n\n@mcp.tool()\ndef photo(url: str) -> str:\n"
        "    return base64.b64encode(requests.get(url).content).decode()\n",
        # bound to a name, then written into JSON beside small fields
        "import base64, json\n\n\n@mcp.tool()\ndef photo(path: str) -> str:\n"
        "    with open(path, 'rb') as f:\n        raw = f.read()\n    data = base64.b64encode(raw).decode('utf-8')\n"
        "    return json.dumps({'mime_type': 'image/png', 'data': data, 'size': len(raw)}, indent=2)\n",
        "from base64 import urlsafe_b64encode\n\n\n@mcp.tool()\ndef photo(url: str) -> dict:\n"
        "    blob = urlsafe_b64encode(requests.get(url).content).decode()\n    return {'name': url, 'blob': blob}\n",
    ],
)
def test_base64_text_is_reported_without_a_fix(tmp_path, tool):
    """A cut of base64 text leaves data no decoder reads: no text or JSON checkpoint is offered."""
    assert _fixes(tmp_path, tool) == [None]


def test_text_beside_an_unrelated_base64_value_keeps_its_fix(tmp_path):
    tool = (
        "import base64\n\n\n@mcp.tool()\ndef page(url: str) -> str:\n"
        "    token = base64.b64encode(url.encode()).decode()\n    return requests.get(url, params={'t': token}).text\n"
    )
    [fix] = _fixes(tmp_path, tool)
    assert fix is not None
