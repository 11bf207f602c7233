"""Reading a Python file into text and a libcst tree, or into a clear error."""

from __future__ import annotations

import ast
import bisect
import io
import re
import symtable
import sys
import tokenize
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from types import FrameType

    import libcst as cst

# Larger files are still read; this only guards against reading a
# multi-gigabyte file into memory by accident.
MAX_FILE_BYTES = 64 * 1024 * 1024


class SourceError(Exception):
    """The file cannot be read or parsed; the message is for the user."""

    def __init__(self, message: str, line: int = 1, column: int = 0) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


@dataclass
class SourceText:
    text: str
    encoding: str
    bom: bool


def decode_source(data: bytes) -> SourceText:
    """Decode source bytes the way Python does: BOM, then coding cookie, else UTF-8."""
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise SourceError("source contains a NUL byte; Python cannot compile it", line)
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:
        if "invalid or missing encoding declaration" in str(error):
            # No (valid) cookie and the first lines are not UTF-8: say where.
            encoding = "utf-8"
        else:
            raise SourceError(f"bad encoding declaration: {error}") from None
    bom = data.startswith(b"\xef\xbb\xbf")
    codec = "utf-8" if encoding == "utf-8-sig" else encoding
    body = data[3:] if bom else data
    try:
        text = body.decode(codec)
    except UnicodeDecodeError as error:
        line = body[: error.start].count(b"\n") + 1
        raise SourceError(
            f"file is not valid {codec}: byte 0x{body[error.start]:02x} on line {line} cannot be decoded"
            " (declare the encoding with a coding comment, or save the file as UTF-8)",
            line,
        ) from None
    except LookupError:
        raise SourceError(f"unknown source encoding {encoding!r}") from None
    return SourceText(text=text, encoding=codec, bom=bom)


def read_source(path: Path) -> SourceText:
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise SourceError(f"file is {size} bytes, over the {MAX_FILE_BYTES}-byte limit; not checked")
        data = path.read_bytes()
    except OSError as error:
        raise SourceError(f"cannot read file: {error.strerror or error}") from None
    return decode_source(data)


# CPython's parser refuses these before it recurses; libcst's native parser does
# not, and overflows its stack or runs for minutes on such input.
_NESTING_ERRORS = (
    "too many nested parentheses",
    "too many levels of indentation",
    "too many statically nested blocks",
    "too complex",
)


def parse(text: str) -> cst.Module:
    """libcst's tree for `text`, after CPython's parser has vouched for it (see `parse_both`)."""
    return parse_both(text)[0]


def parse_both(text: str, syntax: ast.Module | None = None) -> tuple[cst.Module, ast.Module | None]:
    """libcst's tree for `text`, and `ast`'s (None when only libcst knows the syntax).

    `ast` is ten times faster than libcst, knows the messages users know, and
    refuses code nested too deeply for libcst to survive. Syntax newer than
    the running interpreter is still given to libcst, which may know it.
    `syntax` is ast's tree of `text` when the caller already has it.
    """
    import libcst as cst  # here: reading and surveying files does not need it

    from boundlint.parse import string_values
    from boundlint.parse.unvalidated import parsing_unvalidated

    string_values.install()

    python_error = None
    if syntax is None:
        syntax, python_error = _python_syntax(text)
    if python_error is not None and python_error.nesting:
        raise python_error
    try:
        with parsing_unvalidated():
            return cst.parse_module(text), syntax
    except cst.ParserSyntaxError as error:
        if python_error is not None:
            raise python_error from None
        message = error.message.removeprefix("parser error: ")
        if syntax is None:
            raise SourceError(f"syntax error: {message}", error.raw_line, error.raw_column) from None
        failure = SourceError(
            f"Python compiles this file but libcst cannot parse it ({message}); not checked",
            error.raw_line,
            error.raw_column,
        )
    except RecursionError:
        raise SourceError("code is nested too deeply to parse") from None
    except Exception as error:  # the native parser reports some failures as other types
        raise SourceError(f"cannot parse: {error}") from None
    # Python compiles the file and libcst does not: a form its parser lacks. Parse the same
    # code spelled the way libcst knows, every other character at its place.
    respelled = _spelled_for_libcst(text, syntax)
    if respelled == text:
        raise failure
    try:
        with parsing_unvalidated():
            return cst.parse_module(respelled), syntax
    except Exception:  # noqa: BLE001
        raise failure from None


# A line that holds only a backslash (`\` then a `def`): CPython joins it to the next line,
# libcst's parser stops there. As a blank line it means the same.
_LONE_BACKSLASH = re.compile(r"^[ \t]*\\(?=\r?\n)", re.MULTILINE)


def may_not_round_trip(text: str) -> bool:
    """Whether libcst's tree of `text` may not give `text` back: a form feed (libcst drops one
    before a statement) or a lone-backslash line (`parse_both` parses it respelled). Any other
    text it writes back byte for byte, so the tree need not be written out to compare."""
    return "\x0c" in text or _LONE_BACKSLASH.search(text) is not None


def _spelled_for_libcst(text: str, syntax: ast.Module) -> str:
    """`text` with each lone-backslash line outside a string made blank (the backslash becomes a
    space, so every other character keeps its line and column)."""
    in_strings = {
        line
        for node in ast.walk(syntax)
        if isinstance(node, (ast.Constant, ast.JoinedStr)) and node.end_lineno is not None
        for line in range(node.lineno, node.end_lineno + 1)
    }
    starts = [0, *(index + 1 for index, char in enumerate(text) if char == "\n")]

    def blank(match: re.Match[str]) -> str:
        line = bisect.bisect_right(starts, match.start())
        return match.group(0) if line in in_strings else match.group(0).replace("\\", " ")

    return _LONE_BACKSLASH.sub(blank, text)


class _PythonSyntaxError(SourceError):
    def __init__(self, message: str, line: int, column: int, nesting: bool) -> None:
        super().__init__(message, line, column)
        self.nesting = nesting


# How deep `ast` may nest, counted from the caller: CPython's default limit,
# i.e. what `python` itself compiles. Fixed, so that whether a file is "nested
# too deeply" never depends on the recursion limit the caller happens to run
# under (the CLI raises it for the analysis), and libcst never gets code deeper
# than this (it runs for minutes on a 20,000-term chain).
AST_NESTING_LIMIT = 1000


def python_ast(text: str) -> ast.Module:
    """`ast.parse(text)` with a fixed nesting budget (see AST_NESTING_LIMIT); raises what ast.parse raises."""
    with _nesting_budget(AST_NESTING_LIMIT):
        return ast.parse(text)


def compiles_quickly(text: str) -> bool:
    """True when CPython's front end accepts `text`, checked without building `ast` objects.

    `symtable` runs the same parser, a third cheaper than `ast.parse` as it
    makes no Python objects of the tree. It is given a smaller nesting budget
    than `python_ast`, and it also refuses a few things `ast` accepts
    (`nonlocal` at module level): when it says no, callers ask `python_ast`,
    whose answer is the one that counts. So this only ever answers "yes"
    early, never differently.
    """
    try:
        with _nesting_budget(AST_NESTING_LIMIT * 2 // 3):
            symtable.symtable(text, "<survey>", "exec")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


@contextmanager
def _nesting_budget(levels: int) -> Iterator[None]:
    """Let the code inside the `with` recurse `levels` deeper than its caller, whatever the current limit."""
    frame: FrameType | None = sys._getframe(2)
    depth = 0  # the frame of the `with` (0 is this generator, 1 its __enter__)
    while frame is not None:
        depth += 1
        frame = frame.f_back
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + levels)
    try:
        yield
    finally:
        sys.setrecursionlimit(previous)


def _python_syntax(text: str) -> tuple[ast.Module | None, _PythonSyntaxError | None]:
    try:
        return python_ast(text), None
    except SyntaxError as error:
        nesting = any(phrase in str(error.msg) for phrase in _NESTING_ERRORS)
        return None, _PythonSyntaxError(
            f"syntax error: {error.msg}", error.lineno or 1, max((error.offset or 1) - 1, 0), nesting
        )
    except (RecursionError, MemoryError):
        return None, _PythonSyntaxError("code is nested too deeply to parse", 1, 0, True)
    except ValueError as error:  # e.g. "source code string cannot contain null bytes"
        return None, _PythonSyntaxError(f"cannot parse: {error}", 1, 0, True)
