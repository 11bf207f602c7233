"""One walk over a module: every def, class, call and string-building expression, with its scope.

Built lazily, once per module (`index_of(module)`); tool discovery, the
boundedness analysis and the syntactic rules all read from it.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar, cast

import libcst as cst

from boundlint.parse.positions import child_nodes
from boundlint.project.module import ModuleInfo


class _WeakModule:
    """A site's `module`, held by weak reference.

    The module owns its index, and the index its sites: a strong reference
    back would make a cycle, and a cycle keeps the module's whole tree alive
    after the loader lets go of it, until the cycle collector runs (which a
    check makes rare: see boundlint/engine/gc_tuning.py). Whoever holds a site got it
    from its module, so the module is alive while the site is used.
    """

    def __set_name__(self, owner: type, name: str) -> None:
        self._attribute = f"_{name}_ref"

    def __get__(self, site: object, owner: type | None = None) -> ModuleInfo:
        if site is None:
            raise AttributeError("required")  # a dataclass field with no default
        module: ModuleInfo | None = getattr(site, self._attribute)()
        if module is None:
            raise ReferenceError("a site outlived its module")
        return module

    def __set__(self, site: object, module: ModuleInfo) -> None:
        setattr(site, self._attribute, weakref.ref(module))


@dataclass
class FunctionSite:
    """A `def` anywhere in a module, with where it sits."""

    if TYPE_CHECKING:  # to a type checker, a plain field
        module: ModuleInfo
    else:
        module: ModuleInfo = _WeakModule()
    node: cst.FunctionDef
    qualname: str
    owner: cst.ClassDef | None
    parent_function: cst.FunctionDef | None


@dataclass
class CallSite:
    if TYPE_CHECKING:  # to a type checker, a plain field
        module: ModuleInfo
    else:
        module: ModuleInfo = _WeakModule()
    node: cst.Call
    owner: cst.ClassDef | None
    function: cst.FunctionDef | None
    symbol: str = "<module>"  # the enclosing function's qualified name


@dataclass
class ExpressionSite:
    """A `+` or an f-string: where over-budget markers are built."""

    node: cst.BinaryOperation | cst.FormattedString
    function: cst.FunctionDef | None
    symbol: str


@dataclass
class ModuleIndex:
    functions: list[FunctionSite] = field(default_factory=list)
    calls: list[CallSite] = field(default_factory=list)
    classes: dict[cst.ClassDef, str] = field(default_factory=dict)  # node -> qualname
    expressions: list[ExpressionSite] = field(default_factory=list)
    sites: dict[cst.FunctionDef, FunctionSite] = field(default_factory=dict)
    _calls_by_function: dict[cst.FunctionDef, list[CallSite]] | None = field(default=None, repr=False)
    _expressions_by_function: dict[cst.FunctionDef, list[ExpressionSite]] | None = field(default=None, repr=False)

    def calls_in(self, function: cst.FunctionDef) -> list[CallSite]:
        """The calls in `function`'s own body, not in the defs it holds (grouped once per module)."""
        if self._calls_by_function is None:
            self._calls_by_function = _by_function(self.calls)
        return self._calls_by_function.get(function, [])

    def expressions_in(self, function: cst.FunctionDef) -> list[ExpressionSite]:
        """The `+`s and f-strings in `function`'s own body (grouped once per module)."""
        if self._expressions_by_function is None:
            self._expressions_by_function = _by_function(self.expressions)
        return self._expressions_by_function.get(function, [])


_Site = TypeVar("_Site", CallSite, ExpressionSite)


def _by_function(sites: list[_Site]) -> dict[cst.FunctionDef, list[_Site]]:
    grouped: dict[cst.FunctionDef, list[_Site]] = {}
    for site in sites:
        if site.function is not None:
            grouped.setdefault(site.function, []).append(site)
    return grouped


def index_of(module: ModuleInfo) -> ModuleIndex:
    """The module's index, made on first use and kept on the module (it lives as long as the tree)."""
    index = module.__dict__.get("_index")
    if index is None:
        index = module.__dict__["_index"] = index_module(module)
    return index


def index_module(module: ModuleInfo) -> ModuleIndex:
    """One pass over the module: every def, class, call and string-building expression, with its scope."""
    index = ModuleIndex()
    stack: list[tuple[cst.CSTNode, tuple[cst.CSTNode, ...]]] = [(module.tree, ())]
    while stack:
        node, scopes = stack.pop()
        inner = scopes
        kind = type(node)  # exact types: `isinstance` on libcst's classes runs `abc`'s Python code
        if kind is cst.FunctionDef:
            function = cast(cst.FunctionDef, node)
            owner = scopes[-1] if scopes and type(scopes[-1]) is cst.ClassDef else None
            site = FunctionSite(
                module, function, _qualname(scopes, function.name.value), owner, _innermost(scopes, cst.FunctionDef)
            )
            index.functions.append(site)
            index.sites[function] = site
            inner = (*scopes, node)
        elif kind is cst.ClassDef:
            cls = cast(cst.ClassDef, node)
            index.classes[cls] = _qualname(scopes, cls.name.value)
            inner = (*scopes, node)
        elif kind is cst.Call:
            index.calls.append(
                CallSite(
                    module,
                    cast(cst.Call, node),
                    _innermost(scopes, cst.ClassDef),
                    _innermost(scopes, cst.FunctionDef),
                    _symbol(scopes),
                )
            )
        elif kind is cst.BinaryOperation or kind is cst.FormattedString:
            index.expressions.append(
                ExpressionSite(
                    cast("cst.BinaryOperation | cst.FormattedString", node),
                    _innermost(scopes, cst.FunctionDef),
                    _symbol(scopes),
                )
            )
        children = list(child_nodes(node))
        children.reverse()
        stack.extend((child, inner) for child in children)
    return index


def _qualname(scopes: tuple[cst.CSTNode, ...], name: str) -> str:
    parts = []
    for scope in scopes:
        parts.append(scope.name.value)  # type: ignore[attr-defined]
        if type(scope) is cst.FunctionDef:
            parts.append("<locals>")
    return ".".join([*parts, name])


_Scope = TypeVar("_Scope", cst.ClassDef, cst.FunctionDef)


def _symbol(scopes: tuple[cst.CSTNode, ...]) -> str:
    return ".".join(scope.name.value for scope in scopes) or "<module>"  # type: ignore[attr-defined]


def _innermost(scopes: tuple[cst.CSTNode, ...], kind: type[_Scope]) -> _Scope | None:
    for scope in reversed(scopes):
        if type(scope) is kind:
            return scope
    return None
