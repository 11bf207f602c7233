"""BL006 marker-over-budget."""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from boundlint.analyse.dataflow import snippet
from boundlint.analyse.markers import marker_text
from boundlint.analyse.size import HIGH, MEDIUM
from boundlint.core.findings import Finding
from boundlint.parse.positions import child_nodes
from boundlint.project.lookup import Project
from boundlint.project.module import ModuleInfo
from boundlint.project.module_index import index_of
from boundlint.rules.base import Rule, RuleContext

TRIM_METHODS = frozenset({"strip", "rstrip", "lstrip"})


class MarkerOverBudget(Rule):
    code = "BL006"
    name = "marker-over-budget"
    summary = "A truncation marker is added after cutting to the full budget, so the result exceeds it."
    what = """
Flags, anywhere in the code, `x[:N] + "... [truncated]"`, `f"{x[:N]}..."` and
`"..." + x[-N:]`: a slice to the full budget N followed (or preceded) by a
marker string, without the marker's length being taken out of N (as
`x[:N - len(marker)]` does). Confidence is `high` inside a tool function and
`medium` elsewhere.
"""
    why = """
The budget exists because something downstream has a hard limit: a context
window, a JSON field's `max_length`, a message size. A result of N plus the
marker's length breaks that limit exactly when truncation happens, which is
the one case the code was written for, and a schema that enforces the limit
then rejects the value instead of passing it on.
"""
    example = """
def clip(text: str) -> str:
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
"""
    valid = (
        """
MARKER = "... [truncated]"

def clip(text: str) -> str:
    if len(text) > 2000:
        return text[: 2000 - len(MARKER)] + MARKER
    return text
""",
        """
def label(name: str) -> str:
    return name[:20] + ": " + name
""",
    )
    invalid = (
        """
def clip(text: str) -> str:
    if len(text) > 2000:
        return text[:2000] + "... [truncated]"  # expect
    return text
""",
        """
def preview(body: str, limit: int) -> str:
    head = f"{body[:limit]}…"  # expect
    tail = "..." + body[-limit:]  # expect
    return head + tail
""",
    )

    def check(self, context: RuleContext) -> Iterator[Finding]:
        tool_nodes = {tool.node for tool in context.analysis.tools}
        parents = {
            site.node: site.parent_function
            for module in context.analysis.project.modules
            for site in index_of(module).functions
        }
        project = context.analysis.project
        for module in context.modules:
            index = index_of(module)
            excerpt_parts: set[cst.CSTNode] = set()
            for site in index.expressions:  # in source order: a whole expression before its parts
                if site.node in excerpt_parts:
                    continue
                if isinstance(site.node, cst.BinaryOperation):
                    found = _over_budget_sum(site.node, project, module, excerpt_parts)
                else:
                    found = _over_budget_fstring(site.node)
                if found is not None:
                    cut, marker = found
                    in_tool = _inside(site.function, tool_nodes, parents)
                    message = (
                        f"`{snippet(module, site.node)}` adds a marker (+{len(marker)} chars) after cutting "
                        f"`{snippet(module, cut)}` to the full budget, so the result is longer than the budget"
                    )
                    yield self.finding(module, site.node, message, site.symbol, HIGH if in_tool else MEDIUM)


def _inside(function: cst.FunctionDef | None, tool_nodes: set, parents: dict) -> bool:
    """In a tool, or in a function nested in one."""
    while function is not None:
        if function in tool_nodes:
            return True
        function = parents.get(function)
    return False


def _over_budget_sum(
    node: cst.BinaryOperation, project: Project, module: ModuleInfo, excerpt_parts: set[cst.CSTNode]
) -> tuple[cst.Subscript, str] | None:
    if not isinstance(node.operator, cst.Add):
        return None
    if _head_slice(rightmost_term(node.left)) is not None and _tail_slice(leftmost_term(node.right)) is not None:
        return None
    if _is_excerpt(node):
        excerpt_parts.add(node.left)  # `a[:N] + "..." + a[-N:]`: a head-and-tail excerpt
        return None
    head = _head_slice(rightmost_term(node.left))
    if head is not None:
        marker = marker_text(leftmost_term(node.right), project, module)
        if marker is not None:
            return head, marker
    tail = _tail_slice(leftmost_term(node.right))
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
        head = _head_slice(part.expression)
        if head is not None and isinstance(after, cst.FormattedStringText) and _text_marker(after.value):
            return head, after.value
        tail = _tail_slice(part.expression)
        if tail is not None and isinstance(before, cst.FormattedStringText) and _text_marker(before.value):
            return tail, before.value
    return None


def _excerpt_of_both_ends(parts: list[cst.BaseFormattedStringContent], index: int) -> bool:
    expressions = [p.expression for p in parts if isinstance(p, cst.FormattedStringExpression)]
    return any(_head_slice(e) is not None for e in expressions) and any(_tail_slice(e) is not None for e in expressions)


def _is_excerpt(node: cst.BinaryOperation) -> bool:
    """`head + marker + tail` where both ends are slices."""
    left, right = node.left, node.right
    if isinstance(left, cst.BinaryOperation) and isinstance(left.operator, cst.Add):
        return _head_slice(rightmost_term(left.left)) is not None and _tail_slice(right) is not None
    return False


def _text_marker(text: str) -> bool:
    from boundlint.knowledge.data_sources import MARKER_TEXT

    return bool(MARKER_TEXT.search(text))


def _unwrap(expr: cst.BaseExpression) -> cst.BaseExpression:
    """`x[:N].rstrip()` is still the cut `x[:N]`."""
    while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value in TRIM_METHODS:
        expr = expr.func.value
    return expr


def _single_slice(expr: cst.BaseExpression) -> cst.Slice | None:
    if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Slice):
        return expr.slice[0].slice
    return None


def _head_slice(expr: cst.BaseExpression) -> cst.Subscript | None:
    expr = _unwrap(expr)
    cut = _single_slice(expr)
    if cut is None or cut.upper is None or cut.step is not None or reserves_budget(cut.upper):
        return None
    if cut.lower is not None and not (isinstance(cut.lower, cst.Integer) and cut.lower.value == "0"):
        return None
    assert isinstance(expr, cst.Subscript)
    return expr


def _tail_slice(expr: cst.BaseExpression) -> cst.Subscript | None:
    expr = _unwrap(expr)
    cut = _single_slice(expr)
    if cut is None or cut.upper is not None or cut.step is not None:
        return None
    lower = cut.lower
    if not (isinstance(lower, cst.UnaryOperation) and isinstance(lower.operator, cst.Minus)):
        return None
    if reserves_budget(lower.expression):
        return None
    assert isinstance(expr, cst.Subscript)
    return expr


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
