"""What a fix is: a replacement of one node, the names it needs, and how safe it is.

A fix is planned against the tree the checker analysed. It names the node it
replaces (`target`), builds the replacement from the node as it stands after
the fixes nested inside it (`build`), and lists the runtime, typing or
pydantic names the new code refers to (`symbols`). Applying fixes, adding the
imports and turning the result into text edits happen in `boundlint.fix.apply`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import libcst as cst

from boundlint.core.findings import SAFE as SAFE  # re-exported: the fixes name applicability from here
from boundlint.core.findings import UNSAFE as UNSAFE
from boundlint.core.findings import Finding
from boundlint.project.module import ModuleInfo


@dataclass(frozen=True)
class Symbol:
    """A name the fixed code refers to: `module.name`, also exported by `also`."""

    module: str
    name: str
    also: tuple[str, ...] = ()

    @property
    def modules(self) -> tuple[str, ...]:
        return (self.module, *self.also)


TRUNCATE_TEXT = Symbol("boundlint_runtime", "truncate_text", ("boundlint_runtime.text",))
TRUNCATE_FOR_LLM = Symbol("boundlint_runtime", "truncate_for_llm", ("boundlint_runtime.structure",))
TRUNCATE_JSON = Symbol("boundlint_runtime", "truncate_json", ("boundlint_runtime.jsontext",))
BOUNDED = Symbol("boundlint_runtime", "bounded", ("boundlint_runtime.decorator",))
TRUNCATED = Symbol("boundlint_runtime.pydantic", "Truncated")
TRUNCATED_ITEMS = Symbol("boundlint_runtime.pydantic", "TruncatedItems")
ANNOTATED = Symbol("typing", "Annotated", ("typing_extensions",))
# Not imported: how the fixed code spells the configured budget (a literal, or the module's constant).
BUDGET = Symbol("", "max-chars")
FIELD = Symbol("pydantic", "Field", ("pydantic.fields",))

# Local spellings of the symbols a fix uses, e.g. {TRUNCATE_TEXT: "_bl_truncate_text"}.
Names = Mapping[Symbol, str]
Builder = Callable[[cst.CSTNode, Names], cst.CSTNode]


@dataclass
class Candidate:
    """One finding's fix, not yet applied."""

    finding: Finding
    module: ModuleInfo
    target: cst.CSTNode  # the node of `module.tree` the fix replaces
    build: Builder
    applicability: str  # SAFE or UNSAFE
    message: str
    symbols: tuple[Symbol, ...] = ()
    budget: str | None = None  # the configured budget's literal, when the fix writes it (`names[BUDGET]`)
    # Fixes with the same key make the same change (e.g. one `@bounded` for
    # several returns of a tool): applied once.
    key: tuple[Any, ...] = ()

    def allowed(self, unsafe: bool) -> bool:
        return self.applicability == SAFE or unsafe


class NoFixError(Exception):
    """Raised while planning a fix: the finding has no automatic fix, for this reason."""


@dataclass(frozen=True)
class NoFix:
    """Why a finding has no automatic fix."""

    finding: Finding
    reason: str


@dataclass(frozen=True)
class Edit:
    """Replace `start`..`end` (1-based row and column, end exclusive) with `content`."""

    content: str
    start: tuple[int, int]
    end: tuple[int, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "location": {"row": self.start[0], "column": self.start[1]},
            "end_location": {"row": self.end[0], "column": self.end[1]},
        }


@dataclass(frozen=True)
class Fix:
    """A fix as reported: ruff's JSON shape (`applicability`, `message`, `edits`)."""

    applicability: str
    message: str
    edits: tuple[Edit, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        return {
            "applicability": self.applicability,
            "message": self.message,
            "edits": [edit.to_json() for edit in self.edits],
        }
