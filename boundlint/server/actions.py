"""Code actions: a quick fix per fixable finding, an ignore comment, and fix-all as edits.

A quick fix is the finding's own fix, carried in the diagnostic's `data`
(planned and verified when the finding was made): no analysis runs here. A
safe fix is the preferred action; an unsafe one is offered, labelled, only
when the settings ask for unsafe fixes. Fix-all applies the safe fixes only.
"""

from __future__ import annotations

from typing import Any

from lsprotocol import types

from boundlint.fix.apply import split_lines, text_edits
from boundlint.report.add_ignore import ignore_line
from boundlint.server.diagnostics import SOURCE, lsp_position
from boundlint.server.settings import ServerSettings

FIX_ALL_KIND = f"{types.CodeActionKind.SourceFixAll.value}.{SOURCE}"  # source.fixAll.boundlint
NOT_SUPPRESSIBLE = {"BL900", "BL901"}  # fix the file, or remove the stale comment


def to_text_edits(edits: list[dict[str, Any]], lines: list[str], encoding: str) -> list[types.TextEdit]:
    """A fix's edits (ruff's JSON shape: 1-based rows and code-point columns) as LSP text edits."""
    converted = []
    for edit in edits:
        start = lsp_position(lines, edit["location"]["row"], edit["location"]["column"], encoding)
        end = lsp_position(lines, edit["end_location"]["row"], edit["end_location"]["column"], encoding)
        converted.append(types.TextEdit(types.Range(start, end), edit["content"]))
    return converted


def _document_edit(
    document: types.OptionalVersionedTextDocumentIdentifier,
    edits: list[types.TextEdit | types.AnnotatedTextEdit | types.SnippetTextEdit],
) -> types.WorkspaceEdit:
    return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(document, edits)])


def quick_fixes(
    diagnostic: types.Diagnostic,
    document: types.OptionalVersionedTextDocumentIdentifier,
    lines: list[str],
    encoding: str,
    settings: ServerSettings,
) -> list[types.CodeAction]:
    data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
    fix = data.get("fix")
    if not isinstance(fix, dict) or not fix.get("edits"):
        return []
    safe = fix.get("applicability") == "safe"
    if not safe and not settings.unsafe_fixes:
        return []
    title = f"{fix['message']} ({diagnostic.code})" if safe else f"{fix['message']} ({diagnostic.code}, unsafe fix)"
    edits: list[types.TextEdit | types.AnnotatedTextEdit | types.SnippetTextEdit] = list(
        to_text_edits(fix["edits"], lines, encoding)
    )
    return [
        types.CodeAction(
            title=title,
            kind=types.CodeActionKind.QuickFix,
            diagnostics=[diagnostic],
            edit=_document_edit(document, edits),
            is_preferred=safe,
        )
    ]


def ignore_action(
    diagnostic: types.Diagnostic,
    document: types.OptionalVersionedTextDocumentIdentifier,
    text: str,
    encoding: str,
    snippets: bool,
) -> types.CodeAction | None:
    """`# boundlint: ignore[CODE]` on the finding's line (merged into a boundlint comment already
    there). Where the client takes snippet edits, the cursor lands on a reason to type."""
    code = str(diagnostic.code)
    data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
    if code in NOT_SUPPRESSIBLE or "line" not in data:
        return None
    start_line = int(data["line"])
    placed = ignore_line(text, code, (start_line, int(data.get("end_line") or start_line)))
    if placed is None:
        return None
    number, new_line = placed
    lines = split_lines(text)
    old_line = lines[number - 1].rstrip("\r\n")
    kept = _common_prefix(old_line, new_line)
    inserted = new_line[kept:]
    start = lsp_position(lines, number, kept + 1, encoding)
    end = lsp_position(lines, number, len(old_line) + 1, encoding)
    edit: types.TextEdit | types.SnippetTextEdit
    appended = kept == len(old_line.rstrip(" \t")) and new_line.startswith(old_line.rstrip(" \t"))
    if snippets and appended:
        snippet = _escape_snippet(inserted) + "  # ${1:reason}"
        edit = types.SnippetTextEdit(types.Range(start, end), types.StringValue(snippet))
    else:
        edit = types.TextEdit(types.Range(start, end), inserted)
    return types.CodeAction(
        title=f"Ignore {code} on this line",
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[diagnostic],
        edit=_document_edit(document, [edit]),
    )


def fix_all_edits(old: str, new: str, encoding: str) -> list[types.TextEdit]:
    """The smallest edits that turn `old` into `new` (changed runs of lines)."""
    lines = split_lines(old)
    return [
        types.TextEdit(
            types.Range(
                lsp_position(lines, edit.start[0], edit.start[1], encoding),
                lsp_position(lines, edit.end[0], edit.end[1], encoding),
            ),
            edit.content,
        )
        for edit in text_edits(old, new)
    ]


def fix_all_action(
    document: types.OptionalVersionedTextDocumentIdentifier, edits: list[types.TextEdit]
) -> types.CodeAction:
    return types.CodeAction(
        title="boundlint: fix all safe fixes",
        kind=FIX_ALL_KIND,
        edit=_document_edit(document, list(edits)),
    )


def wants(only: list[str] | None, kind: str) -> bool:
    """Whether a request limited to the kinds `only` asks for actions of `kind` (`source` asks for
    `source.fixAll.boundlint`)."""
    if not only:
        return True
    return any(kind == wanted or kind.startswith(f"{wanted}.") for wanted in only)


def _common_prefix(first: str, second: str) -> int:
    count = 0
    for a, b in zip(first, second, strict=False):
        if a != b:
            break
        count += 1
    return count


def _escape_snippet(text: str) -> str:
    return text.replace("\\", "\\\\").replace("$", "\\$").replace("}", "\\}")
