"""Line and column of libcst nodes, without libcst's PositionProvider.

PositionProvider regenerates the whole module's code while recording every
node's position; on a large file it costs several times the parse itself, and
we only need positions of the few nodes a finding names. CPython's `ast` has
exact positions for every statement and parses ten times faster, so we pair
libcst statements with `ast` statements (both keep source order) and, for an
expression, find its code inside its statement's text.

If `ast` cannot parse the module (syntax newer than the running interpreter),
PositionProvider is the fallback.
"""

from __future__ import annotations

import ast
import bisect
import dataclasses
import io
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, cast

import libcst as cst
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

from boundlint.parse.source import python_ast
from boundlint.parse.text import line_starts

_SMALL_CONTAINERS = (cst.SimpleStatementLine, cst.SimpleStatementSuite)
COMPOUND_STATEMENTS = (
    cst.FunctionDef,
    cst.ClassDef,
    cst.If,
    cst.For,
    cst.While,
    cst.Try,
    cst.TryStar,
    cst.With,
    cst.Match,
)
_FIELDS: dict[type, tuple[str, ...]] = {}


@dataclass(frozen=True)
class Point:
    line: int
    column: int


@dataclass(frozen=True)
class Span:
    start_line: int
    start_column: int  # 0-based, in characters
    end_line: int
    end_column: int

    # The shape of libcst's CodeRange, for code written against it.
    @property
    def start(self) -> Point:
        return Point(self.start_line, self.start_column)

    @property
    def end(self) -> Point:
        return Point(self.end_line, self.end_column)


def child_nodes(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """A node's children that can hold code, read straight from its fields.

    Far cheaper than `.children`: whitespace, comments, brackets, commas and
    operator tokens (most of a libcst tree) are never visited.
    """
    names = _FIELDS.get(type(node))
    if names is None:
        names = _FIELDS[type(node)] = _code_fields(type(node))
    for name in names:
        value = getattr(node, name)
        if _NODE_TYPES.get(type(value)) or (type(value) not in _NODE_TYPES and _remember_type(value)):
            yield value
        elif isinstance(value, (list, tuple)):
            for item in value:
                if _NODE_TYPES.get(type(item)) or (type(item) not in _NODE_TYPES and _remember_type(item)):
                    yield item


# Whether each class met is a libcst node. `CSTNode` is an abstract base class: `isinstance` on it
# runs Python code in `abc` for every call, and the walks here ask it for every field of every node.
_NODE_TYPES: dict[type, bool] = {}


def _remember_type(value: object) -> bool:
    found = _NODE_TYPES[type(value)] = isinstance(value, cst.CSTNode)
    return found


# Node classes that never hold code: whitespace, comments, brackets and tokens.
_TRIVIA_MODULES = ("libcst._nodes.whitespace", "libcst._nodes.op")
_TRIVIA_NAMES = frozenset(
    {
        "LeftParen",
        "RightParen",
        "LeftCurlyBrace",
        "RightCurlyBrace",
        "LeftSquareBracket",
        "RightSquareBracket",
        "Asynchronous",
        "MaybeSentinel",
    }
)
_NODE_NAME = re.compile(r"libcst\._\w+(?:\.\w+)*\.(\w+)|ForwardRef\('(\w+)'\)")


def _code_fields(kind: type) -> tuple[str, ...]:
    """The fields of a node class whose declared type names anything but trivia."""
    names = []
    for item in dataclasses.fields(kind):
        mentioned = [a or b for a, b in _NODE_NAME.findall(str(item.type))]
        if any(not _is_trivia(name) for name in mentioned):
            names.append(item.name)
    return tuple(names)


def _is_trivia(name: str) -> bool:
    if name in _TRIVIA_NAMES:
        return True
    found = getattr(cst, name, None)
    return isinstance(found, type) and found.__module__.startswith(_TRIVIA_MODULES)


def walk(root: cst.CSTNode) -> Iterator[cst.CSTNode]:
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        children = list(child_nodes(node))
        children.reverse()
        stack.extend(children)


def own_returns(function: cst.FunctionDef) -> list[cst.Return]:
    """The `return` statements of `function` itself, not of the functions and classes it defines."""
    found: list[cst.Return] = []
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        kind = type(node)  # exact classes: `isinstance` on libcst's classes runs `abc`'s Python code
        if kind is cst.Return:
            found.append(cast(cst.Return, node))
            continue
        holds = _HOLDS_OWN_RETURNS.get(kind)
        if holds is None:
            holds = _HOLDS_OWN_RETURNS[kind] = not issubclass(
                kind, (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.BaseExpression)
            )
        if holds:
            stack.extend(child_nodes(node))
    return found


# Whether each node class met may hold a `return` of the function around it: not a nested
# function or class, nor an expression.
_HOLDS_OWN_RETURNS: dict[type, bool] = {}


def names_in(root: cst.CSTNode) -> set[str]:
    """The plain names in `root` (the names an assignment target binds, for a target)."""
    return {node.value for node in walk(root) if isinstance(node, cst.Name)}


class Positions:
    def __init__(self, text: str, tree: cst.Module, syntax: ast.Module | None = None) -> None:
        self.text = text
        self.tree = tree
        # Python's own line breaks only (\n, \r\n, \r): not the form feeds and
        # Unicode separators that str.splitlines also splits on.
        self._lines = io.StringIO(text, newline="").readlines()
        self._statements: dict[int, ast.stmt] = {}
        self._owner: dict[int, cst.CSTNode] = {}
        self._fallback: dict[cst.CSTNode, CodeRange] | None = None
        try:
            module = syntax if syntax is not None else python_ast(text)
            self._pair(tree.body, module.body)
        except (SyntaxError, ValueError, RecursionError, MemoryError, _Mismatch):
            self._use_fallback()
            return
        self._map_owners()

    # -- building -----------------------------------------------------------

    def _use_fallback(self) -> None:
        wrapper = MetadataWrapper(self.tree, unsafe_skip_copy=True)
        self._fallback = dict(wrapper.resolve(PositionProvider))

    def _pair(self, statements: Sequence[cst.CSTNode], nodes: list[ast.stmt]) -> None:
        flat = list(_flatten(statements))
        if len(flat) != len(nodes):
            raise _Mismatch
        for statement, node in zip(flat, nodes, strict=False):
            self._statements[id(statement)] = node
            for inner, inner_nodes in _bodies(statement, node):
                self._pair(inner, inner_nodes)

    def _map_owners(self) -> None:
        """Each node's innermost statement (small, or a compound one's header)."""
        stack: list[tuple[cst.CSTNode, cst.CSTNode | None]] = [(self.tree, None)]
        while stack:
            node, owner = stack.pop()
            if id(node) in self._statements:
                owner = node
            if owner is not None:
                self._owner[id(node)] = owner
            for child in child_nodes(node):
                stack.append((child, owner))

    # -- answering ----------------------------------------------------------

    def span(self, node: cst.CSTNode) -> Span:
        if self._fallback is not None:
            found = self._fallback[node]
            return Span(found.start.line, found.start.column, found.end.line, found.end.column)
        statement = self._statements.get(id(node))
        if statement is not None:
            return self._statement_span(statement)
        owner = self._owner.get(id(node))
        if owner is None:
            return Span(1, 0, 1, 0)
        statement = self._statements[id(owner)]
        within = self._statement_span(statement)
        decorators = getattr(statement, "decorator_list", None)
        if decorators and _inside_decorators(owner, node):
            # ast starts a decorated def at `def`; its decorators come before.
            first = decorators[0]
            within = Span(first.lineno, 0, within.end_line, within.end_column)
        return self._expression_span(node, within)

    def statement_starts(self) -> list[int] | None:
        """Where the text libcst gives each top-level statement starts: at the line `ast` starts it
        on (a decorated one's first decorator), less its leading blank lines and comments, one line
        each. None when the positions come from libcst's fallback, or a start is out of the text."""
        if self._fallback is not None:
            return None
        starts = []
        for statement in self.tree.body:
            first = statement.body[0] if isinstance(statement, _SMALL_CONTAINERS) else statement
            node = self._statements[id(first)]
            decorators = getattr(node, "decorator_list", None)
            line = (decorators[0].lineno if decorators else node.lineno) - len(statement.leading_lines)
            if not 0 < line <= len(self._line_starts):
                return None
            starts.append(self._line_starts[line - 1])
        return starts

    def _statement_span(self, node: ast.stmt) -> Span:
        end_line = node.end_lineno or node.lineno
        return Span(
            node.lineno,
            self._column(node.lineno, node.col_offset),
            end_line,
            self._column(end_line, node.end_col_offset or 0),
        )

    def _column(self, line: int, byte_offset: int) -> int:
        """ast counts columns in UTF-8 bytes; editors (and libcst) in characters."""
        text = self._lines[line - 1] if 0 < line <= len(self._lines) else ""
        if text.isascii():
            return byte_offset
        return len(text.encode("utf-8")[:byte_offset].decode("utf-8", errors="ignore"))

    def _expression_span(self, node: cst.CSTNode, within: Span) -> Span:
        if getattr(node, "lpar", None):
            node = node.with_changes(lpar=[], rpar=[])  # positions point inside parentheses
        code = self.tree.code_for_node(node).strip()
        start = self._offset(within.start_line, within.start_column)
        end = self._offset(within.end_line, within.end_column)
        index = self.text.find(code, start, max(end, start + len(code))) if code else -1
        if index >= 0:
            return Span(*self._line_column(index), *self._line_column(index + len(code)))
        if "\n" in code:
            # A multi-line expression in an indented block: libcst renders its continuation
            # lines without the block's indentation, so match them at any indentation.
            lines = code.split("\n")
            pattern = r"\n[ \t]*".join(re.escape(line.lstrip(" \t")) for line in lines)
            found = re.compile(pattern).search(self.text, start, max(end, start + len(code)))
            if found is not None:
                return Span(*self._line_column(found.start()), *self._line_column(found.end()))
        return within

    def _offset(self, line: int, column: int) -> int:
        starts = self._line_starts
        return (starts[line - 1] if 0 < line <= len(starts) else len(self.text)) + column

    def _line_column(self, offset: int) -> tuple[int, int]:
        index = bisect.bisect_right(self._line_starts, offset) - 1
        return index + 1, offset - self._line_starts[index]

    @cached_property
    def _line_starts(self) -> tuple[int, ...]:
        """Offset of each line's first character."""
        return line_starts(self.text)


def _inside_decorators(owner: cst.CSTNode, node: cst.CSTNode) -> bool:
    for decorator in getattr(owner, "decorators", ()):
        if any(inner is node for inner in walk(decorator)):
            return True
    return False


class _Mismatch(Exception):
    """The two trees disagree; positions fall back to PositionProvider."""


def _flatten(statements: Sequence[cst.CSTNode]) -> Iterator[cst.CSTNode]:
    for statement in statements:
        if isinstance(statement, _SMALL_CONTAINERS):
            yield from statement.body
        else:
            yield statement


def _suite(body: cst.BaseSuite) -> list[cst.CSTNode]:
    return list(body.body)


def _bodies(statement: cst.CSTNode, node: ast.stmt) -> Iterator[tuple[list[cst.CSTNode], list[ast.stmt]]]:
    """Pairs of (libcst statements, ast statements) for each nested block."""
    kind = type(statement)  # exact types: `isinstance` on libcst's classes runs `abc`'s Python code
    block: Any = statement  # the kind, tested exactly, says which fields it has
    syntax: Any = node
    if kind is cst.FunctionDef or kind is cst.ClassDef or kind is cst.With:
        yield _suite(block.body), syntax.body
    elif kind is cst.If:
        yield _suite(block.body), syntax.body
        orelse = block.orelse
        if isinstance(orelse, cst.If):
            yield [orelse], syntax.orelse
        elif orelse is not None:
            yield _suite(orelse.body), syntax.orelse
    elif kind is cst.For or kind is cst.While:
        yield _suite(block.body), syntax.body
        if block.orelse is not None:
            yield _suite(block.orelse.body), syntax.orelse
    elif kind is cst.Try or kind is cst.TryStar:
        yield _suite(block.body), syntax.body
        for handler, ast_handler in zip(block.handlers, syntax.handlers, strict=False):
            yield _suite(handler.body), ast_handler.body
        if block.orelse is not None:
            yield _suite(block.orelse.body), syntax.orelse
        if block.finalbody is not None:
            yield _suite(block.finalbody.body), syntax.finalbody
    elif kind is cst.Match:
        for case, ast_case in zip(block.cases, syntax.cases, strict=False):
            yield _suite(case.body), ast_case.body
