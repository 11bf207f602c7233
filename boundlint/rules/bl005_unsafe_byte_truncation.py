"""BL005 unsafe-byte-truncation."""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from boundlint.analyse.dataflow import snippet
from boundlint.analyse.size import HIGH
from boundlint.core.findings import Finding
from boundlint.knowledge import data_sources as src
from boundlint.project.module import ModuleInfo
from boundlint.project.module_index import index_of
from boundlint.rules.base import Rule, RuleContext


class UnsafeByteTruncation(Rule):
    code = "BL005"
    name = "unsafe-byte-truncation"
    summary = "Bytes are cut at an arbitrary offset and then decoded strictly."
    what = """
Flags, anywhere in the code, a slice of bytes that is decoded without an error
handler: `s.encode()[:N].decode()`, `raw[:N].decode("utf-8")`,
`str(raw[:N], "utf-8")`, `codecs.decode(raw[:N])`. Decoding with
`errors="ignore"` or `"replace"`, or with a single-byte encoding such as
`latin-1`, is not flagged.
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
    )

    def check(self, context: RuleContext) -> Iterator[Finding]:
        for module in context.modules:
            index = index_of(module)
            if "decode" not in module.source.text:
                continue
            for site in index.calls:
                if _decodes_a_cut_strictly(module, site.node):
                    code = snippet(module, site.node)
                    message = (
                        f"`{code}` decodes bytes cut at an arbitrary offset strictly: a multi-byte character "
                        "split by the cut raises UnicodeDecodeError"
                    )
                    yield self.finding(module, site.node, message, site.symbol, HIGH)


def _decodes_a_cut_strictly(module: ModuleInfo, node: cst.Call) -> bool:
    func = node.func
    qualified = module.qualify(func)
    if isinstance(func, cst.Attribute) and func.attr.value == "decode" and qualified != "codecs.decode":
        return _is_slice(func.value) and _strict(node.args, encoding_index=0, errors_index=1)
    if qualified == "builtins.str" and len(node.args) >= 2 and _is_slice(node.args[0].value):
        return _strict(node.args, encoding_index=1, errors_index=2)
    if qualified == "codecs.decode" and node.args and _is_slice(node.args[0].value):
        return _strict(node.args, encoding_index=1, errors_index=2)
    return False


def _is_slice(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Slice)


def _argument(args: tuple[cst.Arg, ...] | list[cst.Arg], index: int, keyword: str) -> cst.BaseExpression | None:
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


def _strict(args, encoding_index: int, errors_index: int) -> bool:
    errors = _argument(args, errors_index, "errors")
    if errors is not None:
        literal = _literal(errors)
        return literal is not None and literal not in src.SAFE_DECODE_ERRORS
    encoding = _literal(_argument(args, encoding_index, "encoding"))
    return not (encoding is not None and src.SINGLE_BYTE_ENCODINGS.match(encoding))
