"""Applying fixes to one module, proving they changed nothing else, and describing them as edits.

`apply_candidates` runs every fix of a module in one libcst pass (fixes nested
in another fix's node compose: the outer one is built from the inner one's
result), adds the imports, then checks the result before anyone may write it:

* reverting exactly the replaced nodes and the import changes must give back
  the original text, byte for byte: nothing outside the targeted nodes moved
  (comments, blank lines, quotes, line endings included). Where every node
  replaced in a statement is an expression found at its exact place in the
  text, the statement's new text is its old text with those spans swapped,
  which moves nothing else by construction;
* the fixed text must parse with libcst, and compile with the running Python
  whenever the original did.

Any failure raises `FixFailed` with the reason; the caller then writes nothing
for that file.
"""

from __future__ import annotations

import bisect
import difflib
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import libcst as cst

from boundlint.edit.imports import ImportChanges, ImportPlanner, Layout, TreeFacts, trailing_newline, tree_facts
from boundlint.edit.model import BUDGET, Candidate, Edit, Names
from boundlint.fix.formatting import DEFAULT_LINE_LENGTH
from boundlint.fix.wrapping import Fit, line_fitter
from boundlint.parse.text import LINE_BREAK, common_ends, line_starts
from boundlint.project.module import ModuleInfo

try:  # libcst's writer state, to write a node where it stands (see `_Splicer`)
    from libcst._nodes.internal import CodegenState
except ImportError:  # pragma: no cover - a libcst that moved it: statements are written whole
    CodegenState = None  # type: ignore[assignment,misc]


class FixFailed(Exception):
    """The fixes of a module could not be applied safely; the message says why."""


@dataclass
class Applied:
    module: ModuleInfo
    old: str
    new: str
    candidates: list[Candidate]
    edits: list[Edit] | None = None  # when known without diffing `old` and `new`

    def text_edits(self) -> list[Edit]:
        return self.edits if self.edits is not None else text_edits(self.old, self.new)


class _Replacer(cst.CSTTransformer):
    """Replaces the target nodes, visiting only the paths that lead to them.

    Subtrees off those paths are not visited, so they stay the very same
    objects in the fixed tree (which is what makes `_Revert` cheap, too).
    """

    def __init__(self, by_target: dict[int, list[Candidate]], names: Names, on_path: set[int], fit: Fit) -> None:
        super().__init__()
        self.by_target = by_target
        self.names = names
        self.on_path = on_path
        self.fit = fit
        self.created: dict[int, tuple[cst.CSTNode, cst.CSTNode]] = {}  # id(new) -> (new, original)

    def on_visit(self, node: cst.CSTNode) -> bool:
        return id(node) in self.on_path

    def on_leave(self, original_node, updated_node):  # type: ignore[no-untyped-def]
        candidates = self.by_target.get(id(original_node))
        if not candidates:
            return updated_node
        node = updated_node
        for candidate in candidates:
            node = candidate.build(node, self.names)
        node = self.fit(node, original_node)
        self.created[id(node)] = (node, original_node)
        return node


class _Revert(cst.CSTTransformer):
    """Puts the original nodes back in place of the new ones and drops the inserted statements."""

    def __init__(
        self, created: dict[int, tuple[cst.CSTNode, cst.CSTNode]], inserted: set[int], original: set[int]
    ) -> None:
        super().__init__()
        self.created = created
        self.inserted = inserted
        self.original = original  # ids of the original tree's nodes: unchanged, nothing to revert inside

    def on_visit(self, node: cst.CSTNode) -> bool:
        return id(node) not in self.original and id(node) not in self.created and id(node) not in self.inserted

    def on_leave(self, original_node, updated_node):  # type: ignore[no-untyped-def]
        if id(original_node) in self.inserted:
            return cst.RemoveFromParent()
        entry = self.created.get(id(original_node))
        if entry is not None and entry[0] is original_node:
            return entry[1]
        return updated_node


def apply_candidates(
    module: ModuleInfo,
    candidates: list[Candidate],
    *,
    runtime_module: str | None = None,
    line_length: int = DEFAULT_LINE_LENGTH,
    shared_budget: bool = False,
    check_syntax: bool = True,
    first_party: frozenset[str] = frozenset(),
    proposed: bool = False,
) -> Applied:
    """Apply `candidates` (all of one module) and verify the result; raises FixFailed.

    `check_syntax=False` skips parsing and compiling the result (the revert
    check still runs): for a fix already verified together with the others.
    `proposed`: the result is described as edits (the JSON `fix`, an editor's
    quick fix), not written here. It is then parsed by the compiler alone, a
    complete parse of the result; libcst's own parse, which the next round of a
    `fix` run needs, is left to that run.
    """
    chosen: list[Candidate] = []
    seen: set[tuple[object, ...]] = set()
    for candidate in candidates:
        if candidate.key:
            if candidate.key in seen:
                continue
            seen.add(candidate.key)
        chosen.append(candidate)
    tree = module.tree
    facts = tree_facts(tree, module.source.text, module.statement_starts())
    old = facts.layout.code if facts.layout is not None else tree.code
    use_line = min(module.position(candidate.target).start.line for candidate in chosen)
    planner = ImportPlanner(tree, use_line, runtime_module, first_party)
    names = {symbol: planner.local(symbol) for candidate in chosen for symbol in candidate.symbols}
    budgets = [candidate.budget for candidate in chosen if candidate.budget is not None]
    if budgets:
        names[BUDGET] = planner.budget(budgets[0], shared_budget)
    by_target: dict[int, list[Candidate]] = {}
    on_path: set[int] = set()
    for candidate in chosen:
        by_target.setdefault(id(candidate.target), []).append(candidate)
        on_path.update(id(node) for node in facts.ancestors(candidate.target))
    fit = line_fitter(module, facts.parents, set(names.values()), line_length)
    replacer = _Replacer(by_target, names, on_path, fit)
    try:
        fixed = tree.visit(replacer)
        fixed, changes = planner.apply(fixed)
    except Exception as error:  # noqa: BLE001 - a codemod bug must not write anything
        raise FixFailed(f"building the fix failed: {type(error).__name__}: {error}") from error
    missing = set(by_target) - {id(original) for _, original in replacer.created.values()}
    if missing:
        raise FixFailed("a fix's target was not found in the module")
    original = set(facts.parents) | {id(tree)}
    edits: list[Edit] | None = None
    assembled = _assemble_fast(module, facts, fixed, replacer.created, changes, original)
    if assembled is not None:
        new, edits = assembled
    else:
        try:
            new = fixed.code
        except Exception as error:  # noqa: BLE001
            raise FixFailed(f"building the fix failed: {type(error).__name__}: {error}") from error
        _verify(tree, fixed, replacer.created, changes, old, new, False, original)
    if check_syntax:
        _check_syntax(old, new, proposed)
    return Applied(module, old, new, candidates, edits)  # a fix shared by key fixes each of its findings


def _assemble_fast(
    module: ModuleInfo,
    facts: TreeFacts,
    fixed: cst.Module,
    created: dict[int, tuple[cst.CSTNode, cst.CSTNode]],
    changes: ImportChanges,
    original: set[int],
) -> tuple[str, list[Edit]] | None:
    """`_assemble` on the module's layout, when it has one (None: it has none)."""
    for _ in range(2):
        if facts.layout is None:
            return None
        spliced = _Splicer(module, facts.layout, facts.ancestors, created, changes)
        try:
            return _assemble(module.tree, fixed, facts.layout, created, changes, original, spliced)
        except _NotExact:
            # A statement cut from the source by its lines is not libcst's code for it: take the
            # generated layout (or none), from now on for every fix of this tree.
            facts.layout = Layout.generated(module.tree, module.source.text).checked()
    return None


def _assemble(
    tree: cst.Module,
    fixed: cst.Module,
    layout: Layout,
    created: dict[int, tuple[cst.CSTNode, cst.CSTNode]],
    changes: ImportChanges,
    original: set[int],
    spliced: _Splicer | None = None,
) -> tuple[str, list[Edit]]:
    """The fixed text and its edits, from the changed top-level statements only.

    Each changed statement, reverted, must give back its original text: nothing
    but the fixed nodes and the import changes moved. Raises FixFailed, or
    `_NotExact` when a part the fix relies on was cut from the source wrongly.
    """
    if not (
        _same(fixed.header, tree.header)
        and _same(fixed.footer, tree.footer)
        and fixed.has_trailing_newline == tree.has_trailing_newline
        and fixed.default_newline == tree.default_newline
        and fixed.default_indent == tree.default_indent
    ):
        raise FixFailed("a fix would change code outside the node it targets")
    everything = dict(created)
    everything.update(changes.replaced)
    inserted = {id(node) for node in changes.inserted}
    revert = _Revert(everything, inserted, original)
    starts = layout.starts()
    parts = [layout.header]
    chunks: list[tuple[int, int, str]] = []  # (start, end) in the original parts, new text
    pending: list[str] = []
    index = 0
    try:
        for statement in fixed.body:
            if id(statement) in inserted:
                _rely_on(layout, tree, min(index, len(tree.body) - 1))
                text = fixed.code_for_node(statement)
                pending.append(text)
                parts.append(text)
                continue
            if index >= len(tree.body):
                raise FixFailed("a fix would change code outside the node it targets")
            before = tree.body[index]
            if statement is before:
                if pending:
                    chunks.append((starts[index], starts[index], "".join(pending)))
                    pending = []
                parts.append(layout.statements[index])
            else:
                _rely_on(layout, tree, index)
                swapped = spliced.text(index) if spliced is not None else None
                if swapped is not None:
                    text = swapped
                else:
                    text = fixed.code_for_node(statement)
                    reverted = statement.visit(revert)
                    if (
                        not isinstance(reverted, cst.CSTNode)
                        or tree.code_for_node(reverted) != layout.statements[index]
                    ):
                        raise FixFailed("a fix would change code outside the node it targets")
                original_text = layout.statements[index]
                if pending and text[:1] == original_text[:1]:
                    # Inserted statements (imports, the budget constant) above a changed statement are
                    # their own edit: one edit from the imports to the fix would hide what changed.
                    chunks.append((starts[index], starts[index], "".join(pending)))
                    pending = []
                chunks.append((starts[index], starts[index + 1], "".join(pending) + text))
                pending = []
                parts.append(text)
            index += 1
    except (FixFailed, _NotExact):
        raise
    except Exception as error:  # noqa: BLE001
        raise FixFailed(f"building the fix failed: {type(error).__name__}: {error}") from error
    if index != len(tree.body):
        raise FixFailed("a fix would change code outside the node it targets")
    if pending:
        chunks.append((starts[-1], starts[-1], "".join(pending)))
    parts.append(layout.footer)
    whole = "".join(parts)
    popped = trailing_newline(whole) if layout.popped else 0
    new = whole[: len(whole) - popped]
    return new, _chunk_edits(layout.code, chunks)


class _NotExact(Exception):
    """A statement's part of the layout, cut from the source, is not libcst's code for it."""


def _rely_on(layout: Layout, tree: cst.Module, index: int) -> None:
    """Check the part of statement `index` (a fix changes it, or inserts next to it)."""
    if index >= 0 and not layout.exact(tree, index):
        raise _NotExact


# Nodes whose code is the same wherever they stand: an expression, a `return x` within its line.
_SPLICED = (cst.BaseExpression, cst.BaseSmallStatement)


class _Splicer:
    """The new text of a changed top-level statement without generating it whole: its old text
    with the span of each replaced expression (or small statement such as `return x`) swapped for
    the new one's code. A big class
    or factory that holds many tools is not written out again for each fix inside it."""

    def __init__(
        self,
        module: ModuleInfo,
        layout: Layout,
        ancestors: Callable[[cst.CSTNode], list[cst.CSTNode]],
        created: dict[int, tuple[cst.CSTNode, cst.CSTNode]],
        changes: ImportChanges,
    ) -> None:
        self.module = module
        self.ancestors = ancestors
        self.starts = layout.starts()
        # The module's text as its parts give it: with the last newline libcst adds to a file that
        # has none, which the last statement's part (and so its span) holds.
        self.code = layout.header + "".join(layout.statements) + layout.footer
        self.line_starts = line_starts(self.code)
        top = {id(statement): index for index, statement in enumerate(module.tree.body)}
        self.replaced: dict[int, list[tuple[cst.CSTNode, cst.CSTNode]]] = {}
        self.unspliceable: set[int] = set()
        for new, original in created.values():
            chain = ancestors(original)
            index = top.get(id(chain[-2])) if len(chain) > 1 else None
            if index is None:
                raise FixFailed("a fix's target was not found in the module")
            self.replaced.setdefault(index, []).append((original, new))
        for _, original in changes.replaced.values():
            chain = ancestors(original)
            self.unspliceable.add(top.get(id(chain[-2] if len(chain) > 1 else original), -1))

    def text(self, index: int) -> str | None:
        """The statement's new text, or None when it must be generated whole."""
        if index in self.unspliceable or index not in self.replaced:
            return None
        start, end = self.starts[index], self.starts[index + 1]
        spans: list[tuple[int, int, cst.CSTNode, cst.CSTNode]] = []
        for original, new in self.replaced[index]:
            if not isinstance(original, _SPLICED) or not isinstance(new, _SPLICED):
                return None  # a statement with a body: its code depends on its indentation
            found = self._span(original, start, end)
            if found is None:
                return None
            spans.append((*found, new, original))
        spans.sort(key=lambda span: (span[0], -span[1]))
        outermost: list[tuple[int, int, cst.CSTNode, cst.CSTNode]] = []
        for span in spans:
            if outermost and span[1] <= outermost[-1][1]:
                continue  # inside a replaced expression, whose new code holds this one's
            if outermost and span[0] < outermost[-1][1]:
                return None
            outermost.append(span)
        code, cursor, pieces = self.code, start, []
        for begin, finish, new, original in outermost:
            written = self._code_in_place(new, original)
            if written is None:
                return None
            pieces += [code[cursor:begin], written]
            cursor = finish
        pieces.append(code[cursor:end])
        return "".join(pieces)

    def _code_in_place(self, node: cst.CSTNode, place: cst.CSTNode) -> str | None:
        """`node`'s code where the original node `place` stands: a wrapped line of it is indented
        like the blocks around it, as writing the whole module would indent it."""
        tree = self.module.tree
        indents = [
            tree.default_indent if block.indent is None else block.indent
            for block in reversed(self.ancestors(place))
            if isinstance(block, cst.IndentedBlock)
        ]
        if CodegenState is None:
            return None
        try:  # libcst's own writer, with the indentation of the place
            state = CodegenState(tree.default_indent, tree.default_newline, indent_tokens=indents)
            node._codegen(state)
        except Exception:  # noqa: BLE001 - its internals moved: write the statement whole instead
            return None
        return "".join(state.tokens)

    def _span(self, node: cst.CSTNode, start: int, end: int) -> tuple[int, int] | None:
        """Where `node`'s code is in the module's text, checked character by character."""
        span = self.module.position(node)
        if span.end_line > len(self.line_starts):
            return None
        begin = self.line_starts[span.start_line - 1] + span.start_column
        finish = self.line_starts[span.end_line - 1] + span.end_column
        if not start <= begin <= finish <= end:
            return None
        if self.code[begin:finish] != self._code_in_place(node, node):
            return None
        return begin, finish


def _same(new: Sequence[cst.CSTNode], old: Sequence[cst.CSTNode]) -> bool:
    return len(new) == len(old) and all(a is b for a, b in zip(new, old, strict=False))


def _chunk_edits(old: str, chunks: list[tuple[int, int, str]]) -> list[Edit]:
    starts = line_starts(old)
    edits = []
    for start, end, content in chunks:
        if end > len(old):  # the file's missing last newline: the new text lacks it too
            content = content[: len(content) - (end - len(old))]
            end = len(old)
        before = old[start:end]
        prefix, suffix = common_ends(before, content)
        if prefix == len(before) == len(content):
            continue
        edits.append(
            Edit(
                content[prefix : len(content) - suffix],
                _row_column(starts, start + prefix),
                _row_column(starts, end - suffix),
            )
        )
    return edits


def _check_syntax(old: str, new: str, proposed: bool = False) -> None:
    if proposed and _compiles(old):
        try:
            compile(new, "<fixed>", "exec", dont_inherit=True)
        except (SyntaxError, ValueError) as error:
            raise FixFailed(f"the fixed code does not compile: {error}") from error
        return
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


def _verify(
    tree: cst.Module,
    fixed: cst.Module,
    created: dict[int, tuple[cst.CSTNode, cst.CSTNode]],
    changes: ImportChanges,
    old: str,
    new: str,
    check_syntax: bool = True,
    original: set[int] | None = None,
) -> None:
    """The slow, whole-module form of the checks: revert everything and compare the text."""
    everything = dict(created)
    everything.update(changes.replaced)
    inserted = {id(node) for node in changes.inserted}
    reverted = fixed.visit(_Revert(everything, inserted, original if original is not None else set()))
    if reverted.code != old:
        raise FixFailed("a fix would change code outside the node it targets")
    if check_syntax:
        _check_syntax(old, new)


@functools.lru_cache(maxsize=8)
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
    for match in LINE_BREAK.finditer(text):
        lines.append(text[start : match.end()])
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
        prefix, suffix = common_ends(before, after)
        edits.append(
            Edit(after[prefix : len(after) - suffix], _row_column(starts, a + prefix), _row_column(starts, b - suffix))
        )
    return edits


def _row_column(starts: Sequence[int], offset: int) -> tuple[int, int]:
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
        result = result[: offset(edit.start)] + edit.content + result[offset(edit.end) :]
    return result
