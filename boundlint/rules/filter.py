"""Which findings a run reports: selection, confidence, per-file ignores and inline suppressions.

With `--show-unused-ignores`, a boundlint suppression comment that suppressed
nothing becomes a BL901 finding of its own.
"""

from __future__ import annotations

from boundlint import rules
from boundlint.core.config import Config
from boundlint.core.findings import CONFIDENCE_ORDER, Finding
from boundlint.core.selection import code_enabled, ignored_for_file
from boundlint.survey.file_survey import Survey
from boundlint.survey.suppressions import Suppression, suppressing


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
    threshold = CONFIDENCE_ORDER[config.min_confidence]
    kept: list[Finding] = []
    for finding in findings:
        checked = by_display.get(finding.filename)
        if checked is None:
            continue  # in a module the analysis read (a contract model's) but this run does not check
        if not code_enabled(finding.code, config):
            continue
        if CONFIDENCE_ORDER.get(finding.confidence, CONFIDENCE_ORDER["medium"]) < threshold:
            continue
        if ignored_for_file(finding, checked.path, config):
            continue
        lines = (finding.line, finding.end_line)
        suppression = suppressing(suppressions.get(finding.filename, {}), finding.code, lines)
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


def _unused(suppression: Suppression) -> bool:
    if suppression.codes is None:
        return not suppression.used
    return bool(suppression.codes - suppression.used)
