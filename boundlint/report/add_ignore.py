"""`--add-ignore[=REASON]`: turn today's findings into inline suppressions.

Each finding gets `# boundlint: ignore[CODE]` on its start line (merged into
a boundlint ignore comment already there). A line that ends inside a
multi-line string or with a backslash continuation cannot take a comment;
then the finding's end line is used (suppressions are honoured on either),
and if neither can, the finding is skipped and reported. The result is parsed
again before it is written, so a file is never left broken.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from boundlint.core.atomic_write import write_atomically
from boundlint.core.findings import Finding
from boundlint.parse.source import SourceError, decode_source
from boundlint.survey.suppressions import BOUNDLINT_IGNORE, CODE

# Python 3.12+ tokenizes f-strings into parts; older versions have no such tokens.
FSTRING_START = getattr(tokenize, "FSTRING_START", -1)
FSTRING_END = getattr(tokenize, "FSTRING_END", -1)

# Diagnostics about the input, not about code a comment could excuse.
SKIPPED_CODES = {
    "BL900": "a file that does not parse needs fixing, not a comment",
    "BL901": "remove the stale suppression instead",
}


@dataclass
class AddIgnoreReport:
    added: int = 0  # new comments
    merged: int = 0  # codes added to an existing boundlint comment
    files: set[str] = field(default_factory=set)
    skipped: list[str] = field(default_factory=list)  # one message per finding or file left alone

    @property
    def changed(self) -> int:
        return self.added + self.merged


def add_ignores(findings: list[Finding], reason: str = "") -> AddIgnoreReport:
    report = AddIgnoreReport()
    by_file: dict[str, list[Finding]] = defaultdict(list)
    for finding in findings:
        if finding.code in SKIPPED_CODES:
            report.skipped.append(
                f"{finding.filename}:{finding.line}: {finding.code} not suppressed: {SKIPPED_CODES[finding.code]}"
            )
        else:
            by_file[finding.filename].append(finding)
    for filename, file_findings in by_file.items():
        _add_to_file(Path(filename), file_findings, reason, report)
    return report


def _add_to_file(path: Path, findings: list[Finding], reason: str, report: AddIgnoreReport) -> None:
    try:
        data = path.read_bytes()
        source = decode_source(data)
    except (OSError, SourceError) as error:
        report.skipped.append(f"{path}: cannot read the file ({error}); no comments added")
        return
    lines = io.StringIO(source.text, newline="").readlines()  # keeps each line's own ending
    try:
        open_lines, comments = _line_facts(source.text)
    except (tokenize.TokenError, SyntaxError) as error:
        report.skipped.append(f"{path}: cannot tokenize the file ({error}); no comments added")
        return
    wanted: dict[int, set[str]] = defaultdict(set)
    for finding in findings:
        target = next((n for n in (finding.line, finding.end_line) if n in open_lines), None)
        if target is None:
            report.skipped.append(
                f"{path}:{finding.line}: {finding.code} is on a line that cannot take a comment"
                " (inside a multi-line string or a continued line); not suppressed"
            )
            continue
        wanted[target].add(finding.code)
    added = merged = 0
    for number, codes in wanted.items():
        line, was_merged = _with_ignore(lines[number - 1], comments.get(number), codes, reason)
        lines[number - 1] = line
        merged, added = merged + was_merged, added + (not was_merged)
    new_text = "".join(lines)
    if not wanted or new_text == source.text:
        return
    if not _still_parses(source.text, new_text):
        report.skipped.append(f"{path}: adding comments would change how the file parses; left unchanged")
        return
    try:
        encoded = new_text.encode(source.encoding)
    except UnicodeEncodeError:
        report.skipped.append(f"{path}: the reason cannot be written in the file's encoding {source.encoding}")
        return
    write_atomically(path, (b"\xef\xbb\xbf" if source.bom else b"") + encoded)
    report.added, report.merged = report.added + added, report.merged + merged
    report.files.add(str(path))


def ignore_line(text: str, code: str, lines: tuple[int, int], reason: str = "") -> tuple[int, str] | None:
    """For the editor: the line (1-based) that takes the suppression of `code` for a finding on
    `lines` (start, end), and that line's new text (without its line break); None when neither
    line can take a comment or the text does not tokenize."""
    try:
        open_lines, comments = _line_facts(text)
    except (tokenize.TokenError, SyntaxError):
        return None
    target = next((n for n in lines if n in open_lines), None)
    if target is None:
        return None
    line = io.StringIO(text, newline="").readlines()[target - 1]
    new_line, _ = _with_ignore(line, comments.get(target), {code}, reason)
    return target, new_line.rstrip("\r\n")


def _line_facts(text: str) -> tuple[set[int], dict[int, int]]:
    """Lines that end in a real line break (outside strings), and each comment's column."""
    open_lines: set[int] = set()
    comments: dict[int, int] = {}
    in_fstring = 0
    tokens = tokenize.generate_tokens(io.StringIO(text, newline="").readline)
    for token in tokens:
        if token.type == FSTRING_START:
            in_fstring += 1
        elif token.type == FSTRING_END:
            in_fstring -= 1
        elif token.type in (tokenize.NEWLINE, tokenize.NL) and not in_fstring:
            # Python 3.12 also allows a comment inside an f-string's replacement
            # field; older Pythons cannot parse that, so those lines stay closed.
            open_lines.add(token.start[0])
        elif token.type == tokenize.COMMENT:
            comments[token.start[0]] = token.start[1]
    return open_lines, comments


def _with_ignore(line: str, comment_column: int | None, codes: set[str], reason: str) -> tuple[str, bool]:
    """`line` with `codes` suppressed; True when an existing boundlint comment took them."""
    body = line.rstrip("\r\n")
    ending = line[len(body) :]
    if comment_column is not None:
        match = BOUNDLINT_IGNORE.search(body, comment_column)
        if match is not None and match.group("codes") is not None:
            merged = sorted(set(CODE.findall(match.group("codes").upper())) | codes)
            replacement = f"# boundlint: ignore[{', '.join(merged)}]"
            return body[: match.start()] + replacement + body[match.end() :] + ending, True
    comment = f"# boundlint: ignore[{', '.join(sorted(codes))}]"
    if reason:
        comment += f"  # {reason}"
    return body.rstrip(" \t") + "  " + comment + ending, False


def _still_parses(old: str, new: str) -> bool:
    """The edited text parses to the same tree (comments are not in the AST)."""
    try:
        return ast.dump(ast.parse(old)) == ast.dump(ast.parse(new))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False


def clean_reason(reason: str) -> str:
    """A reason fit for a one-line comment; ValueError when it cannot be one."""
    if re.search(r"[\r\n\f\v]", reason):
        raise ValueError("the --add-ignore reason must be a single line")
    return " ".join(reason.split())
