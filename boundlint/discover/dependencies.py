"""The oldest version of a package the project being checked lets itself run with.

A fix that relies on an API a package added in some version (FastMCP's
`middleware=` came in 2.9) breaks a project that still allows an older one. The
requirement is read, as text, where a Python project declares it: PEP 621
`[project]` dependencies and optional dependencies and Poetry's tables in
`pyproject.toml`, `setup.cfg`, `setup.py`, `Pipfile` and `requirements*.txt`. Only the lower bound matters
(`>=2.8`, `==2.8.0`, `~=2.8`, Poetry's `^2.8`); a requirement without one
allows any version, the newest included, and says nothing here. A lock file
(`uv.lock`, `poetry.lock`) names the one version that runs. In a tree of several
projects (a folder of agents, each with its own `requirements.txt`), a module's
are those of its own folder and of each folder above it.
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path

Version = tuple[int, ...]

# `fastmcp>=2.8.0,<3`, `"fastmcp[cli] == 2.8.0"`, `fastmcp = "^2.8"`: the name, then its specifiers.
_LOWER_BOUND = re.compile(r"(?:>=|==|~=|\^|>)\s*([0-9]+(?:\.[0-9]+)*)")


# Where a project declares what it needs, besides `requirements*.txt`.
DECLARING_FILES = ("pyproject.toml", "setup.cfg", "setup.py", "Pipfile", "uv.lock", "poetry.lock")


def declared_minimum(texts: list[str], package: str) -> Version | None:
    """The lowest lower bound the project's dependency files (`declaring_texts`) give `package`, or
    None when none gives one (not declared, or declared without a lower bound)."""
    found = [bound for text in texts for bound in _lower_bounds(text, package)]
    return min(found) if found else None


def parse_version(text: str) -> Version:
    """`2.9.0` -> (2, 9): without trailing zeros, so that `2.9` and `2.9.0` compare equal (as
    tuples, (2, 9) < (2, 9, 0), and a project's `>=2.9` would count as older than 2.9.0)."""
    parts = [int(part) for part in text.split(".")]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def declaring_texts(root: Path) -> list[str]:
    """The text of each file of the project at `root` that declares its dependencies."""
    paths = [root / name for name in DECLARING_FILES]
    paths += sorted(root.glob("requirements*.txt")) + sorted(root.glob("requirements/*.txt"))
    texts = []
    for path in paths:
        try:
            texts.append(_decoded(path.read_bytes()))
        except OSError:
            continue
    return texts


def _decoded(data: bytes) -> str:
    """A dependency file's text: UTF-8, or UTF-16 as Windows' `pip freeze > requirements.txt`
    writes it (with a byte order mark, or without one: every other byte a NUL)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16", errors="replace")
    if data[1::2].count(0) > len(data) // 4:
        return data.decode("utf-16-le", errors="replace")
    if data[0::2].count(0) > len(data) // 4:
        return data.decode("utf-16-be", errors="replace")
    return data.decode("utf-8-sig", errors="replace")


def folders_between(root: Path, folder: Path) -> list[Path]:
    """`folder` and each folder above it, up to `root` but not `root` itself; none when `folder` is
    not inside `root`."""
    root, folder = root.resolve(), folder.resolve()
    if folder == root or root not in folder.parents:
        return []
    return [folder, *[above for above in folder.parents if root in above.parents]]


def _lower_bounds(text: str, package: str) -> list[Version]:
    # The package's name where a requirement starts (a quote, a line start), in either spelling,
    # with extras, up to the end of that requirement (its quote, comma-free line end).
    spelled = "".join("[-_.]" if char in "-_." else re.escape(char) for char in package)
    pattern = re.compile(
        rf"""(?:^|["'\s]){spelled}(?![\w.-])(?:\[[^\]]*\])?[ \t]*(?:=(?!=)[ \t]*["']?)?(?P<spec>[^"'#\n]*)""",
        re.IGNORECASE | re.MULTILINE,
    )
    # Poetry's table form: `fastmcp = { version = ">=2.7", extras = ["cli"] }`.
    table = re.compile(rf"""^[ \t]*{spelled}[ \t]*=[ \t]*\{{[^}}]*?version\s*=\s*["'](?P<spec>[^"']*)""", re.I | re.M)
    # A lock file's entry: `name = "fastmcp"` then `version = "2.8.0"`, the version installed.
    locked = re.compile(
        rf"""^name[ \t]*=[ \t]*["']{spelled}["'][ \t]*\r?\nversion[ \t]*=[ \t]*["'](?P<v>[0-9]+(?:\.[0-9]+)*)""",
        re.I | re.M,
    )
    bounds = [parse_version(match.group("v")) for match in locked.finditer(text)]
    for match in [*pattern.finditer(text), *table.finditer(text)]:
        bound = _LOWER_BOUND.search(match.group("spec"))
        if bound is not None:
            bounds.append(parse_version(bound.group(1)))
    return bounds
