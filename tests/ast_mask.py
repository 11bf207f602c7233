"""Compare a module's AST before and after fixing, with the nodes the fixes targeted masked.

Standard library only, and no boundlint import: this checks `boundlint fix`
from the outside, from nothing but the fixes it announces (the ruff-shaped
`fix` of each finding in `check --output-format json`) and the two texts.

Targets are positions in the ORIGINAL text (character offsets):

* `spans` (start, end): a replaced region. The smallest node of the original
  that encloses it is a wildcard: it matches whatever sits in the same slot of
  the new tree (`return x` -> `return truncate_text(x, ...)` masks `x`).
* `points`: a pure insertion. At a point, a list field of the original may
  gain elements in the gap that holds the point (a keyword before `)`, a
  decorator above `def`, an element before `]`); a node ending at the point
  may gain an absent optional field (`x: str` -> `x: str = Field(...)`); and
  the innermost expression ending at the point is a wildcard
  (`s[:500]` -> `s[:500 - len(marker)]`).
* `import_points`: where a fix inserts import statements. There, and only
  there, the module body may gain `from M import ...` statements whose names
  are all fix symbols (`FIX_SYMBOLS`), and the budget constant `FIX_CONSTANT = <int>`.
  Independently of any point, a
  module-level `from M import ...` of such a module may gain fix symbols of M.

Everything else must be equal field by field (positions ignored). Each fix
alone (a finding's edits) gives its targets with `targets_from_edits`; the
union of the targets of every fix is then checked against the fixed file with
`compare`, which returns human-readable differences (empty: equal outside the
targets).
"""

from __future__ import annotations

import ast
import bisect
import difflib
import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from boundlint.knowledge.frameworks import ADAPTER_INSTALLS

NEWLINE = re.compile(r"\r\n|\r|\n")

# The budget several fixes of one module share, named once among the imports' neighbours.
FIX_CONSTANT = "MAX_TOOL_OUTPUT_CHARS"
# The names a fix may import, by module (and the local aliases it may give them).
FIX_SYMBOLS: dict[str, frozenset[str]] = {
    "boundlint_runtime": frozenset({"truncate_text", "truncate_for_llm", "truncate_json", "bounded"}),
    "boundlint_runtime.jsontext": frozenset({"truncate_json"}),
    "boundlint_runtime.text": frozenset({"truncate_text"}),
    "boundlint_runtime.structure": frozenset({"truncate_for_llm"}),
    "boundlint_runtime.decorator": frozenset({"bounded"}),
    "boundlint_runtime.pydantic": frozenset({"Truncated", "TruncatedItems"}),
    "typing": frozenset({"Annotated"}),
    "typing_extensions": frozenset({"Annotated"}),
    "pydantic": frozenset({"Field"}),
    "pydantic.fields": frozenset({"Field"}),
}
for _install in ADAPTER_INSTALLS:  # the adapter a fix installs where a server or agent is made
    _module, _name = _install.adapter.rsplit(".", 1)
    FIX_SYMBOLS[_module] = FIX_SYMBOLS.get(_module, frozenset()) | {_name}
_ALIAS = re.compile(r"_bl_(?P<name>[A-Za-z_]+?)(?:_\d+)?")

Edit = tuple[int, int, str]  # (start, end, content): offsets in the original text


@dataclass
class Targets:
    spans: list[tuple[int, int]] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    import_points: list[int] = field(default_factory=list)

    def extend(self, other: Targets) -> None:
        self.spans.extend(other.spans)
        self.points.extend(other.points)
        self.import_points.extend(other.import_points)

    def region(self) -> tuple[int, int] | None:
        """The extent of the non-import targets (None: the fix only imports)."""
        places = [*self.spans, *((p, p) for p in self.points)]
        if not places:
            return None
        return min(s for s, _ in places), max(e for _, e in places)


# -- text positions -----------------------------------------------------------


class Text:
    """A source text with conversions between offsets, (row, column) and `ast` positions."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [m.end() for m in NEWLINE.finditer(text)]

    def offset(self, row: int, column: int) -> int:
        """1-based row and column, in characters (ruff's JSON)."""
        if row - 1 >= len(self.starts):
            return len(self.text)
        return min(self.starts[row - 1] + column - 1, len(self.text))

    def ast_offset(self, lineno: int, col_offset: int) -> int:
        """`ast` positions: 1-based line, 0-based column in UTF-8 bytes."""
        start = self.starts[min(lineno - 1, len(self.starts) - 1)]
        line = self.text[start : start + col_offset]
        if line.isascii():
            return start + col_offset
        return start + len(line.encode("utf-8")[:col_offset].decode("utf-8", "ignore"))

    def statement_start(self, node: ast.stmt, start: int) -> int:
        """Where a statement starts, decorators and indentation included (if it starts its line)."""
        decorators = getattr(node, "decorator_list", None)
        if decorators:
            start = min(start, self.ast_offset(min(d.lineno for d in decorators), 0))
        line = self.line_start(start)
        return line if not self.text[line:start].strip() else start

    def line_start(self, offset: int) -> int:
        return self.starts[bisect.bisect_right(self.starts, offset) - 1]

    def line_end(self, offset: int) -> int:
        """The offset just after the line break of the line holding `offset`."""
        index = bisect.bisect_right(self.starts, offset)
        return self.starts[index] if index < len(self.starts) else len(self.text)


def edits_from_json(original: str, fix: dict[str, Any]) -> list[Edit]:
    """A ruff-shaped `fix` (`edits` with 1-based `location`/`end_location`) as offset edits."""
    text = Text(original)
    return [
        (
            text.offset(e["location"]["row"], e["location"]["column"]),
            text.offset(e["end_location"]["row"], e["end_location"]["column"]),
            e["content"],
        )
        for e in fix["edits"]
    ]


def apply_edits(original: str, edits: Iterable[Edit]) -> str:
    result = original
    for start, end, content in sorted(edits, reverse=True):
        result = result[:start] + content + result[end:]
    return result


# -- the targets of one fix ---------------------------------------------------


def _import_ranges(text: Text, tree: ast.Module) -> list[tuple[int, int]]:
    """Whole lines of each top-level import statement."""
    ranges = []
    for statement in tree.body:
        if isinstance(statement, (ast.Import, ast.ImportFrom)) or _is_fix_constant(statement):
            start = text.line_start(text.ast_offset(statement.lineno, statement.col_offset))
            end = text.line_end(
                text.ast_offset(statement.end_lineno or statement.lineno, statement.end_col_offset or 0)
            )
            ranges.append((start, end))
    return ranges


@functools.lru_cache(maxsize=4)  # a file's fixes are looked at one after the other: parse it once
def _imports_of(text: str) -> list[tuple[int, int]]:
    return _import_ranges(Text(text), ast.parse(text))


def _within(text: str, start: int, end: int, ranges: list[tuple[int, int]]) -> bool:
    """Every non-blank character of text[start:end] lies in one of `ranges`."""
    return all(ch.isspace() or any(a <= start + i < b for a, b in ranges) for i, ch in enumerate(text[start:end]))


def _changes(old: str, new: str, edits: list[Edit]) -> list[tuple[int, int, int, int]]:
    """(old start, old end, new start, new end) of each changed piece: lines first, then characters."""
    old_text = Text(old)
    groups: list[list[Edit]] = []
    for edit in sorted(edits):
        if groups and old_text.line_start(edit[0]) < old_text.line_end(max(e[1] for e in groups[-1])):
            groups[-1].append(edit)
        else:
            groups.append([edit])
    changes = []
    shift = 0
    for group in groups:
        a = old_text.line_start(group[0][0])
        b = max(old_text.line_end(group[-1][1]), group[-1][1])
        before = old[a:b]
        after = apply_edits(before, [(s - a, e - a, c) for s, e, c in group])
        new_a = a + shift
        shift += len(after) - len(before)
        old_lines, new_lines = split_lines(before), split_lines(after)
        old_at, new_at = _offsets(old_lines), _offsets(new_lines)
        matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                continue
            o1, o2, n1, n2 = old_at[i1], old_at[i2], new_at[j1], new_at[j2]
            if tag != "replace":
                changes.append((a + o1, a + o2, new_a + n1, new_a + n2))
                continue
            # One piece from the first differing character to the last: a character diff would align
            # the text freely (a call split over lines may "insert" its `)` after the old line break,
            # outside the statement it belongs to).
            head, tail = _shared_ends(before[o1:o2], after[n1:n2])
            changes.append((a + o1 + head, a + o2 - tail, new_a + n1 + head, new_a + n2 - tail))
    return changes


def _shared_ends(before: str, after: str) -> tuple[int, int]:
    """How many characters the texts share at the start, then at the end (not overlapping).
    (The fixer computes the same for its edits; this module uses none of its code, on purpose.)"""
    head = 0
    while head < min(len(before), len(after)) and before[head] == after[head]:
        head += 1
    tail = 0
    while tail < min(len(before), len(after)) - head and before[-1 - tail] == after[-1 - tail]:
        tail += 1
    return head, tail


def split_lines(text: str) -> list[str]:
    """Lines with their endings (Python's line breaks only: \\n, \\r\\n, \\r)."""
    lines, start = [], 0
    for match in NEWLINE.finditer(text):
        lines.append(text[start : match.end()])
        start = match.end()
    if start < len(text):
        lines.append(text[start:])
    return lines


def _offsets(lines: list[str]) -> list[int]:
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    return offsets


def targets_from_edits(original: str, edits: Sequence[Edit]) -> Targets:
    """The targets of one fix, from its edits alone (raises SyntaxError if its result does not parse).

    Changes that only touch top-level import lines are import changes: a new
    statement gives an import point, an extended one needs nothing. Blank
    changes are ignored (they cannot change the AST; if they did, `compare`
    reports it). The rest is the fix proper: one insertion gives a point,
    anything more a span from its first to its last change.
    """
    new = apply_edits(original, edits)
    old_imports, new_imports = _imports_of(original), _imports_of(new)
    targets = Targets()
    proper: list[tuple[int, int]] = []
    for o1, o2, n1, n2 in _changes(original, new, list(edits)):
        if not original[o1:o2].strip() and not new[n1:n2].strip():
            continue
        if _within(new, n1, n2, new_imports) and _within(original, o1, o2, old_imports):
            if o1 == o2 and not any(a < o1 < b - 1 for a, b in old_imports):
                targets.import_points.append(o1)
            continue
        proper.append((o1, o2))
    if len(proper) == 1 and proper[0][0] == proper[0][1]:
        targets.points.append(proper[0][0])
    elif proper:
        targets.spans.append((min(s for s, _ in proper), max(e for _, e in proper)))
    return targets


# -- comparing ----------------------------------------------------------------


def is_fix_import(node: ast.AST) -> bool:
    """`from M import a, b` of fix symbols only (a fix's import statement), or the budget constant
    fixes add beside their imports (`MAX_TOOL_OUTPUT_CHARS = 16_000`)."""
    return _is_fix_constant(node) or (
        isinstance(node, ast.ImportFrom)
        and node.level == 0
        and node.module in FIX_SYMBOLS
        and all(_fix_alias(node.module, alias) for alias in node.names)
    )


def _is_fix_constant(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id == FIX_CONSTANT
        and isinstance(node.value, ast.Constant)
        and type(node.value.value) is int
    )


def _fix_alias(module: str, alias: ast.alias) -> bool:
    if alias.name not in FIX_SYMBOLS[module]:
        return False
    if alias.asname is None:
        return True
    match = _ALIAS.fullmatch(alias.asname)
    return match is not None and match.group("name") == alias.name


class _Original:
    """Extents of the original tree's nodes, and what the targets allow where."""

    def __init__(self, text: str, tree: ast.Module, targets: Targets) -> None:
        self.text = Text(text)
        self.tree = tree
        self.targets = targets
        self.extent: dict[int, tuple[int, int]] = {}
        self._depth: dict[int, int] = {}
        self.top_level = {id(statement) for statement in tree.body}
        self._measure(tree)
        self.extent[id(tree)] = (0, len(text))
        nodes = [node for node in ast.walk(tree) if id(node) in self.extent and node is not tree]
        self.wildcards: set[int] = set()
        self.too_wide: list[ast.AST] = []
        for start, end in targets.spans:
            node = self.enclosing(nodes, start, end)
            if node is None or isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self.too_wide.append(node or tree)
            else:
                self.wildcards.add(id(node))
        for point in targets.points:
            ending = [n for n in nodes if isinstance(n, ast.expr) and self.extent[id(n)][1] == point]
            if ending:
                self.wildcards.add(id(min(ending, key=self._size)))

    def _size(self, node: ast.AST) -> tuple[int, int]:
        start, end = self.extent[id(node)]
        # Of nodes with one extent, the outermost: in an f-string, Python 3.11 gives the parts the
        # string's own extent.
        return (end - start, self._depth.get(id(node), 0))

    def _measure(self, node: ast.AST, depth: int = 0) -> tuple[int, int] | None:
        self._depth[id(node)] = depth
        children = [self._measure(child, depth + 1) for child in ast.iter_child_nodes(node)]
        known = [c for c in children if c is not None]
        if getattr(node, "end_lineno", None) is not None:
            start = self.text.ast_offset(node.lineno, node.col_offset)  # type: ignore[attr-defined]
            end = self.text.ast_offset(node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
            if isinstance(node, ast.stmt):
                start = self.text.statement_start(node, start)
        elif known:
            start, end = min(s for s, _ in known), max(e for _, e in known)
        else:
            return None
        self.extent[id(node)] = (start, end)
        return start, end

    def enclosing(self, nodes: list[ast.AST], start: int, end: int) -> ast.AST | None:
        """The smallest node whose extent holds start..end (the outermost of equal ones)."""
        holding = [n for n in nodes if self.extent[id(n)][0] <= start and end <= self.extent[id(n)][1]]
        return min(holding, key=self._size) if holding else None

    def line(self, node: ast.AST) -> int:
        extent = self.extent.get(id(node))
        if extent is None:
            return 0
        return bisect.bisect_right(self.text.starts, extent[0])

    def gap_allows(self, owner: ast.AST, name: str, elements: list[Any], gap: int) -> bool:
        """An extra element may go before `elements[gap]` (or at the end): a point lies in that gap."""
        if owner is self.tree and name == "body":
            points = self.targets.import_points
        elif elements and isinstance(elements[0], ast.stmt) or name in ("body", "orelse", "finalbody", "handlers"):
            return False  # fixes insert no statements below the module level
        else:
            points = self.targets.points
        if not points or id(owner) not in self.extent:
            return False
        low, high = self.extent[id(owner)]
        if name == "decorator_list":
            high = self.text.ast_offset(owner.lineno, owner.col_offset)  # type: ignore[attr-defined]
        elif name in ("args", "keywords") and isinstance(owner, ast.Call):
            low = self.extent.get(id(owner.func), (low, high))[1]
        if gap > 0:
            before = self.extent.get(id(elements[gap - 1]))
            if before is None:
                return False
            low = before[1]
        if gap < len(elements):
            after = self.extent.get(id(elements[gap]))
            if after is None:
                return False
            high = after[0]
        return any(low <= point <= high for point in points)

    def may_fill(self, owner: ast.AST) -> bool:
        """An absent optional field may be filled: a point is at the end of `owner`."""
        extent = self.extent.get(id(owner))
        return extent is not None and any(point == extent[1] for point in self.targets.points)


def compare(original: str, fixed: str, targets: Targets | None = None, *, limit: int = 50) -> list[str]:
    """Differences between the ASTs of `original` and `fixed` outside `targets` (empty: none)."""
    try:
        old_tree = ast.parse(original)
    except SyntaxError as error:
        return [f"the original does not parse: {error}"]
    try:
        new_tree = ast.parse(fixed)
    except SyntaxError as error:
        return [f"the fixed text does not parse: {error}"]
    context = _Original(original, old_tree, targets or Targets())
    differences = [
        f"line {context.line(node)}: a fix's target widens to a whole {type(node).__name__}"
        for node in context.too_wide
    ]
    _Comparison(context, differences, limit).node(old_tree, new_tree, "module")
    return differences[:limit]


class _Comparison:
    def __init__(self, context: _Original, differences: list[str], limit: int) -> None:
        self.context = context
        self.differences = differences
        self.limit = limit

    def report(self, node: ast.AST | None, path: str, what: str) -> None:
        if len(self.differences) < self.limit:
            line = self.context.line(node) if node is not None else 0
            self.differences.append(f"line {line}: {path}: {what}" if line else f"{path}: {what}")

    def equal(self, old: Any, new: Any) -> bool:
        quiet = _Comparison(self.context, [], 1)
        quiet.value(old, new, "", None, "")
        return not quiet.differences

    def node(self, old: ast.AST, new: ast.AST, path: str) -> None:
        if id(old) in self.context.wildcards:
            return
        if type(old) is not type(new):
            self.report(old, path, f"{_show(old)} became {_show(new)}")
            return
        for name in old._fields:
            self.value(getattr(old, name, None), getattr(new, name, None), f"{path}.{name}", old, name)

    def value(self, old: Any, new: Any, path: str, owner: ast.AST | None, name: str) -> None:
        if isinstance(old, list) and isinstance(new, list):
            self.elements(old, new, path, owner, name)
        elif isinstance(old, ast.AST) and isinstance(new, ast.AST):
            self.node(old, new, path)
        elif old is None and isinstance(new, ast.AST):
            if owner is None or not self.context.may_fill(owner):
                self.report(owner, path, f"{_show(new)} was added")
        elif type(old) is not type(new) or old != new:
            self.report(owner if isinstance(owner, ast.AST) else None, path, f"{_show(old)} became {_show(new)}")

    def elements(self, old: list, new: list, path: str, owner: ast.AST | None, name: str) -> None:
        i = j = 0
        while i < len(old) or j < len(new):
            if i < len(old) and j < len(new) and self.equal(old[i], new[j]):
                i, j = i + 1, j + 1
            elif j < len(new) and owner is not None and self.extra(owner, name, old, i, new[j]):
                j += 1
            elif i < len(old) and (j == len(new) or (i + 1 < len(old) and self.equal(old[i + 1], new[j]))):
                self.report(
                    old[i] if isinstance(old[i], ast.AST) else owner, f"{path}[{i}]", f"{_show(old[i])} was removed"
                )
                i += 1
            elif j < len(new) and (i == len(old) or (j + 1 < len(new) and self.equal(old[i], new[j + 1]))):
                where = f" (new line {new[j].lineno})" if hasattr(new[j], "lineno") else ""
                self.report(owner, f"{path}[{i}]", f"{_show(new[j])} was added{where}")
                j += 1
            else:
                self.value(old[i], new[j], f"{path}[{i}]", owner, name)
                i, j = i + 1, j + 1

    def extra(self, owner: ast.AST, name: str, old: list, gap: int, new: Any) -> bool:
        context = self.context
        if isinstance(owner, ast.ImportFrom) and name == "names" and id(owner) in context.top_level:
            return (
                owner.level == 0
                and owner.module in FIX_SYMBOLS
                and isinstance(new, ast.alias)
                and _fix_alias(owner.module, new)
            )
        if owner is context.tree and name == "body":
            return is_fix_import(new) and context.gap_allows(owner, name, old, gap)
        return context.gap_allows(owner, name, old, gap)


def _show(value: Any) -> str:
    if isinstance(value, ast.AST):
        try:
            text = ast.unparse(value)
        except Exception:  # noqa: BLE001 - some nodes do not unparse alone
            text = type(value).__name__
        text = " ".join(text.split())
        return f"`{text[:70]}{'...' if len(text) > 70 else ''}`"
    return repr(value)


class Statements:
    """The statements of a text with their extents (decorators included), to tell where a fix is."""

    def __init__(self, text: str) -> None:
        self.text = Text(text)
        self.extents: list[tuple[int, int]] = []
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.stmt):
                start = self.text.statement_start(node, self.text.ast_offset(node.lineno, node.col_offset))
                self.extents.append(
                    (start, self.text.ast_offset(node.end_lineno or node.lineno, node.end_col_offset or 0))
                )

    def innermost(self, region: tuple[int, int]) -> tuple[int, int] | None:
        """The extent of the innermost statement holding `region` (offsets), if one does."""
        start, end = region
        holding = [(s, e) for s, e in self.extents if s <= start and end <= e]
        return min(holding, key=lambda extent: extent[1] - extent[0]) if holding else None

    def near(self, region: tuple[int, int], finding: tuple[int, int]) -> bool:
        """The innermost statement holding a fix's `region` also holds its `finding` (offsets)."""
        extent = self.innermost(region)
        return extent is not None and extent[0] <= finding[0] and finding[1] <= extent[1]
