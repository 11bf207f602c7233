"""Tables of tools: a registration that reads its function out of each row of a list.

Servers with many tools often keep them in a table and register them in a loop:

    TOOLS = [ToolSpec(func=search, name="search"), {"func": fetch_page, "name": "fetch"}]
    for spec in TOOLS:
        mcp.add_tool(spec.func, name=spec.name)

The function registered is a field of each row (`spec.func`, `spec["func"]`, `spec.get("func")`).
This module reads such field reads and rows; the tool finder walks the table.
"""

from __future__ import annotations

import libcst as cst

from boundlint.project.module import positional_parameters


def field_read(expr: cst.BaseExpression) -> tuple[str, str] | None:
    """`spec.func`, `spec["func"]`, `spec.get("func")`: the name read from and the field read.
    Not `self.x` or `cls.x`, which are the class's own members."""
    if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
        if expr.value.value in ("self", "cls"):
            return None
        return expr.value.value, expr.attr.value
    if isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Name) and len(expr.slice) == 1:
        index = expr.slice[0].slice
        key = (
            index.value.evaluated_value
            if isinstance(index, cst.Index) and isinstance(index.value, cst.SimpleString)
            else None
        )
        return (expr.value.value, key) if isinstance(key, str) else None
    if (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value == "get"
        and isinstance(expr.func.value, cst.Name)
        and expr.args
        and expr.args[0].keyword is None
        and isinstance(expr.args[0].value, cst.SimpleString)
    ):
        key = expr.args[0].value.evaluated_value
        return (expr.func.value.value, key) if isinstance(key, str) else None
    return None


def dict_entry(row: cst.Dict, field: str) -> cst.BaseExpression | None:
    """`{"func": search, ...}["func"]`: the value written under the key `field`."""
    for entry in row.elements:
        if isinstance(entry, cst.DictElement) and isinstance(entry.key, cst.SimpleString):
            if entry.key.evaluated_value == field:
                return entry.value
    return None


def record_fields(cls: cst.ClassDef) -> list[str]:
    """The fields a record class takes, in order: the annotated names of its body (a dataclass, a
    NamedTuple, a Pydantic model), else the parameters of its `__init__`."""
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
    annotated = [
        small.target.value
        for statement in body
        if isinstance(statement, cst.SimpleStatementLine)
        for small in statement.body
        if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name)
    ]
    if annotated:
        return annotated
    for statement in body:
        if isinstance(statement, cst.FunctionDef) and statement.name.value == "__init__":
            return positional_parameters(statement, skip_first=True)
    return []


def record_argument(row: cst.Call, field: str, fields: list[str]) -> cst.BaseExpression | None:
    """`ToolSpec(search, name="s")` read for `func`: the argument given by that keyword, or in that
    field's place (`fields`, the class's fields in order) before any `*args`."""
    for index, arg in enumerate(row.args):
        if arg.keyword is not None:
            if arg.keyword.value == field:
                return arg.value
        elif arg.star:
            return None
        elif index < len(fields) and fields[index] == field:
            return arg.value
    return None


def made_from_row(element: cst.BaseExpression, target: cst.BaseExpression) -> bool:
    """`Tool.from_dict(d)`, `Tool(**d)` in `[... for d in DEFS]`: a record made out of one row of
    the table, which keeps that row's fields."""
    if not isinstance(element, cst.Call) or len(element.args) != 1 or not isinstance(target, cst.Name):
        return False
    arg = element.args[0]
    return (
        arg.keyword is None
        and arg.star in ("", "**")
        and isinstance(arg.value, cst.Name)
        and arg.value.value == target.value
    )
