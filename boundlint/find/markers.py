"""Recognising a cut and its truncation marker: a slice that keeps part of a value, and a string
that tells the reader something was cut."""

from __future__ import annotations

import libcst as cst

from boundlint.knowledge.data_sources import MARKER_TEXT
from boundlint.project.lookup import Project
from boundlint.project.module import ModuleInfo

MAX_CONSTANT_DEPTH = 4


def marker_text(
    expr: cst.CSTNode, project: Project | None = None, module: ModuleInfo | None = None, depth: int = 0
) -> str | None:
    """The marker's literal text when `expr` is (or names a constant holding) a marker string."""
    if isinstance(expr, cst.SimpleString):
        value = expr.evaluated_value
        text = value if isinstance(value, str) else expr.value
        return text if MARKER_TEXT.search(expr.value) else None
    if isinstance(expr, cst.ConcatenatedString):
        return marker_text(expr.left, project, module, depth) or marker_text(expr.right, project, module, depth)
    if isinstance(expr, cst.FormattedString):
        found = [p.value for p in expr.parts if isinstance(p, cst.FormattedStringText) and MARKER_TEXT.search(p.value)]
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


def _is_negative(expr: cst.BaseExpression | None) -> bool:
    """`-n`, and `-n // 2` or `-n * 3` (Python reads `(-n) // 2`): a count from the end."""
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.FloorDivide, cst.Multiply)):
        return _is_negative(expr.left)
    return isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus)
