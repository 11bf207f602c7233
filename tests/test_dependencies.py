"""The oldest version of a package a project allows, read from its dependency files."""

from __future__ import annotations

import pytest

from boundlint.discover.dependencies import declared_minimum, declaring_texts


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("pyproject.toml", '[project]\ndependencies = ["fastmcp>=2.8.0", "requests"]\n', (2, 8, 0)),
        ("pyproject.toml", '[project]\ndependencies = ["fastmcp[cli] >= 2.9.1,<3"]\n', (2, 9, 1)),
        ("requirements.txt", "fastmcp==2.8.0\nmcp>=1.9\n", (2, 8, 0)),
        ("requirements-dev.txt", "FastMCP~=2.10  # the server\n", (2, 10)),
        ("pyproject.toml", '[tool.poetry.dependencies]\nfastmcp = "^2.10"\n', (2, 10)),
        ("pyproject.toml", '[tool.poetry.dependencies]\nfastmcp = { version = ">=2.7", extras = ["cli"] }\n', (2, 7)),
        # no lower bound: any version, the newest too
        ("requirements.txt", "fastmcp\n", None),
        ("pyproject.toml", '[project]\ndependencies = ["fastmcp<3"]\n', None),
        # another package whose name holds it, or that it holds
        ("pyproject.toml", '[project]\ndependencies = ["fastmcp-extension>=1.0", "mcp>=1.2"]\n', None),
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


def test_a_bare_requirement_takes_no_bound_from_the_next_line(tmp_path):
    (tmp_path / "requirements.txt").write_text("fastmcp\nboundlint-runtime>=0.1\n", encoding="utf-8")
    assert declared_minimum(declaring_texts(tmp_path), "fastmcp") is None
