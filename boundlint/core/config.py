"""`[tool.boundlint]` in pyproject.toml: reading, validating, defaults.

Every key is checked: an unknown key or a value of the wrong type is an error
that names the key, because a typo in a linter's configuration silently turns
a check off.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

DEFAULT_MAX_CHARS = 16_000
MAX_BUDGET = 100_000_000
CONFIDENCES = ("low", "medium", "high")
FIX_STYLES = ("auto", "call", "decorator", "checkpoint")
FIELD_FIXES = ("truncate", "reject")
DEFAULT_EXCLUDES = (
    ".git",
    ".hg",
    ".svn",
    ".venv",
    "venv",
    ".env",
    "env",
    "__pycache__",
    ".tox",
    ".nox",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    ".boundlint_cache",
    "build",
    "dist",
    "node_modules",
    "site-packages",
    ".eggs",
    "*.egg-info",
    # Other projects' code copied in (pip's `_vendor/`, a `third_party/` folder): its authors
    # decide its cuts and decodes, and no tool of this project is defined there. (Not `vendor`,
    # which is as often a project's own package about vendors.)
    "_vendor",
    "_vendored",
    "vendored",
    "third_party",
    "_third_party",
    # A project template's folders and files (`{{cookiecutter.project_slug}}/`, copier's
    # `{{ name }}.py.jinja`): Python only once filled in, so every file there is a parse error.
    "*{{*",
)


DECORATORS = "extend-tool-decorators"
BASE_CLASSES = "extend-tool-base-classes"
CHECKPOINTS = "extend-checkpoints"
TOOL_METHODS = "extend-tool-methods"
TOOL_FUNCTIONS = "extend-tool-functions"


class ConfigError(Exception):
    """A configuration problem, worded for the user."""


@dataclass
class Config:
    root: Path = field(default_factory=Path.cwd)
    source: Path | None = None  # the file the configuration came from
    select: list[str] = field(default_factory=lambda: ["BL"])
    ignore: list[str] = field(default_factory=list)
    extend_select: list[str] = field(default_factory=list)
    exclude: list[str] = field(default_factory=lambda: list(DEFAULT_EXCLUDES))
    extend_exclude: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    respect_gitignore: bool = True
    extend_tool_decorators: list[str] = field(default_factory=list)
    extend_tool_base_classes: list[tuple[str, str]] = field(default_factory=list)
    extend_checkpoints: list[str] = field(default_factory=list)
    extend_tool_methods: list[tuple[str, str]] = field(default_factory=list)  # (class, method)
    # glob patterns over `module.function` (`myco.tools.*.handle_*`): functions a loader registers
    extend_tool_functions: list[str] = field(default_factory=list)
    min_confidence: str = "medium"
    # The least confidence of a finding `boundlint fix` fixes (and `[*]` marks): a fix on a value
    # that is probably small is one a reviewer rejects (`benchmarks/reviewed/*fix-hunks*`).
    fix_min_confidence: str = "high"
    max_chars: int = DEFAULT_MAX_CHARS
    # Whether `max-chars` was set; when not, `fix` writes what the project's local model holds
    # (`project.model_context`).
    max_chars_set: bool = field(default=False, metadata={"key": None})  # not a key of its own
    # "auto": the call style, and one adapter for a server or agent with many tools to fix (`edit.install`)
    fix_style: str = "auto"
    field_fix: str = "truncate"
    # The module fixes import the runtime's names from (`boundlint runtime vendor` writes one);
    # None: the `boundlint_runtime` package.
    runtime_module: str | None = None
    cache_dir: str = ".boundlint_cache"  # relative to the configuration's folder

    def named_entries(self) -> list[str]:
        """Every configured name the checker looks for, as `"key: entry"` (a class once)."""
        classes = dict.fromkeys(class_name for class_name, _ in self.extend_tool_base_classes)
        return [
            *(f"{DECORATORS}: {entry}" for entry in self.extend_tool_decorators),
            *(f"{BASE_CLASSES}: {entry}" for entry in classes),
            *(f"{CHECKPOINTS}: {entry}" for entry in self.extend_checkpoints),
            *(f"{TOOL_METHODS}: {cls}.{method}" for cls, method in self.extend_tool_methods),
            *(f"{TOOL_FUNCTIONS}: {entry}" for entry in self.extend_tool_functions),
        ]

    def cache_path(self) -> Path:
        return self.root / self.cache_dir

    def with_overrides(self, **changes: Any) -> Config:
        return replace(self, **{key: value for key, value in changes.items() if value is not None})


def _strings(key: str, value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"[tool.boundlint] {key}: expected a list of strings, got {_describe(value)}")
    return list(value)


def _choice(key: str, value: Any, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise ConfigError(
            f"[tool.boundlint] {key}: expected one of {', '.join(map(repr, choices))}, got {_describe(value)}"
        )
    return str(value)


def _budget(key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_BUDGET:
        raise ConfigError(f"[tool.boundlint] {key}: expected an integer from 1 to {MAX_BUDGET}, got {_describe(value)}")
    return value


def _boolean(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"[tool.boundlint] {key}: expected true or false, got {_describe(value)}")
    return value


def _path_string(key: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip() or "\0" in value:
        raise ConfigError(f"[tool.boundlint] {key}: expected a folder path, got {_describe(value)}")
    return value


def _dotted_names(key: str, value: Any) -> list[str]:
    names = _strings(key, value)
    for name in names:
        if not all(part.isidentifier() for part in name.split(".")):
            raise ConfigError(f"[tool.boundlint] {key}: {name!r} is not a dotted name such as 'mypkg.tools.tool'")
    return names


def _dotted_name(key: str, value: Any) -> str:
    if not isinstance(value, str) or not all(part.isidentifier() for part in value.split(".")):
        raise ConfigError(
            f"[tool.boundlint] {key}: expected a module name such as 'myproj.bounds', got {_describe(value)}"
        )
    return value


def _base_classes(key: str, value: Any) -> list[tuple[str, str]]:
    entries = []
    for entry in _strings(key, value):
        cls, sep, method = entry.partition(":")
        if not sep or not method.isidentifier() or not all(p.isidentifier() for p in cls.split(".")):
            raise ConfigError(f"[tool.boundlint] {key}: {entry!r} should be 'module.Class:method'")
        entries.append((cls, method))
    return entries


def _tool_methods(key: str, value: Any) -> list[tuple[str, str]]:
    entries = []
    for entry in _dotted_names(key, value):
        cls, _, method = entry.rpartition(".")
        if not cls:
            raise ConfigError(f"[tool.boundlint] {key}: {entry!r} should be 'module.Class.method'")
        entries.append((cls, method))
    return entries


def _function_patterns(key: str, value: Any) -> list[str]:
    """`"myco.tools.*.handle_*"`: a module and a function name, each part a name or a glob of one."""
    patterns = _strings(key, value)
    for pattern in patterns:
        parts = pattern.split(".")
        if len(parts) < 2 or not all(_GLOB_PART.fullmatch(part) for part in parts):
            raise ConfigError(
                f"[tool.boundlint] {key}: {pattern!r} should be 'module.function', "
                "each part a name or a glob such as 'myco.tools.*.handle_*'"
            )
    return patterns


_GLOB_PART = re.compile(r"[\w*?\[\]!]+")


def _per_file_ignores(key: str, value: Any) -> dict[str, list[str]]:
    if not isinstance(value, dict):
        raise ConfigError(f"[tool.boundlint] {key}: expected a table of glob = [codes], got {_describe(value)}")
    return {str(pattern): _codes(f"{key}.{pattern!r}", codes) for pattern, codes in value.items()}


def _codes(key: str, value: Any) -> list[str]:
    codes = _strings(key, value)
    for code in codes:
        if not is_code_selector(code):
            raise ConfigError(
                f"[tool.boundlint] {key}: {code!r} is not a rule code or prefix such as 'BL001' or 'BL00'"
            )
    return codes


def is_code_selector(code: str) -> bool:
    return code == "ALL" or (code.startswith("BL") and code[2:].isdigit() and len(code) <= 5) or code == "BL"


_READERS = {
    "select": ("select", _codes),
    "ignore": ("ignore", _codes),
    "extend-select": ("extend_select", _codes),
    "exclude": ("exclude", _strings),
    "extend-exclude": ("extend_exclude", _strings),
    "per-file-ignores": ("per_file_ignores", _per_file_ignores),
    "respect-gitignore": ("respect_gitignore", _boolean),
    "extend-tool-decorators": ("extend_tool_decorators", _dotted_names),
    "extend-tool-base-classes": ("extend_tool_base_classes", _base_classes),
    "extend-checkpoints": ("extend_checkpoints", _dotted_names),
    "extend-tool-methods": ("extend_tool_methods", _tool_methods),
    "extend-tool-functions": ("extend_tool_functions", _function_patterns),
    "min-confidence": ("min_confidence", lambda k, v: _choice(k, v, CONFIDENCES)),
    "fix-min-confidence": ("fix_min_confidence", lambda k, v: _choice(k, v, CONFIDENCES)),
    "max-chars": ("max_chars", _budget),
    "fix-style": ("fix_style", lambda k, v: _choice(k, v, FIX_STYLES)),
    "field-fix": ("field_fix", lambda k, v: _choice(k, v, FIELD_FIXES)),
    "runtime-module": ("runtime_module", _dotted_name),
    "cache-dir": ("cache_dir", lambda k, v: _path_string(k, v)),
}
KNOWN_KEYS = tuple(_READERS)


def config_from_table(table: Any, root: Path, source: Path | None) -> Config:
    return Config(root=root, source=source, **_settings(table))


def with_settings(config: Config, setting: str) -> Config:
    """`config` with one `--config "KEY = VALUE"` setting (TOML, as in `[tool.boundlint]`)."""
    try:
        table = parse_toml(setting)
    except ValueError as error:
        raise ConfigError(f"--config {setting!r}: not a file, nor a `KEY = VALUE` setting in TOML ({error})") from None
    try:
        return replace(config, **_settings(table))
    except ConfigError as error:
        raise ConfigError(f"--config {setting!r}: {error}") from None


def _settings(table: Any) -> dict[str, Any]:
    if not isinstance(table, dict):
        raise ConfigError(f"[tool.boundlint] must be a table, got {_describe(table)}")
    values: dict[str, Any] = {}
    for key, value in table.items():
        if key not in _READERS:
            import difflib  # here: only a mistyped key needs it

            hint = difflib.get_close_matches(str(key)[:100], KNOWN_KEYS, n=1)
            suggestion = f" (did you mean {hint[0]!r}?)" if hint else ""
            shown = repr(key) if len(str(key)) <= 60 else repr(str(key)[:57] + "...")
            raise ConfigError(f"[tool.boundlint] unknown key {shown}{suggestion}")
        attribute, reader = _READERS[key]
        values[attribute] = reader(key, value)
    if "max_chars" in values:
        values["max_chars_set"] = True
    return values


def parse_toml(text: str) -> dict[str, Any]:
    """TOML text as a table; a ValueError (tomllib's TOMLDecodeError) when it is not TOML."""
    # Imported here: a tree with no configuration file never needs a TOML parser.
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on 3.10 only
        import tomli as tomllib
    return tomllib.loads(text)


def load_file(path: Path) -> Config:
    try:
        data = parse_toml(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ConfigError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not valid UTF-8") from None
    except ValueError as error:
        raise ConfigError(f"{path} is not valid TOML: {error}") from None
    tool = data.get("tool", {})
    if not isinstance(tool, dict):
        raise ConfigError(f"{path}: [tool] must be a table")
    table = tool.get("boundlint", {})
    try:
        return config_from_table(table, path.parent.resolve(), path)
    except ConfigError as error:
        raise ConfigError(f"{path}: {error}") from None


def find_config_file(start: Path) -> Path | None:
    """The nearest pyproject.toml with a [tool.boundlint] table, walking up."""
    directory = start.resolve()
    if directory.is_file():
        directory = directory.parent
    for candidate_dir in [directory, *directory.parents]:
        candidate = candidate_dir / "pyproject.toml"
        if candidate.is_file() and _has_boundlint_table(candidate):
            return candidate
    return None


def _has_boundlint_table(path: Path) -> bool:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return "[tool.boundlint" in text or "boundlint" in text and "[tool]" in text


def load_config(explicit: Path | None, start: Path, isolated: bool = False) -> Config:
    """The configuration of the project `start` is in (or of the file `explicit`); with
    `isolated`, the defaults, whatever files there are."""
    if isolated:
        return Config(root=(start if start.is_dir() else start.parent).resolve())
    if explicit is not None:
        if not explicit.is_file():
            raise ConfigError(f"--config: {explicit} does not exist")
        return load_file(explicit)
    found = find_config_file(start)
    if found is None:
        return Config(root=_root_without_config(start))
    return load_file(found)


# What marks the top of a project: where the checker looks for the rest of it.
PROJECT_MARKERS = (".git", "pyproject.toml")


def nearest_holding(start: Path, markers: tuple[str, ...]) -> Path | None:
    """`start` or the nearest folder above it that holds one of `markers`."""
    for directory in [start, *start.parents]:
        if any(os.path.exists(os.path.join(directory, marker)) for marker in markers):
            return directory
    return None


def _root_without_config(start: Path) -> Path:
    """The root of a project with no [tool.boundlint] table: its top (`PROJECT_MARKERS`), else
    `start`'s folder. A file named on the command line (pre-commit names every one) is then
    checked as part of its project: the cache, the dependency files and `examples/` are the
    project's, not those of the file's folder."""
    directory = (start if start.is_dir() else start.parent).resolve()
    return nearest_holding(directory, PROJECT_MARKERS) or directory


def _describe(value: Any) -> str:
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{type(value).__name__} {text}"
