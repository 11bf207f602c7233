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

import importlib.util
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from boundlint.core.config import parse_toml

TIMEOUT_SECONDS = 60


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
        if (folder / "ruff.toml").is_file() or (folder / ".ruff.toml").is_file():
            return ProjectFormatter("ruff", _command("ruff"), folder)
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file():
            tool = _tool_tables(pyproject)
            if "ruff" in tool:
                return ProjectFormatter("ruff", _command("ruff"), folder)
            if "black" in tool:
                return ProjectFormatter("black", _command("black"), folder)
            return None  # the project's own file says nothing: no formatter is assumed
        if (folder / ".git").exists() or folder.parent == folder:
            return None
        return self._for_folder(folder.parent)


def _tool_tables(pyproject: Path) -> dict[str, object]:
    try:
        tool = parse_toml(pyproject.read_text(encoding="utf-8")).get("tool", {})
    except (OSError, ValueError):  # unreadable, not UTF-8, not TOML: no formatter said
        return {}
    return tool if isinstance(tool, dict) else {}


def _command(name: str) -> list[str] | None:
    if importlib.util.find_spec(name) is not None:
        return [sys.executable, "-m", name]
    found = shutil.which(name)
    return [found] if found is not None else None
