"""Checking some files of a project (as pre-commit does) resolves names across the whole project."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boundlint.core.config import Config
from boundlint.discover.files import discover, with_project
from boundlint.engine.run import CheckOptions, check
from tests.helpers import write_tree

PROJECT = {
    "agent/__init__.py": "",
    "agent/tools.py": """
        from langchain_core.tools import tool

        from agent.util.pages import fetch_page, fetch_raw


        @tool
        def read(url: str) -> str:
            \"\"\"Read a page, cut to size by the helper.\"\"\"
            return fetch_page(url)


        @tool
        def read_raw(url: str) -> str:
            \"\"\"Read a page as it is.\"\"\"
            return fetch_raw(url)
        """,
    "agent/util/__init__.py": "",
    "agent/util/pages.py": """
        import requests
        from boundlint_runtime import truncate_text


        def fetch_page(url: str) -> str:
            return truncate_text(requests.get(url).text, 8000)


        def fetch_raw(url: str) -> str:
            return requests.get(url).text
        """,
}


def _whole_and_alone(tmp_path, monkeypatch, tree, name, jobs):
    """The results of a run over the whole project (a git checkout) and of a run on `name` alone."""
    write_tree(tmp_path, tree)
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    config, options = Config(root=tmp_path), CheckOptions(jobs=jobs)
    return check([tmp_path], config, options), check([tmp_path / name], config, options)


def _report(result):
    return sorted((f.filename.rsplit("/", 1)[-1], f.line, f.code, f.message) for f in result.findings)


@pytest.mark.parametrize("jobs", [1, 2], ids=["one process", "workers"])
def test_one_file_of_a_project_is_checked_as_in_a_run_over_the_whole_tree(tmp_path, monkeypatch, jobs):
    whole, alone = _whole_and_alone(tmp_path, monkeypatch, PROJECT, "agent/tools.py", jobs)
    # `read` is bounded inside the helper module, `read_raw` is not: only the second is reported.
    assert [(name, code) for name, _, code, _ in _report(alone)] == [("tools.py", "BL001")]
    assert _report(alone) == [item for item in _report(whole) if item[0] == "tools.py"]
    assert alone.files_checked == 1


def test_without_a_project_folder_only_the_named_files_are_read(tmp_path):
    write_tree(tmp_path, PROJECT)  # no .git, no pyproject.toml here or above tmp_path
    tools = tmp_path / "agent" / "tools.py"
    assert with_project([tools], Config(root=tmp_path), [tools]) == [tools]
    assert {f.code for f in check([tools], Config(root=tmp_path)).findings} == {"BL001"}


def test_a_folder_holding_the_project_is_not_walked_twice(tmp_path):
    write_tree(tmp_path, PROJECT)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'agent'\n")
    files = discover([tmp_path / "agent"], Config(root=tmp_path))
    assert with_project(files, Config(root=tmp_path), [tmp_path]) is files
    inner = discover([tmp_path / "agent" / "util"], Config(root=tmp_path))
    assert with_project(inner, Config(root=tmp_path), [tmp_path / "agent" / "util"]) == files


def test_runs_on_different_files_of_a_project_share_one_cache(tmp_path, monkeypatch):
    write_tree(tmp_path, PROJECT)
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    cache = tmp_path / ".boundlint_cache"
    config = Config(root=tmp_path)
    for name in ["agent/tools.py", "agent/util/pages.py", "agent/tools.py"]:
        check([tmp_path / name], config, CheckOptions(cache_dir=cache))
    namespaces = [entry for entry in cache.iterdir() if entry.is_dir()]
    assert len(namespaces) == 1
    state = json.loads((namespaces[0] / "state.json").read_text())
    assert {name.rsplit("/", 2)[-1] for name in state["files"]} >= {"tools.py", "pages.py"}


def test_a_named_file_of_a_project_without_a_boundlint_table_has_the_projects_root(tmp_path, monkeypatch):
    """pre-commit names `agent/util/pages.py`: the cache, the dependency files and `examples/`
    are those of the project, not of the file's folder."""
    from boundlint.core.config import load_config
    from boundlint.fix.declared import has_runtime

    write_tree(tmp_path, PROJECT)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "agent"\ndependencies = ["boundlint-runtime"]\n')
    monkeypatch.chdir(tmp_path)
    config = load_config(None, Path("agent/util/pages.py"))
    assert config.root == tmp_path.resolve()
    assert config.cache_path() == tmp_path.resolve() / ".boundlint_cache"
    assert has_runtime(config)
    # Outside any project, a file's folder stays its root.
    alone = tmp_path.parent / f"{tmp_path.name}-alone"
    alone.mkdir()
    (alone / "tool.py").write_text("x = 1\n")
    assert load_config(None, alone / "tool.py").root == alone.resolve()


SUBCLASSES = {
    "agent/__init__.py": "",
    "agent/base.py": """
        from langchain_core.tools import BaseTool
        from pydantic import BaseModel


        class Skill(BaseTool):
            name: str = "skill"
            description: str = "a skill"


        class Record(BaseModel):
            id: int
        """,
    "agent/web.py": """
        import requests

        from agent.base import Record, Skill


        class WebPage(Skill):
            def _run(self, url: str) -> str:
                return requests.get(url).text


        class Row(Record):
            def render(self) -> str:
                return requests.get("https://example.com").text
        """,
}


@pytest.mark.parametrize("jobs", [1, 2], ids=["one process", "workers"])
def test_a_file_subclassing_a_project_tool_class_is_checked_alone_as_in_the_whole_tree(tmp_path, monkeypatch, jobs):
    # `Skill` does not look like a tool class by its name: a run over the whole tree finds `WebPage`
    # through the subclass closure; a run on web.py alone must find it too, and nothing in `Row`.
    whole, alone = _whole_and_alone(tmp_path, monkeypatch, SUBCLASSES, "agent/web.py", jobs)
    assert [(name, line, code) for name, line, code, _ in _report(alone)] == [("web.py", 8, "BL001")]
    assert _report(alone) == _report(whole)
