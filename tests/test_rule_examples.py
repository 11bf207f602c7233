"""Every rule's own valid and invalid examples, run as tests (as Fixit does)."""

from __future__ import annotations

import pytest

from boundlint.rules import ALL_RULES
from tests.helpers import expected_lines, run_tree

VALID = [(rule.code, index, source) for rule in ALL_RULES for index, source in enumerate(rule.valid)]
INVALID = [(rule.code, index, source) for rule in ALL_RULES for index, source in enumerate(rule.invalid)]


@pytest.mark.parametrize(("code", "index", "source"), VALID, ids=[f"{c}-valid-{i}" for c, i, _ in VALID])
def test_valid_example_has_no_finding(tmp_path, code, index, source):
    result = run_tree(tmp_path, {"example.py": source}, show_unused=True, select=[code])
    assert [f for f in result.findings if f.code == code] == []
    assert result.errors == []


@pytest.mark.parametrize(("code", "index", "source"), INVALID, ids=[f"{c}-invalid-{i}" for c, i, _ in INVALID])
def test_invalid_example_is_flagged_on_marked_lines(tmp_path, code, index, source):
    expected = expected_lines(source)
    assert expected, "an invalid example must mark its flagged lines with '# expect'"
    result = run_tree(tmp_path, {"example.py": source}, show_unused=True, select=[code])
    assert sorted(f.line for f in result.findings if f.code == code) == expected
    assert result.errors == []


@pytest.mark.parametrize("rule", ALL_RULES, ids=[rule.code for rule in ALL_RULES])
def test_every_rule_is_documented_with_examples(rule):
    doc = rule.documentation()
    for heading in ("## What it does", "## Why is this bad?", "## Example", "## How to fix it"):
        assert heading in doc
    assert rule.valid and rule.invalid
    assert rule.name == rule.name.lower() and " " not in rule.name
