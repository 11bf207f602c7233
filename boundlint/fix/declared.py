"""Whether the project being fixed declares `boundlint-runtime`, which fixed code imports.

A fix that adds `from boundlint_runtime import ...` to a project that does not
list the package leaves modules that fail with `ModuleNotFoundError`. The
places a Python project declares what it needs: `pyproject.toml` (PEP 621
`[project]` dependencies and optional dependencies, Poetry's tables),
`requirements*.txt` and `setup.cfg`/`setup.py`. Read as text where a parser
would gain nothing: the name is what matters, in either spelling.
"""

from __future__ import annotations

import re
from pathlib import Path

from boundlint.knowledge.frameworks import RUNTIME_ROOT

RUNTIME_IMPORT = RUNTIME_ROOT
_NAME = re.compile(r"boundlint[-_.]runtime", re.IGNORECASE)
_DECLARING_FILES = ("pyproject.toml", "setup.cfg", "setup.py", "Pipfile")


def adds_runtime_import(old: str, new: str) -> bool:
    """The fix wrote an import of the runtime where there was none."""
    return RUNTIME_IMPORT in new and RUNTIME_IMPORT not in old


def declares_runtime(root: Path) -> bool:
    """`boundlint-runtime` is named in one of the project's dependency files."""
    candidates = [root / name for name in _DECLARING_FILES]
    candidates += sorted(root.glob("requirements*.txt")) + sorted(root.glob("requirements/*.txt"))
    for path in candidates:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if _NAME.search(text):
            return True
    return False


def declaration_hint(root: Path) -> str:
    """What to add, and where, for this project."""
    if (root / "pyproject.toml").is_file():
        where = "to the dependencies in pyproject.toml"
    elif any(root.glob("requirements*.txt")):
        where = "to requirements.txt"
    else:
        where = "to the project's dependencies"
    return (
        f"the fixed code imports {RUNTIME_IMPORT}, which this project does not declare: add "
        f'"boundlint-runtime" {where} (until it is published: '
        '"boundlint-runtime @ git+https://github.com/OWNER/boundlint#subdirectory=runtime")'
    )
