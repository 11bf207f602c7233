"""Rendering the tool inventory: a terminal table, a markdown risk table, JSON."""

from __future__ import annotations

import json
from collections import Counter
from typing import TYPE_CHECKING, TextIO

from boundlint.core.findings import Finding

if TYPE_CHECKING:
    from boundlint.core.result import ToolRow

HEADERS = ("Tool", "Framework", "Declared as", "Location", "Returns", "Bounded", "By", "Budget", "Findings")
# Terminal cells longer than this are cut (markdown and JSON keep everything).
MAX_CELL = {"Returns": 60, "By": 40, "Tool": 40, "Declared as": 28, "Findings": 36}


def _cells(row: ToolRow) -> list[str]:
    location = f"{row.file}:{row.line}"
    form = f"{row.form} ({row.declared_in})" if row.declared_in else row.form
    return [
        row.tool,
        row.framework,
        form,
        location,
        "; ".join(row.returns),
        row.bounded,
        "; ".join(row.bounded_by),
        ", ".join(row.budget) or "-",
        _findings(row) or "-",
    ]


def _findings(row: ToolRow) -> str:
    own = [f"{f.code}@{f.line}" for f in row.findings]
    contract = Counter(f.code for f in row.contract_findings)
    if contract:
        own.append("contract " + " ".join(f"{code}x{count}" for code, count in sorted(contract.items())))
    return ", ".join(own)


def summary(rows: list[ToolRow]) -> str:
    counts = Counter(row.bounded for row in rows)
    parts = [
        f"{counts[status]} {label}"
        for status, label in (
            ("yes", "bounded"),
            ("no", "unbounded"),
            ("cut silently", "cut silently"),
            ("not analysed", "not analysed"),
        )
        if counts[status]
    ]
    with_findings = sum(1 for row in rows if row.findings or row.contract_findings)
    tools = f"{len(rows)} tool{'s' if len(rows) != 1 else ''}"
    return f"{tools}: {', '.join(parts) or 'none found'}; {with_findings} with findings."


# Columns given up, in this order, when the table is wider than the terminal; then `Returns`
# and `Tool` get narrower. What is left answers "which tool, unbounded by what, which finding".
DROPPED_FIRST = ("Declared as", "Budget", "Framework", "By", "Location")
NARROWEST = {"Returns": 24, "Tool": 16, "Findings": 16}


def write_table(rows: list[ToolRow], out: TextIO, width: int | None = None) -> None:
    """The table; within `width` characters when given (a terminal's), dropping columns then
    cutting cells. Markdown and JSON keep everything."""
    headers = list(HEADERS)
    table = [headers] + [[_clip(HEADERS[i], cell) for i, cell in enumerate(_cells(row))] for row in rows]
    if width is not None:
        headers, table = _fit(headers, table, width)
    widths = [max(len(line[i]) for line in table) for i in range(len(headers))]
    for number, line in enumerate(table):
        out.write("  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=False)).rstrip() + "\n")
        if number == 0:
            out.write("  ".join("-" * width for width in widths) + "\n")
    out.write(summary(rows) + "\n")


def _fit(headers: list[str], table: list[list[str]], width: int) -> tuple[list[str], list[list[str]]]:
    def total(rows: list[list[str]]) -> int:
        return sum(max(len(line[i]) for line in rows) for i in range(len(rows[0]))) + 2 * (len(rows[0]) - 1)

    for name in DROPPED_FIRST:
        if total(table) <= width:
            break
        index = headers.index(name)
        table = [line[:index] + line[index + 1 :] for line in table]
        headers = table[0]
    for name, narrowest in NARROWEST.items():
        excess = total(table) - width
        if excess <= 0:
            break
        index = headers.index(name)
        current = max(len(line[index]) for line in table)
        limit = max(narrowest, current - excess)
        table = [
            [cell if i != index or len(cell) <= limit else cell[: limit - 1] + "…" for i, cell in enumerate(line)]
            for line in table
        ]
    return headers, table


def _clip(header: str, cell: str) -> str:
    limit = MAX_CELL.get(header)
    return cell if limit is None or len(cell) <= limit else cell[: limit - 1] + "…"


def write_markdown(rows: list[ToolRow], out: TextIO) -> None:
    out.write("| " + " | ".join(HEADERS) + " |\n")
    out.write("|" + "---|" * len(HEADERS) + "\n")
    for row in rows:
        out.write("| " + " | ".join(_markdown_cell(cell) for cell in _cells(row)) + " |\n")
    out.write("\n" + summary(rows) + "\n")


def _markdown_cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def write_json(rows: list[ToolRow], out: TextIO) -> None:
    json.dump([row.to_json() for row in rows], out, indent=2, ensure_ascii=False)
    out.write("\n")


INVENTORY_WRITERS = {"table": write_table, "markdown": write_markdown, "json": write_json}

__all__ = ["INVENTORY_WRITERS", "Finding", "summary"]
