"""`--add-ignore[=REASON]`: inline suppressions for today's findings, without breaking code."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from boundlint.cli.main import main
from boundlint.core.findings import Finding
from boundlint.report.add_ignore import add_ignores
from tests.helpers import write_tree

FETCH = '''
    import requests
    from langchain_core.tools import tool


    @tool
    def fetch_page(url: str) -> str:
        """Fetch a web page."""
        return requests.get(url, timeout=10).text
'''


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(["check", *argv])
    return status, capsys.readouterr().err


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_adds_a_comment_on_the_finding_line_and_the_check_then_passes(in_tmp, capsys):
    write_tree(in_tmp, {"tools.py": FETCH})
    status, err = run(capsys, "--add-ignore", ".")  # `.` is a path, not a reason
    assert status == 0 and "added 1 ignore comment in 1 file" in err
    lines = (in_tmp / "tools.py").read_text(encoding="utf-8").splitlines()
    assert lines[7] == "    return requests.get(url, timeout=10).text  # boundlint: ignore[BL001]"
    assert run(capsys, ".")[0] == 0


def test_reason_follows_the_codes(in_tmp, capsys):
    write_tree(in_tmp, {"tools.py": FETCH})
    status, _ = run(capsys, "--add-ignore=pages are small here", ".")
    assert status == 0
    assert (
        (in_tmp / "tools.py")
        .read_text(encoding="utf-8")
        .splitlines()[7]
        .endswith(".text  # boundlint: ignore[BL001]  # pages are small here")
    )


def test_codes_merge_into_an_existing_boundlint_comment(in_tmp, capsys):
    write_tree(in_tmp, {"tools.py": FETCH.replace(".text\n", ".text  # boundlint: ignore[BL004]  # old reason\n")})
    status, err = run(capsys, "--add-ignore=new reason", ".")
    assert status == 0 and "1 merged into existing comments" in err
    line = (in_tmp / "tools.py").read_text(encoding="utf-8").splitlines()[7]
    assert line.endswith(".text  # boundlint: ignore[BL001, BL004]  # old reason")


def test_an_unrelated_comment_is_kept(in_tmp, capsys):
    write_tree(in_tmp, {"tools.py": FETCH.replace(".text\n", ".text  # type: ignore[no-any-return]\n")})
    run(capsys, "--add-ignore", ".")
    line = (in_tmp / "tools.py").read_text(encoding="utf-8").splitlines()[7]
    assert line.endswith(".text  # type: ignore[no-any-return]  # boundlint: ignore[BL001]")
    assert run(capsys, ".")[0] == 0


def test_a_start_line_inside_a_multiline_string_uses_the_statement_end(in_tmp, capsys):
    # The finding starts on the `return f"""` line; that line ends inside the string.
    write_tree(
        in_tmp,
        {
            "tools.py": '''
        import requests
        from langchain_core.tools import tool


        @tool
        def fetch_page(url: str) -> str:
            """Fetch a web page."""
            body = requests.get(url).text
            return f"""Page:
        {body}
        """
    '''
        },
    )
    before = (in_tmp / "tools.py").read_text(encoding="utf-8")
    status, _ = run(capsys, "--add-ignore", ".")
    after = (in_tmp / "tools.py").read_text(encoding="utf-8")
    assert status == 0
    assert after == before.replace('{body}\n"""\n', '{body}\n"""  # boundlint: ignore[BL001]\n')
    assert run(capsys, ".")[0] == 0


def test_a_finding_with_no_line_that_can_take_a_comment_is_skipped_and_reported(tmp_path):
    path = tmp_path / "strings.py"
    text = 'x = """one\ntwo\nthree"""\n'
    path.write_text(text, encoding="utf-8")
    # A finding that spans only lines inside the string (lines 1 and 2 both end in it).
    finding = Finding("BL001", "unbounded-tool-return", "m", str(path), 1, 5, 2, 3, "f", "high")
    report = add_ignores([finding])
    assert report.changed == 0 and path.read_text(encoding="utf-8") == text
    assert len(report.skipped) == 1 and "cannot take a comment" in report.skipped[0]


def test_a_continued_line_is_not_given_a_comment(tmp_path):
    path = tmp_path / "cont.py"
    path.write_text("x = 1 + \\\n    2\n", encoding="utf-8")
    finding = Finding("BL001", "unbounded-tool-return", "m", str(path), 1, 1, 2, 6, "f", "high")
    report = add_ignores([finding])
    assert path.read_text(encoding="utf-8") == "x = 1 + \\\n    2  # boundlint: ignore[BL001]\n"
    assert report.added == 1


def test_cli_reports_skipped_findings_and_exits_1(in_tmp, capsys, monkeypatch):
    write_tree(in_tmp, {"tools.py": FETCH})
    import boundlint.report.add_ignore as module

    monkeypatch.setattr(module, "_line_facts", lambda text: (set(), {}))  # no line can take a comment
    status, err = run(capsys, "--add-ignore", ".")
    assert status == 1
    assert "tools.py:8: BL001 is on a line that cannot take a comment" in err
    assert "added 0 ignore comments in 0 files" in err


def test_line_endings_encoding_and_bom_are_kept(in_tmp, capsys):
    source = (
        "# -*- coding: latin-1 -*-\r\n"
        "import requests\r\n"
        "from langchain_core.tools import tool\r\n"
        "\r\n"
        "@tool\r\n"
        "def caf\u00e9_menu(url: str) -> str:\r\n"
        '    """Caf\u00e9 menu."""\r\n'
        "    return requests.get(url).text\r\n"
    )
    (in_tmp / "latin.py").write_bytes(source.encode("latin-1"))
    bom_source = FETCH.replace("\n    ", "\n").lstrip("\n")
    (in_tmp / "bom.py").write_bytes(b"\xef\xbb\xbf" + bom_source.encode("utf-8"))
    status, err = run(capsys, "--add-ignore", ".")
    assert status == 0 and "added 2 ignore comments in 2 files" in err
    latin = (in_tmp / "latin.py").read_bytes()
    assert latin == source.replace("text\r\n", "text  # boundlint: ignore[BL001]\r\n").encode("latin-1")
    assert (in_tmp / "bom.py").read_bytes().startswith(b"\xef\xbb\xbfimport requests\n")


def test_file_permissions_are_kept(in_tmp, capsys):
    write_tree(in_tmp, {"tools.py": FETCH})
    os.chmod(in_tmp / "tools.py", 0o640)
    run(capsys, "--add-ignore", ".")
    assert stat.S_IMODE((in_tmp / "tools.py").stat().st_mode) == 0o640
    # No temporary file left behind (the cache folder is the checker's own).
    assert [p.name for p in in_tmp.iterdir() if p.name != ".boundlint_cache"] == ["tools.py"]


def test_parse_errors_and_unused_suppressions_are_not_suppressed(in_tmp, capsys):
    write_tree(in_tmp, {"broken.py": "def f(:\n    pass\n", "stale.py": "x = 1  # boundlint: ignore[BL001]\n"})
    status, err = run(capsys, "--add-ignore", "--show-unused-ignores", ".")
    assert status == 1, "the findings are still there"
    assert "added 0 ignore comments" in err
    assert "broken.py:1: BL900 not suppressed" in err and "stale.py:1: BL901 not suppressed" in err
    assert (in_tmp / "broken.py").read_text(encoding="utf-8") == "def f(:\n    pass\n"
    assert (in_tmp / "stale.py").read_text(encoding="utf-8") == "x = 1  # boundlint: ignore[BL001]\n"


def test_a_multiline_reason_is_refused(in_tmp, capsys):
    write_tree(in_tmp, {"tools.py": FETCH})
    status, err = run(capsys, "--add-ignore=first\nsecond", ".")
    assert status == 2 and "single line" in err
    assert "boundlint: ignore" not in (in_tmp / "tools.py").read_text(encoding="utf-8")


def test_add_ignore_needs_real_files(in_tmp, capsys):
    status, err = run(capsys, "--add-ignore", "--stdin-filename", "x.py")
    assert status == 2 and "--stdin-filename" in err


def test_a_line_inside_an_fstring_replacement_field_is_not_given_a_comment(tmp_path):
    # Python 3.12 tokenizes this f-string into parts and would accept a comment
    # after `{ body`; Python 3.10 and 3.11 could not parse the result.
    path = tmp_path / "page.py"
    text = 'def page(body):\n    return f"""Page:\n{ body\n  }\n"""\n'
    path.write_text(text, encoding="utf-8")
    finding = Finding("BL001", "unbounded-tool-return", "m", str(path), 3, 1, 5, 4, "page", "high")
    add_ignores([finding])
    expected = 'def page(body):\n    return f"""Page:\n{ body\n  }\n"""  # boundlint: ignore[BL001]\n'
    assert path.read_text(encoding="utf-8") == expected
