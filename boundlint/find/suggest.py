"""In-house tool frameworks a tree seems to have, as `[tool.boundlint]` lines to add.

A team's own agent framework is invisible to the checker until it is
configured. Two shapes give one away:

* a base class of the tree with several subclasses that each define the same
  method returning a value (`class Skill: def run(self, ...)`, overridden by
  `SearchSkill`, `FetchSkill`, ...), named like a tool or its entry point;
* a decorator defined in the tree (a function, or a method of a module-level
  instance such as `registry = Registry()`) put on several functions that
  have docstrings (what a model reads to choose a tool), named like a tool.
* a loader that picks functions by a name prefix (`if name.startswith("handle_"):`)
  where the tree defines several documented module-level functions of that
  prefix, in more than one module: tools no code names, registered at run time.
* a dispatcher that reaches methods by a name it formats (`getattr(self,
  f"_{domain}_{action}_tool")`) where the tree's classes define several methods
  of that shape, in more than one module.

This reads every file with `ast`, quickly and without importing anything.
It only suggests: nothing here turns a candidate on.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path

from boundlint.core.config import BASE_CLASSES, DECORATORS, TOOL_FUNCTIONS
from boundlint.discover.module_names import imported_names, module_name_for
from boundlint.knowledge import frameworks as fw
from boundlint.parse.source import python_ast, read_source
from boundlint.project.exports import class_attributes, is_stub, reached_by_name

MIN_USES = 3  # subclasses, or decorated functions, before a candidate is shown
MAX_EXAMPLES = 3
TOOL_WORDS = re.compile(r"tool|skill|action|command|capabilit|function|plugin|ability|operation|expose", re.IGNORECASE)
NOT_TOOL_BASES = re.compile(r"Exception$|Error$|Warning$|Enum$|TypedDict$|Protocol$|NamedTuple$|TestCase$")
SKIPPED_FOLDERS = frozenset({"tests", "test", "testing"})


@dataclass
class Suggestion:
    kind: str  # "base class", "decorator", "function names" or "method names"
    key: str  # the `[tool.boundlint]` key
    value: str  # the entry to add
    count: int  # subclasses, decorated functions, or functions of the name
    examples: list[str] = field(default_factory=list)  # "path:line"

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "key": self.key, "value": self.value, "count": self.count, "examples": self.examples}


@dataclass
class _Class:
    qualified: str
    bases: list[str]  # as qualified as the file's imports make them
    methods: dict[str, bool]  # name -> returns a value
    where: str
    known: bool = False  # a tool base the checker finds without configuration (`fw.in_house_entry`)


@dataclass
class _Module:
    name: str
    imports: dict[str, str] = field(default_factory=dict)  # local name -> qualified
    instances: dict[str, str] = field(default_factory=dict)  # module-level `x = Class(...)` -> qualified x
    made_by: dict[str, str] = field(default_factory=dict)  # qualified x -> the callee that made it
    stars: list[str] = field(default_factory=list)  # modules it imports `*` from


def suggest(files: list[Path], display: dict[Path, str]) -> list[Suggestion]:
    """Candidates in `files`, most used first."""
    classes: dict[str, _Class] = {}
    modules: dict[str, _Module] = {}
    uses: dict[str, list[tuple[str, bool]]] = defaultdict(list)  # decorator -> (where, has docstring)
    functions: set[str] = set()  # the tree's module-level functions, qualified
    made_by: dict[str, str] = {}  # the tree's module-level instances -> what made them
    prefixes: set[str] = set()  # what the code tests names against: `name.startswith("handle_")`
    named: list[_Function] = []  # the tree's module-level functions that return a value
    formats: set[str] = set()  # method names a dispatcher formats for `getattr`, as globs
    methods: list[_Function] = []  # the tree's methods that return a value (`Class.method`)
    for path in files:
        if SKIPPED_FOLDERS & set(path.parts[:-1]):
            continue
        tree = _parse(path)
        if tree is None:
            continue
        module = _module_of(path, tree)
        modules[module.name] = module
        functions.update(f"{module.name}.{node.name}" for node in tree.body if isinstance(node, _FUNCTIONS))
        prefixes.update(_name_prefixes(tree))
        formats.update(_name_formats(tree))
        methods.extend(
            _Function(
                module.name,
                f"{cls.name}.{item.name}",
                ast.get_docstring(item) is not None,
                f"{display.get(path, str(path))}:{item.lineno}",
            )
            for cls in _classes(tree)
            for item in cls.body
            if isinstance(item, _FUNCTIONS) and _returns_value(item)
        )
        named.extend(
            _Function(
                module.name,
                node.name,
                ast.get_docstring(node) is not None,
                f"{display.get(path, str(path))}:{node.lineno}",
            )
            for node in tree.body
            if isinstance(node, _FUNCTIONS) and _returns_value(node)
        )
        made_by.update(module.made_by)
        for cls in _classes(tree):
            classes[f"{module.name}.{cls.name}"] = _Class(
                f"{module.name}.{cls.name}",
                [name for base in cls.bases if (name := _qualify(module, base)) is not None],
                {item.name: _returns_value(item) for item in cls.body if isinstance(item, _FUNCTIONS)},
                f"{display.get(path, str(path))}:{cls.lineno}",
                known=_known_tool_base(cls),
            )
        for function in _functions(tree):
            docstring = ast.get_docstring(function) is not None
            for decorator in function.decorator_list:
                target = decorator.func if isinstance(decorator, ast.Call) else decorator
                name = _qualify(module, target)
                if name is not None:
                    uses[name].append((f"{display.get(path, str(path))}:{function.lineno}", docstring))
    for found_class in classes.values():  # `from pkg.skills import Skill`, re-exported by `pkg.skills`
        found_class.bases = [_through_reexports(base, modules, classes) for base in found_class.bases]
    own_instances = {  # of the tree's own classes, not of a framework's whose source is in the tree
        name
        for name, callee in made_by.items()
        if not _framework_own(callee) and _through_reexports(callee, modules, classes) in classes
    }
    found = [
        *_base_classes(classes),
        *_decorators(uses, functions | own_instances),
        *_name_patterns("function names", {f"{prefix}*" for prefix in prefixes}, named, described=True),
        *_name_patterns("method names", formats, methods, described=False),
    ]
    return sorted(found, key=lambda s: (-s.count, s.kind, s.value))


# -- base classes -------------------------------------------------------------------


def _base_classes(classes: dict[str, _Class]) -> Iterator[Suggestion]:
    subclasses: dict[str, list[_Class]] = defaultdict(list)
    for cls in classes.values():
        for ancestor in _ancestors(cls, classes):
            subclasses[ancestor].append(cls)
    found: list[tuple[str, str, list[_Class]]] = []  # (base, method, the subclasses that define it)
    for name, below in subclasses.items():
        base = classes.get(name)
        if base is None or NOT_TOOL_BASES.search(name) or _framework_derived(base, classes) or _framework_own(name):
            continue
        if base.known or any(classes[above].known for above in _ancestors(base, classes) if above in classes):
            continue  # found without a line of configuration, with what derives from it
        by_method: dict[str, list[_Class]] = defaultdict(list)
        for cls in below:
            for method, returns in cls.methods.items():
                # a private helper is no entry point, unless a framework's convention makes it one (`_run`)
                if (
                    returns
                    and not method.startswith("__")
                    and (not method.startswith("_") or method in fw.ENTRY_METHODS)
                ):
                    by_method[method].append(cls)
        for method, overriding in by_method.items():
            toolish = method in fw.ENTRY_METHODS or TOOL_WORDS.search(name.rsplit(".", 1)[-1])
            if len(overriding) >= MIN_USES and toolish:
                found.append((name, method, overriding))
    # `class ReadTool(Tool, ToolMarkerCanEdit)`: a marker mixin's subclasses are some of the tool
    # base's; only the base that holds them all is worth a line.
    found.sort(key=lambda item: -len(item[2]))
    kept: list[tuple[str, str, list[_Class]]] = []
    for name, method, overriding in found:
        classes_here = {cls.qualified for cls in overriding}
        if any(method == other and classes_here <= {c.qualified for c in theirs} for _, other, theirs in kept):
            continue
        kept.append((name, method, overriding))
        examples = [cls.where for cls in overriding[:MAX_EXAMPLES]]
        yield Suggestion("base class", BASE_CLASSES, f"{name}:{method}", len(overriding), examples)


def _through_reexports(name: str, modules: dict[str, _Module], classes: dict[str, _Class], depth: int = 0) -> str:
    if name in classes or depth > 4:
        return name
    parts = name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        module = modules.get(".".join(parts[:cut]))
        if module is not None and parts[cut] in module.imports:
            target = ".".join([module.imports[parts[cut]], *parts[cut + 1 :]])
            return _through_reexports(target, modules, classes, depth + 1)
        for star in module.stars if module is not None else ():
            found = _through_reexports(".".join([star, *parts[cut:]]), modules, classes, depth + 1)
            if found in classes:
                return found
    return name


def _ancestors(cls: _Class, classes: dict[str, _Class]) -> set[str]:
    seen: set[str] = set()
    todo = list(cls.bases)
    while todo:
        name = todo.pop()
        if name in seen or name not in classes:
            continue
        seen.add(name)
        todo.extend(classes[name].bases)
    return seen


def _framework_own(name: str) -> bool:
    """A framework's own class or decorator (its source is in the tree): the checker knows it."""
    return name.split(".", 1)[0] in fw.ALL_ROOTS


def _framework_derived(cls: _Class, classes: dict[str, _Class]) -> bool:
    """A framework already makes tools of it (its subclasses are found without configuration)."""
    names = {*cls.bases, *(b for a in _ancestors(cls, classes) for b in classes[a].bases)}
    return any(entry.base.matches(name) for name in names for entry in fw.TOOL_BASE_CLASSES) or any(
        name.split(".", 1)[0] in fw.ALL_ROOTS for name in names
    )


# -- decorators -------------------------------------------------------------------------


def _decorators(uses: dict[str, list[tuple[str, bool]]], defined: set[str]) -> Iterator[Suggestion]:
    for name, places in uses.items():
        owner = name if name in defined else name.rsplit(".", 1)[0]
        if owner not in defined:
            continue  # only the tree's own decorators: a library's are not in-house tools
        if _framework_own(name) or any(pattern.matches(name) for pattern in fw.TOOL_DECORATORS):
            continue
        if name in defined and fw.in_house_decorator(name.rsplit(".", 1)[-1]):
            continue  # found without a line of configuration
        described = sum(1 for _, docstring in places if docstring)
        if len(places) >= MIN_USES and TOOL_WORDS.search(name.rsplit(".", 1)[-1]) and described * 2 >= len(places):
            examples = [where for where, _ in places[:MAX_EXAMPLES]]
            yield Suggestion("decorator", DECORATORS, name, len(places), examples)


# -- functions a loader picks by name ----------------------------------------------------


@dataclass(frozen=True)
class _Function:
    module: str
    name: str
    documented: bool
    where: str


def _name_prefixes(tree: ast.Module) -> Iterator[str]:
    """`name.startswith("handle_")`, `n.startswith(("tool_", "cmd_"))`: prefixes of names."""
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "startswith"):
            continue
        given = node.args[0] if node.args else None
        for literal in given.elts if isinstance(given, ast.Tuple) else [given]:
            if (
                isinstance(literal, ast.Constant)
                and isinstance(literal.value, str)
                and _PREFIX.fullmatch(literal.value)
            ):
                yield literal.value


_PREFIX = re.compile(r"[A-Za-z][A-Za-z0-9]+_")  # `handle_`, `tool_`: a word and its underscore


def _name_patterns(kind: str, globs: set[str], defined: list[_Function], described: bool) -> Iterator[Suggestion]:
    """For each glob of names (`handle_*`, `_formal_*_*_tool`), the functions or methods of the tree
    that match it, when there are a few, in more than one module of one package (and, with
    `described`, half of them documented): `package.*.glob`."""
    for glob in sorted(globs):
        picked = [found for found in defined if fnmatchcase(found.name.rsplit(".", 1)[-1], glob)]
        modules = sorted({found.module for found in picked})
        package = _common_package(modules) if len(modules) >= 2 else ""
        documented = sum(1 for found in picked if found.documented)
        if len(picked) >= MIN_USES and package and (not described or documented * 2 >= len(picked)):
            examples = [found.where for found in picked[:MAX_EXAMPLES]]
            yield Suggestion(kind, TOOL_FUNCTIONS, f"{package}.*.{glob}", len(picked), examples)


def _name_formats(tree: ast.Module) -> Iterator[str]:
    """The names a module formats for `getattr` (`getattr(self, f"_{name}_tool")`, through a local
    or a helper that returns it: `handler = _handler_name(d, c)` of `return f"_formal_{d}_{c}_tool"`),
    as globs (`_formal_*_*_tool`), when they start with a few letters of their own."""
    for node in _formats_for_getattr(tree):
        glob = "".join(str(part.value) if isinstance(part, ast.Constant) else "*" for part in node.values)
        head = glob.split("*", 1)[0]
        # a name that starts with words of its own (`_formal_`), not any name with a given ending
        if "*" in glob and _NAME_GLOB.fullmatch(glob) and sum(char.isalnum() for char in head) >= 3:
            yield glob


def _formats_for_getattr(tree: ast.Module) -> Iterator[ast.JoinedStr]:
    looked_up = [
        node.args[1]
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and _last(node.func) == "getattr"
        if len(node.args) >= 2
    ]
    names = {arg.id for arg in looked_up if isinstance(arg, ast.Name)}
    helpers = {_last(arg.func) for arg in looked_up if isinstance(arg, ast.Call)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in names for t in node.targets):
            if isinstance(node.value, ast.JoinedStr):
                yield node.value
            elif isinstance(node.value, ast.Call):
                helpers.add(_last(node.value.func))
    yield from (arg for arg in looked_up if isinstance(arg, ast.JoinedStr))
    for node in ast.walk(tree):
        if isinstance(node, _FUNCTIONS) and node.name in helpers:
            for inner in ast.walk(node):
                if isinstance(inner, ast.Return) and isinstance(inner.value, ast.JoinedStr):
                    yield inner.value


_NAME_GLOB = re.compile(r"[A-Za-z0-9_*]+")


def _last(expr: ast.expr) -> str | None:
    return expr.attr if isinstance(expr, ast.Attribute) else expr.id if isinstance(expr, ast.Name) else None


def _common_package(modules: list[str]) -> str:
    """`a.tools.x`, `a.tools.y.z` -> `a.tools`: the deepest package holding them all."""
    parts = [module.split(".")[:-1] for module in modules]
    common: list[str] = []
    for level in zip(*parts, strict=False):  # as deep as the shallowest
        if len(set(level)) != 1:
            break
        common.append(level[0])
    return ".".join(common)


# -- reading ------------------------------------------------------------------------------

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def _parse(path: Path) -> ast.Module | None:
    try:
        return python_ast(read_source(path).text)
    except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
        return None  # `check` reports unreadable files; a suggestion can do without them


def _module_of(path: Path, tree: ast.Module) -> _Module:
    module = _Module(module_name_for(path))
    package = module.name if path.stem == "__init__" else module.name.rpartition(".")[0]

    def relative(level: int, base: str) -> str:
        parts = package.split(".") if package else []
        parts = parts[: len(parts) - (level - 1)] if level > 1 else parts
        return ".".join([*parts, *([base] if base else [])])

    module.imports.update(imported_names(tree, relative))
    for node in tree.body:  # `from .tools_base import *`: a package that re-exports its modules' names
        if isinstance(node, ast.ImportFrom) and any(alias.name == "*" for alias in node.names):
            module.stars.append(relative(node.level, node.module or "") if node.level else (node.module or ""))
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            callee = _qualify(module, node.value.func)
            for target in node.targets:
                if isinstance(target, ast.Name):
                    module.instances[target.id] = f"{module.name}.{target.id}"
                    if callee is not None:
                        module.made_by[f"{module.name}.{target.id}"] = callee
    return module


def _qualify(module: _Module, expr: ast.expr) -> str | None:
    """`Skill`, `registry.tool`, `agents.Base` as qualified names (by the file's imports, or its own)."""
    parts: list[str] = []
    while isinstance(expr, ast.Attribute):
        parts.append(expr.attr)
        expr = expr.value
    if isinstance(expr, ast.Subscript):
        return _qualify(module, expr.value)
    if not isinstance(expr, ast.Name):
        return None
    head = module.imports.get(expr.id) or module.instances.get(expr.id) or f"{module.name}.{expr.id}"
    return ".".join([head, *reversed(parts)])


def _known_tool_base(cls: ast.ClassDef) -> bool:
    methods = [item for item in cls.body if isinstance(item, _FUNCTIONS)]
    names = {item.name for item in methods}
    stubs = {item.name for item in methods if is_stub(item)}
    return fw.in_house_entry(cls.name, class_attributes(cls), names, stubs, reached_by_name(cls)) is not None


def _classes(tree: ast.Module) -> Iterator[ast.ClassDef]:
    return (node for node in tree.body if isinstance(node, ast.ClassDef))


def _functions(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in tree.body:
        if isinstance(node, _FUNCTIONS):
            yield node
        elif isinstance(node, ast.ClassDef):
            yield from (item for item in node.body if isinstance(item, _FUNCTIONS))


def _returns_value(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Return) and node.value is not None:
            return True
        if not isinstance(node, (*_FUNCTIONS, ast.ClassDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(node))
    return False
