"""The fix for each rule, as a replacement of the node the finding is on.

Every builder receives the node as it is after the fixes nested inside it
(a BL005 fix inside a BL001 return, say) and returns its replacement; it never
looks outside that node. When a finding has no safe mechanical fix the
planner returns a `NoFix` that says why.

Budgets: BL001 uses `max-chars` (16,000 by default). Fields get a quarter of
it (`FIELD_CHARS_DIVISOR`: 4,000 characters by default) and collections
`FIELD_ITEMS` (50) items. BL004 and BL006 keep the budget written in the code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import libcst as cst

from boundlint.analyse.markers import marker_text
from boundlint.core.config import Config
from boundlint.fix.imports import ImportPlanner, append_item
from boundlint.fix.kinds import JSON, SEQUENCE, TEXT, UNKNOWN, Kinds
from boundlint.fix.locate import Target
from boundlint.fix.model import (
    ANNOTATED,
    BOUNDED,
    FIELD,
    SAFE,
    TRUNCATE_FOR_LLM,
    TRUNCATE_TEXT,
    TRUNCATED,
    TRUNCATED_ITEMS,
    UNSAFE,
    Candidate,
    Names,
    NoFix,
)
from boundlint.knowledge import data_sources as src
from boundlint.project.lookup import Project
from boundlint.project.module import ModuleInfo, dotted
from boundlint.rules.bl006_marker_over_budget import leftmost_term, reserves_budget, rightmost_term

_COMMA = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
FIELD_CHARS_DIVISOR = 4
FIELD_ITEMS = 50
PLACEHOLDER = "__boundlint_value__"


class NoFixError(Exception):
    """Raised by a planner step: the finding has no automatic fix, for this reason."""


@dataclass
class _ModuleFacts:
    quote: str
    bindings: dict[str, int]  # name -> how many times it is bound, in any scope


class CodemodPlanner:
    def __init__(self, project: Project, config: Config) -> None:
        self.project = project
        self.config = config
        self._facts: dict[int, _ModuleFacts] = {}

    def plan(self, target: Target) -> Candidate | NoFix:
        planners: dict[str, Callable[[Target], Candidate]] = {
            "BL001": self._bl001,
            "BL002": self._field,
            "BL003": self._field,
            "BL004": self._bl004,
            "BL005": self._bl005,
            "BL006": self._bl006,
        }
        planner = planners.get(target.finding.code)
        if planner is None:
            return NoFix(target.finding, "this rule has no automatic fix")
        try:
            return planner(target)
        except NoFixError as reason:
            return NoFix(target.finding, str(reason))

    # -- module facts -------------------------------------------------------

    def facts(self, module: ModuleInfo) -> _ModuleFacts:
        key = id(module)
        if key not in self._facts:
            counter = _QuoteCounter()
            module.tree.visit(counter)
            planner = ImportPlanner(module.tree, use_line=0)
            self._facts[key] = _ModuleFacts(
                '"' if counter.double >= counter.single else "'",
                {name: len(found) for name, found in planner.bindings.items()},
            )
        return self._facts[key]

    def _string(self, module: ModuleInfo, text: str) -> str:
        quote = self.facts(module).quote
        return f"{quote}{text}{quote}"

    def _builtins(self, module: ModuleInfo, *names: str) -> None:
        facts = self.facts(module)
        for name in names:
            if name in facts.bindings:
                raise NoFixError(f"no automatic fix: `{name}` is redefined in this module")

    # -- BL001 --------------------------------------------------------------

    def _bl001(self, target: Target) -> Candidate:
        tool, returned, module = target.tool, target.returned, target.module
        assert tool is not None and returned is not None
        kinds = Kinds(self.project, module)
        budget = _int(self.config.max_chars)
        function = tool.node
        annotation = function.returns.annotation if isinstance(function, cst.FunctionDef) and function.returns else None
        if tool.content_and_artifact:
            annotation = _first_tuple_item(kinds, annotation)
        value = _returned_value(target, tool.content_and_artifact)
        kind = _value_kind(kinds, annotation, value)

        if (
            self.config.fix_style == "decorator"
            and isinstance(function, cst.FunctionDef)
            and not tool.content_and_artifact
            and not self._class_based(target)
        ):
            return self._decorator(target, function, budget)

        symbol = TRUNCATE_TEXT if kind == TEXT else TRUNCATE_FOR_LLM
        applicability = SAFE if kind in (TEXT, JSON) else UNSAFE
        content = tool.content_and_artifact

        def build(node: cst.CSTNode, names: Names) -> cst.CSTNode:
            def wrap(expr: cst.BaseExpression) -> cst.BaseExpression:
                return _wrap(f"{names[symbol]}({PLACEHOLDER}, max_chars={budget})", expr)

            if isinstance(node, cst.Return):
                assert node.value is not None
                if content:
                    assert isinstance(node.value, cst.Tuple)
                    elements = list(node.value.elements)
                    elements[0] = elements[0].with_changes(value=wrap(elements[0].value))
                    return node.with_changes(value=node.value.with_changes(elements=elements))
                return node.with_changes(value=wrap(node.value))
            assert isinstance(node, cst.BaseExpression)  # a lambda's body
            return wrap(node)

        if isinstance(target.node, cst.Return):
            what = "the content (first element)" if content else "the returned value"
        else:
            what = "the lambda's result"
        message = f"Wrap {what} in `{symbol.name}(..., max_chars={budget})`"
        if applicability == UNSAFE:
            message += " (unsafe: the value is not known to be JSON data, and it gets a JSON-compatible copy)"
        return Candidate(target.finding, module, target.node, build, applicability, message, (symbol,))

    def _class_based(self, target: Target) -> bool:
        tool = target.tool
        assert tool is not None
        if tool.form.startswith("@"):
            return False
        return _in_class_body(target.module.tree, tool.node)

    def _decorator(self, target: Target, function: cst.FunctionDef, budget: str) -> Candidate:
        tool = target.tool
        assert tool is not None
        position = _framework_decorator(target.module, function, tool.form)

        def build(node: cst.CSTNode, names: Names) -> cst.CSTNode:
            assert isinstance(node, cst.FunctionDef)
            decorator = cst.Decorator(decorator=cst.parse_expression(f"{names[BOUNDED]}(max_chars={budget})"))
            decorators = list(node.decorators)
            decorators.insert(len(decorators) if position is None else position + 1, decorator)
            return node.with_changes(decorators=decorators)

        where = "under the tool decorator" if position is not None else "right above the function"
        message = f"Add `@bounded(max_chars={budget})` {where}"
        return Candidate(
            target.finding, target.module, function, build, SAFE, message, (BOUNDED,), key=("bounded", id(function))
        )

    # -- BL004 --------------------------------------------------------------

    def _bl004(self, target: Target) -> Candidate:
        tool, module = target.tool, target.module
        assert tool is not None
        kinds = Kinds(self.project, module)
        value = _returned_value(target, tool.content_and_artifact)
        cut = _slice(value)
        if cut is None:
            raise NoFixError("no automatic fix: the slice is not in the return expression itself")
        subscript, part = cut
        if part.step is not None:
            raise NoFixError("no automatic fix: a slice with a step")
        limit: cst.BaseExpression | None
        if part.upper is not None and (part.lower is None or _is_zero(part.lower)):
            mode, limit = "head", part.upper
        elif part.upper is None and _negated(part.lower) is not None:
            mode, limit = "tail", _negated(part.lower)
        else:
            raise NoFixError("no automatic fix: `x[a:b]` keeps a middle part; choose what to keep by hand")
        assert limit is not None
        function = tool.node
        annotation = function.returns.annotation if isinstance(function, cst.FunctionDef) and function.returns else None
        if tool.content_and_artifact:
            annotation = _first_tuple_item(kinds, annotation)
        declared = kinds.annotation(annotation)
        text = declared == TEXT or kinds.is_text_expression(subscript.value)
        sequence = not text and (
            declared == SEQUENCE
            or (declared == JSON and annotation is not None and _is_list_annotation(kinds, annotation))
        )
        content = tool.content_and_artifact
        mode_code = self._string(module, mode)

        if sequence:
            if mode == "tail":
                raise NoFixError(
                    "no automatic fix: a tail slice of a list; `truncate_for_llm` keeps head and "
                    "tail items, not the tail"
                )
            symbol = TRUNCATE_FOR_LLM
            applicability = UNSAFE
            message = (
                "Replace the slice with `truncate_for_llm(..., max_items=...)`, which marks the cut "
                "(unsafe: it keeps head and tail items, as a JSON-compatible copy)"
            )
            template = f"{{name}}({PLACEHOLDER}, max_chars={_int(self.config.max_chars)}, max_items=__limit__)"
        else:
            symbol = TRUNCATE_TEXT
            applicability = SAFE if text else UNSAFE
            message = (
                f"Replace the slice with `truncate_text(..., mode={mode_code})`, "
                "which keeps the budget and marks the cut"
            )
            if not text:
                message += " (unsafe: the value is not known to be text)"
            template = f"{{name}}({PLACEHOLDER}, max_chars=__limit__, mode={mode_code})"

        def build(node: cst.CSTNode, names: Names) -> cst.CSTNode:
            def replace(expr: cst.BaseExpression) -> cst.BaseExpression:
                found = _slice(expr)
                assert found is not None
                sub, piece = found
                bound = piece.upper if mode == "head" else _negated(piece.lower)
                assert bound is not None
                call = _call(
                    template.replace("{name}", names[symbol]), _as_argument(sub.value), __limit__=_as_argument(bound)
                )
                return call.with_changes(lpar=expr.lpar, rpar=expr.rpar) if expr.lpar else call

            if isinstance(node, cst.Return):
                assert node.value is not None
                if content:
                    assert isinstance(node.value, cst.Tuple)
                    elements = list(node.value.elements)
                    elements[0] = elements[0].with_changes(value=replace(elements[0].value))
                    return node.with_changes(value=node.value.with_changes(elements=elements))
                return node.with_changes(value=replace(node.value))
            assert isinstance(node, cst.BaseExpression)
            return replace(node)

        return Candidate(target.finding, module, target.node, build, applicability, message, (symbol,))

    # -- BL005 --------------------------------------------------------------

    def _bl005(self, target: Target) -> Candidate:
        module = target.module
        node = target.node
        assert isinstance(node, cst.Call)
        qualified = module.qualify(node.func)
        if qualified in ("builtins.str", "codecs.decode"):
            encoding_index, errors_index = 1, 2
        elif isinstance(node.func, cst.Attribute) and node.func.attr.value == "decode":
            encoding_index, errors_index = 0, 1
        else:
            raise NoFixError("no automatic fix: unrecognised decode call")
        positional = [i for i, arg in enumerate(node.args) if arg.keyword is None and not arg.star]
        keyword = next(
            (i for i, arg in enumerate(node.args) if arg.keyword is not None and arg.keyword.value == "errors"), None
        )
        errors_at = (
            keyword if keyword is not None else (positional[errors_index] if errors_index < len(positional) else None)
        )
        if errors_at is None and any(arg.star for arg in node.args):
            raise NoFixError("no automatic fix: the call unpacks `*args`/`**kwargs`")
        encoding_at = next(
            (i for i, arg in enumerate(node.args) if arg.keyword is not None and arg.keyword.value == "encoding"),
            positional[encoding_index] if encoding_index < len(positional) else None,
        )
        quote = None
        encoding = node.args[encoding_at].value if encoding_at is not None else None
        if isinstance(encoding, cst.SimpleString):
            quote = encoding.quote[:1]
        ignore = f"{quote or self.facts(module).quote}ignore{quote or self.facts(module).quote}"

        def build(updated: cst.CSTNode, names: Names) -> cst.CSTNode:
            assert isinstance(updated, cst.Call)
            args = list(updated.args)
            if errors_at is not None:
                old = args[errors_at].value
                literal = (
                    cst.SimpleString(old.quote[:1] + "ignore" + old.quote[:1])
                    if isinstance(old, cst.SimpleString)
                    else cst.SimpleString(ignore)
                )
                args[errors_at] = args[errors_at].with_changes(value=literal)
                return updated.with_changes(args=args)
            new = cst.Arg(
                value=cst.SimpleString(ignore),
                keyword=cst.Name("errors"),
                equal=cst.AssignEqual(
                    whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")
                ),
            )
            return updated.with_changes(args=append_item(args, new, _separator(args), updated.whitespace_before_args))

        message = 'Decode with `errors="ignore"`, which drops a character split by the cut instead of raising'
        return Candidate(target.finding, module, node, build, SAFE, message)

    # -- BL006 --------------------------------------------------------------

    def _bl006(self, target: Target) -> Candidate:
        node = target.node
        if isinstance(node, cst.BinaryOperation):
            return self._bl006_concat(target, node)
        assert isinstance(node, cst.FormattedString)
        return self._bl006_fstring(target, node)

    def _bl006_concat(self, target: Target, node: cst.BinaryOperation) -> Candidate:
        module = target.module
        head = _head_cut(rightmost_term(node.left))
        marker = leftmost_term(node.right)
        tail = None
        if head is None or marker_text(marker, self.project, module) is None:
            head = None
            tail = _tail_cut(leftmost_term(node.right))
            marker = rightmost_term(node.left)
            if tail is None or marker_text(marker, self.project, module) is None:
                raise NoFixError("no automatic fix: unrecognised marker pattern")
        static = isinstance(marker, (cst.SimpleString, cst.ConcatenatedString, cst.Name, cst.Attribute))
        marker_code = module.code(marker)
        if "\n" in marker_code or "\r" in marker_code:
            raise NoFixError("no automatic fix: the marker spans several lines")
        text = self._static_text(module, marker)
        length = len(text) if text is not None else None
        reserve = f"len({marker_code})"
        is_head = head is not None

        def locate(updated: cst.CSTNode) -> cst.Subscript | None:
            assert isinstance(updated, cst.BinaryOperation)
            return _head_cut(rightmost_term(updated.left)) if is_head else _tail_cut(leftmost_term(updated.right))

        return self._reserve(target, node, is_head, length, reserve, SAFE if static else UNSAFE, locate)

    def _bl006_fstring(self, target: Target, node: cst.FormattedString) -> Candidate:
        parts = list(node.parts)
        for index, part in enumerate(parts):
            if not isinstance(part, cst.FormattedStringExpression):
                continue
            after = parts[index + 1] if index + 1 < len(parts) else None
            before = parts[index - 1] if index > 0 else None
            if (
                _head_cut(part.expression) is not None
                and isinstance(after, cst.FormattedStringText)
                and src.MARKER_TEXT.search(after.value)
            ):
                head, text_part = True, after
            elif (
                _tail_cut(part.expression) is not None
                and isinstance(before, cst.FormattedStringText)
                and src.MARKER_TEXT.search(before.value)
            ):
                head, text_part = False, before
            else:
                continue
            value = _fstring_text(node, text_part.value)
            if value is None:
                raise NoFixError("no automatic fix: cannot read the marker's text")
            quote = node.quote[:1]
            other = "'" if quote == '"' else '"'
            if any(c in value for c in ("\\", other, "{", "}", "\n", "\r")) or not value.isprintable():
                reserve = str(len(value))
            else:
                reserve = f"len({other}{value}{other})"

            def locate(n: cst.CSTNode, position: int = index, is_head: bool = head) -> cst.Subscript | None:
                assert isinstance(n, cst.FormattedString)
                expression = n.parts[position]
                assert isinstance(expression, cst.FormattedStringExpression)
                return _head_cut(expression.expression) if is_head else _tail_cut(expression.expression)

            return self._reserve(target, node, head, len(value), reserve, SAFE, locate)
        raise NoFixError("no automatic fix: unrecognised marker pattern")

    def _reserve(
        self,
        target: Target,
        node: cst.CSTNode,
        head: bool,
        length: int | None,
        reserve: str,
        applicability: str,
        locate: Callable[[cst.CSTNode], cst.Subscript | None],
    ) -> Candidate:
        """Take the marker's length out of the slice's bound: `x[:N - len(M)]`, `x[-(N - len(M)):]`."""
        module = target.module
        cut = locate(node)
        assert cut is not None
        piece = cut.slice[0].slice
        assert isinstance(piece, cst.Slice)
        bound = piece.upper if head else _negated(piece.lower)
        assert bound is not None
        value = self._constant_int(module, bound)
        if value is not None and length is not None:
            if value < length + (0 if head else 1):
                raise NoFixError(
                    f"no automatic fix: the budget ({value}) is not larger than the marker ({length} chars)"
                )
            template = "__bound__ - " + reserve if head else "-(__bound__ - " + reserve + ")"
        else:
            self._builtins(module, "max", "len")
            template = f"max(__bound__ - {reserve}, 0)" if head else f"-max(__bound__ - {reserve}, 1)"
        self._builtins(module, "len")
        message = "Reserve the marker's length in the slice, so the result stays within the budget"
        if applicability == UNSAFE:
            message += " (unsafe: the marker expression is evaluated twice)"

        def build(updated: cst.CSTNode, names: Names) -> cst.CSTNode:
            found = locate(updated)
            assert found is not None
            slice_ = found.slice[0].slice
            assert isinstance(slice_, cst.Slice)
            old = slice_.upper if head else _negated(slice_.lower)
            assert old is not None
            new_bound = _call(template, __bound__=_operand(old))
            new_slice = slice_.with_changes(upper=new_bound) if head else slice_.with_changes(lower=new_bound)
            new_cut = found.with_changes(slice=[found.slice[0].with_changes(slice=new_slice)])
            return _replace_node(updated, found, new_cut)

        return Candidate(target.finding, module, node, build, applicability, message)

    def _constant_int(self, module: ModuleInfo, expr: cst.BaseExpression) -> int | None:
        """The value of an int literal, or of a module constant bound once to one."""
        if isinstance(expr, cst.Integer):
            return int(expr.value.replace("_", ""), 0)
        if isinstance(expr, cst.Name) and self.facts(module).bindings.get(expr.value) == 1:
            values = module.assignments.get(expr.value, [])
            if len(values) == 1 and isinstance(values[0], cst.Integer):
                return int(values[0].value.replace("_", ""), 0)
        return None

    def _static_text(self, module: ModuleInfo, expr: cst.BaseExpression) -> str | None:
        """The whole text of a string literal, or of a module constant bound once to one."""
        if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString)):
            value = expr.evaluated_value
            return value if isinstance(value, str) else None
        if isinstance(expr, (cst.Name, cst.Attribute)):
            entity = self.project.resolve(module, expr)
            if (
                entity is not None
                and entity.kind == "assign"
                and isinstance(entity.node, (cst.SimpleString, cst.ConcatenatedString))
                and self.facts(entity.module).bindings.get(entity.name) == 1
            ):
                value = entity.node.evaluated_value
                return value if isinstance(value, str) else None
        return None

    # -- BL002 / BL003 ------------------------------------------------------

    def _field(self, target: Target) -> Candidate:
        module, node, field = target.module, target.node, target.field
        assert isinstance(node, cst.AnnAssign) and field is not None
        kinds = Kinds(self.project, module)
        is_str = field.kind == "str"
        budget = _int(max(self.config.max_chars // FIELD_CHARS_DIVISOR, 1)) if is_str else _int(FIELD_ITEMS)
        annotation = node.annotation.annotation
        matches = (lambda e: kinds.is_text(e)) if is_str else kinds.is_collection
        unit = "characters" if is_str else "items"

        if isinstance(annotation, cst.Call):  # constr(...), conlist(...)
            if any(arg.keyword is not None and arg.keyword.value == "max_length" for arg in annotation.args):
                raise NoFixError("no automatic fix: the constraint already has a `max_length`")

            def build_call(updated: cst.CSTNode, names: Names) -> cst.CSTNode:
                assert isinstance(updated, cst.AnnAssign)
                call = updated.annotation.annotation
                assert isinstance(call, cst.Call)
                return updated.with_changes(
                    annotation=updated.annotation.with_changes(annotation=_add_keyword(call, "max_length", budget))
                )

            return Candidate(
                target.finding,
                module,
                node,
                build_call,
                UNSAFE,
                f"Add `max_length={budget}` to the constraint (unsafe: longer values are rejected)",
            )

        if self.config.field_fix == "reject":
            return self._reject(target, node, kinds, matches, budget, unit)

        if not _contains(kinds, annotation, matches):
            raise NoFixError("no automatic fix: the type comes from an alias; bound the alias by hand")
        symbol = TRUNCATED if is_str else TRUNCATED_ITEMS

        def build(updated: cst.CSTNode, names: Names) -> cst.CSTNode:
            assert isinstance(updated, cst.AnnAssign)
            metadata = cst.parse_expression(f"{names[symbol]}({budget})")
            new = _annotate(kinds, updated.annotation.annotation, matches, metadata, names[ANNOTATED])
            return updated.with_changes(annotation=updated.annotation.with_changes(annotation=new))

        message = (
            f"Bound the field with `Annotated[..., {symbol.name}({budget})]`, which cuts longer values "
            f"to {budget} {unit} (and signals the cut)"
        )
        return Candidate(target.finding, module, node, build, SAFE, message, (ANNOTATED, symbol))

    def _reject(
        self,
        target: Target,
        node: cst.AnnAssign,
        kinds: Kinds,
        matches: Callable[[cst.BaseExpression], bool],
        budget: str,
        unit: str,
    ) -> Candidate:
        module = target.module
        annotation = node.annotation.annotation
        if not _only_kind_or_none(kinds, annotation, matches):
            raise NoFixError("no automatic fix: `Field(max_length=...)` on a union; bound the member by hand")
        message = f"Add `Field(max_length={budget})` (unsafe: values over {budget} {unit} are rejected, not cut)"
        existing = _annotated_field(kinds, annotation)
        value = node.value

        if existing is None and isinstance(value, cst.Call) and _is_field(kinds, value.func):
            if any(arg.keyword is not None and arg.keyword.value in ("max_length", "max_items") for arg in value.args):
                raise NoFixError("no automatic fix: the field already has a `max_length`")

            def build_default(updated: cst.CSTNode, names: Names) -> cst.CSTNode:
                assert isinstance(updated, cst.AnnAssign) and isinstance(updated.value, cst.Call)
                return updated.with_changes(value=_add_keyword(updated.value, "max_length", budget))

            return Candidate(target.finding, module, node, build_default, UNSAFE, message)

        def build(updated: cst.CSTNode, names: Names) -> cst.CSTNode:
            assert isinstance(updated, cst.AnnAssign)
            if existing is not None:  # Annotated[str, Field(...)]: merge there
                call = _annotated_field(kinds, updated.annotation.annotation)
                assert call is not None
                return _replace_node(updated, call, _add_keyword(call, "max_length", budget))
            if updated.value is None:
                field_call = cst.parse_expression(f"{names[FIELD]}(max_length={budget})")
                return updated.with_changes(value=field_call, equal=cst.AssignEqual())
            field_call = _call(
                f"{names[FIELD]}(default={PLACEHOLDER}, max_length={budget})", _as_argument(updated.value)
            )
            return updated.with_changes(value=field_call)

        symbols = () if existing is not None else (FIELD,)
        return Candidate(target.finding, module, node, build, UNSAFE, message, symbols)


# -- helpers ------------------------------------------------------------------


class _QuoteCounter(cst.CSTVisitor):
    def __init__(self) -> None:
        self.single = 0
        self.double = 0

    def visit_SimpleString(self, node: cst.SimpleString) -> None:
        if node.quote.startswith("'"):
            self.single += 1
        else:
            self.double += 1


def _int(value: int) -> str:
    return f"{value:_}" if value >= 1_000 else str(value)


def _returned_value(target: Target, content: bool) -> cst.BaseExpression:
    node = target.node
    if isinstance(node, cst.Return):
        if node.value is None:
            raise NoFixError("no automatic fix: nothing is returned")
        value = node.value
        if content:
            if (
                not isinstance(value, cst.Tuple)
                or not value.elements
                or isinstance(value.elements[0], cst.StarredElement)
            ):
                raise NoFixError(
                    "no automatic fix: a `content_and_artifact` tool must return a `(content, "
                    "artifact)` tuple here; bound the content by hand"
                )
            return value.elements[0].value
        return value
    assert isinstance(node, cst.BaseExpression)
    return node


def _first_tuple_item(kinds: Kinds, annotation: cst.BaseExpression | None) -> cst.BaseExpression | None:
    if isinstance(annotation, cst.Subscript) and kinds.name(annotation.value) in ("builtins.tuple", "typing.Tuple"):
        first = annotation.slice[0].slice
        if isinstance(first, cst.Index):
            return first.value
    return None


def _value_kind(kinds: Kinds, annotation: cst.BaseExpression | None, value: cst.BaseExpression) -> str:
    declared = kinds.annotation(annotation)
    if declared == TEXT:
        return TEXT
    syntactic = kinds.expression(value)
    if syntactic == TEXT:
        return TEXT
    if declared == JSON or syntactic == JSON:
        return JSON
    return UNKNOWN


def _is_list_annotation(kinds: Kinds, annotation: cst.BaseExpression) -> bool:
    base = annotation.value if isinstance(annotation, cst.Subscript) else annotation
    return kinds.name(base) in ("builtins.list", "typing.List")


def _framework_decorator(module: ModuleInfo, function: cst.FunctionDef, form: str) -> int | None:
    """Index of the decorator that made the function a tool (first match from the top), if any."""
    if not form.startswith("@"):
        return None
    wanted = form[1:].rsplit(".", 1)[-1]
    for index, decorator in enumerate(function.decorators):
        expr = decorator.decorator
        target = expr.func if isinstance(expr, cst.Call) else expr
        names = {(dotted(target) or "").rsplit(".", 1)[-1], (module.qualify(target) or "").rsplit(".", 1)[-1]}
        if wanted in names:
            return index
    return None


def _in_class_body(tree: cst.Module, function: cst.CSTNode) -> bool:
    """`function` is a method: a statement directly in some class body."""
    stack: list[cst.CSTNode] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.ClassDef) and isinstance(node.body, cst.IndentedBlock):
            if any(statement is function for statement in node.body.body):
                return True
        if isinstance(node, cst.BaseExpression):
            continue  # classes are statements
        stack.extend(node.children)
    return False


class _Substitute(cst.CSTTransformer):
    def __init__(self, values: dict[str, cst.BaseExpression]) -> None:
        self.values = values

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.BaseExpression:  # type: ignore[override]
        return self.values.get(original_node.value, updated_node)


def _call(template: str, value: cst.BaseExpression | None = None, **others: cst.BaseExpression) -> cst.BaseExpression:
    """Parse `template` and put the given nodes in place of its placeholder names."""
    values = dict(others)
    if value is not None:
        values[PLACEHOLDER] = value
    parsed = cst.parse_expression(template)
    result = parsed.visit(_Substitute(values))
    assert isinstance(result, cst.BaseExpression)
    return result


def _wrap(template: str, value: cst.BaseExpression) -> cst.BaseExpression:
    """`template` (a call) around `value`; a parenthesized value lends its parentheses to the call:
    `return (\n    x\n)` becomes `return f(\n    x, max_chars=N\n)`."""
    keeps_parens = isinstance(value, (cst.Tuple, cst.GeneratorExp, cst.NamedExpr, cst.Yield))
    if len(value.lpar) != 1 or len(value.rpar) != 1 or keeps_parens:
        return _call(template, _as_argument(value))
    call = _call(template, value.with_changes(lpar=[], rpar=[]))
    assert isinstance(call, cst.Call)
    args = list(call.args)
    args[-1] = args[-1].with_changes(whitespace_after_arg=value.rpar[0].whitespace_before)
    return call.with_changes(whitespace_before_args=value.lpar[0].whitespace_after, args=args)


def _as_argument(expr: cst.BaseExpression) -> cst.BaseExpression:
    """`a, b` must keep its meaning as one argument: parenthesize a bare tuple."""
    if isinstance(expr, cst.Tuple) and not expr.lpar:
        return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return expr


_ATOMIC = (
    cst.Name,
    cst.Attribute,
    cst.Integer,
    cst.Float,
    cst.Call,
    cst.Subscript,
    cst.SimpleString,
    cst.UnaryOperation,
)
_ARITHMETIC = (
    cst.Add,
    cst.Subtract,
    cst.Multiply,
    cst.Divide,
    cst.FloorDivide,
    cst.Modulo,
    cst.Power,
    cst.MatrixMultiply,
)


def _operand(expr: cst.BaseExpression) -> cst.BaseExpression:
    """`expr` made safe as the left operand of `-`."""
    if expr.lpar or isinstance(expr, _ATOMIC):
        return expr
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, _ARITHMETIC):
        return expr
    return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def _slice(expr: cst.BaseExpression) -> tuple[cst.Subscript, cst.Slice] | None:
    if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Slice):
        return expr, expr.slice[0].slice
    return None


def _is_zero(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Integer) and expr.value == "0"


def _negated(expr: cst.BaseExpression | None) -> cst.BaseExpression | None:
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus) and not expr.lpar:
        return expr.expression
    return None


TRIM_METHODS = frozenset({"strip", "rstrip", "lstrip"})


def _unwrap_trim(expr: cst.BaseExpression) -> cst.BaseExpression:
    while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value in TRIM_METHODS:
        expr = expr.func.value
    return expr


def _head_cut(expr: cst.BaseExpression) -> cst.Subscript | None:
    """`x[:N]` (also `x[0:N]`, `x[:N].rstrip()`) with N not already reduced: the subscript."""
    found = _slice(_unwrap_trim(expr))
    if found is None:
        return None
    subscript, part = found
    if part.upper is None or part.step is not None or reserves_budget(part.upper):
        return None
    if part.lower is not None and not _is_zero(part.lower):
        return None
    return subscript


def _tail_cut(expr: cst.BaseExpression) -> cst.Subscript | None:
    found = _slice(_unwrap_trim(expr))
    if found is None:
        return None
    subscript, part = found
    bound = _negated(part.lower)
    if part.upper is not None or part.step is not None or bound is None or reserves_budget(bound):
        return None
    return subscript


class _ReplaceOne(cst.CSTTransformer):
    def __init__(self, old: cst.CSTNode, new: cst.CSTNode) -> None:
        self.old = old
        self.new = new
        self.done = False

    def on_leave(self, original_node, updated_node):  # type: ignore[no-untyped-def]
        if original_node is self.old:
            self.done = True
            return self.new
        return updated_node


def _replace_node(tree: cst.CSTNode, old: cst.CSTNode, new: cst.CSTNode) -> cst.CSTNode:
    replacer = _ReplaceOne(old, new)
    result = tree.visit(replacer)
    assert replacer.done
    return result  # type: ignore[return-value]


def _fstring_text(node: cst.FormattedString, raw: str) -> str | None:
    """The value of a literal part of an f-string (escapes applied, braces undoubled)."""
    prefix = node.prefix.replace("f", "").replace("F", "")
    text = raw.replace("{{", "{").replace("}}", "}")
    try:
        value = cst.SimpleString(f"{prefix}{node.quote}{text}{node.quote}").evaluated_value
    except Exception:  # noqa: BLE001 - anything odd: no fix
        return None
    return value if isinstance(value, str) else None


def _add_keyword(call: cst.Call, keyword: str, value: str) -> cst.Call:
    new = cst.Arg(
        value=cst.parse_expression(value),
        keyword=cst.Name(keyword),
        equal=cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")),
    )
    args = list(call.args)
    return call.with_changes(args=append_item(args, new, _separator(args), call.whitespace_before_args))


def _separator(items: list) -> cst.Comma:
    """The comma between the items of a list (one-line default when it has a single item)."""
    commas = [item.comma for item in items[:-1] if isinstance(item.comma, cst.Comma)]
    return commas[0] if commas else _COMMA


def _parameters(expr: cst.Subscript) -> list[cst.BaseExpression]:
    return [element.slice.value for element in expr.slice if isinstance(element.slice, cst.Index)]


def _contains(kinds: Kinds, expr: cst.BaseExpression, matches: Callable[[cst.BaseExpression], bool]) -> bool:
    if matches(expr):
        return True
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
        return _contains(kinds, expr.left, matches) or _contains(kinds, expr.right, matches)
    if isinstance(expr, cst.Subscript) and (kinds.is_wrapper(expr.value) or kinds.is_annotated(expr.value)):
        parameters = _parameters(expr)
        if kinds.is_annotated(expr.value):
            parameters = parameters[:1]
        return any(_contains(kinds, p, matches) for p in parameters)
    return False


def _annotate(
    kinds: Kinds,
    expr: cst.BaseExpression,
    matches: Callable[[cst.BaseExpression], bool],
    metadata: cst.BaseExpression,
    annotated: str,
) -> cst.BaseExpression:
    """Put `metadata` on each matching member of the annotation, keeping Optional/unions around it."""
    if isinstance(expr, cst.Subscript) and kinds.is_annotated(expr.value) and _contains(kinds, expr, matches):
        elements = list(expr.slice)
        last = elements[-1]
        new = cst.SubscriptElement(slice=cst.Index(value=metadata), comma=last.comma)
        elements[-1] = last.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        return expr.with_changes(slice=[*elements, new])
    if matches(expr):
        wrapped = _call(
            f"{annotated}[__type__, __meta__]", __type__=expr.with_changes(lpar=[], rpar=[]), __meta__=metadata
        )
        return wrapped.with_changes(lpar=expr.lpar, rpar=expr.rpar) if expr.lpar else wrapped
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
        return expr.with_changes(
            left=_annotate(kinds, expr.left, matches, metadata, annotated),
            right=_annotate(kinds, expr.right, matches, metadata, annotated),
        )
    if isinstance(expr, cst.Subscript) and kinds.is_wrapper(expr.value):
        elements = []
        for element in expr.slice:
            if isinstance(element.slice, cst.Index):
                inner = _annotate(kinds, element.slice.value, matches, metadata, annotated)
                element = element.with_changes(slice=element.slice.with_changes(value=inner))
            elements.append(element)
        return expr.with_changes(slice=elements)
    return expr


def _only_kind_or_none(kinds: Kinds, expr: cst.BaseExpression, matches: Callable[[cst.BaseExpression], bool]) -> bool:
    """`str`, `Optional[str]`, `str | None`, `Union[str, None]`, `Annotated[str, ...]` (and so for collections)."""
    members = list(_union_members(kinds, expr))
    kind = [m for m in members if not (isinstance(m, cst.Name) and m.value == "None")]
    return len(kind) == 1 and matches(kind[0])


def _union_members(kinds: Kinds, expr: cst.BaseExpression):
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
        yield from _union_members(kinds, expr.left)
        yield from _union_members(kinds, expr.right)
    elif isinstance(expr, cst.Subscript) and kinds.is_wrapper(expr.value):
        for parameter in _parameters(expr):
            yield from _union_members(kinds, parameter)
    elif isinstance(expr, cst.Subscript) and kinds.is_annotated(expr.value):
        parameters = _parameters(expr)
        if parameters:
            yield from _union_members(kinds, parameters[0])
    else:
        yield expr


def _is_field(kinds: Kinds, func: cst.BaseExpression) -> bool:
    return kinds.name(func) in ("pydantic.Field", "pydantic.fields.Field")


def _annotated_field(kinds: Kinds, expr: cst.BaseExpression) -> cst.Call | None:
    """The `Field(...)` call in `Annotated[str, Field(...)]`, if the annotation is one."""
    if isinstance(expr, cst.Subscript) and kinds.is_annotated(expr.value):
        for metadata in _parameters(expr)[1:]:
            if isinstance(metadata, cst.Call) and _is_field(kinds, metadata.func):
                return metadata
    return None


__all__ = ["CodemodPlanner", "FIELD_CHARS_DIVISOR", "FIELD_ITEMS", "NoFixError"]
