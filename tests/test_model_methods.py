"""A method of a Pydantic model or dataclass of the tree, called on an instance the tool builds
(`Result(data=...).to_dict()`, `Result.ok(...).to_dict()`): its fields hold what the construction
gave them, not what their types allow."""

from __future__ import annotations

import textwrap

import pytest

from tests.helpers import run_tree

MODELS = """
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field


class Result(BaseModel):
    status: str = "success"
    data: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def ok(cls, **data: Any) -> Result:
        return cls(status="success", data=data)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"status": self.status}
        for key, value in self.data.items():
            out[key] = value
        return out


@dataclass(frozen=True)
class Envelope:
    success: bool
    data: Any = None

    def to_json(self) -> str:
        return json.dumps({"success": self.success, "data": self.data}, default=str)
"""

TOOL = """
import requests
from langchain_core.tools import tool
from app.models import Envelope, Result


@tool
def lookup(url: str, name: str) -> str:
    \"\"\"A tool.\"\"\"
{body}
"""


def findings(tmp_path, body: str) -> list[tuple[str, str, str]]:
    files = {
        "app/__init__.py": "",
        "app/models.py": MODELS,
        "app/tools.py": TOOL.format(body=textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 4)),
    }
    result = run_tree(tmp_path, files, min_confidence="low")
    assert result.errors == []
    return [
        (f.code, f.confidence, f.message) for f in result.findings if f.code.startswith("BL00") and f.code != "BL003"
    ]


@pytest.mark.parametrize(
    "body",
    [
        "return Result(status='found', data={'name': name}).to_dict()",
        "return Result.ok(name=name, count=3).to_dict()",  # a named constructor's `**data`
        "result = Result.ok(name=name)\nreturn result.to_dict()",
        "return Envelope(success=True, data={'name': name}).to_json()",
    ],
)
def test_a_method_of_an_instance_built_from_small_values_is_small(tmp_path, body):
    assert findings(tmp_path, body) == []


@pytest.mark.parametrize(
    "body",
    [
        "return Result(status='found', data={'page': requests.get(url).text}).to_dict()",
        # a dataclass envelope hid what it wraps: now the payload is named
        "return Envelope(success=True, data=requests.get(url).json()).to_json()",
    ],
)
def test_a_method_of_an_instance_built_from_a_large_value_names_that_value(tmp_path, body):
    [(code, _, message)] = findings(tmp_path, body)
    assert code == "BL001" and "requests.get(url)" in message
