"""Fixed files written as the project's formatter writes them.

A fix inserts a call (`truncate_text(..., max_chars=16_000)`) into a line; the
line may now be longer than the project allows, and `ruff format --check` or
`black --check` in its CI would fail on code it did not write. When the
project configures ruff (`[tool.ruff]`, `ruff.toml`) or black (`[tool.black]`)
and the file was already formatted, the fixed text is passed through that
formatter, which then changes only what the fix touched. A file the formatter
would already have changed is left as the fix made it: reformatting it would
rewrite lines nobody asked about. Without the formatter installed, the text is
written as fixed, and the caller says so once.
"""

from __future__ import annotations

import functools
import importlib.util
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from boundlint.core.config import parse_toml

TIMEOUT_SECONDS = 60
DEFAULT_LINE_LENGTH = 88


@dataclass
class ProjectFormatter:
    name: str  # "ruff" or "black"
    command: list[str] | None  # None: configured, but not installed here
    root: Path
    _clean: dict[Path, bool] = field(default_factory=dict)

    def format(self, path: Path, text: str) -> str | None:
        """`text` as the formatter writes it, or None when it cannot say (a syntax it rejects)."""
        assert self.command is not None
        stdin = ["--stdin-filename", str(path), "-"]
        args = [*self.command, "format", *stdin] if self.name == "ruff" else [*self.command, "-q", *stdin]
        try:
            done = subprocess.run(
                args, input=text, capture_output=True, text=True, cwd=self.root, timeout=TIMEOUT_SECONDS, check=False
            )
        except (OSError, subprocess.SubprocessError):
            return None
        return done.stdout if done.returncode == 0 else None

    def reformat(self, path: Path, before: str, after: str) -> str:
        """`after` formatted, when `before` (the file as it was) was formatted already."""
        if path not in self._clean:
            self._clean[path] = self.format(path, before) == before
        if not self._clean[path]:
            return after
        formatted = self.format(path, after)
        return formatted if formatted is not None else after


class Formatters:
    """The formatter each fixed file's project configures (nearest `pyproject.toml`, `ruff.toml`
    or `.ruff.toml` above it; ruff before black), looked up once per folder."""

    def __init__(self) -> None:
        self._by_folder: dict[Path, ProjectFormatter | None] = {}
        self.missing: set[str] = set()  # configured, not installed: said once by the caller

    def reformat(self, path: Path, before: str, after: str) -> str:
        formatter = self._for_folder(path.resolve().parent)
        if formatter is None:
            return after
        if formatter.command is None:
            self.missing.add(formatter.name)
            return after
        return formatter.reformat(path, before, after)

    def _for_folder(self, folder: Path) -> ProjectFormatter | None:
        if folder not in self._by_folder:
            self._by_folder[folder] = self._configured_in(folder)
        return self._by_folder[folder]

    def _configured_in(self, folder: Path) -> ProjectFormatter | None:
        found = configured_formatter(folder)
        if found is None:
            return None
        name, where, _ = found
        return ProjectFormatter(name, _command(name), where)


def configured_formatter(folder: Path) -> tuple[str, Path, dict[str, object]] | None:
    """The formatter configured nearest above `folder` (`ruff.toml`/`.ruff.toml`, then
    `[tool.ruff]` or `[tool.black]` of `pyproject.toml`): its name, folder and settings. A
    `pyproject.toml` that names neither ends the search: the project's own file says nothing."""
    for candidate in (folder, *folder.parents):
        for name in ("ruff.toml", ".ruff.toml"):
            if (candidate / name).is_file():
                return "ruff", candidate, _read_table(candidate / name)
        pyproject = candidate / "pyproject.toml"
        if pyproject.is_file():
            tool = _tool_tables(pyproject)
            for formatter in ("ruff", "black"):
                settings = tool.get(formatter)
                if isinstance(settings, dict):
                    return formatter, candidate, settings
            return None
        if (candidate / ".git").exists():
            return None
    return None


def first_party_names(root: Path) -> frozenset[str]:
    """The project's own top-level modules, as isort (and ruff's `I` rules) tell them from the
    third-party ones by default: the packages and modules in the project's root and in its `src/`."""
    found: set[str] = set()
    for folder in (root, root / "src"):
        try:
            entries = list(folder.iterdir())
        except OSError:
            continue
        for entry in entries:
            if entry.suffix == ".py" and entry.stem.isidentifier():
                found.add(entry.stem)
            elif entry.name.isidentifier() and (entry / "__init__.py").is_file():
                found.add(entry.name)
    return frozenset(found)


def line_length_for(folder: Path) -> int:
    """The line length the formatter configured for `folder` keeps; 88 (both formatters'
    default) without one."""
    found = configured_formatter(folder)
    value = found[2].get("line-length") if found is not None else None
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 1000:
        return value
    return DEFAULT_LINE_LENGTH


def _tool_tables(pyproject: Path) -> dict[str, object]:
    tool = _read_table(pyproject).get("tool", {})
    return tool if isinstance(tool, dict) else {}


def _read_table(path: Path) -> dict[str, object]:
    try:
        stat = path.stat()
    except OSError:
        return {}
    return _parsed(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=64)
def _parsed(path: Path, mtime_ns: int, size: int) -> dict[str, object]:
    """A configuration file's table, parsed once per version of the file (every fix asks)."""
    try:
        return parse_toml(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # unreadable, not UTF-8, not TOML: nothing said
        return {}


def _command(name: str) -> list[str] | None:
    if importlib.util.find_spec(name) is not None:
        return [sys.executable, "-m", name]
    found = shutil.which(name)
    return [found] if found is not None else None
