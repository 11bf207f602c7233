"""Tools a low-level server's dispatcher hands on to a handler class of the tree.

A common shape of MCP servers written on the low-level `Server`:

    class ToolHandler:                      # the tree's own base
        def run_tool(self, args): ...

    class GetFileContents(ToolHandler):     # one subclass per tool
        def run_tool(self, args): return [TextContent(type="text", text=read(...))]

    def get_tool_handler(name) -> ToolHandler | None: ...

    @app.call_tool()
    async def call_tool(name, arguments):
        tool_handler = get_tool_handler(name)
        return tool_handler.run_tool(arguments)

What the model receives is what each subclass's `run_tool` returns: those are the
tools (each checked, and fixed, where its text is made), and the dispatcher's
`return` is theirs. The handler's class is read from what the code declares (the
return annotation of the function or method that hands it out, or the
variable's annotation), never guessed from names.

The other common shape keeps one instance of each handler in a module-level table:

    TOOLS = {"chat": ChatTool(), "review": ReviewTool()}

    @server.call_tool()
    async def call_tool(name, arguments):
        tool = TOOLS[name]                  # or `TOOLS.get(name)`
        return await tool.execute(arguments)

There the tools are the `execute` each of those classes has, its own or inherited
from a base of the tree (one inherited method is one tool, however many classes share it).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from boundlint.parse.positions import own_returns, walk
from boundlint.project.exports import ExportedClass
from boundlint.project.lookup import Located, Project, class_methods
from boundlint.project.module import ModuleInfo

MAX_BASE_DEPTH = 4  # `class Search(ReadOnlyHandler)`, `class ReadOnlyHandler(ToolHandler)`


@dataclass(frozen=True)
class HandedOn:
    """A dispatcher's `return handler.method(...)` and the methods it reaches."""

    returned: cst.Return
    label: str  # `ToolHandler.run_tool`
    methods: list[tuple[ModuleInfo, cst.FunctionDef]]


def handed_on(project: Project, module: ModuleInfo, dispatcher: cst.FunctionDef) -> list[HandedOn]:
    """Each `return` of `dispatcher` that calls a method of a handler whose declared class is one
    of the tree's, with the methods of that class's subclasses that define it."""
    found: list[HandedOn] = []
    for returned in own_returns(dispatcher):
        call = _method_call(returned.value)
        if call is None:
            continue
        assert isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name)
        base = _declared_class(project, module, dispatcher, call.func.value.value)
        method = call.func.attr.value
        table = _table_classes(project, module, dispatcher, call.func.value.value) if base is None else None
        if table is not None:
            label, classes = table
            methods = _unique([_method_of(project, *made, method, 0) for made in classes])
            if methods:
                found.append(HandedOn(returned, f"{label}.{method}", methods))
        if base is None:
            continue
        methods = _overriding(project, base, method)
        if methods:
            found.append(HandedOn(returned, f"{base.name}.{method}", methods))
    return found


def _table_classes(
    project: Project, module: ModuleInfo, function: cst.FunctionDef, name: str
) -> tuple[str, list[tuple[ModuleInfo, cst.ClassDef]]] | None:
    """`tool = TOOLS[name]` or `TOOLS.get(name)` (bound once in the dispatcher) of a module-level
    `TOOLS = {"chat": ChatTool(), ...}`: its label (`TOOLS[...]`) and the classes of the tree its
    values are instances of. A table also passed through a filter (`TOOLS = enabled(TOOLS)`)
    keeps its entries; one assigned anything else is not read."""
    bindings = [node for node in walk(function.body) if _binds(node, name)]
    if len(bindings) != 1 or not isinstance(bindings[0], cst.Assign):
        return None
    table = _table_read(bindings[0].value)
    if table is None:
        return None
    located = project.resolve(module, table, kinds=("assign",))
    if located is None:
        return None
    values = located.module.assignments.get(table.value, [])
    tables = [value for value in values if isinstance(value, cst.Dict)]
    filtered = all(isinstance(value, cst.Dict) or _passes_on(value, table.value) for value in values)
    if len(tables) != 1 or not filtered:
        return None
    classes = []
    for entry in tables[0].elements:
        made = entry.value if isinstance(entry, cst.DictElement) else None
        found = project.resolve_class(located.module, made.func) if isinstance(made, cst.Call) else None
        if found is not None:
            classes.append(found)
    return (f"{table.value}[...]", classes) if classes else None


def _table_read(value: cst.BaseExpression) -> cst.Name | None:
    """`TOOLS[name]` or `TOOLS.get(name)`: the table's name."""
    if isinstance(value, cst.Subscript) and isinstance(value.value, cst.Name):
        return value.value
    func = value.func if isinstance(value, cst.Call) else None
    if isinstance(func, cst.Attribute) and func.attr.value == "get" and isinstance(func.value, cst.Name):
        return func.value
    return None


def _passes_on(value: cst.BaseExpression, name: str) -> bool:
    """`filter_disabled(TOOLS)`: a call handed the table itself, which keeps (some of) its entries."""
    return isinstance(value, cst.Call) and any(
        isinstance(arg.value, cst.Name) and arg.value.value == name for arg in value.args
    )


def _method_of(
    project: Project, module: ModuleInfo, cls: cst.ClassDef, method: str, depth: int
) -> tuple[ModuleInfo, cst.FunctionDef] | None:
    """`method` as `cls` has it: its own, or the first of its bases of the tree that defines it."""
    own = class_methods(cls).get(method)
    if own is not None:
        return module, own
    if depth >= MAX_BASE_DEPTH:
        return None
    for base in cls.bases:
        found = project.resolve_class(module, base.value)
        inherited = _method_of(project, *found, method, depth + 1) if found is not None else None
        if inherited is not None:
            return inherited
    return None


def _unique(
    methods: list[tuple[ModuleInfo, cst.FunctionDef] | None],
) -> list[tuple[ModuleInfo, cst.FunctionDef]]:
    """Each method once (classes that inherit one `execute` share that tool)."""
    unique: dict[int, tuple[ModuleInfo, cst.FunctionDef]] = {}
    for found in methods:
        if found is not None:
            unique.setdefault(id(found[1]), found)
    return list(unique.values())


def _method_call(value: cst.BaseExpression | None) -> cst.Call | None:
    """`handler.run(args)` or `await handler.run(args)`."""
    if isinstance(value, cst.Await):
        value = value.expression
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and isinstance(value.func.value, cst.Name):
        return value
    return None


def _declared_class(project: Project, module: ModuleInfo, function: cst.FunctionDef, name: str) -> Located | None:
    """The class of the tree `name` is declared as where the dispatcher binds it, once: by its own
    annotation (`handler: ToolHandler = ...`), or by the return annotation of the function or
    method that hands it out (`get_tool_handler(name) -> ToolHandler | None`,
    `context.tool(name) -> Tool | None` of a module-level `context = ServerContext()`)."""
    bindings = [node for node in walk(function.body) if _binds(node, name)]
    if len(bindings) != 1:
        return None
    binding = bindings[0]
    if isinstance(binding, cst.AnnAssign):
        return _annotated_class(project, module, binding.annotation.annotation)
    assert isinstance(binding, (cst.Assign, cst.NamedExpr))
    value = binding.value
    if not isinstance(value, cst.Call):
        return None
    returned = _callee_annotation(project, module, value.func)
    return _annotated_class(project, *returned) if returned is not None else None


def _binds(node: cst.CSTNode, name: str) -> bool:
    if isinstance(node, cst.Assign):
        return any(isinstance(t.target, cst.Name) and t.target.value == name for t in node.targets)
    if isinstance(node, (cst.AnnAssign, cst.NamedExpr)):
        return isinstance(node.target, cst.Name) and node.target.value == name and node.value is not None
    return False


def _callee_annotation(
    project: Project, module: ModuleInfo, func: cst.BaseExpression
) -> tuple[ModuleInfo, cst.BaseExpression] | None:
    """The return annotation of the function `func` names, with the module it is written in."""
    entity = project.resolve(module, func, kinds=("function",))
    if entity is None and isinstance(func, cst.Attribute):
        owner = project.resolve(module, func.value, kinds=("assign",))  # a module-level instance
        if owner is not None and isinstance(owner.node, cst.Call):
            made = project.resolve_class(owner.module, owner.node.func)
            method = class_methods(made[1]).get(func.attr.value) if made is not None else None
            if made is not None and method is not None and method.returns is not None:
                return made[0], method.returns.annotation
        return None
    node = entity.node if entity is not None else None
    if entity is None or not isinstance(node, cst.FunctionDef) or node.returns is None:
        return None
    return entity.module, node.returns.annotation


def _annotated_class(project: Project, module: ModuleInfo, annotation: cst.BaseExpression) -> Located | None:
    found = project.annotated_class(module, annotation)
    return Located(found[0].path, "class", found[1].name.value) if found is not None else None


def _overriding(project: Project, base: Located, method: str) -> list[tuple[ModuleInfo, cst.FunctionDef]]:
    """`method` of each class of the base's package that derives from it and defines it."""
    package = project.module_name_of(base.path).split(".")[0]
    found: list[tuple[ModuleInfo, cst.FunctionDef]] = []
    for path in project.paths_in_package(package):
        exports = project.exports(path)
        if exports is None:
            continue
        for name, cls in exports.classes.items():
            if method not in cls.methods or (path, name) == (base.path, base.name):
                continue
            if not _derives(project, path, cls, base, depth=0):
                continue
            module = project.load(path)
            node = module.classes.get(name) if module is not None else None
            defined = class_methods(node).get(method) if node is not None else None
            if module is not None and defined is not None:
                found.append((module, defined))
    return found


def _derives(project: Project, path: Path, cls: ExportedClass, base: Located, depth: int) -> bool:
    if depth >= MAX_BASE_DEPTH:
        return False
    for written in cls.bases:
        located = project.locate_written(path, written) if written is not None else None
        if located is None or located.kind != "class":
            continue
        if (located.path, located.name) == (base.path, base.name):
            return True
        exports = project.exports(located.path)
        above = exports.classes.get(located.name) if exports is not None else None
        if above is not None and _derives(project, located.path, above, base, depth + 1):
            return True
    return False
