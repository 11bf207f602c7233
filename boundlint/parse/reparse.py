"""A module's libcst tree after an edit inside one function, without parsing the whole text again.

In an editor nearly every edit falls inside one function's body. libcst parses a
1,000-line module in 100-250 ms; CPython's `ast` in 10-25 ms. So `ast`'s tree of the
new text says which function holds the edit; libcst parses that function's lines
alone, under header lines that give them their indentation, and the new function
takes the old one's place in the old tree. Every other node is the old tree's own.

The result is the tree a whole parse gives (the tests compare them node for node on
edits of real files). Anything this does not handle gives None, and the caller parses
the whole text: an edit outside a function body, a function under anything but
classes and functions, a function with comments after its last statement that a
changed body could claim, a text whose indentation or line endings the slice would
read differently.
"""

from __future__ import annotations

import ast
import bisect
from collections.abc import Sequence
from typing import Any

import libcst as cst

Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
Chain = list[tuple[Definition, int]]  # definitions, outermost first, each by its place in its block

_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_COMPOUND_AST: tuple[type[ast.stmt], ...] = (*_DEFINITIONS, ast.If, ast.For, ast.AsyncFor, ast.While, ast.With)
_COMPOUND_AST += (ast.AsyncWith, ast.Try, ast.Match, *((ast.TryStar,) if hasattr(ast, "TryStar") else ()))
_COMPOUND_CST = (cst.FunctionDef, cst.ClassDef, cst.If, cst.For, cst.While, cst.With, cst.Try, cst.TryStar, cst.Match)


def reparse(old_tree: cst.Module, old_text: str, new_text: str, new_syntax: ast.Module) -> cst.Module | None:
    """`new_text`'s libcst tree, made from `old_tree` (of `old_text`) by parsing again only the
    function whose body the edit is in; None when the edit is not of that kind."""
    start, old_end, new_end = _changed(old_text, new_text)
    if start is None:
        return old_tree
    if new_text.count("\r") != new_text.count("\r\n"):
        return None  # a lone carriage return ends a line for Python; the offsets here count "\n"
    lines = _LineStarts(new_text)
    first, last = lines.line_of(start), lines.line_of(max(new_end - 1, start))
    chain = _enclosing_definitions(new_syntax.body, first, last)
    if not chain or not isinstance(chain[-1][0], (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    function = chain[-1][0]
    if first < function.body[0].lineno:  # the decorators or the signature: parse it all
        return None
    slice_start = lines.start(_first_line(function))
    slice_end = lines.start(function.end_lineno + 1) if function.end_lineno else len(new_text)
    suffix = len(new_text) - slice_end
    if new_end > slice_end or suffix > len(old_text) - old_end or not new_text[:slice_end].endswith("\n"):
        return None  # the edit reaches past the function's last line, or it ends the file
    old_slice_end = len(old_text) - suffix
    nodes = _cst_chain(old_tree, chain)
    if nodes is None:
        return None
    old_function = nodes[-1]
    assert isinstance(old_function, cst.FunctionDef)
    if not _spans(old_tree, old_function, old_text[slice_start:old_slice_end]):
        return None
    new_function = _parse_slice(old_tree, new_text, lines, chain, slice_start, slice_end)
    if new_function is None:
        return None
    new_function = new_function.with_changes(leading_lines=old_function.leading_lines)
    return _replace_along(old_tree, nodes, new_function)


def _changed(old: str, new: str) -> tuple[int | None, int, int]:
    """Where the texts differ: the first changed offset (None: equal), and the end of the change
    in each text (what follows is the same in both)."""
    if old == new:
        return None, len(old), len(new)
    start = _common_prefix(old, new)
    limit = min(len(old), len(new)) - start
    tail = _common_prefix(old[::-1][:limit], new[::-1][:limit])
    return start, len(old) - tail, len(new) - tail


def _common_prefix(a: str, b: str) -> int:
    """Length of the longest common prefix, by halving: string comparisons run in C."""
    low, high = 0, min(len(a), len(b))
    while low < high:
        middle = (low + high + 1) // 2
        if a[low:middle] == b[low:middle]:
            low = middle
        else:
            high = middle - 1
    return low


class _LineStarts:
    def __init__(self, text: str) -> None:
        self.starts = [0]
        position = text.find("\n")
        while position != -1:
            self.starts.append(position + 1)
            position = text.find("\n", position + 1)
        self.length = len(text)

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)

    def start(self, line: int) -> int:
        return self.starts[line - 1] if line - 1 < len(self.starts) else self.length


def _first_line(node: Definition) -> int:
    return min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)])


def _enclosing_definitions(body: list[ast.stmt], first: int, last: int) -> Chain:
    """The classes and functions, outermost first, whose lines hold lines `first`..`last`, each
    with its index among the compound statements of its block; it stops at any other statement."""
    chain: Chain = []
    while True:
        compound = [statement for statement in body if isinstance(statement, _COMPOUND_AST)]
        holder = next(
            (
                (index, statement)
                for index, statement in enumerate(compound)
                if isinstance(statement, _DEFINITIONS)
                and _first_line(statement) <= first
                and last <= (statement.end_lineno or 0)
            ),
            None,
        )
        if holder is None:
            return chain
        index, statement = holder
        assert isinstance(statement, _DEFINITIONS)
        chain.append((statement, index))
        body = statement.body


def _cst_chain(tree: cst.Module, chain: Chain) -> list[cst.CSTNode] | None:
    """The old tree's nodes for `chain`: the same compound statement of each block, by position,
    with the same name. The edit is after each one's header, so what comes before it is the same."""
    nodes: list[cst.CSTNode] = [tree]
    body: object = tree.body
    for statement, index in chain:
        if not isinstance(body, (list, tuple)):
            return None
        compound = [node for node in body if isinstance(node, _COMPOUND_CST)]
        if index >= len(compound):
            return None
        node = compound[index]
        if not isinstance(node, (cst.FunctionDef, cst.ClassDef)) or node.name.value != statement.name:
            return None
        nodes.append(node)
        if not isinstance(node.body, cst.IndentedBlock):
            return None
        body = node.body.body
    return nodes


def _spans(tree: cst.Module, function: cst.FunctionDef, old_lines: str) -> bool:
    """Whether `function`'s own lines (no comments before it, none after its body) are
    `old_lines`, counted: the edit did not move lines in or out of it (an outer statement
    indented into its body)."""
    if not isinstance(function.body, cst.IndentedBlock) or function.body.footer:
        return False
    code = tree.code_for_node(function.with_changes(leading_lines=()))
    return code.count("\n") == old_lines.count("\n")


def _parse_slice(
    tree: cst.Module, text: str, lines: _LineStarts, chain: Chain, start: int, end: int
) -> cst.FunctionDef | None:
    """The function in `text[start:end]`, parsed under one header line per enclosing definition
    (at that definition's own indentation), as a whole parse would read it."""
    headers = []
    for statement, _ in chain[:-1]:
        line_start = lines.start(statement.lineno)
        indentation = text[line_start : line_start + statement.col_offset]
        if indentation.strip():
            return None
        headers.append(f"{indentation}if 1:{tree.default_newline}")
    try:
        wrapped = cst.parse_module("".join(headers) + text[start:end])
    except Exception:  # noqa: BLE001 - any failure: the whole text is parsed instead
        return None
    if wrapped.default_indent != tree.default_indent or wrapped.default_newline != tree.default_newline:
        return None
    body: object = wrapped.body
    for _ in headers:
        if not isinstance(body, (list, tuple)) or len(body) != 1 or not isinstance(body[0], cst.If):
            return None
        block = body[0].body
        if not isinstance(block, cst.IndentedBlock) or block.footer:
            return None
        body = block.body
    if not isinstance(body, (list, tuple)) or len(body) != 1 or not isinstance(body[0], cst.FunctionDef):
        return None
    function = body[0]
    if wrapped.footer or not isinstance(function.body, cst.IndentedBlock) or function.body.footer:
        return None
    return function


def _replace_along(tree: cst.Module, nodes: list[cst.CSTNode], new: cst.CSTNode) -> cst.Module:
    """`tree` with the last of `nodes` (each the child of the one before) replaced by `new`."""
    replacement = new
    for parent, child in zip(reversed(nodes[:-1]), reversed(nodes[1:]), strict=True):
        if isinstance(parent, cst.Module):
            replacement = parent.with_changes(body=_swap(parent.body, child, replacement))
        else:
            assert isinstance(parent, (cst.ClassDef, cst.FunctionDef)) and isinstance(parent.body, cst.IndentedBlock)
            block = parent.body
            replacement = parent.with_changes(body=block.with_changes(body=_swap(block.body, child, replacement)))
    assert isinstance(replacement, cst.Module)
    return replacement


def _swap(body: Sequence[cst.CSTNode], old: cst.CSTNode, new: cst.CSTNode) -> list[Any]:
    return [new if node is old else node for node in body]
