"""JUnit XML, the test-report format most CI systems (GitLab, Jenkins, Azure) display.

Each finding is a failed test case named after the rule and the tool; an
internal error is an errored one. A clean run is a single passing case, so the
report is never empty (some CI systems treat an empty report as a failure).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import TextIO

from boundlint.core.findings import Finding
from boundlint.core.result import CheckResult, InternalError

# Characters XML 1.0 cannot carry at all, even escaped.
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _clean(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


def write_junit(result: CheckResult, out: TextIO) -> None:
    failures, errors = len(result.findings), len(result.errors)
    cases = max(failures + errors, 1)
    counts = {"tests": str(cases), "failures": str(failures), "errors": str(errors)}
    suites = ET.Element("testsuites", {"name": "boundlint", **counts})
    suite = ET.SubElement(suites, "testsuite", {"name": "boundlint", **counts})
    for finding in result.findings:
        _finding_case(suite, finding)
    for error in result.errors:
        _error_case(suite, error)
    if not (failures or errors):
        ET.SubElement(suite, "testcase", {"classname": "boundlint", "name": "no findings"})
    ET.indent(suites)
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    out.write(ET.tostring(suites, encoding="unicode"))
    out.write("\n")


def _finding_case(suite: ET.Element, finding: Finding) -> None:
    subject = finding.symbol or f"line {finding.line}"
    case = ET.SubElement(
        suite,
        "testcase",
        {
            "classname": finding.filename,
            "name": _clean(f"{finding.code} {finding.name}: {subject}"),
            "file": finding.filename,
            "line": str(finding.line),
        },
    )
    failure = ET.SubElement(case, "failure", {"type": finding.code, "message": _clean(finding.message)})
    failure.text = _clean(
        f"{finding.filename}:{finding.line}:{finding.column}: {finding.code} {finding.message} [{finding.confidence}]"
    )


def _error_case(suite: ET.Element, error: InternalError) -> None:
    case = ET.SubElement(suite, "testcase", {"classname": error.filename, "name": "internal error"})
    ET.SubElement(case, "error", {"message": _clean(error.message)}).text = _clean(str(error))
