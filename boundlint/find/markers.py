"""Recognising a cut and its truncation marker: a slice that keeps part of a value, and a string
that tells the reader something was cut."""

from __future__ import annotations

import re

import libcst as cst

from boundlint.knowledge.data_sources import FEW_ITEMS_LIMIT, MARKER_TEXT
from boundlint.project.lookup import Project
from boundlint.project.module import ModuleInfo

MAX_CONSTANT_DEPTH = 4
# A line break or tab as an f-string's source writes it (`f"...\nLast output:\n{out}"`): a space
# between words, not a letter glued to the next one.
_ESCAPES = re.compile(r"\\[ntr]")


def marker_text(
    expr: cst.CSTNode, project: Project | None = None, module: ModuleInfo | None = None, depth: int = 0
) -> str | None:
    """The marker's literal text when `expr` is (or names a constant holding) a marker string."""
    if isinstance(expr, cst.SimpleString):
        value = expr.evaluated_value
        text = value if isinstance(value, str) else expr.value
        return text if MARKER_TEXT.search(text) else None
    if isinstance(expr, cst.ConcatenatedString):
        return marker_text(expr.left, project, module, depth) or marker_text(expr.right, project, module, depth)
    if isinstance(expr, cst.FormattedString):
        found = [
            p.value
            for p in expr.parts
            if isinstance(p, cst.FormattedStringText) and MARKER_TEXT.search(_ESCAPES.sub(" ", p.value))
        ]
        return found[0] if found else None
    if isinstance(expr, cst.BinaryOperation):
        return marker_text(expr.left, project, module, depth) or marker_text(expr.right, project, module, depth)
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "format":
        return marker_text(expr.func.value, project, module, depth)  # `MARKER.format(dropped=n)`
    if isinstance(expr, (cst.Name, cst.Attribute)) and project is not None and module is not None:
        if depth >= MAX_CONSTANT_DEPTH:
            return None
        entity = project.resolve(module, expr)
        if entity is not None and entity.kind == "assign" and isinstance(entity.node, cst.BaseExpression):
            return marker_text(entity.node, project, entity.module, depth + 1)
    return None


def has_marker(expr: cst.CSTNode, project: Project | None = None, module: ModuleInfo | None = None) -> bool:
    return marker_text(expr, project, module) is not None


def keeps_a_part(cut: cst.Slice) -> bool:
    """`text[:n]`, `text[-n:]`, `text[-n // 2:]`: a slice that keeps part of a sequence."""
    return cut.upper is not None or _is_negative(cut.lower)


def keeps_a_few(cut: cst.Slice) -> bool:
    """`errors[:3]`, `sorted(matches)[:5]`, `sha[:7]`, `lines[-3:]`: a slice that keeps at most
    `FEW_ITEMS_LIMIT` items or characters by a number written there: a top few chosen to show, or
    a short label, not a cut of what the model asked for."""
    if cut.step is not None:
        return False
    lower, upper = cut.lower, cut.upper
    from_end = tail_count(cut)
    if from_end is not None:
        return _small_count(from_end)
    from_start = lower is None or (isinstance(lower, cst.Integer) and int(lower.value, 0) == 0)
    return from_start and upper is not None and _small_count(upper)


def tail_count(cut: cst.Slice) -> cst.BaseExpression | None:
    """`n` of `lines[-n:]`: how many items a cut from the end keeps; None for any other slice."""
    lower = cut.lower
    if cut.upper is None and isinstance(lower, cst.UnaryOperation) and isinstance(lower.operator, cst.Minus):
        return lower.expression
    return None


def kept_count(cut: cst.Slice) -> cst.BaseExpression | None:
    """`n` of `items[:n]` or `items[-n:]`: how many items a cut from the start or the end keeps;
    None for any other slice."""
    return cut.upper if cut.lower is None else tail_count(cut)


def _small_count(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Integer) and 0 < int(expr.value, 0) <= FEW_ITEMS_LIMIT


def _is_negative(expr: cst.BaseExpression | None) -> bool:
    """`-n`, and `-n // 2` or `-n * 3` (Python reads `(-n) // 2`): a count from the end."""
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.FloorDivide, cst.Multiply)):
        return _is_negative(expr.left)
    return isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus)
