"""Output formats for findings: text for people, JSON for tools, and the CI formats."""

from __future__ import annotations

import importlib
import json
from collections import Counter
from collections.abc import Callable
from typing import TextIO

from boundlint import rules
from boundlint.core.findings import NO_FIX, SAFE, UNSAFE, Finding
from boundlint.core.result import CheckResult


def write_text(
    result: CheckResult,
    out: TextIO,
    *,
    statistics: bool = False,
    notes: dict[Finding, str] | None = None,
    summary: bool = True,
    show_fixes: bool = False,
) -> None:
    """One line per finding (with `notes`, what the fixer said of it), or with `statistics` only the
    count per rule, as ruff does; then the summary. A finding `boundlint fix` would fix is marked
    `[*]` (its safe fix) as ruff marks it; `show_fixes` says under each what the fix does."""
    if statistics:
        write_statistics(result.findings, out)
    else:
        for finding in result.findings:
            note = (notes or {}).get(finding)
            marker = "[*] " if finding.fixable is not None and finding.fixable["applicability"] == SAFE else ""
            out.write(
                f"{finding.filename}:{finding.line}:{finding.column}: {finding.code} {marker}{finding.message}"
                f" [{finding.confidence}]{f' (not fixed: {note})' if note else ''}\n"
            )
            if show_fixes and finding.fixable is not None:
                out.write(f"    {_fix_line(finding.fixable)}\n")
    if not summary:
        return
    count = len(result.findings)
    checked = f"{result.files_checked} file{'s' if result.files_checked != 1 else ''}"
    if count:
        by_confidence = Counter(f.confidence for f in result.findings)
        detail = ", ".join(f"{by_confidence[c]} {c}" for c in ("high", "medium", "low") if by_confidence[c])
        with_findings = len({f.filename for f in result.findings})
        where = f"in {with_findings} file{'s' if with_findings != 1 else ''} ({checked} checked)"
        out.write(f"Found {count} finding{'s' if count != 1 else ''} ({detail}) {where}.\n")
        _write_fixable(result.findings, out)
    else:
        out.write(f"All checks passed ({checked} checked).\n")


def _fix_line(fixable: dict[str, str]) -> str:
    applicability, message = fixable["applicability"], fixable["message"]
    if applicability == NO_FIX:
        return f"no fix: {message.removeprefix('no automatic fix: ')}"
    return f"fix{' (with --unsafe-fixes)' if applicability == UNSAFE else ''}: {message}"


def _write_fixable(findings: list[Finding], out: TextIO) -> None:
    safe = sum(1 for f in findings if f.fixable is not None and f.fixable["applicability"] == SAFE)
    unsafe = sum(1 for f in findings if f.fixable is not None and f.fixable["applicability"] == UNSAFE)
    if not safe and not unsafe:
        return
    more = f" ({unsafe} more with `--unsafe-fixes`)" if unsafe else ""
    out.write(f"[*] {safe} fixable with `boundlint fix`{more}.\n")


def write_statistics(findings: list[Finding], out: TextIO) -> None:
    counts = Counter(f.code for f in findings)
    for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        out.write(f"{count:6d}\t{code}\t{rules.RULES_BY_CODE[code].name}\n")


def write_json(result: CheckResult, out: TextIO) -> None:
    json.dump([finding.to_json() for finding in result.findings], out, indent=2, ensure_ascii=False)
    out.write("\n")


Writer = Callable[[CheckResult, TextIO], None]


def _imported_when_used(module: str, name: str) -> Writer:
    """A writer from `module`, imported on first use: a plain run needs none of the CI formats."""

    def write(result: CheckResult, out: TextIO) -> None:
        getattr(importlib.import_module(module), name)(result, out)

    return write


WRITERS: dict[str, Writer] = {
    "text": write_text,
    "json": write_json,
    "json-lines": _imported_when_used("boundlint.report.jsonlines", "write_json_lines"),
    "sarif": _imported_when_used("boundlint.report.sarif", "write_sarif"),
    "github": _imported_when_used("boundlint.report.github", "write_github"),
    "junit": _imported_when_used("boundlint.report.junit", "write_junit"),
    "gitlab": _imported_when_used("boundlint.report.gitlab", "write_gitlab"),
    "rdjson": _imported_when_used("boundlint.report.rdjson", "write_rdjson"),
}
