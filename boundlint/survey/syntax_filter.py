"""The second stage of the pre-filter: deciding from `ast` whether a file can matter.

The text patterns of `boundlint.survey.text_filter` are loose on purpose; they also
fire on comments, docstrings, `tools = [...]`, `def get_tools(self)`,
`convert_to_openai_tool(t)` or `data.decode()`. For a file they let through,
CPython's parser (ten times faster than libcst) gives the syntax, and this
screen keeps the file as a root only if its code holds one of:

* a decorator whose name, or the name it was imported or aliased as, says
  `tool`, `kernel_function`, `register_for_llm` or `ai_callable` (`@tool`, `@mcp.tool()`,
  `@agent.tool_plain`, `@function_tool`);
* a class with a base named like a tool class (`BaseTool`, `Tool[...]`,
  `RequestsGetTool`), or by the exact name of a framework's tool base in a module
  that imports that framework (Letta's `ToolExecutor`); subclasses of other
  in-tree tool classes are left to the checker's subclass closure;
* a call to a framework's registration function or method, by its last name
  (`Tool(...)`, `FunctionTool.from_defaults(...)`, `create_react_agent(...)`,
  `llm.bind_tools(...)`, `mcp.add_tool(...)`), a registration by source text
  (`client.tools.upsert(source_code=...)`), a call with a `tools=` keyword,
  or a decorator factory applied by hand (`mcp.tool()(fn)`);
* a `TOOL_SPEC` assignment, or a dispatch table (`tool_functions = {"name": fn}`);
* a tool-result message made from a value (`ToolMessage(content=cut(result))`): the project's own
  tool executor may cut every result there (`boundlint.find.executors`);
* the syntax BL005 looks for: `.decode()`/`str()`/`codecs.decode()` of a slice.

BL006's shapes (a slice next to `+`, a slice in an f-string field) do not make a
root: BL006 reports only in code a tool's value reaches (the tool, its contract's
validators, the helpers it was followed into), and such code is read as the
tool's dependency. A module without tools gives BL006 nothing to report.

Every test is a superset of what the checker itself recognises (names are
compared by their last part, after following the file's own imports and
aliases), so the screen drops only files in which no rule could fire.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from functools import cached_property

from boundlint.knowledge import frameworks as fw

# Decorator names that can make a tool (the checker resolves them further).
_TOOL_DECORATOR_WORD = re.compile(r"tool|Tool|kernel_function|register_for_llm|action|activity|MCPServer|ai_callable")
# A base class whose name ends like a tool class's: the frameworks' own
# (`BaseTool`, `Tool`, `AgentTool`) and, usually, in-tree subclasses of them
# (`RequestsGetTool`), kept now rather than in the checker's slower subclass
# closure, which still finds the rest (`class Page(Fetcher)`) once the file
# defining `Fetcher` is analysed. Toolkits (`Toolkit`, `BaseToolkit`,
# `BaseToolSpec`, Agno's `DuckDuckGoTools`) hold tools as methods.
_TOOL_BASE_WORD = re.compile(r"Tool$")
# ... counted only in modules that import a framework whose tools are toolkit
# methods (LangChain's `BaseToolkit` only groups tools).
_TOOLKIT_BASE_WORD = re.compile(r"(?:Toolkit|Tools|ToolSpec)$")
# The servers and agents the runtime's adapters are installed on (`FastMCP`, `create_agent`): a
# module that makes one and hands it to a function (`register_tools(mcp)`) may be where the tools
# that function registers learn their server.
HOST_NAMES = frozenset(install.host.tail.rsplit(".", 1)[-1] for install in fw.ADAPTER_INSTALLS)
_HOST_WORD = re.compile(r"(?:^|\.)(?:" + "|".join(sorted(HOST_NAMES)) + r")$")
TOOLKIT_ROOTS = frozenset(root for entry in fw.TOOL_BASE_CLASSES if entry.builtin_toolkits for root in entry.base.roots)


def _bases_by_name() -> dict[str, frozenset[str]]:
    """Each framework tool base class's own name (`ToolExecutor`), with the import roots of the
    frameworks that have a base so named: counted in a module that imports one of them (the
    framework's own tree imports itself)."""
    found: dict[str, frozenset[str]] = {}
    for entry in fw.TOOL_BASE_CLASSES:
        name = entry.base.tail.rsplit(".", 1)[-1]
        found[name] = found.get(name, frozenset()) | frozenset(entry.base.roots)
    return found


BASES_BY_NAME = _bases_by_name()
# The endings by which a framework's other classes are its tool base too (`kin_suffix`: Universal
# MCP's `APIApplication` is a `BaseApplication`), with the import roots of that framework.
KIN_SUFFIXES: dict[str, frozenset[str]] = {
    entry.kin_suffix: frozenset(entry.base.roots) for entry in fw.TOOL_BASE_CLASSES if entry.kin_suffix is not None
}


def _registration_names() -> frozenset[str]:
    names = {registration.callee.tail.rsplit(".", 1)[-1] for registration in fw.REGISTRATIONS}
    names.update(fw.TOOL_LIST_METHODS, fw.INSTANCE_REGISTRATION_METHODS, fw.INSTANCE_LIST_METHODS)
    names.update(kind.method for kind in fw.AGENT_TOOLS)
    names.update(conversion.callee.tail.rsplit(".", 1)[-1] for conversion in fw.APP_CONVERSIONS)
    return frozenset(names)


REGISTRATION_NAMES = _registration_names()


def _list_only_registrations() -> dict[str, list[tuple[int | None, tuple[str, ...]]]]:
    """Registration names whose every meaning takes a list of tools: name -> (position, keywords) of the list."""
    found: dict[str, list[tuple[int | None, tuple[str, ...]]]] = {}
    wraps: set[str] = set(fw.INSTANCE_REGISTRATION_METHODS)
    for registration in fw.REGISTRATIONS:
        name = registration.callee.tail.rsplit(".", 1)[-1]
        if registration.is_list:
            found.setdefault(name, []).append((registration.positional, registration.keywords))
        else:
            wraps.add(name)
    for method, index in fw.TOOL_LIST_METHODS.items():
        found.setdefault(method, []).append((index, ("tools",)))
    return {name: places for name, places in found.items() if name not in wraps}


LIST_REGISTRATIONS = _list_only_registrations()
REGISTRATION_KEYWORDS = frozenset({"tools", "on_invoke_tool", "on_call_tool", "entrypoint"})
DECODERS = frozenset({"decode", "str"})
MAX_ALIAS_DEPTH = 8


# Where a checkpoint for a whole server or agent is installed (see `boundlint.find.adapters`).
_HOOK_SLOT_KEYWORDS = fw.HOOK_KEYWORDS - {"callback", "toolsets"}  # those two come with a registration anyway
_HOOK_INSTALL_METHODS = fw.HOOK_METHODS | {"register_after_tool_call_hook"}


def _installs_hook(call: ast.Call) -> bool:
    if any(keyword.arg in _HOOK_SLOT_KEYWORDS for keyword in call.keywords):
        return True
    return _last_name(call.func) in _HOOK_INSTALL_METHODS


def _last_name(expr: ast.expr) -> str | None:
    if isinstance(expr, ast.Attribute):
        return expr.attr
    return expr.id if isinstance(expr, ast.Name) else None


def may_matter(tree: ast.Module) -> bool:
    """Whether any rule could report something in this module, or any tool be found in it."""
    return _Screen(tree).run()


class _Screen:
    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        # local name -> the dotted names it may stand for (imports and `x = y` aliases)
        self.aliases: dict[str, list[str]] = {}
        self.imported: set[str] = set()  # local names bound by an import
        self.star_import = False
        self.import_roots: set[str] = set()  # first components of the imported modules
        self.functions: set[str] = set()  # names of every def, at any depth
        self.assigned: dict[str, list[ast.expr]] = {}  # name -> values assigned to it, in any scope

    @cached_property
    def module_names(self) -> set[str]:
        """Names bound at module level (needed only to judge a list of tools)."""
        return _module_level_names(self.tree)

    def run(self) -> bool:
        decorators: list[ast.expr] = []
        bases: list[ast.expr] = []
        calls: list[ast.Call] = []
        for node in _walk(self.tree):
            kind = type(node)
            if kind is ast.Call:
                calls.append(node)  # type: ignore[arg-type]
            elif kind in (ast.FunctionDef, ast.AsyncFunctionDef):
                decorators.extend(node.decorator_list)  # type: ignore[attr-defined]
                self.functions.add(node.name)  # type: ignore[attr-defined]
            elif kind is ast.ClassDef:
                decorators.extend(node.decorator_list)  # type: ignore[attr-defined]
                bases.extend(node.bases)  # type: ignore[attr-defined]
            elif kind in (ast.Assign, ast.AnnAssign):
                if self._convention(node):  # type: ignore[arg-type]
                    return True
            elif kind is ast.Import:
                for alias in node.names:  # type: ignore[attr-defined]
                    self.import_roots.add(alias.name.split(".", 1)[0])
                    local = alias.asname or alias.name.split(".", 1)[0]
                    self.aliases.setdefault(local, []).append(alias.name if alias.asname else local)
                    self.imported.add(local)
            elif kind is ast.ImportFrom:
                self.import_roots.add((node.module or "").split(".", 1)[0])  # type: ignore[attr-defined]
                for alias in node.names:  # type: ignore[attr-defined]
                    if alias.name == "*":
                        self.star_import = True
                    else:
                        self.aliases.setdefault(alias.asname or alias.name, []).append(alias.name)
                        self.imported.add(alias.asname or alias.name)
        return (
            bool(self.import_roots & fw.UNSCREENED_ROOTS)
            or any(self._names_match(_strip_call(d), _TOOL_DECORATOR_WORD) for d in decorators)
            or any(self._names_match(_strip_subscript(b), _TOOL_BASE_WORD) for b in bases)
            or (
                bool(self.import_roots & TOOLKIT_ROOTS)
                and any(self._names_match(_strip_subscript(b), _TOOLKIT_BASE_WORD) for b in bases)
            )
            or any(self._names_a_framework_base(_strip_subscript(b)) for b in bases)
            or any(self._registers(call) for call in calls)
            or fw.RUNTIME_ROOT in self.import_roots
            or any(_installs_hook(call) for call in calls)
            or any(_last_name(_strip_call(d)) == "after_tool_call" for d in decorators)
            or any(self._passes_a_host(call) for call in calls)
            or any(self._makes_a_result_message(call) for call in calls)
        )

    def _names_a_framework_base(self, base: ast.expr) -> bool:
        """`class SandboxToolExecutor(ToolExecutor)` in a module that imports Letta; `class
        GithubApp(APIApplication)` in one that imports Universal MCP (a kin of its base)."""
        for name in self._spellings(base):
            tail = name.rsplit(".", 1)[-1]
            if self.import_roots & BASES_BY_NAME.get(tail, frozenset()):
                return True
            if any(tail.endswith(suffix) and self.import_roots & roots for suffix, roots in KIN_SUFFIXES.items()):
                return True
        return False

    def _makes_a_result_message(self, call: ast.Call) -> bool:
        """`ToolMessage(content=x, ...)` with a content that is not a literal."""
        if _last_name(call.func) not in fw.RESULT_MESSAGES:
            return False
        content = next((k.value for k in call.keywords if k.arg == "content"), call.args[0] if call.args else None)
        return content is not None and not isinstance(content, ast.Constant)

    def _passes_a_host(self, call: ast.Call) -> bool:
        """`register_tools(mcp)` where `mcp = FastMCP(...)` (see `find.tools._check_registrar`)."""
        arguments = [*call.args, *(keyword.value for keyword in call.keywords)]
        return any(
            isinstance(value, ast.Call) and self._names_match(value.func, _HOST_WORD)
            for argument in arguments
            if isinstance(argument, ast.Name)
            for value in self.assigned.get(argument.id, ())
        )

    # -- lists of tools ---------------------------------------------------------

    def _lists_functions(self, call: ast.Call, names: set[str]) -> bool:
        """Whether any list argument these list registrations read (and `tools=`) can hold a function."""
        positional = [arg for arg in call.args if not isinstance(arg, ast.Starred)]
        if len(positional) < len(call.args):
            return True  # `f(*args)`: positions unknown
        keywords = {keyword.arg: keyword.value for keyword in call.keywords}
        if None in keywords:
            return True  # `f(**kwargs)`
        values = [keywords.get("tools")]
        for name in names:
            for index, words in LIST_REGISTRATIONS[name]:
                if index is not None and index < len(positional):
                    values.append(positional[index])
                values.extend(keywords.get(word) for word in words)
        return any(value is not None and self._may_list_functions(value, 0) for value in values)

    def _may_list_functions(self, value: ast.expr, depth: int) -> bool:
        """Whether the checker could find a function in this list of tools (`llm.bind_tools(value)`).

        Mirrors what it follows: list, tuple and set literals, `+`, and names
        assigned such a value, anywhere in the module, or bound at module level
        or by an import (which may lead to another module's list).
        """
        if depth > MAX_ALIAS_DEPTH:
            return True
        if isinstance(value, (ast.List, ast.Tuple, ast.Set)):
            return any(
                self._may_list_functions(e.value, depth + 1) if isinstance(e, ast.Starred) else self._may_be_function(e)
                for e in value.elts
            )
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
            return self._may_list_functions(value.left, depth + 1) or self._may_list_functions(value.right, depth + 1)
        if isinstance(value, ast.Name):
            if self.star_import or value.id in self.imported:
                return True  # another module's list
            if value.id in self.module_names and value.id not in self.assigned:
                return True  # bound at module level some other way
            return any(self._may_list_functions(v, depth + 1) for v in self.assigned.get(value.id, ()))
        return False

    def _may_be_function(self, element: ast.expr) -> bool:
        """An element the checker could resolve to a function: a def or imported name, `self.method`,
        `module.func`, a lambda, `functools.partial(...)`, a name bound to what a call makes
        (`shell = ShellTool()`, `handler = make_handler(slug)`)."""
        if isinstance(element, ast.Name):
            return (
                self.star_import
                or element.id in self.functions
                or element.id in self.imported
                or element.id in self.module_names
                or any(isinstance(value, ast.Call) for value in self.assigned.get(element.id, ()))
            )
        return isinstance(element, (ast.Attribute, ast.Lambda, ast.Call))

    # -- names ----------------------------------------------------------------

    def _convention(self, node: ast.Assign | ast.AnnAssign) -> bool:
        """`TOOL_SPEC = ...`, a dispatch table, and (as a side effect) `x = y` aliases."""
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        names = [target.id for target in targets if isinstance(target, ast.Name)]
        value = node.value
        for name in names:
            if value is not None:
                self.assigned.setdefault(name, []).append(value)
            if name == "TOOL_SPEC":
                return True
            if isinstance(value, (ast.Name, ast.Attribute)):
                dotted = _dotted(value)
                if dotted is not None:
                    self.aliases.setdefault(name, []).append(dotted)
            if isinstance(value, ast.Dict) and re.search("tool|function", name, re.IGNORECASE) and value.keys:
                if all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in value.keys) and all(
                    isinstance(v, (ast.Name, ast.Attribute)) for v in value.values
                ):
                    return True
        return False

    def _spellings(self, expr: ast.expr) -> Iterator[str]:
        """Dotted names `expr` may stand for: as written, and through the module's aliases.

        The heads of the names stay local names (an import's origin is its
        imported name, not its module): what matters here is last parts, and
        whether a head is bound by an import.
        """
        dotted = _dotted(expr)
        if dotted is None:
            return
        pending, seen = [dotted], set[str]()
        while pending and len(seen) < MAX_ALIAS_DEPTH * 4:
            name = pending.pop()
            if name in seen:
                continue
            seen.add(name)
            yield name
            head, _, rest = name.partition(".")
            for origin in self.aliases.get(head, ()):
                pending.append(f"{origin}.{rest}" if rest else origin)

    def _names_match(self, expr: ast.expr, word: re.Pattern[str]) -> bool:
        return any(word.search(name) for name in self._spellings(expr))

    def _registers(self, call: ast.Call) -> bool:
        func = call.func
        if isinstance(func, ast.Call):  # `mcp.tool(name="x")(fn)`
            return self._names_match(_strip_call(func), _TOOL_DECORATOR_WORD)
        func = _strip_subscript(func)  # `Server[AppState](..., on_call_tool=f)`
        if isinstance(func, ast.Attribute):
            if func.attr in fw.TOOL_LIST_METHODS:  # whatever the receiver: `super().bind_tools(...)`
                return self._lists_functions(call, {func.attr})
            if func.attr in REGISTRATION_NAMES:
                return True
            source_keyword = fw.SOURCE_REGISTRATION_METHODS.get(func.attr)
            if source_keyword is not None and any(keyword.arg == source_keyword for keyword in call.keywords):
                return True  # Letta's `client.tools.upsert(source_code=inspect.getsource(f))`
            if func.attr in DECODERS and _is_slice(func.value):
                return True  # BL005: `data[:n].decode()`
        if isinstance(func, ast.Name) and fw.TOOL_REGISTRY_FUNCTION.match(func.id) and (call.args or call.keywords):
            return True  # `register_tool(name="x", implementation=fn)`, a project's registry (`find.tools`)
        spellings = list(self._spellings(func))
        last_names = {name.rsplit(".", 1)[-1] for name in spellings}
        registering = last_names & REGISTRATION_NAMES
        if registering:
            # A call that only ever takes a list of tools matters when its list can hold a function.
            return not registering <= LIST_REGISTRATIONS.keys() or self._lists_functions(call, registering)
        # `Agent(tools=[...])` counts when the callee can be a framework's, which
        # only an imported name can be (not `cls(...)`, not `self.client.create(...)`).
        if any(name.partition(".")[0] in self.imported for name in spellings):
            for keyword in call.keywords:
                if keyword.arg in ("on_invoke_tool", "on_call_tool"):
                    return True
                if keyword.arg == "tools" and self._may_list_functions(keyword.value, 0):
                    return True
        # `llm(name="planner", tools=[read_text_file, fetch_http_text])` of any callee: a literal list
        # of functions by name handed over as tools (see `find.tools._check_handed_functions`)
        for keyword in call.keywords:
            if keyword.arg == "tools" and _names_only(keyword.value) and self._may_list_functions(keyword.value, 0):
                return True
        # BL005: `str(data[:n], "utf-8")`, `codecs.decode(data[:n])`
        return bool(last_names & DECODERS) and bool(call.args) and _is_slice(call.args[0])


def _names_only(value: ast.expr) -> bool:
    """A literal list or tuple of names and dotted names only (`[read_file, tools.fetch]`)."""
    return (
        isinstance(value, (ast.List, ast.Tuple))
        and bool(value.elts)
        and all(isinstance(element, (ast.Name, ast.Attribute)) for element in value.elts)
    )


# -- syntax ---------------------------------------------------------------------


def bases_from(tree: ast.Module, resolve_relative: Callable[[int, str], str | None]) -> set[str]:
    """The modules the file's class bases may come from: `agent.base` for `from agent.base import
    Skill` or `from . import base` (`resolve_relative` makes relative imports absolute) and then
    `class WebPage(Skill)` or `class WebPage(base.Skill)`. A run over some files of a project
    analyses a file whose bases come from the project, where a run over the whole tree finds it
    through the tool classes of the project's other roots."""
    imported: dict[str, str] = {}  # a bound name -> the dotted module path it stands for, or comes from
    bases: list[ast.expr] = []
    for node in _walk(tree):
        if isinstance(node, ast.ClassDef):
            bases.extend(node.bases)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.partition(".")[0]  # `import a.b` binds `a`
                imported[alias.asname or top] = alias.name if alias.asname else top
        elif isinstance(node, ast.ImportFrom):
            module = resolve_relative(node.level, node.module or "") if node.level else node.module
            for alias in node.names:
                if module:
                    imported[alias.asname or alias.name] = f"{module}.{alias.name}"
    found: set[str] = set()
    for base in bases:
        head, _, rest = (_dotted(_strip_subscript(base)) or "").partition(".")
        if head in imported:
            # `Skill` from `agent.base.Skill`, `base.Skill` from `agent.base` + `.Skill`: every
            # prefix could be the module (the last part is usually the class).
            parts = f"{imported[head]}.{rest}".strip(".").split(".")
            found.update(".".join(parts[:end]) for end in range(1, len(parts) + 1))
    return found


def _module_level_names(tree: ast.Module) -> set[str]:
    """Names bound by statements at module level (also inside if/try/with/for blocks there)."""
    names: set[str] = set()
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        statement = pending.pop()
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(statement.name)
            continue
        if isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                names.update(node.id for node in ast.walk(target) if isinstance(node, ast.Name))
        elif isinstance(statement, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".", 1)[0] for alias in statement.names)
        for field in ("body", "orelse", "finalbody", "handlers"):  # an except handler brings its body
            pending.extend(getattr(statement, field, []) or [])
    return names


# Fields that never hold code (names, flags, operators, contexts): not walked.
_NOT_CODE = frozenset(
    {
        "ctx",
        "op",
        "ops",
        "id",
        "arg",
        "attr",
        "name",
        "names",
        "module",
        "level",
        "asname",
        "kind",
        "conversion",
        "type_comment",
        "is_async",
    }
)
_CODE_FIELDS: dict[type, tuple[str, ...]] = {}


def _walk(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of `tree` (in no particular order); several times faster than `ast.walk`."""
    stack = [tree]
    fields = _CODE_FIELDS
    while stack:
        node = stack.pop()
        yield node
        kind = type(node)
        names = fields.get(kind)
        if names is None:
            names = fields[kind] = tuple(name for name in kind._fields if name not in _NOT_CODE)
        for name in names:
            value = getattr(node, name, None)
            if isinstance(value, list):
                stack.extend(item for item in value if isinstance(item, ast.AST))
            elif isinstance(value, ast.AST):
                stack.append(value)


def _dotted(expr: ast.expr) -> str | None:
    parts = []
    while isinstance(expr, ast.Attribute):
        parts.append(expr.attr)
        expr = expr.value
    if not isinstance(expr, ast.Name):
        return None
    parts.append(expr.id)
    return ".".join(reversed(parts))


def _strip_call(expr: ast.expr) -> ast.expr:
    return expr.func if isinstance(expr, ast.Call) else expr


def _strip_subscript(expr: ast.expr) -> ast.expr:
    return expr.value if isinstance(expr, ast.Subscript) else expr


def _is_slice(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Slice)
