"""Hover on a rule code in a suppression comment (`# boundlint: ignore[BL001]`, `# noqa: BL001`):
the rule's page."""

from __future__ import annotations

from lsprotocol import types

from boundlint import rules
from boundlint.survey.suppressions import BOUNDLINT_IGNORE, CODE, NOQA


def rule_at(line_text: str, column: int) -> str | None:
    """The code of a known rule at 0-based code-point `column` of a line, inside a suppression."""
    for pattern in (BOUNDLINT_IGNORE, NOQA):
        for comment in pattern.finditer(line_text):
            start = comment.start("codes")
            if start < 0 or not comment.start() <= column <= comment.end():
                continue
            for code in CODE.finditer(comment.group("codes").upper()):
                if start + code.start() <= column <= start + code.end():
                    found = rules.lookup(code.group().upper())
                    return found.code if found is not None else None
    return None


def rule_hover(code: str) -> types.Hover | None:
    rule = rules.lookup(code)
    if rule is None:
        return None
    return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, rule.documentation()))
