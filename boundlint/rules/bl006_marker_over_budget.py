"""BL006 marker-over-budget."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import libcst as cst

from boundlint.analyse.dataflow import snippet
from boundlint.analyse.sinks import assigns_printed_only, is_log_call
from boundlint.analyse.size import HIGH, MEDIUM
from boundlint.core.findings import Finding
from boundlint.edit.context import FixContext
from boundlint.edit.model import UNSAFE, Candidate, Names, NoFixError
from boundlint.edit.target import Target
from boundlint.edit.templates import call_template, is_zero, negated, operand, replace_node, slice_of
from boundlint.find.markers import marker_text
from boundlint.knowledge.data_sources import MARKER_TEXT
from boundlint.parse.positions import child_nodes, walk
from boundlint.project.lookup import Project
from boundlint.project.module import ModuleInfo
from boundlint.project.module_index import index_of
from boundlint.rules.base import Rule, RuleContext

TRIM_METHODS = frozenset({"strip", "rstrip", "lstrip"})  # `x[:N].rstrip()` is still the cut `x[:N]`


# A literal cut shorter than this is read as a preview, which gets the finding but no fix.
PREVIEW_CUT = 4_000
# A written-out marker longer than this is not repeated inside `len(...)`: a reviewer names it first.
MAX_REPEATED_MARKER = 40


class MarkerOverBudget(Rule):
    code = "BL006"
    name = "marker-over-budget"
    level = "warning"
    precision = "medium"
    security_severity = "3.7"
    fixes_at = (cst.BinaryOperation, cst.FormattedString)
    summary = "A truncation marker is added after cutting to the full budget, so the result exceeds it."
    what = """
Flags `x[:N] + "... [truncated]"`, `f"{x[:N]}..."` and `"..." + x[-N:]`: a
slice to the full budget N followed (or preceded) by a marker string, without
the marker's length being taken out of N (as `x[:N - len(marker)]` does),
where the text can reach a model: in a tool function (and functions nested
in it) and in the validators of its return contract (`high`), and in the
functions of the tree that a tool's values are followed into, in any module
(`medium`). A preview in a CLI table, a `__repr__` or a UI that no tool
returns is not flagged. Nor is text that no model reads inside a tool: log
calls, `print`, console prints, `warnings.warn`, the messages of `raise`
and `assert`, and a local that is only printed or logged (`preview = ...`
then `console.print(Panel(preview))`). Nor is a cut under a guard that leaves room for the marker
(`if len(text) > 200: text = text[:197] + "..."`, also when the guard measures a
copy: `shown = command` then `if len(shown) > 50: shown = command[:47] + "..."`,
and a cut at a word boundary of an earlier cut: `if len(s) > 225: t = s[:175]`
then `s = t[:t.rfind(" ")] + "..."`), nor a cut to a length the code computes with something
taken off (`room = limit - len(header) - 20`, then `text[:room] + "..."`). Nor is a preview that is
one piece of a larger text or collection (`f"Content: {body[:300]}...\\n"`, a
dict value, a list item, `out += ...`): its N is a preview's length, not the
budget of what the model gets, and a few characters over it break nothing.
"""
    why = """
The budget exists because something downstream has a hard limit: a context
window, a JSON field's `max_length`, a message size. A result of N plus the
marker's length breaks that limit exactly when truncation happens, which is
the one case the code was written for, and a schema that enforces the limit
then rejects the value instead of passing it on.
"""
    example = """
@tool
def fetch_page(url: str) -> str:
    \"\"\"Fetch a page.\"\"\"
    text = requests.get(url).text
    if len(text) > 2000:
        return text[:2000] + "... [truncated]"  # BL006: up to 2015 chars
    return text
"""
    fix = """
Reserve the marker's length in the budget, or let the runtime do it:

```python
from boundlint_runtime import truncate_text

    return truncate_text(text, max_chars=2000, mode="head")
```

`truncate_text` never returns more than `max_chars`, marker included.

`boundlint fix --unsafe-fixes` reserves the marker's length in the slice
(`text[:MAX - len(MARK)] + MARK`; unsafe: the text the code already cuts and
marks gets shorter, which its tests may pin); not at a literal preview length under 4,000 characters
(`note[:500] + "..."`), where a few characters over rarely matter: name the
limit if it is a budget. Nor for a marker written out in over 40 characters,
which the fix would repeat inside `len(...)`: name it (`NOTICE = "..."`) and
fix again.
"""
    valid = (
        """
import requests
from langchain_core.tools import tool

MARKER = "... [truncated]"

@tool
def fetch_page(url: str) -> str:
    \"\"\"Fetch a page.\"\"\"
    text = requests.get(url).text
    if len(text) > 2000:
        return text[: 2000 - len(MARKER)] + MARKER
    return text
""",
        """
from langchain_core.tools import tool

@tool
def label(name: str) -> str:
    \"\"\"A label.\"\"\"
    return name[:20] + ": " + name
""",
        """
from langchain_core.tools import tool

@tool
def headline(text: str) -> str:
    \"\"\"A headline.\"\"\"
    if len(text) > 200:
        text = text[:197] + "..."
    return text
""",
        """
from langchain_core.tools import tool

@tool
def snippet(text: str) -> str:
    \"\"\"A snippet cut at a word boundary, well under the guard's 225.\"\"\"
    if len(text) > 225:
        truncated = text[:175]
        text = truncated[: truncated.rfind(" ")] + "..."
    return text
""",
        """
from langchain_core.tools import tool

@tool
def title(text: str) -> str:
    \"\"\"A title, as a conditional expression.\"\"\"
    return text[:22] + "..." if len(text) > 25 else text
""",
        """
from langchain_core.tools import tool

@tool
def shown_command(command: str) -> str:
    \"\"\"The guard measures a copy of the text cut.\"\"\"
    shown = command
    if len(shown) > 50:
        shown = command[:47] + "..."
    return shown
""",
        """
import logging
import requests
from langchain_core.tools import tool

logger = logging.getLogger(__name__)

@tool
def fetch(url: str) -> str:
    \"\"\"Fetch and store a page.\"\"\"
    body = requests.get(url).text
    logger.info("got %s", body[:200] + "...")
    print(f"{body[:80]}...")
    if not body.strip():
        raise ValueError(f"empty page: {body[:50]}...")
    return "saved"
""",
        """
import requests
from langchain_core.tools import tool

@tool
def search(q: str) -> dict:
    \"\"\"Search the wiki.\"\"\"
    hits = requests.get("https://wiki.example/api", params={"q": q}).json()["hits"]
    lines = ""
    for hit in hits[:5]:
        lines += f"Content: {hit['body'][:300]}...\\n"  # a preview inside a larger text
    first = hits[0]["body"]
    return {"results": lines, "first": first[:50] + "..." if len(first) > 50 else first}
""",
        """
def print_table(rows) -> None:  # a CLI table that no tool returns
    for row in rows:
        line = row.title[:40] + "..."
        show(line)
""",
        """
import requests
from boundlint_runtime import truncate_text
from langchain_core.tools import tool
from rich.console import Console
from rich.table import Table

console = Console()

def headers_table(headers: dict) -> Table:
    table = Table()
    for key, value in headers.items():
        table.add_row(key, f"{value[:100]}...")  # for the person at the terminal
    return table

@tool
def fetch(url: str) -> str:
    \"\"\"Fetch a page.\"\"\"
    response = requests.get(url, timeout=10)
    console.print(headers_table(dict(response.headers)))
    return truncate_text(response.text, max_chars=8_000)
""",
        """
import requests
from boundlint_runtime import truncate_text
from langchain_core.tools import tool
from rich.console import Console
from rich.panel import Panel

console = Console()

def summary_panel(body: str) -> Panel:
    return Panel(f"{body[:300]}...")  # for the person at the terminal

@tool
def fetch(url: str) -> str:
    \"\"\"Fetch a page.\"\"\"
    body = requests.get(url, timeout=10).text
    preview = body[:200] + "..." if len(body) > 200 else body  # only printed below
    console.print(Panel(preview))
    panel = summary_panel(body)
    console.print(panel)
    return truncate_text(body, max_chars=8_000)
""",
        """
import requests
from langchain_core.tools import tool

@tool
def source_summary(url: str) -> str:
    \"\"\"The start of a page, under its source line.\"\"\"
    header = f"Source: {url}\\n"
    room = 4000 - len(header) - 20  # room left for the marker
    text = requests.get(url).text
    if len(text) > room:
        text = text[:room] + "... (truncated)"
    return header + text
""",
    )
    invalid = (
        """
import requests
from langchain_core.tools import tool

@tool
def fetch_page(url: str) -> str:
    \"\"\"Fetch a page.\"\"\"
    text = requests.get(url).text
    if len(text) > 2000:
        return text[:2000] + "... [truncated]"  # expect
    return text
""",
        """
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("docs")

def preview(body: str, limit: int) -> str:
    head = f"{body[:limit]}…"  # expect
    tail = "..." + body[-limit:]  # expect
    return head + tail

@mcp.tool()
def read_doc(path: str) -> str:
    with open(path) as f:
        return preview(f.read(), 1000)
""",
        """
import requests
from langchain_core.tools import tool

@tool
def report(url: str) -> str:
    \"\"\"Summarise a page.\"\"\"
    body = requests.get(url).text
    summary = body[:500] + " [cut]"  # expect
    return summary
""",
        """
from langchain_core.tools import tool

@tool
def headline(text: str) -> str:
    \"\"\"A headline.\"\"\"
    if len(text) > 198:
        text = text[:197] + "..."  # expect
    return text
""",
    )

    def check(self, context: RuleContext) -> Iterator[Finding]:
        for module, scopes in _model_facing_functions(context).items():
            index = index_of(module)
            parents = {site.node: site.parent_function for site in index.functions}
            project = context.analysis.project
            excerpt_parts: set[cst.CSTNode] = set()
            unseen: set[cst.CSTNode] | None = None  # text no model reads, computed on the first candidate
            outer: dict[cst.CSTNode, cst.CSTNode] | None = None  # each node's parent, likewise
            for site in index.expressions:  # in source order: a whole expression before its parts
                if site.node in excerpt_parts:
                    continue
                confidence = _scope_of(site.function, scopes, parents)
                if confidence is None:
                    continue
                if isinstance(site.node, cst.BinaryOperation):
                    found = _over_budget_sum(site.node, project, module, excerpt_parts)
                else:
                    found = _over_budget_fstring(site.node)
                if found is not None:
                    unseen = _text_no_model_reads(module) if unseen is None else unseen
                    if site.node in unseen or _guard_reserves_marker(module, site.node, *found):
                        continue
                    if _bound_reserves(site.function or module.tree, found[0]):
                        continue
                    outer = _parents(module) if outer is None else outer
                    if _piece_of_larger_text(site.node, found[1], outer):
                        continue
                    if site.function is not None and _printed_local(module, site.node, site.function, outer):
                        continue
                    cut, marker = found
                    message = (
                        f"`{snippet(module, site.node)}` adds a marker (+{len(marker)} chars) after cutting "
                        f"`{snippet(module, cut)}` to the full budget, so the result is longer than the budget"
                    )
                    yield self.finding(module, site.node, message, site.symbol, confidence)

    # -- the fix: take the marker's length out of the budget --

    def plan_fix(self, target: Target, context: FixContext) -> Candidate:
        node = target.node
        if isinstance(node, cst.BinaryOperation):
            return self._fix_concatenation(target, context, node)
        assert isinstance(node, cst.FormattedString)
        return self._fix_fstring(target, context, node)

    def _fix_concatenation(self, target: Target, context: FixContext, node: cst.BinaryOperation) -> Candidate:
        module = target.module
        head = head_cut(rightmost_term(node.left))
        marker = leftmost_term(node.right)
        tail = None
        if head is None or marker_text(marker, context.project, module) is None:
            head = None
            tail = tail_cut(leftmost_term(node.right))
            marker = rightmost_term(node.left)
            if tail is None or marker_text(marker, context.project, module) is None:
                raise NoFixError("no automatic fix: unrecognised marker pattern")
        static = isinstance(marker, (cst.SimpleString, cst.ConcatenatedString, cst.Name, cst.Attribute))
        marker_code = module.code(marker)
        if "\n" in marker_code or "\r" in marker_code:
            raise NoFixError("no automatic fix: the marker spans several lines")
        text = context.static_text(module, marker)
        length = len(text) if text is not None else None
        if isinstance(marker, (cst.SimpleString, cst.ConcatenatedString)) and length is not None:
            _refuse_to_repeat(length)
        reserve = f"len({marker_code})"
        is_head = head is not None

        def locate(updated: cst.CSTNode) -> cst.Subscript | None:
            assert isinstance(updated, cst.BinaryOperation)
            return head_cut(rightmost_term(updated.left)) if is_head else tail_cut(leftmost_term(updated.right))

        return self._reserve(target, context, node, is_head, length, reserve, locate, marker_twice=not static)

    def _fix_fstring(self, target: Target, context: FixContext, node: cst.FormattedString) -> Candidate:
        parts = list(node.parts)
        for index, part in enumerate(parts):
            if not isinstance(part, cst.FormattedStringExpression):
                continue
            after = parts[index + 1] if index + 1 < len(parts) else None
            before = parts[index - 1] if index > 0 else None
            if (
                head_cut(part.expression) is not None
                and isinstance(after, cst.FormattedStringText)
                and MARKER_TEXT.search(after.value)
            ):
                head, text_part = True, after
            elif (
                tail_cut(part.expression) is not None
                and isinstance(before, cst.FormattedStringText)
                and MARKER_TEXT.search(before.value)
            ):
                head, text_part = False, before
            else:
                continue
            value = _fstring_text(node, text_part.value)
            if value is None:
                raise NoFixError("no automatic fix: cannot read the marker's text")
            _refuse_to_repeat(len(value))
            quote = node.quote[:1]
            other = "'" if quote == '"' else '"'
            if any(c in value for c in ("\\", other, "{", "}", "\n", "\r")) or not value.isprintable():
                reserve = str(len(value))
            else:
                reserve = f"len({other}{value}{other})"

            def locate(n: cst.CSTNode, position: int = index, is_head: bool = head) -> cst.Subscript | None:
                assert isinstance(n, cst.FormattedString)
                expression = n.parts[position]
                assert isinstance(expression, cst.FormattedStringExpression)
                return head_cut(expression.expression) if is_head else tail_cut(expression.expression)

            return self._reserve(target, context, node, head, len(value), reserve, locate, marker_twice=False)
        raise NoFixError("no automatic fix: unrecognised marker pattern")

    def _reserve(
        self,
        target: Target,
        context: FixContext,
        node: cst.CSTNode,
        head: bool,
        length: int | None,
        reserve: str,
        locate: Callable[[cst.CSTNode], cst.Subscript | None],
        *,
        marker_twice: bool,
    ) -> Candidate:
        """Take the marker's length out of the slice's bound: `x[:N - len(M)]`, `x[-(N - len(M)):]`."""
        module = target.module
        cut = locate(node)
        assert cut is not None
        piece = cut.slice[0].slice
        assert isinstance(piece, cst.Slice)
        bound = piece.upper if head else negated(piece.lower)
        assert bound is not None
        if isinstance(bound, cst.Integer) and int(bound.evaluated_value) < PREVIEW_CUT:
            # On every fix reading, maintainers rejected this change on a literal preview length
            # (`note[:500] + "..."`: "a few characters over do not matter") and accepted it on a
            # named budget (`max_chars`) or an output-sized one.
            raise NoFixError(
                f"no automatic fix: a cut at a literal {bound.value} characters is most often a preview, "
                "where the marker's few characters over do not matter; if it is a budget, name it "
                "(`MAX_CHARS = ...`) and fix again"
            )
        value = context.constant_int(module, bound)
        if value is not None and length is not None:
            if value < length + (0 if head else 1):
                raise NoFixError(
                    f"no automatic fix: the budget ({value}) is not larger than the marker ({length} chars)"
                )
            template = "__bound__ - " + reserve if head else "-(__bound__ - " + reserve + ")"
        else:
            context.require_builtins(module, "max", "len")
            template = f"max(__bound__ - {reserve}, 0)" if head else f"-max(__bound__ - {reserve}, 1)"
        context.require_builtins(module, "len")
        # Unsafe: the code already cuts and marks this text, and the fix changes its length (which
        # its tests may pin). Maintainers took it as churn: no hunk of 22 was merged on the three
        # latest fix readings, where a few characters over a budget of thousands did not matter.
        reason = "the marker expression is evaluated twice" if marker_twice else "the cut text gets shorter"
        message = f"Reserve the marker's length in the slice, so the result stays within the budget (unsafe: {reason})"

        def build(updated: cst.CSTNode, names: Names) -> cst.CSTNode:
            found = locate(updated)
            assert found is not None
            slice_ = found.slice[0].slice
            assert isinstance(slice_, cst.Slice)
            old = slice_.upper if head else negated(slice_.lower)
            assert old is not None
            new_bound = call_template(template, __bound__=operand(old))
            # PEP 8 (and ruff/black): a complex bound gets a space on its side of the colon,
            # `x[: N - len(M)]`, `x[-(N - len(M)) :]`.
            colon = slice_.first_colon
            if head:
                colon = colon.with_changes(whitespace_after=cst.SimpleWhitespace(" "))
                new_slice = slice_.with_changes(upper=new_bound, first_colon=colon)
            else:
                colon = colon.with_changes(whitespace_before=cst.SimpleWhitespace(" "))
                new_slice = slice_.with_changes(lower=new_bound, first_colon=colon)
            new_cut = found.with_changes(slice=[found.slice[0].with_changes(slice=new_slice)])
            return replace_node(updated, found, new_cut)

        return Candidate(target.finding, module, node, build, UNSAFE, message)


def _guard_reserves_marker(module: ModuleInfo, node: cst.CSTNode, cut: cst.Subscript, marker: str) -> bool:
    """`if len(text) > 200: text = text[:197] + "..."` (or the same as a conditional expression):
    the guard's limit leaves room for the marker,
    so the result is at most the limit the code checks against. The guard may measure a copy of
    the text cut, as written (`shown = command` ... `if len(shown) > 50: shown = command[:47] +
    "..."`): measuring one measures the other."""
    kept = _cut_length(cut)
    # Else a cut of a name bound to cuts (`truncated[:last_space]` of `truncated = snippet[:175]`)
    bound_name = cut.value.value if kept is None and isinstance(cut.value, cst.Name) else None
    if kept is None and bound_name is None:
        return False
    cut_of = module.code(cut.value)
    measured = {cut_of}
    guards: list[cst.If | cst.IfExp] = []  # `x[:22] + "..." if len(x) > 25 else x` too
    bindings: list[cst.BaseExpression] = []  # what `bound_name` is bound to
    for current in walk(module.tree):
        if isinstance(current, (cst.If, cst.IfExp)):
            guards.append(current)
        elif isinstance(current, cst.Assign):
            if isinstance(current.value, cst.Name) and current.value.value == cut_of:
                measured.update(t.target.value for t in current.targets if isinstance(t.target, cst.Name))
            if any(isinstance(t.target, cst.Name) and t.target.value == bound_name for t in current.targets):
                bindings.append(current.value)
    if kept is None:
        # under `if len(snippet) > 225:`, the guard of the text those cuts are of
        kept, sources = _length_of_cuts(module, bindings)
        measured |= sources
    if kept is None:
        return False
    for guard in guards:
        limit = _length_limit(module, guard.test, measured)
        if limit is not None and kept + len(marker) <= limit and _contains(guard.body, node):
            return True
    return False


def _bound_reserves(scope: cst.CSTNode, cut: cst.Subscript) -> bool:
    """`available = limit - len(header) - 20` ... `text[:available] + "..."`: the length cut to is
    a local that every assignment in its scope makes with something taken off (`_takes_off`)."""
    window = cut.slice[0].slice
    assert isinstance(window, cst.Slice)
    bound = window.upper if window.upper is not None else negated(window.lower)
    if not isinstance(bound, cst.Name):
        return False
    values = [
        current.value
        for current in walk(scope)
        if isinstance(current, cst.Assign)
        and any(isinstance(t.target, cst.Name) and t.target.value == bound.value for t in current.targets)
    ]
    return bool(values) and all(_takes_off(value) for value in values)


def _takes_off(value: cst.BaseExpression) -> bool:
    """`limit - len(header) - 20`, also as `max(0, limit - used)`: a length with something taken off
    (not `limit // parts`, a share of the budget, which leaves no room for a marker)."""
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in ("max", "min"):
        return any(_takes_off(arg.value) for arg in value.args)
    return isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Subtract)


def _length_of_cuts(module: ModuleInfo, bindings: list[cst.BaseExpression]) -> tuple[int | None, set[str]]:
    """The most a name holds when the module only ever binds it to head cuts of literal lengths
    (`truncated = snippet[:175]`, then `truncated[:last_space] + "..."` cuts at a word boundary
    within those 175); and the texts those cuts are of (`snippet`)."""
    lengths = [_cut_length(b) if isinstance(b, cst.Subscript) and head_cut(b) is not None else None for b in bindings]
    if not lengths or None in lengths:
        return None, set()
    return max(length for length in lengths if length is not None), {
        module.code(b.value) for b in bindings if isinstance(b, cst.Subscript)
    }


def _cut_length(cut: cst.Subscript) -> int | None:
    """N in `x[:N]` or `x[-N:]`, when a literal."""
    window = cut.slice[0].slice
    assert isinstance(window, cst.Slice)
    bound = window.upper if window.upper is not None else window.lower
    if isinstance(bound, cst.UnaryOperation) and isinstance(bound.operator, cst.Minus):
        bound = bound.expression
    return int(bound.value) if isinstance(bound, cst.Integer) else None


def _length_limit(module: ModuleInfo, test: cst.BaseExpression, measured: set[str]) -> int | None:
    """M in `len(<one of measured>) > M` (or `>= M + 1`)."""
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return None
    left, comparison = test.left, test.comparisons[0]
    if not (
        isinstance(left, cst.Call)
        and isinstance(left.func, cst.Name)
        and left.func.value == "len"
        and len(left.args) == 1
        and module.code(left.args[0].value) in measured
        and isinstance(comparison.comparator, cst.Integer)
    ):
        return None
    limit = int(comparison.comparator.value)
    if isinstance(comparison.operator, cst.GreaterThan):
        return limit
    if isinstance(comparison.operator, cst.GreaterThanEqual):
        return limit - 1
    return None


def _contains(block: cst.CSTNode, node: cst.CSTNode) -> bool:
    stack: list[cst.CSTNode] = [block]
    while stack:
        current = stack.pop()
        if current is node:
            return True
        stack.extend(child_nodes(current))
    return False


def _parents(module: ModuleInfo) -> dict[cst.CSTNode, cst.CSTNode]:
    parents: dict[cst.CSTNode, cst.CSTNode] = {}
    stack: list[cst.CSTNode] = [module.tree]
    while stack:
        node = stack.pop()
        for child in child_nodes(node):
            parents[child] = node
            stack.append(child)
    return parents


def _piece_of_larger_text(node: cst.CSTNode, marker: str, parents: dict[cst.CSTNode, cst.CSTNode]) -> bool:
    """The marked cut is one piece of a larger text or collection: `f"Content: {x[:300]}..."`,
    `"Title: " + x[:80] + "..."`, a dict value, a list item, `out += ...`, `.append(...)`. Its N
    is a preview's length, not the budget of what the model gets: a few characters over it
    break nothing."""
    if isinstance(node, cst.FormattedString) and _other_fstring_parts(node, marker):
        return True
    if isinstance(node, cst.BinaryOperation) and _other_sum_parts(node):
        return True
    child, parent = _outside_conditionals(node, parents)
    if isinstance(parent, (cst.FormattedStringExpression, cst.DictElement, cst.Element, cst.AugAssign)):
        return True
    if isinstance(parent, cst.BinaryOperation) and isinstance(parent.operator, cst.Add):
        return True
    if isinstance(parent, cst.Arg):
        call = parents.get(parent)
        return (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Attribute)
            and call.func.attr.value in ("append", "join", "extend", "insert", "write")
        )
    return False


def _printed_local(
    module: ModuleInfo, node: cst.CSTNode, function: cst.FunctionDef, parents: dict[cst.CSTNode, cst.CSTNode]
) -> bool:
    """`preview = text[:200] + "..."` (or a conditional expression around it), where `preview` is
    then only printed or logged: text for the person at the terminal, not the model."""
    child, parent = _outside_conditionals(node, parents)
    return (
        isinstance(parent, (cst.Assign, cst.AnnAssign))
        and parent.value is child
        and assigns_printed_only(module, function, parent)
    )


def _outside_conditionals(
    node: cst.CSTNode, parents: dict[cst.CSTNode, cst.CSTNode]
) -> tuple[cst.CSTNode, cst.CSTNode | None]:
    """`node` and its parent, seen from outside the conditional expressions it is a branch of
    (`x[:50] + "..." if long else x`)."""
    child, parent = node, parents.get(node)
    while isinstance(parent, cst.IfExp) and child is not parent.test:
        child, parent = parent, parents.get(parent)
    return child, parent


def _other_fstring_parts(node: cst.FormattedString, marker: str) -> bool:
    """Besides the cut and its marker, the f-string has text or values of its own."""
    expressions = [part for part in node.parts if isinstance(part, cst.FormattedStringExpression)]
    texts = [part.value for part in node.parts if isinstance(part, cst.FormattedStringText)]
    return len(expressions) > 1 or any(text.strip() for text in texts if text != marker)


def _other_sum_parts(node: cst.BinaryOperation) -> bool:
    """`"Title: " + x[:80] + "..."`: more terms than the cut and its marker."""
    terms = 0
    stack: list[cst.BaseExpression] = [node]
    while stack:
        expr = stack.pop()
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add) and not expr.lpar:
            stack.extend((expr.left, expr.right))
        else:
            terms += 1
    return terms > 2


def _text_no_model_reads(module: ModuleInfo) -> set[cst.CSTNode]:
    """Every node of a log call, a `print`, a console print, a `warnings.warn`, or a `raise` or
    `assert` statement: text for people and logs, never a tool's result, so its budget is not the
    model's."""
    roots: list[cst.CSTNode] = []
    stack: list[cst.CSTNode] = [module.tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.Raise, cst.Assert)) or (isinstance(node, cst.Call) and is_log_call(module, node)):
            roots.append(node)
            continue
        stack.extend(child_nodes(node))
    unseen: set[cst.CSTNode] = set()
    while roots:
        node = roots.pop()
        unseen.add(node)
        roots.extend(child_nodes(node))
    return unseen


def _model_facing_functions(context: RuleContext) -> dict[ModuleInfo, dict[cst.FunctionDef, str]]:
    """Where text can reach a model, by module: the tools (`high`), the validators of their
    return contracts (`high`), and the functions the tools' values were followed into (`medium`)."""
    analysis = context.analysis
    scopes: dict[ModuleInfo, dict[cst.FunctionDef, str]] = {}
    for function, module in analysis.reached.items():
        scopes.setdefault(module, {})[function] = MEDIUM
    for model in analysis.contracts:
        for statement in model.node.body.body:
            if isinstance(statement, cst.FunctionDef):
                scopes.setdefault(model.module, {})[statement] = HIGH
    for tool in analysis.tools:
        if isinstance(tool.node, cst.FunctionDef):
            scopes.setdefault(tool.module, {})[tool.node] = HIGH
    return scopes


def _scope_of(
    function: cst.FunctionDef | None,
    scopes: dict[cst.FunctionDef, str],
    parents: dict[cst.FunctionDef, cst.FunctionDef | None],
) -> str | None:
    """The confidence of the model-facing function that holds `function` (itself or an enclosing
    one), or None outside them: a CLI table, a log line, a `__repr__` no tool returns."""
    while function is not None:
        if function in scopes:
            return scopes[function]
        function = parents.get(function)
    return None


def _over_budget_sum(
    node: cst.BinaryOperation, project: Project, module: ModuleInfo, excerpt_parts: set[cst.CSTNode]
) -> tuple[cst.Subscript, str] | None:
    if not isinstance(node.operator, cst.Add):
        return None
    if head_cut(rightmost_term(node.left)) is not None and tail_cut(leftmost_term(node.right)) is not None:
        return None
    if _is_excerpt(node):
        excerpt_parts.add(node.left)  # `a[:N] + "..." + a[-N:]`: a head-and-tail excerpt
        return None
    head = head_cut(rightmost_term(node.left))
    if head is not None:
        marker = marker_text(leftmost_term(node.right), project, module)
        if marker is not None:
            return head, marker
    tail = tail_cut(leftmost_term(node.right))
    if tail is not None:
        marker = marker_text(rightmost_term(node.left), project, module)
        if marker is not None:
            return tail, marker
    return None


def _over_budget_fstring(node: cst.FormattedString) -> tuple[cst.Subscript, str] | None:
    parts = list(node.parts)
    if _excerpt_of_both_ends(parts, 0):
        return None  # f"{v[:4]}...{v[-4:]}": a head-and-tail excerpt, not a cut to a budget
    for index, part in enumerate(parts):
        if not isinstance(part, cst.FormattedStringExpression):
            continue
        after = parts[index + 1] if index + 1 < len(parts) else None
        before = parts[index - 1] if index > 0 else None
        head = head_cut(part.expression)
        if head is not None and isinstance(after, cst.FormattedStringText) and MARKER_TEXT.search(after.value):
            return head, after.value
        tail = tail_cut(part.expression)
        if tail is not None and isinstance(before, cst.FormattedStringText) and MARKER_TEXT.search(before.value):
            return tail, before.value
    return None


def _excerpt_of_both_ends(parts: list[cst.BaseFormattedStringContent], index: int) -> bool:
    expressions = [p.expression for p in parts if isinstance(p, cst.FormattedStringExpression)]
    return any(head_cut(e) is not None for e in expressions) and any(tail_cut(e) is not None for e in expressions)


def _is_excerpt(node: cst.BinaryOperation) -> bool:
    """`head + marker + tail` where both ends are slices."""
    left, right = node.left, node.right
    if isinstance(left, cst.BinaryOperation) and isinstance(left.operator, cst.Add):
        return head_cut(rightmost_term(left.left)) is not None and tail_cut(right) is not None
    return False


def reserves_budget(bound: cst.BaseExpression) -> bool:
    """The bound already takes something off: `N - len(marker)`, `N - 3`."""
    stack: list[cst.CSTNode] = [bound]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.BinaryOperation) and isinstance(
            node.operator, (cst.Subtract, cst.FloorDivide, cst.Divide)
        ):
            return True
        stack.extend(child_nodes(node))
    return False


def leftmost_term(expr: cst.BaseExpression) -> cst.BaseExpression:
    while isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        expr = expr.left
    return expr


def rightmost_term(expr: cst.BaseExpression) -> cst.BaseExpression:
    while isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        expr = expr.right
    return expr


def _unwrap_trim(expr: cst.BaseExpression) -> cst.BaseExpression:
    while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value in TRIM_METHODS:
        expr = expr.func.value
    return expr


def head_cut(expr: cst.BaseExpression) -> cst.Subscript | None:
    """`x[:N]` (also `x[0:N]`, `x[:N].rstrip()`) with N not already reduced: the subscript."""
    found = slice_of(_unwrap_trim(expr))
    if found is None:
        return None
    subscript, part = found
    if part.upper is None or part.step is not None or reserves_budget(part.upper):
        return None
    if part.lower is not None and not is_zero(part.lower):
        return None
    return subscript


def tail_cut(expr: cst.BaseExpression) -> cst.Subscript | None:
    found = slice_of(_unwrap_trim(expr))
    if found is None:
        return None
    subscript, part = found
    bound = negated(part.lower)
    if part.upper is not None or part.step is not None or bound is None or reserves_budget(bound):
        return None
    return subscript


def _fstring_text(node: cst.FormattedString, raw: str) -> str | None:
    """The value of a literal part of an f-string (escapes applied, braces undoubled)."""
    prefix = node.prefix.replace("f", "").replace("F", "")
    text = raw.replace("{{", "{").replace("}}", "}")
    try:
        value = cst.SimpleString(f"{prefix}{node.quote}{text}{node.quote}").evaluated_value
    except Exception:  # noqa: BLE001 - anything odd: no fix
        return None
    return value if isinstance(value, str) else None


def _refuse_to_repeat(length: int) -> None:
    """`NoFixError` for a written-out marker too long to repeat in the slice's bound (set o's
    reviewer of `text[: 50000 - len("<116 characters>")] + "<the same 116>"`: "name it first")."""
    if length > MAX_REPEATED_MARKER:
        raise NoFixError(
            f"no automatic fix: the fix would repeat the {length}-character marker in the slice; name it "
            '(`NOTICE = "..."`) and fix again, to get `text[: N - len(NOTICE)] + NOTICE`'
        )
