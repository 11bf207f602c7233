"""GitHub Actions workflow commands: one `::error ...::` line per finding.

GitHub turns these into annotations on the pull request's diff. The escaping
is GitHub's: `%`, CR and LF in the message; also `:` and `,` in properties,
where they would end a value.
"""

from __future__ import annotations

from typing import TextIO

from boundlint.core.findings import Finding
from boundlint.core.result import CheckResult
from boundlint.report.common import finding_level, repository_path, repository_root

COMMANDS = {"error": "error", "warning": "warning", "note": "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def write_github(result: CheckResult, out: TextIO) -> None:
    root = repository_root()
    for finding in result.findings:
        out.write(workflow_command(finding, repository_path(finding.filename, root)) + "\n")


def workflow_command(finding: Finding, path: str) -> str:
    properties = {
        "file": path,
        "line": finding.line,
        "col": finding.column,
        "endLine": finding.end_line,
        "endColumn": finding.end_column,
        "title": f"{finding.code} {finding.name}",
    }
    rendered = ",".join(f"{key}={escape_property(str(value))}" for key, value in properties.items())
    command = COMMANDS[finding_level(finding)]
    return f"::{command} {rendered}::{escape_data(f'{finding.message} [{finding.confidence}]')}"
