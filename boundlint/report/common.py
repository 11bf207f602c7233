"""What the CI formats share: where the repository is, and how serious a finding is."""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from pathlib import Path

from boundlint import rules
from boundlint.core.findings import CONFIDENCE_ORDER, Finding

_LOWER = {"error": "warning", "warning": "note", "note": "note"}


def rule_level(code: str) -> str:
    """How serious the rule is by default (`Rule.level`): an error, a warning or a note."""
    rule = rules.RULES_BY_CODE.get(code)
    return rule.level if rule is not None else "warning"


def finding_level(finding: Finding) -> str:
    """The rule's level, one step lower for each confidence level below `high`."""
    level = rule_level(finding.code)
    for _ in range(CONFIDENCE_ORDER["high"] - CONFIDENCE_ORDER.get(finding.confidence, CONFIDENCE_ORDER["high"])):
        level = _LOWER[level]
    return level


def repository_root(start: Path | None = None) -> Path:
    """The nearest folder with a `.git`, else `start`: what CI paths are relative to."""
    start = (start or Path.cwd()).absolute()
    for directory in [start, *start.parents]:
        if (directory / ".git").exists():
            return directory
    return start


def repository_path(filename: str, root: Path, cwd: Path | None = None) -> str:
    """A finding's file as a POSIX path relative to `root` (absolute when outside it)."""
    path = Path(filename)
    if not path.is_absolute():
        path = (cwd or Path.cwd()) / path
    path = Path(os.path.normpath(path))
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def rule_index(code: str) -> int:
    return list(rules.RULES_BY_CODE).index(code)


def stable_fingerprints(findings: list[Finding], paths: list[str]) -> list[str]:
    """A fingerprint per finding that an edit elsewhere in the file does not change: its file,
    tool (or message) and rule; two findings of one rule on one tool (two bad returns) differ by
    their order of appearance, which moving lines does not change either."""
    seen: Counter[tuple[str, str, str]] = Counter()
    prints = []
    for finding, path in zip(findings, paths, strict=True):
        key = (path, finding.symbol or finding.message, finding.code)
        digest = hashlib.sha256("\0".join(key).encode("utf-8")).hexdigest()[:32]
        prints.append(f"{digest}:{seen[key] + 1}")
        seen[key] += 1
    return prints
