"""Where text goes that no model reads: log calls, `print`, a console's output, `warnings.warn`.

A tool that prints a preview table or logs a cut excerpt has not handed it to
the model: BL006 leaves such text alone, and the analysis does not follow a
call whose result only goes there.
"""

from __future__ import annotations

import libcst as cst

from boundlint.project.module import ModuleInfo

LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log"})


def is_log_call(module: ModuleInfo, call: cst.Call) -> bool:
    """`print(...)`, `logging.info(...)`, `logger.warning(...)`, `console.print(...)`, `warnings.warn(...)`."""
    qualified = module.qualify(call.func) or ""
    if qualified in ("builtins.print", "warnings.warn") or qualified.startswith(("logging.", "loguru.", "structlog.")):
        return True
    if not isinstance(call.func, cst.Attribute):
        return False
    receiver = module.code(call.func.value).rsplit(".", 1)[-1].lower()
    method = call.func.attr.value
    # `logger.info(...)`, `self._log.warning(...)`, `console.print(...)`: by the receiver's name too,
    # never by the method's alone (`response.error(...)` may answer the model).
    return ("log" in receiver and method in LOG_METHODS) or (receiver == "console" and method in ("print", "log"))
