"""`benchmarks/fix_at_scale.py` on a generated tree: fixes compile, touch only their targets, and are idempotent."""

from __future__ import annotations

import difflib
import io

import pytest

from benchmarks.fix_at_scale import apply_patch, formatter_of, main, run, unformatted
from benchmarks.generate_tree import generate


def test_fixing_a_generated_tree_is_safe(tmp_path):
    generate(tmp_path / "tree", 100)
    out = io.StringIO()
    figures = run(tmp_path / "tree", out=out)
    report = out.getvalue()
    assert figures.files == 101
    assert figures.files_changed >= 20 and figures.findings_fixed >= 50, report
    assert figures.rounds >= 1
    assert figures.compile_failures == [], report
    assert figures.differences == [], report
    assert figures.second_run_changed == [], report
    assert figures.ok
    for line in (
        "files that failed to compile: 0 (must be 0)",
        "AST differences outside targeted nodes: 0 (must be 0)",
        "files changed by the second run: 0 (must be 0)",
    ):
        assert line in report


def test_the_script_exits_zero_on_a_safe_run(tmp_path, capsys):
    generate(tmp_path / "tree", 20)
    assert main([str(tmp_path / "tree"), "--limit", "10"]) == 0
    assert "files in tree: 10\n" in capsys.readouterr().out


@pytest.mark.parametrize(
    "old, new",
    [
        ("a\nb\nc\n", "a\nB\nc\n"),
        ("a\r\nb\r\n", "x\r\na\r\nb\r\n"),
        ("a\rb\r", "a\rb\rc\r"),
        ("a\nb", "a\nb2"),  # no newline at the end, before and after
        ("a\nb", "a\nb\n"),
        ("a\nb\n", "a\nb"),
        ("", "x = 1\n"),
        ("\n".join(map(str, range(40))) + "\n", "\n".join(map(str, range(1, 40))) + "\nend\n"),
    ],
)
def test_a_patch_as_fix_diff_writes_it_gives_the_new_text(old, new):
    lines = []
    for line in difflib.unified_diff(old.splitlines(True), new.splitlines(True), "a/f.py", "b/f.py"):
        lines.append(line if line.endswith(("\n", "\r")) else line + "\n\\ No newline at end of file\n")
    patch = [line for chunk in lines for line in chunk.splitlines(True)][2:]  # without the file names
    assert apply_patch(old, patch) == new


def test_a_patch_that_does_not_match_is_refused():
    patch = ["@@ -1 +1 @@\n", "-a\n", "+b\n"]
    with pytest.raises(ValueError):
        apply_patch("x\n", patch)


@pytest.mark.parametrize("formatter", ["ruff", "black"])
def test_the_formatter_check_names_the_files_the_formatter_would_change(tmp_path, formatter):
    (tmp_path / "pyproject.toml").write_text(f"[tool.{formatter}]\nline-length = 88\n", encoding="utf-8")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "clean.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "pkg" / "messy.py").write_text("x   =  1\n", encoding="utf-8")
    assert formatter_of(tmp_path) == formatter
    assert unformatted(formatter, tmp_path, ["pkg/clean.py", "pkg/messy.py"]) == {"pkg/messy.py"}


def test_a_tree_that_configures_no_formatter_is_not_checked(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    assert formatter_of(tmp_path) is None
