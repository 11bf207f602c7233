"""What a run gives back: findings, and what the command asked for besides (fixes, tool rows).

Everything here is plain data that crosses process boundaries: a root analysed in
a worker sends back a `RootResult`, the engine merges them into a `CheckResult`.
Both the engine and the fixer use these types, so they live below both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boundlint.core.findings import Finding

REPORT_HINT = "this is a bug in boundlint; please report it with the file that triggers it"


@dataclass
class InternalError:
    filename: str
    message: str

    def __str__(self) -> str:
        return f"{self.filename}: internal error: {self.message} ({REPORT_HINT})"


@dataclass
class ModuleRewrite:
    """One module's text after a fix round: what was analysed, what the fixes make of it."""

    path: Path
    display: str
    old: str
    new: str
    fixed: list[Finding]
    # Servers and agents (`path:line` of where each is made) that this rewrite installs an
    # adapter on, and those whose tools it bounds one by one (BL001's per-tool fixes).
    installs_on: frozenset[str] = frozenset()
    serves: frozenset[str] = frozenset()


@dataclass
class ToolRow:
    """One line of `boundlint inventory`: a tool, what it returns, bounded by what."""

    tool: str
    framework: str
    form: str
    file: str
    line: int
    declared_in: str
    returns: list[str]
    bounded: str  # "yes", "no", "cut silently" or "not analysed" (generators)
    bounded_by: list[str]
    budget: list[str]
    findings: list[Finding] = field(default_factory=list)
    contract_findings: list[Finding] = field(default_factory=list)

    def key(self) -> tuple[str, int, str]:
        return (self.file, self.line, self.tool)

    def to_json(self) -> dict[str, Any]:
        def brief(finding: Finding) -> dict[str, Any]:
            return {"code": finding.code, "file": finding.filename, "line": finding.line, "symbol": finding.symbol}

        return {
            "tool": self.tool,
            "framework": self.framework,
            "form": self.form,
            "file": self.file,
            "line": self.line,
            "declared_in": self.declared_in or None,
            "returns": self.returns,
            "bounded": self.bounded,
            "bounded_by": self.bounded_by,
            "budget": self.budget,
            "findings": [brief(f) for f in self.findings],
            "contract_findings": [brief(f) for f in self.contract_findings],
        }


@dataclass
class FixRound:
    """What one round of fixes would do (`Request.apply_fixes`), and why the other findings stay."""

    rewrites: list[ModuleRewrite] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)  # (file, why its fixes were not applied)
    # Why each finding is not fixed under this round's options (absent: it is fixed, or deferred).
    unfixed: dict[Finding, str] = field(default_factory=dict)
    deferred: list[Finding] = field(default_factory=list)  # left for the next round

    def merge(self, other: FixRound) -> None:
        """Add a root's round; `settle` then chooses among the rewrites of all roots."""
        self.rewrites.extend(other.rewrites)
        self.failed.extend(item for item in other.failed if item not in self.failed)
        for finding, reason in other.unfixed.items():
            self.unfixed.setdefault(finding, reason)
        self.deferred.extend(f for f in other.deferred if f not in self.deferred)

    def settle(self) -> None:
        """One rewrite per module, and each finding fixed by one rewrite at most. A rewrite that
        fixes findings of another file comes first: the adapter installed where a server is made,
        planned by a root that saw the server, where a root that did not see it planned a fix in
        each tool for the same findings. Otherwise the first rewrite of a module is kept. What a
        dropped rewrite would have fixed is still there in the next round, which fixes it on the
        new text."""

        def installs_elsewhere(rewrite: ModuleRewrite) -> bool:
            return any(finding.filename != rewrite.display for finding in rewrite.fixed)

        kept: list[ModuleRewrite] = []
        paths: set[Path] = set()
        claimed: set[Finding] = set()
        for rewrite in sorted(self.rewrites, key=lambda rewrite: not installs_elsewhere(rewrite)):
            if rewrite.path in paths or not claimed.isdisjoint(rewrite.fixed):
                continue
            kept.append(rewrite)
            paths.add(rewrite.path)
            claimed.update(rewrite.fixed)
        # An adapter bounds every tool of its server or agent: the per-tool fixes that other
        # roots planned for the same server's tools (a server whose tools live in several
        # modules) wait for the next round, which finds them covered.
        adapters = frozenset[str]().union(*(rewrite.installs_on for rewrite in kept))
        self.rewrites = [rewrite for rewrite in kept if rewrite.installs_on or rewrite.serves.isdisjoint(adapters)]


@dataclass
class CheckResult:
    findings: list[Finding]
    files_checked: int
    errors: list[InternalError] = field(default_factory=list)
    roots: int = 0  # files that could hold something to report, and were analysed
    tool_rows: list[ToolRow] = field(default_factory=list)  # with `Request.tool_rows`
    fix_round: FixRound | None = None  # with `Request.apply_fixes`
    # Configured entries (`"extend-checkpoints: pkg.clip"`) that matched nothing in a whole-tree
    # run; empty when only some files were checked, which cannot tell.
    unmatched_config: list[str] = field(default_factory=list)
    # Tools found in the whole tree (None when only some files were checked, which cannot tell).
    tools_found: int | None = None
    # Of those, found by their shape as tools of the project's own framework (`Tool.inferred`).
    inferred_tools: int = 0
    # Registrations whose function could not be followed (`path:line: code`), so their tools are
    # not checked: said on stderr, so that such a tree does not look all clear.
    unfollowed: list[str] = field(default_factory=list)
    # With `CheckOptions.shown_first`: the roots that kept an answer older than the files it read
    # (or none), left for a full run to bring up to date.
    deferred: int = 0
    # With `Request.fixes_later`: the roots whose findings' fixes are left for a run without it.
    fixes_pending: int = 0
    # With fixes planned (`Request.apply_fixes`, or `fixes` not left for later): why they write a
    # budget other than the configured one (the project's own model holds less:
    # `project.model_context`), or None.
    budget_note: str | None = None
