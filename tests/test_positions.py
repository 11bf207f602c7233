"""Our cheap positions agree with libcst's PositionProvider on the nodes findings name."""

from __future__ import annotations

import sysconfig
from pathlib import Path

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from boundlint.parse.positions import Positions, walk

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "fixtures").rglob("*.py")) + [
    Path(sysconfig.get_paths()["stdlib"]) / name for name in ("argparse.py", "textwrap.py", "json/encoder.py")
]
REPORTED = (cst.Return, cst.AnnAssign, cst.Call, cst.BinaryOperation, cst.FormattedString, cst.Attribute)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_spans_match_position_provider(path):
    text = path.read_text(encoding="utf-8")
    tree = cst.parse_module(text)
    expected = MetadataWrapper(tree, unsafe_skip_copy=True).resolve(PositionProvider)
    positions = Positions(text, tree)
    assert positions._fallback is None
    checked = 0
    for node in walk(tree):
        if not isinstance(node, REPORTED):
            continue
        want = expected[node]
        span = positions.span(node)
        if isinstance(node, (cst.Return, cst.AnnAssign)):
            assert (span.start_line, span.start_column, span.end_line, span.end_column) == (
                want.start.line,
                want.start.column,
                want.end.line,
                want.end.column,
            )
        else:
            code = tree.code_for_node(node).strip()
            if text.count(code) != 1:
                continue  # the same text twice: we report the first, which is a fine place to point at
            assert (span.start_line, span.start_column) == (want.start.line, want.start.column), code
        checked += 1
    assert checked > 0 or not any(isinstance(n, cst.Return) for n in walk(tree))


def test_non_ascii_columns_are_in_characters():
    text = "def f():\n    s = 'héllo wörld'; return s.upper()\n"
    tree = cst.parse_module(text)
    positions = Positions(text, tree)
    ret = next(n for n in walk(tree) if isinstance(n, cst.Return))
    assert positions.span(ret).start_column == text.splitlines()[1].index("return")


def test_falls_back_when_ast_cannot_parse():
    text = "type Alias = list[int]\ndef f():\n    return 1\n"  # 3.12 syntax; libcst parses it
    try:
        tree = cst.parse_module(text)
    except cst.ParserSyntaxError:
        pytest.skip("this libcst cannot parse PEP 695")
    positions = Positions(text, tree)
    ret = next(n for n in walk(tree) if isinstance(n, cst.Return))
    assert positions.span(ret).start_line == 3


def test_a_def_name_is_found_after_its_decorators():
    text = '@tool("lookup")\ndef lookup(q):\n    return q\n'
    tree = cst.parse_module(text)
    positions = Positions(text, tree)
    function = tree.body[0]
    assert positions.span(function.name).start_line == 2
    decorator_call = function.decorators[0].decorator
    assert positions.span(decorator_call).start_line == 1


def test_form_feeds_and_unicode_separators_are_not_line_breaks():
    text = "\x0cdef f():\n    s = 'a\u2028b'\n    return s\r\ndef g():\r    return 1\n"
    tree = cst.parse_module(text)
    expected = MetadataWrapper(tree, unsafe_skip_copy=True).resolve(PositionProvider)
    positions = Positions(text, tree)
    for node in walk(tree):
        if isinstance(node, cst.Return):
            span = positions.span(node)
            assert (span.start_line, span.start_column) == (expected[node].start.line, expected[node].start.column)


def test_a_multi_line_expression_inside_an_indented_block():
    # libcst renders the continuation lines of a nested expression without the block's
    # indentation; the span must still be the expression's, not its statement's.
    text = (
        "def build():\n"
        "    agent = Agent(\n"
        "        tools=[\n"
        "            pricing.as_tool(\n"
        "                tool_name='pricing',\n"
        "            ),\n"
        "        ],\n"
        "    )\n"
    )
    tree = cst.parse_module(text)
    expected = MetadataWrapper(tree, unsafe_skip_copy=True).resolve(PositionProvider)
    call = next(n for n in walk(tree) if isinstance(n, cst.Call) and isinstance(n.func, cst.Attribute))
    span = Positions(text, tree).span(call)
    want = expected[call]
    assert (span.start_line, span.start_column, span.end_line, span.end_column) == (
        want.start.line,
        want.start.column,
        want.end.line,
        want.end.column,
    )
