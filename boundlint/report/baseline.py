"""Baselines: accept today's findings, fail only on new ones.

A baseline is a JSON file (format version 1):

    {
      "version": 1,
      "tool": "boundlint 0.1.0",
      "entries": [
        {"file": "pkg/tools.py", "code": "BL001", "symbol": "fetch_page",
         "text": "return resp.text", "count": 1}
      ]
    }

An entry is keyed on the file (relative to the baseline file's folder, so the
baseline works from any working directory), the rule code, the symbol (the
tool's qualified name; null for parse errors and suppressions) and the text of
the flagged lines with all whitespace collapsed. Line numbers are left out on
purpose: an edit elsewhere in the file moves lines but keeps the key. `count`
holds identical findings (two `return resp.text` in one tool).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boundlint import __version__
from boundlint.core.atomic_write import write_atomically
from boundlint.core.findings import Finding
from boundlint.core.result import CheckResult
from boundlint.parse.source import SourceError, read_source
from boundlint.parse.text import LINE_BREAK

FORMAT_VERSION = 1

Key = tuple[str, str, str | None, str]  # (file, code, symbol, normalised text)
# Python's line breaks; str.splitlines() would also split on form feeds and
# other characters the tokenizer treats as part of a line.


class BaselineError(Exception):
    """The baseline file cannot be used; the message names it."""


@dataclass
class Comparison:
    new: list[Finding]  # not in the baseline: these are reported
    known: int  # findings the baseline accepted
    stale: Counter[Key]  # baseline entries that match no finding any more


# -- keys -------------------------------------------------------------------


class SourceLines:
    """The text of checked files, read once each."""

    def __init__(self) -> None:
        self._texts: dict[str, list[str]] = {}

    def lines(self, filename: str) -> list[str]:
        if filename not in self._texts:
            try:
                self._texts[filename] = LINE_BREAK.split(read_source(Path(filename)).text)
            except SourceError:
                self._texts[filename] = []  # unreadable (BL900): the key falls back to no text
        return self._texts[filename]

    def flagged_text(self, finding: Finding) -> str:
        lines = self.lines(finding.filename)
        selected = lines[finding.line - 1 : max(finding.end_line, finding.line)]
        return " ".join(" ".join(selected).split())


def relative_file(filename: str, base: Path) -> str:
    """A finding's file relative to the baseline's folder, as a POSIX path."""
    absolute = os.path.abspath(filename)
    try:
        return Path(os.path.relpath(absolute, base)).as_posix()
    except ValueError:  # another drive on Windows
        return Path(absolute).as_posix()


def finding_key(finding: Finding, base: Path, sources: SourceLines) -> Key:
    return (relative_file(finding.filename, base), finding.code, finding.symbol, sources.flagged_text(finding))


# -- reading and writing ----------------------------------------------------


def write_baseline(path: Path, result: CheckResult) -> int:
    """Record every finding of `result` in `path`; returns how many were recorded."""
    base = path.absolute().parent
    sources = SourceLines()
    counts = Counter(finding_key(finding, base, sources) for finding in result.findings)
    entries = [
        {"file": file, "code": code, "symbol": symbol, "text": text, "count": count}
        for (file, code, symbol, text), count in sorted(counts.items(), key=lambda item: _sortable(item[0]))
    ]
    document = {"version": FORMAT_VERSION, "tool": f"boundlint {__version__}", "entries": entries}
    write_atomically(path, (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    return len(result.findings)


def load_baseline(path: Path) -> Counter[Key]:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BaselineError(f"baseline file {path} does not exist (create it with --write-baseline {path})") from None
    except OSError as error:
        raise BaselineError(f"cannot read baseline file {path}: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BaselineError(f"baseline file {path} is not valid JSON: {error}") from None
    try:
        return _entries(document)
    except ValueError as error:
        raise BaselineError(f"baseline file {path} is not a boundlint baseline: {error}") from None


def _entries(document: Any) -> Counter[Key]:
    if not isinstance(document, dict) or "entries" not in document:
        raise ValueError("expected an object with 'version' and 'entries'")
    if document.get("version") != FORMAT_VERSION:
        raise ValueError(f"unsupported version {document.get('version')!r} (this boundlint reads {FORMAT_VERSION})")
    if not isinstance(document["entries"], list):
        raise ValueError("'entries' must be a list")
    counts: Counter[Key] = Counter()
    for number, entry in enumerate(document["entries"], 1):
        counts[_entry_key(entry, number)] += entry["count"]
    return counts


def _entry_key(entry: Any, number: int) -> Key:
    if not isinstance(entry, dict):
        raise ValueError(f"entry {number} is not an object")
    for name in ("file", "code", "text"):
        if not isinstance(entry.get(name), str):
            raise ValueError(f"entry {number}: '{name}' must be a string")
    if entry.get("symbol") is not None and not isinstance(entry["symbol"], str):
        raise ValueError(f"entry {number}: 'symbol' must be a string or null")
    count = entry.get("count")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"entry {number}: 'count' must be a positive integer")
    return (entry["file"], entry["code"], entry.get("symbol"), entry["text"])


# -- comparing ----------------------------------------------------------------


def compare(
    result: CheckResult,
    baseline: Counter[Key],
    baseline_path: Path,
    in_scope: Iterable[str] | None = None,
    enabled: Callable[[str], bool] | None = None,
) -> Comparison:
    """Split findings into new and known; leftover entries this run could have matched are stale.

    `in_scope` (display names of the files looked at) and `enabled` (is a
    rule code selected) keep a partial run, such as one file or
    `--select BL001`, from calling every other entry stale.
    """
    base = baseline_path.absolute().parent
    sources = SourceLines()
    remaining = Counter(baseline)
    new: list[Finding] = []
    for finding in result.findings:
        key = finding_key(finding, base, sources)
        if remaining[key] > 0:
            remaining[key] -= 1
        else:
            new.append(finding)
    scope = None if in_scope is None else {relative_file(name, base) for name in in_scope}
    stale = Counter(
        {
            key: count
            for key, count in remaining.items()
            if count > 0 and (scope is None or key[0] in scope) and (enabled is None or enabled(key[1]))
        }
    )
    return Comparison(new, len(result.findings) - len(new), stale)


def _sortable(key: Key) -> tuple[str, str, str, str]:
    file, code, symbol, text = key
    return (file, code, symbol or "", text)
