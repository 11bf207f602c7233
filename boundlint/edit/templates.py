"""Building replacement code: templates with placeholders, arguments, operands, slices.

A fix writes its new code as a small template (`truncate_text(__boundlint_value__,
max_chars=16_000)`) and puts the user's own nodes in place of the placeholder
names, so comments and layout inside the moved expression survive.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import libcst as cst

from boundlint.edit.imports import append_item

PLACEHOLDER = "__boundlint_value__"
_COMMA = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))


def budget_literal(value: int) -> str:
    return f"{value:_}" if value >= 1_000 else str(value)


class _Substitute(cst.CSTTransformer):
    def __init__(self, values: dict[str, cst.BaseExpression]) -> None:
        self.values = values

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.BaseExpression:
        return self.values.get(original_node.value, updated_node)


def call_template(
    template: str, value: cst.BaseExpression | None = None, **others: cst.BaseExpression
) -> cst.BaseExpression:
    """Parse `template` and put the given nodes in place of its placeholder names."""
    values = dict(others)
    if value is not None:
        values[PLACEHOLDER] = value
    parsed = cst.parse_expression(template)
    result = parsed.visit(_Substitute(values))
    assert isinstance(result, cst.BaseExpression)
    return result


def wrap_in_call(template: str, value: cst.BaseExpression) -> cst.BaseExpression:
    """`template` (a call) around `value`; a parenthesized value lends its parentheses to the call:
    `return (\n    x\n)` becomes `return f(\n    x, max_chars=N\n)`."""
    keeps_parens = isinstance(value, (cst.Tuple, cst.GeneratorExp, cst.NamedExpr, cst.Yield))
    if len(value.lpar) != 1 or len(value.rpar) != 1 or keeps_parens:
        return call_template(template, as_argument(value))
    call = call_template(template, value.with_changes(lpar=[], rpar=[]))
    assert isinstance(call, cst.Call)
    args = list(call.args)
    args[-1] = args[-1].with_changes(whitespace_after_arg=value.rpar[0].whitespace_before)
    return call.with_changes(whitespace_before_args=value.lpar[0].whitespace_after, args=args)


def as_argument(expr: cst.BaseExpression) -> cst.BaseExpression:
    """`a, b` must keep its meaning as one argument: parenthesize a bare tuple."""
    if isinstance(expr, cst.Tuple):
        return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return expr


_ATOMIC = (
    cst.Name,
    cst.Attribute,
    cst.Integer,
    cst.Float,
    cst.Call,
    cst.Subscript,
    cst.SimpleString,
    cst.UnaryOperation,
)

_ARITHMETIC = (
    cst.Add,
    cst.Subtract,
    cst.Multiply,
    cst.Divide,
    cst.FloorDivide,
    cst.Modulo,
    cst.Power,
    cst.MatrixMultiply,
)


def operand(expr: cst.BaseExpression) -> cst.BaseExpression:
    """`expr` made safe as the left operand of `-`."""
    if expr.lpar or isinstance(expr, _ATOMIC):
        return expr
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, _ARITHMETIC):
        return expr
    return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def slice_of(expr: cst.BaseExpression) -> tuple[cst.Subscript, cst.Slice] | None:
    if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Slice):
        return expr, expr.slice[0].slice
    return None


def is_zero(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Integer) and expr.value == "0"


def negated(expr: cst.BaseExpression | None) -> cst.BaseExpression | None:
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        return expr.expression
    return None


class _ReplaceOne(cst.CSTTransformer):
    def __init__(self, old: cst.CSTNode, new: cst.CSTNode) -> None:
        self.old = old
        self.new = new
        self.done = False

    def on_leave(self, original_node, updated_node):  # type: ignore[no-untyped-def]
        if original_node is self.old:
            self.done = True
            return self.new
        return updated_node


def replace_node(tree: cst.CSTNode, old: cst.CSTNode, new: cst.CSTNode) -> cst.CSTNode:
    replacer = _ReplaceOne(old, new)
    result = tree.visit(replacer)
    assert replacer.done
    return result  # type: ignore[return-value]


def add_keyword(call: cst.Call, keyword: str, value: str) -> cst.Call:
    new = cst.Arg(
        value=cst.parse_expression(value),
        keyword=cst.Name(keyword),
        equal=cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")),
    )
    args = list(call.args)
    return call.with_changes(args=append_item(args, new, separator(args), call.whitespace_before_args))


def separator(items: Sequence[Any]) -> cst.Comma:
    """The comma between the items of a list (one-line default when it has a single item)."""
    commas = [item.comma for item in items[:-1] if isinstance(item.comma, cst.Comma)]
    return commas[0] if commas else _COMMA


class _ReplaceEach(cst.CSTTransformer):
    def __init__(self, olds: Sequence[cst.CSTNode], make: Callable[[cst.CSTNode, int], cst.CSTNode]) -> None:
        self.olds = {id(old): index for index, old in enumerate(olds)}
        self.make = make
        self.done: set[int] = set()

    def on_leave(self, original_node, updated_node):  # type: ignore[no-untyped-def]
        index = self.olds.get(id(original_node))
        if index is None:
            return updated_node
        self.done.add(index)
        return self.make(updated_node, index)


def replace_each(
    tree: cst.CSTNode, olds: Sequence[cst.CSTNode], make: Callable[[cst.CSTNode, int], cst.CSTNode]
) -> cst.CSTNode:
    """`tree` with each of `olds` (found by identity, in one pass) replaced by `make(old, its
    index)`. Replacing them one at a time would not do: each replacement copies the tree around
    the next one, which is then no longer found."""
    replacer = _ReplaceEach(olds, make)
    result = tree.visit(replacer)
    assert len(replacer.done) == len(olds)
    return result  # type: ignore[return-value]
