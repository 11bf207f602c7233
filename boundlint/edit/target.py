"""What a fix is planned against: the finding, the node it is on, and what the analysis knew there.

`boundlint.fix.locate` finds the node of each finding; a rule's `plan_fix`
receives it as a `Target`. The helpers read the value a tool returns at that
node, the part a fix may wrap.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from boundlint.analyse.dataflow import ReturnVerdict
from boundlint.core.findings import Finding
from boundlint.edit.kinds import Kinds
from boundlint.edit.model import NoFixError
from boundlint.find.contracts import FieldInfo, ModelInfo
from boundlint.find.tools import Tool
from boundlint.project.module import ModuleInfo


@dataclass
class Target:
    finding: Finding
    module: ModuleInfo
    node: cst.CSTNode
    tool: Tool | None = None
    returned: ReturnVerdict | None = None
    model: ModelInfo | None = None
    field: FieldInfo | None = None


def returned_value(target: Target, content: bool) -> cst.BaseExpression:
    node = target.node
    if target.tool is not None and target.tool.made_from is not None:
        raise NoFixError("no automatic fix: the tool returns an agent's output; bound it in the agent or an extractor")
    if isinstance(node, cst.Expr):  # a `yield` whose value is the result (`Tool.yields_result`)
        raise NoFixError("no automatic fix: the tool yields its result; bound what each `yield` carries by hand")
    if isinstance(node, cst.Return):
        if node.value is None:
            raise NoFixError("no automatic fix: nothing is returned")
        value = node.value
        if content:
            if (
                not isinstance(value, cst.Tuple)
                or not value.elements
                or isinstance(value.elements[0], cst.StarredElement)
            ):
                raise NoFixError(
                    "no automatic fix: a `content_and_artifact` tool must return a `(content, "
                    "artifact)` tuple here; bound the content by hand"
                )
            return value.elements[0].value
        return value
    assert isinstance(node, cst.BaseExpression)
    return node


def first_tuple_item(kinds: Kinds, annotation: cst.BaseExpression | None) -> cst.BaseExpression | None:
    if isinstance(annotation, cst.Subscript) and kinds.name(annotation.value) in ("builtins.tuple", "typing.Tuple"):
        first = annotation.slice[0].slice
        if isinstance(first, cst.Index):
            return first.value
    return None


def is_list_annotation(kinds: Kinds, annotation: cst.BaseExpression) -> bool:
    base = annotation.value if isinstance(annotation, cst.Subscript) else annotation
    return kinds.name(base) in ("builtins.list", "typing.List")
