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
    result = check([tmp_path], Config(root=tmp_path), options)
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
