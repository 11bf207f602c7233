"""Which `[tool.boundlint]` entry an expression names, and which entries named anything.

An entry names a definition, not a spelling: `myco.agents.Skill` matches
`Skill` imported from `myco.agents`, from the module that defines it, through
a package that re-exports it, under an alias (`import ... as`, or a module-level
`tool = agents.tool`). A bare entry (`"clip_for_model"`, no dot) matches a
function or class of that name defined anywhere in the checked tree. Names from
outside the tree match by their dotted path as imported.

Each entry that matched something in this analysis is recorded in `matched`
(as `"key: entry"`), so that a whole-tree run can warn about an entry that
matched nothing: a typo there silently turns a check off.
"""

from __future__ import annotations

from collections.abc import Collection
from fnmatch import fnmatchcase
from pathlib import Path

import libcst as cst

from boundlint.core.config import BASE_CLASSES, CHECKPOINTS, DECORATORS, TOOL_FUNCTIONS, TOOL_METHODS, Config
from boundlint.project.lookup import Entity, Project
from boundlint.project.module import ModuleInfo

MAX_ALIAS_DEPTH = 8


class ConfiguredNames:
    def __init__(self, project: Project, config: Config) -> None:
        self.project = project
        self.decorators = list(config.extend_tool_decorators)
        self.checkpoints = list(config.extend_checkpoints)
        self.base_classes: dict[str, list[str]] = {}
        for class_name, method in config.extend_tool_base_classes:
            self.base_classes.setdefault(class_name, []).append(method)
        self.tool_methods: dict[str, list[str]] = {}
        for class_name, method in config.extend_tool_methods:
            self.tool_methods.setdefault(class_name, []).append(method)
        self.tool_functions = list(config.extend_tool_functions)
        self.matched: set[str] = set()
        self._entry_names: dict[str, str | None] = {}

    @property
    def empty(self) -> bool:
        return not (
            self.decorators or self.checkpoints or self.base_classes or self.tool_methods or self.tool_functions
        )

    def decorator(self, module: ModuleInfo, expr: cst.BaseExpression) -> str | None:
        """The `extend-tool-decorators` entry `expr` names, if any."""
        return self._match(DECORATORS, self.decorators, module, expr)

    def base_methods(self, module: ModuleInfo, expr: cst.BaseExpression) -> tuple[str, ...]:
        """The tool methods configured for the class `expr` names (`"module.Class:method"` entries)."""
        entry = self._match(BASE_CLASSES, list(self.base_classes), module, expr)
        return tuple(self.base_classes[entry]) if entry is not None else ()

    def base_methods_at(self, path: Path, written: str) -> tuple[str, ...]:
        """`base_methods` of the base class spelled `written` in the module `path`."""
        if not self.base_classes:
            return ()  # without entries, the module need not be parsed
        module = self.project.load(path)
        return self.base_methods(module, cst.parse_expression(written)) if module is not None else ()

    def own_methods(self, module_name: str, class_name: str, methods: Collection[str]) -> tuple[str, ...]:
        """The `extend-tool-methods` entries (`"module.Class.method"`) that name methods of the
        class itself: a class with no tool base or decorator (an executor dispatched by name)."""
        if not self.tool_methods:
            return ()
        defined = f"{module_name}.{class_name}"
        found: list[str] = []
        for entry, names in self.tool_methods.items():
            if self._names(entry, defined):
                for name in names:
                    if name in methods:
                        self.matched.add(f"{TOOL_METHODS}: {entry}.{name}")
                        found.append(name)
        return tuple(found)

    def function_entry(self, module_name: str, function_name: str) -> str | None:
        """The `extend-tool-functions` pattern (`"myco.tools.*.handle_*"`) that the module-level
        function `function_name` (or method, `Class.method`) of `module_name` matches, if any.
        Matched on where it is defined: a loader finds it there, by its name, at run time."""
        defined = f"{module_name}.{function_name}"
        for pattern in self.tool_functions:
            if fnmatchcase(defined, pattern):
                self.matched.add(f"{TOOL_FUNCTIONS}: {pattern}")
                return pattern
        return None

    def is_checkpoint(self, module: ModuleInfo, expr: cst.BaseExpression) -> bool:
        return self._match(CHECKPOINTS, self.checkpoints, module, expr) is not None

    # -- matching -------------------------------------------------------------

    def _match(self, key: str, entries: list[str], module: ModuleInfo, expr: cst.BaseExpression) -> str | None:
        if not entries or not isinstance(expr, (cst.Name, cst.Attribute)):
            return None
        spelled = {module.qualify(expr), self.project.external_name(module, expr)}
        defined = self._definition(module, expr)
        for entry in entries:
            if entry in spelled or (defined is not None and self._names(entry, defined)):
                self.matched.add(f"{key}: {entry}")
                return entry
        return None

    def _names(self, entry: str, defined: str) -> bool:
        """`entry` names the in-tree definition `defined` (its dotted name where it is defined)."""
        if "." not in entry:
            return defined.rsplit(".", 1)[-1] == entry
        if entry not in self._entry_names:
            # The configured path may itself be a re-export of the definition.
            found = self.project.lookup(entry)
            self._entry_names[entry] = self._definition_name(found, 0) if found is not None else None
        return self._entry_names[entry] == defined

    def _definition(self, module: ModuleInfo, expr: cst.BaseExpression) -> str | None:
        entity = self.project.resolve(module, expr)
        return self._definition_name(entity, 0) if entity is not None else None

    def _definition_name(self, entity: Entity, depth: int) -> str | None:
        """Where a function or class is defined, following module-level aliases (`tool = agents.tool`)."""
        if entity.kind in ("function", "class"):
            return f"{entity.module.name}.{entity.name}"
        value = entity.node
        if entity.kind == "assign" and isinstance(value, (cst.Name, cst.Attribute)) and depth < MAX_ALIAS_DEPTH:
            found = self.project.resolve(entity.module, value)
            return self._definition_name(found, depth + 1) if found is not None else None
        return None
