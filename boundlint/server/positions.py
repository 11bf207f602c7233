"""Columns between boundlint and the editor.

boundlint counts a column in code points, 1-based. LSP counts it 0-based in
the position encoding the client and server agreed on: UTF-16 code units by
default (a character outside the Basic Multilingual Plane, such as an emoji,
is two), or UTF-8 bytes, or UTF-32 (code points) when the client offers them.
"""

from __future__ import annotations

UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"


def _units(text: str, encoding: str) -> int:
    if encoding == UTF32:
        return len(text)
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text) + sum(1 for char in text if ord(char) > 0xFFFF)


def to_lsp_character(line_text: str, column: int, encoding: str) -> int:
    """The LSP character offset of boundlint's 1-based code-point `column` in `line_text`."""
    return _units(line_text[: max(0, column - 1)], encoding)


def from_lsp_character(line_text: str, character: int, encoding: str) -> int:
    """boundlint's 1-based code-point column for an LSP `character` offset (clamped to the line)."""
    if encoding == UTF32:
        return min(character, len(line_text)) + 1
    count = 0
    for index, char in enumerate(line_text):
        if count >= character:
            return index + 1
        count += _units(char, encoding)
    return len(line_text) + 1


def line_of(lines: list[str], number: int) -> str:
    """Line `number` (1-based) of `lines` without its line break, or "" past the end."""
    if 1 <= number <= len(lines):
        return lines[number - 1].rstrip("\r\n")
    return ""
