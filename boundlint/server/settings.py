"""The editor's settings, in ruff's shape, and how they meet the project's configuration.

A client sends them as `initializationOptions.settings` and again with
`workspace/didChangeConfiguration` (either bare, or under `settings` or
`boundlint`). `pyproject.toml` stays authoritative: an editor setting that
also exists in `[tool.boundlint]` applies only where the project's
configuration leaves that key at its default. A bad value is reported and
the default kept; the server goes on.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from boundlint.core.config import Config
from boundlint.core.findings import CONFIDENCE_ORDER
from boundlint.core.selection import unknown_selector
from boundlint.rules import RULE_CODES

RUN_ON = ("onType", "onSave")
DEFAULT_DEBOUNCE_MS = 400
MIN_DEBOUNCE_MS, MAX_DEBOUNCE_MS = 0, 5_000


@dataclass(frozen=True)
class ServerSettings:
    enable: bool = True
    min_confidence: str | None = None  # None: the project's (default "medium")
    select: list[str] | None = None
    extend_select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    fix_all: bool = True  # offer `source.fixAll.boundlint`
    unsafe_fixes: bool = False  # offer unsafe fixes as quick fixes (never preferred, never in fix-all)
    run: str = "onType"  # or "onSave": analyse only when a file is opened or saved
    debounce_ms: int = DEFAULT_DEBOUNCE_MS
    rule_docs_url: str | None = None  # e.g. "https://example.org/rules/{code}.html"; None: a local page

    def apply_to(self, config: Config) -> Config:
        """`config` with these settings where the project's configuration keeps the default."""
        default = Config(root=config.root)
        changes: dict[str, Any] = {}
        if self.min_confidence is not None and config.min_confidence == default.min_confidence:
            changes["min_confidence"] = self.min_confidence
        if self.select is not None and config.select == default.select:
            changes["select"] = self.select
        if self.extend_select and config.extend_select == default.extend_select:
            changes["extend_select"] = self.extend_select
        if self.ignore and config.ignore == default.ignore:
            changes["ignore"] = self.ignore
        return config.with_overrides(**changes)


# The settings' names as a client sends them (camelCase, as ruff's), and how to read each.
_KEYS = {
    "enable": "enable",
    "minConfidence": "min_confidence",
    "select": "select",
    "extendSelect": "extend_select",
    "ignore": "ignore",
    "fixAll": "fix_all",
    "unsafeFixes": "unsafe_fixes",
    "run": "run",
    "debounce": "debounce_ms",
    "ruleDocsUrl": "rule_docs_url",
}


def unwrap(sent: Any) -> Any:
    """The settings inside what a client sent: `{"settings": ...}` or `{"boundlint": ...}` or bare."""
    while isinstance(sent, dict):
        inner = sent.get("settings", sent.get("boundlint"))
        if not isinstance(inner, dict):
            break
        sent = inner
    return sent


def read_settings(sent: Any) -> tuple[ServerSettings, list[str]]:
    """The settings a client sent, and a message for each value that was ignored."""
    sent = unwrap(sent)
    if sent is None:
        return ServerSettings(), []
    if not isinstance(sent, dict):
        return ServerSettings(), [f"settings must be an object, not {type(sent).__name__}"]
    values: dict[str, Any] = {}
    problems: list[str] = []
    for key, value in sent.items():
        name = _KEYS.get(key, key if key in {f.name for f in fields(ServerSettings)} else None)
        if name is None:
            problems.append(f"unknown setting {key!r} (known: {', '.join(_KEYS)})")
            continue
        try:
            values[name] = _READERS[name](key, value)
        except ValueError as error:
            problems.append(str(error))
    return ServerSettings(**values), problems


def _boolean(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"setting {key!r} must be true or false, not {value!r}")
    return value


def _confidence(key: str, value: Any) -> str | None:
    if value is None:
        return None
    if value not in CONFIDENCE_ORDER:
        raise ValueError(f"setting {key!r} must be one of {', '.join(CONFIDENCE_ORDER)}, not {value!r}")
    return str(value)


def _selectors(key: str, value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError(f"setting {key!r} must be a list of rule codes, not {value!r}")
    for selector in value:
        problem = unknown_selector(selector.upper(), RULE_CODES)
        if problem is not None:
            raise ValueError(f"setting {key!r}: {problem}")
    return [item.upper() for item in value]


def _optional_selectors(key: str, value: Any) -> list[str] | None:
    return None if value is None else _selectors(key, value)


def _run(key: str, value: Any) -> str:
    if value not in RUN_ON:
        raise ValueError(f"setting {key!r} must be one of {', '.join(RUN_ON)}, not {value!r}")
    return str(value)


def _debounce(key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not MIN_DEBOUNCE_MS <= value <= MAX_DEBOUNCE_MS:
        raise ValueError(f"setting {key!r} must be milliseconds from {MIN_DEBOUNCE_MS} to {MAX_DEBOUNCE_MS}")
    return value


def _url(key: str, value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or "{code}" not in value:
        raise ValueError(f"setting {key!r} must be a URL with {{code}} in it, such as https://example.org/{{code}}")
    return value


_READERS = {
    "enable": _boolean,
    "min_confidence": _confidence,
    "select": _optional_selectors,
    "extend_select": _selectors,
    "ignore": _selectors,
    "fix_all": _boolean,
    "unsafe_fixes": _boolean,
    "run": _run,
    "debounce_ms": _debounce,
    "rule_docs_url": _url,
}
