"""From a finding back to the node it was reported on, and what the analysis knew there.

Findings carry a file and a range; the analysis that produced them (one root's,
in the engine) holds the tools, their returns and the contract models with their
nodes. A finding is matched to a node by its exact range.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from boundlint import rules
from boundlint.analyse.analysis import Analysis
from boundlint.analyse.branches import dispatched_name, reports_error_as_record, returns_the_failure_tested
from boundlint.core.findings import Finding
from boundlint.edit.target import Target
from boundlint.project.module import ModuleInfo
from boundlint.rules.base import FIELD, RETURN
from boundlint.rules.filter import ERROR_REPORT

Key = tuple[str, int, int, int, int]


def finding_key(finding: Finding) -> Key:
    return (finding.filename, finding.line, finding.column, finding.end_line, finding.end_column)


def node_key(module: ModuleInfo, node: cst.CSTNode) -> Key:
    position = module.position(node)
    return (module.display, position.start.line, position.start.column + 1, position.end.line, position.end.column + 1)


def fix_branches(analysis: Analysis, findings: list[Finding]) -> dict[Finding, str | None]:
    """For each finding on a tool's return, the branch a fix of that tool covers (`fixable`'s
    `branches`): the tool of an MCP server's `call_tool` whose branch it is in (`if name ==
    "helm_install":`), None outside such a branch, or `ERROR_REPORT` for a return that reports a
    failure (`if output.startswith('{"error"'): return output`), which a fix of the tool's other
    returns leaves as it is."""
    return {
        finding: ERROR_REPORT
        if _reports_an_error(target) or _prints_a_status(target)
        else dispatched_name(target.tool.node, target.node)
        for finding, target in locate(analysis, findings).items()
        if target.tool is not None
    }


def _prints_a_status(target: Target) -> bool:
    """The return gives what a program that prints a status wrote (`docker push`, `git pull`: the
    checker's `fixed_command`), also on a failure: a line or two, which reviewers of the fix hunks
    rejected cuts of beside the tool's fixed output."""
    return target.returned is not None and target.returned.verdict.fixed_command


def _reports_an_error(target: Target) -> bool:
    """The return gives back the value a test found to be a failure's report (`if
    output.startswith('{"error"'): return output`), or a record written out as one (`return
    json.dumps({"error": stderr, "container": container})`): a fix of the tool's other returns
    leaves it, as reviewers of the fix hunks asked. Not `return f"Error: {result.stderr}"` after a
    failed process: what the process printed may be long (a script's traceback), and reviewers
    asked for that bound beside the output."""
    assert target.tool is not None
    node, tool = target.node, target.tool.node
    return isinstance(node, cst.Return) and (
        returns_the_failure_tested(tool, node) or reports_error_as_record(node, tool)
    )


def locate(analysis: Analysis, findings: list[Finding]) -> dict[Finding, Target]:
    """The node of each finding whose rule has a fix (`Rule.fixes_at` says where to look)."""
    wanted = {finding_key(f): f for f in findings}
    codes = {f.code for f in findings}
    fixes_at = {code: rule.fixes_at for code in codes if (rule := rules.RULES_BY_CODE.get(code)) is not None}
    return_codes = {code for code, where in fixes_at.items() if where == RETURN}
    field_codes = {code for code, where in fixes_at.items() if where == FIELD}
    expression_codes = {code: where for code, where in fixes_at.items() if isinstance(where, tuple)}
    found: dict[Finding, Target] = {}

    if return_codes:
        for tool_result in analysis.results:
            for item in tool_result.returns:
                finding = wanted.get(node_key(tool_result.tool.module, item.node))
                if finding is not None and finding.code in return_codes:
                    found[finding] = Target(
                        finding, tool_result.tool.module, item.node, tool=tool_result.tool, returned=item
                    )
    if field_codes:
        for model in analysis.contracts:
            for info in model.fields:
                finding = wanted.get(node_key(model.module, info.node))
                if finding is not None and finding.code in field_codes:
                    found[finding] = Target(finding, model.module, info.node, model=model, field=info)
    expression_findings = [f for f in findings if f.code in expression_codes]
    if expression_findings:
        files = {f.filename for f in expression_findings}
        for module in _modules(analysis):
            if module.display not in files:
                continue
            for node in _walk(module.tree):
                finding = None
                for code, types in expression_codes.items():
                    if isinstance(node, types):
                        candidate = wanted.get(node_key(module, node))
                        if candidate is not None and candidate.code == code:
                            finding = candidate
                if finding is not None:
                    found[finding] = Target(finding, module, node)
    return found


def _modules(analysis: Analysis) -> list[ModuleInfo]:
    return list(analysis.project.modules)


def _walk(tree: cst.CSTNode) -> Iterator[cst.CSTNode]:
    stack: list[cst.CSTNode] = [tree]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children)
