"""`boundlint check` end to end: configuration, selection, suppression, exit codes, bad input."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from boundlint.cli.main import main
from tests.helpers import write_tree

UNBOUNDED_TOOL = '''
from langchain_core.tools import tool
import requests

@tool
def fetch(url: str) -> str:
    """Fetch."""
    return requests.get(url).text{comment}
'''


def run(args, cwd: Path, capsys, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    previous = Path.cwd()
    os.chdir(cwd)
    try:
        if stdin is not None:
            monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        code = main(args)
    finally:
        os.chdir(previous)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def project(tmp_path: Path, config: str = "", comment: str = "", extra: dict[str, str] | None = None) -> Path:
    files = {"src/tools.py": UNBOUNDED_TOOL.format(comment=comment), **(extra or {})}
    if config:
        files["pyproject.toml"] = config
    write_tree(tmp_path, files)
    return tmp_path


def test_exit_codes_and_text_format(tmp_path, capsys):
    code, out, _ = run(["check", "src"], project(tmp_path), capsys)
    assert code == 1
    assert out.startswith("src/tools.py:7:5: BL001 [*] `fetch` returns the response body `requests.get(url).text`")
    assert "[*] 1 fixable with `boundlint fix`." in out
    assert "Found 1 finding (1 high) in 1 file (1 file checked)." in out
    clean = tmp_path / "clean"
    write_tree(clean, {"a.py": "x = 1\n"})
    assert run(["check", "."], clean, capsys)[0] == 0
    assert run(["check", "src", "--exit-zero"], tmp_path, capsys)[0] == 0


def test_json_format_has_the_contract_fields(tmp_path, capsys):
    _, out, _ = run(["check", "src", "--output-format", "json"], project(tmp_path), capsys)
    (finding,) = json.loads(out)
    assert set(finding) >= {
        "code",
        "name",
        "message",
        "filename",
        "line",
        "column",
        "end_line",
        "end_column",
        "symbol",
        "confidence",
        "fix",
    }
    assert finding["symbol"] == "fetch" and finding["name"] == "unbounded-tool-return"


@pytest.mark.parametrize(
    "comment", ["  # boundlint: ignore[BL001]", "  # boundlint: ignore", "  # noqa: BL001", "  # noqa"]
)
def test_suppression_comments(tmp_path, capsys, comment):
    assert run(["check", "src"], project(tmp_path, comment=comment), capsys)[0] == 0


def test_suppression_for_another_code_does_not_hide_the_finding(tmp_path, capsys):
    assert run(["check", "src"], project(tmp_path, comment="  # boundlint: ignore[BL004]"), capsys)[0] == 1


def test_unused_suppressions_are_reported_when_asked(tmp_path, capsys):
    extra = {"src/other.py": "x = 1  # boundlint: ignore[BL005]\ny = 2  # noqa: E501\n"}
    code, out, _ = run(
        ["check", "src", "--show-unused-ignores"], project(tmp_path, comment="  # noqa: BL001", extra=extra), capsys
    )
    assert code == 1
    assert "src/other.py:1:8: BL901 suppression of BL005 matches no finding on this line" in out
    assert "tools.py" not in out


def test_select_ignore_and_confidence(tmp_path, capsys):
    root = project(tmp_path)
    assert run(["check", "src", "--select", "BL002"], root, capsys)[0] == 0
    assert run(["check", "src", "--ignore", "BL0"], root, capsys)[0] == 0
    assert run(["check", "src", "--ignore", "BL0", "--extend-select", "BL001"], root, capsys)[0] == 1
    assert run(["check", "src", "--min-confidence", "high"], root, capsys)[0] == 1


def test_configuration_from_pyproject(tmp_path, capsys):
    config = '[tool.boundlint]\nignore = ["BL001"]\n'
    assert run(["check", "src"], project(tmp_path, config=config), capsys)[0] == 0


def test_per_file_ignores(tmp_path, capsys):
    config = '[tool.boundlint]\nper-file-ignores = { "src/tools.py" = ["BL001"] }\n'
    assert run(["check", "src"], project(tmp_path, config=config), capsys)[0] == 0


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ('[tool.boundlint]\nselct = ["BL001"]\n', "unknown key 'selct' (did you mean 'select'?)"),
        ('[tool.boundlint]\nmax-chars = "big"\n', "max-chars: expected an integer"),
        ("[tool.boundlint]\nmax-chars = 10000000000\n", "max-chars: expected an integer from 1"),
        ('[tool.boundlint]\nextend-tool-base-classes = ["pkg.Base"]\n', "should be 'module.Class:method'"),
        ('[tool.boundlint]\nextend-tool-methods = ["run"]\n', "should be 'module.Class.method'"),
        ('[tool.boundlint]\nextend-tool-methods = ["pkg.Executor:run"]\n', "is not a dotted name"),
        ('[tool.boundlint]\nextend-tool-functions = ["handle_*"]\n', "should be 'module.function'"),
        ('[tool.boundlint]\nextend-tool-functions = ["pkg..handle_*"]\n', "should be 'module.function'"),
        ('[tool.boundlint]\nselect = ["XX1"]\n', "'XX1' is not a rule code"),
        ("[tool.boundlint\n", "is not valid TOML"),
        ("[tool]\nboundlint = 3\n", "[tool.boundlint] must be a table"),
    ],
)
def test_broken_configuration_is_a_clear_error(tmp_path, capsys, config, message):
    code, out, err = run(["check", "src"], project(tmp_path, config=config), capsys)
    assert code == 2
    assert message in err and out == ""


def test_explicit_config_file(tmp_path, capsys):
    root = project(tmp_path)
    (tmp_path / "strict.toml").write_text('[tool.boundlint]\nselect = ["BL002"]\n')
    assert run(["check", "src", "--config", "strict.toml"], root, capsys)[0] == 0
    assert run(["check", "src", "--config", "missing.toml"], root, capsys)[0] == 2


def test_stdin_filename(tmp_path, capsys, monkeypatch):
    source = UNBOUNDED_TOOL.format(comment="")
    code, out, _ = run(
        ["check", "--stdin-filename", "pkg/t.py"], tmp_path, capsys, stdin=source, monkeypatch=monkeypatch
    )
    assert code == 1 and out.startswith("pkg/t.py:8:5: BL001")


def test_gitignore_and_exclude_are_respected(tmp_path, capsys):
    extra = {
        "build_out/gen.py": UNBOUNDED_TOOL.format(comment=""),
        "gen/x.py": UNBOUNDED_TOOL.format(comment=""),
        ".gitignore": "gen/\n",
    }
    root = project(tmp_path, config='[tool.boundlint]\nextend-exclude = ["build_out"]\n', extra=extra)
    (root / ".git").mkdir()
    code, out, _ = run(["check", "."], root, capsys)
    assert "gen/x.py" not in out and "build_out" not in out and "src/tools.py" in out
    code, out, _ = run(["check", ".", "--no-respect-gitignore"], root, capsys)
    assert "gen/x.py" in out


def test_vendored_code_is_excluded_by_default(tmp_path, capsys):
    # other projects' code copied in; a project's own `vendor` package (about vendors) is checked
    extra = {
        "src/_vendor/lib.py": UNBOUNDED_TOOL.format(comment=""),
        "third_party/sdk.py": UNBOUNDED_TOOL.format(comment=""),
        "src/vendor/tools.py": UNBOUNDED_TOOL.format(comment=""),
    }
    root = project(tmp_path, extra=extra)
    code, out, _ = run(["check", "."], root, capsys)
    assert "_vendor" not in out and "third_party" not in out
    assert "src/vendor/tools.py" in out and "src/tools.py" in out


def test_bad_files_are_reported_and_the_run_goes_on(tmp_path, capsys):
    extra = {"src/syntax.py": "def broken(:\n    pass\n"}
    root = project(tmp_path, extra=extra)
    (root / "src" / "latin.py").write_bytes(b"x = '\xe9t\xe9'\n")
    (root / "src" / "nul.py").write_bytes(b"x = 1\x00\n")
    code, out, _ = run(["check", "src"], root, capsys)
    assert code == 1
    assert "src/latin.py:1:1: BL900 file is not valid utf-8: byte 0xe9 on line 1" in out
    assert "src/nul.py:1:1: BL900 source contains a NUL byte" in out
    assert "src/syntax.py:1:" in out and "BL900 syntax error" in out
    assert "src/tools.py:7:5: BL001" in out


def test_missing_path_is_a_usage_error(tmp_path, capsys):
    assert run(["check", "nope"], tmp_path, capsys)[0] == 2


def test_rule_command_prints_documentation(capsys):
    assert main(["rule", "BL004"]) == 0
    assert "## Why is this bad?" in capsys.readouterr().out
    assert main(["rule", "unbounded-str-field"]) == 0
    assert "# BL002" in capsys.readouterr().out
    assert main(["rule", "BL999"]) == 2
