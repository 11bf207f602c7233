"""One parsed module: its imports, its top-level names, and name resolution.

`ModuleInfo.qualify(expr)` turns `tool`, `lc.tool` or `agents.function_tool`
into the dotted name the import statements say it is, without importing
anything. Names defined in the module itself qualify as `<module>.<name>`.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path, PurePath
from typing import cast

import libcst as cst

from boundlint.discover.files import is_test_path
from boundlint.parse.positions import Positions, Span, child_nodes
from boundlint.parse.source import SourceText, may_not_round_trip

BUILTIN_NAMES = frozenset(dir(builtins))

# Resolves a relative import: (level, dotted module or "") -> absolute dotted
# name, or None when it points outside the checked tree.
RelativeResolver = Callable[[int, str], "str | None"]


def all_params(function: cst.FunctionDef) -> list[cst.Param]:
    """A function's named parameters: positional-only, ordinary and keyword-only (not `*args`/`**kw`)."""
    params = function.params
    return [*params.posonly_params, *params.params, *params.kwonly_params]


def positional_parameters(function: cst.FunctionDef, skip_first: bool) -> list[str]:
    """The parameters a call's positional arguments fill, in order (without a method's `self`)."""
    names = [param.name.value for param in [*function.params.posonly_params, *function.params.params]]
    return names[1:] if skip_first and names and names[0] in ("self", "cls") else names


def arguments_by_name(function: cst.FunctionDef, call: cst.Call, skip_first: bool) -> dict[str, cst.BaseExpression]:
    """The argument `call` passes to each parameter of `function` it names or fills by position,
    up to the first `*args` or `**kwargs` (past it, positions are unknown)."""
    names = positional_parameters(function, skip_first)
    passed: dict[str, cst.BaseExpression] = {}
    for index, arg in enumerate(call.args):
        if arg.star:
            break
        if arg.keyword is not None:
            passed[arg.keyword.value] = arg.value
        elif index < len(names):
            passed[names[index]] = arg.value
    return passed


def positional_argument(call: cst.Call, index: int | None) -> cst.BaseExpression | None:
    """The `index`-th positional argument of `call` (not counting `*args`), if it has one."""
    if index is None:
        return None
    positional = [arg for arg in call.args if arg.keyword is None and not arg.star]
    return positional[index].value if index < len(positional) else None


def keyword_argument(call: cst.Call, name: str) -> cst.BaseExpression | None:
    """The value `call` passes as `name=`, if it does."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None


def string_literal(expr: cst.BaseExpression | None) -> str | None:
    """The text of a plain string literal (`"get_item"`); None for anything else, bytes included."""
    if isinstance(expr, cst.SimpleString):
        value = expr.evaluated_value
        return value if isinstance(value, str) else None
    return None


def last_name(expr: cst.BaseExpression | None) -> str:
    """`cursor` of `cursor` or `self.cursor`: the name a Name or an Attribute ends with; "" for
    any other expression."""
    if isinstance(expr, cst.Name):
        return expr.value
    return expr.attr.value if isinstance(expr, cst.Attribute) else ""


def dotted(expr: cst.BaseExpression) -> str | None:
    """`a.b.c` as a string, for Name/Attribute chains only."""
    if isinstance(expr, cst.Name):
        return expr.value
    if isinstance(expr, cst.Attribute):
        base = dotted(expr.value)
        return f"{base}.{expr.attr.value}" if base else None
    return None


def compound_bodies(statement: cst.CSTNode) -> Iterator[cst.BaseSuite]:
    """The blocks of an if/try/with/for/while that run at the same scope level."""
    if isinstance(statement, cst.If):
        yield statement.body
        if statement.orelse is not None:
            yield from (
                compound_bodies(statement.orelse) if isinstance(statement.orelse, cst.If) else [statement.orelse.body]
            )
    elif isinstance(statement, (cst.Try, cst.TryStar)):
        yield statement.body
        for handler in statement.handlers:
            yield handler.body
        if statement.orelse is not None:
            yield statement.orelse.body
        if statement.finalbody is not None:
            yield statement.finalbody.body
    elif isinstance(statement, (cst.With, cst.For, cst.While)):
        yield statement.body
        if not isinstance(statement, cst.With) and statement.orelse is not None:
            yield statement.orelse.body


def scope_statements(body: cst.BaseSuite | cst.Module) -> Iterator[cst.CSTNode]:
    """Statements at one scope level, looking through if/try/with blocks."""
    # Exact classes (a parse makes no subclasses): `isinstance` on libcst's classes runs `abc`'s code.
    kind = type(body)
    statements: Sequence[cst.CSTNode] = ()
    if kind is cst.Module or kind is cst.IndentedBlock or kind is cst.SimpleStatementSuite:
        statements = body.body
    for statement in statements:
        if type(statement) is cst.SimpleStatementLine:
            yield from statement.body
        else:
            yield statement
            for inner in compound_bodies(statement):
                yield from scope_statements(inner)


def handler_statements(tree: cst.Module) -> set[int]:
    """The ids of the module-level statements inside an `except` block (a fallback)."""
    found: set[int] = set()

    def visit(body: cst.BaseSuite | cst.Module, in_handler: bool) -> None:
        kind = type(body)
        statements = body.body if kind is cst.Module or kind is cst.IndentedBlock else ()
        for statement in statements:
            if in_handler:
                found.add(id(statement))
            if isinstance(statement, (cst.Try, cst.TryStar)):
                handlers = {id(handler.body) for handler in statement.handlers}
                for inner in compound_bodies(statement):
                    visit(inner, in_handler or id(inner) in handlers)
            elif type(statement) is not cst.SimpleStatementLine:
                for inner in compound_bodies(statement):
                    visit(inner, in_handler)

    visit(tree, False)
    return found


def import_binding(imports: dict[str, str], imported: set[str]) -> Callable[[str, str], object]:
    """Bind a name an import outside an `except` makes, and remember it (`imported`)."""

    def bind(local: str, target: str) -> None:
        imports[local] = target
        imported.add(local)

    return bind


# Folders of code people copy and run on its own (see `ModuleInfo.is_standalone`).
STANDALONE_FOLDERS = frozenset(
    {"examples", "example", "scripts", "samples", "sample", "notebooks", "demos", "demo", "cookbook", "cookbooks"}
)


@dataclass(eq=False)
class ModuleInfo:
    path: Path
    display: str
    name: str
    source: SourceText
    tree: cst.Module
    imports: dict[str, str] = field(default_factory=dict)
    star_imports: list[str] = field(default_factory=list)
    functions: dict[str, cst.FunctionDef] = field(default_factory=dict)
    classes: dict[str, cst.ClassDef] = field(default_factory=dict)
    assignments: dict[str, list[cst.BaseExpression]] = field(default_factory=dict)
    # `ast`'s tree of the same text, when the parse made one: positions reuse it.
    syntax: ast.Module | None = field(default=None, repr=False)
    _snippets: dict[tuple[cst.CSTNode, int], str] = field(default_factory=dict, repr=False)

    @cached_property
    def parsed_as_written(self) -> bool:
        """The tree's code is the file's text (see `parse.source.parse_both`: a form libcst lacks
        may be parsed respelled). Written out and compared only for a text with such a form: the
        whole module's code is what the fixer's layouts avoid generating."""
        text = self.source.text
        return not may_not_round_trip(text) or self.tree.code == text

    @classmethod
    def build(
        cls,
        path: Path,
        display: str,
        name: str,
        source: SourceText,
        tree: cst.Module,
        resolve_relative: RelativeResolver,
        syntax: ast.Module | None = None,
    ) -> ModuleInfo:
        info = cls(path=path, display=display, name=name, source=source, tree=tree, syntax=syntax)
        imported = info._collect_imports(resolve_relative)
        info._collect_top_level(imported)
        return info

    @property
    def is_test(self) -> bool:
        return is_test_path(self.path)

    @property
    def is_standalone(self) -> bool:
        """In `examples/`, `scripts/`, `notebooks/`, `demos/`, `cookbook/` (by its path in the run):
        code people copy and run on its own, not part of what the project installs."""
        return any(folder.lower() in STANDALONE_FOLDERS for folder in PurePath(self.display).parts[:-1])

    # -- collection ---------------------------------------------------------

    def _collect_imports(self, resolve_relative: RelativeResolver) -> set[str]:
        # Imports anywhere in the module count, including inside functions:
        # a name imported locally is still what the code calls. An import in an `except`
        # is a fallback (`try: from pydantic_ai import Tool` / `except ImportError: from
        # other import Tool`): the name is what the `try` imports, when that is installed.
        imported: set[str] = set()  # names an import outside an `except` binds
        for node, fallback in _walk_imports(self.tree):
            bind = self.imports.setdefault if fallback else import_binding(self.imports, imported)
            if isinstance(node, cst.Import):
                for alias in node.names:
                    target = dotted(alias.name)
                    if target is None:
                        continue
                    if alias.asname is not None:
                        bind(_alias_name(alias), target)
                    else:
                        root = target.split(".", 1)[0]
                        self.imports.setdefault(root, root)
                continue
            module = dotted(node.module) if node.module is not None else ""
            level = len(node.relative)
            base = resolve_relative(level, module or "") if level else module
            if base is None:
                continue
            if isinstance(node.names, cst.ImportStar):
                self.star_imports.append(base)
                continue
            for alias in node.names:
                imported_name = dotted(alias.name)
                if imported_name is None:
                    continue
                local = _alias_name(alias) if alias.asname is not None else imported_name
                bind(local, f"{base}.{imported_name}" if base else imported_name)
        return imported

    def _collect_top_level(self, imported: set[str]) -> None:
        # `try: from crewai.tools import BaseTool` / `except ImportError: class BaseTool: ...`: the
        # name is the library's class, here and for every module that imports it from this one.
        fallbacks: set[int] | None = None  # read only for a def whose name an import binds: most have none
        for statement in scope_statements(self.tree):
            if isinstance(statement, (cst.FunctionDef, cst.ClassDef)) and statement.name.value in imported:
                fallbacks = handler_statements(self.tree) if fallbacks is None else fallbacks
                if id(statement) in fallbacks:
                    continue
            if isinstance(statement, cst.FunctionDef):
                self.functions[statement.name.value] = statement
            elif isinstance(statement, cst.ClassDef):
                self.classes[statement.name.value] = statement
            elif isinstance(statement, cst.Assign) and statement.value is not None:
                for target in statement.targets:
                    if isinstance(target.target, cst.Name):
                        self.assignments.setdefault(target.target.value, []).append(statement.value)
            elif isinstance(statement, cst.AnnAssign) and statement.value is not None:
                if isinstance(statement.target, cst.Name):
                    self.assignments.setdefault(statement.target.value, []).append(statement.value)

    # -- resolution ---------------------------------------------------------

    def defines(self, name: str) -> bool:
        return name in self.functions or name in self.classes or name in self.assignments

    def qualify(self, expr: cst.BaseExpression) -> str | None:
        """The dotted name `expr` refers to at module level, or None."""
        if type(expr) is cst.Name:  # exact classes: `isinstance` on libcst's classes runs `abc`'s code
            name = expr.value
            if name in self.imports:
                return self.imports[name]
            if self.defines(name):
                return f"{self.name}.{name}"
            if name in BUILTIN_NAMES:
                return f"builtins.{name}"
            return None
        if type(expr) is cst.Attribute:
            base = self.qualify(expr.value)
            return f"{base}.{expr.attr.value}" if base else None
        return None

    def imported_roots(self) -> set[str]:
        roots = {target.split(".", 1)[0] for target in self.imports.values()}
        roots.update(target.split(".", 1)[0] for target in self.star_imports)
        return roots

    # -- positions ----------------------------------------------------------

    @cached_property
    def _positions(self) -> Positions:
        # Built on first use only: most modules never report anything.
        syntax, self.syntax = self.syntax, None  # kept no longer than needed
        return Positions(self.source.text, self.tree, syntax)

    def position(self, node: cst.CSTNode) -> Span:
        return self._positions.span(node)

    def statement_starts(self) -> list[int] | None:
        """The offset of each top-level statement's text (None when `ast` could not say)."""
        return self._positions.statement_starts()

    def line_of(self, node: cst.CSTNode) -> int:
        return self._positions.span(node).start_line

    def code(self, node: cst.CSTNode) -> str:
        return self.tree.code_for_node(node)

    def snippet(self, node: cst.CSTNode, limit: int = 60) -> str:
        """`node`'s code on one line, cut to `limit` characters: what a message quotes. Kept, as
        every root whose tools reach this module asks again for the same nodes."""
        key = (node, limit)
        if key not in self._snippets:
            text = " ".join(self.code(node).split())
            self._snippets[key] = text if len(text) <= limit else text[: limit - 1] + "…"
        return self._snippets[key]


def _alias_name(alias: cst.ImportAlias) -> str:
    assert alias.asname is not None
    name = alias.asname.name
    return name.value if isinstance(name, cst.Name) else ""


def _walk_imports(tree: cst.Module) -> Iterator[tuple[cst.Import | cst.ImportFrom, bool]]:
    """Every import statement in the order of the source, and whether it is in an `except`."""
    stack: list[tuple[cst.CSTNode, bool]] = [(tree, False)]
    while stack:
        node, in_handler = stack.pop()
        kind = type(node)  # exact types: `isinstance` on libcst's classes runs `abc`'s Python code
        if kind is cst.Import or kind is cst.ImportFrom:
            yield cast("cst.Import | cst.ImportFrom", node), in_handler
            continue
        expression = _EXPRESSION_TYPES.get(kind)
        if expression is None:
            expression = _EXPRESSION_TYPES[kind] = issubclass(kind, cst.BaseExpression)
        if expression:
            continue  # imports are statements; no need to descend into expressions
        inside = in_handler or kind is cst.ExceptHandler or kind is cst.ExceptStarHandler
        stack.extend((child, inside) for child in reversed(list(child_nodes(node))))


_EXPRESSION_TYPES: dict[type, bool] = {}  # whether each node class met is an expression
