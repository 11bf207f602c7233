"""A pandas DataFrame or Series as the model receives it: its text is what pandas' display
options let through (60 rows at most, 20 columns, 50 characters a cell), its exports all of it."""

from __future__ import annotations

import textwrap

import pytest

from boundlint.analyse.dataflow import FunctionEvaluator
from tests.helpers import run_tree

TOOLS = """
import pandas as pd
import requests
from langchain_core.tools import tool


def load(url: str) -> pd.DataFrame:
    return pd.read_csv(url)


@tool
def table(url: str, team: str) -> str:
    \"\"\"A table.\"\"\"
{body}
"""


def flagged(tmp_path, body: str) -> list[str]:
    source = TOOLS.format(body=textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 4))
    result = run_tree(tmp_path, {"tools.py": source}, min_confidence="low")
    assert result.errors == []
    return [f.confidence for f in result.findings if f.code == "BL001"]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # the frame itself, its `str()` or an f-string of it: pandas' display options cut the text
        ("return pd.read_csv(url)", []),
        ("return str(pd.read_csv(url).sort_values('price'))", []),
        ("df = pd.DataFrame(requests.get(url).json())\nreturn f'Rows:\\n{df[df[\"team\"] == team]}'", []),
        ("return repr(pd.read_json(url).groupby('team').sum())", []),
        ("return str(load(url).sort_values('price'))", []),  # a function of the tree that gives one
        # its exports are all of it
        ("return pd.read_csv(url).to_csv()", ["high"]),
        ("return str(pd.read_json(url).to_dict(orient='records'))", ["medium"]),
        ("return load(url).to_string()", ["high"]),
        ("return '\\n'.join(pd.read_csv(url)['description'])", ["medium"]),
        # a frame on one path only: the other path's text is whole
        ("if team:\n    return str(pd.read_csv(url))\nreturn requests.get(url).text", ["high"]),
    ],
)
def test_a_frames_text_is_bounded_by_pandas_and_its_exports_are_not(tmp_path, body, expected):
    assert flagged(tmp_path, body) == expected


def test_a_chain_of_calls_is_read_once_per_link(tmp_path, monkeypatch):
    # `query.filter(...).filter(...)...`: whether each link gives a frame is asked of the link below
    # as it was read, not by reading the chain below again (which doubled the work at each link).
    reads = []
    original = FunctionEvaluator._call

    def counted(self, expr, env):
        reads.append(expr)
        return original(self, expr, env)

    monkeypatch.setattr(FunctionEvaluator, "_call", counted)
    links = "".join(f".filter(Item.x{i} == q)" for i in range(12))
    source = (
        "from langchain_core.tools import tool\nfrom db import session, Item\n\n@tool\n"
        f'def find(q: str) -> str:\n    """Find."""\n    return str(session.query(Item){links}.all())\n'
    )
    run_tree(tmp_path, {"tools.py": source})
    assert len(reads) < 60  # one read per link and a few more (15), not 2 ** 12
