"""BL001 unbounded-tool-return."""

from __future__ import annotations

from collections.abc import Iterator

from boundlint.analyse.analysis import is_tool_generator
from boundlint.analyse.size import UNBOUNDED
from boundlint.core.findings import Finding
from boundlint.rules.base import Rule, RuleContext, where


class UnboundedToolReturn(Rule):
    code = "BL001"
    name = "unbounded-tool-return"
    summary = "A tool returns a value that can be arbitrarily large, with no checkpoint in between."
    what = """
Flags each `return` of an agent tool function (any supported framework) whose
value cannot be shown to be small: an HTTP body, a file's contents, subprocess
output, all rows of a query, `json.dumps()` or `str()` of an unknown value, a
join or comprehension over unknown data, or the result of a call we cannot see
into. The message names the source and its line.

A return is bounded when it is built only from constants, numbers, the tool's
own arguments, caught exception messages, slices with an upper bound, the
result of a checkpoint (`truncate_text`, `truncate_for_llm`, `truncate_json`,
or a function listed in `extend-checkpoints`), an instance of a Pydantic model
whose fields are all bounded, or a call to a function whose return annotation
is `int`, `float`, `bool`, `None`, a `Literal` or an `Enum`. Tools decorated
with `@bounded(...)` are bounded whatever they return.

Confidence is `high` when the value comes from a known source of bulk data and
`medium` otherwise.
"""
    why = """
Whatever a tool returns is pasted into the model's context. A whole web page,
file or query result blows the prompt up (cost, latency, context overflow), or
gets cut silently by some layer in between, and the model then answers
confidently from half the data. Prompt instructions ("keep it short") do not
help: the full output is already in the context before the model reads them.
"""
    example = """
import requests
from langchain_core.tools import tool

@tool
def fetch_page(url: str) -> str:
    \"\"\"Fetch a web page.\"\"\"
    resp = requests.get(url, timeout=10)
    return resp.text  # BL001: the response body `resp.text`
"""
    fix = """
Pass the value through the last checkpoint before returning it:

```python
from boundlint_runtime import truncate_text

    return truncate_text(resp.text, max_chars=16_000)
```

or bound the whole tool with `@bounded(max_chars=16_000)` placed directly
under the framework decorator. `boundlint fix` does either for you.
"""
    valid = (
        '''
from langchain_core.tools import tool
from boundlint_runtime import truncate_text
import requests

@tool
def fetch_page(url: str) -> str:
    """Fetch a page."""
    return truncate_text(requests.get(url).text, max_chars=8000)
''',
        '''
from agents import function_tool

@function_tool
def add(a: int, b: int) -> str:
    """Add two numbers."""
    try:
        return f"{a} + {b} = {a + b}"
    except Exception as e:
        return f"failed: {e}"
''',
        """
from mcp.server.fastmcp import FastMCP
from boundlint_runtime import bounded
import subprocess

mcp = FastMCP("shell")

@mcp.tool()
@bounded(max_chars=4000)
def run(cmd: str) -> str:
    return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout
""",
        '''
import requests
from langchain_core.tools import tool

def helper(url):  # not a tool: never flagged
    return requests.get(url).text

@tool
def status(url: str) -> int:
    """HTTP status of a URL."""
    return requests.get(url).status_code if len(url) < 10 else 0
''',
    )
    invalid = (
        '''
import requests
from langchain_core.tools import tool

@tool
def fetch_page(url: str) -> str:
    """Fetch a page."""
    resp = requests.get(url, timeout=10)
    return resp.text  # expect
''',
        """
import json
from google.adk.agents import Agent
from .db import connect

def list_orders(customer: str) -> str:
    rows = connect().execute("select * from orders where c = ?", (customer,)).fetchall()
    return json.dumps(rows)  # expect

agent = Agent(name="orders", model="gemini-2.0-flash", tools=[list_orders])
""",
        """
from pathlib import Path
from crewai.tools import BaseTool

class ReadFile(BaseTool):
    name: str = "read_file"
    description: str = "Read a file."

    def _run(self, path: str) -> str:
        lines = []
        for line in Path(path).read_text().splitlines():
            lines.append(line)
        return "\\n".join(lines)  # expect
""",
    )

    def check(self, context: RuleContext) -> Iterator[Finding]:
        for result in context.analysis.results:
            tool = result.tool
            if result.bounded_by or is_tool_generator(tool):
                continue
            for item in result.returns:
                verdict = item.verdict
                if verdict.level != UNBOUNDED:
                    continue
                message = (
                    f"`{tool.qualname}` returns {verdict.reason}"
                    f"{where(tool.module, verdict.module, verdict.node)} without a checkpoint"
                )
                yield self.finding(tool.module, item.node, message, tool.qualname, verdict.confidence)
