"""Where text goes that no model reads: log calls, `print`, a console's output, `warnings.warn`.

A tool that prints a preview table or logs a cut excerpt has not handed it to
the model: BL006 leaves such text alone, and the analysis does not follow a
call whose result only goes there, directly or through a local that is only
printed (`panel = format_table(rows)` then `console.print(panel)`).
"""

from __future__ import annotations

from typing import cast

import libcst as cst

from boundlint.knowledge.data_sources import FILLING_METHODS
from boundlint.parse.positions import child_nodes
from boundlint.project.module import ModuleInfo

LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log"})


def is_log_call(module: ModuleInfo, call: cst.Call) -> bool:
    """`print(...)`, `logging.info(...)`, `logger.warning(...)`, `console.print(...)`, `warnings.warn(...)`."""
    qualified = module.qualify(call.func) or ""
    if qualified in ("builtins.print", "warnings.warn") or qualified.startswith(("logging.", "loguru.", "structlog.")):
        return True
    if not isinstance(call.func, cst.Attribute):
        return False
    receiver = _last_name(module, call.func.value).lower()
    method = call.func.attr.value
    # `logger.info(...)`, `self._log.warning(...)`, `console.print(...)`: by the receiver's name too,
    # never by the method's alone (`response.error(...)` may answer the model).
    return ("log" in receiver and method in LOG_METHODS) or (receiver == "console" and method in ("print", "log"))


def _last_name(module: ModuleInfo, receiver: cst.BaseExpression) -> str:
    """What follows the last dot of `receiver`'s code (`_log` of `self._log`), read off the node
    when the code is written plainly: writing the code of every receiver is costly."""
    if isinstance(receiver, cst.Name) and not receiver.lpar:
        return receiver.value
    if isinstance(receiver, cst.Attribute) and not receiver.lpar and _plain(receiver.dot.whitespace_after):
        return receiver.attr.value
    return module.code(receiver).rsplit(".", 1)[-1]


def _plain(whitespace: cst.BaseParenthesizableWhitespace) -> bool:
    return isinstance(whitespace, cst.SimpleWhitespace) and whitespace.value == ""


def printed_only(module: ModuleInfo, function: cst.FunctionDef) -> frozenset[str]:
    """The locals of `function` that are assigned and read, but read only inside log calls,
    `print` or a console's print (`preview = text[:200] + "..."` then `console.print(preview)`):
    what they hold reaches no model. A name read anywhere else, augmented, declared `global` or
    `nonlocal`, or read in a nested function outside such a call, is not one of them. Kept on
    the module, by function, like its index: the analysis and BL006 both ask."""
    known: dict[int, frozenset[str]] = module.__dict__.setdefault("_printed_only", {})
    found = known.get(id(function))
    if found is None:
        found = known[id(function)] = _printed_only(module, function)
    return found


def assigns_printed_only(module: ModuleInfo, function: cst.FunctionDef, statement: cst.Assign | cst.AnnAssign) -> bool:
    """Every name `statement` (in `function`) assigns is a local that is only printed or logged."""
    targets = _targets(statement)
    if not all(isinstance(target, cst.Name) for target in targets):
        return False
    printed = printed_only(module, function)
    return all(isinstance(target, cst.Name) and target.value in printed for target in targets)


def _targets(statement: cst.Assign | cst.AnnAssign) -> list[cst.BaseAssignTargetExpression]:
    return [t.target for t in statement.targets] if isinstance(statement, cst.Assign) else [statement.target]


def _printed_only(module: ModuleInfo, function: cst.FunctionDef) -> frozenset[str]:
    assigned: set[str] = set()
    stored: set[int] = set()  # the Name nodes that are plain assignment targets, or a list being filled
    read_elsewhere: set[str] = set()
    read_printed: set[str] = set()
    # `safe_log.append({"preview": preview})`: `preview` goes into `safe_log`, and is printed only
    # if `safe_log` is (a list filled, then only logged).
    fills: dict[str, set[str]] = {}
    # What the node is read for: a model (None), a log call (""), or filling that local list.
    stack: list[tuple[cst.CSTNode, str | None]] = [(function.body, None)]
    while stack:
        node, into = stack.pop()
        kind = type(node)  # exact classes (none has a subclass): `isinstance` on libcst's runs `abc`
        if kind is cst.Name:
            if id(node) not in stored:
                name = cast("cst.Name", node).value
                if into is None:
                    read_elsewhere.add(name)
                elif into == "":
                    read_printed.add(name)
                else:
                    fills.setdefault(name, set()).add(into)
            continue
        if kind is cst.Assign or kind is cst.AnnAssign:
            for target in _targets(cast("cst.Assign | cst.AnnAssign", node)):
                if type(target) is cst.Name:
                    assigned.add(target.value)
                    stored.add(id(target))
        elif kind is cst.Global or kind is cst.Nonlocal:
            read_elsewhere.update(item.name.value for item in cast("cst.Global | cst.Nonlocal", node).names)
            continue
        elif kind is cst.Call and into is None:
            call = cast("cst.Call", node)
            if is_log_call(module, call):
                into = ""
            else:
                filled = _filled_list(call)
                if filled is not None:
                    stored.add(id(filled))  # filling it is no read of it
                    stack.extend((arg, filled.value) for arg in call.args)
                    continue
        stack.extend((child, into) for child in _code_children(node))
    printed = (assigned & read_printed) - read_elsewhere - fills.keys()
    filling = {name for name in assigned - read_elsewhere if name in fills}
    # A name that fills lists is printed only when every list it fills is (and it is read in no
    # other way than printed): to a fixed point, as lists fill lists.
    while True:
        more = {name for name in filling - printed if fills[name] <= printed}
        if not more:
            return frozenset(printed)
        printed |= more


def _filled_list(call: cst.Call) -> cst.Name | None:
    """The local that `call` fills: `rows` of `rows.append(row)`."""
    func = call.func
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.attr.value in FILLING_METHODS:
        return func.value
    return None


def _code_children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The children whose names are reads: not an attribute's name, a keyword, a parameter's or a
    definition's own name."""
    kind = type(node)
    if kind is cst.Attribute or kind is cst.Arg:
        return [cast("cst.Attribute | cst.Arg", node).value]
    if kind is cst.Param:
        param = cast("cst.Param", node)
        return [part for part in (param.annotation, param.default) if part is not None]
    if kind is cst.FunctionDef or kind is cst.ClassDef:
        own_name = cast("cst.FunctionDef | cst.ClassDef", node).name
        return [child for child in child_nodes(node) if child is not own_name]
    if kind is cst.Import or kind is cst.ImportFrom:
        return []
    return list(child_nodes(node))
