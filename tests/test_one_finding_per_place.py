"""Two roots that reach one tool may word its finding differently: the report keeps one."""

from __future__ import annotations

import itertools

from boundlint.core.findings import Finding
from boundlint.engine.run import _one_per_place


def _finding(message: str, confidence: str = "medium", line: int = 759, code: str = "BL001") -> Finding:
    return Finding(code, "unbounded-tool-return", message, "toolkit.py", line, 17, 762, 18, "shell_exec", confidence)


def test_one_of_two_wordings_is_kept_whichever_root_came_first():
    via_helper = _finding("`shell_exec` returns the result of `check_command_safety(payload)` without a checkpoint")
    via_deeper = _finding(
        "`shell_exec` returns the result of `_CMD_PATTERN.findall(clean_command)` via `x()` without a checkpoint"
    )
    for order in itertools.permutations([via_helper, via_deeper]):
        assert _one_per_place(list(order)) == [via_helper]


def test_the_surer_wording_is_kept():
    medium = _finding("short", "medium")
    high = _finding("a longer message that is surer", "high")
    assert _one_per_place([medium, high]) == [high]
    assert _one_per_place([high, medium]) == [high]


def test_findings_at_other_places_or_of_other_rules_are_all_kept():
    first = _finding("a", line=759)
    other_line = _finding("a", line=800)
    other_rule = _finding("a", code="BL004")
    assert _one_per_place([other_rule, other_line, first, first]) == sorted(
        [first, other_line, other_rule], key=Finding.sort_key
    )
