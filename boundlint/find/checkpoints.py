"""What counts as a checkpoint: a call that bounds its result (the runtime's, or a configured one)."""

from __future__ import annotations

import libcst as cst

from boundlint.core.config import Config
from boundlint.find.configured import ConfiguredNames
from boundlint.knowledge import frameworks as fw
from boundlint.project.lookup import Project
from boundlint.project.module import ModuleInfo


def is_runtime_checkpoint(name: str | None) -> bool:
    """`name` (a qualified name) is one of the runtime's truncating functions."""
    if name is None:
        return False
    return name.split(".", 1)[0] == fw.RUNTIME_ROOT and name.rsplit(".", 1)[-1] in fw.RUNTIME_CHECKPOINTS


class Checkpoints:
    """Answers "is this callee a checkpoint?" for the modules of one project."""

    def __init__(self, project: Project, config: Config) -> None:
        self.project = project
        self.config = config
        self.configured = ConfiguredNames(project, config)  # also the finder's: one record of matches

    def is_checkpoint(self, module: ModuleInfo, func: cst.BaseExpression) -> bool:
        if is_runtime_checkpoint(self.project.external_name(module, func)) or is_runtime_checkpoint(
            module.qualify(func)
        ):
            return True
        return self.configured.is_checkpoint(module, func)
