"""The checker survives any program: the standard library, and generated programs.

The standard-library run reads ~1,800 files; it is marked slow but CI runs it.
"""

from __future__ import annotations

import sysconfig
from pathlib import Path

import hypothesmith
import pytest
from hypothesis import HealthCheck, given, settings

from boundlint.core.config import Config
from boundlint.engine.roots import Request
from boundlint.engine.run import CheckOptions, check

STDLIB = Path(sysconfig.get_paths()["stdlib"])


@pytest.mark.slow
def test_every_standard_library_file_is_analysed_or_reported():
    # The interpreter may live in a git checkout (pyenv) whose .gitignore
    # hides it; site-packages is excluded by default.
    config = Config(root=STDLIB, respect_gitignore=False, min_confidence="low")
    result = check([STDLIB], config, CheckOptions(jobs=2))
    assert result.errors == [], [str(error) for error in result.errors[:5]]
    assert result.files_checked > 1_000
    unparsable = [f for f in result.findings if f.code == "BL900"]
    # The standard library ships a few deliberately broken files (Python 2
    # grammar samples, bad encodings); each is reported with the reason, and
    # as `low` where it lies under a tests folder (the broken input of a test).
    assert 0 < len(unparsable) < 30
    for finding in unparsable:
        assert "/test" in finding.filename or "lib2to3" in finding.filename, finding
        assert any(word in finding.message for word in ("syntax error", "encoding", "not valid utf-8")), finding
        in_tests = any(part in ("test", "tests") for part in Path(finding.filename).parts[:-1])
        assert (finding.confidence == "low") == in_tests, finding


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(source=hypothesmith.from_grammar())
def test_generated_programs_never_cause_an_internal_error(tmp_path_factory, source):
    root = tmp_path_factory.mktemp("generated")
    # Give the program a reason to be analysed: a tool that calls into it.
    (root / "program.py").write_text(source, encoding="utf-8")
    (root / "tools.py").write_text(
        "from langchain_core.tools import tool\nfrom program import *\n\n@tool\ndef t(q: str) -> str:\n"
        '    """T."""\n    return str(q)[:10] + \'...\'\n',
        encoding="utf-8",
    )
    for request in (Request(), Request(apply_fixes="unsafe"), Request(tool_rows=True)):
        result = check([root], Config(root=root), CheckOptions(request=request))
        assert result.errors == [], [str(error) for error in result.errors]
