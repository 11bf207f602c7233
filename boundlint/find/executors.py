"""The project's own tool executor: code that runs the tools, cuts each result and hands it to the model.

An application that runs its tools itself (a LangGraph node that invokes each tool call, an
in-house ReAct loop, a "tool pipeline") often caps every result where it makes the message the
model reads:

    result = await tool.ainvoke(call["args"])
    content = truncate_tool_result(str(result), MAX_TOOL_CHARS)
    messages.append(ToolMessage(content=content, tool_call_id=call["id"]))

That cut is the last checkpoint of every tool the executor runs, so the tools' own returns
need none: the model never sees more than the cut lets through. Such an executor is found where
it makes a framework's tool-result message (`ToolMessage`) outside any tool, when the content it
gives is cut with a marker:

* by a checkpoint (the runtime's, or one named in `extend-checkpoints`);
* by a slice that comes with a marker (`content[:N] + "[... truncated]"`);
* by a function of the tree that does one of those (`truncate_tool_result(...)`, followed
  through the helpers it calls);

directly or through a name assigned so in the same function. A silent cut (`str(result)[:1000]`)
does not count: the model is not told, which is what BL004 is about. Tools the executor tests
by name (`if tool_name in EXEMPT_TOOLS:`, `is_exempt = name == "load_skill"`) are taken to be
the ones it leaves uncut.

It covers the tools of its framework in its own top-level package (a script: in its own file),
since the tools an application runs are its own; which of them the executor gets is not followed.
A tool registered on an agent or node the framework runs itself (`create_react_agent(model,
tools)`, `ToolNode(tools)` outside the executor) is not covered: its results reach the model
another way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import PurePosixPath

import libcst as cst

from boundlint.find.checkpoints import Checkpoints
from boundlint.find.markers import has_marker, keeps_a_part
from boundlint.find.tools import ToolFinder, callee
from boundlint.knowledge import frameworks as fw
from boundlint.parse.positions import child_nodes
from boundlint.project.lookup import Project
from boundlint.project.module import ModuleInfo, keyword_argument, positional_argument
from boundlint.project.module_index import CallSite, index_of

MAX_FOLLOW = 3  # helpers followed from the message's content (`smart_truncate` -> `_truncate_text`)


def executor_place(framework: str, scope: str) -> str:
    return f"executor:{framework}:{scope}"


def exempt_place(place: str, tool: str) -> str:
    """Says, among a run's installs, that the executor at `place` leaves the tool named `tool` uncut."""
    return f"{place}!exempt:{tool}"


def package_scope(module: ModuleInfo) -> str:
    """The folder of the module's top-level package (`backend/app` for `app.agents.pipeline` in
    `backend/app/agents/pipeline.py`), or the file itself for a module outside any package."""
    parts = module.name.split(".")
    path = PurePosixPath(module.display.replace("\\", "/"))
    is_package = path.name == "__init__.py"
    if len(parts) == 1 and not is_package:
        return module.display
    folder = path.parent
    for _ in range(len(parts) - (1 if is_package else 2)):
        folder = folder.parent
    return str(folder)


class ExecutorFinder:
    """Finds, in a module, the functions that cut every tool result they hand to the model."""

    def __init__(self, project: Project, checkpoints: Checkpoints, finder: ToolFinder) -> None:
        self.project = project
        self.checkpoints = checkpoints
        self.finder = finder
        self._cuts_memo: dict[cst.FunctionDef, bool] = {}
        self.functions: set[cst.FunctionDef] = set()  # the executors found so far

    def runs(self, module: ModuleInfo, call: cst.Call) -> bool:
        """`call` is made inside an executor found in this analysis (`ToolNode(tools)` it invokes)."""
        index = index_of(module)
        return any(site.node is call for function in self.functions for site in index.calls_in(function))

    def cuts_results(self, module: ModuleInfo, function: cst.FunctionDef) -> bool:
        """`function` makes a tool-result message whose content it cuts with a marker: a hook of the
        project's (`wrap_tool_call` of a middleware) that bounds what it hands on."""
        return self._cut_message(module, function) is not None

    def executors(self, module: ModuleInfo, tools: set[cst.CSTNode]) -> Iterator[tuple[str, str, frozenset[str]]]:
        """(framework, label, exempt tool names) of each executor in `module`, in the order of their
        calls; `tools` are the tools' own nodes, whose messages are their results, not an executor's."""
        if module.is_test or not any(name in module.source.text for name in fw.RESULT_MESSAGES):
            return
        index = index_of(module)
        for function in dict.fromkeys(site.function for site in index.calls if site.function is not None):
            site = index.sites.get(function)
            if function in tools or (site is not None and site.parent_function in tools):
                continue
            made = self._cut_message(module, function)
            if made is not None:
                self.functions.add(function)
                framework, call = made
                label = f"the tool executor `{function.name.value}` at {module.display}:{module.line_of(call)}"
                yield framework, label, self._exempt(module, function)

    def _cut_message(self, module: ModuleInfo, function: cst.FunctionDef) -> tuple[str, cst.Call] | None:
        """The first tool-result message `function` makes with a content cut with a marker, and its
        framework."""
        for site in index_of(module).calls_in(function):
            made = self._result_message(module, site.node)
            if made is not None and self._is_cut(module, function, made[1], 0):
                return made[0], site.node
        return None

    def _result_message(self, module: ModuleInfo, call: cst.Call) -> tuple[str, cst.BaseExpression] | None:
        func = callee(call)
        name = module.qualify(func) or ""
        entry = fw.RESULT_MESSAGES.get(name.rsplit(".", 1)[-1])
        if entry is None:
            return None
        framework, keyword, position = entry
        if fw.framework_of(self.project.external_name(module, func) or name) != framework:
            return None
        content = keyword_argument(call, keyword) or positional_argument(call, position)
        return (framework, content) if content is not None else None

    def _exempt(self, module: ModuleInfo, function: cst.FunctionDef) -> frozenset[str]:
        """The tools the executor leaves uncut, by the names it tests (`is_exempt = tool_name ==
        "load_skill"`, `if name in EXEMPT_TOOLS:`): a test of a name against string constants."""
        names: set[str] = set()
        for node in _walk(function.body):
            if not isinstance(node, cst.Comparison) or "name" not in module.code(node.left).lower():
                continue
            for target in node.comparisons:
                if isinstance(target.operator, (cst.Equal, cst.In)):
                    names.update(self._strings(module, target.comparator))
        return frozenset(names)

    def _strings(self, module: ModuleInfo, expr: cst.BaseExpression) -> set[str]:
        """The string constants `expr` is or holds (a literal, a collection of them, a constant)."""
        if isinstance(expr, cst.SimpleString):
            value = expr.evaluated_value
            return {value} if isinstance(value, str) else set()
        if isinstance(expr, (cst.List, cst.Tuple, cst.Set)):
            return {text for element in expr.elements for text in self._strings(module, element.value)}
        if isinstance(expr, cst.Call) and len(expr.args) == 1:  # `frozenset({...})`
            return self._strings(module, expr.args[0].value)
        if isinstance(expr, (cst.Name, cst.Attribute)):
            entity = self.project.resolve(module, expr, ("assign",))
            if entity is not None and isinstance(entity.node, (cst.List, cst.Tuple, cst.Set, cst.Call)):
                return self._strings(entity.module, entity.node)
        return set()

    # -- what counts as a cut -------------------------------------------------

    def _is_cut(self, module: ModuleInfo, function: cst.FunctionDef, expr: cst.BaseExpression, depth: int) -> bool:
        """`expr`, in `function`, is a value cut with a marker (see the module's docstring)."""
        if depth > MAX_FOLLOW:
            return False
        if isinstance(expr, cst.Await):
            return self._is_cut(module, function, expr.expression, depth)
        if isinstance(expr, cst.IfExp):  # `text if len(text) <= N else text[:N] + "..."`
            return any(self._is_cut(module, function, e, depth + 1) for e in (expr.body, expr.orelse))
        if isinstance(expr, cst.Name):
            values = self._assigned_in(module, function, expr.value)
            if any(self._is_cut(module, function, value, depth + 1) for value in values):
                return True
            # `text = text[:N]` then `text += "... [truncated]"`: a slice and a marker, one name
            return self._bound_to(module, function, expr, _is_cut_slice) and self._bound_to(
                module, function, expr, lambda value: has_marker(value, self.project, module)
            )
        if isinstance(expr, cst.Call):
            return self._calls_a_cut(module, expr, depth)
        return self._marked_slice(module, function, expr)

    def _calls_a_cut(self, module: ModuleInfo, call: cst.Call, depth: int) -> bool:
        func = callee(call)
        if self.checkpoints.is_checkpoint(module, func):
            return True
        if not isinstance(func, (cst.Name, cst.Attribute)):
            return False
        entity = self.project.resolve(module, func, ("function",))
        if entity is None or not isinstance(entity.node, cst.FunctionDef):
            return False
        return self._cuts(entity.module, entity.node, depth + 1)

    def _cuts(self, module: ModuleInfo, function: cst.FunctionDef, depth: int) -> bool:
        """A function of the tree whose code makes a marked cut, itself or in a helper it calls."""
        if depth > MAX_FOLLOW:
            return False
        if function not in self._cuts_memo:
            self._cuts_memo[function] = False  # recursion guard
            index = index_of(module)
            self._cuts_memo[function] = any(
                self._marked_slice(module, function, site.node) for site in index.expressions_in(function)
            ) or any(self._calls_a_cut(module, site.node, depth) for site in index.calls_in(function))
        return self._cuts_memo[function]

    def _marked_slice(self, module: ModuleInfo, function: cst.FunctionDef, expr: cst.BaseExpression) -> bool:
        """`text[:n] + "... [truncated]"`, `f"{text[:n]}… ({len(text)} chars)"`, `head + note + tail`
        where the names are a slice and a marker bound in the same function."""
        if not isinstance(expr, (cst.BinaryOperation, cst.FormattedString)):
            return False
        parts = list(_operands(expr))
        sliced = any(_is_cut_slice(part) or self._bound_to(module, function, part, _is_cut_slice) for part in parts)
        if not sliced:
            return False
        return has_marker(expr, self.project, module) or any(
            self._bound_to(module, function, part, lambda value: has_marker(value, self.project, module))
            for part in parts
        )

    def _bound_to(
        self,
        module: ModuleInfo,
        function: cst.FunctionDef,
        expr: cst.BaseExpression,
        test: Callable[[cst.BaseExpression], bool],
    ) -> bool:
        """`expr` is a name that `function` binds to a value passing `test`."""
        if not isinstance(expr, cst.Name):
            return False
        return any(test(value) for value in self._assigned_in(module, function, expr.value))

    def _assigned_in(self, module: ModuleInfo, function: cst.FunctionDef, name: str) -> list[cst.BaseExpression]:
        """Every value `function` binds `name` to (`name = v`, `name: T = v`, `name += v`)."""
        return self.finder.local_values(CallSite(module, cst.Call(func=cst.Name("_")), None, function), name)


def _operands(expr: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    """The pieces a `+` chain or an f-string joins."""
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        yield from _operands(expr.left)
        yield from _operands(expr.right)
    elif isinstance(expr, cst.FormattedString):
        for part in expr.parts:
            if isinstance(part, cst.FormattedStringExpression):
                yield part.expression
    else:
        yield expr


def _is_cut_slice(expr: cst.CSTNode) -> bool:
    """`text[:n]`, `text[-n:]`, `str(x)[:n]`: a slice that keeps part of a sequence."""
    if not isinstance(expr, cst.Subscript) or len(expr.slice) != 1:
        return False
    index = expr.slice[0].slice
    return isinstance(index, cst.Slice) and keeps_a_part(index)


def _walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Every node under `node`, not inside nested defs or classes."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(child for child in child_nodes(current) if not isinstance(child, (cst.FunctionDef, cst.ClassDef)))
