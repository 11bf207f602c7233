"""One budget, named once: several fixes of a module share a constant instead of repeating 16_000."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests.fix.cases import fix

TOOL = textwrap.dedent('''\
    @tool
    def {name}(url: str) -> str:
        """A page."""
        return requests.get(url).text
    ''')
HEADER = "import requests\nfrom langchain_core.tools import tool\n"


def _fixed(tmp_path: Path, source: str) -> str:
    path = tmp_path / "tools.py"
    path.write_text(source, encoding="utf-8")
    (tmp_path / "requirements.txt").write_text("boundlint-runtime\n", encoding="utf-8")
    assert fix(tmp_path).code == 0
    return path.read_text(encoding="utf-8")


def _tools(*names: str) -> str:
    return "\n\n".join(TOOL.format(name=name) for name in names)


def test_several_fixes_share_one_constant_after_the_imports(tmp_path):
    fixed = _fixed(tmp_path, HEADER + "\n\n" + _tools("page", "other", "third"))
    assert fixed.startswith(
        "import requests\nfrom boundlint_runtime import truncate_text\nfrom langchain_core.tools import tool\n\n"
        "MAX_TOOL_OUTPUT_CHARS = 16_000  # characters a tool may return to the model\n\n\n@tool\n"
    )
    assert fixed.count("max_chars=MAX_TOOL_OUTPUT_CHARS)") == 3 and "16_000)" not in fixed
    compile(fixed, "tools.py", "exec")


def test_a_lone_fix_writes_the_number(tmp_path):
    fixed = _fixed(tmp_path, HEADER + "\n\n" + _tools("page"))
    assert "max_chars=16_000)" in fixed and "MAX_TOOL_OUTPUT_CHARS" not in fixed


@pytest.mark.parametrize("name", ["LIMIT", "MAX_TOOL_OUTPUT_CHARS"])
def test_a_constant_the_module_already_uses_as_max_chars_is_reused(tmp_path, name):
    """The project's own budget (or the one an earlier fix named), at its own value, even for one fix."""
    source = (
        "import requests\nfrom boundlint_runtime import truncate_text\nfrom langchain_core.tools import tool\n\n"
        f"{name} = 6_000\n\n\n"
        f'@tool\ndef cut(url: str) -> str:\n    """Cut."""\n    return truncate_text(requests.get(url).text, max_chars={name})\n'
        "\n\n" + _tools("page", "other")
    )
    fixed = _fixed(tmp_path, source)
    assert fixed.count(f"max_chars={name})") == 3
    assert fixed.count(f"{name} = ") == 1 and "16_000" not in fixed


def test_a_name_taken_for_something_else_keeps_the_number(tmp_path):
    source = HEADER + '\nMAX_TOOL_OUTPUT_CHARS = "see the docs"\n\n\n' + _tools("page", "other")
    fixed = _fixed(tmp_path, source)
    assert fixed.count("max_chars=16_000)") == 2
    assert fixed.count("MAX_TOOL_OUTPUT_CHARS = ") == 1


def test_the_constant_comes_after_a_docstring_and_new_imports(tmp_path):
    source = '"""Tools."""\n\n' + HEADER + "\n\n" + _tools("page", "other")
    fixed = _fixed(tmp_path, source)
    head = fixed.split("@tool")[0]
    assert head.index('"""Tools."""') < head.index("import requests") < head.index("MAX_TOOL_OUTPUT_CHARS = 16_000")
    assert "from boundlint_runtime import truncate_text" in head
