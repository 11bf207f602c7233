"""BL004 silent-truncation."""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from boundlint.analyse.analysis import is_tool_generator
from boundlint.analyse.branches import on_error_branch, reports_error
from boundlint.analyse.size import HIGH, LOW
from boundlint.core.findings import Finding
from boundlint.edit.context import FixContext
from boundlint.edit.kinds import JSON, SEQUENCE, TEXT, Kinds
from boundlint.edit.model import SAFE, TRUNCATE_FOR_LLM, TRUNCATE_TEXT, UNSAFE, Candidate, Names, NoFixError
from boundlint.edit.target import Target, first_tuple_item, is_list_annotation, returned_value
from boundlint.edit.templates import PLACEHOLDER, as_argument, budget_literal, call_template, is_zero, negated, slice_of
from boundlint.rules.base import RETURN, Rule, RuleContext, where


class SilentTruncation(Rule):
    code = "BL004"
    name = "silent-truncation"
    level = "warning"
    precision = "high"
    security_severity = "4.3"
    fixes_at = RETURN
    summary = "A tool return is cut by slicing, and nothing tells the model it was cut."
    what = """
Flags each `return` of a tool whose value is cut by a slice (`x[:N]`,
`x[-N:]`, `x[a:b]`) or read only up to a size the code sets (`f.read(4000)`,
`resp.read(MAX_BYTES)`), directly or through a local variable or a helper
function, when nothing next to the cut tells the model that data is missing:
no marker string (`"... [truncated]"`, also held in a local the cut is joined
to: `note = f"[{n} lines truncated]"` ... `note + kept`, or in a part of a header it is
joined to: `f"[{path} | {status}]\n" + kept`, also a note added only
when something was cut: `suffix = f"({n} more not shown)" if n else ""`, or set
in the branch that cuts and left `""` in the other, or
added to the same text after the cut: `out += f"[truncated from {n} chars]"`,
or a label that says the model sees a part: `f"Sample keys: {keys[:20]}"`,
"Preview", "Showing", "First 10", "Last output", "Log tail"), no `truncated`/`total`/`has_more` key beside
it (also set where the code finds the cut: `if truncated: result["truncated"] = True`, or a
marker added under a flag the cut sets: `result = result[:n]; truncated = True` ... `if
truncated: result += f"[TRUNCATED: {total} chars]"`, or under a test of a size: `if len(page) ==
max_length and rest > 0: page += "[truncated: call again with start_index=...]"`),
nor the length of what was cut, whatever its key (`"count": len(items)`).
A cut whose bounds are the tool's own arguments (`results[:num_results]`,
`text[start:start + length]`, `f.read(n)` with `n: int`, also through locals
made only of them: `s = int(start_line) - 1`, `e = min(len(lines), end_line)`)
is not reported: the model asked for that part; nor, in a helper, a cut to the first or last items
of data it read by its count parameter (`results[:max_results]`, `lines[-max_lines:]`): its caller asked. Nor is a cut
to at most ten items or characters by a number written there (`errors[:3]`,
`sorted(matches)[:5]`, `sha[:7]`, `date[:10]`): a few chosen to show, or a
short label, not part of an answer. Nor is an
excerpt of a failed request's body in a failure message
(`f"HTTP {resp.status_code}: {resp.text[:200]}"` after a status test, also of what
was parsed out of it before the test: `json.dumps(data)[:300]` of `data = resp.json()`):
the tool's answer is the failure, not the page. Any other cut in the report of a failure
(`return f"Error: terraform apply failed: {proc.stderr[:500]}"`, or on the branch that handles
one) is reported `low`: on the labelled sets a reviewer called 13 of 19 such cuts a deliberate
excerpt.
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
    return {"items": items[:50], "total": len(items)}
''',
        '''
from mcp.server.fastmcp import FastMCP
import subprocess

mcp = FastMCP("repo")

@mcp.tool()
def last_commit(path: str) -> str:
    """The newest commit of a file: short hash and date."""
    out = subprocess.run(["git", "log", "-1", "--format=%H %cI", path], capture_output=True, text=True).stdout
    sha, date = out.split()
    return f"{sha[:7]} on {date[:10]}"
''',
        '''
from mcp.server.fastmcp import FastMCP
import httpx

mcp = FastMCP("web")
MAX_BODY = 20_000

@mcp.tool()
def fetch(url: str) -> dict:
    """Fetch a page."""
    response = httpx.get(url)
    body = response.content
    truncated = len(body) > MAX_BODY
    result = {"url": url, "body": body.decode()[:MAX_BODY]}
    if truncated:
        result["truncated"] = True
    return result
''',
        '''
from langchain_core.tools import tool

def clamp_output(content: str, max_lines: int = 100, max_chars: int = 10_000) -> str:
    lines = content.split("\\n")
    truncated = False
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        truncated = True
    result = "\\n".join(lines)
    if len(result) > max_chars:
        result = result[:max_chars]
        truncated = True
    if truncated:
        result += f"\\n[TRUNCATED: {len(content)} chars, output limited to {max_chars}]"
    return result

@tool
def read_file(path: str) -> str:
    """Read a file."""
    with open(path) as f:
        return clamp_output(f.read())
''',
        '''
from mcp.server.fastmcp import FastMCP
import httpx

mcp = FastMCP("pages")
PAGE_CHARS = 8_000

@mcp.tool()
def read_page(url: str, offset: int = 0) -> str:
    """Read a page, a window at a time."""
    text = httpx.get(url).text
    whole = len(text)
    window = text[offset : offset + PAGE_CHARS]
    left = whole - offset - len(window)
    if len(window) == PAGE_CHARS and left > 0:
        window += f"\\n[{left} more characters: call again with offset={offset + PAGE_CHARS}]"
    return window
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
        '''
from langchain_core.tools import tool

@tool
def read_file(path: str, verbose: bool = False) -> str:
    """Read a file: the note is added on a test that is not the cut's."""
    with open(path) as f:
        result = f.read()
    if len(result) > 10_000:
        result = result[:10_000]
    if verbose:
        result += "\\n[TRUNCATED]"
    return result  # expect
''',
    )

    def check(self, context: RuleContext) -> Iterator[Finding]:
        for result in context.analysis.results:
            tool = result.tool
            if is_tool_generator(tool):
                continue
            for item in result.returns:
                verdict = item.verdict
                if not verdict.cut_silently:
                    continue
                how = "read up to a size" if isinstance(verdict.node, cst.Call) else "cut by a slice"
                message = (
                    f"`{tool.qualname}` returns {verdict.reason}{where(tool.module, verdict.module, verdict.node)}"
                    f", {how} without telling the model it was cut"
                )
                # An excerpt of an error's text in the report of a failure (`f"Error: {stderr[:500]}"`,
                # or on the failure branch): on the labelled sets a reviewer called 13 of 19 such cuts
                # deliberate, against 72 of 114 cuts of a tool's data judged real.
                failed = on_error_branch(tool.node, item.node) or reports_error(item.node, tool.node)
                yield self.finding(tool.module, item.node, message, tool.qualname, LOW if failed else HIGH)

    # -- the fix: replace the slice with a checkpoint that marks the cut --

    def plan_fix(self, target: Target, context: FixContext) -> Candidate:
        tool, module = target.tool, target.module
        assert tool is not None
        kinds = Kinds(context.project, module)
        value = returned_value(target, tool.content_and_artifact)
        cut = slice_of(value)
        if cut is None and isinstance(value, cst.Call):
            raise NoFixError(
                "no automatic fix: a `read(size)`; read it whole and cut it with a checkpoint, or tell the "
                "model when the read fills the size"
            )
        if cut is None:
            raise NoFixError("no automatic fix: the slice is not in the return expression itself")
        subscript, part = cut
        if part.step is not None:
            raise NoFixError("no automatic fix: a slice with a step")
        limit: cst.BaseExpression | None
        if part.upper is not None and (part.lower is None or is_zero(part.lower)):
            mode, limit = "head", part.upper
        elif part.upper is None and negated(part.lower) is not None:
            mode, limit = "tail", negated(part.lower)
        else:
            raise NoFixError("no automatic fix: `x[a:b]` keeps a middle part; choose what to keep by hand")
        assert limit is not None
        function = tool.node
        annotation = function.returns.annotation if isinstance(function, cst.FunctionDef) and function.returns else None
        if tool.content_and_artifact:
            annotation = first_tuple_item(kinds, annotation)
        declared = kinds.annotation(annotation)
        text = declared == TEXT or kinds.is_text_expression(subscript.value)
        sequence = not text and (
            declared == SEQUENCE
            or (declared == JSON and annotation is not None and is_list_annotation(kinds, annotation))
        )
        content = tool.content_and_artifact
        mode_code = context.string(module, mode)
        if not text and not sequence:
            # `data[:20]` of an API's answer: 20 items of a list, or 20 characters of a text. Cut as
            # text, a list would come back as a string; which it is, the code does not say.
            raise NoFixError(
                "no automatic fix: the value cut is not known to be text or a list; `truncate_text(..., "
                "mode=...)` cuts text, `truncate_for_llm(..., max_items=N)` a list"
            )

        if sequence:
            if mode == "tail":
                raise NoFixError(
                    "no automatic fix: a tail slice of a list; `truncate_for_llm` keeps head and "
                    "tail items, not the tail"
                )
            symbol = TRUNCATE_FOR_LLM
            applicability = UNSAFE
            message = (
                "Replace the slice with `truncate_for_llm(..., max_items=...)`, which marks the cut "
                "(unsafe: it keeps head and tail items, as a JSON-compatible copy)"
            )
            budget = budget_literal(context.config.max_chars)
            template = f"{{name}}({PLACEHOLDER}, max_chars={budget}, max_items=__limit__)"
        else:
            symbol = TRUNCATE_TEXT
            applicability = SAFE
            message = (
                f"Replace the slice with `truncate_text(..., mode={mode_code})`, "
                "which keeps the budget and marks the cut"
            )
            template = f"{{name}}({PLACEHOLDER}, max_chars=__limit__, mode={mode_code})"

        def build(node: cst.CSTNode, names: Names) -> cst.CSTNode:
            def replace(expr: cst.BaseExpression) -> cst.BaseExpression:
                found = slice_of(expr)
                assert found is not None
                sub, piece = found
                bound = piece.upper if mode == "head" else negated(piece.lower)
                assert bound is not None
                call = call_template(
                    template.replace("{name}", names[symbol]), as_argument(sub.value), __limit__=as_argument(bound)
                )
                return call.with_changes(lpar=expr.lpar, rpar=expr.rpar) if expr.lpar else call

            if isinstance(node, cst.Return):
                assert node.value is not None
                if content:
                    assert isinstance(node.value, cst.Tuple)
                    elements = list(node.value.elements)
                    elements[0] = elements[0].with_changes(value=replace(elements[0].value))
                    return node.with_changes(value=node.value.with_changes(elements=elements))
                return node.with_changes(value=replace(node.value))
            assert isinstance(node, cst.BaseExpression)
            return replace(node)

        return Candidate(target.finding, module, target.node, build, applicability, message, (symbol,))
