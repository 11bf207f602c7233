"""libcst's `SimpleString.evaluated_value`, read without compiling the literal when it has no escapes.

libcst evaluates a string literal with `ast.literal_eval`, which compiles the literal's text each
time it is asked. The analysis asks for tens of thousands of them in a run (dict keys, markers,
URLs, SQL), and on a 2,400-file tree that compiling was about a twentieth of the run. Most
literals are plain: quotes around text with no backslash. Their value is that text, exactly as
`literal_eval` gives it; any other literal (escapes, bytes, carriage returns) still goes to
`literal_eval`.
"""

from __future__ import annotations

from ast import literal_eval

import libcst as cst

_installed: list[bool] = []


def string_value(node: cst.SimpleString) -> str | bytes:
    """What the literal `node` evaluates to."""
    text = node.value
    start = 0
    while start < len(text) and text[start] in "rRuU":
        start += 1  # `r` and `u` change nothing in a literal without backslashes
    quote = text[start : start + 3] if text[start : start + 3] in ('"""', "'''") else text[start : start + 1]
    if quote in ('"', "'", '"""', "'''") and "\\" not in text and "\r" not in text and text.endswith(quote):
        inner = text[start + len(quote) : len(text) - len(quote)]
        if len(text) - start >= 2 * len(quote):
            return inner
    value: str | bytes = literal_eval(text)
    return value


def install() -> None:
    """Make `SimpleString.evaluated_value` use `string_value` (once per process)."""
    if not _installed:
        _installed.append(True)
        cst.SimpleString.evaluated_value = property(string_value)  # type: ignore[assignment, method-assign]
