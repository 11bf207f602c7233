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

from boundlint.parse.positions import COMPOUND_STATEMENTS
from boundlint.parse.source import parse_both, python_ast
from boundlint.parse.text import common_ends, line_starts

Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
Chain = list[tuple[Definition, int]]  # definitions, outermost first, each by its place in its block

_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_COMPOUND_AST: tuple[type[ast.stmt], ...] = (*_DEFINITIONS, ast.If, ast.For, ast.AsyncFor, ast.While, ast.With)
_COMPOUND_AST += (ast.AsyncWith, ast.Try, ast.Match, *((ast.TryStar,) if hasattr(ast, "TryStar") else ()))


def parse_edited(
    text: str, syntax: ast.Module | None, previous: tuple[cst.Module, str]
) -> tuple[cst.Module, ast.Module | None]:
    """`parse_both(text, syntax)`, made from `previous` (the module's tree and text before an edit,
    an editor's buffer) when the edit is inside one function's body."""
    if syntax is None:
        try:
            syntax = python_ast(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return parse_both(text)  # which says what is wrong
    try:
        tree = reparse(previous[0], previous[1], text, syntax)
    except (RecursionError, MemoryError):
        tree = None
    return (tree, syntax) if tree is not None else parse_both(text, syntax)


def reparse(old_tree: cst.Module, old_text: str, new_text: str, new_syntax: ast.Module) -> cst.Module | None:
    """`new_text`'s libcst tree, made from `old_tree` (of `old_text`) by parsing again only the
    function whose body the edit is in; None when the edit is not of that kind."""
    if old_text == new_text:
        return old_tree
    if new_text.count("\r") != new_text.count("\r\n"):
        return None  # lone carriage returns (old Mac line ends) are left to the whole parse
    start, suffix = common_ends(old_text, new_text)  # the edit is new_text[start:new_end]
    new_end = len(new_text) - suffix
    lines = line_starts(new_text)
    first, last = _line_of(lines, start), _line_of(lines, max(new_end - 1, start))
    chain = _enclosing_definitions(new_syntax.body, first, last)
    if not chain or not isinstance(chain[-1][0], (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    function = chain[-1][0]
    if first < function.body[0].lineno:  # the decorators or the signature: parse it all
        return None
    slice_start = _start(lines, _first_line(function), new_text)
    slice_end = _start(lines, function.end_lineno + 1, new_text) if function.end_lineno else len(new_text)
    after = len(new_text) - slice_end  # the text after the function, the same in both versions
    if new_end > slice_end or after > suffix or not new_text.endswith("\n", 0, slice_end):
        return None  # the edit reaches past the function's last line, or it ends the file
    old_slice_end = len(old_text) - after
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


def _line_of(starts: tuple[int, ...], offset: int) -> int:
    return bisect.bisect_right(starts, offset)


def _start(starts: tuple[int, ...], line: int, text: str) -> int:
    return starts[line - 1] if line - 1 < len(starts) else len(text)


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
        compound = [node for node in body if isinstance(node, COMPOUND_STATEMENTS)]
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
    tree: cst.Module, text: str, lines: tuple[int, ...], chain: Chain, start: int, end: int
) -> cst.FunctionDef | None:
    """The function in `text[start:end]`, parsed under one header line per enclosing definition
    (at that definition's own indentation), as a whole parse would read it."""
    headers = []
    for statement, _ in chain[:-1]:
        line_start = _start(lines, statement.lineno, text)
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
