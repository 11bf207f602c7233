"""How sure a BL001 finding is: `high` for a known source, `medium` for an unknown value whose
name says it is content, `low` (reported only when asked for) for an unknown value named
otherwise and for what a tool named for an action or a calculation answers with."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from tests.helpers import run_tree, write_tree

TOOL = """
import json
import requests
from langchain_core.tools import tool
from somelib import make_client, Board

@tool
def {name}(q: str) -> str:
    \"\"\"A tool.\"\"\"
{body}
"""


def confidence_of(tmp_path, body: str, name: str = "lookup") -> list[str]:
    source = TOOL.format(name=name, body=textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 4))
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert result.errors == []
    return [f.confidence for f in result.findings if f.code == "BL001"]


CASES = {
    # a known source
    "a response body": ("return requests.get(q).text", "high"),
    "a response of a client": ("with requests.Session() as s:\n    return s.get(q).text", "high"),
    "a response by its name": ("resp = make_client().fetch(q)\nreturn resp.text", "high"),
    "the json of a response by its name": (
        "api_response = make_client().fetch(q)\nreturn str(api_response.json())",
        "high",
    ),
    # `.text` of anything else is content by its name only
    "the text of a slide run": ("run = make_client().connect(q)\nreturn run.text", "medium"),
    "the json of an unknown object": ("return str(Board(q).json())", "low"),
    # unknown calls, judged by their name or what they are given
    "an unknown search": ("return str(make_client().search(q))", "medium"),
    "an unknown read of items": ("return json.dumps(make_client().get_items(q))", "medium"),
    "a plural attribute": ("return str(make_client().connect(q).paragraphs)", "medium"),
    "an unknown call given a page": ("return str(make_client().shrink(requests.get(q).text, 2))", "medium"),
    "an unknown name": ("return str(Board(q).piece_name(1))", "low"),
    "an unknown singular attribute": ("return str(make_client().connect(q).subject)", "low"),
    "a dispatch through a table": ("return str({'a': len}[q](q))", "low"),
    # a few items asked for
    "a search for five": ("return str(make_client().search(q, limit=5))", "low"),
    "a search for fifty": ("return str(make_client().search(q, limit=50))", "medium"),
    # a conversion keeps what it converts
    "a conversion of a search": ("return json.dumps(make_client().search(q).to_simplified_dict())", "medium"),
    # of two unknown parts, the surer one is named
    "a join of a low and a medium part": (
        "c = make_client()\nreturn f'{c.piece_name(1)} {c.search(q)}'",
        "medium",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_confidence_of_an_unknown_value(tmp_path, name):
    body, expected = CASES[name]
    assert confidence_of(tmp_path, body) == [expected]


@pytest.mark.parametrize(
    ("tool_name", "expected"),
    [
        ("create_issue", ["medium"]),  # an action: its answer is most often a confirmation
        ("delete_file", ["medium"]),  # an undoing verb, whatever its object
        ("calculate_total", ["medium"]),  # a calculation
        ("issue_details", ["high"]),  # a read named by its noun
        ("update_page", ["high"]),  # the page written may come back whole
        ("add_documents", ["medium"]),  # taken in: the answer does not carry them back
        ("milvus_insert_data", ["medium"]),  # after a product's prefix
        ("chroma_get_documents", ["high"]),
    ],
)
def test_a_tool_named_for_an_action_or_a_calculation_is_one_level_lower(tmp_path, tool_name, expected):
    assert confidence_of(tmp_path, "return requests.post(q).text", name=tool_name) == expected


def test_an_unknown_value_in_an_action_tool_is_low(tmp_path):
    assert confidence_of(tmp_path, "return str(make_client().search(q))", name="create_issue") == ["low"]


def _check(cwd, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boundlint", "check", ".", "--no-cache", "--output-format", "json", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )


def test_low_findings_are_reported_only_when_asked_for(tmp_path):
    write_tree(tmp_path, {"tools.py": TOOL.format(name="lookup", body="    return str(Board(q).piece_name(1))")})
    default = _check(tmp_path)
    assert (default.returncode, json.loads(default.stdout)) == (0, [])
    asked = _check(tmp_path, "--min-confidence", "low")
    assert asked.returncode == 1
    assert [(f["code"], f["confidence"]) for f in json.loads(asked.stdout)] == [("BL001", "low")]


def test_min_confidence_low_in_the_configuration(tmp_path):
    write_tree(
        tmp_path,
        {
            "pyproject.toml": '[tool.boundlint]\nmin-confidence = "low"\n',
            "tools.py": TOOL.format(name="lookup", body="    return str(Board(q).piece_name(1))"),
        },
    )
    assert [f["confidence"] for f in json.loads(_check(tmp_path).stdout)] == ["low"]


@pytest.mark.parametrize("path", ["tests/test_agent.py", "test/tools.py", "pkg/test_tools.py", "conftest.py"])
def test_a_tool_of_a_test_module_is_low(tmp_path, path):
    write_tree(tmp_path, {path: TOOL.format(name="lookup", body="    return requests.get(q).text")})
    result = run_tree(tmp_path, {}, min_confidence="low")
    assert [(f.code, f.confidence) for f in result.findings] == [("BL001", "low")]


def test_a_contract_of_a_test_module_is_low(tmp_path):
    source = """
from pydantic import BaseModel
from mcp.server.fastmcp import FastMCP
import requests

mcp = FastMCP("t")

class Page(BaseModel):
    body: str

@mcp.tool()
def page(url: str) -> Page:
    return Page(body=requests.get(url).text[:100])
"""
    for path, expected in (("server.py", "high"), ("tests/test_server.py", "low")):
        result = run_tree(tmp_path / path.replace("/", "_"), {path: source}, min_confidence="low")
        assert [(f.code, f.confidence) for f in result.findings if f.code == "BL002"] == [("BL002", expected)]


HELPER = """
import requests
from langchain_core.tools import tool
from somelib import shorten

def clip(text):
    return shorten(text)

@tool
def echo(q: str) -> str:
    \"\"\"A tool.\"\"\"
    return clip(q)

@tool
def page(q: str) -> str:
    \"\"\"A tool.\"\"\"
    return clip(requests.get(q).text)
"""


def test_an_unknown_function_in_a_helper_is_as_large_as_what_each_caller_gives_it(tmp_path):
    result = run_tree(tmp_path, {"tools.py": HELPER}, min_confidence="low")
    assert [(f.symbol, f.confidence) for f in result.findings] == [("page", "high")]


AGENTS = """
from pydantic import BaseModel
from agents import Agent

class LaneResult(BaseModel):
    summary: str
    evidence_files: list[str]

class Report(BaseModel):
    title: str
    body: str

def build_lane(name: str) -> Agent:
    return Agent(name=name, instructions="Run the lane.", output_type=LaneResult)

lane = build_lane("a")
writer = Agent(name="writer", instructions="Write.", output_type=Report)
coordinator = Agent(
    name="c",
    tools=[
        lane.as_tool(tool_name="run_lane", tool_description="Run a lane."),
        writer.as_tool(tool_name="write_report", tool_description="Write a report."),
    ],
)
"""


def test_an_agent_tool_with_short_fields_is_low_and_its_factory_is_followed(tmp_path):
    result = run_tree(tmp_path, {"agents_app.py": AGENTS}, min_confidence="low")
    found = {f.symbol: (f.confidence, f.message) for f in result.findings if f.code == "BL001"}
    assert found["run_lane"][0] == "low"
    assert "`LaneResult`, short fields" in found["run_lane"][1]  # the factory's Agent(...) was found
    assert found["write_report"][0] == "medium"  # a body of free text
