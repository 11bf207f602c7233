"""Who else in a tool's module calls the tool's function.

A fix that wraps a tool's `return` changes what every caller gets, not only
the framework. When the function calls itself (`paths.extend(self.list_paths(sub))`
in a recursive listing) or a helper of the module uses its result
(`transcript = self.audio2text(path)` in another tool's prompt), the cut
reaches them too: the fix is still offered, as an unsafe one that says so.
A caller that returns the call's result as it is (a dispatcher, `_arun`
returning `self._run(...)`) hands it on to the model: the cut is what it
would want. One that only prints it (a demo `main`) loses nothing either.
"""

from __future__ import annotations

import libcst as cst

from boundlint.analyse.sinks import is_log_call
from boundlint.parse.positions import child_nodes, walk
from boundlint.project.module import ModuleInfo
from boundlint.project.module_index import CallSite, FunctionSite, index_of


def callers_in_module(module: ModuleInfo, function: cst.FunctionDef) -> list[str]:
    """The qualified names of the functions of `module` that call `function` and use its result
    themselves (itself included, when recursive). Left out: callers that return it as it is or only
    print it."""
    index = index_of(module)
    site = index.sites.get(function)
    if site is None:
        return []
    found: set[str] = set()
    for call in index.calls:
        caller = call.function
        if caller is None or not _calls(call, site):
            continue  # module-level code is a demo run
        returned, handed = _passed_on(module, caller)
        if id(call.node) in returned or (function.asynchronous is not None and id(call.node) in handed):
            continue  # `return f(x)`, or `return asyncio.run(f(x))` of a coroutine
        if site.owner is None and function.name.value in _local_names(caller):
            continue  # another `f`: `f = Agent(...)` in the caller
        found.add(call.symbol)
    return sorted(found)


def _calls(call: CallSite, site: FunctionSite) -> bool:
    """`f(...)` of a module-level function; `self.f(...)`/`cls.f(...)` in its class, or
    `Owner.f(...)`, of a method."""
    func, name = call.node.func, site.node.name.value
    if site.owner is None:
        return isinstance(func, cst.Name) and func.value == name
    if not (isinstance(func, cst.Attribute) and func.attr.value == name and isinstance(func.value, cst.Name)):
        return False
    receiver = func.value.value
    return (receiver in ("self", "cls") and call.owner is site.owner) or receiver == site.owner.name.value


def _passed_on(module: ModuleInfo, function: cst.FunctionDef) -> tuple[set[int], set[int]]:
    """The calls whose result `function` returns as it is (`return f(x)`, `return await f(x)`) or
    only prints or logs (`print(f(x))` in a demo `main`); and the calls handed straight to a call
    it returns (`return asyncio.run(f(x))`: when `f` is a coroutine function, whoever runs it
    gets its result as it is)."""
    known: dict[int, tuple[set[int], set[int]]] = module.__dict__.setdefault("_passed_on_calls", {})
    found = known.get(id(function))
    if found is None:
        returned: set[int] = set()
        handed: set[int] = set()
        stack: list[cst.CSTNode] = [function.body]
        while stack:
            node = stack.pop()
            if isinstance(node, cst.Return) and node.value is not None:
                value = node.value.expression if isinstance(node.value, cst.Await) else node.value
                returned.add(id(value))
                if isinstance(value, cst.Call):
                    handed.update(id(arg.value) for arg in value.args)
            elif isinstance(node, cst.Call) and is_log_call(module, node):
                returned.update(id(inner) for inner in _calls_within(node))
                continue
            elif isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                continue  # their returns are theirs
            stack.extend(child_nodes(node))
        found = known[id(function)] = (returned, handed)
    return found


def _local_names(function: cst.FunctionDef) -> set[str]:
    """The names `function` binds itself: its parameters, and what it assigns, imports or defines."""
    params = function.params
    names = {param.name.value for param in (*params.posonly_params, *params.params, *params.kwonly_params)}
    for extra in (params.star_arg, params.star_kwarg):
        if isinstance(extra, cst.Param):
            names.add(extra.name.value)
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.AssignTarget) and isinstance(node.target, cst.Name):
            names.add(node.target.value)
        elif isinstance(node, (cst.AnnAssign, cst.For)) and isinstance(node.target, cst.Name):
            names.add(node.target.value)
        elif isinstance(node, cst.AsName) and isinstance(node.name, cst.Name):
            names.add(node.name.value)
        elif isinstance(node, cst.ImportAlias) and node.asname is None:
            names.add(cst.Module([]).code_for_node(node.name).split(".")[0])
        elif isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            names.add(node.name.value)
            continue
        stack.extend(child_nodes(node))
    return names


def _calls_within(node: cst.CSTNode) -> list[cst.Call]:
    return [inner for inner in walk(node) if isinstance(inner, cst.Call)]
