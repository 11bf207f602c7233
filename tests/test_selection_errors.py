"""A selector that selects nothing is an error, never a silent pass; repeated selection flags
add up; `--fix` reports in the format CI asked for."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest

from boundlint.core.config import load_config
from tests.helpers import write_tree

TOOLS = """
import requests
from langchain_core.tools import tool

@tool
def page(url: str) -> str:
    \"\"\"A page.\"\"\"
    return requests.get(url).text

@tool
def head(url: str) -> str:
    \"\"\"The start of a page.\"\"\"
    text = requests.get(url).text
    return text[:100] + "..."
"""


def boundlint(cwd, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boundlint", *args], cwd=cwd, capture_output=True, text=True, check=False
    )


def codes(completed: subprocess.CompletedProcess[str]) -> list[str]:
    return sorted(finding["code"] for finding in json.loads(completed.stdout))


@pytest.mark.parametrize(
    ("args", "named", "suggested"),
    [
        (["--select", "BL01"], "BL01", "BL001"),
        (["--select", "BL001,BL04"], "BL04", "BL004"),
        (["--ignore", "BL999"], "BL999", "BL9"),
        (["--extend-select", "BL007"], "BL007", "BL00"),
    ],
)
def test_an_unknown_code_on_the_command_line_is_an_error(tmp_path, args, named, suggested):
    write_tree(tmp_path, {"tools.py": TOOLS})
    completed = boundlint(tmp_path, "check", ".", "--no-cache", *args)
    assert completed.returncode == 2
    assert completed.stdout == ""  # no "All checks passed"
    assert f"`{named}` is not a rule code or prefix (did you mean `{suggested}`?)" in completed.stderr


@pytest.mark.parametrize(
    "table",
    [
        'select = ["BL999"]\n',
        'ignore = ["BL01"]\n',
        '[tool.boundlint.per-file-ignores]\n"tests/*" = ["BL01"]\n',
    ],
)
def test_an_unknown_code_in_the_configuration_is_an_error(tmp_path, table):
    write_tree(tmp_path, {"tools.py": TOOLS, "pyproject.toml": "[tool.boundlint]\n" + table})
    completed = boundlint(tmp_path, "check", ".", "--no-cache")
    assert completed.returncode == 2
    assert "pyproject.toml" in completed.stderr and "is not a rule code or prefix" in completed.stderr


def test_repeated_selection_flags_add_up(tmp_path):
    write_tree(tmp_path, {"tools.py": TOOLS})
    base = ["check", ".", "--no-cache", "--output-format", "json"]
    assert codes(boundlint(tmp_path, *base)) == ["BL001", "BL006"]
    assert codes(boundlint(tmp_path, *base, "--ignore", "BL001", "--ignore", "BL006")) == []
    assert codes(boundlint(tmp_path, *base, "--select", "BL001", "--select", "BL006")) == ["BL001", "BL006"]


def test_a_suppression_of_an_unknown_code_is_named_with_show_unused_ignores(tmp_path):
    source = TOOLS.replace("return requests.get(url).text", "return requests.get(url).text  # boundlint: ignore[BL01]")
    write_tree(tmp_path, {"tools.py": source})
    completed = boundlint(tmp_path, "check", ".", "--no-cache", "--output-format", "json", "--show-unused-ignores")
    messages = {f["code"]: f["message"] for f in json.loads(completed.stdout)}
    assert "BL001" in messages  # the typo suppresses nothing
    assert "`BL01` is not a rule code or prefix (did you mean `BL001`?)" in messages["BL901"]


@pytest.mark.parametrize("command", [["check", "--fix", "--no-cache"], ["fix"]])
def test_fixing_reports_what_is_left_in_the_format_asked_for(tmp_path, command):
    write_tree(tmp_path, {"tools.py": TOOLS})
    completed = boundlint(tmp_path, *command, ".", "--output-format", "sarif")
    sarif = json.loads(completed.stdout)  # standard output holds only the report
    assert sarif["version"] == "2.1.0"
    assert "tools.py: fixed" in completed.stderr


def test_output_file_quiet_and_silent(tmp_path):
    write_tree(tmp_path, {"tools.py": TOOLS})
    to_file = boundlint(tmp_path, "check", ".", "--no-cache", "-o", "report.json", "--output-format", "json")
    assert (to_file.returncode, to_file.stdout) == (1, "")
    assert sorted(f["code"] for f in json.loads((tmp_path / "report.json").read_text())) == ["BL001", "BL006"]
    quiet = boundlint(tmp_path, "check", ".", "--no-cache", "-q")
    assert quiet.returncode == 1
    assert len(quiet.stdout.splitlines()) == 2 and "Found" not in quiet.stdout  # the findings, no summary
    silent = boundlint(tmp_path, "check", ".", "--no-cache", "--silent")
    assert (silent.returncode, silent.stdout) == (1, "")


def test_exit_non_zero_on_fix(tmp_path):
    fixable = TOOLS.split("@tool\ndef head")[0]  # only the page tool: its safe fix leaves nothing
    write_tree(tmp_path, {"tools.py": fixable, "requirements.txt": "boundlint-runtime\n"})
    assert boundlint(tmp_path, "check", "--fix", "--no-cache", ".", "--exit-non-zero-on-fix").returncode == 1
    assert boundlint(tmp_path, "check", "--fix", "--no-cache", ".", "--exit-non-zero-on-fix").returncode == 0


def test_show_settings_prints_the_configuration_in_effect(tmp_path):
    write_tree(tmp_path, {"pyproject.toml": '[tool.boundlint]\nmax-chars = 8000\nignore = ["BL006"]\n'})
    shown = boundlint(tmp_path, "check", "--show-settings")
    assert shown.returncode == 0
    lines = shown.stdout.splitlines()
    assert "max-chars = 8000" in lines and 'ignore = ["BL006"]' in lines
    assert any(line.startswith("exclude = [") and '".venv"' in line for line in lines)  # the default excludes


def test_show_settings_prints_class_entries_as_the_file_spells_them(tmp_path):
    config = '[tool.boundlint]\nextend-tool-base-classes = ["a.Skill:run"]\nextend-tool-methods = ["a.Executor.run"]\n'
    write_tree(tmp_path, {"pyproject.toml": config})
    lines = boundlint(tmp_path, "check", "--show-settings").stdout.splitlines()
    assert 'extend-tool-base-classes = ["a.Skill:run"]' in lines
    assert 'extend-tool-methods = ["a.Executor.run"]' in lines


@pytest.mark.parametrize("extra", ["", 'runtime-module = "app.bounds"\n'])
def test_show_settings_is_toml_that_loads_back_as_the_same_configuration(tmp_path, extra):
    write_tree(tmp_path, {"pyproject.toml": "[tool.boundlint]\nmax-chars = 8000\n" + extra})
    shown = boundlint(tmp_path, "check", "--show-settings").stdout
    again = tmp_path / "again"
    again.mkdir()
    (again / "pyproject.toml").write_text(shown, encoding="utf-8")
    first, second = load_config(None, tmp_path), load_config(None, again)
    assert dataclasses.replace(second, root=first.root, source=first.source) == first
    assert first.runtime_module == ("app.bounds" if extra else None)


CONFIGURED_TREE = {
    "tools.py": (
        "import requests\nfrom langchain_core.tools import tool\n\n@tool\ndef page(url: str) -> str:\n"
        '    """A page."""\n    return requests.get(url).text[:100]\n'
    ),
    "pyproject.toml": '[tool.boundlint]\nignore = ["BL004"]\n',
}


def test_config_settings_on_the_command_line_win_over_the_file(tmp_path):
    write_tree(tmp_path, CONFIGURED_TREE)
    assert boundlint(tmp_path, "check", "--no-cache").returncode == 0  # the file ignores BL004
    overridden = boundlint(tmp_path, "check", "--no-cache", "--config", "ignore = []", "--config", "max-chars = 8000")
    assert overridden.returncode == 1 and "BL004" in overridden.stdout
    shown = boundlint(tmp_path, "check", "--config", "max-chars = 8000", "--show-settings").stdout.splitlines()
    assert "max-chars = 8000" in shown and 'ignore = ["BL004"]' in shown


def test_isolated_reads_no_configuration_file(tmp_path):
    write_tree(tmp_path, CONFIGURED_TREE)
    isolated = boundlint(tmp_path, "check", "--no-cache", "--isolated")
    assert isolated.returncode == 1 and "BL004" in isolated.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--config", "max-chars = big"], "not a file, nor a `KEY = VALUE` setting"),
        (["--config", "selct = []"], "unknown key 'selct' (did you mean 'select'?)"),
        (["--config", "missing.toml"], "missing.toml does not exist"),
        (["--config", "pyproject.toml", "--isolated"], "choose one"),
    ],
)
def test_a_bad_config_argument_is_a_clear_error(tmp_path, args, message):
    write_tree(tmp_path, CONFIGURED_TREE)
    run = boundlint(tmp_path, "check", "--no-cache", *args)
    assert run.returncode == 2 and message in run.stderr


def test_a_dash_reads_the_source_from_standard_input(tmp_path):
    source = CONFIGURED_TREE["tools.py"].replace("[:100]", "")
    for args, shown in (
        (["-"], "-:7:5: BL001"),
        (["-", "--stdin-filename", "pkg/tools.py"], "pkg/tools.py:7:5: BL001"),
    ):
        run = subprocess.run(
            [sys.executable, "-m", "boundlint", "check", "--no-cache", *args],
            cwd=tmp_path,
            input=source,
            capture_output=True,
            text=True,
            check=False,
        )
        assert run.returncode == 1 and run.stdout.startswith(shown), run.stdout + run.stderr
    fixed = subprocess.run(
        [sys.executable, "-m", "boundlint", "fix", "-"], cwd=tmp_path, input=source, capture_output=True, text=True
    )
    assert "truncate_text(requests.get(url).text, max_chars=16_000)" in fixed.stdout
    mixed = boundlint(tmp_path, "check", "-", "other.py")
    assert mixed.returncode == 2 and "cannot be checked with other paths" in mixed.stderr
