"""reviewdog's Diagnostic Format (rdjson): one document, a diagnostic per finding.

Positions are 1-based lines and 1-based columns counted in UTF-8 bytes, as
reviewdog reads them (boundlint's own columns count characters). A finding's
safe fix goes with it as suggestions (the run plans fixes for this format).
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from boundlint import __version__
from boundlint.core.findings import Finding
from boundlint.core.result import CheckResult
from boundlint.report.baseline import SourceLines
from boundlint.report.common import finding_level, repository_path, repository_root
from boundlint.report.sarif import INFORMATION_URI

SEVERITIES = {"error": "ERROR", "warning": "WARNING", "note": "INFO"}


def write_rdjson(result: CheckResult, out: TextIO) -> None:
    root = repository_root()
    sources = SourceLines()
    document = {
        "source": {"name": f"boundlint {__version__}", "url": INFORMATION_URI},
        "severity": "WARNING",
        "diagnostics": [
            _diagnostic(finding, repository_path(finding.filename, root), sources) for finding in result.findings
        ],
    }
    json.dump(document, out, indent=2, ensure_ascii=False)
    out.write("\n")


def _diagnostic(finding: Finding, path: str, sources: SourceLines) -> dict[str, Any]:
    lines = sources.lines(finding.filename)
    diagnostic: dict[str, Any] = {
        "message": f"{finding.message} [{finding.confidence}]",
        "location": {
            "path": path,
            "range": {
                "start": _position(lines, finding.line, finding.column),
                "end": _position(lines, finding.end_line, finding.end_column),
            },
        },
        "severity": SEVERITIES[finding_level(finding)],
        "code": {"value": finding.code},
    }
    if finding.fix is not None and finding.fix.get("applicability") == "safe":
        diagnostic["suggestions"] = [
            {
                "range": {
                    "start": _position(lines, edit["location"]["row"], edit["location"]["column"]),
                    "end": _position(lines, edit["end_location"]["row"], edit["end_location"]["column"]),
                },
                "text": edit["content"],
            }
            for edit in finding.fix["edits"]
        ]
    return diagnostic


def _position(lines: list[str], line: int, column: int) -> dict[str, int]:
    """`column` (1-based characters) as reviewdog counts it: 1-based UTF-8 bytes."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return {"line": line, "column": len(text[: column - 1].encode("utf-8")) + 1}
