"""Applying fixes to one module, proving they changed nothing else, and describing them as edits.

`apply_candidates` runs every fix of a module in one libcst pass (fixes nested
in another fix's node compose: the outer one is built from the inner one's
result), adds the imports, then checks the result before anyone may write it:

* reverting exactly the replaced nodes and the import changes must give back
  the original text, byte for byte: nothing outside the targeted nodes moved
  (comments, blank lines, quotes, line endings included);
* the fixed text must parse with libcst, and compile with the running Python
  whenever the original did.

Any failure raises `FixFailed` with the reason; the caller then writes nothing
for that file.
"""

from __future__ import annotations

import bisect
import difflib
import re
from dataclasses import dataclass

import libcst as cst

from boundlint.fix.imports import ImportChanges, ImportPlanner
from boundlint.fix.model import Candidate, Edit
from boundlint.modules import ModuleInfo

NEWLINE = re.compile(r"\r\n|\r|\n")


class FixFailed(Exception):
    """The fixes of a module could not be applied safely; the message says why."""


@dataclass
class Applied:
    module: ModuleInfo
    old: str
    new: str
    candidates: list[Candidate]


class _Replacer(cst.CSTTransformer):
    def __init__(self, by_target: dict[int, list[Candidate]], names: dict) -> None:
        super().__init__()
        self.by_target = by_target
        self.names = names
        self.created: dict[int, tuple[cst.CSTNode, cst.CSTNode]] = {}  # id(new) -> (new, original)

    def on_leave(self, original_node, updated_node):  # type: ignore[no-untyped-def]
        candidates = self.by_target.get(id(original_node))
        if not candidates:
            return updated_node
        node = updated_node
        for candidate in candidates:
            node = candidate.build(node, self.names)
        self.created[id(node)] = (node, original_node)
        return node


class _Revert(cst.CSTTransformer):
    def __init__(self, created: dict[int, tuple[cst.CSTNode, cst.CSTNode]], inserted: set[int]) -> None:
        super().__init__()
        self.created = created
        self.inserted = inserted

    def on_leave(self, original_node, updated_node):  # type: ignore[no-untyped-def]
        if id(original_node) in self.inserted:
            return cst.RemoveFromParent()
        entry = self.created.get(id(original_node))
        if entry is not None and entry[0] is original_node:
            return entry[1]
        return updated_node


def apply_candidates(module: ModuleInfo, candidates: list[Candidate]) -> Applied:
    """Apply `candidates` (all of one module) and verify the result; raises FixFailed."""
    chosen: list[Candidate] = []
    seen: set[tuple] = set()
    for candidate in candidates:
        if candidate.key:
            if candidate.key in seen:
                continue
            seen.add(candidate.key)
        chosen.append(candidate)
    tree = module.tree
    old = tree.code
    use_line = min(module.position(candidate.target).start.line for candidate in chosen)
    planner = ImportPlanner(tree, use_line)
    names = {symbol: planner.local(symbol) for candidate in chosen for symbol in candidate.symbols}
    by_target: dict[int, list[Candidate]] = {}
    for candidate in chosen:
        by_target.setdefault(id(candidate.target), []).append(candidate)
    replacer = _Replacer(by_target, names)
    try:
        fixed = tree.visit(replacer)
        fixed, changes = planner.apply(fixed)
        new = fixed.code
    except Exception as error:  # noqa: BLE001 - a codemod bug must not write anything
        raise FixFailed(f"building the fix failed: {type(error).__name__}: {error}") from error
    missing = set(by_target) - {id(original) for _, original in replacer.created.values()}
    if missing:
        raise FixFailed("a fix's target was not found in the module")
    _verify(tree, fixed, replacer.created, changes, old, new)
    return Applied(module, old, new, chosen)


def _verify(tree: cst.Module, fixed: cst.Module, created: dict[int, tuple[cst.CSTNode, cst.CSTNode]],
            changes: ImportChanges, old: str, new: str) -> None:
    everything = dict(created)
    everything.update(changes.replaced)
    reverted = fixed.visit(_Revert(everything, {id(node) for node in changes.inserted}))
    if reverted.code != old:
        raise FixFailed("a fix would change code outside the node it targets")
    try:
        reparsed = cst.parse_module(new)
    except Exception as error:  # noqa: BLE001
        raise FixFailed(f"the fixed code does not parse: {error}") from error
    if reparsed.code != new:
        raise FixFailed("the fixed code does not round-trip through the parser")
    if _compiles(old):
        try:
            compile(new, "<fixed>", "exec", dont_inherit=True)
        except (SyntaxError, ValueError) as error:
            raise FixFailed(f"the fixed code does not compile: {error}") from error


def _compiles(text: str) -> bool:
    try:
        compile(text, "<source>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


# -- text edits ---------------------------------------------------------------


def split_lines(text: str) -> list[str]:
    """Lines with their endings (`\\n`, `\\r\\n` or `\\r`: Python's line breaks, no others)."""
    lines: list[str] = []
    start = 0
    for match in NEWLINE.finditer(text):
        lines.append(text[start:match.end()])
        start = match.end()
    if start < len(text):
        lines.append(text[start:])
    return lines


def text_edits(old: str, new: str) -> list[Edit]:
    """Minimal edits turning `old` into `new`; rows and columns 1-based, in characters."""
    old_lines, new_lines = split_lines(old), split_lines(new)
    offsets = [0]
    for line in old_lines:
        offsets.append(offsets[-1] + len(line))
    starts = offsets[:-1] or [0]
    edits: list[Edit] = []
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        a, b = offsets[i1], offsets[i2]
        before, after = old[a:b], "".join(new_lines[j1:j2])
        prefix = 0
        while prefix < min(len(before), len(after)) and before[prefix] == after[prefix]:
            prefix += 1
        suffix = 0
        while (suffix < min(len(before), len(after)) - prefix
               and before[len(before) - 1 - suffix] == after[len(after) - 1 - suffix]):
            suffix += 1
        edits.append(Edit(after[prefix:len(after) - suffix], _row_column(starts, a + prefix),
                          _row_column(starts, b - suffix)))
    return edits


def _row_column(starts: list[int], offset: int) -> tuple[int, int]:
    row = bisect.bisect_right(starts, offset)
    return row, offset - starts[row - 1] + 1


def apply_edits(text: str, edits: list[Edit]) -> str:
    """Apply edits (as a client of the JSON output would); used to check `text_edits`."""
    lines = split_lines(text)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))

    def offset(position: tuple[int, int]) -> int:
        row, column = position
        return (offsets[row - 1] if row - 1 < len(offsets) else len(text)) + column - 1

    result = text
    for edit in sorted(edits, key=lambda e: e.start, reverse=True):
        result = result[:offset(edit.start)] + edit.content + result[offset(edit.end):]
    return result
