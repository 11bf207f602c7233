"""`boundlint inventory --suggest`: in-house tool frameworks, found and turned into config lines."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from boundlint.find.suggest import suggest
from tests.helpers import write_tree

SKILLS = {
    "pyproject.toml": "[project]\nname = 'acme'\n",
    "acme/__init__.py": "",
    "acme/skills/__init__.py": "from acme.skills.base import Skill\n",
    "acme/skills/base.py": "class Skill:\n    name = ''\n\n    def run(self, query):\n        raise NotImplementedError\n",
    "acme/skills/web.py": (
        "import requests\nfrom acme.skills import Skill\n\n"
        "class Search(Skill):\n    def run(self, query):\n        return requests.get(query).text\n\n"
        "class Fetch(Skill):\n    def run(self, query):\n        return requests.get(query).text\n"
    ),
    "acme/skills/files.py": (
        "from acme.skills.base import Skill\n\n"
        "class Read(Skill):\n    def run(self, query):\n        return open(query).read()\n"
    ),
    "acme/registry.py": (
        "class Registry:\n    def __init__(self):\n        self.tools = {}\n\n"
        "    def tool(self, fn):\n        self.tools[fn.__name__] = fn\n        return fn\n\n"
        "registry = Registry()\n"
    ),
    "acme/actions.py": (
        "import subprocess\nfrom acme.registry import registry\n\n"
        + "".join(
            f'@registry.tool\ndef action_{n}(cmd: str) -> str:\n    """Run {n}."""\n'
            "    return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout\n\n"
            for n in range(4)
        )
    ),
}

LOOK_ALIKES = {
    "pyproject.toml": "",
    "app/errors.py": "".join(
        f"class E{n}(ValueError):\n    def run(self):\n        return 'x'\n\n" for n in range(4)
    ).replace("class E0(ValueError)", "class Base(Exception):\n    pass\n\nclass E0(ValueError)"),
    "app/web.py": (
        "from flask import Flask\napp = Flask(__name__)\n\n"
        + "".join(f'@app.route(\'/{n}\')\ndef page_{n}():\n    """Page."""\n    return \'x\'\n\n' for n in range(4))
    ),
    "app/server.py": (
        "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')\n\n"
        + "".join(f'@mcp.tool()\ndef tool_{n}() -> str:\n    """T."""\n    return \'x\'\n\n' for n in range(4))
    ),
    "tests/test_skills.py": (
        "class FakeSkill:\n    def run(self):\n        return 1\n\n"
        + "".join(f"class Fake{n}(FakeSkill):\n    def run(self):\n        return 2\n\n" for n in range(4))
    ),
}


def suggestions_for(tmp_path: Path, files: dict[str, str]) -> dict[str, int]:
    write_tree(tmp_path, files)
    paths = sorted(tmp_path.rglob("*.py"))
    return {item.value: item.count for item in suggest(paths, {})}


def test_an_in_house_base_class_and_registry_decorator_are_suggested(tmp_path):
    assert suggestions_for(tmp_path, SKILLS) == {"acme.skills.base.Skill:run": 3, "acme.registry.registry.tool": 4}


def test_a_tool_base_the_checker_knows_by_itself_is_not_suggested(tmp_path):
    # `BaseTool` declares a name, a description and a schema: `check` finds its subclasses'
    # `execute` without configuration, and those of the base between them too.
    files = {
        "pyproject.toml": "",
        "app/base.py": (
            "class BaseTool:\n    name: str\n    description: str\n    parameters: dict = {}\n\n"
            "    def execute(self, **kwargs):\n        raise NotImplementedError\n\n"
            "class SandboxBase(BaseTool):\n    def execute(self, **kwargs):\n        return 'x'\n"
        ),
        "app/tools.py": "from app.base import SandboxBase\n\n"
        + "".join(
            f"class T{n}(SandboxBase):\n    def execute(self, **kwargs):\n        return 'x'\n\n" for n in range(4)
        ),
    }
    assert suggestions_for(tmp_path, files) == {}


def test_a_registering_decorator_the_checker_knows_by_itself_is_not_suggested(tmp_path):
    # `register_tool` registers what it decorates and is named for a tool: `check` finds them.
    decorated = "".join(f'@register_tool\ndef t{n}(q: str) -> str:\n    """T."""\n    return q\n\n' for n in range(4))
    files = {
        "pyproject.toml": "",
        "app/registry.py": "TOOLS = {}\n\ndef register_tool(func):\n    TOOLS[func.__name__] = func\n    return func\n",
        "app/tools.py": "from app.registry import register_tool\n\n" + decorated,
    }
    assert suggestions_for(tmp_path, files) == {}


def test_exceptions_web_routes_framework_tools_and_tests_are_not(tmp_path):
    assert suggestions_for(tmp_path, LOOK_ALIKES) == {}


def _handlers(names: list[str]) -> str:
    return "import requests\n\n" + "".join(
        f'def {name}(q: str) -> str:\n    """{name}."""\n    return requests.get(q).text\n\n' for name in names
    )


LOADED = {
    "pyproject.toml": "",
    "srv/__init__.py": "",
    "srv/tools/__init__.py": "",
    "srv/tools/pages.py": _handlers(["handle_page", "handle_links"]),
    "srv/tools/db/__init__.py": "",
    "srv/tools/db/rows.py": _handlers(["handle_rows", "format_rows"]),
    "srv/app.py": (
        "def load(mcp, functions):\n    for name, func in functions.items():\n"
        "        if name.startswith('handle_'):\n            mcp.tool(name=name[7:])(func)\n"
    ),
}


def test_functions_a_loader_picks_by_a_name_prefix_are_suggested(tmp_path):
    assert suggestions_for(tmp_path, LOADED) == {"srv.tools.*.handle_*": 3}


def test_a_name_prefix_no_loader_tests_or_kept_in_one_module_is_not(tmp_path):
    assert suggestions_for(tmp_path / "unread", {**LOADED, "srv/app.py": "def load():\n    pass\n"}) == {}
    one_module = {**LOADED, "srv/tools/pages.py": _handlers(["handle_a", "handle_b", "handle_c"])}
    one_module["srv/tools/db/rows.py"] = ""
    assert suggestions_for(tmp_path / "one", one_module) == {}


MARKED = {
    "pyproject.toml": "",
    "kit/__init__.py": "",
    "kit/tools/__init__.py": "from .base import *\nfrom .files import *\n",
    "kit/tools/base.py": (
        "class Component:\n    pass\n\nclass CanEdit:\n    pass\n\n"
        "class Tool(Component):\n    def apply(self, **kwargs) -> str:\n        raise NotImplementedError\n"
    ),
    "kit/tools/files.py": (
        "from kit.tools import Tool, CanEdit\n\n"
        + "".join(
            f"class {name}(Tool{', CanEdit' if edits else ''}):\n"
            f"    def apply(self, path: str) -> str:\n        return open(path).read()\n\n"
            f"    def _format(self) -> str:\n        return 'x'\n\n"
            for name, edits in [("Read", False), ("Write", True), ("Replace", True), ("Delete", True)]
        )
    ),
}


def test_a_tool_base_re_exported_by_a_star_import_is_suggested_once(tmp_path):
    """`from kit.tools import Tool` where `kit/tools/__init__.py` star-imports `base`; the marker
    mixin some of them also derive from, and their private helpers, are no line of their own."""
    assert suggestions_for(tmp_path, MARKED) == {"kit.tools.base.Tool:apply": 4}


def _handler_mixin(name: str, actions: list[str]) -> str:
    return f"class {name}:\n" + "".join(
        f"    async def _formal_db_{action}_tool(self, arguments):\n        return self.run('{action}')\n\n"
        for action in actions
    )


DISPATCHED = {
    "pyproject.toml": "",
    "db/__init__.py": "",
    "db/tools/__init__.py": "",
    "db/tools/query.py": _handler_mixin("QueryHandlers", ["exec_query", "explain"]),
    "db/tools/catalog.py": _handler_mixin("CatalogHandlers", ["list_tables"]),
    "db/tools/dispatcher.py": (
        "def _handler_name(domain, action):\n    return f'_formal_{domain}_{action}_tool'\n\n"
        "async def dispatch(owner, domain, action, arguments):\n"
        "    handler_name = _handler_name(domain, action)\n"
        "    return await getattr(owner, handler_name)(arguments)\n\n"
        "def label(domain, action):\n    return f'_formal_{domain}_{action}_tool'  # no getattr reads it\n"
    ),
}


def test_methods_a_dispatcher_reaches_by_a_name_it_formats_are_suggested(tmp_path):
    assert suggestions_for(tmp_path, DISPATCHED) == {"db.tools.*._formal_*_*_tool": 3}


def test_a_formatted_name_no_getattr_reads_is_not(tmp_path):
    files = {**DISPATCHED, "db/tools/dispatcher.py": "def label(d, a):\n    return f'_formal_{d}_{a}_tool'\n"}
    assert suggestions_for(tmp_path, files) == {}


def _boundlint(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boundlint", *args], cwd=cwd, capture_output=True, text=True, check=False
    )


def test_the_printed_lines_turn_the_tools_on(tmp_path):
    write_tree(tmp_path, SKILLS)
    before = _boundlint(tmp_path, "check", ".", "--no-cache")
    assert before.returncode == 0 and "inventory --suggest" in before.stderr  # no tools: the hint
    shown = _boundlint(tmp_path, "inventory", ".", "--suggest")
    config = shown.stdout[shown.stdout.index("[tool.boundlint]") :]
    with (tmp_path / "pyproject.toml").open("a") as pyproject:
        pyproject.write("\n" + config)
    after = _boundlint(tmp_path, "check", ".", "--no-cache", "--output-format", "json")
    flagged = sorted(finding["symbol"] for finding in json.loads(after.stdout) if finding["code"] == "BL001")
    assert flagged == ["Fetch.run", "Read.run", "Search.run", *(f"action_{n}" for n in range(4))]
    assert "inventory --suggest" not in after.stderr and "warning" not in after.stderr


def test_json_output(tmp_path):
    write_tree(tmp_path, SKILLS)
    shown = _boundlint(tmp_path, "inventory", ".", "--suggest", "--output-format", "json")
    (first, second) = json.loads(shown.stdout)
    assert first["key"] == "extend-tool-decorators" and first["count"] == 4 and len(first["examples"]) == 3
    assert second == {
        "kind": "base class",
        "key": "extend-tool-base-classes",
        "value": "acme.skills.base.Skill:run",
        "count": 3,
        "examples": ["acme/skills/files.py:3", "acme/skills/web.py:4", "acme/skills/web.py:8"],
    }


def test_no_hint_when_tools_are_found_or_files_are_named(tmp_path):
    write_tree(tmp_path, {"server.py": LOOK_ALIKES["app/server.py"], "plain.py": "x = 1\n"})
    assert "inventory --suggest" not in _boundlint(tmp_path, "check", ".", "--no-cache").stderr
    assert "inventory --suggest" not in _boundlint(tmp_path, "check", "plain.py", "--no-cache").stderr


def test_tools_found_by_their_shape_are_said_with_how_to_see_their_findings(tmp_path):
    decorated = "".join(
        f"@register_tool\ndef t{n}(path: str) -> str:\n    return open(path).read()\n\n" for n in range(2)
    )
    files = {
        "app/__init__.py": "",
        "app/registry.py": "TOOLS = {}\n\ndef register_tool(func):\n    TOOLS[func.__name__] = func\n    return func\n",
        "app/tools.py": "from app.registry import register_tool\n\n" + decorated,
    }
    write_tree(tmp_path, files)
    found = _boundlint(tmp_path, "check", ".", "--no-cache", "--min-confidence", "low")
    assert "2 tools of an in-house framework found by their shape" in found.stderr
    assert found.stdout.count("BL001") == 2 and "[low]" in found.stdout
    assert "inventory --suggest" not in found.stderr  # tools were found
    (tmp_path / "pyproject.toml").write_text(
        '[tool.boundlint]\nextend-tool-decorators = ["app.registry.register_tool"]\n'
    )
    named = _boundlint(tmp_path, "check", ".", "--no-cache")
    assert "found by their shape" not in named.stderr and named.stdout.count("BL001") == 2


def test_a_tool_base_that_reads_its_entry_by_name_is_not_suggested(tmp_path):
    # `Tool` reads `getattr(self, "apply")`: `check` finds its subclasses' `apply` by itself.
    files = {
        "pyproject.toml": "",
        "app/base.py": "class Tool:\n    def apply_ex(self, **kwargs):\n        return getattr(self, 'apply')(**kwargs)\n",
        "app/tools.py": "from app.base import Tool\n\n"
        + "".join(
            f'class T{n}(Tool):\n    def apply(self, q: str) -> str:\n        """T."""\n        return q\n\n'
            for n in range(4)
        ),
    }
    assert suggestions_for(tmp_path, files) == {}
