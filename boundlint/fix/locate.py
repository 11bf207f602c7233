"""From a finding back to the node it was reported on, and what the analysis knew there.

Findings carry a file and a range; the analysis that produced them (one root's,
in the engine) holds the tools, their returns and the contract models with their
nodes. A finding is matched to a node by its exact range.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from boundlint.analyse.analysis import Analysis
from boundlint.analyse.dataflow import ReturnVerdict
from boundlint.core.findings import Finding
from boundlint.find.contracts import FieldInfo, ModelInfo
from boundlint.find.tools import Tool
from boundlint.project.module import ModuleInfo

Key = tuple[str, int, int, int, int]

RETURN_CODES = ("BL001", "BL004")
FIELD_CODES = ("BL002", "BL003")
EXPRESSION_CODES = {"BL005": (cst.Call,), "BL006": (cst.BinaryOperation, cst.FormattedString)}


@dataclass
class Target:
    finding: Finding
    module: ModuleInfo
    node: cst.CSTNode
    tool: Tool | None = None
    returned: ReturnVerdict | None = None
    model: ModelInfo | None = None
    field: FieldInfo | None = None


def finding_key(finding: Finding) -> Key:
    return (finding.filename, finding.line, finding.column, finding.end_line, finding.end_column)


def node_key(module: ModuleInfo, node: cst.CSTNode) -> Key:
    position = module.position(node)
    return (module.display, position.start.line, position.start.column + 1, position.end.line, position.end.column + 1)


def locate(analysis: Analysis, findings: list[Finding]) -> dict[Finding, Target]:
    wanted = {finding_key(f): f for f in findings}
    codes = {f.code for f in findings}
    found: dict[Finding, Target] = {}

    if codes & set(RETURN_CODES):
        for tool_result in analysis.results:
            for item in tool_result.returns:
                finding = wanted.get(node_key(tool_result.tool.module, item.node))
                if finding is not None and finding.code in RETURN_CODES:
                    found[finding] = Target(
                        finding, tool_result.tool.module, item.node, tool=tool_result.tool, returned=item
                    )
    if codes & set(FIELD_CODES):
        for model in analysis.contracts:
            for info in model.fields:
                finding = wanted.get(node_key(model.module, info.node))
                if finding is not None and finding.code in FIELD_CODES:
                    found[finding] = Target(finding, model.module, info.node, model=model, field=info)
    expression_findings = [f for f in findings if f.code in EXPRESSION_CODES]
    if expression_findings:
        files = {f.filename for f in expression_findings}
        for module in _modules(analysis):
            if module.display not in files:
                continue
            for node in _walk(module.tree):
                finding = None
                for code, types in EXPRESSION_CODES.items():
                    if isinstance(node, types):
                        candidate = wanted.get(node_key(module, node))
                        if candidate is not None and candidate.code == code:
                            finding = candidate
                if finding is not None:
                    found[finding] = Target(finding, module, node)
    return found


def _modules(analysis: Analysis) -> list[ModuleInfo]:
    return list(analysis.project.modules)


def _walk(tree: cst.CSTNode):
    stack: list[cst.CSTNode] = [tree]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children)
