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

from boundlint.core.config import Config
from boundlint.discover.dependencies import declaring_texts
from boundlint.discover.module_names import module_name_for
from boundlint.knowledge.frameworks import RUNTIME_ROOT

RUNTIME_IMPORT = RUNTIME_ROOT
_NAME = re.compile(r"boundlint[-_.]runtime", re.IGNORECASE)


def adds_runtime_import(old: str, new: str) -> bool:
    """The fix wrote an import of the runtime where there was none."""
    return RUNTIME_IMPORT in new and RUNTIME_IMPORT not in old


def has_runtime(config: Config, dependency_texts: list[str] | None = None) -> bool:
    """Fixed code of this project can import the runtime: it keeps its own copy
    (`runtime-module`), or names `boundlint-runtime` in one of its dependency files (their
    texts, when the caller has read them: `declaring_texts`)."""
    if config.runtime_module is not None:
        return True
    texts = dependency_texts if dependency_texts is not None else declaring_texts(config.root)
    return any(_NAME.search(text) for text in texts)


def declaration_hint(root: Path, fixed: Path) -> str:
    """What to add, and where, for this project (`fixed`: a module the fixes import the runtime into)."""
    if (root / "pyproject.toml").is_file():
        where = "to the dependencies in pyproject.toml"
    elif any(root.glob("requirements*.txt")):
        where = "to requirements.txt"
    else:
        where = "to the project's dependencies"
    module, folder = own_copy(fixed, root)
    return (
        f"the fixed code imports {RUNTIME_IMPORT}, which this project does not declare: add "
        f'"boundlint-runtime" {where} (until it is published: '
        '"boundlint-runtime @ git+https://github.com/OWNER/boundlint#subdirectory=runtime"), or keep a '
        f"copy in the project: `boundlint runtime vendor {folder}` and "
        f'`runtime-module = "{module}"` in [tool.boundlint]'
    )


def own_copy(fixed: Path, root: Path) -> tuple[str, str]:
    """Where a vendored runtime would serve `fixed`: (module name, file path), beside the top
    package `fixed` belongs to, as `bounds`. The top package is the outermost one inside `root`
    with an importable name: a checkout's own folder (`owner+repo/__init__.py`) is not one."""
    fixed, root = fixed.resolve(), root.resolve()
    depth = module_name_for(fixed).count(".")
    top: Path | None = None
    for folder in list(fixed.parents)[:depth]:  # the packages above `fixed`, innermost first
        if folder == root or not folder.is_relative_to(root) or not folder.name.isidentifier():
            break
        top = folder
    module = f"{top.name}.bounds" if top is not None else "bounds"
    path = (top if top is not None else root if depth else fixed.parent) / "bounds.py"
    try:
        shown = path.relative_to(Path.cwd())
    except ValueError:
        shown = path
    return module, shown.as_posix()
