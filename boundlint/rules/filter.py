"""Which findings a run reports: selection, confidence, per-file ignores and inline suppressions.

With `--show-unused-ignores`, a boundlint suppression comment that suppressed
nothing becomes a BL901 finding of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from boundlint import rules
from boundlint.core.config import Config
from boundlint.core.findings import CONFIDENCE_ORDER, Finding
from boundlint.core.selection import code_enabled, ignored_for_file
from boundlint.knowledge.data_sources import names_bulk_data
from boundlint.survey.file_survey import Survey
from boundlint.survey.suppressions import Suppression, parse_suppressions, suppressing

# The rule whose fix bounds a tool's return, on every branch of the tool it fixes.
BOUND_RETURN_CODE = "BL001"

if TYPE_CHECKING:  # a run that reads every answer from the cache never loads libcst
    from boundlint.project.module import ModuleInfo


def filter_findings(
    findings: list[Finding], surveys: list[Survey], config: Config, show_unused_ignores: bool
) -> list[Finding]:
    by_display = {survey.display: survey for survey in surveys}
    wanted = {f.filename for f in findings} | (
        {s.display for s in surveys if s.suppressions} if show_unused_ignores else set()
    )
    suppressions: dict[str, dict[int, list[Suppression]]] = {
        display: by_display[display].suppressions_by_line() for display in wanted if display in by_display
    }
    kept: list[Finding] = []
    for finding in findings:
        checked = by_display.get(finding.filename)
        if checked is None:
            continue  # in a module the analysis read (a contract model's) but this run does not check
        if not _selected(finding, checked.path, config):
            continue
        suppression = _suppression(finding, suppressions.get(finding.filename, {}))
        if suppression is not None:
            suppression.used.add(finding.code)
            continue
        kept.append(finding)
    if show_unused_ignores:
        for display, by_line in sorted(suppressions.items()):
            for entries in by_line.values():
                for entry in entries:
                    if entry.ours and _unused(entry):
                        kept.append(rules.UNUSED_SUPPRESSION.from_suppression(display, entry, rules.RULES_BY_CODE))
    return sorted(kept, key=Finding.sort_key)


# What `branches` gives a return that reports a failure: not a sibling any fix bounds.
ERROR_REPORT = "<an error report>"


def fixable(
    findings: list[Finding],
    modules: Iterable[ModuleInfo],
    config: Config,
    branches: Callable[[list[Finding]], Mapping[Finding, str | None]] | None = None,
) -> list[Finding]:
    """The findings a fix may act on: those the run reports, at `fix-min-confidence` or above; and
    in a tool one of those fixes, its other returns of the same kinds of bulk data, however sure
    (`stderr` under `if result.returncode != 0:` beside the `stdout` fixed): a maintainer bounds
    every branch in one change, but not a return that reports a failure (`ERROR_REPORT`: a
    reviewer rejects a cut of an error message). In an MCP server's one `call_tool`, "a tool" is the
    branch that serves one of its tools (`branches` names it for each finding: `if name ==
    "helm_install":`), not the whole dispatcher. A fix round runs in a root's worker, before the run filters what it
    reports, and must not fix what a comment suppresses or the configuration turns off."""
    by_display = {module.display: module for module in modules}
    suppressions: dict[str, dict[int, list[Suppression]]] = {}

    def suppressed(finding: Finding) -> bool:
        module = by_display.get(finding.filename)
        if module is None:
            return False
        if finding.filename not in suppressions:
            suppressions[finding.filename] = parse_suppressions(module.source.text)
        return _suppression(finding, suppressions[finding.filename]) is not None

    def path_of(finding: Finding) -> Path | None:
        module = by_display.get(finding.filename)
        return module.path if module is not None else None

    sure = [
        finding
        for finding in findings
        if _selected(finding, path_of(finding), config)
        and not below_fix_confidence(finding, config)
        and not suppressed(finding)
    ]
    chosen = set(sure)
    fixed_tools = {(finding.filename, finding.symbol) for finding in sure if finding.code == BOUND_RETURN_CODE}
    siblings = [
        finding
        for finding in findings
        if finding not in chosen
        and finding.code == BOUND_RETURN_CODE
        and (finding.filename, finding.symbol) in fixed_tools
        and names_bulk_data(finding.message)
        and code_enabled(finding.code, config)
        and not ignored_for_file(finding, path_of(finding), config)
        and not suppressed(finding)
    ]
    if siblings and branches is not None:
        fixed = [finding for finding in sure if (finding.filename, finding.symbol) in fixed_tools]
        branch = branches([*fixed, *siblings])
        fixed_branches = {(f.filename, f.symbol, branch.get(f)) for f in fixed if f.code == BOUND_RETURN_CODE}
        siblings = [
            f
            for f in siblings
            if branch.get(f) != ERROR_REPORT and (f.filename, f.symbol, branch.get(f)) in fixed_branches
        ]
    chosen.update(siblings)
    return [finding for finding in findings if finding in chosen]


def below_fix_confidence(finding: Finding, config: Config) -> bool:
    """`finding` is less sure than `fix-min-confidence`: `fix` leaves it."""
    return _rank(finding) < CONFIDENCE_ORDER[config.fix_min_confidence]


def _rank(finding: Finding) -> int:
    """Its confidence's place in `CONFIDENCE_ORDER` (a finding without a known one counts as `medium`)."""
    return CONFIDENCE_ORDER.get(finding.confidence, CONFIDENCE_ORDER["medium"])


def _selected(finding: Finding, path: Path | None, config: Config) -> bool:
    """Its rule is on, its confidence high enough, and its file's per-file ignores leave it."""
    threshold = CONFIDENCE_ORDER[config.min_confidence]
    return (
        code_enabled(finding.code, config)
        and _rank(finding) >= threshold
        and not ignored_for_file(finding, path, config)
    )


def _suppression(finding: Finding, suppressions: dict[int, list[Suppression]]) -> Suppression | None:
    return suppressing(suppressions, finding.code, (finding.line, finding.end_line))


def _unused(suppression: Suppression) -> bool:
    if suppression.codes is None:
        return not suppression.used
    return bool(suppression.codes - suppression.used)
