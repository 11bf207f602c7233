"""Finding the last checkpoints installed for a whole server or agent (#18), and the tools they cover.

A framework adapter of the runtime (`boundlint_runtime.adapters.fastmcp.BoundlintMiddleware`),
or a hook of the project's own that calls a checkpoint, sees every result of
the tools registered on the server or agent it is installed on. It is found
where it is installed:

* in a keyword of the call that makes the server or agent, or of a call that
  runs it (`FastMCP(middleware=[m])`, `create_agent(model, tools, middleware=[m])`,
  `Runner(agent=a, plugins=[p])`, whose plugins also see the tools of `a`'s sub-agents);
* by a method of the server or agent (`mcp.add_middleware(m)`, `agent.hooks.add_hook(h)`),
  in any module of the project;
* around the tools themselves (`Agent(tools=bound_tools([a, b]))`,
  `BoundedToolset(FunctionToolset([a, b]))`);
* for the whole process (CrewAI's global hooks, `crewai.install()`).

A tool is covered when every server or agent it is registered on is: a tool
of the same module registered elsewhere without the checkpoint stays unbounded.

One root's analysis sees the installations in the modules it reads. One made in
a module that imports the server (`mcp.add_middleware(m)` in `main.py`) is
found by that module's own analysis, which names what it covers by position
(`installs`); the run hands these to the analyses of the tools' roots again
(`covered`, see `boundlint.engine.run`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

import libcst as cst

from boundlint.find.checkpoints import Checkpoints
from boundlint.find.cover import framework_place, tool_key
from boundlint.find.executors import ExecutorFinder, executor_place, exempt_place, package_scope
from boundlint.find.tools import Host, Tool, ToolFinder, callee
from boundlint.knowledge import frameworks as fw
from boundlint.project.lookup import Project, class_methods
from boundlint.project.module import ModuleInfo, dotted, keyword_argument, positional_argument
from boundlint.project.module_index import CallSite, index_of

MAX_FOLLOW = 4


class AdapterFinder:
    def __init__(
        self,
        project: Project,
        checkpoints: Checkpoints,
        finder: ToolFinder,
        roots: list[ModuleInfo],
        covered: Mapping[str, str] | None = None,
    ) -> None:
        self.project = project
        self.checkpoints = checkpoints
        self.finder = finder
        self.roots = roots
        self.covered = covered or {}  # what installations found by other roots cover, by `place`
        self.hosts: dict[cst.Call, tuple[ModuleInfo, str]] = {}  # a covered server/agent -> what covers it
        self.functions: dict[cst.CSTNode, tuple[ModuleInfo, str]] = {}  # a tool a checkpoint wraps
        self.frameworks: dict[str, str] = {}  # a framework covered process-wide -> by what
        # (framework, package scope) -> the project's tool executor that cuts every result there
        self.executors: dict[tuple[str, str], tuple[str, frozenset[str]]] = {}
        self._executor_finder = ExecutorFinder(project, checkpoints, finder)
        self._hook_memo: dict[cst.CSTNode, bool] = {}
        # Agents made by a factory that limits every result itself (`fw.IMPLICIT_LIMITS`), with the
        # tool names it leaves alone.
        self._leaves_alone: dict[cst.CSTNode, frozenset[str]] = {}
        self._ranks: dict[int, dict[int, str]] = {}  # id(module) -> id(node) -> its rank (`place`)
        self._runtime_root = (checkpoints.config.runtime_module or fw.RUNTIME_ROOT).split(".")[0]
        self._runtime_named: dict[ModuleInfo, bool] = {}
        configured = (name.rsplit(".", 1)[-1] for name in checkpoints.config.extend_checkpoints)
        self._checkpoint_names = frozenset({*fw.RUNTIME_CHECKPOINTS, *configured})

    def credit(self, tools: list[Tool]) -> None:
        """Set `tool.adapter` on every tool a server- or agent-wide checkpoint covers."""
        for module in self.roots:
            if self._names_runtime(module) or self._may_hook(module):
                for call in index_of(module).calls:
                    self._read(call)
            if any(name in module.source.text for _, name in fw.IMPLICIT_LIMITS):
                for call in index_of(module).calls:
                    self._limiting_factory(call)
        for module in self.roots:
            for site in index_of(module).functions:
                self._global_decorator(site.module, site.node)
        tool_nodes: set[cst.CSTNode] = {tool.node for tool in tools}
        for module in self.roots:
            for framework, label, exempt in self._executor_finder.executors(module, tool_nodes):
                self.executors.setdefault((framework, package_scope(module)), (label, exempt))
        for tool in tools:
            tool.adapter = self._cover(tool)

    def installs(self, tools: list[Tool]) -> dict[str, str]:
        """What this analysis found covered, by `place`, for the analyses of other roots. That
        includes each tool of another module it credited through the tool's servers or agents:
        `tools.py` alone does not see `create_agent(tools=TOOLS, middleware=[...])` in `agent.py`."""
        found = {self.place(module, node): label for node, (module, label) in self.hosts.items()}
        found.update((self.place(module, node), label) for node, (module, label) in self.functions.items())
        found.update((framework_place(framework), label) for framework, label in self.frameworks.items())
        for key, (label, exempt) in self.executors.items():
            found[executor_place(*key)] = label
            found.update((exempt_place(executor_place(*key), name), label) for name in exempt)
        found.update(
            (self.place(tool.module, tool.node), tool.adapter)
            for tool in tools
            if tool.adapter and tool.hosts and tool.module not in self.roots
        )
        return found

    def needs(self, tools: list[Tool]) -> dict[str, dict[str, list[str]]]:
        """For each tool left uncovered, the places whose cover would cover it: all of its
        hosts, or else any of its own place and its framework's (see `cover_of`)."""
        found: dict[str, dict[str, list[str]]] = {}
        for tool in tools:
            if not tool.adapter:
                key = tool_key(tool.module.display, tool.qualname)
                executor = executor_place(tool.framework, package_scope(tool.module))
                if tool.hosts:
                    hosts = [self.place(host.module, host.call) for host in tool.hosts]
                    found[key] = {"all": hosts, "any": [framework_place(tool.framework), executor]}
                else:
                    found[key] = {
                        "any": [self.place(tool.module, tool.node), framework_place(tool.framework), executor]
                    }
        return found

    def place(self, module: ModuleInfo, node: cst.CSTNode) -> str:
        """Where a server, agent or tool is made, the same in every root's analysis of the same text:
        its module and its rank among the module's calls or defs (cheaper than its position, which
        a module loaded without an `ast` tree would have to compute with libcst's metadata)."""
        ranks = self._ranks.get(id(module))
        if ranks is None:
            index = index_of(module)
            ranks = {id(site.node): f"call{rank}" for rank, site in enumerate(index.calls)}
            ranks.update((id(site.node), f"def{rank}") for rank, site in enumerate(index.functions))
            self._ranks[id(module)] = ranks
        return f"{module.display}#{ranks.get(id(node), 'other')}"

    def _limiting_factory(self, call: CallSite) -> None:
        """`create_deep_agent(tools=[...])`: an agent whose framework limits every result itself
        covers its tools, as an adapter installed on it would (`fw.IMPLICIT_LIMITS`)."""
        external = self._external(call.module, callee(call.node))
        package, _, name = external.partition(".")
        found = fw.IMPLICIT_LIMITS.get((package, name.rsplit(".", 1)[-1])) if name else None
        if found is not None:
            self.hosts.setdefault(call.node, (call.module, _at(found[0], call.module, call.node)))
            self._leaves_alone[call.node] = found[1]

    def _cover(self, tool: Tool) -> str:
        # A hook for the whole process (CrewAI's) sees every tool call, whatever agent makes it.
        process_wide = self.frameworks.get(tool.framework) or self.covered.get(framework_place(tool.framework), "")
        if tool.hosts:  # registered somewhere the checkpoint does not see: not covered
            name = tool.qualname.rsplit(".", 1)[-1]
            covers = [
                "" if name in self._leaves_alone.get(host.call, ()) else self._host_cover(host.module, host.call)
                for host in tool.hosts
            ]
            return (covers[0] if all(covers) else "") or process_wide or self._executor_cover(tool)
        own = self._host_cover(tool.module, tool.node)  # `bound_tools([f, agent.as_tool(...)])`
        return own or process_wide or self._executor_cover(tool)

    def _executor_cover(self, tool: Tool) -> str:
        """The project's own tool executor that cuts every result of the tools of its package."""
        if self._run_elsewhere(tool):
            return ""
        key = (tool.framework, package_scope(tool.module))
        name = tool.qualname.rsplit(".", 1)[-1]
        if key in self.executors:
            label, exempt = self.executors[key]
            return "" if name in exempt else label
        place = executor_place(*key)
        return "" if exempt_place(place, name) in self.covered else self.covered.get(place, "")

    def _run_elsewhere(self, tool: Tool) -> bool:
        """Registered on an agent or node that the framework runs (`create_react_agent(model, [t])`),
        other than one the project's executor runs itself."""
        for host in tool.hosts:
            external = self._external(host.module, callee(host.call))
            if any(pattern.matches(external) for pattern in fw.TOOL_RUNNERS):
                if not self._executor_finder.runs(host.module, host.call):
                    return True
        return False

    def _host_cover(self, module: ModuleInfo, node: cst.CSTNode) -> str:
        found = self.hosts.get(node) if isinstance(node, cst.Call) else self.functions.get(node)
        return found[1] if found is not None else self.covered.get(self.place(module, node), "")

    # -- installations ------------------------------------------------------

    def _read(self, call: CallSite) -> None:
        node, module = call.node, call.module
        func = callee(node)
        adapter = self._adapter_name(module, func)
        if adapter is not None:
            self._adapter_call(call, adapter)
        # `register_after_tool_call_hook(hook)`, `after_tool_call(hook)`; not `after_tool_call(agents=[...])(hook)`
        filtered = isinstance(func, cst.Call) and bool(func.args)
        named = _last_name(module, func.func if isinstance(func, cst.Call) else func) in _GLOBAL_HOOK_NAMES
        if named and not filtered and self._global_hook(module, func):
            hook = positional_argument(node, 0)
            found = self._checkpoint_in(call, hook) if hook is not None else None
            if found is not None:
                framework = fw.framework_of(self._external(module, func)) or ""
                self.frameworks.setdefault(framework, _at(found, module, node))
        method = func.attr.value if isinstance(func, cst.Attribute) else None
        if method in _LIST_METHODS and isinstance(func, cst.Attribute) and _is_hook_list(func.value):
            method = "add_middleware"  # `server.middleware.append(m)`: added to the server like `add_middleware`
            func = func.value
        for argument in node.args:
            keyword = argument.keyword.value if argument.keyword is not None else None
            in_slot = keyword in fw.HOOK_KEYWORDS or (keyword is None and method in fw.HOOK_METHODS)
            if keyword in fw.TOOL_KEYWORDS or not in_slot:
                continue
            checkpoint = self._checkpoint_in(call, argument.value)
            if checkpoint is not None:
                self._installed(call, func, method, checkpoint)

    def _installed(self, call: CallSite, func: cst.BaseExpression, method: str | None, label: str) -> None:
        """A checkpoint in a hook slot of `call`: cover what `call` makes, adds to, or runs."""
        label = _at(label, call.module, call.node)
        if method in fw.HOOK_METHODS and isinstance(func, cst.Attribute):
            for receiver in _receivers(func.value):  # `agent.hooks.add_hook(h)`: `agent.hooks`, then `agent`
                host = self.finder.host_of(call, receiver)
                if host is not None:
                    self._cover_host(host, label, depth=0)
                    return
            return
        self.hosts.setdefault(call.node, (call.module, label))
        for keyword in fw.RUN_TARGET_KEYWORDS:
            target = keyword_argument(call.node, keyword)
            host = self.finder.host_of(call, target) if target is not None else None
            if host is not None:
                self._cover_host(host, label, depth=0)

    def _cover_host(self, host: Host, label: str, depth: int) -> None:
        self.hosts.setdefault(host.call, (host.module, label))
        if depth >= MAX_FOLLOW:
            return
        anchor = CallSite(host.module, host.call, None, None)
        for keyword in fw.SUB_AGENT_KEYWORDS:
            for element in _elements(keyword_argument(host.call, keyword)):
                sub = self.finder.host_of(anchor, element)
                if sub is not None:
                    self._cover_host(sub, label, depth + 1)

    def _adapter_call(self, call: CallSite, adapter: str) -> None:
        """A call of the runtime's adapter: around tools (`bound_tools([a, b])`), or for the process."""
        module, node = call.module, call.node
        label = _at(adapter.rsplit(".", 1)[-1], module, node)
        framework = fw.ADAPTER_FRAMEWORKS.get(adapter.split(".")[2] if adapter.count(".") >= 3 else "")
        if adapter.rsplit(".", 1)[-1] in fw.GLOBAL_ADAPTER_FUNCTIONS and framework is not None:
            self.frameworks.setdefault(framework, label)
            return
        for value in _argument_values(node):
            self._wrapped(call, value, label, depth=0)

    def _wrapped(self, call: CallSite, value: cst.BaseExpression, label: str, depth: int) -> None:
        """Tools inside an adapter's arguments: functions, tool lists, toolsets made by a call."""
        if depth > MAX_FOLLOW or not isinstance(value, (cst.Name, cst.Attribute, cst.Call, *_SEQUENCES)):
            return
        if isinstance(value, _SEQUENCES):
            for element in value.elements:
                self._wrapped(call, element.value, label, depth + 1)
            return
        if isinstance(value, cst.Call):
            self.hosts.setdefault(value, (call.module, label))  # `FunctionToolset([a, b])`: what tools register on
            for inner in _argument_values(value):
                self._wrapped(call, inner, label, depth + 1)
            return
        function = self.finder.function_for(call, value)
        site = self.project.site_of(function) if function is not None else None
        if function is not None and site is not None:
            self.functions.setdefault(function, (site.module, label))
            return
        host = self.finder.host_of(call, value)  # a toolset or tool list made elsewhere
        if host is not None:
            self.hosts.setdefault(host.call, (host.module, label))
            self._wrapped(CallSite(host.module, host.call, None, None), host.call, label, depth + 1)

    def _global_hook(self, module: ModuleInfo, func: cst.BaseExpression) -> bool:
        external = self._external(module, func)
        return any(p.matches(external) for p in (*fw.GLOBAL_HOOK_CALLS, *fw.GLOBAL_HOOK_DECORATORS))

    def _external(self, module: ModuleInfo, func: cst.BaseExpression) -> str:
        target = func.func if isinstance(func, cst.Call) else func
        return self.project.external_name(module, target) or ""

    def _global_decorator(self, module: ModuleInfo, function: cst.FunctionDef) -> None:
        """CrewAI's `@after_tool_call` on a hook of the project's that calls a checkpoint."""
        for decorator in function.decorators:
            expr = decorator.decorator
            target = expr.func if isinstance(expr, cst.Call) else expr
            if _last_name(module, target) not in _GLOBAL_HOOK_NAMES:
                continue
            external = self._external(module, target)
            if any(pattern.matches(external) for pattern in fw.GLOBAL_HOOK_DECORATORS):
                if self._calls_checkpoint(module, function):
                    self.frameworks.setdefault(
                        fw.framework_of(external) or "", _at(function.name.value, module, function)
                    )

    # -- what counts as a checkpoint ----------------------------------------

    def _checkpoint_in(self, call: CallSite, value: cst.BaseExpression, depth: int = 0) -> str | None:
        """The name of the runtime adapter or project hook in a hook slot's value, if one is there."""
        if depth > MAX_FOLLOW:
            return None
        if isinstance(value, _SEQUENCES):
            for element in value.elements:
                found = self._checkpoint_in(call, element.value, depth + 1)
                if found is not None:
                    return found
            return None
        target = value.func if isinstance(value, cst.Call) else value
        adapter = self._adapter_name(call.module, target)
        if adapter is not None:  # as written, with its budget, when that is short: `BoundlintHooks(8_000)`
            return _as_written(call.module, value, adapter.rsplit(".", 1)[-1])
        if self._is_hook(call, target):
            return _as_written(call.module, value, dotted(target) or "hook")
        if isinstance(value, cst.Call):  # a framework's hook holder: `Hooks(after_tool_execute=bounded_result_hook())`
            for argument in value.args:
                found = self._checkpoint_in(call, argument.value, depth + 1)
                if found is not None:
                    return found
            return None
        if isinstance(value, cst.Attribute):  # `bound.wrap_tool_call` of `bound = BoundToolCalls(...)`
            return self._checkpoint_in(call, value.value, depth + 1)
        if isinstance(value, cst.Name):  # `checkpoint = BoundlintMiddleware(...)` above
            for assigned in self.finder.local_values(call, value.value):
                found = self._checkpoint_in(call, assigned, depth + 1)
                if found is not None:
                    return found
            entity = self.project.resolve(call.module, value)
            if entity is not None and entity.kind == "assign" and isinstance(entity.node, cst.BaseExpression):
                anchor = CallSite(entity.module, call.node, None, None)
                return self._checkpoint_in(anchor, entity.node, depth + 1)
        return None

    def _adapter_name(self, module: ModuleInfo, expr: cst.BaseExpression) -> str | None:
        """The runtime adapter `expr` names (`boundlint_runtime.adapters.fastmcp.BoundlintMiddleware`)."""
        if not isinstance(expr, (cst.Name, cst.Attribute)) or not self._names_runtime(module):
            return None  # a module that never names the runtime names none of its adapters (cheap to tell)
        name = self.project.external_name(module, expr) or module.qualify(expr) or ""
        parts = name.split(".")
        runtime = self.checkpoints.config.runtime_module
        prefix = 1 if parts[0] == fw.RUNTIME_ROOT else len(runtime.split(".")) if runtime else 0
        if runtime and parts[0] != fw.RUNTIME_ROOT and not name.startswith(runtime + "."):
            return None
        if not prefix or len(parts) < prefix + 3 or parts[prefix] != fw.ADAPTERS_PACKAGE:
            return None
        if parts[prefix + 1] not in fw.ADAPTER_FRAMEWORKS:
            return None
        return ".".join([fw.RUNTIME_ROOT, *parts[prefix:]])

    def _names_runtime(self, module: ModuleInfo) -> bool:
        """The module's text names the runtime (asked for every call: searched once per module)."""
        if module not in self._runtime_named:
            self._runtime_named[module] = self._runtime_root in module.source.text
        return self._runtime_named[module]

    def _is_hook(self, call: CallSite, expr: cst.BaseExpression) -> bool:
        """A function or class of the project whose code calls a checkpoint (`extend-checkpoints` too)."""
        if not isinstance(expr, (cst.Name, cst.Attribute)):
            return False
        written = dotted(expr)
        located = self.project.locate_written(call.module.path, written) if written is not None else None
        if located is not None and located.kind == "class":
            if not self._may_call_checkpoint(located.path):
                return False  # its module is not parsed to look
            cls = self.project.entity(located)
            if cls is not None and isinstance(cls.node, cst.ClassDef):
                methods = class_methods(cls.node).values()
                return any(self._calls_checkpoint(cls.module, method) for method in methods)
        function = self.finder.function_for(call, expr)
        site = self.project.site_of(function) if function is not None else None
        return function is not None and site is not None and self._calls_checkpoint(site.module, function)

    def _may_call_checkpoint(self, path: Path) -> bool:
        """The module's text names the runtime, a checkpoint or a tool-result message: without any,
        none of its code calls one or cuts a result (`_calls_checkpoint` only asks of calls whose
        name is written in the module)."""
        text = self.project.text(path)
        return (
            self._runtime_root in text
            or any(name in text for name in self._checkpoint_names)
            or any(name in text for name in fw.RESULT_MESSAGES)
        )

    def _calls_checkpoint(self, module: ModuleInfo, function: cst.FunctionDef) -> bool:
        """A checkpoint, or a runtime adapter (`bound(context)` of `bound = tool_result_hook()`), is
        called; or the function makes a tool-result message it cuts with a marker (`find.executors`).

        Names are resolved only for calls spelled like a checkpoint, and adapters
        only in a module that imports the runtime: resolving every call of every
        middleware class of a large app would load half of it."""
        if function not in self._hook_memo:
            self._hook_memo[function] = False  # recursion guard
            anchor = CallSite(module, cst.Call(func=cst.Name("_")), None, function)
            imports_runtime = self._names_runtime(module)
            self._hook_memo[function] = any(
                (
                    _last_name(module, call.func) in self._checkpoint_names
                    and self.checkpoints.is_checkpoint(module, call.func)
                )
                or (
                    imports_runtime
                    and (
                        self._adapter_name(module, call.func) is not None
                        or (isinstance(call.func, cst.Name) and self._adapter_value(anchor, call.func))
                    )
                )
                for call in self._calls_in(module, function)
            ) or self._executor_finder.cuts_results(module, function)
        return self._hook_memo[function]

    def _calls_in(self, module: ModuleInfo, function: cst.FunctionDef) -> list[cst.Call]:
        """The calls in `function`'s own body (from the module's index, grouped once)."""
        return [site.node for site in index_of(module).calls_in(function)]

    def _adapter_value(self, call: CallSite, name: cst.Name) -> bool:
        """`name` holds what a runtime adapter made (`bound = tool_result_hook(8_000)`)."""
        entity = self.project.resolve(call.module, name)
        if entity is None or entity.kind != "assign" or not isinstance(entity.node, cst.Call):
            return False
        return self._adapter_name(entity.module, entity.node.func) is not None

    def _may_hook(self, module: ModuleInfo) -> bool:
        text = module.source.text
        return any(word in text for word in _HOOK_WORDS)


_SEQUENCES = (cst.List, cst.Tuple, cst.Set)
_GLOBAL_HOOK_NAMES = frozenset(p.tail.rsplit(".", 1)[-1] for p in (*fw.GLOBAL_HOOK_CALLS, *fw.GLOBAL_HOOK_DECORATORS))
_HOOK_WORDS = tuple(sorted({*fw.HOOK_KEYWORDS, *fw.HOOK_METHODS, "after_tool_call"}))


MAX_LABEL_CODE = 60


def _at(what: str, module: ModuleInfo, node: cst.CSTNode) -> str:
    """How the inventory names a checkpoint: `BoundlintMiddleware(8_000) at app/server.py:12`."""
    return f"{what} at {module.display}:{module.line_of(node)}"


def _as_written(module: ModuleInfo, value: cst.BaseExpression, name: str) -> str:
    """`name(its arguments)` as the code writes them, when the call is short and on one line; else `name`."""
    if not isinstance(value, cst.Call):
        return name
    arguments = module.code(value)[len(module.code(value.func)) :]
    return name + arguments if len(arguments) <= MAX_LABEL_CODE and "\n" not in arguments else name


def _last_name(module: ModuleInfo, func: cst.BaseExpression) -> str:
    """The last part of what `func` names, through the module's own imports (`clip` of `import x as clip`)."""
    name = module.qualify(func) or dotted(func) or ""
    return name.rsplit(".", 1)[-1]


_LIST_METHODS = frozenset({"append", "extend", "insert"})


def _is_hook_list(expr: cst.BaseExpression) -> bool:
    """`server.middleware`, `agent.step_callbacks`: a hook list held by the server or agent."""
    return isinstance(expr, cst.Attribute) and expr.attr.value in fw.HOOK_KEYWORDS


def _receivers(expr: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    while True:
        yield expr
        if not isinstance(expr, cst.Attribute):
            return
        expr = expr.value


def _elements(value: cst.BaseExpression | None) -> list[cst.BaseExpression]:
    if isinstance(value, _SEQUENCES):
        return [element.value for element in value.elements]
    return []


def _argument_values(call: cst.Call) -> list[cst.BaseExpression]:
    return [arg.value for arg in call.args if arg.keyword is None or arg.keyword.value in fw.TOOL_KEYWORDS]
