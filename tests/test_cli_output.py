"""The command line around the CI features: formats offered, flag parsing, progress on a terminal."""

from __future__ import annotations

import io
import json
import time
from pathlib import Path

import pytest

import boundlint.cli.main as cli
import boundlint.cli.progress as progress_module
from boundlint.cli.main import build_parser, main
from boundlint.cli.progress import Progress
from tests.helpers import write_tree

TOOL = '''
    import requests
    from langchain_core.tools import tool

    @tool
    def fetch(url: str) -> str:
        """Fetch."""
        return requests.get(url).text
'''


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    write_tree(tmp_path, {"tools.py": TOOL, "clean.py": "x = 1\n"})
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("output_format", ["text", "json", "json-lines", "sarif", "github", "junit"])
def test_every_output_format_is_offered(output_format):
    assert build_parser().parse_args(["check", "--output-format", output_format]).output_format == output_format


def test_an_unknown_output_format_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_info:
        build_parser().parse_args(["check", "--output-format", "xml"])
    assert exit_info.value.code == 2
    assert "invalid choice: 'xml'" in capsys.readouterr().err


@pytest.mark.parametrize("output_format", ["text", "json", "json-lines", "sarif", "github", "junit"])
def test_exit_status_is_the_same_in_every_format(project, capsys, output_format):
    assert main(["check", "--output-format", output_format, "tools.py"]) == 1
    assert main(["check", "--output-format", output_format, "clean.py"]) == 0
    assert main(["check", "--output-format", output_format, "--exit-zero", "tools.py"]) == 0
    capsys.readouterr()


def test_statistics_with_a_ci_format_go_to_stderr_so_stdout_stays_parseable(project, capsys):
    main(["check", "--output-format", "sarif", "--statistics", "tools.py"])
    captured = capsys.readouterr()
    json.loads(captured.out)
    assert "BL001" in captured.err and "unbounded-tool-return" in captured.err


def test_statistics_in_text_print_the_counts_not_every_finding(project, capsys):
    main(["check", "--statistics", "tools.py"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split("\t")[1:] == ["BL001", "unbounded-tool-return"]
    assert not any(":" in line.split("\t")[0] and " BL001 " in line for line in lines)  # no finding lines
    assert lines[-1].startswith("Found ")


def test_add_ignore_without_a_value_does_not_swallow_the_next_argument():
    args = build_parser().parse_args(cli._optional_reason(["check", "--add-ignore", "src"]))
    assert args.add_ignore == "" and args.paths == [Path("src")]
    args = build_parser().parse_args(cli._optional_reason(["check", "--add-ignore=why not", "src"]))
    assert args.add_ignore == "why not"
    args = build_parser().parse_args(cli._optional_reason(["check", "--", "--add-ignore"]))
    assert args.add_ignore is None and args.paths == [Path("--add-ignore")]


def test_write_baseline_and_add_ignore_exclude_each_other(project, capsys):
    assert main(["check", "--add-ignore", "--write-baseline", "b.json", "."]) == 2
    assert "either --add-ignore or --write-baseline" in capsys.readouterr().err
    assert not (project / "b.json").exists()


def test_inventory_formats(project, capsys):
    for output_format in ("table", "markdown", "json"):
        assert main(["inventory", "--output-format", output_format, "."]) == 0
    out = capsys.readouterr().out
    assert out.count("1 tool: 1 unbounded; 1 with findings.") == 2  # table and markdown
    assert '"tool": "fetch"' in out


# -- progress -------------------------------------------------------------------


def test_no_progress_when_stderr_is_not_a_terminal(project, capsys, monkeypatch):
    monkeypatch.setattr(progress_module, "DELAY_SECONDS", 0.0)
    assert main(["check", "clean.py"]) == 0
    assert capsys.readouterr().err == ""


def test_progress_on_a_terminal_for_a_slow_run_is_erased_at_the_end(project, monkeypatch, capsys):
    terminal = Terminal()
    monkeypatch.setattr(cli.sys, "stderr", terminal)
    monkeypatch.setattr(progress_module, "DELAY_SECONDS", 0.0)
    real_check = cli.check

    def slow_check(*args, **kwargs):
        time.sleep(0.3)
        return real_check(*args, **kwargs)

    monkeypatch.setattr(cli, "check", slow_check)
    assert main(["check", "."]) == 1
    written = terminal.getvalue()
    assert "\rboundlint: checking 2 files (0s)" in written
    assert written.endswith("\r")  # the line is blanked out, not left behind
    assert "checking" not in capsys.readouterr().out


def test_progress_stays_silent_for_a_quick_run():
    terminal = Terminal()
    with Progress(terminal, 5, delay=5.0):
        pass
    assert terminal.getvalue() == ""


def test_progress_shows_files_done_once_the_checker_reports_them():
    terminal = Terminal()
    with Progress(terminal, 40, delay=0.0) as progress:
        progress.update(12, 40)
        time.sleep(0.35)
    assert "boundlint: checking 12/40 files" in terminal.getvalue()


FIXABLE = '''
    import requests
    from langchain_core.tools import tool

    @tool
    def fetch(url: str) -> str:
        """Fetch: a safe fix."""
        return requests.get(url).text

    @tool
    def rows(url: str) -> list[dict]:
        """Rows: only an unsafe fix."""
        return requests.get(url).json()["rows"][:50]

    @tool
    def snapshot(url: str) -> bytes:
        """Bytes: no fix."""
        return requests.get(url).content
'''


def test_text_output_marks_what_boundlint_fix_would_fix_and_counts_it(tmp_path, monkeypatch, capsys):
    write_tree(tmp_path, {"tools.py": FIXABLE})
    monkeypatch.chdir(tmp_path)
    runs = []
    for _ in range(2):  # cold, then from the cache: the marks are kept with the findings
        assert main(["check", "--cache-dir", str(tmp_path / "cache")]) == 1
        runs.append(capsys.readouterr().out)
    assert runs[0] == runs[1]
    lines = runs[0].splitlines()
    assert [line.split(": ", 1)[1][:9] for line in lines[:3]] == ["BL001 [*]", "BL004 `ro", "BL001 `sn"]
    assert lines[-1] == "[*] 1 fixable with `boundlint fix` (1 more with `--unsafe-fixes`)."


def test_show_fixes_says_what_each_fix_does(tmp_path, monkeypatch, capsys):
    write_tree(tmp_path, {"tools.py": FIXABLE})
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--no-cache", "--show-fixes"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "    fix: Wrap the returned value in `truncate_text(..., max_chars=16_000)`"
    assert lines[3].startswith("    fix (with --unsafe-fixes): Replace the slice with `truncate_for_llm(")
    assert lines[4].startswith("tools.py:") and "snapshot" in lines[4]
    assert lines[5].startswith("    no fix: ")  # and why, in the fixer's words
    assert lines[-1] == "[*] 1 fixable with `boundlint fix` (1 more with `--unsafe-fixes`)."


def test_the_json_output_has_no_fixable_field(project, capsys):
    assert main(["check", "--output-format", "json", "--no-cache"]) == 1
    assert all("fixable" not in finding for finding in json.loads(capsys.readouterr().out))
