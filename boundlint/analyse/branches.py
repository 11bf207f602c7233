"""What the branches around a `return` say about the value it returns.

A tool's `return` sits under `if`s and `case`s, and two kinds of them tell a reader what the value
is before any data flow does: the branch of a dispatcher (`if name == "jira_create_comment":` in an
MCP server's one `call_tool`) names the tool that answers, and an error branch (`if "error" in
result:`, `if not response.ok:`, the `else` of `if success:`) answers with an error report. So
does a `return` whose text starts by saying something failed (`f"Error: {detail}"`), whatever
the branch.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

import libcst as cst

from boundlint.knowledge.data_sources import name_words
from boundlint.parse.positions import child_nodes, walk
from boundlint.project.module import all_params, dotted, last_name

ERROR_WORDS = frozenset({"error", "errors", "err", "exception", "failed", "failure", "fail"})
SUCCESS_WORDS = frozenset({"success", "succeeded", "successful", "ok"})
# How an error message starts: "Error: ...", "Failed to ...", "Unable to ...", "Cannot ...".
FAILURE_OPENINGS = ERROR_WORDS | {"unable", "cannot"}
# The same in Chinese (simplified and traditional), Japanese and Korean, which `name_words` does not
# split into words: "无法获取…" (unable to get), "错误：…" (error), "获取失败" (getting failed).
CJK_FAILURE_OPENINGS = (
    "无法",
    "不能",
    "错误",
    "失败",
    "异常",
    "出错",
    "無法",
    "錯誤",
    "失敗",
    "異常",
    "エラー",
    "오류",
    "실패",
)
ERROR, SUCCESS = "error", "success"
# Calls that write out the exception being handled: an error report whatever text is around it.
TRACEBACK_CALLS = frozenset({"format_exc", "format_exception"})


def path_to(function: cst.FunctionDef, returned: cst.CSTNode) -> list[cst.CSTNode]:
    """The statements and blocks from the function's body down to `returned`, outermost first
    (empty when it is not there). Nested functions and classes are not entered."""
    parents = _parents(function)
    if returned not in parents:
        return []
    path: list[cst.CSTNode] = []
    node = parents[returned]
    while node is not None:
        path.append(node)
        node = parents[node]
    path.reverse()
    return path


def steps_to(function: cst.FunctionDef, returned: cst.CSTNode) -> list[tuple[cst.CSTNode, cst.CSTNode]]:
    """Each statement or block on `path_to(function, returned)` with the one right under it on the
    way (`returned` under the last): `(if_node, if_node.body)` says the way goes into the body."""
    path = path_to(function, returned)
    return list(zip(path, [*path[1:], returned], strict=False))


# What is read of one function once, kept for the last few functions asked about: a dispatcher's
# `call_tool` with hundreds of returns would otherwise be walked once per return (and per name).
_KEPT_FUNCTIONS = 16
T = TypeVar("T")


def _kept(
    cache: OrderedDict[int, tuple[cst.FunctionDef, T]], function: cst.FunctionDef, read: Callable[[cst.FunctionDef], T]
) -> T:
    kept = cache.get(id(function))
    if kept is not None and kept[0] is function:
        cache.move_to_end(id(function))
        return kept[1]
    found = read(function)
    cache[id(function)] = (function, found)
    while len(cache) > _KEPT_FUNCTIONS:
        cache.popitem(last=False)
    return found


_PARENTS: OrderedDict[int, tuple[cst.FunctionDef, dict[cst.CSTNode, cst.CSTNode | None]]] = OrderedDict()


def _parents(function: cst.FunctionDef) -> dict[cst.CSTNode, cst.CSTNode | None]:
    """Each statement and block of `function` (and each node right under one), to the statement or
    block that holds it (None: the body). Expressions, functions and classes are not entered."""
    return _kept(_PARENTS, function, _read_parents)


def _read_parents(function: cst.FunctionDef) -> dict[cst.CSTNode, cst.CSTNode | None]:
    parents: dict[cst.CSTNode, cst.CSTNode | None] = {function.body: None}
    pending: list[cst.CSTNode] = [function.body]
    while pending:
        node = pending.pop()
        for child in child_nodes(node):
            parents[child] = node
            entered = _ENTERED.get(type(child))
            if entered is None:
                entered = _ENTERED[type(child)] = not issubclass(
                    type(child), (cst.BaseExpression, cst.FunctionDef, cst.ClassDef)
                )
            if entered:
                pending.append(child)
    return parents


# Whether `_read_parents` enters each node class met, kept by class: `isinstance` on libcst's
# classes (abstract base classes) calls into `abc` for every node.
_ENTERED: dict[type, bool] = {}


def dispatched_name(function: cst.CSTNode, returned: cst.CSTNode) -> str | None:
    """The tool a dispatcher's branch serves: a return under `if name == "slack_create_comment":`
    (or `case "slack_create_comment":`), where `name` is the function's first parameter."""
    if not isinstance(function, cst.FunctionDef):
        return None
    params = [p.name.value for p in (*function.params.posonly_params, *function.params.params)]
    params = [p for p in params if p not in ("self", "cls")]
    if not params:
        return None
    steps = steps_to(function, returned)
    path = [node for node, _ in steps]
    for node, inner in reversed(steps):
        if isinstance(node, cst.If) and inner is node.body:
            named = _compared_name(node.test, params[0])
            if named:
                return named
        if isinstance(node, cst.MatchCase) and _matches_on(path, node, params[0]):
            named = _case_name(node)
            if named:
                return named
    return None


def on_error_branch(function: cst.CSTNode, returned: cst.CSTNode) -> bool:
    """`returned` is reached only when something failed: in the body of an `if` that holds on a
    failure (`if "error" in data:`, `if result.error:`, `if not ok:`), or in the `else` of one that
    holds on success (`if success: ... else: return ...`)."""
    if not isinstance(function, cst.FunctionDef):
        return False
    if isinstance(returned, cst.Return) and returns_unparsed_text(function, returned):
        return True
    for node, inner in steps_to(function, returned):
        if isinstance(node, cst.If):
            said = holds_when(node.test)
            if (inner is node.body and said == ERROR) or (inner is node.orelse and said == SUCCESS):
                return True
        if isinstance(node, cst.IndentedBlock) and _after_a_success_return(node, inner):
            return True
    return False


def returns_unparsed_text(function: cst.CSTNode, returned: cst.Return) -> bool:
    """`try: data = json.loads(output) ... except json.JSONDecodeError: return output`: the text a
    parse found not to be JSON, most often what a command or service wrote on a failure, returned
    as it is in the parse's failure handler (also with a default for no text: `return output or
    "(none)"`)."""
    value = returned.value
    if isinstance(value, cst.BooleanOperation) and isinstance(value.operator, cst.Or):
        value = value.left
    if not isinstance(function, cst.FunctionDef) or not isinstance(value, cst.Name):
        return False
    name = value.value
    return any(
        isinstance(node, cst.Try)
        and isinstance(inner, cst.ExceptHandler)
        and _catches_a_parse_error(inner)
        and _parses_as_json(node.body, name)
        for node, inner in steps_to(function, returned)
    )


# What a failed parse of JSON raises (`json.JSONDecodeError` is a `ValueError`).
_PARSE_ERRORS = frozenset({"JSONDecodeError", "ValueError"})


def _catches_a_parse_error(handler: cst.ExceptHandler) -> bool:
    caught = handler.type
    types = [element.value for element in caught.elements] if isinstance(caught, cst.Tuple) else [caught]
    return any(last_name(t) in _PARSE_ERRORS for t in types if t is not None)


def _parses_as_json(body: cst.BaseSuite, name: str) -> bool:
    """`json.loads(name)` (or another module's `loads`) in `body`."""
    return any(
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "loads"
        and bool(node.args)
        and isinstance(node.args[0].value, cst.Name)
        and node.args[0].value.value == name
        for node in walk(body)
    )


def returns_the_failure_tested(function: cst.CSTNode, returned: cst.Return) -> bool:
    """`if output.startswith('{"error"'): return output`, `if "error" in result: return result`:
    the value returned is the one an enclosing test found to be a failure's report; also the text
    a JSON parse failed on (`returns_unparsed_text`)."""
    if not isinstance(function, cst.FunctionDef) or not isinstance(returned.value, cst.Name):
        return False
    if returns_unparsed_text(function, returned):
        return True
    name = returned.value.value
    return any(
        isinstance(node, cst.If)
        and inner is node.body
        and holds_when(node.test) == ERROR
        and any(isinstance(part, cst.Name) and part.value == name for part in walk(node.test))
        for node, inner in steps_to(function, returned)
    )


def _after_a_success_return(block: cst.IndentedBlock, statement: cst.CSTNode) -> bool:
    """`statement` comes after `if result["success"]: ... return data` in the same block: an `if`
    that holds on success, has no `else` and does not fall through, so what follows it runs only
    when the success test failed (`return f"Error: {result['error']}"`)."""
    for earlier in block.body:
        if earlier is statement:
            return False
        if (
            isinstance(earlier, cst.If)
            and earlier.orelse is None
            and holds_when(earlier.test) == SUCCESS
            and not _tests_for_no_content(earlier.test)
            and _does_not_fall_through(earlier.body)
        ):
            return True
    return False


def _tests_for_no_content(test: cst.BaseExpression) -> bool:
    """`if response.status_code == 204: return {"status": "success"}`: a success with no body,
    handled first; the success with a body follows it, not a failure."""
    return (
        isinstance(test, cst.Comparison)
        and len(test.comparisons) == 1
        and isinstance(test.comparisons[0].operator, cst.Equal)
        and isinstance(test.comparisons[0].comparator, cst.Integer)
        and test.comparisons[0].comparator.evaluated_value == 204
    )


def _does_not_fall_through(block: cst.BaseSuite) -> bool:
    """The block's last statement returns or raises: what follows the block is not reached from it."""
    if not isinstance(block, cst.IndentedBlock) or not block.body:
        return False
    last = block.body[-1]
    return isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], (cst.Return, cst.Raise))


def reports_error(returned: cst.CSTNode, function: cst.CSTNode | None = None) -> bool:
    """`return f"Error: {detail}"`, `return "Failed to read " + path`, `"Unable to ...: %s" % e`,
    `"Could not ...".format(...)`, `f"Unexpected error: {e}"`: text whose own opening words say
    something failed. Or a dict
    written out as a failure: `{"status": "error", "content": [...]}` (a Strands or ADK result),
    `{"success": False, ...}`, `{"error": str(e)}`, or a model made the same way
    (`Output(status="error", message=msg)`). With the `function` that returns it, also such a
    value bound once to a name there (`error_msg = f"Error executing code: {e}"` ...
    `return error_msg`)."""
    value = returned.value if isinstance(returned, cst.Return) else returned
    if isinstance(value, cst.Name) and isinstance(function, cst.FunctionDef):
        reaching = _binding_reaching(function, returned, value.value) if isinstance(returned, cst.Return) else []
        if reaching:  # `error_str = f"Execution failed: {e}"` then `error_str += ...`, in this handler
            return reports_error(reaching[0]) or any(_holds_traceback(item, function) for item in reaching)
        # (bound in each of two `except` handlers: each binding says so)
        bound = bindings_in(function, value.value)
        return bool(bound) and all(not isinstance(item, cst.Name) and reports_error(item) for item in bound)
    if isinstance(value, cst.BaseExpression) and _holds_traceback(value, function):
        return True  # `return f"[Cell {n}] Error:\n{tb}"` after `tb = traceback.format_exc()`
    if isinstance(value, cst.Dict):
        return _error_dict(value, _parameter_names(function))
    if isinstance(value, (cst.List, cst.Tuple)) and len(value.elements) == 1:
        # `[TextContent(type="text", text=f"Error: {detail}")]`: an MCP result of one block
        only = value.elements[0]
        return isinstance(only, cst.Element) and reports_error(only.value, function)
    said = _text_given(value)
    if said is not None and reports_error(said, function):
        return True  # `TextContent(text=f"Error: ...")`, `ToolMessage(content="Failed to ...")`
    if (serialised := _serialised(value)) is not None:
        return reports_error(serialised, function)  # `json.dumps({"status": "error", ...}, indent=4)`
    if isinstance(value, cst.Call) and _names_an_error(value.func):
        return True  # `_error_response(error=..., sandbox_id=...)`, `ErrorResult(msg)`: made to report one
    if _keywords_only(value):
        assert isinstance(value, cst.Call)
        entries = {arg.keyword.value: arg.value for arg in value.args if arg.keyword is not None}
        return _error_entries(entries, _parameter_names(function))
    if not isinstance(value, cst.BaseExpression):
        return False
    opening = opening_text(value, 0) or ""
    words = name_words(opening)[:2]
    if len(words) == 2 and words[1] in ("error", "exception"):
        return True  # "Unexpected error: ...", "API error ...", "Unhandled exception": named second
    if _labelled_as_a_failure(opening):
        return True  # "Splunk API Error: ...", "Jira Authentication Error: ..."
    return (
        bool(words) and (words[0] in FAILURE_OPENINGS or words == ["could", "not"]) or _opens_with_cjk_failure(opening)
    )


def _opens_with_cjk_failure(opening: str) -> bool:
    """`f"⚠️ 无法获取{code}的评论: {detail}"`: after any marks and spaces, the text opens with a word
    that says something failed."""
    start = next((i for i, char in enumerate(opening) if char.isalnum()), len(opening))
    return opening[start:].startswith(CJK_FAILURE_OPENINGS)


def _labelled_as_a_failure(opening: str) -> bool:
    """The text opens with a short label that ends by naming an error, before a colon: "Splunk
    API Error: {details}". Not a label of what follows ("Log of error events: ..."), nor of what
    failed ("Build failed: {log}" may come with the whole output)."""
    label, colon, _ = opening.partition(":")
    words = name_words(label)
    return bool(colon) and 0 < len(words) <= 4 and words[-1] in _FAILURE_LABEL_ENDS


_FAILURE_LABEL_ENDS = frozenset({"error", "errors", "exception"})


def _binding_reaching(function: cst.FunctionDef, returned: cst.Return, name: str) -> list[cst.BaseExpression]:
    """What `name` holds at `returned`, read in the blocks on the way to it: the last `name = value`
    before it in the innermost such block that binds it, then what each `name += more` after that
    adds. Empty when no block on the way binds it by a plain assignment."""
    for block, inner in reversed(steps_to(function, returned)):
        if not isinstance(block, cst.IndentedBlock):
            continue
        values: list[cst.BaseExpression] = []
        for statement in block.body:
            if statement is inner:
                break
            for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
                if isinstance(small, cst.Assign) and [_target_name(t.target) for t in small.targets] == [name]:
                    values = [small.value]
                elif isinstance(small, cst.AugAssign) and _target_name(small.target) == name and values:
                    values.append(small.value)
        if values:
            return values
    return []


def _target_name(target: cst.BaseExpression) -> str | None:
    return target.value if isinstance(target, cst.Name) else None


def _holds_traceback(value: cst.BaseExpression, function: cst.CSTNode | None) -> bool:
    """`value` writes out the exception being handled (`traceback.format_exc()`, also through a
    name the function binds to it only): only a report of a failure holds a traceback."""
    for node in walk(value):
        if isinstance(node, cst.Call) and _is_traceback(node):
            return True
        if isinstance(node, cst.Name) and isinstance(function, cst.FunctionDef):
            bound = bindings_in(function, node.value)
            if bound and all(_holds_traceback(item, None) for item in bound):
                return True
    return False


def _is_traceback(call: cst.Call) -> bool:
    return (dotted(call.func) or "").removeprefix("traceback.") in TRACEBACK_CALLS


def _names_an_error(func: cst.BaseExpression) -> bool:
    """A function or class named for a failure report: `error_response`, `make_error_result`,
    `ToolError`. Not one named for handling errors around a call (`handle_errors`, `with_errors`)."""
    words = name_words(last_name(func))
    while words and words[0] in _MAKING_WORDS:
        words = words[1:]
    if words and words[0] in ERROR_WORDS:
        return all(word in _REPORT_NOUNS for word in words[1:])
    return 1 < len(words) <= 3 and words[-1] in ("error", "failure")


_MAKING_WORDS = frozenset({"make", "build", "create", "format", "new", "to", "as"})
_REPORT_NOUNS = frozenset(
    {"response", "result", "message", "msg", "dict", "json", "output", "text", "content", "reply", "report", "payload"}
)


def _text_given(value: cst.CSTNode | None) -> cst.BaseExpression | None:
    """The text a content block or message is made with (`TextContent(type="text", text=x)`,
    `ToolMessage(content=x, tool_call_id=i)`): what the model reads of it."""
    if not isinstance(value, cst.Call):
        return None
    given = {arg.keyword.value: arg.value for arg in value.args if arg.keyword is not None}
    return given.get("text", given.get("content"))


def reports_error_as_record(returned: cst.Return, function: cst.CSTNode) -> bool:
    """`reports_error` of a record written out as a failure's report: a dict or a model of
    keywords (`{"error": stderr, "container": container}`, `ErrorResult(error=msg)`), also as
    text (`json.dumps({...})`). Not a text (`f"Error: {stderr}"`), which may carry all a failed
    script printed."""
    value = returned.value
    record = _serialised(value) or value
    return (isinstance(record, cst.Dict) or _keywords_only(record)) and reports_error(returned, function)


def _serialised(value: cst.CSTNode | None) -> cst.BaseExpression | None:
    """`x` of `json.dumps(x, indent=4)` (see `_serialises`), else None."""
    if isinstance(value, cst.Call) and _serialises(value) and value.args and value.args[0].keyword is None:
        return value.args[0].value
    return None


def _keywords_only(value: cst.CSTNode | None) -> bool:
    """A call given keywords only (`Output(status="error", message=m)`), as a dict of them."""
    return isinstance(value, cst.Call) and bool(value.args) and all(arg.keyword is not None for arg in value.args)


def _serialises(call: cst.Call) -> bool:
    """`json.dumps(x, ...)`, `orjson.dumps(x)`, `str(x)`: `x` as text, the same report."""
    return last_name(call.func) in ("dumps", "str", "repr")


# The keys of a dict that only reports a failure: `{"error": str(e)}`, `{"error": ..., "details": ...}`.
# (`stderr`: what the failed program said, beside the error: `{"error": "GIT_FAILED", "stderr": err}`,
# as `{"error": err}` is)
ERROR_REPORT_KEYS = frozenset(
    {"error", "errors", "message", "detail", "details", "status", "success", "ok", "code", "stderr"}
)


def bindings_in(function: cst.FunctionDef, name: str) -> list[cst.BaseExpression]:
    """What each `name = value` in `function` binds (not in a nested one); none when it is also
    bound otherwise (`name += ...`, a loop or `with` target, a walrus)."""
    return _bindings(function).get(name) or []


def annotation_in(function: cst.FunctionDef, name: str) -> cst.BaseExpression | None:
    """What `name: X = ...` in `function` (not in a nested one) annotates it with, when it is
    annotated once."""
    return _kept(_ANNOTATIONS, function, _read_annotations).get(name)


_ANNOTATIONS: OrderedDict[int, tuple[cst.FunctionDef, dict[str, cst.BaseExpression]]] = OrderedDict()


def _read_annotations(function: cst.FunctionDef) -> dict[str, cst.BaseExpression]:
    found: dict[str, list[cst.BaseExpression]] = {}
    for node in _parents(function):
        if type(node) is cst.AnnAssign and isinstance(node.target, cst.Name):
            found.setdefault(node.target.value, []).append(node.annotation.annotation)
    return {name: annotations[0] for name, annotations in found.items() if len(annotations) == 1}


# Each function's plain bindings by name (None: also bound otherwise).
_BINDINGS: OrderedDict[int, tuple[cst.FunctionDef, dict[str, list[cst.BaseExpression] | None]]] = OrderedDict()


def _bindings(function: cst.FunctionDef) -> dict[str, list[cst.BaseExpression] | None]:
    return _kept(_BINDINGS, function, _read_bindings)


def _read_bindings(function: cst.FunctionDef) -> dict[str, list[cst.BaseExpression] | None]:
    found: dict[str, list[cst.BaseExpression] | None] = {}
    for node in _parents(function):
        target: cst.BaseExpression | None = None
        value: cst.BaseExpression | None = None
        # Exact classes: `isinstance` on libcst's classes runs `abc`'s code, for every statement.
        if type(node) is cst.Assign and len(node.targets) == 1:
            target, value = node.targets[0].target, node.value
        elif type(node) is cst.AnnAssign and node.value is not None:
            target, value = node.target, node.value
        elif type(node) in (cst.AugAssign, cst.For, cst.NamedExpr, cst.AsName):
            other = getattr(node, "name" if type(node) is cst.AsName else "target")
            if isinstance(other, cst.Name):
                found[other.value] = None
            continue
        if isinstance(target, cst.Name) and value is not None:
            held = found.setdefault(target.value, [])
            if held is not None:
                held.append(value)
    return found


def _error_dict(value: cst.Dict, params: frozenset[str]) -> bool:
    entries: dict[str, cst.BaseExpression] = {}
    for element in value.elements:
        key = _string(element.key) if isinstance(element, cst.DictElement) else None
        if key is None:
            return False  # `**rest` or a computed key: more than a report
        entries[key] = element.value
    return _error_entries(entries, params)


def _parameter_names(function: cst.CSTNode | None) -> frozenset[str]:
    if not isinstance(function, cst.FunctionDef):
        return frozenset()
    return frozenset(param.name.value for param in all_params(function))


def _error_entries(entries: dict[str, cst.BaseExpression], params: frozenset[str] = frozenset()) -> bool:
    """A dict or call of keywords that reports a failure: a status that says so, a false `success`,
    or an error with nothing else but other report keys and what the call was asked
    (`{"error": stderr, "container": container}`, of the tool's `container` parameter)."""
    for key in ("status", "state"):
        said = _literal_says(entries[key]) if key in entries else None
        if said == ERROR:
            return True
    flags = [entries.get(key) for key in ("success", "ok")]
    if any(isinstance(flag, cst.Name) and flag.value == "False" for flag in flags):
        return True
    reported = [entries[key] for key in ("error", "errors") if key in entries]
    echoed = {key for key, item in entries.items() if isinstance(item, cst.Name) and item.value in params}
    return (
        bool(reported) and set(entries) - echoed <= ERROR_REPORT_KEYS and not any(_is_none(item) for item in reported)
    )


def opening_text(expr: cst.BaseExpression, depth: int = 0) -> str | None:
    """The literal text a string expression starts with, when it is built around one: all of a
    literal, the text before the first `{...}` of an f-string, the left end of a `+`, a `%` or an
    implicit concatenation, the template of `"...".format(...)` (placeholders and all)."""
    if depth > 5:
        return None
    if isinstance(expr, cst.FormattedString):
        first = expr.parts[0] if expr.parts else None
        return first.value if isinstance(first, cst.FormattedStringText) else None
    if isinstance(expr, cst.SimpleString):
        return _string(expr)
    if isinstance(expr, cst.ConcatenatedString):
        return opening_text(expr.left, depth + 1)
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.Add, cst.Modulo)):
        return opening_text(expr.left, depth + 1)
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "format":
        return _string(expr.func.value) if isinstance(expr.func.value, cst.SimpleString) else None
    return None


def holds_when(test: cst.BaseExpression) -> str | None:
    """ERROR when `test` holds on a failure, SUCCESS when it holds on success, else None."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _flip(holds_when(test.expression))
    if isinstance(test, cst.BooleanOperation):
        sides = {holds_when(test.left), holds_when(test.right)}
        return ERROR if ERROR in sides else SUCCESS if sides == {SUCCESS} else None
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        return _comparison(test.left, test.comparisons[0])
    if _is_affix_test(test):
        assert isinstance(test, cst.Call)
        return _literal_says(test.args[0].value)  # `output.startswith('{"error"')`
    return _named(test)


def _is_affix_test(test: cst.BaseExpression) -> bool:
    """`text.startswith("Error")`, `line.endswith("FAILED")`: a test of how a text opens or ends."""
    return (
        isinstance(test, cst.Call)
        and isinstance(test.func, cst.Attribute)
        and test.func.attr.value in ("startswith", "endswith")
        and len(test.args) == 1
    )


def _comparison(left: cst.BaseExpression, target: cst.ComparisonTarget) -> str | None:
    right, operator = target.comparator, target.operator
    if isinstance(operator, (cst.In, cst.NotIn)):
        said = _literal_says(left)  # `"error" in result`
        return _flip(said) if isinstance(operator, cst.NotIn) else said
    if isinstance(operator, (cst.Equal, cst.Is, cst.NotEqual, cst.IsNot)):
        negated = isinstance(operator, (cst.NotEqual, cst.IsNot))
        said = _literal_says(right) or _literal_says(left)  # `status == "ERROR"`
        if said is None and _is_none(right):
            said = _flip(_named(left))  # `error is None`: nothing failed
        if said is None:
            said = _status_code(left, right, equal=True)
        return _flip(said) if negated else said
    return _status_code(left, right, equal=False, operator=operator)


def _status_code(
    left: cst.BaseExpression, right: cst.BaseExpression, equal: bool, operator: cst.BaseCompOp | None = None
) -> str | None:
    """`status_code == 200`: SUCCESS; `status >= 400`: ERROR. Not a process's exit status
    (`returncode != 0`): what a failed compile or script prints is most often the tool's answer,
    and it can be long (on the labelled sets, 3 such failure outputs were judged large)."""
    if not (_words_of(left) & {"status", "code"} and isinstance(right, cst.Integer)):
        return None
    value = int(right.evaluated_value)
    if equal:
        return SUCCESS if 200 <= value < 300 else ERROR if value >= 400 else None
    if isinstance(operator, (cst.GreaterThanEqual, cst.GreaterThan)) and value >= 299:
        return ERROR
    return None


def _named(expr: cst.BaseExpression) -> str | None:
    """`result.error`, `data.get("error")`, `resp["errors"]`, `has_error`: ERROR; `ok`, `success`: SUCCESS."""
    words = _words_of(expr)
    return ERROR if words & ERROR_WORDS else SUCCESS if words & SUCCESS_WORDS else None


def _words_of(expr: cst.BaseExpression) -> set[str]:
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "get":
        return set(name_words(_string(expr.args[0].value) or "")) if expr.args else set()
    if isinstance(expr, cst.Call):
        expr = expr.func  # `is_error()`
    if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index):
        return set(name_words(_string(expr.slice[0].slice.value) or ""))
    if isinstance(expr, cst.Attribute):
        return set(name_words(expr.attr.value))
    if isinstance(expr, cst.Name):
        return set(name_words(expr.value))
    return set()


def _literal_says(expr: cst.BaseExpression) -> str | None:
    """`"error"`, `"FAILED"`; also, as text a failure writes, `"# Note Not Found"`, `"Unable to"`."""
    text = _string(expr) or ""
    words = name_words(text)
    found = set(words)
    if found & FAILURE_OPENINGS or _says_not_found(words) or any(word in text for word in CJK_FAILURE_OPENINGS):
        return ERROR  # (`if "失败" in result:`, "failed")
    return SUCCESS if found & SUCCESS_WORDS else None


def _says_not_found(words: list[str]) -> bool:
    return any(pair == ("not", "found") for pair in zip(words, words[1:], strict=False))


def _string(expr: cst.BaseExpression) -> str | None:
    """The text of a string literal (not of bytes or an f-string)."""
    value = expr.evaluated_value if isinstance(expr, cst.SimpleString) else None
    return value if isinstance(value, str) else None


def _is_none(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "None"


def _flip(said: str | None) -> str | None:
    return {ERROR: SUCCESS, SUCCESS: ERROR}.get(said) if said else None


def _matches_on(path: list[cst.CSTNode], case: cst.MatchCase, param: str) -> bool:
    match = next((node for node in path if isinstance(node, cst.Match) and case in node.cases), None)
    return match is not None and isinstance(match.subject, cst.Name) and match.subject.value == param


def _compared_name(test: cst.BaseExpression, param: str) -> str | None:
    """`name == "get_page"` (either way round) -> "get_page"."""
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return None
    target = test.comparisons[0]
    if not isinstance(target.operator, cst.Equal):
        return None
    for side, other in ((test.left, target.comparator), (target.comparator, test.left)):
        named = _string(other) if isinstance(side, cst.Name) and side.value == param else None
        if named is not None:
            return named
    return None


def _case_name(case: cst.MatchCase) -> str | None:
    return _string(case.pattern.value) if isinstance(case.pattern, cst.MatchValue) else None
