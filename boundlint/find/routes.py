"""The routes of a web app that a library serves as MCP tools.

`FastMCP.from_fastapi(app=app)` and `FastApiMCP(app)` turn each route of a
FastAPI app into a tool. The app is most often made right there and given its
routes by routers kept elsewhere:

    app = FastAPI()
    for router in mcp_routers:          # a list imported from a package's `__init__`
        app.include_router(router)
    mcp = FastMCP.from_fastapi(app=app)

The routes are the functions decorated `@router.get(...)` (`post`, `put`, ...)
in the routers' own modules, and `@app.get(...)` on the app itself. Only
routers this app includes count: a project often keeps REST-only routers for
another app, whose routes are no tools.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import libcst as cst

from boundlint.knowledge import frameworks as fw
from boundlint.parse.positions import walk
from boundlint.project.lookup import Entity, Project
from boundlint.project.module import ModuleInfo, keyword_argument, string_literal
from boundlint.project.module_index import CallSite, index_of

MAX_ALIASES = 3


def served_routes(project: Project, call: CallSite, app: cst.BaseExpression) -> Iterator[cst.FunctionDef]:
    """The route functions of `app` (the app a conversion `call` is given) that the call serves,
    each once: all of them, or those its literal filters keep (`include_operations=["get_item"]`,
    `exclude_tags=["admin"]`); none when it chooses otherwise (`route_maps=...`)."""
    chosen = _choice(call.node)
    if chosen is None:
        return
    seen: set[cst.FunctionDef] = set()
    for module, router, router_tags in _routers(project, call, app):
        for site in index_of(module).functions:
            routes = [d.decorator for d in site.node.decorators if _routes_on(d.decorator, router)]
            if site.node in seen or not routes:
                continue
            assert isinstance(routes[0], cst.Call)
            operation = string_literal(keyword_argument(routes[0], "operation_id"))
            if chosen(operation, router_tags | _strings(keyword_argument(routes[0], "tags"))):
                seen.add(site.node)
                yield site.node


def _choice(call: cst.Call) -> Callable[[str | None, frozenset[str]], bool] | None:
    """Which routes a conversion serves, by the operation id and the tags of each: fastapi-mcp's
    `include_operations`, `exclude_operations`, `include_tags`, `exclude_tags`, given as literal
    lists. None when it chooses in a way not read here (fastmcp's `route_maps`, a list built
    elsewhere): then no route is taken for a tool."""
    given: dict[str, frozenset[str]] = {}
    for keyword in fw.ROUTE_FILTERS:
        value = keyword_argument(call, keyword)
        if value is None:
            continue
        if keyword not in _LISTED_FILTERS or not _literal_strings(value):
            return None
        given[keyword] = _strings(value)
    included = given.get("include_operations", frozenset()), given.get("include_tags", frozenset())
    excluded = given.get("exclude_operations", frozenset()), given.get("exclude_tags", frozenset())
    chooses = "include_operations" in given or "include_tags" in given

    def served(operation: str | None, tags: frozenset[str]) -> bool:
        if chooses and operation not in included[0] and not tags & included[1]:
            return False
        return operation not in excluded[0] and not tags & excluded[1]

    return served


_LISTED_FILTERS = frozenset({"include_operations", "exclude_operations", "include_tags", "exclude_tags"})


def _literal_strings(value: cst.BaseExpression) -> bool:
    return isinstance(value, (cst.List, cst.Tuple, cst.Set)) and all(
        isinstance(element.value, cst.SimpleString) for element in value.elements
    )


def _strings(value: cst.BaseExpression | None) -> frozenset[str]:
    """The strings of a literal list (`tags=["weather"]`); empty for anything else."""
    if value is None or not _literal_strings(value):
        return frozenset()
    assert isinstance(value, (cst.List, cst.Tuple, cst.Set))
    return frozenset(found for element in value.elements if isinstance(found := string_literal(element.value), str))


def _routers(
    project: Project, call: CallSite, app: cst.BaseExpression
) -> Iterator[tuple[ModuleInfo, str, frozenset[str]]]:
    """`(module, name, tags)` of the app and of each router it includes in the scope the conversion is
    made in (`app.include_router(router)`, once or in a loop over a list of routers), or, for an
    app imported from another module of the tree (`from myapp.main import app`), at that module's
    top level."""
    if not isinstance(app, (cst.Name, cst.Attribute)):
        return
    module: ModuleInfo = call.module
    scope: cst.CSTNode = call.function if call.function is not None else call.module.tree
    made = project.resolve(call.module, app, ("assign",))
    if made is not None and made.module is not call.module:
        module, scope, app = made.module, made.module.tree, cst.Name(made.name)
    if not isinstance(app, cst.Name):
        return
    yield module, app.value, frozenset()
    in_loops: set[cst.Call] = set()
    for node in walk(scope):
        if isinstance(node, cst.For) and isinstance(node.target, cst.Name):
            # `for router in hybrid_routers: app.include_router(router)`: each router of that list
            included = [found for found in _inclusions(node.body, app.value) if _names(found, node.target.value)]
            in_loops.update(included)
            for where, element in _listed(project, module, node.iter) if included else ():
                router = _router(project, where, element)
                if router is not None:
                    yield router
    for inclusion in _inclusions(scope, app.value):
        if inclusion not in in_loops:
            router = _router(project, module, inclusion.args[0].value)
            if router is not None:
                yield router


def _inclusions(scope: cst.CSTNode, app: str) -> list[cst.Call]:
    """The calls `app.include_router(router, ...)` in `scope`."""
    return [
        node
        for node in walk(scope)
        if isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "include_router"
        and isinstance(node.func.value, cst.Name)
        and node.func.value.value == app
        and node.args
    ]


def _names(inclusion: cst.Call, name: str) -> bool:
    included = inclusion.args[0].value
    return isinstance(included, cst.Name) and included.value == name


def _listed(
    project: Project, module: ModuleInfo, listed: cst.BaseExpression
) -> list[tuple[ModuleInfo, cst.BaseExpression]]:
    """The elements of a list of routers, written in place or bound to a name of the tree
    (`routers: list[APIRouter] = [a, b]` in a package's `__init__`), each with its module."""
    where: ModuleInfo = module
    value: cst.CSTNode | None = listed
    if isinstance(listed, (cst.Name, cst.Attribute)):
        entity = project.resolve(module, listed, ("assign",))
        value, where = (entity.node, entity.module) if entity is not None else (None, module)
    if not isinstance(value, (cst.List, cst.Tuple)):
        return []
    return [(where, element.value) for element in value.elements if not isinstance(element, cst.StarredElement)]


def _router(
    project: Project, module: ModuleInfo, expr: cst.BaseExpression
) -> tuple[ModuleInfo, str, frozenset[str]] | None:
    """Where the router `expr` is made, its name there and its tags: `router = APIRouter(tags=[...])`."""
    entity: Entity | None = None
    for _ in range(MAX_ALIASES):  # (`mcp_router = docs_router`: another name for it)
        if not isinstance(expr, (cst.Name, cst.Attribute)):
            return None
        entity = project.resolve(module, expr, ("assign",))
        if entity is None or not isinstance(entity.node, (cst.Name, cst.Attribute)):
            break
        module, expr = entity.module, entity.node
    if entity is None or not isinstance(entity.node, cst.Call):
        return None
    if project.external_name(entity.module, entity.node.func) not in fw.ROUTER_CLASSES:
        return None
    return entity.module, entity.name, _strings(keyword_argument(entity.node, "tags"))


def _routes_on(decorator: cst.BaseExpression, router: str) -> bool:
    """`@router.get("/forecast")`: a route of `router`."""
    return (
        isinstance(decorator, cst.Call)
        and isinstance(decorator.func, cst.Attribute)
        and decorator.func.attr.value in fw.ROUTE_METHODS
        and isinstance(decorator.func.value, cst.Name)
        and decorator.func.value.value == router
    )
