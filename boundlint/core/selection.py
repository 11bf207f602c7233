"""Which rule codes a configuration turns on, and which files ignore which codes."""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable
from pathlib import Path

from boundlint.core.config import Config
from boundlint.core.findings import Finding


def code_enabled(code: str, config: Config) -> bool:
    """ruff's rule: the most specific matching selector wins; on a tie, ignore wins."""

    def best(selectors: Iterable[str]) -> int:
        lengths = [len(s) if s != "ALL" else 0 for s in selectors if s == "ALL" or code.startswith(s)]
        return max(lengths, default=-1)

    selected = best([*config.select, *config.extend_select])
    ignored = best(config.ignore)
    return selected >= 0 and selected > ignored


def ignored_for_file(finding: Finding, path: Path | None, config: Config) -> bool:
    """`per-file-ignores` turns this finding's code off for its file."""
    if not config.per_file_ignores:
        return False
    candidates = {finding.filename}
    if path is not None:
        try:
            candidates.add(path.relative_to(config.root).as_posix())
        except ValueError:
            candidates.add(path.as_posix())
    for pattern, codes in config.per_file_ignores.items():
        if any(fnmatch.fnmatchcase(name, pattern) or fnmatch.fnmatchcase(name, f"*/{pattern}") for name in candidates):
            if any(code == "ALL" or finding.code.startswith(code) for code in codes):
                return True
    return False
