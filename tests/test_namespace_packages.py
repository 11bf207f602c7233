"""Files in folders without `__init__.py` are named as Python would import them."""

from __future__ import annotations

from pathlib import Path

import pytest

from boundlint.discover import module_names
from boundlint.discover.module_names import module_name_for
from tests.helpers import run_tree, write_tree


@pytest.fixture(autouse=True)
def _fresh_caches():
    # The folder checks are cached per run; each test builds new folders.
    for cached in (module_names._is_package_dir, module_names._is_source_root):
        cached.cache_clear()


def name_of(root: Path, files: dict[str, str], wanted: str) -> str:
    write_tree(root, files)
    return module_name_for(root / wanted)


def test_a_package_chain_under_a_source_root_is_named_as_before(tmp_path):
    files = {"pyproject.toml": "", "pkg/__init__.py": "", "pkg/tools/__init__.py": "", "pkg/tools/web.py": ""}
    assert name_of(tmp_path, files, "pkg/tools/web.py") == "pkg.tools.web"


def test_namespace_folders_without_a_package_are_named_up_to_the_source_root(tmp_path):
    files = {"pyproject.toml": "", "pkg/tools/rag/tool.py": ""}
    assert name_of(tmp_path, files, "pkg/tools/rag/tool.py") == "pkg.tools.rag.tool"


def test_a_namespace_folder_inside_a_package_belongs_to_it(tmp_path):
    files = {"pyproject.toml": "", "pkg/__init__.py": "", "pkg/tools/__init__.py": "", "pkg/tools/pdf/tool.py": ""}
    assert name_of(tmp_path, files, "pkg/tools/pdf/tool.py") == "pkg.tools.pdf.tool"


def test_a_package_in_plain_folders_of_a_repository_is_named_from_its_top(tmp_path):
    # `examples/letta/` is no package: `letta` is imported as itself, not as `examples.letta.letta`.
    files = {".git/HEAD": "", "examples/letta/letta/__init__.py": "", "examples/letta/letta/tools.py": ""}
    assert name_of(tmp_path, files, "examples/letta/letta/tools.py") == "letta.tools"


def test_a_src_folder_is_a_source_root(tmp_path):
    files = {"src/acme/agents/search.py": ""}
    assert name_of(tmp_path, files, "src/acme/agents/search.py") == "acme.agents.search"


def test_a_folder_whose_name_is_not_an_identifier_keeps_the_old_name(tmp_path):
    files = {"setup.py": "", "my-project/pkg/__init__.py": "", "my-project/pkg/tool.py": ""}
    assert name_of(tmp_path, files, "my-project/pkg/tool.py") == "pkg.tool"


def test_a_folder_of_scripts_without_a_source_root_keeps_bare_names(tmp_path):
    files = {"scripts/tool.py": "", "scripts/helpers.py": ""}
    assert name_of(tmp_path, files, "scripts/tool.py") == "tool"


def test_relative_imports_between_namespace_folders_find_the_tool_base(tmp_path):
    result = run_tree(
        tmp_path,
        {
            "pyproject.toml": "[project]\nname = 'pkg'\n",
            "pkg/tools/rag/tool.py": """
import requests
from crewai.tools import BaseTool

class RagTool(BaseTool):
    name: str = "rag"

    def _run(self, query: str) -> str:
        return "searched"
""",
            "pkg/tools/pdf_search/tool.py": """
import requests
from ..rag.tool import RagTool

class PdfSearchTool(RagTool):
    def _run(self, url: str) -> str:
        return requests.get(url).text
""",
        },
        tool_rows=True,
    )
    rows = {row.tool: [f.code for f in row.findings] for row in result.tool_rows}
    assert rows == {"RagTool._run": [], "PdfSearchTool._run": ["BL001"]}


SHADOWED_TOOL = (
    "from langchain_core.tools import tool\n\n@tool\ndef read_file(path: str) -> str:\n"
    '    """Read a file."""\n    with open(path) as f:\n        return f.read()\n'
)


@pytest.mark.parametrize(
    ("beside", "expected"),
    [
        # `agent.py` next to `agent/` (no `__init__.py`): `import agent` finds the module, so
        # `agent/tools.py` cannot be imported and no model calls its tools
        ({"app/agent.py": "X = 1\n"}, "low"),
        # a package folder wins over the module beside it
        ({"app/agent.py": "X = 1\n", "app/agent/__init__.py": ""}, "high"),
        ({}, "high"),
    ],
)
def test_a_tool_in_a_folder_a_module_shadows_is_low(tmp_path, beside, expected):
    files = {"pyproject.toml": "", "app/__init__.py": "", "app/agent/tools.py": SHADOWED_TOOL, **beside}
    result = run_tree(tmp_path, files, min_confidence="low")
    assert [f.confidence for f in result.findings if f.code == "BL001"] == [expected]
