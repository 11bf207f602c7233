"""The checked tree as a whole: lookups across modules.

A function registered in one module and defined in another is only found if
`from .news import fetch_news` can be followed to the `def` (module names:
`boundlint.discover.module_names`).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import libcst as cst

from boundlint.discover.module_names import Catalog
from boundlint.knowledge import frameworks as fw
from boundlint.project.exports import ModuleExports
from boundlint.project.module import ModuleInfo, dotted
from boundlint.project.module_index import FunctionSite, index_of

if TYPE_CHECKING:
    from boundlint.project.loader import Loader

MAX_REEXPORT_DEPTH = 8
MAX_BASE_DEPTH = 4  # in-tree base classes followed to the framework class they derive from
LIBRARY_ROOTS = frozenset({*fw.ALL_ROOTS, "pydantic", "pydantic_core", "annotated_types", fw.RUNTIME_ROOT})


@dataclass(frozen=True)
class Entity:
    """Something a qualified name resolves to inside the checked tree."""

    module: ModuleInfo
    kind: str  # "module", "function", "class", "assign"
    name: str
    node: cst.CSTNode | None
    owner: cst.ClassDef | None = None  # for methods


@dataclass(frozen=True)
class Located:
    """Where a qualified name is defined in the tree, found without parsing the module."""

    path: Path
    kind: str  # "module", "function" (`Class.method` for a method), "class", "assign"
    name: str
    alias: str | None = None  # for an assignment whose value is a name: the dotted name it is


class Project:
    """All modules of the checked tree, parsed on first use.

    `paths` are every file discovered; a module is parsed only when its code is
    needed (or when it is checked as a root): a lookup passes through the
    modules on its way by their exports (`project.exports`), and resolving one
    registration parses the one module it points to. Every module a lookup
    touches is recorded, so a result can say which files it depends on.
    """

    def __init__(self, paths: list[Path] | Catalog, loader: Loader) -> None:
        self._loader = loader
        self._loaded: dict[Path, ModuleInfo | None] = {}
        catalog = paths if isinstance(paths, Catalog) else Catalog(paths)
        self._by_name = catalog.by_name
        self._canonical = catalog.canonical
        self._lookups: dict[tuple[str, Path | None], tuple[Located | None, frozenset[Path]]] = {}
        self._touched: list[set[Path]] = [set()]

    # -- loading ------------------------------------------------------------

    @property
    def modules(self) -> list[ModuleInfo]:
        """The modules parsed so far."""
        return [module for module in self._loaded.values() if module is not None]

    def load(self, path: Path) -> ModuleInfo | None:
        if path not in self._loaded:
            self._loaded[path] = self._loader.load(path)
        return self._loaded[path]

    def module_named(self, name: str, near: ModuleInfo | None = None) -> ModuleInfo | None:
        path = self._path_named(name, near.path if near is not None else None)
        return self.load(path) if path is not None else None

    def _path_named(self, name: str, near: Path | None) -> Path | None:
        """The file of module `name` (of two with that name, the one nearer `near`), recorded as read."""
        candidates = self._by_name.get(name)
        if not candidates:
            return None
        if len(candidates) > 1 and near is not None:
            exact = [path for path in candidates if self._canonical[path] == name]
            path = max(exact or candidates, key=lambda candidate: _shared_prefix(candidate, near))
        else:
            path = candidates[0]
        self._touched[-1].add(path)
        return path

    def module_name_of(self, path: Path) -> str:
        return self._canonical.get(path, path.stem)

    def paths_in_package(self, package: str) -> list[Path]:
        """The files of the top-level package `package`, recorded as read: what is found among
        them (a class deriving from another) changes when any of them does."""
        paths = [path for path, name in self._canonical.items() if name.split(".")[0] == package]
        self._touched[-1].update(paths)
        return paths

    def site_of(self, function: cst.FunctionDef) -> FunctionSite | None:
        for module in self.modules:
            site = index_of(module).sites.get(function)
            if site is not None:
                return site
        return None

    # -- dependency tracking -------------------------------------------------

    def start_recording(self) -> None:
        """Begin a new record of the files lookups touch (see `stop_recording`)."""
        self._touched.append(set())

    def stop_recording(self) -> set[Path]:
        touched = self._touched.pop()
        self._touched[-1].update(touched)
        return touched

    def lookup(self, qualified: str, near: ModuleInfo | None = None) -> Entity | None:
        """What `qualified` (as written in `near`) names in the tree, parsed: its module is loaded."""
        found = self.locate(qualified, near.path if near is not None else None)
        return self.entity(found) if found is not None else None

    def locate(self, qualified: str, near: Path | None = None, depth: int = 0) -> Located | None:
        """Where `qualified` is defined in the tree, read from the exports of the modules on the
        way: no module is parsed with libcst."""
        # Memoised: re-exports and star imports would otherwise be followed
        # again for every name. A lookup already under way (an import cycle)
        # resolves to nothing. The files a lookup touched are kept with its
        # result, so a memoised answer still records its dependencies.
        key = (qualified, near)
        if key in self._lookups:
            found, touched = self._lookups[key]
            self._touched[-1].update(touched)
            return found
        if depth > MAX_REEXPORT_DEPTH:
            return None
        self._lookups[key] = (None, frozenset())
        self._touched.append(set())
        try:
            found = self._locate(qualified, near, depth)
        finally:
            read = self._touched.pop()
            self._touched[-1].update(read)
        self._lookups[key] = (found, frozenset(read))
        return found

    def _locate(self, qualified: str, near: Path | None, depth: int) -> Located | None:
        # As Python does: the longest prefix that is a module holds the rest.
        parts = qualified.split(".")
        for cut in range(len(parts), 0, -1):
            path = self._path_named(".".join(parts[:cut]), near)
            exports = self._loader.exports(path) if path is not None else None
            if path is not None and exports is not None:
                if cut == len(parts) > 1:
                    rebound = self._rebound_by_package(parts, near, depth)
                    if rebound is not None:
                        return rebound
                return self._locate_in(path, exports, parts[cut:], depth)
        return None

    def _rebound_by_package(self, parts: list[str], near: Path | None, depth: int) -> Located | None:
        """`pkg.tools.get_log` where `pkg/tools/__init__.py` does `from .get_log import get_log`:
        the package's name for the function, which Python binds over the submodule's."""
        package = self._path_named(".".join(parts[:-1]), near)
        exports = self._loader.exports(package) if package is not None else None
        if package is None or exports is None:
            return None
        name = parts[-1]
        if not (
            name in exports.functions or name in exports.classes or name in exports.aliases or name in exports.imports
        ):
            return None
        found = self._locate_in(package, exports, [name], depth)
        return found if found is not None and found.kind != "module" else None

    def _locate_in(self, path: Path, exports: ModuleExports, rest: list[str], depth: int) -> Located | None:
        if not rest:
            return Located(path, "module", exports.name)
        head, tail = rest[0], rest[1:]
        if head in exports.functions and not tail:
            return Located(path, "function", head)
        if head in exports.classes:
            if not tail:
                return Located(path, "class", head)
            if len(tail) == 1 and tail[0] in exports.classes[head].methods:
                return Located(path, "function", f"{head}.{tail[0]}")
            return self._method_of_a_base(path, exports, head, tail, depth)
        if head in exports.aliases and not tail:
            return Located(path, "assign", head, exports.aliases[head])
        if head in exports.imports:
            return self.locate(".".join([exports.imports[head], *tail]), path, depth + 1)
        for star in exports.star_imports:
            if star == exports.name:
                continue
            found = self.locate(".".join([star, *rest]), path, depth + 1)
            if found is not None:
                return found
        return None

    def _method_of_a_base(
        self, path: Path, exports: ModuleExports, cls: str, tail: list[str], depth: int
    ) -> Located | None:
        """`Folder.transform` where `Folder(BaseTransformer)` does not define `transform`: the method
        its first base of the tree that has it defines (a classmethod called on the subclass)."""
        if len(tail) != 1:
            return None
        for base in exports.classes[cls].bases:
            qualified = exports.qualify(base) if base is not None else None
            found = self.locate(f"{qualified}.{tail[0]}", path, depth + 1) if qualified else None
            if found is not None and found.kind == "function":
                return found
        return None

    def exports(self, path: Path) -> ModuleExports | None:
        return self._loader.exports(path)

    def text(self, path: Path) -> str:
        """The module's source text, without parsing it ("" when it cannot be read)."""
        module = self._loaded.get(path)
        return module.source.text if module is not None else self._loader.text(path)

    def locate_written(self, path: Path, written: str) -> Located | None:
        """`resolve` by exports: what the dotted name `written` in module `path` names in the tree."""
        exports = self._loader.exports(path)
        if exports is None:
            return None
        qualified = exports.qualify(written)
        if qualified is None and "." not in written:
            for star in exports.star_imports:
                found = self.locate(f"{star}.{written}", path)
                if found is not None:
                    return found
            return None
        return self.locate(qualified, path) if qualified else None

    def entity(self, found: Located) -> Entity | None:
        """The parsed definition `found` points to."""
        module = self.load(found.path)
        if module is None:
            return None
        if found.kind == "module":
            return Entity(module, "module", module.name, None)
        if found.kind == "class":
            cls = module.classes.get(found.name)
            return Entity(module, "class", found.name, cls) if cls is not None else None
        if found.kind == "assign":
            values = module.assignments.get(found.name)
            return Entity(module, "assign", found.name, values[-1]) if values else None
        owner_name, _, method_name = found.name.rpartition(".")
        if not owner_name:
            function = module.functions.get(found.name)
            return Entity(module, "function", found.name, function) if function is not None else None
        owner = module.classes.get(owner_name)
        method = class_methods(owner).get(method_name) if owner is not None else None
        return Entity(module, "function", found.name, method, owner=owner) if method is not None else None

    def resolve_class(self, module: ModuleInfo, expr: cst.BaseExpression) -> tuple[ModuleInfo, cst.ClassDef] | None:
        """The class a Name/Attribute in `module` names inside the tree, and its module."""
        entity = self.resolve(module, expr, kinds=("class",))
        if entity is not None and isinstance(entity.node, cst.ClassDef):
            return entity.module, entity.node
        return None

    def annotated_class(
        self, module: ModuleInfo, annotation: cst.BaseExpression
    ) -> tuple[ModuleInfo, cst.ClassDef] | None:
        """The one class of the tree an annotation names (`X`, `X | None`, `Optional[X]`)."""
        named = [member for member in _union_members(annotation) if not _is_none(member)]
        return self.resolve_class(module, named[0]) if len(named) == 1 else None

    def annotated_external(self, module: ModuleInfo, annotation: cst.BaseExpression) -> str | None:
        """The library type an annotation names (`httpx.AsyncClient`, `Session | None`)."""
        named = [member for member in _union_members(annotation) if not _is_none(member)]
        return self.external_name(module, named[0]) if len(named) == 1 else None

    def is_enum(self, entity: Entity) -> bool:
        """A class of the tree that derives from one of `enum`'s."""
        if entity.kind != "class" or not isinstance(entity.node, cst.ClassDef):
            return False
        return any((self.external_name(entity.module, b.value) or "").startswith("enum.") for b in entity.node.bases)

    def resolve(
        self, module: ModuleInfo, expr: cst.BaseExpression, kinds: Collection[str] | None = None
    ) -> Entity | None:
        """What a Name/Attribute in `module` refers to inside the tree; with `kinds`, only an entity
        of one of those kinds (the module holding any other is not parsed for it)."""
        written = dotted(expr)
        found = self.locate_written(module.path, written) if written is not None else None
        if found is None or (kinds is not None and found.kind not in kinds):
            return None
        return self.entity(found)

    def external_name(self, module: ModuleInfo, expr: cst.BaseExpression) -> str | None:
        """The qualified name of `expr` when it comes from outside the tree.

        Follows in-tree re-exports (`from .compat import tool` where compat
        does `from langchain_core.tools import tool`).
        """
        qualified = module.qualify(expr)
        if qualified is None and module.star_imports:
            qualified = self._imported_by_star(module, expr)
        return self.external_of(qualified, module.path) if qualified is not None else None

    def _imported_by_star(self, module: ModuleInfo, expr: cst.BaseExpression) -> str | None:
        """`json.dumps` in a module whose `json` comes from `from pkg.runtime import *`, where
        `pkg/runtime.py` does `import json`: the name as that module qualifies it."""
        written = dotted(expr)
        if written is None:
            return None
        head, _, tail = written.partition(".")
        for star in module.star_imports:
            path = self._path_named(star, module.path)
            exports = self._loader.exports(path) if path is not None else None
            if exports is not None and head in exports.imports and not head.startswith("_"):
                return ".".join(filter(None, [exports.imports[head], tail]))
        return None

    def inherited_name(self, module: ModuleInfo, expr: cst.BaseExpression) -> str | None:
        """`external_name`, and for a class of the tree, the outside class it derives from, with
        the rest of the name kept: `class GitGuardianFastMCP(FastMCP)` stands for `FastMCP`, and
        `FunctionToolWithContext.from_defaults` for `FunctionTool.from_defaults`. A subclass keeps
        its framework's ways to register tools, also where it overrides a method to add to them."""
        qualified = module.qualify(expr)
        return self._inherited(qualified, module.path, 0) if qualified is not None else None

    def _inherited(self, qualified: str, near: Path, depth: int) -> str | None:
        external = self.external_of(qualified, near)
        if external is not None or depth > MAX_BASE_DEPTH:
            return external
        parts = qualified.split(".")
        for cut in range(len(parts), 0, -1):
            found = self.locate(".".join(parts[:cut]), near)
            if found is None or found.kind == "function":
                continue  # `Sub.from_defaults` defined by `Sub` itself: its class is a shorter prefix
            if found.kind != "class":
                return None
            exports = self._loader.exports(found.path)
            if exports is None:
                return None
            for base in exports.classes[found.name].bases:
                based = exports.qualify(base) if base is not None else None
                outside = self._inherited(".".join([based, *parts[cut:]]), found.path, depth + 1) if based else None
                if outside is not None:
                    return outside
            return None
        return None

    def external_of(self, qualified: str, near: Path) -> str | None:
        """`external_name` of a name as qualified in the module `near`."""
        for _ in range(MAX_REEXPORT_DEPTH):
            if qualified.split(".", 1)[0] in LIBRARY_ROOTS:
                # Names from a known framework keep their meaning even when the
                # framework's own source is part of the checked tree.
                return qualified
            found = self.locate(qualified, near)
            if found is None:
                # `app.compat.tool` where `app/compat.py` does `from langchain_core.tools import
                # tool`: the library's name. Else not defined in the tree (a user's own package
                # that happens to be called `agents` does not hide the SDK's names).
                onward = self._imported_from_outside(qualified, near)
                if onward is None:
                    return qualified
                qualified = onward
                continue
            if found.kind != "assign" or found.alias is None:
                return None
            # `tool = lc_tool` style aliases at module level.
            near, qualified = found.path, found.alias
        return None

    def _imported_from_outside(self, qualified: str, near: Path) -> str | None:
        """The name a module of the tree imports and `qualified` reads from it (`app.compat.tool`
        -> `langchain_core.tools.tool`), when the module defines no such name itself."""
        parts = qualified.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            path = self._path_named(".".join(parts[:cut]), near)
            exports = self._loader.exports(path) if path is not None else None
            if exports is None:
                continue
            head, tail = parts[cut], parts[cut + 1 :]
            if head in exports.functions or head in exports.classes or head in exports.aliases:
                return None
            imported = exports.imports.get(head)
            return ".".join([imported, *tail]) if imported is not None and imported != qualified else None
        return None


def class_methods(cls: cst.ClassDef) -> dict[str, cst.FunctionDef]:
    methods: dict[str, cst.FunctionDef] = {}
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else []
    for statement in body:
        if isinstance(statement, cst.FunctionDef):
            methods[statement.name.value] = statement
    return methods


def _shared_prefix(a: Path, b: Path) -> int:
    count = 0
    for left, right in zip(a.parts, b.parts, strict=False):
        if left != right:
            break
        count += 1
    return count


def _union_members(annotation: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
        return [*_union_members(annotation.left), *_union_members(annotation.right)]
    if isinstance(annotation, cst.Subscript) and (dotted(annotation.value) or "").rsplit(".", 1)[-1] == "Optional":
        return [e.slice.value for e in annotation.slice if isinstance(e.slice, cst.Index)]
    return [annotation]


def _is_none(annotation: cst.BaseExpression) -> bool:
    return isinstance(annotation, cst.Name) and annotation.value == "None"
