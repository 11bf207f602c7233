"""BL004 silent-truncation."""

from __future__ import annotations

from collections.abc import Iterator

from boundlint.analyse.analysis import is_tool_generator
from boundlint.analyse.size import HIGH, SILENT
from boundlint.core.findings import Finding
from boundlint.rules.base import Rule, RuleContext, where


class SilentTruncation(Rule):
    code = "BL004"
    name = "silent-truncation"
    summary = "A tool return is cut by slicing, and nothing tells the model it was cut."
    what = """
Flags each `return` of a tool whose value is cut by a slice (`x[:N]`,
`x[-N:]`, `x[a:b]`), directly or through a local variable or a helper
function, when nothing next to the cut tells the model that data is missing:
no marker string (`"... [truncated]"`), no `truncated`/`total`/`has_more`
key beside it.
"""
    why = """
Silent truncation is worse than a large context. The model cannot know that
the list had 500 items and it saw 10, or that the error was in the part that
was cut, so it answers as if it had the whole picture. The model must always
know when it is working with incomplete data.
"""
    example = """
from langchain_core.tools import tool

@tool
def read_log(path: str) -> str:
    \"\"\"Read a log file.\"\"\"
    with open(path) as f:
        return f.read()[:4000]  # BL004
"""
    fix = """
Use a truncation that says what it did, within the same budget:

```python
from boundlint_runtime import truncate_text

        return truncate_text(f.read(), max_chars=4000, mode="head")
```

`truncate_text` keeps the result within the budget, marker included, and the
marker states the original size. `boundlint fix` makes this change.
"""
    valid = (
        '''
from langchain_core.tools import tool

@tool
def read_log(path: str) -> str:
    """Read a log."""
    with open(path) as f:
        text = f.read()
    if len(text) > 4000:
        return text[:3970] + f"... [truncated, {len(text)} chars total]"
    return text
''',
        '''
from agents import function_tool
import requests

@function_tool
def search(q: str) -> dict:
    """Search."""
    items = requests.get("https://example.com", params={"q": q}).json()["items"]
    return {"items": items[:10], "total": len(items)}
''',
    )
    invalid = (
        '''
from langchain_core.tools import tool

@tool
def read_log(path: str) -> str:
    """Read a log."""
    with open(path) as f:
        return f.read()[:4000]  # expect
''',
        """
from mcp.server.fastmcp import FastMCP
import httpx

mcp = FastMCP("web")

def _short(text):
    return text[-2000:]

@mcp.tool()
async def tail_page(url: str) -> str:
    async with httpx.AsyncClient() as client:
        resp = await client.get(url)
    return _short(resp.text)  # expect
""",
    )

    def check(self, context: RuleContext) -> Iterator[Finding]:
        for result in context.analysis.results:
            tool = result.tool
            if is_tool_generator(tool):
                continue
            for item in result.returns:
                verdict = item.verdict
                if verdict.level != SILENT:
                    continue
                message = (
                    f"`{tool.qualname}` returns {verdict.reason}{where(tool.module, verdict.module, verdict.node)}"
                    ", cut by a slice without telling the model it was cut"
                )
                yield self.finding(tool.module, item.node, message, tool.qualname, HIGH)
