"""The whole-tree analysis the rules read: tools, their returns, their contracts.

Built once per run, after every module is parsed. It is the one place that
follows values across functions and modules; the rules only look at its
results.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import cached_property

import libcst as cst

from boundlint.analyse.agent_tools import agent_tool_returns
from boundlint.analyse.branches import on_error_branch, reports_error
from boundlint.analyse.commands import SpelledValue, completed_by, prints_a_status_after, program_word
from boundlint.analyse.dataflow import (
    FunctionEvaluator,
    ReturnVerdict,
    constant_key,
    every_param,
    named_http_method,
    names_one_resource_path,
    return_kind,
    snippet,
    tested_parameters,
    unknown_answer,
)
from boundlint.analyse.size import (
    BOUNDED_VALUE,
    FEW_ITEMS,
    LOW,
    SILENT,
    UNBOUNDED,
    Verdict,
    handle,
    join,
    join_all,
    join_returns,
    replace,
    unbounded,
)
from boundlint.core.cancel import check_cancelled
from boundlint.core.config import Config
from boundlint.find.adapters import AdapterFinder
from boundlint.find.checkpoints import Checkpoints
from boundlint.find.contracts import CONSTRUCTORS, ModelInfo, ModelRegistry
from boundlint.find.tools import ModuleIndex, Tool, ToolFinder
from boundlint.knowledge import data_sources as src
from boundlint.knowledge import frameworks as fw
from boundlint.parse.positions import child_nodes
from boundlint.project.lookup import Entity, Project, class_methods
from boundlint.project.module import ModuleInfo, all_params, arguments_by_name, positional_parameters
from boundlint.project.module_index import index_of

MAX_CALL_DEPTH = 4


@dataclass
class ToolResult:
    tool: Tool
    returns: list[ReturnVerdict]
    # "decorator" (@bounded), "annotation" (-> int ...), "framework", "adapter" (its server's or agent's), else None
    bounded_by: str | None


@dataclass
class Analysis:
    project: Project
    config: Config
    roots: list[ModuleInfo]  # the modules whose tools are looked for
    # What installations found by other roots' analyses cover (`AdapterFinder.place` -> by what).
    covered: dict[str, str] = field(default_factory=dict)
    tools: list[Tool] = field(default_factory=list)
    results: list[ToolResult] = field(default_factory=list)
    contracts: list[ModelInfo] = field(default_factory=list)
    errors: list[tuple[ModuleInfo, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.checkpoints = Checkpoints(self.project, self.config)
        self.models = ModelRegistry(self.checkpoints)
        # By function, and the constants a call passes to the parameters its branches test
        # (`execute_tool(ToolName.GET_SCHEMAS, ...)`): a dispatcher summarised for that branch.
        self._summaries: dict[
            tuple[cst.FunctionDef, tuple[tuple[str, str], ...], cst.ClassDef | None], Verdict | None
        ] = {}
        self._tested_params: dict[cst.FunctionDef, frozenset[str]] = {}
        self._in_progress: set[cst.FunctionDef] = set()  # summaries under way: recursive calls
        self._init_fields: dict[cst.FunctionDef, dict[str, Verdict] | None] = {}
        # A model's or dataclass's method summarised with each field standing for what the
        # construction gave it (`model_method_value`).
        self._field_summaries: dict[cst.FunctionDef, Verdict | None] = {}
        # Functions of the tree whose results the tools' values were followed into, and where.
        self.reached: dict[cst.FunctionDef, ModuleInfo] = {}
        # Constructions whose class's `__init__`/`__post_init__` bounded an unbounded argument
        # (`Observation(proc.stdout)`), by the class's name: what the inventory says bounded them.
        self.bounding_constructions: dict[cst.Call, str] = {}
        self._globals: dict[cst.CSTNode, Verdict | None] = {}

    # -- the run ------------------------------------------------------------

    def run(self) -> Analysis:
        self.finder = ToolFinder(self.project, self.config, self.roots, self.checkpoints.configured)
        self.tools = self.finder.find()
        adapters = AdapterFinder(self.project, self.checkpoints, self.finder, self.roots, self.covered)
        adapters.credit(self.tools)
        self.installs, self.needs = adapters.installs(self.tools), adapters.needs(self.tools)
        roots: dict[cst.ClassDef, ModelInfo] = {}
        for tool in self.tools:
            check_cancelled()
            try:
                returns = self._evaluate_tool(tool)
                for model in self._contract_roots(tool, returns):
                    roots[model.node] = model
            except RecursionError:
                self.errors.append((tool.module, f"`{tool.qualname}` is nested too deeply to analyse"))
            except Exception as error:  # noqa: BLE001 - one tool must not stop the run
                self.errors.append((tool.module, f"while analysing `{tool.qualname}`: {type(error).__name__}: {error}"))
        self.contracts = self.models.contracts_closure(list(roots.values()))
        return self

    @cached_property
    def input_models(self) -> dict[cst.ClassDef, str]:
        """Models a tool also takes as input (a parameter's type, or reached from one), by class:
        the tool that takes it. Cutting such a model's field would cut what that tool writes. Only
        a field's fix asks, so only then are the parameters' models parsed."""
        taken: dict[cst.ClassDef, str] = {}
        for tool in self.tools:
            if not isinstance(tool.node, cst.FunctionDef):
                continue
            for param in all_params(tool.node):
                if param.annotation is None:
                    continue
                roots = self.models.models_in_annotation(tool.module, param.annotation.annotation)
                for model in self.models.contracts_closure(roots):
                    taken.setdefault(model.node, tool.qualname)
        return taken

    def _evaluate_tool(self, tool: Tool) -> list[ReturnVerdict]:
        if tool.made_from is not None:  # `agent.as_tool(...)`: no body of ours returns it
            returns = agent_tool_returns(self, self.models, tool)
            self.results.append(ToolResult(tool, returns, "adapter" if tool.adapter else None))
            return returns
        assert not isinstance(tool.node, cst.Call)
        evaluator = FunctionEvaluator(self, tool.module, tool.node, owner_class(tool))
        # `content_and_artifact` tools: only the first element reaches the model.
        evaluator.content_only = tool.content_and_artifact
        evaluator.yields_are_returns = tool.yields_result
        evaluator.result_callback = fw.RESULT_CALLBACKS.get(tool.framework)
        evaluator.result_dict_keys = fw.RESULT_DICT_CHANNELS.get(tool.framework)
        if tool.arguments_on_self:
            evaluator.params.add("self")  # the class is the argument model: `self.url` is an argument
        # A dispatcher's `return handler.run_tool(args)`: the handlers are tools, checked on their own.
        returns = [_as_text_of_a_frame(item) for item in evaluator.run() if item.node not in tool.handed_on]
        bounded_by = None
        if isinstance(tool.node, cst.FunctionDef):
            bounded_by = (
                "decorator"
                if self.is_bounded_function(tool.module, tool.node)
                else "annotation"
                if self.small_annotation(tool.module, tool.node)
                else None
            )
        if tool.framework_limit:
            bounded_by = "framework"  # the framework cuts the result (`return_char_limit=4000`)
        if tool.adapter:
            bounded_by = "adapter"  # a checkpoint for its whole server or agent sees every result
        self.results.append(ToolResult(tool, returns, bounded_by))
        return returns

    def _contract_roots(self, tool: Tool, returns: list[ReturnVerdict]) -> list[ModelInfo]:
        roots: list[ModelInfo] = []
        annotation = tool.node.returns if isinstance(tool.node, cst.FunctionDef) else None
        if annotation is not None:
            roots.extend(self.models.models_in_annotation(tool.module, annotation.annotation))
        for item in returns:
            for cls in item.verdict.models:
                model = self.models._models.get(cls)
                if model is not None:
                    roots.append(model)
        return roots

    def tool_class_names(self) -> list[str]:
        """Names of the tree's classes found to be tool classes (for finding their subclasses)."""
        return self.finder.tool_class_names() if hasattr(self, "finder") else []

    @property
    def indexes(self) -> dict[ModuleInfo, ModuleIndex]:
        """Every module parsed so far, with its index."""
        return {module: index_of(module) for module in self.project.modules}

    # -- questions the evaluator asks ---------------------------------------

    def is_checkpoint(self, module: ModuleInfo, func: cst.BaseExpression) -> bool:
        return self.checkpoints.is_checkpoint(module, func)

    def dump_is_bounded(self, models: frozenset[cst.ClassDef], included: set[str] | None, excluded: set[str]) -> bool:
        """A dump of an instance of any of `models` keeping `included` (all when None) minus
        `excluded` holds only bounded fields."""
        infos = [self.models.known(cls) for cls in models]
        return all(info is not None and self.models.dump_is_bounded(info, included, excluded) for info in infos)

    def is_bounded_function(self, module: ModuleInfo, function: cst.FunctionDef) -> bool:
        """Decorated with the runtime's `@bounded(...)`."""
        for decorator in function.decorators:
            expr = decorator.decorator
            target = expr.func if isinstance(expr, cst.Call) else expr
            if self.checkpoints.runtime_member(module, target) == fw.RUNTIME_DECORATOR:
                return True
        return False

    def small_annotation(self, module: ModuleInfo, function: cst.FunctionDef) -> bool:
        """Annotated to return a small type: int/float/bool/None/Literal, an Enum of the tree, or a
        fixed tuple, Optional or union of those (`Tuple[int, int]`, `int | None`)."""
        return function.returns is not None and self._small_type(module, function.returns.annotation)

    def _small_type(self, module: ModuleInfo, annotation: cst.BaseExpression) -> bool:
        if isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
            return self._small_type(module, annotation.left) and self._small_type(module, annotation.right)
        if isinstance(annotation, cst.Subscript):
            head = (module.qualify(annotation.value) or "").rsplit(".", 1)[-1]
            parts = [e.slice.value for e in annotation.slice if isinstance(e.slice, cst.Index)]
            if head == "Literal":
                return True
            if head in ("Optional", "Union", "Tuple", "tuple"):
                # `Tuple[int, ...]` has any number of items.
                return bool(parts) and all(
                    not isinstance(part, cst.Ellipsis) and self._small_type(module, part) for part in parts
                )
            if head == "Annotated":
                return bool(parts) and self._small_type(module, parts[0])
            return head in src.SMALL_ANNOTATIONS
        if isinstance(annotation, cst.Name) and annotation.value == "None":
            return True
        if (module.qualify(annotation) or "").rsplit(".", 1)[-1] in src.SMALL_ANNOTATIONS:
            return True
        entity = self.project.resolve(module, annotation)
        return entity is not None and entity.kind == "class" and self.project.is_enum(entity)

    def nested_function(self, module: ModuleInfo, parent: cst.FunctionDef, name: str) -> cst.FunctionDef | None:
        for site in index_of(module).functions:
            if site.parent_function is parent and site.node.name.value == name:
                return site.node
        return None

    def global_value(self, module: ModuleInfo, expr: cst.Name, depth: int) -> Verdict:
        entity = self.project.resolve(module, expr)
        if entity is not None:
            return self.entity_value(entity, expr, depth)
        if module.qualify(expr) is not None:
            return BOUNDED_VALUE  # a builtin or an imported module/function object
        # A closure's free variable (often an object a `register_tools(app, store)` factory was
        # given) or a star import: nothing says it holds data rather than a handle.
        return handle(expr.value, expr, module)

    def entity_value(self, entity: Entity, expr: cst.BaseExpression, depth: int) -> Verdict:
        if entity.kind == "class" and self.project.is_enum(entity):
            return FEW_ITEMS  # iterating an Enum yields its few members
        if entity.kind != "assign" or not isinstance(entity.node, cst.BaseExpression):
            return BOUNDED_VALUE  # a module, class, function or method object
        node = entity.node
        if node in self._globals:
            cached = self._globals[node]
            return cached if cached is not None else unbounded(f"`{snippet(entity.module, expr)}`", expr, entity.module)
        self._globals[node] = None  # cycle guard
        # Past the depth followed, a call in it is judged by its name (`unknown_answer`); a constant
        # (`TRUNCATE_SUFFIX = "..."` read by a helper four calls down) is what it is at any depth.
        evaluator = FunctionEvaluator(self, entity.module, None, None, min(depth + 1, MAX_CALL_DEPTH))
        verdict = evaluator.eval(node, {})
        self._globals[node] = verdict
        return verdict

    def call_value(
        self,
        entity: Entity,
        call: cst.Call,
        args: list[Verdict],
        depth: int,
        caller: ModuleInfo,
        instance: tuple[ModuleInfo, cst.ClassDef] | None = None,
        spelled: SpelledValue | None = None,
        caller_params: AbstractSet[str] = frozenset(),
        caller_constants: Mapping[str, str] | None = None,
    ) -> Verdict:
        """What `call` of `entity` gives; `instance`: the class of `self` when a subclass's method
        calls a base's (`self.m()` in the base then dispatches to the subclass's override);
        `spelled`: what the caller binds its names to (the words a call gives a command);
        `caller_params`: the caller's parameters (a command it completes, `Verdict.completes`);
        `caller_constants`: the constants the caller's own call chose for its parameters, which it
        may pass on (`raw=raw`)."""
        code = snippet(caller, call)
        if entity.kind in ("class", "classmethod"):
            return self._construction_value(entity, call, args, caller, code, depth)
        if entity.kind != "function" or not isinstance(entity.node, cst.FunctionDef):
            return unbounded(f"the result of `{code}`", call, caller)
        function = entity.node
        if self.is_bounded_function(entity.module, function) or self.small_annotation(entity.module, function):
            return BOUNDED_VALUE
        if src.names_short_text(function.name.value) and _annotated_str(entity.module, function):
            # `def get_version() -> str`, `def build_ui_url(...) -> str`: what its name says, however
            # it finds it (a line of `pyproject.toml`, a host read from a config file)
            return BOUNDED_VALUE
        if depth >= MAX_CALL_DEPTH:
            # Not followed further: known, as a library's function is, by its name and what it is given.
            return unknown_answer((function.name.value,), call, caller, args)
        chosen = self._dispatch_constants(function, call, entity.owner is not None, caller_constants or {})
        summary = self._summary(entity, depth, chosen, instance)
        if summary is None and function in self._in_progress:
            # A recursive call (`eval_node(node.left)` in `eval_node`): it gives what the function's
            # other returns give, which its summary joins.
            return BOUNDED_VALUE
        if summary is None:
            return unbounded(f"the result of `{code}`", call, caller)
        parts = (
            summary,
            *(summary.elements or ()),
            *([summary.otherwise] if summary.otherwise else []),
            *(summary.as_text or ()),
            *(entry for _, entry in summary.keys or ()),
        )
        if any(
            part.params or part.cut_params or part.read_params or part.command_params or part.request_params
            for part in parts
        ):
            if any(part.request_params for part in parts):
                args = _one_resource_arguments(call, args)
            skip_first = entity.owner is not None
            commands = {
                (name, part.command_prefix, part.command_program) for part in parts for name in part.command_params
            }
            statuses, completions = (
                _command_statuses(function, call, skip_first, commands, spelled, caller_params)
                if commands and spelled is not None
                else ({}, {})
            )
            summary = self._with_arguments(summary, function, call, args, skip_first, statuses, completions)
        if summary.as_text is not None:
            summary = replace(summary, as_text=(_via(summary.as_text[0], entity), _via(summary.as_text[1], entity)))
        return _via(summary, entity)  # its elements as they are: `text, error = fetch(url)`

    def _with_arguments(
        self,
        summary: Verdict,
        function: cst.FunctionDef,
        call: cst.Call,
        args: list[Verdict],
        skip_first: bool,
        statuses: dict[str, bool] | None = None,
        completions: dict[str, tuple[str, tuple[str, ...]]] | None = None,
    ) -> Verdict:
        """The summary of `function` at this call: the parameters it passes through become the
        values this call gives them (`fmt(resp.text)` is as large as `resp.text`). A parameter of
        the function that encloses it (`coro` of `def run_async(coro)`, run by a nested
        `def run_in_thread(): ...`) is not this call's: it stays the caller's, to pass on.
        `statuses`: for a parameter that completes a command the function writes, whether this
        call's words make it one that prints a status (see `_command_statuses`); `completions`: for
        such a parameter given the caller's own (`run(["helm", *args])`), which one and after what
        words (`Verdict.completes`)."""
        passed = arguments_by_parameter(function, call, args, skip_first)
        for name, status in (statuses or {}).items():
            if name in passed and passed[name].bounded:
                passed[name] = replace(passed[name], fixed_command=status)
        for name, completed in (completions or {}).items():
            if name in passed and passed[name].bounded:
                passed[name] = replace(passed[name], completes=completed)
        at_call = _at_call(summary, passed)
        own = {param.name.value for param in every_param(function)}
        enclosing = summary.params - own
        shaping = summary.request_params - own
        if shaping and at_call.level == UNBOUNDED:
            # `client.get(endpoint)` in a nested `def make_request()`: the maker's `endpoint` says
            # what is asked for, at each call of the maker
            at_call = replace(at_call, request_params=at_call.request_params | shaping)
        return join(at_call, BOUNDED_VALUE.with_params(enclosing)) if enclosing else at_call

    def _stored_by_init(self, entity: Entity, call: cst.Call, args: list[Verdict], depth: int) -> Verdict | None:
        """An instance of a class of the tree whose own `__init__` stores its data in `self.x`:
        as large as what it stores, with this call's arguments (`Observation(out)` whose
        `__init__` keeps `out[:N] + MARKER` is bounded). None when the `__init__` stores nothing
        it was given, or is not the class's own (a base's, a dataclass's)."""
        cls = entity.node
        if not isinstance(cls, cst.ClassDef) or depth >= MAX_CALL_DEPTH:
            return None
        methods = class_methods(cls)
        init = methods.get("__init__")
        dataclass_fields = _dataclass_fields(entity.module, cls) if init is None else None
        if init is None and (dataclass_fields is None or "__post_init__" not in methods):
            return None
        method = init if init is not None else methods["__post_init__"]
        if method not in self._init_fields:
            self._init_fields[method] = None  # recursion guard
            self.reached[method] = entity.module
            evaluator = FunctionEvaluator(self, entity.module, method, cls, depth + 1)
            evaluator.self_fields = {}
            if dataclass_fields is not None:
                # `__post_init__` reads the fields the constructor set: each is its argument.
                evaluator.self_arguments = set(dataclass_fields)
                evaluator.params.update(dataclass_fields)
            evaluator.run()
            stored = evaluator.self_fields
            if dataclass_fields is not None:
                stored = {
                    name: stored.get(name, BOUNDED_VALUE.with_params(frozenset({name}))) for name in dataclass_fields
                }
            self._init_fields[method] = stored or None
        fields = self._init_fields[method]
        if fields is None:
            return None
        if dataclass_fields is not None:
            passed = _dataclass_arguments(dataclass_fields, call, args)
        else:
            assert init is not None
            passed = arguments_by_parameter(init, call, args, skip_first=True)
        mapped = tuple((name, _at_call(value, passed) if value.params else value) for name, value in fields.items())
        instance = join_all([value for _, value in mapped])
        if instance.level != UNBOUNDED and any(arg.level == UNBOUNDED for arg in args):
            self.bounding_constructions[call] = cls.name.value
        return replace(instance, fields=mapped)

    def declared_fields(self, module: ModuleInfo, cls: cst.ClassDef) -> list[str] | None:
        """The fields a Pydantic model or a dataclass of the tree declares; None for another class."""
        model = self.models.model(module, cls)
        if model is not None:
            return [item.name for _, item in model.all_fields()]
        return _dataclass_fields(module, cls)

    def model_method_value(
        self, entity: Entity, call: cst.Call, args: list[Verdict], fields: dict[str, Verdict], depth: int
    ) -> Verdict | None:
        """`result.to_dict()` of `result = Report(title=t, rows=rows)`: what a method of a Pydantic
        model or dataclass gives, read with each of its fields (`self.rows`) standing for what the
        construction gave that field (`fields`), not for what the field's type allows. None when
        the method is not read so (a generator, too deep)."""
        function = entity.node
        if not isinstance(function, cst.FunctionDef) or depth >= MAX_CALL_DEPTH or _is_generator(function):
            return None
        if function not in self._field_summaries:
            self._field_summaries[function] = None  # recursion guard
            self.reached[function] = entity.module
            evaluator = FunctionEvaluator(self, entity.module, function, entity.owner, depth + 1)
            evaluator.self_arguments = set(fields)
            evaluator.params.update(fields)
            returns = evaluator.run()
            made = join_returns([_as_reported(function, item) for item in returns]) if returns else BOUNDED_VALUE
            self._field_summaries[function] = made
        summary = self._field_summaries[function]
        if summary is None:
            return None
        return _at_call(summary, arguments_by_parameter(function, call, args, skip_first=True) | fields)

    def _summary(
        self,
        entity: Entity,
        depth: int,
        chosen: dict[str, str],
        instance: tuple[ModuleInfo, cst.ClassDef] | None = None,
    ) -> Verdict | None:
        """What `entity`'s function gives, from its returns; with `chosen` constants, only from
        the branches they take; with `instance`, for an instance of that subclass. None for a
        generator, and while it is being summarised."""
        function = entity.node
        assert isinstance(function, cst.FunctionDef)
        key = (function, tuple(sorted(chosen.items())), instance[1] if instance is not None else None)
        if key in self._summaries:
            return self._summaries[key]
        if function in self._in_progress:
            return None  # a recursive call, whatever constants it passes (`retry_count + 1`)
        self._summaries[key] = None  # recursion guard
        self.reached[function] = entity.module
        if _is_generator(function):
            result: Verdict | None = None
        else:
            site = index_of(entity.module).sites.get(function)
            owner = site.owner if site is not None else entity.owner
            evaluator = FunctionEvaluator(self, entity.module, function, owner, depth + 1)
            evaluator.chosen = chosen
            evaluator.instance = instance
            self._in_progress.add(function)
            try:
                returns = evaluator.run()
            finally:
                self._in_progress.discard(function)
            result = join_returns([_as_reported(function, item) for item in returns]) if returns else BOUNDED_VALUE
            result = _with_text_apart(result, function, returns)
        self._summaries[key] = result
        return result

    def _dispatch_constants(
        self, function: cst.FunctionDef, call: cst.Call, skip_first: bool, caller_constants: Mapping[str, str]
    ) -> dict[str, str]:
        """Of the constants `call` gives (see `constant_arguments`), those whose parameter
        `function` tests (`if tool_name == ToolName.GET_SCHEMAS:`, `if raw:`) or passes on: they
        choose its branches."""
        given = constant_arguments(function, call, skip_first, caller_constants)
        if not given:
            return {}
        if function not in self._tested_params:
            self._tested_params[function] = tested_parameters(function)
        tested = self._tested_params[function]
        return {name: constant for name, constant in given.items() if name in tested}

    def _construction_value(
        self, entity: Entity, call: cst.Call, args: list[Verdict], caller: ModuleInfo, code: str, depth: int
    ) -> Verdict:
        model = self.models.model_for_entity(entity)
        if entity.kind == "classmethod" and (model is None or entity.name not in CONSTRUCTORS):
            return unbounded(f"the result of `{code}`", call, caller)
        args = _media_set_apart(call, args)
        if model is None:
            if entity.kind == "class" and isinstance(entity.node, cst.ClassDef) and self.project.is_enum(entity):
                return BOUNDED_VALUE
            stored = self._stored_by_init(entity, call, args, depth)
            if stored is not None:
                return stored
            # an in-tree class: as big as what it is built from; a dataclass's field as its argument
            dataclass_fields = (
                _dataclass_fields(entity.module, entity.node) if isinstance(entity.node, cst.ClassDef) else None
            )
            passed = _dataclass_arguments(dataclass_fields, call, args) if dataclass_fields else {}
            return _with_passed_fields(join_all(args), passed, dataclass_fields or [])
        models = frozenset({model.node})
        if self.models.is_bounded(model):
            return BOUNDED_VALUE.with_models(models)
        # BL001 judges the value: a model built from small parts is small, whatever its fields
        # allow (that is BL002/BL003's finding, at the field). Built from a large part, it is as
        # large as that part, and the message names the part; each field read back is what the
        # call passed there (`Output(stdout=cut(out), stderr=err).stdout`).
        passed = {arg.keyword.value: value for arg, value in zip(call.args, args, strict=False) if arg.keyword}
        if any(arg.star for arg in call.args):
            passed = {}  # `Output(**data)`: any field may hold any of it
        declared = [item.name for _, item in model.all_fields()]
        return _with_passed_fields(join_all(args).with_models(models), passed, declared)


def _media_set_apart(call: cst.Call, args: list[Verdict]) -> list[Verdict]:
    """The arguments of a result object's construction, its media set apart: what a keyword named
    for an image, a screenshot or a PDF carries (`ToolResult(output=out, base64_image=shot)`)
    reaches a model as an image or document block, not as text to bound."""
    return [
        BOUNDED_VALUE if arg.keyword is not None and src.names_media_payload(arg.keyword.value) else value
        for arg, value in zip(call.args, args, strict=False)
    ]


def _with_passed_fields(instance: Verdict, passed: dict[str, Verdict], declared: list[str]) -> Verdict:
    """`instance` of a class whose fields are set from the call's arguments (`passed`): each
    such field given a bounded value is bounded, read back, and so is each `declared` field the
    call does not pass (its default, a constant). The others are read as any field of a large
    object is (so one named for a short value, `.branch_name`, stays short)."""
    if not passed:
        return instance
    given = {name: passed.get(name, BOUNDED_VALUE) for name in declared} | passed
    kept = tuple((name, value) for name, value in given.items() if value.bounded)
    if not kept or (instance.bounded and not instance.params):
        return instance  # (bounded by parameters, a helper's instance is as large as each call makes it)
    return replace(instance, fields=kept)


def _dataclass_fields(module: ModuleInfo, cls: cst.ClassDef) -> list[str] | None:
    """The fields of a `@dataclass` (annotated names of its body, in order), or None."""
    decorated = any(
        (module.qualify(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator) or "")
        in ("dataclasses.dataclass", "pydantic.dataclasses.dataclass")
        for d in cls.decorators
    )
    if not decorated or not isinstance(cls.body, cst.IndentedBlock):
        return None
    return [
        small.target.value
        for line in cls.body.body
        if isinstance(line, cst.SimpleStatementLine)
        for small in line.body
        if isinstance(small, cst.AnnAssign)
        and isinstance(small.target, cst.Name)
        and "ClassVar" not in module.code(small.annotation.annotation)
    ]


def _dataclass_arguments(fields: list[str], call: cst.Call, args: list[Verdict]) -> dict[str, Verdict]:
    """Which field each argument of `Cls(...)` sets: positional in order, then by keyword."""
    passed: dict[str, Verdict] = {}
    position = 0
    for arg, value in zip(call.args, args, strict=False):
        if arg.star:
            return {name: value for name in fields}  # `Cls(*xs)`: any field may get it
        if arg.keyword is not None:
            passed[arg.keyword.value] = value
        elif position < len(fields):
            passed[fields[position]] = value
            position += 1
    return passed


def _at_call(value: Verdict, passed: dict[str, Verdict]) -> Verdict:
    """A value summarised in terms of parameters (`Verdict.params`, `cut_params`), at a call that
    gives them `passed`: `fmt(resp.text)` is as large as `resp.text`. A parameter the call does
    not pass has its default, a constant. Each element of a fixed tuple likewise."""
    result = _one_at_call(value, passed)
    if value.elements is not None:
        result = replace(result, elements=tuple(_one_at_call(element, passed) for element in value.elements))
    if value.otherwise is not None:
        result = replace(result, otherwise=_at_call(value.otherwise, passed))
    if value.as_text is not None:
        result = replace(result, as_text=(_at_call(value.as_text[0], passed), _at_call(value.as_text[1], passed)))
    if value.keys is not None:
        result = replace(result, keys=tuple((key, _at_call(entry, passed)) for key, entry in value.keys))
    if value.fields is not None:
        result = replace(result, fields=tuple((name, _at_call(held, passed)) for name, held in value.fields))
    return result


def _one_at_call(value: Verdict, passed: dict[str, Verdict]) -> Verdict:
    if value.level == UNBOUNDED:
        plain = replace(
            value,
            params=frozenset(),
            elements=None,
            otherwise=None,
            as_text=None,
            keys=None,
            read_params=frozenset(),
            command_params=frozenset(),
            command_prefix=(),
            command_program="",
            request_params=frozenset(),
        )
        shaping = [passed.get(name) for name in value.request_params]
        if any(given is not None and given.one_resource for given in shaping):
            plain = replace(plain, confidence=LOW, one_resource=True)  # `api("PUT", f"issue/{key}")`
        else:
            # `def get(self, path): return self._request("GET", path)`: the wrapper's own parameter
            # says what is asked for, at each of its calls
            forwarded = [given.params for given in shaping if given is not None and given.bounded]
            plain = replace(plain, request_params=frozenset().union(*forwarded))
        read = [passed.get(name) for name in value.read_params]
        if read and all(path is not None and path.bundled for path in read):
            return replace(plain, confidence=LOW)  # `read_json(HERE / "orders.json")`: the project's own file
        commands = [passed.get(name) for name in value.command_params]
        if commands and all(command is not None and command.fixed_command for command in commands):
            return replace(plain, confidence=LOW, fixed_command=True)  # `_run(["git", "push"])`: a status
        completed = {command.completes if command is not None else None for command in commands}
        if len(completed) == 1 and (only := completed.pop()) is not None:
            # `run(["helm", *args])` in `def helm(*args)`: a status at each call of `helm` that gives one
            return replace(plain, command_params=frozenset({only[0]}), command_prefix=only[1])
        return plain
    given = [_as_read(passed[name], name, value) for name in sorted(value.params) if name in passed]
    if value.record:  # `_find(filings, acc)`: one item of what the call passes
        given = [replace(item, record=True) if item.level == UNBOUNDED else item for item in given]
    base = replace(
        value,
        params=frozenset(),
        field_params=frozenset(),
        member_params=frozenset(),
        elements=None,
        otherwise=None,
        as_text=None,
        keys=None,
        cut_params=frozenset(),
        command_params=frozenset(),
        command_prefix=(),
        command_program="",
        request_params=frozenset(),
    )
    cut = [passed[name] for name in value.cut_params if name in passed]
    if value.level == SILENT and value.cut_params and all(item.bounded for item in cut):
        base = FEW_ITEMS.with_models(value.models)  # `name[:64]` of a short argument: a label
    return join_all([base, *given])


def _as_read(argument: Verdict, name: str, value: Verdict) -> Verdict:
    """What of the argument the call passes for `name` reaches `value`: all of it, or only what
    is read out of it (`body.body`), which carries no model of the argument's own."""
    if name in value.field_params:
        argument = _field_of(argument)
    if name in value.member_params and argument.models:
        argument = replace(argument, models=frozenset())
    return argument


def _field_of(argument: Verdict) -> Verdict:
    """A field not named for content, read out of `argument` by a helper: of one record of a
    listing (`format_period(period)` in `for period in periods[:5]`), or of one parsed response
    (`format_site(resp.json())`), a short value; of anything else, as large as the argument."""
    if argument.level == UNBOUNDED and argument.record:
        return replace(argument, confidence=LOW, record=False, document=False)
    if argument.level == UNBOUNDED and argument.document:  # iterated, it is a collection again
        return replace(argument, confidence=LOW, document=False, field_of_document=argument.confidence)
    return argument


def _one_resource_arguments(call: cst.Call, args: list[Verdict]) -> list[Verdict]:
    """`args` (the verdicts of `call.args`), where the call passes a method that acts on one resource
    (`"PUT"`, `HTTPMethod.DELETE`, `method="patch"`) or the path of one resource
    (`f"/users/{user_id}"`) marked so: a helper that requests with it answers one record."""
    return [
        replace(value, one_resource=True)
        if value.bounded and (_names_one_resource_method(arg.value) or names_one_resource_path(arg.value))
        else value
        for arg, value in zip(call.args, args, strict=False)
    ]


def _names_one_resource_method(expr: cst.BaseExpression) -> bool:
    return named_http_method(expr) in src.ONE_RESOURCE_METHODS


def _command_statuses(
    function: cst.FunctionDef,
    call: cst.Call,
    skip_first: bool,
    commands: set[tuple[str, tuple[str, ...], str]],
    spelled: SpelledValue,
    caller_params: AbstractSet[str],
) -> tuple[dict[str, bool], dict[str, tuple[str, tuple[str, ...]]]]:
    """For each parameter whose words a helper appends to a command it writes (`["helm", *args]`,
    or after a program another parameter names: `create_subprocess_exec(cmd, *args)`), whether
    the words `call` gives make, after those, a command that prints a status (`_helm("rollback",
    name)`). A call's own reading of its list as a whole command (`["log", "-p"]`: a program
    named `log`) does not hold here, so a parameter is marked either way. Where `call` gives
    words of its caller's own parameter instead (`run("kubectl", command.split())`), that
    parameter and the words before it, for the caller's summary (`Verdict.completes`)."""
    statuses: dict[str, bool] = {}
    completions: dict[str, tuple[str, tuple[str, ...]]] = {}
    for name, prefix, program in commands:
        written = prefix
        if program:
            word = program_word(_words_given(function, call, program, skip_first), spelled)
            if word is None:
                continue
            written = (word, *prefix)
        given = _words_given(function, call, name, skip_first)
        completed = completed_by(given, spelled, caller_params)
        if completed is not None:
            completions[name] = (completed[0], (*written, *completed[1]))
        elif written:
            statuses[name] = prints_a_status_after(written, given, spelled)
    return statuses, completions


def _words_given(function: cst.FunctionDef, call: cst.Call, name: str, skip_first: bool) -> cst.BaseExpression | None:
    """What `call` gives parameter `name`: its argument, or for `*name` the arguments past the
    named ones (`_helm("list", "-A")`, as a list) or the one spread there (`_helm(*args)`)."""
    star = function.params.star_arg
    if isinstance(star, cst.Param) and star.name.value == name:
        rest = [arg for arg in call.args if arg.keyword is None][len(positional_parameters(function, skip_first)) :]
        if len(rest) == 1 and rest[0].star == "*":
            return rest[0].value
        if rest and not any(arg.star for arg in rest):
            return cst.List([cst.Element(arg.value) for arg in rest])
        return None
    return arguments_by_name(function, call, skip_first).get(name)


def arguments_by_parameter(
    function: cst.FunctionDef, call: cst.Call, args: list[Verdict], skip_first: bool
) -> dict[str, Verdict]:
    """Which value each parameter of `function` gets at `call` (`args`: the verdicts of
    `call.args`, in order). `*xs` and `**kw` at the call may fill any parameter left."""
    params = function.params
    names = positional_parameters(function, skip_first)
    keyword_names = set(names) | {param.name.value for param in params.kwonly_params}
    star = params.star_arg.name.value if isinstance(params.star_arg, cst.Param) else None
    star_kwarg = params.star_kwarg.name.value if params.star_kwarg is not None else None
    passed: dict[str, Verdict] = {}
    spread: list[Verdict] = []  # `*xs`, `**kw`: they may fill anything not named
    index = 0

    def give(name: str | None, value: Verdict) -> None:
        if name is not None:
            passed[name] = join(passed[name], value) if name in passed else value

    for arg, value in zip(call.args, args, strict=False):
        if arg.star:
            spread.append(value)
        elif arg.keyword is not None:
            give(arg.keyword.value if arg.keyword.value in keyword_names else star_kwarg, value)
        elif index < len(names):
            give(names[index], value)
            index += 1
        else:
            give(star, value)
    for value in spread:
        for name in [*names, *keyword_names, star, star_kwarg]:
            if name is not None and name not in passed:
                give(name, value)
    return passed


def constant_arguments(
    function: cst.FunctionDef, call: cst.Call, skip_first: bool, caller_constants: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The parameters of `function` that `call` gives a constant (`ToolName.GET_SCHEMAS`,
    `"search"`), each with its constant (see `constant_key`): written in the call, passed on
    from the caller's own constants (`raw=raw`), or the parameter's constant default where the
    call leaves it out (`raw: bool = False`) and spreads no `*args`/`**kwargs` that could fill it."""
    given = arguments_by_name(function, call, skip_first)
    constants: dict[str, str] = {}
    for name, value in given.items():
        constant = constant_key(value)
        if constant is None and isinstance(value, cst.Name) and caller_constants:
            constant = caller_constants.get(value.value)
        if constant is not None:
            constants[name] = constant
    if any(arg.star for arg in call.args):
        return constants
    for param in all_params(function):
        name = param.name.value
        if name not in given and param.default is not None:
            default = constant_key(param.default)
            if default is not None:
                constants[name] = default
    return constants


def _is_generator(function: cst.FunctionDef) -> bool:
    # Exact classes (a parse makes no subclasses): `isinstance` on libcst's abstract base classes
    # calls into `abc` for every node of the body.
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Yield:
            return True
        if kind is cst.FunctionDef or kind is cst.ClassDef or kind is cst.Lambda:
            continue
        stack.extend(child_nodes(node))
    return False


def owner_class(tool: Tool) -> cst.ClassDef | None:
    """The class whose `self` the tool's body means: its own class, or the one it is written in."""
    site = index_of(tool.module).sites.get(tool.node) if isinstance(tool.node, cst.FunctionDef) else None
    return site.owner if site is not None else tool.enclosing_class


def class_around(tool: Tool) -> cst.ClassDef | None:
    """`owner_class`, or for a closure defined in a method (`def register(self, mcp): @mcp.tool()
    async def grep(...)`), that method's class: what the closure's `self` (or an alias of it,
    `tool_self = self`) is."""
    sites = index_of(tool.module).sites
    site = sites.get(tool.node) if isinstance(tool.node, cst.FunctionDef) else None
    if site is None:
        return tool.enclosing_class
    while site.owner is None and site.parent_function is not None and site.parent_function in sites:
        site = sites[site.parent_function]
    return site.owner


def is_tool_generator(tool: Tool) -> bool:
    """A streaming tool, not analysed; a tool whose yields are its result (Dify) is analysed."""
    return isinstance(tool.node, cst.FunctionDef) and not tool.yields_result and _is_generator(tool.node)


def _via(value: Verdict, entity: Entity) -> Verdict:
    """`value` as a call of `entity` gives it: its culprit is reached through that call."""
    if value.level != UNBOUNDED:
        return value
    # (`ok, out = run_helm(*args)`: an element is reached through the call as the whole is)
    elements = tuple(_via(element, entity) for element in value.elements) if value.elements else value.elements
    return replace(value, reason=f"{value.reason} via `{entity.name}()`", through=True, elements=elements)


def _with_text_apart(result: Verdict, function: cst.FunctionDef, returns: list[ReturnVerdict]) -> Verdict:
    """`result`, with what the function's text returns give kept apart from its data returns
    (`Verdict.as_text`), when it has both and each return is plainly one or the other: a helper
    that answers `response.json()` or an error message (`f"Error: {e}"`)."""
    kinds = [return_kind(item.value, item.verdict) for item in returns]
    if "text" not in kinds or "data" not in kinds or None in kinds:
        return result
    text = [_as_reported(function, item) for item, kind in zip(returns, kinds, strict=True) if kind == "text"]
    data = [_as_reported(function, item) for item, kind in zip(returns, kinds, strict=True) if kind == "data"]
    return replace(result, as_text=(join_returns(text), join_returns(data)))


def _as_reported(function: cst.FunctionDef, item: ReturnVerdict) -> Verdict:
    """What one return of a helper gives, as BL001 would report it in a tool: a return that
    reports a failure (`return f"Error: {e}\n{traceback.format_exc()}"`, or one under
    `if "error" in data:`) is `low`. Joined with the helper's other returns, it then neither sets
    the confidence of what the helper gives nor becomes its culprit in the message."""
    verdict = item.verdict
    if verdict.level != UNBOUNDED or verdict.confidence == LOW:
        return verdict
    if on_error_branch(function, item.node) or reports_error(item.node, function):
        # (`return False, f"Error: {traceback.format_exc()}"`: the message element is the report)
        elements = tuple(_as_low(element) for element in verdict.elements) if verdict.elements else verdict.elements
        return replace(verdict, confidence=LOW, elements=elements)
    return verdict


def _as_low(verdict: Verdict) -> Verdict:
    return replace(verdict, confidence=LOW) if verdict.level == UNBOUNDED else verdict


def _annotated_str(module: ModuleInfo, function: cst.FunctionDef) -> bool:
    """`def f() -> str` (also `str | None`, `Optional[str]`)."""
    if function.returns is None:
        return False
    annotation = function.returns.annotation
    written = module.code(annotation).replace(" ", "")
    return written in ("str", "str|None", "Optional[str]", "typing.Optional[str]")


def _as_text_of_a_frame(item: ReturnVerdict) -> ReturnVerdict:
    """A tool that returns a pandas DataFrame or Series itself: the framework hands the model its
    text (`str(df)`), which pandas' display options bound (`Verdict.frame`). Only for the tool's
    own returns: a helper's frame is still all of its rows to a caller that exports it."""
    if item.verdict.frame and item.verdict.level == UNBOUNDED:
        return ReturnVerdict(item.node, item.value, BOUNDED_VALUE)
    return item


__all__ = ["Analysis", "ToolResult", "is_tool_generator", "owner_class", "SILENT"]
