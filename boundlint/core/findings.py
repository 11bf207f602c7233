"""A finding: one thing a rule reports, where, and how sure it is."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

# `low` is reported only when asked for (`--min-confidence low`): a reviewer agrees with it
# less often than not.
CONFIDENCE_ORDER = {"low": 0, "medium": 1, "high": 2}


def lower_confidence(confidence: str) -> str:
    """One level less sure: `high` -> `medium` -> `low`."""
    order = CONFIDENCE_ORDER[confidence]
    return next((c for c, o in CONFIDENCE_ORDER.items() if o == order - 1), confidence)


# How sure a fix is to keep the program's behaviour (ruff's applicability).
SAFE = "safe"
UNSAFE = "unsafe"
# A finding marked with why it has no fix (`Finding.fixable`, shown by `--show-fixes`).
NO_FIX = "none"


@dataclass(frozen=True)
class Finding:
    code: str
    name: str
    message: str
    filename: str
    line: int
    column: int  # 1-based, as editors show it
    end_line: int
    end_column: int
    symbol: str | None
    confidence: str
    fix: dict[str, Any] | None = field(default=None, compare=False)
    # What its fix would be ({"applicability", "message"}), when the run asked (`Request.fixable`):
    # the text output's `[*]`. Not in the JSON, whose `fix` carries the whole fix.
    fixable: dict[str, str] | None = field(default=None, compare=False)

    def sort_key(self) -> tuple[str, int, int, str, str, str]:
        # Symbol and message last: two tools made on one line still come out in one order.
        return (self.filename, self.line, self.column, self.code, self.symbol or "", self.message)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        del data["fixable"]
        return data
