"""Finding the tool functions of every supported framework in the tree.

A tool is a function whose return value a framework hands to the model. We
find them four ways: by decorator (`@tool`, `@mcp.tool()`), by base class
(`BaseTool._run`), by registration call (`Agent(tools=[f])`,
`FunctionTool(func=f)`, `mcp.add_tool(f)`), and by convention (a dispatch
table of tool names to functions, a Strands module with `TOOL_SPEC`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from boundlint.core.config import TOOL_FUNCTIONS, TOOL_METHODS, Config
from boundlint.find import registry_rows as rows
from boundlint.find.configured import ConfiguredNames
from boundlint.find.handlers import handed_on
from boundlint.find.routes import served_routes
from boundlint.knowledge import frameworks as fw
from boundlint.knowledge.data_sources import name_words
from boundlint.parse.positions import child_nodes, own_returns, walk
from boundlint.project.exports import written_base
from boundlint.project.lookup import Entity, Project, class_methods
from boundlint.project.module import (
    ModuleInfo,
    arguments_by_name,
    dotted,
    keyword_argument,
    last_name,
    positional_argument,
    scope_statements,
    string_literal,
)
from boundlint.project.module_index import CallSite, FunctionSite, ModuleIndex, index_module, index_of

# Methods that make a tool of the function they decorate (`@mcp.tool`, `@agent.tool_plain`), so of the
# function they are called on (`mcp.tool(fn)`).
# Decorator methods that also take the function itself when applied by hand (`mcp.tool(fn)`). Not
# the low-level server's `@server.call_tool()`, a factory only: `session.call_tool(name, arguments)`
# is an MCP client calling a tool, not a registration.
_DECORATOR_METHODS = frozenset(method for entry in fw.INSTANCE_DECORATORS for method in entry.methods) - {"call_tool"}
# What a registration can be handed that names a function the finder should reach, so that reaching
# none is worth a notice (a call's functions are the factory's to say).
_NAMED_VALUES = (cst.Name, cst.Attribute, cst.Subscript, cst.IfExp)
MAX_REGISTRAR_DEPTH = 3  # `register_all(mcp)` -> `register_group(mcp)` -> `_register(mcp, name, fn)`
MAX_LIST_FOLLOW = 12  # steps from a registration to a function: names, lists, comprehensions, factories
DISPATCH_TABLE_NAME = re.compile(r"tool|function", re.IGNORECASE)


@dataclass
class AgentSource:
    """What an agent-made tool (`agent.as_tool(...)`) returns: the agent's final output."""

    kind: fw.AgentTool
    agent: cst.Call | None  # the `Agent(...)` call, when we can find it
    agent_module: ModuleInfo
    extractor: cst.FunctionDef | None  # `custom_output_extractor=`: it decides what is returned
    agent_name: str


@dataclass(frozen=True)
class Host:
    """What a tool is registered on: the call that made the server or agent (`FastMCP(...)`,
    `Agent(...)`) or the registration call itself (`create_agent(model, tools=[...])`)."""

    module: ModuleInfo
    call: cst.Call


@dataclass
class Tool:
    module: ModuleInfo
    node: cst.FunctionDef | cst.Lambda | cst.Call  # a Call only for an agent-made tool (`made_from`)
    qualname: str
    framework: str
    form: str
    content_and_artifact: bool = False
    declared_in: str = ""  # display path of the registration, when elsewhere
    # How the framework cuts the result itself (`return_char_limit=4000`), if it does.
    framework_limit: str = ""
    yields_result: bool = False  # a generator whose yields are the result (Dify's `_invoke`)
    arguments_on_self: bool = False  # `self`'s fields are the model's arguments (`fw.ToolBase`)
    made_from: AgentSource | None = None  # `agent.as_tool(...)`: the tool is the call
    hosts: list[Host] = dataclasses.field(default_factory=list)  # the servers/agents it is registered on
    # Returns that hand the call on to a handler class's tools (`return handler.run_tool(args)`),
    # with the method they call (`ToolHandler.run_tool`).
    handed_on: dict[cst.Return, str] = dataclasses.field(default_factory=dict)
    # The adapter that bounds every result of its server or agent (`"BoundlintMiddleware(8_000) at app.py:12"`).
    adapter: str = ""
    # The class whose method a lambda tool is written in: its `self` (`Tool(func=lambda x: self.run(x))`).
    enclosing_class: cst.ClassDef | None = None
    # Found only where it is declared (`@tool` of a framework in `fw.HANDED_OVER`), not where it
    # is handed to an agent or registered on a server.
    declared_only: bool = False

    @property
    def inferred(self) -> bool:
        """Found by its shape as a tool of the project's own framework (an in-house base class or
        decorator), neither by a framework's name nor by the configuration."""
        return self.form.startswith(IN_HOUSE)


# How the inventory says a tool was found by its shape (`in-house BaseTool._execute`).
IN_HOUSE = "in-house"


@dataclass(frozen=True)
class ToolClass:
    """What a class's tool base says about its methods (see `fw.ToolBase`)."""

    framework: str
    methods: tuple[str, ...]
    listed_in: str | None = None
    init_keywords: tuple[str, ...] = ()
    register_methods: tuple[str, ...] = ()
    overrides_builtin: bool = False  # a direct subclass of a framework's own toolkit
    dispatch_in: tuple[str, ...] = ()
    handles: fw.Pattern | None = None
    limit_attribute: str | None = None
    yields_result: bool = False
    arguments_on_self: bool = False
    base: fw.Pattern | None = None  # the framework base it derives from (None: configured)
    label: str | None = None  # how the inventory says it was declared, when not by a base class

    @classmethod
    def of(cls, entry: fw.ToolBase) -> ToolClass:
        return cls(
            entry.base.framework,
            entry.methods,
            entry.listed_in,
            entry.init_keywords,
            entry.register_methods,
            dispatch_in=entry.dispatch_in,
            handles=entry.handles,
            limit_attribute=entry.limit_attribute,
            yields_result=entry.yields_result,
            arguments_on_self=entry.arguments_on_self,
            base=entry.base,
        )


class ToolFinder:
    def __init__(
        self, project: Project, config: Config, roots: list[ModuleInfo], configured: ConfiguredNames | None = None
    ) -> None:
        self.project = project
        self.config = config
        self.configured = configured or ConfiguredNames(project, config)
        self.roots = roots
        self.tools: dict[cst.FunctionDef | cst.Lambda | cst.Call, Tool] = {}
        self._tool_class_memo: dict[cst.ClassDef, ToolClass | None] = {}
        self._exported_memo: dict[tuple[Path, str], ToolClass | None] = {}  # classes reached as bases
        self._wrapper_memo: dict[cst.FunctionDef, tuple[str, str] | None] = {}
        # The server a wrapper decorator registers on (`return mcp.tool()(fn)` in its body).
        self._wrapper_hosts: dict[cst.FunctionDef, Host] = {}
        self._host: Host | None = None  # what the registration being read registers on
        # Classes of the tree an instance of which is registered (`create_agent(tools=[Scraper()])`),
        # with what it is registered on: their tool methods are registered there too.
        self._instance_hosts: dict[cst.ClassDef, list[Host]] = {}
        # The servers or agents the parameters of a project function stand for, while the tools it
        # registers on them are read at a call (`register_tools(mcp)`, see `_check_registrar`).
        self._param_hosts: dict[cst.FunctionDef, dict[str, Host]] = {}
        # The call being read for each `register_tools(mcp, ...)` above, and what it passes to
        # each parameter: `add_tool(mcp, fn)` registers whatever the call hands it as `fn`.
        self._param_calls: dict[cst.FunctionDef, tuple[CallSite, dict[str, cst.BaseExpression]]] = {}
        self._registers_memo: dict[int, dict[cst.FunctionDef, frozenset[str]]] = {}  # by `id` of the module
        # Registrations of one function (`mcp.add_tool(fn)`, `Tool.from_function(fn)`) whose `fn`
        # led to no function of the tree, and those that did (a registrar's body is read both on
        # its own and at each call that hands it a server): see `unfollowed_registrations`.
        self._unfollowed: dict[cst.Call, ModuleInfo] = {}
        # The local names a registration is being followed through now (`find_tool = wrap(find_tool)`
        # leads back to itself).
        self._following: set[tuple[cst.FunctionDef | None, str]] = set()
        self._followed: set[cst.Call] = set()
        # Tools are handed to an agent here (`Agent(tools=[...])` of a framework in
        # `fw.HANDED_OVER`): the project shows where its tools are used.
        self.hands_over = False
        self._registered = 0  # registrations recorded so far, to tell whether one led anywhere
        self._decorators_memo: dict[int, frozenset[cst.CSTNode]] = {}  # by `id` of the module

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
        for tool in list(self.tools.values()):
            if _dispatches_by_name(tool):
                self._add_handlers(tool)
            self._note_instance_hosts(tool)
        return sorted(self.tools.values(), key=lambda tool: (tool.module.display, tool.qualname))

    def _add_handlers(self, dispatcher: Tool) -> None:
        """The handler classes a low-level server's `call_tool` hands each call on to (see
        `find.handlers`): their methods are the server's tools, and its `return` is theirs."""
        assert isinstance(dispatcher.node, cst.FunctionDef)
        for found in handed_on(self.project, dispatcher.module, dispatcher.node):
            self._host = dispatcher.hosts[0] if dispatcher.hosts else None
            try:
                for _, method in found.methods:
                    self._add(method, dispatcher.framework, f"{dispatcher.form} -> {found.label}")
            finally:
                self._host = None
            dispatcher.handed_on[found.returned] = found.label

    def tool_class_names(self) -> list[str]:
        names = {cls.name.value for cls, found in self._tool_class_memo.items() if found is not None}
        names.update(name for (_, name), found in self._exported_memo.items() if found is not None)
        return sorted(names)

    def unfollowed_registrations(self) -> list[tuple[ModuleInfo, cst.Call]]:
        """Registrations of one function whose argument the finder could not follow to a function
        of the tree (`Tool.from_function(func)` for `func` of a loop over what a factory returns):
        the tools they register are not checked, and the run says so rather than look all clear.
        A function imported from a library is not one of them: it is not the project's code."""
        return [
            (module, call)
            for call, module in self._unfollowed.items()
            if call not in self._followed and not module.is_test
        ]

    # -- recording ----------------------------------------------------------

    def _add(
        self,
        node: cst.FunctionDef,
        framework: str,
        form: str,
        *,
        content_and_artifact: bool = False,
        declared_in: ModuleInfo | None = None,
        framework_limit: str = "",
        yields_result: bool = False,
        arguments_on_self: bool = False,
        declared_only: bool = False,
    ) -> None:
        if node in self.tools:
            existing = self.tools[node]
            existing.content_and_artifact = existing.content_and_artifact or content_and_artifact
            existing.declared_only = existing.declared_only and declared_only and self._host is None
            self._note_host(existing)
            self._registered += 1
            return
        site = self.project.site_of(node)
        if site is None:
            return
        self._registered += 1
        elsewhere = declared_in is not None and declared_in is not site.module
        self.tools[node] = Tool(
            site.module,
            node,
            site.qualname,
            framework,
            form,
            content_and_artifact,
            declared_in.display if elsewhere and declared_in else "",
            framework_limit,
            yields_result,
            arguments_on_self,
            declared_only=declared_only and self._host is None,
        )
        self._note_host(self.tools[node])

    def _note_host(self, tool: Tool) -> None:
        if self._host is not None and self._host not in tool.hosts:
            tool.hosts.append(self._host)

    # -- decorators ---------------------------------------------------------

    def _check_decorators(self, site: FunctionSite) -> None:
        for decorator in site.node.decorators:
            expr = decorator.decorator
            target = expr.func if isinstance(expr, cst.Call) else expr
            found = self._decorator_kind(site.module, target, site)
            if found is not None:
                framework, form = found
                artifact = isinstance(expr, cst.Call) and _has_keyword_value(expr, "response_format", ARTIFACT_FORMAT)
                if isinstance(target, cst.Attribute):  # `@mcp.tool()`: registered on `mcp`
                    anchor = CallSite(site.module, cst.Call(func=cst.Name("_")), site.owner, site.parent_function)
                    self._host = self.host_of(anchor, target.value)
                if self._host is None:  # `@tool(...)` of the project, which hands the function to `mcp.tool()`
                    self._host = self._wrapper_host(site.module, target, site)
                try:
                    self._add(
                        site.node,
                        framework,
                        form,
                        content_and_artifact=artifact,
                        declared_only=self._marks_only(site.module, target, framework),
                    )
                finally:
                    self._host = None
                return

    def _marks_only(self, module: ModuleInfo, target: cst.BaseExpression, framework: str) -> bool:
        """`@tool` of a framework that registers nothing by it: the function is a tool where the
        code hands it to an agent (`fw.HANDED_OVER`). Not a project's own decorator, which may add
        it to a registry."""
        if framework not in fw.HANDED_OVER:
            return False
        external = self.project.external_name(module, target)
        return external is not None and any(pattern.matches(external) for pattern in fw.TOOL_DECORATORS)

    def _decorator_kind(
        self, module: ModuleInfo, target: cst.BaseExpression, site: FunctionSite | None
    ) -> tuple[str, str] | None:
        external = self.project.external_name(module, target)
        if external is not None:
            for pattern in fw.TOOL_DECORATORS:
                if pattern.matches(external):
                    return pattern.framework, f"@{pattern.tail.rsplit('.', 1)[-1]}"
        configured = self.configured.decorator(module, target)
        if configured is not None:
            return "custom", f"@{configured.rsplit('.', 1)[-1]}"
        if isinstance(target, cst.Attribute):
            method = target.attr.value
            framework = self._instance_framework(module, target.value, method, site)
            if framework is not None:
                return framework, f"@{_short(target)}"
        wrapped = self._wrapper_decorator(module, target, site)
        if wrapped is not None:
            return wrapped[0], f"@{_short(target)}"
        if site is not None and self._in_house_decorator(module, target, site):
            return "custom", f"{IN_HOUSE} @{_short(target)}"
        return None

    def _in_house_decorator(self, module: ModuleInfo, target: cst.BaseExpression, site: FunctionSite) -> bool:
        """`@register_tool("click")` on a def, where `register_tool` is the project's own (see
        `fw.in_house_decorator`): its registry is read at run time, so the decorator is the mark.
        It must register: hand the function to a call (`return SERVER.tool(func)`, `REGISTRY[name] =
        func`), or be a factory of a registry's decorator (`return registry.register(type="tool")`);
        not a label (`def tool(fn): return fn`, a wrapper marked `is_tool = True`)."""
        found = self._wrapper_function(module, target, site)
        return found is not None and fw.in_house_decorator(found[1].name.value) and _registers(found[1])

    def _wrapper_decorator(
        self, module: ModuleInfo, target: cst.BaseExpression, site: FunctionSite | None = None
    ) -> tuple[str, str] | None:
        """A project's decorator factory that hands back a framework's: `return mcp.tool(**kw)`,
        or a nested `wrap(fn)` that returns `mcp.tool(name=n)(fn)` or registers `fn` itself."""
        found = self._wrapper_function(module, target, site)
        return self._wrapper_kind(*found) if found is not None else None

    def _wrapper_kind(self, module: ModuleInfo, function: cst.FunctionDef) -> tuple[str, str] | None:
        if function in self._wrapper_memo:
            return self._wrapper_memo[function]
        self._wrapper_memo[function] = None  # recursion guard
        kind = self._returned_decorator(module, function, depth=0)
        self._wrapper_memo[function] = kind
        return kind

    def _wrapper_function(
        self, module: ModuleInfo, target: cst.BaseExpression, site: FunctionSite | None
    ) -> tuple[ModuleInfo, cst.FunctionDef] | None:
        """The function a decorator names: the project's, or one defined beside the decorated
        def in the function that makes the server (`def create_server(): ... def register(name):`)."""
        if not isinstance(target, (cst.Name, cst.Attribute)):
            return None
        if isinstance(target, cst.Name) and site is not None and site.parent_function is not None:
            local = _nested_def(site.parent_function, target.value)
            if local is not None:
                return module, local
        entity = self.project.resolve(module, target)
        if entity is None or entity.kind != "function" or not isinstance(entity.node, cst.FunctionDef):
            return None
        return entity.module, entity.node

    def _wrapper_host(self, module: ModuleInfo, target: cst.BaseExpression, site: FunctionSite) -> Host | None:
        found = self._wrapper_function(module, target, site)
        if found is None or self._wrapper_kind(*found) is None:
            return None
        return self._wrapper_hosts.get(found[1])

    def _returned_decorator(
        self, module: ModuleInfo, function: cst.FunctionDef, depth: int, wrapper: cst.FunctionDef | None = None
    ) -> tuple[str, str] | None:
        wrapper = wrapper or function
        for value in _returned_values(function):
            if isinstance(value, cst.Call):
                inner = value.func.func if isinstance(value.func, cst.Call) else value.func
                kind = self._decorator_kind(module, inner, None)
                if kind is not None:
                    if isinstance(inner, cst.Attribute):
                        host = self.host_of(CallSite(module, value, None, function), inner.value)
                        if host is not None:
                            self._wrapper_hosts[wrapper] = host
                    return kind
            elif isinstance(value, cst.Name) and depth < 2:
                nested = _nested_def(function, value.value)
                if nested is not None:
                    found = self._returned_decorator(module, nested, depth + 1, wrapper)
                    if found is not None:
                        return found
                made = self._applied_decorator(module, function, wrapper, value.value)
                if made is not None:
                    return made
        return self._registering_decorator(module, function, wrapper)

    def _applied_decorator(
        self, module: ModuleInfo, function: cst.FunctionDef, wrapper: cst.FunctionDef, name: str
    ) -> tuple[str, str] | None:
        """`tool_obj = lc_decorator(func)` ... `return tool_obj`, where the factory's body made
        `lc_decorator = langchain_tool(name_or_callable=...)`: a framework's decorator, applied."""
        made = _bound_once(function, name)
        if not isinstance(made, cst.Call):
            return None
        applied = made.func
        if isinstance(applied, cst.Name):  # a decorator made above, here or in the factory
            factory = _bound_once(function, applied.value) or _bound_once(wrapper, applied.value)
            applied = factory.func if isinstance(factory, cst.Call) else applied
        elif isinstance(applied, cst.Call):  # `langchain_tool(name_or_callable=n)(func)`
            applied = applied.func
        return self._decorator_kind(module, applied, None)

    def _registering_decorator(
        self, module: ModuleInfo, function: cst.FunctionDef, wrapper: cst.FunctionDef
    ) -> tuple[str, str] | None:
        """`def decorator(func): server.tool(func, name=n); return func`: a decorator that registers
        the function it is given by a call in its body, rather than handing back the framework's
        decorator. (A nested wrapper registered in its place is a tool of its own: `_read_call`.)"""
        given = _first_parameter(function)
        if given is None:
            return None
        for inner in index_of(module).calls:
            if inner.function is not function:
                continue
            call, func = inner.node, inner.node.func
            argument = positional_argument(call, 0)
            if not (isinstance(argument, cst.Name) and argument.value == given):
                continue
            if isinstance(func, cst.Call) and isinstance(func.func, cst.Attribute):
                method = func.func  # `mcp.tool(name=n)(func)`
                kind = self._decorator_kind(module, method, None)
            elif isinstance(func, cst.Attribute) and func.attr.value in _DECORATOR_METHODS:
                method = func  # `mcp.tool(func, name=n)`
                kind = self._decorator_kind(module, method, None)
            elif isinstance(func, cst.Attribute) and func.attr.value in fw.INSTANCE_REGISTRATION_METHODS:
                method = func  # `mcp.add_tool(func)`
                registrar = self._registrar_framework(module, func.value, function)
                kind = (registrar, f".{func.attr.value}(fn)") if registrar is not None else None
            else:
                continue
            if kind is not None:
                host = self.host_of(CallSite(module, call, None, function), method.value)
                if host is not None:
                    self._wrapper_hosts[wrapper] = host
                return kind
        return None

    def _instance_framework(
        self, module: ModuleInfo, receiver: cst.BaseExpression, method: str, site: FunctionSite | None
    ) -> str | None:
        """The framework when `receiver.method` is a tool-registering method."""
        owner = self._receiver_class(module, receiver, site)
        if owner is not None and self._names_the_trees_own(owner, module):
            owner = None  # made by the tree's own factory (`mcp_factory.create()`): not known here
        if owner is not None:
            for entry in fw.INSTANCE_DECORATORS:
                if method in entry.methods and entry.owner.matches(owner):
                    return entry.owner.framework
            return None
        if method in fw.DISTINCT_INSTANCE_METHODS:
            return fw.DISTINCT_INSTANCE_METHODS[method]
        roots = module.imported_roots() & fw.INSTANCE_METHOD_ROOTS.get(method, frozenset())
        if not roots:
            # `from .app import mcp` where app.py makes it (`mcp = factory.create()`) and imports
            # FastMCP: the module that makes the receiver says what it is
            made = self.project.resolve(module, receiver, kinds=("assign",))
            if made is not None and made.module is not module:
                roots = made.module.imported_roots() & fw.INSTANCE_METHOD_ROOTS.get(method, frozenset())
        if roots:
            return fw.framework_of(sorted(roots)[0])
        return None

    def _names_the_trees_own(self, qualified: str, module: ModuleInfo) -> bool:
        """`app.server.mcp_factory.create`: a name that leads into the checked tree, not a framework's
        (whose own tree, when checked, keeps its names)."""
        if qualified.split(".", 1)[0] in fw.ALL_ROOTS:
            return False
        return self.project.locate(qualified.rsplit(".", 1)[0], module.path) is not None

    def _registrar_framework(
        self, module: ModuleInfo, receiver: cst.BaseExpression, function: cst.FunctionDef | None = None
    ) -> str | None:
        """The framework when `receiver.add_tool(...)` registers tools: a framework object, or
        a receiver we cannot resolve in a module that imports a framework with such methods."""
        owner = self._receiver_class(module, receiver, None, function)
        if owner is not None:
            return fw.framework_of(owner)
        return _imported_framework(module)

    def _receiver_class(
        self,
        module: ModuleInfo,
        receiver: cst.BaseExpression,
        site: FunctionSite | None,
        function: cst.FunctionDef | None = None,
    ) -> str | None:
        """The external class a receiver is an instance of, when we can tell: the server handed
        to the `register_tools(mcp)` being read (`function`, or `site`'s enclosing function), a
        parameter's annotation, or the call that made a global."""
        if isinstance(receiver, cst.Name):
            enclosing = function if function is not None else site.parent_function if site is not None else None
            given = self._param_hosts.get(enclosing) if enclosing is not None else None
            if given is not None and receiver.value in given:
                host = given[receiver.value]
                return self.project.inherited_name(host.module, callee(host.call))
        if isinstance(receiver, cst.Name) and site is not None:
            annotation = _parameter_annotation(site, receiver.value)
            if annotation is not None:
                named = self.project.external_name(module, annotation)
                if named not in _UNTYPED:  # `mcp: Any` says nothing about the class
                    return named
        entity = self.project.resolve(module, receiver, kinds=("assign",))  # no module parsed for others
        if entity is None:
            return None
        value = entity.node
        if isinstance(value, cst.Call):
            return self.project.inherited_name(entity.module, callee(value))
        return None

    # -- classes ------------------------------------------------------------

    def _check_class(self, module: ModuleInfo, cls: cst.ClassDef, qualname: str) -> None:
        self._check_class_decorators(module, cls)
        found = self._tool_class(module, cls, depth=0)
        if found is None:
            return
        methods = class_methods(cls)
        label = found.label or _base_label(found.framework)
        names = set(found.methods) | set(self._listed_methods(module, cls, found))
        limit = self._class_limit(module, cls, found)
        # `response_format = "content_and_artifact"` on a LangChain tool class: the model reads the
        # first element of what `_run` returns, the artifact stays with the application. (Only
        # LangChain reads it: other classes' bases are not resolved to look for it.)
        artifact = found.framework == "langchain" and (
            string_literal(self._class_attribute(module, cls, "response_format", depth=0)) == ARTIFACT_FORMAT
        )
        for name in sorted(names & methods.keys()):
            self._add(
                methods[name],
                found.framework,
                f"{label}.{name}",
                content_and_artifact=artifact,
                framework_limit=limit,
                yields_result=found.yields_result,
                arguments_on_self=found.arguments_on_self,
            )
        if found.overrides_builtin:
            for name, method in methods.items():
                if not name.startswith("_") and name not in _TOOLKIT_PLUMBING and not _bound_otherwise(method):
                    self._add(method, found.framework, f"{label}.{name} (override)")

    def _listed_methods(self, module: ModuleInfo, cls: cst.ClassDef, found: ToolClass) -> list[str]:
        """Method names a toolkit class names: in a class attribute (`spec_functions`, own or
        inherited), in a dispatch map built by a method, or by the tool messages it handles."""
        names: list[str] = []
        if found.listed_in is not None:
            value = self._class_attribute(module, cls, found.listed_in, depth=0)
            names.extend(_method_names(value) if value is not None else [])
        methods = class_methods(cls)
        for method in found.dispatch_in:
            if method in methods:
                names.extend(_self_methods_held(methods[method]))
        if found.handles is not None:
            names.extend(self._handler_names(module, cls))
        return names

    def _handler_names(self, module: ModuleInfo, cls: cst.ClassDef) -> list[str]:
        """Langroid: the method names the tool messages of this module, and those the
        class's methods take, are handled by (`request`, `_handler`, and `_async` twins)."""
        handles = self._tool_class(module, cls, depth=0)
        messages = [(module, message) for message in module.classes.values()]
        for method in class_methods(cls).values():
            for param in method.params.params:
                for named in _annotated_classes(param.annotation.annotation if param.annotation else None):
                    resolved = self.project.resolve_class(module, named)
                    if resolved is not None:
                        messages.append(resolved)
        names: list[str] = []
        for message_module, message in messages:
            found = self._tool_class(message_module, message, depth=0)
            if found is None or handles is None or found.base != handles.handles:
                continue
            for field in fw.MESSAGE_HANDLER_FIELDS:
                name = string_literal(_class_body_assignment(message, field))
                if name is not None:
                    names.extend((name, f"{name}_async"))
        return names

    def _class_limit(self, module: ModuleInfo, cls: cst.ClassDef, found: ToolClass) -> str:
        """`_max_result_tokens = 800` in the class or a project base: the framework cuts the result."""
        if found.limit_attribute is None:
            return ""
        value = self._class_attribute(module, cls, found.limit_attribute, depth=0)
        if value is None or (isinstance(value, cst.Name) and value.value == "None"):
            return ""
        return f"{found.limit_attribute} = {module.code(value)}"

    def _class_attribute(
        self, module: ModuleInfo, cls: cst.ClassDef, name: str, depth: int
    ) -> cst.BaseExpression | None:
        """`cls.name` as assigned in the class body or a project base; `Base.x + [...]` is followed."""
        if depth > MAX_LIST_FOLLOW:
            return None
        value = _class_body_assignment(cls, name)
        if value is not None:
            return self._expand_class_reference(module, value, name, depth)
        for base in cls.bases:
            found = self._base_attribute(module, base.value, name, depth)
            if found is not None:
                return found
        return None

    def _base_attribute(
        self, module: ModuleInfo, base: cst.BaseExpression, name: str, depth: int
    ) -> cst.BaseExpression | None:
        resolved = self.project.resolve_class(module, base)
        return self._class_attribute(*resolved, name, depth + 1) if resolved is not None else None

    def _expand_class_reference(
        self, module: ModuleInfo, value: cst.BaseExpression, name: str, depth: int
    ) -> cst.BaseExpression:
        """`Base.spec_functions + ["x"]` as one list (Base's value spliced in)."""
        if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add):
            left = self._expand_class_reference(module, value.left, name, depth)
            right = self._expand_class_reference(module, value.right, name, depth)
            return cst.List([*_list_elements(left), *_list_elements(right)])
        if isinstance(value, cst.Attribute) and value.attr.value == name:
            found = self._base_attribute(module, value.value, name, depth)
            return found if found is not None else value
        return value

    def _check_class_decorators(self, module: ModuleInfo, cls: cst.ClassDef) -> None:
        """`@MCPServer(function_names=["a", "b"])` serves those methods as tools."""
        for decorator in cls.decorators:
            expr = decorator.decorator
            if not isinstance(expr, cst.Call):
                continue
            external = self.project.external_name(module, expr.func)
            if external is None:
                continue
            for pattern, keyword in fw.CLASS_DECORATORS:
                names = keyword_argument(expr, keyword)
                if pattern.matches(external) and names is not None:
                    methods = class_methods(cls)
                    for name in _method_names(names):
                        if name in methods:
                            self._add(methods[name], pattern.framework, f"@{pattern.tail}({keyword})")

    def _tool_class(self, module: ModuleInfo, cls: cst.ClassDef, depth: int) -> ToolClass | None:
        if cls not in self._tool_class_memo:
            self._tool_class_memo[cls] = None  # cycle guard
            bases = [written_base(base.value) for base in cls.bases]
            found = self._class_kind(module.path, module.name, cls.name.value, class_methods(cls), bases, depth)
            self._tool_class_memo[cls] = found
        return self._tool_class_memo[cls]

    def _exported_tool_class(self, path: Path, name: str, depth: int) -> ToolClass | None:
        """`_tool_class` of a class of the tree by its module's exports: a base class is not parsed
        unless it turns out to be a tool class."""
        key = (path, name)
        if key not in self._exported_memo:
            self._exported_memo[key] = None  # cycle guard
            exports = self.project.exports(path)
            cls = exports.classes.get(name) if exports is not None else None
            if exports is not None and cls is not None:
                self._exported_memo[key] = self._class_kind(path, exports.name, name, cls.methods, cls.bases, depth)
        return self._exported_memo[key]

    def _class_kind(
        self,
        path: Path,
        module_name: str,
        class_name: str,
        methods: Collection[str],
        bases: Sequence[str | None],
        depth: int,
    ) -> ToolClass | None:
        own = self.configured.own_methods(module_name, class_name, methods)
        if own:
            return ToolClass("custom", own, label=TOOL_METHODS)
        if depth >= 10:
            return None
        for base in bases:
            found = self._base_kind(path, base, depth) if base is not None else None
            if found is not None:
                return found
        return None

    def _base_kind(self, path: Path, base: str, depth: int) -> ToolClass | None:
        """What a base class spelled `base` in the module `path` makes of its subclasses."""
        exports = self.project.exports(path)
        qualified = exports.qualify(base) if exports is not None else None
        external = self.project.external_of(qualified, path) if qualified is not None else None
        if external is not None:
            for entry in fw.TOOL_BASE_CLASSES:
                if entry.base.matches(external) or _is_kin(entry, external):
                    return ToolClass.of(entry)
            builtin = _builtin_toolkit(external)
            if builtin is not None:
                return builtin
        configured = self.configured.base_methods_at(path, base)
        if configured:
            return ToolClass("custom", configured)
        located = self.project.locate_written(path, base)
        if located is not None and located.kind == "class":
            inherited = self._exported_tool_class(located.path, located.name, depth + 1)
            if inherited is None:
                return self._in_house_base(located.path, located.name)
            # Overrides of a framework's own toolkit are tools one level down only.
            return dataclasses.replace(inherited, overrides_builtin=False)
        return None

    def _in_house_base(self, path: Path, name: str) -> ToolClass | None:
        """A tool base class of the project's own framework, known by what it declares (see
        `fw.in_house_entry`): its subclasses' entry method is a tool body, as if the base were in
        `extend-tool-base-classes`."""
        exports = self.project.exports(path)
        cls = exports.classes.get(name) if exports is not None else None
        entry = (
            fw.in_house_entry(name, cls.attributes, cls.methods, cls.stubs, cls.reached) if cls is not None else None
        )
        return ToolClass("custom", (entry,), label=f"{IN_HOUSE} {name}") if entry is not None else None

    # -- registration calls -------------------------------------------------

    def _check_call(self, call: CallSite) -> None:
        self._host = Host(call.module, call.node)  # `Agent(tools=[...])`; a method call says its receiver below
        try:
            self._read_call(call)
        finally:
            self._host = None

    def host_of(self, call: CallSite, receiver: cst.BaseExpression) -> Host | None:
        """The server or agent `receiver` is (`mcp` of `mcp = FastMCP(...)`), by the call that made it."""
        made, module = self._agent_call(call, receiver)
        return Host(module, made) if made is not None else None

    def _read_call(self, call: CallSite) -> None:
        node, module = call.node, call.module
        func = node.func
        # `mcp.tool(...)(fn)`: the callee is itself a decorator factory call.
        if isinstance(func, cst.Call) and isinstance(func.func, cst.Attribute):
            self._register_decorated(call, func.func, positional_argument(node, 0), f"{_short(func.func)}(...)(fn)")
            return
        func = callee(node)  # `Server[AppState](..., on_call_tool=f)`: `Server`
        external = self.project.external_name(module, func) or self._inherited_registration(module, func)
        if external is not None:
            for conversion in fw.APP_CONVERSIONS:
                if conversion.callee.matches(external):
                    self._register_routes(call, conversion)
                    return
            for registration in fw.REGISTRATIONS:
                if registration.callee.matches(external):
                    self._register_from(call, registration, external)
                    return
            given = keyword_argument(node, "tools") or self._unpacked_keyword(call, "tools")
            if fw.framework_of(external) and given is not None:
                framework = fw.framework_of(external) or "unknown"
                self.hands_over = self.hands_over or framework in fw.HANDED_OVER
                self._register_list(call, given, framework, f"{external.rsplit('.', 1)[-1]}(tools=[...])")
                return
        if isinstance(func, cst.Name) and _calls_a_tool_callback(call.function, func.value):
            # `def register_tools(add_tool): add_tool(service.query, annotations=...)`: the server's
            # `add_tool` handed in (or a filter around it), so what it is given is a tool
            framework = _imported_framework(module) or "custom"
            self._register_one(call, positional_argument(node, 0), framework, f"{func.value}(fn)")
            return
        if isinstance(func, cst.Attribute):
            method = func.attr.value
            if self._check_toolkit_call(call, func, method):
                return
            if self._check_agent_tool(call, func, method):
                return
            if method in fw.TOOL_LIST_METHODS:
                index = fw.TOOL_LIST_METHODS[method]
                value = keyword_argument(node, "tools") or (
                    positional_argument(node, index) if index is not None else None
                )
                self._register_list(call, value, "unknown", f".{method}(tools)")
            elif method in fw.INSTANCE_REGISTRATION_METHODS:
                registrar = self._registrar_framework(module, func.value, call.function)
                self._host = self.host_of(call, func.value)
                if registrar is not None:
                    value = positional_argument(node, fw.INSTANCE_REGISTRATION_METHODS[method])
                    value = value or keyword_argument(node, "fn") or keyword_argument(node, "func")
                    self._register_one(call, value, registrar, f".{method}(fn)")
            elif method in fw.SOURCE_REGISTRATION_METHODS:
                source = keyword_argument(node, fw.SOURCE_REGISTRATION_METHODS[method])
                registrar = self._registrar_framework(module, func.value, call.function) if source is not None else None
                if registrar is not None and isinstance(source, cst.Call):
                    if self.project.external_name(module, source.func) == "inspect.getsource":
                        self._register_arg(
                            call, positional_argument(source, 0), registrar, f".{method}(source_code=...)"
                        )
            elif method in ("append", "extend") and isinstance(func.value, cst.Attribute):
                # Swarm: `agent.functions.append(f)` on an `Agent(functions=[...])`.
                self._grow_tool_attribute(call, func.value, [node.args[0].value] if node.args else [], method)
            elif method in fw.INSTANCE_LIST_METHODS:
                registrar = self._registrar_framework(module, func.value, call.function)
                self._host = self.host_of(call, func.value)
                if registrar is not None:
                    value = positional_argument(node, fw.INSTANCE_LIST_METHODS[method]) or keyword_argument(
                        node, "tools"
                    )
                    self._register_list(call, value, registrar, f".{method}(tools)")
            elif _passes_a_function(node) and (method in _DECORATOR_METHODS or self.configured.decorator(module, func)):
                # `mcp.tool(fn, annotations=...)` is `@mcp.tool` written as a call (fastmcp 2.7+)
                self._register_decorated(call, func, positional_argument(node, 0), f"{_short(func)}(fn)")
        if external is None and node.args:
            self._check_registrar(call)
            self._check_tool_registry(call)
            self._check_agent_maker(call)
        if external is None or not fw.framework_of(external):
            self._check_handed_functions(call)

    def _check_handed_functions(self, call: CallSite) -> None:
        """`llm(name="planner", tools=[read_text_file, fetch_http_text])`, where `llm` is an agent
        class loaded at run time (`getattr(import_module("google.adk.agents"), "Agent")`) or a
        maker of one the code gets from a call: a literal list of functions of the tree handed as
        `tools=` to a callee nothing static names is a list of tools (every agent framework spells
        it so). Not to a class or function of the tree (`Dashboard(tools=[widget])` may be no
        agent at all), and only plain functions by name: objects, calls and library functions in
        the list say nothing here."""
        value = keyword_argument(call.node, "tools")
        if not isinstance(value, (cst.List, cst.Tuple)) or not value.elements:
            return
        made_here = self.project.resolve(call.module, callee(call.node))
        if made_here is not None and made_here.kind in ("class", "function"):
            return
        handed = [element.value for element in value.elements if not isinstance(element, cst.StarredElement)]
        if not all(isinstance(item, (cst.Name, cst.Attribute)) for item in handed):
            return
        for item in handed:
            entity = self.project.resolve(call.module, item, kinds=("function",))
            if entity is not None and isinstance(entity.node, cst.FunctionDef) and entity.owner is None:
                self._register_arg(call, item, "unknown", "(tools=[fn, ...])")

    def _register_decorated(
        self, call: CallSite, decorator: cst.Attribute, value: cst.BaseExpression | None, form: str
    ) -> None:
        """`value` decorated by hand with the method `decorator` (`mcp.tool(...)(fn)`, `mcp.tool(fn)`):
        a tool of the server or agent that method belongs to, when it is a tool decorator."""
        kind = self._decorator_kind(call.module, decorator, None)
        if kind is not None:
            self._host = self.host_of(call, decorator.value)
            self._register_one(call, value, kind[0], form)

    def _inherited_registration(self, module: ModuleInfo, func: cst.BaseExpression) -> str | None:
        """A framework's name that a class of the project stands for by deriving from it
        (`FunctionToolWithContext.from_defaults(fn=f)`, `MyAgent(tools=[...])`); None for any
        other project name, so that a project function is still read as a registrar."""
        inherited = self.project.inherited_name(module, func)
        return inherited if inherited is not None and fw.framework_of(inherited) else None

    def _registers_on(self, module: ModuleInfo, function: cst.FunctionDef) -> frozenset[str]:
        """The parameters of `function` that its body may register something on: the receiver of a
        decorator of a nested def (`@mcp.tool()`), or of a method call (`mcp.add_tool(f)`,
        `mcp.tool()(f)`), or an argument it hands on to a call. One pass over the module, so that
        every call of a project function can ask."""
        by_function = self._registers_memo.get(id(module))
        if by_function is None:
            receivers: dict[cst.FunctionDef, set[str | None]] = {}
            index = index_of(module)
            for site in index.functions:
                if site.parent_function is not None:
                    for decorator in site.node.decorators:
                        receivers.setdefault(site.parent_function, set()).add(_receiver_name(decorator.decorator))
            for inner in index.calls:
                if inner.function is not None:
                    names = receivers.setdefault(inner.function, set())
                    names.add(_receiver_name(inner.node.func))
                    # handed on to another registrar: `_register(mcp_instance, "add_tags", add_tags)`
                    names.update(arg.value.value for arg in inner.node.args if isinstance(arg.value, cst.Name))
            by_function = {
                owner: frozenset(name for name in _parameter_names(owner) if name in names)
                for owner, names in receivers.items()
            }
            self._registers_memo[id(module)] = by_function
        return by_function.get(function, frozenset())

    def _made_twice(self, call: CallSite, value: cst.BaseExpression) -> bool:
        """`mcp = FastMCP(a)` in one branch, `mcp = FastMCP(b)` in another: the tools are on either,
        and an adapter installed in one would leave the other open."""
        if not isinstance(value, cst.Name):
            return False
        made = [
            made
            for made in self.local_values(call, value.value)
            if isinstance(made, cst.Call) and not _given_itself(made, value.value)
        ]
        return len(made) > 1

    def _check_tool_registry(self, call: CallSite) -> None:
        """`register_tool(name="x", implementation=fn)`: a function of the tree, named for it, that
        files the function it is given in a module-level table (which a low-level server's
        dispatcher reads by name): what it is handed there is a tool."""
        written = dotted(call.node.func)
        if written is None or not fw.TOOL_REGISTRY_FUNCTION.search(written.rsplit(".", 1)[-1]):
            return
        entity = self._function_called(call)
        if entity is None:
            return
        assert isinstance(entity.node, cst.FunctionDef)
        filed = _filed_parameters(entity.node)
        if not filed:
            return
        framework = _imported_framework(entity.module) or "custom"
        passed = arguments_by_name(entity.node, call.node, skip_first=entity.owner is not None)
        for name in filed:
            if name in passed:
                self._register_one(call, passed[name], framework, f"{written.rsplit('.', 1)[-1]}(fn)")

    def _check_registrar(self, call: CallSite) -> None:
        """`register_tools(mcp)`, a function of the project that registers tools on the server or
        agent it is given (`@mcp.tool()` in its body, `mcp.add_tool(f)`): those tools are on the
        server passed here. Read from the call, where the server is known, and on into the
        registrars it hands the server to (`register_all(mcp)` calling `_register(mcp, "x", f)`)."""
        if len(self._param_hosts) >= MAX_REGISTRAR_DEPTH:
            return
        if not self._param_hosts and (call.module.is_test or call.module.is_standalone):
            return  # a test or a script that makes its own server to call `register_tools` on it
        # Only a function can be a registrar, and only one given a server or agent registers on it.
        # Both are asked before the function's module is parsed: a framework's calls of its own
        # classes and helpers (`Agent(...)`, `log(message)`) would otherwise parse its largest modules.
        written = dotted(call.node.func)
        found = self.project.locate_written(call.module.path, written) if written is not None else None
        if found is None or found.kind != "function":
            for registrar in self._loop_registrars(call):
                node = call.node.with_changes(func=registrar)
                self._check_registrar(CallSite(call.module, node, call.owner, call.function, call.symbol))
            return
        if not self._passes_a_host(call):
            return
        entity = self.project.entity(found)
        if entity is None or not isinstance(entity.node, cst.FunctionDef):
            return
        function = entity.node
        if function in self._param_hosts:
            return  # a registrar that calls itself
        receivers = self._registers_on(entity.module, function)
        passed = arguments_by_name(function, call.node, skip_first=entity.owner is not None)
        hosts = {
            name: host
            for name, value in passed.items()
            if name in receivers
            and isinstance(value, (cst.Name, cst.Attribute))
            and not self._made_twice(call, value)
            and (host := self.host_of(call, value)) is not None
        }
        if not hosts:
            return
        index = index_of(entity.module)
        self._param_hosts[function] = hosts
        self._param_calls[function] = (call, passed)
        try:
            for site in index.functions:
                if site.parent_function is function:
                    self._check_decorators(site)
            for inner in index.calls:
                if inner.function is function:
                    self._check_call(inner)
        finally:
            del self._param_hosts[function]
            del self._param_calls[function]

    def _check_agent_maker(self, call: CallSite) -> None:
        """`create_agent(name="docker", tools=[list_containers, ...])`, where `create_agent` is the
        project's own maker of a framework's agent (`return Agent(..., tools=list(tools))`, also
        through a dict of keyword arguments, `Agent(**kwargs)`): the list it is given holds the
        agent's tools. Read as a registrar is, from the call: the maker's calls, with its
        parameters standing for what this call passes."""
        if keyword_argument(call.node, "tools") is None or len(self._param_calls) >= MAX_REGISTRAR_DEPTH:
            return
        entity = self._function_called(call)
        if entity is None or entity.node in self._param_calls:
            return
        maker = entity.node
        assert isinstance(maker, cst.FunctionDef)
        passed = arguments_by_name(maker, call.node, skip_first=entity.owner is not None)
        if "tools" not in passed or "tools" not in _parameter_names(maker):
            return
        index = index_of(entity.module)
        self._param_calls[maker] = (call, passed)
        try:
            for inner in index.calls:
                if inner.function is maker:
                    self._check_call(inner)
        finally:
            del self._param_calls[maker]

    def _function_called(self, call: CallSite) -> Entity | None:
        """The function of the tree `call` names as written (`register_tool(...)`,
        `tools.create_agent(...)`), found by its name before its module is parsed; None for any
        other callee."""
        written = dotted(call.node.func)
        found = self.project.locate_written(call.module.path, written) if written is not None else None
        entity = self.project.entity(found) if found is not None and found.kind == "function" else None
        return entity if entity is not None and isinstance(entity.node, cst.FunctionDef) else None

    def _unpacked_keyword(self, call: CallSite, keyword: str) -> cst.BaseExpression | None:
        """`Agent(**kwargs)` of `kwargs = {"tools": list(tools), ...}`, or of `kwargs["tools"] = ...`,
        in the same function: the value given for `keyword`."""
        if call.function is None:
            return None
        unpacked = {arg.value.value for arg in call.node.args if arg.star == "**" and isinstance(arg.value, cst.Name)}
        if not unpacked:
            return None
        for name in unpacked:
            for bound in self.local_values(call, name):  # (also `kwargs: dict[str, Any] = {...}`)
                for element in bound.elements if isinstance(bound, cst.Dict) else ():
                    if isinstance(element, cst.DictElement) and string_literal(element.key) == keyword:
                        return element.value
        for statement in _function_statements(call.function):
            if type(statement) is not cst.Assign or len(statement.targets) != 1:
                continue
            target = statement.targets[0].target
            if (
                isinstance(target, cst.Subscript)
                and isinstance(target.value, cst.Name)
                and target.value.value in unpacked
                and len(target.slice) == 1
                and isinstance(target.slice[0].slice, cst.Index)
                and string_literal(target.slice[0].slice.value) == keyword
            ):
                return statement.value
        return None

    def _loop_registrars(self, call: CallSite) -> list[cst.BaseExpression]:
        """`for register in REGISTRARS: register(mcp)`: the functions the loop's variable takes, when
        the loop runs over a literal list or tuple of names, in place or bound once to a name."""
        func = call.node.func
        if not isinstance(func, cst.Name) or not self._passes_a_host(call):
            return []
        scope = call.function.body if call.function is not None else call.module.tree
        for statement in scope_statements(scope):
            if not isinstance(statement, cst.For) or not isinstance(statement.target, cst.Name):
                continue
            if statement.target.value != func.value or not any(n is call.node for n in walk(statement.body)):
                continue
            items: cst.BaseExpression | None = statement.iter
            if isinstance(items, cst.Name):
                bound = self.local_values(call, items.value) or call.module.assignments.get(items.value, [])
                items = bound[0] if len(bound) == 1 else None
            if isinstance(items, (cst.List, cst.Tuple)):
                return [item.value for item in items.elements if isinstance(item.value, (cst.Name, cst.Attribute))]
        return []

    def _passes_a_host(self, call: CallSite) -> bool:
        """Whether `call` passes, by name and before any `*args`, a value some call made (a server
        or agent may be one): without parsing the factories those calls go through."""
        for arg in call.node.args:
            if arg.star:
                return False
            value = arg.value
            if isinstance(value, (cst.Name, cst.Attribute)) and self._made_by(call, value)[0] is not None:
                return True
        return False

    def _check_agent_tool(self, call: CallSite, func: cst.Attribute, method: str) -> bool:
        """`research_agent.as_tool(tool_name="research", ...)`: a tool that returns an agent's output."""
        kinds = [kind for kind in fw.AGENT_TOOLS if kind.method == method]
        if not kinds:
            return False
        owner = self._receiver_class(call.module, func.value, None)
        if owner is None and not call.module.imported_roots() & set(kinds[0].agent.roots):
            return False
        agent, agent_module = self._agent_call(call, func.value)
        if agent is not None and self._project_class(agent_module, agent.func):
            return False  # an instance of the project's own class
        for kind in kinds:
            if owner is not None and not kind.agent.matches(owner):
                continue
            extractor = self.function_for(call, keyword_argument(call.node, kind.extractor_keyword) or cst.Name("_"))
            source = AgentSource(kind, agent, agent_module, extractor, dotted(func.value) or "Agent(...)")
            receiver = dotted(func.value) or "Agent(...)"  # `Agent(name="x").as_tool(...)`
            name = string_literal(keyword_argument(call.node, "tool_name")) or f"{receiver}.{method}"
            if call.node not in self.tools:
                form = f"Agent.{method}(...)"
                self.tools[call.node] = Tool(call.module, call.node, name, kind.agent.framework, form, made_from=source)
            return True
        return False

    def _project_class(self, module: ModuleInfo, func: cst.BaseExpression) -> bool:
        """`func` names a class of the project (not a framework's, also when its source is in the tree)."""
        func = func.value if isinstance(func, cst.Subscript) else func
        return self.project.external_name(module, func) is None and self.project.resolve_class(module, func) is not None

    def _agent_call(self, call: CallSite, receiver: cst.BaseExpression) -> tuple[cst.Call | None, ModuleInfo]:
        """The `Agent(...)` call that made the receiver (`_made_by`); through a factory of the
        project (`lane = build_lane_agent(...)`) to the call it returns."""
        made, module, given = self._made_by(call, receiver)
        if made is None or given:
            return made, module
        made, module = self._through_factory(made, module)
        return self._through_wrapper(call, made, module) or (made, module)

    def _through_wrapper(
        self, call: CallSite, made: cst.Call, module: ModuleInfo
    ) -> tuple[cst.Call, ModuleInfo] | None:
        """`app = ToolFilter(mcp, allowed)`, a class of the tree made with a server or agent, whose own
        decorator method hands on to it (`def tool(self, *a, **kw): decorator = self._app.tool(*a,
        **kw)`): the call that made that server, found where the wrapper is made."""
        found = self.project.resolve_class(module, made.func)
        if found is None or module is not call.module:
            return None
        own = class_methods(found[1])
        if not any(name in own and _hands_on_to_an_attribute(own[name], name) for name in _DECORATOR_METHODS):
            return None
        for arg in made.args:
            if isinstance(arg.value, cst.Name):
                inner, inner_module, _ = self._made_by(call, arg.value)
                external = self.project.external_name(inner_module, inner.func) if inner is not None else None
                if inner is not None and external is not None and fw.framework_of(external):
                    return inner, inner_module
        return None

    def _made_by(self, call: CallSite, receiver: cst.BaseExpression) -> tuple[cst.Call | None, ModuleInfo, bool]:
        """The call that made the receiver: itself, a local assignment, or a global; and whether it
        is the server given to the registrar `call` is in (already followed through its factory)."""
        module = call.module
        made: cst.Call | None = None
        if isinstance(receiver, cst.Call):
            made = receiver
        elif isinstance(receiver, cst.Name):
            # (not `app = register_tools(app)`: a registrar that hands the server back)
            local = [
                value
                for value in self.local_values(call, receiver.value)
                if isinstance(value, cst.Call) and not _given_itself(value, receiver.value)
            ]
            made = local[-1] if local else None
            given = self._param_hosts.get(call.function) if call.function is not None and made is None else None
            if given is not None and receiver.value in given:  # a parameter of `register_tools(mcp)`
                return given[receiver.value].call, given[receiver.value].module, True
        if made is None:
            entity = self.project.resolve(module, receiver, kinds=("assign",))
            if entity is not None and isinstance(entity.node, cst.Call):
                made, module = entity.node, entity.module
        return made, module, False

    def _through_factory(self, made: cst.Call, module: ModuleInfo) -> tuple[cst.Call, ModuleInfo]:
        """`build_agent(...)` of the project that returns `Agent(...)`: that call, in its module."""
        factory = self.project.resolve(module, made.func, kinds=("function",))
        if factory is None or not isinstance(factory.node, cst.FunctionDef):
            return made, module
        returned = [value for value in _returned_values(factory.node) if isinstance(value, cst.Call)]
        return (returned[0], factory.module) if len(returned) == 1 else (made, module)

    def _grow_tool_attribute(
        self, call: CallSite, attribute: cst.Attribute, values: list[cst.BaseExpression], how: str
    ) -> None:
        """`agent.functions = [...]`, `+= [...]`, `.append(f)`, `.extend([...])`, where `agent` is an
        instance of a framework class that takes its tools in that keyword."""
        owner = self._receiver_class(call.module, attribute.value, None)
        if owner is None:
            return
        keyword = attribute.attr.value
        for registration in fw.REGISTRATIONS:
            if registration.is_list and keyword in registration.keywords and registration.callee.matches(owner):
                for value in values:
                    form = f"{registration.callee.tail}.{keyword}"
                    if how == "append":
                        self._register_arg(call, value, registration.callee.framework, f"{form}.append(fn)")
                    else:
                        self._register_list(call, value, registration.callee.framework, f"{form} = [...]")
                return

    def _check_toolkit_call(self, call: CallSite, func: cst.Attribute, method: str) -> bool:
        """In a toolkit class: `super().__init__(tools=[self.m])`, `self.register(self.m)`."""
        if call.owner is None:
            return False
        receiver = func.value
        is_super = isinstance(receiver, cst.Call) and dotted(receiver.func) == "super" and method == "__init__"
        is_self = isinstance(receiver, cst.Name) and receiver.value == "self"
        if not (is_super or is_self):
            return False
        found = self._tool_class(call.module, call.owner, depth=0)
        if found is None:
            return False
        if is_super and found.init_keywords:
            for keyword in found.init_keywords:
                self._register_list(
                    call, keyword_argument(call.node, keyword), found.framework, f"Toolkit({keyword}=[...])"
                )
            return True
        if is_self and method in found.register_methods:
            self._register_arg(call, positional_argument(call.node, 0), found.framework, f"Toolkit.{method}(fn)")
            return True
        return False

    def _register_from(self, call: CallSite, registration: fw.Registration, external: str) -> None:
        framework = registration.callee.framework
        label = registration.callee.tail
        values: list[cst.BaseExpression] = []
        if registration.positional is not None:
            value = positional_argument(call.node, registration.positional)
            if value is not None:
                values.append(value)
        values.extend(v for v in (keyword_argument(call.node, k) for k in registration.keywords) if v is not None)
        for value in values:
            if registration.is_list:
                self._register_list(call, value, framework, f"{label}(tools=[...])")
            else:
                self._register_one(call, value, framework, f"{label}(fn)")
        if not registration.is_list:
            tools_list = keyword_argument(call.node, "tools")
            if tools_list is not None:
                self._register_list(call, tools_list, framework, f"{label}(tools=[...])")
        if framework in fw.HANDED_OVER and (registration.is_list or keyword_argument(call.node, "tools") is not None):
            self.hands_over = True  # (`tool(fn)`, `@tool(...)`, `from_function(fn)` make a tool, hand none over)

    def _register_routes(self, call: CallSite, conversion: fw.AppConversion) -> None:
        """`FastMCP.from_fastapi(app=app)`, `FastApiMCP(app, include_tags=["search"])`: each route
        of the app that the call serves is a tool (see `find.routes`)."""
        app = keyword_argument(call.node, conversion.keyword) or positional_argument(call.node, conversion.positional)
        if app is None:
            return
        form = f"{conversion.callee.tail}(app) -> route"
        for route in served_routes(self.project, call, app):
            self._add(route, conversion.callee.framework, form, declared_in=call.module)

    def _register_one(self, call: CallSite, value: cst.BaseExpression | None, framework: str, form: str) -> None:
        """A registration of one function: read it, and note whether it led to one."""
        before = self._registered
        self._register_arg(call, value, framework, form)
        if self._registered > before:
            self._followed.add(call.node)
        elif isinstance(value, _NAMED_VALUES) and self._worth_a_notice(call, value):
            self._unfollowed.setdefault(call.node, call.module)

    def _worth_a_notice(self, call: CallSite, value: cst.BaseExpression) -> bool:
        """Whether a registration that led nowhere hides tools of the project. Not so for:
        - a library's function (`mcp.add_tool(wikipedia.search)`): not the project's to check;
        - a parameter (`def as_tool(fn): return FunctionTool(fn)`): the function comes from the
          callers, and a registrar handed a server is read at each call;
        - a decorator factory (`@tool(name, description=...)`): its argument is a name, not a function;
        - `mcp.add_tool(tool_obj)` of `tool_obj = FunctionTool.from_function(f)`: that call says
          (not so for `wrapped = wrap_tool(func, ctx)` of the tree: its `func` was followed)."""
        if self._from_library(call.module, value):
            return False
        if call.node in self._decorator_calls(call.module):
            return False
        if isinstance(value, cst.Name):
            if call.function is not None and value.value in _parameter_names(call.function):
                return False
            made_here = [made for made in self.local_values(call, value.value) if isinstance(made, cst.Call)]
            if any(self._project_factory(call, made) is None for made in made_here):
                return False  # (a wrapper of the tree, `wrap_tool(func, ctx)`, was followed: it led nowhere)
        return True

    def _from_library(self, module: ModuleInfo, value: cst.BaseExpression) -> bool:
        """`wikipedia.search`, `DDGS().text`, `client.search` of a global `client = Exa(...)`: a name
        imported from a library, or a method of an instance of a library's class."""
        while isinstance(value, (cst.Attribute, cst.Subscript, cst.Call)):
            if self.project.external_name(module, value) is not None:
                return True
            value = value.func if isinstance(value, cst.Call) else value.value
        if not isinstance(value, cst.Name):
            return False
        if self.project.external_name(module, value) is not None:
            return True
        return self._receiver_class(module, value, None) is not None

    def _decorator_calls(self, module: ModuleInfo) -> frozenset[cst.CSTNode]:
        found = self._decorators_memo.get(id(module))
        if found is None:
            index = index_of(module)
            decorated: list[cst.FunctionDef | cst.ClassDef] = [site.node for site in index.functions]
            decorated.extend(index.classes)
            found = frozenset(
                decorator.decorator
                for node in decorated
                for decorator in node.decorators
                if isinstance(decorator.decorator, cst.Call)
            )
            self._decorators_memo[id(module)] = found
        return found

    def _register_list(
        self,
        call: CallSite,
        value: cst.BaseExpression | None,
        framework: str,
        form: str,
        depth: int = 0,
        field: str | None = None,
    ) -> None:
        """Register each item of the list `value`; with `field`, the field of that name of each row
        of a table of tools (`for spec in TOOLS: mcp.add_tool(spec.func)`, see `find.registry_rows`)."""
        if value is None or depth > MAX_LIST_FOLLOW:
            return
        if isinstance(value, (cst.List, cst.Tuple, cst.Set)):
            for element in value.elements:
                inner = element.value
                # The depth goes on into the elements: `for t in tools: found = [t]` must not loop.
                if isinstance(element, cst.StarredElement):
                    self._register_list(call, inner, framework, form, depth + 1, field)
                elif field is not None:
                    self._register_row_field(call, inner, field, framework, form, depth + 1)
                else:
                    self._register_arg(call, inner, framework, form, depth + 1)
            return
        if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add):
            self._register_list(call, value.left, framework, form, depth + 1, field)
            self._register_list(call, value.right, framework, form, depth + 1, field)
            return
        if isinstance(value, cst.ListComp) and (
            _echoes_its_target(value) or field is not None and rows.made_from_row(value.elt, value.for_in.target)
        ):
            # `[tool for tool in tools if tool.__name__ not in disabled]`: some of `tools`;
            # `[Tool.from_dict(d) for d in DEFS]`, read for a field: the rows of `DEFS`.
            self._register_list(call, value.for_in.iter, framework, form, depth + 1, field)
            return
        if isinstance(value, cst.Call) and _is_builtin_copy(call.module, value.func):
            self._register_list(call, positional_argument(value, 0), framework, form, depth + 1, field)  # `list(TOOLS)`
            return
        if isinstance(value, cst.Call):
            # `get_tools(read_only=True)` of the project: the lists it returns, each of its
            # parameters standing for what the call passes (`return [t for t in tools if ...]`).
            factory = self._project_factory(call, value)
            if factory is not None:
                with self._parameters_passed(factory, call, value):
                    for inside, returned in self._factory_returns(call, factory):
                        self._register_list(inside, returned, framework, form, depth + 1, field)
            return
        outer = self._param_calls.get(call.function) if call.function is not None else None
        if isinstance(value, cst.Name) and outer is not None and value.value in outer[1]:
            self._register_list(outer[0], outer[1][value.value], framework, form, depth + 1, field)
            return
        if isinstance(value, cst.Name):
            for assigned in self.local_values(call, value.value):
                self._register_list(call, assigned, framework, form, depth + 1, field)
            for inside, unpacked in self._unpacked_from_call(call, value.value):
                self._register_list(inside, unpacked, framework, form, depth + 1, field)
        if isinstance(value, (cst.Name, cst.Attribute)):
            # A module's list, here or imported (`oss_tools.tools`), and what that module adds to it.
            entity = self.project.resolve(call.module, value)
            if entity is not None and entity.kind == "assign" and isinstance(entity.node, cst.BaseExpression):
                inner_call = CallSite(entity.module, call.node, None, None)
                self._register_list(inner_call, entity.node, framework, form, depth + 1, field)
                for grown in _module_list_growth(entity.module, entity.name):
                    self._register_list(inner_call, grown, framework, form, depth + 1, field)
        if isinstance(value, cst.Name) and field is None:
            factory = self.function_for(call, value)
            if factory is not None:
                # `tools=get_tools`: a tools factory (Agno); the lists it returns hold the tools.
                for inside, returned in self._factory_returns(call, factory):
                    self._register_list(inside, returned, framework, form, depth + 1)

    @contextmanager
    def _parameters_passed(self, factory: cst.FunctionDef, call: CallSite, made: cst.Call) -> Iterator[None]:
        """While the returns of `factory` are read for the call `made`, its parameters stand for the
        arguments `made` passes (unless a registrar's reading already maps them)."""
        if factory in self._param_calls:
            yield
            return
        site = self.project.site_of(factory)
        skip_first = site is not None and site.owner is not None
        self._param_calls[factory] = (call, arguments_by_name(factory, made, skip_first=skip_first))
        try:
            yield
        finally:
            del self._param_calls[factory]

    def _register_loop_field(
        self, call: CallSite, read: tuple[str, str], framework: str, form: str, depth: int
    ) -> None:
        """`for spec in TOOLS: mcp.add_tool(spec.func)`: the field `func` of each row of `TOOLS`."""
        name, field = read
        for iterated in self._loop_sources(call, name):
            self._register_list(call, iterated, framework, form, depth + 1, field=field)

    def _register_row_field(
        self, call: CallSite, row: cst.BaseExpression, field: str, framework: str, form: str, depth: int
    ) -> None:
        """The function a row of a table of tools holds in `field`: `{"func": f}`,
        `ToolSpec(func=f)` or `ToolSpec(f)` of a record class of the tree, or a row bound to a name."""
        if depth > MAX_LIST_FOLLOW:
            return
        if isinstance(row, cst.Dict):
            self._register_arg(call, rows.dict_entry(row, field), framework, form, depth + 1)
        elif isinstance(row, cst.Call):
            resolved = self.project.resolve_class(call.module, callee(row))
            fields = rows.record_fields(resolved[1]) if resolved is not None else []
            self._register_arg(call, rows.record_argument(row, field, fields), framework, form, depth + 1)
        elif isinstance(row, (cst.Name, cst.Attribute)):
            entity = self.project.resolve(call.module, row, kinds=("assign",))
            if entity is not None and isinstance(entity.node, cst.BaseExpression):
                inner_call = CallSite(entity.module, call.node, None, None)
                self._register_row_field(inner_call, entity.node, field, framework, form, depth + 1)

    def _register_arg(
        self, call: CallSite, value: cst.BaseExpression | None, framework: str, form: str, depth: int = 0
    ) -> None:
        if value is None or depth > MAX_LIST_FOLLOW:
            return
        if isinstance(value, cst.Tuple):  # `(self.asearch, "search")`, `("search", "asearch")`
            for element in value.elements:
                self._register_arg(call, element.value, framework, form, depth + 1)
            return
        if isinstance(value, cst.IfExp):  # `mcp.add_tool(invoke if mock else logged(invoke))`: either
            self._register_arg(call, value.body, framework, form, depth + 1)
            self._register_arg(call, value.orelse, framework, form, depth + 1)
            return
        if isinstance(value, cst.Subscript) and isinstance(value.value, cst.Name):
            # `tool_map[name]` of a local `tool_map = {"a": self.a, ...}`: any of its values.
            tables = [made for made in self.local_values(call, value.value.value) if isinstance(made, cst.Dict)]
            for entry in (entry for table in tables for entry in table.elements):
                if isinstance(entry, cst.DictElement):
                    self._register_arg(call, entry.value, framework, form, depth + 1)
            if tables or rows.field_read(value) is None:
                return
        if isinstance(value, cst.Lambda):
            name = string_literal(keyword_argument(call.node, "name"))
            qualname = f"{name}.<lambda>" if name else "<lambda>"
            if value not in self.tools:
                in_method = call.owner if call.function is not None else None
                self.tools[value] = Tool(call.module, value, qualname, framework, form, enclosing_class=in_method)
            self._registered += 1
            return
        if isinstance(value, cst.Call) and (read := rows.field_read(value)) is not None:
            self._register_loop_field(call, read, framework, form, depth)  # `row.get("func")`
            return
        if isinstance(value, cst.Call):
            # functools.partial(fn, ...) still calls fn; typing.cast(T, fn) is fn.
            callee = self.project.external_name(call.module, value.func) or ""
            if callee == "functools.partial":
                self._register_arg(call, positional_argument(value, 0), framework, form, depth + 1)
            elif callee == "typing.cast":
                self._register_arg(call, positional_argument(value, 1), framework, form, depth + 1)
            else:
                self._register_instance(call, value)
                self._register_made(call, value, framework, form, depth + 1)
            return
        outer = self._param_calls.get(call.function) if call.function is not None else None
        if isinstance(value, cst.Name) and outer is not None and value.value in outer[1]:
            # `mcp.add_tool(fn)` in `add_tool(mcp, fn)`: what the call being read passes as `fn`
            # (`for tool in READ_TOOLS: add_tool(mcp, tool)` registers each of them).
            self._register_arg(outer[0], outer[1][value.value], framework, form, depth + 1)
            return
        target = self.function_for(call, value)
        if target is not None:
            self._add(
                target,
                framework,
                form,
                content_and_artifact=_has_keyword_value(call.node, "response_format", ARTIFACT_FORMAT),
                declared_in=call.module,
                framework_limit=_framework_limit(call),
            )
        elif isinstance(value, cst.Name):
            # `FunctionTool(f) for f in (self.a, self.b)`: the loop's items.
            for iterated in self._loop_sources(call, value.value):
                self._register_list(call, iterated, framework, form, depth + 1)
            # `handler = make_handler(slug)`: the function the factory returns; `shell = ShellTool()`:
            # an instance of a tool class; `func = spec.func`: a field of a table's row; `find_tool =
            # find` then `find_tool = wrap_filters(find_tool, ...)`: `find`, through the wrapper.
            following = (call.function, value.value)
            if following in self._following:
                return  # (`find_tool = wrap(find_tool)` names itself: its other bindings say what it is)
            self._following.add(following)
            for assigned in self.local_values(call, value.value):
                if rows.field_read(assigned) is not None or isinstance(assigned, cst.Name):
                    self._register_arg(call, assigned, framework, form, depth + 1)
                elif isinstance(assigned, cst.Call):
                    self._register_instance(call, assigned)
                    self._register_made(call, assigned, framework, form, depth + 1)
            self._following.discard(following)
        elif (read := rows.field_read(value)) is not None:
            self._register_loop_field(call, read, framework, form, depth)

    def function_for(self, call: CallSite, value: cst.BaseExpression) -> cst.FunctionDef | None:
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
        if isinstance(value, cst.Attribute):
            return self._bound_method(module, value) or self._local_bound_method(call, value)
        return None

    def _local_bound_method(self, call: CallSite, value: cst.Attribute) -> cst.FunctionDef | None:
        """`notes.search` where the enclosing function made `notes = Notes()` (or `cls(...)` in a
        classmethod): that class's method, as for an instance made in place."""
        if not isinstance(value.value, cst.Name) or value.value.value in ("self", "cls"):
            return None
        made = self.local_values(call, value.value.value)
        if len(made) != 1 or not isinstance(made[0], cst.Call):
            return None
        func = made[0].func
        if isinstance(func, cst.Name) and func.value == "cls" and call.owner is not None:
            return class_methods(call.owner).get(value.attr.value)
        return self._method_of_made(call.module, made[0], value.attr.value)

    def _note_instance_hosts(self, tool: Tool) -> None:
        """A method tool of a class an instance of which is registered: registered there too."""
        if not self._instance_hosts:
            return
        owner = self.project.site_of(tool.node) if isinstance(tool.node, cst.FunctionDef) else None
        for host in self._instance_hosts.get(owner.owner, []) if owner is not None and owner.owner else []:
            if host not in tool.hosts:
                tool.hosts.append(host)

    def _register_instance(self, call: CallSite, made: cst.Call) -> None:
        """`tools=[Scraper()]` on an agent: an instance of a tool class of the tree, whose run methods
        (found as that class's tools) are registered on the agent being read."""
        if self._host is None:
            return
        entity = self.project.resolve(call.module, made.func)
        if entity is not None and entity.kind == "class" and isinstance(entity.node, cst.ClassDef):
            hosts = self._instance_hosts.setdefault(entity.node, [])
            if self._host not in hosts:
                hosts.append(self._host)
            if entity.module not in self.roots:
                # A class of another module (`from app.tools import ShellTool`): its tools are
                # found here too, so what covers this agent covers them in that module's analysis.
                self._check_class(
                    entity.module, entity.node, index_of(entity.module).classes.get(entity.node, entity.name)
                )

    def _register_made(self, call: CallSite, made: cst.Call, framework: str, form: str, depth: int) -> None:
        """`make_handler(x)` registered: the functions a project factory returns (its closures).

        A framework's own function (`function_tool(fn)`, also when its source is
        in the tree) is a registration, not a factory of tools."""
        factory = self._project_factory(call, made)
        if factory is None:
            return
        wrapped = _wrapped_argument(factory, made)
        if wrapped is not None:
            # A decorator applied by hand (`async_background(fn)`): its wrapper runs `fn` and
            # gives back what `fn` gives, so the tool to read is `fn`, not the one wrapper
            # every tool would share.
            self._register_arg(call, wrapped, framework, form, depth + 1)
            return
        for inside, returned in self._factory_returns(call, factory):
            self._register_arg(inside, returned, framework, form, depth + 1)

    def _project_factory(self, call: CallSite, made: cst.Call) -> cst.FunctionDef | None:
        """The project function `made` calls, unless it is a framework's own (`function_tool(fn)`,
        also when its source is in the tree), which registers rather than makes tools."""
        if fw.framework_of(self.project.external_name(call.module, made.func) or "") is not None:
            return None
        return self.function_for(call, made.func)

    def _factory_returns(self, call: CallSite, factory: cst.FunctionDef) -> list[tuple[CallSite, cst.BaseExpression]]:
        """What `factory` returns, each with a call site inside it (its own closures resolve there)."""
        site = self.project.site_of(factory)
        if site is None:
            return []
        inside = CallSite(site.module, call.node, site.owner, factory)
        return [(inside, returned) for returned in _returned_values(factory)]

    def _unpacked_from_call(self, call: CallSite, name: str) -> list[tuple[CallSite, cst.BaseExpression]]:
        """`tools, confirmed = prepare_tools(...)` in the enclosing function, `prepare_tools` of the
        project: the items in `name`'s place of each tuple it returns (whose own names resolve
        inside it, so they come back as that function's `return (enabled, names)` values)."""
        if call.function is None:
            return []
        found: list[tuple[CallSite, cst.BaseExpression]] = []
        for statement in _function_statements(call.function):
            if not isinstance(statement, cst.Assign) or not isinstance(statement.value, cst.Call):
                continue
            for target in statement.targets:
                place = (
                    _place_in_target(target.target, name) if isinstance(target.target, (cst.Tuple, cst.List)) else None
                )
                factory = self.function_for(call, statement.value.func) if place is not None else None
                if place is None or factory is None:
                    continue
                for inside, returned in self._factory_returns(call, factory):
                    if isinstance(returned, (cst.Tuple, cst.List)) and place < len(returned.elements):
                        item = returned.elements[place].value
                        found.append((inside, item))
        return found

    def _bound_method(self, module: ModuleInfo, value: cst.Attribute) -> cst.FunctionDef | None:
        """`notes.read` where `notes = NotesClient(...)` is a module-level instance of a project class,
        or `SearchToolkit().search`, `ExaSearchTool(client=c).__call__`: an instance made in place."""
        if isinstance(value.value, cst.Call):
            made, made_in = value.value, module
        else:
            entity = self.project.resolve(module, value.value)
            if entity is None or entity.kind != "assign" or not isinstance(entity.node, cst.Call):
                return None
            made, made_in = entity.node, entity.module
        return self._method_of_made(made_in, made, value.attr.value)

    def _method_of_made(self, module: ModuleInfo, made: cst.Call, name: str) -> cst.FunctionDef | None:
        """The method `name` of the class of the tree that `made` constructs (in `module`)."""
        resolved = self.project.resolve_class(module, callee(made))
        return class_methods(resolved[1]).get(name) if resolved is not None else None

    def _loop_sources(self, call: CallSite, name: str) -> list[cst.BaseExpression]:
        """What a loop or comprehension in the enclosing function (or at module level) iterates to
        bind `name`. For a name in a tuple target (`for func, description in [(f, "..."), ...]`), the
        items in that place of a literal list of tuples, as a list."""
        scope: cst.CSTNode = call.function.body if call.function is not None else call.module.tree
        found: list[cst.BaseExpression] = []
        stack: list[cst.CSTNode] = [scope]
        while stack:
            node = stack.pop()
            if isinstance(node, (cst.For, cst.CompFor)):
                if isinstance(node.target, cst.Name) and node.target.value == name:
                    found.append(node.iter)
                elif isinstance(node.target, (cst.Tuple, cst.List)):
                    place = _place_in_target(node.target, name)
                    items = self._items_at(call.module, node.iter, place) if place is not None else []
                    if items:
                        found.append(cst.List([cst.Element(item) for item in items]))
            if not isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                stack.extend(child_nodes(node))
        return found

    def _items_at(self, module: ModuleInfo, iterated: cst.BaseExpression, place: int) -> list[cst.BaseExpression]:
        """The `place`-th item of each tuple of a literal list of tuples, written in the loop or
        assigned to a module-level name (`TOOLS = [(search, "Search"), ...]`)."""
        if isinstance(iterated, cst.Name):
            entity = self.project.resolve(module, iterated, kinds=("assign",))
            iterated = entity.node if entity is not None and isinstance(entity.node, cst.BaseExpression) else iterated
        if not isinstance(iterated, (cst.List, cst.Tuple)):
            return []
        items = []
        for element in iterated.elements:
            row = element.value
            if isinstance(row, (cst.Tuple, cst.List)) and place < len(row.elements):
                if not any(isinstance(e, cst.StarredElement) for e in row.elements[: place + 1]):
                    items.append(row.elements[place].value)
        return items

    def _nested_function(self, call: CallSite, name: str) -> cst.FunctionDef | None:
        if call.function is None:
            return None
        for site in index_of(call.module).functions:
            if site.parent_function is call.function and site.node.name.value == name:
                return site.node
        return None

    def local_values(self, call: CallSite, name: str) -> list[cst.BaseExpression]:
        if call.function is None:
            return []
        found: list[cst.BaseExpression] = []
        for statement in _function_statements(call.function):
            # Exact classes: `isinstance` on libcst's classes runs `abc`'s code, for every statement.
            if type(statement) is cst.Assign:
                if any(isinstance(t.target, cst.Name) and t.target.value == name for t in statement.targets):
                    found.append(statement.value)
            elif type(statement) is cst.AnnAssign and statement.value is not None:
                if isinstance(statement.target, cst.Name) and statement.target.value == name:
                    found.append(statement.value)
            elif type(statement) is cst.AugAssign and isinstance(statement.target, cst.Name):
                if statement.target.value == name and isinstance(statement.operator, cst.AddAssign):
                    found.append(statement.value)  # `tools += [...]`
            elif type(statement) is cst.Expr and isinstance(statement.value, cst.Call):
                found.extend(_list_growth(statement.value, name))
        return found

    # -- conventions --------------------------------------------------------

    def _check_conventions(self, module: ModuleInfo) -> None:
        anchor = CallSite(module, cst.Call(func=cst.Name("_")), None, None)
        for prefix, framework in fw.TOOL_MODULES.items():
            if module.name.startswith(prefix + "."):
                for name, function in module.functions.items():
                    if not name.startswith("_"):
                        self._add(function, framework, "built-in tool module")
        if self.configured.tool_functions:
            # module-level functions (`pkg.tools.*.handle_*`) and methods (`pkg.*.HandlersMixin._*_tool`)
            defined = list(module.functions.items())
            defined += [
                (f"{class_name}.{name}", method)
                for class_name, cls in module.classes.items()
                for name, method in class_methods(cls).items()
            ]
            for name, function in defined:
                if self.configured.function_entry(module.name, name) is not None:
                    self._add(function, "custom", TOOL_FUNCTIONS)
        for statement in scope_statements(module.tree):
            # `agent.functions = [...]` / `agent.functions += [...]` at module level.
            if isinstance(statement, cst.Assign) and len(statement.targets) == 1:
                target = statement.targets[0].target
                if isinstance(target, cst.Attribute):
                    self._grow_tool_attribute(anchor, target, [statement.value], "assign")
            elif isinstance(statement, cst.AugAssign) and isinstance(statement.target, cst.Attribute):
                self._grow_tool_attribute(anchor, statement.target, [statement.value], "assign")
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
            if isinstance(element, cst.DictElement) and string_literal(element.key) == "name":
                spec_name = string_literal(element.value)
        function = module.functions.get(module.path.stem) or (module.functions.get(spec_name) if spec_name else None)
        if function is not None:
            self._add(function, "strands", "TOOL_SPEC module")


# Methods of a toolkit class that are its machinery, not tools.
_TOOLKIT_PLUMBING = frozenset({"get_tools", "to_tool_list", "to_tool_list_async", "register", "run_mcp_server"})


def _bound_otherwise(method: cst.FunctionDef) -> bool:
    """A classmethod, staticmethod or property: not what a toolkit's `FunctionTool(self.m)` wraps
    (an application's `get_can_use_tools` classmethod builds the tool list)."""
    names = {dotted(d.decorator) for d in method.decorators}
    return bool(names & {"classmethod", "staticmethod", "property", "functools.cached_property", "cached_property"})


def _is_kin(entry: fw.ToolBase, external: str) -> bool:
    """`langroid.agent.special.DocChatAgent`: another class of the framework that is its `ChatAgent`."""
    return (
        entry.kin_suffix is not None
        and external.split(".", 1)[0] in entry.base.roots
        and external.rsplit(".", 1)[-1].endswith(entry.kin_suffix)
    )


def _builtin_toolkit(external: str) -> ToolClass | None:
    """A framework's own toolkit (`camel.toolkits.SearchToolkit`): its subclasses override tools."""
    name = external.rsplit(".", 1)[-1]
    if not name.endswith(fw.BUILTIN_TOOLKIT_NAME):
        return None
    for entry in fw.TOOL_BASE_CLASSES:
        if entry.builtin_toolkits and external.split(".", 1)[0] in entry.base.roots:
            found = ToolClass.of(entry)
            return dataclasses.replace(found, overrides_builtin=True)
    return None


def _class_body_assignment(cls: cst.ClassDef, name: str) -> cst.BaseExpression | None:
    if not isinstance(cls.body, cst.IndentedBlock):
        return None
    value = None
    for line in cls.body.body:
        if not isinstance(line, cst.SimpleStatementLine):
            continue
        for statement in line.body:
            if isinstance(statement, cst.Assign):
                if any(isinstance(t.target, cst.Name) and t.target.value == name for t in statement.targets):
                    value = statement.value
            elif isinstance(statement, cst.AnnAssign) and statement.value is not None:
                if isinstance(statement.target, cst.Name) and statement.target.value == name:
                    value = statement.value
    return value


def _list_elements(value: cst.BaseExpression) -> list[cst.BaseElement]:
    return list(value.elements) if isinstance(value, (cst.List, cst.Tuple)) else []


def _method_names(value: cst.BaseExpression) -> list[str]:
    """`["a", ("b", "ab")]` -> a, b, ab: the names in a list of names or of (sync, async) pairs."""
    names: list[str] = []
    for element in _list_elements(value):
        item = element.value
        if isinstance(item, cst.Tuple):
            names.extend(name for e in item.elements if (name := string_literal(e.value)) is not None)
        elif (name := string_literal(item)) is not None:
            names.append(name)
    return names


def _module_list_growth(module: ModuleInfo, name: str) -> list[cst.BaseExpression]:
    """What the module adds to its list `name` at module level: `tools.extend([...])`,
    `tools.append(f)`, and each function decorated `@tools.append`."""
    grown: list[cst.BaseExpression] = []
    for statement in scope_statements(module.tree):
        if isinstance(statement, cst.Expr) and isinstance(statement.value, cst.Call):
            grown.extend(_list_growth(statement.value, name))
        elif isinstance(statement, cst.FunctionDef) and any(
            dotted(decorator.decorator) == f"{name}.append" for decorator in statement.decorators
        ):
            grown.append(cst.List([cst.Element(cst.Name(statement.name.value))]))
    return grown


def _list_growth(call: cst.Call, name: str) -> list[cst.BaseExpression]:
    """`tools.append(x)` -> [x]; `tools.extend(xs)` -> xs; on the local list `name`."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == name):
        return []
    argument = positional_argument(call, 0)
    if argument is None:
        return []
    if func.attr.value == "append":
        return [cst.List([cst.Element(argument)])]
    if func.attr.value == "extend":
        return [argument]
    return []


def _returned_values(function: cst.FunctionDef) -> list[cst.BaseExpression]:
    """The values of the function's own `return` statements (not of nested functions)."""
    return [returned.value for returned in own_returns(function) if returned.value is not None]


def _wrapped_argument(factory: cst.FunctionDef, made: cst.Call) -> cst.BaseExpression | None:
    """The function `made` hands to a decorator-shaped `factory`: one that returns a nested def
    calling the parameter it was given (`def async_background(fn): def wrapper(*a): return
    run(fn)(*a) ... return wrapper`)."""
    passed = arguments_by_name(factory, made, skip_first=False)
    for returned in _returned_values(factory):
        nested = _nested_def(factory, returned.value) if isinstance(returned, cst.Name) else None
        if nested is None:
            continue
        called = _called_names(nested)
        for name, value in passed.items():
            if name in called and isinstance(value, (cst.Name, cst.Attribute)):
                return value
    return None


def _called_names(function: cst.FunctionDef) -> set[str]:
    """Names `function` calls: `fn(...)`, `asyncify(fn)(...)`, or wraps with `@wraps(fn)`; a value
    it only reads (`make_handler(slug)` quoting `slug`) is not one."""
    names: set[str] = set()
    for decorator in function.decorators:
        expr = decorator.decorator
        if isinstance(expr, cst.Call) and dotted(expr.func) in ("wraps", "functools.wraps"):
            names.update(arg.value.value for arg in expr.args if isinstance(arg.value, cst.Name))
    for node in walk(function.body):
        if not isinstance(node, cst.Call):
            continue
        func = node.func
        if isinstance(func, cst.Name):
            names.add(func.value)
        elif isinstance(func, cst.Call):
            names.update(arg.value.value for arg in func.args if isinstance(arg.value, cst.Name))
    return names


def _registers(function: cst.FunctionDef) -> bool:
    """`function`, a decorator, puts what it is given where tools are kept: hands it to a call that
    keeps tools (`SERVER.tool(func)`, `registry.register(func)`, `TOOLS.append(func)`) or stores it
    in a table of tools (`TOOL_REGISTRY[name] = func`), in its body or in a decorator it defines;
    or it is a factory of a registry's decorator (`return registry.register(type="tool")`). Not a
    wrapper that only labels it (`wrapper.is_tool = True`), nor one that keeps it among commands
    (`COMMANDS[name] = fn`: a CLI's subcommands)."""
    given = {
        name
        for name in (_first_parameter(node) for node in walk(function) if isinstance(node, cst.FunctionDef))
        if name
    }
    for node in walk(function.body):
        if isinstance(node, cst.Call) and _keeps_tools(node.func):
            if any(isinstance(arg.value, cst.Name) and arg.value.value in given for arg in node.args):
                return True
        elif isinstance(node, cst.Assign) and isinstance(node.value, cst.Name) and node.value.value in given:
            tables = [target.target.value for target in node.targets if isinstance(target.target, cst.Subscript)]
            if any(_names_tools(last_name(table)) for table in tables):
                return True
    returned = [line.value for line in own_returns(function)]
    return any(isinstance(value, cst.Call) and _keeps_tools(value.func) for value in returned)


def _keeps_tools(func: cst.BaseExpression) -> bool:
    """`mcp.tool`, `add_tool`, `registry.register`, `TOOLS.append`: a call that keeps tools, by its
    own name or by what it is called on."""
    if name_words(last_name(func))[-1:] == ["tool"]:
        return True
    return isinstance(func, cst.Attribute) and _names_tools(last_name(func.value))


def _names_tools(name: str) -> bool:
    """`TOOLS`, `tool_registry`, `registry`: a name for where tools are kept."""
    return bool({"tool", "tools", "registry"} & set(name_words(name)))


def _first_parameter(function: cst.FunctionDef) -> str | None:
    """The name of the first positional parameter: the function a decorator is given."""
    params = [*function.params.posonly_params, *function.params.params]
    return params[0].name.value if params else None


def _dispatches_by_name(tool: Tool) -> bool:
    """A low-level MCP server's `call_tool` handler: it is given each tool's name and arguments."""
    return tool.framework == "mcp" and "call_tool" in tool.form and isinstance(tool.node, cst.FunctionDef)


def _calls_a_tool_callback(function: cst.FunctionDef | None, name: str) -> bool:
    """`name` is a parameter of `function` named for adding a tool (`add_tool`, `register_tool`):
    a callback a server's registration hands down (`register_tools(mcp.add_tool)`)."""
    return (
        function is not None
        and fw.TOOL_REGISTRY_FUNCTION.match(name) is not None
        and name in _parameter_names(function)
    )


def _imported_framework(module: ModuleInfo) -> str | None:
    """The framework a module imports whose objects register tools (`mcp`, `agno`, ...), if any."""
    roots = module.imported_roots() & fw.INSTANCE_REGISTRATION_ROOTS
    return fw.framework_of(sorted(roots)[0]) if roots else None


def _filed_parameters(function: cst.FunctionDef) -> set[str]:
    """The parameters `function` files in a table it does not make itself: `registry[name] = fn`,
    `tools.append(fn)` of a name bound outside the function (its module's, or `global`), or of
    the instance's (`self._tools[name] = fn`)."""
    params = {param.name.value for param in [*function.params.params, *function.params.kwonly_params]}
    local = {
        target.target.value
        for statement in scope_statements(function.body)
        if isinstance(statement, cst.Assign)
        for target in statement.targets
        if isinstance(target.target, cst.Name)
    }

    def kept(table: cst.BaseExpression) -> bool:
        if isinstance(table, cst.Attribute):
            return isinstance(table.value, cst.Name) and table.value.value == "self"
        return isinstance(table, cst.Name) and table.value not in local | params

    filed: set[str] = set()
    for statement in scope_statements(function.body):
        if isinstance(statement, cst.Assign) and isinstance(statement.value, cst.Name):
            for target in statement.targets:
                if isinstance(target.target, cst.Subscript) and kept(target.target.value):
                    filed.add(statement.value.value)
        elif isinstance(statement, cst.Expr) and isinstance(statement.value, cst.Call):
            func, args = statement.value.func, statement.value.args
            if isinstance(func, cst.Attribute) and func.attr.value == "append" and len(args) == 1:
                if kept(func.value) and isinstance(args[0].value, cst.Name):
                    filed.add(args[0].value.value)
    return filed & params


def _bound_once(function: cst.FunctionDef, name: str) -> cst.BaseExpression | None:
    """What the one assignment to `name` at `function`'s own level binds (None for none or several)."""
    values = [
        statement.value
        for statement in scope_statements(function.body)
        if isinstance(statement, cst.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0].target, cst.Name)
        and statement.targets[0].target.value == name
    ]
    return values[0] if len(values) == 1 else None


def _nested_def(function: cst.FunctionDef, name: str) -> cst.FunctionDef | None:
    """The function `name` defined directly in `function`'s body."""
    for statement in _function_statements(function):
        if isinstance(statement, cst.FunctionDef) and statement.name.value == name:
            return statement
    return None


def _annotated_classes(annotation: cst.BaseExpression | None) -> list[cst.BaseExpression]:
    """The classes an annotation names: `X`, and each member of `X | None`, `Optional[X]`, `Union[X, Y]`."""
    if annotation is None:
        return []
    if isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
        return [*_annotated_classes(annotation.left), *_annotated_classes(annotation.right)]
    if isinstance(annotation, cst.Subscript) and (dotted(annotation.value) or "").rsplit(".", 1)[-1] in (
        "Optional",
        "Union",
    ):
        members = [e.slice.value for e in annotation.slice if isinstance(e.slice, cst.Index)]
        return [named for member in members for named in _annotated_classes(member)]
    return [annotation] if isinstance(annotation, (cst.Name, cst.Attribute)) else []


def _framework_limit(call: CallSite) -> str:
    """`return_char_limit=4000` on the registration: the framework cuts the result itself."""
    for keyword in fw.LIMIT_KEYWORDS:
        value = keyword_argument(call.node, keyword)
        if value is not None and not (isinstance(value, cst.Name) and value.value == "None"):
            return f"{keyword}={call.module.code(value)}"
    return ""


def _self_methods_held(function: cst.FunctionDef) -> list[str]:
    """`m` of each `self.m` value in the dict literals of `function` (a name -> method map), and in
    the list or tuple it returns (`return [self.search, self.fetch]`)."""
    names: list[str] = []
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        held: Sequence[cst.BaseElement | cst.BaseDictElement] = ()
        if isinstance(node, cst.Dict):
            held = node.elements
        elif isinstance(node, cst.Return) and isinstance(node.value, (cst.List, cst.Tuple)):
            held = node.value.elements
        for element in held:
            value = element.value if isinstance(element, (cst.DictElement, cst.Element)) else None
            if isinstance(value, cst.Attribute) and dotted(value.value) == "self":
                names.append(value.attr.value)
        if not isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            stack.extend(child_nodes(node))
    return names


def _is_dispatch_table(value: cst.Dict) -> bool:
    elements = [e for e in value.elements if isinstance(e, cst.DictElement)]
    return (
        bool(elements)
        and len(elements) == len(value.elements)
        and all(string_literal(e.key) is not None and isinstance(e.value, (cst.Name, cst.Attribute)) for e in elements)
    )


# LangChain's `response_format` of a tool whose result is `(content, artifact)`.
ARTIFACT_FORMAT = "content_and_artifact"


def _has_keyword_value(call: cst.Call, name: str, value: str) -> bool:
    return string_literal(keyword_argument(call, name)) == value


def _passes_a_function(call: cst.Call) -> bool:
    """A first positional argument that can name a function (not `tool("name")`)."""
    first = call.args[0] if call.args else None
    if first is None or first.keyword is not None or first.star:
        return False
    return isinstance(first.value, (cst.Name, cst.Attribute))


def callee(call: cst.Call) -> cst.BaseExpression:
    """What a call calls, without its type arguments: `Agent` of `Agent[Ctx](...)`."""
    return call.func.value if isinstance(call.func, cst.Subscript) else call.func


# Annotations that name no class: a receiver annotated so is as unknown as one not annotated.
_UNTYPED = frozenset({"typing.Any", "typing_extensions.Any", "builtins.object", "object"})


def _is_builtin_copy(module: ModuleInfo, func: cst.BaseExpression) -> bool:
    """`list(TOOLS)`, `tuple(TOOLS)`: the builtin (not a name the module defines or imports)."""
    return (
        isinstance(func, cst.Name)
        and func.value in ("list", "tuple")
        and func.value not in module.functions
        and module.qualify(func) in (None, f"builtins.{func.value}", func.value)
    )


def _echoes_its_target(comprehension: cst.ListComp) -> bool:
    """`[tool for tool in tools ...]`: each item is the loop's own name, filtered at most (or
    that name in one branch of a conditional)."""
    target = comprehension.for_in.target
    if not isinstance(target, cst.Name) or comprehension.for_in.inner_for_in is not None:
        return False
    elt = comprehension.elt
    # `wrap(tool) if tool.__name__ in confirm else tool`: the tool, wrapped or not.
    branches = [elt.body, elt.orelse] if isinstance(elt, cst.IfExp) else [elt]
    return any(isinstance(branch, cst.Name) and branch.value == target.value for branch in branches)


def _place_in_target(target: cst.Tuple | cst.List, name: str) -> int | None:
    """Where `name` is in a loop's tuple target (`for func, description in ...`), if it is there
    before any starred name."""
    for place, element in enumerate(target.elements):
        if isinstance(element, cst.StarredElement):
            return None
        if isinstance(element.value, cst.Name) and element.value.value == name:
            return place
    return None


def _parameter_annotation(site: FunctionSite, name: str) -> cst.BaseExpression | None:
    params = site.node.params
    for param in [*params.posonly_params, *params.params, *params.kwonly_params]:
        if param.name.value == name and param.annotation is not None:
            return param.annotation.annotation
    return None


def _given_itself(value: cst.Call, name: str) -> bool:
    """`register_tools(app)` bound to `app` again: a call given the name it is bound to."""
    return any(isinstance(arg.value, cst.Name) and arg.value.value == name for arg in value.args)


def _hands_on_to_an_attribute(method: cst.FunctionDef, name: str) -> bool:
    """`method` calls the method of the same `name` on an attribute of `self` (`self._app.tool(...)`)."""
    return any(
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == name
        and isinstance(node.func.value, cst.Attribute)
        and isinstance(node.func.value.value, cst.Name)
        and node.func.value.value.value == "self"
        for node in walk(method.body)
    )


def _function_statements(function: cst.FunctionDef) -> list[cst.CSTNode]:
    return list(scope_statements(function.body))


def _short(expr: cst.BaseExpression) -> str:
    return dotted(expr) or "<expr>"


def _base_label(framework: str) -> str:
    return {"smolagents": "Tool", "openai-agents": "FunctionTool"}.get(framework, "BaseTool")


__all__ = ["Tool", "ToolFinder", "index_module", "ModuleIndex", "FunctionSite", "CallSite", "Entity"]


def _parameter_names(function: cst.FunctionDef) -> set[str]:
    params = function.params
    return {param.name.value for param in [*params.posonly_params, *params.params, *params.kwonly_params]}


def _receiver_name(expr: cst.BaseExpression) -> str | None:
    """`mcp` of `mcp.tool`, `mcp.tool()`, `mcp.tool()(f)`'s callee, `mcp.add_tool`."""
    while isinstance(expr, cst.Call):
        expr = expr.func
    if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
        return expr.value.value
    return None
