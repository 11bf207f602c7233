"""Which rule codes a configuration turns on, and which files ignore which codes."""

from __future__ import annotations

import difflib
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


def unknown_selector(selector: str, codes: Iterable[str]) -> str | None:
    """Why `selector` selects nothing (`BL01`, `BL999`), with the nearest code or prefix; None
    when it is `ALL` or a prefix of some rule's code."""
    known = sorted(set(codes))
    if selector == "ALL" or any(code.startswith(selector) for code in known):
        return None
    prefixes = {code[:n] for code in known for n in range(2, len(code) + 1)}

    def likeness(candidate: str) -> tuple[float, int]:
        # On a tie, the one that shares the longer start: `BL01` is nearer `BL001` than `BL901`.
        pairs = enumerate(zip(selector, candidate, strict=False))
        shared = next((i for i, (a, b) in pairs if a != b), min(len(selector), len(candidate)))
        return difflib.SequenceMatcher(None, selector, candidate).ratio(), shared

    best = max(sorted(prefixes), key=likeness)
    hint = f" (did you mean `{best}`?)" if likeness(best)[0] >= 0.5 else ""
    return f"`{selector}` is not a rule code or prefix{hint}; `boundlint rule --all` lists the rules"
