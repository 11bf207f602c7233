"""`parse.reparse`: after an edit inside one function, the tree made from the old one is the tree a
whole parse gives, node for node; an edit it does not handle gives None (the caller parses it all)."""

from __future__ import annotations

import ast
import functools
import textwrap
import warnings
from pathlib import Path

import libcst as cst
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from boundlint.parse.reparse import reparse
from boundlint.project.loader import Loader

ROOT = Path(__file__).resolve().parents[1]
# Real modules of many shapes: ours (classes, nested functions, long signatures), the fixtures'.
SOURCES = sorted(
    path
    for folder in ("boundlint", "fixtures", "runtime/boundlint_runtime")
    for path in (ROOT / folder).rglob("*.py")
    if 500 < path.stat().st_size < 30_000 and "def " in path.read_text(encoding="utf-8")
)
# What a keystroke, a paste or a deletion leaves: text that may open brackets and strings, change
# indentation, join or split lines.
PIECES = ["x", " ", "\n", "\r\n", "\r", "\t", "\f", "(", ")", "[", '"', "'", '"""', "#", ":", "\\\n", "é", "\U0001f600"]
PIECES += ["\n    y = 1\n", "\n        return z\n", "\ndef g():\n    pass\n", "    ", "pass", "if a:\n"]


@functools.cache
def _whole(text: str) -> cst.Module:
    return cst.parse_module(text)  # trees are immutable: one per text serves every example


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    path=st.sampled_from(SOURCES),
    where=st.floats(0, 1),
    cut=st.integers(0, 30),
    inserted=st.lists(st.sampled_from(PIECES), max_size=3).map("".join),
)
def test_an_edit_gives_the_tree_a_whole_parse_gives(path, where, cut, inserted):
    old = path.read_text(encoding="utf-8")
    at = int(where * len(old))
    new = old[:at] + inserted + old[at + cut :]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # what the edit made of escapes and literals
            syntax = ast.parse(new)
        whole = cst.parse_module(new)
    except (SyntaxError, ValueError, cst.ParserSyntaxError):
        assume(False)
        return
    # libcst itself does not always give the text back (a comment ending in a backslash at the
    # end of the file loses the newline after it): there a whole parse is no oracle.
    assume(whole.code == new)
    made = reparse(_whole(old), old, new, syntax)
    if made is not None:
        assert made.deep_equals(whole)
        assert made.code == whole.code


def _method_edit(text: str) -> tuple[str, str]:
    """`text` and the same with a statement added at the start of its largest function's body."""
    syntax = ast.parse(text)
    functions = [node for node in ast.walk(syntax) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    largest = max(functions, key=lambda node: (node.end_lineno or 0) - node.lineno)
    first = largest.body[0]
    lines = text.splitlines(keepends=True)
    offset = sum(len(line) for line in lines[: first.end_lineno])
    indentation = lines[first.lineno - 1][: first.col_offset]
    return text, text[:offset] + f"{indentation}typed = 1\n" + text[offset:]


@pytest.mark.parametrize("path", SOURCES[::7], ids=lambda path: str(path.relative_to(ROOT)))
def test_typing_in_a_function_parses_that_function_only(path):
    old, new = _method_edit(path.read_text(encoding="utf-8"))
    old_tree = _whole(old)
    made = reparse(old_tree, old, new, ast.parse(new))
    assert made is not None and made.deep_equals(_whole(new)) and made.code == new
    # Every function but the edited one is the old tree's own node.
    old_functions = {id(node) for node in _functions(old_tree)}
    shared = [node for node in _functions(made) if id(node) in old_functions]
    assert len(shared) >= len(old_functions) - _enclosing_count(made, new)


def _functions(tree: cst.Module) -> list[cst.FunctionDef]:
    found: list[cst.FunctionDef] = []

    class Collect(cst.CSTVisitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
            found.append(node)

    tree.visit(Collect())
    return found


def _enclosing_count(tree: cst.Module, text: str) -> int:
    """How many functions hold the typed line (they and what they hold are new nodes)."""
    line = text.splitlines().index(next(line for line in text.splitlines() if line.strip() == "typed = 1")) + 1
    syntax = ast.parse(text)
    holders = [
        node
        for node in ast.walk(syntax)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.lineno <= line <= (node.end_lineno or 0)
    ]
    inner = sum(
        1
        for holder in holders
        for node in ast.walk(holder)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node is not holder
    )
    return len(holders) + inner


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # The signature: the decorators and the header are parsed with the whole text.
        ("def f(a):\n    return a\n", "def f(a, b):\n    return a\n"),
        # Outside any function.
        ("X = 1\n\ndef f():\n    return 1\n", "X = 2\n\ndef f():\n    return 1\n"),
        # A statement of the class indented into the method above it.
        (
            "class A:\n    def f(self):\n        x = 1\n    y = 2\n",
            "class A:\n    def f(self):\n        x = 1\n        y = 2\n",
        ),
        # A function inside an `if`: only classes and functions are followed.
        ("if True:\n    def f():\n        return 1\n", "if True:\n    def f():\n        return 2\n"),
        # A comment after the body that the body owns.
        ("def f():\n    x = 1\n    # note\ny = 2\n", "def f():\n    x = 2\n    # note\ny = 2\n"),
        # A lone carriage return ends a line for Python.
        ("def f():\n    x = 1\n", "def f():\n    x = 1\r    y = 2\n"),
    ],
)
def test_edits_it_does_not_handle_are_left_to_the_whole_parse(old, new):
    assert reparse(_whole(old), old, new, ast.parse(new)) is None


def test_the_loader_starts_from_the_buffers_last_tree(tmp_path):
    source = textwrap.dedent(
        """\
        import requests


        def fetch(url: str) -> str:
            return requests.get(url).text


        def other() -> int:
            return 1
        """
    )
    path = tmp_path / "tools.py"
    path.write_text(source, encoding="utf-8")
    loader = Loader()
    loader.follow({path: source})
    before = loader.load(path)
    edited = source.replace("    return requests", "    headers = {}\n    return requests")
    loader.follow({path: edited})
    after = loader.load(path)
    assert before is not None and after is not None and after is not before
    assert after.source.text == edited and after.tree.code == edited and after.tree.deep_equals(_whole(edited))
    assert after.tree.body[-1] is before.tree.body[-1]  # `other`, untouched, is the same node
    # Its positions are the new text's.
    returned = after.tree.body[1].body.body[1]
    assert after.line_of(returned) == 6
