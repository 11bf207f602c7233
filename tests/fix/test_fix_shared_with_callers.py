"""A fix at a tool's `return` changes what every caller of the function gets. When the module's
own code uses that result (a recursive listing, a helper or another tool that builds on it), there
is no fix, and `--show-fixes` says who would get the cut value (a fix, safe or unsafe, may change a
value's size, never what other code does with it); callers that hand the result on unchanged
(dispatchers, a demo that prints it) leave the fix safe."""

from __future__ import annotations

import pytest

from boundlint.core.config import Config
from boundlint.engine.roots import Request
from boundlint.engine.run import CheckOptions, check
from tests.helpers import write_tree

HEADER = """
import asyncio

import requests
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("files")


@mcp.tool()
def read_page(url: str) -> str:
    return requests.get(url).text

"""


def read_page_mark(tmp_path, rest: str) -> dict:
    """What `check --show-fixes` knows of `read_page`'s fix: its applicability and message, or why
    there is none (applicability "none")."""
    write_tree(tmp_path, {"server.py": HEADER + rest})
    result = check([tmp_path], Config(root=tmp_path), CheckOptions(request=Request(fixable=True)))
    [finding] = [f for f in result.findings if f.code == "BL001" and f.symbol == "read_page"]
    assert finding.fixable is not None
    return finding.fixable


@pytest.mark.parametrize(
    ("rest", "caller"),
    [
        ("def word_count(url: str) -> int:\n    text = read_page(url)\n    return len(text.split())\n", "word_count"),
        # another tool that asks a question about the page: it reads the cut text too
        (
            "@mcp.tool()\ndef has_word(url: str, word: str) -> bool:\n    return word in read_page(url)\n",
            "has_word",
        ),
    ],
)
def test_code_that_uses_the_result_leaves_no_fix(tmp_path, rest, caller):
    mark = read_page_mark(tmp_path, rest)
    assert mark["applicability"] == "none"
    assert f"`{caller}` calls `read_page` too, and would get the cut result" in mark["message"]


def test_a_recursive_tool_gets_no_fix(tmp_path):
    write_tree(
        tmp_path,
        {
            "server.py": HEADER.replace("read_page", "unused") + "@mcp.tool()\ndef list_paths(root: str) -> str:\n"
            "    found = requests.get(root).text\n"
            "    for sub in found.splitlines():\n"
            "        found += list_paths(sub)\n"
            "    return found\n"
        },
    )
    result = check([tmp_path], Config(root=tmp_path), CheckOptions(request=Request(fixable=True)))
    [finding] = [f for f in result.findings if f.code == "BL001" and f.symbol == "list_paths"]
    assert finding.fixable is not None and finding.fixable["applicability"] == "none"
    assert "`list_paths` calls itself" in finding.fixable["message"]


@pytest.mark.parametrize(
    "rest",
    [
        # another tool that returns it as it is
        "@mcp.tool()\nasync def read_page_async(url: str) -> str:\n    return read_page(url)\n",
        # a dispatcher that returns the result as it is
        "def call(name: str, url: str) -> str:\n    if name == 'read':\n        return read_page(url)\n    return ''\n",
        # a demo that prints it
        "def main() -> None:\n    print(read_page('https://example.com'))\n",
        # module-level code
        "if __name__ == '__main__':\n    text = read_page('https://example.com')\n",
        # the caller's own `read_page`
        "def summary(url: str) -> int:\n    read_page = len\n    return read_page(url) + 1\n",
        "def summary(url: str) -> int:\n    from other import read_page\n    return len(read_page(url))\n",
    ],
)
def test_callers_that_hand_the_result_on_keep_the_fix_safe(tmp_path, rest):
    assert read_page_mark(tmp_path, rest)["applicability"] == "safe"


def test_a_coroutine_handed_to_a_runner_that_is_returned_is_passed_on(tmp_path):
    write_tree(
        tmp_path,
        {
            "server.py": HEADER.replace("read_page", "unused")
            + "@mcp.tool()\nasync def fetch(url: str) -> str:\n    return requests.get(url).text\n\n\n"
            "@mcp.tool()\ndef fetch_sync(url: str) -> str:\n    return asyncio.run(fetch(url))\n"
        },
    )
    result = check([tmp_path], Config(root=tmp_path), CheckOptions(request=Request(fixes=True)))
    [finding] = [f for f in result.findings if f.code == "BL001" and f.symbol == "fetch"]
    assert finding.fix is not None and finding.fix["applicability"] == "safe"
