"""The checked tree as a whole: lookups across modules.

A function registered in one module and defined in another is only found if
`from .news import fetch_news` can be followed to the `def` (module names:
`boundlint.discover.module_names`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from boundlint.discover.module_names import Catalog
from boundlint.knowledge import frameworks as fw
from boundlint.project.module import ModuleInfo
from boundlint.project.module_index import FunctionSite, index_of

MAX_REEXPORT_DEPTH = 8
LIBRARY_ROOTS = frozenset({*fw.ALL_ROOTS, "pydantic", "pydantic_core", "annotated_types", fw.RUNTIME_ROOT})


@dataclass(frozen=True)
class Entity:
    """Something a qualified name resolves to inside the checked tree."""

    module: ModuleInfo
    kind: str  # "module", "function", "class", "assign"
    name: str
    node: cst.CSTNode | None
    owner: cst.ClassDef | None = None  # for methods


class Project:
    """All modules of the checked tree, parsed on first use.

    `paths` are every file discovered; a module is read and parsed only when a
    lookup needs it (or when it is checked as a root), so resolving one
    registration parses the one module it points to. Every module a lookup
    touches is recorded, so a result can say which files it depends on.
    """

    def __init__(self, paths: list[Path] | Catalog, loader: Callable[[Path], ModuleInfo | None]) -> None:
        self._loader = loader
        self._loaded: dict[Path, ModuleInfo | None] = {}
        catalog = paths if isinstance(paths, Catalog) else Catalog(paths)
        self._by_name = catalog.by_name
        self._canonical = catalog.canonical
        self._lookups: dict[tuple[str, int], tuple[Entity | None, frozenset[Path]]] = {}
        self._touched: list[set[Path]] = [set()]

    # -- loading ------------------------------------------------------------

    @property
    def modules(self) -> list[ModuleInfo]:
        """The modules parsed so far."""
        return [module for module in self._loaded.values() if module is not None]

    def load(self, path: Path) -> ModuleInfo | None:
        if path not in self._loaded:
            self._loaded[path] = self._loader(path)
        return self._loaded[path]

    def module_named(self, name: str, near: ModuleInfo | None = None) -> ModuleInfo | None:
        candidates = self._by_name.get(name)
        if not candidates:
            return None
        if len(candidates) > 1 and near is not None:
            exact = [path for path in candidates if self._canonical[path] == name]
            path = max(exact or candidates, key=lambda candidate: _shared_prefix(candidate, near.path))
        else:
            path = candidates[0]
        self._touched[-1].add(path)
        return self.load(path)

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

    def lookup(self, qualified: str, near: ModuleInfo | None = None, depth: int = 0) -> Entity | None:
        # Memoised: re-exports and star imports would otherwise be followed
        # again for every name. A lookup already under way (an import cycle)
        # resolves to nothing. The files a lookup touched are kept with its
        # result, so a memoised answer still records its dependencies.
        key = (qualified, id(near))
        if key in self._lookups:
            found, touched = self._lookups[key]
            self._touched[-1].update(touched)
            return found
        if depth > MAX_REEXPORT_DEPTH:
            return None
        self._lookups[key] = (None, frozenset())
        self._touched.append(set())
        try:
            found = self._lookup(qualified, near, depth)
        finally:
            read = self._touched.pop()
            self._touched[-1].update(read)
        self._lookups[key] = (found, frozenset(read))
        return found

    def _lookup(self, qualified: str, near: ModuleInfo | None, depth: int) -> Entity | None:
        # As Python does: the longest prefix that is a module holds the rest.
        parts = qualified.split(".")
        for cut in range(len(parts), 0, -1):
            module = self.module_named(".".join(parts[:cut]), near)
            if module is not None:
                return self._lookup_in(module, parts[cut:], depth)
        return None

    def _lookup_in(self, module: ModuleInfo, rest: list[str], depth: int) -> Entity | None:
        if not rest:
            return Entity(module, "module", module.name, None)
        head, tail = rest[0], rest[1:]
        if head in module.functions and not tail:
            return Entity(module, "function", head, module.functions[head])
        if head in module.classes:
            cls = module.classes[head]
            if not tail:
                return Entity(module, "class", head, cls)
            if len(tail) == 1:
                method = class_methods(cls).get(tail[0])
                if method is not None:
                    return Entity(module, "function", f"{head}.{tail[0]}", method, owner=cls)
            return None
        if head in module.assignments and not tail:
            return Entity(module, "assign", head, module.assignments[head][-1])
        if head in module.imports:
            target = ".".join([module.imports[head], *tail])
            return self.lookup(target, module, depth + 1)
        for star in module.star_imports:
            if star == module.name:
                continue
            found = self.lookup(".".join([star, *rest]), module, depth + 1)
            if found is not None:
                return found
        return None

    def resolve_class(self, module: ModuleInfo, expr: cst.BaseExpression) -> tuple[ModuleInfo, cst.ClassDef] | None:
        """The class a Name/Attribute in `module` names inside the tree, and its module."""
        entity = self.resolve(module, expr)
        if entity is not None and entity.kind == "class" and isinstance(entity.node, cst.ClassDef):
            return entity.module, entity.node
        return None

    def is_enum(self, entity: Entity) -> bool:
        """A class of the tree that derives from one of `enum`'s."""
        if entity.kind != "class" or not isinstance(entity.node, cst.ClassDef):
            return False
        return any((self.external_name(entity.module, b.value) or "").startswith("enum.") for b in entity.node.bases)

    def resolve(self, module: ModuleInfo, expr: cst.BaseExpression) -> Entity | None:
        """What a Name/Attribute in `module` refers to inside the tree."""
        qualified = module.qualify(expr)
        if qualified is None and isinstance(expr, cst.Name):
            for star in module.star_imports:
                found = self.lookup(f"{star}.{expr.value}", module)
                if found is not None:
                    return found
            return None
        return self.lookup(qualified, module) if qualified else None

    def external_name(self, module: ModuleInfo, expr: cst.BaseExpression) -> str | None:
        """The qualified name of `expr` when it comes from outside the tree.

        Follows in-tree re-exports (`from .compat import tool` where compat
        does `from langchain_core.tools import tool`).
        """
        qualified = module.qualify(expr)
        if qualified is None:
            return None
        if qualified.split(".", 1)[0] in LIBRARY_ROOTS:
            # Names from a known framework keep their meaning even when the
            # framework's own source is part of the checked tree.
            return qualified
        for _ in range(MAX_REEXPORT_DEPTH):
            entity = self.lookup(qualified, module)
            if entity is None:
                # Not defined in the tree (a user's own package that happens
                # to be called `agents` does not hide the SDK's names).
                return qualified
            if entity.kind != "assign":
                return None
            # `tool = lc_tool` style aliases at module level.
            value = entity.node
            if not isinstance(value, (cst.Name, cst.Attribute)):
                return None
            module = entity.module
            qualified = module.qualify(value)
            if qualified is None:
                return None
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
