"""A string literal's value is what `ast.literal_eval` says, however it is written."""

from __future__ import annotations

from ast import literal_eval

import libcst as cst
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boundlint.parse.string_values import string_value

PREFIXES = ["", "r", "R", "u", "U", "b", "rb", "Br"]
QUOTES = ['"', "'", '"""', "'''"]


def _literals(text: str) -> list[str]:
    """`text` written in every way Python accepts it: each prefix, each quote, raw and escaped."""
    found = []
    for prefix in PREFIXES:
        for quote in QUOTES:
            body = text if len(quote) == 3 else text.replace("\n", "\\n").replace("\r", "\\r")
            if "b" in prefix.lower() and not body.isascii():
                continue
            candidate = f"{prefix}{quote}{body}{quote}"
            try:
                literal_eval(candidate)
            except (SyntaxError, ValueError):
                continue  # not a literal as written (a quote inside, a raw string ending in `\`)
            if not isinstance(cst.parse_expression(candidate), cst.SimpleString):
                continue  # two literals side by side: `''` between `'''` quotes is `''''''` `''`
            found.append(candidate)
    return found


# `literal_eval` warns of escapes Python does not know (`"\\d"`), whose value it still gives.
@pytest.mark.filterwarnings("ignore:invalid escape sequence:DeprecationWarning")
@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30))
def test_each_literal_has_the_value_python_gives_it(text):
    for literal in _literals(text):
        node = cst.parse_expression(literal)
        assert isinstance(node, cst.SimpleString)
        assert string_value(node) == literal_eval(literal), literal


def test_plain_literals_and_the_tricky_ones():
    for literal in ['""', "''", '""""""', "''''''", "'a\"b'", '"""a\nb"""', "r'a\\b'", "'\\n'", "b'x'", "u'é'"]:
        node = cst.parse_expression(literal)
        assert string_value(node) == literal_eval(literal), literal
