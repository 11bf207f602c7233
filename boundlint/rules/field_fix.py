"""The fix BL002 and BL003 share: bound a contract model's field.

By default the field's type gets the runtime's cutting metadata,
`Annotated[str, Truncated(4_000)]` or `Annotated[list[T], TruncatedItems(50)]`,
which cuts longer values and signals the cut. With `field-fix = "reject"` it
gets `Field(max_length=...)` instead, which rejects them (unsafe: valid data
starts failing validation). Strings get a quarter of `max-chars`
(`FIELD_CHARS_DIVISOR`), collections `FIELD_ITEMS` items.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from boundlint.edit.context import FixContext
from boundlint.edit.kinds import Kinds, subscript_parameters
from boundlint.edit.model import (
    ANNOTATED,
    FIELD,
    TRUNCATED,
    TRUNCATED_ITEMS,
    UNSAFE,
    Candidate,
    Names,
    NoFixError,
)
from boundlint.edit.target import Target
from boundlint.edit.templates import PLACEHOLDER, add_keyword, as_argument, budget_literal, call_template, replace_node

FIELD_CHARS_DIVISOR = 4
FIELD_ITEMS = 50


def plan_field_fix(target: Target, context: FixContext) -> Candidate:
    """Bound the field a BL002 or BL003 finding is on."""
    module, node, field = target.module, target.node, target.field
    assert isinstance(node, cst.AnnAssign) and field is not None
    model = target.model
    taker = context.input_models().get(model.node) if model is not None else None
    if model is not None and taker is not None:
        raise NoFixError(
            f"no automatic fix: `{model.name}` is also an input of `{taker}`; a bound on the "
            "field would cut (or reject) what the tool is given. Bound the value where it is returned"
        )
    kinds = Kinds(context.project, module)
    is_str = field.kind == "str"
    limit = max(context.config.max_chars // FIELD_CHARS_DIVISOR, 1) if is_str else FIELD_ITEMS
    budget = budget_literal(limit)
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
                annotation=updated.annotation.with_changes(annotation=add_keyword(call, "max_length", budget))
            )

        return Candidate(
            target.finding,
            module,
            node,
            build_call,
            UNSAFE,
            f"Add `max_length={budget}` to the constraint (unsafe: longer values are rejected)",
        )

    if context.config.field_fix == "reject":
        return _reject(target, node, kinds, matches, budget, unit)

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
    if is_str:
        # The cut applies wherever the model is validated, not only to a tool's answer: to a record
        # read back from storage, a form a UI posts, an API's own model. Maintainers rejected 26 of
        # the 31 such fixes read in three readings (benchmarks/reviewed/*-fix-hunks.jsonl).
        message += (
            " (unsafe: the cut applies wherever the model is validated, also to data read back from "
            "storage or sent to a UI)"
        )
        return Candidate(target.finding, module, node, build, UNSAFE, message, (ANNOTATED, symbol))
    # A typed list has no room for a marker: the model is not told that items were dropped, nor
    # is the code that reads a count or pages on (`total`, `has_more`) next to the list. Maintainers
    # rejected 49 of 54 such fixes on public MCP servers (benchmarks/reviewed/2026-11-27-fix-hunks.jsonl).
    message += (
        " (unsafe: the items past the bound are dropped wherever the model is validated, with no "
        "marker the model reads; a count or paging field tells it that more are left)"
    )
    return Candidate(target.finding, module, node, build, UNSAFE, message, (ANNOTATED, symbol))


def _reject(
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
            return updated.with_changes(value=add_keyword(updated.value, "max_length", budget))

        return Candidate(target.finding, module, node, build_default, UNSAFE, message)

    def build(updated: cst.CSTNode, names: Names) -> cst.CSTNode:
        assert isinstance(updated, cst.AnnAssign)
        if existing is not None:  # Annotated[str, Field(...)]: merge there
            call = _annotated_field(kinds, updated.annotation.annotation)
            assert call is not None
            return replace_node(updated, call, add_keyword(call, "max_length", budget))
        if updated.value is None:
            field_call = cst.parse_expression(f"{names[FIELD]}(max_length={budget})")
            return updated.with_changes(value=field_call, equal=cst.AssignEqual())
        field_call = call_template(
            f"{names[FIELD]}(default={PLACEHOLDER}, max_length={budget})", as_argument(updated.value)
        )
        return updated.with_changes(value=field_call)

    symbols = () if existing is not None else (FIELD,)
    return Candidate(target.finding, module, node, build, UNSAFE, message, symbols)


def _contains(kinds: Kinds, expr: cst.BaseExpression, matches: Callable[[cst.BaseExpression], bool]) -> bool:
    if matches(expr):
        return True
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
        return _contains(kinds, expr.left, matches) or _contains(kinds, expr.right, matches)
    if isinstance(expr, cst.Subscript) and (kinds.is_wrapper(expr.value) or kinds.is_annotated(expr.value)):
        parameters = subscript_parameters(expr)
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
        wrapped = call_template(
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
    members = kinds.union_members(expr)
    kind = [m for m in members if not (isinstance(m, cst.Name) and m.value == "None")]
    return len(kind) == 1 and matches(kind[0])


def _is_field(kinds: Kinds, func: cst.BaseExpression) -> bool:
    return kinds.name(func) in ("pydantic.Field", "pydantic.fields.Field")


def _annotated_field(kinds: Kinds, expr: cst.BaseExpression) -> cst.Call | None:
    """The `Field(...)` call in `Annotated[str, Field(...)]`, if the annotation is one."""
    if isinstance(expr, cst.Subscript) and kinds.is_annotated(expr.value):
        for metadata in subscript_parameters(expr)[1:]:
            if isinstance(metadata, cst.Call) and _is_field(kinds, metadata.func):
                return metadata
    return None
