"""SARIF 2.1.0, in the subset GitHub code scanning reads.

Each result carries a partial fingerprint built from the file, the tool's
qualified name (the finding's symbol) and the rule, never from line numbers,
so an alert keeps its identity when unrelated edits move it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path, PurePosixPath
from typing import Any, TextIO
from urllib.parse import quote

from boundlint import __version__, rules
from boundlint.core.findings import Finding
from boundlint.core.result import CheckResult
from boundlint.report.common import (
    finding_level,
    repository_path,
    repository_root,
    rule_index,
    rule_level,
    stable_fingerprints,
)
from boundlint.rules.base import Rule

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
INFORMATION_URI = "https://pypi.org/project/boundlint/"
FINGERPRINT_KEY = "boundlint/v1"

# Every BL00x rule guards against the same weakness: a tool output that grows
# without limit (or is cut without telling the model) in the LLM's context.
WEAKNESS_TAGS = [
    "security",
    "external/cwe/cwe-400",
    "external/cwe/cwe-770",
    "external/owasp-llm-top-10/llm10-unbounded-consumption",
]


def write_sarif(result: CheckResult, out: TextIO, *, root: Path | None = None) -> None:
    json.dump(sarif_log(result, root or repository_root()), out, indent=2, ensure_ascii=False)
    out.write("\n")


def sarif_log(result: CheckResult, root: Path) -> dict[str, Any]:
    run: dict[str, Any] = {
        "tool": {"driver": _driver()},
        "columnKind": "unicodeCodePoints",  # libcst counts code points, not UTF-16 units
        "results": _results(result.findings, root),
    }
    run["invocations"] = [_invocation(result)]
    return {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}


def _driver() -> dict[str, Any]:
    return {
        "name": "boundlint",
        "version": __version__,
        "semanticVersion": __version__,
        "informationUri": INFORMATION_URI,
        "rules": [_rule(rule) for rule in rules.ALL_RULES],
    }


def _rule(rule: Rule) -> dict[str, Any]:
    # `precision` is the lowest confidence the rule reports with; GitHub ranks
    # security alerts by `security-severity`, a CVSS-like score (7.0+ is "high").
    properties: dict[str, Any] = {"precision": rule.precision}
    if rule.security_severity is not None:
        properties["security-severity"] = rule.security_severity
        properties["tags"] = list(WEAKNESS_TAGS)
    else:
        # Parse errors and stale suppressions are about the input, not a
        # weakness: no security tag, so code scanning files them as quality.
        properties["tags"] = ["maintainability"]
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": _unwrap(rule.what)},
        "help": {"text": _unwrap(rule.fix), "markdown": rule.documentation()},
        "defaultConfiguration": {"level": rule_level(rule.code)},
        "properties": properties,
    }


def _results(findings: list[Finding], root: Path) -> list[dict[str, Any]]:
    paths = [repository_path(finding.filename, root) for finding in findings]
    return [
        _result(finding, path, fingerprint)
        for finding, path, fingerprint in zip(findings, paths, stable_fingerprints(findings, paths), strict=True)
    ]


def _result(finding: Finding, uri: str, fingerprint: str) -> dict[str, Any]:
    location: dict[str, Any] = {"uri": _uri(uri)}
    if not PurePosixPath(uri).is_absolute():
        location["uriBaseId"] = "%SRCROOT%"
    region = {
        "startLine": finding.line,
        "startColumn": max(finding.column, 1),
        "endLine": max(finding.end_line, finding.line),
        "endColumn": max(finding.end_column, 1),
    }
    result: dict[str, Any] = {
        "ruleId": finding.code,
        "ruleIndex": rule_index(finding.code),
        "level": finding_level(finding),
        "message": {"text": finding.message},
        "locations": [{"physicalLocation": {"artifactLocation": location, "region": region}}],
        "partialFingerprints": {FINGERPRINT_KEY: fingerprint},
        "properties": {"confidence": finding.confidence},
    }
    if finding.symbol:
        result["locations"][0]["logicalLocations"] = [{"fullyQualifiedName": finding.symbol}]
    return result


def _uri(path: str) -> str:
    posix = PurePosixPath(path)
    if posix.is_absolute():
        return Path(path).as_uri()
    return "/".join(_quote(part) for part in posix.parts)


def _quote(part: str) -> str:
    return quote(part, safe="!$&'()*+,;=@-._~")


def _invocation(result: CheckResult) -> dict[str, Any]:
    notifications = [{"level": "error", "message": {"text": str(error)}} for error in result.errors]
    invocation: dict[str, Any] = {"executionSuccessful": not result.errors}
    if notifications:
        invocation["toolExecutionNotifications"] = notifications
    return invocation


def _unwrap(text: str) -> str:
    """Documentation text with its hard line breaks joined, paragraphs and code kept."""
    paragraphs = re.split(r"\n\s*\n", text.strip())
    return "\n\n".join(
        p if "```" in p or p.lstrip().startswith(("-", "*", "    ")) else " ".join(p.split()) for p in paragraphs
    )
