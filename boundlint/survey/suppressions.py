"""Inline suppressions: `# boundlint: ignore[BL001]`, `# boundlint: ignore`, `# noqa: BL001`."""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass, field

BOUNDLINT_IGNORE = re.compile(r"#\s*boundlint:\s*ignore(?:\[(?P<codes>[^\]]*)\])?", re.IGNORECASE)
NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:[\s,]+[A-Z]+[0-9]+)*))?", re.IGNORECASE)
CODE = re.compile(r"[A-Z]+[0-9]+")
_LINES_WITH_HASH = re.compile(r"^[^\n#]*#[^\n]*$", re.MULTILINE)


@dataclass
class Suppression:
    line: int
    column: int
    codes: frozenset[str] | None  # None: every code
    ours: bool  # a boundlint comment (or a noqa naming BL codes): reported when unused
    used: set[str] = field(default_factory=set)

    def covers(self, code: str) -> bool:
        return self.codes is None or code in self.codes


def _comments(text: str) -> list[tuple[int, int, str]]:
    try:
        return [
            (tok.start[0], tok.start[1], tok.string)
            for tok in tokenize.generate_tokens(io.StringIO(text).readline)
            if tok.type == tokenize.COMMENT
        ]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        # Unparseable text: fall back to a line scan, which can only over-find.
        found = []
        for number, line in enumerate(text.splitlines(), 1):
            index = line.find("#")
            if index >= 0:
                found.append((number, index, line[index:]))
        return found


def parse_suppressions(text: str) -> dict[int, list[Suppression]]:
    if "boundlint" not in text and "noqa" not in text.lower():
        return {}  # the common case: no comment to look at
    # Most `noqa` comments name other tools' codes (`noqa: E501`): when no
    # line's text after a `#` could suppress anything, skip the tokenizer.
    if not any(_suppressions_in(line[line.index("#") :], 0, 0) for line in _LINES_WITH_HASH.findall(text)):
        return {}
    result: dict[int, list[Suppression]] = {}
    for line, column, comment in _comments(text):
        for suppression in _suppressions_in(comment, line, column):
            result.setdefault(line, []).append(suppression)
    return result


def _suppressions_in(comment: str, line: int, column: int) -> list[Suppression]:
    found = []
    for match in BOUNDLINT_IGNORE.finditer(comment):
        codes = match.group("codes")
        parsed = frozenset(CODE.findall(codes.upper())) if codes else None
        found.append(Suppression(line, column, parsed, ours=True))
    for match in NOQA.finditer(comment):
        codes = match.group("codes")
        if codes:
            parsed = frozenset(c for c in CODE.findall(codes.upper()) if c.startswith("BL"))
            if parsed:
                found.append(Suppression(line, column, parsed, ours=True))
        else:
            found.append(Suppression(line, column, None, ours=False))
    return found


def suppressing(suppressions: dict[int, list[Suppression]], code: str, lines: tuple[int, ...]) -> Suppression | None:
    for line in lines:
        for suppression in suppressions.get(line, ()):
            if suppression.covers(code):
                return suppression
    return None
