"""How fixed code spells the runtime's names, and where their import goes."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from boundlint.edit.imports import ImportPlanner
from boundlint.edit.model import ANNOTATED, BOUNDED, TRUNCATE_FOR_LLM, TRUNCATE_TEXT, TRUNCATED, Symbol


def _plan(source: str, *symbols: Symbol, use_line: int = 10_000) -> tuple[list[str], str]:
    tree = cst.parse_module(textwrap.dedent(source))
    planner = ImportPlanner(tree, use_line)
    names = [planner.local(symbol) for symbol in symbols]
    fixed, _ = planner.apply(tree)
    return names, fixed.code


@pytest.mark.parametrize(
    ("source", "spelled"),
    [
        ("from boundlint_runtime import truncate_text as tt\n", "tt"),
        ("from boundlint_runtime.text import truncate_text\n", "truncate_text"),
        ("import boundlint_runtime\n", "boundlint_runtime.truncate_text"),
        ("import boundlint_runtime as blr\n", "blr.truncate_text"),
    ],
)
def test_an_existing_import_is_reused_as_it_is(source, spelled):
    names, code = _plan(source + "\nx = 1\n", TRUNCATE_TEXT)
    assert names == [spelled]
    assert code == source + "\nx = 1\n"


def test_an_import_rebound_elsewhere_is_not_reused():
    source = """\
        from boundlint_runtime import truncate_text


        def helper(truncate_text):
            return truncate_text
        """
    names, code = _plan(source, TRUNCATE_TEXT)
    assert names == ["_bl_truncate_text"]
    assert "from boundlint_runtime import truncate_text, truncate_text as _bl_truncate_text\n" in code


def test_alias_numbering_skips_names_already_used():
    source = """\
        import requests

        truncate_text = 1
        _bl_truncate_text = 2
        """
    names, code = _plan(source, TRUNCATE_TEXT)
    assert names == ["_bl_truncate_text_2"]
    assert "from boundlint_runtime import truncate_text as _bl_truncate_text_2\n" in code


def test_a_name_used_without_binding_is_taken():
    # `truncate_text` could come from the star import: do not shadow it.
    names, _ = _plan("from helpers import *\n\nprint(truncate_text('x'))\n", TRUNCATE_TEXT)
    assert names == ["_bl_truncate_text"]


def test_a_star_import_before_the_new_import_is_harmless_when_the_name_is_unused():
    names, code = _plan("from helpers import *\nimport requests\n\nx = 1\n", TRUNCATE_TEXT)
    assert names == ["truncate_text"]
    assert code.index("from helpers import *") < code.index("from boundlint_runtime import truncate_text")


def test_several_names_of_one_module_share_one_statement():
    names, code = _plan("import json\n\nx = 1\n", TRUNCATE_TEXT, BOUNDED, TRUNCATE_FOR_LLM)
    assert names == ["truncate_text", "bounded", "truncate_for_llm"]
    assert code == "import json\n\nfrom boundlint_runtime import bounded, truncate_for_llm, truncate_text\n\nx = 1\n"


def test_unsorted_names_are_extended_at_the_end():
    names, code = _plan("from boundlint_runtime import truncate_text, bounded\n\nx = 1\n", TRUNCATE_FOR_LLM)
    assert code.startswith("from boundlint_runtime import truncate_text, bounded, truncate_for_llm\n")


def test_order_by_type_is_kept_when_extending():
    names, code = _plan("from typing import TYPE_CHECKING, Optional\n\nx = 1\n", ANNOTATED)
    assert code.startswith("from typing import TYPE_CHECKING, Annotated, Optional\n")


def test_an_import_after_the_first_use_is_neither_reused_nor_extended():
    source = "import requests\n\nx = 1\n\nfrom boundlint_runtime import bounded\n"
    names, code = _plan(source, TRUNCATE_TEXT, BOUNDED, use_line=3)
    assert names == ["truncate_text", "bounded"]
    assert code.startswith("import requests\nfrom boundlint_runtime import bounded, truncate_text\n")
    assert code.endswith("from boundlint_runtime import bounded\n")


def test_imports_inside_functions_or_try_blocks_are_not_extended():
    source = """\
        import requests

        try:
            from boundlint_runtime import bounded
        except ImportError:
            bounded = None


        def f():
            from boundlint_runtime.pydantic import Truncated
            return Truncated
        """
    names, code = _plan(source, TRUNCATED, TRUNCATE_TEXT)
    assert names == ["Truncated", "truncate_text"]
    assert code.startswith(
        "import requests\nfrom boundlint_runtime import truncate_text\nfrom boundlint_runtime.pydantic import Truncated\n"
    )


def test_stdlib_and_third_party_imports_join_their_groups():
    source = (
        "import json\nimport sys\n\nimport requests\nfrom pydantic import BaseModel\n\nfrom .db import load\n\nx = 1\n"
    )
    _, code = _plan(source, ANNOTATED, TRUNCATED)
    assert code == (
        "import json\nimport sys\nfrom typing import Annotated\n\nimport requests\n"
        "from boundlint_runtime.pydantic import Truncated\nfrom pydantic import BaseModel\n\n"
        "from .db import load\n\nx = 1\n"
    )


def test_only_relative_imports():
    _, code = _plan('"""Doc."""\n\nfrom .db import load\n\nx = load()\n', TRUNCATE_TEXT)
    assert code == '"""Doc."""\n\nfrom boundlint_runtime import truncate_text\n\nfrom .db import load\n\nx = load()\n'


def _plan_own(source: str, *symbols: Symbol) -> str:
    tree = cst.parse_module(textwrap.dedent(source))
    planner = ImportPlanner(tree, 10_000, runtime_module="app.bounds")
    for symbol in symbols:
        planner.local(symbol)
    return planner.apply(tree)[0].code


@pytest.mark.parametrize(
    ("source", "imports"),
    [
        # A first-party group of its own, after the third-party imports and before relative ones.
        (
            "import json\n\nimport requests\n\nfrom .models import Page\n",
            "import json\n\nimport requests\n\nfrom app.bounds import Truncated, truncate_text\n\nfrom .models import Page\n",
        ),
        # Beside the package's other imports, in sorted order.
        (
            "import requests\n\nfrom app.models import Page\n",
            "import requests\n\nfrom app.bounds import Truncated, truncate_text\nfrom app.models import Page\n",
        ),
        ("import requests\n", "import requests\n\nfrom app.bounds import Truncated, truncate_text\n"),
    ],
)
def test_a_configured_runtime_module_is_imported_as_first_party(source, imports):
    code = _plan_own(source + "\n\nx = 1\n", TRUNCATE_TEXT, TRUNCATED)
    assert code == imports + "\n\nx = 1\n"
    assert "boundlint_runtime" not in code


@pytest.mark.parametrize(
    ("source", "imports"),
    [
        # Third-party, before the project's own group, though `app` sorts first.
        (
            "from fastmcp import FastMCP\n\nfrom app.tools import register_tools\n",
            "from boundlint_runtime import truncate_text\nfrom fastmcp import FastMCP\n\n"
            "from app.tools import register_tools\n",
        ),
        # No third-party import yet: a group of its own before the project's.
        (
            "import json\n\nfrom app.tools import register_tools\n",
            "import json\n\nfrom boundlint_runtime import truncate_text\n\nfrom app.tools import register_tools\n",
        ),
    ],
)
def test_the_runtime_goes_with_third_party_imports_not_the_projects_own(source, imports):
    """isort (ruff's `I` rules) sorts the project's own modules into a group after the third-party ones."""
    tree = cst.parse_module(source + "\n\nx = 1\n")
    planner = ImportPlanner(tree, 10_000, first_party=frozenset({"app"}))
    planner.local(TRUNCATE_TEXT)
    assert planner.apply(tree)[0].code == imports + "\n\nx = 1\n"
