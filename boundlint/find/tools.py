"""Finding the tool functions of every supported framework in the tree.

A tool is a function whose return value a framework hands to the model. We
find them four ways: by decorator (`@tool`, `@mcp.tool()`), by base class
(`BaseTool._run`), by registration call (`Agent(tools=[f])`,
`FunctionTool(func=f)`, `mcp.add_tool(f)`), and by convention (a dispatch
table of tool names to functions, a Strands module with `TOOL_SPEC`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst

from boundlint.core.config import Config
from boundlint.knowledge import frameworks as fw
from boundlint.project.lookup import Entity, Project, class_methods
from boundlint.project.module import ModuleInfo, dotted, scope_statements
from boundlint.project.module_index import CallSite, FunctionSite, ModuleIndex, index_module, index_of

MAX_LIST_FOLLOW = 4
DISPATCH_TABLE_NAME = re.compile(r"tool|function", re.IGNORECASE)


@dataclass
class Tool:
    module: ModuleInfo
    node: cst.FunctionDef | cst.Lambda
    qualname: str
    framework: str
    form: str
    content_and_artifact: bool = False
    declared_in: str = ""  # display path of the registration, when elsewhere


class ToolFinder:
    def __init__(self, project: Project, config: Config, roots: list[ModuleInfo]) -> None:
        self.project = project
        self.config = config
        self.roots = roots
        self.tools: dict[cst.FunctionDef | cst.Lambda, Tool] = {}
        self._tool_class_memo: dict[cst.ClassDef, tuple[str, tuple[str, ...]] | None] = {}

    def find(self) -> list[Tool]:
        for module in self.roots:
            index = index_of(module)
            for site in index.functions:
                self._check_decorators(site)
            for cls in index.classes:
                self._check_class(module, cls, index.classes[cls])
            for call in index.calls:
                self._check_call(call)
            self._check_conventions(module)
        return sorted(self.tools.values(), key=lambda tool: (tool.module.display, tool.qualname))

    def tool_class_names(self) -> list[str]:
        return sorted({cls.name.value for cls, found in self._tool_class_memo.items() if found is not None})

    # -- recording ----------------------------------------------------------

    def _add(
        self,
        node: cst.FunctionDef,
        framework: str,
        form: str,
        *,
        content_and_artifact: bool = False,
        declared_in: ModuleInfo | None = None,
    ) -> None:
        if node in self.tools:
            existing = self.tools[node]
            existing.content_and_artifact = existing.content_and_artifact or content_and_artifact
            return
        site = self.project.site_of(node)
        if site is None:
            return
        elsewhere = declared_in is not None and declared_in is not site.module
        self.tools[node] = Tool(
            site.module,
            node,
            site.qualname,
            framework,
            form,
            content_and_artifact,
            declared_in.display if elsewhere and declared_in else "",
        )

    # -- decorators ---------------------------------------------------------

    def _check_decorators(self, site: FunctionSite) -> None:
        for decorator in site.node.decorators:
            expr = decorator.decorator
            target = expr.func if isinstance(expr, cst.Call) else expr
            found = self._decorator_kind(site.module, target, site)
            if found is not None:
                framework, form = found
                artifact = isinstance(expr, cst.Call) and _has_keyword_value(
                    expr, "response_format", "content_and_artifact"
                )
                self._add(site.node, framework, form, content_and_artifact=artifact)
                return

    def _decorator_kind(
        self, module: ModuleInfo, target: cst.BaseExpression, site: FunctionSite | None
    ) -> tuple[str, str] | None:
        external = self.project.external_name(module, target)
        if external is not None:
            for pattern in fw.TOOL_DECORATORS:
                if pattern.matches(external):
                    return pattern.framework, f"@{pattern.tail.rsplit('.', 1)[-1]}"
        qualified = module.qualify(target)
        for name in self.config.extend_tool_decorators:
            if name in (qualified, external):
                return "custom", f"@{name.rsplit('.', 1)[-1]}"
        if isinstance(target, cst.Attribute):
            method = target.attr.value
            framework = self._instance_framework(module, target.value, method, site)
            if framework is not None:
                return framework, f"@{_short(target)}"
        return None

    def _instance_framework(
        self, module: ModuleInfo, receiver: cst.BaseExpression, method: str, site: FunctionSite | None
    ) -> str | None:
        """The framework when `receiver.method` is a tool-registering method."""
        owner = self._receiver_class(module, receiver, site)
        if owner is not None:
            for entry in fw.INSTANCE_DECORATORS:
                if method in entry.methods and entry.owner.matches(owner):
                    return entry.owner.framework
            return None
        if method in fw.DISTINCT_INSTANCE_METHODS:
            return {"tool_plain": "pydantic-ai", "register_for_llm": "ag2", "call_tool": "mcp"}[method]
        if method == "tool":
            roots = module.imported_roots() & fw.INSTANCE_TOOL_ROOTS
            if roots:
                return fw.framework_of(sorted(roots)[0])
        return None

    def _receiver_class(
        self, module: ModuleInfo, receiver: cst.BaseExpression, site: FunctionSite | None
    ) -> str | None:
        """The external class a receiver is an instance of, when we can tell."""
        if isinstance(receiver, cst.Name) and site is not None:
            annotation = _parameter_annotation(site, receiver.value)
            if annotation is not None:
                return self.project.external_name(module, annotation)
        entity = self.project.resolve(module, receiver)
        if entity is None or entity.kind != "assign":
            return None
        value = entity.node
        if isinstance(value, cst.Call):
            return self.project.external_name(entity.module, value.func)
        return None

    # -- classes ------------------------------------------------------------

    def _check_class(self, module: ModuleInfo, cls: cst.ClassDef, qualname: str) -> None:
        found = self._tool_class(module, cls, depth=0)
        if found is None:
            return
        framework, methods = found
        for name, method in class_methods(cls).items():
            if name in methods:
                self._add(method, framework, f"{_base_label(framework)}.{name}")

    def _tool_class(self, module: ModuleInfo, cls: cst.ClassDef, depth: int) -> tuple[str, tuple[str, ...]] | None:
        if cls in self._tool_class_memo:
            return self._tool_class_memo[cls]
        self._tool_class_memo[cls] = None  # cycle guard
        result = None
        if depth < 10:
            for base in cls.bases:
                result = self._base_kind(module, base.value, depth)
                if result is not None:
                    break
        self._tool_class_memo[cls] = result
        return result

    def _base_kind(
        self, module: ModuleInfo, base: cst.BaseExpression, depth: int
    ) -> tuple[str, tuple[str, ...]] | None:
        if isinstance(base, cst.Subscript):  # Generic bases: BaseTool[Args, Result]
            base = base.value
        external = self.project.external_name(module, base)
        if external is not None:
            for entry in fw.TOOL_BASE_CLASSES:
                if entry.base.matches(external):
                    return entry.base.framework, entry.methods
        qualified = module.qualify(base)
        for class_name, method in self.config.extend_tool_base_classes:
            if class_name in (qualified, external):
                return "custom", (method,)
        entity = self.project.resolve(module, base)
        if entity is not None and entity.kind == "class" and isinstance(entity.node, cst.ClassDef):
            return self._tool_class(entity.module, entity.node, depth + 1)
        return None

    # -- registration calls -------------------------------------------------

    def _check_call(self, call: CallSite) -> None:
        node, module = call.node, call.module
        func = node.func
        # `mcp.tool(...)(fn)`: the callee is itself a decorator factory call.
        if isinstance(func, cst.Call) and isinstance(func.func, cst.Attribute):
            kind = self._decorator_kind(module, func.func, None)
            if kind is not None:
                self._register_arg(call, _positional(node, 0), kind[0], f"{_short(func.func)}(...)(fn)")
            return
        external = self.project.external_name(module, func)
        if external is not None:
            for registration in fw.REGISTRATIONS:
                if registration.callee.matches(external):
                    self._register_from(call, registration, external)
                    return
            if fw.framework_of(external) and _keyword(node, "tools") is not None:
                framework = fw.framework_of(external) or "unknown"
                self._register_list(
                    call, _keyword(node, "tools"), framework, f"{external.rsplit('.', 1)[-1]}(tools=[...])"
                )
                return
        if isinstance(func, cst.Attribute):
            method = func.attr.value
            if method in fw.TOOL_LIST_METHODS:
                index = fw.TOOL_LIST_METHODS[method]
                value = _keyword(node, "tools") or (_positional(node, index) if index is not None else None)
                self._register_list(call, value, "unknown", f".{method}(tools)")
            elif method in fw.INSTANCE_REGISTRATION_METHODS:
                registrar = self._instance_framework(module, func.value, "tool", None)
                if registrar is not None:
                    self._register_arg(call, _positional(node, 0) or _keyword(node, "fn"), registrar, f".{method}(fn)")

    def _register_from(self, call: CallSite, registration: fw.Registration, external: str) -> None:
        framework = registration.callee.framework
        label = registration.callee.tail
        values: list[cst.BaseExpression] = []
        if registration.positional is not None:
            value = _positional(call.node, registration.positional)
            if value is not None:
                values.append(value)
        values.extend(v for v in (_keyword(call.node, k) for k in registration.keywords) if v is not None)
        for value in values:
            if registration.is_list:
                self._register_list(call, value, framework, f"{label}(tools=[...])")
            else:
                self._register_arg(call, value, framework, f"{label}(fn)")
        if not registration.is_list:
            tools_list = _keyword(call.node, "tools")
            if tools_list is not None:
                self._register_list(call, tools_list, framework, f"{label}(tools=[...])")

    def _register_list(
        self, call: CallSite, value: cst.BaseExpression | None, framework: str, form: str, depth: int = 0
    ) -> None:
        if value is None or depth > MAX_LIST_FOLLOW:
            return
        if isinstance(value, (cst.List, cst.Tuple, cst.Set)):
            for element in value.elements:
                inner = element.value
                self._register_list(call, inner, framework, form, depth + 1) if isinstance(
                    element, cst.StarredElement
                ) else self._register_arg(call, inner, framework, form)
            return
        if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add):
            self._register_list(call, value.left, framework, form, depth + 1)
            self._register_list(call, value.right, framework, form, depth + 1)
            return
        if isinstance(value, cst.Name):
            for assigned in self._local_assignments(call, value.value):
                self._register_list(call, assigned, framework, form, depth + 1)
            entity = self.project.resolve(call.module, value)
            if entity is not None and entity.kind == "assign" and isinstance(entity.node, cst.BaseExpression):
                inner_call = CallSite(entity.module, call.node, None, None)
                self._register_list(inner_call, entity.node, framework, form, depth + 1)

    def _register_arg(self, call: CallSite, value: cst.BaseExpression | None, framework: str, form: str) -> None:
        if value is None:
            return
        if isinstance(value, cst.Lambda):
            name = _string_value(_keyword(call.node, "name"))
            qualname = f"{name}.<lambda>" if name else "<lambda>"
            if value not in self.tools:
                self.tools[value] = Tool(call.module, value, qualname, framework, form)
            return
        if isinstance(value, cst.Call):
            # functools.partial(fn, ...) still calls fn.
            if (self.project.external_name(call.module, value.func) or "") == "functools.partial":
                self._register_arg(call, _positional(value, 0), framework, form)
            return
        target = self._function_for(call, value)
        if target is not None:
            self._add(target, framework, form, declared_in=call.module)

    def _function_for(self, call: CallSite, value: cst.BaseExpression) -> cst.FunctionDef | None:
        module = call.module
        if (
            isinstance(value, cst.Attribute)
            and isinstance(value.value, cst.Name)
            and value.value.value in ("self", "cls")
        ):
            if call.owner is not None:
                return class_methods(call.owner).get(value.attr.value)
            return None
        if isinstance(value, cst.Name):
            local = self._nested_function(call, value.value)
            if local is not None:
                return local
        entity = self.project.resolve(module, value)
        if entity is not None and entity.kind == "function" and isinstance(entity.node, cst.FunctionDef):
            return entity.node
        return None

    def _nested_function(self, call: CallSite, name: str) -> cst.FunctionDef | None:
        if call.function is None:
            return None
        for site in index_of(call.module).functions:
            if site.parent_function is call.function and site.node.name.value == name:
                return site.node
        return None

    def _local_assignments(self, call: CallSite, name: str) -> list[cst.BaseExpression]:
        if call.function is None:
            return []
        found: list[cst.BaseExpression] = []
        for statement in _function_statements(call.function):
            if isinstance(statement, cst.Assign):
                if any(isinstance(t.target, cst.Name) and t.target.value == name for t in statement.targets):
                    found.append(statement.value)
            elif isinstance(statement, cst.AnnAssign) and statement.value is not None:
                if isinstance(statement.target, cst.Name) and statement.target.value == name:
                    found.append(statement.value)
        return found

    # -- conventions --------------------------------------------------------

    def _check_conventions(self, module: ModuleInfo) -> None:
        anchor = CallSite(module, cst.Call(func=cst.Name("_")), None, None)
        for name, values in module.assignments.items():
            if name == "TOOL_SPEC":
                self._strands_module_tool(module, values[-1])
            elif DISPATCH_TABLE_NAME.search(name):
                for value in values:
                    if isinstance(value, cst.Dict) and _is_dispatch_table(value):
                        for element in value.elements:
                            if isinstance(element, cst.DictElement):
                                self._register_arg(anchor, element.value, "dispatch-table", f"{name}[...]")

    def _strands_module_tool(self, module: ModuleInfo, spec: cst.BaseExpression) -> None:
        if not isinstance(spec, cst.Dict):
            return
        # Strands calls the function named after the module; TOOL_SPEC["name"]
        # normally matches it and is the fallback.
        spec_name = None
        for element in spec.elements:
            if isinstance(element, cst.DictElement) and _string_value(element.key) == "name":
                spec_name = _string_value(element.value)
        function = module.functions.get(module.path.stem) or (module.functions.get(spec_name) if spec_name else None)
        if function is not None:
            self._add(function, "strands", "TOOL_SPEC module")


def _is_dispatch_table(value: cst.Dict) -> bool:
    elements = [e for e in value.elements if isinstance(e, cst.DictElement)]
    return (
        bool(elements)
        and len(elements) == len(value.elements)
        and all(_string_value(e.key) is not None and isinstance(e.value, (cst.Name, cst.Attribute)) for e in elements)
    )


def _string_value(expr: cst.BaseExpression | None) -> str | None:
    if isinstance(expr, cst.SimpleString):
        value = expr.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _positional(call: cst.Call, index: int | None) -> cst.BaseExpression | None:
    if index is None:
        return None
    positional = [arg for arg in call.args if arg.keyword is None and not arg.star]
    return positional[index].value if index < len(positional) else None


def _keyword(call: cst.Call, name: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None


def _has_keyword_value(call: cst.Call, name: str, value: str) -> bool:
    return _string_value(_keyword(call, name)) == value


def _parameter_annotation(site: FunctionSite, name: str) -> cst.BaseExpression | None:
    params = site.node.params
    for param in [*params.posonly_params, *params.params, *params.kwonly_params]:
        if param.name.value == name and param.annotation is not None:
            return param.annotation.annotation
    return None


def _function_statements(function: cst.FunctionDef) -> list[cst.CSTNode]:
    return list(scope_statements(function.body))


def _short(expr: cst.BaseExpression) -> str:
    return dotted(expr) or "<expr>"


def _base_label(framework: str) -> str:
    return {"smolagents": "Tool", "openai-agents": "FunctionTool"}.get(framework, "BaseTool")


__all__ = ["Tool", "ToolFinder", "index_module", "ModuleIndex", "FunctionSite", "CallSite", "Entity"]
