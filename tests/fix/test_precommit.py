"""The hooks in .pre-commit-hooks.yaml, run by the real pre-commit against a throwaway repository.

`pre-commit try-repo <this checkout> <hook>` installs this repository into a
fresh virtualenv the way users' pre-commit does (`pip install .`). It sees the
checkout's committed files plus staged and modified tracked ones, not untracked
files, so the hooks file must be tracked (it is, in a clone). Nothing of ours is
published: the install must work from this repository alone (the checker does not
depend on boundlint-runtime), into an empty pre-commit cache.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("pre_commit", reason="pre-commit is in the `test` extra")
if shutil.which("git") is None:  # pragma: no cover
    pytest.skip("needs git", allow_module_level=True)

ROOT = Path(__file__).resolve().parents[2]
HOOKS = ROOT / ".pre-commit-hooks.yaml"

CLEAN = textwrap.dedent('''\
    from langchain_core.tools import tool


    @tool
    def add(a: int, b: int) -> int:
        """Add two numbers."""
        return a + b
    ''')
UNBOUNDED = textwrap.dedent('''\
    import requests
    from langchain_core.tools import tool


    @tool
    def page(url: str) -> str:
        """A web page."""
        return requests.get(url).text
    ''')


def _environment(**extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("GIT_", "PRE_COMMIT"))}
    env.update(PRE_COMMIT_COLOR="never", **extra)
    return env


def _git(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=cwd, env=_environment(), capture_output=True, text=True, check=True)


def test_the_manifest_is_valid_and_declares_both_hooks():
    from pre_commit.clientlib import load_manifest

    hooks = {hook["id"]: hook for hook in load_manifest(str(HOOKS))}
    assert set(hooks) == {"boundlint", "boundlint-fix"}
    assert hooks["boundlint"]["entry"] == "boundlint check --force-exclude"
    assert hooks["boundlint-fix"]["entry"] == "boundlint fix --force-exclude"
    for hook in hooks.values():
        assert hook["language"] == "python"
        assert hook["types_or"] == ["python", "pyi"]
        assert hook["require_serial"] is True


@pytest.fixture(scope="module")
def cache(tmp_path_factory) -> Path:
    """An empty pre-commit home, shared by this module's runs: the first builds the hook's environment."""
    tracked = subprocess.run(
        ["git", "ls-files", "--error-unmatch", HOOKS.name], cwd=ROOT, env=_environment(), capture_output=True, text=True
    )
    if tracked.returncode != 0:
        pytest.fail(f"{HOOKS.name} is not tracked by git: pre-commit try-repo cannot see it (git add it)")
    return tmp_path_factory.mktemp("pre-commit-home")


def _repository(path: Path, files: dict[str, str]) -> Path:
    path.mkdir()
    _git(path, "init", "--quiet")
    _git(path, "config", "user.email", "test@example.com")
    _git(path, "config", "user.name", "test")
    for name, text in files.items():
        (path / name).write_text(text, encoding="utf-8")
    _git(path, "add", "--all")
    return path


def _try_repo(repository: Path, hook: str, cache: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), hook, "--all-files"],
        cwd=repository,
        env=_environment(PRE_COMMIT_HOME=str(cache)),
        capture_output=True,
        text=True,
        timeout=900,
    )


@pytest.mark.slow
def test_check_hook_passes_clean_code_and_fails_on_a_finding(tmp_path, cache):
    repository = _repository(tmp_path / "project", {"clean.py": CLEAN})
    clean = _try_repo(repository, "boundlint", cache)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "boundlint....." in clean.stdout and "Passed" in clean.stdout

    (repository / "page.py").write_text(UNBOUNDED, encoding="utf-8")
    _git(repository, "add", "page.py")
    failing = _try_repo(repository, "boundlint", cache)
    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert "Failed" in failing.stdout
    assert "page.py:8:5: BL001 [*] `page` returns the response body" in failing.stdout
    assert (repository / "page.py").read_text(encoding="utf-8") == UNBOUNDED  # check never writes


def _fix_is_wired() -> bool:
    import argparse

    from boundlint.cli.main import build_parser

    actions = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return any("fix" in action.choices for action in actions)


@pytest.mark.slow
@pytest.mark.skipif(not _fix_is_wired(), reason="`boundlint fix` is not wired into boundlint.cli.main yet")
def test_fix_hook_fixes_the_file_then_passes(tmp_path, cache):
    repository = _repository(tmp_path / "project", {"clean.py": CLEAN, "page.py": UNBOUNDED})
    first = _try_repo(repository, "boundlint-fix", cache)
    # pre-commit fails a hook that modified files, so that the fix gets reviewed and staged.
    assert first.returncode == 1, first.stdout + first.stderr
    assert "files were modified by this hook" in first.stdout
    fixed = (repository / "page.py").read_text(encoding="utf-8")
    assert "return truncate_text(requests.get(url).text, max_chars=16_000)" in fixed
    assert "from boundlint_runtime import truncate_text\n" in fixed
    assert (repository / "clean.py").read_text(encoding="utf-8") == CLEAN

    _git(repository, "add", "--all")
    second = _try_repo(repository, "boundlint-fix", cache)
    assert second.returncode == 0, second.stdout + second.stderr
    assert "Passed" in second.stdout
