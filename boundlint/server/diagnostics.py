"""Findings as LSP diagnostics: range in the negotiated encoding, severity, rule link, fix as data.

Severity follows the confidence, one step below SARIF's so that an editor's
"errors" stay for code that does not parse: `high` is a warning, `medium` an
information, `low` a hint; BL900 (the file does not parse) is an error. A
diagnostic carries its finding's fix in `data`, so a code action needs no
second analysis.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from lsprotocol import types

from boundlint import __version__, rules
from boundlint.core.findings import Finding
from boundlint.server.positions import line_of, to_lsp_character
from boundlint.server.settings import ServerSettings

SOURCE = "boundlint"

_SEVERITY = {
    "high": types.DiagnosticSeverity.Warning,
    "medium": types.DiagnosticSeverity.Information,
    "low": types.DiagnosticSeverity.Hint,
}


def lsp_position(lines: list[str], row: int, column: int, encoding: str) -> types.Position:
    """boundlint's 1-based (row, code-point column) as an LSP position."""
    if row > len(lines):  # the end of a file without a final line break
        return types.Position(len(lines), 0) if lines and lines[-1].endswith(("\n", "\r")) else _end(lines, encoding)
    return types.Position(max(0, row - 1), to_lsp_character(line_of(lines, row), column, encoding))


def _end(lines: list[str], encoding: str) -> types.Position:
    if not lines:
        return types.Position(0, 0)
    last = lines[-1].rstrip("\r\n")
    return types.Position(len(lines) - 1, to_lsp_character(last, len(last) + 1, encoding))


def to_diagnostic(finding: Finding, lines: list[str], encoding: str, settings: ServerSettings) -> types.Diagnostic:
    start = lsp_position(lines, finding.line, finding.column, encoding)
    end = lsp_position(lines, finding.end_line, finding.end_column, encoding)
    if (end.line, end.character) < (start.line, start.character):
        end = start
    severity = types.DiagnosticSeverity.Error if finding.code == "BL900" else _SEVERITY.get(finding.confidence)
    data: dict[str, Any] = {
        "line": finding.line,
        "end_line": finding.end_line,
        "confidence": finding.confidence,
        "fix": finding.fix,
    }
    return types.Diagnostic(
        range=types.Range(start, end),
        message=f"{finding.message} [{finding.confidence}]",
        severity=severity,
        code=finding.code,
        code_description=types.CodeDescription(href=rule_href(finding.code, settings)),
        source=SOURCE,
        tags=[types.DiagnosticTag.Unnecessary] if finding.code == "BL901" else None,
        data=data,
    )


def rule_href(code: str, settings: ServerSettings) -> str:
    """Where the rule's page is: the configured URL, or the page as this version of boundlint
    writes it, in a local file (editors open both)."""
    if settings.rule_docs_url:
        return settings.rule_docs_url.replace("{code}", code)
    return Path(_local_rule_page(code)).as_uri()


def _local_rule_page(code: str) -> str:
    folder = os.path.join(tempfile.gettempdir(), f"boundlint-{__version__}-rules")
    page = os.path.join(folder, f"{code}.md")
    if not os.path.exists(page):
        rule = rules.lookup(code)
        text = rule.documentation() if rule is not None else f"# {code}\n\nNo such rule in boundlint {__version__}.\n"
        os.makedirs(folder, exist_ok=True)
        temporary = f"{page}.{os.getpid()}.tmp"
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temporary, page)  # another server may write the same page: both are whole
    return page
