"""`fix-style = "checkpoint"`: one runtime adapter where the server or agent is made, not a fix per tool.

`FastMCP("docs")` becomes `FastMCP("docs", middleware=[BoundlintMiddleware(max_chars=N)])`;
a `middleware=[...]` list already there gets the adapter first (the outermost,
which has the last word on the result); a list of hooks that run in their own
order gets it last. Every BL001
finding on a tool of that server plans the same change (one `key`), so it is
made once. A server made in another module (`from app.server import mcp`)
gets the adapter there when `fix` runs over a folder; a finding's own edits
(JSON, the editor) and a run over named files stay in the finding's file. A
tool this cannot cover falls back to the per-tool fix: one registered on more
than one server or agent, one whose server is made in another module where
that edit is not allowed, a construction we have no adapter for, or a slot we
cannot extend (`middleware=stack`, `**options`, an `after_tool_callback`
already set). A subclass of the framework's class (`class JenkinsMCP(FastMCP)`)
gets it too, unless a class of the tree on the way makes its own `__init__`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import libcst as cst

from boundlint.discover.dependencies import parse_version
from boundlint.edit.context import FixContext
from boundlint.edit.imports import append_item
from boundlint.edit.model import BUDGET, SAFE, Candidate, Names, NoFixError, Symbol
from boundlint.edit.target import Target
from boundlint.find.tools import Host
from boundlint.knowledge import frameworks as fw
from boundlint.project.lookup import Project, class_methods
from boundlint.project.module import ModuleInfo

# With `fix-style = "auto"`, a server or agent with this many tools to fix gets one adapter instead.
MANY_TOOLS = 3
MAX_SUBCLASS_DEPTH = 4  # classes of the tree between a server's class and the framework's


def crowded_hosts(targets: Iterable[Target], elsewhere: bool) -> set[int]:
    """The servers and agents (`id` of their call) on which `MANY_TOOLS` or more tools have a BL001
    finding to fix, each tool registered there only, in the same module (`elsewhere`: or in any)."""
    tools: dict[int, set[int]] = {}
    for target in targets:
        tool = target.tool
        if target.finding.code != "BL001" or tool is None or len(tool.hosts) != 1:
            continue
        host = tool.hosts[0]
        if elsewhere or host.module is target.module:
            tools.setdefault(id(host.call), set()).add(id(tool.node))
    return {host for host, found in tools.items() if len(found) >= MANY_TOOLS}


def wants_install(target: Target, context: FixContext) -> bool:
    """Whether BL001's fix for `target` installs an adapter (else, or if it cannot, the per-tool fix)."""
    style = context.config.fix_style
    tool = target.tool
    crowded = tool is not None and len(tool.hosts) == 1 and id(tool.hosts[0].call) in context.install_at
    return style == "checkpoint" or (style == "auto" and crowded)


def install_candidate(target: Target, context: FixContext, budget: str) -> Candidate:
    """The adapter installed at the construction of the tool's one server or agent (`NoFixError`: cannot)."""
    tool = target.tool
    assert tool is not None
    if context.config.runtime_module is not None:
        raise NoFixError("the adapters are not part of a vendored runtime (`runtime-module`)")
    if len(tool.hosts) != 1:
        raise NoFixError("the tool is not registered on exactly one server or agent")
    host = tool.hosts[0]
    if host.module is not target.module and not context.install_elsewhere:
        raise NoFixError("the server or agent is made in another module")
    install = _install_for(context, host)
    _require_version(install, context, host.module)
    module_name, name = install.adapter.rsplit(".", 1)
    symbol = Symbol(module_name, name)
    slot = _slot(host.call, install)

    def build(node: cst.CSTNode, names: Names) -> cst.CSTNode:
        assert isinstance(node, cst.Call)
        adapter = cst.parse_expression(f"{names[symbol]}(max_chars={names[BUDGET]})")
        existing = _slot(node, install)
        if existing is None:
            value: cst.BaseExpression = cst.List([cst.Element(adapter)]) if install.in_list else adapter
            return node.with_changes(args=_appended(node, cst.Arg(value, cst.Name(install.keyword), _EQUAL)))
        assert isinstance(existing.value, cst.List)
        # In a middleware list the first is the outermost, which sees the result last.
        add = _prepended_element if install.first else _appended_element
        updated = existing.with_changes(value=add(existing.value, cst.Element(adapter)))
        return node.with_changes(args=[updated if arg is existing else arg for arg in node.args])

    callee = install.host.tail
    where = f"`{install.keyword}=[...]`" if slot is not None else f"`{install.keyword}=`"
    message = (
        f"Install `{symbol.name}(max_chars={budget})` in {where} of `{callee}(...)` once: "
        "it bounds every tool of this server or agent"
    )
    return Candidate(
        target.finding,
        host.module,
        host.call,
        build,
        SAFE,
        message,
        (symbol,),
        budget=budget,
        key=("checkpoint", id(host.call)),
    )


def _appended(call: cst.Call, argument: cst.Arg) -> list[cst.Arg]:
    """`call`'s arguments and one more, laid out like the others (one per line when they are)."""
    args = list(call.args)
    if not args:
        return [argument]
    last = args[-1]
    closing = last.whitespace_after_arg
    items = _append(args, argument, call.whitespace_before_args, closing)
    if _is_multiline(call.whitespace_before_args) and not isinstance(last.comma, cst.Comma):
        items[-2] = items[-2].with_changes(whitespace_after_arg=cst.SimpleWhitespace(""))
    return items


def _appended_element(listed: cst.List, element: cst.Element) -> cst.List:
    """`[a, b]` with one more element, laid out like the others."""
    items = list(listed.elements)
    if not items:
        return listed.with_changes(elements=[element])
    closing = listed.rbracket.whitespace_before
    opening = listed.lbracket.whitespace_after
    elements = _append(items, element, opening, closing)
    if _is_multiline(opening) and not isinstance(items[-1].comma, cst.Comma):
        listed = listed.with_changes(rbracket=listed.rbracket.with_changes(whitespace_before=cst.SimpleWhitespace("")))
    return listed.with_changes(elements=elements)


def _prepended_element(listed: cst.List, element: cst.Element) -> cst.List:
    """`[a, b]` with an element before `a`: on a line of its own when `a` is on one."""
    if not listed.elements:
        return listed.with_changes(elements=[element])
    opening = listed.lbracket.whitespace_after
    comma = cst.Comma(whitespace_after=opening if _is_multiline(opening) else _SPACE)
    return listed.with_changes(elements=[element.with_changes(comma=comma), *listed.elements])


def _append(
    items: list[Any],  # `cst.Arg`s or list elements: both have a `comma`
    new: Any,
    opening: cst.BaseParenthesizableWhitespace,
    closing: cst.BaseParenthesizableWhitespace,
) -> list[Any]:
    """One item more after `items`: a trailing comma (and the line break before the bracket) stays last;
    items one per line without one get the new item on a line of its own, and a trailing comma."""
    last = items[-1]
    earlier = items[-2].comma if len(items) > 1 and isinstance(items[-2].comma, cst.Comma) else None
    earlier = _without_comment(earlier) if earlier is not None else None  # its comment is its line's
    if isinstance(last.comma, cst.Comma):
        # (a comment after the old last item stays on its line: `append_item` keeps it there)
        separator = earlier or cst.Comma(whitespace_after=opening if _is_multiline(opening) else _SPACE)
        return append_item(items, new, separator, opening)
    if _is_multiline(opening):
        separator = earlier or cst.Comma(whitespace_after=opening)
        return [
            *items[:-1],
            last.with_changes(comma=separator),
            new.with_changes(comma=cst.Comma(whitespace_after=closing)),
        ]
    return [*items, new]


def _without_comment(comma: cst.Comma) -> cst.Comma:
    """The comma between two items, without the comment that ends one item's line."""
    after = comma.whitespace_after
    if not isinstance(after, cst.ParenthesizedWhitespace) or after.first_line.comment is None:
        return comma
    line = cst.TrailingWhitespace(newline=after.first_line.newline)
    return comma.with_changes(whitespace_after=after.with_changes(first_line=line, empty_lines=[]))


def _is_multiline(whitespace: cst.BaseParenthesizableWhitespace) -> bool:
    return isinstance(whitespace, cst.ParenthesizedWhitespace)


def _require_version(install: fw.AdapterInstall, context: FixContext, module: ModuleInfo) -> None:
    """`NoFixError` when the project of `module` (the one its server or agent is made in) allows a
    version of the host's package older than the one that takes the adapter's keyword
    (`fastmcp>=2.8.0`, where `middleware=` needs 2.9.0), or locks one (`uv.lock`)."""
    if install.since is None:
        return
    package, since = install.since
    declared = [context.declared_minimum(name, module) for name in fw.SAME_PACKAGE.get(package, (package,))]
    allowed = min((version for version in declared if version is not None), default=None)
    if allowed is not None and allowed < parse_version(since):
        shown = ".".join(map(str, allowed))
        raise NoFixError(
            f"`{install.keyword}=` needs {package} {since} or later, and the project allows {package} {shown}"
        )


def _install_for(context: FixContext, host: Host) -> fw.AdapterInstall:
    func = host.call.func
    project = context.project
    external = project.external_name(host.module, func) or ""
    # `JenkinsMCP(...)` where `class JenkinsMCP(FastMCP)`: the framework's class takes the keyword,
    # as long as no class of the tree between them makes its own constructor.
    inherited = "" if external else project.inherited_name(host.module, func) or ""
    for install in fw.ADAPTER_INSTALLS:
        if install.host.matches(external):
            return install
        if inherited and install.host.matches(inherited):
            _require_inherited_constructor(project, host.module, func)
            return install
    raise NoFixError(f"no runtime adapter for `{external or inherited or 'this construction'}`")


def _require_inherited_constructor(project: Project, module: ModuleInfo, func: cst.BaseExpression) -> None:
    """`NoFixError` when a class of the tree on the way from `func`'s class to the framework's
    defines `__init__` or `__new__`: its parameters decide whether the adapter's keyword passes on."""
    found = project.resolve_class(module, func)
    for _ in range(MAX_SUBCLASS_DEPTH):
        if found is None:
            return
        cls_module, cls = found
        own = class_methods(cls)
        if "__init__" in own or "__new__" in own:
            raise NoFixError(
                f"`{cls.name.value}` makes its own `__init__`: the adapter's keyword may not reach its base"
            )
        bases = [project.resolve_class(cls_module, base.value) for base in cls.bases]
        found = next((base for base in bases if base is not None), None)


def _slot(call: cst.Call, install: fw.AdapterInstall) -> cst.Arg | None:
    """The keyword argument the adapter goes in, if the call has it; `NoFixError` if it cannot take one more."""
    if any(arg.star for arg in call.args):
        raise NoFixError("the call passes `*args`/`**kwargs`: the slot may be set there")
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == install.keyword:
            if not install.in_list or not isinstance(arg.value, cst.List):
                raise NoFixError(f"`{install.keyword}=` is already set to something the fix cannot extend")
            return arg
    return None


_SPACE = cst.SimpleWhitespace(" ")
_EQUAL = cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace(""))
