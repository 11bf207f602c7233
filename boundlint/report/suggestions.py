"""`boundlint inventory --suggest`: in-house tool bases, decorators and name patterns, and the lines
that turn them on."""

from __future__ import annotations

import json
from typing import TextIO

from boundlint.find.suggest import Suggestion


def write_suggestions(suggestions: list[Suggestion], out: TextIO, output_format: str) -> None:
    if output_format == "json":
        json.dump([item.to_json() for item in suggestions], out, indent=2)
        out.write("\n")
        return
    if not suggestions:
        out.write("No in-house tool bases or decorators found.\n")
        return
    for item in suggestions:
        uses = _USES[item.kind]
        out.write(f"{item.kind} `{item.value}`: {item.count} {uses}, e.g. {', '.join(item.examples)}\n")
    out.write("\nIf these are tools your agents call, add to pyproject.toml:\n\n[tool.boundlint]\n")
    for key in sorted({item.key for item in suggestions}):
        values = ", ".join(f'"{item.value}"' for item in suggestions if item.key == key)
        out.write(f"{key} = [{values}]\n")


_USES = {
    "base class": "subclasses define it",
    "decorator": "functions carry it",
    "function names": "documented functions match it, which a loader picks by name",
    "method names": "methods match it, which a dispatcher reaches by a name it formats",
}
