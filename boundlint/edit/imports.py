"""Referring to runtime, typing and pydantic names from fixed code, and importing them.

`ImportPlanner.local(symbol)` answers how the fixed code should spell a
symbol in this module, planning an import when none can be reused:

* an unconditional module-level import that already binds the symbol (`from
  boundlint_runtime import truncate_text`, `import boundlint_runtime as blr`)
  is reused, provided nothing else in the module binds that name;
* otherwise `from <module> import <name>` is added, extending an existing
  `from <module> import ...` statement when there is one;
* when the plain name is taken anywhere in the module (any scope, any kind of
  binding, or used without a binding, as a star import would provide it), or a
  star import after the new import could rebind it, the import gets an alias:
  `truncate_text as _bl_truncate_text`.

Imports inside functions, `if TYPE_CHECKING:` blocks or `try:` blocks are never
reused or extended: they may not run. New import statements go at the top of
the module, after the docstring and `from __future__` imports, in the isort
position among the leading imports (stdlib group for `typing`, third-party
group for the others). `apply()` makes the planned changes on the fixed tree
and records them so `boundlint.fix.apply` can check that nothing else changed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import libcst as cst

from boundlint.edit.model import Symbol
from boundlint.knowledge.data_sources import name_words
from boundlint.knowledge.frameworks import RUNTIME_ROOT
from boundlint.parse.positions import child_nodes, walk
from boundlint.project.module import dotted

STDLIB = frozenset(sys.stdlib_module_names)
STDLIB_SECTION = 0  # the first of isort's sections (`ImportPlanner._section`)
# The budget that several fixes of one module share, named once at its top.
BUDGET_CONSTANT = "MAX_TOOL_OUTPUT_CHARS"
BUDGET_COMMENT = "# characters a tool may return to the model"
# A module constant named as a budget of what tools return (`MAX_TOOL_RESULT_CHARS`,
# `TOOL_OUTPUT_MAX_CHARS`), at least this large (not a preview's length), is reused by the fixes.
MIN_DECLARED_BUDGET = 1_000
_BUDGET_BOUND_WORDS = frozenset({"max", "limit"})
_BUDGET_UNIT_WORDS = frozenset({"chars", "characters"})
_BUDGET_OF_WORDS = frozenset({"tool", "output", "result", "response"})
BLANK_LINE = cst.EmptyLine()


@dataclass
class _TopImport:
    index: int  # position in module.body
    node: cst.Import | cst.ImportFrom
    module: str  # dotted module of a from-import, or of the first alias of an import
    level: int
    star: bool
    end_line: int


@dataclass
class TreeFacts:
    """What one parsed module binds and imports, and how its nodes nest. Computed once per tree."""

    bindings: dict[str, list[tuple[str, cst.CSTNode]]]  # name -> ("import", statement) or ("other", node)
    occurrences: set[str]
    top_imports: list[_TopImport]
    star_indexes: list[int]
    parents: dict[int, cst.CSTNode]  # id(node) -> its parent
    layout: Layout | None = None  # the text of each top-level statement, when it adds up to the module's
    # The module's constant that some call passes as `max_chars` ("" when none): found once per tree.
    budget_constant: str | None = None

    def ancestors(self, node: cst.CSTNode) -> list[cst.CSTNode]:
        """`node` and every node above it, up to the module."""
        chain = [node]
        while id(chain[-1]) in self.parents:
            chain.append(self.parents[id(chain[-1])])
        return chain


_FACTS: dict[int, tuple[cst.Module, TreeFacts]] = {}
_FACTS_KEPT = 8


def tree_facts(tree: cst.Module, text: str | None = None, starts: list[int] | None = None) -> TreeFacts:
    """The facts of `tree`, cached for the last few trees asked about (the tree is kept with them).
    `text`, the source `tree` was parsed from, spares generating the whole module's code again;
    with `starts` (the offset of each top-level statement's text), so does each statement's."""
    cached = _FACTS.get(id(tree))
    if cached is not None and cached[0] is tree:
        return cached[1]
    facts = _scan(tree, text, starts)
    if len(_FACTS) >= _FACTS_KEPT:
        _FACTS.pop(next(iter(_FACTS)))
    _FACTS[id(tree)] = (tree, facts)
    return facts


def _scan(tree: cst.Module, text: str | None, starts: list[int] | None) -> TreeFacts:
    scan = _NameScan()
    scan.run(tree)
    bindings, names, parents = scan.bindings, scan.names, scan.parents
    top_imports: list[_TopImport] = []
    layout = Layout.cut(tree, text, starts) if text is not None and starts is not None else None
    if layout is None:
        layout = Layout.generated(tree, text)
    last_lines = _last_lines(layout.header, layout.statements)
    for index, statement in enumerate(tree.body):
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.ImportFrom):
                module = dotted(small.module) if small.module is not None else ""
                top_imports.append(
                    _TopImport(
                        index,
                        small,
                        module or "",
                        len(small.relative),
                        isinstance(small.names, cst.ImportStar),
                        last_lines[index],
                    )
                )
            elif isinstance(small, cst.Import):
                top_imports.append(
                    _TopImport(index, small, dotted(small.names[0].name) or "", 0, False, last_lines[index])
                )
    return TreeFacts(bindings, names, top_imports, [i.index for i in top_imports if i.star], parents, layout.checked())


@dataclass
class Layout:
    """A module's text as its parts: header, one string per top-level statement, footer.

    libcst writes a module as exactly these parts, then drops the last newline
    when the file has none (`popped` characters). With them, a fix that
    changes a few statements is written, checked and turned into edits
    without generating the whole module again.

    The parts are either generated by libcst, or cut from the source where
    `ast` says each statement starts (`cut`), which costs nothing.
    A cut statement is compared with its generated code before a fix relies on
    it (`exact`); on a difference the fix takes the generated layout.
    """

    header: str
    statements: list[str]
    footer: str
    popped: int
    code: str
    valid: bool = True  # the parts add up to `code`; when not, callers use the slow path
    unchecked: set[int] = field(default_factory=set)  # indexes of statements cut, not yet compared

    @classmethod
    def generated(cls, tree: cst.Module, text: str | None = None) -> Layout:
        """The layout from libcst's code of each part, checked against the whole module's code
        (`text`, the source it was parsed from, when known)."""
        header = "".join(tree.code_for_node(line) for line in tree.header)
        statements = [tree.code_for_node(statement) for statement in tree.body]
        footer = "".join(tree.code_for_node(line) for line in tree.footer)
        code = text if text is not None else tree.code
        whole = header + "".join(statements) + footer
        popped = 0 if tree.has_trailing_newline else trailing_newline(whole)
        valid = whole[: len(whole) - popped] == code
        return cls(header, statements, footer, popped, code, valid)

    @classmethod
    def cut(cls, tree: cst.Module, text: str, starts: list[int]) -> Layout | None:
        """The layout cut from `text` at `starts`, where each statement's text starts (its leading
        blank lines and comments, which libcst gives to the statement below them, included). None
        when the cuts do not fit the header and footer libcst found."""
        if len(starts) != len(tree.body):
            return None
        header = "".join(tree.code_for_node(line) for line in tree.header)
        footer = "".join(tree.code_for_node(line) for line in tree.footer)
        code = text
        # libcst ends the last part of a file that has no final newline with one of its own.
        popped = 0 if tree.has_trailing_newline else len(tree.default_newline)
        if popped:
            text += tree.default_newline
        offsets = [*starts, len(text) - len(footer)]
        if (
            offsets[0] != len(header)
            or not text.startswith(header)
            or not text.endswith(footer)
            or any(end <= start for start, end in zip(offsets, offsets[1:], strict=False))
        ):
            return None
        statements = [text[start:end] for start, end in zip(offsets, offsets[1:], strict=False)]
        return cls(header, statements, footer, popped, code, True, set(range(len(statements))))

    def checked(self) -> Layout | None:
        return self if self.valid else None

    def exact(self, tree: cst.Module, index: int) -> bool:
        """Whether the part of statement `index` is libcst's code for it (compared once)."""
        if index in self.unchecked:
            if tree.code_for_node(tree.body[index]) != self.statements[index]:
                return False
            self.unchecked.discard(index)
        return True

    def starts(self) -> list[int]:
        """Offset of each statement, then of the footer."""
        offsets = [len(self.header)]
        for text in self.statements:
            offsets.append(offsets[-1] + len(text))
        return offsets


def trailing_newline(text: str) -> int:
    return 2 if text.endswith("\r\n") else 1 if text.endswith(("\n", "\r")) else 0


@dataclass
class ImportChanges:
    """What `apply()` did, for verification: new statements and replaced ones."""

    inserted: list[cst.CSTNode] = field(default_factory=list)
    replaced: dict[int, tuple[cst.CSTNode, cst.CSTNode]] = field(default_factory=dict)  # id(new) -> (new, original)


class ImportPlanner:
    """Plans imports for one module. `use_line` is the first line fixed code will use a
    name on: only imports that end before it are reused or extended."""

    def __init__(
        self,
        tree: cst.Module,
        use_line: int,
        runtime_module: str | None = None,
        first_party: frozenset[str] = frozenset(),
    ) -> None:
        self.tree = tree
        self.use_line = use_line
        self.runtime_module = runtime_module
        self.first_party = first_party  # the project's own top-level modules: their group comes last
        self._locals: dict[Symbol, str] = {}
        self._additions: dict[str, dict[str, str | None]] = {}  # module -> {name: alias}
        self._taken: set[str] = set()  # local names chosen for new imports
        self._constant: tuple[str, str] | None = None  # (name, literal): a budget constant to add
        facts = tree_facts(tree)
        self.facts = facts
        self.bindings = facts.bindings
        self.occurrences = facts.occurrences
        self.top_imports = facts.top_imports
        self.star_indexes = facts.star_indexes

    def _binds_only(self, name: str, symbol: Symbol) -> bool:
        """Every binding of `name`, anywhere, imports `symbol` under that name."""
        found = self.bindings.get(name, [])
        return all(kind == "import" and _imports_symbol(node, name, symbol) for kind, node in found)

    def _binds_module_only(self, name: str, module: str) -> bool:
        found = self.bindings.get(name, [])
        return all(kind == "import" and _imports_module(node, name, module) for kind, node in found)

    def builtin_free(self, name: str) -> bool:
        """`name` still means the builtin everywhere in the module."""
        return name not in self.bindings and not self.star_indexes

    # -- spelling a symbol --------------------------------------------------

    def local(self, symbol: Symbol) -> str:
        if symbol in self._locals:
            return self._locals[symbol]
        located = self._located(symbol)
        spelled = self._reuse(located) or self._add(located)
        self._locals[symbol] = spelled
        return spelled

    def _located(self, symbol: Symbol) -> Symbol:
        """`symbol` where the project keeps the runtime: its own module (`runtime-module`), which
        holds every runtime name, the Pydantic annotations included."""
        if self.runtime_module is None or symbol.module.split(".", 1)[0] != RUNTIME_ROOT:
            return symbol
        return Symbol(self.runtime_module, symbol.name)

    def _reuse(self, symbol: Symbol) -> str | None:
        for item in self.top_imports:
            if item.star or item.level or item.end_line >= self.use_line:
                continue
            if any(star > item.index for star in self.star_indexes):
                continue
            node = item.node
            if isinstance(node, cst.ImportFrom) and item.module in symbol.modules:
                assert not isinstance(node.names, cst.ImportStar)
                for alias in node.names:
                    if dotted(alias.name) != symbol.name:
                        continue
                    bound = _bound_name(alias)
                    if bound is not None and self._binds_only(bound, symbol):
                        return bound
            elif isinstance(node, cst.Import):
                for alias in node.names:
                    imported = dotted(alias.name) or ""
                    for module in symbol.modules:
                        if alias.asname is not None and imported == module:
                            bound = _bound_name(alias)
                            if bound is not None and self._binds_module_only(bound, module):
                                return f"{bound}.{symbol.name}"
                        elif alias.asname is None and imported == module:
                            root = module.split(".", 1)[0]
                            if self._binds_module_only(root, root):
                                return f"{module}.{symbol.name}"
        return None

    def _add(self, symbol: Symbol) -> str:
        existing = self._extendable(symbol.module)
        index = existing.index if existing is not None else self._placement(symbol.module)[0]
        late_star = any(star >= index for star in self.star_indexes)
        candidates = [symbol.name, f"_bl_{symbol.name}", *(f"_bl_{symbol.name}_{n}" for n in range(2, 100))]
        for number, name in enumerate(candidates):
            if name in self._taken:
                continue
            if number == 0 and late_star:
                continue  # a star import after ours could rebind the plain name
            if name in self.bindings:
                if not self._binds_only(name, symbol):
                    continue
            elif name in self.occurrences or name in _BUILTINS:
                continue  # used without a binding: a star import or a builtin provides it
            self._taken.add(name)
            self._additions.setdefault(symbol.module, {})[symbol.name] = None if name == symbol.name else name
            return name
        raise RuntimeError(f"no free local name for {symbol.module}.{symbol.name}")  # pragma: no cover

    # -- the budget ---------------------------------------------------------

    def budget(self, literal: str, shared: bool) -> str:
        """How fixed code spells the tool-output budget (`literal`, such as `16_000`): the module's
        constant that already serves as a `max_chars`, or is named as its tools' budget; else, when
        several fixes of this module write it (`shared`), a new `MAX_TOOL_OUTPUT_CHARS`, named once;
        else the literal."""
        existing = self._budget_constant()
        if existing is not None:
            return existing
        if shared and BUDGET_CONSTANT not in self.bindings and BUDGET_CONSTANT not in self.occurrences:
            self._constant = (BUDGET_CONSTANT, literal)
            return BUDGET_CONSTANT
        return literal

    def _budget_constant(self) -> str | None:
        """A module-level `NAME = <int>`, bound nowhere else, that some call passes as `max_chars`;
        else the one such constant named as the budget of what its tools return."""
        if self.facts.budget_constant is None:
            self.facts.budget_constant = self._find_budget_constant() or ""
        return self.facts.budget_constant or None

    def _find_budget_constant(self) -> str | None:
        integers = {
            target.target.value: small.value.evaluated_value
            for statement in self.tree.body
            if isinstance(statement, cst.SimpleStatementLine)
            for small in statement.body
            if isinstance(small, cst.Assign) and isinstance(small.value, cst.Integer)
            for target in small.targets
            if isinstance(target.target, cst.Name)
        }
        if not integers:
            return None  # no constant to find: spare the walk of the whole module
        used = [
            node.value.value
            for node in walk(self.tree)
            if isinstance(node, cst.Arg)
            and node.keyword is not None
            and node.keyword.value == "max_chars"
            and isinstance(node.value, cst.Name)
        ]
        found = [name for name in dict.fromkeys(used) if name in integers and len(self.bindings.get(name, [])) == 1]
        if found:
            return BUDGET_CONSTANT if BUDGET_CONSTANT in found else found[0]
        # The module's own budget for what its tools return (`MAX_TOOL_RESULT_CHARS = 50_000`, which
        # its own cuts use): the maintainers' number, which a reviewer would have the fix reuse.
        declared = [
            name
            for name, value in integers.items()
            if _names_an_output_budget(name) and value >= MIN_DECLARED_BUDGET and len(self.bindings.get(name, [])) == 1
        ]
        return declared[0] if len(declared) == 1 else None

    # -- where a new import goes --------------------------------------------

    def _header(self) -> list[_TopImport]:
        """The imports at the top of the module (after the docstring), before any other statement."""
        start, header_end = _leading_imports(self.tree.body)
        return [item for item in self.top_imports if start <= item.index < header_end]

    def _placement(self, module: str) -> tuple[int, str]:
        """(body index to insert at, how): "after" joins the group above, "before" takes the
        next statement's leading lines, "group" starts a new group after a blank line."""
        header = self._header()
        top = module.split(".", 1)[0]
        key = (1, module.lower())
        same = [item for item in header if item.level == 0 and item.module.split(".", 1)[0] == top]
        if same:
            before_same = [item for item in same if _sort_key(item) <= key]
            return (before_same[-1].index + 1, "after") if before_same else (same[0].index, "before")
        absolute = [item for item in header if item.level == 0 and item.module != "__future__"]
        if self.runtime_module is not None and top == self.runtime_module.split(".", 1)[0]:
            # The project's own module: a first-party group, after the others, before relative imports.
            if absolute:
                return absolute[-1].index + 1, "group"
            relative = [item for item in header if item.level > 0]
            if relative:
                return relative[0].index, "before-group"
        section = self._section(top)
        group = [item for item in absolute if self._section(item.module.split(".", 1)[0]) == section]
        before = [item for item in group if _sort_key(item) <= key]
        if before:
            return before[-1].index + 1, "after"
        if group:
            return group[0].index, "before"
        if section == STDLIB_SECTION:
            later = [item for item in header if item.module != "__future__"]
            if later:
                return later[0].index, "before-group"
        else:
            own = [item for item in absolute if self._section(item.module.split(".", 1)[0]) > section]
            if own:  # only the project's own imports after ours: a group before them
                return own[0].index, "before-group"
            absolute = [item for item in header if item.level == 0]
            if absolute:
                return absolute[-1].index + 1, "group"
            if header:
                return header[0].index, "before-group"
        body = self.tree.body
        if header:  # only __future__ imports
            return header[-1].index + 1, "group"
        if body and _is_docstring(body[0]):
            return 1, "group"
        return 0, "top"

    def _section(self, top: str) -> int:
        """isort's sections, in their order: the standard library, third-party, the project's own."""
        return STDLIB_SECTION if top in STDLIB else 2 if top in self.first_party else 1

    # -- making the changes -------------------------------------------------

    def apply(self, tree: cst.Module) -> tuple[cst.Module, ImportChanges]:
        """Add the planned imports to `tree` (the fixed module, same top-level layout as the original)."""
        changes = ImportChanges()
        if not self._additions and self._constant is None:
            return tree, changes
        body: list[cst.BaseStatement] = list(tree.body)
        by_index: dict[int, list[tuple[str, cst.SimpleStatementLine]]] = {}
        for module, names in sorted(self._additions.items()):
            if self._extend(body, module, names, changes):
                continue
            index, how = self._placement(module)
            aliases = [_alias(name, alias) for name, alias in sorted(names.items(), key=lambda i: _name_key(i[0]))]
            statement = cst.SimpleStatementLine(
                body=[cst.ImportFrom(module=_dotted_expr(module), names=_with_commas(aliases))]
            )
            by_index.setdefault(index, []).append((how, statement))
        # Highest index first, so earlier indexes stay valid. At one index, statements that join the
        # group above come first, then a new group, then those that open the group below.
        order = {"after": 0, "group": 1, "top": 1, "before": 2, "before-group": 2}
        for index in sorted(by_index, reverse=True):
            entries = sorted(by_index[index], key=lambda entry: order[entry[0]])
            statements = [statement for _, statement in entries]
            hows = [how for how, _ in entries]
            following: cst.BaseStatement | None = body[index] if index < len(body) else None
            original_following = self.tree.body[index] if index < len(self.tree.body) else None
            new_following: cst.BaseStatement | None = following
            opening = next((i for i, how in enumerate(hows) if how in ("before", "before-group")), None)
            if opening is not None and following is not None:
                statements[opening] = statements[opening].with_changes(leading_lines=_leading(following))
                new_following = following.with_changes(leading_lines=(BLANK_LINE,) if "before-group" in hows else ())
            for position, how in enumerate(hows):
                if how == "group":
                    statements[position] = statements[position].with_changes(leading_lines=(BLANK_LINE,))
            if opening is None and new_following is not None and not _is_import_line(new_following):
                new_following = _separated(new_following)  # code right after new imports: blank lines first
            if new_following is not None and new_following is not following:
                assert original_following is not None
                changes.replaced[id(new_following)] = (new_following, original_following)
                body[index] = new_following
            body[index:index] = statements
            changes.inserted.extend(statements)
        if self._constant is not None:
            self._add_constant(body, changes, *self._constant)
        return tree.with_changes(body=body), changes

    def _add_constant(self, body: list[cst.BaseStatement], changes: ImportChanges, name: str, literal: str) -> None:
        """`NAME = literal` after the leading imports (and the docstring), with a blank line before it."""
        index = _leading_imports(body)[1]
        statement = cst.SimpleStatementLine(
            body=[cst.Assign(targets=[cst.AssignTarget(cst.Name(name))], value=cst.Integer(literal))],
            leading_lines=(BLANK_LINE,) if index else (),
            trailing_whitespace=cst.TrailingWhitespace(
                whitespace=cst.SimpleWhitespace("  "), comment=cst.Comment(BUDGET_COMMENT)
            ),
        )
        body.insert(index, statement)
        changes.inserted.append(statement)

    def _extendable(self, module: str) -> _TopImport | None:
        for item in self.top_imports:
            if (
                isinstance(item.node, cst.ImportFrom)
                and not item.star
                and not item.level
                and item.module == module
                and item.end_line < self.use_line
            ):
                return item
        return None

    def _extend(
        self, body: list[cst.BaseStatement], module: str, names: dict[str, str | None], changes: ImportChanges
    ) -> bool:
        item = self._extendable(module)
        if item is not None:
            node = item.node
            line = body[item.index]
            original_line = self.tree.body[item.index]
            assert isinstance(line, cst.SimpleStatementLine) and isinstance(original_line, cst.SimpleStatementLine)
            position = next(i for i, small in enumerate(original_line.body) if small is node)
            current = line.body[position]
            assert isinstance(current, cst.ImportFrom) and not isinstance(current.names, cst.ImportStar)
            aliases = list(current.names)
            opening = current.lpar.whitespace_after if current.lpar is not None else None
            for name, alias in sorted(names.items(), key=lambda i: _name_key(i[0])):
                aliases = _insert_alias(aliases, _alias(name, alias), opening)
            smalls = list(line.body)
            smalls[position] = current.with_changes(names=aliases)
            new_line = line.with_changes(body=smalls)
            changes.replaced[id(new_line)] = (new_line, self.tree.body[item.index])
            body[item.index] = new_line
            return True
        return False


# -- helpers ------------------------------------------------------------------

_BUILTINS = frozenset(dir(__import__("builtins")))


class _NameScan:
    """One walk over the code of a module: what binds each name, every identifier, and each node's parent.

    Bindings are what libcst's ScopeProvider records, in every scope (imports
    bind each dotted prefix of `import a.b`; targets of assignments, loops,
    `with`, `except`, comprehensions and `:=`; defs, classes and parameters),
    plus the capture names of `match` patterns. Identifiers are every name the
    code uses or binds, attribute names and keyword argument names excluded.
    Only fields that can hold code are walked (see `child_nodes`).
    """

    def __init__(self) -> None:
        self.bindings: dict[str, list[tuple[str, cst.CSTNode]]] = {}
        self.names: set[str] = set()
        self.parents: dict[int, cst.CSTNode] = {}

    def run(self, tree: cst.Module) -> None:
        stack: list[cst.CSTNode] = [tree]
        while stack:
            node = stack.pop()
            for child in self._children(node):
                self.parents[id(child)] = node
                stack.append(child)

    def _bind(self, name: str, kind: str, node: cst.CSTNode) -> None:
        self.bindings.setdefault(name, []).append((kind, node))

    def _bind_target(self, target: cst.CSTNode, node: cst.CSTNode) -> None:
        if isinstance(target, cst.Name):
            self._bind(target.value, "other", target)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._bind_target(element.value, node)
        elif isinstance(target, cst.StarredElement):
            self._bind_target(target.value, node)

    def _children(self, node: cst.CSTNode) -> list[cst.CSTNode]:
        # Exact classes (none of these has a subclass): `isinstance` on libcst's classes runs `abc`.
        kind = type(node)
        if kind is cst.Name:
            self.names.add(cast("cst.Name", node).value)
        elif kind is cst.Import or kind is cst.ImportFrom:
            self._import(cast("cst.Import | cst.ImportFrom", node))
            return []  # module paths are not names the code uses
        elif kind is cst.Attribute:
            return [cast("cst.Attribute", node).value]
        elif kind is cst.Arg:
            return [cast("cst.Arg", node).value]
        elif kind is cst.FunctionDef or kind is cst.ClassDef or kind is cst.Param:
            self._bind(cast("cst.FunctionDef | cst.ClassDef | cst.Param", node).name.value, "other", node)
        elif kind is cst.Assign:
            for target in cast("cst.Assign", node).targets:
                self._bind_target(target.target, node)
        elif kind is cst.AnnAssign or kind is cst.AugAssign or kind is cst.NamedExpr:
            # a bare `x: int` binds too, as ScopeProvider sees it
            self._bind_target(cast("cst.AnnAssign | cst.AugAssign | cst.NamedExpr", node).target, node)
        elif kind is cst.For or kind is cst.CompFor:
            self._bind_target(cast("cst.For | cst.CompFor", node).target, node)
        elif kind is cst.WithItem:
            asname = cast("cst.WithItem", node).asname
            if asname is not None:
                self._bind_target(asname.name, node)
        elif kind is cst.ExceptHandler:
            handler_name = cast("cst.ExceptHandler", node).name
            if handler_name is not None:
                self._bind_target(handler_name.name, node)
        elif kind is cst.MatchAs or kind is cst.MatchStar:
            capture = cast("cst.MatchAs | cst.MatchStar", node).name
            if capture is not None:
                self._bind(capture.value, "other", node)
        elif kind is cst.MatchMapping:
            rest = cast("cst.MatchMapping", node).rest
            if rest is not None:
                self._bind(rest.value, "other", node)
        return list(child_nodes(node))

    def _import(self, node: cst.Import | cst.ImportFrom) -> None:
        if isinstance(node, cst.ImportFrom) and isinstance(node.names, cst.ImportStar):
            return
        for alias in node.names:  # type: ignore[union-attr]
            bound = _bound_name(alias)
            if bound:
                self.names.add(bound)
            if alias.asname is not None or isinstance(node, cst.ImportFrom):
                if bound:
                    self._bind(bound, "import", node)
                continue
            parts = (dotted(alias.name) or "").split(".")
            for end in range(1, len(parts) + 1):
                self._bind(".".join(parts[:end]), "import", node)


def _separated(statement: cst.BaseStatement) -> cst.BaseStatement:
    """`statement` with the blank lines PEP 8 wants after imports (two before a def or class)."""
    lines = list(_leading(statement))
    if lines and lines[0].comment is None:
        return statement  # already separated
    wanted = 2 if isinstance(statement, (cst.FunctionDef, cst.ClassDef)) else 1
    return statement.with_changes(leading_lines=[BLANK_LINE] * wanted + lines)


def _leading(statement: cst.BaseStatement) -> Sequence[cst.EmptyLine]:
    assert isinstance(statement, (cst.SimpleStatementLine, cst.BaseCompoundStatement))
    return statement.leading_lines


def _last_lines(header: str, statements: list[str]) -> list[int]:
    """The last line of each top-level statement (its trailing comment included), from the code
    of the module's header and of each statement."""
    line = 1 + _count_newlines(header)
    last: list[int] = []
    for code in statements:
        newlines = _count_newlines(code)
        ends_with_newline = code.endswith(("\n", "\r"))
        last.append(line + newlines - (1 if ends_with_newline else 0))
        line += newlines
    return last


def _count_newlines(text: str) -> int:
    return text.count("\n") + text.count("\r") - text.count("\r\n")


def _bound_name(alias: cst.ImportAlias) -> str | None:
    if alias.asname is not None:
        name = alias.asname.name
        return name.value if isinstance(name, cst.Name) else None
    imported = dotted(alias.name)
    return imported.split(".", 1)[0] if imported else None


def _imports_symbol(node: cst.CSTNode, name: str, symbol: Symbol) -> bool:
    if not isinstance(node, cst.ImportFrom) or node.relative or isinstance(node.names, cst.ImportStar):
        return False
    if (dotted(node.module) if node.module is not None else "") not in symbol.modules:
        return False
    return any(dotted(alias.name) == symbol.name and _bound_name(alias) == name for alias in node.names)


def _imports_module(node: cst.CSTNode, name: str, module: str) -> bool:
    if not isinstance(node, cst.Import):
        return False
    for alias in node.names:
        imported = dotted(alias.name) or ""
        if alias.asname is not None and _bound_name(alias) == name and imported == module:
            return True
        if alias.asname is None and imported.split(".", 1)[0] == name == module.split(".", 1)[0]:
            return True
    return False


def _is_docstring(statement: cst.CSTNode) -> bool:
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and len(statement.body) == 1
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def _leading_imports(body: Sequence[cst.BaseStatement]) -> tuple[int, int]:
    """Where the import statements at the top of a module body start (after the docstring) and end."""
    start = 1 if body and _is_docstring(body[0]) else 0
    end = start
    while end < len(body) and _is_import_line(body[end]):
        end += 1
    return start, end


def _is_import_line(statement: cst.CSTNode) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and all(
        isinstance(small, (cst.Import, cst.ImportFrom)) for small in statement.body
    )


def _sort_key(item: _TopImport) -> tuple[int, str]:
    return (1 if isinstance(item.node, cst.ImportFrom) else 0, item.module.lower())


def _name_key(name: str) -> tuple[int, str]:
    """isort's order-by-type: CONSTANTS, then Classes, then functions."""
    if name.isupper() and len(name) > 1:
        return (0, name)
    if name[:1].isupper():
        return (1, name)
    return (2, name)


def _dotted_expr(module: str) -> cst.Attribute | cst.Name:
    parts = module.split(".")
    expr: cst.Attribute | cst.Name = cst.Name(parts[0])
    for part in parts[1:]:
        expr = cst.Attribute(value=expr, attr=cst.Name(part))
    return expr


def _alias(name: str, alias: str | None) -> cst.ImportAlias:
    return cst.ImportAlias(name=cst.Name(name), asname=cst.AsName(name=cst.Name(alias)) if alias else None)


def _with_commas(aliases: list[cst.ImportAlias]) -> list[cst.ImportAlias]:
    return [
        alias.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        if index < len(aliases) - 1
        else alias
        for index, alias in enumerate(aliases)
    ]


def _insert_alias(
    aliases: list[cst.ImportAlias], new: cst.ImportAlias, opening: cst.BaseParenthesizableWhitespace | None = None
) -> list[cst.ImportAlias]:
    """Insert keeping the statement's order (by type, or alphabetical) and its comma layout."""
    names = [dotted(alias.name) or "" for alias in aliases]
    new_name = dotted(new.name) or ""
    if names == sorted(names, key=_name_key):
        position = sum(1 for name in names if _name_key(name) <= _name_key(new_name))
    elif names == sorted(names, key=str.lower):
        position = sum(1 for name in names if name.lower() <= new_name.lower())
    else:
        position = len(names)
    separators = [alias.comma for alias in aliases[:-1] if isinstance(alias.comma, cst.Comma)]
    separator = separators[0] if separators else cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    if position == len(aliases):
        return append_item(aliases, new, separator, opening)
    result = list(aliases)
    result.insert(position, new.with_changes(comma=separator))
    return result


def append_item(
    items: list[Any], new: Any, separator: cst.Comma, opening: cst.BaseParenthesizableWhitespace | None = None
) -> list[Any]:
    """Append to a comma-separated list (import names, call arguments), keeping its layout.

    A one-line list gains `, new`. A list written one item per line with a
    trailing comma gains a line, indented like the others (`opening` is the
    whitespace after the opening parenthesis, for a list of one item), and a
    comment after the old last item stays with it.
    """
    if not items:
        return [new]
    result = list(items)
    last = result[-1]
    trailing = last.comma
    if isinstance(trailing, cst.Comma) and isinstance(trailing.whitespace_after, cst.ParenthesizedWhitespace):
        after = trailing.whitespace_after
        indent = next(
            (
                ws.last_line
                for ws in (separator.whitespace_after, opening)
                if isinstance(ws, cst.ParenthesizedWhitespace)
            ),
            after.last_line,
        )
        result[-1] = last.with_changes(
            comma=trailing.with_changes(whitespace_after=after.with_changes(last_line=indent))
        )
        closing = after.with_changes(
            first_line=cst.TrailingWhitespace(newline=after.first_line.newline), empty_lines=[]
        )
        result.append(new.with_changes(comma=trailing.with_changes(whitespace_after=closing)))
        return result
    result[-1] = last.with_changes(comma=separator)
    result.append(new.with_changes(comma=trailing))
    return result


def _names_an_output_budget(name: str) -> bool:
    """`MAX_TOOL_RESULT_CHARS`, `TOOL_OUTPUT_MAX_CHARS`: a bound, in characters, of what a tool returns."""
    words = set(name_words(name))
    return bool(words & _BUDGET_BOUND_WORDS and words & _BUDGET_UNIT_WORDS and words & _BUDGET_OF_WORDS)
