"""Running `boundlint fix` on the before/after cases in tests/fix_cases/.

A case is a folder holding `before.py` and `after.py` (the file's content
before and after `boundlint fix`), optionally a `pyproject.toml` (its
`[tool.boundlint]` table configures the run) and a `case.toml`:

    unsafe = true            # run with --unsafe-fixes
    remaining = ["BL001"]    # codes of the findings left after fixing (default: none)

The file is checked and fixed as `tools.py` in a temporary folder.
"""

from __future__ import annotations

import dataclasses
import io
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from boundlint.cli.fix_command import run_fix
from boundlint.core.config import Config, load_config
from boundlint.core.result import CheckResult
from boundlint.engine.roots import Request
from boundlint.engine.run import CheckOptions, check

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

CASES = Path(__file__).resolve().parents[1] / "fix_cases"
MODULE = "tools.py"


@dataclass
class Case:
    name: str
    folder: Path

    @property
    def before(self) -> bytes:
        return (self.folder / "before.py").read_bytes()

    @property
    def after(self) -> bytes:
        return (self.folder / "after.py").read_bytes()

    @property
    def options(self) -> dict:
        path = self.folder / "case.toml"
        return tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}

    @property
    def unsafe(self) -> bool:
        return bool(self.options.get("unsafe", False))

    @property
    def remaining(self) -> list[str]:
        return sorted(self.options.get("remaining", []))


def all_cases() -> list[Case]:
    return [Case(folder.name, folder) for folder in sorted(CASES.iterdir()) if (folder / "before.py").exists()]


@dataclass
class Run:
    code: int
    out: str
    err: str


def prepare(case: Case, root: Path, before: bytes | None = None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    if (case.folder / "pyproject.toml").exists():
        shutil.copy(case.folder / "pyproject.toml", root / "pyproject.toml")
    # The project declares the runtime its fixed code imports (else the fix says so: test_cli.py).
    (root / "requirements.txt").write_text("boundlint-runtime\n", encoding="utf-8")
    target = root / MODULE
    target.write_bytes(case.before if before is None else before)
    return target


def config_for(root: Path) -> Config:
    """The tree's configuration, fixing findings at every confidence unless it says otherwise: the
    cases show how each fix is written; which findings `fix` takes by default (`fix-min-confidence`)
    is tested on its own (test_cli.py)."""
    config = load_config(None, root)
    pyproject = root / "pyproject.toml"
    if pyproject.exists() and "fix-min-confidence" in pyproject.read_text(encoding="utf-8"):
        return config
    return dataclasses.replace(config, fix_min_confidence="low")


def fix(root: Path, *, unsafe: bool = False, diff: bool = False, options: CheckOptions | None = None) -> Run:
    out, err = io.StringIO(), io.StringIO()
    previous = Path.cwd()
    os.chdir(root)
    try:
        code = run_fix(
            [Path(".")], config_for(Path(".")), options or CheckOptions(), diff=diff, unsafe=unsafe, out=out, err=err
        )
    finally:
        os.chdir(previous)
    return Run(code, out.getvalue(), err.getvalue())


def check_tree(root: Path, request: Request | None = None) -> CheckResult:
    previous = Path.cwd()
    os.chdir(root)
    try:
        return check([Path(".")], config_for(Path(".")), CheckOptions(request=request or Request()))
    finally:
        os.chdir(previous)
