"""Rounds of fixes on texts in memory: what `boundlint fix` writes, and the editor's fix-all.

Each round checks the texts as the files they would be, applies the round's
fixes, and lays the new texts over the files for the next round, until a
round has nothing left to fix.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from boundlint.core.config import Config
from boundlint.core.result import CheckResult, ModuleRewrite
from boundlint.engine.run import CheckOptions, check
from boundlint.fix.formatting import Formatters

MAX_ROUNDS = 4  # a round normally finishes the job; the second only confirms it


def fix_in_memory(
    roots: list[Path], config: Config, options: CheckOptions, notes: list[str] | None = None
) -> tuple[dict[Path, ModuleRewrite], CheckResult, list[str]]:
    """Per file fixed: its text before (on disk, or the caller's overlay) and after the last
    round, as the project's formatter writes it; the check of the fixed texts; and why some
    files were not fixed. `options.request` says which fixes apply (safe or unsafe); `notes`
    collects what is worth saying but is not a failure."""
    fixed: dict[Path, ModuleRewrite] = {}
    problems: list[str] = []
    formatters = Formatters()
    result = check(roots, config, options)
    for _ in range(MAX_ROUNDS):
        assert result.fix_round is not None
        problems.extend(f"{display}: not fixed: {reason}" for display, reason in result.fix_round.failed)
        if not result.fix_round.rewrites:
            break
        for rewrite in result.fix_round.rewrites:
            first = fixed.get(rewrite.path)
            before = rewrite.old if first is None else first.old
            new = formatters.reformat(rewrite.path, before, rewrite.new)
            fixed[rewrite.path] = ModuleRewrite(
                rewrite.path, rewrite.display, before, new, (first.fixed if first else []) + rewrite.fixed
            )
        overlays = {**options.overlays, **{Path(os.path.abspath(p)): r.new for p, r in fixed.items()}}
        if options.stdin is not None:
            options = replace(
                options,
                stdin=(options.stdin[0], overlays.get(Path(os.path.abspath(options.stdin[0])), options.stdin[1])),
            )
        result = check(roots, config, replace(options, overlays=overlays))
    if notes is not None:
        notes.extend(
            f"the project formats with {name}, not installed here: fixed lines are as the fix wrote them"
            for name in sorted(formatters.missing)
        )
    return fixed, result, list(dict.fromkeys(problems))
