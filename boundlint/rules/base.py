"""What every rule is: a code, a name, its documentation, its examples, a check."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Iterator

import libcst as cst

from boundlint.findings import Finding
from boundlint.modules import ModuleInfo

if TYPE_CHECKING:
    from boundlint.analysis import Analysis


@dataclass
class RuleContext:
    analysis: "Analysis"
    modules: list[ModuleInfo]


class Rule:
    """A rule in the style of Fixit: documentation and examples live with the check.

    `valid` examples must produce no finding of this rule; in `invalid`
    examples every line that ends with `# expect` must produce one, and no
    other line may.
    """

    code: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    what: ClassVar[str]
    why: ClassVar[str]
    example: ClassVar[str]
    fix: ClassVar[str]
    valid: ClassVar[tuple[str, ...]] = ()
    invalid: ClassVar[tuple[str, ...]] = ()

    def check(self, context: RuleContext) -> Iterator[Finding]:
        raise NotImplementedError

    def finding(self, module: ModuleInfo, node: cst.CSTNode, message: str, symbol: str | None,
                confidence: str) -> Finding:
        position = module.position(node)
        return Finding(
            code=self.code, name=self.name, message=message, filename=module.display,
            line=position.start.line, column=position.start.column + 1,
            end_line=position.end.line, end_column=position.end.column + 1,
            symbol=symbol, confidence=confidence,
        )

    @classmethod
    def documentation(cls) -> str:
        return (
            f"# {cls.code} {cls.name}\n\n{cls.summary}\n\n"
            f"## What it does\n\n{cls.what.strip()}\n\n"
            f"## Why is this bad?\n\n{cls.why.strip()}\n\n"
            f"## Example\n\n```python\n{cls.example.strip()}\n```\n\n"
            f"## How to fix it\n\n{cls.fix.strip()}\n"
        )


def where(finding_module: ModuleInfo, source_module: ModuleInfo | None, node: cst.CSTNode | None) -> str:
    """` (line 17)`, or ` (pkg/http.py:17)` when the source is in another file."""
    if node is None or source_module is None:
        return ""
    try:
        line = source_module.line_of(node)
    except KeyError:
        return ""
    if source_module is finding_module:
        return f" (line {line})"
    return f" ({source_module.display}:{line})"


class ScopeTracker(cst.CSTVisitor):
    """A visitor that knows the qualified name of the function it is in."""

    def __init__(self) -> None:
        self._names: list[str] = []

    @property
    def symbol(self) -> str:
        return ".".join(self._names) if self._names else "<module>"

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self._names.append(node.name.value)

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self._names.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._names.append(node.name.value)

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self._names.pop()
