"""`boundlint fix` on a copy of the fixtures project leaves it working.

Every module still compiles, every module that imported before still imports
(and the others fail the same way: a framework that is not installed), the
project's own tests pass, a second run changes nothing, and no finding with a
safe fix is left.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from boundlint.engine.roots import Request
from tests.fix.cases import Run, check_tree, fix

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"
IGNORE = shutil.ignore_patterns("__pycache__", ".pytest_cache", "*.pyc", ".boundlint_cache")

IMPORT_ALL = textwrap.dedent("""\
    import importlib, pathlib, sys
    root = pathlib.Path.cwd()
    for path in sorted(root.joinpath("newsdesk").rglob("*.py")):
        name = ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
        try:
            importlib.import_module(name)
            print("ok", name)
        except Exception as error:
            print("error", name, type(error).__name__, getattr(error, "name", None) or "")
    """)


def _copy(base: Path, name: str) -> Path:
    target = base / name
    shutil.copytree(FIXTURES, target, ignore=IGNORE)
    return target


def _python(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(cwd), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def _sources(root: Path) -> dict[str, bytes]:
    return {path.relative_to(root).as_posix(): path.read_bytes() for path in sorted(root.rglob("*.py"))}


@pytest.fixture(scope="module")
def trees(tmp_path_factory) -> dict[str, object]:
    base = tmp_path_factory.mktemp("fixtures-fix")
    original = _copy(base, "original")
    safe = _copy(base, "safe")
    unsafe = _copy(base, "unsafe")
    return {
        "original": original,
        "safe": safe,
        "safe_run": fix(safe),
        "unsafe": unsafe,
        "unsafe_run": fix(unsafe, unsafe=True),
        "imports": _python(original, "-c", IMPORT_ALL).stdout,
    }


def test_fix_applies_the_safe_fixes_and_reports_the_rest(trees):
    run: Run = trees["safe_run"]  # type: ignore[assignment]
    assert run.err == ""
    assert run.code == 1  # some findings only have unsafe fixes
    changed = [
        name
        for name, data in _sources(trees["safe"]).items()  # type: ignore[arg-type]
        if data != (trees["original"] / name).read_bytes()
    ]  # type: ignore[operator]
    assert len(changed) >= 15
    assert "Fixed " in run.out and "(not fixed: " in run.out
    left = [line for line in run.out.splitlines() if ": BL0" in line and not line.startswith("Found")]
    assert len(left) == len(set(left))  # each finding left is reported once


@pytest.mark.parametrize("tree", ["safe", "unsafe"])
def test_every_module_still_compiles(trees, tree):
    for name, data in _sources(trees[tree]).items():  # type: ignore[arg-type]
        compile(data, name, "exec")


@pytest.mark.parametrize("tree", ["safe", "unsafe"])
def test_modules_import_exactly_as_before(trees, tree):
    before = trees["imports"]
    after = _python(trees[tree], "-c", IMPORT_ALL).stdout  # type: ignore[arg-type]
    assert after == before
    assert before.count("ok ") >= 10  # enough modules import here for this to mean something


@pytest.mark.parametrize("tree", ["safe", "unsafe"])
def test_the_projects_own_tests_pass(trees, tree):
    result = _python(trees[tree], "-m", "pytest", "-q", "-p", "no:cacheprovider")  # type: ignore[arg-type]
    assert result.returncode == 0, result.stdout + result.stderr
    assert " passed" in result.stdout


@pytest.mark.parametrize(("tree", "unsafe"), [("safe", False), ("unsafe", True)])
def test_a_second_run_changes_nothing(trees, tmp_path, tree, unsafe):
    again = tmp_path / "again"
    shutil.copytree(trees[tree], again, ignore=IGNORE)  # type: ignore[arg-type]
    before = _sources(again)
    run = fix(again, unsafe=unsafe)
    assert _sources(again) == before
    assert ": fixed " not in run.out
    assert fix(again, unsafe=unsafe, diff=True).out == ""


def test_no_finding_with_a_safe_fix_is_left(trees):
    root: Path = trees["safe"]  # type: ignore[assignment]
    previous = Path.cwd()
    os.chdir(root)
    try:
        result = check_tree(Path("."), Request(apply_fixes="safe"))
    finally:
        os.chdir(previous)
    assert result.findings and result.fix_round is not None
    assert result.fix_round.rewrites == []  # a safe fix would rewrite its module
    assert all(finding in result.fix_round.unfixed for finding in result.findings)


def test_after_unsafe_fixes_only_findings_without_a_fix_are_left(trees):
    run: Run = trees["unsafe_run"]  # type: ignore[assignment]
    assert run.err == ""
    root: Path = trees["unsafe"]  # type: ignore[assignment]
    previous = Path.cwd()
    os.chdir(root)
    try:
        remaining = check_tree(Path("."), Request(apply_fixes="unsafe"))
    finally:
        os.chdir(previous)
    assert remaining.fix_round is not None and remaining.fix_round.rewrites == []
    assert run.code == (1 if remaining.findings else 0)


@pytest.mark.parametrize(("tree", "body", "hits"), [("safe", 10_000, 500), ("unsafe", 4_000, 50)])
def test_fixed_contract_fields_truncate_at_run_time(trees, tree, body, hits):
    """str fields get `Truncated` and list fields `TruncatedItems`, both unsafe fixes: they cut
    wherever the model is validated."""
    script = textwrap.dedent(f"""\
        from newsdesk.schemas import ArticleSummary, SearchHit, SearchResults
        article = ArticleSummary(url="https://x.example", description="d", body="t" * 10_000)
        assert len(article.body) <= {body}, len(article.body)
        assert ("[truncated" in article.body) == ({body} < 10_000), article.body[-60:]
        found = SearchResults(query="q", hits=[SearchHit(title="t", url="u")] * 500)
        assert len(found.hits) == {hits}, len(found.hits)
        assert ArticleSummary(url="u", description="d", body="short").body == "short"
        print("ok")
        """)
    result = _python(trees[tree], "-c", script)  # type: ignore[arg-type]
    assert result.stdout.strip() == "ok", result.stderr
