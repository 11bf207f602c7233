"""What a module offers the modules that import it, read with `ast` instead of libcst.

Following `from app.tools import search` through re-exports to the `def` only
needs, of each module on the way, its import statements and the names it
defines at top level. libcst takes about ten times as long as `ast` to parse a
file, and on a connected tree most modules a lookup passes through are never
analysed: lookups read these summaries, and a module is parsed with libcst only
when its code is needed (`Project.lookup`). The facts are those
`ModuleInfo.build` collects from libcst; `exports_of_module` gives them for a
module already parsed, and the tests hold the two readings equal.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from typing import cast

import libcst as cst

from boundlint.parse.positions import walk
from boundlint.project.module import BUILTIN_NAMES, ModuleInfo, RelativeResolver, dotted, import_binding


@dataclass(frozen=True)
class ExportedClass:
    methods: frozenset[str]  # the methods defined in its body
    bases: tuple[str | None, ...]  # each base as written (`tools.BaseTool`; `Base[T]` as `Base`), None: not a name
    attributes: frozenset[str] = frozenset()  # names its body assigns or annotates (`name: str`, `parameters = {}`)
    # The methods it leaves for subclasses to write: `@abstractmethod`, or a body of only a
    # docstring, `pass`, `...` or `raise NotImplementedError`
    stubs: frozenset[str] = frozenset()
    # The methods its code reaches by a name it writes: `getattr(self, "apply")`. Read only of a
    # class named for a tool, the one kind `fw.in_house_entry` asks it of (a walk of every class
    # body of every module summarised cost as much as the rest of the summary).
    reached: frozenset[str] = frozenset()


@dataclass(frozen=True)
class ModuleExports:
    name: str
    imports: dict[str, str]  # local name -> dotted name it was imported as (imports anywhere in the module)
    star_imports: tuple[str, ...]
    functions: frozenset[str]
    classes: dict[str, ExportedClass]  # top-level classes
    # Top-level assigned name -> the dotted name its last value is, when that value is a name
    # (`tool = lc_tool`), else None.
    aliases: dict[str, str | None]

    def defines(self, name: str) -> bool:
        return name in self.functions or name in self.classes or name in self.aliases

    def qualify(self, name: str) -> str | None:
        """`ModuleInfo.qualify` of the dotted name `name` as written in this module."""
        head, dot, rest = name.partition(".")
        if head in self.imports:
            base = self.imports[head]
        elif self.defines(head):
            base = f"{self.name}.{head}"
        elif head in BUILTIN_NAMES:
            base = f"builtins.{head}"
        else:
            return None
        return f"{base}{dot}{rest}"


def exports_of_module(module: ModuleInfo) -> ModuleExports:
    """The exports of a module parsed with libcst."""
    aliases = {}
    for name, values in module.assignments.items():
        value = values[-1]
        aliases[name] = module.qualify(value) if isinstance(value, (cst.Name, cst.Attribute)) else None
    return ModuleExports(
        module.name,
        dict(module.imports),
        tuple(module.star_imports),
        frozenset(module.functions),
        {name: _cst_class(cls) for name, cls in module.classes.items()},
        aliases,
    )


def exports_of_syntax(tree: ast.Module, name: str, resolve_relative: RelativeResolver) -> ModuleExports:
    """The exports of a module from `ast`'s tree: what `exports_of_module` gives for its libcst tree."""
    imports: dict[str, str] = {}
    stars: list[str] = []
    imported: set[str] = set()  # names an import outside an `except` binds
    for node, fallback in _imports_in_order(tree):
        bind = imports.setdefault if fallback else import_binding(imports, imported)  # (as `ModuleInfo` reads them)
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname is not None:
                    bind(alias.asname, alias.name)
                else:
                    root = alias.name.split(".", 1)[0]
                    imports.setdefault(root, root)
            continue
        base = resolve_relative(node.level, node.module or "") if node.level else (node.module or "")
        if base is None:
            continue
        if any(alias.name == "*" for alias in node.names):
            stars.append(base)
            continue
        for alias in node.names:
            bind(alias.asname or alias.name, f"{base}.{alias.name}" if base else alias.name)
    functions: set[str] = set()
    classes: dict[str, ExportedClass] = {}
    values: dict[str, ast.expr] = {}
    fallbacks: set[int] | None = None  # read only for a def whose name an import binds: most have none
    for statement in _scope_statements(tree.body):
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and statement.name in imported:
            fallbacks = _handler_statements(tree.body, False) if fallbacks is None else fallbacks
            if id(statement) in fallbacks:
                continue  # the fallback of `try: from crewai.tools import BaseTool`: the name is the library's
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.add(statement.name)
        elif isinstance(statement, ast.ClassDef):
            defs = (ast.FunctionDef, ast.AsyncFunctionDef)
            methods = [item for item in statement.body if isinstance(item, defs)]
            bases = (_dotted(_unwrapped(base)) for base in statement.bases)
            classes[statement.name] = ExportedClass(
                frozenset(method.name for method in methods),
                tuple(bases),
                class_attributes(statement),
                frozenset(method.name for method in methods if is_stub(method)),
                reached_by_name(statement),
            )
        elif isinstance(statement, ast.Assign):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    values[target.id] = statement.value
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            if isinstance(statement.target, ast.Name):
                values[statement.target.id] = statement.value
    # Every name defined first: a value may name one assigned further down.
    exports = ModuleExports(name, imports, tuple(stars), frozenset(functions), classes, dict.fromkeys(values))
    for local, value in values.items():
        written = _dotted(value)
        exports.aliases[local] = exports.qualify(written) if written is not None else None
    return exports


def _cst_class(cls: cst.ClassDef) -> ExportedClass:
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else []
    defs = [statement for statement in body if isinstance(statement, cst.FunctionDef)]
    methods = frozenset(statement.name.value for statement in defs)
    stubs = frozenset(statement.name.value for statement in defs if _is_cst_stub(statement))
    attributes: set[str] = set()
    for statement in body:
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.Assign):
                attributes.update(t.target.value for t in small.targets if isinstance(t.target, cst.Name))
            elif isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                attributes.add(small.target.value)
    reached = frozenset(
        str(node.args[1].value.evaluated_value)
        for node in (walk(cls.body) if _named_for_a_tool(cls.name.value) else ())
        if isinstance(node, cst.Call)
        and isinstance(node.func, cst.Name)
        and node.func.value == "getattr"
        and len(node.args) >= 2
        and isinstance(node.args[0].value, cst.Name)
        and node.args[0].value.value == "self"
        and isinstance(node.args[1].value, cst.SimpleString)
    )
    bases = tuple(written_base(base.value) for base in cls.bases)
    return ExportedClass(methods, bases, frozenset(attributes), stubs, reached)


def reached_by_name(cls: ast.ClassDef) -> frozenset[str]:
    """The names a class's code reads from `self` by `getattr(self, "apply")` (see `ExportedClass.reached`)."""
    return frozenset(
        node.args[1].value
        for node in (ast.walk(cls) if _named_for_a_tool(cls.name) else ())
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and len(node.args) >= 2
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id == "self"
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
    )


def _named_for_a_tool(name: str) -> bool:
    """`Tool`, `BaseTool`, `ToolBase`: a wider test than `fw.in_house_entry`'s, made on the name alone."""
    return "tool" in name.lower()


def is_stub(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A method left for subclasses to write (see `ExportedClass.stubs`)."""
    if any(_dotted(decorator) in ("abstractmethod", "abc.abstractmethod") for decorator in function.decorator_list):
        return True
    return all(_declares_nothing(statement) for statement in function.body)


def _declares_nothing(statement: ast.stmt) -> bool:
    if isinstance(statement, ast.Pass):
        return True
    if isinstance(statement, ast.Expr):
        return isinstance(statement.value, ast.Constant) and isinstance(statement.value.value, (str, type(...)))
    if isinstance(statement, ast.Raise) and statement.exc is not None:
        raised = statement.exc.func if isinstance(statement.exc, ast.Call) else statement.exc
        return _dotted(raised) == "NotImplementedError"
    return False


def _is_cst_stub(function: cst.FunctionDef) -> bool:
    """`is_stub` on libcst's reading."""
    if any(
        dotted(decorator.decorator) in ("abstractmethod", "abc.abstractmethod") for decorator in function.decorators
    ):
        return True
    smalls: list[cst.CSTNode] = []
    if isinstance(function.body, cst.SimpleStatementSuite):  # `def run(self): ...`
        smalls.extend(function.body.body)
    else:
        for line in function.body.body:
            if not isinstance(line, cst.SimpleStatementLine):
                return False
            smalls.extend(line.body)
    return all(_cst_declares_nothing(small) for small in smalls)


def _cst_declares_nothing(small: cst.CSTNode) -> bool:
    if isinstance(small, cst.Pass):
        return True
    if isinstance(small, cst.Expr):
        return isinstance(small.value, (cst.SimpleString, cst.ConcatenatedString, cst.Ellipsis))
    if isinstance(small, cst.Raise) and small.exc is not None:
        raised = small.exc.func if isinstance(small.exc, cst.Call) else small.exc
        return dotted(raised) == "NotImplementedError"
    return False


def class_attributes(cls: ast.ClassDef) -> frozenset[str]:
    """The names a class body assigns or annotates at its own level."""
    names: set[str] = set()
    for statement in cls.body:
        if isinstance(statement, ast.Assign):
            names.update(t.id for t in statement.targets if isinstance(t, ast.Name))
        elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            names.add(statement.target.id)
    return frozenset(names)


def written_base(base: cst.BaseExpression) -> str | None:
    """A class's base as written, without its type arguments (`BaseTool[Args]` is `BaseTool`)."""
    return dotted(base.value if isinstance(base, cst.Subscript) else base)


def _unwrapped(base: ast.expr) -> ast.expr:
    """As libcst gives a base: `*bases` as `bases`, and `Base[T]` as `Base`."""
    base = base.value if isinstance(base, ast.Starred) else base
    return base.value if isinstance(base, ast.Subscript) else base


def _dotted(expr: ast.expr) -> str | None:
    """`a.b.c` as a string, for Name/Attribute chains only (as `module.dotted` on libcst)."""
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Constant) and (expr.value is None or isinstance(expr.value, bool)):
        return repr(expr.value)  # libcst reads `True`, `False` and `None` as names
    if isinstance(expr, ast.Attribute):
        base = _dotted(expr.value)
        return f"{base}.{expr.attr}" if base else None
    return None


def _imports_in_order(tree: ast.Module) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement, in the order of the source (a later one rebinds the name), and
    whether it is in an `except` (a fallback, which does not)."""
    stack: list[tuple[ast.AST, bool]] = [(tree, False)]
    while stack:
        node, in_handler = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, in_handler
            continue
        if isinstance(node, ast.expr):
            continue  # imports are statements
        inside = in_handler or isinstance(node, ast.ExceptHandler)
        stack.extend((child, inside) for child in reversed(list(ast.iter_child_nodes(node))))


def _handler_statements(body: list[ast.stmt], in_handler: bool) -> set[int]:
    """The ids of the statements at this scope level inside an `except` block (`module.handler_statements`)."""
    found: set[int] = set()
    for statement in body:
        if in_handler:
            found.add(id(statement))
        handlers = getattr(statement, "handlers", ())  # `try`, and `try` with `except*` (3.11)
        handler_bodies = {id(handler.body) for handler in handlers}
        for block in _blocks(statement):
            found |= _handler_statements(block, in_handler or id(block) in handler_bodies)
    return found


def _scope_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Statements at one scope level, looking through if/try/with/for/while blocks
    (`module.scope_statements`)."""
    for statement in body:
        yield statement
        for block in _blocks(statement):
            yield from _scope_statements(block)


def _blocks(statement: ast.stmt) -> list[list[ast.stmt]]:
    if isinstance(statement, (ast.If, ast.For, ast.AsyncFor, ast.While)):
        return [statement.body, statement.orelse]
    if isinstance(statement, (ast.With, ast.AsyncWith)):
        return [statement.body]
    if isinstance(statement, ast.Try) or type(statement).__name__ == "TryStar":  # `except*`: 3.11
        block = cast(ast.Try, statement)
        return [block.body, *(handler.body for handler in block.handlers), block.orelse, block.finalbody]
    return []
