"""A fix keeps a formatted file formatted: in a project that configures ruff (or black), a file
that its formatter accepted before `boundlint fix` is accepted after it; a file it did not accept
is changed only where the fix is."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.fix.cases import MODULE, all_cases, fix, prepare

FORMATTERS = ("ruff", "black")


def format_check(formatter: str, path: Path) -> bool:
    """`ruff format --check` or `black --check` accepts the file, with the project's settings."""
    command = ["format", "--check", "-q"] if formatter == "ruff" else ["--check", "-q"]
    done = subprocess.run([sys.executable, "-m", formatter, *command, path.name], cwd=path.parent, check=False)
    return done.returncode == 0


def ruff_format_check(path: Path) -> bool:
    return format_check("ruff", path)


def with_formatter_configured(root: Path, formatter: str = "ruff", line_length: int = 100) -> None:
    pyproject = root / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8") if pyproject.exists() else ""
    pyproject.write_text(text + f"\n[tool.{formatter}]\nline-length = {line_length}\n", encoding="utf-8")


def with_ruff_configured(root: Path) -> None:
    with_formatter_configured(root, "ruff")


CASES = [case for case in all_cases() if not case.name.startswith("format_")]  # those keep their odd layout


@pytest.mark.parametrize("formatter", FORMATTERS)
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_a_formatted_file_stays_formatted(tmp_path, case, formatter):
    target = prepare(case, tmp_path)
    with_formatter_configured(tmp_path, formatter)
    if not format_check(formatter, target):
        pytest.skip(f"the case's file is not in {formatter}'s format to begin with")
    fix(tmp_path, unsafe=case.unsafe)
    assert format_check(formatter, target), target.read_text(encoding="utf-8")


LONG_RETURNS = textwrap.dedent('''\
    from langchain_core.tools import tool


    @tool
    def search(query: str, limit: int) -> str:
        """Search: the arguments fit on one line of their own."""
        return client.search(query=query, limit=limit, include_raw=True)


    @tool
    def search_all(query: str, limit: int) -> str:
        """Search everything: one argument per line."""
        return client.search_everything_in_the_index(query=query, limit=limit, raw=1)


    class Tools:
        def make(self):
            @tool
            def nested(query: str) -> str:
                """Deeper: the same, from its own indentation."""
                return self.client.search(query=query, include_raw=True, full_text=True)

            return nested
    ''')


@pytest.mark.parametrize(
    ("settings", "line_length"),
    [
        ("", 88),  # neither formatter configured: their default
        ("[tool.ruff]\nline-length = 100\n", 100),
        ("[tool.black]\nline-length = 80\n", 80),
        ("[tool.ruff]\n", 88),
    ],
)
def test_a_fixed_line_stays_within_the_projects_line_length(tmp_path, settings, line_length):
    """Without running a formatter (the file is not in its format: `x = 1;` at the end), the fix
    splits its own call the way black and ruff would, at the project's line length."""
    target = tmp_path / "tools.py"
    target.write_text(LONG_RETURNS + "x = 1;\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "app"\n\n' + settings, encoding="utf-8")
    (tmp_path / "requirements.txt").write_text("boundlint-runtime\n", encoding="utf-8")
    assert fix(tmp_path).code == 0
    fixed = target.read_text(encoding="utf-8")
    assert fixed.count("truncate_text(") == 3
    # What is still too long is the tool's own expression, which the fix does not lay out.
    too_long = [line.strip().rstrip(",") for line in fixed.splitlines() if len(line) > line_length]
    assert all(f"return {line}\n" in LONG_RETURNS for line in too_long), too_long


MULTI_LINE_RETURN = textwrap.dedent('''\
    import json

    import requests
    from langchain_core.tools import tool


    @tool
    def rows(url: str) -> str:
        """Every row, as JSON."""
        rows = requests.get(url).json()
        return json.dumps(
            {
                # what was found
                "count": len(rows),
                "rows": rows,
            },
            indent=2,
        )
    ''')


PARENTHESISED_RETURN = textwrap.dedent('''\
    import requests
    from langchain_core.tools import tool


    @tool
    def pipeline(url: str, name: str) -> str:
        """The pipeline's page, in parentheses of its own: too long for `return` and it on one line."""
        response = requests.get(url)
        return (
            f"The pipeline named {name} as the server at {url} describes it: {response.text}"
        )
    ''')


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # Three fixes share the budget constant: too long for one line of arguments.
        (
            LONG_RETURNS,
            "    return truncate_text(\n"
            "        client.search(query=query, limit=limit, include_raw=True),\n"
            "        max_chars=MAX_TOOL_OUTPUT_CHARS,\n"
            "    )\n",
        ),
        # One fix writes the number: the arguments fit on one line of their own.
        (
            LONG_RETURNS.split("\n\n\n@tool\ndef search_all")[0] + "\n",
            "    return truncate_text(\n"
            "        client.search(query=query, limit=limit, include_raw=True), max_chars=16_000\n"
            "    )\n",
        ),
        # A value that already spans lines moves whole, one indentation in, comments and all.
        (
            MULTI_LINE_RETURN,
            "    return truncate_json(\n"
            "        json.dumps(\n"
            "            {\n"
            "                # what was found\n"
            '                "count": len(rows),\n'
            '                "rows": rows,\n'
            "            },\n"
            "            indent=2,\n"
            "        ),\n"
            "        max_chars=16_000,\n"
            "    )\n",
        ),
        # The call takes over the value's parentheses; its arguments are too long for one line.
        (
            PARENTHESISED_RETURN,
            "    return truncate_text(\n"
            '        f"The pipeline named {name} as the server at {url} describes it: {response.text}",\n'
            "        max_chars=16_000,\n"
            "    )\n",
        ),
    ],
    ids=["one-per-line", "together", "spanning-lines", "parenthesised"],
)
def test_the_split_is_the_formatters_own(tmp_path, source, expected):
    """At 88 columns the split calls are what black and ruff write (without running either): both
    leave them unchanged."""
    target = tmp_path / "tools.py"
    target.write_text(source, encoding="utf-8")
    (tmp_path / "requirements.txt").write_text("boundlint-runtime\n", encoding="utf-8")
    fix(tmp_path)
    assert expected in target.read_text(encoding="utf-8")
    for formatter in FORMATTERS:
        assert format_check(formatter, target), formatter


def test_a_file_not_in_the_formatters_format_changes_only_where_it_is_fixed(tmp_path):
    case = next(case for case in all_cases() if case.name == "bl001_call_style")
    loose = case.before.replace(b"import requests\n", b"import requests ;\n", 1)
    target = prepare(case, tmp_path, loose)
    with_ruff_configured(tmp_path)
    assert not ruff_format_check(target)
    fix(tmp_path, unsafe=case.unsafe)
    assert target.read_bytes() == case.after.replace(b"import requests\n", b"import requests ;\n", 1)


def test_without_a_configured_formatter_the_fix_is_written_as_it_is(tmp_path):
    case = next(case for case in all_cases() if case.name == "bl001_json_and_unknown")
    target = prepare(case, tmp_path)
    fix(tmp_path, unsafe=case.unsafe)
    assert target.read_bytes() == case.after
    assert target.name == MODULE
