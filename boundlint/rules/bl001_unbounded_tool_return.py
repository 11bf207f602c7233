"""BL001 unbounded-tool-return."""

from __future__ import annotations

import re
from collections.abc import Iterator

import libcst as cst

from boundlint.analyse.analysis import class_around, is_tool_generator
from boundlint.analyse.branches import bindings_in, dispatched_name, on_error_branch, reports_error
from boundlint.analyse.dataflow import argument_at, dict_entry
from boundlint.analyse.size import HIGH, LOW, MEDIUM, UNBOUNDED, Verdict
from boundlint.core.findings import Finding, lower_confidence
from boundlint.edit.blocks import blocks_made_in_a_helper, function_around
from boundlint.edit.callers import callers_in_module
from boundlint.edit.context import FixContext
from boundlint.edit.install import install_candidate, wants_install
from boundlint.edit.kinds import JSON, TEXT, UNKNOWN, Kinds, is_str_literal, runs_a_json_command_first
from boundlint.edit.model import (
    BOUNDED,
    BUDGET,
    SAFE,
    TRUNCATE_FOR_LLM,
    TRUNCATE_JSON,
    TRUNCATE_TEXT,
    UNSAFE,
    Candidate,
    Names,
    NoFixError,
    Symbol,
)
from boundlint.edit.target import Target, first_tuple_item, returned_value
from boundlint.edit.templates import PLACEHOLDER, budget_literal, replace_each, wrap_in_call
from boundlint.find.tools import Tool
from boundlint.knowledge import data_sources as src
from boundlint.knowledge.data_sources import (
    tool_answers_briefly,
    tool_lists_a_catalogue,
    tool_reads_one_record,
    tool_reports_figures,
)
from boundlint.parse.positions import child_nodes, walk
from boundlint.project.module import ModuleInfo, all_params, dotted
from boundlint.rules.base import RETURN, Rule, RuleContext, where


class UnboundedToolReturn(Rule):
    code = "BL001"
    name = "unbounded-tool-return"
    level = "error"
    precision = "low"
    security_severity = "6.5"
    fixes_at = RETURN
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

Confidence is `high` when the value comes from a known source of bulk data
(a file or response body read, the output of a command the model gives or of a
program that prints what it reads or lists, `cat`, `git log`) in the tool itself, and the
tool is not named for looking one record up (`get_queue_info`); `medium` for such a source
reached through a function of the tree the tool calls ("via `run_cli()`"), for a source that is
as often one record as a bulk (parsed JSON, a query's rows) or a call whose
name says it reads content, and `low` (not reported by default) for what a
reviewer most often reads as short: the output of another program the code
names (`git push`, `helm lint`: a status), a return on an error branch
(`if "error" in result:`), an error report (`f"Error: {detail}"`), a call that asks for a few items
or tokens by a count the code sets (or the tool's schema bounds: `Field(le=10)`; a few by
default and at most 50, `Field(le=50)`; a page of at most 50 by the tool's default of a listing,
not a search: `list_prompts(limit=limit)` with `limit: int = 20`; unless what is read out of each
item is its content),
an image or audio block, what a tool named for statistics or settings answers
(`get_cluster_stats`, `get_email_settings`: counts and switches) or for a catalogue
(`get_issue_types`, `list_gmail_labels`: a short list of names), anything in
a test module, and a tool no agent of the project is given (its name appears nowhere else).
The README lists every case ("Each finding has a confidence").
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
Pass the value through the last checkpoint before returning it (the package
`boundlint-runtime` must be among your project's dependencies; `boundlint fix`
says so when it is not):

```python
from boundlint_runtime import truncate_text

    return truncate_text(resp.text, max_chars=16_000)
```

or bound the whole tool with `@bounded(max_chars=16_000)` placed directly
under the framework decorator. `boundlint fix` does either for you, except
for a tool that returns bytes or media (an MCP `ImageContent` or `Image`, a
Griptape `ImageArtifact`, audio): a text or JSON checkpoint would change the
value's type and a byte cut would break the file, so bound its size where it
is made (the image's resolution, the clip's length) and return a short text
instead when it is too large. A tool that returns a dict it writes out (`-> dict[str, Any]`) keeps
it: only the large text or parsed JSON in it is cut (`{"ok": ok, "stdout": truncate_text(out,
max_chars=16_000)}`).

Or install one checkpoint for the whole server or agent, where the framework
sees every tool result (`boundlint_runtime.adapters`, docs/adapters/):

```python
from boundlint_runtime.adapters.fastmcp import BoundlintMiddleware

mcp = FastMCP("docs", middleware=[BoundlintMiddleware(max_chars=16_000)])
```

The checker credits it for every tool registered there, and `boundlint fix`
writes it with `fix-style = "checkpoint"`. An application that runs its tools
itself and cuts each result with a marker where it makes the `ToolMessage`
(its own tool executor) is credited the same way for the tools of its package.
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
        '''
import requests
from langchain_core.tools import tool

@tool
def first_error(url: str) -> str:
    """Where the first error is in a log."""
    log = requests.get(url).text
    report = {"summary": "no error", "log": log}
    for number, line in enumerate(log.splitlines(), 1):
        if "ERROR" in line:
            report["summary"] = f"first error on line {number}"
            break
    return report["summary"]  # the index and the summary entry, not the log
''',
        """
import httpx
from fastmcp import FastMCP
from boundlint_runtime.adapters.fastmcp import BoundlintMiddleware

mcp = FastMCP("docs", middleware=[BoundlintMiddleware(max_chars=16_000)])

@mcp.tool()
def fetch_page(url: str) -> str:
    return httpx.get(url, timeout=10).text  # the middleware bounds every tool of this server
""",
        """
import json
import httpx
from fastmcp import FastMCP

mcp = FastMCP("tickets")
LIMIT = 25_000

def truncate_response(content: str, limit: int = LIMIT) -> str:
    if len(content) <= limit:
        return content
    data = json.loads(content)
    while data["items"] and len(json.dumps(data)) > limit:
        data["items"].pop()  # drops tickets until the page fits
    data["truncated"] = True
    return json.dumps(data)

@mcp.tool()
def search_tickets(query: str) -> str:
    page = httpx.get("https://tickets.example.com/search", params={"q": query}).json()
    return truncate_response(json.dumps(page))  # the project's own cut
""",
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
        '''
from strands import Agent, tool

@tool
def ask_cost_analyst(question: str) -> str:
    """Ask the cost analyst agent."""
    analyst = Agent(system_prompt="You analyse AWS costs.")
    return str(analyst(question))  # expect
''',
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
                name = dispatched_name(tool.node, item.node) or tool.qualname
                confidence = _confidence(tool, verdict, name)
                if on_error_branch(tool.node, item.node) or reports_error(item.node, tool.node):
                    confidence = LOW  # `if "error" in result: return ...`, `return f"Error: {e}"`: an error report
                yield self.finding(tool.module, item.node, message, tool.qualname, confidence)

    # -- the fix: wrap the returned value in a checkpoint, or add @bounded --

    def plan_fix(self, target: Target, context: FixContext) -> Candidate:
        tool, returned, module = target.tool, target.returned, target.module
        assert tool is not None and returned is not None
        kinds = Kinds(context.project, module)
        budget = budget_literal(context.config.max_chars)
        function = tool.node
        annotation = function.returns.annotation if isinstance(function, cst.FunctionDef) and function.returns else None
        if tool.content_and_artifact:
            annotation = first_tuple_item(kinds, annotation)
        if wants_install(target, context):
            try:  # one adapter for the whole server or agent, else the per-tool fix below
                return install_candidate(target, context, budget)
            except NoFixError:
                pass
        candidate = self._return_fix(target, context, kinds, budget, annotation)
        if isinstance(function, cst.FunctionDef):
            return _unless_called(candidate, function, tool.qualname)
        return candidate

    def _return_fix(
        self, target: Target, context: FixContext, kinds: Kinds, budget: str, annotation: cst.BaseExpression | None
    ) -> Candidate:
        """The fix at the tool's `return` (or above its `def`): what changes the value it returns."""
        tool, module = target.tool, target.module
        assert tool is not None
        function = tool.node
        value = returned_value(target, tool.content_and_artifact)
        texts = kinds.text_blocks(value)
        if texts is not None:
            return self._text_blocks_fix(target, kinds, texts, budget, _json_size(context))
        if kinds.makes_content_blocks(annotation, value):
            made = self._helper_blocks_fix(target, context, kinds, budget)
            if made is not None:
                return made
            raise NoFixError(
                "no automatic fix: the tool returns MCP content blocks (`TextContent`, ...); a checkpoint around "
                "them would turn them into plain dicts, which the server sends as other content. Bound the text "
                'where each block is made: `TextContent(type="text", text=truncate_text(...))`'
            )
        if kinds.is_media(annotation, value):
            raise NoFixError(
                "no automatic fix: the value is an image, audio or other binary content; a text or JSON "
                "checkpoint would change its type and a byte cut would break it. Bound its size where it is made"
            )
        if kinds.carries_base64(function, value):
            raise NoFixError(
                "no automatic fix: the value carries binary data as base64 text; a text or JSON cut would "
                "leave data no decoder reads. Bound the size of what is encoded where it is read, or send "
                "it as an image or document block"
            )
        if _returns_coroutine(context, module, value):
            raise NoFixError(
                "no automatic fix: the tool returns a coroutine for the framework to await; a checkpoint "
                "around it would return its text and never run it. Bound what the coroutine returns"
            )
        blocks = _strands_blocks(kinds, context, value) if tool.framework == "strands" else None
        if blocks is not None:
            message = (
                f'Cut what each block of the Strands result holds: `{{"text": truncate_text(..., '
                f'max_chars={budget})}}`, `{{"json": truncate_for_llm(...)}}`; the result stays a result'
            )
            return self._inner_fix(target, blocks, budget, message, SAFE)
        channels = _model_channels(kinds, value)
        if channels is not None:
            message = f"Wrap the content the model reads in `truncate_for_llm(..., max_chars={budget})`"
            return self._inner_fix(target, channels, budget, message, SAFE)
        serialised = _json_dumps_argument(kinds, value)
        if serialised is not None and not tool.content_and_artifact and not _serialised_as_measured(value):
            # `json.dumps(data)` escapes non-ASCII text (`\u6f22`: six characters for one) and
            # `indent=2` adds lines: the data cut to N characters would give a longer text. The
            # text itself is measured and cut as JSON, and stays as it was when it fits.
            return self._json_text_fix(target, budget, _json_size(context))
        if serialised is not None and not tool.content_and_artifact:
            assert isinstance(value, cst.Call)
            message = f"Cut the data before it is serialised: `json.dumps(truncate_for_llm(..., max_chars={budget}))`"
            # With its own encoder (`default=`, `cls=`), what it would turn into JSON gets a plain copy.
            if _own_encoder(value):
                message += " (unsafe: values the encoder's `default`/`cls` turns into JSON get a plain copy)"
                return self._inner_fix(target, [serialised], budget, message, UNSAFE)
            return self._inner_fix(target, [serialised], budget, message, SAFE)
        json_text = kinds.json_text_variable(function, value) or kinds.json_text_call(value, class_around(tool))
        if json_text and not tool.content_and_artifact:
            return self._json_text_fix(target, budget, _json_size(context))  # (`return _as_json(payload)` too)
        if _returns_json_output(target, value) and _value_kind(kinds, annotation, value, target) == TEXT:
            return self._json_text_fix(target, budget, _json_size(context))  # `kubectl ... -o json`
        if _returns_an_api_body(target, value) and _value_kind(kinds, annotation, value, target) == TEXT:
            return self._json_text_fix(target, budget, _json_size(context))  # `return resp.text` of an API
        kind = _value_kind(kinds, annotation, value, target)
        if kind == TEXT and kinds.collection_variable(function, value):
            # `-> str`, but `return rows` of a list built in the tool: the framework makes text of
            # whatever it gets, and a cut of the list as data keeps whole items, where a cut of
            # its repr would not.
            kind = JSON
        if kind not in (TEXT, JSON):
            made = self._helper_blocks_fix(target, context, kinds, budget)
            if made is not None:  # `return results`, a list of the blocks a helper made
                return made
            fields = _large_fields(kinds, function, value, target)
            if fields:
                # `{"ok": rc == 0, "stdout": out.decode()}` of a tool typed `-> dict[str, Any]`: the
                # dict stays a dict of the same values, and only its large text or data is cut.
                message = f"Cut the large fields of the returned dict: `truncate_text(..., max_chars={budget})`"
                return self._inner_fix(target, fields, budget, message, SAFE)
            # `truncate_for_llm` hands back a JSON-compatible copy: of an object (a model, a
            # framework's result, a dataclass) that is another type, which the framework may reject.
            made_by = kinds.object_type(annotation, value)
            what = f"`{made_by.rsplit('.', 1)[-1]}` objects" if made_by is not None else "a value of unknown type"
            raise NoFixError(
                f"no automatic fix: the tool returns {what}, which a checkpoint would turn into plain data the "
                "framework may not expect; bound the text or data it holds where it is made, annotate the "
                "return (`-> str`, `-> dict`) if it is one, or install the framework's adapter "
                '(`fix-style = "checkpoint"`)'
            )

        if (
            context.config.fix_style == "decorator"
            and isinstance(function, cst.FunctionDef)
            and not tool.content_and_artifact
            and not self._class_based(target)
        ):
            return self._decorator(target, function, budget)

        symbol = TRUNCATE_TEXT if kind == TEXT else TRUNCATE_FOR_LLM
        content = tool.content_and_artifact

        def build(node: cst.CSTNode, names: Names) -> cst.CSTNode:
            def wrap(expr: cst.BaseExpression) -> cst.BaseExpression:
                return wrap_in_call(f"{names[symbol]}({PLACEHOLDER}, max_chars={names[BUDGET]})", expr)

            if isinstance(node, cst.Return):
                assert node.value is not None
                if content:
                    assert isinstance(node.value, cst.Tuple)
                    elements = list(node.value.elements)
                    elements[0] = elements[0].with_changes(value=wrap(elements[0].value))
                    return node.with_changes(value=node.value.with_changes(elements=elements))
                return node.with_changes(value=wrap(node.value))
            assert isinstance(node, cst.BaseExpression)  # a lambda's body
            return wrap(node)

        if isinstance(target.node, cst.Return):
            what = "the content (first element)" if content else "the returned value"
        else:
            what = "the lambda's result"
        message = f"Wrap {what} in `{symbol.name}(..., max_chars={budget})`"
        return Candidate(target.finding, module, target.node, build, SAFE, message, (symbol,), budget=budget)

    def _inner_fix(
        self,
        target: Target,
        inner: list[cst.BaseExpression] | list[tuple[cst.BaseExpression, Symbol]],
        budget: str,
        message: str,
        applicability: str,
        json_size: str = "max_chars",
    ) -> Candidate:
        """Wrap `inner`, parts of the returned value, in `truncate_for_llm` (or the symbol paired
        with each) and keep the value around them: the content of each `ToolMessage` of a
        `Command` (a dict in the Command's place would lose the state update), the data of
        `json.dumps(data)` (a cut of the text would not be JSON), the text of MCP `TextContent`
        blocks and of Strands result blocks (`truncate_text`: it is a str)."""
        parts = [part if isinstance(part, tuple) else (part, TRUNCATE_FOR_LLM) for part in inner]

        def build(node: cst.CSTNode, names: Names) -> cst.CSTNode:
            def wrap(part: cst.CSTNode, index: int) -> cst.CSTNode:
                assert isinstance(part, cst.BaseExpression)
                symbol = parts[index][1]
                size = json_size if symbol == TRUNCATE_JSON else "max_chars"
                return wrap_in_call(f"{names[symbol]}({PLACEHOLDER}, {size}={names[BUDGET]})", part)

            return replace_each(node, [part for part, _ in parts], wrap)

        symbols = tuple(dict.fromkeys(symbol for _, symbol in parts))
        return Candidate(
            target.finding, target.module, target.node, build, applicability, message, symbols, budget=budget
        )

    def _text_blocks_fix(
        self, target: Target, kinds: Kinds, texts: list[cst.BaseExpression], budget: str, json_size: str
    ) -> Candidate:
        """`[TextContent(type="text", text=x)]`: `x` is a str (the block's type says so), so it is
        cut as text; `text=json.dumps(data)` stays valid JSON, cut as JSON (see `_text_part`)."""
        message = (
            f"Cut the text of each MCP `TextContent` block: `text=truncate_text(..., max_chars={budget})`, "
            "or `json.dumps(...)` as JSON"
        )
        parts = [
            (text, TRUNCATE_JSON)
            if _returns_json_output(target, text) or _returns_an_api_body(target, text)
            else _text_part(kinds, text)
            for text in texts
        ]
        return self._inner_fix(target, parts, budget, message, SAFE, json_size)

    def _helper_blocks_fix(self, target: Target, context: FixContext, kinds: Kinds, budget: str) -> Candidate | None:
        """`return results` of MCP blocks a helper of the module made: their text cut where the
        helper makes them (`edit.blocks`), or None when that place is not known."""
        made = blocks_made_in_a_helper(target, kinds)
        if made is None:
            return None
        return self._text_blocks_fix(made[0], kinds, made[1], budget, _json_size(context))

    def _json_text_fix(self, target: Target, budget: str, json_size: str) -> Candidate:
        """`result = json.dumps(...)` then `return result`: cut as JSON, which stays valid JSON (a
        text cut would not), by characters (`json_size`: see `_json_size`)."""

        def build(node: cst.CSTNode, names: Names) -> cst.CSTNode:
            assert isinstance(node, cst.Return) and node.value is not None
            return node.with_changes(
                value=wrap_in_call(f"{names[TRUNCATE_JSON]}({PLACEHOLDER}, {json_size}={names[BUDGET]})", node.value)
            )

        message = f"Cut the JSON text as JSON: `truncate_json(..., {json_size}={budget})` keeps it valid JSON"
        return Candidate(
            target.finding, target.module, target.node, build, SAFE, message, (TRUNCATE_JSON,), budget=budget
        )

    def _class_based(self, target: Target) -> bool:
        tool = target.tool
        assert tool is not None
        if tool.form.startswith("@"):
            return False
        return _in_class_body(target.module.tree, tool.node)

    def _decorator(self, target: Target, function: cst.FunctionDef, budget: str) -> Candidate:
        tool = target.tool
        assert tool is not None
        position = _framework_decorator(target.module, function, tool.form)

        def build(node: cst.CSTNode, names: Names) -> cst.CSTNode:
            assert isinstance(node, cst.FunctionDef)
            decorator = cst.Decorator(decorator=cst.parse_expression(f"{names[BOUNDED]}(max_chars={names[BUDGET]})"))
            decorators = list(node.decorators)
            decorators.insert(len(decorators) if position is None else position + 1, decorator)
            return node.with_changes(decorators=decorators)

        where = "under the tool decorator" if position is not None else "right above the function"
        message = f"Add `@bounded(max_chars={budget})` {where}"
        return Candidate(
            target.finding,
            target.module,
            function,
            build,
            SAFE,
            message,
            (BOUNDED,),
            key=("bounded", id(function)),
            budget=budget,
        )


def _serialised_as_measured(call: cst.BaseExpression) -> bool:
    """`json.dumps(data, ensure_ascii=False)` with no `indent`: the text is as long as
    `truncate_for_llm` measures the data (or shorter, with compact separators)."""
    if not isinstance(call, cst.Call):
        return False
    keywords = {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}
    if any(arg.star for arg in call.args) or len(call.args) - len(keywords) > 1:
        return False  # `**options`, or settings passed by position: not known
    ascii_off = keywords.get("ensure_ascii")
    indent = keywords.get("indent")
    return (
        isinstance(ascii_off, cst.Name)
        and ascii_off.value == "False"
        and (indent is None or (isinstance(indent, cst.Name) and indent.value == "None"))
    )


def _json_dumps_argument(kinds: Kinds, value: cst.BaseExpression) -> cst.BaseExpression | None:
    """The data of a returned `json.dumps(data, ...)`."""
    if not isinstance(value, cst.Call) or kinds.name(value.func) != "json.dumps" or not value.args:
        return None
    first = value.args[0]
    return first.value if first.keyword is None and not first.star else None


# The blocks of a Strands result that carry binary content (`{"image": {"format": ..., "source": ...}}`).
STRANDS_MEDIA_BLOCKS = ("image", "document", "video")


def _unless_called(candidate: Candidate, function: cst.FunctionDef, qualname: str) -> Candidate:
    """The fix, unless the module's own code uses what the function returns (`edit.callers`): the
    cut would reach that code too and change what it does (another tool's count, a recursive
    listing), which no fix may do, safe or unsafe."""
    callers = callers_in_module(candidate.module, function)
    if not callers:
        return candidate
    name = function.name.value
    others = [f"`{caller}`" for caller in callers if caller != qualname]
    reasons = [f"`{name}` calls itself"] if len(others) < len(callers) else []
    if others:
        reasons.append(f"{', '.join(others)} call{'s' if len(others) == 1 else ''} `{name}` too")
    raise NoFixError(
        f"no automatic fix: {' and '.join(reasons)}, and would get the cut result; bound the value "
        "where the tool hands it to the model (the framework's adapter, or a wrapper registered as the tool)"
    )


def _json_size(context: FixContext) -> str:
    """The keyword of `truncate_json`'s budget: characters, as the budget's name says, where the
    project's runtime takes them (0.2 on); else bytes, at least as strict as as many characters."""
    return "max_chars" if context.cuts_json_by_chars() else "max_bytes"


def _returns_json_output(target: Target, text: cst.BaseExpression) -> bool:
    """`text` is a child process's output as it is (`result.stdout`, not written into other text),
    and the command that runs on the way asks for JSON (`["helm", "get", "values", name, "-o",
    "json"]`): a text cut would leave it invalid, `truncate_json` keeps it JSON (and cuts as text
    whatever does not parse)."""
    returned, tool = target.returned, target.tool
    return (
        returned is not None
        and tool is not None
        and src.names_process_output(returned.verdict.reason)
        and not isinstance(text, (cst.FormattedString, cst.BinaryOperation, cst.ConcatenatedString))
        and not (
            isinstance(text, cst.Call)
            and isinstance(text.func, cst.Attribute)
            and text.func.attr.value in ("format", "join")
        )
        and runs_a_json_command_first(tool.node, target.node)
    )


# What says a request goes to a web API, which answers JSON: a name the code uses with the word
# (`HF_API_BASE`, `api_key`, `self.api_url`), or a URL or header written for one
# (`https://api.github.com`, `/api/v2/`, `application/json`). Not a tool's own name or docstring
# (`fetch_api_reference`: pages about an API).
_API_TEXT = re.compile(r"://api\.|/api/v\d|application/json")


def _returns_an_api_body(target: Target, text: cst.BaseExpression) -> bool:
    """`return response.text` (or `await resp.text()`) where the tool's code, or the module's
    constants and clients it uses (`client = httpx.AsyncClient(base_url=f"{FMP_API_BASE}/v3")`),
    say the request goes to a web API: the body is a JSON document, which a text cut would leave
    invalid; `truncate_json` keeps it JSON (and cuts as text whatever does not parse)."""
    returned, tool = target.returned, target.tool
    if returned is None or tool is None or not src.names_response_body(returned.verdict.reason):
        return False
    body = text.expression if isinstance(text, cst.Await) else text
    if isinstance(body, cst.Call) and not body.args:
        body = body.func  # aiohttp's `await resp.text()`
    if not (isinstance(body, cst.Attribute) and body.attr.value == "text"):
        return False
    # (the helper's code, where the fix cuts the text block a helper of a dispatcher makes)
    function = function_around(target.module, target.node) or tool.node
    if not isinstance(function, cst.FunctionDef) or _fetches_the_url_given(function, body.value):
        return False
    return any(map(_says_api, _code_and_settings(target.module, function.body)))


def _fetches_the_url_given(function: cst.FunctionDef, response: cst.BaseExpression) -> bool:
    """The response is of a request for a URL the tool is given as it is (`requests.get(url)`,
    `response = await client.get(url)`, `url` a parameter): whatever page the model names, not a
    document of the API the rest of the tool may call (`FirecrawlApp(api_key=...)` before it)."""
    made = bindings_in(function, response.value) if isinstance(response, cst.Name) else [response]
    params = {param.name.value for param in all_params(function)}
    for value in made:
        call = value.expression if isinstance(value, cst.Await) else value
        if not isinstance(call, cst.Call):
            return False
        given = [arg.value for arg in call.args if arg.keyword is None][:1] or [
            arg.value for arg in call.args if arg.keyword is not None and arg.keyword.value == "url"
        ]
        if not (given and isinstance(given[0], cst.Name) and given[0].value in params):
            return False
    return bool(made)


def _says_api(node: cst.CSTNode) -> bool:
    if type(node) is cst.Name:
        return "api" in src.name_words(node.value)
    if type(node) is cst.SimpleString:
        return isinstance(value := node.evaluated_value, str) and _API_TEXT.search(value) is not None
    return type(node) is cst.FormattedStringText and _API_TEXT.search(node.value) is not None


def _code_and_settings(module: ModuleInfo, body: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """The nodes of `body` and of the module-level values of the names it uses, and of the names
    those use in turn (a client made with a base URL made of a constant)."""
    seen: set[str] = set()
    pending = [body]
    for _ in range(3):
        nodes = [node for root in pending for node in walk(root)]
        yield from nodes
        used = {node.value for node in nodes if type(node) is cst.Name} - seen
        seen |= used
        pending = [value for name in sorted(used) for value in module.assignments.get(name, ())]


def _large_fields(
    kinds: Kinds, function: cst.CSTNode, value: cst.BaseExpression, target: Target
) -> list[tuple[cst.BaseExpression, Symbol]] | None:
    """The values of a returned dict display that make it large, each as text (`truncate_text`)
    or as parsed JSON (`truncate_for_llm`), when every such value is known to be one of them;
    None when the value is not a display of constant keys or a large value is of another kind
    (an object, which a checkpoint would turn into plain data)."""
    verdict = target.returned.verdict if target.returned is not None else None
    if not isinstance(value, cst.Dict) or verdict is None or verdict.keys is None:
        return None
    entries = dict(verdict.keys)
    parts: list[tuple[cst.BaseExpression, Symbol]] = []
    for element in value.elements:
        if not isinstance(element, cst.DictElement) or not isinstance(element.key, cst.SimpleString):
            return None
        entry = entries.get(str(element.key.evaluated_value))
        if entry is None or entry.level != UNBOUNDED:
            continue
        kind = kinds.value_kind(function, element.value)
        if kind == TEXT:
            parts.append(_text_part(kinds, element.value))
        elif kind == JSON:
            parts.append((element.value, TRUNCATE_FOR_LLM))
        else:
            return None
    return parts or None


def _text_part(kinds: Kinds, text: cst.BaseExpression) -> tuple[cst.BaseExpression, Symbol]:
    """What to wrap in text that is a str by its type: the data of `json.dumps(data,
    ensure_ascii=False)` (the text stays valid JSON, as long as the data measures); any other
    `json.dumps(...)` as the JSON text it is (escapes, indents or its own encoder make it longer);
    else the text itself."""
    data = _json_dumps_argument(kinds, text)
    if data is None:
        return text, TRUNCATE_JSON if kinds.json_text_call(text) else TRUNCATE_TEXT
    if _serialised_as_measured(text) and not _own_encoder(text):
        return data, TRUNCATE_FOR_LLM
    return text, TRUNCATE_JSON


def _strands_blocks(
    kinds: Kinds, context: FixContext, value: cst.BaseExpression
) -> list[tuple[cst.BaseExpression, Symbol]] | None:
    """The parts to cut of a Strands tool result written out in the return, `{"status": ...,
    "content": [{"text": x}, {"json": y}]}`: each block's `text` as text, its `json` as data;
    image and document blocks are left as they are. None when the value is not such a result."""
    if dict_entry(value, "status") is None:
        return None
    content = dict_entry(value, "content")
    if content is None:
        return None
    if not isinstance(content, (cst.List, cst.Tuple)):
        raise NoFixError(
            "no automatic fix: the Strands result's `content` blocks are built elsewhere; bound each "
            'block\'s text where it is made (`{"text": truncate_text(...)}`)'
        )
    parts: list[tuple[cst.BaseExpression, Symbol]] = []
    for element in content.elements:
        block = element.value
        if not isinstance(block, cst.Dict):
            raise NoFixError("no automatic fix: a block of the Strands result is built elsewhere; bound it there")
        if any(dict_entry(block, key) is not None for key in STRANDS_MEDIA_BLOCKS):
            # What is large may be the image itself, which no text or JSON checkpoint bounds: a cut
            # of the text next to it would leave the finding, and the next round would cut it again.
            raise NoFixError(
                "no automatic fix: the Strands result holds an image, document or video block, which a "
                "text or JSON checkpoint cannot bound; bound its size where it is made"
            )
        text, data = dict_entry(block, "text"), dict_entry(block, "json")
        if text is not None and not is_str_literal(text) and not _is_checkpoint_call(context, kinds.module, text):
            parts.append(_text_part(kinds, text))
        elif data is not None and not _is_checkpoint_call(context, kinds.module, data):
            parts.append((data, TRUNCATE_FOR_LLM))
    if not parts:
        raise NoFixError("no automatic fix: the Strands result has no unbounded text or JSON block written out here")
    return parts


def _is_checkpoint_call(context: FixContext, module: ModuleInfo, expr: cst.BaseExpression) -> bool:
    """`truncate_text(...)`: a call the checker counts as a checkpoint (the runtime's, the project's
    copy of it, a configured one)."""
    return isinstance(expr, cst.Call) and context.checkpoints.is_checkpoint(module, expr.func)


def _own_encoder(value: cst.BaseExpression) -> bool:
    """`json.dumps(data, default=...)` or `cls=...`: what the encoder turns into JSON is not plain data."""
    return isinstance(value, cst.Call) and any(
        arg.keyword is not None and arg.keyword.value in ("default", "cls") for arg in value.args
    )


def _returns_coroutine(context: FixContext, module: ModuleInfo, value: cst.BaseExpression) -> bool:
    """`return fetch_async(url)` with no `await`: a call of an `async def` of the tree."""
    if not isinstance(value, cst.Call) or not isinstance(value.func, (cst.Name, cst.Attribute)):
        return False
    entity = context.project.resolve(module, value.func)
    return entity is not None and isinstance(entity.node, cst.FunctionDef) and entity.node.asynchronous is not None


def _model_channels(kinds: Kinds, value: cst.BaseExpression) -> list[cst.BaseExpression] | None:
    """The content expressions of the `ToolMessage`s a returned `ToolMessage` or LangGraph
    `Command(update={"messages": [...]})` carries, or None when `value` is neither. A Command
    whose messages are not written out there cannot be fixed in place."""
    channel = kinds.model_channel(value)
    if channel is None:
        return None
    assert isinstance(value, cst.Call)
    keyword, position, key = channel
    chosen = argument_at(value, keyword, position)
    if key is None:
        if chosen is None:
            raise NoFixError("no automatic fix: the message has no content to bound")
        return [chosen]
    messages = dict_entry(chosen, key) if chosen is not None else None
    if not isinstance(messages, (cst.List, cst.Tuple)):
        raise NoFixError(
            "no automatic fix: the `Command`'s messages are built elsewhere; bound each `ToolMessage` content there"
        )
    contents: list[cst.BaseExpression] = []
    for element in messages.elements:
        inner = kinds.model_channel(element.value)
        content = argument_at(element.value, inner[0], inner[1]) if inner is not None and inner[2] is None else None
        if content is None:
            raise NoFixError("no automatic fix: a message of the `Command` is not a `ToolMessage` written out there")
        contents.append(content)
    return contents


def _value_kind(kinds: Kinds, annotation: cst.BaseExpression | None, value: cst.BaseExpression, target: Target) -> str:
    assert target.tool is not None
    # (also of a name the tool binds only to one kind: `output = json.loads(result.stdout)`)
    syntactic = kinds.value_kind(target.tool.node, value)
    if syntactic == JSON:
        # Parsed JSON whatever the annotation says (`-> str` on `return resp.json()["items"]`):
        # `truncate_text` would hand the framework the list's repr instead of the list.
        return JSON
    declared = kinds.annotation(annotation)
    called = kinds.called_data(value) if declared == TEXT and syntactic != TEXT else None
    if called is not None:
        # `-> str` on `return await get_current_buzz(...)` of a helper `-> Optional[Dict[str, Any]]`:
        # the framework gets the helper's dict, which a text cut would turn into its repr.
        return called
    if declared == TEXT and isinstance(value, (cst.Dict, cst.DictComp, cst.List, cst.ListComp)):
        # `-> str` on `return {"results": text}`: the framework gets the dict, which a text cut
        # would turn into its repr; a cut as data keeps it a dict.
        return JSON
    if declared == TEXT or syntactic == TEXT:
        return TEXT
    if declared == JSON:
        return JSON
    return TEXT if _returns_a_response_text(target, value) else UNKNOWN


def _returns_a_response_text(target: Target, value: cst.BaseExpression) -> bool:
    """`return requests.get(url).text`, `return await resp.text()`: the text of the response the
    finding names, returned as it is: a `str`, with no annotation to say so."""
    verdict = target.returned.verdict if target.returned is not None else None
    while isinstance(value, cst.Await):
        value = value.expression
    read = value.func if isinstance(value, cst.Call) and not value.args else value
    return (
        verdict is not None
        and verdict.node is value
        and src.names_response_body(verdict.reason)
        and isinstance(read, cst.Attribute)
        and read.attr.value == "text"
    )


def _framework_decorator(module: ModuleInfo, function: cst.FunctionDef, form: str) -> int | None:
    """Index of the decorator that made the function a tool (first match from the top), if any."""
    if not form.startswith("@"):
        return None
    wanted = form[1:].rsplit(".", 1)[-1]
    for index, decorator in enumerate(function.decorators):
        expr = decorator.decorator
        target = expr.func if isinstance(expr, cst.Call) else expr
        names = {(dotted(target) or "").rsplit(".", 1)[-1], (module.qualify(target) or "").rsplit(".", 1)[-1]}
        if wanted in names:
            return index
    return None


def _in_class_body(tree: cst.Module, function: cst.CSTNode) -> bool:
    """`function` is a method: a statement directly in some class body."""
    stack: list[cst.CSTNode] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.ClassDef) and isinstance(node.body, cst.IndentedBlock):
            if any(statement is function for statement in node.body.body):
                return True
        if isinstance(node, cst.BaseExpression):
            continue  # classes are statements
        stack.extend(child_nodes(node))
    return False


def _confidence(tool: Tool, verdict: Verdict, name: str) -> str:
    """The verdict's confidence: `low` in a test module, and in a tool named (`name`) for an action
    or a calculation (`create_issue`, `send_email`, `convert_units`, `playlist_create`). What such
    a tool answers with is most often a confirmation, an id, a status or a number: on the labelled
    tool sets a reviewer agreed that it is large for 13 of the 96 such tools flagged. So is a tool
    named for statistics, settings or a health check, or for a catalogue of names. A tool named
    for looking one record up is at most `medium`."""
    if tool.module.is_test:
        return LOW  # a tool of a test answers a test's fake model
    if tool.inferred:
        # A tool of the project's own framework, found by its shape: such frameworks often cut or
        # page every result themselves (a paged terminal viewer, a token cap in the base class, a
        # patched `tools/call`) in ways not read here. Read blind, 12 of 56 such findings shown
        # were right (sets aw and ay); configured (`extend-tool-*`), they are the user's own claim.
        return LOW
    if tool_answers_briefly(name):
        return LOW
    if tool_reports_figures(name):
        # `get_cluster_stats`, `get_email_settings`, `health_check`, `test_connection`: a record
        # of counts, switches and states. On the labelled sets a reviewer judged 4 of 67 such
        # findings large (statistics over time, a database's health report).
        return LOW
    if tool_lists_a_catalogue(name):
        # `get_issue_types`, `list_gmail_labels`, `list_webhooks`: the kinds or choices a system
        # offers, the few things an account is set up with; a short list of names. Judged large
        # 12 times in 99 on the labelled sets (an image's tags, a metrics server's labels).
        return LOW
    if tool_reads_one_record(name) and verdict.confidence == HIGH:
        # `get_function_by_address`, `get_queue_info`: one record, and `high` says a bulk. On the
        # labelled tool sets, 9 of 20 such tools flagged `high` were judged large (a class's
        # source, a manifest), so `medium`. Flagged `medium`, they were large 9 times in 31, but
        # 6 of those 9 in the held-out set: the name alone does not hide a finding.
        return lower_confidence(verdict.confidence)
    if verdict.through and verdict.confidence == HIGH:
        # `return run_cli(cmd)`: the source is known, but what the helpers between do with it is
        # not run. On the labelled sets (274 trees) such findings were right 99 times in 156 at
        # `high`, against 129 in 162 for a source in the tool itself; 7 in 18 on two sets read
        # blind.
        return MEDIUM
    return verdict.confidence
