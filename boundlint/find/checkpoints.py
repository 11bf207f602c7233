"""What counts as a checkpoint: a call that bounds its result (the runtime's, or a configured one)."""

from __future__ import annotations

import libcst as cst

from boundlint.core.config import Config
from boundlint.knowledge import frameworks as fw
from boundlint.project.lookup import Project
from boundlint.project.module import ModuleInfo


def is_checkpoint_name(name: str | None, config: Config) -> bool:
    """`name` (a qualified name) is one of the runtime's truncating functions or in `extend-checkpoints`."""
    if name is None:
        return False
    if name.split(".", 1)[0] == fw.RUNTIME_ROOT and name.rsplit(".", 1)[-1] in fw.RUNTIME_CHECKPOINTS:
        return True
    return name in config.extend_checkpoints


class Checkpoints:
    """Answers "is this callee a checkpoint?" for the modules of one project."""

    def __init__(self, project: Project, config: Config) -> None:
        self.project = project
        self.config = config

    def is_checkpoint(self, module: ModuleInfo, func: cst.BaseExpression) -> bool:
        return any(
            is_checkpoint_name(name, self.config)
            for name in (self.project.external_name(module, func), module.qualify(func))
        )
