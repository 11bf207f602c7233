"""BL005 unsafe-byte-truncation."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

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
from boundlint.parse.positions import child_nodes, walk
from boundlint.project.module import ModuleInfo, dotted
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
decode, so no character is split there; nor a cut at an ASCII delimiter found
in the bytes (`end = buf.find(b"\\r\\n\\r\\n")`, `buf[:end]`, `buf[end + 4:]`): in
UTF-8 an ASCII byte is never part of a longer character; nor a cut at a
syntax node's `start_byte` and `end_byte` (tree-sitter), also held in a name
every assignment of which reads one (`start = node.start_byte`), which fall between
the tokens of the source, so between its characters; nor a cut of a few bytes
(at most 8) from either end (`raw[:-1]`, `block[5:]`), which strips a fixed
newline, BOM or ASCII prefix (no byte budget for text is that small); nor a cut
past a prefix, or before a suffix, by its length (`encoded[len(bom):]`); nor a
cut at lengths a binary format gives in its own bytes (`name_len =
headers[0]` then `headers[1 : 1 + name_len]`; `struct.unpack(...)[0]`,
`int.from_bytes(...)`), which frame whole fields. A decode inside a
`try` that catches `UnicodeDecodeError` (or `UnicodeError`, `ValueError`) is
not flagged either: the failure is handled where it happens.
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
        """
def parse_message(buffer: bytes) -> str:
    header_end = buffer.find(b"\\r\\n\\r\\n")
    if header_end == -1:
        return ""
    body_start = header_end + 4
    return buffer[:header_end].decode("utf-8") + buffer[body_start:].decode("utf-8")
""",
        """
def node_text(source: bytes, node) -> str:
    return source[node.start_byte : node.end_byte].decode("utf-8")
""",
        """
def signature(source: bytes, node) -> str:
    start = node.start_byte
    params = node.child_by_field_name("parameters")
    if params:
        end = params.end_byte
    else:
        end = node.end_byte
    return source[start:end].decode("utf-8")
""",
        """
def strip_markers(encoded: bytes, bom: bytes, event: bytes) -> str:
    return encoded[len(bom):].decode("utf-8") + event[5:-1].decode("utf-8")
""",
        """
def header_fields(headers: bytes) -> dict:
    fields = {}
    while headers:
        name_len = headers[0]
        name = headers[1 : 1 + name_len].decode("utf-8")
        fields[name] = headers[2 + name_len :]
        headers = b""
    return fields
""",
        """
def first_line(raw: bytes, n: int) -> str:
    try:
        return raw[:n].decode("utf-8")
    except UnicodeDecodeError:
        return ""
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
        """
def first_line(source: bytes, node) -> str:
    start = node.start_byte
    end = source.decode("utf-8").find("\\n")  # a character index, used as a byte offset
    return source[start:end].decode("utf-8")  # expect
""",
        """
def after_header(buffer: bytes) -> str:
    start = buffer.find(b"\\n") + 2  # past the delimiter: may be inside a character
    return buffer[start:].decode("utf-8")  # expect
""",
    )

    def check(self, context: RuleContext) -> Iterator[Finding]:
        for module in context.modules:
            if "decode" not in module.source.text:
                continue
            # Which cuts may split a character is read from the whole module, and only for a
            # module that decodes a cut at an offset a slice alone does not show to be safe.
            cuts = [
                site for site in index_of(module).calls if _decodes_a_cut_strictly(module, site.node, NO_BOUNDARIES)
            ]
            if not cuts:
                continue
            boundaries = _boundaries(module)
            handled = _decodes_handled(module) if "Error" in module.source.text else set()
            for site in cuts:
                if id(site.node) in handled:
                    continue  # `except UnicodeDecodeError:` right around it: the failure is handled
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


@dataclass(frozen=True)
class Boundaries:
    """Where a module's cuts cannot split a character."""

    decode_errors: frozenset[str]  # `e` of `except UnicodeDecodeError as e`: `e.start`, `e.end`
    delimiters: dict[str, int]  # `end = buf.find(b"\r\n")`: name -> bytes of ASCII from there on
    framing: frozenset[str]  # `name_len = headers[0]`: a length the bytes themselves give
    syntax_offsets: frozenset[str] = frozenset()  # `end = node.end_byte`: between two tokens


NO_BOUNDARIES = Boundaries(frozenset(), {}, frozenset())

# A cut this many bytes or fewer from either end strips a fixed marker (`raw[:-1]`: a newline;
# `block[5:]`: an ASCII `data:` prefix; `[3:]`: a BOM); no budget for text is that small.
MARKER_BYTES = 8


def _decodes_a_cut_strictly(module: ModuleInfo, node: cst.Call, boundaries: Boundaries) -> bool:
    func = node.func
    qualified = module.qualify(func)
    if isinstance(func, cst.Attribute) and func.attr.value == "decode" and qualified != "codecs.decode":
        return _is_arbitrary_cut(func.value, boundaries) and _strict(node.args, encoding_index=0, errors_index=1)
    if qualified == "builtins.str" and len(node.args) >= 2 and _is_arbitrary_cut(node.args[0].value, boundaries):
        return _strict(node.args, encoding_index=1, errors_index=2)
    if qualified == "codecs.decode" and node.args and _is_arbitrary_cut(node.args[0].value, boundaries):
        return _strict(node.args, encoding_index=1, errors_index=2)
    return False


def _is_arbitrary_cut(expr: cst.BaseExpression, boundaries: Boundaries) -> bool:
    """A slice of bytes at an offset that may split a character; not at `e.start`/`e.end` of a
    caught UnicodeDecodeError, which are the edges of the undecodable bytes."""
    if not (isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Slice)):
        return False
    cut = expr.slice[0].slice
    if cut.lower is not None and _is_length_of(cut.lower):
        return not (cut.upper is None or _is_boundary(cut.upper, boundaries))  # `encoded[len(bom):]`
    if cut.upper is not None and isinstance(cut.upper, cst.UnaryOperation) and _is_length_of(cut.upper.expression):
        return not (cut.lower is None or _is_boundary(cut.lower, boundaries))  # `raw[: -len(suffix)]`
    return not all(bound is None or _is_boundary(bound, boundaries) for bound in (cut.lower, cut.upper))


def _is_length_of(bound: cst.BaseExpression) -> bool:
    """`len(prefix)`: past a prefix the code holds, or before a suffix, by its own length."""
    return isinstance(bound, cst.Call) and isinstance(bound.func, cst.Name) and bound.func.value == "len"


def _is_boundary(bound: cst.BaseExpression, boundaries: Boundaries) -> bool:
    if _marker_offset(bound) is not None:
        return True
    if _is_framing(bound, boundaries.framing):
        return True
    if _reads_a_syntax_offset(bound) or (isinstance(bound, cst.Name) and bound.value in boundaries.syntax_offsets):
        return True  # `node.start_byte` of a syntax node: between two tokens of the source
    if isinstance(bound, cst.Attribute):
        return (
            bound.attr.value in ("start", "end")
            and isinstance(bound.value, cst.Name)
            and bound.value.value in boundaries.decode_errors
        )
    return _ascii_run(bound, boundaries.delimiters) is not None


def _ascii_run(expr: cst.BaseExpression, delimiters: dict[str, int]) -> int | None:
    """How many ASCII bytes surely follow the offset `expr`, if it is at an ASCII delimiter:
    `buf.find(b"\\r\\n")` (2), a name bound to one, or one plus at most that many (`end + 2`: 0).
    A cut anywhere in or right after a run of ASCII bytes splits no character."""
    if isinstance(expr, cst.Name):
        return delimiters.get(expr.value)
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.args:
        if expr.func.attr.value in ("find", "rfind", "index", "rindex"):
            needle = expr.args[0].value
            if isinstance(needle, cst.SimpleString):
                value = needle.evaluated_value
                if isinstance(value, bytes) and value and value.isascii():
                    return len(value)
        return None
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        run = _ascii_run(expr.left, delimiters)
        step = expr.right
        if run is not None and isinstance(step, cst.Integer) and int(step.value, 0) <= run:
            return run - int(step.value, 0)
    return None


def _marker_offset(bound: cst.BaseExpression) -> int | None:
    """`5`, `-1`: an offset of at most `MARKER_BYTES` from an end, or None."""
    negative = isinstance(bound, cst.UnaryOperation) and isinstance(bound.operator, cst.Minus)
    number = bound.expression if isinstance(bound, cst.UnaryOperation) and negative else bound
    if not isinstance(number, cst.Integer):
        return None
    value = int(number.value, 0)
    return value if value <= MARKER_BYTES else None


def _is_framing(bound: cst.BaseExpression, framing: frozenset[str]) -> bool:
    """`1 + name_len`, `4 + name_len + value_len`: lengths the bytes give, and a few bytes of header."""
    terms: list[cst.BaseExpression] = []
    pending = [bound]
    while pending:
        term = pending.pop()
        if isinstance(term, cst.BinaryOperation) and isinstance(term.operator, cst.Add):
            pending += [term.left, term.right]
        else:
            terms.append(term)
    named = [term for term in terms if isinstance(term, cst.Name) and term.value in framing]
    return bool(named) and all(term in named or _marker_offset(term) is not None for term in terms)


def _boundaries(module: ModuleInfo) -> Boundaries:
    text = module.source.text
    values = _assigned_values(module)
    return Boundaries(
        _decode_errors_caught(module) if "UnicodeDecodeError" in text else frozenset(),
        _ascii_delimiter_offsets(values) if "(b" in text else {},
        frozenset(name for name, assigned in values.items() if all(map(_reads_a_length, assigned))),
        frozenset(name for name, assigned in values.items() if all(map(_reads_a_syntax_offset, assigned))),
    )


def _reads_a_syntax_offset(value: cst.BaseExpression) -> bool:
    return isinstance(value, cst.Attribute) and value.attr.value in src.CHARACTER_BOUNDARY_ATTRIBUTES


def _reads_a_length(value: cst.BaseExpression) -> bool:
    """`headers[0]` (a byte of bytes is a number), `struct.unpack(">H", raw)[0]`, `int.from_bytes(raw)`:
    a length a binary format gives in its own bytes."""
    if isinstance(value, cst.Call):
        return dotted(value.func) == "int.from_bytes"
    if not (isinstance(value, cst.Subscript) and len(value.slice) == 1 and isinstance(value.slice[0].slice, cst.Index)):
        return False
    if not isinstance(value.slice[0].slice.value, cst.Integer):
        return False
    base = value.value
    if isinstance(base, cst.Call):
        return dotted(base.func) in ("struct.unpack", "struct.unpack_from")
    return isinstance(base, cst.Name)


def _assigned_values(module: ModuleInfo) -> dict[str, list[cst.BaseExpression]]:
    """What each name is bound to by a plain assignment anywhere in the module (`...` for a
    change in place, whose value is unknown)."""
    values: dict[str, list[cst.BaseExpression]] = {}
    for node in walk(module.tree):  # exact classes: `isinstance` on libcst's classes calls into `abc`
        if type(node) is cst.Assign:
            if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
                values.setdefault(node.targets[0].target.value, []).append(node.value)
        elif (type(node) is cst.AugAssign or type(node) is cst.AnnAssign) and isinstance(node.target, cst.Name):
            values.setdefault(node.target.value, []).append(cst.Ellipsis())  # changed in place: unknown
    return values


def _ascii_delimiter_offsets(values: dict[str, list[cst.BaseExpression]]) -> dict[str, int]:
    """Names every assignment of which (in the module) is an offset at an ASCII delimiter."""
    found: dict[str, int] = {}
    changed = True
    while changed:  # `start = end + 2` after `end = buf.find(b"\r\n")`: names built on names
        changed = False
        for name, assigned in values.items():
            runs = [_ascii_run(value, found) for value in assigned]
            if name not in found and all(run is not None for run in runs):
                found[name] = min(run for run in runs if run is not None)
                changed = True
    return found


# The exceptions a strict decode raises, by the names code catches them under.
DECODE_FAILURES = ("UnicodeDecodeError", "UnicodeError", "ValueError")


def _decodes_handled(module: ModuleInfo) -> set[int]:
    """The calls inside the body of a `try` one of whose handlers catches a decode failure."""
    inside: set[int] = set()
    for node in walk(module.tree):
        if type(node) is cst.Try and any(_catches_decode_failure(module, handler) for handler in node.handlers):
            inside.update(id(item) for item in walk(node.body) if isinstance(item, cst.Call))
    return inside


def _catches_decode_failure(module: ModuleInfo, handler: cst.ExceptHandler) -> bool:
    # (a bare `except:` catches nothing by name: it is not a sign the decode was thought of)
    return any(caught.rsplit(".", 1)[-1] in DECODE_FAILURES for caught in _caught(module, handler))


def _caught(module: ModuleInfo, handler: cst.ExceptHandler) -> list[str]:
    """The qualified names of the exceptions `handler` catches: one, or each of a tuple."""
    if handler.type is None:
        return []
    items = handler.type.elements if isinstance(handler.type, cst.Tuple) else [cst.Element(handler.type)]
    return [module.qualify(item.value) or "" for item in items]


def _decode_errors_caught(module: ModuleInfo) -> frozenset[str]:
    """The names bound by `except UnicodeDecodeError as e` (alone or in a tuple) in the module."""
    names: set[str] = set()
    stack: list[cst.CSTNode] = [module.tree]
    while stack:
        node = stack.pop()
        if type(node) is cst.ExceptHandler and node.name is not None:  # exact: `isinstance` runs `abc`'s code
            if any(caught.endswith("UnicodeDecodeError") for caught in _caught(module, node)):
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
