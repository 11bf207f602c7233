"""A checkpoint call that makes its line too long is split the way black and ruff split it.

`return client.search(query)` fits; `return truncate_text(client.search(query),
max_chars=16_000)` may not. When the project's line length (its ruff or black
configuration, else their default 88) is exceeded, the call the fix wrapped
around a statement's value is laid out as those formatters would: its
arguments on one indented line if they fit there, else one per line with a
trailing comma. Only the call the fix made moves; the user's expression keeps
its own layout. A value that already spans lines (`json.dumps(\n    {...},\n
indent=2,\n)`) is moved whole onto the lines of the call, one indentation further
in, and the call is split one argument per line, as the formatters write it.
Values that are not a whole statement's (an argument, an item) are left to the
project's formatter.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from boundlint.project.module import ModuleInfo, dotted

INDENT = "    "  # what both formatters indent a bracket's contents by
STATEMENT_VALUES = (cst.Return, cst.Assign, cst.AnnAssign, cst.Expr)

Fit = Callable[[cst.CSTNode, cst.CSTNode], cst.CSTNode]


def line_fitter(module: ModuleInfo, parents: dict[int, cst.CSTNode], callees: set[str], line_length: int) -> Fit:
    """`fit(new, target)`: the node a fix built in place of `target`, split if its line is too long."""
    lines = module.source.text.splitlines()

    def fit(new: cst.CSTNode, target: cst.CSTNode) -> cst.CSTNode:
        # The fix made either the statement (`return f(x)` for `return x`) or its value.
        call: cst.CSTNode | None
        if isinstance(new, STATEMENT_VALUES) and isinstance(target, STATEMENT_VALUES):
            call = new.value
        elif isinstance((parent := parents.get(id(target))), STATEMENT_VALUES) and parent.value is target:
            call = new
        else:
            return new
        if not isinstance(call, cst.Call) or dotted(call.func) not in callees or not call.args:
            return new
        span = module.position(target)
        if span.start_line > len(lines):
            return new
        line = lines[span.start_line - 1]
        indent = len(line) - len(line.lstrip())
        if span.start_line != span.end_line:
            one_line = _arguments_code(module, call)
            if "\n" not in one_line:
                # only the value's own parentheses spanned lines (`return (\n    x\n)`): the call took
                # them over and holds its arguments on their own line, unless that line is too long
                if indent + len(INDENT) + len(one_line) <= line_length:
                    return new
                split = _exploded(call)
                return split if new is call else new.with_changes(value=split)
            value = target.value if isinstance(target, STATEMENT_VALUES) else target
            if _opens_its_own_lines(value):
                # `return (\n    "a"\n    "b"\n)`: its lines are already one indentation in, where the
                # call that takes over its parentheses puts its arguments
                split = _exploded(call)
            else:
                split = _exploded(call.with_changes(args=[arg.visit(_Indented()) for arg in call.args]))
            return split if new is call else new.with_changes(value=split)
        code = module.tree.code_for_node(new)
        if "\n" in code or span.start_column + len(code) + len(line[span.end_column :].rstrip()) <= line_length:
            return new
        one_line = _arguments_code(module, call)
        split = _hugged(call) if indent + len(INDENT) + len(one_line) <= line_length else _exploded(call)
        return split if new is call else new.with_changes(value=split)

    return fit


def _opens_its_own_lines(value: cst.CSTNode | None) -> bool:
    """`(\n    ...\n)`: a value in parentheses of its own that start a new line."""
    lpar = value.lpar if isinstance(value, cst.BaseExpression) else ()
    return bool(lpar) and isinstance(lpar[0].whitespace_after, cst.ParenthesizedWhitespace)


def _arguments_code(module: ModuleInfo, call: cst.Call) -> str:
    """The call's arguments written out after one another (`a, b=1`)."""
    return ", ".join(module.tree.code_for_node(_bare(arg)) for arg in call.args)


def _bare(arg: cst.Arg) -> cst.Arg:
    return arg.with_changes(comma=cst.MaybeSentinel.DEFAULT, whitespace_after_arg=cst.SimpleWhitespace(""))


def _break(extra: str) -> cst.ParenthesizedWhitespace:
    """A line break, then the enclosing block's indentation and `extra`."""
    return cst.ParenthesizedWhitespace(
        first_line=cst.TrailingWhitespace(), empty_lines=[], indent=True, last_line=cst.SimpleWhitespace(extra)
    )


def _hugged(call: cst.Call) -> cst.Call:
    """`f(\\n    a, b=1\\n)`: the arguments on one line of their own."""
    args = [_bare(arg).with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))) for arg in call.args]
    args[-1] = _bare(call.args[-1]).with_changes(whitespace_after_arg=_break(""))
    return call.with_changes(whitespace_before_args=_break(INDENT), args=args)


def _exploded(call: cst.Call) -> cst.Call:
    """`f(\\n    a,\\n    b=1,\\n)`: one argument per line, with the trailing comma black adds."""
    args = [_bare(arg).with_changes(comma=cst.Comma(whitespace_after=_break(INDENT))) for arg in call.args]
    args[-1] = _bare(call.args[-1]).with_changes(comma=cst.Comma(whitespace_after=_break("")))
    return call.with_changes(whitespace_before_args=_break(INDENT), args=args)


class _Indented(cst.CSTTransformer):
    """Every line break inside a value moved one indentation further in: the value's own lines,
    and its comments, keep their place relative to its first line."""

    def leave_ParenthesizedWhitespace(
        self, original: cst.ParenthesizedWhitespace, updated: cst.ParenthesizedWhitespace
    ) -> cst.ParenthesizedWhitespace:
        if not updated.indent:
            return updated
        return updated.with_changes(last_line=cst.SimpleWhitespace(INDENT + updated.last_line.value))

    def leave_EmptyLine(self, original: cst.EmptyLine, updated: cst.EmptyLine) -> cst.EmptyLine:
        if not updated.indent or updated.comment is None:
            return updated
        return updated.with_changes(whitespace=cst.SimpleWhitespace(INDENT + updated.whitespace.value))
