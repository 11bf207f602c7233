"""What counts as a checkpoint: a call that bounds its result (the runtime's, or a configured one)."""

from __future__ import annotations

import libcst as cst

from boundlint.core.config import Config
from boundlint.find.configured import ConfiguredNames
from boundlint.knowledge import frameworks as fw
from boundlint.project.lookup import Project
from boundlint.project.module import ModuleInfo


def runtime_member(name: str | None, runtime_module: str | None = None) -> str | None:
    """The runtime's name that `name` (a qualified name) refers to: a name of the
    `boundlint_runtime` package, or of the project's own copy (`runtime-module`)."""
    if name is None:
        return None
    owner, _, member = name.rpartition(".")
    if owner.split(".", 1)[0] == fw.RUNTIME_ROOT or (runtime_module is not None and owner == runtime_module):
        return member
    return None


class Checkpoints:
    """Answers "is this callee a checkpoint?" for the modules of one project."""

    def __init__(self, project: Project, config: Config) -> None:
        self.project = project
        self.config = config
        self.configured = ConfiguredNames(project, config)  # also the finder's: one record of matches

    def is_checkpoint(self, module: ModuleInfo, func: cst.BaseExpression) -> bool:
        if self.runtime_member(module, func) in fw.RUNTIME_CHECKPOINTS:
            return True
        return self.configured.is_checkpoint(module, func)

    def runtime_member(self, module: ModuleInfo, expr: cst.BaseExpression) -> str | None:
        """The runtime's name `expr` refers to in `module` (None: not the runtime's)."""
        runtime_module = self.config.runtime_module
        return runtime_member(self.project.external_name(module, expr), runtime_module) or runtime_member(
            module.qualify(expr), runtime_module
        )
