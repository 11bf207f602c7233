"""What the branches around a tool's `return` say: the dispatched tool, an error branch."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from boundlint.analyse.branches import ERROR, SUCCESS, dispatched_name, on_error_branch, reports_error
from tests.helpers import run_tree


def _returns(source: str) -> tuple[cst.FunctionDef, list[cst.Return]]:
    module = cst.parse_module(textwrap.dedent(source))
    function = next(node for node in module.body if isinstance(node, cst.FunctionDef))
    found: list[cst.Return] = []

    class Returns(cst.CSTVisitor):
        def visit_Return(self, node: cst.Return) -> None:
            found.append(node)

    function.visit(Returns())
    return function, found


@pytest.mark.parametrize(
    ("test", "said"),
    [
        ('"error" in result', ERROR),
        ('"error" not in result', SUCCESS),
        ('"# Note Not Found" in content', ERROR),  # the text a failure writes
        ('"Unable to" in text', ERROR),
        ('"失败" in text', ERROR),  # "failed", in Chinese
        ('"成功" in text', None),  # "succeeded": a word this test does not read
        ('"found" in text', None),
        ("output.startswith('{\"error\"')", ERROR),  # how the text a failure writes opens
        ('line.endswith("FAILED")', ERROR),
        ('not output.startswith("Error:")', SUCCESS),
        ('path.startswith("/tmp")', None),
        ("result.error", ERROR),
        ('data.get("error")', ERROR),
        ('resp["errors"]', ERROR),
        ('status == "FAILED"', ERROR),
        ('status != "ERROR"', SUCCESS),
        ("not response.ok", ERROR),
        ("response.ok", SUCCESS),
        ("response.status_code != 200", ERROR),
        ("response.status_code >= 400", ERROR),
        ("response.status_code == 200", SUCCESS),
        ("result.returncode != 0", None),  # what a failed process prints may be the answer
        ("error is None", SUCCESS),
        ("error is not None", ERROR),
        ("query_job.error_result", ERROR),
        ("not success", ERROR),
        ("items and not result.error", None),
        ("len(rows) > 10", None),
        ("isinstance(auth, Exception)", None),
    ],
)
def test_a_return_in_an_if_is_on_an_error_branch_when_the_test_holds_on_failure(test, said):
    # in the `if` when the test holds on failure; after it (it returns) when it holds on success
    function, returns = _returns(f"def tool(q):\n    if {test}:\n        return a\n    return b\n")
    assert [on_error_branch(function, r) for r in returns] == [said == ERROR, said == SUCCESS]


def test_what_follows_a_success_test_that_returns_is_an_error_branch():
    source = (
        "def tool(q):\n    result = run(q)\n    if result['success']:\n        if q:\n            return a\n"
        "        return b\n    return c\n"
    )
    function, returns = _returns(source)
    assert [on_error_branch(function, r) for r in returns] == [False, False, True]
    # not after a test for the success with no body (204), which the success with a body follows
    function, returns = _returns(
        "def tool(q):\n    if r.ok:\n        if r.status_code == 204:\n"
        "            return (True, {})\n        return (True, r.json())\n    return (False, r.text)\n"
    )
    assert [on_error_branch(function, r) for r in returns] == [False, False, True]
    # not when the success branch may fall through, or has an `else`
    for body in ("        log(b)\n", "        return b\n    else:\n        log(b)\n"):
        function, returns = _returns(f"def tool(q):\n    if ok:\n{body}    return c\n")
        assert on_error_branch(function, returns[-1]) is False


@pytest.mark.parametrize(
    ("handler", "returned", "error"),
    [
        ("except json.JSONDecodeError:", "output", True),  # the text that did not parse
        ("except (KeyError, ValueError):", "output", True),
        ("except Exception:", "output", False),  # any failure: not known to be the parse's
        ("except json.JSONDecodeError:", "other", False),  # another text than the one parsed
        ("except json.JSONDecodeError:", "output or '(none)'", True),  # with a default for no text
        ("except json.JSONDecodeError:", "other or output", False),
    ],
)
def test_the_text_a_json_parse_failed_on_is_on_an_error_branch(handler, returned, error):
    function, returns = _returns(
        f"def tool(q):\n    output = run(q)\n    try:\n        data = json.loads(output)\n"
        f"        return summary(data)\n    {handler}\n        return {returned}\n"
    )
    assert [on_error_branch(function, r) for r in returns] == [False, error]


def test_the_else_of_a_success_test_and_an_elif_after_it_are_error_branches():
    function, returns = _returns(
        "def tool(q):\n    if result.success:\n        return a\n    elif retry:\n        return b\n    else:\n"
        "        return c\n"
    )
    assert [on_error_branch(function, r) for r in returns] == [False, True, True]


def test_a_dispatchers_branch_is_named_by_its_literal_and_only_on_the_first_parameter():
    function, returns = _returns(
        'def call_tool(name, arguments):\n    if name == "create_issue":\n        return a\n'
        '    if arguments == "x":\n        return b\n    match name:\n        case "list_issues":\n'
        "            return c\n    return d\n"
    )
    assert [dispatched_name(function, r) for r in returns] == ["create_issue", None, "list_issues", None]


ERROR_BRANCH = """
from somelib import make_client
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")

@mcp.tool()
def search(q: str) -> str:
    result = make_client().search(q)
    if "error" in result:
        return f"Search failed: {result['details']}"
    return str(result["items"])
"""


def test_a_finding_on_an_error_branch_is_low(tmp_path):
    result = run_tree(tmp_path, {"server.py": ERROR_BRANCH}, min_confidence="low")
    assert sorted((f.line, f.confidence) for f in result.findings if f.code == "BL001") == [(10, "low"), (11, "medium")]


@pytest.mark.parametrize(
    ("value", "error"),
    [
        ('f"Error: {detail}"', True),
        ('"Error: command rejected by safe mode. " f"{detail}"', True),
        ('"Failed to read " + path', True),
        ('"Unable to parse: %s" % detail', True),
        ('"Could not reach {}".format(url)', True),
        ('f"Cannot open {path}"', True),
        ('f"Unexpected error reading {path}: {e}\\n{traceback.format_exc()}"', True),
        ('f"API error {status}: {detail}"', True),
        ('f"Splunk API Error: {e.status}. Details: {detail}"', True),  # a label that names an error
        ('f"Log of error events: {detail}"', False),  # a label of what follows
        ('f"Splunk API Error {detail}"', False),  # no label: the words may go on
        ('f"Build failed: {log}"', False),  # what failed may come with its whole output
        ('f"⚠️ 无法获取{code}的评论: {detail}"', True),  # "unable to get", in Chinese, after a mark
        ('f"错误：{detail}"', True),  # "error:"
        ('f"エラー: {detail}"', True),  # "error:", in Japanese
        ('f"=== {code} 评论 ===\\n\\n{detail}"', False),  # a heading: the answer
        ("traceback.format_exc()", True),  # what failed and where, whatever is around it
        ('f"[Cell {n}] Failed:\\n{traceback.format_exc()}"', True),
        ('{"status": 500, "trace": traceback.format_exception(e)}', True),
        ('_error_response(error=f"JavaScript failed: {stderr[:500]}", sandbox_id=sid)', True),
        ("make_error_result(detail)", True),
        ("ToolError(detail)", True),
        ("handle_errors(fetch(url))", False),  # made to handle failures of a call, not to report one
        ('f"Result: {detail}"', False),
        ('f"{detail} failed"', False),  # a word further in says nothing about the whole
        ('"Could " + detail', False),
        ("detail", False),
        ('{"status": "error", "content": [{"text": detail}]}', True),
        ('{"status": "success", "content": [{"text": detail}]}', False),
        ('{"success": False, "data": detail}', True),
        ('{"error": str(e)}', True),
        ('{"error": message, "details": detail}', True),
        ('{"error": None, "rows": detail}', False),  # a success that says so
        ('{"data": detail, "errors": errors}', False),  # data and errors: more than a report
        ('{**detail, "status": "error"}', False),
        # the text of one content block or message, as a list of one
        ('[TextContent(type="text", text=f"Error: {detail}")]', True),
        ('ToolMessage(content="Failed to fetch " + url, tool_call_id=call_id)', True),
        ('[TextContent(type="text", text=detail)]', False),
        ('[f"Error: {detail}", detail]', False),
        ('Output(content=detail, status="error")', True),
        # the same dict as text
        ('json.dumps({"status": "error", "message": str(e), "raw": detail}, indent=4)', True),
        ('str({"error": str(e)})', True),
        ('json.dumps({"status": "success", "data": detail})', False),
        ("json.dumps(detail)", False),
        # a model made as a report, like the dict
        ('Output(status="error", message=detail)', True),
        ("Output(success=False, data=detail)", True),
        ('Output(status="done", data=detail)', False),
        ("Output(detail)", False),
    ],
)
def test_a_return_whose_text_opens_with_a_failure_or_a_failure_dict_reports_an_error(value, error):
    assert reports_error(cst.Return(cst.parse_expression(value))) is error


@pytest.mark.parametrize(
    ("value", "error"),
    [
        # beside the error, what the call was asked (the function's own parameters)
        ('{"error": stderr, "container": container}', True),
        ('{"error": stderr or f"Failed for {container}", "container": container, "status": "failed"}', True),
        # ... but not a value read on the way, nor data beside it
        ('{"error": stderr, "container": logs}', False),
        ('{"error": stderr, "logs": stdout}', False),
        # what the failed program said, under its own key beside the error
        ('{"error": "GIT_FAILED", "stderr": stderr}', True),
        ('{"error": "GIT_FAILED", "stderr": stderr, "stdout": stdout}', False),
    ],
)
def test_an_error_dict_may_echo_the_functions_arguments(value, error):
    function = cst.parse_statement(f"def docker_logs(container, tail=100):\n    return {value}\n")
    assert isinstance(function, cst.FunctionDef)
    returned = function.body.body[0].body[0]
    assert isinstance(returned, cst.Return)
    assert reports_error(returned, function) is error


ERROR_MESSAGE = """
import requests
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("pages")

@mcp.tool()
def page(url: str) -> str:
    response = requests.get(url)
    if response.headers.get("x-blocked"):
        return f"Error: the site refused the request: {response.text}"
    return response.text
"""


def test_a_finding_on_an_error_message_is_low(tmp_path):
    result = run_tree(tmp_path, {"server.py": ERROR_MESSAGE}, min_confidence="low")
    assert sorted((f.line, f.confidence) for f in result.findings if f.code == "BL001") == [(10, "low"), (11, "high")]


@pytest.mark.parametrize(
    ("source", "error"),
    [
        # a report bound once to a name, then returned (and added to)
        (
            "def run(code):\n    try:\n        return execute(code)\n    except Exception as e:\n"
            "        error_msg = f'Error executing code: {e}'\n        error_msg += traceback.format_exc()\n"
            "        return error_msg\n",
            True,
        ),
        # bound twice: which one is returned is not known
        (
            "def run(code):\n    error_msg = f'Error: {code}'\n    error_msg = execute(code)\n    return error_msg\n",
            False,
        ),
        ("def run(code):\n    output = execute(code)\n    return output\n", False),
        # the binding in the block of the return, where another block binds the name otherwise
        (
            "def run(code):\n    try:\n        out = execute(code)\n        return out\n    except Exception as e:\n"
            "        out = f'Error: {e}'\n        return out\n",
            True,
        ),
        # a report that does not say so first, then the traceback added to it
        (
            "def run(code):\n    try:\n        return execute(code)\n    except Exception as e:\n"
            "        text = f'Execution Failed: {e}'\n        tb = traceback.format_exc()\n"
            "        text += f'\\nTraceback:\\n{tb}'\n        return text\n",
            True,
        ),
        # the text added is the output, not the failure
        (
            "def run(code):\n    text = f'Execution Failed: {code}'\n    text += execute(code)\n    return text\n",
            False,
        ),
    ],
)
def test_a_report_bound_to_a_name_reports_an_error(source, error):
    function, returns = _returns(source)
    assert reports_error(returns[-1], function) is error
    assert reports_error(returns[-1]) is False  # without the function, a name says nothing
