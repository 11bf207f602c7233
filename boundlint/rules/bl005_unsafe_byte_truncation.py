"""BL005 unsafe-byte-truncation."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import libcst as cst

from boundlint.analyse.dataflow import snippet
from boundlint.analyse.size import HIGH
from boundlint.core.findings import Finding
from boundlint.edit.context import FixContext
from boundlint.edit.imports import append_item
from boundlint.edit.model import SAFE, Candidate, Names, NoFixError
from boundlint.edit.target import Target
from boundlint.edit.templates import separator
from boundlint.knowledge import data_sources as src
from boundlint.parse.positions import child_nodes
from boundlint.project.module import ModuleInfo
from boundlint.project.module_index import index_of
from boundlint.rules.base import Rule, RuleContext


class UnsafeByteTruncation(Rule):
    code = "BL005"
    name = "unsafe-byte-truncation"
    level = "error"
    precision = "high"
    security_severity = "5.3"
    fixes_at = (cst.Call,)
    summary = "Bytes are cut at an arbitrary offset and then decoded strictly."
    what = """
Flags, anywhere in the code, a slice of bytes that is decoded without an error
handler: `s.encode()[:N].decode()`, `raw[:N].decode("utf-8")`,
`str(raw[:N], "utf-8")`, `codecs.decode(raw[:N])`. Decoding with
`errors="ignore"` or `"replace"`, or with a single-byte encoding such as
`latin-1`, is not flagged; nor is a cut at `e.start` or `e.end` of a caught
`UnicodeDecodeError` `e`, which are the edges of the bytes that failed to
decode, so no character is split there.
"""
    why = """
A UTF-8 character is one to four bytes. Cutting at byte N splits the character
that straddles N about as often as the text holds non-ASCII characters, and a
strict decode then raises `UnicodeDecodeError` inside the tool, which breaks
the agent run for any input with an emoji, an accent or CJK text at the wrong
place.
"""
    example = """
def clip(text: str, max_bytes: int) -> str:
    return text.encode("utf-8")[:max_bytes].decode("utf-8")  # BL005
"""
    fix = """
Cut on characters with a byte budget, which never splits one:

```python
from boundlint_runtime import truncate_text

    return truncate_text(text, max_bytes=max_bytes)
```

or, keeping the byte cut, drop the partial character:
`text.encode("utf-8")[:max_bytes].decode("utf-8", errors="ignore")`.
"""
    valid = (
        """
def clip(text: str, n: int) -> str:
    return text.encode("utf-8")[:n].decode("utf-8", errors="ignore")
""",
        """
def clip(raw: bytes, n: int) -> str:
    return raw[:n].decode("latin-1") + raw[:n].decode("utf-8", "replace")
""",
        """
def readable_prefix(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return raw[: error.start].decode("utf-8")
""",
    )
    invalid = (
        """
def clip(text: str, n: int) -> str:
    return text.encode("utf-8")[:n].decode("utf-8")  # expect
""",
        """
import codecs

def head(raw: bytes) -> str:
    first = str(raw[:100], "utf-8")  # expect
    return first + codecs.decode(raw[-100:])  # expect
""",
        """
def prefix(raw: bytes, n: int) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return raw[error.start : n].decode("utf-8")  # expect
""",
    )

    def check(self, context: RuleContext) -> Iterator[Finding]:
        for module in context.modules:
            index = index_of(module)
            if "decode" not in module.source.text:
                continue
            boundaries = _decode_errors_caught(module) if "UnicodeDecodeError" in module.source.text else frozenset()
            for site in index.calls:
                if _decodes_a_cut_strictly(module, site.node, boundaries):
                    code = snippet(module, site.node)
                    message = (
                        f"`{code}` decodes bytes cut at an arbitrary offset strictly: a multi-byte character "
                        "split by the cut raises UnicodeDecodeError"
                    )
                    yield self.finding(module, site.node, message, site.symbol, HIGH)

    # -- the fix: decode with errors="ignore" --

    def plan_fix(self, target: Target, context: FixContext) -> Candidate:
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
        ignore = f"{quote or context.facts(module).quote}ignore{quote or context.facts(module).quote}"

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
            return updated.with_changes(args=append_item(args, new, separator(args), updated.whitespace_before_args))

        message = 'Decode with `errors="ignore"`, which drops a character split by the cut instead of raising'
        return Candidate(target.finding, module, node, build, SAFE, message)


def _decodes_a_cut_strictly(module: ModuleInfo, node: cst.Call, boundaries: frozenset[str]) -> bool:
    func = node.func
    qualified = module.qualify(func)
    if isinstance(func, cst.Attribute) and func.attr.value == "decode" and qualified != "codecs.decode":
        return _is_arbitrary_cut(func.value, boundaries) and _strict(node.args, encoding_index=0, errors_index=1)
    if qualified == "builtins.str" and len(node.args) >= 2 and _is_arbitrary_cut(node.args[0].value, boundaries):
        return _strict(node.args, encoding_index=1, errors_index=2)
    if qualified == "codecs.decode" and node.args and _is_arbitrary_cut(node.args[0].value, boundaries):
        return _strict(node.args, encoding_index=1, errors_index=2)
    return False


def _is_arbitrary_cut(expr: cst.BaseExpression, boundaries: frozenset[str]) -> bool:
    """A slice of bytes at an offset that may split a character; not at `e.start`/`e.end` of a
    caught UnicodeDecodeError, which are the edges of the undecodable bytes."""
    if not (isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Slice)):
        return False
    cut = expr.slice[0].slice
    return not all(bound is None or _is_boundary(bound, boundaries) for bound in (cut.lower, cut.upper))


def _is_boundary(bound: cst.BaseExpression, boundaries: frozenset[str]) -> bool:
    return (
        isinstance(bound, cst.Attribute)
        and bound.attr.value in ("start", "end")
        and isinstance(bound.value, cst.Name)
        and bound.value.value in boundaries
    )


def _decode_errors_caught(module: ModuleInfo) -> frozenset[str]:
    """The names bound by `except UnicodeDecodeError as e` (alone or in a tuple) in the module."""
    names: set[str] = set()
    stack: list[cst.CSTNode] = [module.tree]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.ExceptHandler) and node.name is not None and node.type is not None:
            caught = node.type.elements if isinstance(node.type, cst.Tuple) else [cst.Element(node.type)]
            if any((module.qualify(item.value) or "").endswith("UnicodeDecodeError") for item in caught):
                if isinstance(node.name.name, cst.Name):
                    names.add(node.name.name.value)
        stack.extend(child_nodes(node))
    return frozenset(names)


def _argument(args: Sequence[cst.Arg], index: int, keyword: str) -> cst.BaseExpression | None:
    positional = [arg for arg in args if arg.keyword is None and not arg.star]
    for arg in args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    return positional[index].value if index < len(positional) else None


def _literal(expr: cst.BaseExpression | None) -> str | None:
    if isinstance(expr, cst.SimpleString):
        value = expr.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _strict(args: Sequence[cst.Arg], encoding_index: int, errors_index: int) -> bool:
    errors = _argument(args, errors_index, "errors")
    if errors is not None:
        literal = _literal(errors)
        return literal is not None and literal not in src.SAFE_DECODE_ERRORS
    encoding = _literal(_argument(args, encoding_index, "encoding"))
    return not (encoding is not None and src.SINGLE_BYTE_ENCODINGS.match(encoding))
