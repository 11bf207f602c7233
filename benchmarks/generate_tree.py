"""Generate a synthetic agent code base of N modules, for tests and benchmarks.

Most modules are ordinary application code (no tools), as in a real monorepo;
some define tools across frameworks, registered in other modules, with
helpers, Pydantic contracts and truncation code of both kinds.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

PLAIN = '''"""Ordinary application code {n}."""
import json
import os


def load_settings_{n}(path):
    with open(path) as handle:
        return json.load(handle)


def format_row_{n}(row):
    return ", ".join(str(value) for value in row)


class Service{n}:
    def __init__(self, name):
        self.name = name

    def describe(self):
        return f"service {{self.name}} in {{os.getcwd()}}"
'''

HELPER = '''"""Helpers {n}."""
import requests


def get_text_{n}(url):
    return requests.get(url, timeout=10).text


def clip_{n}(text):
    if len(text) > 500:
        return text[:500] + "... [truncated]"
    return text
'''

TOOLS = '''"""Tools {n}."""
from langchain_core.tools import tool
from mcp.server.fastmcp import FastMCP
from pydantic import BaseModel, Field
from boundlint_runtime import truncate_text

from {package}.helpers_{h} import get_text_{h}, clip_{h}

mcp = FastMCP("server-{n}")


class Result{n}(BaseModel):
    title: str = Field(max_length=200)
    body: str
    passages: list[str]


@tool
def fetch_{n}(url: str) -> str:
    """Fetch a page."""
    return get_text_{h}(url)


@tool
def fetch_safe_{n}(url: str) -> str:
    """Fetch a page, bounded."""
    return truncate_text(get_text_{h}(url), max_chars=4000)


@mcp.tool()
def summary_{n}(url: str) -> Result{n}:
    return Result{n}(title=url, body=get_text_{h}(url), passages=[])


@mcp.tool()
def head_{n}(url: str) -> str:
    return get_text_{h}(url)[:1000]


@mcp.tool()
def teaser_{n}(url: str) -> str:
    return clip_{h}(get_text_{h}(url))


def unsafe_{n}(raw: bytes) -> str:
    return raw[:100].decode("utf-8")
'''

AGENT = '''"""Agent {n}."""
from google.adk.agents import Agent

from {package}.plain_{p} import format_row_{p}, load_settings_{p}


def lookup_{n}(key: str) -> str:
    return format_row_{p}(load_settings_{p}(key))


agent_{n} = Agent(name="agent_{n}", model="gemini", tools=[lookup_{n}])
'''


def generate(root: Path, modules: int, seed: int = 0, package: str = "app") -> None:
    rng = random.Random(seed)
    base = root / package
    base.mkdir(parents=True, exist_ok=True)
    (base / "__init__.py").write_text("")
    helpers = max(1, modules // 20)
    for n in range(helpers):
        (base / f"helpers_{n}.py").write_text(HELPER.format(n=n))
    plain = max(1, modules - helpers - 2 * (modules // 10))
    for n in range(plain):
        (base / f"plain_{n}.py").write_text(PLAIN.format(n=n))
    for n in range(modules // 10):
        h = rng.randrange(helpers)
        (base / f"tools_{n}.py").write_text(TOOLS.format(n=n, h=h, package=package))
        (base / f"agent_{n}.py").write_text(AGENT.format(n=n, p=rng.randrange(plain), package=package))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", type=Path)
    parser.add_argument("--modules", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    generate(args.root, args.modules, args.seed)


if __name__ == "__main__":
    main()
