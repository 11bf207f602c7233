"""What every rule is: a code, a name, its severity, its documentation, its examples, a check, a fix."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import libcst as cst

from boundlint.core.findings import Finding
from boundlint.project.module import ModuleInfo

if TYPE_CHECKING:
    from boundlint.analyse.analysis import Analysis
    from boundlint.edit.context import FixContext
    from boundlint.edit.model import Candidate
    from boundlint.edit.target import Target

# Where a rule's fix applies: the tool's `return` (or a lambda's body), the
# contract model's field, or an expression of one of the given node types.
RETURN = "return"
FIELD = "field"
FixesAt = str | tuple[type[cst.CSTNode], ...] | None


@dataclass
class RuleContext:
    analysis: Analysis
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
    # How CI formats show a finding: "error", "warning" or "note" (one step
    # lower for a medium-confidence finding), and SARIF's rule properties.
    level: ClassVar[str] = "warning"
    precision: ClassVar[str] = "medium"
    security_severity: ClassVar[str | None] = None
    # Where `plan_fix` applies (RETURN, FIELD or node types); None: no automatic fix.
    fixes_at: ClassVar[FixesAt] = None

    def check(self, context: RuleContext) -> Iterator[Finding]:
        raise NotImplementedError

    def plan_fix(self, target: Target, context: FixContext) -> Candidate:
        """The fix of one finding; raises `NoFixError` (with the reason) when no fix is safe."""
        raise NotImplementedError

    def finding(
        self, module: ModuleInfo, node: cst.CSTNode, message: str, symbol: str | None, confidence: str
    ) -> Finding:
        span = module.position(node)
        return Finding(
            code=self.code,
            name=self.name,
            message=message,
            filename=module.display,
            line=span.start_line,
            column=span.start_column + 1,
            end_line=span.end_line,
            end_column=span.end_column + 1,
            symbol=symbol,
            confidence=confidence,
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
    line = source_module.line_of(node)
    if source_module is finding_module:
        return f" (line {line})"
    return f" ({source_module.display}:{line})"
