"""Research tools (LangChain)."""

from __future__ import annotations

import json
import subprocess

import requests
from langchain_core.tools import BaseTool, tool


@tool
def fetch_page(url: str) -> str:
    """Fetch a web page."""
    resp = requests.get(url, timeout=10)
    return resp.text  # the whole body


@tool
async def run(cmd: str):
    """Run a command (no annotation: the f-string says it is text)."""
    out = subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout
    return f"$ {cmd}\n{out}"


@tool
def dump(table: str) -> str:
    """A JSON dump, returned over several lines."""
    rows = requests.get(f"https://db.example/{table}").json()
    return (
        json.dumps(rows)
    )


class FetchTool(BaseTool):
    name: str = "fetch"
    description: str = "Fetch a URL."

    def _run(self, url: str) -> str:
        if not url:
            return "no url"
        return requests.get(url).text
