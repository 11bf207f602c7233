"""One file's survey: read it, hash it, and decide whether it can hold anything to report.

A survey is what the engine knows of a file before any libcst parse: its content
hash (for the cache), whether it is a *root* (it can hold a tool, a registration
or a BL005/BL006 shape: the text and syntax filters decide), its BL900 error if
it cannot be read or parsed, and its suppression comments. A root keeps its
decoded text and `ast` tree for the analysis in the same process.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boundlint.core.hashing import content_hash
from boundlint.discover.files import display_name
from boundlint.knowledge import frameworks as fw
from boundlint.parse.source import SourceError, SourceText, compiles_quickly, decode_source, parse, python_ast
from boundlint.survey.suppressions import Suppression, parse_suppressions

if TYPE_CHECKING:
    from boundlint.survey.text_filter import Prefilter

# A suppression comment as the cache keeps it: (line, column, codes or None for all, ours).
Mention = tuple[int, int, "list[str] | None", bool]


@dataclass
class Survey:
    path: Path
    display: str
    digest: str = ""
    root: bool = False
    error: tuple[str, int, int] | None = None  # BL900: message, line, column
    suppressions: list[Mention] = field(default_factory=list)
    # A root's decoded text and ast tree, handed to the analysis in the same process (never pickled).
    seed: tuple[SourceText, ast.Module | None] | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {"root": self.root, "error": self.error, "suppressions": self.suppressions}

    @classmethod
    def from_json(cls, path: Path, display: str, digest: str, entry: dict[str, Any]) -> Survey:
        error = tuple(entry["error"]) if entry["error"] else None
        comments = [tuple(comment) for comment in entry["suppressions"]] if entry["suppressions"] else []
        return cls(path, display, digest, entry["root"], error, comments)

    def suppressions_by_line(self) -> dict[int, list[Suppression]]:
        """Its comments as fresh Suppression objects (each records which codes it was used for)."""
        by_line: dict[int, list[Suppression]] = {}
        for line, column, codes, ours in self.suppressions:
            by_line.setdefault(line, []).append(
                Suppression(line, column, frozenset(codes) if codes is not None else None, ours)
            )
        return by_line


def survey_file(
    path: Path, prefilter: Prefilter | None, texts: dict[Path, str], previous: tuple[str, dict[str, Any]] | None = None
) -> Survey:
    """Read, hash and survey one file (from `texts` when it is there: standard input, fixed text);
    `previous` is (digest, survey) from the cache, reused if the content matches."""
    display = display_name(path)
    try:
        data = texts[path].encode("utf-8", "surrogatepass") if path in texts else path.read_bytes()
    except OSError as error:
        return Survey(path, display, error=(f"cannot read file: {error.strerror or error}", 1, 0))
    digest = content_hash(data)
    if previous is not None and previous[0] == digest:
        return Survey.from_json(path, display, digest, previous[1])
    return _survey_text(path, display, digest, data, prefilter)


def _survey_text(path: Path, display: str, digest: str, data: bytes, prefilter: Prefilter | None) -> Survey:
    try:
        source = decode_source(data)
    except SourceError as error:
        return Survey(path, display, digest, error=(str(error), error.line, error.column))
    text = source.text
    mentions: list[Mention] = [
        (entry.line, entry.column, sorted(entry.codes) if entry.codes is not None else None, entry.ours)
        for entries in parse_suppressions(text).values()
        for entry in entries
    ]
    if prefilter is None:
        return Survey(path, display, digest, root=True, suppressions=mentions, seed=(source, None))
    # a framework's built-in tool module (Letta's function sets): each public function is a tool
    maybe = prefilter.is_root(text) or fw.in_a_tool_module(path)
    if not maybe and compiles_quickly(text):
        return Survey(path, display, digest, suppressions=mentions)  # nothing to look at, and no BL900
    try:
        tree = python_ast(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        try:
            parse(text)  # the message a root's analysis would give; here whether or not it is analysed
        except SourceError as error:
            return Survey(path, display, digest, error=(str(error), error.line, error.column), suppressions=mentions)
        # libcst reads it: code newer than this Python, which only a root's analysis can look at
        return Survey(path, display, digest, root=maybe, suppressions=mentions)
    root = maybe and (prefilter.keeps(text, tree) or fw.in_a_tool_module(path))
    return Survey(path, display, digest, root=root, suppressions=mentions, seed=(source, tree) if root else None)
