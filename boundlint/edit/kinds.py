"""What a fix may assume about a value: text, JSON data, a sequence, or unknown.

The choice of checkpoint and the fix's applicability depend on it:
`truncate_text` is only right for `str`, and `truncate_for_llm` returns its
input unchanged (as an equal JSON copy) only when the input is JSON data.
Two sources are trusted: the tool's return annotation, and the syntax of the
returned expression (an f-string is text whatever the annotation says).
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from boundlint.analyse.branches import steps_to
from boundlint.analyse.dataflow import aliases_its_instance, argument_at, class_of_instance
from boundlint.find.contracts import COLLECTION_TYPES, WRAPPERS
from boundlint.knowledge import data_sources as src
from boundlint.parse.positions import names_in, own_returns, walk
from boundlint.project.lookup import Project, class_methods
from boundlint.project.module import ModuleInfo, dotted

TEXT = "text"
JSON = "json"
SEQUENCE = "sequence"
UNKNOWN = "unknown"

JSON_SCALARS = frozenset({"builtins.str", "builtins.int", "builtins.float", "builtins.bool"})
JSON_LISTS = frozenset({"builtins.list", "typing.List"})
JSON_DICTS = frozenset({"builtins.dict", "typing.Dict"})
LITERALS = frozenset({"typing.Literal", "typing_extensions.Literal"})
SEQUENCES = frozenset(
    {
        "builtins.list",
        "builtins.tuple",
        "typing.List",
        "typing.Tuple",
        "typing.Sequence",
        "typing.MutableSequence",
        "collections.abc.Sequence",
        "collections.abc.MutableSequence",
        "collections.deque",
        "typing.Deque",
    }
)
# Methods whose result is a str whatever the receiver (in practice).
TEXT_METHODS = frozenset({"read_text", "decode"})
# Methods of a str literal that return a str.
LITERAL_TEXT_METHODS = frozenset({"join", "format", "strip", "lower", "upper", "replace"})
TEXT_CALLS = frozenset({"builtins.str", "builtins.repr", "builtins.format", "json.dumps"})


class Kinds:
    def __init__(self, project: Project, module: ModuleInfo) -> None:
        self.project = project
        self.module = module

    def name(self, expr: cst.BaseExpression) -> str | None:
        if not isinstance(expr, (cst.Name, cst.Attribute)):
            return None
        if isinstance(expr, cst.Name) and expr.value == "None":
            return "None"
        return self.project.external_name(self.module, expr) or self.module.qualify(expr)

    # -- annotations --------------------------------------------------------

    def annotation(self, expr: cst.BaseExpression | None) -> str:
        """TEXT for `str`; JSON for JSON data; SEQUENCE for other lists and tuples; else UNKNOWN."""
        if expr is None:
            return UNKNOWN
        if self.name(expr) == "builtins.str":
            return TEXT
        if self.is_json(expr, 0):
            return JSON
        base = expr.value if isinstance(expr, cst.Subscript) else expr
        if self.name(base) in SEQUENCES:
            return SEQUENCE
        return UNKNOWN

    def object_type(self, annotation: cst.BaseExpression | None, value: cst.BaseExpression) -> str | None:
        """The class the value is an instance of, when it is known to be an object rather than
        data: every type the annotation names (`-> TextArtifact | ErrorArtifact`) is a class other
        than the builtins and `typing`'s (a `TypedDict` is data), or the value is made by such a
        class (`return TextArtifact(...)`). `truncate_for_llm` would hand back a plain copy."""
        members = self.union_members(annotation) if annotation is not None else []
        named = [member for member in members if not (isinstance(member, cst.Name) and member.value == "None")]
        if named and all(self._is_class_type(member) for member in named):
            return self.name(named[0]) or "an object"
        if isinstance(value, cst.Call) and self._is_class_type(value.func):
            return self.name(value.func) or "an object"
        return None

    def _is_class_type(self, expr: cst.BaseExpression) -> bool:
        if not isinstance(expr, (cst.Name, cst.Attribute)):
            return False
        found = self.project.resolve_class(self.module, expr)
        if found is not None:
            _, cls = found
            return not any((dotted(base.value) or "").endswith("TypedDict") for base in cls.bases)
        name = self.project.external_name(self.module, expr)
        if name is None:
            return False
        root, _, tail = name.rpartition(".")
        return bool(root) and root.split(".")[0] not in _DATA_TYPE_ROOTS and tail[:1].isupper()

    def is_media(self, annotation: cst.BaseExpression | None, value: cst.BaseExpression) -> bool:
        """Bytes or a media block (an MCP `ImageContent`, a Griptape `ImageArtifact`), by the
        annotation (also inside `X | None`, `list[X]`, `Union[...]`) or by the returned constructor."""
        return (annotation is not None and self._names_media(annotation)) or self._makes_media(value)

    def _names_media(self, expr: cst.BaseExpression) -> bool:
        if isinstance(expr, cst.BinaryOperation):
            return self._names_media(expr.left) or self._names_media(expr.right)
        if isinstance(expr, cst.Subscript):
            return self._is_media_type(expr.value) or any(
                isinstance(e.slice, cst.Index) and self._names_media(e.slice.value) for e in expr.slice
            )
        return self._is_media_type(expr)

    def _makes_media(self, value: cst.BaseExpression) -> bool:
        if isinstance(value, cst.Call):
            return self._is_media_type(value.func)
        if isinstance(value, (cst.List, cst.Tuple)):
            return any(self._makes_media(element.value) for element in value.elements)
        return False

    def _is_media_type(self, expr: cst.BaseExpression) -> bool:
        name = self.name(expr) or ""
        return name in src.BINARY_TYPES or src.is_media_type(name)

    def carries_base64(self, function: cst.CSTNode, value: cst.BaseExpression) -> bool:
        """`value` holds binary data encoded as base64 text: a `base64.b64encode(...)` call whose
        result it carries, or a name it carries that the function binds to one (`data =
        b64encode(raw).decode()` then `json.dumps({"data": data, ...})`). A cut of such text
        leaves data no decoder reads. (Not a name only passed to a call that reads something
        else: `requests.get(url, params={"t": token}).text`.)"""
        carried = list(self._carried(value))
        if any(self._encodes_base64(expr) for expr in carried):
            return True
        names = {expr.value for expr in carried if isinstance(expr, cst.Name)}
        return any(
            isinstance(node, (cst.Assign, cst.AnnAssign))
            and node.value is not None
            and any(self._encodes_base64(expr) for expr in self._carried(node.value))
            for name in names
            for node in _bindings(function, cst.Name(name))
        )

    def _carried(self, expr: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
        """The expressions whose values end up in `expr`'s value: itself, what a container, an
        f-string, an operator, a method's receiver, a serialiser or a constructor holds."""
        yield expr
        parts: list[cst.BaseExpression] = []
        if isinstance(expr, cst.Call):
            parts.append(expr.func.value if isinstance(expr.func, cst.Attribute) else expr.func)
            if self._passes_its_arguments(expr.func):
                parts += [arg.value for arg in expr.args]
        elif isinstance(expr, (cst.Attribute, cst.Subscript)):
            parts.append(expr.value)
        elif isinstance(expr, (cst.List, cst.Tuple, cst.Set)):
            parts += [element.value for element in expr.elements]
        elif isinstance(expr, cst.Dict):
            parts += [element.value for element in expr.elements]
        elif isinstance(expr, cst.FormattedString):
            parts += [part.expression for part in expr.parts if isinstance(part, cst.FormattedStringExpression)]
        elif isinstance(expr, cst.BinaryOperation):
            parts += [expr.left, expr.right]
        elif isinstance(expr, cst.IfExp):
            parts += [expr.body, expr.orelse]
        elif isinstance(expr, cst.Await):
            parts.append(expr.expression)
        for part in parts:
            yield from self._carried(part)

    def _passes_its_arguments(self, func: cst.BaseExpression) -> bool:
        """`json.dumps(x)`, `str(x)`, `dict(data=x)`, `Result(data=x)`, `", ".join(x)`: a call whose
        value holds what it is given."""
        if isinstance(func, cst.Attribute):
            return func.attr.value in ("join", "format", "decode", "encode", "dumps")
        name = self.name(func) or ""
        last = name.rsplit(".", 1)[-1]
        return name in src.BASE64_ENCODERS or name == "json.dumps" or last in _HOLDING_BUILTINS or last[:1].isupper()

    def _encodes_base64(self, expr: cst.BaseExpression) -> bool:
        return isinstance(expr, cst.Call) and (self.name(expr.func) or "") in src.BASE64_ENCODERS

    def json_text_variable(self, function: cst.CSTNode, value: cst.BaseExpression) -> bool:
        """`value` is a name the function binds only to JSON text (`json.dumps(...)`, a Pydantic
        `.model_dump_json()`), which a text cut would leave invalid."""
        bindings = _bindings(function, value)
        return bool(bindings) and all(
            isinstance(node, (cst.Assign, cst.AnnAssign)) and node.value is not None and self._json_text(node.value)
            for node in bindings
        )

    def value_kind(self, function: cst.CSTNode, value: cst.BaseExpression) -> str:
        """TEXT or JSON as `expression` says, also of a name the function binds only to values of
        that one kind (`out = proc.stdout.decode()`, `data = resp.json()`); else UNKNOWN."""
        kind = self.expression(value)
        if kind != UNKNOWN:
            return kind
        if self._text_output(function, value):
            return TEXT
        bindings = _bindings(function, value)
        kinds = {
            self.expression(node.value)
            if isinstance(node, (cst.Assign, cst.AnnAssign)) and node.value is not None
            else UNKNOWN
            for node in bindings
        }
        return kinds.pop() if len(kinds) == 1 else UNKNOWN

    def _text_output(self, function: cst.CSTNode, value: cst.BaseExpression) -> bool:
        """`result.stdout` of `result = subprocess.run(cmd, capture_output=True, text=True)`, and
        `subprocess.check_output(cmd, text=True)`: what a process wrote, decoded (`text=True`,
        `universal_newlines=True` or an `encoding`); as bytes otherwise."""
        if isinstance(value, cst.Attribute) and value.attr.value in ("stdout", "stderr"):
            bindings = _bindings(function, value.value)
            if len(bindings) != 1 or not isinstance(bindings[0], cst.Assign):
                return False
            run = bindings[0].value
            return isinstance(run, cst.Call) and self.name(run.func) == "subprocess.run" and _decodes(run)
        return isinstance(value, cst.Call) and self.name(value.func) == "subprocess.check_output" and _decodes(value)

    def collection_variable(self, function: cst.CSTNode, value: cst.BaseExpression) -> bool:
        """`value` is a name the function binds only to list or dict displays and comprehensions
        (`rows = []` then `rows.append({...})`, `+=` of another display included)."""
        bindings = _bindings(function, value)
        displays = (cst.List, cst.Dict, cst.ListComp, cst.DictComp)
        return bool(bindings) and all(
            isinstance(node, (cst.Assign, cst.AnnAssign, cst.AugAssign)) and isinstance(node.value, displays)
            for node in bindings
        )

    def _json_text(self, expr: cst.BaseExpression) -> bool:
        if not isinstance(expr, cst.Call):
            return False
        if isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "model_dump_json":
            return True
        return self.name(expr.func) == "json.dumps"

    def json_text_call(self, expr: cst.BaseExpression, owner: cst.ClassDef | None = None, depth: int = 0) -> bool:
        """`result.model_dump_json()`; `_as_json({...})`, a function of the tree every `return` of
        which is `json.dumps(...)` (or a model's `.model_dump_json()`), or (awaited) a call of another
        such function, also a method of `owner` (`self._payload(...)`): its answer is JSON text, which
        a text cut leaves invalid."""
        if isinstance(expr, cst.Await):
            expr = expr.expression
        if depth > _JSON_CALL_DEPTH or not isinstance(expr, cst.Call):
            return False
        if depth == 0 and self._json_text(expr):
            return True  # `result.model_dump_json()` itself
        func = expr.func
        if (
            owner is not None
            and isinstance(func, cst.Attribute)
            and (dotted(func.value) in ("self", "cls") or _an_alias_of_self(owner, func.value))
        ):
            function, kinds = class_methods(owner).get(func.attr.value), self
        else:
            entity = self.project.resolve(self.module, func, ("function",)) if dotted(func) else None
            function = entity.node if entity is not None and isinstance(entity.node, cst.FunctionDef) else None
            kinds = (
                Kinds(self.project, entity.module) if entity is not None and entity.module is not self.module else self
            )
            owner = None  # a function elsewhere: its `self` is not this one
            if function is None and isinstance(func, cst.Attribute):
                # `client.execute_query(q)` of a module-level `client = TrinoClient(config)`
                instance = self.project.resolve(self.module, func.value) if dotted(func.value) else None
                made = class_of_instance(self.project, instance)
                if made is not None:
                    function, owner = class_methods(made[1]).get(func.attr.value), made[1]
                    kinds = Kinds(self.project, made[0]) if made[0] is not self.module else self
        if function is None:
            return False
        returned = [r.value for r in own_returns(function)]
        as_json = [
            value is not None
            and (
                kinds._json_text(value)
                or kinds.json_text_call(value, owner, depth + 1)
                or kinds.json_text_variable(function, value)  # `result = json.dumps(todos)` ... `return result`
            )
            for value in returned
        ]
        # (`return f"Error: {e}"` beside `return json.dumps(todos)`: `truncate_json` cuts what does
        # not parse as text, so a message on another path does not make the answer less JSON)
        return any(as_json) and all(
            is_json or _written_message(value) for is_json, value in zip(as_json, returned, strict=True)
        )

    # -- MCP content blocks ---------------------------------------------------

    def makes_content_blocks(self, annotation: cst.BaseExpression | None, value: cst.BaseExpression) -> bool:
        """MCP content blocks or results (`list[TextContent]`, `CallToolResult`): by the tool's
        annotation (through `Optional`, unions, lists and module-level aliases such as
        `ResponseType = list[TextContent | ImageContent]`), by the constructors the value writes
        out, or by the annotation of the project function it calls."""
        if annotation is not None and self._names_content(annotation, 0):
            return True
        return self._content_value(value, 0)

    def text_blocks(self, value: cst.BaseExpression) -> list[cst.BaseExpression] | None:
        """The `text` of each block of `[TextContent(type="text", text=...), ...]` (or of one
        `TextContent(...)`) written out in the return, or None when the value is not that."""
        calls = [e.value for e in value.elements] if isinstance(value, (cst.List, cst.Tuple)) else [value]
        texts = []
        for call in calls:
            if not isinstance(call, cst.Call) or self.name(call.func) != src.MCP_TEXT_BLOCK:
                return None
            text = argument_at(call, "text", None)
            if text is None:
                return None
            texts.append(text)
        return texts or None

    def _content_value(self, value: cst.BaseExpression, depth: int) -> bool:
        if depth > 3:
            return False
        if isinstance(value, (cst.List, cst.Tuple)):
            return any(self._content_value(element.value, depth + 1) for element in value.elements)
        if isinstance(value, cst.Await):
            return self._content_value(value.expression, depth + 1)
        if not isinstance(value, cst.Call) or not isinstance(value.func, (cst.Name, cst.Attribute)):
            return False
        if self.name(value.func) in src.MCP_CONTENT_TYPES:
            return True
        called = self._called_annotation(value)
        return called is not None and called[0]._names_content(called[1], 0)

    def _called_annotation(self, call: cst.Call) -> tuple[Kinds, cst.BaseExpression] | None:
        """The return annotation of the function of the tree `call` calls, with the kinds of the
        module it is written in (where its names resolve); None for any other call or none."""
        if not isinstance(call.func, (cst.Name, cst.Attribute)):
            return None
        entity = self.project.resolve(self.module, call.func)
        if entity is None or entity.kind != "function" or not isinstance(entity.node, cst.FunctionDef):
            return None
        returns = entity.node.returns
        return (Kinds(self.project, entity.module), returns.annotation) if returns is not None else None

    def called_data(self, value: cst.BaseExpression) -> str | None:
        """What a function of the tree returns by its annotation, when it names data, not text:
        JSON for JSON data (`-> list[str]`), UNKNOWN for another dict or list (`-> Optional[Dict[str,
        Any]]`); None for a text, no annotation, or a call of anything else. `value` is that call,
        awaited or not."""
        while isinstance(value, cst.Await):
            value = value.expression
        called = self._called_annotation(value) if isinstance(value, cst.Call) else None
        if called is None:
            return None
        theirs, annotation = called
        if theirs.annotation(annotation) == JSON:  # (`-> str` is TEXT: `annotation` names it first)
            return JSON
        return UNKNOWN if theirs._names_a_collection(annotation, 0) else None

    def _names_a_collection(self, expr: cst.BaseExpression, depth: int) -> bool:
        """`Dict[str, Any]`, `Optional[list]`, `dict | None`: a dict or a list, also in a wrapper."""
        if depth > 4:
            return False
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
            return self._names_a_collection(expr.left, depth + 1) or self._names_a_collection(expr.right, depth + 1)
        base = expr.value if isinstance(expr, cst.Subscript) else expr
        name = self.name(base)
        if name in JSON_DICTS | JSON_LISTS | SEQUENCES:
            return True
        if name in WRAPPERS and isinstance(expr, cst.Subscript):
            return any(
                isinstance(element.slice, cst.Index) and self._names_a_collection(element.slice.value, depth + 1)
                for element in expr.slice
            )
        return False

    def _names_content(self, expr: cst.BaseExpression, depth: int) -> bool:
        if depth > 8:
            return False
        if isinstance(expr, cst.BinaryOperation):
            return self._names_content(expr.left, depth + 1) or self._names_content(expr.right, depth + 1)
        if isinstance(expr, cst.Subscript):
            return self._names_content(expr.value, depth + 1) or any(
                isinstance(e.slice, cst.Index) and self._names_content(e.slice.value, depth + 1) for e in expr.slice
            )
        if not isinstance(expr, (cst.Name, cst.Attribute)):
            return False
        if self.name(expr) in src.MCP_CONTENT_TYPES:
            return True
        entity = self.project.resolve(self.module, expr)  # an alias: `ResponseType = list[TextContent]`
        if entity is not None and entity.kind == "assign" and isinstance(entity.node, cst.BaseExpression):
            return Kinds(self.project, entity.module)._names_content(entity.node, depth + 1)
        return False

    def model_channel(self, value: cst.BaseExpression) -> tuple[str, int | None, str | None] | None:
        """Where the model-facing part of a `ToolMessage(...)` or `Command(...)` call is (see
        `data_sources.MODEL_CHANNELS`), or None for any other value."""
        if not isinstance(value, cst.Call):
            return None
        return src.MODEL_CHANNELS.get(self.name(value.func) or "")

    def is_text(self, expr: cst.BaseExpression) -> bool:
        return self.name(expr) == "builtins.str"

    def is_json(self, expr: cst.BaseExpression, depth: int) -> bool:
        """`list[dict[str, int | None]]` and the like: data `truncate_for_llm` copies as it is."""
        if depth > 10:
            return False
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
            return self.is_json(expr.left, depth + 1) and self.is_json(expr.right, depth + 1)
        name = self.name(expr)
        if name in JSON_SCALARS or name == "None":
            return True
        if not isinstance(expr, cst.Subscript):
            return False
        base = self.name(expr.value)
        parameters = [element.slice.value for element in expr.slice if isinstance(element.slice, cst.Index)]
        if len(parameters) != len(expr.slice):
            return False
        if base in LITERALS:
            return True
        if base in WRAPPERS:
            return all(self.is_json(p, depth + 1) for p in parameters)
        if base in JSON_LISTS and len(parameters) == 1:
            return self.is_json(parameters[0], depth + 1)
        if base in JSON_DICTS and len(parameters) == 2:
            return self.name(parameters[0]) == "builtins.str" and self.is_json(parameters[1], depth + 1)
        return False

    def is_collection(self, expr: cst.BaseExpression) -> bool:
        """A variable-size collection type (what BL003 flags)."""
        base = expr.value if isinstance(expr, cst.Subscript) else expr
        name = self.name(base)
        if name not in COLLECTION_TYPES:
            return False
        if isinstance(expr, cst.Subscript) and name in ("builtins.tuple", "typing.Tuple"):
            return any(isinstance(e.slice, cst.Index) and isinstance(e.slice.value, cst.Ellipsis) for e in expr.slice)
        return True

    def union_members(self, expr: cst.BaseExpression) -> list[cst.BaseExpression]:
        """The types of `A | B`, `Optional[A]`, `Union[A, B]` (and the other `WRAPPERS`), and of
        `Annotated[A, ...]`: `A`; any other annotation: itself."""
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
            return self.union_members(expr.left) + self.union_members(expr.right)
        if isinstance(expr, cst.Subscript) and self.is_wrapper(expr.value):
            return [member for parameter in subscript_parameters(expr) for member in self.union_members(parameter)]
        if isinstance(expr, cst.Subscript) and self.is_annotated(expr.value):
            parameters = subscript_parameters(expr)
            return self.union_members(parameters[0]) if parameters else []
        return [expr]

    def is_wrapper(self, expr: cst.BaseExpression) -> bool:
        return self.name(expr) in WRAPPERS

    def is_annotated(self, expr: cst.BaseExpression) -> bool:
        return self.name(expr) in ("typing.Annotated", "typing_extensions.Annotated")

    # -- expressions --------------------------------------------------------

    def expression(self, expr: cst.BaseExpression) -> str:
        """TEXT or JSON when the syntax alone says so, else UNKNOWN. `await resp.json()` is what
        `resp.json()` gives (aiohttp's, httpx's async client's)."""
        while isinstance(expr, cst.Await):
            expr = expr.expression
        if self.is_text_expression(expr):
            return TEXT
        return JSON if self._parsed_json(expr, 0) else UNKNOWN

    def _parsed_json(self, expr: cst.BaseExpression, depth: int) -> bool:
        """Parsed JSON: `resp.json()`, `json.loads(...)`, and what is read out of them by an index
        (`resp.json()["items"]`, `[0]`, `[:10]`) or by `.get(key)` with no default or a literal
        one: the parts of JSON data are JSON data."""
        if depth > 10:
            return False
        if isinstance(expr, cst.Await):
            return self._parsed_json(expr.expression, depth + 1)
        if isinstance(expr, cst.Subscript):
            return self._parsed_json(expr.value, depth + 1)
        if not isinstance(expr, cst.Call):
            return False
        func = expr.func
        if isinstance(func, cst.Attribute) and func.attr.value == "json" and not expr.args:
            return True  # `resp.json()`: parsed JSON (or, on a pydantic v1 model, JSON text)
        if self.name(func) == "json.loads":
            return True
        if isinstance(func, cst.Attribute) and func.attr.value == "get" and 1 <= len(expr.args) <= 2:
            default = expr.args[1].value if len(expr.args) == 2 else None
            return (default is None or _is_json_literal(default)) and self._parsed_json(func.value, depth + 1)
        return False

    def is_text_expression(self, expr: cst.BaseExpression, depth: int = 0) -> bool:
        if depth > 10:
            return False
        if isinstance(expr, cst.Await):  # `await response.text()`
            return self.is_text_expression(expr.expression, depth + 1)
        if isinstance(expr, cst.FormattedString):
            return True
        if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString)):
            return is_str_literal(expr)
        if isinstance(expr, cst.BinaryOperation):
            if isinstance(expr.operator, cst.Add):  # `"a" + x` is a str or raises
                return _is_literal_text(expr.left) or _is_literal_text(expr.right)
            if isinstance(expr.operator, cst.Modulo):  # `"%s" % x`
                return _is_literal_text(expr.left)
            return False
        if isinstance(expr, cst.IfExp):
            return self.is_text_expression(expr.body, depth + 1) and self.is_text_expression(expr.orelse, depth + 1)
        if isinstance(expr, cst.Call):
            func = expr.func
            if self.name(func) in TEXT_CALLS and expr.args:
                return True
            if isinstance(func, cst.Attribute):
                if func.attr.value in TEXT_METHODS:
                    return True
                if func.attr.value in LITERAL_TEXT_METHODS and isinstance(
                    func.value, (cst.SimpleString, cst.ConcatenatedString)
                ):
                    return is_str_literal(func.value)
        return False


# How many helpers deep a call's JSON text is followed (`_dispatch` -> `_members` -> `_payload`).
_JSON_CALL_DEPTH = 4


def _is_literal_text(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.FormattedString) or is_str_literal(expr)


def is_str_literal(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.SimpleString):
        return "b" not in expr.prefix.lower()
    if isinstance(expr, cst.ConcatenatedString):
        return is_str_literal(expr.left)
    return False


def _is_json_literal(expr: cst.BaseExpression) -> bool:
    """`None`, a number, a string, or an empty list or dict: a default that keeps JSON data JSON."""
    if isinstance(expr, cst.Name):
        return expr.value in ("None", "True", "False")
    if isinstance(expr, (cst.Integer, cst.Float, cst.SimpleString)):
        return True
    return isinstance(expr, (cst.List, cst.Dict)) and not expr.elements


def runs_a_json_command_first(function: cst.CSTNode, node: cst.CSTNode) -> bool:
    """`args = ["get", "values", name, "-o", "json"]` ... `return [TextContent(text=out)]`: a
    statement on the way to `node` in `function` (or `node` itself) writes a command that asks for
    JSON output (`src.asks_for_json_output`). Other branches of an `if` are not read: in a
    dispatcher, each tool's branch runs its own command."""
    if not isinstance(function, cst.FunctionDef):
        return False
    for block, child in steps_to(function, node):  # (none when `node` is not one of its statements)
        if not isinstance(block, cst.IndentedBlock):
            continue
        for statement in block.body:
            if statement is child:
                break
            if not isinstance(statement, (cst.If, cst.FunctionDef, cst.ClassDef)) and _writes_a_json_command(statement):
                return True
    return _writes_a_json_command(node)


def _writes_a_json_command(root: cst.CSTNode) -> bool:
    """A list of literal words (`["kubectl", "get", "pods", "-o", "json"]`) or a command string
    (`f"helm list -n {ns} --output json"`) under `root` that asks for JSON output."""
    for node in walk(root):
        if isinstance(node, (cst.List, cst.Tuple)):
            words = [
                element.value.evaluated_value
                if isinstance(element.value, cst.SimpleString) and isinstance(element.value.evaluated_value, str)
                else ""
                for element in node.elements
            ]
        elif isinstance(node, cst.SimpleString) and isinstance(node.evaluated_value, str):
            words = node.evaluated_value.split()
        elif isinstance(node, cst.FormattedString):
            words = "".join(
                part.value if isinstance(part, cst.FormattedStringText) else " {} " for part in node.parts
            ).split()
        else:
            continue
        if src.asks_for_json_output(words):
            return True
    return False


def _decodes(call: cst.Call) -> bool:
    """A `subprocess` call told to decode what the process writes: `text=True`,
    `universal_newlines=True`, `encoding="utf-8"`."""
    for arg in call.args:
        if arg.keyword is None:
            continue
        if arg.keyword.value in ("text", "universal_newlines"):
            return isinstance(arg.value, cst.Name) and arg.value.value == "True"
        if arg.keyword.value == "encoding":
            return not (isinstance(arg.value, cst.Name) and arg.value.value == "None")
    return False


# Builtins whose value holds what they are given.
_HOLDING_BUILTINS = frozenset({"str", "repr", "dict", "list", "tuple", "set", "bytes", "bytearray"})


def _bindings(function: cst.CSTNode, value: cst.BaseExpression) -> list[cst.CSTNode]:
    """Where `function` binds the name `value` (assignments, loops, `with ... as`, `:=`); none when
    `value` is not a name or `function` not a `def`."""
    if not isinstance(value, cst.Name) or not isinstance(function, cst.FunctionDef):
        return []
    return [
        node
        for node in walk(function.body)
        if isinstance(node, (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.For, cst.WithItem, cst.NamedExpr))
        and value.value in _bound_names(node)
    ]


def _bound_names(node: cst.CSTNode) -> set[str]:
    """The plain names an assignment-like node binds."""
    targets: list[cst.CSTNode]
    if isinstance(node, cst.Assign):
        targets = [t.target for t in node.targets]
    elif isinstance(node, (cst.AnnAssign, cst.AugAssign, cst.For)):
        targets = [node.target]
    elif isinstance(node, cst.WithItem):
        targets = [node.asname.name] if node.asname is not None else []
    elif isinstance(node, cst.NamedExpr):
        targets = [node.target]
    else:
        targets = []
    return {name for target in targets for name in names_in(target)}


# Modules whose classes in an annotation are data (`dict`, `Any`, `Mapping`, `deque`), not objects.
_DATA_TYPE_ROOTS = frozenset({"builtins", "typing", "typing_extensions", "collections", "types"})


def subscript_parameters(expr: cst.Subscript) -> list[cst.BaseExpression]:
    """The types in `X[A, B]`: `A` and `B`."""
    return [element.slice.value for element in expr.slice if isinstance(element.slice, cst.Index)]


def _written_message(value: cst.BaseExpression | None) -> bool:
    """A text the code writes out (`"Error: not found"`, `f"Error reading todos: {e}"`): a message,
    not data."""
    if isinstance(value, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
        return not (isinstance(value, cst.SimpleString) and value.prefix.lower().startswith("b"))
    return False


def _an_alias_of_self(owner: cst.ClassDef, value: cst.BaseExpression) -> bool:
    """`tool_self` where a method of `owner` binds `tool_self = self` for the closures it defines
    (`return await tool_self.call(...)` in a tool registered there)."""
    return isinstance(value, cst.Name) and any(
        aliases_its_instance(method, value.value) for method in class_methods(owner).values()
    )
