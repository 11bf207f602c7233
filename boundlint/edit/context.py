"""What every fix planner shares: the project, the configuration, and facts about each module.

One `FixContext` serves all the fixes of one analysis. It answers the questions
several rules' fixes ask: which quote the module prefers, whether a builtin is
redefined (so `len(...)` in new code would mean something else), the value of
an int or string constant.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from boundlint.core.config import Config
from boundlint.discover.dependencies import Version, declared_minimum, declaring_texts, folders_between
from boundlint.edit.imports import ImportPlanner
from boundlint.edit.model import NoFixError
from boundlint.find.checkpoints import Checkpoints
from boundlint.knowledge.frameworks import JSON_CHARS_SINCE, RUNTIME_DISTRIBUTION
from boundlint.project.lookup import Project
from boundlint.project.module import ModuleInfo

# A runtime's `truncate_json` that takes a character budget, by its signature.
_JSON_CHARS = re.compile(r"def truncate_json\([^)]*\bmax_chars\b")


@dataclass
class _ModuleFacts:
    quote: str
    bindings: dict[str, int]  # name -> how many times it is bound, in any scope


class FixContext:
    def __init__(self, project: Project, config: Config, checkpoints: Checkpoints) -> None:
        self.project = project
        self.config = config
        self.checkpoints = checkpoints  # the analysis's: what counts as a checkpoint call
        self._facts: dict[int, _ModuleFacts] = {}
        # The servers and agents (`id` of the call that makes them) that get one adapter for all
        # their tools' fixes (`edit.install.crowded_hosts`).
        self.install_at: set[int] = set()
        # Whether an adapter may be installed in another module than the finding's (`fix` over a
        # folder); a finding's own edits (JSON, the editor) stay in its file.
        self.install_elsewhere = False
        # Models a tool also takes as input, with that tool (`Analysis.input_models`, found on
        # first use: only a field's fix asks).
        self.input_models: Callable[[], dict[cst.ClassDef, str]] = dict
        self._dependency_texts: list[str] | None = None
        self._folder_texts: dict[Path, list[str]] = {}  # a folder inside the root -> its own files

    def dependency_texts(self) -> list[str]:
        """The project's dependency files (`declaring_texts`), read once per fix plan."""
        if self._dependency_texts is None:
            self._dependency_texts = declaring_texts(self.config.root)
        return self._dependency_texts

    def declared_minimum(self, package: str, module: ModuleInfo | None = None) -> Version | None:
        """The oldest version of `package` the project allows; for `module`, also the project its
        own folder or a folder above it declares (one agent of a folder of agents)."""
        texts = list(self.dependency_texts())
        if module is not None:
            for folder in folders_between(self.config.root, module.path.parent):
                if folder not in self._folder_texts:
                    self._folder_texts[folder] = declaring_texts(folder)
                texts += self._folder_texts[folder]
        return declared_minimum(texts, package)

    def cuts_json_by_chars(self) -> bool:
        """Whether the runtime the fixes import takes `truncate_json(text, max_chars=...)` (0.2 on):
        a vendored copy that says so in its signature, or a dependency whose oldest allowed version
        has it. An older one takes a byte budget only."""
        if self.config.runtime_module is not None:
            vendored = self.project.module_named(self.config.runtime_module)
            return vendored is not None and _JSON_CHARS.search(vendored.source.text) is not None
        allowed = self.declared_minimum(RUNTIME_DISTRIBUTION)
        return allowed is None or allowed >= JSON_CHARS_SINCE

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

    def string(self, module: ModuleInfo, text: str) -> str:
        quote = self.facts(module).quote
        return f"{quote}{text}{quote}"

    def require_builtins(self, module: ModuleInfo, *names: str) -> None:
        facts = self.facts(module)
        for name in names:
            if name in facts.bindings:
                raise NoFixError(f"no automatic fix: `{name}` is redefined in this module")

    def constant_int(self, module: ModuleInfo, expr: cst.BaseExpression) -> int | None:
        """The value of an int literal, or of a module constant bound once to one."""
        if isinstance(expr, cst.Integer):
            return int(expr.value.replace("_", ""), 0)
        if isinstance(expr, cst.Name) and self.facts(module).bindings.get(expr.value) == 1:
            values = module.assignments.get(expr.value, [])
            if len(values) == 1 and isinstance(values[0], cst.Integer):
                return int(values[0].value.replace("_", ""), 0)
        return None

    def static_text(self, module: ModuleInfo, expr: cst.BaseExpression) -> str | None:
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


class _QuoteCounter(cst.CSTVisitor):
    def __init__(self) -> None:
        self.single = 0
        self.double = 0

    def visit_SimpleString(self, node: cst.SimpleString) -> None:
        if node.quote.startswith("'"):
            self.single += 1
        else:
            self.double += 1
