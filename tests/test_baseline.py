"""Baselines: accept today's findings, fail only on new ones, and notice fixed ones."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from boundlint.cli.main import main
from tests.helpers import write_tree

TOOLS = '''
    import requests
    from langchain_core.tools import tool


    @tool
    def fetch_page(url: str) -> str:
        """Fetch a web page."""
        resp = requests.get(url, timeout=10)
        return resp.text


    @tool
    def fetch_twice(url: str, again: bool) -> str:
        """Fetch a page, maybe twice."""
        resp = requests.get(url, timeout=10)
        if again:
            return resp.text
        return resp.text
'''


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    write_tree(tmp_path, {"app/tools.py": TOOLS})
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["check", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def edit(path: Path, text: str) -> None:
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")


def test_written_baseline_accepts_every_current_finding(project, capsys):
    status, _, err = run(capsys, "app", "--write-baseline", "baseline.json")
    assert status == 0 and "recorded 3 findings" in err
    status, out, err = run(capsys, "app", "--baseline", "baseline.json")
    assert status == 0
    assert "All checks passed" in out and "3 findings in baseline baseline.json not reported" in err


def test_the_file_format_is_versioned_json_with_counts(project, capsys):
    run(capsys, "app", "--write-baseline", "baseline.json")
    document = json.loads((project / "baseline.json").read_text(encoding="utf-8"))
    assert document["version"] == 1
    entries = {(e["symbol"], e["count"]) for e in document["entries"]}
    # Both `return resp.text` of fetch_twice share one key, counted twice.
    assert entries == {("fetch_page", 1), ("fetch_twice", 2)}
    assert all(
        e["file"] == "app/tools.py" and e["code"] == "BL001" and e["text"] == "return resp.text"
        for e in document["entries"]
    )
    assert all("line" not in e for e in document["entries"])


def test_baseline_survives_an_edit_that_moves_lines_and_reports_a_new_finding(project, capsys):
    run(capsys, "app", "--write-baseline", "baseline.json")
    # A docstring, a constant and a helper push every finding down; one new tool is added.
    edit(
        project / "app/tools.py",
        '''
        """Fetching tools."""

        import requests
        from langchain_core.tools import tool

        TIMEOUT = 10


        def helper() -> int:
            return 1


        @tool
        def fetch_page(url: str) -> str:
            """Fetch a web page."""
            resp = requests.get(url, timeout=10)
            return  resp.text


        @tool
        def fetch_json(url: str) -> str:
            """New today."""
            return requests.get(url, timeout=TIMEOUT).text


        @tool
        def fetch_twice(url: str, again: bool) -> str:
            """Fetch a page, maybe twice."""
            resp = requests.get(url, timeout=10)
            if again:
                return resp.text
            return resp.text
    ''',
    )
    status, out, err = run(capsys, "app", "--baseline", "baseline.json", "--output-format", "json")
    findings = json.loads(out)
    assert status == 1
    assert [(f["symbol"], f["code"]) for f in findings] == [("fetch_json", "BL001")]
    assert "3 findings in baseline" in err and "match no finding" not in err


def test_fixed_findings_are_reported_as_stale_with_a_count(project, capsys):
    run(capsys, "app", "--write-baseline", "baseline.json")
    text = (project / "app/tools.py").read_text(encoding="utf-8")
    # Fix one of the two identical returns and the whole of fetch_page.
    text = text.replace("        return resp.text\n    return resp.text", "        return resp.text\n    return 'done'")
    text = text.replace(
        "    resp = requests.get(url, timeout=10)\n    return resp.text\n\n\n@tool\ndef fetch_twice",
        "    return url\n\n\n@tool\ndef fetch_twice",
    )
    (project / "app/tools.py").write_text(text, encoding="utf-8")
    status, _, err = run(capsys, "app", "--baseline", "baseline.json")
    assert status == 0
    assert "2 baseline entries in baseline.json match no finding any more" in err
    assert "--write-baseline baseline.json" in err


def test_a_partial_run_does_not_call_other_files_or_rules_stale(project, capsys):
    write_tree(
        project,
        {
            "app/other.py": '''
        import requests
        from langchain_core.tools import tool

        @tool
        def other(url: str) -> str:
            """Other."""
            return requests.get(url).text
    '''
        },
    )
    run(capsys, "app", "--write-baseline", "baseline.json")
    status, _, err = run(capsys, "app/tools.py", "--baseline", "baseline.json")
    assert status == 0 and "match no finding" not in err
    status, _, err = run(capsys, "app", "--select", "BL004", "--baseline", "baseline.json")
    assert status == 0 and "match no finding" not in err


def test_the_baseline_works_from_another_working_directory(project, capsys, monkeypatch):
    run(capsys, "app", "--write-baseline", "baseline.json")
    monkeypatch.chdir(project / "app")
    status, out, _ = run(capsys, ".", "--baseline", "../baseline.json")
    assert status == 0 and "All checks passed" in out


def test_a_finding_moved_to_another_tool_is_new(project, capsys):
    run(capsys, "app", "--write-baseline", "baseline.json")
    text = (project / "app/tools.py").read_text(encoding="utf-8").replace("def fetch_page", "def fetch_document")
    (project / "app/tools.py").write_text(text, encoding="utf-8")
    status, out, err = run(capsys, "app", "--baseline", "baseline.json", "--output-format", "json")
    assert status == 1
    assert [f["symbol"] for f in json.loads(out)] == ["fetch_document"]
    assert "1 baseline entry in baseline.json matches no finding any more" in err


def test_missing_baseline_is_a_usage_error_naming_the_file(project, capsys):
    status, out, err = run(capsys, "app", "--baseline", "nope.json")
    assert status == 2 and out == ""
    assert "nope.json does not exist" in err


@pytest.mark.parametrize(
    "content, problem",
    [
        ("{", "is not valid JSON"),
        ("[]", "is not a boundlint baseline"),
        ('{"version": 99, "entries": []}', "unsupported version 99"),
        (
            '{"version": 1, "entries": [{"file": "a.py", "code": "BL001", "symbol": null, "text": "x"}]}',
            "'count' must be a positive integer",
        ),
        (
            '{"version": 1, "entries": [{"file": 3, "code": "BL001", "symbol": null, "text": "x", "count": 1}]}',
            "'file' must be a string",
        ),
    ],
)
def test_corrupt_baseline_is_a_usage_error_naming_the_file(project, capsys, content, problem):
    (project / "broken.json").write_text(content, encoding="utf-8")
    status, _, err = run(capsys, "app", "--baseline", "broken.json")
    assert status == 2
    assert "broken.json" in err and problem in err


def test_baseline_and_write_baseline_exclude_each_other(project, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["check", "app", "--baseline", "a.json", "--write-baseline", "b.json"])
    assert exit_info.value.code == 2


def test_write_baseline_to_an_unwritable_place_is_an_error(project, capsys):
    status, _, err = run(capsys, "app", "--write-baseline", "no/such/dir/baseline.json")
    assert status == 2 and "cannot write baseline file" in err


def test_a_file_with_every_finding_fixed_has_all_its_entries_stale(project, capsys):
    run(capsys, "app", "--write-baseline", "baseline.json")
    edit(
        project / "app/tools.py",
        '''
        from langchain_core.tools import tool

        @tool
        def fetch_page(url: str) -> str:
            """Fixed."""
            return url
    ''',
    )
    status, _, err = run(capsys, "app", "--baseline", "baseline.json")
    assert status == 0
    assert "3 baseline entries in baseline.json match no finding any more" in err
