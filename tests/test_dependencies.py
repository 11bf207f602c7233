"""The oldest version of a package a project allows, read from its dependency files."""

from __future__ import annotations

import pytest

from boundlint.discover.dependencies import declared_minimum, declaring_texts, folders_between, parse_version


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("pyproject.toml", '[project]\ndependencies = ["fastmcp>=2.8.0", "requests"]\n', (2, 8)),
        ("pyproject.toml", '[project]\ndependencies = ["fastmcp[cli] >= 2.9.1,<3"]\n', (2, 9, 1)),
        ("requirements.txt", "fastmcp==2.8.0\nmcp>=1.9\n", (2, 8)),
        ("requirements.txt", "fastmcp>=2.9\n", (2, 9)),  # the same version as 2.9.0
        ("requirements-dev.txt", "FastMCP~=2.10  # the server\n", (2, 10)),
        ("pyproject.toml", '[tool.poetry.dependencies]\nfastmcp = "^2.10"\n', (2, 10)),
        ("pyproject.toml", '[tool.poetry.dependencies]\nfastmcp = { version = ">=2.7", extras = ["cli"] }\n', (2, 7)),
        # no lower bound: any version, the newest too
        ("requirements.txt", "fastmcp\n", None),
        ("pyproject.toml", '[project]\ndependencies = ["fastmcp<3"]\n', None),
        # another package whose name holds it, or that it holds
        ("pyproject.toml", '[project]\ndependencies = ["fastmcp-extension>=1.0", "mcp>=1.2"]\n', None),
        # a lock file: the version that runs
        ("uv.lock", '[[package]]\nname = "fastmcp"\nversion = "2.8.0"\nsource = { registry = "x" }\n', (2, 8)),
        ("poetry.lock", '[[package]]\nname = "FastMCP"\nversion = "2.10.1"\ndescription = ""\n', (2, 10, 1)),
        ("uv.lock", '[[package]]\nname = "fastmcp-extension"\nversion = "1.0"\n', None),
    ],
)
def test_the_lowest_version_a_project_allows(tmp_path, name, text, expected):
    (tmp_path / name).write_text(text, encoding="utf-8")
    assert declared_minimum(declaring_texts(tmp_path), "fastmcp") == expected


def test_the_lowest_bound_of_several_files_counts(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\ndependencies = ["fastmcp>=2.10"]\n', encoding="utf-8")
    (tmp_path / "requirements.txt").write_text("fastmcp==2.8.1\n", encoding="utf-8")
    assert declared_minimum(declaring_texts(tmp_path), "fastmcp") == (2, 8, 1)
    assert declared_minimum(declaring_texts(tmp_path), "httpx") is None


@pytest.mark.parametrize(
    "spelled",
    ["boundlint-runtime>=0.1", "boundlint_runtime>=0.1", "Boundlint.Runtime >= 0.1", "boundlint-runtime==0.1"],
)
def test_a_hyphenated_name_in_any_spelling(tmp_path, spelled):
    (tmp_path / "requirements.txt").write_text(f"requests\n{spelled}\n", encoding="utf-8")
    assert declared_minimum(declaring_texts(tmp_path), "boundlint-runtime") == (0, 1)
    assert declared_minimum(declaring_texts(tmp_path), "boundlint") is None


def test_a_bare_requirement_takes_no_bound_from_the_next_line(tmp_path):
    (tmp_path / "requirements.txt").write_text("fastmcp\nboundlint-runtime>=0.1\n", encoding="utf-8")
    assert declared_minimum(declaring_texts(tmp_path), "fastmcp") is None


def test_a_fix_plan_reads_the_dependency_files_once(tmp_path, monkeypatch):
    """The FastMCP version check and the runtime's declaration (asked for an example, which may not
    import an undeclared package) read the same files: once per plan."""
    from boundlint.core.config import Config
    from boundlint.edit import context as fix_context
    from boundlint.engine.roots import run_rules
    from boundlint.fix import declared
    from boundlint.fix.planning import plan
    from tests.helpers import analyse_files

    (tmp_path / "pyproject.toml").write_text('[project]\ndependencies = ["fastmcp>=2.8.0"]\n', encoding="utf-8")
    tools = "".join(
        f"@docs.tool()\ndef fetch_{name}(url: str) -> str:\n    return httpx.get(url).text\n\n\n"
        for name in ("page", "changelog", "reference")
    )
    server = f'import httpx\nfrom fastmcp import FastMCP\n\ndocs = FastMCP("docs")\n\n\n{tools}'
    reads: list[object] = []
    for reader in (fix_context, declared):
        monkeypatch.setattr(reader, "declaring_texts", lambda root: reads.append(root) or declaring_texts(root))
    monkeypatch.chdir(tmp_path)
    config = Config(root=tmp_path, fix_min_confidence="low")
    analysis, _ = analyse_files(tmp_path, {"examples/server.py": server}, "examples/server.py", config)
    findings, _ = run_rules(analysis, analysis.roots, config)
    planned = plan(analysis, findings, config)
    # fastmcp 2.8 takes no middleware, and the example may not import the undeclared runtime
    assert len(planned.no_fix) == 3 and not planned.candidates
    assert all("example or script" in missing.reason for missing in planned.no_fix.values())
    assert reads == [tmp_path, tmp_path / "examples"]  # the root's files, then the module's folder's


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-8-sig"])
def test_a_requirements_file_written_by_windows_pip_freeze(tmp_path, encoding):
    # PowerShell's `pip freeze > requirements.txt` writes UTF-16, with a byte order mark or none
    text = "pydantic==2.10.4\r\npydantic-ai==0.0.13\r\nfastmcp==2.8.0\r\n"
    (tmp_path / "requirements.txt").write_bytes(text.encode(encoding))
    assert declared_minimum(declaring_texts(tmp_path), "fastmcp") == (2, 8)


def test_folders_between_a_module_and_the_root(tmp_path):
    agent = tmp_path / "agents" / "weather"
    agent.mkdir(parents=True)
    assert folders_between(tmp_path, agent) == [agent, tmp_path / "agents"]
    assert folders_between(tmp_path, tmp_path) == []
    assert folders_between(agent, tmp_path) == []


@pytest.mark.parametrize(("pinned", "offered"), [("fastmcp==2.8.0", False), ("fastmcp>=2.10", True)])
def test_an_agent_of_a_folder_of_agents_is_fixed_for_its_own_pins(tmp_path, pinned, offered):
    from boundlint.core.config import Config
    from boundlint.engine.roots import run_rules
    from boundlint.fix.planning import plan
    from tests.helpers import analyse_files

    # The root declares a version that takes `middleware=`; the agent's own folder pins its own.
    (tmp_path / "pyproject.toml").write_text('[project]\ndependencies = ["fastmcp>=2.10", "boundlint-runtime"]\n')
    (tmp_path / "agents" / "docs").mkdir(parents=True)
    (tmp_path / "agents" / "docs" / "requirements.txt").write_text(f"{pinned}\n", encoding="utf-8")
    tools = "".join(
        f"@docs.tool()\ndef fetch_{name}(url: str) -> str:\n    return httpx.get(url).text\n\n\n"
        for name in ("page", "changelog", "reference")
    )
    server = f'import httpx\nfrom fastmcp import FastMCP\n\ndocs = FastMCP("docs")\n\n\n{tools}'
    config = Config(root=tmp_path, fix_min_confidence="low")
    analysis, _ = analyse_files(tmp_path, {"agents/docs/server.py": server}, "agents/docs/server.py", config)
    findings, _ = run_rules(analysis, analysis.roots, config)
    planned = plan(analysis, findings, config)
    adapters = [c for c in planned.candidates.values() if "BoundlintMiddleware" in repr(c)]
    assert bool(adapters) == offered, planned.candidates


def test_a_bound_written_short_is_the_same_version():
    # `fastmcp>=2.9` allows nothing older than 2.9.0: the adapter that needs 2.9.0 is offered.
    assert not declared_minimum(["fastmcp>=2.9\n"], "fastmcp") < parse_version("2.9.0")
    assert declared_minimum(["fastmcp>=2.8.9\n"], "fastmcp") < parse_version("2.9")
