"""`boundlint inventory`: the agent's tool surface as a table.

One row per tool the checker found: what it returns, whether that is bounded
and by what (a checkpoint call, the `@bounded` decorator, a bounded model
contract, a small return annotation, or nothing), the budget when it is
written as a literal, and the findings on it. It is read off the analysis a
check run already did; nothing here decides boundedness on its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import libcst as cst

from boundlint.analyse.analysis import Analysis, ToolResult, is_tool_generator
from boundlint.analyse.dataflow import ReturnVerdict
from boundlint.analyse.size import SILENT, UNBOUNDED
from boundlint.core.findings import Finding
from boundlint.core.result import ToolRow
from boundlint.find.contracts import ModelInfo
from boundlint.knowledge import frameworks as fw
from boundlint.parse.positions import child_nodes
from boundlint.project.module import ModuleInfo, dotted
from boundlint.survey.suppressions import parse_suppressions, suppressing

BUDGET_KEYWORD = re.compile(r"max|limit|budget|size|chars|bytes|items|length", re.IGNORECASE)
# Where the runtime's own functions take their budget positionally.
RUNTIME_POSITIONAL_BUDGET = {
    "truncate_text": (1, "max_chars"),
    "truncate_for_llm": (1, "max_chars"),
    "truncate_json": (1, "max_bytes"),
    "bounded": (0, "max_chars"),
}
MAX_HELPER_DEPTH = 2


def build_rows(analysis: Analysis, findings: list[Finding]) -> list[ToolRow]:
    """A row for every tool `analysis` found; `findings` are those the rules reported on it."""
    rows = [_row(analysis, item, findings) for item in analysis.results]
    return sorted(rows, key=lambda row: (row.file, row.line, row.tool))


def _row(analysis: Analysis, item: ToolResult, findings: list[Finding]) -> ToolRow:
    tool, module = item.tool, item.tool.module
    # A def's position starts at `def` (after its decorators): the line editors jump to.
    row = ToolRow(
        tool.qualname,
        tool.framework,
        tool.form,
        module.display,
        module.line_of(tool.node),
        tool.declared_in,
        [],
        "yes",
        [],
        [],
    )
    row.findings = [f for f in findings if f.filename == module.display and f.symbol == tool.qualname]
    row.contract_findings = _contract_findings(analysis, item, findings)
    if is_tool_generator(tool):
        row.returns, row.bounded, row.bounded_by = ["a generator (streamed)"], "not analysed", ["-"]
        return row
    handed = [f"what each `{label}` returns (a tool of its own)" for label in tool.handed_on.values()]
    row.returns = _unique([*(_describe(ret) for ret in item.returns), *handed]) or ["None"]
    if item.bounded_by == "decorator":
        assert isinstance(tool.node, cst.FunctionDef)
        decorator = _bounded_decorator(analysis, module, tool.node)
        row.bounded_by, row.budget = ["@bounded decorator"], _budget(analysis, module, decorator, "bounded")
        return row
    if item.bounded_by == "adapter":
        row.bounded_by = [tool.adapter]
        return row
    if item.bounded_by == "framework":
        row.bounded_by = [f"the framework (`{tool.framework_limit}`)"]
        return row
    if item.bounded_by == "annotation":
        assert isinstance(tool.node, cst.FunctionDef) and tool.node.returns is not None
        row.bounded_by = [f"annotation `-> {module.code(tool.node.returns.annotation)}`"]
        return row
    row.bounded = _status(item.returns)
    for ret in item.returns or []:
        label, budget = _bounded_by(analysis, module, tool.node, ret)
        row.bounded_by.append(label)
        row.budget.extend(budget)
    if tool.handed_on:
        row.bounded_by.append("its handlers, each checked as a tool")
    row.bounded_by = _unique(row.bounded_by) or ["nothing to bound (returns None)"]
    row.budget = _unique(row.budget)
    return row


# -- what it returns ----------------------------------------------------------


def _describe(ret: ReturnVerdict) -> str:
    verdict = ret.verdict
    if verdict.level == UNBOUNDED:
        return verdict.reason
    if verdict.cut_silently:
        return f"{verdict.reason}, cut without a marker"
    return "bounded"


def _status(returns: list[ReturnVerdict]) -> str:
    if any(ret.verdict.level == UNBOUNDED for ret in returns):
        return "no"
    return "cut silently" if any(ret.verdict.cut_silently for ret in returns) else "yes"


# -- bounded by what ------------------------------------------------------------


def _bounded_by(
    analysis: Analysis, module: ModuleInfo, function: cst.CSTNode, ret: ReturnVerdict
) -> tuple[str, list[str]]:
    verdict = ret.verdict
    if verdict.level == UNBOUNDED:
        return ("nothing (finding suppressed inline)" if _suppressed(module, ret.node, "BL001") else "nothing"), []
    if verdict.level == SILENT:
        return ("a few chosen by a slice" if verdict.chosen_few else "a slice with no marker"), []
    for where, call in _checkpoint_calls(analysis, module, ret.value, function):
        name = (dotted(call.func) or "checkpoint").rsplit(".", 1)[-1]
        return f"checkpoint `{name}`", _budget(analysis, where, call, name)
    for node in (ret.value, function):  # `return Observation(out)`, or `obs = Observation(out)` before
        for call in _calls(node) if node is not None else ():
            if call in analysis.bounding_constructions:
                return f"`{analysis.bounding_constructions[call]}` constructor", []
    contracts = _contracts(analysis)
    names = sorted(contracts[cls].name for cls in verdict.models if cls in contracts)
    if names:
        return f"model contract `{', '.join(names)}`", []
    return "small values", []


def _checkpoint_calls(
    analysis: Analysis, module: ModuleInfo, value: cst.CSTNode | None, function: cst.CSTNode
) -> Iterator[tuple[ModuleInfo, cst.Call]]:
    """Checkpoint calls that bound a return: in its value, in helpers it calls, else in the tool's body."""
    if value is not None:
        yield from _checkpoints_in(analysis, module, value, MAX_HELPER_DEPTH)
    body = function.body if isinstance(function, cst.FunctionDef) else None
    if body is not None:
        yield from _checkpoints_in(analysis, module, body, 0)


def _checkpoints_in(
    analysis: Analysis, module: ModuleInfo, node: cst.CSTNode, depth: int
) -> Iterator[tuple[ModuleInfo, cst.Call]]:
    for call in _calls(node):
        if analysis.is_checkpoint(module, call.func):
            yield module, call
        elif depth > 0:
            entity = analysis.project.resolve(module, call.func)
            if entity is not None and entity.kind == "function" and isinstance(entity.node, cst.FunctionDef):
                yield from _checkpoints_in(analysis, entity.module, entity.node.body, depth - 1)


def _calls(node: cst.CSTNode) -> Iterator[cst.Call]:
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Call):
            yield current
        stack.extend(reversed(list(child_nodes(current))))


def _bounded_decorator(analysis: Analysis, module: ModuleInfo, function: cst.FunctionDef) -> cst.BaseExpression:
    for decorator in function.decorators:
        expr = decorator.decorator
        target = expr.func if isinstance(expr, cst.Call) else expr
        name = analysis.project.external_name(module, target) or ""
        if name.rsplit(".", 1)[-1] == fw.RUNTIME_DECORATOR:
            return expr
    return function.decorators[0].decorator  # pragma: no cover - bounded_by says one exists


# -- budgets ----------------------------------------------------------------


def _budget(analysis: Analysis, module: ModuleInfo, expr: cst.BaseExpression, name: str) -> list[str]:
    """`max_chars=8000` for each budget argument; `default` when none is given."""
    if not isinstance(expr, cst.Call):
        return ["default"]
    parts: list[str] = []
    positional = [arg.value for arg in expr.args if arg.keyword is None and not arg.star]
    if name in RUNTIME_POSITIONAL_BUDGET:
        index, label = RUNTIME_POSITIONAL_BUDGET[name]
        if index < len(positional):
            parts.append(f"{label}={_literal(analysis, module, positional[index])}")
    else:
        # A project checkpoint: its first argument is the value, numbers after it are budgets.
        names = _parameter_names(analysis, module, expr.func)
        for index, value in enumerate(positional[1:], 1):
            if _is_number(value):
                label = f"{names[index]}=" if index < len(names) else ""
                parts.append(f"{label}{_literal(analysis, module, value)}")
    for arg in expr.args:
        if arg.keyword is not None and BUDGET_KEYWORD.search(arg.keyword.value):
            parts.append(f"{arg.keyword.value}={_literal(analysis, module, arg.value)}")
    return parts or ["default"]


def _parameter_names(analysis: Analysis, module: ModuleInfo, func: cst.BaseExpression) -> list[str]:
    entity = analysis.project.resolve(module, func)
    if entity is None or not isinstance(entity.node, cst.FunctionDef):
        return []
    params = entity.node.params
    return [param.name.value for param in [*params.posonly_params, *params.params]]


def _literal(analysis: Analysis, module: ModuleInfo, value: cst.BaseExpression) -> str:
    """The number a budget argument is: written out, or a module constant's literal value."""
    if _is_number(value):
        return module.code(value)
    entity = analysis.project.resolve(module, value) if isinstance(value, (cst.Name, cst.Attribute)) else None
    if (
        entity is not None
        and entity.kind == "assign"
        and isinstance(entity.node, cst.BaseExpression)
        and _is_number(entity.node)
    ):
        return f"{entity.module.code(entity.node)} ({module.code(value)})"
    return f"`{module.code(value)}`"


def _is_number(value: cst.CSTNode) -> bool:
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        value = value.expression
    return isinstance(value, cst.Integer)


# -- findings ---------------------------------------------------------------


def _contract_findings(analysis: Analysis, item: ToolResult, findings: list[Finding]) -> list[Finding]:
    """BL002/BL003 findings on the fields of the models the tool returns."""
    roots = []
    node = item.tool.node
    if isinstance(node, cst.FunctionDef) and node.returns is not None:
        roots.extend(analysis.models.models_in_annotation(item.tool.module, node.returns.annotation))
    for ret in item.returns:
        roots.extend(_contracts(analysis)[cls] for cls in ret.verdict.models if cls in _contracts(analysis))
    if not roots:
        return []
    prefixes = {(model.module.display, f"{model.name}.") for model in analysis.models.contracts_closure(roots)}
    return [
        f
        for f in findings
        if f.symbol and any(f.filename == file and f.symbol.startswith(prefix) for file, prefix in prefixes)
    ]


def _suppressed(module: ModuleInfo, node: cst.CSTNode, code: str) -> bool:
    """An inline comment hides this return's finding (so the row has none to show)."""
    position = module.position(node)
    comments = parse_suppressions(module.source.text)
    return suppressing(comments, code, (position.start.line, position.end.line)) is not None


def _contracts(analysis: Analysis) -> dict[cst.ClassDef, ModelInfo]:
    """The run's return-contract models, by class node (the analysis already collected them)."""
    return {model.node: model for model in analysis.contracts}


def _unique(items: Iterator[str] | list[str]) -> list[str]:
    return list(dict.fromkeys(items))


__all__ = ["build_rows"]
