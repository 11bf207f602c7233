"""`benchmarks/fix_at_scale.py` on a generated tree: fixes compile, touch only their targets, and are idempotent."""

from __future__ import annotations

import difflib
import io

import pytest

from benchmarks.fix_at_scale import (
    adapter_installed,
    added_runtime_imports,
    apply_patch,
    formatter_of,
    main,
    passed_tests,
    run,
    runtime_import_problem,
    unformatted,
)
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
    assert figures.imports_added >= 1 and figures.import_failures == [], report
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


def test_several_trees_get_a_report_each_and_one_table(tmp_path, capsys):
    for name in ("one", "two"):
        generate(tmp_path / name, 12)
    assert main([str(tmp_path / "one"), str(tmp_path / "two"), "--safe-only", "--limit", "6"]) == 0
    out = capsys.readouterr().out
    assert "== one\n" in out and "== two\n" in out
    header, *rows = out[out.index("\ntree ") + 1 :].splitlines()
    assert header.split()[:5] == ["tree", "files", "findings", "fixed", "changed"]
    assert [row.split()[0] for row in rows] == ["one", "two", "total"]
    assert rows[-1].split()[1] == "12"  # 6 files of each


def test_safe_only_leaves_the_unsafe_fixes_out(tmp_path):
    (tmp_path / "tree").mkdir()
    # the cut of `rows` becomes a marked cut of a JSON-compatible copy: unsafe; the fix of `page` is safe
    (tmp_path / "tree" / "server.py").write_text(
        "import requests\nfrom mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('x')\n\n\n"
        "@mcp.tool()\ndef page(url: str) -> str:\n    return requests.get(url).text\n\n\n"
        "@mcp.tool()\ndef rows(url: str) -> list[dict]:\n    return requests.get(url).json()['rows'][:50]\n"
    )
    assert run(tmp_path / "tree", unsafe=True).findings_fixed == 2
    assert run(tmp_path / "tree", unsafe=False).findings_fixed == 1


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


def test_an_added_runtime_import_must_name_what_the_runtime_defines():
    before = "import httpx\n"
    after = (
        "import httpx\nfrom boundlint_runtime import truncate_text\n"
        "from boundlint_runtime.adapters.fastmcp import BoundlintMiddleware, Nowhere\n"
    )
    added = added_runtime_imports(before, after)
    assert added == [
        ("boundlint_runtime", "truncate_text"),
        ("boundlint_runtime.adapters.fastmcp", "BoundlintMiddleware"),
        ("boundlint_runtime.adapters.fastmcp", "Nowhere"),
    ]
    assert [runtime_import_problem(item) for item in added] == [
        None,
        None,
        "`boundlint_runtime.adapters.fastmcp` defines no `Nowhere`",
    ]
    assert (
        runtime_import_problem(("boundlint_runtime.nothing", "x"))
        == "`boundlint_runtime.nothing` is not a module of the runtime"
    )


def test_the_trees_tests_that_pass_are_named(tmp_path):
    (tmp_path / "test_small.py").write_text(
        "def test_ok():\n    assert 1\n\n\ndef test_broken():\n    assert 0\n\n\n"
        "def test_needs_a_package():\n    import not_installed_here  # noqa: F401\n"
    )
    assert passed_tests(tmp_path, tmp_path / "report.xml") == {"test_small::test_ok"}


def test_a_test_of_the_tree_that_a_fix_breaks_is_reported(tmp_path):
    """A tree whose own test pins the full length of a tool's output: the cut breaks it."""
    pytest.importorskip("langchain_core")
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "pyproject.toml").write_text('[project]\nname = "t"\ndependencies = ["boundlint-runtime"]\n')
    (tree / "reader.py").write_text(
        "from langchain_core.tools import tool\n\n\n@tool\ndef read(path: str) -> str:\n"
        '    """Read a file."""\n    with open(path) as handle:\n        return handle.read()\n'
    )
    (tree / "test_reader.py").write_text(
        "from reader import read\n\n\ndef test_whole_file(tmp_path):\n    page = tmp_path / 'page.txt'\n"
        "    page.write_text('x' * 20_000)\n    assert len(read.func(str(page))) == 20_000\n\n\n"
        "def test_small_file(tmp_path):\n    page = tmp_path / 'page.txt'\n    page.write_text('x')\n"
        "    assert read.func(str(page)) == 'x'\n"
    )
    out = io.StringIO()
    figures = run(tree, out=out, tests=True)
    assert figures.tests_passed_before == 2, out.getvalue()
    assert figures.test_regressions == ["test_reader::test_whole_file"], out.getvalue()
    assert not figures.ok
    assert "2 passed before the fixes; 1 of them failed after (must be 0)" in out.getvalue()


@pytest.mark.parametrize(
    ("difference", "installed"),
    [
        ("line 1: module.body[2]: `from boundlint_runtime.adapters.mcp import BoundlintMiddleware` was added", True),
        (
            "line 18: module.body[5].value.keywords[0]: `middleware=[BoundlintMiddleware(max_chars=16000)]` was added",
            True,
        ),
        ("line 9: module.body[3].value.keywords[1].value.elts[0]: `BoundlintHooks(max_chars=16000)` was added", True),
        ("line 9: module.body[3].value: `truncate_text(x, max_chars=16000)` was added", False),
        ("line 9: module.body[3].value.keywords[0]: `middleware=[Other()]` was added", False),
        ("line 4: module.body[1]: `BoundlintMiddleware` became `Other`", False),
    ],
)
def test_an_adapter_installed_for_another_modules_tools_is_told_apart(difference, installed):
    assert adapter_installed(difference) is installed
