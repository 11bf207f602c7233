"""Running the checker on source snippets written to a temporary tree."""

from __future__ import annotations

import textwrap
from pathlib import Path

from boundlint.analyse.analysis import Analysis
from boundlint.core.config import Config
from boundlint.core.result import CheckResult
from boundlint.engine.roots import Request
from boundlint.engine.run import CheckOptions, check
from boundlint.project.loader import Loader
from boundlint.project.lookup import Project


def write_tree(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")


def run_tree(
    root: Path, files: dict[str, str], *, show_unused: bool = False, tool_rows: bool = False, **config: object
) -> CheckResult:
    write_tree(root, files)
    options = CheckOptions(show_unused_ignores=show_unused, request=Request(tool_rows=tool_rows))
    return check([root], Config(root=root, **config), options)  # type: ignore[arg-type]


def analyse_files(
    root: Path, files: dict[str, str], path: str, config: Config | None = None
) -> tuple[Analysis, Loader]:
    """`files` written under `root`, and the analysis of the one at `path` as a run makes it for that
    root, with the loader that parsed what it read."""
    write_tree(root, files)
    loader = Loader()
    project = Project(sorted(root.rglob("*.py")), loader)
    module = project.load(root / path)
    assert module is not None
    return Analysis(project, config or Config(root=root), [module]).run(), loader


def findings_of(result: CheckResult, code: str) -> list[tuple[str, int]]:
    return [(Path(f.filename).name, f.line) for f in result.findings if f.code == code]


def expected_lines(source: str) -> list[int]:
    text = textwrap.dedent(source).lstrip("\n")
    return [number for number, line in enumerate(text.splitlines(), 1) if line.rstrip().endswith("# expect")]


def bl001_confidences(root: Path, source: str) -> list[str]:
    """The confidence of each BL001 finding on `source` as `tools.py`, at every level."""
    result = run_tree(root, {"tools.py": source}, min_confidence="low")
    return [f.confidence for f in result.findings if f.code == "BL001"]
