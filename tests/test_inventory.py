"""`boundlint inventory`: one row per tool, bounded or not and by what, with its budget."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from boundlint.cli.main import main
from tests.helpers import write_tree

REPO = Path(__file__).resolve().parent.parent
EXPECTED = Path(__file__).parent / "expected"
UPDATE = os.environ.get("BOUNDLINT_UPDATE_EXPECTED") == "1"

PROJECT = {
    "pyproject.toml": """
        [tool.boundlint]
        extend-checkpoints = ["app.limits.clip"]
    """,
    "app/__init__.py": "",
    "app/limits.py": """
        def clip(value: str, max_chars: int = 500) -> str:
            return value[: max_chars - 12] + " [truncated]" if len(value) > max_chars else value
    """,
    "app/models.py": """
        from pydantic import BaseModel, Field

        class Headline(BaseModel):
            title: str = Field(max_length=200)

        class Page(BaseModel):
            body: str
    """,
    "app/tools.py": '''
        import requests
        from boundlint_runtime import bounded, truncate_text
        from langchain_core.tools import tool

        from app.limits import clip
        from app.models import Headline, Page

        LIMIT = 6000


        @tool
        def raw_page(url: str) -> str:
            """Whole page."""
            resp = requests.get(url, timeout=10)
            return resp.text


        @tool
        def cut_page(url: str) -> str:
            """Page, cut."""
            return truncate_text(requests.get(url).text, max_chars=8000)


        @tool
        def cut_by_constant(url: str) -> str:
            """Page, cut to a module constant."""
            text = truncate_text(requests.get(url).text, LIMIT)
            return text


        @tool
        def clipped(url: str) -> str:
            """Page, clipped by the project checkpoint."""
            return clip(requests.get(url).text, 300)


        @tool
        @bounded(max_chars=4000)
        def decorated(url: str) -> str:
            """Bounded by the decorator."""
            return requests.get(url).text


        @tool
        def status(url: str) -> int:
            """HTTP status."""
            return requests.get(url).status_code


        @tool
        def headline(url: str) -> Headline:
            """A headline."""
            return Headline(title=requests.get(url).text)


        @tool
        def page(url: str) -> Page:
            """A page model."""
            return Page(body=requests.get(url).text)


        @tool
        def head(url: str) -> str:
            """First bytes."""
            return requests.get(url).text[:500]


        @tool
        def trusted(url: str) -> str:
            """Accepted as small."""
            return requests.get(url).text  # boundlint: ignore[BL001]
    ''',
}


def inventory(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(["inventory", *argv])
    return status, capsys.readouterr().out


@pytest.fixture
def rows(tmp_path, monkeypatch, capsys) -> dict[str, dict]:
    write_tree(tmp_path, PROJECT)
    monkeypatch.chdir(tmp_path)
    status, out = inventory(capsys, "app", "--output-format", "json")
    assert status == 0
    return {row["tool"]: row for row in json.loads(out)}


def test_one_row_per_tool_with_location_and_framework(rows):
    assert len(rows) == 10
    assert rows["raw_page"]["file"] == "app/tools.py" and rows["raw_page"]["line"] == 12
    assert rows["raw_page"]["framework"] == "langchain" and rows["raw_page"]["form"] == "@tool"


def test_unbounded_tool_says_what_it_returns_and_carries_its_finding(rows):
    row = rows["raw_page"]
    assert row["returns"] == ["the response body `resp.text`"]
    assert (row["bounded"], row["bounded_by"], row["budget"]) == ("no", ["nothing"], [])
    assert [(f["code"], f["line"]) for f in row["findings"]] == [("BL001", 15)]


@pytest.mark.parametrize(
    "tool, bounded_by, budget",
    [
        ("cut_page", ["checkpoint `truncate_text`"], ["max_chars=8000"]),
        ("cut_by_constant", ["checkpoint `truncate_text`"], ["max_chars=6000 (LIMIT)"]),
        ("clipped", ["checkpoint `clip`"], ["max_chars=300"]),
        ("decorated", ["@bounded decorator"], ["max_chars=4000"]),
        ("status", ["annotation `-> int`"], []),
        ("headline", ["model contract `Headline`"], []),
    ],
)
def test_bounded_tools_name_what_bounds_them_and_the_budget(rows, tool, bounded_by, budget):
    row = rows[tool]
    assert row["bounded"] == "yes" and row["findings"] == []
    assert row["bounded_by"] == bounded_by
    assert row["budget"] == budget


def test_a_decorated_tool_still_says_what_it_returns(rows):
    assert rows["decorated"]["returns"] == ["the response body `requests.get(url).text`"]


def test_contract_findings_are_attached_to_the_tool_returning_the_model(rows):
    row = rows["page"]
    assert row["bounded"] == "no"
    assert [f["code"] for f in row["findings"]] == ["BL001"]
    assert [(f["code"], f["symbol"]) for f in row["contract_findings"]] == [("BL002", "Page.body")]


def test_silent_cut_and_suppressed_tools_are_told_apart(rows):
    assert rows["head"]["bounded"] == "cut silently"
    assert [f["code"] for f in rows["head"]["findings"]] == ["BL004"]
    assert rows["trusted"]["bounded"] == "no" and rows["trusted"]["findings"] == []
    assert rows["trusted"]["bounded_by"] == ["nothing (finding suppressed inline)"]


def test_a_tool_handed_over_in_one_module_keeps_the_framework_its_decorator_says(tmp_path, monkeypatch, capsys):
    """`llm.bind_tools([get_news])` on a model the checker cannot type, in a module sorted before
    the one where `@tool` made `get_news`: the row says LangChain, where it is handed over."""
    files = {
        "agents/analyst.py": (
            "from tools.news import get_news\n\ndef make(llm):\n    return llm.bind_tools([get_news])\n"
        ),
        "tools/news.py": (
            "import requests\nfrom langchain_core.tools import tool\n\n"
            '@tool\ndef get_news(q: str) -> str:\n    """News."""\n    return requests.get(q).text\n'
        ),
    }
    write_tree(tmp_path, files)
    monkeypatch.chdir(tmp_path)
    status, out = inventory(capsys, ".", "--output-format", "json")
    found = {row["tool"]: (row["framework"], row["form"]) for row in json.loads(out)}
    assert status == 0 and found == {"get_news": ("langchain", ".bind_tools(tools)")}


def test_markdown_is_a_table_with_a_summary(tmp_path, monkeypatch, capsys):
    write_tree(tmp_path, PROJECT)
    monkeypatch.chdir(tmp_path)
    status, out = inventory(capsys, "app", "--output-format", "markdown")
    lines = out.splitlines()
    assert status == 0
    assert lines[0].startswith("| Tool | Framework |") and lines[1].startswith("|---|")
    assert len([line for line in lines if line.startswith("| ")]) == 11  # header and 10 tools
    assert lines[-1] == "10 tools: 6 bounded, 3 unbounded, 1 cut silently; 3 with findings."


def test_missing_path_and_bad_config_exit_2(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["inventory", "nope"]) == 2
    (tmp_path / "pyproject.toml").write_text("[tool.boundlint]\nselekt = []\n", encoding="utf-8")
    assert main(["inventory", "."]) == 2
    assert "unknown key 'selekt'" in capsys.readouterr().err


@pytest.mark.parametrize(
    "output_format, expected", [("table", "inventory_fixtures.txt"), ("markdown", "inventory_fixtures.md")]
)
def test_fixtures_project_inventory_matches_expected_table(output_format, expected, monkeypatch, capsys):
    """`boundlint inventory fixtures` from the repository root (BOUNDLINT_UPDATE_EXPECTED=1 rewrites).
    Output to no terminal: the whole table (pytest-xdist's workers set COLUMNS)."""
    monkeypatch.chdir(REPO)
    monkeypatch.delenv("COLUMNS", raising=False)
    status, out = inventory(capsys, "fixtures", "--output-format", output_format)
    assert status == 0
    if UPDATE:
        (EXPECTED / expected).write_text(out, encoding="utf-8")
    assert out == (EXPECTED / expected).read_text(encoding="utf-8")


def test_the_table_fits_the_terminal_and_markdown_stays_full():
    import os
    import subprocess
    import sys

    def inventory(*args: str) -> str:
        env = {**os.environ, "COLUMNS": "100"}
        command = [sys.executable, "-m", "boundlint", "inventory", "fixtures", *args]
        return subprocess.run(command, capture_output=True, text=True, env=env, cwd=REPO, check=False).stdout

    table = inventory().splitlines()
    assert max(len(line) for line in table) <= 100
    assert table[0].split() == ["Tool", "Returns", "Bounded", "Findings"]  # the columns given up last
    markdown = inventory("--output-format", "markdown")
    assert "Declared as" in markdown and "Framework" in markdown
