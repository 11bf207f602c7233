"""Where a tool's MCP content blocks are made, when its `return` only hands them on.

A low-level server's tool often returns a list of `TextContent` blocks that a
helper of the same module made where it read the payload:

    async def _read_single_file(path) -> list[TextContent]:
        ...
        content = f.read()
        return [TextContent(type="text", text=content)]

    async def handle_read_file(arguments):
        results = []
        for path in arguments["files"]:
            results.extend(await _read_single_file(path))
        return results

A checkpoint around `results` would turn the blocks into plain dicts; the text
can be cut where the block is made, in the helper's `return`. That is offered
only when the helper is the tool's alone (no other function of the module uses
what it returns), so the cut reaches nothing but the model.
"""

from __future__ import annotations

from dataclasses import replace

import libcst as cst

from boundlint.analyse.branches import on_error_branch, path_to
from boundlint.edit.callers import callers_in_module
from boundlint.edit.kinds import Kinds, is_str_literal
from boundlint.edit.target import Target
from boundlint.parse.positions import own_returns
from boundlint.project.module import ModuleInfo
from boundlint.project.module_index import index_of


def blocks_made_in_a_helper(target: Target, kinds: Kinds) -> tuple[Target, list[cst.BaseExpression]] | None:
    """The helper's `return` that makes the blocks holding the payload the finding names, as the
    target of the fix, and the `text` of each of its blocks that is not a fixed string."""
    tool, returned = target.tool, target.returned
    if tool is None or returned is None:
        return None
    payload, module = returned.verdict.node, returned.verdict.module
    if payload is None or module is not target.module:
        return None
    helper = function_around(module, payload)
    if helper is None or helper is tool.node:
        return None
    if set(callers_in_module(module, helper)) - {tool.qualname}:
        return None  # another function of the module reads what the helper returns
    made: list[tuple[cst.Return, list[cst.BaseExpression]]] = []
    for statement in own_returns(helper):
        if _reports_a_failure(helper, statement):
            continue  # `except ...: return [TextContent(text=f"Search failed: {e}")]`
        value = statement.value.expression if isinstance(statement.value, cst.Await) else statement.value
        texts = kinds.text_blocks(value) if value is not None else None
        variable = [text for text in texts or [] if not _fixed(text)]
        if variable:
            made.append((statement, variable))
    if len(made) != 1:
        return None  # several returns make blocks of what was read: which one carries it is not known
    statement, texts = made[0]
    return replace(target, node=statement), texts


def function_around(module: ModuleInfo, node: cst.CSTNode) -> cst.FunctionDef | None:
    """The innermost function of `module` whose code holds `node`."""
    where = module.position(node)
    around: tuple[int, cst.FunctionDef] | None = None
    for site in index_of(module).functions:
        span = module.position(site.node)
        if span.start_line <= where.start_line and where.end_line <= span.end_line:
            size = span.end_line - span.start_line
            if around is None or size < around[0]:
                around = (size, site.node)
    return around[1] if around is not None else None


def _reports_a_failure(function: cst.FunctionDef, statement: cst.Return) -> bool:
    """A `return` in an `except` block, or on a branch taken when something failed."""
    if any(isinstance(node, cst.ExceptHandler) for node in path_to(function, statement)):
        return True
    return on_error_branch(function, statement)


def _fixed(text: cst.BaseExpression) -> bool:
    """A string the code writes out: not what was read."""
    return is_str_literal(text)
