"""Pydantic models used as tool return contracts, and the size bounds of their fields.

A `str` field is bounded by `Field(max_length=)`, `constr(max_length=)`,
`Annotated[str, StringConstraints(max_length=)]` (or any `MaxLen`/`Len`
metadata), the runtime's `Truncated(N)`, a validator that calls a checkpoint
or caps the value, or `model_config = ConfigDict(str_max_length=N)`. A
collection field is bounded by the same item-count forms, `conlist(max_length=)`
and the runtime's `TruncatedItems(N)`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import libcst as cst

from boundlint.find.checkpoints import Checkpoints
from boundlint.knowledge import data_sources as src
from boundlint.knowledge import frameworks as fw
from boundlint.parse.positions import child_nodes
from boundlint.project.lookup import Entity, Project
from boundlint.project.module import ModuleInfo, scope_statements

STR_TYPES = frozenset({"builtins.str"})
MAX_ALIAS_DEPTH = 3  # `A = Union[B, C]`, `B = Optional[D]`: aliases of aliases, not a cycle
COLLECTION_TYPES = frozenset(
    {
        "builtins.list",
        "builtins.dict",
        "builtins.set",
        "builtins.frozenset",
        "builtins.tuple",
        "typing.List",
        "typing.Dict",
        "typing.Set",
        "typing.FrozenSet",
        "typing.Tuple",
        "typing.Sequence",
        "typing.MutableSequence",
        "typing.Mapping",
        "typing.MutableMapping",
        "typing.Iterable",
        "typing.Collection",
        "typing.Deque",
        "typing.DefaultDict",
        "typing.OrderedDict",
        "collections.deque",
        "collections.OrderedDict",
        "collections.defaultdict",
        *(
            f"collections.abc.{name}"
            for name in (
                "Sequence",
                "MutableSequence",
                "Mapping",
                "MutableMapping",
                "Iterable",
                "Collection",
                "Set",
                "MutableSet",
            )
        ),
    }
)
WRAPPERS = frozenset(
    {
        "typing.Optional",
        "typing.Union",
        "typing.Required",
        "typing.NotRequired",
        "typing.Final",
        "typing_extensions.Required",
        "typing_extensions.NotRequired",
    }
)
ANNOTATED = frozenset({"typing.Annotated", "typing_extensions.Annotated"})
CLASSVAR = frozenset({"typing.ClassVar", "typing_extensions.ClassVar"})
STR_CONSTRUCTORS = frozenset({"constr"})
COLLECTION_CONSTRUCTORS = frozenset({"conlist", "conset", "confrozenset", "condict"})
LENGTH_KEYWORDS = frozenset({"max_length", "max_items", "max_len"})
LENGTH_METADATA = frozenset({"MaxLen", "Len"})
RUNTIME_STR_BOUND = "Truncated"
RUNTIME_ITEMS_BOUND = "TruncatedItems"
VALIDATOR_DECORATORS = frozenset({"field_validator", "validator"})
MODEL_VALIDATOR_DECORATORS = frozenset({"model_validator", "root_validator"})
CONSTRUCTORS = frozenset(
    {
        "model_validate",
        "model_validate_json",
        "model_validate_strings",
        "parse_obj",
        "parse_raw",
        "model_construct",
        "construct",
        "from_orm",
    }
)
MAX_ALIAS_DEPTH = 4


@dataclass
class FieldInfo:
    name: str
    node: cst.AnnAssign
    kind: str  # "str", "collection" or "other"
    bounded: bool
    nested: list[tuple[ModuleInfo, cst.ClassDef]] = field(default_factory=list)


@dataclass
class ModelInfo:
    module: ModuleInfo
    node: cst.ClassDef
    fields: list[FieldInfo]
    bases: list[ModelInfo]

    @property
    def name(self) -> str:
        return self.node.name.value

    def all_fields(self) -> Iterator[tuple[ModelInfo, FieldInfo]]:
        seen: set[str] = set()
        for info, item in self._fields_with_owner():
            if item.name not in seen:
                seen.add(item.name)
                yield info, item

    def _fields_with_owner(self) -> Iterator[tuple[ModelInfo, FieldInfo]]:
        for item in self.fields:
            yield self, item
        for base in self.bases:
            yield from base._fields_with_owner()


class ModelRegistry:
    def __init__(self, checkpoints: Checkpoints) -> None:
        self.checkpoints = checkpoints
        self.project: Project = checkpoints.project
        self._models: dict[cst.ClassDef, ModelInfo | None] = {}
        self._bounded: dict[cst.ClassDef, bool] = {}

    # -- discovery ----------------------------------------------------------

    def model(self, module: ModuleInfo, cls: cst.ClassDef, depth: int = 0) -> ModelInfo | None:
        if cls in self._models:
            return self._models[cls]
        self._models[cls] = None  # cycle guard
        bases: list[ModelInfo] = []
        is_model = False
        for base in cls.bases:
            expr = base.value.value if isinstance(base.value, cst.Subscript) else base.value
            external = self.project.external_name(module, expr)
            if external is not None and (fw.BASE_MODEL.matches(external) or external == "sqlmodel.SQLModel"):
                is_model = True
                continue
            entity = self.project.resolve(module, expr)
            if entity is not None and entity.kind == "class" and isinstance(entity.node, cst.ClassDef) and depth < 10:
                parent = self.model(entity.module, entity.node, depth + 1)
                if parent is not None:
                    is_model = True
                    bases.append(parent)
        if not is_model:
            return None
        info = ModelInfo(module, cls, [], bases)
        self._models[cls] = info
        info.fields = list(self._fields(module, cls))
        return info

    def model_for_entity(self, entity: Entity) -> ModelInfo | None:
        if entity.kind in ("class", "classmethod") and isinstance(entity.node, cst.ClassDef):
            return self.model(entity.module, entity.node)
        return None

    def models_in_annotation(
        self, module: ModuleInfo, annotation: cst.BaseExpression, depth: int = 0
    ) -> list[ModelInfo]:
        """The models an annotation names, also through a module's type alias
        (`EditFilePayload = Union[ContentPayload, ReplacementsPayload]`)."""
        found: list[ModelInfo] = []
        for node in _names_in(annotation):
            entity = self.project.resolve(module, node)
            if entity is not None and entity.kind == "class" and isinstance(entity.node, cst.ClassDef):
                model = self.model(entity.module, entity.node)
                if model is not None:
                    found.append(model)
            elif entity is not None and entity.kind == "assign" and depth < MAX_ALIAS_DEPTH:
                if isinstance(entity.node, (cst.Subscript, cst.BinaryOperation, cst.Name, cst.Attribute)):
                    found.extend(self.models_in_annotation(entity.module, entity.node, depth + 1))
        return found

    # -- fields -------------------------------------------------------------

    def _fields(self, module: ModuleInfo, cls: cst.ClassDef) -> Iterator[FieldInfo]:
        body = list(scope_statements(cls.body))
        validated = self._validated_fields(module, cls)
        str_limit = _config_str_limit(body)
        for statement in body:
            if not isinstance(statement, cst.AnnAssign) or not isinstance(statement.target, cst.Name):
                continue
            name = statement.target.value
            if name.startswith("_") or name == "model_config":
                continue
            shape = _Shape()
            self._read_annotation(module, statement.annotation.annotation, shape, 0)
            if shape.classvar:
                continue
            if statement.value is not None:
                _read_default(module, statement.value, shape)
            kind = "str" if shape.is_str else "collection" if shape.is_collection else "other"
            bounded = (
                kind == "other"
                or shape.length_bound
                or name in validated
                or "*" in validated
                or (kind == "str" and str_limit)
                # `job_name: str`, `status: str`, `created_at: str`: the name says the value is short
                or (kind == "str" and src.is_small_field(name))
            )
            yield FieldInfo(name, statement, kind, bool(bounded), shape.nested)

    def _read_annotation(self, module: ModuleInfo, expr: cst.BaseExpression, shape: _Shape, depth: int) -> None:
        if depth > MAX_ALIAS_DEPTH * 4:
            return
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
            self._read_annotation(module, expr.left, shape, depth + 1)
            self._read_annotation(module, expr.right, shape, depth + 1)
            return
        if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString)):
            return  # forward references are not followed; treated as other
        if isinstance(expr, cst.Call):
            name = (self.project.external_name(module, expr.func) or "").rsplit(".", 1)[-1]
            if name in STR_CONSTRUCTORS:
                shape.is_str = True
                shape.length_bound = shape.length_bound or _has_length_keyword(expr)
            elif name in COLLECTION_CONSTRUCTORS:
                shape.is_collection = True
                shape.length_bound = shape.length_bound or _has_length_keyword(expr)
            return
        base = expr.value if isinstance(expr, cst.Subscript) else expr
        qualified = self.project.external_name(module, base) if isinstance(base, (cst.Name, cst.Attribute)) else None
        if qualified in CLASSVAR:
            shape.classvar = True
            return
        if isinstance(expr, cst.Subscript):
            parameters = [element.slice.value for element in expr.slice if isinstance(element.slice, cst.Index)]
            if qualified in ANNOTATED and parameters:
                self._read_annotation(module, parameters[0], shape, depth + 1)
                for metadata in parameters[1:]:
                    self._read_metadata(module, metadata, shape)
                return
            if qualified in WRAPPERS:
                for parameter in parameters:
                    self._read_annotation(module, parameter, shape, depth + 1)
                return
            if qualified in COLLECTION_TYPES:
                fixed_tuple = qualified in ("builtins.tuple", "typing.Tuple") and not any(
                    isinstance(p, cst.Ellipsis) for p in parameters
                )
                if not fixed_tuple:
                    shape.is_collection = True
                for parameter in parameters:
                    self._collect_nested(module, parameter, shape)
                return
        if qualified in STR_TYPES:
            shape.is_str = True
            return
        if qualified in COLLECTION_TYPES:
            shape.is_collection = True
            return
        entity = self.project.resolve(module, base) if isinstance(base, (cst.Name, cst.Attribute)) else None
        if entity is None:
            return
        if entity.kind == "class" and isinstance(entity.node, cst.ClassDef):
            nested = self.model(entity.module, entity.node)
            if nested is not None:
                shape.nested.append((entity.module, entity.node))
        elif entity.kind == "assign" and isinstance(entity.node, cst.BaseExpression) and depth < MAX_ALIAS_DEPTH:
            # A type alias such as `ShortText = Annotated[str, Field(max_length=200)]`.
            self._read_annotation(entity.module, entity.node, shape, depth + 1)

    def _collect_nested(self, module: ModuleInfo, expr: cst.BaseExpression, shape: _Shape) -> None:
        for node in _names_in(expr):
            entity = self.project.resolve(module, node)
            if entity is not None and entity.kind == "class" and isinstance(entity.node, cst.ClassDef):
                if self.model(entity.module, entity.node) is not None:
                    shape.nested.append((entity.module, entity.node))

    def _read_metadata(self, module: ModuleInfo, metadata: cst.BaseExpression, shape: _Shape) -> None:
        if not isinstance(metadata, cst.Call):
            return
        qualified = self.project.external_name(module, metadata.func) or module.qualify(metadata.func) or ""
        name = qualified.rsplit(".", 1)[-1]
        if self.checkpoints.runtime_member(module, metadata.func) in (RUNTIME_STR_BOUND, RUNTIME_ITEMS_BOUND):
            shape.length_bound = True
        elif name in LENGTH_METADATA:
            shape.length_bound = (
                shape.length_bound or name == "MaxLen" or len(metadata.args) >= 2 or _has_length_keyword(metadata)
            )
        elif name in ("Field", "StringConstraints"):
            shape.length_bound = shape.length_bound or _has_length_keyword(metadata)
        elif name in ("AfterValidator", "BeforeValidator", "PlainValidator", "WrapValidator"):
            shape.length_bound = shape.length_bound or any(
                self._bounds_value(module, arg.value) for arg in metadata.args
            )

    def _bounds_value(self, module: ModuleInfo, expr: cst.BaseExpression) -> bool:
        """A validator callable that bounds its input (a checkpoint, or a function calling one)."""
        if isinstance(expr, cst.Lambda):
            return _body_bounds(self.checkpoints, module, expr.body)
        if self.checkpoints.is_checkpoint(module, expr):
            return True
        entity = self.project.resolve(module, expr)
        if entity is not None and entity.kind == "function" and isinstance(entity.node, cst.FunctionDef):
            return _body_bounds(self.checkpoints, entity.module, entity.node.body)
        return False

    def _validated_fields(self, module: ModuleInfo, cls: cst.ClassDef) -> set[str]:
        fields: set[str] = set()
        for statement in scope_statements(cls.body):
            if not isinstance(statement, cst.FunctionDef):
                continue
            for decorator in statement.decorators:
                expr = decorator.decorator
                func = expr.func if isinstance(expr, cst.Call) else expr
                name = (self.project.external_name(module, func) or "").rsplit(".", 1)[-1]
                if name in VALIDATOR_DECORATORS and isinstance(expr, cst.Call):
                    if _body_bounds(self.checkpoints, module, statement.body):
                        fields.update(_string_args(expr))
                elif name in MODEL_VALIDATOR_DECORATORS and _body_bounds(self.checkpoints, module, statement.body):
                    fields.add("*")
        return fields

    # -- verdicts -----------------------------------------------------------

    def known(self, cls: cst.ClassDef) -> ModelInfo | None:
        """The model of `cls`, when `model()` has read it as one."""
        return self._models.get(cls)

    def dump_is_bounded(self, model: ModelInfo, included: set[str] | None, excluded: set[str]) -> bool:
        """`model_dump(include=..., exclude=...)`: every field kept is bounded, and so is every
        model nested in one of them."""
        for _, item in model.all_fields():
            if item.name in excluded or (included is not None and item.name not in included):
                continue
            if not item.bounded:
                return False
            if any(not self._nested_bounded(module, cls) for module, cls in item.nested):
                return False
        return True

    def _nested_bounded(self, module: ModuleInfo, cls: cst.ClassDef) -> bool:
        nested = self.model(module, cls)
        return nested is None or self.is_bounded(nested)

    def unbounded_fields(self, model: ModelInfo) -> list[tuple[ModelInfo, FieldInfo]]:
        return [(owner, item) for owner, item in model.all_fields() if not item.bounded]

    def is_bounded(self, model: ModelInfo, depth: int = 0) -> bool:
        if model.node in self._bounded:
            return self._bounded[model.node]
        self._bounded[model.node] = True  # recursive models: assume bounded while checking
        result = not self.unbounded_fields(model)
        if result and depth < 10:
            for _, item in model.all_fields():
                for module, cls in item.nested:
                    nested = self.model(module, cls)
                    if nested is not None and not self.is_bounded(nested, depth + 1):
                        result = False
        self._bounded[model.node] = result
        return result

    def contracts_closure(self, roots: list[ModelInfo]) -> list[ModelInfo]:
        """The models reachable from `roots` through their fields."""
        seen: dict[cst.ClassDef, ModelInfo] = {}
        stack = list(roots)
        while stack:
            model = stack.pop()
            if model.node in seen:
                continue
            seen[model.node] = model
            for _, item in model.all_fields():
                for module, cls in item.nested:
                    nested = self.model(module, cls)
                    if nested is not None:
                        stack.append(nested)
            stack.extend(model.bases)
        return list(seen.values())


@dataclass
class _Shape:
    is_str: bool = False
    is_collection: bool = False
    length_bound: bool = False
    classvar: bool = False
    nested: list[tuple[ModuleInfo, cst.ClassDef]] = field(default_factory=list)


def _read_default(module: ModuleInfo, value: cst.BaseExpression, shape: _Shape) -> None:
    if isinstance(value, cst.Call):
        name = (module.qualify(value.func) or "").rsplit(".", 1)[-1]
        if name == "Field" and _has_length_keyword(value):
            shape.length_bound = True


def _has_length_keyword(call: cst.Call) -> bool:
    return any(arg.keyword is not None and arg.keyword.value in LENGTH_KEYWORDS for arg in call.args)


def _config_str_limit(body: list[cst.CSTNode]) -> bool:
    for statement in body:
        if isinstance(statement, cst.Assign) and any(
            isinstance(t.target, cst.Name) and t.target.value == "model_config" for t in statement.targets
        ):
            value = statement.value
            if isinstance(value, cst.Call) and any(
                arg.keyword is not None and arg.keyword.value == "str_max_length" for arg in value.args
            ):
                return True
            if isinstance(value, cst.Dict) and any(
                isinstance(e, cst.DictElement)
                and isinstance(e.key, cst.SimpleString)
                and "str_max_length" in e.key.value
                for e in value.elements
            ):
                return True
        if isinstance(statement, cst.ClassDef) and statement.name.value == "Config":
            for inner in scope_statements(statement.body):
                if isinstance(inner, cst.Assign) and any(
                    isinstance(t.target, cst.Name) and t.target.value in ("max_anystr_length", "str_max_length")
                    for t in inner.targets
                ):
                    return True
    return False


def _body_bounds(checkpoints: Checkpoints, module: ModuleInfo, body: cst.CSTNode) -> bool:
    """The code calls a checkpoint, caps with a slice, or checks `len()`."""
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Call):
            if checkpoints.is_checkpoint(module, node.func):
                return True
            if isinstance(node.func, cst.Name) and node.func.value == "len":
                return True
        if isinstance(node, cst.Subscript) and any(
            isinstance(e.slice, cst.Slice) and e.slice.upper is not None for e in node.slice
        ):
            return True
        stack.extend(child_nodes(node))
    return False


def _string_args(call: cst.Call) -> list[str]:
    names = []
    for arg in call.args:
        if arg.keyword is None and isinstance(arg.value, cst.SimpleString):
            value = arg.value.evaluated_value
            if isinstance(value, str):
                names.append(value)
    return names


def _names_in(expr: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    stack: list[cst.CSTNode] = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.Name, cst.Attribute)):
            yield node
            if isinstance(node, cst.Attribute):
                continue
        stack.extend(child_nodes(node))
