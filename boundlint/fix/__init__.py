"""`boundlint fix`: planning, applying, verifying and writing the fixes that the rules hold.

The engine calls `boundlint.fix.planning` for each root it analyses, with that root's
analysis and findings: `attach_fixes` / `fixes_for` give each finding's fix as
ruff-style JSON (`applicability`, `message`, `edits`), `fix_round` applies a round of
fixes. The `boundlint fix` command is `boundlint.cli.fix_command`.

See docs/fix.md for what each rule's fix does and when it is safe.
"""

from __future__ import annotations

import importlib
from typing import Any

# Where each name lives; imported on first use (PEP 562), so that importing
# `boundlint.cli.fix_flags` for the command line does not load libcst.
_EXPORTS = {
    "attach_fixes": "boundlint.fix.planning",
    "fixes_for": "boundlint.fix.planning",
    "plan": "boundlint.fix.planning",
    "SAFE": "boundlint.edit.model",
    "UNSAFE": "boundlint.edit.model",
    "Edit": "boundlint.edit.model",
    "Fix": "boundlint.edit.model",
}


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'boundlint.fix' has no attribute {name!r}")


__all__ = ["SAFE", "UNSAFE", "Edit", "Fix", "attach_fixes", "fixes_for", "plan"]
