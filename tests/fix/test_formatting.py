"""A fix keeps a formatted file formatted: in a project that configures ruff (or black), a file
that its formatter accepted before `boundlint fix` is accepted after it; a file it did not accept
is changed only where the fix is."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.fix.cases import MODULE, all_cases, fix, prepare


def ruff_format_check(path: Path) -> bool:
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", "-q", path.name], cwd=path.parent, check=False
    )
    return done.returncode == 0


def with_ruff_configured(root: Path) -> None:
    pyproject = root / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8") if pyproject.exists() else ""
    pyproject.write_text(text + "\n[tool.ruff]\nline-length = 100\n", encoding="utf-8")


CASES = [case for case in all_cases() if not case.name.startswith("format_")]  # those keep their odd layout


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_a_formatted_file_stays_formatted(tmp_path, case):
    target = prepare(case, tmp_path)
    with_ruff_configured(tmp_path)
    if not ruff_format_check(target):
        pytest.skip("the case's file is not in ruff's format to begin with")
    fix(tmp_path, unsafe=case.unsafe)
    assert ruff_format_check(target), target.read_text(encoding="utf-8")


def test_a_file_not_in_the_formatters_format_changes_only_where_it_is_fixed(tmp_path):
    case = next(case for case in all_cases() if case.name == "bl001_call_style")
    loose = case.before.replace(b"import requests\n", b"import requests ;\n", 1)
    target = prepare(case, tmp_path, loose)
    with_ruff_configured(tmp_path)
    assert not ruff_format_check(target)
    fix(tmp_path, unsafe=case.unsafe)
    assert target.read_bytes() == case.after.replace(b"import requests\n", b"import requests ;\n", 1)


def test_without_a_configured_formatter_the_fix_is_written_as_it_is(tmp_path):
    case = next(case for case in all_cases() if case.name == "bl001_json_and_unknown")
    target = prepare(case, tmp_path)
    fix(tmp_path, unsafe=case.unsafe)
    assert target.read_bytes() == case.after
    assert target.name == MODULE
