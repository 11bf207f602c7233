"""`run_fix` as the command line uses it: exit codes, output, --diff, --unsafe-fixes, stdin, options."""

from __future__ import annotations

import argparse
import io
import textwrap
from pathlib import Path

import pytest

from boundlint.cli.fix_command import add_fix_arguments, run_fix
from boundlint.core.config import Config
from boundlint.engine.roots import Request
from boundlint.engine.run import CheckOptions
from tests.fix.cases import check_tree, fix

TOOL = textwrap.dedent('''\
    import requests
    from langchain_core.tools import tool


    @tool
    def page(url: str) -> str:
        """A page."""
        return requests.get(url).text


    @tool
    def rows(url: str) -> list[dict]:
        """Rows: only an unsafe fix."""
        return requests.get(url).json()["rows"][:50]
    ''')
CLEAN = textwrap.dedent('''\
    from langchain_core.tools import tool


    @tool
    def add(a: int, b: int) -> int:
        """Add."""
        return a + b
    ''')


def _tree(tmp_path: Path, text: str = TOOL, declared: bool = True) -> Path:
    path = tmp_path / "tools.py"
    path.write_text(text, encoding="utf-8")
    if declared:
        (tmp_path / "requirements.txt").write_text("requests\nboundlint-runtime>=0.2\n", encoding="utf-8")
    return path


def test_clean_code_exits_0(tmp_path):
    _tree(tmp_path, CLEAN)
    run = fix(tmp_path)
    assert run.code == 0
    assert run.out == "All checks passed (1 file checked).\n"


def test_safe_fixes_are_applied_and_the_rest_reported(tmp_path):
    path = _tree(tmp_path)
    run = fix(tmp_path)
    assert run.code == 1
    text = path.read_text(encoding="utf-8")
    assert "return truncate_text(requests.get(url).text, max_chars=16_000)" in text
    assert 'return requests.get(url).json()["rows"][:50]' in text
    lines = run.out.splitlines()
    assert lines[0] == "tools.py: fixed 1 finding (BL001)"
    # Each finding left once, in check's text format on the fixed file, with why it was not fixed.
    assert lines[1].startswith("tools.py:15:5: BL004 `rows` returns")
    assert "[high] (not fixed: unsafe fix (--unsafe-fixes): Replace the slice" in lines[1]
    assert lines[2] == "Found 1 finding (1 high) in 1 file (1 file checked)."
    assert lines[3] == "Fixed 1 finding in 1 file."
    assert "run again with --unsafe-fixes" in lines[4]
    assert len(lines) == 5


def test_unsafe_fixes_apply_with_the_option(tmp_path):
    path = _tree(tmp_path)
    run = fix(tmp_path, unsafe=True)
    assert run.code == 0
    fixed = path.read_text(encoding="utf-8")
    # Both tools fixed in one run.
    assert 'truncate_for_llm(\n        requests.get(url).json()["rows"], max_chars=16_000, max_items=50\n    )' in fixed
    assert "from boundlint_runtime import truncate_for_llm, truncate_text\n" in path.read_text(encoding="utf-8")


def test_diff_writes_nothing_and_exits_1_when_there_is_something_to_fix(tmp_path):
    path = _tree(tmp_path)
    run = fix(tmp_path, diff=True)
    assert path.read_text(encoding="utf-8") == TOOL
    assert run.code == 1
    assert run.out.startswith("--- a/tools.py\n+++ b/tools.py\n")
    assert "+    return truncate_text(requests.get(url).text, max_chars=16_000)\n" in run.out
    assert run.err == "Would fix 1 finding in 1 file.\n"


def test_diff_with_nothing_to_fix_exits_0(tmp_path):
    _tree(tmp_path, CLEAN)
    run = fix(tmp_path, diff=True)
    assert (run.code, run.out, run.err) == (0, "", "No fixes available.\n")


def test_a_finding_without_a_fix_keeps_the_exit_status_1(tmp_path):
    _tree(tmp_path, TOOL.replace("return requests.get(url).text", "return requests.get(url).text[10:20]"))
    run = fix(tmp_path, unsafe=True)
    assert run.code == 1
    assert "(not fixed: no automatic fix: `x[a:b]` keeps a middle part" in run.out


def test_selection_limits_what_is_fixed_and_a_file_can_be_named(tmp_path):
    path = tmp_path / "mixed.py"
    path.write_text(
        TOOL
        + textwrap.dedent("""\


        def preview(raw: bytes) -> str:
            return raw[:10].decode()
        """),
        encoding="utf-8",
    )
    out, err = io.StringIO(), io.StringIO()
    config = Config(root=tmp_path, select=["BL005"])
    code = run_fix([path], config, CheckOptions(), diff=False, unsafe=False, out=out, err=err)
    text = path.read_text(encoding="utf-8")
    assert 'raw[:10].decode(errors="ignore")' in text
    assert "truncate_text" not in text
    assert code == 0


def test_stdin_prints_the_fixed_source_and_reports_on_stderr(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    options = CheckOptions(stdin=(str(tmp_path / "tools.py"), TOOL))
    code = run_fix([], Config(root=tmp_path), options, diff=False, unsafe=False, out=out, err=err)
    assert "return truncate_text(requests.get(url).text, max_chars=16_000)" in out.getvalue()
    assert out.getvalue().startswith("import requests\nfrom boundlint_runtime import truncate_text\n")
    assert "BL004" in err.getvalue() and "Found 1 finding" in err.getvalue()
    assert code == 1
    assert not (tmp_path / "tools.py").exists()


def test_stdin_with_diff(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    options = CheckOptions(stdin=(str(tmp_path / "tools.py"), TOOL))
    code = run_fix([], Config(root=tmp_path), options, diff=True, unsafe=False, out=out, err=err)
    assert code == 1
    assert "+from boundlint_runtime import truncate_text\n" in out.getvalue()


CHECK_FLAGS = (
    "--select",
    "--extend-select",
    "--ignore",
    "--min-confidence",
    "--output-format",
    "--statistics",
    "--exit-zero",
    "--config",
    "--stdin-filename",
    "--show-unused-ignores",
    "--force-exclude",
    "--no-respect-gitignore",
)


def test_fix_arguments_do_not_clash_with_checks():
    parser = argparse.ArgumentParser()
    for flag in CHECK_FLAGS:
        parser.add_argument(flag)
    add_fix_arguments(parser)  # argparse raises on a duplicate option
    args = parser.parse_args(["--diff", "--unsafe-fixes", "--force-exclude", "x"])
    assert args.diff and args.unsafe_fixes and args.force_exclude == "x"
    assert parser.parse_args([]).diff is False


def test_the_command_line_offers_fix_and_check_fix():
    from boundlint.cli.main import build_parser

    parser = build_parser()
    args = parser.parse_args(["fix", "--diff", "--unsafe-fixes", "--force-exclude", "--select", "BL001", "src"])
    assert (args.command, args.diff, args.unsafe_fixes, args.force_exclude) == ("fix", True, True, True)
    args = parser.parse_args(["check", "--fix", "--unsafe-fixes", "src"])
    assert args.fix and args.unsafe_fixes and not args.diff


@pytest.mark.parametrize("flag", ["--diff", "--unsafe-fixes"])
def test_each_fix_argument_is_documented(flag):
    parser = argparse.ArgumentParser()
    add_fix_arguments(parser)
    assert flag in parser.format_help()


def test_a_fix_that_imports_an_undeclared_runtime_says_so_once(tmp_path):
    _tree(tmp_path, TOOL + TOOL.replace("def page", "def page_two").replace("def rows", "def rows_two"), declared=False)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "app"\ndependencies = ["requests"]\n')
    run = fix(tmp_path)
    notes = [line for line in run.err.splitlines() if "does not declare" in line]
    assert notes == [
        "boundlint: the fixed code imports boundlint_runtime, which this project does not declare: add "
        '"boundlint-runtime" to the dependencies in pyproject.toml (until it is published: '
        '"boundlint-runtime @ git+https://github.com/OWNER/boundlint#subdirectory=runtime"), or keep a copy in '
        'the project: `boundlint runtime vendor bounds.py` and `runtime-module = "bounds"` in [tool.boundlint]'
    ]


def test_the_note_suggests_a_copy_beside_the_fixed_package(tmp_path):
    package = tmp_path / "src" / "app" / "agents"
    package.mkdir(parents=True)
    for folder in (package, package.parent):
        (folder / "__init__.py").write_text("", encoding="utf-8")
    (package / "tools.py").write_text(TOOL, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "app"\n', encoding="utf-8")
    err = fix(tmp_path).err
    assert 'vendor src/app/bounds.py` and `runtime-module = "app.bounds"`' in err


def test_the_note_never_names_a_package_after_the_checkout_folder(tmp_path):
    # A checkout whose own folder holds an `__init__.py`: `owner+repo` is no importable name.
    root = tmp_path / "owner+repo"
    package = root / "agents"
    package.mkdir(parents=True)
    for folder in (package, root):
        (folder / "__init__.py").write_text("", encoding="utf-8")
    (package / "tools.py").write_text(TOOL, encoding="utf-8")
    (root / "pyproject.toml").write_text('[project]\nname = "app"\n', encoding="utf-8")
    err = fix(root).err
    assert 'vendor agents/bounds.py` and `runtime-module = "agents.bounds"`' in err


@pytest.mark.parametrize(
    "declaration",
    [
        ("pyproject.toml", '[project]\nname = "app"\ndependencies = ["boundlint_runtime>=0.1"]\n'),
        ("requirements-prod.txt", "boundlint-runtime\n"),
        ("setup.cfg", "[options]\ninstall_requires =\n    boundlint-runtime\n"),
    ],
)
def test_no_note_when_the_project_declares_the_runtime(tmp_path, declaration):
    _tree(tmp_path, declared=False)
    name, text = declaration
    (tmp_path / name).write_text(text, encoding="utf-8")
    assert "does not declare" not in fix(tmp_path).err


@pytest.mark.parametrize("declared", [False, True])
def test_an_example_gets_no_runtime_import_unless_the_project_declares_it(tmp_path, declared):
    _tree(tmp_path, declared=declared)
    root = tmp_path
    (root / "examples").mkdir()
    (root / "examples" / "demo.py").write_text(TOOL, encoding="utf-8")
    run = fix(root)
    example = (root / "examples" / "demo.py").read_text(encoding="utf-8")
    assert ("boundlint_runtime" in example) == declared
    assert "boundlint_runtime" in (root / "tools.py").read_text(encoding="utf-8")  # the package's own module
    if not declared:
        assert "no automatic fix in an example or script" in run.out


MEDIUM = textwrap.dedent('''\
    from langchain_core.tools import tool


    def register(store):
        @tool
        def lookup(key: str) -> str:
            """A value from a store handed in: a medium-confidence finding."""
            return store.get(key)

        return lookup
    ''')


@pytest.mark.parametrize(
    ("source", "settings"),
    [
        (TOOL.replace("return requests.get(url).text", "return requests.get(url).text  # boundlint: ignore"), ""),
        (TOOL.replace("return requests.get(url).text", "return requests.get(url).text  # noqa: BL001"), ""),
        (MEDIUM, 'min-confidence = "high"\n'),
        (TOOL, 'per-file-ignores = { "tools.py" = ["BL001"] }\n'),
    ],
    ids=["boundlint-ignore", "noqa", "below-min-confidence", "per-file-ignores"],
)
def test_fix_leaves_what_the_check_does_not_report(tmp_path, source, settings):
    path = _tree(tmp_path, source)
    (tmp_path / "pyproject.toml").write_text("[tool.boundlint]\n" + settings, encoding="utf-8")
    run = fix(tmp_path, unsafe=True)
    fixed = path.read_text(encoding="utf-8")
    assert "truncate_text(" not in fixed, run.out
    assert "return requests.get(url).text" in fixed or "return store.get(key)\n" in fixed


@pytest.mark.parametrize(
    ("returned", "applicability"),
    [
        ('requests.get(url).json()["items"]', "safe"),
        ('requests.get(url).json()["data"][0]["rows"]', "safe"),
        ('requests.get(url).json().get("items")', "safe"),
        ('requests.get(url).json().get("items", [])', "safe"),
        ("json.loads(requests.get(url).text)['items']", "safe"),
        # The default may be anything, the items of a comprehension too: no fix (an object's copy would
        # be another type).
        ('requests.get(url).json().get("items", fallback)', None),
        ('[item for item in requests.get(url).json()["items"]]', None),
    ],
)
def test_what_is_read_out_of_parsed_json_is_json_data(tmp_path, returned, applicability):
    """The parts of JSON data are JSON data: cutting them as a structure keeps their type, a safe fix."""
    source = textwrap.dedent(f'''\
        import json

        import requests
        from langchain_core.tools import tool

        fallback = object()


        @tool
        def items(url: str) -> list:
            """Items."""
            return {returned}
        ''')
    _tree(tmp_path, source)
    findings = check_tree(tmp_path, Request(fixes=True)).findings
    assert [(f.code, f.fix["applicability"] if f.fix else None) for f in findings] == [("BL001", applicability)]


def test_parsed_json_under_a_str_annotation_is_cut_as_data(tmp_path):
    """`-> str` on `return resp.json()["organic"]`: the value is a list, and `truncate_text` would
    hand the framework its repr; `truncate_for_llm` keeps the list."""
    source = textwrap.dedent('''\
        import requests
        from langchain_core.tools import tool


        @tool
        def results(query: str) -> str:
            """Search results."""
            return requests.get("https://search.example", params={"q": query}).json()["organic"]
        ''')
    _tree(tmp_path, source)
    [finding] = check_tree(tmp_path, Request(fixes=True)).findings
    assert finding.fix is not None and finding.fix["applicability"] == "safe"
    assert finding.fix["edits"][-1]["content"].startswith("truncate_for_llm(")


@pytest.mark.parametrize(
    ("body", "wanted"),
    [
        ("result = json.dumps(rows, indent=2)\n    return result", "truncate_json(result, max_chars=16_000)"),
        (
            "result = Rows(rows=rows).model_dump_json()\n    if not rows:\n        result = json.dumps([])\n"
            "    return result",
            "truncate_json(result, max_chars=16_000)",
        ),
        # Changed after: not known to be JSON text any more.
        ("result = json.dumps(rows)\n    result += '!'\n    return result", "truncate_text(result, max_chars=16_000)"),
    ],
)
def test_json_text_built_in_the_tool_is_cut_as_json(tmp_path, body, wanted):
    source = (
        textwrap.dedent('''\
        import json

        import requests
        from langchain_core.tools import tool


        @tool
        def rows(url: str) -> str:
            """Rows, as JSON text."""
            rows = requests.get(url).json()
        ''')
        + "    "
        + body
        + "\n"
    )
    _tree(tmp_path, source)
    [finding] = check_tree(tmp_path, Request(fixes=True)).findings
    assert finding.fix is not None and finding.fix["applicability"] == "safe"
    assert finding.fix["edits"][-1]["content"] == wanted


@pytest.mark.parametrize(
    ("helper", "wanted"),
    [
        # JSON text, or a message the code writes when it fails: cut as JSON (what does not
        # parse is cut as text)
        (
            "    try:\n        rows = requests.get(url).json()\n    except Exception as e:\n"
            '        return f"Error reading rows: {e}"\n    if not rows:\n        return "No rows"\n'
            "    return json.dumps(rows, indent=2)",
            "truncate_json",
        ),
        # ... but not text of another kind on some path
        (
            "    if url.endswith('.txt'):\n        return requests.get(url).text\n"
            "    return json.dumps(requests.get(url).json())",
            "truncate_text",
        ),
    ],
)
def test_a_helper_that_answers_json_text_or_a_message_is_cut_as_json(tmp_path, helper, wanted):
    """`return await self.call(...)` where `call` answers `json.dumps(todos)` or `f"Error: {e}"`:
    a text cut would leave the JSON invalid."""
    source = (
        "import json\n\nimport requests\nfrom langchain_core.tools import tool\n\n\n"
        "def _rows(url: str) -> str:\n" + helper + "\n\n\n"
        '@tool\ndef rows(url: str) -> str:\n    """Rows, as JSON text."""\n    return _rows(url)\n'
    )
    _tree(tmp_path, source)
    [finding] = [f for f in check_tree(tmp_path, Request(fixes=True)).findings if f.code == "BL001"]
    assert finding.fix is not None and finding.fix["applicability"] == "safe"
    assert finding.fix["edits"][-1]["content"].startswith(wanted + "(")


def test_a_closure_calling_its_class_through_an_alias_of_self_is_cut_as_json(tmp_path):
    """`tool_self = self` in `register`, then `return await tool_self.call(...)` in the tool it
    defines, where `call` answers `json.dumps(todos)` or an error message: cut as JSON."""
    source = textwrap.dedent("""\
        import json

        import requests
        from mcp.server.fastmcp import FastMCP


        class TodoRead:
            async def call(self, session_id: str) -> str:
                if not session_id:
                    return "Error: session_id is required"
                result = json.dumps(requests.get(f"https://todo.example/{session_id}").json(), indent=2)
                return result

            def register(self, mcp: FastMCP) -> None:
                tool_self = self

                @mcp.tool()
                async def todo_read(session_id: str) -> str:
                    return await tool_self.call(session_id)
        """)
    _tree(tmp_path, source)
    [finding] = [f for f in check_tree(tmp_path, Request(fixes=True)).findings if f.code == "BL001"]
    assert finding.fix is not None
    assert finding.fix["edits"][-1]["content"].startswith("truncate_json(")


JSON_TEXT_TOOL = """
import json

import requests
from langchain_core.tools import tool


@tool
def rows(url: str) -> str:
    \"\"\"Rows, as JSON text.\"\"\"
    rows = requests.get(url).json()
    result = json.dumps(rows, indent=2)
    return result
"""


@pytest.mark.parametrize(
    ("files", "keyword"),
    [
        ({"requirements.txt": "boundlint-runtime>=0.2\n"}, "max_chars"),
        ({"requirements.txt": "boundlint-runtime\n"}, "max_chars"),  # any version: the newest too
        # a runtime before 0.2 takes a byte budget only
        ({"requirements.txt": "boundlint-runtime>=0.1,<1\n"}, "max_bytes"),
        # a vendored copy: by its own signature
        ({"bounds.py": "def truncate_json(text, max_bytes=None, *, max_chars=None, label=None): ..."}, "max_chars"),
        ({"bounds.py": "def truncate_json(text, max_bytes, *, label=None): ..."}, "max_bytes"),
    ],
)
def test_json_text_is_cut_by_the_budget_the_projects_runtime_takes(tmp_path, files, keyword):
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    if "bounds.py" in files:
        (tmp_path / "pyproject.toml").write_text('[tool.boundlint]\nruntime-module = "bounds"\n', encoding="utf-8")
    _tree(tmp_path, JSON_TEXT_TOOL, declared=False)
    [finding] = check_tree(tmp_path, Request(fixes=True)).findings
    assert finding.fix is not None
    assert finding.fix["edits"][-1]["content"] == f"truncate_json(result, {keyword}=16_000)"


SPLIT_SERVER = {
    "app/__init__.py": "",
    "app/server.py": 'from fastmcp import FastMCP\n\nmcp = FastMCP("docs")\n',
    # three tools here: the fix installs the server's adapter
    "app/pages.py": textwrap.dedent("""\
        import requests
        from app.server import mcp


        @mcp.tool
        def page(url: str) -> str:
            return requests.get(url).text


        @mcp.tool
        def raw(url: str) -> str:
            return requests.get(url + "?raw=1").text


        @mcp.tool
        def headers(url: str) -> str:
            return requests.get(url + "?h=1").text
        """),
    # one tool of the same server in another module
    "app/files.py": textwrap.dedent("""\
        from app.server import mcp


        @mcp.tool
        def read(path: str) -> str:
            with open(path) as f:
                return f.read()
        """),
}


def test_an_adapter_on_a_server_stands_for_the_per_tool_fixes_of_its_other_modules(tmp_path):
    for name, text in SPLIT_SERVER.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "requirements.txt").write_text("fastmcp\nboundlint-runtime>=0.1\n", encoding="utf-8")
    run = fix(tmp_path, diff=True)
    assert "middleware=[BoundlintMiddleware(max_chars=16_000)]" in run.out
    assert "+++ b/app/files.py" not in run.out  # its tool is the server's too: the next round finds it covered
    applied = fix(tmp_path)
    assert applied.code == 0, applied.out + applied.err
    assert "truncate_text" not in (tmp_path / "app/files.py").read_text(encoding="utf-8")


PREVIEWS = textwrap.dedent('''\
    import requests
    from langchain_core.tools import tool

    MAX_SNIPPET = 300


    @tool
    def notes(url: str) -> str:
        """Note previews."""
        text = requests.get(url).text
        return PREVIEW
    ''')


@pytest.mark.parametrize(
    ("returned", "fixed"),
    [
        ('text[:500] + "..."', False),  # a preview: its finding, no fix
        ('text[:MAX_SNIPPET] + "..."', True),  # a budget the code names
        ('text[:8000] + "... [truncated]"', True),  # as long as a tool's output
    ],
)
def test_a_marker_over_a_literal_preview_length_gets_no_fix(tmp_path, returned, fixed):
    _tree(tmp_path, PREVIEWS.replace("PREVIEW", returned))
    result = check_tree(tmp_path, Request(apply_fixes="unsafe"))  # BL006's fix is unsafe
    assert [f.code for f in result.findings] == ["BL006"]
    assert result.fix_round is not None
    assert bool(result.fix_round.rewrites) is fixed
    if not fixed:
        assert (
            "a cut at a literal 500 characters is most often a preview" in result.fix_round.unfixed[result.findings[0]]
        )


LONG_NOTICE = "[Response truncated. Use the targeted tools for specific sections.]"


@pytest.mark.parametrize(
    ("returned", "fixed"),
    [
        (f'text[:MAX_SNIPPET] + "{LONG_NOTICE}"', False),  # written out: repeated, it would double the line
        (f'f"{{text[:MAX_SNIPPET]}}{LONG_NOTICE}"', False),
        ("text[:MAX_SNIPPET] + NOTICE", True),  # named: `len(NOTICE)`
    ],
)
def test_a_long_written_out_marker_is_not_repeated_in_the_bound(tmp_path, returned, fixed):
    source = PREVIEWS.replace("PREVIEW", returned).replace(
        "import requests", f'import requests\n\nNOTICE = "{LONG_NOTICE}"', 1
    )
    _tree(tmp_path, source)
    result = check_tree(tmp_path, Request(apply_fixes="unsafe"))  # BL006's fix is unsafe
    assert [f.code for f in result.findings] == ["BL006"]
    assert result.fix_round is not None
    assert bool(result.fix_round.rewrites) is fixed
    if not fixed:
        assert "would repeat the 67-character marker" in result.fix_round.unfixed[result.findings[0]]


INPUT_THROUGH_AN_ALIAS = '''
from typing import Union
from mcp.server.fastmcp import FastMCP
from pydantic import BaseModel

mcp = FastMCP("files")


class ContentPayload(BaseModel):
    file_path: str
    content: str


class DeletePayload(BaseModel):
    file_path: str


EditPayload = Union[ContentPayload, DeletePayload]


@mcp.tool()
def edit_file(payload: EditPayload | str) -> ContentPayload:
    """Edit a file and return it."""
    return ContentPayload(file_path="x", content="y")
'''


def test_a_model_a_tool_takes_through_a_type_alias_gets_no_field_bound(tmp_path):
    # `Truncated` on `content` would cut the text the model asks `edit_file` to write.
    (tmp_path / "tools.py").write_text(INPUT_THROUGH_AN_ALIAS, encoding="utf-8")
    result = check_tree(tmp_path, Request(fixable=True))
    marks = {f.symbol: f.fixable for f in result.findings if f.code == "BL002"}
    assert list(marks) == ["ContentPayload.content"]
    mark = marks["ContentPayload.content"]
    assert mark is not None and mark["applicability"] == "none" and "input of `edit_file`" in mark["message"]


SURE_AND_UNSURE = '''
import requests
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")


@mcp.tool()
def page(url: str) -> str:
    """A whole page: `high`."""
    return requests.get(url).text


@mcp.tool()
def record(url: str) -> dict:
    """An API's answer, often one record: `medium`."""
    return requests.get(url).json()
'''


@pytest.mark.parametrize(("least", "fixed"), [(None, ["page"]), ("medium", ["page", "record"])])
def test_fix_takes_findings_from_its_least_confidence(tmp_path, least, fixed):
    config = Config(root=tmp_path) if least is None else Config(root=tmp_path, fix_min_confidence=least)
    text, _ = _fix_with_runtime(tmp_path, SURE_AND_UNSURE, config=config)
    assert [tool for tool in ("page", "record") if _wrapped(text, tool)] == fixed


def _fix_with_runtime(
    tmp_path: Path, source: str, *, diff: bool = False, config: Config | None = None, name: str = "tools.py"
) -> tuple[str, str]:
    """`fix` on `source`, in a project that declares the runtime: the fixed text (the diff with
    `diff`) and what `fix` wrote to stderr."""
    path = tmp_path / name
    path.write_text(source, encoding="utf-8")
    (tmp_path / "requirements.txt").write_text("boundlint-runtime\n", encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    run_fix([path], config or Config(root=tmp_path), CheckOptions(), diff=diff, unsafe=False, out=out, err=err)
    return (out.getvalue() if diff else path.read_text(encoding="utf-8")), err.getvalue()


def _wrapped(text: str, tool: str) -> bool:
    """The return of `tool` in `text` goes through a checkpoint."""
    body = text.split(f"def {tool}(", 1)[1].split("\n\n\n", 1)[0]
    return "truncate_" in body


ERROR_BRANCH_TOO = '''import subprocess
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")


@mcp.tool()
def run(path: str) -> str:
    """The output of a script, `high`; its errors on a failure, `low` (an error branch)."""
    result = subprocess.run(["bash", path], capture_output=True, text=True)
    if result.returncode != 0:
        return f"Error: {result.stderr}"
    return result.stdout


@mcp.tool()
def other(path: str) -> str:
    """No return of this tool is fixed: its error branch is left."""
    result = subprocess.run(["git", "status"], capture_output=True, text=True, cwd=path)
    if result.returncode != 0:
        return f"Error: {result.stderr}"
    return "clean" if not result.stdout else "dirty"
'''


@pytest.mark.parametrize("diff", [True, False])
def test_fix_bounds_every_branch_of_a_tool_it_fixes(tmp_path, diff):
    # the error branch's `stderr` is `low`, below `fix-min-confidence`, but a maintainer bounds it
    # in the same change as the `stdout` beside it
    text, said = _fix_with_runtime(tmp_path, ERROR_BRANCH_TOO, diff=diff)
    assert 'truncate_text(f"Error: {result.stderr}"' in text.split("def other(")[0]
    assert "truncate_text(result.stdout" in text
    assert text.count('truncate_text(f"Error') == 1  # not in `other`, which nothing else fixes
    assert "left for" not in said


STATUS_BRANCH = '''import subprocess
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("t")


@mcp.tool()
def build_and_push(path: str, image: str) -> str:
    """The build log is fixed; a failed `docker push` prints a line of status, left as it is."""
    push = subprocess.run(["docker", "push", image], capture_output=True, text=True)
    if push.returncode != 0:
        return f"docker push failed: {push.stderr}"
    result = subprocess.run(["bash", path], capture_output=True, text=True)
    return result.stdout
'''


def test_fix_leaves_the_status_a_named_program_prints_beside_what_it_fixes(tmp_path):
    text, _ = _fix_with_runtime(tmp_path, STATUS_BRANCH)
    assert "truncate_text(result.stdout" in text
    assert 'return f"docker push failed: {push.stderr}"' in text


DISPATCHED_BRANCHES = """import subprocess
from mcp.server import Server
from mcp.types import TextContent

server = Server("helm")


def run(args):
    result = subprocess.run(["helm", *args], capture_output=True, text=True)
    if result.returncode == 0:
        return {"success": True, "data": result.stdout}
    return {"success": False, "error": result.stderr}


@server.call_tool()
async def call_tool(name: str, arguments: dict):
    if name == "helm_history":
        result = run(["history", arguments["release"]])
        if result["success"]:
            return [TextContent(type="text", text=result["data"])]
        return [TextContent(type="text", text=f"Error: {result['error']}")]
    if name == "helm_uninstall":
        result = run(["uninstall", arguments["release"]])
        if result["success"]:
            return [TextContent(type="text", text=f"Uninstalled {result['data']}")]
        return [TextContent(type="text", text=f"Failed: {result['error']}")]
    return [TextContent(type="text", text="unknown tool")]
"""


def test_in_a_dispatcher_fix_bounds_the_branches_of_the_tool_it_fixes_only(tmp_path):
    # `helm_history`'s output is `high` and fixed, with its error branch; `helm_uninstall` (an
    # action, `low`) is another tool of the same `call_tool`, and is left as it is
    text, _ = _fix_with_runtime(tmp_path, DISPATCHED_BRANCHES, name="server.py")
    history, uninstall = text.split('if name == "helm_uninstall":')
    assert 'truncate_text(result["data"]' in history and 'truncate_text(f"Error: ' in history
    assert "truncate_text" not in uninstall


def test_show_fixes_says_a_finding_is_left_for_its_confidence(tmp_path, monkeypatch, capsys):
    from boundlint.cli.main import main

    (tmp_path / "tools.py").write_text(SURE_AND_UNSURE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    main(["check", "--no-cache", "--show-fixes", "."])
    lines = capsys.readouterr().out.splitlines()
    record = lines.index(next(line for line in lines if "`record`" in line))
    assert lines[record + 1].startswith("    no fix: its confidence is medium: fixes apply from `fix-min-confidence")


def test_fix_min_confidence_takes_a_level_only(tmp_path):
    from boundlint.core.config import ConfigError, load_config

    (tmp_path / "pyproject.toml").write_text('[tool.boundlint]\nfix-min-confidence = "sure"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="fix-min-confidence"):
        load_config(None, tmp_path)


@pytest.mark.parametrize("diff", [True, False])
def test_fix_says_how_many_findings_it_left_for_their_confidence(tmp_path, diff):
    _, said = _fix_with_runtime(tmp_path, SURE_AND_UNSURE, diff=diff)
    assert (
        "boundlint: 1 finding left for its confidence: fixes apply from "
        '`fix-min-confidence = "high"`; set it to "medium"'
    ) in said
    path = tmp_path / "tools.py"
    out, err = io.StringIO(), io.StringIO()
    everything = Config(root=tmp_path, fix_min_confidence="medium")
    run_fix([path], everything, CheckOptions(), diff=diff, unsafe=False, out=out, err=err)
    assert "left for" not in err.getvalue()


DECLARED_BUDGET = '''
import requests
from langchain_core.tools import tool

CONSTANT


@tool
def fetch_raw(url: str) -> str:
    """A page's raw body."""
    return requests.get(url).text
'''


@pytest.mark.parametrize(
    ("constant", "budget"),
    [
        ("MAX_TOOL_RESULT_CHARS = 50_000", "MAX_TOOL_RESULT_CHARS"),  # the module's budget for its tools
        ("TOOL_OUTPUT_MAX_CHARS = 0x8000", "TOOL_OUTPUT_MAX_CHARS"),
        ("MAX_OUTPUT_CHARS = 200", "16_000"),  # a preview's length, not a budget
        ("MAX_RETRIES = 5000", "16_000"),  # not a size in characters
        ("MAX_RESULT_CHARS = 8000\nMAX_RESPONSE_CHARS = 12000", "16_000"),  # which one: neither
    ],
)
def test_a_module_constant_named_as_its_tools_budget_is_reused(tmp_path, constant, budget):
    (tmp_path / "tools.py").write_text(DECLARED_BUDGET.replace("CONSTANT", constant))
    fix(tmp_path)
    assert f"max_chars={budget})" in (tmp_path / "tools.py").read_text()
