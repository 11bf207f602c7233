"""The AST comparison with targeted nodes masked: it lets real fixes through and catches what a buggy fixer would do."""

from __future__ import annotations

import textwrap

import pytest

from tests.ast_mask import Targets, apply_edits, compare, edits_from_json, targets_from_edits

TOOL = textwrap.dedent('''\
    """Tools."""
    import requests
    from langchain_core.tools import tool


    @tool
    def page(url: str) -> str:
        """A page."""
        limit = 100
        return requests.get(url, timeout=10).text
''')


def edit(row: int, column: int, end_row: int, end_column: int, content: str) -> dict:
    return {
        "content": content,
        "location": {"row": row, "column": column},
        "end_location": {"row": end_row, "column": end_column},
    }


def position(text: str, offset: int) -> tuple[int, int]:
    row = text.count("\n", 0, offset) + 1
    return row, offset - (text.rfind("\n", 0, offset) + 1) + 1


def replace(text: str, old: str, new: str, *, after: str = "") -> dict:
    """An edit replacing the first `old` (after `after`) with `new`."""
    start = text.index(old, text.index(after) + len(after) if after else 0)
    return edit(*position(text, start), *position(text, start + len(old)), new)


def insert(text: str, before: str, new: str) -> dict:
    """An edit inserting `new` just before the first `before`."""
    return replace(text, "", new, after=text[: text.index(before)])


def targets(original: str, *fixes: list[dict]) -> Targets:
    found = Targets()
    for edits in fixes:
        found.extend(targets_from_edits(original, edits_from_json(original, {"edits": edits})))
    return found


def fixed_by(original: str, *fixes: list[dict]) -> str:
    """The text after all fixes (their edits do not overlap here)."""
    return apply_edits(original, [e for edits in fixes for e in edits_from_json(original, {"edits": edits})])


# As `boundlint check --output-format json` gives them: the new import and the wrap in one edit.
WRAP = [
    edit(
        6,
        1,
        10,
        46,
        "from boundlint_runtime import truncate_text\n\n\n@tool\ndef page(url: str) -> str:\n"
        '    """A page."""\n    limit = 100\n    return truncate_text(requests.get(url, timeout=10).text'
        ", max_chars=16_000)",
    )
]
DECORATE = [
    insert(TOOL, "\n\n@tool", "from boundlint_runtime import bounded\n"),
    insert(TOOL, "def page", "@bounded(max_chars=16_000)\n"),
]


def test_a_wrapped_return_with_its_new_import_passes():
    fixed = fixed_by(TOOL, WRAP)
    assert "return truncate_text(requests.get(url, timeout=10).text, max_chars=16_000)" in fixed
    found = targets(TOOL, WRAP)
    assert len(found.spans) == 1 and found.import_points
    assert TOOL[slice(*found.spans[0])].strip() == "requests.get(url, timeout=10).text"
    assert compare(TOOL, fixed, found) == []


def test_an_inserted_decorator_and_import_pass():
    fixed = fixed_by(TOOL, DECORATE)
    assert "@tool\n@bounded(max_chars=16_000)\ndef page" in fixed
    found = targets(TOOL, DECORATE)
    assert found.points and found.import_points and not found.spans
    assert compare(TOOL, fixed, found) == []


def test_an_import_extended_with_a_fix_symbol_passes():
    original = "from typing import Optional\nfrom pydantic import BaseModel\n\n\nclass A(BaseModel):\n    body: str\n"
    fixes = [
        [
            insert(original, "Optional", "Annotated, "),
            insert(original, "\n\n\nclass", "\nfrom boundlint_runtime.pydantic import Truncated"),
            replace(original, "str", "Annotated[str, Truncated(4_000)]", after="body: "),
        ]
    ]
    fixed = fixed_by(original, *fixes)
    assert "body: Annotated[str, Truncated(4_000)]" in fixed
    assert compare(original, fixed, targets(original, *fixes)) == []


@pytest.mark.parametrize(
    "original, old, new",
    [
        # BL005: a keyword before `)`
        ('def f(raw):\n    return raw[:9].decode("utf-8")\n', '"utf-8")', '"utf-8", errors="ignore")'),
        # BL006: the bound grows in place
        ('def f(t):\n    return t[:500] + "..."\n', "500]", '500 - len("...")]'),
        # BL002 with field-fix = "reject": a default appears
        ("class A(B):\n    body: str\n", "body: str", "body: str = Field(max_length=4_000)"),
        # BL002 on `Annotated[str, Field(...)]`: one more metadata element
        ("class A(B):\n    body: Annotated[str, Field()]\n", "Field()]", "Field(), Truncated(4_000)]"),
    ],
)
def test_single_insertions_pass(original, old, new):
    fix = [replace(original, old, new)]
    fixed = fixed_by(original, fix)
    assert new in fixed
    found = targets(original, fix)
    assert found.points and not found.spans
    assert compare(original, fixed, found) == []


# -- what must be caught --------------------------------------------------------


def test_a_changed_constant_outside_the_targets_is_caught():
    fixed = fixed_by(TOOL, WRAP).replace("limit = 100", "limit = 101")
    differences = compare(TOOL, fixed, targets(TOOL, WRAP))
    assert len(differences) == 1 and "100" in differences[0] and "101" in differences[0]
    assert differences[0].startswith("line 9:")


def test_a_dropped_statement_is_caught():
    fixed = fixed_by(TOOL, WRAP).replace('    """A page."""\n', "")
    assert any("was removed" in d for d in compare(TOOL, fixed, targets(TOOL, WRAP)))


def test_a_reordered_argument_is_caught():
    original = 'def f(a, b):\n    g(a, b)\n    return a.decode("utf-8")\n'
    fix = [replace(original, '"utf-8")', '"utf-8", errors="ignore")')]
    fixed = fixed_by(original, fix).replace("g(a, b)", "g(b, a)")
    assert compare(original, fixed_by(original, fix), targets(original, fix)) == []
    assert compare(original, fixed, targets(original, fix))


def test_a_reordered_argument_inside_a_call_with_an_insertion_is_caught():
    original = 'def f(raw):\n    return raw.decode("utf-8", "strict", 1)\n'
    fix = [insert(original, ")\n", ', errors="ignore"')]
    fixed = fixed_by(original, fix).replace('"strict", 1', '1, "strict"')
    assert compare(original, fixed, targets(original, fix))


@pytest.mark.parametrize(
    "bad",
    [
        "from boundlint_runtime import truncate_text, os\n",  # a name that is no fix symbol
        "from os import path\n",  # a module that is no fix module
        "import boundlint_runtime\n",  # fixes only add `from ... import`
        "from boundlint_runtime import truncate_text as tt\n",  # an alias fixes do not make
    ],
)
def test_an_import_that_is_not_a_fix_symbol_is_caught(bad):
    fix = [
        insert(TOOL, "\n\n@tool", "from boundlint_runtime import truncate_text\n"),
        replace(
            TOOL,
            "requests.get(url, timeout=10).text",
            "truncate_text(requests.get(url, timeout=10).text, max_chars=16_000)",
        ),
    ]
    good = fixed_by(TOOL, fix)
    assert compare(TOOL, good, targets(TOOL, fix)) == []
    fixed = good.replace("from boundlint_runtime import truncate_text\n", bad)
    assert compare(TOOL, fixed, targets(TOOL, fix))


def test_an_existing_import_changed_to_something_else_is_caught():
    fixed = fixed_by(TOOL, WRAP).replace(
        "from langchain_core.tools import tool", "from langchain_core.tools import tool, x"
    )
    assert compare(TOOL, fixed, targets(TOOL, WRAP))


def test_a_new_import_where_no_fix_inserts_one_is_caught():
    fixed = fixed_by(TOOL, WRAP) + "from boundlint_runtime import bounded\n"
    assert compare(TOOL, fixed, targets(TOOL, WRAP))


def test_a_decorator_on_a_function_no_fix_targets_is_caught():
    original = TOOL + "\n\ndef other():\n    return 1\n"
    fixed = fixed_by(original, DECORATE).replace("\ndef other", "\n@bounded(max_chars=16_000)\ndef other")
    assert compare(original, fixed_by(original, DECORATE), targets(original, DECORATE)) == []
    assert compare(original, fixed, targets(original, DECORATE))


def test_a_change_inside_a_decorated_function_is_caught():
    fixed = fixed_by(TOOL, DECORATE).replace("timeout=10", "timeout=11")
    assert compare(TOOL, fixed, targets(TOOL, DECORATE))


def test_a_change_next_to_an_insertion_point_is_caught():
    original = 'def f(raw, n):\n    return raw[:n].decode("utf-8")\n'
    fix = [insert(original, ")\n", ', errors="ignore"')]
    fixed = fixed_by(original, fix).replace("raw[:n]", "raw[:n + 1]")
    assert compare(original, fixed, targets(original, fix))


def test_a_target_as_wide_as_a_function_is_reported():
    original = "def f():\n    a = 1\n    return a\n"
    wide = Targets(spans=[(0, len(original) - 1)])
    assert any("widens to a whole FunctionDef" in d for d in compare(original, original, wide))


def test_unparsable_texts_are_reported_not_raised():
    assert compare("x = 1\n", "x = (\n") == ["the fixed text does not parse: '(' was never closed (<unknown>, line 1)"]
    assert compare("def f(:\n", "x = 1\n")[0].startswith("the original does not parse")


def test_equal_texts_with_other_layout_are_equal():
    assert compare("x = [1,\n  2]  # c\n", "x = [1, 2]\n") == []
    assert compare("x = [1, 2]\n", "x = [2, 1]\n")


def test_non_ascii_columns_and_crlf():
    original = 'def f(raw):\r\n    s = "é—"\r\n    return raw.decode("utf-8")\r\n'
    fix = [insert(original, ")\r\n", ', errors="ignore"')]
    fixed = fixed_by(original, fix)
    assert 'decode("utf-8", errors="ignore")' in fixed
    assert compare(original, fixed, targets(original, fix)) == []
    assert compare(original, fixed.replace("é—", "e-"), targets(original, fix))


def test_a_wrapped_f_string_passes():
    # Python 3.11 gives an f-string's parts the extent of the whole string: the string is the target.
    original = 'def f(p):\n    return f"saved to {p}"\n'
    fix = [replace(original, 'f"saved to {p}"', 'truncate_text(f"saved to {p}", max_chars=16_000)')]
    assert compare(original, fixed_by(original, fix), targets(original, fix)) == []


def test_a_decorator_above_an_indented_method_passes():
    original = "class T:\n    def run(self):\n        return self.x\n"
    fix = [insert(original, "    def run", "    @bounded(max_chars=16_000)\n")]
    fixed = fixed_by(original, fix)
    assert compare(original, fixed, targets(original, fix)) == []
    assert compare(original, fixed.replace("self.x", "self.y"), targets(original, fix))
