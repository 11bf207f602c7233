"""Every odd input has a clear outcome, and none of them stops the run."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from boundlint.cli.main import main
from boundlint.core.config import Config
from boundlint.engine.deep_stack import run_with_deep_stack
from boundlint.engine.run import CheckOptions, check

BAD = Path(__file__).resolve().parents[1] / "bad_inputs"

# file -> (code, line, text in the message) for each expected finding, in order.
EXPECTED = {
    "invalid_utf8.py": [("BL900", 1, "file is not valid utf-8: byte 0xe9 on line 1")],
    "nul_byte.py": [("BL900", 1, "source contains a NUL byte")],
    "bom.py": [("BL001", 7, "the response body")],
    "crlf.py": [("BL001", 7, "the response body")],
    "mixed_endings.py": [("BL001", 7, "the response body")],
    "tabs.py": [("BL001", 7, "the response body")],
    "empty.py": [],
    "latin1_declared.py": [],
    "syntax_error.py": [("BL900", 1, "syntax error")],
    "truncated_file.py": [("BL900", 1, "syntax error")],
    "deep_parens.py": [("BL900", 1, "too many nested parentheses")],
    "deep_chain.py": [("BL900", 1, "nested too deeply")],
    # valid Python that libcst's parser stops at (a `\` line before a `def`): checked all the same
    "lone_backslash.py": [("BL001", 11, "the response body")],
}


def outcomes(root: Path, **options) -> dict[str, list[tuple[str, int, str]]]:
    result = check([root], Config(root=root), CheckOptions(**options))
    assert result.errors == [], [str(e) for e in result.errors]
    found: dict[str, list[tuple[str, int, str]]] = {}
    for finding in result.findings:
        found.setdefault(Path(finding.filename).name, []).append((finding.code, finding.line, finding.message))
    return found


@pytest.mark.parametrize(
    ("jobs", "prefilter", "deep_stack"),
    [
        (2, True, False),
        (1, True, False),
        (1, False, False),
        (1, True, True),
        (1, False, True),
    ],
    ids=["workers", "one-process", "unfiltered", "deep-stack", "unfiltered-deep-stack"],
)
def test_each_bad_input_has_its_expected_outcome(tmp_path, jobs, prefilter, deep_stack):
    """The same outcome whatever the caller's recursion limit (the CLI raises it: `deep_stack`)."""
    tree = tmp_path / "tree"
    shutil.copytree(BAD, tree, ignore=shutil.ignore_patterns("*.md"))
    run = lambda: outcomes(tree, jobs=jobs, prefilter=prefilter)  # noqa: E731
    found = run_with_deep_stack(run) if deep_stack else run()
    for name, expected in EXPECTED.items():
        got = found.get(name, [])
        assert [(code, line) for code, line, _ in got] == [(code, line) for code, line, _ in expected], name
        for (_, _, message), (_, _, fragment) in zip(got, expected, strict=False):
            assert fragment in message, (name, message)


def test_crlf_and_bom_positions_point_at_the_return(tmp_path):
    tree = tmp_path / "tree"
    shutil.copytree(BAD, tree, ignore=shutil.ignore_patterns("*.md"))
    result = check([tree / "crlf.py", tree / "bom.py"], Config(root=tree))
    assert [(f.line, f.column) for f in result.findings] == [(7, 5), (7, 5)]


@pytest.mark.slow
def test_a_ten_megabyte_file_is_checked(tmp_path):
    # Ten megabytes, most of it in long docstrings as in generated or vendored modules: a few
    # thousand tools rather than 70,000 keep the test to seconds, and every finding and its line
    # still come out across the whole text.
    padding = "    Padding: a long docstring line.\n" * 40
    block = (BAD / "crlf.py").read_text(encoding="utf-8").replace("def fetch", "def fetch_{n}")
    block = block.replace('"""Fetch."""', '"""Fetch.\n\n' + padding + '    """')
    body = "".join(block.replace("{n}", str(n)) for n in range(10_000_000 // len(block) + 1))
    (tmp_path / "huge.py").write_text(body, encoding="utf-8")
    assert (tmp_path / "huge.py").stat().st_size >= 10_000_000
    result = check([tmp_path], Config(root=tmp_path), CheckOptions())
    assert result.errors == []
    tools = body.count("@tool")
    assert tools > 5_000 and len(result.findings) == tools and {f.code for f in result.findings} == {"BL001"}
    assert max(f.line for f in result.findings) == body[: body.rindex("return requests")].count("\n") + 1


def test_links_loops_unreadable_files_and_folders_named_like_modules(tmp_path, monkeypatch):
    (tmp_path / "loop").mkdir()
    os.symlink(tmp_path / "loop", tmp_path / "loop" / "again")  # a folder link is not followed
    os.symlink(tmp_path / "missing.py", tmp_path / "dangling.py")  # points nowhere
    (tmp_path / "package.py").mkdir()  # a folder named like a module
    (tmp_path / "package.py" / "inner.py").write_text("x = 1\n")
    (tmp_path / "secret.py").write_text("x = 1\n")
    real_read = Path.read_bytes

    def read_bytes(self):
        if self.name == "secret.py":
            raise PermissionError(13, "Permission denied")
        return real_read(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    found = outcomes(tmp_path)
    assert found.pop("secret.py") == [("BL900", 1, "cannot read file: Permission denied")]
    # A link to nothing is not a file: skipped like a link to a folder.
    assert found == {}


def test_an_internal_error_in_one_file_is_reported_and_the_run_goes_on(tmp_path, monkeypatch, capsys):
    (tmp_path / "a.py").write_text((BAD / "crlf.py").read_text())
    (tmp_path / "b.py").write_text((BAD / "tabs.py").read_text().replace("fetch", "other"))
    from boundlint.analyse import analysis as analysis_module

    original = analysis_module.Analysis._evaluate_tool

    def explode(self, tool):
        if tool.qualname == "other":
            raise ValueError("boom")
        return original(self, tool)

    monkeypatch.setattr(analysis_module.Analysis, "_evaluate_tool", explode)
    previous = Path.cwd()
    os.chdir(tmp_path)
    try:
        status = main(["check", ".", "--no-cache", "--jobs", "1"])
    finally:
        os.chdir(previous)
    out, err = capsys.readouterr()
    assert status == 2
    assert "a.py:7:5: BL001" in out
    assert "b.py: internal error: while analysing `other`: ValueError: boom" in err
    assert "please report it" in err


@pytest.mark.parametrize(
    "config",
    [
        '[tool.boundlint]\nselect = "BL001"\n',
        "[tool.boundlint]\nmax-chars = 1e400\n",
        "[tool.boundlint]\nmax-chars = 99999999999999999999\n",
        "[tool.boundlint]\nextend-checkpoints = [\"os.system('touch pwned')\"]\n",
        "[tool.boundlint]\nexclude = [1, 2]\n",
        '[tool.boundlint]\ncache-dir = ""\n',
        '[tool.boundlint]\nper-file-ignores = "everything"\n',
        "[tool.boundlint]\n" + "x" * 100_000 + " = 1\n",
        "[tool.boundlint]\n\x00\x01\x02",
    ],
)
def test_hostile_configuration_is_a_clear_error_and_runs_nothing(tmp_path, capsys, config):
    (tmp_path / "pyproject.toml").write_text(config, encoding="utf-8", errors="surrogateescape")
    (tmp_path / "a.py").write_text("x = 1\n")
    previous = Path.cwd()
    os.chdir(tmp_path)
    try:
        status = main(["check", "."])
    finally:
        os.chdir(previous)
    _, err = capsys.readouterr()
    assert status == 2 and "boundlint: error:" in err
    assert len(err) < 2_000  # names the problem without echoing a huge value
    assert not (tmp_path / "pwned").exists()
