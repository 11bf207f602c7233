"""Configured names match definitions (through re-exports, aliases, bare names), and say when they match nothing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.helpers import run_tree, write_tree

UNBOUNDED = "    return open(path).read()\n"

SKILL_PACKAGE = {
    "myco/__init__.py": "",
    "myco/skills/__init__.py": "from myco.skills.base import Skill\n",
    "myco/skills/base.py": "class Skill:\n    def run(self, path):\n        raise NotImplementedError\n",
}


def tools_of(tmp_path: Path, files: dict[str, str], **config: object) -> dict[str, list[str]]:
    result = run_tree(tmp_path, files, tool_rows=True, **config)
    assert result.errors == []
    return {row.tool: [f.code for f in row.findings] for row in result.tool_rows}


def test_a_configured_class_matches_through_a_reexport(tmp_path):
    files = {
        **SKILL_PACKAGE,
        "app/reader.py": f"from myco.skills import Skill\n\nclass Reader(Skill):\n  def run(self, path):\n  {UNBOUNDED}",
    }
    assert tools_of(tmp_path, files, extend_tool_base_classes=[("myco.skills.base.Skill", "run")]) == {
        "Reader.run": ["BL001"]
    }


def test_a_configured_reexport_matches_the_definition_imported_directly(tmp_path):
    files = {
        **SKILL_PACKAGE,
        "app/reader.py": f"from myco.skills.base import Skill\n\nclass Reader(Skill):\n  def run(self, path):\n  {UNBOUNDED}",
    }
    assert tools_of(tmp_path, files, extend_tool_base_classes=[("myco.skills.Skill", "run")]) == {
        "Reader.run": ["BL001"]
    }


def test_a_configured_decorator_matches_under_an_import_alias_and_a_module_alias(tmp_path):
    files = {
        "agentkit/__init__.py": "def tool(fn):\n    return fn\n",
        "app/one.py": f"from agentkit import tool as expose\n\n@expose\ndef one(path):\n{UNBOUNDED}",
        "app/two.py": f"import agentkit\n\nregister = agentkit.tool\n\n@register\ndef two(path):\n{UNBOUNDED}",
    }
    assert tools_of(tmp_path, files, extend_tool_decorators=["agentkit.tool"]) == {
        "one": ["BL001"],
        "two": ["BL001"],
    }


def test_bare_names_match_a_definition_of_that_name_anywhere_in_the_tree(tmp_path):
    files = {
        "lib/clip.py": "from summarizer import condense\n\ndef clip_for_model(text):\n    return condense(text)\n",
        "lib/registry.py": "def skill(fn):\n    return fn\n",
        "lib/base.py": "class Skill:\n    pass\n",
        "app/tools.py": (
            "from lib.clip import clip_for_model\nfrom lib.registry import skill\nfrom lib.base import Skill\n\n"
            f"@skill\ndef read(path):\n    return clip_for_model(open(path).read())\n\n"
            f"@skill\ndef dump(path):\n{UNBOUNDED}\n"
            f"class Reader(Skill):\n    def run(self, path):\n    {UNBOUNDED}"
        ),
    }
    found = tools_of(
        tmp_path,
        files,
        extend_tool_decorators=["skill"],
        extend_checkpoints=["clip_for_model"],
        extend_tool_base_classes=[("Skill", "run")],
    )
    assert found == {"read": [], "dump": ["BL001"], "Reader.run": ["BL001"]}


def test_a_bare_name_does_not_capture_a_frameworks_decorator(tmp_path):
    files = {"app.py": f"from langchain_core.tools import tool\n\n@tool\ndef read(path: str) -> str:\n{UNBOUNDED}"}
    result = run_tree(tmp_path, files, tool_rows=True, extend_tool_decorators=["tool"])
    assert [(row.tool, row.framework) for row in result.tool_rows] == [("read", "langchain")]


def test_several_methods_of_one_configured_class_are_all_tools(tmp_path):
    files = {
        **SKILL_PACKAGE,
        "app/reader.py": (
            f"from myco.skills import Skill\n\nclass Reader(Skill):\n"
            f"  def run(self, path):\n  {UNBOUNDED}\n  def arun(self, path):\n  {UNBOUNDED}"
        ),
    }
    found = tools_of(tmp_path, files, extend_tool_base_classes=[("Skill", "run"), ("Skill", "arun")])
    assert found == {"Reader.run": ["BL001"], "Reader.arun": ["BL001"]}


# -- entries that match nothing ----------------------------------------------------


def _boundlint(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boundlint", *args], cwd=cwd, capture_output=True, text=True, check=False
    )


def _project(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {
            "pyproject.toml": (
                "[tool.boundlint]\n"
                'extend-checkpoints = ["lib.clip.clip_for_modle"]\n'
                'extend-tool-decorators = ["lib.registry.skill"]\n'
            ),
            "lib/__init__.py": "",
            "lib/clip.py": "from summarizer import condense\n\ndef clip_for_model(text):\n    return condense(text)\n",
            "lib/registry.py": "def skill(fn):\n    return fn\n",
            "app.py": (
                "from lib.clip import clip_for_model\nfrom lib.registry import skill\n\n"
                "@skill\ndef read(path):\n    return clip_for_model(open(path).read())\n"
            ),
        },
    )


def test_an_entry_that_matched_nothing_is_a_warning_on_a_whole_tree_run(tmp_path):
    _project(tmp_path)
    cold = _boundlint(tmp_path, "check", ".", "--output-format", "json", "--cache-dir", ".cache")
    warning = 'boundlint: warning: extend-checkpoints entry "lib.clip.clip_for_modle" matched nothing'
    assert warning in cold.stderr
    assert "lib.registry.skill" not in cold.stderr  # that one matched
    assert cold.returncode == 1  # the typo leaves `read` unbounded: its finding decides, not the warning
    assert [f["code"] for f in json.loads(cold.stdout)] == ["BL001"]
    warm = _boundlint(tmp_path, "check", ".", "--output-format", "json", "--cache-dir", ".cache")
    assert warning in warm.stderr and warm.returncode == 1


def test_no_warning_when_only_some_files_are_checked(tmp_path):
    _project(tmp_path)
    named = _boundlint(tmp_path, "check", "app.py", "--no-cache")
    assert "warning" not in named.stderr


def test_the_exit_code_is_unchanged_by_the_warning(tmp_path):
    _project(tmp_path)
    (tmp_path / "app.py").write_text("def helper():\n    return 1\n")
    clean = _boundlint(tmp_path, "check", ".", "--no-cache")
    assert clean.returncode == 0
    assert "extend-tool-decorators entry" in clean.stderr and "extend-checkpoints entry" in clean.stderr


EXECUTOR = {
    "sandbox/__init__.py": "from sandbox.executor import ActionExecutor\n",
    "sandbox/executor.py": (
        "import subprocess\n\n"
        "class ActionExecutor:\n"
        "    def run_cmd(self, cmd):\n"
        "        return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout\n\n"
        "    def read(self, path):\n"
        "        return f'read {path}'\n\n"
        "    def _load(self, path):\n"
        "        return open(path).read()\n\n"
        "class RemoteExecutor(ActionExecutor):\n"
        "    def run_cmd(self, cmd):\n"
        "        return open(cmd).read()\n"
    ),
}


def test_configured_tool_methods_of_a_class_with_no_tool_base(tmp_path):
    # Entries name the class through its re-export; a subclass's override is a tool too.
    found = tools_of(
        tmp_path,
        EXECUTOR,
        extend_tool_methods=[("sandbox.ActionExecutor", "run_cmd"), ("sandbox.ActionExecutor", "read")],
    )
    assert found == {
        "ActionExecutor.run_cmd": ["BL001"],
        "ActionExecutor.read": [],
        "RemoteExecutor.run_cmd": ["BL001"],
    }


def test_an_unmatched_tool_method_entry_is_a_warning(tmp_path):
    write_tree(
        tmp_path,
        {**EXECUTOR, "pyproject.toml": '[tool.boundlint]\nextend-tool-methods = ["sandbox.ActionExecutor.run_cmnd"]\n'},
    )
    checked = _boundlint(tmp_path, "check", ".", "--no-cache")
    assert 'extend-tool-methods entry "sandbox.ActionExecutor.run_cmnd" matched nothing' in checked.stderr


LOADED = {
    "srv/__init__.py": "",
    "srv/tools/__init__.py": "",
    "srv/tools/pages.py": (
        "import requests\n\n"
        "def handle_get_page(url: str) -> str:\n    return requests.get(url).text\n\n"
        "def handle_status() -> str:\n    return 'ok'\n\n"
        "def fetch(url: str) -> str:\n    return requests.get(url).text\n"
    ),
    "srv/tools/notes.py": "def handle_read(path: str) -> str:\n    return open(path).read()\n",
    # the loader: what it registers, the checker cannot follow
    "srv/app.py": (
        "import importlib\nfrom mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('srv')\n\n"
        "for mod in ('pages', 'notes'):\n"
        "    module = importlib.import_module(f'srv.tools.{mod}')\n"
        "    for name in dir(module):\n"
        "        if name.startswith('handle_'):\n"
        "            mcp.tool(name=name[7:])(getattr(module, name))\n"
    ),
}


def test_configured_tool_functions_are_the_module_functions_a_pattern_matches(tmp_path):
    # A loader that registers functions by a naming convention: the pattern says which. The files
    # defining them import no framework, so they are read for the pattern's name alone.
    found = tools_of(tmp_path, LOADED, extend_tool_functions=["srv.tools.*.handle_*"])
    assert found == {"handle_get_page": ["BL001"], "handle_status": [], "handle_read": ["BL001"]}
    assert tools_of(tmp_path / "none", LOADED) == {}


def test_a_tool_function_pattern_also_names_methods_a_dispatcher_reaches_by_name(tmp_path):
    """`getattr(self, f"_{name}_tool")` over handler mixins: `srv.*.*Handlers._*_tool`."""
    files = {
        "srv/__init__.py": "",
        "srv/handlers.py": (
            "import requests\n\nclass QueryHandlers:\n"
            "    async def _exec_query_tool(self, sql: str) -> str:\n        return requests.get(sql).text\n\n"
            "    def _helper(self) -> str:\n        return requests.get('x').text\n"
        ),
    }
    found = tools_of(tmp_path, files, extend_tool_functions=["srv.*.*Handlers._*_tool"])
    assert found == {"QueryHandlers._exec_query_tool": ["BL001"]}


def test_an_unmatched_tool_function_pattern_is_a_warning(tmp_path):
    config = '[tool.boundlint]\nextend-tool-functions = ["srv.tool.*.handle_*"]\n'
    write_tree(tmp_path, {**LOADED, "pyproject.toml": config})
    checked = _boundlint(tmp_path, "check", ".", "--no-cache")
    assert 'extend-tool-functions entry "srv.tool.*.handle_*" matched nothing' in checked.stderr
