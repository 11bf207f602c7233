"""The bundled example agent project: the checker's output must match its expectations exactly.

Two independent specifications are compared with the checker's JSON output:
the `# expect: BL00N` markers written next to the code (which lines, which
codes), and `fixtures/expected_findings.json` (every field: symbol,
confidence, message, columns).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boundlint.core.config import load_config
from boundlint.engine.roots import Request
from boundlint.engine.run import CheckOptions, check

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"
EXPECT = re.compile(r"#\s*expect:\s*(?P<codes>BL\d{3}(?:\s*,\s*BL\d{3})*)")


@pytest.fixture(scope="module")
def fixture_findings():
    import os

    previous = Path.cwd()
    os.chdir(ROOT)
    try:
        config = load_config(None, Path("fixtures"))
        return check([Path("fixtures")], config, CheckOptions(request=Request(tool_rows=True)))
    finally:
        os.chdir(previous)


def _markers() -> set[tuple[str, int, str]]:
    expected = set()
    for path in sorted(FIXTURES.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = EXPECT.search(line)
            if match:
                for code in re.findall(r"BL\d{3}", match.group("codes")):
                    expected.add((path.relative_to(ROOT).as_posix(), number, code))
    return expected


def test_findings_match_the_expect_markers(fixture_findings):
    got = {(f.filename, f.line, f.code) for f in fixture_findings.findings}
    expected = _markers()
    assert len(expected) > 50
    assert sorted(got - expected) == [], "findings the fixtures do not expect"
    assert sorted(expected - got) == [], "expected findings the checker missed"


def test_json_output_matches_expected_file_exactly(fixture_findings):
    expected = json.loads((FIXTURES / "expected_findings.json").read_text(encoding="utf-8"))
    got = [finding.to_json() for finding in fixture_findings.findings]
    assert got == expected


def test_the_configuration_of_the_fixtures_is_used(fixture_findings):
    custom = [row for row in fixture_findings.tool_rows if row.framework == "custom"]
    assert {row.tool for row in custom} >= {"lookup_byline", "CmsQueryTool.execute"}
    assert fixture_findings.errors == []


def test_every_framework_form_is_found(fixture_findings):
    # fixtures/README.md counts 124 tool functions, module by module.
    assert len(fixture_findings.tool_rows) == 124
    frameworks = {row.framework for row in fixture_findings.tool_rows}
    assert frameworks >= {
        "langchain",
        "openai-agents",
        "mcp",
        "google-adk",
        "crewai",
        "pydantic-ai",
        "smolagents",
        "llamaindex",
        "autogen",
        "ag2",
        "semantic-kernel",
        "strands",
        "haystack",
        "anthropic",
        "dspy",
        "dispatch-table",
        "custom",
    }
