"""GitLab Code Quality: a JSON array of issues, shown in merge requests.

GitLab matches issues between a merge request's branches by `fingerprint`: the
same one as SARIF's, which an edit elsewhere in the file does not change.
"""

from __future__ import annotations

import json
from typing import TextIO

from boundlint.core.result import CheckResult
from boundlint.report.common import finding_level, repository_path, repository_root, stable_fingerprints

SEVERITIES = {"error": "major", "warning": "minor", "note": "info"}


def write_gitlab(result: CheckResult, out: TextIO) -> None:
    root = repository_root()
    paths = [repository_path(finding.filename, root) for finding in result.findings]
    prints = stable_fingerprints(result.findings, paths)
    issues = [
        {
            "description": f"{finding.code} {finding.message} [{finding.confidence}]",
            "check_name": finding.code,
            "fingerprint": fingerprint,
            "severity": SEVERITIES[finding_level(finding)],
            "location": {"path": path, "lines": {"begin": finding.line, "end": finding.end_line}},
        }
        for finding, path, fingerprint in zip(result.findings, paths, prints, strict=True)
    ]
    json.dump(issues, out, indent=2, ensure_ascii=False)
    out.write("\n")
